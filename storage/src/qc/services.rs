//! Service types (serveConfig, `service/*`): what staff owe their students and how often, with
//! the form they fill. Deleting a type that has punch records hides it (the records keep their
//! name); one without records goes.

use protocol::constants::role;
use protocol::dictionary as dict;
use protocol::dto::qc::{FormField, ServiceSave, ServiceType};
use sqlx::FromRow;

use crate::reports::{Bind, Conditions};
use crate::{now_ms, Db, Result, StorageError};

#[derive(FromRow)]
struct Found {
    id: i64,
    name: String,
    icon: String,
    side: i64,
    role_codes: String,
    period_type: String,
    required_times: i64,
    form_fields: String,
    enabled: i64,
    sort_no: i64,
    updated_at: i64,
    punch_count: i64,
}

const SELECT: &str = "SELECT s.id, s.name, s.icon, s.side, s.role_codes, s.period_type, s.required_times, s.form_fields, s.enabled, s.sort_no, \
    s.updated_at, (SELECT COUNT(*) FROM service_punches p WHERE p.service_id = s.id) AS punch_count FROM qc_services s WHERE s.deleted = 0";

fn to_wire(f: Found) -> ServiceType {
    let role_codes: Vec<String> = f.role_codes.split(',').filter(|c| !c.is_empty()).map(str::to_owned).collect();
    ServiceType {
        id: f.id,
        role_names: role_codes.iter().map(|c| role::name(c).to_owned()).collect(),
        role_codes,
        name: f.name,
        icon: f.icon,
        side: f.side,
        side_desc: dict::name_of(&dict::SERVICE_SIDES, f.side).to_owned(),
        period_type_desc: dict::SERVICE_PERIOD_TYPES.iter().find(|(c, _)| *c == f.period_type).map(|(_, n)| *n).unwrap_or("").to_owned(),
        period_type: f.period_type,
        required_times: f.required_times,
        // Written by `save` from checked fields only.
        form_fields: serde_json::from_str(&f.form_fields).unwrap_or_default(),
        enabled: f.enabled == 1,
        sort_no: f.sort_no,
        punch_count: f.punch_count,
        updated_at: f.updated_at,
    }
}

/// Checks a service type as saved; the error names the field.
pub fn check(save: &ServiceSave) -> std::result::Result<(), String> {
    let name = save.name.trim();
    if name.is_empty() || name.chars().count() > 30 {
        return Err("name 必填，最多 30 字".into());
    }
    if !dict::SERVICE_ICONS.iter().any(|(code, _)| *code == save.icon) {
        return Err(format!("icon 不在图标列表中：{}", save.icon));
    }
    if !dict::SERVICE_SIDES.iter().any(|(code, _)| *code == save.side) {
        return Err(format!("side 只能是 0、1 或 2：{}", save.side));
    }
    if save.role_codes.is_empty() {
        return Err("roleCodes 至少选一个角色".into());
    }
    if let Some(bad) = save.role_codes.iter().find(|c| !role::ALL.contains(&c.as_str())) {
        return Err(format!("roleCodes 含未知角色：{bad}"));
    }
    if !dict::SERVICE_PERIOD_TYPES.iter().any(|(code, _)| *code == save.period_type) {
        return Err(format!("periodType 只能是 week、month 或 once：{}", save.period_type));
    }
    if !(1..=31).contains(&save.required_times) {
        return Err(format!("requiredTimes 必须在 1 到 31 之间：{}", save.required_times));
    }
    if !(0..=9999).contains(&save.sort_no) {
        return Err("sortNo 必须在 0 到 9999 之间".into());
    }
    check_fields(&save.form_fields)
}

fn check_fields(fields: &[FormField]) -> std::result::Result<(), String> {
    if fields.len() > 20 {
        return Err("formFields 最多 20 项".into());
    }
    let mut keys = std::collections::HashSet::new();
    for (i, field) in fields.iter().enumerate() {
        let at = format!("formFields[{i}]");
        let key_ok = !field.key.is_empty() && field.key.len() <= 40 && field.key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !key_ok {
            return Err(format!("{at}.key 只能由字母、数字和下划线组成（1-40 个）"));
        }
        if !keys.insert(field.key.as_str()) {
            return Err(format!("{at}.key 重复：{}", field.key));
        }
        if field.label.trim().is_empty() || field.label.chars().count() > 30 {
            return Err(format!("{at}.label 必填，最多 30 字"));
        }
        if !dict::FORM_FIELD_KINDS.iter().any(|(code, _)| *code == field.kind) {
            return Err(format!("{at}.kind 无效：{}", field.kind));
        }
        if field.kind == "select" && (field.options.is_empty() || field.options.len() > 30) {
            return Err(format!("{at}.options 单选需要 1 到 30 个选项"));
        }
        if field.options.iter().any(|o| o.trim().is_empty() || o.chars().count() > 50) {
            return Err(format!("{at}.options 的选项不能为空，最多 50 字"));
        }
    }
    Ok(())
}

/// Creates or replaces a checked service type; `NotFound` for an unknown or deleted id.
pub async fn save(db: &Db, save: &ServiceSave, by: i64) -> Result<ServiceType> {
    let fields = serde_json::to_string(&save.form_fields).map_err(|e| StorageError::Conflict(e.to_string()))?;
    let roles = save.role_codes.join(",");
    let now = now_ms();
    let id =
        match save.id {
            Some(id) => {
                let changed = sqlx::query(
                    "UPDATE qc_services SET name = $1, icon = $2, side = $3, role_codes = $4, period_type = $5, required_times = $6, form_fields = $7, \
                 enabled = $8, sort_no = $9, updated_by = $10, updated_at = $11 WHERE id = $12 AND deleted = 0",
                )
                .bind(save.name.trim())
                .bind(&save.icon)
                .bind(save.side)
                .bind(&roles)
                .bind(&save.period_type)
                .bind(save.required_times)
                .bind(&fields)
                .bind(save.enabled as i64)
                .bind(save.sort_no)
                .bind(by)
                .bind(now)
                .bind(id)
                .execute(db.pool())
                .await?
                .rows_affected();
                if changed == 0 {
                    return Err(StorageError::NotFound);
                }
                id
            }
            None => sqlx::query_scalar(
                "INSERT INTO qc_services (name, icon, side, role_codes, period_type, required_times, form_fields, enabled, sort_no, updated_by, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
            )
            .bind(save.name.trim())
            .bind(&save.icon)
            .bind(save.side)
            .bind(&roles)
            .bind(&save.period_type)
            .bind(save.required_times)
            .bind(&fields)
            .bind(save.enabled as i64)
            .bind(save.sort_no)
            .bind(by)
            .bind(now)
            .fetch_one(db.pool())
            .await?,
        };
    by_id(db, id).await
}

pub async fn by_id(db: &Db, id: i64) -> Result<ServiceType> {
    let found: Option<Found> = sqlx::query_as(&format!("{SELECT} AND s.id = $1")).bind(id).fetch_optional(db.pool()).await?;
    found.map(to_wire).ok_or(StorageError::NotFound)
}

/// Every service type, deleted ones included, by id: (name, icon) — punch records name theirs.
pub async fn names(db: &Db) -> Result<std::collections::HashMap<i64, (String, String)>> {
    let rows: Vec<(i64, String, String)> = sqlx::query_as("SELECT id, name, icon FROM qc_services").fetch_all(db.pool()).await?;
    Ok(rows.into_iter().map(|(id, name, icon)| (id, (name, icon))).collect())
}

/// A page of service types by keyword and enabled state, in their order; with the total.
pub async fn page(db: &Db, keyword: Option<&str>, enabled: Option<i64>, offset: i64, limit: i64) -> Result<(Vec<ServiceType>, i64)> {
    let mut c = Conditions::new();
    if let Some(k) = keyword {
        c.push_like("s.name", k);
    }
    if let Some(e) = enabled {
        c.push(" AND s.enabled = ", Bind::Int(e));
    }
    let (sql, args) = c.clone().finish("SELECT COUNT(*) FROM qc_services s WHERE s.deleted = 0", "");
    let total: i64 = sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?;
    let (sql, args) = c.finish(SELECT, &format!(" ORDER BY s.sort_no, s.id LIMIT {limit} OFFSET {offset}"));
    let found: Vec<Found> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok((found.into_iter().map(to_wire).collect(), total))
}

/// The enabled service types for a side (0/absent = any) and a role, in their order.
pub async fn by_condition(db: &Db, side: Option<i64>, role_code: Option<&str>) -> Result<Vec<ServiceType>> {
    let mut c = Conditions::new();
    c.sql.push_str(" AND s.enabled = 1");
    if let Some(side) = side.filter(|s| *s > 0) {
        c.push(" AND (s.side = 0 OR s.side = ", Bind::Int(side));
        c.sql.push(')');
    }
    let (sql, args) = c.finish(SELECT, " ORDER BY s.sort_no, s.id");
    let found: Vec<Found> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(found.into_iter().map(to_wire).filter(|s| role_code.is_none_or(|r| s.role_codes.iter().any(|c| c == r))).collect())
}

/// Deletes a service type: gone if it has no punch records, else hidden.
pub async fn delete(db: &Db, id: i64, by: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let used: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM service_punches WHERE service_id = $1").bind(id).fetch_one(&mut *tx).await?;
    let changed = if used == 0 {
        sqlx::query("DELETE FROM qc_services WHERE id = $1 AND deleted = 0").bind(id).execute(&mut *tx).await?.rows_affected()
    } else {
        sqlx::query("UPDATE qc_services SET deleted = 1, enabled = 0, updated_by = $1, updated_at = $2 WHERE id = $3 AND deleted = 0")
            .bind(by)
            .bind(now_ms())
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected()
    };
    if changed == 0 {
        return Err(StorageError::NotFound);
    }
    tx.commit().await?;
    Ok(())
}
