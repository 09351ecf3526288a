//! The load tool's setup calls (not a spec area).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `POST /api/admin/loadtest/users`: make (or reuse) load-test accounts `{prefix}{n}@load.eduhub`
/// for n in `start..start+count`, each with a fresh session.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoadUsersRequest {
    #[serde(default)]
    #[ts(optional)]
    pub start: Option<i64>,
    pub count: i64,
    #[serde(default)]
    #[ts(optional)]
    pub prefix: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoadUser {
    pub user_id: i64,
    pub email: String,
    pub token: String,
}

/// One probe to push to each listed load-test account.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoadPushItem {
    pub user_ids: Vec<i64>,
    pub payload: serde_json::Value,
}

/// `POST /api/admin/loadtest/push`: targeted pushes (one user per item) and broadcasts (many).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoadPushRequest {
    pub items: Vec<LoadPushItem>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoadPushResult {
    /// Pushes stored and sent (one per user per item).
    pub accepted: i64,
}

/// `POST /api/admin/loadtest/documents`: co-edited documents (handouts) with the given editors.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoadDocumentsRequest {
    /// For each document to create, the load-test accounts that may edit it.
    pub docs: Vec<Vec<i64>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoadDocumentsResult {
    /// The handout ids, in request order: rooms `/collab/handout/{id}`.
    pub doc_ids: Vec<i64>,
}
