//! The feedback reports the caller writes: theirs and those shared with them (members of the
//! report's document), the reports still due, and the colleagues a document can be shared with.

use protocol::dto::teaching::{Colleague, DueReportRow, MyReportRow};
use sqlx::FromRow;

use super::report_stage;
use crate::datacentre::calendar::DAY_MS;
use crate::reports::{Bind, Conditions};
use crate::{Db, Result};

#[derive(Debug, Clone, Default)]
pub struct ReportQuery {
    /// A `REPORT_STAGES` key.
    pub stage: Option<String>,
    pub keyword: Option<String>,
    /// Lessons starting in `[from, to)`.
    pub from: Option<i64>,
    pub to: Option<i64>,
    pub student_id: Option<i64>,
}

/// `AND` the report aliased `r` is in the stage `key` (as [`report_stage`] names it); `false`
/// for an unknown key.
fn push_stage(c: &mut Conditions, key: &str) -> bool {
    let condition = match key {
        "opened" => " AND r.opened_at IS NOT NULL",
        "sent" => " AND r.opened_at IS NULL AND r.exported_at IS NOT NULL",
        "submitted" => " AND r.opened_at IS NULL AND r.exported_at IS NULL AND r.status = 2",
        "confirmed" => " AND r.opened_at IS NULL AND r.exported_at IS NULL AND r.status = 1",
        "draft" => " AND r.opened_at IS NULL AND r.exported_at IS NULL AND r.status = 0",
        _ => return false,
    };
    c.sql.push_str(condition);
    true
}

#[derive(FromRow)]
struct ReportFacts {
    id: i64,
    lesson_id: i64,
    lesson_title: String,
    lesson_start: i64,
    class_name: String,
    student_id: i64,
    student_name: String,
    student_code: String,
    teacher_id: i64,
    teacher_name: String,
    member_can_edit: Option<i64>,
    status: i64,
    submitted_at: Option<i64>,
    exported_at: Option<i64>,
    opened_at: Option<i64>,
    updated_at: i64,
    expire_at: i64,
}

/// A page of the reports `user_id` owns or is a member of, latest lesson first, with the
/// total; `None` for an unknown stage.
pub async fn page(db: &Db, user_id: i64, query: &ReportQuery, page_no: i64, page_size: i64) -> Result<Option<(Vec<MyReportRow>, i64)>> {
    let mut c = Conditions::new();
    c.sql.push_str(&format!(
        " AND (r.teacher_id = {user_id} OR r.id IN (SELECT d.ref_id FROM documents d JOIN document_members m ON m.doc_key = d.doc_key \
         WHERE d.doc_type = 'feedback' AND m.user_id = {user_id}))"
    ));
    if let Some(stage) = &query.stage {
        if !push_stage(&mut c, stage) {
            return Ok(None);
        }
    }
    if let Some(keyword) = &query.keyword {
        c.push_like_any(&["s.name", "s.code", "cl.name", "l.title"], keyword);
    }
    c.push_range("l.start_at", query.from, query.to);
    if let Some(student) = query.student_id {
        c.push(" AND r.student_id = ", Bind::Int(student));
    }
    let from = "FROM feedback_reports r JOIN students s ON s.id = r.student_id JOIN lessons l ON l.id = r.lesson_id JOIN classes cl ON cl.id = l.class_id \
        JOIN users u ON u.id = r.teacher_id WHERE 1 = 1";
    let (count_sql, count_args) = c.clone().finish(&format!("SELECT COUNT(*) {from}"), "");
    let total: i64 = sqlx::query_scalar_with(&count_sql, count_args).fetch_one(db.pool()).await?;
    let select = format!(
        "SELECT r.id, r.lesson_id, l.title AS lesson_title, l.start_at AS lesson_start, cl.name AS class_name, r.student_id, s.name AS student_name, \
         s.code AS student_code, r.teacher_id, u.name AS teacher_name, \
         (SELECT m.can_edit FROM document_members m WHERE m.doc_key = 'feedback/' || CAST(r.id AS TEXT) AND m.user_id = {user_id}) AS member_can_edit, \
         r.status, r.submitted_at, r.exported_at, r.opened_at, r.updated_at, r.expire_at {from}"
    );
    let (sql, args) = c.finish(&select, &format!(" ORDER BY l.start_at DESC, r.id DESC LIMIT {page_size} OFFSET {}", (page_no - 1).max(0) * page_size));
    let rows: Vec<ReportFacts> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(Some((
        rows.into_iter()
            .map(|r| {
                let (stage, stage_name) = report_stage(r.status, r.exported_at, r.opened_at);
                let owner = r.teacher_id == user_id;
                MyReportRow {
                    report_id: r.id,
                    lesson_id: r.lesson_id,
                    lesson_title: r.lesson_title,
                    lesson_start_time: r.lesson_start,
                    class_name: r.class_name,
                    student_id: r.student_id,
                    student_name: r.student_name,
                    student_code: r.student_code,
                    teacher_name: r.teacher_name,
                    owner,
                    can_edit: owner || r.member_can_edit.unwrap_or(0) != 0,
                    stage: stage.to_owned(),
                    stage_name: stage_name.to_owned(),
                    submitted_time: r.submitted_at.unwrap_or(0),
                    sent_time: r.exported_at.unwrap_or(0),
                    opened_time: r.opened_at.unwrap_or(0),
                    update_time: r.updated_at,
                    expire_time: r.expire_at,
                }
            })
            .collect(),
        total,
    )))
}

/// Students present (or late) at the teacher's held lessons of the last `days` days before
/// `now` whose report is not submitted: the conditions after `FROM`.
fn due_from(teacher_id: i64, now: i64, days: i64) -> String {
    format!(
        "FROM attendance a JOIN lessons l ON l.id = a.lesson_id JOIN classes cl ON cl.id = a.class_id JOIN students s ON s.id = a.student_id \
         LEFT JOIN feedback_reports r ON r.lesson_id = a.lesson_id AND r.student_id = a.student_id \
         WHERE a.teacher_id = {teacher_id} AND a.start_at >= {} AND a.start_at < {now} AND a.status IN (1, 2) AND (r.id IS NULL OR r.status < 2)",
        now - days * DAY_MS
    )
}

/// How many reports the teacher still owes (see [`due_from`]).
pub async fn due_count(db: &Db, teacher_id: i64, now: i64, days: i64) -> Result<i64> {
    Ok(sqlx::query_scalar(&format!("SELECT COUNT(*) {}", due_from(teacher_id, now, days))).fetch_one(db.pool()).await?)
}

#[derive(FromRow)]
struct DueFacts {
    lesson_id: i64,
    title: String,
    start_at: i64,
    class_name: String,
    student_id: i64,
    student_name: String,
    student_code: String,
    report_id: Option<i64>,
    status: Option<i64>,
}

/// A page of the reports the teacher still owes, latest lesson first, with the total.
pub async fn due_page(db: &Db, teacher_id: i64, now: i64, days: i64, page_no: i64, page_size: i64) -> Result<(Vec<DueReportRow>, i64)> {
    let from = due_from(teacher_id, now, days);
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {from}")).fetch_one(db.pool()).await?;
    let rows: Vec<DueFacts> = sqlx::query_as(&format!(
        "SELECT a.lesson_id, l.title, a.start_at, cl.name AS class_name, s.id AS student_id, s.name AS student_name, s.code AS student_code, \
         r.id AS report_id, r.status {from} ORDER BY a.start_at DESC, s.code LIMIT $1 OFFSET $2"
    ))
    .bind(page_size)
    .bind((page_no - 1).max(0) * page_size)
    .fetch_all(db.pool())
    .await?;
    Ok((
        rows.into_iter()
            .map(|r| {
                let (stage, stage_name) = r.status.map(|s| report_stage(s, None, None)).unwrap_or(("", "未开始"));
                DueReportRow {
                    lesson_id: r.lesson_id,
                    lesson_title: r.title,
                    lesson_start_time: r.start_at,
                    class_name: r.class_name,
                    student_id: r.student_id,
                    student_name: r.student_name,
                    student_code: r.student_code,
                    report_id: r.report_id.unwrap_or(0),
                    stage: stage.to_owned(),
                    stage_name: stage_name.to_owned(),
                }
            })
            .collect(),
        total,
    ))
}

/// Up to `limit` staff of the user's schools (not the user), by name, whose name or e-mail
/// holds `keyword`, with their schools' names.
pub async fn colleagues(db: &Db, user_id: i64, keyword: Option<&str>, limit: i64) -> Result<Vec<Colleague>> {
    let mut c = Conditions::new();
    c.sql.push_str(&format!(
        " AND u.id <> {user_id} AND u.id IN (SELECT us.user_id FROM user_schools us WHERE us.school_id IN (SELECT school_id FROM user_schools WHERE user_id = {user_id}))"
    ));
    if let Some(keyword) = keyword {
        c.push_like_any(&["u.name", "u.email"], keyword);
    }
    let (sql, args) = c.finish("SELECT u.id, u.email, u.name FROM users u WHERE 1 = 1", &format!(" ORDER BY u.name, u.email LIMIT {limit}"));
    let users: Vec<(i64, String, String)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    if users.is_empty() {
        return Ok(Vec::new());
    }
    // Their schools among the user's, in one query.
    let listed = users.iter().map(|u| u.0.to_string()).collect::<Vec<_>>().join(", ");
    let schools: Vec<(i64, String)> = sqlx::query_as(&format!(
        "SELECT us.user_id, sc.name FROM user_schools us JOIN schools sc ON sc.id = us.school_id WHERE us.user_id IN ({listed}) \
         AND us.school_id IN (SELECT school_id FROM user_schools WHERE user_id = $1) ORDER BY us.user_id, sc.id"
    ))
    .bind(user_id)
    .fetch_all(db.pool())
    .await?;
    let out = users
        .into_iter()
        .map(|(id, email, name)| Colleague { email, name, school_names: schools.iter().filter(|s| s.0 == id).map(|s| s.1.clone()).collect() })
        .collect();
    Ok(out)
}
