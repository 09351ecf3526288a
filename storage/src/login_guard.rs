//! Guards on the login call: failed-attempt counting (a captcha after 3 failures for an e-mail;
//! never a lock-out), the rate limit per client address, and the captcha answers, each bound to
//! the client that asked for it. Kept in the database
//! so every server process applies the same limits.

use crate::{now_ms, token, Db, Result};

/// Failures for one e-mail after which a captcha is required.
pub const CAPTCHA_AFTER_FAILURES: i64 = 3;
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

/// Registration attempts for one e-mail within [`WINDOW_MS`] after which more are refused.
pub const REGISTRATIONS_PER_EMAIL: i64 = 5;

/// Records a registration attempt: it counts against the address (as logins do) and against the
/// e-mail's registrations, never as a failed login of an existing account.
pub async fn record_registration(db: &Db, email: &str, ip: &str) -> Result<()> {
    record_attempt(db, &format!("regist:{}", normalise(email)), ip, true).await
}

/// Registration attempts for `email` in the window.
pub async fn recent_registrations(db: &Db, email: &str) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM login_attempts WHERE email = $1 AND at > $2")
        .bind(format!("regist:{}", normalise(email)))
        .bind(now_ms() - WINDOW_MS)
        .fetch_one(db.pool())
        .await?)
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

/// Stores the answer of a newly drawn captcha for `email`, asked for by the client `client` (its
/// captcha cookie), replacing that client's earlier one for the e-mail only.
pub async fn store_captcha(db: &Db, client: &str, email: &str, answer: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO captchas (client_hash, email, code_hash, expires_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (client_hash, email) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at",
    )
    .bind(token::digest(client))
    .bind(normalise(email))
    .bind(token::digest(&answer.to_lowercase()))
    .bind(now_ms() + CAPTCHA_TTL_MS)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Checks and consumes the captcha `client` was shown for `email`: one answer, right or wrong,
/// uses it up.
pub async fn take_captcha(db: &Db, client: &str, email: &str, answer: &str) -> Result<bool> {
    let stored: Option<(String, i64)> = sqlx::query_as("DELETE FROM captchas WHERE client_hash = $1 AND email = $2 RETURNING code_hash, expires_at")
        .bind(token::digest(client))
        .bind(normalise(email))
        .fetch_optional(db.pool())
        .await?;
    Ok(match stored {
        Some((hash, expires_at)) => expires_at > now_ms() && hash == token::digest(&answer.trim().to_lowercase()),
        None => false,
    })
}

/// Drops attempts older than the longest window and captchas past their time.
pub async fn purge_old(db: &Db) -> Result<u64> {
    let r = sqlx::query("DELETE FROM login_attempts WHERE at < $1").bind(now_ms() - WINDOW_MS).execute(db.pool()).await?;
    let c = sqlx::query("DELETE FROM captchas WHERE expires_at < $1").bind(now_ms()).execute(db.pool()).await?;
    Ok(r.rows_affected() + c.rows_affected())
}

fn normalise(email: &str) -> String {
    email.trim().to_lowercase()
}
