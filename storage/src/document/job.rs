//! The drive's job records (`drive_jobs`): large copies, and the purge sweep. The job engine
//! (`crate::jobs`) schedules them; these rows keep what their users see.

use serde::{Deserialize, Serialize};
use sqlx::FromRow;

use crate::jobs::{self, JobKind};
use crate::{now_ms, Db, Result};

pub const WAITING: i64 = 1;
pub const RUNNING: i64 = 2;
pub const DONE: i64 = 3;
pub const FAILED: i64 = 4;

/// What a copy job copies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CopyRequest {
    pub ids: Vec<i64>,
    pub team_id: i64,
    pub folder_id: i64,
    /// The share link the items are copied through (its own rule: standing, and its sender
    /// still writes there), instead of the user's own right to read them.
    #[serde(default)]
    pub link: Option<String>,
}

#[derive(Debug, Clone, FromRow)]
pub struct DriveJobRow {
    pub id: i64,
    pub user_id: i64,
    pub kind: String,
    pub request: String,
    pub status: i64,
    pub percent: i64,
    pub total: i64,
    pub error: String,
}

impl DriveJobRow {
    pub fn copy_request(&self) -> Option<CopyRequest> {
        serde_json::from_str(&self.request).ok()
    }
}

pub async fn by_id(db: &Db, id: i64) -> Result<Option<DriveJobRow>> {
    Ok(sqlx::query_as("SELECT id, user_id, kind, request, status, percent, total, error FROM drive_jobs WHERE id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?)
}

/// Queues a copy of `total` items; None when the user's queue is full.
pub async fn queue_copy(db: &Db, user_id: i64, request: &CopyRequest, total: i64, cap: i64) -> Result<Option<i64>> {
    let now = now_ms();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO drive_jobs (user_id, kind, request, status, total, created_at, updated_at) VALUES ($1,'copy',$2,1,$3,$4,$4) RETURNING id",
    )
    .bind(user_id)
    .bind(serde_json::to_string(request).expect("request serialises"))
    .bind(total)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    if !jobs::enqueue(&mut tx, JobKind::DriveCopy, id, user_id, cap).await? {
        tx.rollback().await?;
        return Ok(None);
    }
    tx.commit().await?;
    Ok(Some(id))
}

/// Queues a purge sweep unless one is waiting or running; answers its record.
pub async fn queue_purge(db: &Db) -> Result<Option<i64>> {
    let now = now_ms();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let pending: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM drive_jobs WHERE kind = 'purge' AND status IN (1, 2)").fetch_one(&mut *tx).await?;
    if pending > 0 {
        tx.rollback().await?;
        return Ok(None);
    }
    let id: i64 =
        sqlx::query_scalar("INSERT INTO drive_jobs (user_id, kind, request, status, created_at, updated_at) VALUES (0,'purge','{}',1,$1,$1) RETURNING id")
            .bind(now)
            .fetch_one(&mut *tx)
            .await?;
    jobs::enqueue(&mut tx, JobKind::DrivePurge, id, 0, i64::MAX).await?;
    tx.commit().await?;
    Ok(Some(id))
}

/// How far a running job is.
pub async fn set_percent(db: &Db, id: i64, percent: i64) -> Result<()> {
    sqlx::query("UPDATE drive_jobs SET percent = $1, updated_at = $2 WHERE id = $3 AND status = 2")
        .bind(percent)
        .bind(now_ms())
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(())
}
