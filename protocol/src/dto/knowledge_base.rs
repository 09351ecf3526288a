//! The knowledge-base service: documents and media made from uploads (`knowledge-base` area: 03 §7.6).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `POST /doc/create` and `/media/create`: a finished upload becomes a knowledge-base document
/// (documents) or media item (video, audio, images).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeItemCreateRequest {
    pub file_id: String,
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
}

/// The media download-url call: a signed URL of one of the caller's resources.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MediaDownloadUrlRequest {
    pub file_id: i64,
}

/// `POST /category/resource/save/knowledge/base`: files of one of the caller's camps (some of its
/// tasks, or all of them when `taskIds` is empty) saved into the caller's drive.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CategoryResourceSaveRequest {
    pub camp_id: i64,
    #[serde(default)]
    pub task_ids: Vec<i64>,
}

/// `POST /collection/save/knowledge/base`: the files of every camp of a collection.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CollectionSaveRequest {
    pub collection_id: i64,
}

/// `POST /category/resource/save/knowledge/base/status`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SaveRecordRequest {
    pub record_id: i64,
}

/// A save into the drive: what it saved (new drive resources) and skipped (already there).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeSaveRecord {
    pub record_id: i64,
    /// 2 saved (saves are done when the call answers: the files are shared, not copied).
    pub status: i64,
    pub saved_count: i64,
    pub skipped_count: i64,
    pub resource_ids: Vec<i64>,
    pub created_at: i64,
}
