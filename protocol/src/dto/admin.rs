//! The back office: publishing and withdrawing notices (not a spec area; `backstage_*` pushes).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `POST /admin/notice/publish`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PublishNoticeRequest {
    pub title: String,
    pub content: String,
    /// 1 popup (pushes backstage_001), 2 list (backstage_002), 7 (backstage_005).
    pub r#type: i64,
    #[serde(default)]
    pub roles: Vec<String>,
    #[serde(default)]
    pub emails: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PublishNoticeResult {
    pub id: i64,
    /// How many users the notice was addressed to.
    pub recipients: i64,
}

/// `POST /admin/notice/withdraw`: id -1 withdraws every notice.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WithdrawNoticeRequest {
    pub id: i64,
}
