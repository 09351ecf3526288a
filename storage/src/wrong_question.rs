//! Wrong questions (03 §7.5): kept from the students' marked task answers, counted by class and
//! student, and the batch sends of similar practice for them (a job of kind `similar_send`,
//! whose record is `similar_batches` with one item per student and wrong question).

use protocol::dto::wrong_question::{BATCH_PARTLY_FAILED, BATCH_RUNNING, BATCH_SENT, BATCH_WAITING, WRONG_MASTERED, WRONG_OPEN, WRONG_SENT};
use sqlx::{Any, FromRow, Transaction};

use crate::jobs::{self, JobKind};
use crate::lesson_task::{self, NewTask, NewTaskQuestion, TaskRow};
use crate::teaching::mine::Mine;
use crate::{id_list, now_ms, Db, Result};

/// Follows a marked answer into the student's wrong questions: a wrong answer opens the question
/// (or counts once more, when it was not already marked wrong) in the class whose task it was —
/// the class where it was last answered wrong, whose teacher sends practice for it; a right one
/// masters it, and the wrong question it practises.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn note_marked(
    tx: &mut Transaction<'_, Any>,
    task: &TaskRow,
    student_id: i64,
    question_id: i64,
    practice_of: Option<i64>,
    before: Option<bool>,
    correct: bool,
    now: i64,
) -> Result<()> {
    if correct {
        let ids = [Some(question_id), practice_of].into_iter().flatten().collect::<Vec<_>>();
        sqlx::query(&format!(
            "UPDATE wrong_questions SET status = {WRONG_MASTERED}, updated_at = $1 WHERE student_id = $2 AND question_id IN ({}) AND status IN ({WRONG_OPEN}, {WRONG_SENT})",
            id_list(&ids)
        ))
        .bind(now)
        .bind(student_id)
        .execute(&mut **tx)
        .await?;
        return Ok(());
    }
    if before == Some(false) {
        return Ok(());
    }
    sqlx::query(&format!(
        "INSERT INTO wrong_questions (student_id, question_id, class_id, first_task_id, wrong_count, status, last_wrong_at, updated_at) \
         VALUES ($1, $2, $3, $4, 1, {WRONG_OPEN}, $5, $5) \
         ON CONFLICT (student_id, question_id) DO UPDATE SET wrong_count = wrong_questions.wrong_count + 1, status = {WRONG_OPEN}, \
         class_id = $3, last_wrong_at = $5, updated_at = $5"
    ))
    .bind(student_id)
    .bind(question_id)
    .bind(task.class_id)
    .bind(task.id)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A class with its wrong questions counted.
#[derive(Debug, Clone, FromRow)]
pub struct ClassCounts {
    pub id: i64,
    pub name: String,
    pub class_type: i64,
    pub subject: i64,
    pub student_count: i64,
    pub students_with_open: i64,
    pub open: i64,
    pub sent: i64,
    pub mastered: i64,
}

/// The caller's classes ("mine"), by type and name, with their wrong questions counted.
pub async fn classes(db: &Db, mine: Mine) -> Result<Vec<ClassCounts>> {
    let count = |status: i64| format!("(SELECT COUNT(*) FROM wrong_questions w WHERE w.class_id = cl.id AND w.status = {status})");
    Ok(sqlx::query_as(&format!(
        "SELECT cl.id, cl.name, cl.class_type, cl.subject, \
         (SELECT COUNT(*) FROM class_students cs WHERE cs.class_id = cl.id AND cs.left_at IS NULL) AS student_count, \
         (SELECT COUNT(DISTINCT w.student_id) FROM wrong_questions w WHERE w.class_id = cl.id AND w.status IN ({WRONG_OPEN}, {WRONG_SENT})) AS students_with_open, \
         {} AS open, {} AS sent, {} AS mastered FROM classes cl WHERE 1 = 1{} ORDER BY cl.class_type, cl.name, cl.id",
        count(WRONG_OPEN),
        count(WRONG_SENT),
        count(WRONG_MASTERED),
        mine.classes("cl")
    ))
    .fetch_all(db.pool())
    .await?)
}

/// A student of a class with their wrong questions of it counted.
#[derive(Debug, Clone, FromRow)]
pub struct StudentCounts {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub open: i64,
    pub sent: i64,
    pub mastered: i64,
    pub last_wrong_at: i64,
}

/// The class's current students (or those of `only`), by code, with their counts.
pub async fn students(db: &Db, class_id: i64, only: Option<&[i64]>) -> Result<Vec<StudentCounts>> {
    let narrow = only.map(|ids| format!(" AND s.id IN ({})", id_list(ids))).unwrap_or_default();
    let count = |status: i64| format!("(SELECT COUNT(*) FROM wrong_questions w WHERE w.class_id = $1 AND w.student_id = s.id AND w.status = {status})");
    Ok(sqlx::query_as(&format!(
        "SELECT s.id, s.code, s.name, {} AS open, {} AS sent, {} AS mastered, \
         COALESCE((SELECT MAX(w.last_wrong_at) FROM wrong_questions w WHERE w.class_id = $1 AND w.student_id = s.id), 0) AS last_wrong_at \
         FROM class_students cs JOIN students s ON s.id = cs.student_id WHERE cs.class_id = $1 AND cs.left_at IS NULL{narrow} ORDER BY s.code",
        count(WRONG_OPEN),
        count(WRONG_SENT),
        count(WRONG_MASTERED)
    ))
    .bind(class_id)
    .fetch_all(db.pool())
    .await?)
}

/// How many open wrong questions the class's students (or those of `only`) have.
pub async fn open_count(db: &Db, class_id: i64, only: Option<&[i64]>) -> Result<i64> {
    let narrow = only.map(|ids| format!(" AND student_id IN ({})", id_list(ids))).unwrap_or_default();
    Ok(sqlx::query_scalar(&format!("SELECT COUNT(*) FROM wrong_questions WHERE class_id = $1 AND status = {WRONG_OPEN}{narrow}"))
        .bind(class_id)
        .fetch_one(db.pool())
        .await?)
}

/// A student's wrong question with their last wrong answer to it.
#[derive(Debug, Clone, FromRow)]
pub struct WrongRow {
    pub question_id: i64,
    pub class_id: i64,
    pub wrong_count: i64,
    pub status: i64,
    pub last_wrong_at: i64,
    pub last_answer: Option<String>,
}

/// The student's wrong questions (of one state, or all), last wrong first.
pub async fn of_student(db: &Db, student_id: i64, status: Option<i64>) -> Result<Vec<WrongRow>> {
    Ok(sqlx::query_as(
        "SELECT w.question_id, w.class_id, w.wrong_count, w.status, w.last_wrong_at, \
         (SELECT a.answer FROM lesson_task_answers a WHERE a.student_id = w.student_id AND a.question_id = w.question_id AND a.correct = 0 \
          ORDER BY a.answered_at DESC LIMIT 1) AS last_answer \
         FROM wrong_questions w WHERE w.student_id = $1 AND ($2 = 0 OR w.status = $2) ORDER BY w.last_wrong_at DESC, w.question_id LIMIT 500",
    )
    .bind(student_id)
    .bind(status.unwrap_or(0))
    .fetch_all(db.pool())
    .await?)
}

#[derive(Debug, Clone, FromRow)]
pub struct BatchRow {
    pub id: i64,
    pub user_id: i64,
    pub class_id: i64,
    pub status: i64,
    pub total: i64,
    pub sent: i64,
    pub failed: i64,
    pub notice_id: Option<i64>,
    pub created_at: i64,
}

const BATCH_COLUMNS: &str = "id, user_id, class_id, status, total, sent, failed, notice_id, created_at";

pub async fn batch(db: &Db, id: i64) -> Result<Option<BatchRow>> {
    Ok(sqlx::query_as(&format!("SELECT {BATCH_COLUMNS} FROM similar_batches WHERE id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// The class's batch waiting or running, if any.
pub async fn sending(db: &Db, class_id: i64) -> Result<Option<i64>> {
    Ok(sqlx::query_scalar(&format!(
        "SELECT id FROM similar_batches WHERE class_id = $1 AND status IN ({BATCH_WAITING}, {BATCH_RUNNING}) ORDER BY id DESC LIMIT 1"
    ))
    .bind(class_id)
    .fetch_optional(db.pool())
    .await?)
}

/// The failed items of a batch: (student id, student name, question id, why).
pub async fn failures(db: &Db, batch_id: i64) -> Result<Vec<(i64, String, i64, String)>> {
    Ok(sqlx::query_as(
        "SELECT i.student_id, s.name, i.question_id, i.error FROM similar_batch_items i JOIN students s ON s.id = i.student_id \
         WHERE i.batch_id = $1 AND i.status = 2 ORDER BY s.code, i.question_id",
    )
    .bind(batch_id)
    .fetch_all(db.pool())
    .await?)
}

/// Why a batch could not be queued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BatchRefused {
    /// No open wrong question among the students.
    NothingToSend,
    /// A batch of the class is already waiting or running.
    AlreadySending(i64),
    /// The user has as many jobs waiting as one may.
    QueueFull,
}

/// Queues a batch send for the open wrong questions of the class's students (or those of `only`).
pub async fn create_batch(db: &Db, user_id: i64, class_id: i64, only: Option<&[i64]>, cap: i64) -> Result<std::result::Result<i64, BatchRefused>> {
    let narrow = only.map(|ids| format!(" AND w.student_id IN ({})", id_list(ids))).unwrap_or_default();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let running: Option<i64> = sqlx::query_scalar(&format!(
        "SELECT id FROM similar_batches WHERE class_id = $1 AND status IN ({BATCH_WAITING}, {BATCH_RUNNING}) ORDER BY id DESC LIMIT 1"
    ))
    .bind(class_id)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(id) = running {
        return Ok(Err(BatchRefused::AlreadySending(id)));
    }
    let items: Vec<(i64, i64)> = sqlx::query_as(&format!(
        "SELECT w.student_id, w.question_id FROM wrong_questions w JOIN class_students cs ON cs.class_id = w.class_id AND cs.student_id = w.student_id \
         WHERE w.class_id = $1 AND w.status = {WRONG_OPEN} AND cs.left_at IS NULL{narrow} ORDER BY w.student_id, w.question_id"
    ))
    .bind(class_id)
    .fetch_all(&mut *tx)
    .await?;
    if items.is_empty() {
        return Ok(Err(BatchRefused::NothingToSend));
    }
    let now = now_ms();
    // Another request that started a batch for the class meanwhile meets the one-sending index.
    let inserted = sqlx::query_scalar(&format!(
        "INSERT INTO similar_batches (user_id, class_id, status, total, created_at, updated_at) VALUES ($1, $2, {BATCH_WAITING}, $3, $4, $4) RETURNING id"
    ))
    .bind(user_id)
    .bind(class_id)
    .bind(items.len() as i64)
    .bind(now)
    .fetch_one(&mut *tx)
    .await;
    let id: i64 = match inserted {
        Ok(id) => id,
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Ok(Err(BatchRefused::AlreadySending(0))),
        Err(e) => return Err(e.into()),
    };
    for (student, question) in &items {
        sqlx::query("INSERT INTO similar_batch_items (batch_id, student_id, question_id) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(student)
            .bind(question)
            .execute(&mut *tx)
            .await?;
    }
    if !jobs::enqueue(&mut tx, JobKind::SimilarSend, id, user_id, cap).await? {
        tx.rollback().await?;
        return Ok(Err(BatchRefused::QueueFull));
    }
    tx.commit().await?;
    Ok(Ok(id))
}

/// Queues a finished batch's failed items again (`resendBatch`). False when it has none, or
/// is still under way.
pub async fn resend(db: &Db, batch: &BatchRow, cap: i64) -> Result<std::result::Result<(), BatchRefused>> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let now = now_ms();
    let r = sqlx::query(&format!(
        "UPDATE similar_batches SET status = {BATCH_WAITING}, failed = 0, error = '', notice_id = NULL, updated_at = $1 WHERE id = $2 AND status = {BATCH_PARTLY_FAILED}"
    ))
    .bind(now)
    .bind(batch.id)
    .execute(&mut *tx)
    .await?;
    if r.rows_affected() == 0 {
        return Ok(Err(BatchRefused::NothingToSend));
    }
    sqlx::query("UPDATE similar_batch_items SET status = 0, error = '' WHERE batch_id = $1 AND status = 2").bind(batch.id).execute(&mut *tx).await?;
    if !jobs::requeue(&mut tx, JobKind::SimilarSend, batch.id, batch.user_id, cap).await? {
        tx.rollback().await?;
        return Ok(Err(BatchRefused::QueueFull));
    }
    tx.commit().await?;
    Ok(Ok(()))
}

/// The items of a batch still to send: (student id, wrong question id), by student.
pub async fn pending_items(db: &Db, batch_id: i64) -> Result<Vec<(i64, i64)>> {
    Ok(sqlx::query_as("SELECT student_id, question_id FROM similar_batch_items WHERE batch_id = $1 AND status = 0 ORDER BY student_id, question_id")
        .bind(batch_id)
        .fetch_all(db.pool())
        .await?)
}

/// One student's part of a batch: the practice sent (a task of kind 2 with the similar questions)
/// for the items that found one, and the failures, recorded together.
pub struct StudentSend<'a> {
    pub batch: &'a BatchRow,
    pub student_id: i64,
    pub task_name: &'a str,
    /// (wrong question, similar question, points).
    pub sent: &'a [(i64, i64, i64)],
    /// (wrong question, why).
    pub failed: &'a [(i64, String)],
}

/// Records one student's part; false (nothing recorded) when another attempt already sent it.
pub async fn record_student_send(db: &Db, send: &StudentSend<'_>) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let now = now_ms();
    let batch_id = send.batch.id;
    if !send.sent.is_empty() {
        let questions: Vec<NewTaskQuestion> =
            send.sent.iter().map(|(wrong, similar, score)| NewTaskQuestion { question_id: *similar, score: *score, practice_of: Some(*wrong) }).collect();
        let task = NewTask {
            kind: protocol::dto::lesson_task::TASK_KIND_PRACTICE,
            lesson_id: None,
            class_id: send.batch.class_id,
            teacher_id: send.batch.user_id,
            name: send.task_name,
            text_content: "",
            questions: &questions,
            students: &[send.student_id],
        };
        let task_id = lesson_task::insert_in(&mut tx, &task, now).await?;
        for (wrong, similar, _) in send.sent {
            // Only items still to send: an attempt whose claim was taken over, racing the new
            // one, finds them sent and leaves (its practice task rolled back with it).
            let r = sqlx::query(
                "UPDATE similar_batch_items SET status = 1, similar_id = $1, task_id = $2 WHERE batch_id = $3 AND student_id = $4 AND question_id = $5 AND status = 0",
            )
            .bind(similar)
            .bind(task_id)
            .bind(batch_id)
            .bind(send.student_id)
            .bind(wrong)
            .execute(&mut *tx)
            .await?;
            if r.rows_affected() == 0 {
                tx.rollback().await?;
                return Ok(false);
            }
            sqlx::query(&format!(
                "UPDATE wrong_questions SET status = {WRONG_SENT}, updated_at = $1 WHERE student_id = $2 AND question_id = $3 AND status = {WRONG_OPEN}"
            ))
            .bind(now)
            .bind(send.student_id)
            .bind(wrong)
            .execute(&mut *tx)
            .await?;
        }
    }
    for (wrong, why) in send.failed {
        sqlx::query("UPDATE similar_batch_items SET status = 2, error = $1 WHERE batch_id = $2 AND student_id = $3 AND question_id = $4 AND status = 0")
            .bind(why)
            .bind(batch_id)
            .bind(send.student_id)
            .bind(wrong)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query(
        "UPDATE similar_batches SET sent = (SELECT COUNT(*) FROM similar_batch_items WHERE batch_id = $1 AND status = 1), \
         failed = (SELECT COUNT(*) FROM similar_batch_items WHERE batch_id = $1 AND status = 2), updated_at = $2 WHERE id = $1",
    )
    .bind(batch_id)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// Similar questions already set for the student (any task), so a send does not repeat one.
pub async fn questions_set_for(db: &Db, student_id: i64) -> Result<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT DISTINCT q.question_id FROM lesson_task_questions q JOIN lesson_task_students s ON s.task_id = q.task_id WHERE s.student_id = $1",
    )
    .bind(student_id)
    .fetch_all(db.pool())
    .await?)
}

/// Whether the student still belongs to the class.
pub async fn still_in_class(db: &Db, class_id: i64, student_id: i64) -> Result<bool> {
    Ok(!lesson_task::in_class(db, class_id, &[student_id]).await?.is_empty())
}

/// Claims telling the user of a finished batch's failures (one teller, even with several
/// processes): true for the caller who should publish the notice, then [`set_notice`].
pub async fn claim_notice(db: &Db, batch_id: i64) -> Result<bool> {
    let r = sqlx::query(&format!("UPDATE similar_batches SET notice_id = 0 WHERE id = $1 AND notice_id IS NULL AND status = {BATCH_PARTLY_FAILED}"))
        .bind(batch_id)
        .execute(db.pool())
        .await?;
    Ok(r.rows_affected() > 0)
}

/// Gives a claim back when telling failed (the next notification tries again).
pub async fn release_notice(db: &Db, batch_id: i64) -> Result<()> {
    sqlx::query("UPDATE similar_batches SET notice_id = NULL WHERE id = $1 AND notice_id = 0").bind(batch_id).execute(db.pool()).await?;
    Ok(())
}

/// The error-book notice that told the user of the batch's failures.
pub async fn set_notice(db: &Db, batch_id: i64, notice_id: i64) -> Result<()> {
    sqlx::query("UPDATE similar_batches SET notice_id = $1 WHERE id = $2").bind(notice_id).bind(batch_id).execute(db.pool()).await?;
    Ok(())
}

/// The batch whose failures a notice told of.
pub async fn batch_of_notice(db: &Db, notice_id: i64) -> Result<Option<BatchRow>> {
    Ok(sqlx::query_as(&format!("SELECT {BATCH_COLUMNS} FROM similar_batches WHERE notice_id = $1")).bind(notice_id).fetch_optional(db.pool()).await?)
}

/// The batch's state as its job moves (run inside the job's transaction).
pub(crate) async fn mark_running(tx: &mut Transaction<'_, Any>, batch_id: i64) -> Result<()> {
    sqlx::query(&format!("UPDATE similar_batches SET status = {BATCH_RUNNING}, updated_at = $1 WHERE id = $2"))
        .bind(now_ms())
        .bind(batch_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub(crate) async fn mark_waiting(tx: &mut Transaction<'_, Any>, batch_id: i64) -> Result<()> {
    sqlx::query(&format!("UPDATE similar_batches SET status = {BATCH_WAITING}, updated_at = $1 WHERE id = $2"))
        .bind(now_ms())
        .bind(batch_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The batch ended: all sent, or some failed (`error` set when the whole job failed: the items
/// not sent count as failed with that reason).
pub(crate) async fn mark_finished(tx: &mut Transaction<'_, Any>, batch_id: i64, error: Option<&str>) -> Result<()> {
    let now = now_ms();
    if let Some(reason) = error {
        sqlx::query("UPDATE similar_batch_items SET status = 2, error = $1 WHERE batch_id = $2 AND status = 0")
            .bind(reason)
            .bind(batch_id)
            .execute(&mut **tx)
            .await?;
    }
    sqlx::query(&format!(
        "UPDATE similar_batches SET sent = (SELECT COUNT(*) FROM similar_batch_items WHERE batch_id = $1 AND status = 1), \
         failed = (SELECT COUNT(*) FROM similar_batch_items WHERE batch_id = $1 AND status = 2), error = $2, updated_at = $3, \
         status = CASE WHEN (SELECT COUNT(*) FROM similar_batch_items WHERE batch_id = $1 AND status = 2) > 0 THEN {BATCH_PARTLY_FAILED} ELSE {BATCH_SENT} END \
         WHERE id = $1"
    ))
    .bind(batch_id)
    .bind(error.unwrap_or(""))
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
