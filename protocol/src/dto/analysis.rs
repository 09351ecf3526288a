//! Learning analysis (学情分析) and stage reports (阶段报告), the teaching service's analysis pages
//! (01 §2: analysisModule, selectErrorQuestion, fullVolumeAnalysis, templateAnalysis,
//! fullPageSelectQuestion, reportingEdit, reportingPreview, stageReportPreview). The spec names
//! the screens and the state they keep (subject, stage, student code, correction task, question
//! list) and no calls; the calls are ours, under `/api/analysis`.
//!
//! Every figure is computed from the students' marked task answers (`lesson_task`) and wrong
//! questions when it is read: a report stores its period, template, texts and chosen questions,
//! never a number. Rates are percentages 0–100 with one decimal, -1 when nothing was marked.
//! Times are epoch milliseconds.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// The longest title, and the longest of each text a report holds.
pub const MAX_REPORT_TITLE_CHARS: usize = 60;
pub const MAX_REPORT_TEXT_CHARS: usize = 2000;
/// How many questions a report may show, and the longest note on one.
pub const MAX_REPORT_QUESTIONS: usize = 50;
pub const MAX_REPORT_QUESTION_NOTE_CHARS: usize = 200;
/// The longest period a report or an analysis covers.
pub const MAX_ANALYSIS_DAYS: i64 = 366;

/// A knowledge point is weak below this rate, fair below `POINT_GOOD_RATE`, good from it.
pub const POINT_FAIR_RATE: f64 = 60.0;
pub const POINT_GOOD_RATE: f64 = 85.0;
/// Mastery levels of a knowledge point.
pub const POINT_LEVELS: [(i64, &str); 3] = [(1, "薄弱"), (2, "一般"), (3, "掌握")];

/// Report templates: what the report analyses.
pub const TEMPLATE_POINTS: i64 = 1;
pub const TEMPLATE_WRONG: i64 = 2;
pub const TEMPLATE_PAPER: i64 = 3;
pub const REPORT_TEMPLATES: [(i64, &str, &str); 3] = [
    (TEMPLATE_POINTS, "知识点掌握报告", "阶段内每次作业的得分走势、各知识点的掌握程度，附典型错题与老师评语"),
    (TEMPLATE_WRONG, "错题复盘报告", "阶段内错题的分布与巩固情况，逐题复盘老师选出的错题"),
    (TEMPLATE_PAPER, "单卷分析报告", "一次作业的全卷分析：逐题得分、与班级对比、知识点得失"),
];
/// A report's state: a draft its teacher edits, or published (read-only, shown to colleagues).
pub const REPORT_DRAFT: i64 = 1;
pub const REPORT_PUBLISHED: i64 = 2;
pub const REPORT_STATUSES: [(i64, &str); 2] = [(REPORT_DRAFT, "草稿"), (REPORT_PUBLISHED, "已发布")];

/// The level of a knowledge point's rate.
pub fn point_level(rate: f64) -> i64 {
    if rate >= POINT_GOOD_RATE {
        3
    } else if rate >= POINT_FAIR_RATE {
        2
    } else {
        1
    }
}

/// A student as the analysis shows them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AnalysisStudent {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub grade: String,
}

/// `analysis/student`: a student's learning over a period.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct AnalysisStudentRequest {
    pub student_id: i64,
    /// Only tasks of classes of this subject (0 or absent: all).
    #[serde(default)]
    pub subject: i64,
    /// The period `[from, to)`; absent: the last 90 days.
    #[serde(default)]
    pub from: Option<i64>,
    #[serde(default)]
    pub to: Option<i64>,
}

/// A knowledge point's mastery: answers to questions on it, marked right or wrong.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PointMastery {
    pub node_id: i64,
    pub name: String,
    pub answered: i64,
    pub correct: i64,
    pub rate: f64,
    /// `POINT_LEVELS`.
    pub level: i64,
}

/// One task the student was set, with their result and the class's.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AnalysisTask {
    pub task_id: i64,
    pub name: String,
    pub class_name: String,
    pub subject: i64,
    pub created_at: i64,
    pub question_count: i64,
    /// The student's answers, those marked right, those waiting to be marked.
    pub answered: i64,
    pub correct: i64,
    pub to_mark: i64,
    pub score: i64,
    pub full_score: i64,
    /// The student's points as a share of the points of their marked answers (answers still to
    /// mark and questions left blank do not count; -1: nothing marked).
    pub score_rate: f64,
    /// The same over every student of the task: points got of the points of their marked answers.
    pub class_rate: f64,
}

/// Counts over a period.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AnalysisTotals {
    pub task_count: i64,
    pub answered: i64,
    pub correct: i64,
    pub wrong: i64,
    pub to_mark: i64,
    /// Right answers among the marked ones.
    pub correct_rate: f64,
    /// Points got among the points of the marked answers.
    pub score_rate: f64,
    /// The student's wrong questions (of the classes the caller reads, of the subject asked)
    /// last answered wrong within the period, by state.
    pub wrong_open: i64,
    pub wrong_sent: i64,
    pub wrong_mastered: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentAnalysis {
    pub student: AnalysisStudent,
    pub from: i64,
    pub to: i64,
    pub subject: i64,
    pub totals: AnalysisTotals,
    /// Oldest first.
    pub tasks: Vec<AnalysisTask>,
    /// Weakest first.
    pub points: Vec<PointMastery>,
}

/// `analysis/paper`: one task of a student analysed as a whole paper (全卷分析).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct AnalysisPaperRequest {
    pub task_id: i64,
    pub student_id: i64,
}

/// A knowledge point by name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AnalysisPoint {
    pub node_id: i64,
    pub name: String,
}

/// A question of the paper with the student's answer and the class's.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperQuestion {
    pub position: i64,
    pub question_id: i64,
    pub question_type: i64,
    pub stem: String,
    pub options: Vec<String>,
    /// The right answer and its analysis.
    pub answer: String,
    pub analysis: String,
    pub points: Vec<AnalysisPoint>,
    pub full_score: i64,
    /// The student's answer ("" when none), whether it is right (absent: not answered or not
    /// marked yet) and its points.
    pub student_answer: String,
    pub correct: Option<bool>,
    pub score: Option<i64>,
    /// Right answers among the class's marked answers to it (-1: none marked).
    pub class_correct_rate: f64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperAnalysis {
    pub task_id: i64,
    pub name: String,
    pub class_name: String,
    /// The subject of the task's class.
    pub subject: i64,
    pub created_at: i64,
    pub student: AnalysisStudent,
    pub questions: Vec<PaperQuestion>,
    pub score: i64,
    pub full_score: i64,
    /// Over the task's students with marked answers: how many, their mean and best score, the
    /// student's rank among them (0: the student has none marked).
    pub class_size: i64,
    pub class_average: f64,
    pub class_max: i64,
    pub rank: i64,
    /// How many of those students fall in each score band (`dictionary::score_band` of their
    /// points as a share of the full score, 0–4).
    pub bands: Vec<i64>,
    pub points: Vec<PointMastery>,
}

/// `analysis/wrongQuestions`: the student's wrong questions (选择错题).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct AnalysisWrongRequest {
    pub student_id: i64,
    /// `wrong_question::WRONG_STATUSES` (0 or absent: all).
    #[serde(default)]
    pub status: i64,
    /// Only questions on this knowledge point (0 or absent: all).
    #[serde(default)]
    pub node_id: i64,
    /// Only those last answered wrong in `[from, to)`.
    #[serde(default)]
    pub from: Option<i64>,
    #[serde(default)]
    pub to: Option<i64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AnalysisWrongQuestion {
    pub question_id: i64,
    pub question_type: i64,
    pub stem: String,
    pub options: Vec<String>,
    pub answer: String,
    pub analysis: String,
    pub points: Vec<AnalysisPoint>,
    pub class_name: String,
    pub wrong_count: i64,
    pub status: i64,
    pub status_name: String,
    pub last_wrong_at: i64,
    /// The student's last wrong answer to it.
    pub last_answer: String,
}

/// A report template (`analysis/templates`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReportTemplate {
    pub id: i64,
    pub name: String,
    pub description: String,
    /// Whether the report analyses one task (its `taskId` is needed).
    pub needs_task: bool,
}

/// `analysis/report/create`: a new draft from a template.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct CreateStageReportRequest {
    pub student_id: i64,
    pub template: i64,
    #[serde(default)]
    pub subject: i64,
    pub from: i64,
    pub to: i64,
    /// The task a single-paper report analyses.
    #[serde(default)]
    pub task_id: Option<i64>,
    /// Absent: a title from the student, template and period.
    #[serde(default)]
    pub title: Option<String>,
}

/// One report (`analysis/report/detail`, `publish`, `delete`).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct StageReportIdRequest {
    pub id: i64,
}

/// A question the report shows, with the teacher's note on it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct StageReportQuestionInput {
    pub question_id: i64,
    #[serde(default)]
    pub note: String,
}

/// `analysis/report/save`: the draft's texts and questions as the teacher has them now.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct SaveStageReportRequest {
    pub id: i64,
    pub title: String,
    #[serde(default)]
    pub summary: String,
    #[serde(default)]
    pub comment: String,
    #[serde(default)]
    pub next_plan: String,
    #[serde(default)]
    pub questions: Vec<StageReportQuestionInput>,
    /// When the draft was read (`updatedAt`): a save over a newer one is refused (A0409).
    pub updated_at: i64,
}

/// `analysis/report/addQuestions`: questions added to a draft from the pickers.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct AddReportQuestionsRequest {
    pub id: i64,
    pub question_ids: Vec<i64>,
}

/// A question of a report, with what the student did on it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StageReportQuestion {
    pub question_id: i64,
    pub question_type: i64,
    pub stem: String,
    pub options: Vec<String>,
    pub answer: String,
    pub analysis: String,
    pub points: Vec<AnalysisPoint>,
    pub note: String,
    /// The student's last answer to it in the period and whether it was right.
    pub student_answer: String,
    pub correct: Option<bool>,
    /// Times answered wrong (from the student's wrong questions; 0 when never).
    pub wrong_count: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StageReport {
    pub id: i64,
    pub status: i64,
    pub status_name: String,
    pub template: i64,
    pub template_name: String,
    pub title: String,
    pub student: AnalysisStudent,
    pub subject: i64,
    pub from: i64,
    pub to: i64,
    pub task_id: Option<i64>,
    pub teacher_id: i64,
    pub teacher_name: String,
    pub summary: String,
    pub comment: String,
    pub next_plan: String,
    pub questions: Vec<StageReportQuestion>,
    /// The period's analysis, computed now.
    pub analysis: StudentAnalysis,
    /// The analysed task, for a single-paper report.
    pub paper: Option<PaperAnalysis>,
    /// The caller wrote it and it is a draft.
    pub can_edit: bool,
    pub created_at: i64,
    pub updated_at: i64,
    pub published_at: Option<i64>,
}

/// `analysis/report/list`: reports of a student (or all the caller reads).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct StageReportListRequest {
    #[serde(default)]
    pub student_id: i64,
    /// `REPORT_STATUSES` (0 or absent: both).
    #[serde(default)]
    pub status: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StageReportItem {
    pub id: i64,
    pub title: String,
    pub status: i64,
    pub status_name: String,
    pub template: i64,
    pub template_name: String,
    pub student: AnalysisStudent,
    pub teacher_name: String,
    pub from: i64,
    pub to: i64,
    pub question_count: i64,
    pub mine: bool,
    pub updated_at: i64,
    pub published_at: Option<i64>,
}
