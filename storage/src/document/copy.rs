//! Copies of subtrees, set-based: one `INSERT … SELECT` per level of depth, each copy marked with
//! the operation (`copy_batch`) and the row it copies (`copy_source`), so the next level finds
//! its new parents by a join. A 10,000-item tree is a handful of statements in one transaction.

use super::change::Target;
use super::{free_name, lock_spaces, subtree_end, ItemRow};
use crate::{now_ms, on_unique, token, Db, Result, StorageError};

/// The live items of the subtrees (each item's included): (count, bytes of files).
pub async fn subtree_size(db: &Db, items: &[ItemRow]) -> Result<(i64, i64)> {
    let mut count = 0;
    let mut bytes = 0;
    for item in items {
        let (n, b): (i64, i64) = sqlx::query_as(
            "SELECT COUNT(*), CAST(COALESCE(SUM(CASE WHEN type_code <> 0 THEN size ELSE 0 END), 0) AS BIGINT) FROM resources \
             WHERE path >= $1 AND path < $2 AND trashed_at IS NULL",
        )
        .bind(&item.path)
        .bind(subtree_end(&item.path))
        .fetch_one(db.pool())
        .await?;
        count += n;
        bytes += b;
    }
    Ok((count, bytes))
}

/// A copy to make: the items (each with its live subtree), where, and whose the copies are.
pub struct CopyPlan<'a> {
    pub items: &'a [ItemRow],
    pub target: Target<'a>,
    pub owner_id: i64,
}

/// Copies the items with their live subtrees into the target in one transaction (the top
/// copies take free names: "name (1)"); a copy into an item's own subtree is refused. `level`
/// is told the items copied so far after each level. Answers (top copies' ids, items copied).
pub async fn copy_items(db: &Db, plan: CopyPlan<'_>, mut level: impl FnMut(i64)) -> Result<(Vec<i64>, i64)> {
    let batch = token::new_token();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let mut spaces: Vec<super::Space> = plan.items.iter().map(ItemRow::space).collect();
    spaces.push(plan.target.space);
    lock_spaces(db, &mut tx, &spaces).await?;
    let (target_path, target_depth) = match plan.target.folder {
        Some(f) => {
            let row: Option<(String, i64)> =
                sqlx::query_as("SELECT path, depth FROM resources WHERE id = $1 AND trashed_at IS NULL").bind(f.id).fetch_optional(&mut *tx).await?;
            row.ok_or(StorageError::NotFound)?
        }
        None => ("/".to_owned(), 0),
    };
    let now = now_ms();
    let mut tops = Vec::new();
    for item in plan.items {
        // The source as it is now, under the lock: still live, at its path.
        let path: Option<String> =
            sqlx::query_scalar("SELECT path FROM resources WHERE id = $1 AND trashed_at IS NULL").bind(item.id).fetch_optional(&mut *tx).await?;
        let path = path.ok_or(StorageError::NotFound)?;
        if target_path.starts_with(&path) {
            return Err(StorageError::Conflict("不能复制到自身或其子文件夹中".into()));
        }
        let name = free_name(&mut tx, plan.target.space, plan.target.folder_id(), &item.name, item.is_folder(), 0).await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO resources (user_id, name, ext, class, size, object_key, created_at, parent_id, team_id, type_code, path, depth, subject_id, link_url, \
             updated_at, copy_batch, copy_source) \
             SELECT $1, $2, ext, class, size, object_key, $3, $4, $5, type_code, '', $6, subject_id, link_url, $3, $7, id FROM resources \
             WHERE id = $8 AND trashed_at IS NULL RETURNING id",
        )
        .bind(plan.owner_id)
        .bind(&name)
        .bind(now)
        .bind(plan.target.folder_id())
        .bind(plan.target.space.team_id())
        .bind(target_depth + 1)
        .bind(&batch)
        .bind(item.id)
        .fetch_one(&mut *tx)
        .await
        .map_err(|e| on_unique(e, "同一文件夹中已有同名文件"))?;
        sqlx::query("UPDATE resources SET path = $1 WHERE id = $2").bind(format!("{target_path}{id}/")).bind(id).execute(&mut *tx).await?;
        tops.push(id);
    }
    let mut copied = tops.len() as i64;
    level(copied);
    let mut depth = target_depth + 1;
    loop {
        let r = sqlx::query(
            "INSERT INTO resources (user_id, name, ext, class, size, object_key, created_at, parent_id, team_id, type_code, path, depth, subject_id, link_url, \
             updated_at, copy_batch, copy_source) \
             SELECT $1, s.name, s.ext, s.class, s.size, s.object_key, $2, p.id, p.team_id, s.type_code, '', $3, s.subject_id, s.link_url, $2, $4, s.id \
             FROM resources s JOIN resources p ON p.copy_batch = $4 AND p.copy_source = s.parent_id AND p.depth = $5 \
             WHERE s.trashed_at IS NULL AND s.copy_batch IS NULL",
        )
        .bind(plan.owner_id)
        .bind(now)
        .bind(depth + 1)
        .bind(&batch)
        .bind(depth)
        .execute(&mut *tx)
        .await?;
        if r.rows_affected() == 0 {
            break;
        }
        depth += 1;
        sqlx::query(
            "UPDATE resources SET path = (SELECT p.path FROM resources p WHERE p.id = resources.parent_id) || id || '/' \
             WHERE copy_batch = $1 AND depth = $2",
        )
        .bind(&batch)
        .bind(depth)
        .execute(&mut *tx)
        .await?;
        copied += r.rows_affected() as i64;
        level(copied);
    }
    sqlx::query("UPDATE resources SET copy_batch = NULL, copy_source = NULL WHERE copy_batch = $1").bind(&batch).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok((tops, copied))
}
