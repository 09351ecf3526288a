//! Attendance details (02 §3.2, §7.3): one row per student per held lesson.

use protocol::dictionary as dict;
use protocol::dto::datacentre::AttendanceRow;
use sqlx::FromRow;

use super::filter::{push_filter, push_lesson_minutes, push_scope, Filter, Scope};
use super::{subject_name, Side};
use crate::reports::Conditions;
use crate::{Db, Result};

/// The columns the server sorts by: (prop, SQL).
pub const SORTABLE: &[(&str, &str)] =
    &[("classTime", "a.start_at"), ("clockInTimestamp", "a.clock_in_at"), ("oneLessonMinutes", "a.minutes"), ("studentCode", "s.code")];
const DEFAULT_ORDER: &str = "a.start_at DESC, a.lesson_id, a.student_id";

fn rows_of(side: Side, scope: &Scope, f: &Filter, now: i64) -> Conditions {
    let mut c = Conditions::new();
    c.sql.push_str("FROM attendance a JOIN students s ON s.id = a.student_id WHERE 1 = 1");
    c.sql.push_str(&side.condition("a"));
    push_scope(&mut c, "a", scope);
    push_filter(&mut c, "a", "start_at", f, now);
    push_lesson_minutes(&mut c, "a", f);
    c
}

pub async fn count(db: &Db, side: Side, scope: &Scope, f: &Filter, now: i64) -> Result<i64> {
    // Every attendance row has its student (a foreign key): the count reads attendance alone,
    // from its covering index (docs/benchmarks.md).
    let mut c = rows_of(side, scope, f, now);
    c.sql = c.sql.replacen("FROM attendance a JOIN students s ON s.id = a.student_id", "FROM attendance a", 1);
    let (sql, args) = c.finish("SELECT COUNT(*) ", "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

#[derive(FromRow)]
struct Found {
    lesson_id: i64,
    student_code: String,
    student_name: String,
    school_name: String,
    area_name: String,
    subject: i64,
    start_at: i64,
    minutes: i64,
    status: i64,
    clock_in_at: Option<i64>,
    leave_status: i64,
    lesson_type: i64,
    class_code: String,
    class_name: String,
    teacher: String,
    package_code: String,
}

/// Rows `offset..offset + limit` in the asked order.
pub async fn page(db: &Db, side: Side, scope: &Scope, f: &Filter, now: i64, offset: i64, limit: i64) -> Result<Vec<AttendanceRow>> {
    let mut c = rows_of(side, scope, f, now);
    // The names are joined after the page is cut.
    let select = "SELECT a.lesson_id, s.code AS student_code, s.name AS student_name, COALESCE(sc.name, '') AS school_name, \
         COALESCE(ar.name, '') AS area_name, a.subject, a.start_at, a.minutes, a.status, a.clock_in_at, a.leave_status, a.lesson_type, \
         c.code AS class_code, c.name AS class_name, u.name AS teacher, COALESCE(p.code, '') AS package_code ";
    c.sql = c.sql.replacen(
        "FROM attendance a JOIN students s ON s.id = a.student_id",
        "FROM attendance a JOIN students s ON s.id = a.student_id JOIN classes c ON c.id = a.class_id JOIN users u ON u.id = a.teacher_id \
         LEFT JOIN schools sc ON sc.id = a.school_id LEFT JOIN areas ar ON ar.code = a.area_code LEFT JOIN lesson_packages p ON p.id = a.package_id",
        1,
    );
    let order = f.order_by(SORTABLE, DEFAULT_ORDER);
    let (sql, args) = c.finish(select, &format!(" ORDER BY {order} LIMIT {limit} OFFSET {offset}"));
    let found: Vec<Found> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(found.into_iter().map(to_row).collect())
}

fn to_row(r: Found) -> AttendanceRow {
    AttendanceRow {
        student_code: r.student_code,
        student_name: r.student_name,
        school_name: r.school_name,
        area_name: r.area_name,
        subject_name: subject_name(r.subject),
        class_time: r.start_at,
        class_time_desc: super::lesson_span(r.start_at, r.minutes),
        attendance_status: r.status,
        attendance_status_desc: dict::name_of(&dict::ATTENDANCE_STATUSES, r.status).to_owned(),
        one_lesson_minutes: r.minutes,
        clock_in_timestamp: r.clock_in_at.unwrap_or(0),
        leave_status_desc: dict::name_of(&dict::LEAVE_STATUSES, r.leave_status).to_owned(),
        lesson_type_desc: dict::name_of(&dict::LESSON_TYPES, r.lesson_type).to_owned(),
        lesson_id: r.lesson_id,
        class_code: r.class_code,
        class_name: r.class_name,
        teacher: r.teacher,
        lesson_package_code: r.package_code,
    }
}
