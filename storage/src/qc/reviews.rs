//! Checks of punch records (`qc/singleQc`, `qc/bathUpdateResultStatus`): each check is kept;
//! the punch shows the latest one's result, whether it was ever a classic case, and who checked
//! it last, so the QC list and the statistics count it at once.

use protocol::dictionary as dict;
use protocol::dto::qc::QcReview;
use sqlx::{Any, Transaction};

use crate::{now_ms, Db, Result, StorageError};

pub async fn of_punch(db: &Db, punch_id: i64) -> Result<Vec<QcReview>> {
    let rows: Vec<(i64, String, i64, i64, String, String, i64)> = sqlx::query_as(
        "SELECT r.id, COALESCE(u.name, ''), r.result_status, r.classic_case, r.comment, r.source, r.created_at FROM qc_reviews r \
         LEFT JOIN users u ON u.id = r.inspector_id WHERE r.punch_id = $1 ORDER BY r.created_at DESC, r.id DESC",
    )
    .bind(punch_id)
    .fetch_all(db.pool())
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, inspector, result_status, classic_case, comment, source, created_at)| QcReview {
            id,
            punch_id,
            inspector,
            result_status,
            result_status_desc: dict::name_of(&dict::QC_RESULT_STATUSES, result_status).to_owned(),
            classic_case: classic_case == 1,
            comment,
            source,
            created_at,
        })
        .collect())
}

/// One check as recorded.
#[derive(Clone, Copy)]
struct Check<'a> {
    inspector: i64,
    result: i64,
    classic: bool,
    comment: &'a str,
    source: &'static str,
    at: i64,
}

async fn record(tx: &mut Transaction<'_, Any>, punch_id: i64, check: &Check<'_>) -> Result<bool> {
    let Check { inspector, result, classic, comment, source, at } = *check;
    let changed = sqlx::query(
        "UPDATE service_punches SET check_status = 1, result_status = $1, classic_case = CASE WHEN $2 = 1 THEN 1 ELSE classic_case END, \
         last_qc_at = $3, last_qc_by = $4 WHERE id = $5",
    )
    .bind(result)
    .bind(classic as i64)
    .bind(at)
    .bind(inspector)
    .bind(punch_id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if changed == 0 {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO qc_reviews (punch_id, inspector_id, result_status, classic_case, comment, source, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(punch_id)
    .bind(inspector)
    .bind(result)
    .bind(classic as i64)
    .bind(comment)
    .bind(source)
    .bind(at)
    .execute(&mut **tx)
    .await?;
    Ok(true)
}

/// Records one check; `NotFound` when the punch is gone.
pub async fn check(db: &Db, punch_id: i64, inspector: i64, result: i64, classic: bool, comment: &str) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let check = Check { inspector, result, classic, comment, source: "single", at: now_ms() };
    if !record(&mut tx, punch_id, &check).await? {
        return Err(StorageError::NotFound);
    }
    tx.commit().await?;
    Ok(())
}

/// Sets the result of several punches at once (one check each, source `batch`), all or none;
/// `NotFound` when one is gone.
pub async fn batch(db: &Db, punch_ids: &[i64], inspector: i64, result: i64, comment: &str) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let check = Check { inspector, result, classic: false, comment, source: "batch", at: now_ms() };
    for id in punch_ids {
        if !record(&mut tx, *id, &check).await? {
            return Err(StorageError::NotFound);
        }
    }
    tx.commit().await?;
    Ok(punch_ids.len() as i64)
}
