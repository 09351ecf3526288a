//! Changes of the tree: create, rename, move, to the bin and back, purge. Each is one
//! transaction holding the tree locks of the spaces it touches; a subtree moves, goes to the bin
//! or comes back in one statement over its range of paths.

use sqlx::{Any, Transaction};

use super::{free_name, lock_spaces, subtree_end, ItemRow, Space, FOLDER, RECYCLE_KEEP_MS};
use crate::{now_ms, on_unique, Db, Result, StorageError};

/// An item to make.
#[derive(Debug, Clone)]
pub struct NewItem<'a> {
    pub owner_id: i64,
    pub space: Space,
    /// The folder it goes in (None: the space's root).
    pub parent: Option<&'a ItemRow>,
    pub name: &'a str,
    pub type_code: i64,
    pub ext: &'a str,
    pub class: &'a str,
    pub size: i64,
    pub object_key: &'a str,
    pub subject_id: Option<i64>,
    pub link_url: Option<&'a str>,
}

/// Makes the item (a clashing name becomes "name (n)"); answers its id.
pub async fn create(db: &Db, item: NewItem<'_>) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    lock_spaces(db, &mut tx, &[item.space]).await?;
    let id = insert(&mut tx, &item).await?;
    tx.commit().await?;
    Ok(id)
}

/// Inserts the item inside the caller's transaction (the space's lock held).
pub(crate) async fn insert(tx: &mut Transaction<'_, Any>, item: &NewItem<'_>) -> Result<i64> {
    let parent_id = item.parent.map_or(0, |p| p.id);
    // The folder as it is now, under the lock: still live, still in the space, at its path.
    let parent: Option<(String, i64)> = match item.parent {
        Some(p) => {
            let row: Option<(String, i64, i64, i64, Option<i64>)> =
                sqlx::query_as("SELECT path, depth, team_id, user_id, trashed_at FROM resources WHERE id = $1").bind(p.id).fetch_optional(&mut **tx).await?;
            match row {
                Some((path, depth, team_id, user_id, None)) if team_id == item.space.team_id() && (team_id != 0 || Space::Personal(user_id) == item.space) => {
                    Some((path, depth))
                }
                _ => return Err(StorageError::NotFound),
            }
        }
        None => None,
    };
    let name = free_name(tx, item.space, parent_id, item.name, item.type_code == FOLDER, 0).await?;
    let now = now_ms();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO resources (user_id, name, ext, class, size, object_key, created_at, parent_id, team_id, type_code, path, depth, subject_id, link_url, updated_at) \
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,'',$11,$12,$13,$7) RETURNING id",
    )
    .bind(item.owner_id)
    .bind(&name)
    .bind(item.ext)
    .bind(item.class)
    .bind(item.size)
    .bind(item.object_key)
    .bind(now)
    .bind(parent_id)
    .bind(item.space.team_id())
    .bind(item.type_code)
    .bind(parent.as_ref().map_or(1, |(_, depth)| depth + 1))
    .bind(item.subject_id)
    .bind(item.link_url)
    .fetch_one(&mut **tx)
    .await
    .map_err(|e| on_unique(e, "同一文件夹中已有同名文件"))?;
    let path = format!("{}{id}/", parent.as_ref().map_or("/", |(path, _)| path.as_str()));
    sqlx::query("UPDATE resources SET path = $1 WHERE id = $2").bind(path).bind(id).execute(&mut **tx).await?;
    Ok(id)
}

/// Renames a live item; a name another item of its folder has is refused.
pub async fn rename(db: &Db, item: &ItemRow, name: &str) -> Result<()> {
    let _turn = db.write_turn().await;
    sqlx::query("UPDATE resources SET name = $1, updated_at = $2 WHERE id = $3 AND trashed_at IS NULL")
        .bind(name)
        .bind(now_ms())
        .bind(item.id)
        .execute(db.pool())
        .await
        .map_err(|e| on_unique(e, "同一文件夹中已有同名文件"))?;
    Ok(())
}

/// Where items go: a folder, or the root of a space.
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    pub space: Space,
    pub folder: Option<&'a ItemRow>,
}

impl Target<'_> {
    pub fn folder_id(&self) -> i64 {
        self.folder.map_or(0, |f| f.id)
    }
}

/// Moves the items (each with its subtree) into the target, in one transaction; a move into an
/// item's own subtree is refused. Items entering a personal space become its owner's. Answers
/// how many items moved, subtrees included.
pub async fn move_items(db: &Db, items: &[ItemRow], target: Target<'_>) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let mut spaces: Vec<Space> = items.iter().map(ItemRow::space).collect();
    spaces.push(target.space);
    lock_spaces(db, &mut tx, &spaces).await?;
    // Read again under the lock: a concurrent move may have changed the paths.
    let target_path = match target.folder {
        Some(f) => {
            let row: Option<(String, Option<i64>)> =
                sqlx::query_as("SELECT path, trashed_at FROM resources WHERE id = $1").bind(f.id).fetch_optional(&mut *tx).await?;
            match row {
                Some((path, None)) => path,
                _ => return Err(StorageError::NotFound),
            }
        }
        None => "/".to_owned(),
    };
    let owner = match target.space {
        Space::Personal(u) => Some(u),
        Space::Team(_) => None,
    };
    let mut moved = 0;
    for item in items {
        let current: Option<(String, i64, i64, Option<i64>)> =
            sqlx::query_as("SELECT path, depth, parent_id, trashed_at FROM resources WHERE id = $1").bind(item.id).fetch_optional(&mut *tx).await?;
        let Some((path, depth, parent_id, None)) = current else { return Err(StorageError::NotFound) };
        if target_path.starts_with(&path) {
            return Err(StorageError::Conflict("不能移动到自身或其子文件夹中".into()));
        }
        if parent_id == target.folder_id() && item.space() == target.space {
            continue;
        }
        if item.space() != target.space {
            leave_bin_behind(&mut tx, &path).await?;
        }
        let name = free_name(&mut tx, target.space, target.folder_id(), &item.name, item.is_folder(), item.id).await?;
        let new_path = format!("{target_path}{}/", item.id);
        let new_depth = target.folder.map_or(1, |f| f.depth + 1);
        // The item first, under its free name: the subtree's rows then keep their folders.
        sqlx::query("UPDATE resources SET parent_id = $1, name = $2, team_id = $3, user_id = COALESCE($4, user_id) WHERE id = $5")
            .bind(target.folder_id())
            .bind(&name)
            .bind(target.space.team_id())
            .bind(owner)
            .bind(item.id)
            .execute(&mut *tx)
            .await
            .map_err(|e| on_unique(e, "同一文件夹中已有同名文件"))?;
        let r = sqlx::query(
            "UPDATE resources SET path = $1 || substr(path, CAST($2 AS INTEGER)), depth = depth + $3, team_id = $4, user_id = COALESCE($5, user_id), updated_at = $6 \
             WHERE path >= $7 AND path < $8",
        )
        .bind(&new_path)
        .bind(path.len() as i64 + 1)
        .bind(new_depth - depth)
        .bind(target.space.team_id())
        .bind(owner)
        .bind(now_ms())
        .bind(&path)
        .bind(subtree_end(&path))
        .execute(&mut *tx)
        .await
        .map_err(|e| on_unique(e, "同一文件夹中已有同名文件"))?;
        moved += r.rows_affected() as i64;
    }
    tx.commit().await?;
    Ok(moved)
}

/// Gives the subtree at `old` the path `new` (its rows' paths and depths), within its space.
async fn rerange(tx: &mut Transaction<'_, Any>, old: &str, new: &str, depth_delta: i64) -> Result<()> {
    sqlx::query("UPDATE resources SET path = $1 || substr(path, CAST($2 AS INTEGER)), depth = depth + $3 WHERE path >= $4 AND path < $5")
        .bind(new)
        .bind(old.len() as i64 + 1)
        .bind(depth_delta)
        .bind(old)
        .bind(subtree_end(old))
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Before a subtree leaves its space, the bin entries inside it stay: each outermost one becomes
/// an entry at the root of the space it was deleted in (restoring it later brings it back there).
async fn leave_bin_behind(tx: &mut Transaction<'_, Any>, path: &str) -> Result<()> {
    let roots: Vec<(i64, String, i64)> =
        sqlx::query_as("SELECT id, path, depth FROM resources WHERE path > $1 AND path < $2 AND trash_root = id ORDER BY depth")
            .bind(path)
            .bind(subtree_end(path))
            .fetch_all(&mut **tx)
            .await?;
    let mut moved: Vec<String> = Vec::new();
    for (id, old, depth) in roots {
        if moved.iter().any(|m| old.starts_with(m.as_str())) {
            continue;
        }
        rerange(tx, &old, &format!("/{id}/"), 1 - depth).await?;
        sqlx::query("UPDATE resources SET parent_id = 0 WHERE id = $1").bind(id).execute(&mut **tx).await?;
        moved.push(old);
    }
    Ok(())
}

/// Puts the live items and their live subtrees in the recycle bin; answers how many went.
pub async fn trash(db: &Db, items: &[ItemRow]) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let spaces: Vec<Space> = items.iter().map(ItemRow::space).collect();
    lock_spaces(db, &mut tx, &spaces).await?;
    let now = now_ms();
    let mut count = 0;
    for item in items {
        let path: Option<String> =
            sqlx::query_scalar("SELECT path FROM resources WHERE id = $1 AND trashed_at IS NULL").bind(item.id).fetch_optional(&mut *tx).await?;
        let Some(path) = path else { continue };
        let r = sqlx::query("UPDATE resources SET trashed_at = $1, trash_root = $2 WHERE path >= $3 AND path < $4 AND trashed_at IS NULL")
            .bind(now)
            .bind(item.id)
            .bind(&path)
            .bind(subtree_end(&path))
            .execute(&mut *tx)
            .await?;
        count += r.rows_affected() as i64;
    }
    tx.commit().await?;
    Ok(count)
}

/// Brings items of the bin back with what went with them: into their folder if it is live,
/// else to the root of their space (a clashing name becomes "name (n)"). Answers how many.
pub async fn restore(db: &Db, items: &[ItemRow]) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let spaces: Vec<Space> = items.iter().map(ItemRow::space).collect();
    lock_spaces(db, &mut tx, &spaces).await?;
    let now = now_ms();
    let mut count = 0;
    for item in items.iter().filter(|i| i.trash_root == Some(i.id)) {
        // Read again under the lock: a move of a live ancestor rewrites the paths of the bin too.
        let current: Option<(String, i64)> =
            sqlx::query_as("SELECT path, depth FROM resources WHERE id = $1 AND trash_root = id").bind(item.id).fetch_optional(&mut *tx).await?;
        let Some((path, depth)) = current else { continue };
        let parent: Option<(String, i64)> = if item.parent_id == 0 {
            None
        } else {
            sqlx::query_as("SELECT path, depth FROM resources WHERE id = $1 AND trashed_at IS NULL").bind(item.parent_id).fetch_optional(&mut *tx).await?
        };
        let (parent_id, parent_path, parent_depth) = match parent {
            Some((path, depth)) => (item.parent_id, path, depth),
            None => (0, "/".to_owned(), 0),
        };
        let name = free_name(&mut tx, item.space(), parent_id, &item.name, item.is_folder(), item.id).await?;
        // The item first, under its free name, while it is still out of the folder's names.
        sqlx::query("UPDATE resources SET parent_id = $1, name = $2 WHERE id = $3").bind(parent_id).bind(&name).bind(item.id).execute(&mut *tx).await?;
        let new_path = format!("{parent_path}{}/", item.id);
        // The whole range moves (entries deleted earlier inside it keep their place in it); only
        // what went to the bin with the item comes back.
        if new_path != path {
            rerange(&mut tx, &path, &new_path, parent_depth + 1 - depth).await?;
        }
        let r = sqlx::query("UPDATE resources SET trashed_at = NULL, trash_root = NULL, updated_at = $1 WHERE trash_root = $2")
            .bind(now)
            .bind(item.id)
            .execute(&mut *tx)
            .await
            .map_err(|e| on_unique(e, "同一文件夹中已有同名文件"))?;
        count += r.rows_affected() as i64;
    }
    tx.commit().await?;
    Ok(count)
}

/// Removes bin entries for good (each with what went to the bin with it) and the uploads whose
/// bytes nothing else holds; answers (items removed, store keys to delete).
pub async fn purge(db: &Db, items: &[ItemRow]) -> Result<(i64, Vec<String>)> {
    let roots: Vec<i64> = items.iter().filter(|i| i.trash_root == Some(i.id)).map(|i| i.id).collect();
    purge_roots(db, &roots).await
}

async fn purge_roots(db: &Db, roots: &[i64]) -> Result<(i64, Vec<String>)> {
    if roots.is_empty() {
        return Ok((0, Vec::new()));
    }
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let list = crate::id_list(roots);
    let keys: Vec<String> =
        sqlx::query_scalar(&format!("SELECT DISTINCT object_key FROM resources WHERE trash_root IN ({list}) AND object_key <> ''")).fetch_all(&mut *tx).await?;
    let r = sqlx::query(&format!("DELETE FROM resources WHERE trash_root IN ({list})")).execute(&mut *tx).await?;
    let mut orphans = Vec::new();
    for key in keys {
        // Copies share bytes with their originals; camps keep theirs.
        let held: i64 = sqlx::query_scalar(
            "SELECT (SELECT COUNT(*) FROM resources WHERE object_key = $1) + (SELECT COUNT(*) FROM camp_phase_tasks WHERE file_key = $1) \
             + (SELECT COUNT(*) FROM camps WHERE published_snapshot LIKE '%' || $1 || '%')",
        )
        .bind(&key)
        .fetch_one(&mut *tx)
        .await?;
        if held == 0 {
            sqlx::query("DELETE FROM uploads WHERE object_key = $1").bind(&key).execute(&mut *tx).await?;
            orphans.push(key);
        }
    }
    tx.commit().await?;
    Ok((r.rows_affected() as i64, orphans))
}

/// What a purge sweep removed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PurgeSweep {
    pub items: i64,
    pub uploads: i64,
    /// Store keys to delete (items' bytes nothing holds any more, abandoned uploads and slices).
    pub keys: Vec<String>,
}

/// Removes bin entries older than 30 days and uploads left unfinished for a day (`now` given,
/// for tests).
pub async fn purge_expired(db: &Db, now: i64) -> Result<PurgeSweep> {
    let roots: Vec<i64> = sqlx::query_scalar("SELECT id FROM resources WHERE trash_root = id AND trashed_at < $1 ORDER BY id LIMIT 5000")
        .bind(now - RECYCLE_KEEP_MS)
        .fetch_all(db.pool())
        .await?;
    let (items, mut keys) = purge_roots(db, &roots).await?;
    let abandoned: Vec<(String, String)> =
        sqlx::query_as("SELECT id, object_key FROM uploads WHERE status = 0 AND created_at < $1 ORDER BY created_at LIMIT 5000")
            .bind(now - super::ABANDONED_UPLOAD_MS)
            .fetch_all(db.pool())
            .await?;
    let mut uploads = 0;
    for (id, key) in abandoned {
        let slices: Vec<i64> = sqlx::query_scalar("SELECT idx FROM upload_slices WHERE upload_id = $1").bind(&id).fetch_all(db.pool()).await?;
        let _turn = db.write_turn().await;
        let r = sqlx::query("DELETE FROM uploads WHERE id = $1 AND status = 0").bind(&id).execute(db.pool()).await?;
        if r.rows_affected() > 0 {
            uploads += 1;
            keys.extend(slices.into_iter().map(|i| crate::uploads::slice_key(&id, i)));
            keys.push(key);
        }
    }
    Ok(PurgeSweep { items, uploads, keys })
}
