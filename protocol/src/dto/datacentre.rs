//! The data centre (`datacentre` area, 02 §2–§7): the search state every report takes and the
//! rows and figures the reports answer with.
//!
//! Rates are fractions (0.25 = 25 %) and `-1` where the rate has no base (shown '/'); durations
//! are seconds; times are epoch milliseconds; empty text is `""` (shown '-').

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// A sort the client asks the server for (custom-sortable columns, 02 §2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct SortInfo {
    /// A column's `prop`; each report names the ones it sorts by.
    pub field: String,
    pub asc: bool,
}

/// The data-centre search state (02 §3.1). Every field is optional; `-1` and a list of only
/// `-1` (or an empty list) mean "all". A field the server does not know is refused, by name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct DcSearch {
    /// The date picker's pair `[start, end]` (`YYYY-MM-DD`), used when `beginTimeStart` and
    /// `beginTimeEnd` are absent.
    #[serde(default)]
    #[ts(optional)]
    pub date_val: Option<Vec<String>>,
    /// First day of the range (`YYYY-MM-DD`, China time, inclusive).
    #[serde(default)]
    #[ts(optional)]
    pub begin_time_start: Option<String>,
    /// Last day of the range (inclusive).
    #[serde(default)]
    #[ts(optional)]
    pub begin_time_end: Option<String>,
    /// Fiscal year (June–May; 2026 = June 2026 to May 2027); with `quarterCode`, `month` or
    /// `fweekId` narrowing it. Used when no date range is given.
    #[serde(default)]
    #[ts(optional)]
    pub fiscal_year: Option<i64>,
    /// 1–4 (Q1 = Jun–Aug … Q4 = Mar–May).
    #[serde(default)]
    #[ts(optional)]
    pub quarter_code: Option<i64>,
    /// Calendar month 1–12 within the fiscal year.
    #[serde(default)]
    #[ts(optional)]
    pub month: Option<i64>,
    /// Fiscal week 1–53: week 1 is the Monday-to-Sunday week holding June 1.
    #[serde(default)]
    #[ts(optional)]
    pub fweek_id: Option<i64>,
    /// Day, week or month buckets for trends (`day`, `week`, `month`; default `week`).
    #[serde(default)]
    #[ts(optional)]
    pub data_time_type: Option<String>,
    /// -1 = every school the caller may see.
    #[serde(default)]
    #[ts(optional)]
    pub school_id: Option<i64>,
    /// Subject codes 53–62.
    #[serde(default)]
    pub subjects: Vec<i64>,
    /// Management project code (`/dict/prepare` `manageProjects`).
    #[serde(default)]
    #[ts(optional)]
    pub manage_project: Option<i64>,
    /// Product types (`ZJK` full price, `STK` trial, `GKK` open lesson).
    #[serde(default)]
    pub product_type: Vec<String>,
    /// Product groups (`/dict/productGroup`).
    #[serde(default)]
    pub product_group: Vec<i64>,
    /// Grade codes (`/dict/jw/grade`).
    #[serde(default)]
    pub grade_codes: Vec<i64>,
    /// Area codes (`/school/areaListBySchoolId`); `"-1"` = all.
    #[serde(default)]
    pub area_codes: Vec<String>,
    /// A project team of teachers (`/dict/prepare` `projectGroups`).
    #[serde(default)]
    #[ts(optional)]
    pub project_group: Option<i64>,
    /// Lesson length band (`/dict/prepare` `lessonDuringTimes`).
    #[serde(default)]
    #[ts(optional)]
    pub lesson_during_time: Option<i64>,
    /// Teaching-age band (`/dict/prepare` `teacherTeachTimes`).
    #[serde(default)]
    #[ts(optional)]
    pub teacher_teach_time: Option<i64>,
    /// Part of a teacher's e-mail or name.
    #[serde(default)]
    #[ts(optional)]
    pub teacher_email: Option<String>,
    /// Part of a student's code or name.
    #[serde(default)]
    #[ts(optional)]
    pub student_no_and_name: Option<String>,
    /// Lesson-preparation filter sets (02 §3.1): 1/0 or -1.
    #[serde(default)]
    #[ts(optional)]
    pub publish_resource: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub recycle_resource: Option<i64>,
    #[serde(default)]
    pub no_recycle_cause_types: Vec<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub is_send_feedback_report: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub is_create_in24h: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub bind_res_lesson: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub is_recycle: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub sort_info: Option<SortInfo>,
    /// Exports: the visible columns' `prop`s in the order shown; empty = every column.
    #[serde(default)]
    pub columns: Vec<String>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    /// 30 by default; at most 1000 (summaries ask for 1000).
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// One student's attendance at one lesson (02 §3.2 "Attendance").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AttendanceRow {
    pub student_code: String,
    pub student_name: String,
    pub school_name: String,
    pub area_name: String,
    pub subject_name: String,
    /// The lesson's start: epoch ms.
    pub class_time: i64,
    /// `YYYY-MM-DD HH:mm–HH:mm`.
    pub class_time_desc: String,
    pub attendance_status: i64,
    pub attendance_status_desc: String,
    pub one_lesson_minutes: i64,
    /// Epoch ms; 0 when the student did not clock in.
    pub clock_in_timestamp: i64,
    pub leave_status_desc: String,
    pub lesson_type_desc: String,
    pub lesson_id: i64,
    pub class_code: String,
    pub class_name: String,
    pub teacher: String,
    /// One-on-one lessons: the package the lesson was consumed from.
    pub lesson_package_code: String,
}

/// One refund (02 §3.2 "Refund").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RefundRow {
    pub refund_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub school_name: String,
    pub area_name: String,
    pub subject_name: String,
    pub class_code: String,
    pub class_name: String,
    pub package_code: String,
    pub teacher: String,
    pub refund_timestamp: i64,
    /// Yuan, two decimals.
    pub refund_amount: f64,
    pub refund_lesson_total: i64,
    pub refund_reason: String,
    pub refund_reason_detail: String,
    pub refund_reason_desc: String,
    pub refund_reason_type: i64,
    /// The class's (or package's) first lesson.
    pub class_start_timestamp: i64,
    /// The lesson number from which the student left (spelling as the spec).
    pub leave_lessson_no: i64,
}

/// `/databoard/class/overview`: classes in the period.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ClassOverview {
    /// Classes with a lesson in the period.
    pub class_count: i64,
    /// Distinct students expected at those lessons.
    pub student_count: i64,
    pub lesson_count: i64,
    /// Student-lessons expected (attendance rows).
    pub expected_count: i64,
    /// Present or late.
    pub attended_count: i64,
    pub attendance_rate: f64,
    pub leave_count: i64,
    /// Students who joined a class in the period.
    pub new_student_count: i64,
    pub refund_count: i64,
    pub refund_amount: f64,
}

/// `/databoard/vip/overview`: one-on-one in the period.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct VipOverview {
    /// Students with a one-on-one lesson in the period.
    pub student_count: i64,
    pub teacher_count: i64,
    pub lesson_count: i64,
    /// Lessons attended (consumed from packages).
    pub consumed_lesson_count: i64,
    /// Seconds of attended one-on-one lessons.
    pub consumed_duration: i64,
    pub attendance_rate: f64,
    /// Packages bought in the period and their lessons (bought + gift).
    pub package_count: i64,
    pub purchased_lesson_count: i64,
    pub refund_count: i64,
    pub refund_amount: f64,
}

/// `/databoard/vip/students`: a one-on-one student with their packages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct VipStudentRow {
    pub student_code: String,
    pub student_name: String,
    pub school_name: String,
    pub area_name: String,
    pub grade_name: String,
    pub package_count: i64,
    /// Lessons in all packages (bought + gift).
    pub lesson_count: i64,
    pub consumed_lesson_num: i64,
    pub left_count: i64,
    /// Lessons attended in the period.
    pub period_lesson_count: i64,
    /// Epoch ms of the last attended lesson; 0 when none.
    pub last_lesson_time: i64,
    /// `active`, `lowBalance`, `dormant` or `finished` (see `VipStudentStat`).
    pub status: String,
    pub status_desc: String,
}

/// `/databoard/vip/students-stat`: one-on-one students by state, as of the period's end.
/// `finished`: no lesson left; `lowBalance`: 1–5 left; `dormant`: lessons left but none
/// attended in the 30 days before the end; `active`: the rest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct VipStudentStat {
    pub total: i64,
    pub active: i64,
    pub low_balance: i64,
    pub dormant: i64,
    pub finished: i64,
}

/// `/databoard/vip/stay-rates`: of the students who attended in a month, how many attended
/// again in the next month.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StayRate {
    /// `YYYY-MM`.
    pub month: String,
    pub base_count: i64,
    pub stay_count: i64,
    pub stay_rate: f64,
}

/// `/databoard/vip/course/trend`: one bucket (day, week or month) of one-on-one lessons.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CourseTrendPoint {
    /// The bucket's first day, `YYYY-MM-DD`.
    pub period: String,
    pub lesson_count: i64,
    pub attended_count: i64,
    pub student_count: i64,
    pub attendance_rate: f64,
}
