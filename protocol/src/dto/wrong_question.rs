//! Wrong questions (`wrong-question` area, 03 §7.5): what students answered wrong in their lesson
//! tasks, by class and by student, and the batch send of similar practice for them (a job; a
//! failure is pushed as `magic_batch_send_error_similar_item`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::dto::question::QuestionView;

/// Wrong-question states.
pub const WRONG_OPEN: i64 = 1;
pub const WRONG_SENT: i64 = 2;
pub const WRONG_MASTERED: i64 = 3;
pub const WRONG_STATUSES: [(i64, &str); 3] = [(WRONG_OPEN, "待巩固"), (WRONG_SENT, "已推送相似题"), (WRONG_MASTERED, "已掌握")];

/// Batch states.
pub const BATCH_WAITING: i64 = 1;
pub const BATCH_RUNNING: i64 = 2;
pub const BATCH_SENT: i64 = 3;
pub const BATCH_PARTLY_FAILED: i64 = 4;
/// The most students one batch sends to.
pub const BATCH_STUDENT_LIMIT: usize = 60;
/// Similar questions sent per wrong question.
pub const SIMILAR_PER_WRONG: i64 = 1;

/// `POST /wrongQuestion/class/group/list`: the caller's classes, grouped by class type.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WrongClassGroup {
    pub class_type: i64,
    pub type_name: String,
    pub classes: Vec<WrongClassSummary>,
}

/// A class's wrong questions, counted from its students' marked answers.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WrongClassSummary {
    pub class_id: i64,
    pub class_name: String,
    pub subject_name: String,
    pub student_count: i64,
    /// Students with at least one wrong question not mastered.
    pub students_with_open: i64,
    pub open: i64,
    pub sent: i64,
    pub mastered: i64,
}

/// A class named by id; `studentIds` narrows to some of its students.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WrongClassRequest {
    pub class_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub student_ids: Option<Vec<i64>>,
}

/// A student's wrong questions of a class, counted (`POST /wrongQuestion/task/studentSummaryInfo`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WrongStudentSummary {
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub total: i64,
    pub open: i64,
    pub sent: i64,
    pub mastered: i64,
    /// When they last answered one wrong (0: never).
    pub last_wrong_time: i64,
}

/// `POST /wrongQuestion/exist/status`: whether there is something to send, and a send under way.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WrongExistStatus {
    pub class_id: i64,
    pub exist: bool,
    pub open: i64,
    /// The class's batch waiting or running (0: none).
    pub sending_batch_id: i64,
}

/// `POST /wrongQuestion/student/list`: a student's wrong questions (the correction notebook).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WrongListRequest {
    pub student_id: i64,
    /// One state only (1 open, 2 sent, 3 mastered).
    #[serde(default)]
    #[ts(optional)]
    pub status: Option<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WrongQuestion {
    pub question: QuestionView,
    pub class_id: i64,
    pub status: i64,
    pub status_name: String,
    pub wrong_count: i64,
    /// The student's last wrong answer.
    pub last_answer: String,
    pub last_wrong_time: i64,
}

/// `POST /wrongQuestion/similar/batchSend`: similar practice for the open wrong questions of the
/// class's students (all, or those named).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SimilarBatchRequest {
    pub class_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub student_ids: Option<Vec<i64>>,
}

/// A batch send, as answered and pushed (`magic_similar_batch`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SimilarBatch {
    pub batch_id: i64,
    pub class_id: i64,
    pub status: i64,
    pub total: i64,
    pub sent: i64,
    pub failed: i64,
    pub failures: Vec<SimilarBatchFailure>,
    pub create_time: i64,
}

/// A wrong question of a student the batch could not send practice for, and why.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SimilarBatchFailure {
    pub student_id: i64,
    pub student_name: String,
    pub question_id: i64,
    pub reason: String,
}
