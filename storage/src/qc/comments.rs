//! An inspector's quick comments (`fastComment/*`): their own, newest first.

use protocol::dto::qc::FastComment;

use crate::{now_ms, Db, Result};

/// At most this many per inspector.
pub const MAX_PER_OWNER: i64 = 100;

pub async fn list(db: &Db, owner: i64) -> Result<Vec<FastComment>> {
    let rows: Vec<(i64, String, i64)> =
        sqlx::query_as("SELECT id, content, created_at FROM qc_fast_comments WHERE owner_id = $1 ORDER BY created_at DESC, id DESC")
            .bind(owner)
            .fetch_all(db.pool())
            .await?;
    Ok(rows.into_iter().map(|(id, content, created_at)| FastComment { id, content, created_at }).collect())
}

pub async fn count(db: &Db, owner: i64) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM qc_fast_comments WHERE owner_id = $1").bind(owner).fetch_one(db.pool()).await?)
}

pub async fn add(db: &Db, owner: i64, content: &str) -> Result<FastComment> {
    let created_at = now_ms();
    let id = sqlx::query_scalar("INSERT INTO qc_fast_comments (owner_id, content, created_at) VALUES ($1, $2, $3) RETURNING id")
        .bind(owner)
        .bind(content)
        .bind(created_at)
        .fetch_one(db.pool())
        .await?;
    Ok(FastComment { id, content: content.to_owned(), created_at })
}

/// Deletes the owner's comments among `ids`; how many went.
pub async fn delete(db: &Db, owner: i64, ids: &[i64]) -> Result<i64> {
    let mut gone = 0;
    for id in ids {
        gone +=
            sqlx::query("DELETE FROM qc_fast_comments WHERE id = $1 AND owner_id = $2").bind(id).bind(owner).execute(db.pool()).await?.rows_affected() as i64;
    }
    Ok(gone)
}
