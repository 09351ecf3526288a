//! The knowledge atlas (`atlas` area: 03 §7.1).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `POST /atlas/tree`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasTreeRequest {
    pub subject: i64,
    pub stage: i64,
}

/// A knowledge-atlas node with its children.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasNodeView {
    pub id: i64,
    pub tree_id: i64,
    pub parent_id: i64,
    pub name: String,
    pub summary: String,
    #[schema(no_recursion)]
    pub children: Vec<AtlasNodeView>,
}
