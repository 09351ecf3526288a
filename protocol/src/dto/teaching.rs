//! The teaching service (易服务, 01 §2 `/easyServer`): the caller's students, classes, schedule
//! and lessons, and the feedback reports they write. The spec names the screens only; these
//! calls are ours and read the data centre's records (02 §3.2–3.4).
//!
//! "My" follows the caller's role: a teacher's own classes and their students, an online
//! tutor's groups, a consultant's or learning manager's students (and their classes), a
//! manager's schools or areas. Times are epoch ms (0 when absent); days are `YYYY-MM-DD` in
//! China time.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `POST /api/teaching/schedule`: the lessons of the days `from` to `to` (both included, at
/// most 62 days).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ScheduleRequest {
    pub from: String,
    pub to: String,
}

/// A lesson of a schedule or of a class: offline (a class's lesson) or online (a live class's).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ScheduleLesson {
    pub id: i64,
    pub online: bool,
    pub class_id: i64,
    pub class_code: String,
    pub class_name: String,
    /// 1 one-on-one, 2 small group, 3 class, 4 online (`CLASS_TYPES`).
    pub class_type: i64,
    pub subject_name: String,
    pub grade_name: String,
    pub teacher_name: String,
    pub title: String,
    pub lesson_no: i64,
    pub start_time: i64,
    pub end_time: i64,
    /// 0 scheduled, 1 held, 2 cancelled (`LESSON_STATUSES`).
    pub status: i64,
    pub status_name: String,
    /// Students expected (in the class at the lesson).
    pub student_count: i64,
    /// Held lessons: students present or late.
    pub present_count: i64,
    /// Offline lessons: reports written for it, and of them submitted.
    pub report_count: i64,
    pub submitted_count: i64,
}

/// `POST /api/teaching/lesson/detail`, `/api/teaching/class/detail`, `/api/teaching/student/detail`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct TeachingIdRequest {
    pub id: i64,
}

/// An offline lesson with its students, their attendance and their reports.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LessonDetail {
    pub lesson: ScheduleLesson,
    pub school_name: String,
    pub area_name: String,
    /// The caller teaches it, so may write its reports (写反馈).
    pub can_write_feedback: bool,
    pub students: Vec<LessonStudent>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LessonStudent {
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub grade_name: String,
    /// 0 before the lesson is recorded; else `ATTENDANCE_STATUSES`.
    pub attendance_status: i64,
    pub attendance_name: String,
    pub clock_in_time: i64,
    pub leave_name: String,
    /// 0 when no report is written yet.
    pub report_id: i64,
    /// A `REPORT_STAGES` key, or "" without a report.
    pub report_stage: String,
    pub report_stage_name: String,
}

/// `POST /api/teaching/students`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct MyStudentsRequest {
    /// Name or code holds it.
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
    /// Students of classes of this type (`CLASS_TYPES`).
    #[serde(default)]
    #[ts(optional)]
    pub class_type: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub grade: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MyStudentRow {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub grade_name: String,
    pub school_name: String,
    pub area_name: String,
    pub consultant_name: String,
    pub learning_manager_name: String,
    /// Classes (offline and online) the student is in now.
    pub class_count: i64,
    /// The student's lessons held in the last 30 days, and of them attended (present or late).
    pub recent_lessons: i64,
    pub recent_attended: i64,
    pub last_lesson_time: i64,
    pub next_lesson_time: i64,
}

/// A student's page: who they are, their classes, one-on-one packages and exams. Lessons and
/// reports come page by page from their own calls.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentDetail {
    pub student: MyStudentRow,
    pub mobile: String,
    pub classes: Vec<StudentClass>,
    pub packages: Vec<StudentPackage>,
    pub exams: Vec<StudentExamScore>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentClass {
    pub class_id: i64,
    pub online: bool,
    pub class_code: String,
    pub class_name: String,
    pub class_type: i64,
    pub subject_name: String,
    pub teacher_name: String,
    pub joined_time: i64,
    /// 0 while still in the class.
    pub left_time: i64,
    /// Held lessons the student was due at, and attended.
    pub due_lessons: i64,
    pub attended_lessons: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentPackage {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub subject_name: String,
    pub teacher_name: String,
    /// Lessons bought and given.
    pub buy_count: i64,
    pub gift_count: i64,
    /// Lessons taken from it (attended on the package: present or late).
    pub used_count: i64,
    pub remaining_count: i64,
    pub bought_time: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentExamScore {
    pub exam_id: i64,
    pub exam_name: String,
    pub exam_time: i64,
    pub exam_type_name: String,
    pub subject_name: String,
    /// -1 when not given.
    pub score: i64,
    pub full_marks: i64,
    pub class_rank: i64,
    pub grade_rank: i64,
}

/// `POST /api/teaching/student/lessons`: a page of the student's lessons, newest first.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct StudentLessonsRequest {
    pub student_id: i64,
    /// Only lessons the student clocked in at (the clock-in tab).
    #[serde(default)]
    #[ts(optional)]
    pub clocked_in: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentLessonRow {
    pub lesson_id: i64,
    pub class_id: i64,
    pub class_name: String,
    pub class_type: i64,
    pub subject_name: String,
    pub teacher_name: String,
    pub start_time: i64,
    pub minutes: i64,
    pub attendance_name: String,
    pub clock_in_time: i64,
    pub leave_name: String,
    pub lesson_type_name: String,
}

/// `POST /api/teaching/classes`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct MyClassesRequest {
    /// Name or code holds it.
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
    /// `CLASS_TYPES`; 4 lists the online classes.
    #[serde(default)]
    #[ts(optional)]
    pub class_type: Option<i64>,
    /// "ongoing" (a lesson still to come), "finished", or all.
    #[serde(default)]
    #[ts(optional)]
    pub state: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MyClassRow {
    pub id: i64,
    pub online: bool,
    pub code: String,
    pub name: String,
    pub class_type: i64,
    pub class_type_name: String,
    pub subject_name: String,
    pub grade_name: String,
    pub teacher_name: String,
    pub school_name: String,
    pub area_name: String,
    /// Students in the class now.
    pub student_count: i64,
    pub lesson_count: i64,
    pub held_count: i64,
    pub first_lesson_time: i64,
    pub last_lesson_time: i64,
    /// 0 when no lesson is to come.
    pub next_lesson_time: i64,
}

/// An offline class with its students and lessons.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ClassDetail {
    pub class: MyClassRow,
    pub students: Vec<ClassStudent>,
    pub lessons: Vec<ScheduleLesson>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ClassStudent {
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub grade_name: String,
    pub joined_time: i64,
    pub left_time: i64,
    /// Held lessons recorded for the student, and of them present, late, absent, on leave.
    pub due_lessons: i64,
    pub present: i64,
    pub late: i64,
    pub absent: i64,
    pub leave: i64,
    /// Reports written for the student in this class, and of them submitted.
    pub report_count: i64,
    pub submitted_count: i64,
}

/// `POST /api/teaching/reports`: the reports the caller writes or co-writes.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct MyReportsRequest {
    /// A `REPORT_STAGES` key.
    #[serde(default)]
    #[ts(optional)]
    pub stage: Option<String>,
    /// Student name or code, class name or lesson title holds it.
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
    /// Lessons of these days (`YYYY-MM-DD`, both included).
    #[serde(default)]
    #[ts(optional)]
    pub from: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub to: Option<String>,
    /// The reports of one student.
    #[serde(default)]
    #[ts(optional)]
    pub student_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MyReportRow {
    pub report_id: i64,
    pub lesson_id: i64,
    pub lesson_title: String,
    pub lesson_start_time: i64,
    pub class_name: String,
    pub student_id: i64,
    pub student_name: String,
    pub student_code: String,
    pub teacher_name: String,
    /// The caller owns it (else they co-write or read it as a member).
    pub owner: bool,
    pub can_edit: bool,
    /// A `REPORT_STAGES` key.
    pub stage: String,
    pub stage_name: String,
    pub submitted_time: i64,
    pub sent_time: i64,
    pub opened_time: i64,
    pub update_time: i64,
    pub expire_time: i64,
}

/// `POST /api/teaching/reports/due`: a student present at one of the caller's lessons of the
/// last `REPORT_DUE_DAYS` days whose report is not submitted yet.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DueReportRow {
    pub lesson_id: i64,
    pub lesson_title: String,
    pub lesson_start_time: i64,
    pub class_name: String,
    pub student_id: i64,
    pub student_name: String,
    pub student_code: String,
    /// 0 when not started.
    pub report_id: i64,
    pub stage: String,
    pub stage_name: String,
}

/// `POST /api/teaching/colleagues`: staff of the caller's schools to share a document with.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ColleagueRequest {
    /// Name or e-mail holds it.
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Colleague {
    pub email: String,
    pub name: String,
    pub school_names: Vec<String>,
}
