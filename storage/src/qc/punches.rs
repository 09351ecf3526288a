//! Service punch records (`qc/service/*`, `taskDetail`, `tag/*`): listed within the caller's
//! scope, read one by one with everything written and every check, deleted, and written in bulk
//! by the generator and imports.

use protocol::constants::role;
use protocol::dictionary as dict;
use protocol::dto::qc::{FormField, FormValue, PunchDetail, ServicePunchRow, TagRow};
use sqlx::{Any, FromRow, Transaction};

use super::PunchFilter;
use crate::datacentre::filter::{push_filter, push_scope, Filter, Scope};
use crate::datacentre::subject_name;
use crate::reports::{Bind, Conditions};
use crate::{Db, Result, StorageError};

pub const SORTABLE: &[(&str, &str)] = &[("punchTime", "p.punched_at"), ("lastQcTime", "p.last_qc_at")];
const DEFAULT_ORDER: &str = "p.punched_at DESC, p.id DESC";
const EXCERPT_CHARS: usize = 120;

fn rows_of(scope: &Scope, f: &Filter, pf: &PunchFilter, now: i64) -> Conditions {
    let mut c = Conditions::new();
    c.sql.push_str("FROM service_punches p WHERE 1 = 1");
    push_scope(&mut c, "p", scope);
    push_filter(&mut c, "p", "punched_at", f, now);
    pf.push(&mut c, "p");
    c
}

pub async fn count(db: &Db, scope: &Scope, f: &Filter, pf: &PunchFilter, now: i64) -> Result<i64> {
    let (sql, args) = rows_of(scope, f, pf, now).finish("SELECT COUNT(*) ", "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

#[derive(FromRow)]
struct Found {
    id: i64,
    punched_at: i64,
    teacher_id: i64,
    operator: String,
    operator_email: String,
    role_code: String,
    service_id: i64,
    service_name: String,
    service_icon: String,
    channel: i64,
    tag: String,
    student_id: i64,
    student_code: String,
    student_name: String,
    class_name: String,
    school_id: i64,
    school_name: String,
    subject: i64,
    content: String,
    check_status: i64,
    result_status: i64,
    classic_case: i64,
    last_qc_at: i64,
    last_qc_by: String,
}

const JOINS: &str = "FROM service_punches p JOIN users u ON u.id = p.teacher_id JOIN students s ON s.id = p.student_id \
    JOIN qc_services sv ON sv.id = p.service_id LEFT JOIN qc_tags t ON t.id = p.tag_id LEFT JOIN classes c ON c.id = p.class_id \
    LEFT JOIN schools sc ON sc.id = p.school_id LEFT JOIN users q ON q.id = p.last_qc_by";
const SELECT: &str = "SELECT p.id, p.punched_at, p.teacher_id, u.name AS operator, u.email AS operator_email, p.role_code, p.service_id, \
    sv.name AS service_name, sv.icon AS service_icon, p.channel, COALESCE(t.name, '') AS tag, p.student_id, s.code AS student_code, \
    s.name AS student_name, COALESCE(c.name, '') AS class_name, p.school_id, COALESCE(sc.name, '') AS school_name, p.subject, p.content, p.check_status, \
    p.result_status, p.classic_case, p.last_qc_at, COALESCE(q.name, '') AS last_qc_by ";

fn to_wire(r: Found) -> ServicePunchRow {
    ServicePunchRow {
        punch_id: r.id,
        punch_time: r.punched_at,
        punch_operator: r.operator,
        operator_id: r.teacher_id,
        operator_email: r.operator_email,
        role_name: role::name(&r.role_code).to_owned(),
        service_id: r.service_id,
        service_type_name: r.service_name,
        service_icon: r.service_icon,
        punch_channel: dict::name_of(&dict::PUNCH_CHANNELS, r.channel).to_owned(),
        submission_tag: r.tag,
        student_id: r.student_id,
        student_code: r.student_code,
        student_name: r.student_name,
        class_name: r.class_name,
        school_id: r.school_id,
        school_name: r.school_name,
        subject_name: subject_name(r.subject),
        content_excerpt: r.content.chars().take(EXCERPT_CHARS).collect(),
        check_status: r.check_status,
        check_status_desc: dict::name_of(&dict::QC_CHECK_STATUSES, r.check_status).to_owned(),
        result_status: r.result_status,
        result_status_desc: if r.result_status == dict::QC_RESULT_NONE {
            String::new()
        } else {
            dict::name_of(&dict::QC_RESULT_STATUSES, r.result_status).to_owned()
        },
        classic_case: r.classic_case == 1,
        last_qc_time: r.last_qc_at,
        last_qc_operator: r.last_qc_by,
    }
}

pub async fn page(db: &Db, scope: &Scope, f: &Filter, pf: &PunchFilter, now: i64, offset: i64, limit: i64) -> Result<Vec<ServicePunchRow>> {
    let mut c = rows_of(scope, f, pf, now);
    c.sql = c.sql.replacen("FROM service_punches p", JOINS, 1);
    let order = f.order_by(SORTABLE, DEFAULT_ORDER);
    let (sql, args) = c.finish(SELECT, &format!(" ORDER BY {order} LIMIT {limit} OFFSET {offset}"));
    let found: Vec<Found> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(found.into_iter().map(to_wire).collect())
}

/// One punch record as listed; `NotFound` when missing.
pub async fn row(db: &Db, id: i64) -> Result<ServicePunchRow> {
    let found: Option<Found> = sqlx::query_as(&format!("{SELECT}{JOINS} WHERE p.id = $1")).bind(id).fetch_optional(db.pool()).await?;
    found.map(to_wire).ok_or(StorageError::NotFound)
}

/// Whether the punch record exists within `scope` (the resource rule of every single-record call).
pub async fn in_scope(db: &Db, id: i64, scope: &Scope) -> Result<bool> {
    let mut c = Conditions::new();
    c.push("FROM service_punches p WHERE p.id = ", Bind::Int(id));
    push_scope(&mut c, "p", scope);
    let (sql, args) = c.finish("SELECT COUNT(*) ", "");
    let n: i64 = sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?;
    Ok(n > 0)
}

/// What the pre-check and a check need of a punch.
#[derive(Debug, Clone, FromRow)]
pub struct Facts {
    pub id: i64,
    pub service_id: i64,
    pub student_id: i64,
    pub school_id: i64,
    pub punched_at: i64,
    pub content: String,
    pub form_values: String,
}

pub async fn facts(db: &Db, id: i64) -> Result<Facts> {
    sqlx::query_as("SELECT id, service_id, student_id, school_id, punched_at, content, form_values FROM service_punches WHERE id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?
        .ok_or(StorageError::NotFound)
}

/// Punch times of the same service for the same student within `window_ms` of `at`, other
/// than the punch itself.
pub async fn neighbours(db: &Db, facts: &Facts, window_ms: i64) -> Result<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT punched_at FROM service_punches WHERE student_id = $1 AND service_id = $2 AND id <> $3 AND punched_at > $4 AND punched_at < $5 ORDER BY punched_at",
    )
    .bind(facts.student_id)
    .bind(facts.service_id)
    .bind(facts.id)
    .bind(facts.punched_at - window_ms)
    .bind(facts.punched_at + window_ms)
    .fetch_all(db.pool())
    .await?)
}

/// The form values of a punch in the order of its service's form (keys the form no longer has
/// follow, under their key).
pub fn form_values(stored: &str, fields: &[FormField]) -> Vec<FormValue> {
    // Written by the generator and imports as a JSON object of strings.
    let map: serde_json::Map<String, serde_json::Value> = serde_json::from_str(stored).unwrap_or_default();
    let text = |v: &serde_json::Value| v.as_str().map(str::to_owned).unwrap_or_else(|| v.to_string());
    let mut out: Vec<FormValue> =
        fields.iter().map(|f| FormValue { key: f.key.clone(), label: f.label.clone(), value: map.get(&f.key).map(text).unwrap_or_default() }).collect();
    for (key, value) in &map {
        if !fields.iter().any(|f| &f.key == key) {
            out.push(FormValue { key: key.clone(), label: key.clone(), value: text(value) });
        }
    }
    out
}

/// The detail of the punch whose `facts` were read, with its service's form `fields`.
pub async fn detail(db: &Db, facts: Facts, fields: &[FormField]) -> Result<PunchDetail> {
    let punch = row(db, facts.id).await?;
    Ok(PunchDetail {
        punch,
        form_values: form_values(&facts.form_values, fields),
        content: facts.content,
        reviews: super::reviews::of_punch(db, facts.id).await?,
    })
}

/// Deletes a punch record and its checks.
pub async fn delete(db: &Db, id: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    sqlx::query("DELETE FROM qc_reviews WHERE punch_id = $1").bind(id).execute(&mut *tx).await?;
    if sqlx::query("DELETE FROM service_punches WHERE id = $1").bind(id).execute(&mut *tx).await?.rows_affected() == 0 {
        return Err(StorageError::NotFound);
    }
    tx.commit().await?;
    Ok(())
}

/// Submission tags with how many punches carry each, by name.
pub async fn tags(db: &Db) -> Result<Vec<TagRow>> {
    let rows: Vec<(i64, String, i64)> =
        sqlx::query_as("SELECT t.id, t.name, (SELECT COUNT(*) FROM service_punches p WHERE p.tag_id = t.id) FROM qc_tags t ORDER BY t.name, t.id")
            .fetch_all(db.pool())
            .await?;
    Ok(rows.into_iter().map(|(id, name, use_count)| TagRow { id, name, use_count }).collect())
}

/// Deletes a tag; the punches that carried it keep no tag.
pub async fn delete_tag(db: &Db, id: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    sqlx::query("UPDATE service_punches SET tag_id = 0 WHERE tag_id = $1").bind(id).execute(&mut *tx).await?;
    if sqlx::query("DELETE FROM qc_tags WHERE id = $1").bind(id).execute(&mut *tx).await?.rows_affected() == 0 {
        return Err(StorageError::NotFound);
    }
    tx.commit().await?;
    Ok(())
}

/// The id of the tag named `name`, created if new.
pub async fn tag_id(tx: &mut Transaction<'_, Any>, name: &str, now: i64) -> Result<i64> {
    if let Some(id) = sqlx::query_scalar("SELECT id FROM qc_tags WHERE name = $1").bind(name).fetch_optional(&mut **tx).await? {
        return Ok(id);
    }
    Ok(sqlx::query_scalar("INSERT INTO qc_tags (name, created_at) VALUES ($1, $2) RETURNING id").bind(name).bind(now).fetch_one(&mut **tx).await?)
}

/// A punch record to write, with its lesson facts.
#[derive(Debug, Clone)]
pub struct NewPunch {
    pub id: i64,
    pub service_id: i64,
    pub student_id: i64,
    pub class_id: i64,
    pub teacher_id: i64,
    pub role_code: String,
    pub school_id: i64,
    pub area_code: String,
    pub subject: i64,
    pub grade_code: i64,
    pub class_type: i64,
    pub punched_at: i64,
    pub channel: i64,
    pub content: String,
    pub form_values: String,
    pub tag_id: i64,
    pub check_status: i64,
    pub result_status: i64,
    pub classic_case: i64,
    pub last_qc_at: i64,
    pub last_qc_by: i64,
}

/// A check to write with its punch.
#[derive(Debug, Clone)]
pub struct NewReview {
    pub id: i64,
    pub punch_id: i64,
    pub inspector_id: i64,
    pub result_status: i64,
    pub classic_case: i64,
    pub comment: String,
    pub created_at: i64,
}

pub async fn insert(tx: &mut Transaction<'_, Any>, punches: &[NewPunch]) -> Result<()> {
    crate::datacentre::records::insert_rows(
        tx,
        "service_punches",
        &[
            "id",
            "service_id",
            "student_id",
            "class_id",
            "teacher_id",
            "role_code",
            "school_id",
            "area_code",
            "subject",
            "grade_code",
            "class_type",
            "punched_at",
            "channel",
            "content",
            "form_values",
            "tag_id",
            "check_status",
            "result_status",
            "classic_case",
            "last_qc_at",
            "last_qc_by",
        ],
        punches.iter().map(|p| {
            vec![
                Bind::Int(p.id),
                Bind::Int(p.service_id),
                Bind::Int(p.student_id),
                Bind::Int(p.class_id),
                Bind::Int(p.teacher_id),
                Bind::Text(p.role_code.clone()),
                Bind::Int(p.school_id),
                Bind::Text(p.area_code.clone()),
                Bind::Int(p.subject),
                Bind::Int(p.grade_code),
                Bind::Int(p.class_type),
                Bind::Int(p.punched_at),
                Bind::Int(p.channel),
                Bind::Text(p.content.clone()),
                Bind::Text(p.form_values.clone()),
                Bind::Int(p.tag_id),
                Bind::Int(p.check_status),
                Bind::Int(p.result_status),
                Bind::Int(p.classic_case),
                Bind::Int(p.last_qc_at),
                Bind::Int(p.last_qc_by),
            ]
        }),
    )
    .await
}

pub async fn insert_reviews(tx: &mut Transaction<'_, Any>, reviews: &[NewReview]) -> Result<()> {
    crate::datacentre::records::insert_rows(
        tx,
        "qc_reviews",
        &["id", "punch_id", "inspector_id", "result_status", "classic_case", "comment", "source", "created_at"],
        reviews.iter().map(|r| {
            vec![
                Bind::Int(r.id),
                Bind::Int(r.punch_id),
                Bind::Int(r.inspector_id),
                Bind::Int(r.result_status),
                Bind::Int(r.classic_case),
                Bind::Text(r.comment.clone()),
                Bind::Text("single".into()),
                Bind::Int(r.created_at),
            ]
        }),
    )
    .await
}
