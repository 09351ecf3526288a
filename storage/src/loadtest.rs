//! Bulk setup for the load tool: many accounts with sessions, and co-edited documents shared
//! among them. One transaction per call, so thousands of accounts take seconds, not minutes.

use protocol::constants::role;

use crate::{documents, now_ms, token, Db, Result};

/// The e-mail domain of load-test accounts; probes and documents are only made for these.
pub const EMAIL_DOMAIN: &str = "load.eduhub";

pub fn email(prefix: &str, n: i64) -> String {
    format!("{prefix}{n}@{EMAIL_DOMAIN}")
}

pub struct LoadAccount {
    pub user_id: i64,
    pub email: String,
    pub token: String,
}

/// Creates the accounts `{prefix}{n}@load.eduhub` for n in `start..start+count` that do not exist
/// yet (teacher role, school 1001), and a new session for each.
pub async fn create_accounts(db: &Db, prefix: &str, start: i64, count: i64, password_hash: &str) -> Result<Vec<LoadAccount>> {
    let now = now_ms();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let mut out = Vec::with_capacity(count.max(0) as usize);
    for n in start..start + count {
        let email = email(prefix, n);
        let existing: Option<i64> = sqlx::query_scalar("SELECT id FROM users WHERE email = $1").bind(&email).fetch_optional(&mut *tx).await?;
        let user_id = match existing {
            Some(id) => id,
            None => {
                let id: i64 = sqlx::query_scalar(
                    "INSERT INTO users (email, password_hash, name, mobile, avatar, teacher_code, join_date, teacher_level, \
                     division_age_desc, school_age_desc, superuser, active_role, selected_stage, selected_subject, \
                     selected_school_id, selected_province, logins, created_at) \
                     VALUES ($1, $2, $3, '', '', '', '', '', '', '', 0, $4, 4, 54, 1001, '110000', 0, $5) RETURNING id",
                )
                .bind(&email)
                .bind(password_hash)
                .bind(format!("压测{n}"))
                .bind(role::TEACHER)
                .bind(now)
                .fetch_one(&mut *tx)
                .await?;
                sqlx::query("INSERT INTO user_roles (user_id, role, sort) VALUES ($1, $2, 0)").bind(id).bind(role::TEACHER).execute(&mut *tx).await?;
                sqlx::query("INSERT INTO user_schools (user_id, school_id) VALUES ($1, 1001)").bind(id).execute(&mut *tx).await?;
                sqlx::query("INSERT INTO user_subjects (user_id, stage, subject) VALUES ($1, 4, 54)").bind(id).execute(&mut *tx).await?;
                id
            }
        };
        let session = token::new_token();
        sqlx::query("INSERT INTO sessions (token_hash, user_id, acting_user_id, created_at, expires_at) VALUES ($1, $2, NULL, $3, $4)")
            .bind(token::digest(&session))
            .bind(user_id)
            .bind(now)
            .bind(now + crate::sessions::SESSION_TTL_MS)
            .execute(&mut *tx)
            .await?;
        out.push(LoadAccount { user_id, email, token: session });
    }
    tx.commit().await?;
    db.accounts.changed_here();
    Ok(out)
}

/// How many of `user_ids` are load-test accounts.
pub async fn count_accounts(db: &Db, user_ids: &[i64]) -> Result<usize> {
    let pattern = format!("%@{EMAIL_DOMAIN}");
    let mut found = 0;
    // Bounded IN lists keep the statement small on both databases.
    for chunk in user_ids.chunks(500) {
        let placeholders: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 2)).collect();
        let sql = format!("SELECT COUNT(*) FROM users WHERE email LIKE $1 AND id IN ({})", placeholders.join(","));
        let mut query = sqlx::query_scalar::<_, i64>(&sql).bind(&pattern);
        for id in chunk {
            query = query.bind(id);
        }
        found += query.fetch_one(db.pool()).await? as usize;
    }
    Ok(found)
}

/// Creates one load-test document (`loadtest/{id}`, an id space of its own, so that no real
/// paper can ever be bound to one) per entry, owned by its first editor and editable by the
/// rest; returns their ids.
pub async fn create_documents(db: &Db, editors: &[Vec<i64>]) -> Result<Vec<i64>> {
    let now = now_ms();
    let mut tx = db.begin().await?;
    let mut next: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(ref_id), 0) FROM documents WHERE doc_type = 'loadtest'").fetch_one(&mut *tx).await?;
    let mut ids = Vec::with_capacity(editors.len());
    for group in editors {
        let Some(owner) = group.first() else { continue };
        next += 1;
        let key = documents::doc_key("loadtest", next);
        sqlx::query("INSERT INTO documents (doc_key, doc_type, ref_id, owner_id, title, created_at) VALUES ($1, 'loadtest', $2, $3, $4, $5)")
            .bind(&key)
            .bind(next)
            .bind(owner)
            .bind(format!("压测文档{next}"))
            .bind(now)
            .execute(&mut *tx)
            .await?;
        for editor in &group[1..] {
            sqlx::query("INSERT INTO document_members (doc_key, user_id, can_edit) VALUES ($1, $2, 1) ON CONFLICT DO NOTHING")
                .bind(&key)
                .bind(editor)
                .execute(&mut *tx)
                .await?;
        }
        ids.push(next);
    }
    tx.commit().await?;
    Ok(ids)
}
