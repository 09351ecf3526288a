//! Organisation: provinces and schools.

use sqlx::FromRow;

use crate::{Db, Result};

#[derive(Debug, Clone, FromRow)]
pub struct Province {
    pub code: String,
    pub name: String,
    pub area_name: String,
}

#[derive(Debug, Clone, FromRow)]
pub struct School {
    pub id: i64,
    pub name: String,
    pub province_code: String,
    pub area_code: String,
    /// 1 when the school runs a local edition (the web prefixes its name).
    pub local_edition: i64,
}

impl School {
    pub fn is_local_edition(&self) -> bool {
        self.local_edition != 0
    }

    pub fn to_ref(&self) -> protocol::dto::user::SchoolRef {
        protocol::dto::user::SchoolRef { id: self.id, name: self.name.clone(), local_edition: self.is_local_edition() }
    }
}

pub async fn provinces(db: &Db) -> Result<Vec<Province>> {
    Ok(sqlx::query_as("SELECT code, name, area_name FROM provinces ORDER BY area_name, code").fetch_all(db.pool()).await?)
}

pub async fn province(db: &Db, code: &str) -> Result<Option<Province>> {
    let load = async { Ok(sqlx::query_as("SELECT code, name, area_name FROM provinces WHERE code = $1").bind(code).fetch_optional(db.pool()).await?) };
    db.accounts.read(&db.accounts.provinces, code.to_owned(), load).await
}

pub async fn schools(db: &Db) -> Result<Vec<School>> {
    let load = async { Ok(sqlx::query_as("SELECT id, name, province_code, area_code, local_edition FROM schools ORDER BY id").fetch_all(db.pool()).await?) };
    db.accounts.read(&db.accounts.schools, (), load).await
}

pub async fn schools_by_ids(db: &Db, ids: &[i64]) -> Result<Vec<School>> {
    let all = schools(db).await?;
    Ok(ids.iter().filter_map(|id| all.iter().find(|s| s.id == *id).cloned()).collect())
}

pub async fn insert_province(db: &Db, code: &str, name: &str, area_name: &str) -> Result<()> {
    sqlx::query("INSERT INTO provinces (code, name, area_name) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING")
        .bind(code)
        .bind(name)
        .bind(area_name)
        .execute(db.pool())
        .await?;
    db.accounts.changed_here();
    Ok(())
}

pub async fn insert_school(db: &Db, id: i64, name: &str, province_code: &str, area_code: &str) -> Result<()> {
    sqlx::query("INSERT INTO schools (id, name, province_code, area_code) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING")
        .bind(id)
        .bind(name)
        .bind(province_code)
        .bind(area_code)
        .execute(db.pool())
        .await?;
    db.accounts.changed_here();
    Ok(())
}

pub async fn set_local_edition(db: &Db, id: i64, local: bool) -> Result<()> {
    sqlx::query("UPDATE schools SET local_edition = $1 WHERE id = $2").bind(i64::from(local)).bind(id).execute(db.pool()).await?;
    db.accounts.changed_here();
    Ok(())
}
