//! The server's own calls: health (not a spec area).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `GET /healthz`: 200 when the database answers, else 503.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Health {
    /// "ok" or "degraded".
    pub status: String,
    pub database: bool,
    /// "in-process" or "redis".
    pub bus: String,
}
