//! Upload helpers: sliced uploads, media upload links, documents to resources (`upload` area: 01 §4, §5, §7).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `POST {sliceUrl}/complete`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SliceCompleteRequest {
    pub total_slices: i64,
    pub size: i64,
    /// SHA-256 (hex) of the whole file.
    pub sha256: String,
}

/// A finished upload.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UploadedFile {
    pub file_id: String,
    pub file_name: String,
    pub size: i64,
    pub sha256: String,
}

/// `POST /resource/getMediaUploadUrl`: like `getUploadUrl`, for media (video, audio, images).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MediaUploadUrlRequest {
    pub file_name: String,
    /// `video`, `audio` or `image`: when given, the file must be of that class.
    #[serde(default)]
    #[ts(optional)]
    pub file_type: Option<String>,
}

/// `POST /resource/saveDocToResource`: a finished upload (docKey = its fileId) becomes a resource.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SaveDocToResourceRequest {
    #[serde(default)]
    #[ts(optional)]
    pub app_id: Option<String>,
    pub doc_key: String,
    pub file_size: i64,
    pub file_name: String,
}

/// `?expires=&sig=`: a signed link's expiry (epoch s) and signature.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct SignedQuery {
    #[serde(default)]
    #[ts(optional)]
    pub expires: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub sig: Option<String>,
}

/// `POST /cos/upload?fileName=`: a file's bytes uploaded through the server in one request.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CosUploadQuery {
    #[serde(default)]
    #[ts(optional)]
    pub file_name: Option<String>,
}
