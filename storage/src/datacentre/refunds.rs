//! Refund details (02 §3.2, §7.3): class places and one-on-one lessons refunded.

use protocol::dictionary as dict;
use protocol::dto::datacentre::RefundRow;
use sqlx::FromRow;

use super::filter::{push_filter, push_scope, Filter, Scope};
use super::{subject_name, yuan, Side};
use crate::reports::Conditions;
use crate::{Db, Result};

pub const SORTABLE: &[(&str, &str)] = &[("refundTimestamp", "r.refunded_at"), ("refundAmount", "r.amount"), ("refundLessonTotal", "r.lesson_total")];
const DEFAULT_ORDER: &str = "r.refunded_at DESC, r.id DESC";

fn rows_of(side: Side, scope: &Scope, f: &Filter, now: i64) -> Conditions {
    let mut c = Conditions::new();
    c.sql.push_str("FROM refunds r WHERE 1 = 1");
    c.sql.push_str(&side.condition("r"));
    push_scope(&mut c, "r", scope);
    push_filter(&mut c, "r", "refunded_at", f, now);
    c
}

pub async fn count(db: &Db, side: Side, scope: &Scope, f: &Filter, now: i64) -> Result<i64> {
    let (sql, args) = rows_of(side, scope, f, now).finish("SELECT COUNT(*) ", "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

/// (refunds, fen refunded).
pub async fn totals(db: &Db, side: Side, scope: &Scope, f: &Filter, now: i64) -> Result<(i64, i64)> {
    let (sql, args) = rows_of(side, scope, f, now).finish(&format!("SELECT COUNT(*), {} ", super::sum("r.amount")), "");
    Ok(sqlx::query_as_with(&sql, args).fetch_one(db.pool()).await?)
}

#[derive(FromRow)]
struct Found {
    id: i64,
    student_code: String,
    student_name: String,
    school_name: String,
    area_name: String,
    subject: i64,
    class_code: String,
    class_name: String,
    package_code: String,
    teacher: String,
    refunded_at: i64,
    amount: i64,
    lesson_total: i64,
    reason_type: i64,
    reason: String,
    reason_detail: String,
    class_start_at: i64,
    leave_lesson_no: i64,
}

pub async fn page(db: &Db, side: Side, scope: &Scope, f: &Filter, now: i64, offset: i64, limit: i64) -> Result<Vec<RefundRow>> {
    let mut c = rows_of(side, scope, f, now);
    c.sql = c.sql.replacen(
        "FROM refunds r",
        "FROM refunds r JOIN students s ON s.id = r.student_id JOIN users u ON u.id = r.teacher_id LEFT JOIN classes c ON c.id = r.class_id \
         LEFT JOIN lesson_packages p ON p.id = r.package_id LEFT JOIN schools sc ON sc.id = r.school_id LEFT JOIN areas ar ON ar.code = r.area_code",
        1,
    );
    let select = "SELECT r.id, s.code AS student_code, s.name AS student_name, COALESCE(sc.name, '') AS school_name, COALESCE(ar.name, '') AS area_name, \
         r.subject, COALESCE(c.code, '') AS class_code, COALESCE(c.name, '') AS class_name, COALESCE(p.code, '') AS package_code, u.name AS teacher, \
         r.refunded_at, r.amount, r.lesson_total, r.reason_type, r.reason, r.reason_detail, r.class_start_at, r.leave_lesson_no ";
    let order = f.order_by(SORTABLE, DEFAULT_ORDER);
    let (sql, args) = c.finish(select, &format!(" ORDER BY {order} LIMIT {limit} OFFSET {offset}"));
    let found: Vec<Found> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(found
        .into_iter()
        .map(|r| RefundRow {
            refund_id: r.id,
            student_code: r.student_code,
            student_name: r.student_name,
            school_name: r.school_name,
            area_name: r.area_name,
            subject_name: subject_name(r.subject),
            class_code: r.class_code,
            class_name: r.class_name,
            package_code: r.package_code,
            teacher: r.teacher,
            refund_timestamp: r.refunded_at,
            refund_amount: yuan(r.amount),
            refund_lesson_total: r.lesson_total,
            refund_reason: r.reason,
            refund_reason_detail: r.reason_detail,
            refund_reason_desc: dict::name_of(&dict::REFUND_REASON_TYPES, r.reason_type).to_owned(),
            refund_reason_type: r.reason_type,
            class_start_timestamp: r.class_start_at,
            leave_lessson_no: r.leave_lesson_no,
        })
        .collect())
}
