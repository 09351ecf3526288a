//! Learning analysis and stage reports: the rows the analysis is computed from (a student's task
//! questions with their answers, the class's marked scores, the student's wrong questions) and
//! the reports themselves (period, template, texts, chosen questions). Which classes' records a
//! caller may read is decided by the API's access layer and handed in as class ids.

use protocol::dto::analysis::{REPORT_DRAFT, REPORT_PUBLISHED};
use sqlx::FromRow;

use crate::teaching::mine::Mine;
use crate::{id_list, Db, Result};

/// One question of a task set to the student, with their answer when there is one.
#[derive(Debug, Clone, FromRow)]
pub struct AnswerFact {
    pub task_id: i64,
    pub task_name: String,
    pub class_id: i64,
    pub class_name: String,
    pub subject: i64,
    pub created_at: i64,
    pub question_id: i64,
    pub position: i64,
    pub full_score: i64,
    pub answer: Option<String>,
    pub correct: Option<i64>,
    pub score: Option<i64>,
    pub answered_at: Option<i64>,
}

/// The student's tasks created in `[from, to)` (of classes of `subject`, 0 any), every question
/// of each with the student's answer, by task and position.
pub async fn student_answers(db: &Db, student_id: i64, subject: i64, from: i64, to: i64) -> Result<Vec<AnswerFact>> {
    Ok(sqlx::query_as(
        "SELECT t.id AS task_id, t.name AS task_name, t.class_id, c.name AS class_name, c.subject, t.created_at, q.question_id, q.position, \
         q.score AS full_score, a.answer, a.correct, a.score, a.answered_at \
         FROM lesson_task_students ts JOIN lesson_tasks t ON t.id = ts.task_id JOIN classes c ON c.id = t.class_id \
         JOIN lesson_task_questions q ON q.task_id = t.id \
         LEFT JOIN lesson_task_answers a ON a.task_id = t.id AND a.student_id = ts.student_id AND a.question_id = q.question_id \
         WHERE ts.student_id = $1 AND t.created_at >= $2 AND t.created_at < $3 AND ($4 = 0 OR c.subject = $4) \
         ORDER BY t.created_at, t.id, q.position",
    )
    .bind(student_id)
    .bind(from)
    .bind(to)
    .bind(subject)
    .fetch_all(db.pool())
    .await?)
}

/// One task's questions with the student's answers, in order (a student not set the task has
/// none).
pub async fn task_answers(db: &Db, task_id: i64, student_id: i64) -> Result<Vec<AnswerFact>> {
    Ok(sqlx::query_as(
        "SELECT t.id AS task_id, t.name AS task_name, t.class_id, c.name AS class_name, c.subject, t.created_at, q.question_id, q.position, \
         q.score AS full_score, a.answer, a.correct, a.score, a.answered_at \
         FROM lesson_tasks t JOIN classes c ON c.id = t.class_id JOIN lesson_task_questions q ON q.task_id = t.id \
         LEFT JOIN lesson_task_answers a ON a.task_id = t.id AND a.student_id = $2 AND a.question_id = q.question_id \
         WHERE t.id = $1 ORDER BY q.position",
    )
    .bind(task_id)
    .bind(student_id)
    .fetch_all(db.pool())
    .await?)
}

/// A student's marked answers to a task, summed: points got and the points of those questions.
#[derive(Debug, Clone, FromRow)]
pub struct MarkedSum {
    pub task_id: i64,
    pub student_id: i64,
    pub score: i64,
    pub full_points: i64,
}

/// Every student's marked sums on these tasks.
pub async fn marked_sums(db: &Db, task_ids: &[i64]) -> Result<Vec<MarkedSum>> {
    Ok(sqlx::query_as(&format!(
        "SELECT a.task_id, a.student_id, CAST(SUM(COALESCE(a.score, 0)) AS BIGINT) AS score, CAST(SUM(q.score) AS BIGINT) AS full_points \
         FROM lesson_task_answers a JOIN lesson_task_questions q ON q.task_id = a.task_id AND q.question_id = a.question_id \
         WHERE a.task_id IN ({}) AND a.correct IS NOT NULL GROUP BY a.task_id, a.student_id",
        id_list(task_ids)
    ))
    .fetch_all(db.pool())
    .await?)
}

/// Each question's marked answers on a task: (question id, marked, right).
pub async fn question_rates(db: &Db, task_id: i64) -> Result<Vec<(i64, i64, i64)>> {
    Ok(sqlx::query_as(
        "SELECT question_id, COUNT(*), CAST(SUM(CASE WHEN correct = 1 THEN 1 ELSE 0 END) AS BIGINT) FROM lesson_task_answers \
         WHERE task_id = $1 AND correct IS NOT NULL GROUP BY question_id",
    )
    .bind(task_id)
    .fetch_all(db.pool())
    .await?)
}

/// A wrong question of the student, with the class it is kept in.
#[derive(Debug, Clone, FromRow)]
pub struct WrongRow {
    pub question_id: i64,
    pub class_id: i64,
    pub class_name: String,
    pub subject: i64,
    pub wrong_count: i64,
    pub status: i64,
    pub last_wrong_at: i64,
}

/// The student's wrong questions last answered wrong in `[from, to)`, most recent first.
pub async fn wrong_questions(db: &Db, student_id: i64, from: i64, to: i64) -> Result<Vec<WrongRow>> {
    Ok(sqlx::query_as(
        "SELECT w.question_id, w.class_id, c.name AS class_name, c.subject, w.wrong_count, w.status, w.last_wrong_at \
         FROM wrong_questions w JOIN classes c ON c.id = w.class_id WHERE w.student_id = $1 AND w.last_wrong_at >= $2 AND w.last_wrong_at < $3 \
         ORDER BY w.last_wrong_at DESC, w.question_id",
    )
    .bind(student_id)
    .bind(from)
    .bind(to)
    .fetch_all(db.pool())
    .await?)
}

/// The student's latest answer to each of these questions (any task): (question id, class id,
/// answer, correct, answered at).
pub async fn last_answers(db: &Db, student_id: i64, question_ids: &[i64]) -> Result<Vec<(i64, i64, String, Option<i64>, i64)>> {
    let rows: Vec<(i64, i64, String, Option<i64>, i64)> = sqlx::query_as(&format!(
        "SELECT a.question_id, t.class_id, a.answer, a.correct, a.answered_at FROM lesson_task_answers a JOIN lesson_tasks t ON t.id = a.task_id \
         WHERE a.student_id = $1 AND a.question_id IN ({}) ORDER BY a.question_id, a.answered_at DESC, a.task_id DESC",
        id_list(question_ids)
    ))
    .bind(student_id)
    .fetch_all(db.pool())
    .await?;
    Ok(rows)
}

/// A stage report with its student and author.
#[derive(Debug, Clone, FromRow)]
pub struct ReportRow {
    pub id: i64,
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub grade: String,
    pub teacher_id: i64,
    pub teacher_name: String,
    pub template: i64,
    pub subject: i64,
    pub period_from: i64,
    pub period_to: i64,
    pub task_id: Option<i64>,
    pub title: String,
    pub summary: String,
    pub comment: String,
    pub next_plan: String,
    pub status: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub published_at: Option<i64>,
    pub question_count: i64,
}

const REPORT_SELECT: &str = "SELECT r.id, r.student_id, s.code AS student_code, s.name AS student_name, s.grade, r.teacher_id, \
     COALESCE(u.name, '') AS teacher_name, r.template, r.subject, r.period_from, r.period_to, r.task_id, r.title, r.summary, r.comment, r.next_plan, \
     r.status, r.created_at, r.updated_at, r.published_at, (SELECT COUNT(*) FROM stage_report_questions q WHERE q.report_id = r.id) AS question_count \
     FROM stage_reports r JOIN students s ON s.id = r.student_id LEFT JOIN users u ON u.id = r.teacher_id";

pub struct NewReport<'a> {
    pub student_id: i64,
    pub teacher_id: i64,
    pub template: i64,
    pub subject: i64,
    pub from: i64,
    pub to: i64,
    pub task_id: Option<i64>,
    pub title: &'a str,
    /// The questions it starts with (a wrong-question review starts with the open ones).
    pub questions: &'a [i64],
    pub now: i64,
}

pub async fn create(db: &Db, report: &NewReport<'_>) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO stage_reports (student_id, teacher_id, template, subject, period_from, period_to, task_id, title, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING id",
    )
    .bind(report.student_id)
    .bind(report.teacher_id)
    .bind(report.template)
    .bind(report.subject)
    .bind(report.from)
    .bind(report.to)
    .bind(report.task_id)
    .bind(report.title)
    .bind(REPORT_DRAFT)
    .bind(report.now)
    .fetch_one(&mut *tx)
    .await?;
    for (i, question) in report.questions.iter().enumerate() {
        sqlx::query("INSERT INTO stage_report_questions (report_id, position, question_id, note) VALUES ($1, $2, $3, '')")
            .bind(id)
            .bind(i as i64 + 1)
            .bind(question)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(id)
}

pub async fn by_id(db: &Db, id: i64) -> Result<Option<ReportRow>> {
    Ok(sqlx::query_as(&format!("{REPORT_SELECT} WHERE r.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// The report's questions in order: (question id, note).
pub async fn report_questions(db: &Db, id: i64) -> Result<Vec<(i64, String)>> {
    Ok(sqlx::query_as("SELECT question_id, note FROM stage_report_questions WHERE report_id = $1 ORDER BY position").bind(id).fetch_all(db.pool()).await?)
}

/// The texts and questions of a report as its teacher has them now.
pub struct ReportEdit<'a> {
    pub title: &'a str,
    pub summary: &'a str,
    pub comment: &'a str,
    pub next_plan: &'a str,
    pub questions: &'a [(i64, String)],
}

/// Stores a draft as edited, if it is still a draft changed last at `read_at` (`false`: published
/// or changed meanwhile).
pub async fn save(db: &Db, id: i64, read_at: i64, edit: &ReportEdit<'_>, now: i64) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let changed = sqlx::query(
        "UPDATE stage_reports SET title = $2, summary = $3, comment = $4, next_plan = $5, updated_at = $6 WHERE id = $1 AND status = $7 AND updated_at = $8",
    )
    .bind(id)
    .bind(edit.title)
    .bind(edit.summary)
    .bind(edit.comment)
    .bind(edit.next_plan)
    // Saved twice within a millisecond, the second would look unchanged.
    .bind(now.max(read_at + 1))
    .bind(REPORT_DRAFT)
    .bind(read_at)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if changed != 1 {
        return Ok(false);
    }
    sqlx::query("DELETE FROM stage_report_questions WHERE report_id = $1").bind(id).execute(&mut *tx).await?;
    for (i, (question, note)) in edit.questions.iter().enumerate() {
        sqlx::query("INSERT INTO stage_report_questions (report_id, position, question_id, note) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(i as i64 + 1)
            .bind(question)
            .bind(note)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Adds questions at the end of a draft, skipping those it has, up to `cap` in all; the number
/// added, or `None` when the report is no longer a draft.
pub async fn add_questions(db: &Db, id: i64, ids: &[i64], cap: usize, now: i64) -> Result<Option<usize>> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let status: Option<i64> = sqlx::query_scalar("SELECT status FROM stage_reports WHERE id = $1").bind(id).fetch_optional(&mut *tx).await?;
    if status != Some(REPORT_DRAFT) {
        return Ok(None);
    }
    let have: Vec<i64> = sqlx::query_scalar("SELECT question_id FROM stage_report_questions WHERE report_id = $1").bind(id).fetch_all(&mut *tx).await?;
    let mut position: i64 =
        sqlx::query_scalar("SELECT COALESCE(MAX(position), 0) FROM stage_report_questions WHERE report_id = $1").bind(id).fetch_one(&mut *tx).await?;
    let mut count = have.len();
    let mut added = 0;
    let mut seen = have;
    for question in ids {
        if count >= cap {
            break;
        }
        if seen.contains(question) {
            continue;
        }
        position += 1;
        sqlx::query("INSERT INTO stage_report_questions (report_id, position, question_id, note) VALUES ($1, $2, $3, '')")
            .bind(id)
            .bind(position)
            .bind(question)
            .execute(&mut *tx)
            .await?;
        seen.push(*question);
        count += 1;
        added += 1;
    }
    if added > 0 {
        sqlx::query("UPDATE stage_reports SET updated_at = CASE WHEN updated_at >= $2 THEN updated_at + 1 ELSE $2 END WHERE id = $1")
            .bind(id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(Some(added))
}

/// Publishes a draft (`false`: it was not one).
pub async fn publish(db: &Db, id: i64, now: i64) -> Result<bool> {
    let _turn = db.write_turn().await;
    let changed = sqlx::query("UPDATE stage_reports SET status = $2, published_at = $3, updated_at = $3 WHERE id = $1 AND status = $4")
        .bind(id)
        .bind(REPORT_PUBLISHED)
        .bind(now)
        .bind(REPORT_DRAFT)
        .execute(db.pool())
        .await?
        .rows_affected();
    Ok(changed == 1)
}

pub async fn delete(db: &Db, id: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    sqlx::query("DELETE FROM stage_reports WHERE id = $1").bind(id).execute(db.pool()).await?;
    Ok(())
}

/// Reports the caller reads: those they wrote, and the published ones of their own students
/// (`mine`); of one student when `student_id` is not 0 (the caller may read that student: then
/// every published report of the student is theirs to read). Newest first, at most 500.
pub async fn list(db: &Db, caller_id: i64, mine: Mine, student_id: i64, status: i64) -> Result<Vec<ReportRow>> {
    let readable = if student_id > 0 {
        format!("r.student_id = {student_id} AND (r.teacher_id = {caller_id} OR r.status = {REPORT_PUBLISHED})")
    } else {
        format!("(r.teacher_id = {caller_id} OR (r.status = {REPORT_PUBLISHED}{}))", mine.students("r.student_id"))
    };
    Ok(sqlx::query_as(&format!("{REPORT_SELECT} WHERE {readable} AND ($1 = 0 OR r.status = $1) ORDER BY r.updated_at DESC, r.id DESC LIMIT 500"))
        .bind(status)
        .fetch_all(db.pool())
        .await?)
}

/// A student's (id, code, name, grade).
pub async fn student(db: &Db, id: i64) -> Result<Option<(i64, String, String, String)>> {
    Ok(sqlx::query_as("SELECT id, code, name, grade FROM students WHERE id = $1").bind(id).fetch_optional(db.pool()).await?)
}

/// Which of these questions were set to the student in some task.
pub async fn set_to_student(db: &Db, student_id: i64, question_ids: &[i64]) -> Result<Vec<i64>> {
    Ok(sqlx::query_scalar(&format!(
        "SELECT DISTINCT q.question_id FROM lesson_task_questions q JOIN lesson_task_students ts ON ts.task_id = q.task_id \
         WHERE ts.student_id = $1 AND q.question_id IN ({})",
        id_list(question_ids)
    ))
    .bind(student_id)
    .fetch_all(db.pool())
    .await?)
}
