//! Co-edited documents: access (owner and members) and the CRDT state (snapshot + update log).
//! The bytes are opaque here; the hub's document core knows they are yrs updates.

use crate::{now_ms, Db, Result};

/// What a user may do with a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocAccess {
    Edit,
    View,
}

/// `feedback/42`: the room name of a document.
pub fn doc_key(doc_type: &str, ref_id: i64) -> String {
    format!("{doc_type}/{ref_id}")
}

/// Registers a document (idempotent).
pub async fn ensure(db: &Db, doc_type: &str, ref_id: i64, owner_id: i64, title: &str) -> Result<String> {
    let key = doc_key(doc_type, ref_id);
    sqlx::query(
        "INSERT INTO documents (doc_key, doc_type, ref_id, owner_id, title, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (doc_key) DO NOTHING",
    )
    .bind(&key)
    .bind(doc_type)
    .bind(ref_id)
    .bind(owner_id)
    .bind(title)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(key)
}

/// The owner of a document, if it exists.
pub async fn owner(db: &Db, key: &str) -> Result<Option<i64>> {
    Ok(sqlx::query_scalar("SELECT owner_id FROM documents WHERE doc_key = $1").bind(key).fetch_optional(db.pool()).await?)
}

/// The user's access: the owner edits, members edit or view, others have none.
pub async fn access(db: &Db, key: &str, user_id: i64) -> Result<Option<DocAccess>> {
    match owner(db, key).await? {
        None => Ok(None),
        Some(owner) if owner == user_id => Ok(Some(DocAccess::Edit)),
        Some(_) => {
            let can_edit: Option<i64> = sqlx::query_scalar("SELECT can_edit FROM document_members WHERE doc_key = $1 AND user_id = $2")
                .bind(key)
                .bind(user_id)
                .fetch_optional(db.pool())
                .await?;
            Ok(can_edit.map(|e| if e != 0 { DocAccess::Edit } else { DocAccess::View }))
        }
    }
}

pub async fn set_member(db: &Db, key: &str, user_id: i64, can_edit: bool) -> Result<()> {
    sqlx::query(
        "INSERT INTO document_members (doc_key, user_id, can_edit) VALUES ($1, $2, $3) ON CONFLICT (doc_key, user_id) DO UPDATE SET can_edit = excluded.can_edit",
    )
    .bind(key)
    .bind(user_id)
    .bind(can_edit as i64)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Removes a member; true when there was one.
pub async fn remove_member(db: &Db, key: &str, user_id: i64) -> Result<bool> {
    let r = sqlx::query("DELETE FROM document_members WHERE doc_key = $1 AND user_id = $2").bind(key).bind(user_id).execute(db.pool()).await?;
    Ok(r.rows_affected() > 0)
}

/// (user id, can edit) of the members.
pub async fn members(db: &Db, key: &str) -> Result<Vec<(i64, bool)>> {
    let rows: Vec<(i64, i64)> =
        sqlx::query_as("SELECT user_id, can_edit FROM document_members WHERE doc_key = $1 ORDER BY user_id").bind(key).fetch_all(db.pool()).await?;
    Ok(rows.into_iter().map(|(u, e)| (u, e != 0)).collect())
}

/// The stored state: the snapshot (V2) if any, and the later updates (V1) in order, with the id
/// of the last one.
pub struct StoredState {
    pub snapshot_v2: Option<Vec<u8>>,
    pub updates_v1: Vec<Vec<u8>>,
    pub last_id: i64,
}

pub async fn load(db: &Db, key: &str) -> Result<StoredState> {
    let snapshot: Option<(Vec<u8>, i64)> =
        sqlx::query_as("SELECT state_v2, upto_id FROM doc_snapshots WHERE doc_key = $1").bind(key).fetch_optional(db.pool()).await?;
    let upto = snapshot.as_ref().map(|(_, id)| *id).unwrap_or(0);
    let rows: Vec<(i64, Vec<u8>)> =
        sqlx::query_as("SELECT id, data FROM doc_updates WHERE doc_key = $1 AND id > $2 ORDER BY id").bind(key).bind(upto).fetch_all(db.pool()).await?;
    let last_id = rows.last().map(|(id, _)| *id).unwrap_or(upto);
    Ok(StoredState { snapshot_v2: snapshot.map(|(s, _)| s), updates_v1: rows.into_iter().map(|(_, d)| d).collect(), last_id })
}

/// Updates per insert statement in `append_many` (sqlx binds SQLite parameters by name, at a
/// cost quadratic in their number per statement).
const UPDATES_PER_STATEMENT: usize = 32;

/// Appends the updates of several documents in one transaction (a group commit across rooms),
/// rows of all documents together in multi-row inserts; answers, per entry, the id of its last
/// update (0 for an entry without updates). A key appears at most once per call (a room has one
/// write in flight).
pub async fn append_many(db: &Db, entries: &[(&str, &[Vec<u8>])]) -> Result<Vec<i64>> {
    let now = now_ms();
    let rows: Vec<(&str, &[u8])> = entries.iter().flat_map(|(key, updates)| updates.iter().map(move |u| (*key, u.as_slice()))).collect();
    let mut last: std::collections::HashMap<String, i64> = std::collections::HashMap::with_capacity(entries.len());
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    for chunk in rows.chunks(UPDATES_PER_STATEMENT) {
        let values: Vec<String> = (0..chunk.len()).map(|i| format!("(${}, ${}, ${})", 3 * i + 1, 3 * i + 2, 3 * i + 3)).collect();
        let sql = format!("INSERT INTO doc_updates (doc_key, data, created_at) VALUES {} RETURNING doc_key, id", values.join(", "));
        let mut query = sqlx::query_as::<_, (String, i64)>(&sql);
        for (key, update) in chunk {
            query = query.bind(*key).bind(*update).bind(now);
        }
        // Ids rise within the transaction; a document's largest is its last update.
        for (key, id) in query.fetch_all(&mut *tx).await? {
            let entry = last.entry(key).or_insert(0);
            *entry = (*entry).max(id);
        }
    }
    tx.commit().await?;
    Ok(entries.iter().map(|(key, _)| last.get(*key).copied().unwrap_or(0)).collect())
}

/// Replaces the log up to `upto_id` with `state_v2` (the full state including those updates).
pub async fn compact(db: &Db, key: &str, state_v2: &[u8], upto_id: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    sqlx::query(
        "INSERT INTO doc_snapshots (doc_key, state_v2, upto_id, updated_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (doc_key) DO UPDATE SET state_v2 = excluded.state_v2, upto_id = excluded.upto_id, updated_at = excluded.updated_at",
    )
    .bind(key)
    .bind(state_v2)
    .bind(upto_id)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM doc_updates WHERE doc_key = $1 AND id <= $2").bind(key).bind(upto_id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}
