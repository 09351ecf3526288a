//! Exam groups (`exam-group` area: 03 §7.7).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `POST /teacher/group/white/check`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WhiteCheckRequest {
    pub email: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WhiteCheck {
    pub show_flag: bool,
}

/// `POST /exam/group/save`: a new group (no `id`) or a renamed one.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct GroupSaveRequest {
    #[serde(default)]
    #[ts(optional)]
    pub id: Option<i64>,
    pub group_name: String,
}

/// An exam group with its member count.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExamGroup {
    pub id: i64,
    pub group_name: String,
    pub member_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

/// `POST /exam/group/list`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct GroupListRequest {
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
}

/// A group named by id (`/exam/group/delete`, export).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct GroupIdRequest {
    pub group_id: i64,
}

/// `POST /exam/group/member/user/search`: students of the caller's schools by name or code.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MemberSearchRequest {
    pub keyword: String,
    /// Marks the students already in this group.
    #[serde(default)]
    #[ts(optional)]
    pub group_id: Option<i64>,
}

/// A student as the groups show them.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct GroupStudent {
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub grade: String,
    pub school_name: String,
    /// In the group the search named (search), or when they were added (members).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub in_group: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub added_at: Option<i64>,
}

/// `POST /exam/group/member/list`: a page of a group's members.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MemberListRequest {
    pub group_id: i64,
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

/// `POST /exam/group/member/add` and `/member/remove`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct GroupMembersRequest {
    pub group_id: i64,
    pub student_ids: Vec<i64>,
}

/// How many rows a change touched.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MembersChanged {
    pub changed: i64,
    pub total: i64,
}

/// A student in the caller's selection (the students the next exam is published to).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SelectedStudent {
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub grade: String,
    /// The group they were picked from, if any.
    pub group_name: String,
    pub selected_at: i64,
}

/// `POST /exam/group/member/select/save`: students picked one by one.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SelectSaveRequest {
    pub student_ids: Vec<i64>,
}

/// `POST /exam/group/member/select/save/v2`: whole groups picked.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SelectGroupsRequest {
    pub group_ids: Vec<i64>,
}

/// `POST /exam/group/member/select/remove`: some students, or `all`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SelectRemoveRequest {
    #[serde(default)]
    pub student_ids: Vec<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub all: Option<bool>,
}

/// `POST /exam/group/import`: a finished upload of an .xlsx (columns 学号, 姓名) becomes a group.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct GroupImportRequest {
    pub file_id: String,
    pub group_name: String,
}

/// A row of an import that was not added, and why.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct GroupImportError {
    /// The row number as the spreadsheet shows it (the header is row 1).
    pub row: i64,
    pub reason: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct GroupImportResult {
    pub group: ExamGroup,
    pub added: i64,
    pub errors: Vec<GroupImportError>,
}

/// `POST /exam/api/collections_suit/publish/gdk/pub`: an offline exam published to the
/// caller's selection (which is emptied).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExamPublishRequest {
    pub exam_name: String,
    /// The paper it is sat on (one of the caller's papers), if any.
    #[serde(default)]
    #[ts(optional)]
    pub paper_id: Option<i64>,
    pub start_time: i64,
    pub end_time: i64,
    /// The full mark (default 100).
    #[serde(default)]
    #[ts(optional)]
    pub full_score: Option<f64>,
}

/// An exam in a list (`/exam/list`, the share list).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExamRow {
    pub exam_id: i64,
    pub exam_name: String,
    pub paper_id: Option<i64>,
    pub paper_title: String,
    pub owner_name: String,
    /// Whether the caller published it (else it was shared with them).
    pub mine: bool,
    /// 1 published, 2 revoked (`EXAM_STATUSES`).
    pub status: i64,
    pub status_name: String,
    pub start_time: i64,
    pub end_time: i64,
    pub full_score: f64,
    pub member_count: i64,
    pub submitted_count: i64,
    pub average_score: Option<f64>,
    pub published_at: i64,
}

/// `POST /exam/list`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExamListRequest {
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
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

/// An exam named by id (detail, checkIfCanRevoke, the members who have not submitted).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExamIdRequest {
    pub exam_id: i64,
}

/// A member of an exam and their result.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExamMember {
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub grade: String,
    pub group_name: String,
    pub submitted: bool,
    pub score: Option<f64>,
    pub submitted_at: Option<i64>,
}

/// `POST /exam/detail`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExamDetail {
    pub exam: ExamRow,
    pub members: Vec<ExamMember>,
    /// Colleagues it is shared with.
    pub shared_with: Vec<SharedUser>,
    /// Whether the caller may change it (its publisher).
    pub can_manage: bool,
}

/// `POST /exam/collections/member/gdk/add/userList`: students added to a published exam.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExamAddMembersRequest {
    pub exam_id: i64,
    pub student_ids: Vec<i64>,
}

/// One member's result (an offline exam's paper handed in and marked).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExamScore {
    pub student_id: i64,
    /// Null clears the result (not handed in).
    pub score: Option<f64>,
}

/// `POST /exam/score/save`: results recorded by the publisher or a colleague it is shared with.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExamScoresRequest {
    pub exam_id: i64,
    pub scores: Vec<ExamScore>,
}

/// `checkIfCanRevoke`: whether the exam can be withdrawn now, and the rule's reason if not.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RevokeCheck {
    pub can_revoke: bool,
    pub reason: String,
}

/// `executeRevoke`: the exam and the code of the picture from `achieveVerifyCode`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExecuteRevokeRequest {
    pub exam_id: i64,
    pub verify_code: String,
}

/// `?examId=` of `GET /exam/achieveVerifyCode`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct VerifyCodeQuery {
    pub exam_id: i64,
}

/// `POST /exam/share`: the colleagues (by e-mail) who may read the exam and record results;
/// the list replaces the earlier one.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExamShareRequest {
    pub exam_id: i64,
    pub emails: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SharedUser {
    pub email: String,
    pub name: String,
}
