//! The download centre: tasks, their queue and submissions (`download` area: 01 §3, §4, §7).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DownloadExtraInfo {
    pub resource_type: i64,
    pub ext: String,
}

/// A download task (01 §3).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DownloadTask {
    pub id: i64,
    pub file_name: String,
    /// Where to fetch the file once ready (status 3 or 4); empty before.
    pub file_path: String,
    pub file_path_version: i64,
    /// 1 waiting, 2 generating, 3 ready, 4 downloaded, 5 retry.
    pub file_status: i64,
    pub file_type: i64,
    pub business_id: String,
    pub file_size: i64,
    pub create_time_millis: i64,
    pub extra_info: DownloadExtraInfo,
    /// Why generation failed (status 5).
    pub error: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DownloadCheck {
    pub queue_count: i64,
    pub done_count: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QueueCount {
    pub queue_count: i64,
}

/// `POST /download/downloadList`: a page of the download history, optionally filtered by the
/// same fields the `downloadHistory` export takes in `reqParams`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DownloadListRequest {
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
    /// Part of the file name.
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
    /// Statuses to list (1–5); absent or empty lists every status.
    #[serde(default)]
    #[ts(optional)]
    pub file_status: Option<Vec<i64>>,
    /// Created at or after (epoch ms).
    #[serde(default)]
    #[ts(optional)]
    pub start_time: Option<i64>,
    /// Created before (epoch ms).
    #[serde(default)]
    #[ts(optional)]
    pub end_time: Option<i64>,
}

/// `download/paper/submit` and `download/library/submit`: render a paper as a Word document
/// (the default) or a PDF.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperDownloadRequest {
    pub paper_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub format: Option<PaperFileFormat>,
}

/// What a paper is rendered as.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum PaperFileFormat {
    #[default]
    Docx,
    Pdf,
}

impl PaperFileFormat {
    /// The file's extension.
    pub fn ext(self) -> &'static str {
        match self {
            PaperFileFormat::Docx => "docx",
            PaperFileFormat::Pdf => "pdf",
        }
    }
}

/// `download/teachingResource/submit`: a drive resource as a download.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ResourceDownloadRequest {
    pub resource_id: i64,
}

/// A download task was queued.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DownloadSubmitted {
    pub task_id: i64,
    pub queue_count: i64,
}

/// `GET /pdf/paper/config`: how papers are laid out as PDF pages.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PdfPaperConfig {
    pub page_size: String,
    /// Top, right, bottom, left, in millimetres.
    pub margins_mm: Vec<f64>,
    pub font_families: Vec<String>,
    pub default_font_size: f64,
    pub line_height: f64,
}

/// `GET /pdf/draw/config`: the pen of the drawing layer on a PDF page (corrections, notes).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PdfDrawConfig {
    pub colors: Vec<String>,
    pub widths: Vec<f64>,
    pub default_color: String,
    pub default_width: f64,
}
