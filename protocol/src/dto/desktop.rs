//! The desktop client (`desktop` area, 01 §7, 03 §7.12): the calls the web makes to the desktop
//! client on this computer (localhost, port from the query `electronPort`, default 5657) — they
//! belong to the desktop client, the web only makes them — and the server's version check.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// How long `suspendedDownload` may take (ms).
pub const DESKTOP_SUSPEND_TIMEOUT_MS: u64 = 6000;

/// The local calls, with the spec row each is (the web's bridge makes exactly these).
pub const DESKTOP_LOCAL_CALLS: [(&str, &str, &str); 8] = [
    ("S093", "GET", "/openFileDirectory"),
    ("S094", "GET", "/openMyFileDirectory"),
    ("S095", "GET", "/loginMessage"),
    ("S096", "GET", "/dowmLoadId"),
    ("S097", "GET", "/choseChildrenWin"),
    ("S098", "POST", "/uploadImg"),
    ("S099", "GET", "/suspendedDownload"),
    ("S100", "GET", "/deleteDowncenterList"),
];

/// `GET /desktop/version?current=`: whether the desktop client should be upgraded.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DesktopVersion {
    pub current: String,
    pub latest: String,
    pub minimum: String,
    /// Older than the minimum: features such as copying an image are refused until upgraded.
    pub upgrade_required: bool,
    /// Older than the latest.
    pub upgrade_available: bool,
    pub download_url: String,
}

/// The query of `GET /desktop/version`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DesktopVersionQuery {
    /// The desktop client's version (`1.2.3`); absent for clients that predate the check.
    #[serde(default)]
    pub current: String,
}
