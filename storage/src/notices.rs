//! Notices (03 §7.10): what an administrator publishes, who receives it and what each has read.

use protocol::dto::notice::Notice;
use sqlx::FromRow;

use crate::{now_ms, Db, Result};

#[derive(Debug, Clone, FromRow)]
struct NoticeRow {
    id: i64,
    title: String,
    content: String,
    #[sqlx(rename = "type")]
    kind: i64,
    created_at: i64,
    read_at: Option<i64>,
    role: String,
}

impl From<NoticeRow> for Notice {
    fn from(r: NoticeRow) -> Notice {
        Notice { id: r.id, title: r.title, content: r.content, r#type: r.kind, create_time: r.created_at, read: r.read_at.is_some(), role: r.role }
    }
}

const SELECT_FOR_USER: &str = "SELECT n.id, n.title, n.content, n.type, n.created_at, r.read_at, r.role \
    FROM notices n JOIN notice_recipients r ON r.notice_id = n.id \
    WHERE r.user_id = $1 AND n.withdrawn_at IS NULL";

/// Stores a notice addressed to `recipients` (user id, role it was addressed for).
pub async fn publish(db: &Db, created_by: i64, title: &str, content: &str, kind: i64, recipients: &[(i64, String)]) -> Result<i64> {
    let mut tx = db.begin().await?;
    let id: i64 = sqlx::query_scalar("INSERT INTO notices (title, content, type, created_by, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id")
        .bind(title)
        .bind(content)
        .bind(kind)
        .bind(created_by)
        .bind(now_ms())
        .fetch_one(&mut *tx)
        .await?;
    for (user_id, role) in recipients {
        sqlx::query("INSERT INTO notice_recipients (notice_id, user_id, role) VALUES ($1, $2, $3)").bind(id).bind(user_id).bind(role).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(id)
}

/// Withdraws one notice (or every live one for `id` -1); returns the recipients, each with the
/// role the notice was addressed for, so that they can be told.
pub async fn withdraw(db: &Db, id: i64) -> Result<Vec<(i64, String)>> {
    let mut tx = db.begin().await?;
    let recipients: Vec<(i64, String)> = if id == -1 {
        sqlx::query_as("SELECT DISTINCT r.user_id, '' FROM notice_recipients r JOIN notices n ON n.id = r.notice_id WHERE n.withdrawn_at IS NULL")
            .fetch_all(&mut *tx)
            .await?
    } else {
        sqlx::query_as("SELECT r.user_id, r.role FROM notice_recipients r JOIN notices n ON n.id = r.notice_id WHERE n.id = $1 AND n.withdrawn_at IS NULL")
            .bind(id)
            .fetch_all(&mut *tx)
            .await?
    };
    if id == -1 {
        sqlx::query("UPDATE notices SET withdrawn_at = $1 WHERE withdrawn_at IS NULL").bind(now_ms()).execute(&mut *tx).await?;
    } else {
        sqlx::query("UPDATE notices SET withdrawn_at = $1 WHERE id = $2 AND withdrawn_at IS NULL").bind(now_ms()).bind(id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(recipients)
}

/// True when a live notice `id` exists (whoever it is for).
pub async fn exists(db: &Db, id: i64) -> Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT id FROM notices WHERE id = $1 AND withdrawn_at IS NULL").bind(id).fetch_optional(db.pool()).await?;
    Ok(found.is_some())
}

/// A page of the user's notices, newest first, optionally of one type.
pub async fn page(db: &Db, user_id: i64, kind: Option<i64>, page_no: i64, page_size: i64) -> Result<(Vec<Notice>, i64)> {
    let offset = (page_no - 1).max(0) * page_size;
    let (rows, total): (Vec<NoticeRow>, i64) = match kind {
        Some(kind) => (
            sqlx::query_as(&format!("{SELECT_FOR_USER} AND n.type = $2 ORDER BY n.created_at DESC, n.id DESC LIMIT $3 OFFSET $4"))
                .bind(user_id)
                .bind(kind)
                .bind(page_size)
                .bind(offset)
                .fetch_all(db.pool())
                .await?,
            sqlx::query_scalar(
                "SELECT COUNT(*) FROM notices n JOIN notice_recipients r ON r.notice_id = n.id WHERE r.user_id = $1 AND n.withdrawn_at IS NULL AND n.type = $2",
            )
            .bind(user_id)
            .bind(kind)
            .fetch_one(db.pool())
            .await?,
        ),
        None => (
            sqlx::query_as(&format!("{SELECT_FOR_USER} ORDER BY n.created_at DESC, n.id DESC LIMIT $2 OFFSET $3"))
                .bind(user_id)
                .bind(page_size)
                .bind(offset)
                .fetch_all(db.pool())
                .await?,
            sqlx::query_scalar("SELECT COUNT(*) FROM notices n JOIN notice_recipients r ON r.notice_id = n.id WHERE r.user_id = $1 AND n.withdrawn_at IS NULL")
                .bind(user_id)
                .fetch_one(db.pool())
                .await?,
        ),
    };
    Ok((rows.into_iter().map(Notice::from).collect(), total))
}

/// The user's unread notices, newest first.
pub async fn unread(db: &Db, user_id: i64) -> Result<Vec<Notice>> {
    let rows: Vec<NoticeRow> =
        sqlx::query_as(&format!("{SELECT_FOR_USER} AND r.read_at IS NULL ORDER BY n.created_at DESC, n.id DESC")).bind(user_id).fetch_all(db.pool()).await?;
    Ok(rows.into_iter().map(Notice::from).collect())
}

/// One of the user's notices; `None` when it is not addressed to the user (or withdrawn).
pub async fn detail(db: &Db, user_id: i64, id: i64) -> Result<Option<Notice>> {
    let row: Option<NoticeRow> = sqlx::query_as(&format!("{SELECT_FOR_USER} AND n.id = $2")).bind(user_id).bind(id).fetch_optional(db.pool()).await?;
    Ok(row.map(Notice::from))
}

/// The newest unread popup notice (type 1) whose popup the user has not closed.
pub async fn latest_popup(db: &Db, user_id: i64) -> Result<Option<Notice>> {
    let row: Option<NoticeRow> =
        sqlx::query_as(&format!("{SELECT_FOR_USER} AND r.read_at IS NULL AND r.popup_closed = 0 AND n.type = 1 ORDER BY n.created_at DESC, n.id DESC LIMIT 1"))
            .bind(user_id)
            .fetch_optional(db.pool())
            .await?;
    Ok(row.map(Notice::from))
}

/// Marks one notice read; false when it is not the user's.
pub async fn mark_read(db: &Db, user_id: i64, id: i64) -> Result<bool> {
    if detail(db, user_id, id).await?.is_none() {
        return Ok(false);
    }
    sqlx::query("UPDATE notice_recipients SET read_at = $1 WHERE notice_id = $2 AND user_id = $3 AND read_at IS NULL")
        .bind(now_ms())
        .bind(id)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(true)
}

/// Marks every notice of the user read; returns how many changed.
pub async fn read_all(db: &Db, user_id: i64) -> Result<u64> {
    let r =
        sqlx::query("UPDATE notice_recipients SET read_at = $1 WHERE user_id = $2 AND read_at IS NULL").bind(now_ms()).bind(user_id).execute(db.pool()).await?;
    Ok(r.rows_affected())
}

/// Unread counts per type.
pub async fn unread_type_counts(db: &Db, user_id: i64) -> Result<Vec<(i64, i64)>> {
    Ok(sqlx::query_as(
        "SELECT n.type, COUNT(*) FROM notices n JOIN notice_recipients r ON r.notice_id = n.id \
         WHERE r.user_id = $1 AND n.withdrawn_at IS NULL AND r.read_at IS NULL GROUP BY n.type ORDER BY n.type",
    )
    .bind(user_id)
    .fetch_all(db.pool())
    .await?)
}

/// Sets the popup-closed flag; false when the notice is not the user's.
pub async fn set_popup_closed(db: &Db, user_id: i64, id: i64, closed: bool) -> Result<bool> {
    let r = sqlx::query("UPDATE notice_recipients SET popup_closed = $1 WHERE notice_id = $2 AND user_id = $3")
        .bind(closed as i64)
        .bind(id)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(r.rows_affected() > 0)
}

/// A notice as its publisher sees it: who published it and how many of its recipients read it.
#[derive(Debug, Clone, FromRow)]
pub struct PublishedRow {
    pub id: i64,
    pub title: String,
    pub content: String,
    #[sqlx(rename = "type")]
    pub kind: i64,
    pub published_by: String,
    pub created_at: i64,
    pub withdrawn_at: Option<i64>,
    pub recipients: i64,
    pub read: i64,
}

/// A page of the notices published, newest first, and the total.
pub async fn published(db: &Db, limit: i64, offset: i64) -> Result<(Vec<PublishedRow>, i64)> {
    let rows = sqlx::query_as(
        "SELECT n.id, n.title, n.content, n.type, COALESCE(u.email, '') AS published_by, n.created_at, n.withdrawn_at, \
         (SELECT COUNT(*) FROM notice_recipients r WHERE r.notice_id = n.id) AS recipients, \
         (SELECT COUNT(*) FROM notice_recipients r WHERE r.notice_id = n.id AND r.read_at IS NOT NULL) AS read \
         FROM notices n LEFT JOIN users u ON u.id = n.created_by ORDER BY n.created_at DESC, n.id DESC LIMIT $1 OFFSET $2",
    )
    .bind(limit)
    .bind(offset)
    .fetch_all(db.pool())
    .await?;
    let total = sqlx::query_scalar("SELECT COUNT(*) FROM notices").fetch_one(db.pool()).await?;
    Ok((rows, total))
}
