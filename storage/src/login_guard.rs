//! Guards on the login call: failed-attempt counting (captcha after 3 failures for an e-mail),
//! rate limits per e-mail and per client address, and the captcha answers. Kept in the database
//! so every server process applies the same limits.

use crate::{now_ms, token, Db, Result};

/// Failures for one e-mail after which a captcha is required.
pub const CAPTCHA_AFTER_FAILURES: i64 = 3;
/// Failures for one e-mail within [`WINDOW_MS`] after which logins are refused for a while.
pub const EMAIL_FAILURE_LIMIT: i64 = 10;
/// Attempts from one address within [`IP_WINDOW_MS`] after which logins are refused for a while.
pub const IP_ATTEMPT_LIMIT: i64 = 60;
pub const WINDOW_MS: i64 = 15 * 60 * 1000;
pub const IP_WINDOW_MS: i64 = 60 * 1000;
/// How long a captcha answer stays valid.
pub const CAPTCHA_TTL_MS: i64 = 5 * 60 * 1000;

pub async fn record_attempt(db: &Db, email: &str, ip: &str, success: bool) -> Result<()> {
    sqlx::query("INSERT INTO login_attempts (email, ip, at, success) VALUES ($1, $2, $3, $4)")
        .bind(normalise(email))
        .bind(ip)
        .bind(now_ms())
        .bind(success as i64)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Failures for `email` in the window and since its last successful login.
pub async fn recent_failures(db: &Db, email: &str) -> Result<i64> {
    let email = normalise(email);
    let since = now_ms() - WINDOW_MS;
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM login_attempts WHERE email = $1 AND success = 0 AND at > $2 \
         AND at > COALESCE((SELECT MAX(at) FROM login_attempts WHERE email = $1 AND success = 1), 0)",
    )
    .bind(&email)
    .bind(since)
    .fetch_one(db.pool())
    .await?)
}

/// Attempts from `ip` in the last minute.
pub async fn recent_attempts_from(db: &Db, ip: &str) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM login_attempts WHERE ip = $1 AND at > $2").bind(ip).bind(now_ms() - IP_WINDOW_MS).fetch_one(db.pool()).await?)
}

/// Stores the answer of a newly drawn captcha for `email`, replacing any earlier one.
pub async fn store_captcha(db: &Db, email: &str, answer: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO captchas (email, code_hash, expires_at) VALUES ($1, $2, $3) \
         ON CONFLICT (email) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at",
    )
    .bind(normalise(email))
    .bind(token::digest(&answer.to_lowercase()))
    .bind(now_ms() + CAPTCHA_TTL_MS)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Checks and consumes the captcha of `email`: one answer, right or wrong, uses it up.
pub async fn take_captcha(db: &Db, email: &str, answer: &str) -> Result<bool> {
    let email = normalise(email);
    let stored: Option<(String, i64)> =
        sqlx::query_as("DELETE FROM captchas WHERE email = $1 RETURNING code_hash, expires_at").bind(&email).fetch_optional(db.pool()).await?;
    Ok(match stored {
        Some((hash, expires_at)) => expires_at > now_ms() && hash == token::digest(&answer.trim().to_lowercase()),
        None => false,
    })
}

/// Drops attempts older than the longest window.
pub async fn purge_old(db: &Db) -> Result<u64> {
    let r = sqlx::query("DELETE FROM login_attempts WHERE at < $1").bind(now_ms() - WINDOW_MS).execute(db.pool()).await?;
    Ok(r.rows_affected())
}

fn normalise(email: &str) -> String {
    email.trim().to_lowercase()
}
