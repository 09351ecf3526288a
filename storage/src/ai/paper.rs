//! AI paper tasks (03 §7.9): a teacher's photo or PDF of a paper, recognised into questions by
//! the provider (a job of the engine, `JobKind::AiPaperRecognize`), edited, then saved into
//! their own questions of the bank; each question keeps the bank question it became.

use protocol::dto::ai::{AI_TASK_DRAFT, AI_TASK_FAILED, AI_TASK_RECOGNIZED, AI_TASK_SAVED};
use sqlx::FromRow;

use crate::jobs::{self, JobKind};
use crate::{now_ms, Db, Result};

#[derive(Debug, Clone, FromRow)]
pub struct TaskRow {
    pub id: i64,
    pub user_id: i64,
    pub title: String,
    pub subject: i64,
    pub stage: i64,
    pub file_id: String,
    pub knowledge_ids: String,
    pub status: i64,
    pub progress: i64,
    pub error: String,
    pub model: String,
    pub feedback: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub question_count: i64,
    pub saved_count: i64,
    /// The uploaded paper's name ('' without a file).
    pub file_name: String,
}

impl TaskRow {
    pub fn knowledge(&self) -> Vec<i64> {
        serde_json::from_str(&self.knowledge_ids).unwrap_or_default()
    }
}

const TASK_COLUMNS: &str = "t.id, t.user_id, t.title, t.subject, t.stage, t.file_id, t.knowledge_ids, t.status, t.progress, t.error, t.model, \
     t.feedback, t.created_at, t.updated_at, \
     (SELECT COUNT(*) FROM ai_paper_items i WHERE i.task_id = t.id) AS question_count, \
     (SELECT COUNT(*) FROM ai_paper_items i WHERE i.task_id = t.id AND i.saved_question_id IS NOT NULL) AS saved_count, \
     COALESCE((SELECT u.file_name FROM uploads u WHERE u.id = t.file_id), '') AS file_name";

#[derive(Debug, Clone, FromRow)]
pub struct ItemRow {
    pub id: i64,
    pub task_id: i64,
    pub position: i64,
    pub question_type: i64,
    pub stem: String,
    pub options: String,
    pub answer: String,
    pub analysis: String,
    pub difficulty: i64,
    pub knowledge_ids: String,
    pub saved_question_id: Option<i64>,
}

impl ItemRow {
    pub fn option_list(&self) -> Vec<String> {
        serde_json::from_str(&self.options).unwrap_or_default()
    }
    pub fn knowledge(&self) -> Vec<i64> {
        serde_json::from_str(&self.knowledge_ids).unwrap_or_default()
    }
}

const ITEM_COLUMNS: &str = "id, task_id, position, question_type, stem, options, answer, analysis, difficulty, knowledge_ids, saved_question_id";

/// A question's content as stored (options and points as JSON).
#[derive(Debug, Clone)]
pub struct NewItem {
    pub question_type: i64,
    pub stem: String,
    pub options: Vec<String>,
    pub answer: String,
    pub analysis: String,
    pub difficulty: i64,
    pub knowledge_ids: Vec<i64>,
    /// Kept from the item it edits (a question already saved stays linked).
    pub saved_question_id: Option<i64>,
}

/// A task's fields.
pub struct TaskFields<'a> {
    pub title: &'a str,
    pub subject: i64,
    pub stage: i64,
    pub file_id: &'a str,
    pub knowledge_ids: &'a [i64],
}

pub async fn task(db: &Db, id: i64) -> Result<Option<TaskRow>> {
    Ok(sqlx::query_as(&format!("SELECT {TASK_COLUMNS} FROM ai_paper_tasks t WHERE t.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

pub async fn create(db: &Db, user_id: i64, f: &TaskFields<'_>) -> Result<i64> {
    let now = now_ms();
    Ok(sqlx::query_scalar(&format!(
        "INSERT INTO ai_paper_tasks (user_id, title, subject, stage, file_id, knowledge_ids, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, {AI_TASK_DRAFT}, $7, $7) RETURNING id"
    ))
    .bind(user_id)
    .bind(f.title)
    .bind(f.subject)
    .bind(f.stage)
    .bind(f.file_id)
    .bind(serde_json::to_string(f.knowledge_ids).unwrap_or_else(|_| "[]".into()))
    .bind(now)
    .fetch_one(db.pool())
    .await?)
}

/// Changes a task's fields; a new file makes a recognised or failed task a draft again.
pub async fn update(db: &Db, id: i64, f: &TaskFields<'_>) -> Result<()> {
    sqlx::query(&format!(
        "UPDATE ai_paper_tasks SET title = $1, subject = $2, stage = $3, knowledge_ids = $4, updated_at = $5, \
         status = CASE WHEN file_id <> $6 AND status IN ({AI_TASK_RECOGNIZED}, {AI_TASK_FAILED}) THEN {AI_TASK_DRAFT} ELSE status END, \
         file_id = $6 WHERE id = $7"
    ))
    .bind(f.title)
    .bind(f.subject)
    .bind(f.stage)
    .bind(serde_json::to_string(f.knowledge_ids).unwrap_or_else(|_| "[]".into()))
    .bind(now_ms())
    .bind(f.file_id)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Deletes a task, its questions and its job (a recognition under way loses its claim).
pub async fn delete(db: &Db, id: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    jobs::remove(&mut tx, JobKind::AiPaperRecognize, id).await?;
    sqlx::query("DELETE FROM ai_paper_items WHERE task_id = $1").bind(id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM ai_paper_tasks WHERE id = $1").bind(id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

/// Queues the task's recognition (waiting), within the user's cap of waiting jobs: false when
/// the cap is reached. A task waiting or being recognised is not queued again (false too).
pub async fn queue_recognition(db: &Db, id: i64, user_id: i64, cap: i64) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let r = sqlx::query(&format!(
        "UPDATE ai_paper_tasks SET status = 1, progress = 0, error = '', updated_at = $1 WHERE id = $2 AND status IN ({AI_TASK_DRAFT}, {AI_TASK_RECOGNIZED}, {AI_TASK_FAILED}, {AI_TASK_SAVED})"
    ))
    .bind(now_ms())
    .bind(id)
    .execute(&mut *tx)
    .await?;
    if r.rows_affected() == 0 || !jobs::requeue(&mut tx, JobKind::AiPaperRecognize, id, user_id, cap).await? {
        tx.rollback().await?;
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

/// How far a recognition is (percent).
pub async fn set_progress(db: &Db, id: i64, percent: i64) -> Result<()> {
    sqlx::query("UPDATE ai_paper_tasks SET progress = $1 WHERE id = $2 AND status = 2").bind(percent).bind(id).execute(db.pool()).await?;
    Ok(())
}

pub async fn set_model(db: &Db, id: i64, model: &str) -> Result<()> {
    sqlx::query("UPDATE ai_paper_tasks SET model = $1 WHERE id = $2").bind(model).bind(id).execute(db.pool()).await?;
    Ok(())
}

/// A page of the user's tasks, newest first, by words of the title and status.
pub async fn search(db: &Db, user_id: i64, keyword: Option<&str>, status: Option<i64>, page_no: i64, page_size: i64) -> Result<(Vec<TaskRow>, i64)> {
    let like = keyword.map(str::trim).filter(|k| !k.is_empty()).map(|k| format!("%{}%", crate::reports::like_escaped(k)));
    let filter = "t.user_id = $1 AND ($2 = '' OR LOWER(t.title) LIKE LOWER($2) ESCAPE '!') AND ($3 < 0 OR t.status = $3)";
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM ai_paper_tasks t WHERE {filter}"))
        .bind(user_id)
        .bind(like.clone().unwrap_or_default())
        .bind(status.unwrap_or(-1))
        .fetch_one(db.pool())
        .await?;
    let rows = sqlx::query_as(&format!("SELECT {TASK_COLUMNS} FROM ai_paper_tasks t WHERE {filter} ORDER BY t.id DESC LIMIT $4 OFFSET $5"))
        .bind(user_id)
        .bind(like.unwrap_or_default())
        .bind(status.unwrap_or(-1))
        .bind(page_size)
        .bind((page_no - 1) * page_size)
        .fetch_all(db.pool())
        .await?;
    Ok((rows, total))
}

pub async fn items(db: &Db, task_id: i64) -> Result<Vec<ItemRow>> {
    Ok(sqlx::query_as(&format!("SELECT {ITEM_COLUMNS} FROM ai_paper_items WHERE task_id = $1 ORDER BY position")).bind(task_id).fetch_all(db.pool()).await?)
}

/// A page of a task's questions, of one type or all.
pub async fn item_page(db: &Db, task_id: i64, question_type: Option<i64>, page_no: i64, page_size: i64) -> Result<(Vec<ItemRow>, i64)> {
    let filter = "task_id = $1 AND ($2 < 0 OR question_type = $2)";
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM ai_paper_items WHERE {filter}"))
        .bind(task_id)
        .bind(question_type.unwrap_or(-1))
        .fetch_one(db.pool())
        .await?;
    let rows = sqlx::query_as(&format!("SELECT {ITEM_COLUMNS} FROM ai_paper_items WHERE {filter} ORDER BY position LIMIT $3 OFFSET $4"))
        .bind(task_id)
        .bind(question_type.unwrap_or(-1))
        .bind(page_size)
        .bind((page_no - 1) * page_size)
        .fetch_all(db.pool())
        .await?;
    Ok((rows, total))
}

/// Replaces a task's questions (a recognition's result, or the teacher's edit).
pub async fn replace_items(db: &Db, task_id: i64, items: &[NewItem]) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    sqlx::query("DELETE FROM ai_paper_items WHERE task_id = $1").bind(task_id).execute(&mut *tx).await?;
    for (position, item) in items.iter().enumerate() {
        sqlx::query(
            "INSERT INTO ai_paper_items (task_id, position, question_type, stem, options, answer, analysis, difficulty, knowledge_ids, saved_question_id) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(task_id)
        .bind(position as i64 + 1)
        .bind(item.question_type)
        .bind(&item.stem)
        .bind(serde_json::to_string(&item.options).unwrap_or_else(|_| "[]".into()))
        .bind(&item.answer)
        .bind(&item.analysis)
        .bind(item.difficulty)
        .bind(serde_json::to_string(&item.knowledge_ids).unwrap_or_else(|_| "[]".into()))
        .bind(item.saved_question_id)
        .execute(&mut *tx)
        .await?;
    }
    // A saved task given questions still to save is a recognised one again.
    sqlx::query(&format!(
        "UPDATE ai_paper_tasks SET updated_at = $1, status = CASE WHEN status = {AI_TASK_SAVED} AND EXISTS \
         (SELECT 1 FROM ai_paper_items i WHERE i.task_id = $2 AND i.saved_question_id IS NULL) THEN {AI_TASK_RECOGNIZED} ELSE status END WHERE id = $2"
    ))
    .bind(now_ms())
    .bind(task_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Links a task's question to the bank question it became, unless it was linked meanwhile (a
/// save at the same time) or is gone (the questions replaced): false then, and the caller
/// removes the bank question it made. The task is saved once all its questions are.
pub async fn mark_saved(db: &Db, task_id: i64, item_id: i64, question_id: i64) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let linked = sqlx::query("UPDATE ai_paper_items SET saved_question_id = $1 WHERE id = $2 AND task_id = $3 AND saved_question_id IS NULL")
        .bind(question_id)
        .bind(item_id)
        .bind(task_id)
        .execute(&mut *tx)
        .await?;
    if linked.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    sqlx::query(&format!(
        "UPDATE ai_paper_tasks SET updated_at = $1, status = CASE WHEN NOT EXISTS \
         (SELECT 1 FROM ai_paper_items i WHERE i.task_id = $2 AND i.saved_question_id IS NULL) THEN {AI_TASK_SAVED} ELSE status END WHERE id = $2"
    ))
    .bind(now_ms())
    .bind(task_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

pub async fn set_feedback(db: &Db, id: i64, verdict: i64, tags_json: &str, note: &str) -> Result<()> {
    sqlx::query("UPDATE ai_paper_tasks SET feedback = $1, feedback_tags = $2, feedback_note = $3 WHERE id = $4")
        .bind(verdict)
        .bind(tags_json)
        .bind(note)
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(())
}
