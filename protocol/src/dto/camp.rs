//! Learning camps: phase tasks made from uploads (`camp` area: 03 §4, §7.6).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// One task to add to a camp phase: `bizId` is the uploaded file (a fileId or resource id).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PhaseTaskItem {
    pub biz_id: String,
    pub task_name: String,
    pub ext: String,
    pub task_type: i64,
}

/// `POST /camp/add-phase-task` (addPhaseTask). Without a camp and phase nothing is added.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AddPhaseTaskRequest {
    #[serde(default)]
    #[ts(optional)]
    pub camp_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub phase_id: Option<i64>,
    pub task_list: Vec<PhaseTaskItem>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PhaseTask {
    pub task_id: i64,
    pub camp_id: i64,
    pub phase_id: i64,
    pub biz_id: String,
    pub task_name: String,
    pub ext: String,
    pub task_type: i64,
}

/// `POST /camp/update-task-bizId` (updateTaskBizId): a retried upload's new file for its task.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UpdateTaskBizIdRequest {
    pub task_id: i64,
    pub biz_id: String,
}
