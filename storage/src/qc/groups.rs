//! QC teams (`qcGroupConfig/*`): the staff a team checks (each staff member in one team at most)
//! and the inspectors responsible. `schools` is the caller's selectable schools (`None` = all).

use std::collections::HashMap;

use protocol::dto::common::CodeName;
use protocol::dto::qc::{QcGroupRow, StaffBrief};
use sqlx::FromRow;

use super::teams::push_schools;
use crate::reports::{Bind, Conditions};
use crate::{now_ms, Db, Result, StorageError};

#[derive(FromRow)]
struct Found {
    id: i64,
    name: String,
    school_id: i64,
    school_name: String,
    remark: String,
    updated_at: i64,
    updated_by: String,
}

const SELECT: &str = "SELECT g.id, g.name, g.school_id, COALESCE(sc.name, '') AS school_name, g.remark, g.updated_at, COALESCE(u.name, '') AS updated_by \
    FROM qc_groups g LEFT JOIN schools sc ON sc.id = g.school_id LEFT JOIN users u ON u.id = g.updated_by WHERE 1 = 1";

fn conditions(schools: Option<&[i64]>, school_id: Option<i64>, keyword: Option<&str>) -> Conditions {
    let mut c = Conditions::new();
    push_schools(&mut c, "g.school_id", schools);
    if let Some(id) = school_id {
        c.push(" AND g.school_id = ", Bind::Int(id));
    }
    if let Some(k) = keyword {
        c.push_like("g.name", k);
    }
    c
}

async fn people(db: &Db, table: &str, group_ids: &[i64]) -> Result<HashMap<i64, Vec<StaffBrief>>> {
    let mut out: HashMap<i64, Vec<StaffBrief>> = HashMap::new();
    if group_ids.is_empty() {
        return Ok(out);
    }
    let mut c = Conditions::new();
    c.push_in("m.group_id", group_ids);
    let (sql, args) =
        c.finish(&format!("SELECT m.group_id, u.id, u.name, u.email FROM {table} m JOIN users u ON u.id = m.user_id WHERE 1 = 1"), " ORDER BY u.name, u.id");
    let rows: Vec<(i64, i64, String, String)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    for (group, user_id, name, email) in rows {
        out.entry(group).or_default().push(StaffBrief { user_id, name, email });
    }
    Ok(out)
}

async fn with_people(db: &Db, found: Vec<Found>) -> Result<Vec<QcGroupRow>> {
    let ids: Vec<i64> = found.iter().map(|g| g.id).collect();
    let mut members = people(db, "qc_group_members", &ids).await?;
    let mut inspectors = people(db, "qc_group_inspectors", &ids).await?;
    Ok(found
        .into_iter()
        .map(|g| QcGroupRow {
            members: members.remove(&g.id).unwrap_or_default(),
            responsible_list: inspectors.remove(&g.id).unwrap_or_default(),
            id: g.id,
            name: g.name,
            school_id: g.school_id,
            school_name: g.school_name,
            remark: g.remark,
            updated_at: g.updated_at,
            updated_by: g.updated_by,
        })
        .collect())
}

pub async fn page(db: &Db, schools: Option<&[i64]>, school_id: Option<i64>, keyword: Option<&str>, offset: i64, limit: i64) -> Result<(Vec<QcGroupRow>, i64)> {
    let c = conditions(schools, school_id, keyword);
    let (sql, args) = c.clone().finish("SELECT COUNT(*) FROM qc_groups g WHERE 1 = 1", "");
    let total: i64 = sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?;
    let (sql, args) = c.finish(SELECT, &format!(" ORDER BY g.school_id, g.name, g.id LIMIT {limit} OFFSET {offset}"));
    let found: Vec<Found> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok((with_people(db, found).await?, total))
}

pub async fn simple_list(db: &Db, schools: Option<&[i64]>) -> Result<Vec<CodeName>> {
    let (sql, args) = conditions(schools, None, None).finish("SELECT g.id, g.name FROM qc_groups g WHERE 1 = 1", " ORDER BY g.school_id, g.name, g.id");
    let rows: Vec<(i64, String)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(rows.into_iter().map(|(id, name)| CodeName { code: id.to_string(), name }).collect())
}

pub async fn by_id(db: &Db, id: i64) -> Result<QcGroupRow> {
    let found: Vec<Found> = sqlx::query_as(&format!("{SELECT} AND g.id = $1")).bind(id).fetch_all(db.pool()).await?;
    with_people(db, found).await?.pop().ok_or(StorageError::NotFound)
}

/// The school of a team (`None` when there is no such team).
pub async fn school_of(db: &Db, id: i64) -> Result<Option<i64>> {
    Ok(sqlx::query_scalar("SELECT school_id FROM qc_groups WHERE id = $1").bind(id).fetch_optional(db.pool()).await?)
}

/// How many of `user_ids` hold one of `roles`.
pub async fn count_holding(db: &Db, user_ids: &[i64], roles: &[&str]) -> Result<i64> {
    if user_ids.is_empty() {
        return Ok(0);
    }
    let mut c = Conditions::new();
    c.push_in("user_id", user_ids);
    c.push_in_text("role", &roles.iter().map(|r| (*r).to_owned()).collect::<Vec<_>>());
    let (sql, args) = c.finish("SELECT COUNT(DISTINCT user_id) FROM user_roles WHERE 1 = 1", "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

/// A checked team to write.
pub struct GroupWrite<'a> {
    pub id: Option<i64>,
    pub name: &'a str,
    pub school_id: i64,
    pub remark: &'a str,
    pub members: &'a [i64],
    pub inspectors: &'a [i64],
}

/// Creates or replaces a team with its members (moved out of any other team) and inspectors.
pub async fn save(db: &Db, g: &GroupWrite<'_>, by: i64) -> Result<QcGroupRow> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let now = now_ms();
    let id = match g.id {
        Some(id) => {
            let changed = sqlx::query("UPDATE qc_groups SET name = $1, school_id = $2, remark = $3, updated_by = $4, updated_at = $5 WHERE id = $6")
                .bind(g.name)
                .bind(g.school_id)
                .bind(g.remark)
                .bind(by)
                .bind(now)
                .bind(id)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            if changed == 0 {
                return Err(StorageError::NotFound);
            }
            id
        }
        None => {
            sqlx::query_scalar("INSERT INTO qc_groups (name, school_id, remark, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5) RETURNING id")
                .bind(g.name)
                .bind(g.school_id)
                .bind(g.remark)
                .bind(by)
                .bind(now)
                .fetch_one(&mut *tx)
                .await?
        }
    };
    sqlx::query("DELETE FROM qc_group_members WHERE group_id = $1").bind(id).execute(&mut *tx).await?;
    for member in g.members {
        sqlx::query("DELETE FROM qc_group_members WHERE user_id = $1").bind(member).execute(&mut *tx).await?;
        sqlx::query("INSERT INTO qc_group_members (user_id, group_id) VALUES ($1, $2)").bind(member).bind(id).execute(&mut *tx).await?;
    }
    sqlx::query("DELETE FROM qc_group_inspectors WHERE group_id = $1").bind(id).execute(&mut *tx).await?;
    for inspector in g.inspectors {
        sqlx::query("INSERT INTO qc_group_inspectors (group_id, user_id) VALUES ($1, $2)").bind(id).bind(inspector).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    by_id(db, id).await
}

pub async fn delete(db: &Db, ids: &[i64]) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let mut gone = 0;
    for id in ids {
        sqlx::query("DELETE FROM qc_group_members WHERE group_id = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM qc_group_inspectors WHERE group_id = $1").bind(id).execute(&mut *tx).await?;
        gone += sqlx::query("DELETE FROM qc_groups WHERE id = $1").bind(id).execute(&mut *tx).await?.rows_affected() as i64;
    }
    tx.commit().await?;
    Ok(gone)
}
