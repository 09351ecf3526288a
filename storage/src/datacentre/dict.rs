//! The data centre's stored dictionaries: areas of schools and project groups.

use protocol::dto::dict::AreaItem;
use sqlx::FromRow;

use crate::reports::Conditions;
use crate::{Db, Result};

#[derive(FromRow)]
struct AreaFound {
    code: String,
    name: String,
    school_id: i64,
    school_name: String,
}

/// The areas of `schools` (all schools when `None`), by school and code.
pub async fn areas(db: &Db, schools: Option<&[i64]>) -> Result<Vec<AreaItem>> {
    let mut c = Conditions::new();
    c.sql.push_str("FROM areas a JOIN schools s ON s.id = a.school_id WHERE 1 = 1");
    if let Some(ids) = schools {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        c.push_in("a.school_id", ids);
    }
    let (sql, args) = c.finish("SELECT a.code, a.name, a.school_id, s.name AS school_name ", " ORDER BY a.school_id, a.code");
    let found: Vec<AreaFound> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(found.into_iter().map(|a| AreaItem { area_code: a.code, area_name: a.name, school_id: a.school_id, school_name: a.school_name }).collect())
}

/// The schools of `areas`.
pub async fn schools_of_areas(db: &Db, areas: &[String]) -> Result<Vec<i64>> {
    if areas.is_empty() {
        return Ok(Vec::new());
    }
    let mut c = Conditions::new();
    c.sql.push_str("FROM areas a WHERE 1 = 1");
    c.push_in_text("a.code", areas);
    let (sql, args) = c.finish("SELECT DISTINCT a.school_id ", " ORDER BY a.school_id");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_all(db.pool()).await?)
}

/// The areas an area manager answers for.
pub async fn user_areas(db: &Db, user_id: i64) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar("SELECT area_code FROM user_areas WHERE user_id = $1 ORDER BY area_code").bind(user_id).fetch_all(db.pool()).await?)
}

pub async fn set_user_areas(db: &Db, user_id: i64, areas: &[&str]) -> Result<()> {
    let mut tx = db.begin().await?;
    sqlx::query("DELETE FROM user_areas WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
    for area in areas {
        sqlx::query("INSERT INTO user_areas (user_id, area_code) VALUES ($1, $2)").bind(user_id).bind(*area).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Project groups: (id, name).
pub async fn project_groups(db: &Db) -> Result<Vec<(i64, String)>> {
    Ok(sqlx::query_as("SELECT id, name FROM project_groups ORDER BY id").fetch_all(db.pool()).await?)
}

pub async fn insert_area(db: &Db, code: &str, school_id: i64, name: &str) -> Result<()> {
    sqlx::query("INSERT INTO areas (code, school_id, name) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING")
        .bind(code)
        .bind(school_id)
        .bind(name)
        .execute(db.pool())
        .await?;
    Ok(())
}
