//! The data centre (`datacentre` area, 02 §2–§7): the search state every report takes and the
//! rows and figures the reports answer with.
//!
//! Rates are fractions (0.25 = 25 %) and `-1` where the rate has no base (shown '/'); durations
//! are seconds; times are epoch milliseconds; empty text is `""` (shown '-').

pub mod online;

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
    /// Platform usage (02 §7.5) of the class calls: `class` (class type 3, the default),
    /// `group` (small groups, class type 2), `fullDay` (every lesson a teacher gives) or
    /// `system` (every teacher in scope, lessons or not).
    #[serde(default)]
    #[ts(optional)]
    pub usage_type: Option<String>,
    /// First-lesson statistics (02 §3.3): `ZJ` first lessons of full-price packages (the
    /// default) or `ST` trial lessons.
    #[serde(default)]
    #[ts(optional)]
    pub tab_type: Option<String>,
    /// First-lesson statistics: the grouping (`areaSchoolRank` schools, `areaCount` areas,
    /// `subjectCount`, `groupCount` project teams, `teacherCount`, `consultantCount`,
    /// `learnManagerCount`); each screen offers some, its first the default.
    #[serde(default, rename = "type")]
    #[ts(optional)]
    pub stat_type: Option<String>,
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

// Lesson preparation (02 §3.2 "Lesson preparation", §7.2). A held lesson is *bound* when its
// teacher bound at least one resource to it beforehand, *recycled* when resources were
// collected back from the students; rates are over the lessons.

/// `/lessonPrepare/statistics/summary` (one-on-one), `/lessonPrepare/teacherLessonDetail/summary`
/// (classes): the period's totals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PrepSummary {
    pub teacher_count: i64,
    pub lesson_count: i64,
    pub bind_res_lesson_count: i64,
    pub bind_res_lesson_count_rate: f64,
    pub is_recycle_count: i64,
    pub is_recycle_rate: f64,
    /// Students' submissions collected.
    pub recycle_collection_count: i64,
    /// Feedback reports sent to families for these lessons.
    pub send_feedback_report_count: i64,
    /// Resources published to the students.
    pub publish_resource: i64,
    /// Resources collected back.
    pub recycle_resource: i64,
}

/// One teacher's lesson preparation over the period.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PrepTeacherRow {
    pub teacher_id: i64,
    pub teacher_name: String,
    pub teacher_email: String,
    pub school_name: String,
    pub lesson_count: i64,
    pub bind_res_lesson_count: i64,
    pub bind_res_lesson_count_rate: f64,
    pub is_recycle_count: i64,
    pub recycle_collection_count: i64,
    pub send_feedback_report_count: i64,
    pub publish_resource: i64,
    pub recycle_resource: i64,
    /// Days since the teacher began teaching, and since they joined (as of today).
    pub teacher_teach_time: i64,
    pub teacher_company_time: i64,
}

/// One held lesson's preparation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PrepLessonRow {
    pub lesson_id: i64,
    /// Epoch ms.
    pub lesson_time: i64,
    pub lesson_time_desc: String,
    pub class_code: String,
    pub class_name: String,
    pub subject_name: String,
    pub school_name: String,
    pub teacher_name: String,
    pub teacher_email: String,
    /// Students present (or late).
    pub student_count: i64,
    /// Resources bound to the lesson.
    pub bind_resource_count: i64,
    pub bind_res_lesson_desc: String,
    pub publish_resource: i64,
    pub recycle_resource: i64,
    pub is_recycle_desc: String,
    pub recycle_collection_count: i64,
    pub no_recycle_cause: i64,
    /// Why nothing was collected; `""` when collected or not said.
    pub no_recycle_cause_desc: String,
    pub send_feedback_report_count: i64,
    pub teacher_teach_time: i64,
    pub teacher_company_time: i64,
}

// Platform usage (02 §3.2 "Teacher platform usage", §7.5). A teacher's usage is *valid* (达标)
// when at least half the lessons they gave in the period had resources bound to them.

/// One teacher's use of the platform over the period.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UsageTeacherRow {
    pub teacher_id: i64,
    pub teacher_name: String,
    pub teacher_email: String,
    pub school_name: String,
    pub dept_name: String,
    /// 1 valid, 0 not, -1 no lessons (shown '/').
    pub platform_usage_valid: i64,
    pub platform_usage_valid_str: String,
    pub total_lesson_cnt: i64,
    /// Lessons with resources bound.
    pub total_bind_res_lesson_cnt: i64,
    pub total_service_stu_cnt: i64,
    pub total_usage_collection_cnt: i64,
    pub total_usage_ar_cnt: i64,
    pub total_bind_resource_cnt: i64,
    /// Feedback reports sent.
    pub total_feedback_cnt: i64,
    pub total_login_day_cnt: i64,
    /// 在职 or 离职.
    pub teacher_status: String,
}

/// A teacher's use of the platform for one student (the student views).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UsageStudentRow {
    pub teacher_id: i64,
    pub teacher_name: String,
    pub teacher_email: String,
    pub student_code: String,
    pub student_name: String,
    pub school_name: String,
    pub platform_usage_valid: i64,
    pub platform_usage_valid_str: String,
    /// The student's lessons with the teacher.
    pub total_lesson_cnt: i64,
    /// Of those, the lessons with resources bound.
    pub total_bind_res_lesson_cnt: i64,
    pub total_bind_resource_cnt: i64,
    /// Feedback reports sent for this student.
    pub total_feedback_cnt: i64,
}

/// `…ValidSummary`: the period's totals of a usage view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UsageValidSummary {
    pub teacher_cnt: i64,
    pub valid_teacher_cnt: i64,
    /// Valid teachers over the teachers with lessons.
    pub total_platform_usage_valid_rate: f64,
    pub total_lesson_cnt: i64,
    pub total_bind_res_lesson_cnt: i64,
    pub total_service_stu_cnt: i64,
    pub total_feedback_cnt: i64,
    pub total_login_day_cnt: i64,
}

/// `systemUse/deptSummaryList`: a department's teachers and how many use the platform validly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DeptUsageRow {
    pub school_name: String,
    pub dept_name: String,
    /// Teachers (active) of the department.
    pub teacher_cnt: i64,
    /// Those who gave lessons in the period, and of them the valid ones.
    pub teaching_teacher_cnt: i64,
    pub valid_teacher_cnt: i64,
    /// Those who signed in at least once in the period.
    pub login_teacher_cnt: i64,
    pub total_platform_usage_valid_rate: f64,
}

// Feedback statistics (02 §3.2 "Feedback statistics", §7.7). A report is *due* for each student
// present (or late) at a held lesson. Create rates are over the due reports; export and send
// rates over the created ones; the open rate over the sent ones.

/// One due report: a student at a lesson (`/feedback/statistics/detail`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackDetailRow {
    pub lesson_id: i64,
    pub lesson_time: i64,
    pub lesson_time_desc: String,
    pub class_name: String,
    pub subject_name: String,
    pub school_name: String,
    pub teacher_name: String,
    pub teacher_email: String,
    pub student_code: String,
    pub student_name: String,
    /// 0 when no report was created.
    pub report_id: i64,
    pub create_time: i64,
    pub is_create_desc: String,
    pub is_create_in24h_desc: String,
    pub is_export_desc: String,
    pub is_send_desc: String,
    pub is_open_desc: String,
}

/// The rates of a group of due reports (project, subject, teacher views, and the totals).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackStatRow {
    /// The project, subject or teacher id; 0 for the totals.
    pub id: i64,
    /// Project, subject or teacher name.
    pub name: String,
    /// Teacher view: e-mail and school.
    pub email: String,
    pub school_name: String,
    pub should_report_count: i64,
    pub create_report_count: i64,
    pub create_report_in24h_count: i64,
    pub export_report_count: i64,
    pub transmit_report_count: i64,
    pub open_report_count: i64,
    pub total_create_report_rate: f64,
    pub total_create_report_in24h_rate: f64,
    pub total_export_report_rate: f64,
    pub total_transmit_report_rate: f64,
    pub total_open_report_rate: f64,
}

/// A statistics page: the rows and the totals over every row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackStatPage {
    pub records: Vec<FeedbackStatRow>,
    pub total: i64,
    pub page_no: i64,
    pub page_size: i64,
    pub summary: FeedbackStatRow,
}

/// A row of the first-lesson statistics (02 §3.3): a school, area, subject, project team,
/// teacher, consultant or learning manager (the grouping's name fields set, the others empty),
/// or the totals. `ZJ` rows fill the `f1*`/`f3*` counts, `ST` rows the `st*` and conversion
/// counts; both the step counts of the screen's role (all steps on the overall screen).
/// Rates are fractions, -1 without a base.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FirstStatRow {
    /// 1-based place by success rate (`ZJ`: f1LessonSuccRate, `ST`: day30ZjRate), on school rows.
    pub rank: i64,
    pub school_name: String,
    pub area_name: String,
    pub subject_name: String,
    pub group_name: String,
    pub teacher_name: String,
    pub teacher_email: String,
    /// Consultant and learning-manager rows.
    pub staff_name: String,
    pub staff_email: String,
    /// First lessons due: first full-price packages bought in the period.
    pub f1_lesson_total_cnt: i64,
    /// Of those, first lessons held.
    pub f1_lesson_cnt: i64,
    /// Held first lessons followed by a second lesson.
    pub f1_lesson_succ_cnt: i64,
    /// f1LessonSuccCnt / f1LessonCnt.
    pub f1_lesson_succ_rate: f64,
    /// Held first lessons whose third lesson was held.
    pub f3_lesson_succ_cnt: i64,
    /// f3LessonSuccCnt / f1LessonCnt.
    pub f3_lesson_succ_rate: f64,
    pub st_lesson_cnt: i64,
    pub st_student_cnt: i64,
    pub st_order_cnt: i64,
    /// Trials followed by a full-price purchase within 30 days; rate over stLessonCnt.
    pub day30_zj_cnt: i64,
    pub day30_zj_rate: f64,
    pub day90_zj_cnt: i64,
    pub day90_zj_rate: f64,
    /// … within 90 days, with the trial's teacher.
    pub teacher_zj_cnt: i64,
    pub teacher_zj_rate: f64,
    /// … within 90 days, in the trial's subject.
    pub subject_zj_cnt: i64,
    pub subject_zj_rate: f64,
    pub step_total_cnt: i64,
    pub step_finished_cnt: i64,
    /// stepFinishedCnt / stepTotalCnt.
    pub step_finished_rate: f64,
    /// Finished steps checked by QC; rate over stepFinishedCnt.
    pub step_qc_cnt: i64,
    pub step_qc_rate: f64,
    /// Checked steps found qualified; rate over stepQcCnt.
    pub step_qc_qualified_cnt: i64,
    pub step_qc_qualified_rate: f64,
    /// Finished count and rate (over that step's count) of each step.
    pub handover_finished_cnt: i64,
    pub handover_finished_rate: f64,
    pub start_call_finished_cnt: i64,
    pub start_call_finished_rate: f64,
    pub feedback_finished_cnt: i64,
    pub feedback_finished_rate: f64,
    pub followup_finished_cnt: i64,
    pub followup_finished_rate: f64,
    /// Pre-handovers finished (school and area rows).
    #[serde(rename = "handoverYJJ")]
    pub handover_yjj: i64,
    #[serde(rename = "handoverYJJRate")]
    pub handover_yjj_rate: f64,
}

/// A first-lesson statistics page: the rows and the totals over every row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FirstStatPage {
    pub records: Vec<FirstStatRow>,
    pub total: i64,
    pub page_no: i64,
    pub page_size: i64,
    pub summary: FirstStatRow,
}

/// A row of the first-lesson detail (02 §3.3): a service step of a student's first (or trial)
/// lesson with the lesson's facts; a lesson without steps has one row with empty step fields.
/// Statuses are description strings; times epoch ms (0 = none).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FirstDetailRow {
    /// 正价课首课 or 试听课.
    pub course_type_desc: String,
    pub student_code: String,
    pub student_name: String,
    pub teacher_name: String,
    pub teacher_email: String,
    /// The teacher's teaching and company age in days.
    pub teaching_age: i64,
    pub company_age: i64,
    pub school_name: String,
    pub subject_name: String,
    pub f1_status: String,
    pub f3_status: String,
    pub f1_lesson_time: i64,
    pub f2_lesson_time: i64,
    pub f3_lesson_time: i64,
    pub f4_lesson_time: i64,
    pub f1_area_name: String,
    pub f1_package_code: String,
    pub product_name: String,
    /// 是 when the package was refunded before any lesson.
    pub f1_is_canceled: String,
    /// The first lesson's (or trial's) time.
    pub lesson_time: i64,
    pub task_name: String,
    pub task_code_desc: String,
    pub step_name: String,
    pub step_status: String,
    pub step_executor_name: String,
    /// The step's executor (consultant and learning-manager views).
    pub staff_name: String,
    pub staff_email: String,
    pub step_start_time: i64,
    pub step_end_time: i64,
    pub step_finish_time: i64,
    /// From the step's start to its finish, hh:mm:ss ('' when not done).
    pub step_finish_interval: String,
    pub qc_status: String,
    pub last_qc_time: i64,
    pub last_qc_operator_name: String,
    pub last_qc_remark: String,
    pub ai_result_status_desc: String,
    pub first_tag: String,
    /// Trials: 是/否 for each conversion, the trial's time and area, the full-price purchase.
    pub day30_zj_status: String,
    pub day90_zj_status: String,
    pub teacher_zj_status: String,
    pub subject_zj_status: String,
    pub st_f1_lesson_time: i64,
    pub st_f1_area_name: String,
    pub zj_registration_time: i64,
    pub zj_registration_order: String,
    pub subject_zj_f1_lesson_time: i64,
    pub subject_zj_f1_teacher: String,
    pub same_teacher_flag: String,
    /// The executor's share of their steps of this kind done; the same over the school's and
    /// over everyone's in scope (consultant and learning-manager views).
    pub contribution_rate: f64,
    pub school_filling_rate: f64,
    pub allover_filling_rate: f64,
}

/// A trainee of the basic training examination: the exams they were enrolled in within the
/// period, sat, passed, and their scores (as percentages of each exam's total).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TraineeRow {
    pub teacher_id: i64,
    pub teacher_name: String,
    pub teacher_email: String,
    pub school_name: String,
    pub subject_name: String,
    /// Teaching and company age in days.
    pub teaching_age: i64,
    pub company_age: i64,
    pub exam_cnt: i64,
    pub taken_cnt: i64,
    pub passed_cnt: i64,
    /// passedCnt / examCnt (-1 without exams).
    pub pass_rate: f64,
    /// Average and best score in percent of the totals (-1 when none sat).
    pub avg_score_rate: f64,
    pub max_score_rate: f64,
    /// Score band (02 §5, 0–4) of the average; -1 when none sat.
    pub score_band: i64,
    pub last_exam_time: i64,
}

/// An exam of the basic training examination with how its trainees did.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TrainingExamRow {
    pub exam_id: i64,
    pub exam_name: String,
    pub category_desc: String,
    /// 全学科 when the exam is for every subject.
    pub subject_name: String,
    pub held_time: i64,
    pub total_score: i64,
    pub pass_score: i64,
    pub enrolled_cnt: i64,
    pub taken_cnt: i64,
    pub passed_cnt: i64,
    /// takenCnt / enrolledCnt; passedCnt / takenCnt.
    pub take_rate: f64,
    pub pass_rate: f64,
    pub avg_score: f64,
    pub max_score: i64,
    pub min_score: i64,
}

/// One trainee's result in one exam.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TrainingResultRow {
    pub exam_name: String,
    pub category_desc: String,
    pub held_time: i64,
    pub teacher_name: String,
    pub teacher_email: String,
    pub school_name: String,
    /// -1 when not sat.
    pub score: i64,
    pub total_score: i64,
    /// 已通过, 未通过 or 缺考.
    pub result_desc: String,
    pub submit_time: i64,
    pub used_minutes: i64,
}
