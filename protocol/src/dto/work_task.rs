//! Work tasks (`work-task` area; the spec names the screens 我的任务, 任务详情, 工作任务质检 and
//! 工作任务统计 and no calls): the service steps a first or trial lesson gives its staff
//! (handover, start call, feedback, follow-up; `dictionary::FIRST_STEPS`), as their executors
//! do them and QC inspectors check them. A check changes what the first-lesson statistics count.
//!
//! Rates are fractions (0.25 = 25 %) and `-1` where the rate has no base (shown '/'); times are
//! epoch milliseconds (0 = never); empty text is `""` (shown '-').

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::datacentre::{DcSearch, SortInfo};

/// The longest note an executor or inspector writes on a task.
pub const MAX_TASK_NOTE_CHARS: usize = 500;

/// `workTask/my/list`: the caller's own tasks. Unknown fields are refused.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct MyWorkTaskSearch {
    /// 0 to do (not yet due or due), 1 done, 2 overdue (to do, past its end); -1 or absent all.
    #[serde(default)]
    #[ts(optional)]
    pub status: Option<i64>,
    /// A step code of `FIRST_STEPS`; absent all.
    #[serde(default)]
    #[ts(optional)]
    pub step_code: Option<String>,
    /// `ZJ` first lessons of full-price packages, `ST` trial lessons; absent both.
    #[serde(default)]
    #[ts(optional)]
    pub tab_type: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// `workTask/my/count`: the caller's tasks by state.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MyWorkTaskCount {
    /// To do and not yet past their end.
    pub todo: i64,
    /// To do and past their end.
    pub overdue: i64,
    pub done: i64,
    /// Done and found unqualified by an inspector.
    pub unqualified: i64,
}

/// The search of the work-task QC list and statistics: the data-centre period (of the lessons)
/// and dimensions (02 §3.1) and the task filters. `-1` means "all"; unknown fields are refused.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct WorkTaskSearch {
    #[serde(default)]
    #[ts(optional)]
    pub date_val: Option<Vec<String>>,
    #[serde(default)]
    #[ts(optional)]
    pub begin_time_start: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub begin_time_end: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub fiscal_year: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub quarter_code: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub month: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub school_id: Option<i64>,
    #[serde(default)]
    pub area_codes: Vec<String>,
    #[serde(default)]
    pub subjects: Vec<i64>,
    /// Part of the executor's e-mail or name (not the lesson teacher's, as in the reports).
    #[serde(default)]
    #[ts(optional)]
    pub teacher_email: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub student_no_and_name: Option<String>,
    /// `ZJ` (default) or `ST`.
    #[serde(default)]
    #[ts(optional)]
    pub tab_type: Option<String>,
    /// A step code of `FIRST_STEPS`; absent or `-1` all.
    #[serde(default)]
    #[ts(optional)]
    pub step_code: Option<String>,
    /// The executor's role: `consultant`, `1v1_xg` (learning manager), `teacher`; absent all.
    #[serde(default)]
    #[ts(optional)]
    pub executor_role: Option<String>,
    /// As in `MyWorkTaskSearch`: 0 to do, 1 done, 2 overdue, -1 all.
    #[serde(default)]
    #[ts(optional)]
    pub status: Option<i64>,
    /// 0 not checked, 1 qualified, 2 unqualified, -1 all.
    #[serde(default)]
    #[ts(optional)]
    pub qc_status: Option<i64>,
    /// Statistics: `executor` (default), `school` or `step`.
    #[serde(default)]
    #[ts(optional)]
    pub stat_type: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub sort_info: Option<SortInfo>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
    /// An export's columns, in order (props of `WorkTaskRow`); empty or absent: all.
    #[serde(default)]
    #[ts(as = "Option<Vec<String>>", optional)]
    pub columns: Vec<String>,
}

impl WorkTaskSearch {
    /// The data-centre part of the search, checked by the same rules as every report's.
    pub fn base(&self) -> DcSearch {
        DcSearch {
            date_val: self.date_val.clone(),
            begin_time_start: self.begin_time_start.clone(),
            begin_time_end: self.begin_time_end.clone(),
            fiscal_year: self.fiscal_year,
            quarter_code: self.quarter_code,
            month: self.month,
            school_id: self.school_id,
            area_codes: self.area_codes.clone(),
            subjects: self.subjects.clone(),
            student_no_and_name: self.student_no_and_name.clone(),
            tab_type: self.tab_type.clone(),
            sort_info: self.sort_info.clone(),
            page_no: self.page_no,
            page_size: self.page_size,
            columns: self.columns.clone(),
            ..DcSearch::default()
        }
    }
}

/// One work task: a service step of a first (or trial) lesson.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WorkTaskRow {
    pub id: i64,
    /// `ZJ` or `ST`.
    pub tab_type: String,
    /// 正价课首课 / 试听课.
    pub course_type_desc: String,
    /// e.g. 首课交接任务.
    pub task_name: String,
    pub step_code: String,
    /// e.g. 交接.
    pub step_name: String,
    pub executor_role: String,
    /// 顾问任务, 学管任务 or 老师任务.
    pub executor_role_desc: String,
    pub executor_id: i64,
    pub executor_name: String,
    pub executor_email: String,
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub teacher_name: String,
    pub school_name: String,
    pub subject_name: String,
    /// The lesson's day (epoch ms, China midnight).
    pub lesson_time: i64,
    /// When the task opens and when it is due.
    pub start_at: i64,
    pub end_at: i64,
    /// 0 to do, 1 done, 2 overdue.
    pub status: i64,
    pub status_desc: String,
    pub finished_at: i64,
    /// Done after it was due.
    pub finished_late: bool,
    /// What the executor wrote when finishing it.
    pub note: String,
    /// 0 not checked, 1 qualified, 2 unqualified.
    pub qc_status: i64,
    pub qc_status_desc: String,
    pub qc_at: i64,
    pub qc_operator_name: String,
    pub qc_remark: String,
    /// The automatic reading of the call or text: `""`, or why it was flagged.
    pub first_tag: String,
}

/// `workTask/finish`: the executor has done a task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct WorkTaskFinish {
    pub id: i64,
    /// What was done (at most 500 characters).
    #[serde(default)]
    #[ts(optional)]
    pub note: Option<String>,
}

/// `workTask/qc/check`: inspectors' verdict on done tasks (one or many).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct WorkTaskCheck {
    /// 1 to 500 tasks.
    pub ids: Vec<i64>,
    /// 1 qualified, 2 unqualified.
    pub qc_status: i64,
    /// Required for unqualified (at most 500 characters).
    #[serde(default)]
    #[ts(optional)]
    pub remark: Option<String>,
}

/// A task a check left alone, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WorkTaskSkipped {
    pub id: i64,
    pub reason: String,
}

/// What a check did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WorkTaskCheckResult {
    pub checked: i64,
    pub skipped: Vec<WorkTaskSkipped>,
}

/// One group of the work-task statistics (an executor, a school or a step) or the totals.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WorkTaskStatRow {
    /// The executor's, school's id, or the step code; `""` for the totals.
    pub key: String,
    pub name: String,
    /// Executors: their school.
    pub school_name: String,
    pub task_cnt: i64,
    pub done_cnt: i64,
    /// Done by their end.
    pub on_time_cnt: i64,
    /// To do past their end, or done after it.
    pub overdue_cnt: i64,
    pub checked_cnt: i64,
    pub qualified_cnt: i64,
    pub unqualified_cnt: i64,
    /// done / tasks.
    pub done_rate: f64,
    /// on time / done.
    pub on_time_rate: f64,
    /// checked / done.
    pub checked_rate: f64,
    /// qualified / checked.
    pub qualified_rate: f64,
}

/// `workTask/statistics`: a page of groups and the totals of the whole selection.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WorkTaskStatPage {
    pub records: Vec<WorkTaskStatRow>,
    pub total: i64,
    pub page_no: i64,
    pub page_size: i64,
    pub summary: WorkTaskStatRow,
}
