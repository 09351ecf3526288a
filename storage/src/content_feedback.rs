//! Feedback on content (03 §7.1 "Feedback (content)"): error reports on questions, papers and
//! drive files with their tags and handling, and comments on a paper's blocks.

use sqlx::FromRow;

use crate::{now_ms, Db, Result};

/// What a report is about.
pub const TARGET_QUESTION: i64 = 1;
pub const TARGET_PAPER: i64 = 2;
pub const TARGET_FILE: i64 = 3;

#[derive(Debug, Clone, FromRow)]
pub struct FeedbackRow {
    pub id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub target_type: i64,
    pub target_id: i64,
    pub target_title: String,
    pub tags: String,
    pub content: String,
    pub status: i64,
    pub reply: String,
    pub handled_at: Option<i64>,
    pub created_at: i64,
}

impl FeedbackRow {
    pub fn tag_list(&self) -> Vec<String> {
        serde_json::from_str(&self.tags).unwrap_or_default()
    }
}

const SELECT: &str = "SELECT f.id, f.user_id, COALESCE(u.name, '') AS user_name, f.target_type, f.target_id, f.target_title, f.tags, f.content, f.status, \
     f.reply, f.handled_at, f.created_at FROM content_feedback f LEFT JOIN users u ON u.id = f.user_id";

pub struct NewFeedback<'a> {
    pub user_id: i64,
    pub target_type: i64,
    pub target_id: i64,
    pub target_title: &'a str,
    pub tags: &'a [String],
    pub content: &'a str,
}

pub async fn submit(db: &Db, f: &NewFeedback<'_>) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "INSERT INTO content_feedback (user_id, target_type, target_id, target_title, tags, content, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING id",
    )
    .bind(f.user_id)
    .bind(f.target_type)
    .bind(f.target_id)
    .bind(f.target_title)
    .bind(serde_json::to_string(f.tags).unwrap_or_else(|_| "[]".into()))
    .bind(f.content)
    .bind(now_ms())
    .fetch_one(db.pool())
    .await?)
}

pub async fn by_id(db: &Db, id: i64) -> Result<Option<FeedbackRow>> {
    Ok(sqlx::query_as(&format!("{SELECT} WHERE f.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// A user's reports on questions and papers, newest first.
pub async fn of_user(db: &Db, user: i64, limit: i64) -> Result<Vec<FeedbackRow>> {
    Ok(sqlx::query_as(&format!("{SELECT} WHERE f.user_id = $1 AND f.target_type IN ({TARGET_QUESTION}, {TARGET_PAPER}) ORDER BY f.id DESC LIMIT $2"))
        .bind(user)
        .bind(limit)
        .fetch_all(db.pool())
        .await?)
}

/// Every report on a target, newest first.
pub async fn of_target(db: &Db, target_type: i64, target_id: i64, limit: i64) -> Result<Vec<FeedbackRow>> {
    Ok(sqlx::query_as(&format!("{SELECT} WHERE f.target_type = $1 AND f.target_id = $2 ORDER BY f.id DESC LIMIT $3"))
        .bind(target_type)
        .bind(target_id)
        .bind(limit)
        .fetch_all(db.pool())
        .await?)
}

/// Settles an open report; `false` when it was settled already.
pub async fn handle(db: &Db, id: i64, by: i64, accept: bool, reply: &str) -> Result<bool> {
    Ok(sqlx::query("UPDATE content_feedback SET status = $2, reply = $3, handled_by = $4, handled_at = $5 WHERE id = $1 AND status = 0")
        .bind(id)
        .bind(if accept { 1 } else { 2 })
        .bind(reply)
        .bind(by)
        .bind(now_ms())
        .execute(db.pool())
        .await?
        .rows_affected()
        > 0)
}

#[derive(Debug, Clone, FromRow)]
pub struct CommentRow {
    pub id: i64,
    pub paper_id: i64,
    pub block_key: String,
    pub user_id: i64,
    pub user_name: String,
    pub content: String,
    pub updated_at: i64,
}

const COMMENT_SELECT: &str =
    "SELECT c.id, c.paper_id, c.block_key, c.user_id, COALESCE(u.name, '') AS user_name, c.content, c.updated_at FROM block_comments c LEFT JOIN users u ON u.id = c.user_id";

/// A paper's block comments (of one block with `block`), oldest first.
pub async fn comments(db: &Db, paper_id: i64, block: Option<&str>) -> Result<Vec<CommentRow>> {
    let by_block = if block.is_some() { " AND c.block_key = $2" } else { "" };
    Ok(sqlx::query_as(&format!("{COMMENT_SELECT} WHERE c.paper_id = $1{by_block} ORDER BY c.id"))
        .bind(paper_id)
        .bind(block.unwrap_or(""))
        .fetch_all(db.pool())
        .await?)
}

pub async fn comment(db: &Db, id: i64) -> Result<Option<CommentRow>> {
    Ok(sqlx::query_as(&format!("{COMMENT_SELECT} WHERE c.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// Adds a comment (`id` None) or changes one; its id.
pub async fn save_comment(db: &Db, id: Option<i64>, paper_id: i64, block_key: &str, user: i64, content: &str) -> Result<i64> {
    let now = now_ms();
    match id {
        Some(id) => {
            sqlx::query("UPDATE block_comments SET content = $2, updated_at = $3 WHERE id = $1").bind(id).bind(content).bind(now).execute(db.pool()).await?;
            Ok(id)
        }
        None => Ok(sqlx::query_scalar(
            "INSERT INTO block_comments (paper_id, block_key, user_id, content, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$5) RETURNING id",
        )
        .bind(paper_id)
        .bind(block_key)
        .bind(user)
        .bind(content)
        .bind(now)
        .fetch_one(db.pool())
        .await?),
    }
}
