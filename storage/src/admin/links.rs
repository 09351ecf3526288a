//! One-time links: invitations (registration with what the invitation grants), password resets
//! and the first set-up. Only a token's digest is stored; a link is used once, expires, and an
//! invitation can be revoked. Taking a link is one conditional update, so two tabs cannot both
//! use it.

use serde::{Deserialize, Serialize};
use sqlx::FromRow;

use crate::token::{digest, new_token};
use crate::{now_ms, Db, Result};

pub const INVITE: &str = "invite";
pub const RESET: &str = "reset";
pub const SETUP: &str = "setup";

/// How long each kind of link stays valid.
pub const INVITE_TTL_MS: i64 = 7 * 24 * 3600 * 1000;
pub const RESET_TTL_MS: i64 = 24 * 3600 * 1000;
pub const SETUP_TTL_MS: i64 = 24 * 3600 * 1000;

/// What an invitation gives the account registered through it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Grant {
    pub roles: Vec<String>,
    pub school_ids: Vec<i64>,
    /// (stage, subject) pairs.
    pub subjects: Vec<(i64, i64)>,
}

#[derive(Debug, Clone, FromRow)]
pub struct LinkRow {
    pub token_hash: String,
    pub kind: String,
    pub email: String,
    pub user_id: Option<i64>,
    pub grant_json: String,
    pub created_by: Option<i64>,
    pub created_at: i64,
    pub expires_at: i64,
    pub used_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

impl LinkRow {
    pub fn grant(&self) -> Grant {
        serde_json::from_str(&self.grant_json).unwrap_or_default()
    }

    /// Neither used, revoked nor expired at `now`.
    pub fn is_open(&self, now: i64) -> bool {
        self.used_at.is_none() && self.revoked_at.is_none() && self.expires_at > now
    }

    /// `open`, `used`, `expired` or `revoked`.
    pub fn status(&self, now: i64) -> &'static str {
        if self.used_at.is_some() {
            "used"
        } else if self.revoked_at.is_some() {
            "revoked"
        } else if self.expires_at <= now {
            "expired"
        } else {
            "open"
        }
    }
}

const COLUMNS: &str = "token_hash, kind, email, user_id, grant_json, created_by, created_at, expires_at, used_at, revoked_at";

/// Makes a link; answers its token (shown once) and when it expires. A new reset or set-up link
/// for the same account ends the earlier open ones.
pub async fn create(db: &Db, kind: &str, email: &str, user_id: Option<i64>, grant: &Grant, created_by: Option<i64>, ttl_ms: i64) -> Result<(String, i64)> {
    let token = new_token();
    let now = now_ms();
    let mut tx = db.begin().await?;
    if kind != INVITE {
        sqlx::query("UPDATE account_links SET revoked_at = $1 WHERE kind = $2 AND email = $3 AND used_at IS NULL AND revoked_at IS NULL")
            .bind(now)
            .bind(kind)
            .bind(email)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query(&format!("INSERT INTO account_links ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, NULL)"))
        .bind(digest(&token))
        .bind(kind)
        .bind(email.trim().to_lowercase())
        .bind(user_id)
        .bind(serde_json::to_string(grant).unwrap_or_else(|_| "{}".into()))
        .bind(created_by)
        .bind(now)
        .bind(now + ttl_ms)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok((token, now + ttl_ms))
}

/// The open link of `kind` with this token, if any.
pub async fn open(db: &Db, token: &str, kind: Option<&str>) -> Result<Option<LinkRow>> {
    let row: Option<LinkRow> =
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM account_links WHERE token_hash = $1")).bind(digest(token)).fetch_optional(db.pool()).await?;
    Ok(row.filter(|r| r.is_open(now_ms()) && kind.is_none_or(|k| r.kind == k)))
}

/// Uses the link inside the caller's transaction: true for the one caller that took it open.
pub async fn take(tx: &mut sqlx::Transaction<'_, sqlx::Any>, token: &str, kind: &str) -> Result<bool> {
    let now = now_ms();
    let r =
        sqlx::query("UPDATE account_links SET used_at = $1 WHERE token_hash = $2 AND kind = $3 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $1")
            .bind(now)
            .bind(digest(token))
            .bind(kind)
            .execute(&mut **tx)
            .await?;
    Ok(r.rows_affected() == 1)
}

/// Uses the link on its own: true for the one caller that took it open.
pub async fn use_once(db: &Db, token: &str, kind: &str) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let taken = take(&mut tx, token, kind).await?;
    tx.commit().await?;
    Ok(taken)
}

/// Gives a taken link back (what it was taken for could not be done).
pub async fn give_back(db: &Db, token: &str) -> Result<()> {
    sqlx::query("UPDATE account_links SET used_at = NULL WHERE token_hash = $1").bind(digest(token)).execute(db.pool()).await?;
    Ok(())
}

/// Revokes an open invitation by its id (the token's digest); false when there is none.
pub async fn revoke(db: &Db, token_hash: &str) -> Result<bool> {
    let r = sqlx::query("UPDATE account_links SET revoked_at = $1 WHERE token_hash = $2 AND kind = $3 AND used_at IS NULL AND revoked_at IS NULL")
        .bind(now_ms())
        .bind(token_hash)
        .bind(INVITE)
        .execute(db.pool())
        .await?;
    Ok(r.rows_affected() == 1)
}

/// A page of invitations, newest first, with the inviter's e-mail; and the total.
pub async fn invitations(db: &Db, page_no: i64, page_size: i64) -> Result<(Vec<(LinkRow, String)>, i64)> {
    #[derive(FromRow)]
    struct Row {
        #[sqlx(flatten)]
        link: LinkRow,
        inviter: String,
    }
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "SELECT {}, COALESCE(u.email, '') AS inviter FROM account_links l LEFT JOIN users u ON u.id = l.created_by \
         WHERE l.kind = $1 ORDER BY l.created_at DESC, l.token_hash LIMIT $2 OFFSET $3",
        COLUMNS.split(", ").map(|c| format!("l.{c}")).collect::<Vec<_>>().join(", ")
    ))
    .bind(INVITE)
    .bind(page_size)
    .bind((page_no - 1) * page_size)
    .fetch_all(db.pool())
    .await?;
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM account_links WHERE kind = $1").bind(INVITE).fetch_one(db.pool()).await?;
    Ok((rows.into_iter().map(|r| (r.link, r.inviter)).collect(), total))
}
