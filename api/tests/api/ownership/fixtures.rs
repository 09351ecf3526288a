//! What several kinds make the same way for their fixtures: one of the owner's seed classes with
//! its first student, a lesson of its own (offline or online), bank questions, a task answered
//! wrong, a finished upload.

use serde_json::{json, Value};
use storage::teaching::ClassRow;

use crate::helpers::*;

pub const MINUTE: i64 = 60 * 1000;
pub const HOUR: i64 = 3600 * 1000;
pub const DAY: i64 = 24 * HOUR;

/// Which of the owner's seed classes of a type (kinds take different ones, so that one kind's
/// probes cannot change what another reads).
pub enum Pick {
    First,
    Last,
}

/// One of the owner's seed classes of `class_type`, and its first student.
pub async fn owner_class(app: &TestApp, owner: &Client, class_type: i64, pick: Pick) -> (ClassRow, i64) {
    let db = &app.state.db;
    let teacher = app.user_id(&owner.email).await;
    let classes = storage::teaching::classes_of(db, teacher, Some(class_type)).await.unwrap();
    let class = match pick {
        Pick::First => classes.into_iter().next(),
        Pick::Last => classes.into_iter().last(),
    }
    .unwrap_or_else(|| panic!("the owner has a class of type {class_type}"));
    let student: i64 = sqlx::query_scalar("SELECT student_id FROM class_students WHERE class_id = $1 ORDER BY student_id LIMIT 1")
        .bind(class.id)
        .fetch_one(db.pool())
        .await
        .unwrap();
    (class, student)
}

/// A two-hour lesson of `class` by the owner, `days` ahead (out of every "coming days" list), made
/// in storage: no call schedules lessons.
pub async fn lesson_ahead(app: &TestApp, owner: &Client, class: &ClassRow, days: i64, name: &str) -> i64 {
    let teacher = app.user_id(&owner.email).await;
    let start = storage::now_ms() + days * DAY;
    storage::teaching::add_lesson(&app.state.db, class.id, teacher, name, start, start + 2 * HOUR).await.unwrap()
}

/// The next id of a table whose ids the writer assigns (the online records).
async fn next_id(app: &TestApp, table: &str) -> i64 {
    sqlx::query_scalar::<_, i64>(&format!("SELECT COALESCE(MAX(id), 0) + 1 FROM {table}")).fetch_one(app.state.db.pool()).await.unwrap()
}

/// An online lesson that began ten minutes ago (60 minutes long) of a new online class of school
/// 1001 whose main teacher and group's auxiliary teacher is `teacher`, with `student` on its
/// roster, made in storage (no call makes online classes): its id.
pub async fn online_lesson(app: &TestApp, teacher: i64, student: i64) -> i64 {
    let pool = app.state.db.pool();
    let online_class = next_id(app, "online_classes").await;
    let live_start = storage::now_ms() - 10 * MINUTE;
    sqlx::query(
        "INSERT INTO online_classes (id, code, name, teacher_id, school_id, area_code, subject, grade_code, product_type, product_group, \
         manage_project, fiscal_year, quarter, begin_at, end_at, fee) \
         VALUES ($1, $2, '矩阵直播班', $3, 1001, 'MATRIX', 54, 11, 'ZJK', 1, 1, 2025, 1, $4, $5, 0)",
    )
    .bind(online_class)
    .bind(format!("MATRIX{online_class}"))
    .bind(teacher)
    .bind(live_start - 30 * DAY)
    .bind(live_start + 30 * DAY)
    .execute(pool)
    .await
    .unwrap();
    let group = next_id(app, "online_groups").await;
    sqlx::query("INSERT INTO online_groups (id, class_id, name, assistant_id, assistant2_id) VALUES ($1, $2, '矩阵一组', $3, NULL)")
        .bind(group)
        .bind(online_class)
        .bind(teacher)
        .execute(pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO online_roster (class_id, student_id, group_id, nickname, joined_at, paid, is_friend, in_group, analysis_report) \
         VALUES ($1, $2, $3, '矩阵学员', 0, 0, 0, 0, 0)",
    )
    .bind(online_class)
    .bind(student)
    .bind(group)
    .execute(pool)
    .await
    .unwrap();
    let online_lesson = next_id(app, "online_lessons").await;
    sqlx::query(
        "INSERT INTO online_lessons (id, class_id, lesson_no, name, start_at, minutes, status, video_type) \
         VALUES ($1, $2, 1, '矩阵直播课', $3, 60, 0, 1)",
    )
    .bind(online_lesson)
    .bind(online_class)
    .bind(live_start)
    .execute(pool)
    .await
    .unwrap();
    online_lesson
}

/// Fills the question bank when it is empty: no call fills it, and the demo's is generated only
/// with the records.
pub async fn bank(app: &TestApp) {
    storage::question::generate::generate(&app.state.db, 7, 50).await.unwrap();
}

/// Up to three bank questions of senior-high mathematics that are marked on entry (choice,
/// fill-in) and have knowledge points, so that a wrong answer is a wrong question at once.
pub async fn marked_questions(app: &TestApp) -> Vec<i64> {
    bank(app).await;
    let picked: Vec<i64> = sqlx::query_scalar(
        "SELECT q.id FROM questions q WHERE q.subject = 54 AND q.stage = 4 AND q.owner_id = 0 AND q.origin_id IS NULL \
         AND q.question_type IN (1, 2, 3) AND EXISTS (SELECT 1 FROM question_points p WHERE p.question_id = q.id) ORDER BY q.id LIMIT 3",
    )
    .fetch_all(app.state.db.pool())
    .await
    .unwrap();
    assert!(!picked.is_empty(), "bank questions of senior-high mathematics");
    picked
}

/// A task of `lesson` set through the API on `questions`, with `student`'s answers to all of them
/// "不会" (wrong): the task's id.
pub async fn task_answered_wrong(owner: &Client, lesson: i64, student: i64, questions: &[i64], name: &str) -> Value {
    let listed: Vec<Value> = questions.iter().map(|id| json!({"questionId": id})).collect();
    let task = owner.post_data("/api/task/submit", json!({"lessonId": lesson, "name": name, "questions": listed})).await;
    let task_id = task["taskId"].clone();
    assert!(task_id.is_i64(), "a task id: {task}");
    let answers: Vec<Value> = questions.iter().map(|id| json!({"questionId": id, "answer": "不会"})).collect();
    owner.post_data("/api/task/answer/save", json!({"taskId": task_id, "studentId": student, "answers": answers})).await;
    task_id
}

/// Routes that name a camp's task by `taskId`: the camp kind's, or a camp member's.
pub const CAMP_TASKS: &[(&str, &str)] = &[
    ("POST /api/camp/delete-phase-task", "a camp's task: the camp kind probes it"),
    ("POST /api/camp/statistics/task/student/detail/list", "a camp's task: the camp kind probes it"),
    ("POST /api/camp/statistics/task/student/summary", "a camp's task: the camp kind probes it"),
    ("POST /api/camp/task/doc-info", "a camp's task: the camp kind probes it"),
    ("POST /api/camp/task/media-info", "a camp's task: the camp kind probes it"),
    ("POST /api/camp/task/permission/preview", "a camp's task: the camp kind probes it"),
    ("POST /api/camp/update-phase-task-name", "a camp's task: the camp kind probes it"),
    ("POST /api/camp/update-task-bizId", "a camp's task (the camp kind's record, named without its campId)"),
    ("POST /api/camp/student/task/answer", "a camp's task, called by a camp member with their token, not a teacher's session"),
    ("POST /api/camp/student/task/done", "a camp's task, called by a camp member with their token, not a teacher's session"),
    ("POST /api/camp/student/task/file", "a camp's task, called by a camp member with their token, not a teacher's session"),
];

/// A client known by `email` but not signed in, for fixtures that only need whose records to
/// take (a sign-in per fixture would meet the sign-in rate limit).
pub fn known_as(app: &TestApp, email: &str) -> Client {
    let mut client = app.client();
    client.email = email.to_owned();
    client
}
