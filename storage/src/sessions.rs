//! Sign-in sessions. The client holds a random token (cookie or bearer); only its digest is stored.

use sqlx::FromRow;

use crate::{now_ms, token, Db, Result};

/// How long a session lives without being used.
pub const SESSION_TTL_MS: i64 = 7 * 24 * 3600 * 1000;
/// However active, a session ends this long after sign-in: a stolen token does not live forever.
pub const SESSION_MAX_AGE_MS: i64 = 30 * 24 * 3600 * 1000;

#[derive(Debug, Clone, FromRow)]
pub struct SessionRow {
    pub token_hash: String,
    /// The account that signed in.
    pub user_id: i64,
    /// The account a super user acts as, if any.
    pub acting_user_id: Option<i64>,
    pub created_at: i64,
    pub expires_at: i64,
}

impl SessionRow {
    /// The account whose data the session reads and writes.
    pub fn effective_user_id(&self) -> i64 {
        self.acting_user_id.unwrap_or(self.user_id)
    }
}

/// Creates a session and returns its token (shown to the client once).
pub async fn create(db: &Db, user_id: i64) -> Result<String> {
    let token = token::new_token();
    let now = now_ms();
    sqlx::query("INSERT INTO sessions (token_hash, user_id, acting_user_id, created_at, expires_at) VALUES ($1, $2, NULL, $3, $4)")
        .bind(token::digest(&token))
        .bind(user_id)
        .bind(now)
        .bind(now + SESSION_TTL_MS)
        .execute(db.pool())
        .await?;
    Ok(token)
}

/// The live session of `token`, if any.
pub async fn resolve(db: &Db, token: &str) -> Result<Option<SessionRow>> {
    resolve_digest(db, &token::digest(token)).await
}

pub async fn resolve_digest(db: &Db, token_hash: &str) -> Result<Option<SessionRow>> {
    let (now, oldest) = (now_ms(), now_ms() - SESSION_MAX_AGE_MS);
    if let Some(row) = db.accounts.session(token_hash, now, oldest) {
        return Ok(Some(row));
    }
    let generation = db.accounts.generation();
    let row: Option<SessionRow> = sqlx::query_as(
        "SELECT token_hash, user_id, acting_user_id, created_at, expires_at FROM sessions WHERE token_hash = $1 AND expires_at > $2 AND created_at > $3",
    )
    .bind(token_hash)
    .bind(now)
    .bind(oldest)
    .fetch_optional(db.pool())
    .await?;
    // Only live sessions are kept: a token that is not one is looked up each time.
    if let Some(row) = &row {
        db.accounts.put_session(generation, row.clone());
    }
    Ok(row)
}

/// Extends a session that is past half its lifetime (sliding expiry without a write per request),
/// never beyond its absolute end.
pub async fn touch(db: &Db, row: &SessionRow) -> Result<()> {
    let now = now_ms();
    let until = (now + SESSION_TTL_MS).min(row.created_at + SESSION_MAX_AGE_MS);
    if row.expires_at - now < SESSION_TTL_MS / 2 && until > row.expires_at {
        sqlx::query("UPDATE sessions SET expires_at = $1 WHERE token_hash = $2").bind(until).bind(&row.token_hash).execute(db.pool()).await?;
        db.accounts.session_extended(&row.token_hash, until);
    }
    Ok(())
}

pub async fn set_acting(db: &Db, token_hash: &str, acting_user_id: Option<i64>) -> Result<()> {
    sqlx::query("UPDATE sessions SET acting_user_id = $1 WHERE token_hash = $2").bind(acting_user_id).bind(token_hash).execute(db.pool()).await?;
    db.accounts.changed_here();
    Ok(())
}

/// Ends a session; true when there was one.
pub async fn delete(db: &Db, token_hash: &str) -> Result<bool> {
    let r = sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash).execute(db.pool()).await?;
    db.accounts.changed_here();
    Ok(r.rows_affected() > 0)
}

/// Ends a session immediately by moving its expiry to the past (used by tests of expiry and by
/// administrators); true when there was one.
pub async fn expire(db: &Db, token_hash: &str) -> Result<bool> {
    let r = sqlx::query("UPDATE sessions SET expires_at = 0 WHERE token_hash = $1").bind(token_hash).execute(db.pool()).await?;
    db.accounts.changed_here();
    Ok(r.rows_affected() > 0)
}

/// Removes expired sessions; returns how many.
pub async fn purge_expired(db: &Db) -> Result<u64> {
    let r = sqlx::query("DELETE FROM sessions WHERE expires_at <= $1").bind(now_ms()).execute(db.pool()).await?;
    Ok(r.rows_affected())
}
