//! Teaching outlines (`outline` area, 03 §7.1 "Teaching outline"): a course's units and lessons
//! for a subject, stage and class type, each lesson bound to knowledge points and a handout.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// How an outline's course runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct OutlineConfig {
    pub lesson_minutes: i64,
    pub lessons_per_week: i64,
    pub weeks: i64,
    pub note: String,
}

impl Default for OutlineConfig {
    fn default() -> Self {
        OutlineConfig { lesson_minutes: 90, lessons_per_week: 2, weeks: 16, note: String::new() }
    }
}

/// An outline.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeachingOutline {
    pub outline_id: i64,
    pub name: String,
    pub subject: i64,
    pub stage: i64,
    pub class_type: i64,
    /// In use (true) or being edited.
    pub valid: bool,
    /// 1: published to the lecture library.
    pub status: i64,
    pub school_ids: Vec<i64>,
    pub unit_count: i64,
    pub lesson_count: i64,
    pub total_hours: i64,
    pub can_edit: bool,
    pub create_time: i64,
    pub update_time: i64,
}

/// A lesson as written.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlineLessonInput {
    pub title: String,
    #[serde(default)]
    #[ts(optional)]
    pub hours: Option<i64>,
    #[serde(default)]
    pub knowledge_ids: Vec<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub paper_id: Option<i64>,
}

/// A unit as written, with its lessons.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlineUnitInput {
    pub title: String,
    #[serde(default)]
    pub lessons: Vec<OutlineLessonInput>,
}

/// `POST /teaching/outline/list`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlineListRequest {
    #[serde(default)]
    #[ts(optional)]
    pub subject: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub stage: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub class_type: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub valid: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// `POST /teaching/outline/save`: create (no `outlineId`) or change; `units`, when given,
/// replace the units and lessons.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlineSaveRequest {
    #[serde(default)]
    #[ts(optional)]
    pub outline_id: Option<i64>,
    pub name: String,
    pub subject: i64,
    pub stage: i64,
    pub class_type: i64,
    #[serde(default)]
    #[ts(optional)]
    pub units: Option<Vec<OutlineUnitInput>>,
}

/// An outline by id.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlineIdRequest {
    pub outline_id: i64,
}

/// `POST /teaching/outline/valid/edit`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlineValidRequest {
    pub outline_id: i64,
    pub valid: bool,
}

/// `POST /teaching/outline/name/edit`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlineNameRequest {
    pub outline_id: i64,
    pub name: String,
}

/// A lesson of an outline.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlineLesson {
    pub lesson_id: i64,
    pub title: String,
    pub sort: i64,
    pub hours: i64,
    pub knowledge_points: Vec<crate::dto::atlas::AtlasNodeRef>,
    pub paper_id: Option<i64>,
    pub paper_title: Option<String>,
}

/// A unit of an outline with its lessons.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlineUnit {
    pub unit_id: i64,
    pub title: String,
    pub sort: i64,
    pub lessons: Vec<OutlineLesson>,
}

/// `POST /library/outline/tree` and `/library/queryOutlineData`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutlineTree {
    pub outline: TeachingOutline,
    pub config: OutlineConfig,
    pub units: Vec<OutlineUnit>,
}
