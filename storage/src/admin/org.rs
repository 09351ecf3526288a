//! The organisation an administrator edits: school groups over schools, schools (created,
//! renamed, moved between groups and provinces, closed and reopened — a closed school keeps its
//! records for the reports), the teaching sites (areas) and departments within a school.

use sqlx::FromRow;

use crate::{now_ms, on_unique, Db, Result, StorageError};

#[derive(Debug, Clone, FromRow)]
pub struct GroupRow {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, FromRow)]
pub struct SchoolRow {
    pub id: i64,
    pub name: String,
    pub province_code: String,
    pub group_id: Option<i64>,
    pub local_edition: i64,
    pub closed_at: Option<i64>,
    /// Active accounts placed at the school.
    pub accounts: i64,
}

#[derive(Debug, Clone, FromRow)]
pub struct AreaRow {
    pub school_id: i64,
    pub code: String,
    pub name: String,
}

#[derive(Debug, Clone, FromRow)]
pub struct DepartmentRow {
    pub id: i64,
    pub school_id: i64,
    pub name: String,
}

pub async fn groups(db: &Db) -> Result<Vec<GroupRow>> {
    Ok(sqlx::query_as("SELECT id, name FROM school_groups ORDER BY name, id").fetch_all(db.pool()).await?)
}

pub async fn schools(db: &Db) -> Result<Vec<SchoolRow>> {
    Ok(sqlx::query_as(
        "SELECT s.id, s.name, s.province_code, s.group_id, s.local_edition, s.closed_at, \
         (SELECT COUNT(*) FROM user_schools us JOIN users u ON u.id = us.user_id WHERE us.school_id = s.id AND u.state = 1) AS accounts \
         FROM schools s ORDER BY s.id",
    )
    .fetch_all(db.pool())
    .await?)
}

pub async fn areas(db: &Db) -> Result<Vec<AreaRow>> {
    Ok(sqlx::query_as("SELECT school_id, code, name FROM areas ORDER BY school_id, code").fetch_all(db.pool()).await?)
}

pub async fn departments(db: &Db) -> Result<Vec<DepartmentRow>> {
    Ok(sqlx::query_as("SELECT id, school_id, name FROM departments ORDER BY school_id, name").fetch_all(db.pool()).await?)
}

/// Creates a group (no id) or renames one; answers its id. A taken name is `Conflict`.
pub async fn save_group(db: &Db, id: Option<i64>, name: &str) -> Result<i64> {
    match id {
        None => Ok(sqlx::query_scalar("INSERT INTO school_groups (name, created_at) VALUES ($1, $2) RETURNING id")
            .bind(name)
            .bind(now_ms())
            .fetch_one(db.pool())
            .await
            .map_err(|e| on_unique(e, "集团名称已存在"))?),
        Some(id) => {
            let r = sqlx::query("UPDATE school_groups SET name = $1 WHERE id = $2")
                .bind(name)
                .bind(id)
                .execute(db.pool())
                .await
                .map_err(|e| on_unique(e, "集团名称已存在"))?;
            if r.rows_affected() == 0 {
                return Err(StorageError::NotFound);
            }
            Ok(id)
        }
    }
}

/// Removes a group; its schools stay, without a group.
pub async fn delete_group(db: &Db, id: i64) -> Result<bool> {
    let mut tx = db.begin().await?;
    sqlx::query("UPDATE schools SET group_id = NULL WHERE group_id = $1").bind(id).execute(&mut *tx).await?;
    let r = sqlx::query("DELETE FROM school_groups WHERE id = $1").bind(id).execute(&mut *tx).await?;
    tx.commit().await?;
    db.accounts.changed_here();
    Ok(r.rows_affected() > 0)
}

pub async fn group_exists(db: &Db, id: i64) -> Result<bool> {
    Ok(sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM school_groups WHERE id = $1").bind(id).fetch_one(db.pool()).await? > 0)
}

/// What a school is made or changed into.
#[derive(Debug, Clone)]
pub struct SchoolChange<'a> {
    pub name: &'a str,
    pub province_code: &'a str,
    pub group_id: Option<i64>,
    pub local_edition: bool,
}

/// Creates a school; answers its id (school ids are the organisation's own numbers: the next
/// after the largest).
pub async fn create_school(db: &Db, change: &SchoolChange<'_>) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let taken: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM schools WHERE name = $1").bind(change.name).fetch_one(&mut *tx).await?;
    if taken > 0 {
        return Err(StorageError::Conflict("校区名称已存在".into()));
    }
    let id: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) + 1 FROM schools").fetch_one(&mut *tx).await?;
    sqlx::query("INSERT INTO schools (id, name, province_code, area_code, group_id, local_edition) VALUES ($1, $2, $3, '', $4, $5)")
        .bind(id)
        .bind(change.name)
        .bind(change.province_code)
        .bind(change.group_id)
        .bind(i64::from(change.local_edition))
        .execute(&mut *tx)
        .await
        .map_err(|e| on_unique(e, "校区已存在"))?;
    tx.commit().await?;
    db.accounts.changed_here();
    Ok(id)
}

/// Renames, moves (group, province) or changes the edition of a school.
pub async fn update_school(db: &Db, id: i64, change: &SchoolChange<'_>) -> Result<()> {
    let _turn = db.write_turn().await;
    let taken: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM schools WHERE name = $1 AND id <> $2").bind(change.name).bind(id).fetch_one(db.pool()).await?;
    if taken > 0 {
        return Err(StorageError::Conflict("校区名称已存在".into()));
    }
    let r = sqlx::query("UPDATE schools SET name = $1, province_code = $2, group_id = $3, local_edition = $4 WHERE id = $5")
        .bind(change.name)
        .bind(change.province_code)
        .bind(change.group_id)
        .bind(i64::from(change.local_edition))
        .bind(id)
        .execute(db.pool())
        .await?;
    if r.rows_affected() == 0 {
        return Err(StorageError::NotFound);
    }
    db.accounts.changed_here();
    Ok(())
}

/// Closes (now) or reopens a school; false when it does not exist.
pub async fn set_closed(db: &Db, id: i64, closed: bool) -> Result<bool> {
    let r = sqlx::query("UPDATE schools SET closed_at = $1 WHERE id = $2").bind(closed.then(now_ms)).bind(id).execute(db.pool()).await?;
    db.accounts.changed_here();
    Ok(r.rows_affected() > 0)
}

/// Whether the school exists and is open.
pub async fn is_open(db: &Db, id: i64) -> Result<bool> {
    Ok(sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM schools WHERE id = $1 AND closed_at IS NULL").bind(id).fetch_one(db.pool()).await? > 0)
}

/// Adds a teaching site to a school (its code made from the school's id and the next number)
/// or renames one; answers its code.
pub async fn save_area(db: &Db, school_id: i64, code: Option<&str>, name: &str) -> Result<String> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let taken: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM areas WHERE school_id = $1 AND name = $2 AND code <> $3")
        .bind(school_id)
        .bind(name)
        .bind(code.unwrap_or(""))
        .fetch_one(&mut *tx)
        .await?;
    if taken > 0 {
        return Err(StorageError::Conflict("该校区已有同名教学点".into()));
    }
    let code = match code {
        Some(code) => {
            let r =
                sqlx::query("UPDATE areas SET name = $1 WHERE code = $2 AND school_id = $3").bind(name).bind(code).bind(school_id).execute(&mut *tx).await?;
            if r.rows_affected() == 0 {
                return Err(StorageError::NotFound);
            }
            code.to_owned()
        }
        None => {
            let existing: Vec<String> = sqlx::query_scalar("SELECT code FROM areas WHERE school_id = $1").bind(school_id).fetch_all(&mut *tx).await?;
            let code = (1..).map(|n| format!("A{school_id}-{n:02}")).find(|c| !existing.contains(c)).expect("a free code");
            sqlx::query("INSERT INTO areas (code, school_id, name) VALUES ($1, $2, $3)").bind(&code).bind(school_id).bind(name).execute(&mut *tx).await?;
            code
        }
    };
    tx.commit().await?;
    Ok(code)
}

/// Removes a teaching site no record names; `Conflict` when students, classes or staff are
/// placed there (their history would lose its place).
pub async fn delete_area(db: &Db, code: &str) -> Result<bool> {
    let used: i64 = sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM students WHERE area_code = $1) + (SELECT COUNT(*) FROM classes WHERE area_code = $1) \
         + (SELECT COUNT(*) FROM staff WHERE area_code = $1) + (SELECT COUNT(*) FROM user_areas WHERE area_code = $1)",
    )
    .bind(code)
    .fetch_one(db.pool())
    .await?;
    if used > 0 {
        return Err(StorageError::Conflict(format!("教学点仍有 {used} 条学员、班级或员工记录，不能删除")));
    }
    Ok(sqlx::query("DELETE FROM areas WHERE code = $1").bind(code).execute(db.pool()).await?.rows_affected() > 0)
}

/// Adds (no id) or renames a department of a school; staff placed in it follow a rename.
pub async fn save_department(db: &Db, school_id: i64, id: Option<i64>, name: &str) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let id = match id {
        None => sqlx::query_scalar("INSERT INTO departments (school_id, name, created_at) VALUES ($1, $2, $3) RETURNING id")
            .bind(school_id)
            .bind(name)
            .bind(now_ms())
            .fetch_one(&mut *tx)
            .await
            .map_err(|e| on_unique(e, "该校区已有同名部门"))?,
        Some(id) => {
            let old: Option<String> =
                sqlx::query_scalar("SELECT name FROM departments WHERE id = $1 AND school_id = $2").bind(id).bind(school_id).fetch_optional(&mut *tx).await?;
            let old = old.ok_or(StorageError::NotFound)?;
            sqlx::query("UPDATE departments SET name = $1 WHERE id = $2")
                .bind(name)
                .bind(id)
                .execute(&mut *tx)
                .await
                .map_err(|e| on_unique(e, "该校区已有同名部门"))?;
            sqlx::query("UPDATE staff SET dept_name = $1 WHERE school_id = $2 AND dept_name = $3")
                .bind(name)
                .bind(school_id)
                .bind(&old)
                .execute(&mut *tx)
                .await?;
            id
        }
    };
    tx.commit().await?;
    Ok(id)
}

/// Removes a department no staff member is placed in.
pub async fn delete_department(db: &Db, id: i64) -> Result<bool> {
    let Some((school_id, name)) =
        sqlx::query_as::<_, (i64, String)>("SELECT school_id, name FROM departments WHERE id = $1").bind(id).fetch_optional(db.pool()).await?
    else {
        return Ok(false);
    };
    let used: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM staff WHERE school_id = $1 AND dept_name = $2").bind(school_id).bind(&name).fetch_one(db.pool()).await?;
    if used > 0 {
        return Err(StorageError::Conflict(format!("部门仍有 {used} 名员工，不能删除")));
    }
    Ok(sqlx::query("DELETE FROM departments WHERE id = $1").bind(id).execute(db.pool()).await?.rows_affected() > 0)
}

/// Makes a department of every one the staff records name (records written by the generator or
/// an import name departments by text); run at start.
pub async fn adopt_departments(db: &Db) -> Result<u64> {
    let r = sqlx::query(
        "INSERT INTO departments (school_id, name, created_at) \
         SELECT DISTINCT st.school_id, st.dept_name, $1 FROM staff st WHERE st.dept_name <> '' \
         AND NOT EXISTS (SELECT 1 FROM departments d WHERE d.school_id = st.school_id AND d.name = st.dept_name)",
    )
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(r.rows_affected())
}
