//! Excel exports of report queries (`export` area: 01 §7, 02 §7.9).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `POST /producer_api/submitExcelTask` (and `submitTask`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExcelTaskRequest {
    /// 3 (xlsx) by default.
    #[serde(default)]
    #[ts(optional)]
    pub file_type: Option<i64>,
    /// The report query: `downloadHistory`, `notices`, or a data-centre report
    /// (`attendanceClass`, `attendanceVip`, `refundClass`, `refundVip`, `vipStudents`).
    pub excel_type: String,
    #[serde(default)]
    #[ts(optional)]
    pub business_type: Option<String>,
    /// The file's name (without extension).
    pub business_name: String,
    /// The report's filters: `downloadHistory` takes keyword, startTime, endTime, fileStatus
    /// (as in `DownloadListRequest`); `notices` takes keyword, startTime, endTime, type and
    /// readStatus (0 unread, 1 read); data-centre reports take their screen's `DcSearch`, whose
    /// `columns` choose and order the columns written. Anything else is refused.
    #[serde(default)]
    #[ts(optional)]
    pub req_params: Option<serde_json::Value>,
}
