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
