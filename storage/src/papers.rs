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
    /// 0 none, 1 pending, 2 approved, 3 refused.
    pub audit_status: i64,
    pub audit_note: String,
    pub audited_at: Option<i64>,
    pub audit_info_visible: i64,
}

const PAPER_COLUMNS: &str = "id, owner_id, paper_type, title, subject, stage, school_id, tree_id, parent_atlas_id, header_info, global_settings, copied_from, \
     created_at, updated_at, audit_status, audit_note, audited_at, audit_info_visible";

pub const AUDIT_PENDING: i64 = 1;
pub const AUDIT_APPROVED: i64 = 2;
pub const AUDIT_REFUSED: i64 = 3;

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
    let mut tx = db.begin().await?;
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
    let mut tx = db.begin().await?;
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

/// Records a change to a paper.
pub async fn log(db: &Db, paper_id: i64, user_id: i64, action: &str, detail: &str) -> Result<()> {
    sqlx::query("INSERT INTO paper_logs (paper_id, user_id, action, detail, at) VALUES ($1,$2,$3,$4,$5)")
        .bind(paper_id)
        .bind(user_id)
        .bind(action)
        .bind(detail)
        .bind(now_ms())
        .execute(db.pool())
        .await?;
    Ok(())
}

#[derive(Debug, Clone, FromRow)]
pub struct LogRow {
    pub id: i64,
    pub paper_id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub action: String,
    pub detail: String,
    pub at: i64,
}

const LOG_SELECT: &str =
    "SELECT l.id, l.paper_id, l.user_id, COALESCE(u.name, '') AS user_name, l.action, l.detail, l.at FROM paper_logs l LEFT JOIN users u ON u.id = l.user_id";

/// A page of a paper's changes, newest first, and the total.
pub async fn logs(db: &Db, paper_id: i64, page_no: i64, page_size: i64) -> Result<(Vec<LogRow>, i64)> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM paper_logs WHERE paper_id = $1").bind(paper_id).fetch_one(db.pool()).await?;
    let rows = sqlx::query_as(&format!("{LOG_SELECT} WHERE l.paper_id = $1 ORDER BY l.id DESC LIMIT $2 OFFSET $3"))
        .bind(paper_id)
        .bind(page_size)
        .bind((page_no - 1) * page_size)
        .fetch_all(db.pool())
        .await?;
    Ok((rows, total))
}

pub async fn log_by_id(db: &Db, id: i64) -> Result<Option<LogRow>> {
    Ok(sqlx::query_as(&format!("{LOG_SELECT} WHERE l.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// Submits a paper for audit (from none or refused); `false` when it is pending or approved.
pub async fn audit_post(db: &Db, id: i64, user: i64) -> Result<bool> {
    let posted = sqlx::query("UPDATE papers SET audit_status = $2, audit_note = '', audit_info_visible = 0 WHERE id = $1 AND audit_status IN (0, $3)")
        .bind(id)
        .bind(AUDIT_PENDING)
        .bind(AUDIT_REFUSED)
        .execute(db.pool())
        .await?
        .rows_affected()
        > 0;
    if posted {
        log(db, id, user, "audit_post", "").await?;
    }
    Ok(posted)
}

/// Settles a pending audit; `false` when the paper was not pending. The author sees the result
/// until they hide it.
pub async fn audit_judge(db: &Db, id: i64, by: i64, approve: bool, note: &str) -> Result<bool> {
    let status = if approve { AUDIT_APPROVED } else { AUDIT_REFUSED };
    let judged = sqlx::query(
        "UPDATE papers SET audit_status = $2, audit_note = $3, audited_by = $4, audited_at = $5, audit_info_visible = 1 WHERE id = $1 AND audit_status = $6",
    )
    .bind(id)
    .bind(status)
    .bind(note)
    .bind(by)
    .bind(now_ms())
    .bind(AUDIT_PENDING)
    .execute(db.pool())
    .await?
    .rows_affected()
        > 0;
    if judged {
        log(db, id, by, if approve { "audit_approve" } else { "audit_refuse" }, note).await?;
    }
    Ok(judged)
}

pub async fn hide_audit_info(db: &Db, id: i64) -> Result<()> {
    sqlx::query("UPDATE papers SET audit_info_visible = 0 WHERE id = $1").bind(id).execute(db.pool()).await?;
    Ok(())
}

/// What a paper collection lists.
#[derive(Debug, Clone, Default)]
pub struct CollectionFilter {
    pub paper_type: Option<i64>,
    pub audit_status: Option<i64>,
    /// Part of the title.
    pub keyword: Option<String>,
    /// Only the viewer's own.
    pub mine: bool,
}

#[derive(Debug, Clone, FromRow)]
pub struct PaperListRow {
    pub id: i64,
    pub title: String,
    pub paper_type: i64,
    pub subject: i64,
    pub stage: i64,
    pub owner_id: i64,
    pub owner_name: String,
    pub audit_status: i64,
    pub audit_note: String,
    pub audit_info_visible: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A page of the papers a viewer may list (their own and approved ones; an auditor also every
/// paper submitted), newest first, and the total.
pub async fn collection(db: &Db, viewer: i64, auditor: bool, filter: &CollectionFilter, page_no: i64, page_size: i64) -> Result<(Vec<PaperListRow>, i64)> {
    let mut terms = vec![if filter.mine {
        "p.owner_id = $1".to_owned()
    } else if auditor {
        "(p.owner_id = $1 OR p.audit_status > 0)".to_owned()
    } else {
        format!("(p.owner_id = $1 OR p.audit_status = {AUDIT_APPROVED})")
    }];
    if let Some(t) = filter.paper_type {
        terms.push(format!("p.paper_type = {t}"));
    }
    if let Some(a) = filter.audit_status {
        terms.push(format!("p.audit_status = {a}"));
    }
    let keyword = filter.keyword.as_deref().map(|k| format!("%{}%", crate::reports::like_escaped(k)));
    if keyword.is_some() {
        terms.push("p.title LIKE $2 ESCAPE '!'".to_owned());
    }
    let terms = terms.join(" AND ");
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM papers p WHERE {terms}"))
        .bind(viewer)
        .bind(keyword.clone().unwrap_or_default())
        .fetch_one(db.pool())
        .await?;
    let rows = sqlx::query_as(&format!(
        "SELECT p.id, p.title, p.paper_type, p.subject, p.stage, p.owner_id, COALESCE(u.name, '') AS owner_name, p.audit_status, p.audit_note, \
         p.audit_info_visible, p.created_at, p.updated_at FROM papers p LEFT JOIN users u ON u.id = p.owner_id WHERE {terms} \
         ORDER BY p.updated_at DESC, p.id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(viewer)
    .bind(keyword.unwrap_or_default())
    .bind(page_size)
    .bind((page_no - 1) * page_size)
    .fetch_all(db.pool())
    .await?;
    Ok((rows, total))
}

/// A collection: one version of a paper, with its answer areas (JSON).
#[derive(Debug, Clone, FromRow)]
pub struct Collection {
    pub id: i64,
    pub paper_id: i64,
    pub version_no: i64,
    pub created_at: i64,
    pub coordinates: String,
    pub title: String,
}

const COLLECTION_COLUMNS: &str = "v.id, v.paper_id, v.version_no, v.created_at, v.coordinates, p.title";

pub async fn collection_by_id(db: &Db, id: i64) -> Result<Option<Collection>> {
    Ok(sqlx::query_as(&format!("SELECT {COLLECTION_COLUMNS} FROM paper_versions v JOIN papers p ON p.id = v.paper_id WHERE v.id = $1"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?)
}

/// The paper's newest collection.
pub async fn latest_collection(db: &Db, paper_id: i64) -> Result<Option<Collection>> {
    Ok(sqlx::query_as(&format!(
        "SELECT {COLLECTION_COLUMNS} FROM paper_versions v JOIN papers p ON p.id = v.paper_id WHERE v.paper_id = $1 ORDER BY v.version_no DESC LIMIT 1"
    ))
    .bind(paper_id)
    .fetch_optional(db.pool())
    .await?)
}

/// The collections of the owner's papers (titles containing `keyword`), newest first.
pub async fn own_collections(db: &Db, owner_id: i64, keyword: Option<&str>, limit: i64) -> Result<Vec<Collection>> {
    let like = keyword.map(|k| format!("%{}%", crate::reports::like_escaped(k)));
    Ok(sqlx::query_as(&format!(
        "SELECT {COLLECTION_COLUMNS} FROM paper_versions v JOIN papers p ON p.id = v.paper_id WHERE p.owner_id = $1 AND ($2 = '' OR p.title LIKE $2 ESCAPE '!') \
         ORDER BY v.created_at DESC, v.id DESC LIMIT $3"
    ))
    .bind(owner_id)
    .bind(like.unwrap_or_default())
    .bind(limit)
    .fetch_all(db.pool())
    .await?)
}

pub async fn collection_state(db: &Db, id: i64) -> Result<Option<Vec<u8>>> {
    Ok(sqlx::query_scalar("SELECT state_v2 FROM paper_versions WHERE id = $1").bind(id).fetch_optional(db.pool()).await?)
}

pub async fn set_coordinates(db: &Db, id: i64, json: &str) -> Result<()> {
    sqlx::query("UPDATE paper_versions SET coordinates = $1 WHERE id = $2").bind(json).bind(id).execute(db.pool()).await?;
    Ok(())
}
