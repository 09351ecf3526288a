//! The deployed web app version (`version` area: 01 §7).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `GET /version.json`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct VersionInfo {
    pub version: String,
}
