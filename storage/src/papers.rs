//! Papers (03 §3: types 2 slice library, 3 teaching-aid library, 4 textbook library, 5 handout)
//! and their versions. A paper's content lives in
//! the co-edited document `handout/{paperId}`; a version is a V2 snapshot of that document.

use sqlx::FromRow;

use crate::{now_ms, on_unique, Db, Result, StorageError};

pub const PAPER_TYPES: [i64; 4] = [2, 3, 4, 5];
pub const HANDOUT: i64 = 5;

#[derive(Debug, Clone, FromRow)]
pub struct Paper {
    pub id: i64,
    pub owner_id: i64,
    pub paper_type: i64,
    pub title: String,
    pub subject: i64,
    pub stage: i64,
    pub school_id: i64,
    pub tree_id: i64,
    pub parent_atlas_id: i64,
    pub header_info: String,
    pub global_settings: String,
    pub copied_from: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

const PAPER_COLUMNS: &str =
    "id, owner_id, paper_type, title, subject, stage, school_id, tree_id, parent_atlas_id, header_info, global_settings, copied_from, created_at, updated_at";

pub struct NewPaper<'a> {
    pub owner_id: i64,
    pub paper_type: i64,
    pub title: &'a str,
    pub subject: i64,
    pub stage: i64,
    pub school_id: i64,
    pub tree_id: i64,
    pub parent_atlas_id: i64,
    pub header_info: &'a str,
    pub global_settings: &'a str,
    pub copied_from: Option<i64>,
}

/// Creates the paper and its document (owned by the same user).
pub async fn create(db: &Db, new: &NewPaper<'_>) -> Result<Paper> {
    let now = now_ms();
    let mut tx = db.pool().begin().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO papers (owner_id, paper_type, title, subject, stage, school_id, tree_id, parent_atlas_id, header_info, global_settings, copied_from, created_at, updated_at) \
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$12) RETURNING id",
    )
    .bind(new.owner_id)
    .bind(new.paper_type)
    .bind(new.title)
    .bind(new.subject)
    .bind(new.stage)
    .bind(new.school_id)
    .bind(new.tree_id)
    .bind(new.parent_atlas_id)
    .bind(new.header_info)
    .bind(new.global_settings)
    .bind(new.copied_from)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query("INSERT INTO documents (doc_key, doc_type, ref_id, owner_id, title, created_at) VALUES ($1, 'handout', $2, $3, $4, $5) ON CONFLICT (doc_key) DO NOTHING")
        .bind(crate::documents::doc_key("handout", id))
        .bind(id)
        .bind(new.owner_id)
        .bind(new.title)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    by_id(db, id).await?.ok_or(StorageError::NotFound)
}

pub async fn by_id(db: &Db, id: i64) -> Result<Option<Paper>> {
    Ok(sqlx::query_as(&format!("SELECT {PAPER_COLUMNS} FROM papers WHERE id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

pub async fn set_title(db: &Db, id: i64, title: &str) -> Result<()> {
    sqlx::query("UPDATE papers SET title = $1, updated_at = $2 WHERE id = $3").bind(title).bind(now_ms()).bind(id).execute(db.pool()).await?;
    sqlx::query("UPDATE documents SET title = $1 WHERE doc_key = $2").bind(title).bind(crate::documents::doc_key("handout", id)).execute(db.pool()).await?;
    Ok(())
}

pub async fn set_header_info(db: &Db, id: i64, json: &str) -> Result<()> {
    sqlx::query("UPDATE papers SET header_info = $1, updated_at = $2 WHERE id = $3").bind(json).bind(now_ms()).bind(id).execute(db.pool()).await?;
    Ok(())
}

pub async fn set_global_settings(db: &Db, id: i64, json: &str) -> Result<()> {
    sqlx::query("UPDATE papers SET global_settings = $1, updated_at = $2 WHERE id = $3").bind(json).bind(now_ms()).bind(id).execute(db.pool()).await?;
    Ok(())
}

pub async fn touch(db: &Db, id: i64) -> Result<()> {
    sqlx::query("UPDATE papers SET updated_at = $1 WHERE id = $2").bind(now_ms()).bind(id).execute(db.pool()).await?;
    Ok(())
}

#[derive(Debug, Clone, FromRow)]
pub struct Version {
    pub id: i64,
    pub paper_id: i64,
    pub version_no: i64,
    pub created_by: i64,
    pub created_at: i64,
}

/// Stores a snapshot as the paper's next version (1, 2, …).
pub async fn add_version(db: &Db, paper_id: i64, state_v2: &[u8], user_id: i64) -> Result<Version> {
    let mut tx = db.pool().begin().await?;
    let next: i64 =
        sqlx::query_scalar("SELECT COALESCE(MAX(version_no), 0) + 1 FROM paper_versions WHERE paper_id = $1").bind(paper_id).fetch_one(&mut *tx).await?;
    let now = now_ms();
    let id: i64 =
        sqlx::query_scalar("INSERT INTO paper_versions (paper_id, version_no, state_v2, created_by, created_at) VALUES ($1,$2,$3,$4,$5) RETURNING id")
            .bind(paper_id)
            .bind(next)
            .bind(state_v2)
            .bind(user_id)
            .bind(now)
            .fetch_one(&mut *tx)
            .await
            .map_err(|e| on_unique(e, "版本正在生成，请稍后重试"))?;
    tx.commit().await?;
    Ok(Version { id, paper_id, version_no: next, created_by: user_id, created_at: now })
}

/// The paper's versions, newest first.
pub async fn versions(db: &Db, paper_id: i64) -> Result<Vec<Version>> {
    Ok(sqlx::query_as("SELECT id, paper_id, version_no, created_by, created_at FROM paper_versions WHERE paper_id = $1 ORDER BY version_no DESC")
        .bind(paper_id)
        .fetch_all(db.pool())
        .await?)
}

pub async fn version_state(db: &Db, paper_id: i64, version_no: i64) -> Result<Option<Vec<u8>>> {
    Ok(sqlx::query_scalar("SELECT state_v2 FROM paper_versions WHERE paper_id = $1 AND version_no = $2")
        .bind(paper_id)
        .bind(version_no)
        .fetch_optional(db.pool())
        .await?)
}
