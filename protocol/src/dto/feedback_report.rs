//! Lesson feedback reports: sections, lists, checks, answer sheets, AI comment (`feedback-report` area: 03 §3, §4, §7.4).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// The text sections of a feedback report. Each is one `Y.XmlFragment` of the report's document,
/// named by this key (the web editor binds one Tiptap editor to each); paragraphs are items for
/// the list-like sections (to-do lists, knowledge points).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum FeedbackSection {
    CourseSummary,
    CoursePerformance,
    TeacherMessage,
    Homework,
    NextSectionPreview,
    LastReviewTodo,
    LastTimeTodo,
    KnowledgePoints,
    AiTeacherComment,
}

impl FeedbackSection {
    pub const ALL: [FeedbackSection; 9] = [
        FeedbackSection::CourseSummary,
        FeedbackSection::CoursePerformance,
        FeedbackSection::TeacherMessage,
        FeedbackSection::Homework,
        FeedbackSection::NextSectionPreview,
        FeedbackSection::LastReviewTodo,
        FeedbackSection::LastTimeTodo,
        FeedbackSection::KnowledgePoints,
        FeedbackSection::AiTeacherComment,
    ];

    /// The fragment name in the document.
    pub fn key(self) -> &'static str {
        match self {
            FeedbackSection::CourseSummary => "courseSummary",
            FeedbackSection::CoursePerformance => "coursePerformance",
            FeedbackSection::TeacherMessage => "teacherMessage",
            FeedbackSection::Homework => "homework",
            FeedbackSection::NextSectionPreview => "nextSectionPreview",
            FeedbackSection::LastReviewTodo => "lastReviewTodo",
            FeedbackSection::LastTimeTodo => "lastTimeTodo",
            FeedbackSection::KnowledgePoints => "knowledgePoints",
            FeedbackSection::AiTeacherComment => "aiTeacherComment",
        }
    }

    /// The section's title in the interface.
    pub fn title(self) -> &'static str {
        match self {
            FeedbackSection::CourseSummary => "课程总结",
            FeedbackSection::CoursePerformance => "课堂表现",
            FeedbackSection::TeacherMessage => "老师寄语",
            FeedbackSection::Homework => "课后作业",
            FeedbackSection::NextSectionPreview => "下节预习",
            FeedbackSection::LastReviewTodo => "上次复习待办",
            FeedbackSection::LastTimeTodo => "上次待办",
            FeedbackSection::KnowledgePoints => "知识点",
            FeedbackSection::AiTeacherComment => "AI老师点评",
        }
    }
}

/// `POST /report/feedback/v2/init`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackInitRequest {
    pub lesson_id: i64,
    pub student_id: i64,
}

/// Most report calls name the report.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReportIdRequest {
    pub report_id: i64,
}

/// A report's lifecycle and context.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackReportSummary {
    pub report_id: i64,
    pub lesson_id: i64,
    pub lesson_title: String,
    pub lesson_start_time: i64,
    pub class_name: String,
    pub student_id: i64,
    pub student_name: String,
    pub student_code: String,
    /// 0 draft, 1 confirmed, 2 submitted.
    pub status: i64,
    pub expire_time: i64,
    pub sync_count: i64,
    pub update_time: i64,
}

/// `POST /report/feedback/v2/detail` and `GET /v2/detail/preview`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackDetail {
    pub report: FeedbackReportSummary,
    /// Section key → its text (paragraphs separated by newlines).
    pub sections: std::collections::BTreeMap<String, String>,
    pub formulas: Vec<Formula>,
    pub pictures: Vec<FeedbackPicture>,
    pub resources: Vec<FeedbackResource>,
    /// Whether the caller may edit (false for readers and the preview).
    pub can_edit: bool,
}

/// The text-section save calls (`course/summary/save`, `teacherMessage/save`, …).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SectionSaveRequest {
    pub report_id: i64,
    pub content: String,
}

/// `lastReview/save`, `knwledages/update`: the items of a list-like section.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ItemsSaveRequest {
    pub report_id: i64,
    pub items: Vec<String>,
}

/// `formula/save` (adds, or replaces the one with the same id) and `formula/remove`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FormulaRequest {
    pub report_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub id: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub latex: Option<String>,
}

/// A formula of a report (LaTeX), as stored in the report's document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Formula {
    pub id: String,
    pub latex: String,
}

/// `POST /report/feedback/confirm`: `fullSubmit` submits a confirmed report.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ConfirmRequest {
    pub report_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub full_submit: Option<bool>,
}

/// `POST /report/feedback/qrcode/generate`: the read-only preview link and its QR code.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PreviewQrCode {
    /// The preview page (no login needed) carrying a signed token.
    pub url: String,
    pub token: String,
    /// An SVG image as a data URL.
    pub qrcode: String,
    pub expire_time: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SectionConfig {
    pub key: String,
    pub title: String,
}

/// `GET /report/feedback/v2/common/config`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackConfig {
    pub sections: Vec<SectionConfig>,
    pub max_section_chars: i64,
    pub ai_configured: bool,
}

/// Query of the report calls that are GETs.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReportIdQuery {
    pub report_id: i64,
}

/// `v2/accuracy/update`: the lesson's practice accuracy in percent.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AccuracyUpdateRequest {
    pub report_id: i64,
    pub accuracy: f64,
}

/// `block/check`: which required blocks are still empty.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BlockCheck {
    pub complete: bool,
    pub empty_blocks: Vec<String>,
}

/// A practice question of the report (made from its knowledge points by `practice/refresh`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Practice {
    pub question_id: String,
    pub title: String,
    pub knowledge: String,
    pub show: bool,
}

/// `practice/check`: how far the answer sheet covers the shown practices.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PracticeCheck {
    pub total: i64,
    pub answered: i64,
    pub unanswered: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HasItem {
    pub has_item: bool,
}

/// `v2/selectContent/list`: the report's knowledge points and resources as knowledge-base ids.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SelectedContent {
    /// `knowledge` (an atlas node) or `resource` (a drive resource).
    pub kind: String,
    pub name: String,
    /// The atlas node or resource id; absent for a knowledge point the atlas does not know.
    #[ts(optional)]
    pub knowledge_base_id: Option<i64>,
}

/// A picture of the report: `machine` (from the lesson) or `learning` (added by the teacher).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackPicture {
    pub id: String,
    pub url: String,
    pub name: String,
    pub kind: String,
    #[serde(default)]
    pub remark: String,
}

/// `picture/save`: change a picture's name, remark or address.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PictureSaveRequest {
    pub report_id: i64,
    pub id: String,
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub remark: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub url: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NewPicture {
    pub url: String,
    pub name: String,
}

/// `learning/picture/save`: add learning pictures.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LearningPictureSaveRequest {
    pub report_id: i64,
    pub pictures: Vec<NewPicture>,
}

/// `knowledge/history/record`: the knowledge points of the student's earlier reports.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeHistory {
    pub report_id: i64,
    pub lesson_title: String,
    pub lesson_start_time: i64,
    pub knowledge_points: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NoRecycle {
    pub no_recycle: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NoRecycleSaveRequest {
    pub report_id: i64,
    pub no_recycle: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionShowRequest {
    pub report_id: i64,
    pub question_id: String,
    pub show: bool,
}

/// A drive resource attached to the report, with its label.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackResource {
    pub resource_id: i64,
    pub name: String,
    pub ext: String,
    pub class: String,
    #[serde(default)]
    pub label: String,
}

/// `v2/resource/add`, `v2/resource/remove`, `v2/resource/label/change` (label).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackResourceRequest {
    pub report_id: i64,
    pub resource_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub label: Option<String>,
}

/// `syncLessonResource`: the report's resources copied to the teacher's other reports of the lesson.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LessonResourceSync {
    pub reports: i64,
    pub sync_count: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AnswerSheetItem {
    pub question_id: String,
    pub answer: String,
    /// Set when corrected.
    #[ts(optional)]
    pub correct: Option<bool>,
}

/// The 1v1 answer sheet of a report: `draft` until every item is submitted, then `submitted`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AnswerSheet {
    pub status: String,
    pub items: Vec<AnswerSheetItem>,
}

/// `1v1/single/submit`: one item's answer, and its correction when known.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SingleSubmitRequest {
    pub report_id: i64,
    pub question_id: String,
    pub answer: String,
    #[serde(default)]
    #[ts(optional)]
    pub correct: Option<bool>,
}

/// `ai/content`: the AI teacher comment (also written into the report).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AiContent {
    pub content: String,
}

/// `POST /report/feedback/overview`: the reports of a lesson.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LessonRequest {
    pub lesson_id: i64,
}

/// `GET /report/feedback/v2/detail/preview?token=`: the signed preview token.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct PreviewQuery {
    #[serde(default)]
    #[ts(optional)]
    pub token: Option<String>,
}

/// `queryModelData`: the report's figures for analysis, counted from its document.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReportModelData {
    pub report_id: i64,
    pub student_name: String,
    pub lesson_title: String,
    pub status: i64,
    pub knowledge_points: Vec<String>,
    /// Practices shown to the student.
    pub practice_count: i64,
    /// Answer-sheet items answered.
    pub answered: i64,
    /// Answer-sheet items corrected as right.
    pub correct: i64,
    /// The practice accuracy in percent, once recorded.
    pub accuracy: Option<f64>,
    pub picture_count: i64,
    pub resource_count: i64,
}

/// `queryUploadGioData`: the report's usage-tracking fields.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReportGioData {
    pub report_id: i64,
    pub lesson_id: i64,
    pub student_code: String,
    pub class_name: String,
    pub teacher_email: String,
    pub report_status: i64,
    pub sync_count: i64,
}
