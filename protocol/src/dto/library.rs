//! Libraries: save to knowledge base (`library` area: 03 §4, §7.1).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `library/saveToKnw`: copy a paper into the user's knowledge base (their drive), asynchronously.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SaveToKnwRequest {
    pub paper_id: i64,
}

/// A save-to-knowledge record: copyStatus 1 processing, 2 success, 3 failure (errorMsg).
/// Its end is pushed as `magic_002` (content: id = copyRecordId, fileStatus = copyStatus,
/// value = this record).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SaveToKnwRecord {
    pub copy_record_id: i64,
    pub paper_id: i64,
    pub paper_title: String,
    pub copy_status: i64,
    /// 1 once the user has seen the result.
    pub user_view: i64,
    pub error_msg: String,
    /// The drive resource made, on success.
    #[ts(optional)]
    pub resource_id: Option<i64>,
    pub create_time: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HaveProcessingRecord {
    pub have_processing_record: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SaveToKnwRecordList {
    pub record_list: Vec<SaveToKnwRecord>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UpdateUserViewedRequest {
    pub copy_record_id_list: Vec<i64>,
}
