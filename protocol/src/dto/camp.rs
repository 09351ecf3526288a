//! Learning camps (`camp` area: 03 §3, §4, §7.6, §7.8): a camp's structure (phases of tasks),
//! its publishing, the students who join it through its link, and its statistics.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// One task to add to a camp phase: `bizId` is the uploaded file (a fileId or resource id).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PhaseTaskItem {
    /// The file of a document, media or image task; empty for a question set or flash cards.
    #[serde(default)]
    pub biz_id: String,
    pub task_name: String,
    #[serde(default)]
    pub ext: String,
    /// `CAMP_TASK_TYPES`; a file's own kind decides between document, media and image.
    pub task_type: i64,
    /// The questions of a question set (type 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub questions: Option<Vec<CampQuestion>>,
    /// The cards of a flash-card task (type 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cards: Option<Vec<FlashCard>>,
}

/// A multiple-choice question of a camp question set; `answer` is the index of the right option.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampQuestion {
    pub stem: String,
    pub options: Vec<String>,
    pub answer: i64,
}

/// A flash card: a prompt and what is on its back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FlashCard {
    pub front: String,
    pub back: String,
}

/// `POST /camp/add-phase-task` (addPhaseTask). Without a camp and phase nothing is added.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AddPhaseTaskRequest {
    #[serde(default)]
    #[ts(optional)]
    pub camp_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub phase_id: Option<i64>,
    pub task_list: Vec<PhaseTaskItem>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PhaseTask {
    pub task_id: i64,
    pub camp_id: i64,
    pub phase_id: i64,
    pub biz_id: String,
    pub task_name: String,
    pub ext: String,
    pub task_type: i64,
    pub task_type_name: String,
    pub seq_no: i64,
    /// A question set's questions (with their answers: this is the teacher's view).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub questions: Option<Vec<CampQuestion>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cards: Option<Vec<FlashCard>>,
}

/// `POST /camp/update-task-bizId` (updateTaskBizId): a retried upload's new file for its task.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UpdateTaskBizIdRequest {
    pub task_id: i64,
    pub biz_id: String,
}

/// `POST /collection/create`: a knowledge-base collection that groups camps.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CreateCollectionRequest {
    pub collection_name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampCollection {
    pub collection_id: i64,
    pub collection_name: String,
    pub camp_count: i64,
}

/// `POST /camp/create`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CreateCampRequest {
    pub camp_name: String,
    #[serde(default)]
    #[ts(optional)]
    pub description: Option<String>,
    /// The collection it belongs to (one of the caller's).
    #[serde(default)]
    #[ts(optional)]
    pub collection_id: Option<i64>,
}

/// A camp named by id (`info`, `phase`, `publish`, `revoke`, `edit-revoke`, pause, shutdown,
/// the statistics' overview, phase and class lists).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampIdRequest {
    pub camp_id: i64,
}

/// A camp as its builder sees it (`/camp/info`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampInfo {
    pub camp_id: i64,
    pub camp_name: String,
    pub description: String,
    pub collection_id: Option<i64>,
    /// `CAMP_STATUSES`.
    pub status: i64,
    pub status_name: String,
    pub publish_rule: i64,
    pub publish_rule_name: String,
    /// When the first phase opens under the by-date rule (ms).
    pub start_time: Option<i64>,
    pub interval_days: i64,
    pub published_at: Option<i64>,
    /// How often it has been published (each publish of edits counts).
    pub published_version: i64,
    /// Edits not yet published (editing, or paused while editing): 撤销编辑 applies.
    pub has_edits: bool,
    pub phase_count: i64,
    pub task_count: i64,
    pub member_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A phase with its tasks, in stored order.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampPhase {
    pub phase_id: i64,
    pub phase_name: String,
    pub seq_no: i64,
    pub tasks: Vec<PhaseTask>,
}

/// `POST /camp/add-phase`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AddPhaseRequest {
    pub camp_id: i64,
    pub phase_name: String,
}

/// `POST /camp/delete-phase`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PhaseIdRequest {
    pub camp_id: i64,
    pub phase_id: i64,
}

/// `POST /camp/update-phase-name`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RenamePhaseRequest {
    pub camp_id: i64,
    pub phase_id: i64,
    pub phase_name: String,
}

/// `POST /camp/rename`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RenameCampRequest {
    pub camp_id: i64,
    pub camp_name: String,
    #[serde(default)]
    #[ts(optional)]
    pub description: Option<String>,
}

/// `POST /camp/update-phase-seqno`: every phase of the camp, in the new order.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PhaseOrderRequest {
    pub camp_id: i64,
    pub phase_ids: Vec<i64>,
}

/// `POST /camp/update-phase-task-seqno`: every task of the phase, in the new order.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskOrderRequest {
    pub camp_id: i64,
    pub phase_id: i64,
    pub task_ids: Vec<i64>,
}

/// A task of a camp (`delete-phase-task`, `doc-info`, `media-info`, `permission/preview`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampTaskRequest {
    pub camp_id: i64,
    pub task_id: i64,
}

/// `POST /camp/update-phase-task-name`; a question set's or flash cards' content may change too.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RenameTaskRequest {
    pub camp_id: i64,
    pub task_id: i64,
    pub task_name: String,
    #[serde(default)]
    #[ts(optional)]
    pub questions: Option<Vec<CampQuestion>>,
    #[serde(default)]
    #[ts(optional)]
    pub cards: Option<Vec<FlashCard>>,
}

/// `POST /camp/rule`: how the camp opens its phases.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampRuleRequest {
    pub camp_id: i64,
    /// `CAMP_PUBLISH_RULES`.
    pub publish_rule: i64,
    /// The by-date rule's opening day (ms); required by that rule.
    #[serde(default)]
    #[ts(optional)]
    pub start_time: Option<i64>,
    /// The by-date rule's days between phases (1–60).
    #[serde(default)]
    #[ts(optional)]
    pub interval_days: Option<i64>,
}

/// One phase under the camp's rule (`/camp/staging-rule`): when or on what it opens.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PhaseStage {
    pub phase_id: i64,
    pub phase_name: String,
    pub seq_no: i64,
    /// When it opens (by-date rule), else null.
    pub open_time: Option<i64>,
    /// What opens it, in words.
    pub open_condition: String,
}

/// A publish rule of the dictionary (`/camp/dict/publish-rule`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PublishRuleItem {
    pub code: i64,
    pub name: String,
    pub description: String,
}

/// A document or image task's file (`/camp/task/doc-info`) or a media task's
/// (`/camp/task/media-info`): what it is and a signed link to read or play it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskFileInfo {
    pub task_id: i64,
    pub task_type: i64,
    pub file_name: String,
    pub ext: String,
    pub size: i64,
    /// A signed, expiring URL of the file.
    pub url: String,
    pub expire_time: i64,
}

/// `/camp/task/permission/preview`: whether the caller may preview the task, and why not.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskPreviewPermission {
    pub allowed: bool,
    pub reason: String,
}

/// A distribution point of a camp's QR code (`getDpList`): the general code (0) or one of the
/// owner's classes, so statistics can tell which class a student came through.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DistributionPoint {
    pub dp_id: i64,
    pub dp_name: String,
    pub member_count: i64,
}

/// `GET /camp/publish/qrCode/getQrCode?campId&dpId`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QrCodeQuery {
    pub camp_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub dp_id: Option<i64>,
}

/// A camp's join link for one distribution point and its QR code.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampQrCode {
    pub camp_id: i64,
    pub dp_id: i64,
    pub dp_name: String,
    pub url: String,
    /// `data:image/svg+xml;base64,…`.
    pub qrcode: String,
    pub expire_time: i64,
}

/// A camp pause or shutdown (03 §7.8); `reason` is kept for the students' page.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampStateRequest {
    pub camp_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub reason: Option<String>,
}

/// `POST /camp/statistics/campListByCollectionId`: the caller's camps, of one collection or all.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampListRequest {
    #[serde(default)]
    #[ts(optional)]
    pub collection_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
    /// `CAMP_STATUSES`.
    #[serde(default)]
    #[ts(optional)]
    pub status: Option<i64>,
}

/// A camp in a list, with its headline figures.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampListRow {
    pub camp_id: i64,
    pub camp_name: String,
    pub collection_id: Option<i64>,
    pub status: i64,
    pub status_name: String,
    pub phase_count: i64,
    pub task_count: i64,
    pub member_count: i64,
    pub published_at: Option<i64>,
    pub updated_at: i64,
}

/// A code table of the statistics' filters (`/camp/statistics/enums`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampEnum {
    pub code: i64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampEnums {
    pub camp_statuses: Vec<CampEnum>,
    pub task_types: Vec<CampEnum>,
    pub progress: Vec<CampEnum>,
    pub publish_rules: Vec<CampEnum>,
    pub inactive_days: i64,
}

/// One day of a camp's activity.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampDay {
    /// `YYYY-MM-DD`, China time.
    pub day: String,
    pub done_count: i64,
    pub active_members: i64,
}

/// `/camp/statistics/overview`: the published camp's figures, from its members' records.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampOverview {
    pub camp_id: i64,
    pub camp_name: String,
    pub status: i64,
    pub phase_count: i64,
    pub task_count: i64,
    pub member_count: i64,
    /// Members with at least one task done.
    pub started_members: i64,
    /// Members with every task done.
    pub completed_members: i64,
    /// Members with nothing done in the last `CAMP_INACTIVE_DAYS` days.
    pub inactive_members: i64,
    pub done_count: i64,
    /// Tasks done over tasks to do (members × tasks), 0–1.
    pub completion_rate: f64,
    /// The mean score (percent) of question sets answered, if any.
    pub average_score: Option<f64>,
    /// Every day from the first join to today (at most the last 60).
    pub days: Vec<CampDay>,
}

/// One phase's figures (`/camp/statistics/phase/list`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PhaseStatRow {
    pub phase_id: i64,
    pub phase_name: String,
    pub seq_no: i64,
    pub task_count: i64,
    pub done_count: i64,
    pub completed_members: i64,
    pub completion_rate: f64,
}

/// One distribution point's figures (`/camp/statistics/class/list`): a class or the general code.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ClassStatRow {
    pub class_id: i64,
    pub class_name: String,
    pub member_count: i64,
    pub completed_members: i64,
    pub done_count: i64,
    pub completion_rate: f64,
    pub average_score: Option<f64>,
}

/// A member of a camp (`student/detail/head`, `praise/poster`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampMemberRequest {
    pub camp_id: i64,
    pub member_id: i64,
}

/// `/camp/statistics/student/detail/head`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MemberHead {
    pub member_id: i64,
    pub student_name: String,
    pub student_code: String,
    pub class_id: i64,
    pub class_name: String,
    pub joined_at: i64,
    pub last_active_at: Option<i64>,
    pub task_count: i64,
    pub done_count: i64,
    pub completion_rate: f64,
    pub average_score: Option<f64>,
    /// `CAMP_PROGRESS`.
    pub progress: i64,
    pub progress_name: String,
}

/// A member's record of one task.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MemberTaskRow {
    pub phase_id: i64,
    pub phase_name: String,
    pub task_id: i64,
    pub task_name: String,
    pub task_type: i64,
    pub task_type_name: String,
    /// `CAMP_PROGRESS`.
    pub status: i64,
    pub status_name: String,
    pub score: Option<i64>,
    pub done_at: Option<i64>,
}

/// `/camp/statistics/task/student/detail/list`: one task's members, filtered by their status.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskMembersRequest {
    pub camp_id: i64,
    pub task_id: i64,
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

/// A member's record of the task (`task/student/detail/list`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskMemberRow {
    pub member_id: i64,
    pub student_name: String,
    pub class_name: String,
    pub status: i64,
    pub status_name: String,
    pub score: Option<i64>,
    pub done_at: Option<i64>,
}

/// One question's figure in a question set's summary.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionStat {
    pub index: i64,
    pub stem: String,
    pub answered: i64,
    pub correct: i64,
    pub correct_rate: f64,
}

/// `/camp/statistics/task/student/summary`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskSummary {
    pub task_id: i64,
    pub task_name: String,
    pub task_type: i64,
    pub member_count: i64,
    pub done_count: i64,
    pub not_done_count: i64,
    pub completion_rate: f64,
    pub average_score: Option<f64>,
    pub questions: Vec<QuestionStat>,
}

/// `/camp/statistics/condition/student/list`: members by progress, class, inactivity, name.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MemberConditionRequest {
    pub camp_id: i64,
    /// `CAMP_PROGRESS`.
    #[serde(default)]
    #[ts(optional)]
    pub progress: Option<i64>,
    /// A distribution point (0 the general code).
    #[serde(default)]
    #[ts(optional)]
    pub class_id: Option<i64>,
    /// Only members with nothing done in the last `CAMP_INACTIVE_DAYS` days.
    #[serde(default)]
    #[ts(optional)]
    pub inactive: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// `/camp/statistics/praise/poster`: a poster naming the student and what they achieved.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PraisePoster {
    pub member_id: i64,
    pub student_name: String,
    pub achievement: String,
    /// `data:image/svg+xml;base64,…`.
    pub image: String,
}

/// `POST /api/camp/student/join`: a student joins through the camp's signed link.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct JoinCampRequest {
    /// The `token` of the join link.
    pub token: String,
    pub student_code: String,
    pub student_name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct JoinedCamp {
    pub camp_id: i64,
    pub member_id: i64,
    /// The member's signed token for the student calls.
    pub member_token: String,
}

/// `POST /api/camp/student/join/info`: what a join link is for, before joining.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct JoinTokenRequest {
    pub token: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct JoinInfo {
    pub camp_id: i64,
    pub camp_name: String,
    pub description: String,
    pub dp_name: String,
    pub teacher_name: String,
    pub status: i64,
    pub status_name: String,
}

/// A student call: the member's token.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MemberTokenRequest {
    pub member_token: String,
}

/// A task as a student sees it: no answers.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentTask {
    pub task_id: i64,
    pub task_name: String,
    pub task_type: i64,
    pub task_type_name: String,
    pub ext: String,
    pub status: i64,
    pub score: Option<i64>,
    pub done_at: Option<i64>,
    /// Question stems and options, without the answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub questions: Option<Vec<StudentQuestion>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cards: Option<Vec<FlashCard>>,
    /// The student's answers once the set is done, and the right ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub my_answers: Option<Vec<i64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub right_answers: Option<Vec<i64>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentQuestion {
    pub stem: String,
    pub options: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentPhase {
    pub phase_id: i64,
    pub phase_name: String,
    pub open: bool,
    /// Why a closed phase is closed.
    pub locked_reason: String,
    pub tasks: Vec<StudentTask>,
}

/// `POST /api/camp/student/view`: the published camp as the member follows it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentCampView {
    pub camp_id: i64,
    pub camp_name: String,
    pub description: String,
    pub status: i64,
    pub status_name: String,
    /// Why the camp is paused or shut down, if it is.
    pub notice: String,
    pub student_name: String,
    pub task_count: i64,
    pub done_count: i64,
    pub phases: Vec<StudentPhase>,
}

/// `POST /api/camp/student/task/done` and `/file`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentTaskRequest {
    pub member_token: String,
    pub task_id: i64,
}

/// `POST /api/camp/student/task/answer`: one chosen option per question.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentAnswerRequest {
    pub member_token: String,
    pub task_id: i64,
    pub answers: Vec<i64>,
}

/// A task done: the score of a question set, the member's totals.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentTaskDone {
    pub task_id: i64,
    pub score: Option<i64>,
    pub right_answers: Option<Vec<i64>>,
    pub done_count: i64,
    pub task_count: i64,
}
