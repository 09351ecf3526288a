//! Server secrets kept in the database, so every server process of a deployment shares them.

use crate::Db;
use crate::{home, token, Result};

/// The key that signs preview links and upload/download URLs; created on first use.
pub async fn signing_key(db: &Db) -> Result<String> {
    const KEY: &str = "secret.url_signing";
    if let Some(key) = home::setting(db, KEY).await? {
        return Ok(key);
    }
    sqlx::query("INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
        .bind(KEY)
        .bind(token::new_token())
        .execute(db.pool())
        .await?;
    // Another process may have won the race: read what is stored.
    Ok(home::setting(db, KEY).await?.unwrap_or_default())
}
