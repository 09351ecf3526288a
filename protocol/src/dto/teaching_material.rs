//! Textbooks (`teaching-material` area, 03 §7.1 "Library"): the centre's textbooks by subject and
//! stage, their chapters (initialised from a knowledge tree or written by hand, each bound to
//! knowledge points), and the published ones teachers prepare lessons from.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// Class types a textbook serves (`queryConfigClassTypeList`).
pub const CLASS_TYPES: [(i64, &str); 4] = [(1, "一对一"), (2, "班课"), (3, "小组课"), (4, "全日制")];

/// A textbook.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Textbook {
    pub id: i64,
    pub name: String,
    pub subject: i64,
    pub stage: i64,
    /// The edition (人教版, 北师大版 …).
    pub edition: String,
    pub grade: String,
    pub class_types: Vec<i64>,
    pub description: String,
    /// 0 draft, 1 published.
    pub status: i64,
    pub chapter_count: i64,
    pub can_edit: bool,
    pub create_time: i64,
    pub update_time: i64,
}

/// `POST /teachingMaterial/addOrUpdate`: create (no `id`) or change a textbook.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TextbookSaveRequest {
    #[serde(default)]
    #[ts(optional)]
    pub id: Option<i64>,
    pub name: String,
    pub subject: i64,
    pub stage: i64,
    #[serde(default)]
    pub edition: String,
    #[serde(default)]
    pub grade: String,
    #[serde(default)]
    pub class_types: Vec<i64>,
    #[serde(default)]
    pub description: String,
    /// 0 draft, 1 published (default 0).
    #[serde(default)]
    #[ts(optional)]
    pub status: Option<i64>,
}

/// `POST /teachingMaterial/queryList` and `queryListForPrepareLesson`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TextbookListRequest {
    #[serde(default)]
    #[ts(optional)]
    pub subject: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub stage: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
    /// 0 draft, 1 published; all when absent (the lesson-preparation list: published only).
    #[serde(default)]
    #[ts(optional)]
    pub status: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub class_type: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// A textbook by id in a JSON body.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TextbookIdRequest {
    pub textbook_id: i64,
}

/// A textbook by id in the query string (`queryInfoById`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TextbookIdQuery {
    pub id: i64,
}

/// A chapter (or section) of a textbook, with its children.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TextbookChapter {
    pub id: i64,
    pub textbook_id: i64,
    pub parent_id: i64,
    pub name: String,
    pub sort: i64,
    pub knowledge_points: Vec<crate::dto::atlas::AtlasNodeRef>,
    /// The bank's questions on the chapter's knowledge points.
    pub question_count: i64,
    #[schema(no_recursion)]
    pub children: Vec<TextbookChapter>,
}

/// `POST /teachingMaterial/chapter/init`: chapters from a knowledge tree's top two levels (each
/// chapter and section bound to its node); refused when the textbook has chapters.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChapterInitRequest {
    pub textbook_id: i64,
    pub tree_id: i64,
}

/// `POST /teachingMaterial/chapter/save`: add (no `chapterId`) or change a chapter.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChapterSaveRequest {
    pub textbook_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub chapter_id: Option<i64>,
    /// 0: a chapter; else the chapter a section belongs to.
    #[serde(default)]
    pub parent_id: i64,
    pub name: String,
    #[serde(default)]
    #[ts(optional)]
    pub sort: Option<i64>,
    #[serde(default)]
    pub knowledge_ids: Vec<i64>,
}

/// A chapter by id (`chapter/query`, `chapter/delete`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChapterIdRequest {
    pub chapter_id: i64,
}

/// `POST /teachingMaterial/queryChapter` and `/book/chapterTree`: a textbook with its chapters.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TextbookChapters {
    pub textbook: Textbook,
    pub chapters: Vec<TextbookChapter>,
}

/// `/book/bookTree`: published textbooks by stage and subject.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BookTreeNode {
    /// `stage-4`, `subject-4-54`, `book-12`.
    pub key: String,
    pub name: String,
    pub textbook_id: Option<i64>,
    #[schema(no_recursion)]
    pub children: Vec<BookTreeNode>,
}
