//! Accounts as an administrator manages them: the searchable list, roles, schools and subjects,
//! the super-user mark, states (approve, disable, enable), refusing a registration, and a new
//! password through a reset link.

use sqlx::FromRow;

use crate::{Db, Result, StorageError};

/// One account of the list.
#[derive(Debug, Clone, FromRow)]
pub struct AccountRow {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub mobile: String,
    pub superuser: i64,
    pub state: i64,
    pub created_at: i64,
    pub last_login_at: Option<i64>,
}

/// What to list accounts by.
#[derive(Debug, Clone, Default)]
pub struct Search {
    pub keyword: Option<String>,
    pub role: Option<String>,
    pub school_id: Option<i64>,
    pub state: Option<i64>,
}

const ROW: &str = "u.id, u.email, u.name, u.mobile, u.superuser, u.state, u.created_at, \
    (SELECT MAX(a.at) FROM audit_log a WHERE a.actor_id = u.id AND a.action = 'login') AS last_login_at";

/// A page of accounts (waiting for approval first, then by e-mail) and the total.
pub async fn search(db: &Db, search: &Search, limit: i64, offset: i64) -> Result<(Vec<AccountRow>, i64)> {
    let keyword = search.keyword.as_deref().map(str::trim).filter(|k| !k.is_empty()).map(|k| format!("%{}%", crate::reports::like_escaped(&k.to_lowercase())));
    let condition = "($1 = '' OR LOWER(u.name) LIKE $1 ESCAPE '!' OR LOWER(u.email) LIKE $1 ESCAPE '!' OR u.mobile LIKE $1 ESCAPE '!') \
        AND ($2 = '' OR EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = $2)) \
        AND ($3 < 0 OR EXISTS (SELECT 1 FROM user_schools s WHERE s.user_id = u.id AND s.school_id = $3)) \
        AND ($4 < 0 OR u.state = $4)";
    let sql = format!("SELECT {ROW} FROM users u WHERE {condition} ORDER BY CASE WHEN u.state = 0 THEN 0 ELSE 1 END, u.email LIMIT $5 OFFSET $6");
    let count_sql = format!("SELECT COUNT(*) FROM users u WHERE {condition}");
    let keyword = keyword.unwrap_or_default();
    let role = search.role.clone().unwrap_or_default();
    let school = search.school_id.unwrap_or(-1);
    let state = search.state.unwrap_or(-1);
    let rows = sqlx::query_as::<_, AccountRow>(&sql).bind(&keyword).bind(&role).bind(school).bind(state).bind(limit).bind(offset).fetch_all(db.pool()).await?;
    let total = sqlx::query_scalar::<_, i64>(&count_sql).bind(&keyword).bind(&role).bind(school).bind(state).fetch_one(db.pool()).await?;
    Ok((rows, total))
}

/// One account as the list shows it.
pub async fn row(db: &Db, id: i64) -> Result<Option<AccountRow>> {
    Ok(sqlx::query_as(&format!("SELECT {ROW} FROM users u WHERE u.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// What an administrator sets on an account.
#[derive(Debug, Clone)]
pub struct Assignment<'a> {
    pub name: &'a str,
    pub roles: &'a [String],
    pub school_ids: &'a [i64],
    pub subjects: &'a [(i64, i64)],
    pub superuser: Option<bool>,
}

/// Replaces the account's roles, schools and subjects (and the super-user mark when given). The
/// current role, school and subject stay when still held; otherwise the first given is current.
pub async fn assign(db: &Db, user_id: i64, a: &Assignment<'_>) -> Result<()> {
    let first_role = a.roles.first().ok_or_else(|| StorageError::Conflict("至少需要一个角色".into()))?;
    let mut tx = db.begin().await?;
    let r = sqlx::query("UPDATE users SET name = $1 WHERE id = $2").bind(a.name).bind(user_id).execute(&mut *tx).await?;
    if r.rows_affected() == 0 {
        return Err(StorageError::NotFound);
    }
    if let Some(superuser) = a.superuser {
        sqlx::query("UPDATE users SET superuser = $1 WHERE id = $2").bind(i64::from(superuser)).bind(user_id).execute(&mut *tx).await?;
    }
    sqlx::query("DELETE FROM user_roles WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
    for (i, role) in a.roles.iter().enumerate() {
        sqlx::query("INSERT INTO user_roles (user_id, role, sort) VALUES ($1, $2, $3)").bind(user_id).bind(role).bind(i as i64).execute(&mut *tx).await?;
    }
    sqlx::query("DELETE FROM user_schools WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
    for school_id in a.school_ids {
        sqlx::query("INSERT INTO user_schools (user_id, school_id) VALUES ($1, $2)").bind(user_id).bind(school_id).execute(&mut *tx).await?;
    }
    sqlx::query("DELETE FROM user_subjects WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
    for (stage, subject) in a.subjects {
        sqlx::query("INSERT INTO user_subjects (user_id, stage, subject) VALUES ($1, $2, $3)")
            .bind(user_id)
            .bind(stage)
            .bind(subject)
            .execute(&mut *tx)
            .await?;
    }
    // The selections follow what is still held.
    sqlx::query("UPDATE users SET active_role = $1 WHERE id = $2 AND active_role NOT IN (SELECT role FROM user_roles WHERE user_id = $2)")
        .bind(first_role)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    if let Some(school) = a.school_ids.first() {
        sqlx::query(
            "UPDATE users SET selected_school_id = $1 WHERE id = $2 AND selected_school_id > 0 \
             AND selected_school_id NOT IN (SELECT school_id FROM user_schools WHERE user_id = $2)",
        )
        .bind(school)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    }
    if let Some((stage, subject)) = a.subjects.first() {
        sqlx::query(
            "UPDATE users SET selected_stage = $1, selected_subject = $2 WHERE id = $3 AND NOT EXISTS \
             (SELECT 1 FROM user_subjects s WHERE s.user_id = $3 AND s.stage = users.selected_stage AND s.subject = users.selected_subject)",
        )
        .bind(stage)
        .bind(subject)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    db.accounts.changed_here();
    Ok(())
}

/// Sets the account's state; answers the state it had (None when there is no such account).
pub async fn set_state(db: &Db, user_id: i64, state: i64) -> Result<Option<i64>> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let before: Option<i64> = sqlx::query_scalar("SELECT state FROM users WHERE id = $1").bind(user_id).fetch_optional(&mut *tx).await?;
    if before.is_some() {
        sqlx::query("UPDATE users SET state = $1 WHERE id = $2").bind(state).bind(user_id).execute(&mut *tx).await?;
        if state != protocol::dto::admin::ACCOUNT_ACTIVE {
            sqlx::query("DELETE FROM sessions WHERE user_id = $1 OR acting_user_id = $1").bind(user_id).execute(&mut *tx).await?;
        }
    }
    tx.commit().await?;
    db.accounts.changed_here();
    Ok(before)
}

/// The digests of the sessions signed in as, or acting as, the account (to close their sockets).
pub async fn session_digests(db: &Db, user_id: i64) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar("SELECT token_hash FROM sessions WHERE user_id = $1 OR acting_user_id = $1").bind(user_id).fetch_all(db.pool()).await?)
}

/// Removes a registration still waiting for approval (refused); false when there is none.
pub async fn refuse(db: &Db, user_id: i64) -> Result<bool> {
    let r = sqlx::query("DELETE FROM users WHERE id = $1 AND state = $2").bind(user_id).bind(protocol::dto::admin::ACCOUNT_PENDING).execute(db.pool()).await?;
    db.accounts.changed_here();
    Ok(r.rows_affected() == 1)
}

/// Uses a reset link: sets the account's new password hash and ends every session of it, together;
/// false when the link was no longer open.
pub async fn reset_password(db: &Db, token: &str, user_id: i64, password_hash: &str) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    if !super::links::take(&mut tx, token, super::links::RESET).await? {
        return Ok(false);
    }
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2").bind(password_hash).bind(user_id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM sessions WHERE user_id = $1 OR acting_user_id = $1").bind(user_id).execute(&mut *tx).await?;
    tx.commit().await?;
    db.accounts.changed_here();
    Ok(true)
}

/// Active super users (the last one may not be taken away).
pub async fn active_superusers(db: &Db) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE superuser = 1 AND state = 1").fetch_one(db.pool()).await?)
}
