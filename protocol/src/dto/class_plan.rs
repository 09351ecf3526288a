//! One-on-one course plans (一对一课程计划, `/easyServer/OneOnOneClassPlan`) and their plan reports
//! (规划报告, `/easyServer/planReport`). The spec names the screens and no calls; the calls are
//! ours, under `/api/classPlan`.
//!
//! A plan belongs to a one-on-one lesson package: its teacher sets the goal and the lessons in
//! order (a topic, knowledge points, a note). The package's lessons the student attended (present
//! or late) take the plan's items in order, so the n-th attended lesson carries out the n-th item;
//! progress is read from the attendance records, never stored. Times are epoch milliseconds.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::analysis::AnalysisPoint;

pub const MAX_PLAN_GOAL_CHARS: usize = 1000;
pub const MAX_PLAN_TITLE_CHARS: usize = 60;
pub const MAX_PLAN_NOTE_CHARS: usize = 500;
/// Knowledge points one planned lesson may name.
pub const MAX_PLAN_ITEM_POINTS: usize = 20;
/// A plan has at most this many items (and never more than the package's lessons).
pub const MAX_PLAN_ITEMS: usize = 200;

/// A plan's state: none written yet, a draft, confirmed with the family.
pub const PLAN_NONE: i64 = 0;
pub const PLAN_DRAFT: i64 = 1;
pub const PLAN_CONFIRMED: i64 = 2;
pub const PLAN_STATUSES: [(i64, &str); 3] = [(PLAN_NONE, "未制定"), (PLAN_DRAFT, "草稿"), (PLAN_CONFIRMED, "已确认")];

/// `classPlan/packages`: the one-on-one packages whose plans the caller writes or follows.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ClassPlanPackagesRequest {
    /// Student name, student code or package name contains it.
    #[serde(default)]
    pub keyword: String,
    /// `PLAN_STATUSES` (-1 or absent: all).
    #[serde(default = "all_statuses")]
    pub status: i64,
}

fn all_statuses() -> i64 {
    -1
}

/// A package with its plan's state and the lessons used.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ClassPlanPackage {
    pub package_id: i64,
    pub code: String,
    pub name: String,
    pub subject: i64,
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub grade: String,
    pub teacher_id: i64,
    pub teacher_name: String,
    /// Lessons bought plus given.
    pub total_lessons: i64,
    /// Lessons attended (present or late) on the package.
    pub used_lessons: i64,
    pub bought_at: i64,
    pub plan_status: i64,
    pub plan_status_name: String,
    pub planned_items: i64,
    /// Items carried out: at most the attended lessons.
    pub done_items: i64,
}

/// One package's plan (`classPlan/detail`, `confirm`, `report`).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ClassPlanRequest {
    pub package_id: i64,
}

/// A lesson of the package as the attendance records have it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ClassPlanLesson {
    pub lesson_id: i64,
    pub start_at: i64,
    pub end_at: i64,
    /// Attendance: 1 present, 2 late, 3 absent, 4 on leave.
    pub status: i64,
    pub status_name: String,
}

/// An item of the plan, with the lesson that carried it out.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ClassPlanItem {
    /// From 1.
    pub position: i64,
    pub title: String,
    pub points: Vec<AnalysisPoint>,
    pub note: String,
    pub lesson: Option<ClassPlanLesson>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ClassPlan {
    pub package: ClassPlanPackage,
    pub goal: String,
    pub status: i64,
    pub status_name: String,
    pub items: Vec<ClassPlanItem>,
    /// Every lesson recorded on the package, oldest first (absences and leave included).
    pub lessons: Vec<ClassPlanLesson>,
    /// The caller is the package's teacher.
    pub can_edit: bool,
    /// 0 when no plan was written.
    pub updated_at: i64,
    pub confirmed_at: Option<i64>,
}

/// An item as the teacher writes it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ClassPlanItemInput {
    pub title: String,
    #[serde(default)]
    pub point_ids: Vec<i64>,
    #[serde(default)]
    pub note: String,
}

/// `classPlan/save`: the whole plan. A confirmed plan saved again stays confirmed.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct SaveClassPlanRequest {
    pub package_id: i64,
    pub goal: String,
    pub items: Vec<ClassPlanItemInput>,
    /// The plan's `updatedAt` as read (0 for a new plan): a save over a newer one is refused (A0409).
    pub updated_at: i64,
}

/// Attendance on the package, counted.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ClassPlanAttendance {
    pub present: i64,
    pub late: i64,
    pub absent: i64,
    pub leave: i64,
    /// Present or late among the lessons recorded (-1: none recorded).
    pub attendance_rate: f64,
}

/// `classPlan/report`: the plan report (规划报告).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ClassPlanReport {
    pub plan: ClassPlan,
    pub attendance: ClassPlanAttendance,
    /// Lessons left on the package: total less used, never below 0.
    pub remaining_lessons: i64,
    /// Items carried out as a share of the items (-1: no items).
    pub progress_rate: f64,
    /// Distinct knowledge points planned, and those in items carried out.
    pub planned_points: i64,
    pub covered_points: i64,
    /// The next items to come (at most 3).
    pub upcoming: Vec<ClassPlanItem>,
}
