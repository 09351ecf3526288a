//! Record tools (`record-tool` area; the spec names the screens under `/recordTool` — startRecord,
//! proceedRecord, recordStudentList, recordScan, testLayout, recordVisitManage — and no calls):
//! lesson visits (听课记录). A manager or inspector visits an offline lesson of their schools,
//! scores it on the organisation's record sheet (its dimensions, each with a maximum), notes
//! what happens with the minute, rates each student's attention, and finishes the record; the
//! lesson's teacher then reads it. A lesson's scan code (shown in the classroom) opens its visit.
//!
//! Times are epoch milliseconds; days are `YYYY-MM-DD` in China time.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::teaching::ScheduleLesson;

/// The longest note of a visit's timeline, and how many a visit keeps.
pub const MAX_VISIT_NOTE_CHARS: usize = 500;
pub const MAX_VISIT_NOTES: usize = 200;
/// The longest summary of a visit, and of a note on one student.
pub const MAX_VISIT_SUMMARY_CHARS: usize = 2000;
pub const MAX_VISIT_STUDENT_NOTE_CHARS: usize = 200;
/// The record sheet: at most this many dimensions, each scored up to at most `MAX_DIMENSION_SCORE`.
pub const MAX_LAYOUT_DIMENSIONS: usize = 12;
pub const MAX_DIMENSION_SCORE: i64 = 100;
/// How long a lesson's scan code stays valid (the day it is shown, and a margin).
pub const LESSON_CODE_TTL_MS: i64 = 36 * 60 * 60 * 1000;

/// `recordTool/lessons`: the offline lessons of one day a visitor may visit.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct VisitLessonsRequest {
    /// `YYYY-MM-DD`.
    pub day: String,
}

/// A lesson that may be visited, with the visits it has.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct VisitableLesson {
    pub lesson: ScheduleLesson,
    pub school_name: String,
    /// The caller's visit of it (0: none yet).
    pub my_visit_id: i64,
    /// Visits of it by anyone.
    pub visit_count: i64,
}

/// One lesson (`visit/start`, `lesson/code`).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct VisitLessonRequest {
    pub lesson_id: i64,
}

/// One visit (`visit/detail`, `visit/finish`, `visit/delete`, `visit/students`).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct VisitIdRequest {
    pub id: i64,
}

/// A dimension of the record sheet.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct LayoutDimension {
    /// Stable within the sheet (letters, digits, `_`; at most 32).
    pub key: String,
    pub name: String,
    pub description: String,
    pub max_score: i64,
}

/// `recordTool/layout/save`: the whole sheet, in order. Visits already started keep the sheet
/// they started with.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct LayoutSaveRequest {
    pub dimensions: Vec<LayoutDimension>,
}

/// A dimension of a visit with its score (absent: not scored yet).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct VisitScore {
    pub key: String,
    pub name: String,
    pub description: String,
    pub max_score: i64,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<i64>,
}

/// A timeline note: `minute` of the lesson (0 = its start) and what happened.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct VisitNote {
    pub minute: i64,
    pub text: String,
}

/// A visit as its pages show it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct VisitDetail {
    pub id: i64,
    /// `VISIT_STATUSES`: 0 recording, 1 finished.
    pub status: i64,
    pub status_name: String,
    pub lesson: ScheduleLesson,
    pub school_name: String,
    pub visitor_id: i64,
    pub visitor_name: String,
    pub started_at: i64,
    /// 0 while recording.
    pub finished_at: i64,
    pub scores: Vec<VisitScore>,
    /// The sum of the scores given, and of the maxima.
    pub total_score: i64,
    pub max_total: i64,
    pub notes: Vec<VisitNote>,
    pub summary: String,
    /// The caller is the visitor and the record is not finished.
    pub can_edit: bool,
}

/// A score given (`score` absent: cleared).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct VisitScoreInput {
    pub key: String,
    #[ts(optional)]
    pub score: Option<i64>,
}

/// `recordTool/visit/save`: the record as the visitor has it now (scores of the sheet's keys,
/// the whole timeline, the summary).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct VisitSaveRequest {
    pub id: i64,
    pub scores: Vec<VisitScoreInput>,
    pub notes: Vec<VisitNote>,
    pub summary: String,
}

/// A student of the visited lesson, with attendance and the visitor's rating.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct VisitStudent {
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub grade_name: String,
    /// 0 before the lesson is recorded; else `ATTENDANCE_STATUSES`.
    pub attendance_status: i64,
    pub attendance_name: String,
    /// `VISIT_ATTENTION` (0: not rated).
    pub attention: i64,
    pub attention_name: String,
    pub note: String,
}

/// `recordTool/visit/student/save`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct VisitStudentSaveRequest {
    pub id: i64,
    pub student_id: i64,
    /// 0 clears the rating; else `VISIT_ATTENTION`.
    pub attention: i64,
    pub note: String,
}

/// `recordTool/visits` (听课管理): visits of lessons between the days `from` and `to` (both
/// included, at most 366 days apart). Managers and inspectors see the visits in their schools,
/// a teacher the finished visits of their own lessons.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct VisitListRequest {
    pub from: String,
    pub to: String,
    /// `VISIT_STATUSES`; absent: both.
    #[ts(optional)]
    pub status: Option<i64>,
    /// Only the caller's own visits.
    #[ts(optional)]
    pub mine: Option<bool>,
    /// Part of the teacher's name, the class's name or code.
    #[ts(optional)]
    pub keyword: Option<String>,
    /// Only the visits of this lesson (a lesson's page).
    #[ts(optional)]
    pub lesson_id: Option<i64>,
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[ts(optional)]
    pub page_size: Option<i64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct VisitRow {
    pub id: i64,
    pub lesson_id: i64,
    pub class_code: String,
    pub class_name: String,
    pub subject_name: String,
    pub teacher_name: String,
    pub school_name: String,
    pub lesson_title: String,
    pub lesson_start: i64,
    pub visitor_name: String,
    pub status: i64,
    pub status_name: String,
    pub total_score: i64,
    pub max_total: i64,
    pub started_at: i64,
    pub finished_at: i64,
    /// The caller may delete it (their own visit, or an admin).
    pub can_delete: bool,
}

/// `recordTool/lesson/code`: the lesson's scan code, and the page it opens.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LessonCode {
    pub code: String,
    /// `/recordTool/recordScan?code=…`, for a QR code.
    pub path: String,
    pub expire_time: i64,
}

/// `recordTool/scan`: a scanned (or typed) code.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ScanRequest {
    pub code: String,
}
