//! The AI assistant's records (03 §7.9): conversations, messages (a reply written as it is
//! generated), the calls made to the provider (usage), and the limits counted from them.

use protocol::dto::ai::{AI_COMPLETE, AI_FAILED, AI_GENERATING, AI_INTERRUPTED, AI_ROLE_ASSISTANT};
use sqlx::FromRow;

use crate::{now_ms, Db, Result};

pub mod paper;

#[derive(Debug, Clone, FromRow)]
pub struct ConversationRow {
    pub id: i64,
    pub user_id: i64,
    pub title: String,
    pub model: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub last_message: Option<String>,
    pub unread: i64,
}

const CONVERSATION_COLUMNS: &str = "c.id, c.user_id, c.title, c.model, c.created_at, c.updated_at, \
     (SELECT m.content FROM ai_messages m WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1) AS last_message, \
     (SELECT COUNT(*) FROM ai_messages m WHERE m.conversation_id = c.id AND m.role = 'assistant' AND m.status <> 1 AND m.read_at IS NULL) AS unread";

#[derive(Debug, Clone, FromRow)]
pub struct MessageRow {
    pub id: i64,
    pub conversation_id: i64,
    pub user_id: i64,
    pub role: String,
    pub content: String,
    pub status: i64,
    pub model: String,
    pub error: String,
    pub feedback: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

const MESSAGE_COLUMNS: &str = "id, conversation_id, user_id, role, content, status, model, error, feedback, created_at, updated_at";

/// The user's live conversation.
pub async fn conversation(db: &Db, user_id: i64, id: i64) -> Result<Option<ConversationRow>> {
    Ok(sqlx::query_as(&format!("SELECT {CONVERSATION_COLUMNS} FROM ai_conversations c WHERE c.id = $1 AND c.user_id = $2 AND c.deleted_at IS NULL"))
        .bind(id)
        .bind(user_id)
        .fetch_optional(db.pool())
        .await?)
}

/// A page of the user's conversations, most recently active first, and the total.
pub async fn conversations(db: &Db, user_id: i64, page_no: i64, page_size: i64) -> Result<(Vec<ConversationRow>, i64)> {
    let total: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM ai_conversations WHERE user_id = $1 AND deleted_at IS NULL").bind(user_id).fetch_one(db.pool()).await?;
    let rows = sqlx::query_as(&format!(
        "SELECT {CONVERSATION_COLUMNS} FROM ai_conversations c WHERE c.user_id = $1 AND c.deleted_at IS NULL \
         ORDER BY c.updated_at DESC, c.id DESC LIMIT {page_size} OFFSET {}",
        (page_no - 1).max(0) * page_size
    ))
    .bind(user_id)
    .fetch_all(db.pool())
    .await?;
    Ok((rows, total))
}

pub async fn create_conversation(db: &Db, user_id: i64, title: &str, model: &str) -> Result<i64> {
    let now = now_ms();
    Ok(sqlx::query_scalar("INSERT INTO ai_conversations (user_id, title, model, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) RETURNING id")
        .bind(user_id)
        .bind(title)
        .bind(model)
        .bind(now)
        .fetch_one(db.pool())
        .await?)
}

pub async fn rename(db: &Db, id: i64, title: &str) -> Result<()> {
    sqlx::query("UPDATE ai_conversations SET title = $1 WHERE id = $2").bind(title).bind(id).execute(db.pool()).await?;
    Ok(())
}

/// Deletes a conversation (its replies being generated are interrupted).
pub async fn delete(db: &Db, id: i64) -> Result<()> {
    let now = now_ms();
    sqlx::query("UPDATE ai_conversations SET deleted_at = $1 WHERE id = $2").bind(now).bind(id).execute(db.pool()).await?;
    sqlx::query(&format!("UPDATE ai_messages SET status = {AI_INTERRUPTED}, updated_at = $1 WHERE conversation_id = $2 AND status = {AI_GENERATING}"))
        .bind(now)
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Stores the user's message and the reply about to be generated (empty, generating); answers
/// their ids.
pub async fn add_exchange(db: &Db, conversation_id: i64, user_id: i64, content: &str, model: &str) -> Result<(i64, i64)> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let now = now_ms();
    let question: i64 = sqlx::query_scalar(&format!(
        "INSERT INTO ai_messages (conversation_id, user_id, role, content, status, model, created_at, updated_at, read_at) \
         VALUES ($1, $2, 'user', $3, {AI_COMPLETE}, $4, $5, $5, $5) RETURNING id"
    ))
    .bind(conversation_id)
    .bind(user_id)
    .bind(content)
    .bind(model)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    let reply = begin_reply(&mut tx, conversation_id, user_id, model, now + 1).await?;
    tx.commit().await?;
    Ok((question, reply))
}

/// Inserts a conversation's next reply, empty and generating, and marks the conversation
/// changed. One reply generating per user: a second request at once meets the index.
async fn begin_reply(tx: &mut sqlx::Transaction<'_, sqlx::Any>, conversation_id: i64, user_id: i64, model: &str, at: i64) -> Result<i64> {
    let reply: i64 = sqlx::query_scalar(&format!(
        "INSERT INTO ai_messages (conversation_id, user_id, role, content, status, model, created_at, updated_at) \
         VALUES ($1, $2, 'assistant', '', {AI_GENERATING}, $3, $4, $4) RETURNING id"
    ))
    .bind(conversation_id)
    .bind(user_id)
    .bind(model)
    .bind(at)
    .fetch_one(&mut **tx)
    .await
    .map_err(|e| crate::on_unique(e, "上一条回答还在生成中，请等待完成或停止生成"))?;
    sqlx::query("UPDATE ai_conversations SET updated_at = $1, model = $2 WHERE id = $3").bind(at).bind(model).bind(conversation_id).execute(&mut **tx).await?;
    Ok(reply)
}

pub async fn message(db: &Db, id: i64) -> Result<Option<MessageRow>> {
    Ok(sqlx::query_as(&format!("SELECT {MESSAGE_COLUMNS} FROM ai_messages WHERE id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// A page of a conversation's messages, newest first, and the total.
pub async fn history(db: &Db, conversation_id: i64, page_no: i64, page_size: i64) -> Result<(Vec<MessageRow>, i64)> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ai_messages WHERE conversation_id = $1").bind(conversation_id).fetch_one(db.pool()).await?;
    let rows = sqlx::query_as(&format!(
        "SELECT {MESSAGE_COLUMNS} FROM ai_messages WHERE conversation_id = $1 ORDER BY id DESC LIMIT {page_size} OFFSET {}",
        (page_no - 1).max(0) * page_size
    ))
    .bind(conversation_id)
    .fetch_all(db.pool())
    .await?;
    Ok((rows, total))
}

/// The conversation's finished messages before `before` (the context of a new reply), oldest
/// first: (role, content).
pub async fn context(db: &Db, conversation_id: i64, before: i64, limit: i64) -> Result<Vec<(String, String)>> {
    let mut rows: Vec<(String, String)> = sqlx::query_as(&format!(
        "SELECT role, content FROM ai_messages WHERE conversation_id = $1 AND id < $2 AND content <> '' AND status IN ({AI_COMPLETE}, {AI_INTERRUPTED}) \
         ORDER BY id DESC LIMIT $3"
    ))
    .bind(conversation_id)
    .bind(before)
    .bind(limit)
    .fetch_all(db.pool())
    .await?;
    rows.reverse();
    Ok(rows)
}

/// Writes what a reply has so far while it is generating; false when it is no longer generating
/// (interrupted by the user, its conversation deleted): the generation stops.
pub async fn write_progress(db: &Db, id: i64, content: &str) -> Result<bool> {
    let r = sqlx::query(&format!("UPDATE ai_messages SET content = $1, updated_at = $2 WHERE id = $3 AND status = {AI_GENERATING}"))
        .bind(content)
        .bind(now_ms())
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(r.rows_affected() > 0)
}

/// Ends a reply: complete or failed (with why), its content as produced. An interrupted reply
/// keeps its state and gets the content produced until the interruption was seen.
pub async fn finish(db: &Db, id: i64, content: &str, error: Option<&str>) -> Result<i64> {
    let status = if error.is_some() { AI_FAILED } else { AI_COMPLETE };
    let now = now_ms();
    sqlx::query(&format!(
        "UPDATE ai_messages SET content = $1, status = CASE WHEN status = {AI_GENERATING} THEN $2 ELSE status END, \
         error = CASE WHEN status = {AI_GENERATING} THEN $3 ELSE error END, updated_at = $4 WHERE id = $5"
    ))
    .bind(content)
    .bind(status)
    .bind(error.unwrap_or(""))
    .bind(now)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(sqlx::query_scalar("SELECT status FROM ai_messages WHERE id = $1").bind(id).fetch_one(db.pool()).await?)
}

/// Says a reply is still being generated (a heartbeat while the provider is silent); false when it
/// is no longer generating.
pub async fn touch(db: &Db, id: i64) -> Result<bool> {
    let r = sqlx::query(&format!("UPDATE ai_messages SET updated_at = $1 WHERE id = $2 AND status = {AI_GENERATING}"))
        .bind(now_ms())
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(r.rows_affected() > 0)
}

/// Interrupts a reply being generated; false when it had already ended.
pub async fn interrupt(db: &Db, id: i64) -> Result<bool> {
    let r = sqlx::query(&format!("UPDATE ai_messages SET status = {AI_INTERRUPTED}, updated_at = $1 WHERE id = $2 AND status = {AI_GENERATING}"))
        .bind(now_ms())
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(r.rows_affected() > 0)
}

/// Replies a process left generating when it died (not written for `stale_ms`) fail.
pub async fn fail_abandoned(db: &Db, stale_ms: i64) -> Result<u64> {
    let now = now_ms();
    let r = sqlx::query(&format!(
        "UPDATE ai_messages SET status = {AI_FAILED}, error = '生成被中断（服务重启），请重新发送', updated_at = $1 WHERE status = {AI_GENERATING} AND updated_at < $2"
    ))
    .bind(now)
    .bind(now - stale_ms)
    .execute(db.pool())
    .await?;
    Ok(r.rows_affected())
}

/// Marks the conversation's finished replies read.
pub async fn mark_read(db: &Db, conversation_id: i64) -> Result<u64> {
    let r = sqlx::query(&format!(
        "UPDATE ai_messages SET read_at = $1 WHERE conversation_id = $2 AND role = '{AI_ROLE_ASSISTANT}' AND status <> {AI_GENERATING} AND read_at IS NULL"
    ))
    .bind(now_ms())
    .bind(conversation_id)
    .execute(db.pool())
    .await?;
    Ok(r.rows_affected())
}

/// Whether one of the user's replies is being generated.
pub async fn is_generating(db: &Db, user_id: i64) -> Result<bool> {
    let generating: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM ai_messages m JOIN ai_conversations c ON c.id = m.conversation_id \
         WHERE m.user_id = $1 AND m.status = {AI_GENERATING} AND c.deleted_at IS NULL"
    ))
    .bind(user_id)
    .fetch_one(db.pool())
    .await?;
    Ok(generating > 0)
}

/// The badge: whether a reply is being generated, and the unread finished replies (newest first).
pub async fn unread(db: &Db, user_id: i64, limit: i64) -> Result<(bool, i64, Vec<(i64, i64)>)> {
    let generating = is_generating(db, user_id).await?;
    let unread = format!(
        "FROM ai_messages m JOIN ai_conversations c ON c.id = m.conversation_id WHERE m.user_id = $1 AND m.role = '{AI_ROLE_ASSISTANT}' \
         AND m.status <> {AI_GENERATING} AND m.read_at IS NULL AND c.deleted_at IS NULL"
    );
    let count: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {unread}")).bind(user_id).fetch_one(db.pool()).await?;
    let list: Vec<(i64, i64)> =
        sqlx::query_as(&format!("SELECT m.conversation_id, m.id {unread} ORDER BY m.id DESC LIMIT $2")).bind(user_id).bind(limit).fetch_all(db.pool()).await?;
    Ok((generating, count, list))
}

pub async fn set_feedback(db: &Db, id: i64, verdict: i64, tags_json: &str, note: &str) -> Result<()> {
    sqlx::query("UPDATE ai_messages SET feedback = $1, feedback_tags = $2, feedback_note = $3 WHERE id = $4")
        .bind(verdict)
        .bind(tags_json)
        .bind(note)
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Records a call made to the provider.
pub async fn record_call(db: &Db, user_id: i64, model: &str, purpose: &str, ok: bool, tokens: i64) -> Result<()> {
    sqlx::query("INSERT INTO ai_calls (user_id, model, purpose, ok, tokens, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(user_id)
        .bind(model)
        .bind(purpose)
        .bind(i64::from(ok))
        .bind(tokens)
        .bind(now_ms())
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Records a call as it starts (counted by the limits while it runs); [`end_call`] says how it ended.
pub async fn begin_call(db: &Db, user_id: i64, model: &str, purpose: &str) -> Result<i64> {
    Ok(sqlx::query_scalar("INSERT INTO ai_calls (user_id, model, purpose, ok, tokens, created_at) VALUES ($1, $2, $3, 1, 0, $4) RETURNING id")
        .bind(user_id)
        .bind(model)
        .bind(purpose)
        .bind(now_ms())
        .fetch_one(db.pool())
        .await?)
}

pub async fn end_call(db: &Db, id: i64, ok: bool, tokens: i64) -> Result<()> {
    sqlx::query("UPDATE ai_calls SET ok = $1, tokens = $2 WHERE id = $3").bind(i64::from(ok)).bind(tokens).bind(id).execute(db.pool()).await?;
    Ok(())
}

/// The user's calls since `since` (the per-minute limit) and tokens since `day_start` (the daily one).
pub async fn recent_use(db: &Db, user_id: i64, since: i64, day_start: i64) -> Result<(i64, i64)> {
    let calls: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM ai_calls WHERE user_id = $1 AND created_at >= $2").bind(user_id).bind(since).fetch_one(db.pool()).await?;
    let tokens: i64 = sqlx::query_scalar("SELECT CAST(COALESCE(SUM(tokens), 0) AS BIGINT) FROM ai_calls WHERE user_id = $1 AND created_at >= $2")
        .bind(user_id)
        .bind(day_start)
        .fetch_one(db.pool())
        .await?;
    Ok((calls, tokens))
}

/// Calls per model between two times (one user's, or everyone's): (model, calls, failed, tokens).
pub async fn usage(db: &Db, user_id: Option<i64>, from: i64, to: i64) -> Result<Vec<(String, i64, i64, i64)>> {
    Ok(sqlx::query_as(
        "SELECT model, COUNT(*), CAST(COALESCE(SUM(1 - ok), 0) AS BIGINT), CAST(COALESCE(SUM(tokens), 0) AS BIGINT) FROM ai_calls \
         WHERE ($1 = 0 OR user_id = $1) AND created_at >= $2 AND created_at < $3 GROUP BY model ORDER BY model",
    )
    .bind(user_id.unwrap_or(0))
    .bind(from)
    .bind(to)
    .fetch_all(db.pool())
    .await?)
}

/// Changes the user's message `message_id` to `content`, drops the turns after it and begins a
/// new reply (empty, generating); answers the reply's id.
pub async fn reedit(db: &Db, conversation_id: i64, message_id: i64, user_id: i64, content: &str, model: &str) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let now = now_ms();
    sqlx::query("UPDATE ai_messages SET content = $1, updated_at = $2 WHERE id = $3").bind(content).bind(now).bind(message_id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM ai_messages WHERE conversation_id = $1 AND id > $2").bind(conversation_id).bind(message_id).execute(&mut *tx).await?;
    let reply = begin_reply(&mut tx, conversation_id, user_id, model, now).await?;
    tx.commit().await?;
    Ok(reply)
}
