//! The audit log: who did what and when, for every administrative action and the sensitive user
//! actions. Rows are only inserted (the database's triggers refuse updates and deletes).

use sqlx::FromRow;

use crate::{now_ms, Db, Result};

/// One entry to record.
#[derive(Debug, Clone, Default)]
pub struct NewEntry {
    pub actor_id: Option<i64>,
    pub actor_email: String,
    pub acting_as_id: Option<i64>,
    pub action: String,
    pub target: String,
    pub detail: String,
    pub ip: String,
    pub ok: bool,
}

#[derive(Debug, Clone, FromRow)]
pub struct EntryRow {
    pub id: i64,
    pub at: i64,
    pub actor_id: Option<i64>,
    pub actor_email: String,
    pub acting_as_id: Option<i64>,
    pub action: String,
    pub target: String,
    pub detail: String,
    pub ip: String,
    pub ok: i64,
}

/// Longest detail kept (a request body, a reason).
pub const MAX_DETAIL: usize = 2000;

pub async fn record(db: &Db, entry: &NewEntry) -> Result<()> {
    let detail: String = entry.detail.chars().take(MAX_DETAIL).collect();
    sqlx::query("INSERT INTO audit_log (at, actor_id, actor_email, acting_as_id, action, target, detail, ip, ok) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)")
        .bind(now_ms())
        .bind(entry.actor_id)
        .bind(&entry.actor_email)
        .bind(entry.acting_as_id)
        .bind(&entry.action)
        .bind(entry.target.chars().take(500).collect::<String>())
        .bind(detail)
        .bind(&entry.ip)
        .bind(i64::from(entry.ok))
        .execute(db.pool())
        .await?;
    Ok(())
}

/// What to search the log by.
#[derive(Debug, Clone, Default)]
pub struct Search {
    pub actor: Option<String>,
    /// An exact action, or a prefix ending in `.` (`account.`).
    pub action: Option<String>,
    pub keyword: Option<String>,
    pub from: Option<i64>,
    pub to: Option<i64>,
}

impl Search {
    fn condition(&self) -> (String, Vec<String>, Vec<i64>) {
        let mut sql = String::from(" WHERE 1 = 1");
        let mut texts = Vec::new();
        let mut numbers = Vec::new();
        // Text arguments come first ($1…), numbers after them.
        if let Some(actor) = self.actor.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
            texts.push(format!("%{}%", crate::reports::like_escaped(&actor.to_lowercase())));
            sql.push_str(&format!(" AND LOWER(actor_email) LIKE ${} ESCAPE '!'", texts.len()));
        }
        if let Some(action) = self.action.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
            if action.ends_with('.') {
                texts.push(format!("{}%", crate::reports::like_escaped(action)));
                sql.push_str(&format!(" AND action LIKE ${} ESCAPE '!'", texts.len()));
            } else {
                texts.push(action.to_owned());
                sql.push_str(&format!(" AND action = ${}", texts.len()));
            }
        }
        if let Some(keyword) = self.keyword.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
            texts.push(format!("%{}%", crate::reports::like_escaped(&keyword.to_lowercase())));
            let n = texts.len();
            sql.push_str(&format!(" AND (LOWER(target) LIKE ${n} ESCAPE '!' OR LOWER(detail) LIKE ${n} ESCAPE '!')"));
        }
        for (bound, op) in [(self.from, ">="), (self.to, "<")] {
            if let Some(at) = bound {
                numbers.push(at);
                sql.push_str(&format!(" AND at {op} ${}", texts.len() + numbers.len()));
            }
        }
        (sql, texts, numbers)
    }
}

/// A page of entries, newest first, and the total that match.
pub async fn search(db: &Db, search: &Search, limit: i64, offset: i64) -> Result<(Vec<EntryRow>, i64)> {
    let (condition, texts, numbers) = search.condition();
    let n = texts.len() + numbers.len();
    let sql = format!(
        "SELECT id, at, actor_id, actor_email, acting_as_id, action, target, detail, ip, ok FROM audit_log{condition} ORDER BY at DESC, id DESC LIMIT ${} OFFSET ${}",
        n + 1,
        n + 2
    );
    let count_sql = format!("SELECT COUNT(*) FROM audit_log{condition}");
    let mut rows = sqlx::query_as::<_, EntryRow>(&sql);
    let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
    for t in &texts {
        rows = rows.bind(t.clone());
        count = count.bind(t.clone());
    }
    for v in &numbers {
        rows = rows.bind(*v);
        count = count.bind(*v);
    }
    let rows = rows.bind(limit).bind(offset).fetch_all(db.pool()).await?;
    let total = count.fetch_one(db.pool()).await?;
    Ok((rows, total))
}

/// The latest entries recorded for an action (tests and the viewer's "recent" strip).
pub async fn latest(db: &Db, action: &str, limit: i64) -> Result<Vec<EntryRow>> {
    Ok(sqlx::query_as(
        "SELECT id, at, actor_id, actor_email, acting_as_id, action, target, detail, ip, ok FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT $2",
    )
    .bind(action)
    .bind(limit)
    .fetch_all(db.pool())
    .await?)
}
