//! Accounts: users, the roles they hold, their schools and subjects, and their selections.

use sqlx::FromRow;

use crate::{affected, now_ms, on_unique, Db, Result, StorageError};

/// A user row.
#[derive(Debug, Clone, FromRow)]
pub struct User {
    pub id: i64,
    pub email: String,
    pub password_hash: String,
    pub name: String,
    pub mobile: String,
    pub avatar: String,
    pub teacher_code: String,
    pub join_date: String,
    pub teacher_level: String,
    pub division_age_desc: String,
    pub school_age_desc: String,
    pub superuser: i64,
    #[sqlx(rename = "active_role")]
    pub current_role: String,
    pub selected_stage: i64,
    pub selected_subject: i64,
    pub selected_school_id: i64,
    pub selected_province: String,
    pub logins: i64,
    pub created_at: i64,
    /// 1 active, 0 waiting for an administrator's approval, 2 disabled
    /// (`protocol::dto::admin::ACCOUNT_*`).
    pub state: i64,
}

impl User {
    pub fn is_superuser(&self) -> bool {
        self.superuser != 0
    }

    /// Whether the account may sign in and its sessions count.
    pub fn is_active(&self) -> bool {
        self.state == protocol::dto::admin::ACCOUNT_ACTIVE
    }
}

/// What it takes to create an account.
#[derive(Debug, Clone, Default)]
pub struct NewUser {
    pub email: String,
    pub password_hash: String,
    pub name: String,
    pub mobile: String,
    pub avatar: String,
    pub teacher_code: String,
    pub join_date: String,
    pub teacher_level: String,
    pub division_age_desc: String,
    pub school_age_desc: String,
    pub superuser: bool,
    /// The roles held, the first being the current one. Must not be empty.
    pub roles: Vec<String>,
    pub school_ids: Vec<i64>,
    /// (stage, subject) pairs; the first is selected.
    pub subjects: Vec<(i64, i64)>,
    pub province: String,
    /// A self-registration waiting for an administrator's approval.
    pub pending: bool,
}

const USER_COLUMNS: &str = "id, email, password_hash, name, mobile, avatar, teacher_code, join_date, \
    teacher_level, division_age_desc, school_age_desc, superuser, active_role, selected_stage, \
    selected_subject, selected_school_id, selected_province, logins, created_at, state";

/// Creates a user with roles, schools and subjects; `Conflict` when the e-mail is taken.
pub async fn create(db: &Db, new: &NewUser) -> Result<User> {
    let first_role = new.roles.first().cloned().ok_or_else(|| StorageError::Conflict("a user needs a role".into()))?;
    let (stage, subject) = new.subjects.first().copied().unwrap_or((protocol::constants::DEFAULT_STAGE, 54));
    let school = new.school_ids.first().copied().unwrap_or(protocol::constants::GENERAL_EDITION_SCHOOL_ID);
    let mut tx = db.begin().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO users (email, password_hash, name, mobile, avatar, teacher_code, join_date, teacher_level, \
         division_age_desc, school_age_desc, superuser, active_role, selected_stage, selected_subject, \
         selected_school_id, selected_province, logins, created_at, state) \
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,0,$17,$18) RETURNING id",
    )
    .bind(new.email.trim().to_lowercase())
    .bind(&new.password_hash)
    .bind(&new.name)
    .bind(&new.mobile)
    .bind(&new.avatar)
    .bind(&new.teacher_code)
    .bind(&new.join_date)
    .bind(&new.teacher_level)
    .bind(&new.division_age_desc)
    .bind(&new.school_age_desc)
    .bind(new.superuser as i64)
    .bind(&first_role)
    .bind(stage)
    .bind(subject)
    .bind(school)
    .bind(&new.province)
    .bind(now_ms())
    .bind(if new.pending { protocol::dto::admin::ACCOUNT_PENDING } else { protocol::dto::admin::ACCOUNT_ACTIVE })
    .fetch_one(&mut *tx)
    .await
    .map_err(|e| on_unique(e, "该邮箱已注册"))?;
    for (i, role) in new.roles.iter().enumerate() {
        sqlx::query("INSERT INTO user_roles (user_id, role, sort) VALUES ($1, $2, $3)").bind(id).bind(role).bind(i as i64).execute(&mut *tx).await?;
    }
    for school_id in &new.school_ids {
        sqlx::query("INSERT INTO user_schools (user_id, school_id) VALUES ($1, $2)").bind(id).bind(school_id).execute(&mut *tx).await?;
    }
    for (stage, subject) in &new.subjects {
        sqlx::query("INSERT INTO user_subjects (user_id, stage, subject) VALUES ($1, $2, $3)").bind(id).bind(stage).bind(subject).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    // A new id may be a deleted account's (SQLite reuses the largest rowid).
    db.accounts.changed_here();
    by_id(db, id).await
}

pub async fn by_id(db: &Db, id: i64) -> Result<User> {
    db.accounts
        .read(&db.accounts.users, id, async {
            sqlx::query_as::<_, User>(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1"))
                .bind(id)
                .fetch_optional(db.pool())
                .await?
                .ok_or(StorageError::NotFound)
        })
        .await
}

/// Looks up by e-mail, case-insensitively.
pub async fn by_email(db: &Db, email: &str) -> Result<Option<User>> {
    Ok(sqlx::query_as::<_, User>(&format!("SELECT {USER_COLUMNS} FROM users WHERE email = $1"))
        .bind(email.trim().to_lowercase())
        .fetch_optional(db.pool())
        .await?)
}

pub async fn count(db: &Db) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM users").fetch_one(db.pool()).await?)
}

/// The roles a user holds, in their order.
pub async fn roles(db: &Db, user_id: i64) -> Result<Vec<String>> {
    let load = async { Ok(sqlx::query_scalar("SELECT role FROM user_roles WHERE user_id = $1 ORDER BY sort, role").bind(user_id).fetch_all(db.pool()).await?) };
    db.accounts.read(&db.accounts.roles, user_id, load).await
}

pub async fn school_ids(db: &Db, user_id: i64) -> Result<Vec<i64>> {
    let load =
        async { Ok(sqlx::query_scalar("SELECT school_id FROM user_schools WHERE user_id = $1 ORDER BY school_id").bind(user_id).fetch_all(db.pool()).await?) };
    db.accounts.read(&db.accounts.school_ids, user_id, load).await
}

/// (stage, subject) pairs the user teaches or works with.
pub async fn subjects(db: &Db, user_id: i64) -> Result<Vec<(i64, i64)>> {
    let load = async {
        let rows: Vec<(i64, i64)> = sqlx::query_as("SELECT stage, subject FROM user_subjects WHERE user_id = $1 ORDER BY stage DESC, subject")
            .bind(user_id)
            .fetch_all(db.pool())
            .await?;
        Ok(rows)
    };
    db.accounts.read(&db.accounts.subjects, user_id, load).await
}

pub async fn set_current_role(db: &Db, user_id: i64, role: &str) -> Result<()> {
    sqlx::query("UPDATE users SET active_role = $1 WHERE id = $2").bind(role).bind(user_id).execute(db.pool()).await?;
    db.accounts.changed_here();
    Ok(())
}

/// Updates whichever of school, stage, subject and province are given.
pub async fn set_selection(db: &Db, user_id: i64, school_id: Option<i64>, stage: Option<i64>, subject: Option<i64>, province: Option<&str>) -> Result<()> {
    let mut tx = db.begin().await?;
    if let Some(school_id) = school_id {
        sqlx::query("UPDATE users SET selected_school_id = $1 WHERE id = $2").bind(school_id).bind(user_id).execute(&mut *tx).await?;
    }
    if let Some(stage) = stage {
        sqlx::query("UPDATE users SET selected_stage = $1 WHERE id = $2").bind(stage).bind(user_id).execute(&mut *tx).await?;
    }
    if let Some(subject) = subject {
        sqlx::query("UPDATE users SET selected_subject = $1 WHERE id = $2").bind(subject).bind(user_id).execute(&mut *tx).await?;
    }
    if let Some(province) = province {
        sqlx::query("UPDATE users SET selected_province = $1 WHERE id = $2").bind(province).bind(user_id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    db.accounts.changed_here();
    Ok(())
}

/// Counts a successful login; returns the count before it (0 on the first login).
pub async fn record_login(db: &Db, user_id: i64) -> Result<i64> {
    let after: i64 = sqlx::query_scalar("UPDATE users SET logins = logins + 1 WHERE id = $1 RETURNING logins").bind(user_id).fetch_one(db.pool()).await?;
    db.accounts.changed_here();
    // A staff member's sign-in marks their day on the platform (platform usage, 02 §3.2).
    crate::datacentre::usage::record_login(db, user_id, crate::now_ms()).await?;
    Ok(after - 1)
}

pub async fn setting(db: &Db, user_id: i64, key: &str) -> Result<Option<String>> {
    Ok(sqlx::query_scalar("SELECT value FROM user_settings WHERE user_id = $1 AND key = $2").bind(user_id).bind(key).fetch_optional(db.pool()).await?)
}

pub async fn set_setting(db: &Db, user_id: i64, key: &str, value: &str) -> Result<()> {
    let r = sqlx::query(
        "INSERT INTO user_settings (user_id, key, value) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value",
    )
    .bind(user_id)
    .bind(key)
    .bind(value)
    .execute(db.pool())
    .await?;
    debug_assert!(affected(r) <= 1);
    Ok(())
}

/// Ids of the users who hold any of `roles`, each with the first matching role (in the order
/// of `roles`), plus the users with any of `emails` (role "").
/// Accounts whose name or e-mail contains `keyword`: (id, name, email), at most `limit`.
pub async fn search(db: &Db, keyword: &str, limit: i64) -> Result<Vec<(i64, String, String)>> {
    let pattern = format!("%{}%", crate::reports::like_escaped(keyword));
    Ok(sqlx::query_as(
        "SELECT id, name, email FROM users WHERE LOWER(name) LIKE LOWER($1) ESCAPE '!' OR LOWER(email) LIKE LOWER($1) ESCAPE '!' ORDER BY name, id LIMIT $2",
    )
    .bind(pattern)
    .bind(limit)
    .fetch_all(db.pool())
    .await?)
}

/// The active accounts placed at any of the schools.
pub async fn at_schools(db: &Db, school_ids: &[i64]) -> Result<Vec<i64>> {
    if school_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(sqlx::query_scalar(&format!(
        "SELECT DISTINCT us.user_id FROM user_schools us JOIN users u ON u.id = us.user_id WHERE u.state = 1 AND us.school_id IN ({}) ORDER BY us.user_id",
        crate::id_list(school_ids)
    ))
    .fetch_all(db.pool())
    .await?)
}

pub async fn recipients(db: &Db, roles: &[String], emails: &[String]) -> Result<Vec<(i64, String)>> {
    let mut out: Vec<(i64, String)> = Vec::new();
    for role in roles {
        let ids: Vec<i64> = sqlx::query_scalar("SELECT user_id FROM user_roles WHERE role = $1 ORDER BY user_id").bind(role).fetch_all(db.pool()).await?;
        for id in ids {
            if !out.iter().any(|(u, _)| *u == id) {
                out.push((id, role.clone()));
            }
        }
    }
    for email in emails {
        if let Some(user) = by_email(db, email).await? {
            match out.iter_mut().find(|(u, _)| *u == user.id) {
                // Addressed by name: the notice is for the person whatever role they act in.
                Some(entry) => entry.1.clear(),
                None => out.push((user.id, String::new())),
            }
        }
    }
    Ok(out)
}
