//! Libraries: save to knowledge base (`library` area: 03 §4, §7.1).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `library/saveToKnw`: copy a paper into the user's knowledge base (their drive), asynchronously.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SaveToKnwRequest {
    pub paper_id: i64,
}

/// A save-to-knowledge record: copyStatus 1 processing, 2 success, 3 failure (errorMsg).
/// Its end is pushed as `magic_002` (content: id = copyRecordId, fileStatus = copyStatus,
/// value = this record).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SaveToKnwRecord {
    pub copy_record_id: i64,
    pub paper_id: i64,
    pub paper_title: String,
    pub copy_status: i64,
    /// 1 once the user has seen the result.
    pub user_view: i64,
    pub error_msg: String,
    /// The drive resource made, on success.
    #[ts(optional)]
    pub resource_id: Option<i64>,
    pub create_time: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HaveProcessingRecord {
    pub have_processing_record: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SaveToKnwRecordList {
    pub record_list: Vec<SaveToKnwRecord>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UpdateUserViewedRequest {
    pub copy_record_id_list: Vec<i64>,
}

/// An outline by id with a status (`library/updateStatus`: 1 published to the lecture library).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LibraryStatusRequest {
    pub outline_id: i64,
    pub status: i64,
}

/// `POST /library/queryLibraryTreeList`: the lecture library of a subject and stage.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LibraryTreeRequest {
    pub subject: i64,
    pub stage: i64,
}

/// A node of the lecture library: a class type with its outlines.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LibraryTreeNode {
    pub key: String,
    pub name: String,
    pub outline_id: Option<i64>,
    #[schema(no_recursion)]
    pub children: Vec<LibraryTreeNode>,
}

/// `POST /library/transferSchoolInfo`: the schools whose library holds an outline (none: all).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LibrarySchoolsRequest {
    pub outline_id: i64,
    pub school_ids: Vec<i64>,
}

/// The lecture library page's layout for a user (`layoutSettings`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct LayoutSettings {
    /// `card` or `list`.
    pub view_mode: String,
    pub page_size: i64,
    /// `time` or `name`.
    pub sort_by: String,
}

impl Default for LayoutSettings {
    fn default() -> Self {
        LayoutSettings { view_mode: "card".into(), page_size: 20, sort_by: "time".into() }
    }
}

/// A lesson by id (`library/outline/content`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlineLessonIdRequest {
    pub lesson_id: i64,
}

/// `POST /library/outline/content`: a lesson with its unit and its handout's sections when the
/// caller may read the handout.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlineLessonContent {
    pub outline_id: i64,
    pub unit_title: String,
    pub lesson: crate::dto::outline::OutlineLesson,
    pub sections: Option<std::collections::BTreeMap<String, Vec<String>>>,
}

/// `POST /library/outline/config/update`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlineConfigUpdateRequest {
    pub outline_id: i64,
    pub config: crate::dto::outline::OutlineConfig,
}

/// `POST /library/outline/update`: the outline's units and lessons become these.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlineUpdateRequest {
    pub outline_id: i64,
    pub units: Vec<crate::dto::outline::OutlineUnitInput>,
}

/// `POST /library/outline/paper/update`: bind a handout to a lesson (none: unbind).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlinePaperUpdateRequest {
    pub lesson_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub paper_id: Option<i64>,
}

/// `POST /library/outline/download/submit`: an outline as a Word document, through the download centre.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlineDownloadRequest {
    pub outline_id: i64,
}

/// Audit states of a teaching resource offered to the school library.
pub const RESOURCE_AUDIT_NONE: i64 = 0;
pub const RESOURCE_AUDIT_PENDING: i64 = 1;
pub const RESOURCE_AUDIT_APPROVED: i64 = 2;
pub const RESOURCE_AUDIT_REFUSED: i64 = 3;

/// `POST /teachingResource/updateAuditStatus`: the owner offers a resource to the library (1) or
/// takes it back (0); a library editor approves (2) or refuses (3) an offered one.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ResourceAuditRequest {
    pub resource_id: i64,
    pub audit_status: i64,
    #[serde(default)]
    #[ts(optional)]
    pub note: Option<String>,
}

/// `GET /teachingResource/queryResourceInfo?resourceId=`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ResourceInfoQuery {
    pub resource_id: i64,
}

/// A teaching resource: an uploaded file, and its place in the library.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeachingResourceInfo {
    pub resource_id: i64,
    pub name: String,
    pub ext: String,
    pub file_class: String,
    pub size: i64,
    pub owner_name: String,
    pub is_owner: bool,
    pub audit_status: i64,
    pub audit_note: String,
    pub audit_time: i64,
    pub create_time: i64,
}
