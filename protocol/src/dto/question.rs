//! The question bank (`question` area, 03 §3, §7.1, §7.2): questions with their knowledge points
//! and tags, search (`paper/search`, `paper/class/search`), similar questions, teachers' own
//! questions, and re-edits of bank questions with their audit.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// Question types (`questionType`).
pub const QUESTION_TYPES: [(i64, &str); 4] = [(1, "单选题"), (2, "多选题"), (3, "填空题"), (4, "解答题")];
/// Difficulty levels.
pub const DIFFICULTIES: [(i64, &str); 5] = [(1, "容易"), (2, "较易"), (3, "中等"), (4, "较难"), (5, "困难")];
/// Types marked automatically against the stored answer.
pub const OBJECTIVE_TYPES: [i64; 2] = [1, 2];

/// The display name of a question type.
pub fn type_name(code: i64) -> &'static str {
    QUESTION_TYPES.iter().find(|(c, _)| *c == code).map(|(_, n)| *n).unwrap_or("")
}

/// The display name of a difficulty.
pub fn difficulty_name(code: i64) -> &'static str {
    DIFFICULTIES.iter().find(|(c, _)| *c == code).map(|(_, n)| *n).unwrap_or("")
}

/// A teacher's own tags on a question.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CustomBlockData {
    pub custom_tags: Vec<String>,
}

/// A knowledge point a question is on.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionPoint {
    pub id: i64,
    pub name: String,
}

/// A question. Texts may hold LaTeX between `$…$` or `\(…\)`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionView {
    pub question_id: i64,
    pub subject: i64,
    pub stage: i64,
    pub question_type: i64,
    pub type_name: String,
    pub stem: String,
    /// Choices, in order (A, B, …); empty for fill-in and worked answers.
    pub options: Vec<String>,
    /// Option letters for choices ("AC"), else the answer text.
    pub answer: String,
    pub analysis: String,
    pub difficulty: i64,
    pub composite_score: f64,
    pub knowledge_points: Vec<QuestionPoint>,
    pub custom_block_data: CustomBlockData,
    /// 0: the bank's; else the teacher whose own question it is.
    pub owner_id: i64,
    pub in_basket: bool,
    /// Position in the answer (1-based), as the spec's `questionIndex`.
    pub question_index: i64,
}

/// `POST /paper/search` and `/paper/class/search`. A list holding only -1 means all.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionSearchRequest {
    pub subject: i64,
    pub stage: i64,
    /// Words to find in the stem, options and analysis (Chinese segmented), ranked by relevance.
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub type_ids: Option<Vec<i64>>,
    #[serde(default)]
    #[ts(optional)]
    pub difficulties: Option<Vec<i64>>,
    /// Knowledge points (each with its subtree).
    #[serde(default)]
    #[ts(optional)]
    pub knowledge_ids: Option<Vec<i64>>,
    /// The caller's own tags (all must be on the question).
    #[serde(default)]
    #[ts(optional)]
    pub tags: Option<Vec<String>>,
    /// 0 the bank and the caller's own (default), 1 the bank, 2 the caller's own.
    #[serde(default)]
    #[ts(optional)]
    pub source: Option<i64>,
    /// 0 relevance (newest first without words), 1 composite score, 2 difficulty.
    #[serde(default)]
    #[ts(optional)]
    pub order: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// A page of found questions, with the words the keyword was split into (for highlighting).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionSearchResult {
    pub records: Vec<QuestionView>,
    pub total: i64,
    pub page_no: i64,
    pub page_size: i64,
    pub terms: Vec<String>,
}

/// A count of questions under a code.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionFacet {
    pub code: i64,
    pub name: String,
    pub count: i64,
}

/// `POST /paper/class/search`: what a search finds, classified by type, difficulty and
/// knowledge point.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionClassResult {
    pub total: i64,
    pub types: Vec<QuestionFacet>,
    pub difficulties: Vec<QuestionFacet>,
    pub knowledge_points: Vec<QuestionFacet>,
}

/// A question by id (`question/xueke/detail`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionIdRequest {
    pub question_id: i64,
}

/// A question's content as a teacher writes it (their own question, or a re-edit).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionContent {
    pub question_type: i64,
    pub stem: String,
    #[serde(default)]
    pub options: Vec<String>,
    pub answer: String,
    #[serde(default)]
    pub analysis: String,
    pub difficulty: i64,
    pub knowledge_ids: Vec<i64>,
}

/// `POST /question/save`: create (no `questionId`) or change one of the caller's own questions.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionSaveRequest {
    #[serde(default)]
    #[ts(optional)]
    pub question_id: Option<i64>,
    pub subject: i64,
    pub stage: i64,
    pub content: QuestionContent,
}

/// `POST /question/reedit`: propose a change to a bank question (audited before it applies).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionReeditRequest {
    pub question_id: i64,
    pub content: QuestionContent,
}

/// `POST /question/reedit/audit`: approve (the proposal replaces the question) or refuse.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionReeditAuditRequest {
    pub reedit_id: i64,
    pub approve: bool,
    #[serde(default)]
    #[ts(optional)]
    pub note: Option<String>,
}

/// `POST /question/reedit/list`: re-edits by status (1 pending, 2 approved, 3 refused).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionReeditListRequest {
    #[serde(default)]
    #[ts(optional)]
    pub status: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// A proposed change to a bank question, beside the question as it stands.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionReedit {
    pub reedit_id: i64,
    /// 1 pending, 2 approved, 3 refused.
    pub audit_status: i64,
    pub audit_note: String,
    pub author_id: i64,
    pub author_name: String,
    pub create_time: i64,
    pub proposal: QuestionView,
    pub original: Option<QuestionView>,
}

/// One change of a tag batch.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionTagAction {
    /// "add" or "remove".
    pub action: String,
    pub tag: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionTagOperation {
    pub question_id: i64,
    pub actions: Vec<QuestionTagAction>,
}

/// `POST /question/tags/batch`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionTagsBatchRequest {
    pub operations: Vec<QuestionTagOperation>,
}

/// A tag of the caller's, with how many questions carry it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionTagCount {
    pub tag: String,
    pub count: i64,
}

/// `GET /question/tags/list`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionTagList {
    pub tag_list: Vec<QuestionTagCount>,
}

/// `POST /paper/copySimilarQuestion`: questions like this one (same type, sharing its knowledge
/// points, close in difficulty); with `paperId`, the first is also added to that handout.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SimilarQuestionRequest {
    pub question_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub count: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub exclude_ids: Option<Vec<i64>>,
    #[serde(default)]
    #[ts(optional)]
    pub paper_id: Option<i64>,
}

/// `POST /personal/collection/simpleList`: the caller's collections (the published versions of
/// their papers), newest first.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CollectionListRequest {
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
}

/// A collection: one published version of a paper.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CollectionSummary {
    pub collection_id: i64,
    pub paper_id: i64,
    pub title: String,
    pub version_no: i64,
    pub create_time: i64,
}

/// A collection named by id (`collection/basic/copy`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CollectionIdRequest {
    pub collection_id: i64,
}

/// `POST /xeasy-srv-item/collection/snapshot/latest`: a paper's newest collection.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CollectionLatestRequest {
    pub paper_id: i64,
}

/// Where a question's answer area sits on a printed page of the collection (fractions of the
/// page, from its top left), so a scanned sheet can be cut into answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionCoordinate {
    pub question_index: i64,
    pub page: i64,
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// `POST /xeasy-srv-item/collection/updateCoordinate`: replaces the collection's answer areas.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CollectionCoordinateRequest {
    pub collection_id: i64,
    pub coordinates: Vec<QuestionCoordinate>,
}

/// A collection's content as published, and its answer areas.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CollectionSnapshot {
    pub collection_id: i64,
    pub paper_id: i64,
    pub title: String,
    pub version_no: i64,
    pub create_time: i64,
    /// Section key → paragraphs, as the paper detail gives them.
    pub sections: std::collections::BTreeMap<String, Vec<String>>,
    pub coordinates: Vec<QuestionCoordinate>,
}
