//! The per-user push log. Every push is appended here, with the user's next sequence number,
//! before anything is sent; a client that reconnects with `since` is served from here.

use protocol::push::{PushContent, PushEnvelope, PushMessage, TypeCode};
use serde::{Deserialize, Serialize};

use crate::{now_ms, Db, Result, StorageError};

/// How long pushes are kept for reconnecting clients, unless the deployment says otherwise.
pub const RETENTION_MS: i64 = 7 * 24 * 3600 * 1000;
/// The most messages one replay sends; older ones are left to the REST lists.
pub const MAX_REPLAY: i64 = 1000;

/// One stored push, ready to send.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PushRecord {
    pub user_id: i64,
    pub seq: i64,
    /// The JSON text of the [`PushEnvelope`] frame.
    pub frame: String,
    /// Only desktop-client sessions send it (`TypeCode::desktop_only`).
    #[serde(default)]
    pub desktop_only: bool,
}

/// What to push to one user.
#[derive(Debug, Clone)]
pub struct NewPush {
    pub user_id: i64,
    pub type_code: TypeCode,
    pub content: PushContent,
}

impl NewPush {
    /// `message` for `user_id`.
    pub fn to(user_id: i64, message: PushMessage) -> NewPush {
        NewPush { user_id, type_code: message.type_code, content: message.content }
    }
}

fn frame(seq: i64, type_code: TypeCode, content: &PushContent) -> String {
    PushEnvelope::new(seq, type_code, content).to_json()
}

/// Cursor rows per upsert and log rows per insert: few statements per batch. Kept moderate
/// because sqlx binds SQLite's `$n` parameters by name, which costs time quadratic in the number
/// of parameters of one statement (measured: 2000 parameters spent a quarter of the CPU there).
const CURSORS_PER_STATEMENT: usize = 64;
const ROWS_PER_STATEMENT: usize = 48;

/// Appends pushes (in one transaction) and returns them as stored, in the same order. Each
/// user's sequence advances once per batch (one upsert row per user), and the log rows go in
/// multi-row inserts: a batch of thousands of pushes is a handful of statements.
pub async fn append(db: &Db, pushes: &[NewPush]) -> Result<Vec<PushRecord>> {
    let now = now_ms();
    // How many pushes each user gets, in order of first appearance.
    let mut counts: Vec<(i64, i64)> = Vec::new();
    let mut index: std::collections::HashMap<i64, usize> = std::collections::HashMap::new();
    for push in pushes {
        let i = *index.entry(push.user_id).or_insert_with(|| {
            counts.push((push.user_id, 0));
            counts.len() - 1
        });
        counts[i].1 += 1;
    }
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    // The cursor upserts come first so the transaction takes the write lock at once.
    let mut next_seq: std::collections::HashMap<i64, i64> = std::collections::HashMap::with_capacity(counts.len());
    for chunk in counts.chunks(CURSORS_PER_STATEMENT) {
        let values: Vec<String> = (0..chunk.len()).map(|i| format!("(${}, ${})", 2 * i + 1, 2 * i + 2)).collect();
        let sql = format!(
            "INSERT INTO push_cursors (user_id, last_seq) VALUES {} \
             ON CONFLICT (user_id) DO UPDATE SET last_seq = push_cursors.last_seq + excluded.last_seq RETURNING user_id, last_seq",
            values.join(", ")
        );
        let mut query = sqlx::query_as::<_, (i64, i64)>(&sql);
        for (user_id, count) in chunk {
            query = query.bind(*user_id).bind(*count);
        }
        for (user_id, last) in query.fetch_all(&mut *tx).await? {
            let count = chunk.iter().find(|(u, _)| *u == user_id).map(|(_, c)| *c).unwrap_or(0);
            next_seq.insert(user_id, last - count + 1);
        }
    }
    let mut out = Vec::with_capacity(pushes.len());
    let mut rows = Vec::with_capacity(pushes.len());
    for push in pushes {
        let seq = next_seq.get_mut(&push.user_id).ok_or_else(|| StorageError::Conflict("push cursor missing".into()))?;
        let content = serde_json::to_string(&push.content).expect("PushContent serialises");
        rows.push((push.user_id, *seq, push.type_code.as_str(), content));
        out.push(PushRecord {
            user_id: push.user_id,
            seq: *seq,
            frame: frame(*seq, push.type_code, &push.content),
            desktop_only: push.type_code.desktop_only(),
        });
        *seq += 1;
    }
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        let values: Vec<String> =
            (0..chunk.len()).map(|i| format!("(${}, ${}, ${}, ${}, ${}, NULL)", 5 * i + 1, 5 * i + 2, 5 * i + 3, 5 * i + 4, 5 * i + 5)).collect();
        let sql = format!("INSERT INTO push_log (user_id, seq, type_code, content, created_at, delivered_at) VALUES {}", values.join(", "));
        let mut query = sqlx::query(&sql);
        for (user_id, seq, type_code, content) in chunk {
            query = query.bind(*user_id).bind(*seq).bind(*type_code).bind(content.as_str()).bind(now);
        }
        query.execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(out)
}

/// The user's last sequence number (0 before the first push).
pub async fn current_seq(db: &Db, user_id: i64) -> Result<i64> {
    Ok(sqlx::query_scalar::<_, i64>("SELECT last_seq FROM push_cursors WHERE user_id = $1").bind(user_id).fetch_optional(db.pool()).await?.unwrap_or(0))
}

/// The user's pushes with `after < seq <= upto`, oldest first, at most `limit` of them.
pub async fn page(db: &Db, user_id: i64, after: i64, upto: i64, limit: i64) -> Result<Vec<PushRecord>> {
    let rows: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT seq, type_code, content FROM push_log WHERE user_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq LIMIT $4")
            .bind(user_id)
            .bind(after)
            .bind(upto)
            .bind(limit)
            .fetch_all(db.pool())
            .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(seq, type_code, content)| {
            let type_code = TypeCode::parse(&type_code)?;
            let content: PushContent = serde_json::from_str(&content).ok()?;
            Some(PushRecord { user_id, seq, frame: frame(seq, type_code, &content), desktop_only: type_code.desktop_only() })
        })
        .collect())
}

/// Where a replay of `(after, upto]` starts: at most [`MAX_REPLAY`] messages back (sequences are
/// gapless per user), older ones being left to the REST lists.
pub fn replay_start(after: i64, upto: i64) -> i64 {
    after.max(upto - MAX_REPLAY)
}

/// Pairs per statement when acknowledgements are written in bulk.
const ACKS_PER_STATEMENT: usize = 64;

/// Marks many `(user_id, seq)` pushes delivered, in one transaction.
pub async fn ack_many(db: &Db, pairs: &[(i64, i64)]) -> Result<u64> {
    let now = now_ms();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let mut changed = 0;
    for chunk in pairs.chunks(ACKS_PER_STATEMENT) {
        let values: Vec<String> = (0..chunk.len()).map(|i| format!("(${}, ${})", 2 * i + 2, 2 * i + 3)).collect();
        let sql = format!("UPDATE push_log SET delivered_at = $1 WHERE delivered_at IS NULL AND (user_id, seq) IN (VALUES {})", values.join(", "));
        let mut query = sqlx::query(&sql).bind(now);
        for (user_id, seq) in chunk {
            query = query.bind(*user_id).bind(*seq);
        }
        changed += query.execute(&mut *tx).await?.rows_affected();
    }
    tx.commit().await?;
    Ok(changed)
}

/// Whether `seq` was acknowledged (for tests and diagnostics).
pub async fn is_delivered(db: &Db, user_id: i64, seq: i64) -> Result<bool> {
    let at: Option<Option<i64>> =
        sqlx::query_scalar("SELECT delivered_at FROM push_log WHERE user_id = $1 AND seq = $2").bind(user_id).bind(seq).fetch_optional(db.pool()).await?;
    Ok(matches!(at, Some(Some(_))))
}

/// Pushes deleted per statement when pruning.
const PRUNE_BATCH: i64 = 2000;

/// Drops pushes older than `retention_ms`, in batches: one statement deleting a minute of a busy
/// log (100,000 rows) held SQLite's only writer for half a second, and every push and edit
/// waited behind it (docs/reliability.md, the soak).
pub async fn prune(db: &Db, retention_ms: i64) -> Result<u64> {
    prune_in_batches(db, retention_ms, PRUNE_BATCH).await
}

/// [`prune`] with `batch` rows per statement, each in its own write turn. Between batches it rests
/// as long as the last one took: pruning is never urgent, so it takes at most half the writer's
/// time, and the pushes and edits that arrive meanwhile do not queue behind a run of batches
/// (in the soak, co-editing's p99 rose to 300 ms for the 4–5 s a minute's pruning took).
pub async fn prune_in_batches(db: &Db, retention_ms: i64, batch: i64) -> Result<u64> {
    let before = now_ms() - retention_ms;
    let mut deleted = 0;
    loop {
        let _turn = db.write_turn().await;
        let started = std::time::Instant::now();
        let r =
            sqlx::query("DELETE FROM push_log WHERE (user_id, seq) IN (SELECT user_id, seq FROM push_log WHERE created_at < $1 ORDER BY created_at LIMIT $2)")
                .bind(before)
                .bind(batch.max(1))
                .execute(db.pool())
                .await?;
        deleted += r.rows_affected();
        if r.rows_affected() < batch.max(1) as u64 {
            return Ok(deleted);
        }
        drop(_turn);
        tokio::time::sleep(started.elapsed().max(std::time::Duration::from_millis(1))).await;
    }
}
