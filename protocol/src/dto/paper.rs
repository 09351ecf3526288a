//! Papers and handouts (`paper` area: 03 §2, §3, §7.1).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// The co-edited sections of a paper's document (`handout/{paperId}`), one `Y.XmlFragment` each.
pub const HANDOUT_SECTIONS: [&str; 5] = ["handoutTitle", "knowledgeReview", "workedExamples", "classPractice", "homework"];

/// The sections' titles, in the same order.
pub const HANDOUT_SECTION_TITLES: [&str; 5] = ["讲义标题", "知识梳理", "例题精讲", "课堂练习", "课后作业"];

/// Font families a paper may use (03 §3).
pub const PAPER_FONT_FAMILIES: [&str; 6] = ["Microsoft YaHei", "SimHei", "SimSun", "KaiTi", "FZLanTingHei", "Times New Roman"];

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperPackageItem {
    pub atlas_id: i64,
}

/// `POST /paper/package`: assemble a paper from atlas nodes (a chapter brings its points).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperPackageRequest {
    pub paper_list: Vec<PaperPackageItem>,
    #[serde(default)]
    #[ts(optional)]
    pub parent_atlas_id: Option<i64>,
    pub subject: i64,
    pub stage: i64,
    pub paper_type: i64,
    pub tree_id: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperRef {
    pub paper_id: i64,
    pub paper_name: String,
}

/// The new paper; the web opens `/knowledgeSectionEdit?paperId={paperId}&ver=0`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperPackageResult {
    pub paper_id: i64,
    pub paper_list: Vec<PaperRef>,
}

/// `POST /paper/detail`, `/paper/copy`, `/paper/headerInfo`, `/paper/version/list`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperIdRequest {
    pub paper_id: i64,
    /// 0 (or absent): the live document; n: version n, read-only.
    #[serde(default)]
    #[ts(optional)]
    pub ver: Option<i64>,
}

/// Query of `GET /paper/createNewVersion` and `/paper/latestPublishedCollectionId`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperIdQuery {
    pub paper_id: i64,
}

/// The header printed above a paper.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct PaperHeaderInfo {
    pub title: String,
    pub subtitle: String,
    pub teacher_name: String,
    pub student_name: String,
    pub class_name: String,
    pub lesson_date: String,
    pub show_logo: bool,
}

/// Layout of a paper.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperGlobalSettings {
    pub font_family: String,
    pub font_size: i64,
    pub line_height: f64,
}

impl Default for PaperGlobalSettings {
    fn default() -> Self {
        PaperGlobalSettings { font_family: "Microsoft YaHei".into(), font_size: 14, line_height: 1.5 }
    }
}

/// Paper fields (03 §3) with its content.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperDetail {
    pub paper_id: i64,
    pub paper_title: String,
    pub paper_type: i64,
    pub subject: i64,
    pub stage: i64,
    pub school_id: i64,
    pub create_time: i64,
    pub update_time: i64,
    /// The version shown (0 = live).
    pub ver: i64,
    pub can_edit: bool,
    pub is_owner: bool,
    /// Section key → paragraphs (plain text).
    pub sections: std::collections::BTreeMap<String, Vec<String>>,
    pub header_info: PaperHeaderInfo,
    pub global_settings: PaperGlobalSettings,
}

/// `POST /paper/save`: the title and/or whole sections (paragraphs) through the live document.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperSaveRequest {
    pub paper_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub paper_title: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub sections: Option<std::collections::BTreeMap<String, Vec<String>>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperHeaderInfoSaveRequest {
    pub paper_id: i64,
    pub header_info: PaperHeaderInfo,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperGlobalSettingsSaveRequest {
    pub paper_id: i64,
    #[serde(flatten)]
    pub settings: PaperGlobalSettings,
}

/// A saved version of a paper (a snapshot of its document).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperVersion {
    pub version_id: i64,
    pub version_no: i64,
    pub create_time: i64,
    pub created_by: String,
}

/// `POST /paper/restore`: bring version `versionNo` back as a new edit.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperRestoreRequest {
    pub paper_id: i64,
    pub version_no: i64,
}

/// `POST /paper/audit/judge`: approve (the paper joins the library, read by everyone) or refuse.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperAuditJudgeRequest {
    pub paper_id: i64,
    pub approve: bool,
    #[serde(default)]
    #[ts(optional)]
    pub note: Option<String>,
}

/// A paper's audit state.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperAudit {
    pub paper_id: i64,
    /// 0 none, 1 pending, 2 approved, 3 refused.
    pub audit_status: i64,
    pub audit_note: String,
    pub audit_time: Option<i64>,
    /// Whether the author still sees the result (until `updateAuditInfoInvisible`).
    pub audit_info_visible: bool,
}

/// `POST /paper/collection`: papers the caller may list.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperCollectionRequest {
    #[serde(default)]
    #[ts(optional)]
    pub paper_type: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub audit_status: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
    /// Only the caller's own.
    #[serde(default)]
    #[ts(optional)]
    pub mine: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// A paper in a collection.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperSummary {
    pub paper_id: i64,
    pub paper_title: String,
    pub paper_type: i64,
    pub subject: i64,
    pub stage: i64,
    pub owner_id: i64,
    pub owner_name: String,
    pub audit_status: i64,
    pub audit_note: String,
    pub audit_info_visible: bool,
    pub create_time: i64,
    pub update_time: i64,
}

/// `POST /paper/tree`: a paper's outline — its sections and the headings in them.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperTreeNode {
    /// `section:knowledgeReview`, `heading:knowledgeReview:3` (its block index).
    pub key: String,
    pub title: String,
    pub level: i64,
    #[schema(no_recursion)]
    pub children: Vec<PaperTreeNode>,
}

/// `POST /log/docPaperOperateLogList`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperLogRequest {
    pub paper_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// `POST /log/docPaperOperateLogInfo`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperLogIdRequest {
    pub log_id: i64,
}

/// A change to a paper: create, save, copy, version, restore, header, settings, audit_post,
/// audit_approve, audit_refuse.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperLog {
    pub id: i64,
    pub paper_id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub action: String,
    pub detail: String,
    pub time: i64,
}

/// `POST /exam/analysis/paperByKnowledge` and `/heatMapByKnowledge`: a marked task (its
/// questions and the students' answers) analysed by knowledge point.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExamAnalysisRequest {
    pub task_id: i64,
}

/// One knowledge point of the paper: its questions and how the students did on them.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeAnalysis {
    pub node_id: i64,
    pub name: String,
    pub question_count: i64,
    /// Points of the questions on it (a question on several points counts for each).
    pub total_score: i64,
    /// `total_score` over the paper's total, 0–1.
    pub score_share: f64,
    /// Points obtained over points possible, on the marked answers; -1 when none is marked.
    pub score_rate: f64,
    /// Students with at least one wrong answer on it.
    pub wrong_students: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperKnowledgeAnalysis {
    pub task_id: i64,
    pub total_score: i64,
    pub marked_answers: i64,
    pub points: Vec<KnowledgeAnalysis>,
}

/// `heatMapByKnowledge`: each student's score rate on each knowledge point (-1: nothing marked).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeHeatMap {
    pub task_id: i64,
    pub points: Vec<KnowledgeColumn>,
    pub students: Vec<HeatMapRow>,
}

/// A knowledge point as a heat map's column.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeColumn {
    pub node_id: i64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HeatMapRow {
    pub student_id: i64,
    pub student_name: String,
    /// In the order of `points`.
    pub rates: Vec<f64>,
}

/// `GET /xpaper/question/structure-business?subject=&stage=`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionStructureQuery {
    pub subject: i64,
    pub stage: i64,
}

/// How questions of a type are built and marked, and how many the bank holds for the subject
/// and stage.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionStructure {
    pub question_type: i64,
    pub type_name: String,
    pub has_options: bool,
    /// Marked against the stored answer (else by the teacher).
    pub objective: bool,
    /// `letters` (choices), `text` (fill-in), `worked` (a written solution).
    pub answer_format: String,
    pub count: i64,
}
