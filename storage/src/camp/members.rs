//! The students of a camp and their records: a student joins through the camp's link (one member
//! per student and camp, whichever class's code they scanned first), opens tasks and finishes
//! them; a question set keeps the chosen options and its score.

use sqlx::FromRow;

use super::structure::TaskContent;
use crate::{now_ms, Db, Result, StorageError};

/// The distribution point that is no class: the camp's general QR code.
pub const GENERAL_DP_NAME: &str = "通用二维码";

#[derive(Debug, Clone, FromRow)]
pub struct MemberRow {
    pub id: i64,
    pub camp_id: i64,
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    /// The distribution point: one of the owner's classes, 0 the general code.
    pub class_id: i64,
    pub class_name: Option<String>,
    pub joined_at: i64,
}

impl MemberRow {
    /// The name of the distribution point the member joined through.
    pub fn class_label(&self) -> String {
        self.class_name.clone().filter(|_| self.class_id != 0).unwrap_or_else(|| GENERAL_DP_NAME.into())
    }
}

const MEMBER_SELECT: &str =
    "SELECT m.id, m.camp_id, m.student_id, s.code AS student_code, s.name AS student_name, m.class_id, c.name AS class_name, m.joined_at \
     FROM camp_members m JOIN students s ON s.id = m.student_id LEFT JOIN classes c ON c.id = m.class_id";

/// The student with this code, if the name matches too and they belong to one of the camp
/// owner's schools (how a student proves who they are on the join page; a link cannot be used to
/// look up students of other schools).
pub async fn student_by_code(db: &Db, owner_id: i64, code: &str, name: &str) -> Result<Option<i64>> {
    Ok(sqlx::query_scalar("SELECT id FROM students WHERE code = $1 AND name = $2 AND school_id IN (SELECT school_id FROM user_schools WHERE user_id = $3)")
        .bind(code)
        .bind(name)
        .bind(owner_id)
        .fetch_optional(db.pool())
        .await?)
}

/// Joins the student to the camp (or answers the membership they have), while the camp takes
/// students: the camp's row is locked first, so a withdrawal or pause cannot slip in between.
pub async fn join(db: &Db, camp_id: i64, student_id: i64, class_id: i64) -> Result<MemberRow> {
    let now = now_ms();
    {
        let _turn = db.write_turn().await;
        let mut tx = db.begin().await?;
        let live: Option<i64> = sqlx::query_scalar("UPDATE camps SET updated_at = updated_at WHERE id = $1 AND status IN ($2, $3) RETURNING id")
            .bind(camp_id)
            .bind(super::PUBLISHED)
            .bind(super::EDITING)
            .fetch_optional(&mut *tx)
            .await?;
        if live.is_none() {
            return Err(StorageError::Conflict("营地当前不能加入".into()));
        }
        sqlx::query("INSERT INTO camp_members (camp_id, student_id, class_id, joined_at) VALUES ($1,$2,$3,$4) ON CONFLICT (camp_id, student_id) DO NOTHING")
            .bind(camp_id)
            .bind(student_id)
            .bind(class_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
    }
    sqlx::query_as(&format!("{MEMBER_SELECT} WHERE m.camp_id = $1 AND m.student_id = $2"))
        .bind(camp_id)
        .bind(student_id)
        .fetch_optional(db.pool())
        .await?
        .ok_or(StorageError::NotFound)
}

pub async fn member(db: &Db, id: i64) -> Result<Option<MemberRow>> {
    Ok(sqlx::query_as(&format!("{MEMBER_SELECT} WHERE m.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

pub async fn members(db: &Db, camp_id: i64) -> Result<Vec<MemberRow>> {
    Ok(sqlx::query_as(&format!("{MEMBER_SELECT} WHERE m.camp_id = $1 ORDER BY m.id")).bind(camp_id).fetch_all(db.pool()).await?)
}

/// How many members joined through each distribution point.
pub async fn per_class(db: &Db, camp_id: i64) -> Result<Vec<(i64, i64)>> {
    Ok(sqlx::query_as("SELECT class_id, COUNT(*) FROM camp_members WHERE camp_id = $1 GROUP BY class_id").bind(camp_id).fetch_all(db.pool()).await?)
}

/// The classes a camp's owner teaches: the distribution points besides the general code.
pub async fn owner_classes(db: &Db, owner_id: i64) -> Result<Vec<(i64, String)>> {
    Ok(sqlx::query_as("SELECT id, name FROM classes WHERE teacher_id = $1 ORDER BY id").bind(owner_id).fetch_all(db.pool()).await?)
}

pub const OPENED: i64 = 1;
pub const DONE: i64 = 2;

#[derive(Debug, Clone, FromRow)]
pub struct RecordRow {
    pub member_id: i64,
    pub task_id: i64,
    pub status: i64,
    pub score: Option<i64>,
    pub answers: String,
    pub opened_at: i64,
    pub done_at: Option<i64>,
}

impl RecordRow {
    pub fn chosen(&self) -> Vec<i64> {
        serde_json::from_str(&self.answers).unwrap_or_default()
    }
}

const RECORD_COLUMNS: &str = "member_id, task_id, status, score, answers, opened_at, done_at";

pub async fn records(db: &Db, camp_id: i64) -> Result<Vec<RecordRow>> {
    Ok(sqlx::query_as(&format!("SELECT {RECORD_COLUMNS} FROM camp_task_records WHERE camp_id = $1")).bind(camp_id).fetch_all(db.pool()).await?)
}

pub async fn records_of(db: &Db, member_id: i64) -> Result<Vec<RecordRow>> {
    Ok(sqlx::query_as(&format!("SELECT {RECORD_COLUMNS} FROM camp_task_records WHERE member_id = $1")).bind(member_id).fetch_all(db.pool()).await?)
}

/// The member opened a task (kept once; a done task stays done).
pub async fn mark_opened(db: &Db, camp_id: i64, member_id: i64, task_id: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    sqlx::query(
        "INSERT INTO camp_task_records (camp_id, task_id, member_id, status, opened_at) VALUES ($1,$2,$3,$4,$5) ON CONFLICT (member_id, task_id) DO NOTHING",
    )
    .bind(camp_id)
    .bind(task_id)
    .bind(member_id)
    .bind(OPENED)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The member finished a task (with a question set's score and answers); `false` when it was done
/// already (nothing changes: the first result stands). One statement, so two answers sent at
/// once cannot both count.
pub async fn mark_done(db: &Db, camp_id: i64, member_id: i64, task_id: i64, score: Option<i64>, answers: Option<&[i64]>, at: i64) -> Result<bool> {
    let answers = answers.map(|a| serde_json::to_string(a).expect("answers serialise")).unwrap_or_default();
    let _turn = db.write_turn().await;
    let changed = sqlx::query(
        "INSERT INTO camp_task_records (camp_id, task_id, member_id, status, score, answers, opened_at, done_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$7) \
         ON CONFLICT (member_id, task_id) DO UPDATE SET status = excluded.status, score = excluded.score, answers = excluded.answers, \
         done_at = excluded.done_at WHERE camp_task_records.status <> $4",
    )
    .bind(camp_id)
    .bind(task_id)
    .bind(member_id)
    .bind(DONE)
    .bind(score)
    .bind(&answers)
    .bind(at)
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(changed > 0)
}

/// A question set's score: percent of questions answered right, rounded.
pub fn score(content: &TaskContent, answers: &[i64]) -> Option<i64> {
    let questions = content.questions.as_ref()?;
    if questions.is_empty() {
        return None;
    }
    let right = questions.iter().zip(answers).filter(|(q, a)| q.answer == **a).count();
    Some(((right * 100) as f64 / questions.len() as f64).round() as i64)
}
