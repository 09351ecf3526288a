//! Dictionaries (`dict` area, 02 §7.1): the option lists the data-centre filters offer.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::common::CodeName;

/// `GET /dict/prepare`: the option lists of the data-centre filters (02 §3.1). Codes are
/// strings here; the search sends them back as numbers where its field is numeric.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DictPrepare {
    pub subjects: Vec<CodeName>,
    pub product_types: Vec<CodeName>,
    pub manage_projects: Vec<CodeName>,
    pub project_groups: Vec<CodeName>,
    pub lesson_during_times: Vec<CodeName>,
    pub teacher_teach_times: Vec<CodeName>,
    pub attendance_statuses: Vec<CodeName>,
    pub leave_statuses: Vec<CodeName>,
    pub lesson_types: Vec<CodeName>,
    pub refund_reason_types: Vec<CodeName>,
    pub quarters: Vec<CodeName>,
    pub data_time_types: Vec<CodeName>,
    pub score_bands: Vec<CodeName>,
    pub yes_no: Vec<CodeName>,
    /// Lesson preparation: why resources were not collected back (`noRecycleCauseTypes`).
    pub no_recycle_causes: Vec<CodeName>,
    /// Platform usage: the class-side views (`usageType`).
    pub usage_types: Vec<CodeName>,
}

/// A grade of `GET /dict/jw/grade`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct GradeItem {
    pub grade_code: i64,
    pub grade_name: String,
    /// 2 primary, 3 junior high, 4 senior high.
    pub stage: i64,
}

/// `?schoolId=` of `GET /school/areaListBySchoolId`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SchoolIdQuery {
    /// -1 or absent: the areas of every school the caller may see.
    #[serde(default)]
    #[ts(optional)]
    pub school_id: Option<i64>,
}

/// An area (teaching site) of a school.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AreaItem {
    pub area_code: String,
    pub area_name: String,
    pub school_id: i64,
    pub school_name: String,
}

/// `POST /dic/queryBaseDicInfo`: the codes the content pages use.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BaseDicInfo {
    pub subjects: Vec<CodeName>,
    pub stages: Vec<CodeName>,
    pub question_types: Vec<CodeName>,
    pub difficulties: Vec<CodeName>,
    pub atlas_types: Vec<CodeName>,
}

/// `GET /dic/knowledgeMap/queryBaseDict`: the codes of the knowledge-map pages.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeMapBaseDict {
    pub atlas_types: Vec<CodeName>,
    pub difficulties: Vec<CodeName>,
    /// 0 draft, 1 published.
    pub publish_states: Vec<CodeName>,
}

/// `POST /dict/atlas/config`: the atlas types that have a published tree for a subject and stage,
/// and the tree a page opens by default.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasConfig {
    pub subject: i64,
    pub stage: i64,
    pub atlas_types: Vec<CodeName>,
    pub default_tree_id: Option<i64>,
}

/// A published tree with its nodes (`pub/dict/k12/knowledge-tree/v2`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeTreeV2 {
    pub tree_id: i64,
    pub name: String,
    pub atlas_type: i64,
    pub nodes: Vec<crate::dto::atlas::AtlasNodeView>,
}
