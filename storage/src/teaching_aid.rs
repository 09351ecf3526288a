//! Teaching aids (03 §7.1 "Library", `teachingAuxiliary`): series by subject and stage in the
//! library's order, and the aids in them, each with its teaching-aid library paper.

use sqlx::FromRow;

use crate::{id_list, now_ms, Db, Result, StorageError};

#[derive(Debug, Clone, FromRow)]
pub struct SeriesRow {
    pub id: i64,
    pub name: String,
    pub subject: i64,
    pub stage: i64,
    pub sort: i64,
    pub created_at: i64,
    pub aid_count: i64,
}

const SERIES_COLUMNS: &str =
    "s.id, s.name, s.subject, s.stage, s.sort, s.created_at, CAST((SELECT COUNT(*) FROM teaching_aids a WHERE a.series_id = s.id) AS BIGINT) AS aid_count";

pub async fn series(db: &Db, id: i64) -> Result<Option<SeriesRow>> {
    Ok(sqlx::query_as(&format!("SELECT {SERIES_COLUMNS} FROM aid_series s WHERE s.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// Creates a series last in its subject and stage, or renames one; its id.
pub async fn save_series(db: &Db, id: Option<i64>, name: &str, subject: i64, stage: i64, by: i64) -> Result<i64> {
    match id {
        Some(id) => {
            sqlx::query("UPDATE aid_series SET name = $2 WHERE id = $1").bind(id).bind(name).execute(db.pool()).await?;
            Ok(id)
        }
        None => Ok(sqlx::query_scalar(
            "INSERT INTO aid_series (name, subject, stage, sort, created_by, created_at) \
             VALUES ($1,$2,$3,(SELECT COALESCE(MAX(sort) + 1, 0) FROM aid_series WHERE subject = $2 AND stage = $3),$4,$5) RETURNING id",
        )
        .bind(name)
        .bind(subject)
        .bind(stage)
        .bind(by)
        .bind(now_ms())
        .fetch_one(db.pool())
        .await?),
    }
}

/// A page of series (by subject and stage, in order) and the total.
pub async fn series_page(db: &Db, subject: Option<i64>, stage: Option<i64>, page_no: i64, page_size: i64) -> Result<(Vec<SeriesRow>, i64)> {
    let mut terms = vec!["1 = 1".to_owned()];
    if let Some(s) = subject {
        terms.push(format!("s.subject = {s}"));
    }
    if let Some(s) = stage {
        terms.push(format!("s.stage = {s}"));
    }
    let terms = terms.join(" AND ");
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM aid_series s WHERE {terms}")).fetch_one(db.pool()).await?;
    let rows = sqlx::query_as(&format!("SELECT {SERIES_COLUMNS} FROM aid_series s WHERE {terms} ORDER BY s.subject, s.stage, s.sort, s.id LIMIT $1 OFFSET $2"))
        .bind(page_size)
        .bind((page_no - 1) * page_size)
        .fetch_all(db.pool())
        .await?;
    Ok((rows, total))
}

/// Puts the series in this order (all of one subject and stage, each once); the series of that
/// subject and stage after.
pub async fn sort_series(db: &Db, ids: &[i64]) -> Result<Vec<SeriesRow>> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let rows: Vec<(i64, i64, i64)> =
        sqlx::query_as(&format!("SELECT id, subject, stage FROM aid_series WHERE id IN ({})", id_list(ids))).fetch_all(&mut *tx).await?;
    let Some((_, subject, stage)) = rows.first().copied() else {
        return Err(StorageError::NotFound);
    };
    let all: Vec<i64> = sqlx::query_scalar("SELECT id FROM aid_series WHERE subject = $1 AND stage = $2").bind(subject).bind(stage).fetch_all(&mut *tx).await?;
    let mut given = ids.to_vec();
    given.sort_unstable();
    given.dedup();
    let mut expected = all.clone();
    expected.sort_unstable();
    if given.len() != ids.len() || given != expected {
        return Err(StorageError::Conflict("请提交该学科学段的全部系列，每个一次".into()));
    }
    let cases: String = ids.iter().enumerate().map(|(i, id)| format!(" WHEN {id} THEN {i}")).collect();
    sqlx::query(&format!("UPDATE aid_series SET sort = CASE id{cases} END WHERE id IN ({})", id_list(ids))).execute(&mut *tx).await?;
    let rows = sqlx::query_as(&format!("SELECT {SERIES_COLUMNS} FROM aid_series s WHERE s.subject = $1 AND s.stage = $2 ORDER BY s.sort, s.id"))
        .bind(subject)
        .bind(stage)
        .fetch_all(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(rows)
}

/// Deletes an empty series; `Conflict` while it holds aids.
pub async fn delete_series(db: &Db, id: i64) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let held: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM teaching_aids WHERE series_id = $1").bind(id).fetch_one(&mut *tx).await?;
    if held > 0 {
        return Err(StorageError::Conflict("该系列下还有教辅，请先移走或删除".into()));
    }
    let gone = sqlx::query("DELETE FROM aid_series WHERE id = $1").bind(id).execute(&mut *tx).await?.rows_affected() > 0;
    tx.commit().await?;
    Ok(gone)
}

#[derive(Debug, Clone, FromRow)]
pub struct AidRow {
    pub id: i64,
    pub series_id: i64,
    pub series_name: String,
    pub title: String,
    pub subject: i64,
    pub stage: i64,
    pub description: String,
    pub status: i64,
    pub paper_id: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

const AID_COLUMNS: &str =
    "a.id, a.series_id, s.name AS series_name, a.title, s.subject, s.stage, a.description, a.status, a.paper_id, a.created_at, a.updated_at";

pub async fn aid(db: &Db, id: i64) -> Result<Option<AidRow>> {
    Ok(sqlx::query_as(&format!("SELECT {AID_COLUMNS} FROM teaching_aids a JOIN aid_series s ON s.id = a.series_id WHERE a.id = $1"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?)
}

pub async fn create_aid(db: &Db, series_id: i64, title: &str, description: &str, status: i64, paper_id: i64, by: i64) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "INSERT INTO teaching_aids (series_id, title, description, status, paper_id, created_by, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$7) RETURNING id",
    )
    .bind(series_id)
    .bind(title)
    .bind(description)
    .bind(status)
    .bind(paper_id)
    .bind(by)
    .bind(now_ms())
    .fetch_one(db.pool())
    .await?)
}

pub async fn update_aid(db: &Db, id: i64, series_id: i64, title: &str, description: &str, status: i64) -> Result<()> {
    sqlx::query("UPDATE teaching_aids SET series_id = $2, title = $3, description = $4, status = $5, updated_at = $6 WHERE id = $1")
        .bind(id)
        .bind(series_id)
        .bind(title)
        .bind(description)
        .bind(status)
        .bind(now_ms())
        .execute(db.pool())
        .await?;
    Ok(())
}

/// What an aid list holds.
#[derive(Debug, Clone, Default)]
pub struct AidFilter {
    pub series_id: Option<i64>,
    pub subject: Option<i64>,
    pub stage: Option<i64>,
    pub keyword: Option<String>,
    pub status: Option<i64>,
}

/// A page of aids (by series order, newest first within) and the total.
pub async fn aids(db: &Db, filter: &AidFilter, page_no: i64, page_size: i64) -> Result<(Vec<AidRow>, i64)> {
    let mut terms = vec!["1 = 1".to_owned()];
    for (column, value) in [("a.series_id", filter.series_id), ("s.subject", filter.subject), ("s.stage", filter.stage), ("a.status", filter.status)] {
        if let Some(v) = value {
            terms.push(format!("{column} = {v}"));
        }
    }
    let keyword = filter.keyword.as_deref().map(|k| format!("%{}%", crate::reports::like_escaped(k)));
    if keyword.is_some() {
        terms.push("(a.title LIKE $1 ESCAPE '!' OR a.description LIKE $1 ESCAPE '!')".to_owned());
    }
    let terms = terms.join(" AND ");
    let from = "teaching_aids a JOIN aid_series s ON s.id = a.series_id";
    let total: i64 =
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {from} WHERE {terms}")).bind(keyword.clone().unwrap_or_default()).fetch_one(db.pool()).await?;
    let rows = sqlx::query_as(&format!("SELECT {AID_COLUMNS} FROM {from} WHERE {terms} ORDER BY s.sort, s.id, a.id DESC LIMIT $2 OFFSET $3"))
        .bind(keyword.unwrap_or_default())
        .bind(page_size)
        .bind((page_no - 1) * page_size)
        .fetch_all(db.pool())
        .await?;
    Ok((rows, total))
}

/// The aid whose content is this paper.
pub async fn by_paper(db: &Db, paper_id: i64) -> Result<Option<AidRow>> {
    Ok(sqlx::query_as(&format!("SELECT {AID_COLUMNS} FROM teaching_aids a JOIN aid_series s ON s.id = a.series_id WHERE a.paper_id = $1"))
        .bind(paper_id)
        .fetch_optional(db.pool())
        .await?)
}
