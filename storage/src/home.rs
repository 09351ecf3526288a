//! The home page's data: banners, organisation-wide settings and to-do tasks.

use sqlx::FromRow;

use crate::{Db, Result};

/// The setting that hides the banner area for everyone.
pub const SETTING_BANNER_CLOSED: &str = "home.banner_closed";
/// The setting with the carousel's rotation time in milliseconds.
/// The shell's help links and feedback group chats (JSON of `protocol::dto::config::ShellSettings`).
pub const SETTING_SHELL: &str = "shell.settings";
pub const SETTING_BANNER_ROTATION_MS: &str = "home.banner_rotation_ms";
/// The per-user setting recording that the user closed the banner.
pub const USER_BANNER_CLOSED: &str = "home.banner_closed";

#[derive(Debug, Clone, FromRow)]
pub struct BannerRow {
    pub id: i64,
    pub title: String,
    pub background_color: String,
    pub redirect_url: String,
    pub sort: i64,
}

pub async fn active_banners(db: &Db) -> Result<Vec<BannerRow>> {
    Ok(sqlx::query_as("SELECT id, title, background_color, redirect_url, sort FROM banners WHERE active = 1 ORDER BY sort, id").fetch_all(db.pool()).await?)
}

pub async fn banner(db: &Db, id: i64) -> Result<Option<BannerRow>> {
    Ok(sqlx::query_as("SELECT id, title, background_color, redirect_url, sort FROM banners WHERE id = $1 AND active = 1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?)
}

pub async fn add_banner(db: &Db, title: &str, background_color: &str, redirect_url: &str, sort: i64) -> Result<i64> {
    Ok(sqlx::query_scalar("INSERT INTO banners (title, background_color, redirect_url, sort, active) VALUES ($1, $2, $3, $4, 1) RETURNING id")
        .bind(title)
        .bind(background_color)
        .bind(redirect_url)
        .bind(sort)
        .fetch_one(db.pool())
        .await?)
}

pub async fn setting(db: &Db, key: &str) -> Result<Option<String>> {
    Ok(sqlx::query_scalar("SELECT value FROM app_settings WHERE key = $1").bind(key).fetch_optional(db.pool()).await?)
}

pub async fn set_setting(db: &Db, key: &str, value: &str) -> Result<()> {
    sqlx::query("INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
        .bind(key)
        .bind(value)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Notices the user received since `since_ms`.
pub async fn notices_received_since(db: &Db, user_id: i64, since_ms: i64) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM notice_recipients r JOIN notices n ON n.id = r.notice_id WHERE r.user_id = $1 AND n.withdrawn_at IS NULL AND n.created_at >= $2",
    )
    .bind(user_id)
    .bind(since_ms)
    .fetch_one(db.pool())
    .await?)
}
