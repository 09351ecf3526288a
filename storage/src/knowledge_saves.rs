//! Save-to-knowledge records (03 §4): copyStatus 1 processing, 2 success, 3 failure. Each
//! record's copy is made by a job of the job engine (`jobs`), which keeps `copy_status` in step.

use sqlx::FromRow;

use crate::jobs::{self, JobKind};
use crate::{now_ms, Db, Result};

pub const PROCESSING: i64 = 1;
pub const SUCCESS: i64 = 2;
pub const FAILURE: i64 = 3;

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

/// Stores the record and queues its job, unless the user already has `cap` jobs waiting
/// (`None`, and nothing stored).
pub async fn create(db: &Db, user_id: i64, paper_id: i64, paper_title: &str, cap: i64) -> Result<Option<i64>> {
    let now = now_ms();
    let mut tx = db.begin().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO knowledge_saves (user_id, paper_id, paper_title, copy_status, created_at, updated_at) VALUES ($1, $2, $3, 1, $4, $4) RETURNING id",
    )
    .bind(user_id)
    .bind(paper_id)
    .bind(paper_title)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    if !jobs::enqueue(&mut tx, JobKind::SaveToKnowledge, id, user_id, cap).await? {
        tx.rollback().await?;
        return Ok(None);
    }
    tx.commit().await?;
    Ok(Some(id))
}

pub async fn by_id(db: &Db, id: i64) -> Result<Option<SaveRecord>> {
    Ok(sqlx::query_as(&format!("SELECT {COLUMNS} FROM knowledge_saves WHERE id = $1")).bind(id).fetch_optional(db.pool()).await?)
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
