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
    pub active: i64,
    /// An upload shown as the banner's image; empty: drawn from the title and colour.
    pub image_file_id: String,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
}

const BANNER_COLUMNS: &str = "id, title, background_color, redirect_url, sort, active, image_file_id, starts_at, ends_at";
/// Active and within its schedule at $1.
const SHOWN: &str = "active = 1 AND (starts_at IS NULL OR starts_at <= $1) AND (ends_at IS NULL OR ends_at > $1)";

/// The banners shown now, in order.
pub async fn active_banners(db: &Db) -> Result<Vec<BannerRow>> {
    Ok(sqlx::query_as(&format!("SELECT {BANNER_COLUMNS} FROM banners WHERE {SHOWN} ORDER BY sort, id")).bind(crate::now_ms()).fetch_all(db.pool()).await?)
}

/// A banner shown now.
pub async fn banner(db: &Db, id: i64) -> Result<Option<BannerRow>> {
    Ok(sqlx::query_as(&format!("SELECT {BANNER_COLUMNS} FROM banners WHERE id = $2 AND {SHOWN}"))
        .bind(crate::now_ms())
        .bind(id)
        .fetch_optional(db.pool())
        .await?)
}

/// Every banner, shown or not (administration).
pub async fn all_banners(db: &Db) -> Result<Vec<BannerRow>> {
    Ok(sqlx::query_as(&format!("SELECT {BANNER_COLUMNS} FROM banners ORDER BY sort, id")).fetch_all(db.pool()).await?)
}

/// Creates (no id) or changes a banner; answers its id, or None when `row.id` names none.
pub async fn save_banner(db: &Db, row: &BannerRow, new: bool) -> Result<Option<i64>> {
    if new {
        return Ok(Some(
            sqlx::query_scalar(
                "INSERT INTO banners (title, background_color, redirect_url, sort, active, image_file_id, starts_at, ends_at)                  VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
            )
            .bind(&row.title)
            .bind(&row.background_color)
            .bind(&row.redirect_url)
            .bind(row.sort)
            .bind(row.active)
            .bind(&row.image_file_id)
            .bind(row.starts_at)
            .bind(row.ends_at)
            .fetch_one(db.pool())
            .await?,
        ));
    }
    let r = sqlx::query(
        "UPDATE banners SET title = $1, background_color = $2, redirect_url = $3, sort = $4, active = $5, image_file_id = $6,          starts_at = $7, ends_at = $8 WHERE id = $9",
    )
    .bind(&row.title)
    .bind(&row.background_color)
    .bind(&row.redirect_url)
    .bind(row.sort)
    .bind(row.active)
    .bind(&row.image_file_id)
    .bind(row.starts_at)
    .bind(row.ends_at)
    .bind(row.id)
    .execute(db.pool())
    .await?;
    Ok((r.rows_affected() > 0).then_some(row.id))
}

pub async fn delete_banner(db: &Db, id: i64) -> Result<bool> {
    Ok(sqlx::query("DELETE FROM banners WHERE id = $1").bind(id).execute(db.pool()).await?.rows_affected() > 0)
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
