//! Server secrets kept in the database, so every server process of a deployment shares them.

use crate::{home, token, Result};
use crate::Db;

const PREVIEW_KEY: &str = "secret.preview_signing";

/// The key that signs preview links; created on first use.
pub async fn preview_signing_key(db: &Db) -> Result<String> {
    if let Some(key) = home::setting(db, PREVIEW_KEY).await? {
        return Ok(key);
    }
    sqlx::query("INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
        .bind(PREVIEW_KEY)
        .bind(token::new_token())
        .execute(db.pool())
        .await?;
    // Another process may have won the race: read what is stored.
    Ok(home::setting(db, PREVIEW_KEY).await?.unwrap_or_default())
}
