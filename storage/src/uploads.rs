//! Upload rows (signed PUTs and sliced uploads) and the resources made from them.

use sqlx::FromRow;

use crate::{now_ms, Db, Result};

pub const OPEN: i64 = 0;

/// Where slice `index` of upload `id` is kept until the upload is assembled.
pub fn slice_key(id: &str, index: i64) -> String {
    format!("slices/{id}/{index}")
}

pub const COMPLETE: i64 = 1;

#[derive(Debug, Clone, FromRow)]
pub struct UploadRow {
    pub id: String,
    pub user_id: i64,
    pub file_name: String,
    pub ext: String,
    pub class: String,
    pub status: i64,
    pub size: i64,
    pub sha256: String,
    pub object_key: String,
    pub expires_at: i64,
}

#[derive(Debug, Clone, FromRow)]
pub struct ResourceRow {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub ext: String,
    pub class: String,
    pub size: i64,
    pub object_key: String,
    pub created_at: i64,
}

const UPLOAD_COLUMNS: &str = "id, user_id, file_name, ext, class, status, size, sha256, object_key, expires_at";

/// An upload about to be opened.
pub struct NewUpload<'a> {
    pub id: &'a str,
    pub user_id: i64,
    pub file_name: &'a str,
    pub ext: &'a str,
    pub class: &'a str,
    pub object_key: &'a str,
    pub expires_at: i64,
}

pub async fn create(db: &Db, upload: NewUpload<'_>) -> Result<()> {
    sqlx::query(
        "INSERT INTO uploads (id, user_id, file_name, ext, class, status, object_key, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8)",
    )
    .bind(upload.id)
    .bind(upload.user_id)
    .bind(upload.file_name)
    .bind(upload.ext)
    .bind(upload.class)
    .bind(upload.object_key)
    .bind(upload.expires_at)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(())
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<UploadRow>> {
    Ok(sqlx::query_as(&format!("SELECT {UPLOAD_COLUMNS} FROM uploads WHERE id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

pub async fn complete(db: &Db, id: &str, size: i64, sha256: &str) -> Result<()> {
    sqlx::query("UPDATE uploads SET status = 1, size = $1, sha256 = $2 WHERE id = $3").bind(size).bind(sha256).bind(id).execute(db.pool()).await?;
    Ok(())
}

/// Records a received slice (a retry of the same index replaces it).
pub async fn put_slice(db: &Db, upload_id: &str, index: i64, size: i64, sha256: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO upload_slices (upload_id, idx, size, sha256) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (upload_id, idx) DO UPDATE SET size = excluded.size, sha256 = excluded.sha256",
    )
    .bind(upload_id)
    .bind(index)
    .bind(size)
    .bind(sha256)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// (index, size) of the received slices, in index order.
pub async fn slices(db: &Db, upload_id: &str) -> Result<Vec<(i64, i64)>> {
    Ok(sqlx::query_as("SELECT idx, size FROM upload_slices WHERE upload_id = $1 ORDER BY idx").bind(upload_id).fetch_all(db.pool()).await?)
}

/// Removes a resource row (its object is the caller's to remove).
pub async fn delete_resource(db: &Db, id: i64) -> Result<()> {
    sqlx::query("DELETE FROM resources WHERE id = $1").bind(id).execute(db.pool()).await?;
    Ok(())
}

/// A file of the user's personal space root (a clashing name becomes "name (n)").
pub async fn add_resource(db: &Db, user_id: i64, name: &str, ext: &str, class: &str, size: i64, object_key: &str) -> Result<i64> {
    crate::document::create(
        db,
        crate::document::NewItem {
            owner_id: user_id,
            space: crate::document::Space::Personal(user_id),
            parent: None,
            name,
            type_code: crate::document::type_of_class(class),
            ext,
            class,
            size,
            object_key,
            subject_id: None,
            link_url: None,
        },
    )
    .await
}

pub async fn resource(db: &Db, id: i64) -> Result<Option<ResourceRow>> {
    // Files only (not folders or links), and not in the recycle bin.
    Ok(sqlx::query_as(
        "SELECT id, user_id, name, ext, class, size, object_key, created_at FROM resources WHERE id = $1 AND object_key <> '' AND trashed_at IS NULL",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await?)
}

pub async fn resources(db: &Db, user_id: i64, page_no: i64, page_size: i64) -> Result<(Vec<ResourceRow>, i64)> {
    let rows = sqlx::query_as(
        "SELECT id, user_id, name, ext, class, size, object_key, created_at FROM resources WHERE user_id = $1 AND object_key <> '' AND trashed_at IS NULL \
         ORDER BY id DESC LIMIT $2 OFFSET $3",
    )
    .bind(user_id)
    .bind(page_size)
    .bind((page_no - 1).max(0) * page_size)
    .fetch_all(db.pool())
    .await?;
    let total = sqlx::query_scalar("SELECT COUNT(*) FROM resources WHERE user_id = $1 AND object_key <> '' AND trashed_at IS NULL")
        .bind(user_id)
        .fetch_one(db.pool())
        .await?;
    Ok((rows, total))
}

/// A user's place in a media resource.
#[derive(Debug, Clone, FromRow)]
pub struct PlayRecordRow {
    pub resource_id: i64,
    pub position: f64,
    pub duration: Option<f64>,
    pub play_count: i64,
    pub updated_at: i64,
}

/// Below this many seconds a position counts as (re)starting the media: a new play.
pub const PLAY_START_SECONDS: f64 = 5.0;

/// Stores where the user is in the media; a position near the start after one further in counts
/// as another play.
pub async fn record_play(db: &Db, user_id: i64, resource_id: i64, position: f64, duration: Option<f64>) -> Result<PlayRecordRow> {
    let _turn = db.write_turn().await;
    // One statement: concurrent reports from two tabs cannot lose a play.
    Ok(sqlx::query_as(
        "INSERT INTO media_play_records (user_id, resource_id, position, duration, play_count, updated_at) VALUES ($1,$2,$3,$4,1,$5) \
         ON CONFLICT (user_id, resource_id) DO UPDATE SET \
         play_count = media_play_records.play_count + CASE WHEN excluded.position < $6 AND media_play_records.position >= $6 THEN 1 ELSE 0 END, \
         position = excluded.position, duration = COALESCE(excluded.duration, media_play_records.duration), updated_at = excluded.updated_at \
         RETURNING resource_id, position, duration, play_count, updated_at",
    )
    .bind(user_id)
    .bind(resource_id)
    .bind(position)
    .bind(duration)
    .bind(now_ms())
    .bind(PLAY_START_SECONDS)
    .fetch_one(db.pool())
    .await?)
}

pub async fn play_record(db: &Db, user_id: i64, resource_id: i64) -> Result<Option<PlayRecordRow>> {
    Ok(sqlx::query_as("SELECT resource_id, position, duration, play_count, updated_at FROM media_play_records WHERE user_id = $1 AND resource_id = $2")
        .bind(user_id)
        .bind(resource_id)
        .fetch_optional(db.pool())
        .await?)
}

/// A file to save into a user's drive: it shares the stored object.
pub struct DriveFile<'a> {
    pub name: &'a str,
    pub ext: &'a str,
    pub class: &'a str,
    pub size: i64,
    pub object_key: &'a str,
}

#[derive(Debug, Clone, FromRow)]
pub struct DriveSaveRow {
    pub id: i64,
    pub user_id: i64,
    pub status: i64,
    pub saved: i64,
    pub skipped: i64,
    pub resource_ids: String,
    pub created_at: i64,
}

/// A save is done when it is recorded: the files share their objects.
pub const DRIVE_SAVE_DONE: i64 = 2;

/// Saves the files into the user's drive in one transaction (a file whose object the drive holds
/// already is skipped) and records the save (`source` says from where).
pub async fn save_to_drive(db: &Db, user_id: i64, source: &str, files: &[DriveFile<'_>]) -> Result<DriveSaveRow> {
    let now = now_ms();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    crate::document::lock_spaces(db, &mut tx, &[crate::document::Space::Personal(user_id)]).await?;
    let mut ids = Vec::new();
    let mut skipped = 0;
    let mut seen = std::collections::HashSet::new();
    for f in files {
        let held: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM resources WHERE user_id = $1 AND object_key = $2 AND trashed_at IS NULL")
            .bind(user_id)
            .bind(f.object_key)
            .fetch_one(&mut *tx)
            .await?;
        if held > 0 || !seen.insert(f.object_key) {
            skipped += 1;
            continue;
        }
        let item = crate::document::NewItem {
            owner_id: user_id,
            space: crate::document::Space::Personal(user_id),
            parent: None,
            name: f.name,
            type_code: crate::document::type_of_class(f.class),
            ext: f.ext,
            class: f.class,
            size: f.size,
            object_key: f.object_key,
            subject_id: None,
            link_url: None,
        };
        let id = crate::document::insert(&mut tx, &item).await?;
        ids.push(id);
    }
    let text = serde_json::to_string(&ids).expect("ids serialise");
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO drive_saves (user_id, source, status, saved, skipped, resource_ids, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING id",
    )
    .bind(user_id)
    .bind(source)
    .bind(DRIVE_SAVE_DONE)
    .bind(ids.len() as i64)
    .bind(skipped)
    .bind(&text)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(DriveSaveRow { id, user_id, status: DRIVE_SAVE_DONE, saved: ids.len() as i64, skipped, resource_ids: text, created_at: now })
}

pub async fn drive_save(db: &Db, id: i64) -> Result<Option<DriveSaveRow>> {
    Ok(sqlx::query_as("SELECT id, user_id, status, saved, skipped, resource_ids, created_at FROM drive_saves WHERE id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?)
}

/// A resource's place in the school library: (audit status, note, when audited).
pub async fn resource_audit(db: &Db, id: i64) -> Result<Option<(i64, String, Option<i64>)>> {
    Ok(sqlx::query_as("SELECT audit_status, audit_note, audited_at FROM resources WHERE id = $1").bind(id).fetch_optional(db.pool()).await?)
}

/// Moves a resource's audit from one of `from` to `to` (with the note and who did it); false
/// when it was in another state.
pub async fn set_resource_audit(db: &Db, id: i64, from: &[i64], to: i64, note: &str, by: i64) -> Result<bool> {
    let r = sqlx::query(&format!(
        "UPDATE resources SET audit_status = $1, audit_note = $2, audited_by = $3, audited_at = $4 WHERE id = $5 AND audit_status IN ({})",
        crate::id_list(from)
    ))
    .bind(to)
    .bind(note)
    .bind(by)
    .bind(crate::now_ms())
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(r.rows_affected() > 0)
}
