//! A teacher's question basket: questions put aside while searching, assembled into a handout.

use crate::{id_list, now_ms, Db, Result};

/// The basket's question ids in the order they were added.
pub async fn list(db: &Db, user: i64) -> Result<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT b.question_id FROM question_basket b JOIN questions q ON q.id = b.question_id WHERE b.user_id = $1 AND q.deleted_at IS NULL \
         ORDER BY b.added_at, b.question_id",
    )
    .bind(user)
    .fetch_all(db.pool())
    .await?)
}

/// Which of `ids` are in the basket.
pub async fn holding(db: &Db, user: i64, ids: &[i64]) -> Result<Vec<i64>> {
    Ok(sqlx::query_scalar(&format!("SELECT question_id FROM question_basket WHERE user_id = $1 AND question_id IN ({})", id_list(ids)))
        .bind(user)
        .fetch_all(db.pool())
        .await?)
}

/// Adds questions (those already in stay where they are) while the basket holds at most
/// `limit`; the count after, or `None` when they would not fit.
pub async fn add(db: &Db, user: i64, ids: &[i64], limit: usize) -> Result<Option<i64>> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    if db.backend() == crate::Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock(8, CAST($1 AS INTEGER))").bind(user).execute(&mut *tx).await?;
    }
    let held: Vec<i64> = sqlx::query_scalar("SELECT question_id FROM question_basket WHERE user_id = $1").bind(user).fetch_all(&mut *tx).await?;
    let new: Vec<i64> = ids.iter().copied().filter(|id| !held.contains(id)).collect();
    if held.len() + new.len() > limit {
        return Ok(None);
    }
    let now = now_ms();
    for (i, id) in new.iter().enumerate() {
        sqlx::query("INSERT INTO question_basket (user_id, question_id, added_at) VALUES ($1,$2,$3) ON CONFLICT DO NOTHING")
            .bind(user)
            .bind(id)
            .bind(now + i as i64)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(Some((held.len() + new.len()) as i64))
}

/// Removes questions (all with `None`); how many remain.
pub async fn remove(db: &Db, user: i64, ids: Option<&[i64]>) -> Result<i64> {
    let _turn = db.write_turn().await;
    match ids {
        Some(ids) => {
            sqlx::query(&format!("DELETE FROM question_basket WHERE user_id = $1 AND question_id IN ({})", id_list(ids))).bind(user).execute(db.pool()).await?
        }
        None => sqlx::query("DELETE FROM question_basket WHERE user_id = $1").bind(user).execute(db.pool()).await?,
    };
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM question_basket WHERE user_id = $1").bind(user).fetch_one(db.pool()).await?)
}
