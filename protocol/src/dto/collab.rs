//! Co-editing: document members and their rights (03 §3, §7.4).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// A co-edited document's member (the owner is not listed).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DocMember {
    pub email: String,
    pub name: String,
    pub can_edit: bool,
}

/// `POST /collab/member/save` and `/collab/member/remove`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DocMemberRequest {
    /// `feedback` or `handout`.
    pub doc_type: String,
    pub id: i64,
    pub email: String,
    /// For `save`: edit (true) or read only (false).
    #[serde(default)]
    #[ts(optional)]
    pub can_edit: Option<bool>,
}

/// `?docType=&id=`: a co-edited document (`feedback` or `handout`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DocQuery {
    pub doc_type: String,
    pub id: i64,
}
