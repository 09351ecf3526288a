//! Save-to-knowledge records (03 §4): copyStatus 1 processing, 2 success, 3 failure.

use sqlx::FromRow;

use crate::{now_ms, Db, Result};

pub const PROCESSING: i64 = 1;
pub const SUCCESS: i64 = 2;
pub const FAILURE: i64 = 3;
/// Attempts before a record interrupted by restarts is given up.
pub const MAX_ATTEMPTS: i64 = 3;

#[derive(Debug, Clone, FromRow)]
pub struct SaveRecord {
    pub id: i64,
    pub user_id: i64,
    pub paper_id: i64,
    pub paper_title: String,
    pub copy_status: i64,
    pub user_view: i64,
    pub error_msg: String,
    pub resource_id: Option<i64>,
    pub attempts: i64,
    pub created_at: i64,
}

impl SaveRecord {
    pub fn to_wire(&self) -> protocol::dto::library::SaveToKnwRecord {
        protocol::dto::library::SaveToKnwRecord {
            copy_record_id: self.id,
            paper_id: self.paper_id,
            paper_title: self.paper_title.clone(),
            copy_status: self.copy_status,
            user_view: self.user_view,
            error_msg: self.error_msg.clone(),
            resource_id: self.resource_id,
            create_time: self.created_at,
        }
    }
}

const COLUMNS: &str = "id, user_id, paper_id, paper_title, copy_status, user_view, error_msg, resource_id, attempts, created_at";

pub async fn create(db: &Db, user_id: i64, paper_id: i64, paper_title: &str) -> Result<i64> {
    let now = now_ms();
    Ok(sqlx::query_scalar(
        "INSERT INTO knowledge_saves (user_id, paper_id, paper_title, copy_status, created_at, updated_at) VALUES ($1, $2, $3, 1, $4, $4) RETURNING id",
    )
    .bind(user_id)
    .bind(paper_id)
    .bind(paper_title)
    .bind(now)
    .fetch_one(db.pool())
    .await?)
}

pub async fn by_id(db: &Db, id: i64) -> Result<Option<SaveRecord>> {
    Ok(sqlx::query_as(&format!("SELECT {COLUMNS} FROM knowledge_saves WHERE id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// Claims a processing record for one attempt (leased, counted); false when it is not
/// processing any more or another worker holds it. The attempt number it answers is the claim:
/// renewals and results name it, so a worker whose lease ran out changes nothing any more.
pub async fn start_attempt(db: &Db, id: i64, lease_ms: i64) -> Result<Option<i64>> {
    let now = now_ms();
    Ok(sqlx::query_scalar(
        "UPDATE knowledge_saves SET attempts = attempts + 1, updated_at = $1, lease_until = $2 WHERE id = $3 AND copy_status = 1 AND lease_until < $1 RETURNING attempts",
    )
    .bind(now)
    .bind(now + lease_ms)
    .bind(id)
    .fetch_optional(db.pool())
    .await?)
}

/// Extends the lease of the record `attempt` works on; false when the claim is lost.
pub async fn renew_lease(db: &Db, id: i64, attempt: i64, lease_ms: i64) -> Result<bool> {
    let r = sqlx::query("UPDATE knowledge_saves SET lease_until = $1 WHERE id = $2 AND copy_status = 1 AND attempts = $3")
        .bind(now_ms() + lease_ms)
        .bind(id)
        .bind(attempt)
        .execute(db.pool())
        .await?;
    Ok(r.rows_affected() > 0)
}

/// Records `attempt`'s copy; false when the claim is lost (the copy is then nobody's result).
pub async fn succeed(db: &Db, id: i64, attempt: i64, resource_id: i64) -> Result<bool> {
    let r = sqlx::query(
        "UPDATE knowledge_saves SET copy_status = 2, resource_id = $1, error_msg = '', updated_at = $2 WHERE id = $3 AND copy_status = 1 AND attempts = $4",
    )
    .bind(resource_id)
    .bind(now_ms())
    .bind(id)
    .bind(attempt)
    .execute(db.pool())
    .await?;
    Ok(r.rows_affected() > 0)
}

/// Records why `attempt` failed; false when the claim is lost.
pub async fn fail(db: &Db, id: i64, attempt: i64, reason: &str) -> Result<bool> {
    let r = sqlx::query("UPDATE knowledge_saves SET copy_status = 3, error_msg = $1, updated_at = $2 WHERE id = $3 AND copy_status = 1 AND attempts = $4")
        .bind(reason)
        .bind(now_ms())
        .bind(id)
        .bind(attempt)
        .execute(db.pool())
        .await?;
    Ok(r.rows_affected() > 0)
}

/// Processing records no worker holds (never started, or their process died): those with
/// attempts left are answered to run again, the others fail (answered too, to be told).
pub async fn interrupted(db: &Db) -> Result<(Vec<i64>, Vec<SaveRecord>)> {
    let now = now_ms();
    let processing: Vec<SaveRecord> = sqlx::query_as(&format!("SELECT {COLUMNS} FROM knowledge_saves WHERE copy_status = 1 AND lease_until < $1 ORDER BY id"))
        .bind(now)
        .fetch_all(db.pool())
        .await?;
    let (retry, give_up): (Vec<SaveRecord>, Vec<SaveRecord>) = processing.into_iter().partition(|r| r.attempts < MAX_ATTEMPTS);
    let mut failed = Vec::new();
    for record in give_up {
        let r =
            sqlx::query("UPDATE knowledge_saves SET copy_status = 3, error_msg = $1, updated_at = $2 WHERE id = $3 AND copy_status = 1 AND lease_until < $2")
                .bind("保存中断，请重新保存")
                .bind(now)
                .bind(record.id)
                .execute(db.pool())
                .await?;
        if r.rows_affected() > 0 {
            failed.push(record);
        }
    }
    Ok((retry.into_iter().map(|r| r.id).collect(), failed))
}

pub async fn has_processing(db: &Db, user_id: i64) -> Result<bool> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM knowledge_saves WHERE user_id = $1 AND copy_status = 1").bind(user_id).fetch_one(db.pool()).await?;
    Ok(n > 0)
}

/// The user's records that are processing or not yet viewed, oldest first.
pub async fn pending(db: &Db, user_id: i64) -> Result<Vec<SaveRecord>> {
    Ok(sqlx::query_as(&format!("SELECT {COLUMNS} FROM knowledge_saves WHERE user_id = $1 AND (copy_status = 1 OR user_view = 0) ORDER BY id"))
        .bind(user_id)
        .fetch_all(db.pool())
        .await?)
}

/// Marks the user's finished records viewed; answers how many changed.
pub async fn mark_viewed(db: &Db, user_id: i64, ids: &[i64]) -> Result<u64> {
    let mut changed = 0;
    for id in ids {
        changed += sqlx::query("UPDATE knowledge_saves SET user_view = 1, updated_at = $1 WHERE id = $2 AND user_id = $3 AND copy_status <> 1")
            .bind(now_ms())
            .bind(id)
            .bind(user_id)
            .execute(db.pool())
            .await?
            .rows_affected();
    }
    Ok(changed)
}
