//! Lesson report tasks (`lesson-task` area, 03 §7.5): questions a teacher sets the students of a
//! lesson, the students' answers recorded and marked (objective ones against the stored answer,
//! worked ones by the teacher), and the summaries the lesson report shows.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::dto::question::QuestionView;

/// The most questions one task holds.
pub const TASK_QUESTION_LIMIT: usize = 50;
/// The longest task name, in characters.
pub const TASK_NAME_CHARS: usize = 50;
/// The longest message of a task, in characters.
pub const TASK_TEXT_CHARS: usize = 1000;
/// The longest answer or comment, in characters.
pub const TASK_ANSWER_CHARS: usize = 5000;
/// The points a question is worth when the teacher gives none.
pub const DEFAULT_QUESTION_SCORE: i64 = 5;

/// Task kinds: set after a lesson, or similar practice for a student's wrong questions.
pub const TASK_KIND_LESSON: i64 = 1;
pub const TASK_KIND_PRACTICE: i64 = 2;
/// Task states.
pub const TASK_OPEN: i64 = 1;
pub const TASK_CLOSED: i64 = 2;

/// The most students one task may be set for, by class type (1 one-to-one, 2 small group, 3 class).
pub fn task_student_limit(class_type: i64) -> i64 {
    match class_type {
        1 => 1,
        2 => 12,
        _ => 60,
    }
}

/// A lesson named by id (`task/getTaskName`, `task/queryClassGroup` …).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskLessonRequest {
    pub lesson_id: i64,
}

/// `GET /task/check?lessonId=`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskLessonQuery {
    pub lesson_id: i64,
}

/// A task named by id.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskIdRequest {
    pub task_id: i64,
}

/// `GET /task/check`: whether the lesson has its task, and whether the caller may set one.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskCheck {
    pub lesson_id: i64,
    pub exists: bool,
    /// The lesson's task (0 when none).
    pub task_id: i64,
    pub status: i64,
    /// Whether the caller may set (or change) the lesson's task.
    pub can_edit: bool,
    /// Why not, when `can_edit` is false.
    pub reason: String,
}

/// `POST /task/getTaskName`: the task's name (the lesson's default when it has none yet).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskName {
    pub lesson_id: i64,
    pub task_id: i64,
    pub name: String,
}

/// `POST /task/class/student/limit`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskClassRequest {
    pub class_id: i64,
}

/// How many students a task of the class may be set for, and how many the class has now.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskStudentLimit {
    pub class_id: i64,
    pub class_type: i64,
    pub limit: i64,
    pub student_count: i64,
}

/// A question of a task being set: the bank's (or the teacher's own) with its points.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskQuestionInput {
    pub question_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub score: Option<i64>,
}

/// `POST /task/submit`: sets the lesson's task (or changes it while no answer is in), open to
/// answers. Students default to the class's current ones.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskSubmitRequest {
    pub lesson_id: i64,
    pub name: String,
    #[serde(default)]
    #[ts(optional)]
    pub text_content: Option<String>,
    pub questions: Vec<TaskQuestionInput>,
    #[serde(default)]
    #[ts(optional)]
    pub student_ids: Option<Vec<i64>>,
}

/// A task as its teacher sees it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LessonTask {
    pub task_id: i64,
    pub kind: i64,
    pub lesson_id: i64,
    pub class_id: i64,
    pub class_name: String,
    pub name: String,
    pub text_content: String,
    pub status: i64,
    pub total_score: i64,
    pub questions: Vec<TaskQuestion>,
    pub student_count: i64,
    pub create_time: i64,
}

/// A question of a task, in order, with its points.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskQuestion {
    pub position: i64,
    pub score: i64,
    /// For similar practice: the wrong question it practises (0 otherwise).
    pub practice_of: i64,
    pub question: QuestionView,
}

/// `POST /task/getTextContent`: the task's message to students and families.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskTextContent {
    pub task_id: i64,
    pub text_content: String,
}

/// `POST /task/updateTextContent`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskTextRequest {
    pub task_id: i64,
    pub text_content: String,
}

/// `POST /task/checkTextContent`: a message to check, for a task or one not set yet.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskTextCheckRequest {
    #[serde(default)]
    #[ts(optional)]
    pub task_id: Option<i64>,
    pub text_content: String,
}

/// `POST /task/checkTextContent`: what is wrong with a message (nothing when `pass`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskTextCheck {
    pub pass: bool,
    pub problems: Vec<String>,
}

/// One answer of a student's sheet.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskAnswerInput {
    pub question_id: i64,
    pub answer: String,
}

/// `POST /task/answer/save`: a student's answer sheet, entered by the teacher; objective answers
/// are marked at once, blanks are not recorded (not answered yet), and an answer the same as the
/// one recorded keeps its mark.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskAnswerSaveRequest {
    pub task_id: i64,
    pub student_id: i64,
    pub answers: Vec<TaskAnswerInput>,
}

/// `POST /task/answer/mark`: the teacher marks one answer (a worked answer, or correcting a mark).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskAnswerMarkRequest {
    pub task_id: i64,
    pub student_id: i64,
    pub question_id: i64,
    pub correct: bool,
    /// Points given (default: all for right, none for wrong); at most the question's.
    #[serde(default)]
    #[ts(optional)]
    pub score: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub comment: Option<String>,
}

/// A student's answer to one question, as marked.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskAnswer {
    pub question_id: i64,
    pub answer: String,
    /// Not marked yet (a worked answer) when absent.
    #[ts(optional)]
    pub correct: Option<bool>,
    #[ts(optional)]
    pub score: Option<i64>,
    pub comment: String,
    pub answer_time: i64,
}

/// A student's sheet of a task (`/task/answer/save`, `/task/answer/mark`, `/task/answer/sheet`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskAnswerSheet {
    pub task_id: i64,
    pub student_id: i64,
    pub answers: Vec<TaskAnswer>,
    pub summary: TaskStudentSummary,
}

/// `POST /task/answer/sheet`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskSheetRequest {
    pub task_id: i64,
    pub student_id: i64,
}

/// A student's results in a task (`POST /task/studentSummaryInfo`): counts from their marked answers.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskStudentSummary {
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub answered: i64,
    pub right: i64,
    pub wrong: i64,
    pub to_mark: i64,
    pub score: i64,
    pub total_score: i64,
    /// Right of the marked answers, 0–1; -1 when none is marked.
    pub accuracy: f64,
    /// When the first answer came in (0: none yet).
    pub answer_time: i64,
}

/// `POST /task/studentSummaryInfo`: every student of the task, and the task's totals.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskSummaryInfo {
    pub task_id: i64,
    pub name: String,
    pub question_count: i64,
    pub total_score: i64,
    pub student_count: i64,
    pub answered_students: i64,
    pub to_mark: i64,
    /// The mean score of the students who answered (0 when none).
    pub average_score: f64,
    /// Right of all marked answers, 0–1; -1 when none is marked.
    pub accuracy: f64,
    pub students: Vec<TaskStudentSummary>,
}

/// `POST /task/queryClassGroup`: the lesson's students in groups — answered and marked, to mark,
/// not answered yet.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskClassGroups {
    pub lesson_id: i64,
    pub task_id: i64,
    pub class_id: i64,
    pub class_name: String,
    pub groups: Vec<TaskStudentGroup>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskStudentGroup {
    /// `marked`, `toMark`, `unanswered`, or `noTask` (the lesson has no task: the class's students).
    pub code: String,
    pub name: String,
    pub students: Vec<TaskGroupStudent>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TaskGroupStudent {
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
}

/// `POST /lesson/report/hasAnswer/list`: the caller's lesson tasks with answers in.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HasAnswerRequest {
    #[serde(default)]
    #[ts(optional)]
    pub class_id: Option<i64>,
    /// Lessons from (ms, inclusive).
    #[serde(default)]
    #[ts(optional)]
    pub start_time: Option<i64>,
    /// Lessons until (ms, exclusive).
    #[serde(default)]
    #[ts(optional)]
    pub end_time: Option<i64>,
    /// Only tasks with answers left to mark.
    #[serde(default)]
    #[ts(optional)]
    pub to_mark: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// `POST /task/class/list`: a page of the tasks set for a class.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ClassTaskListRequest {
    pub class_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// A lesson task with answers in.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HasAnswerTask {
    pub task_id: i64,
    pub lesson_id: i64,
    pub name: String,
    pub class_id: i64,
    pub class_name: String,
    pub lesson_title: String,
    pub lesson_time: i64,
    pub status: i64,
    pub student_count: i64,
    pub answered_students: i64,
    pub to_mark: i64,
    /// Right of the marked answers, 0–1; -1 when none is marked.
    pub accuracy: f64,
}

/// `POST /lesson/studentcode/resource/query`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentCodeRequest {
    pub student_code: String,
}

/// A student's tasks, found by their code (the code on a paper answer sheet).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentCodeResources {
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub tasks: Vec<StudentTaskResource>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentTaskResource {
    pub task_id: i64,
    pub kind: i64,
    pub name: String,
    pub class_name: String,
    pub status: i64,
    pub question_count: i64,
    pub answered: i64,
    pub to_mark: i64,
    pub create_time: i64,
}
