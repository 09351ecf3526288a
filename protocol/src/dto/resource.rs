//! Drive resources and their upload and download links (`resource` area: 01 §4, §7; 03 §7.6).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `POST /resource/getUploadUrl`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UploadUrlRequest {
    #[serde(default)]
    #[ts(optional)]
    pub app_id: Option<String>,
    pub file_name: String,
}

/// A signed, expiring URL to `PUT` the file's bytes to.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UploadUrl {
    pub file_id: String,
    pub upload_url: String,
    pub file_name: String,
    pub expire_time: i64,
}

/// `GET /resource/getStorageCertificate`: a credential scoped to one sliced upload.
/// Slices go to `PUT {sliceUrl}/{index}` with headers `x-upload-token: sessionToken` and
/// `x-slice-sha256: <hex>`; `POST {sliceUrl}/complete` assembles them.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StorageCertificate {
    /// The upload's id (as `fileId`).
    pub tmp_secret_id: String,
    /// A one-off value in the spec's credential shape; the slice API signs nothing with it:
    /// `sessionToken` alone is the capability.
    pub tmp_secret_key: String,
    /// The signed, expiring capability for this upload's slices and completion.
    pub session_token: String,
    pub start_time: i64,
    pub expired_time: i64,
    /// Where the file is kept: the S3 bucket and region, or `eduhub` / `local` for the server's
    /// own directory.
    pub bucket_name: String,
    pub region: String,
    /// Every slice but the last is exactly this long (5242880).
    pub slice_size: i64,
    pub slice_url: String,
    pub file_id: String,
    pub file_name: String,
}

/// `POST /resource/save`: a finished upload becomes a drive resource.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ResourceSaveRequest {
    pub file_id: String,
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ResourceItem {
    pub id: i64,
    pub name: String,
    pub ext: String,
    /// image, document, video or audio.
    pub class: String,
    pub size: i64,
    pub create_time: i64,
}

/// `POST /resource/getDownloadUrl`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DownloadUrl {
    pub url: String,
    pub expire_time: i64,
}

/// `GET /resource/getStorageCertificate?fileName=`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CertificateQuery {
    #[serde(default)]
    #[ts(optional)]
    pub file_name: Option<String>,
}

/// `POST /roombox/media/getPlayToken`: a signed token a player plays the media with.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlayToken {
    pub media_id: i64,
    pub token: String,
    pub expire_time: i64,
}

/// `POST /roombox/media/getPlayUrl`: where to stream the media from (inline, Range supported),
/// and where the caller stopped last.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlayUrl {
    pub media_id: i64,
    pub url: String,
    pub expire_time: i64,
    pub file_name: String,
    pub class: String,
    /// Seconds, from the caller's play record.
    pub last_position: Option<f64>,
    pub duration: Option<f64>,
}

/// `?token=` of the play stream.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlayQuery {
    #[serde(default)]
    #[ts(optional)]
    pub token: Option<String>,
}

/// `POST /media/play-record`: where the caller is in a media file (seconds).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlayRecordRequest {
    pub media_id: i64,
    pub position: f64,
    #[serde(default)]
    #[ts(optional)]
    pub duration: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlayRecord {
    pub media_id: i64,
    pub position: f64,
    pub duration: Option<f64>,
    /// How many times a play was recorded from (near) the start.
    pub play_count: i64,
    pub updated_at: i64,
}
