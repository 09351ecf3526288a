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

/// `POST /api/admin/records/import/{kind}`: what an import of source records did. Good rows are
/// stored together; a bad row is stored not at all and listed with its line and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportResult {
    /// `lessons`, `attendance` or `refunds`.
    pub kind: String,
    /// Data rows read (the header not counted).
    pub total: i64,
    pub stored: i64,
    pub errors: Vec<ImportRowError>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportRowError {
    /// The line in the file (the header is line 1).
    pub line: i64,
    pub reason: String,
}
