//! A teacher's own tags on questions (`customBlockData.customTags`).

use crate::{id_list, now_ms, Db, Result};

/// (question id, tag) of the user's tags on these questions, by tag.
pub async fn of(db: &Db, user: i64, ids: &[i64]) -> Result<Vec<(i64, String)>> {
    Ok(sqlx::query_as(&format!("SELECT question_id, tag FROM question_tags WHERE user_id = $1 AND question_id IN ({}) ORDER BY tag", id_list(ids)))
        .bind(user)
        .fetch_all(db.pool())
        .await?)
}

/// A tag change: add or remove `tag` on a question.
pub struct TagChange<'a> {
    pub question_id: i64,
    pub add: bool,
    pub tag: &'a str,
}

/// Applies the changes in one transaction.
pub async fn apply(db: &Db, user: i64, changes: &[TagChange<'_>]) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let now = now_ms();
    for change in changes {
        if change.add {
            sqlx::query("INSERT INTO question_tags (user_id, question_id, tag, created_at) VALUES ($1,$2,$3,$4) ON CONFLICT DO NOTHING")
                .bind(user)
                .bind(change.question_id)
                .bind(change.tag)
                .bind(now)
                .execute(&mut *tx)
                .await?;
        } else {
            sqlx::query("DELETE FROM question_tags WHERE user_id = $1 AND question_id = $2 AND tag = $3")
                .bind(user)
                .bind(change.question_id)
                .bind(change.tag)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

/// The user's tags with how many live questions carry each, most used first.
pub async fn counts(db: &Db, user: i64) -> Result<Vec<(String, i64)>> {
    Ok(sqlx::query_as(
        "SELECT g.tag, COUNT(*) AS n FROM question_tags g JOIN questions q ON q.id = g.question_id WHERE g.user_id = $1 AND q.deleted_at IS NULL \
         GROUP BY g.tag ORDER BY n DESC, g.tag",
    )
    .bind(user)
    .fetch_all(db.pool())
    .await?)
}
