//! Lesson feedback reports: lifecycle rows. The content is the co-edited document `feedback/{id}`.

use sqlx::FromRow;

use crate::{documents, now_ms, Db, Result, StorageError};

pub const STATUS_DRAFT: i64 = 0;
pub const STATUS_CONFIRMED: i64 = 1;
pub const STATUS_SUBMITTED: i64 = 2;
/// How long after its lesson a report's preview link stays valid.
pub const EXPIRE_AFTER_LESSON_MS: i64 = 30 * 24 * 3600 * 1000;

#[derive(Debug, Clone, FromRow)]
pub struct ReportRow {
    pub id: i64,
    pub lesson_id: i64,
    pub student_id: i64,
    pub teacher_id: i64,
    pub status: i64,
    pub expire_at: i64,
    /// The generation of its shared preview links (bumped to revoke them).
    pub preview_epoch: i64,
    pub sync_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub student_name: String,
    pub student_code: String,
    pub lesson_title: String,
    pub lesson_start: i64,
    pub class_name: String,
}

const SELECT: &str = "SELECT r.id, r.lesson_id, r.student_id, r.teacher_id, r.status, r.expire_at, r.preview_epoch, r.sync_count, r.created_at, r.updated_at, \
    s.name AS student_name, s.code AS student_code, l.title AS lesson_title, l.start_at AS lesson_start, c.name AS class_name \
    FROM feedback_reports r JOIN students s ON s.id = r.student_id JOIN lessons l ON l.id = r.lesson_id JOIN classes c ON c.id = l.class_id";

/// Ends every preview link given out for the report so far; answers the new generation.
pub async fn revoke_previews(db: &Db, id: i64) -> Result<i64> {
    Ok(sqlx::query_scalar("UPDATE feedback_reports SET preview_epoch = preview_epoch + 1 WHERE id = $1 RETURNING preview_epoch")
        .bind(id)
        .fetch_one(db.pool())
        .await?)
}

pub async fn by_id(db: &Db, id: i64) -> Result<Option<ReportRow>> {
    Ok(sqlx::query_as(&format!("{SELECT} WHERE r.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

pub async fn of_lesson(db: &Db, lesson_id: i64) -> Result<Vec<ReportRow>> {
    Ok(sqlx::query_as(&format!("{SELECT} WHERE r.lesson_id = $1 ORDER BY s.code")).bind(lesson_id).fetch_all(db.pool()).await?)
}

/// The student's reports of lessons that started before `before` (ms), newest first.
pub async fn of_student_before(db: &Db, student_id: i64, before: i64, limit: i64) -> Result<Vec<ReportRow>> {
    Ok(sqlx::query_as(&format!("{SELECT} WHERE r.student_id = $1 AND l.start_at < $2 ORDER BY l.start_at DESC LIMIT $3"))
        .bind(student_id)
        .bind(before)
        .bind(limit)
        .fetch_all(db.pool())
        .await?)
}

/// The report of a lesson and student, created (with its document) on first use. `None` when
/// the lesson is not the teacher's or the student is not in its class.
pub async fn init(db: &Db, teacher_id: i64, lesson_id: i64, student_id: i64) -> Result<Option<ReportRow>> {
    let lesson: Option<(i64, i64, String)> = sqlx::query_as(
        "SELECT l.end_at, l.class_id, l.title FROM lessons l JOIN class_students cs ON cs.class_id = l.class_id AND cs.student_id = $3 \
         WHERE l.id = $1 AND l.teacher_id = $2",
    )
    .bind(lesson_id)
    .bind(teacher_id)
    .bind(student_id)
    .fetch_optional(db.pool())
    .await?;
    let Some((end_at, _, title)) = lesson else { return Ok(None) };
    let now = now_ms();
    sqlx::query(
        "INSERT INTO feedback_reports (lesson_id, student_id, teacher_id, status, expire_at, sync_count, created_at, updated_at) \
         VALUES ($1, $2, $3, 0, $4, 0, $5, $5) ON CONFLICT (lesson_id, student_id) DO NOTHING",
    )
    .bind(lesson_id)
    .bind(student_id)
    .bind(teacher_id)
    .bind(end_at + EXPIRE_AFTER_LESSON_MS)
    .bind(now)
    .execute(db.pool())
    .await?;
    let id: i64 = sqlx::query_scalar("SELECT id FROM feedback_reports WHERE lesson_id = $1 AND student_id = $2")
        .bind(lesson_id)
        .bind(student_id)
        .fetch_one(db.pool())
        .await?;
    documents::ensure(db, "feedback", id, teacher_id, &format!("课后反馈：{title}")).await?;
    by_id(db, id).await
}

/// Moves a report on: draft → confirmed → submitted. Answers the new status; `Conflict` for a
/// step that does not follow.
pub async fn advance(db: &Db, id: i64, to: i64) -> Result<i64> {
    let from = match to {
        STATUS_CONFIRMED => STATUS_DRAFT,
        STATUS_SUBMITTED => STATUS_CONFIRMED,
        _ => return Err(StorageError::Conflict("未知的报告状态".into())),
    };
    let column = if to == STATUS_CONFIRMED { "confirmed_at" } else { "submitted_at" };
    let now = now_ms();
    let r = sqlx::query(&format!("UPDATE feedback_reports SET status = $1, {column} = $2, updated_at = $2 WHERE id = $3 AND status = $4"))
        .bind(to)
        .bind(now)
        .bind(id)
        .bind(from)
        .execute(db.pool())
        .await?;
    if r.rows_affected() == 0 {
        return Err(StorageError::Conflict(if to == STATUS_CONFIRMED { "报告已确认".into() } else { "请先确认报告".into() }));
    }
    Ok(to)
}

pub async fn touch(db: &Db, id: i64) -> Result<()> {
    sqlx::query("UPDATE feedback_reports SET updated_at = $1 WHERE id = $2").bind(now_ms()).bind(id).execute(db.pool()).await?;
    Ok(())
}

pub async fn bump_sync_count(db: &Db, id: i64) -> Result<i64> {
    Ok(sqlx::query_scalar("UPDATE feedback_reports SET sync_count = sync_count + 1, updated_at = $1 WHERE id = $2 RETURNING sync_count")
        .bind(now_ms())
        .bind(id)
        .fetch_one(db.pool())
        .await?)
}
