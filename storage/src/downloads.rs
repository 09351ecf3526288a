//! The download queue (01 §3, §4): tasks, their statuses and the claims of the workers.

use sqlx::FromRow;

use crate::reports::{ReportParams, ReportQuery};
use crate::{now_ms, Backend, Db, Result};

pub const WAITING: i64 = 1;
pub const GENERATING: i64 = 2;
pub const READY: i64 = 3;
pub const DOWNLOADED: i64 = 4;
pub const RETRY: i64 = 5;
/// A task that failed this often is left in retry for the user to restart.
pub const MAX_ATTEMPTS: i64 = 3;
#[derive(Debug, Clone, FromRow)]
pub struct TaskRow {
    pub id: i64,
    pub user_id: i64,
    pub file_name: String,
    pub file_type: i64,
    pub ext: String,
    pub resource_type: i64,
    pub business_type: String,
    pub business_id: String,
    pub business_name: String,
    pub params: String,
    pub status: i64,
    pub file_path: String,
    pub file_size: i64,
    pub error: String,
    pub attempts: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "id, user_id, file_name, file_type, ext, resource_type, business_type, business_id, business_name, params, status, \
    file_path, file_size, error, attempts, created_at, updated_at";

pub struct NewTask<'a> {
    pub user_id: i64,
    pub file_name: &'a str,
    pub file_type: i64,
    pub ext: &'a str,
    pub business_type: &'a str,
    pub business_id: &'a str,
    pub business_name: &'a str,
    pub params: &'a str,
}

pub async fn create(db: &Db, task: &NewTask<'_>) -> Result<i64> {
    let now = now_ms();
    Ok(sqlx::query_scalar(
        "INSERT INTO download_tasks (user_id, file_name, file_type, ext, business_type, business_id, business_name, params, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9, $9) RETURNING id",
    )
    .bind(task.user_id)
    .bind(task.file_name)
    .bind(task.file_type)
    .bind(task.ext)
    .bind(task.business_type)
    .bind(task.business_id)
    .bind(task.business_name)
    .bind(task.params)
    .bind(now)
    .fetch_one(db.pool())
    .await?)
}

pub async fn by_id(db: &Db, id: i64) -> Result<Option<TaskRow>> {
    Ok(sqlx::query_as(&format!("SELECT {COLUMNS} FROM download_tasks WHERE id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// A page of the user's tasks that `filter` lets through (the download-history report's rows),
/// newest first, with their total.
pub async fn page(db: &Db, user_id: i64, filter: &ReportParams, page_no: i64, page_size: i64) -> Result<(Vec<TaskRow>, i64)> {
    let total = ReportQuery::DownloadHistory.count(db, user_id, filter).await?;
    let offset = (page_no - 1).max(0) * page_size;
    let (sql, args) = ReportQuery::DownloadHistory
        .rows_of(user_id, filter)
        .finish(&format!("SELECT {COLUMNS} "), &format!(" ORDER BY t.id DESC LIMIT {page_size} OFFSET {offset}"));
    let rows = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok((rows, total))
}

/// (queueCount: waiting or generating, doneCount: ready and not yet downloaded) of the user.
pub async fn counts(db: &Db, user_id: i64) -> Result<(i64, i64)> {
    let queue = sqlx::query_scalar("SELECT COUNT(*) FROM download_tasks WHERE user_id = $1 AND status IN (1, 2)").bind(user_id).fetch_one(db.pool()).await?;
    let done = sqlx::query_scalar("SELECT COUNT(*) FROM download_tasks WHERE user_id = $1 AND status = 3").bind(user_id).fetch_one(db.pool()).await?;
    Ok((queue, done))
}

/// Claims the oldest waiting task for a worker (status 1 → 2, one more attempt, leased).
pub async fn claim(db: &Db, lease_ms: i64) -> Result<Option<TaskRow>> {
    let lock = if db.backend() == Backend::Postgres { " FOR UPDATE SKIP LOCKED" } else { "" };
    let now = now_ms();
    Ok(sqlx::query_as(&format!(
        "UPDATE download_tasks SET status = 2, attempts = attempts + 1, updated_at = $1, lease_until = $2 \
         WHERE id = (SELECT id FROM download_tasks WHERE status = 1 ORDER BY id LIMIT 1{lock}) AND status = 1 RETURNING {COLUMNS}"
    ))
    .bind(now)
    .bind(now + lease_ms)
    .fetch_optional(db.pool())
    .await?)
}

// A worker's claim is its attempt: `attempts` as the claim left it. Renewals and results name it,
// so a worker whose lease ran out (its task taken over, or deleted) changes nothing any more.

/// Extends the lease of the task `attempt` generates. False when the claim is lost (the task was
/// taken over after the lease ran out, or deleted): the worker stops.
pub async fn renew_lease(db: &Db, id: i64, attempt: i64, lease_ms: i64) -> Result<bool> {
    let r = sqlx::query("UPDATE download_tasks SET lease_until = $1 WHERE id = $2 AND status = 2 AND attempts = $3")
        .bind(now_ms() + lease_ms)
        .bind(id)
        .bind(attempt)
        .execute(db.pool())
        .await?;
    Ok(r.rows_affected() > 0)
}

/// Records the file `attempt` made (generating → ready). False when the claim is lost, so the
/// caller removes the file nobody will fetch.
pub async fn finish(db: &Db, id: i64, attempt: i64, file_path: &str, file_size: i64) -> Result<bool> {
    let r = sqlx::query(
        "UPDATE download_tasks SET status = 3, file_path = $1, file_size = $2, error = '', updated_at = $3 WHERE id = $4 AND status = 2 AND attempts = $5",
    )
    .bind(file_path)
    .bind(file_size)
    .bind(now_ms())
    .bind(id)
    .bind(attempt)
    .execute(db.pool())
    .await?;
    Ok(r.rows_affected() > 0)
}

/// Records why `attempt` failed (generating → retry). False when the claim is lost.
pub async fn fail(db: &Db, id: i64, attempt: i64, error: &str) -> Result<bool> {
    let r = sqlx::query("UPDATE download_tasks SET status = 5, error = $1, updated_at = $2 WHERE id = $3 AND status = 2 AND attempts = $4")
        .bind(error)
        .bind(now_ms())
        .bind(id)
        .bind(attempt)
        .execute(db.pool())
        .await?;
    Ok(r.rows_affected() > 0)
}

/// The first completed fetch: ready → downloaded. True when this call changed it.
pub async fn mark_downloaded(db: &Db, id: i64) -> Result<bool> {
    let r =
        sqlx::query("UPDATE download_tasks SET status = 4, updated_at = $1 WHERE id = $2 AND status = 3").bind(now_ms()).bind(id).execute(db.pool()).await?;
    Ok(r.rows_affected() > 0)
}

/// A failed task back to the queue (retry → waiting). False when it is not in retry.
pub async fn requeue(db: &Db, id: i64) -> Result<bool> {
    let r = sqlx::query("UPDATE download_tasks SET status = 1, attempts = 0, error = '', updated_at = $1 WHERE id = $2 AND status = 5")
        .bind(now_ms())
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(r.rows_affected() > 0)
}

/// Deletes the task; answers the key of its file (empty while none is recorded) when it existed.
/// Read in the same statement, so a file recorded a moment before is not missed; one recorded
/// after it is removed by its worker (whose claim is gone).
pub async fn delete(db: &Db, id: i64) -> Result<Option<String>> {
    Ok(sqlx::query_scalar("DELETE FROM download_tasks WHERE id = $1 RETURNING file_path").bind(id).fetch_optional(db.pool()).await?)
}

/// Tasks whose worker's process died (generating, lease run out) go back to waiting, or to retry
/// once they have been tried too often. Answers (id, user id, new status) of each, so their
/// owners can be told.
pub async fn recover_interrupted(db: &Db) -> Result<Vec<(i64, i64, i64)>> {
    let now = now_ms();
    let stuck: Vec<(i64, i64, i64)> =
        sqlx::query_as("SELECT id, user_id, attempts FROM download_tasks WHERE status = 2 AND lease_until < $1").bind(now).fetch_all(db.pool()).await?;
    let mut out = Vec::new();
    for (id, user_id, attempts) in stuck {
        // The lease is checked again in each update: a task renewed meanwhile is left alone.
        let (sql, status) = if attempts >= MAX_ATTEMPTS {
            ("UPDATE download_tasks SET status = 5, error = '生成中断次数过多，请重新下载', updated_at = $1 WHERE id = $2 AND status = 2 AND lease_until < $1", RETRY)
        } else {
            ("UPDATE download_tasks SET status = 1, updated_at = $1 WHERE id = $2 AND status = 2 AND lease_until < $1", WAITING)
        };
        if sqlx::query(sql).bind(now).bind(id).execute(db.pool()).await?.rows_affected() > 0 {
            out.push((id, user_id, status));
        }
    }
    Ok(out)
}
