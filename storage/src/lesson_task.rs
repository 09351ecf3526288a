//! Lesson report tasks (03 §7.5): questions set for the students of a lesson (or similar practice
//! for one student), the students' answers as marked, and the counts the lesson report shows.
//! Every marked answer also updates the student's wrong questions (`wrong_question`), in the
//! same transaction.

use sqlx::{Any, FromRow, Transaction};

use crate::datacentre::Scope;
use crate::teaching::mine::Mine;
use crate::{id_list, now_ms, Db, Result, StorageError};

#[derive(Debug, Clone, FromRow)]
pub struct TaskRow {
    pub id: i64,
    pub kind: i64,
    pub lesson_id: Option<i64>,
    pub class_id: i64,
    pub teacher_id: i64,
    pub name: String,
    pub text_content: String,
    pub status: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub class_name: String,
    pub class_type: i64,
}

const TASK_COLUMNS: &str = "t.id, t.kind, t.lesson_id, t.class_id, t.teacher_id, t.name, t.text_content, t.status, t.created_at, t.updated_at, \
     c.name AS class_name, c.class_type";

/// A lesson with what setting its task needs.
#[derive(Debug, Clone, FromRow)]
pub struct TaskLesson {
    pub id: i64,
    pub class_id: i64,
    pub teacher_id: i64,
    pub title: String,
    pub lesson_no: i64,
    pub start_at: i64,
    pub class_name: String,
    pub class_type: i64,
    pub class_teacher_id: i64,
    pub subject: i64,
    pub stage: i64,
}

pub async fn lesson(db: &Db, lesson_id: i64) -> Result<Option<TaskLesson>> {
    Ok(sqlx::query_as(
        "SELECT l.id, l.class_id, l.teacher_id, l.title, l.lesson_no, l.start_at, c.name AS class_name, c.class_type, c.teacher_id AS class_teacher_id, \
         c.subject, c.stage FROM lessons l JOIN classes c ON c.id = l.class_id WHERE l.id = $1",
    )
    .bind(lesson_id)
    .fetch_optional(db.pool())
    .await?)
}

pub async fn by_id(db: &Db, id: i64) -> Result<Option<TaskRow>> {
    Ok(sqlx::query_as(&format!("SELECT {TASK_COLUMNS} FROM lesson_tasks t JOIN classes c ON c.id = t.class_id WHERE t.id = $1"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?)
}

/// The lesson's task (kind 1), if set.
pub async fn of_lesson(db: &Db, lesson_id: i64) -> Result<Option<TaskRow>> {
    Ok(sqlx::query_as(&format!("SELECT {TASK_COLUMNS} FROM lesson_tasks t JOIN classes c ON c.id = t.class_id WHERE t.lesson_id = $1 AND t.kind = 1"))
        .bind(lesson_id)
        .fetch_optional(db.pool())
        .await?)
}

/// A class's current students: (id, code, name), by code.
pub async fn class_students(db: &Db, class_id: i64) -> Result<Vec<(i64, String, String)>> {
    Ok(sqlx::query_as(
        "SELECT s.id, s.code, s.name FROM class_students cs JOIN students s ON s.id = cs.student_id WHERE cs.class_id = $1 AND cs.left_at IS NULL ORDER BY s.code",
    )
    .bind(class_id)
    .fetch_all(db.pool())
    .await?)
}

/// A question of a task being set: (question id, points, the wrong question it practises).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewTaskQuestion {
    pub question_id: i64,
    pub score: i64,
    pub practice_of: Option<i64>,
}

/// A task being set.
#[derive(Debug, Clone)]
pub struct NewTask<'a> {
    pub kind: i64,
    pub lesson_id: Option<i64>,
    pub class_id: i64,
    pub teacher_id: i64,
    pub name: &'a str,
    pub text_content: &'a str,
    pub questions: &'a [NewTaskQuestion],
    pub students: &'a [i64],
}

async fn insert_parts(tx: &mut Transaction<'_, Any>, id: i64, task: &NewTask<'_>) -> Result<()> {
    for (i, q) in task.questions.iter().enumerate() {
        sqlx::query("INSERT INTO lesson_task_questions (task_id, position, question_id, score, practice_of) VALUES ($1, $2, $3, $4, $5)")
            .bind(id)
            .bind(i as i64 + 1)
            .bind(q.question_id)
            .bind(q.score)
            .bind(q.practice_of)
            .execute(&mut **tx)
            .await?;
    }
    for student in task.students {
        sqlx::query("INSERT INTO lesson_task_students (task_id, student_id) VALUES ($1, $2)").bind(id).bind(student).execute(&mut **tx).await?;
    }
    Ok(())
}

pub(crate) async fn insert_in(tx: &mut Transaction<'_, Any>, task: &NewTask<'_>, now: i64) -> Result<i64> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO lesson_tasks (kind, lesson_id, class_id, teacher_id, name, text_content, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $7) RETURNING id",
    )
    .bind(task.kind)
    .bind(task.lesson_id)
    .bind(task.class_id)
    .bind(task.teacher_id)
    .bind(task.name)
    .bind(task.text_content)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    insert_parts(tx, id, task).await?;
    Ok(id)
}

/// Sets a lesson's task, or replaces the one it has while no answer is in (`Conflict` once
/// answers are in). Answers the task's id.
pub async fn set_for_lesson(db: &Db, task: &NewTask<'_>) -> Result<i64> {
    let lesson_id = task.lesson_id.ok_or(StorageError::NotFound)?;
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let now = now_ms();
    // The row is locked first (an update), so answers recorded meanwhile wait for the replacement.
    let existing: Option<i64> = sqlx::query_scalar("UPDATE lesson_tasks SET updated_at = $1 WHERE lesson_id = $2 AND kind = 1 RETURNING id")
        .bind(now)
        .bind(lesson_id)
        .fetch_optional(&mut *tx)
        .await?;
    let id = match existing {
        // Two first settings at once: the second meets the one-task-per-lesson index.
        None => insert_in(&mut tx, task, now).await.map_err(|e| match e {
            StorageError::Database(db) => crate::on_unique(db, "该课次的任务刚刚已被布置，请刷新后再试"),
            other => other,
        })?,
        Some(id) => {
            let answers: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM lesson_task_answers WHERE task_id = $1").bind(id).fetch_one(&mut *tx).await?;
            if answers > 0 {
                return Err(StorageError::Conflict("已有学生作答，题目和学生不能再改".into()));
            }
            sqlx::query("UPDATE lesson_tasks SET name = $1, text_content = $2, teacher_id = $3, status = 1, updated_at = $4 WHERE id = $5")
                .bind(task.name)
                .bind(task.text_content)
                .bind(task.teacher_id)
                .bind(now)
                .bind(id)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM lesson_task_questions WHERE task_id = $1").bind(id).execute(&mut *tx).await?;
            sqlx::query("DELETE FROM lesson_task_students WHERE task_id = $1").bind(id).execute(&mut *tx).await?;
            insert_parts(&mut tx, id, task).await?;
            id
        }
    };
    tx.commit().await?;
    Ok(id)
}

pub async fn update_text(db: &Db, id: i64, text: &str) -> Result<()> {
    sqlx::query("UPDATE lesson_tasks SET text_content = $1, updated_at = $2 WHERE id = $3").bind(text).bind(now_ms()).bind(id).execute(db.pool()).await?;
    Ok(())
}

/// Closes a task to further answers (marking goes on).
pub async fn close(db: &Db, id: i64) -> Result<()> {
    let now = now_ms();
    sqlx::query("UPDATE lesson_tasks SET status = 2, submitted_at = $1, updated_at = $1 WHERE id = $2").bind(now).bind(id).execute(db.pool()).await?;
    Ok(())
}

#[derive(Debug, Clone, FromRow)]
pub struct TaskQuestionRow {
    pub position: i64,
    pub question_id: i64,
    pub score: i64,
    pub practice_of: Option<i64>,
}

pub async fn questions(db: &Db, task_id: i64) -> Result<Vec<TaskQuestionRow>> {
    Ok(sqlx::query_as("SELECT position, question_id, score, practice_of FROM lesson_task_questions WHERE task_id = $1 ORDER BY position")
        .bind(task_id)
        .fetch_all(db.pool())
        .await?)
}

#[derive(Debug, Clone, FromRow)]
pub struct TaskStudentRow {
    pub student_id: i64,
    pub code: String,
    pub name: String,
    pub answered_at: Option<i64>,
}

pub async fn students(db: &Db, task_id: i64) -> Result<Vec<TaskStudentRow>> {
    Ok(sqlx::query_as(
        "SELECT ts.student_id, s.code, s.name, ts.answered_at FROM lesson_task_students ts JOIN students s ON s.id = ts.student_id \
         WHERE ts.task_id = $1 ORDER BY s.code",
    )
    .bind(task_id)
    .fetch_all(db.pool())
    .await?)
}

#[derive(Debug, Clone, FromRow)]
pub struct AnswerRow {
    pub student_id: i64,
    pub question_id: i64,
    pub answer: String,
    pub correct: Option<i64>,
    pub score: Option<i64>,
    pub comment: String,
    pub answered_at: i64,
}

/// The task's answers (of one student, or all), by student and question.
pub async fn answers(db: &Db, task_id: i64, student_id: Option<i64>) -> Result<Vec<AnswerRow>> {
    Ok(sqlx::query_as(
        "SELECT student_id, question_id, answer, correct, score, comment, answered_at FROM lesson_task_answers \
         WHERE task_id = $1 AND ($2 = 0 OR student_id = $2) ORDER BY student_id, question_id",
    )
    .bind(task_id)
    .bind(student_id.unwrap_or(0))
    .fetch_all(db.pool())
    .await?)
}

/// An answer as recorded: its text and, when marked, whether it is right and its points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkedAnswer<'a> {
    pub question_id: i64,
    pub answer: &'a str,
    pub correct: Option<bool>,
    pub score: Option<i64>,
    /// The wrong question the answered one practises (similar practice).
    pub practice_of: Option<i64>,
}

/// Records a student's answers to a task, with the marks given, and updates the student's wrong
/// questions. An answer the same as the one recorded keeps its mark (the teacher's included); a
/// changed one replaces it. `Conflict` when the task was closed meanwhile.
pub async fn record_answers(db: &Db, task: &TaskRow, student_id: i64, answers: &[MarkedAnswer<'_>], marked_by: Option<i64>) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let now = now_ms();
    // Locks the task: a replacement or a close waits, or this waits for them and sees their end.
    let open = sqlx::query("UPDATE lesson_tasks SET updated_at = $1 WHERE id = $2 AND status = 1").bind(now).bind(task.id).execute(&mut *tx).await?;
    if open.rows_affected() == 0 {
        return Err(StorageError::Conflict("任务已结束，不能再录入答案".into()));
    }
    for a in answers {
        let in_task: Option<i64> = sqlx::query_scalar("SELECT 1 FROM lesson_task_questions WHERE task_id = $1 AND question_id = $2")
            .bind(task.id)
            .bind(a.question_id)
            .fetch_optional(&mut *tx)
            .await?;
        if in_task.is_none() {
            return Err(StorageError::Conflict("任务的题目已被修改，请刷新后重新录入".into()));
        }
        let recorded: Option<(String, Option<i64>)> =
            sqlx::query_as("SELECT answer, correct FROM lesson_task_answers WHERE task_id = $1 AND student_id = $2 AND question_id = $3")
                .bind(task.id)
                .bind(student_id)
                .bind(a.question_id)
                .fetch_optional(&mut *tx)
                .await?;
        if recorded.as_ref().is_some_and(|(answer, _)| answer == a.answer) {
            continue;
        }
        let before = recorded.and_then(|(_, correct)| correct).map(|c| c != 0);
        sqlx::query(
            "INSERT INTO lesson_task_answers (task_id, student_id, question_id, answer, correct, score, answered_at, marked_at, marked_by) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
             ON CONFLICT (task_id, student_id, question_id) DO UPDATE SET answer = $4, correct = $5, score = $6, comment = '', answered_at = $7, \
             marked_at = $8, marked_by = $9",
        )
        .bind(task.id)
        .bind(student_id)
        .bind(a.question_id)
        .bind(a.answer)
        .bind(a.correct.map(i64::from))
        .bind(a.score)
        .bind(now)
        .bind(a.correct.map(|_| now))
        .bind(a.correct.and(marked_by))
        .execute(&mut *tx)
        .await?;
        if let Some(correct) = a.correct {
            crate::wrong_question::note_marked(&mut tx, task, student_id, a.question_id, a.practice_of, before, correct, now).await?;
        }
    }
    sqlx::query("UPDATE lesson_task_students SET answered_at = $1 WHERE task_id = $2 AND student_id = $3 AND answered_at IS NULL")
        .bind(now)
        .bind(task.id)
        .bind(student_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

async fn previous_mark(tx: &mut Transaction<'_, Any>, task_id: i64, student_id: i64, question_id: i64) -> Result<Option<bool>> {
    let before: Option<Option<i64>> = sqlx::query_scalar("SELECT correct FROM lesson_task_answers WHERE task_id = $1 AND student_id = $2 AND question_id = $3")
        .bind(task_id)
        .bind(student_id)
        .bind(question_id)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(before.flatten().map(|c| c != 0))
}

/// The teacher marks one recorded answer. False when the student has not answered it.
#[allow(clippy::too_many_arguments)]
pub async fn mark(
    db: &Db,
    task: &TaskRow,
    student_id: i64,
    question_id: i64,
    practice_of: Option<i64>,
    correct: bool,
    score: i64,
    comment: &str,
    marked_by: i64,
) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let now = now_ms();
    let exists: Option<i64> = sqlx::query_scalar("SELECT 1 FROM lesson_task_answers WHERE task_id = $1 AND student_id = $2 AND question_id = $3")
        .bind(task.id)
        .bind(student_id)
        .bind(question_id)
        .fetch_optional(&mut *tx)
        .await?;
    if exists.is_none() {
        return Ok(false);
    }
    let before = previous_mark(&mut tx, task.id, student_id, question_id).await?;
    sqlx::query(
        "UPDATE lesson_task_answers SET correct = $1, score = $2, comment = $3, marked_at = $4, marked_by = $5 \
         WHERE task_id = $6 AND student_id = $7 AND question_id = $8",
    )
    .bind(i64::from(correct))
    .bind(score)
    .bind(comment)
    .bind(now)
    .bind(marked_by)
    .bind(task.id)
    .bind(student_id)
    .bind(question_id)
    .execute(&mut *tx)
    .await?;
    crate::wrong_question::note_marked(&mut tx, task, student_id, question_id, practice_of, before, correct, now).await?;
    tx.commit().await?;
    Ok(true)
}

/// A lesson task with answers in, and its counts.
#[derive(Debug, Clone, FromRow)]
pub struct HasAnswerRow {
    pub id: i64,
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
    pub right_count: i64,
    pub marked_count: i64,
}

/// Filters of the lists of tasks with answers.
#[derive(Debug, Clone, Default)]
pub struct HasAnswerQuery {
    pub class_id: Option<i64>,
    pub from: Option<i64>,
    pub until: Option<i64>,
    pub to_mark_only: bool,
}

/// The teacher's lesson tasks with at least one answer, newest lesson first: a page and the total.
pub async fn has_answer_page(db: &Db, teacher_id: i64, query: &HasAnswerQuery, page_no: i64, page_size: i64) -> Result<(Vec<HasAnswerRow>, i64)> {
    let mut filter = String::new();
    if let Some(class) = query.class_id {
        filter.push_str(&format!(" AND t.class_id = {class}"));
    }
    if let Some(from) = query.from {
        filter.push_str(&format!(" AND l.start_at >= {from}"));
    }
    if let Some(until) = query.until {
        filter.push_str(&format!(" AND l.start_at < {until}"));
    }
    if query.to_mark_only {
        filter.push_str(" AND EXISTS (SELECT 1 FROM lesson_task_answers m WHERE m.task_id = t.id AND m.correct IS NULL)");
    }
    task_page(db, &format!("t.teacher_id = $1 AND EXISTS (SELECT 1 FROM lesson_task_answers a WHERE a.task_id = t.id){filter}"), teacher_id, page_no, page_size)
        .await
}

/// Every lesson task set for the class, with answers in or not (whoever set it), newest lesson
/// first: a page and the total.
pub async fn class_task_page(db: &Db, class_id: i64, page_no: i64, page_size: i64) -> Result<(Vec<HasAnswerRow>, i64)> {
    task_page(db, "t.class_id = $1", class_id, page_no, page_size).await
}

/// A page of lesson tasks matching `condition` (with `$1` bound to `bound`), with their counts.
async fn task_page(db: &Db, condition: &str, bound: i64, page_no: i64, page_size: i64) -> Result<(Vec<HasAnswerRow>, i64)> {
    let base = format!("FROM lesson_tasks t JOIN lessons l ON l.id = t.lesson_id JOIN classes c ON c.id = t.class_id WHERE t.kind = 1 AND {condition}");
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {base}")).bind(bound).fetch_one(db.pool()).await?;
    let rows = sqlx::query_as(&format!(
        "SELECT t.id, l.id AS lesson_id, t.name, t.class_id, c.name AS class_name, l.title AS lesson_title, l.start_at AS lesson_time, t.status, \
         (SELECT COUNT(*) FROM lesson_task_students s WHERE s.task_id = t.id) AS student_count, \
         (SELECT COUNT(*) FROM lesson_task_students s WHERE s.task_id = t.id AND s.answered_at IS NOT NULL) AS answered_students, \
         (SELECT COUNT(*) FROM lesson_task_answers a WHERE a.task_id = t.id AND a.correct IS NULL) AS to_mark, \
         (SELECT COUNT(*) FROM lesson_task_answers a WHERE a.task_id = t.id AND a.correct = 1) AS right_count, \
         (SELECT COUNT(*) FROM lesson_task_answers a WHERE a.task_id = t.id AND a.correct IS NOT NULL) AS marked_count \
         {base} ORDER BY l.start_at DESC, t.id DESC LIMIT {page_size} OFFSET {}",
        (page_no - 1).max(0) * page_size
    ))
    .bind(bound)
    .fetch_all(db.pool())
    .await?;
    Ok((rows, total))
}

/// A student's tasks (any class), newest first, with their counts.
#[derive(Debug, Clone, FromRow)]
pub struct StudentTaskRow {
    pub id: i64,
    pub kind: i64,
    pub name: String,
    pub class_id: i64,
    pub class_name: String,
    pub teacher_id: i64,
    pub status: i64,
    pub question_count: i64,
    pub answered: i64,
    pub to_mark: i64,
    pub created_at: i64,
}

pub async fn of_student(db: &Db, student_id: i64) -> Result<Vec<StudentTaskRow>> {
    Ok(sqlx::query_as(
        "SELECT t.id, t.kind, t.name, t.class_id, c.name AS class_name, t.teacher_id, t.status, \
         (SELECT COUNT(*) FROM lesson_task_questions q WHERE q.task_id = t.id) AS question_count, \
         (SELECT COUNT(*) FROM lesson_task_answers a WHERE a.task_id = t.id AND a.student_id = ts.student_id) AS answered, \
         (SELECT COUNT(*) FROM lesson_task_answers a WHERE a.task_id = t.id AND a.student_id = ts.student_id AND a.correct IS NULL) AS to_mark, \
         t.created_at FROM lesson_task_students ts JOIN lesson_tasks t ON t.id = ts.task_id JOIN classes c ON c.id = t.class_id \
         WHERE ts.student_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT 200",
    )
    .bind(student_id)
    .fetch_all(db.pool())
    .await?)
}

/// A student by code: (id, code, name).
pub async fn student_by_code(db: &Db, code: &str) -> Result<Option<(i64, String, String)>> {
    Ok(sqlx::query_as("SELECT id, code, name FROM students WHERE code = $1").bind(code).fetch_optional(db.pool()).await?)
}

/// Whether the student is one of the task's.
pub async fn is_task_student(db: &Db, task_id: i64, student_id: i64) -> Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT 1 FROM lesson_task_students WHERE task_id = $1 AND student_id = $2")
        .bind(task_id)
        .bind(student_id)
        .fetch_optional(db.pool())
        .await?;
    Ok(found.is_some())
}

/// Which of `ids` are current students of the class.
pub async fn in_class(db: &Db, class_id: i64, ids: &[i64]) -> Result<Vec<i64>> {
    Ok(sqlx::query_scalar(&format!(
        "SELECT student_id FROM class_students WHERE class_id = $1 AND left_at IS NULL AND student_id IN ({}) ORDER BY student_id",
        id_list(ids)
    ))
    .bind(class_id)
    .fetch_all(db.pool())
    .await?)
}

/// Whether the caller (`mine`, within `scope`) may read the lesson's task: a lesson of theirs, or
/// within their data-centre scope.
pub async fn lesson_readable(db: &Db, mine: Mine, scope: &Scope, lesson_id: i64) -> Result<bool> {
    let condition = Mine::or_within(mine.lessons("l", "c"), scope, "c");
    let found: Option<i64> = sqlx::query_scalar(&format!("SELECT l.id FROM lessons l JOIN classes c ON c.id = l.class_id WHERE l.id = $1{condition}"))
        .bind(lesson_id)
        .fetch_optional(db.pool())
        .await?;
    Ok(found.is_some())
}

/// Whether the caller may read the class's tasks and wrong questions: one of theirs, or within scope.
pub async fn class_readable(db: &Db, mine: Mine, scope: &Scope, class_id: i64) -> Result<bool> {
    let condition = Mine::or_within(mine.classes("c"), scope, "c");
    let found: Option<i64> =
        sqlx::query_scalar(&format!("SELECT c.id FROM classes c WHERE c.id = $1{condition}")).bind(class_id).fetch_optional(db.pool()).await?;
    Ok(found.is_some())
}

/// A class's facts for tasks: (teacher, type, name, subject).
pub async fn class_facts(db: &Db, class_id: i64) -> Result<Option<(i64, i64, String, i64)>> {
    Ok(sqlx::query_as("SELECT teacher_id, class_type, name, subject FROM classes WHERE id = $1").bind(class_id).fetch_optional(db.pool()).await?)
}
