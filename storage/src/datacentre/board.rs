//! The data board (02 §7.4): class and one-on-one overviews, one-on-one students and their
//! states, stay rates and the course trend.

use protocol::dto::datacentre::{ClassOverview, CourseTrendPoint, StayRate, VipOverview, VipStudentRow, VipStudentStat};
use sqlx::FromRow;
use time::Date;

use super::calendar::{self, day_start_ms, format_day, DAY_MS};
use super::filter::{push_dimensions, push_filter, push_lesson_minutes, push_scope, Filter, Scope};
use super::{rate, refunds, sum, yuan, Side};
use crate::reports::{Bind, Conditions};
use crate::{Db, Result};

/// Attended = present or late.
const ATTENDED: &str = "a.status IN (1, 2)";

fn attendance_of(side: Side, scope: &Scope, f: &Filter, now: i64) -> Conditions {
    let mut c = Conditions::new();
    c.sql.push_str("FROM attendance a WHERE 1 = 1");
    c.sql.push_str(&side.condition("a"));
    push_scope(&mut c, "a", scope);
    push_filter(&mut c, "a", "start_at", f, now);
    push_lesson_minutes(&mut c, "a", f);
    c
}

pub async fn class_overview(db: &Db, scope: &Scope, f: &Filter, now: i64) -> Result<ClassOverview> {
    let (sql, args) = attendance_of(Side::Class, scope, f, now).finish(
        &format!(
            "SELECT COUNT(DISTINCT a.class_id), COUNT(DISTINCT a.student_id), COUNT(DISTINCT a.lesson_id), COUNT(*), {}, {} ",
            sum(&format!("CASE WHEN {ATTENDED} THEN 1 ELSE 0 END")),
            sum("CASE WHEN a.status = 4 THEN 1 ELSE 0 END")
        ),
        "",
    );
    let (classes, students, lessons, expected, attended, leave): (i64, i64, i64, i64, i64, i64) = sqlx::query_as_with(&sql, args).fetch_one(db.pool()).await?;
    // Students who joined a class in the period (class facts as on attendance rows).
    let mut c = Conditions::new();
    c.sql.push_str(
        "FROM (SELECT m.student_id, m.joined_at, c.class_type, c.teacher_id, c.school_id, c.area_code, c.subject, c.grade_code, c.product_type, \
         c.product_group, c.manage_project FROM class_students m JOIN classes c ON c.id = m.class_id) j WHERE 1 = 1",
    );
    c.sql.push_str(&Side::Class.condition("j"));
    push_scope(&mut c, "j", scope);
    push_filter(&mut c, "j", "joined_at", f, now);
    let (sql, args) = c.finish("SELECT COUNT(DISTINCT j.student_id) ", "");
    let new_students: i64 = sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?;
    let (refund_count, refund_fen) = refunds::totals(db, Side::Class, scope, f, now).await?;
    Ok(ClassOverview {
        class_count: classes,
        student_count: students,
        lesson_count: lessons,
        expected_count: expected,
        attended_count: attended,
        attendance_rate: rate(attended, expected),
        leave_count: leave,
        new_student_count: new_students,
        refund_count,
        refund_amount: yuan(refund_fen),
    })
}

pub async fn vip_overview(db: &Db, scope: &Scope, f: &Filter, now: i64) -> Result<VipOverview> {
    let (sql, args) = attendance_of(Side::Vip, scope, f, now).finish(
        &format!(
            "SELECT COUNT(DISTINCT a.student_id), COUNT(DISTINCT a.teacher_id), COUNT(DISTINCT a.lesson_id), COUNT(*), {}, {} ",
            sum(&format!("CASE WHEN {ATTENDED} THEN 1 ELSE 0 END")),
            sum(&format!("CASE WHEN {ATTENDED} THEN a.minutes * 60 ELSE 0 END"))
        ),
        "",
    );
    let (students, teachers, lessons, expected, attended, seconds): (i64, i64, i64, i64, i64, i64) =
        sqlx::query_as_with(&sql, args).fetch_one(db.pool()).await?;
    let mut c = Conditions::new();
    c.sql.push_str("FROM lesson_packages p WHERE 1 = 1");
    push_scope(&mut c, "p", scope);
    push_filter(&mut c, "p", "bought_at", f, now);
    let (sql, args) = c.finish(&format!("SELECT COUNT(*), {} ", sum("p.buy_count + p.gift_lesson_num")), "");
    let (packages, purchased): (i64, i64) = sqlx::query_as_with(&sql, args).fetch_one(db.pool()).await?;
    let (refund_count, refund_fen) = refunds::totals(db, Side::Vip, scope, f, now).await?;
    Ok(VipOverview {
        student_count: students,
        teacher_count: teachers,
        lesson_count: lessons,
        consumed_lesson_count: attended,
        consumed_duration: seconds,
        attendance_rate: rate(attended, expected),
        package_count: packages,
        purchased_lesson_count: purchased,
        refund_count,
        refund_amount: yuan(refund_fen),
    })
}

/// Students with fewer than this many lessons left are low on balance.
pub const LOW_BALANCE_LESSONS: i64 = 5;
/// Students with lessons left but none attended for this many days are dormant.
pub const DORMANT_DAYS: i64 = 30;

/// The columns the server sorts students by.
pub const STUDENT_SORTABLE: &[(&str, &str)] = &[
    ("leftCount", "left_count"),
    ("consumedLessonNum", "consumed"),
    ("periodLessonCount", "period_count"),
    ("lastLessonTime", "last_at"),
    ("lessonCount", "lessons"),
];
const STUDENT_ORDER: &str = "s.code";

/// Appends the one-on-one students with a package bought before the period's end, with what
/// they bought, attended and were refunded up to then (`FROM … WHERE 1 = 1`, rows `t` joined
/// to their student `s`, school `sc` and area `ar`).
fn students_of(c: &mut Conditions, scope: &Scope, f: &Filter, now: i64) {
    let (from, to) = (f.from_ms(), f.to_ms());
    c.sql.push_str(
        "FROM (SELECT x.student_id, x.packages, x.lessons, COALESCE(u.consumed, 0) AS consumed, COALESCE(u.period_count, 0) AS period_count, \
         COALESCE(u.last_at, 0) AS last_at, x.lessons - COALESCE(u.consumed, 0) - COALESCE(r.refunded, 0) AS left_count ",
    );
    // What was bought.
    c.sql.push_str(&format!(
        "FROM (SELECT p.student_id, COUNT(*) AS packages, {} AS lessons FROM lesson_packages p WHERE 1 = 1",
        sum("p.buy_count + p.gift_lesson_num")
    ));
    push_scope(c, "p", scope);
    push_dimensions(c, "p", f, now);
    c.push(" AND p.bought_at < ", Bind::Int(to));
    c.sql.push_str(" GROUP BY p.student_id) x ");
    // What was attended, in all and in the period.
    c.push("LEFT JOIN (SELECT a.student_id, COUNT(*) AS consumed, CAST(COALESCE(SUM(CASE WHEN a.start_at >= ", Bind::Int(from));
    c.sql.push_str(&format!(
        " THEN 1 ELSE 0 END), 0) AS BIGINT) AS period_count, MAX(a.start_at) AS last_at FROM attendance a WHERE a.class_type = 1 AND {ATTENDED}"
    ));
    push_scope(c, "a", scope);
    push_dimensions(c, "a", f, now);
    c.push(" AND a.start_at < ", Bind::Int(to));
    c.sql.push_str(" GROUP BY a.student_id) u ON u.student_id = x.student_id ");
    // What was refunded.
    c.sql.push_str(&format!("LEFT JOIN (SELECT r.student_id, {} AS refunded FROM refunds r WHERE r.class_type = 1", sum("r.lesson_total")));
    push_scope(c, "r", scope);
    push_dimensions(c, "r", f, now);
    c.push(" AND r.refunded_at < ", Bind::Int(to));
    c.sql.push_str(" GROUP BY r.student_id) r ON r.student_id = x.student_id) t ");
    c.sql
        .push_str("JOIN students s ON s.id = t.student_id LEFT JOIN schools sc ON sc.id = s.school_id LEFT JOIN areas ar ON ar.code = s.area_code WHERE 1 = 1");
}

pub async fn students_count(db: &Db, scope: &Scope, f: &Filter, now: i64) -> Result<i64> {
    let mut c = Conditions::new();
    students_of(&mut c, scope, f, now);
    let (sql, args) = c.finish("SELECT COUNT(*) ", "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

#[derive(FromRow)]
struct StudentFound {
    code: String,
    name: String,
    school_name: String,
    area_name: String,
    grade_code: i64,
    packages: i64,
    lessons: i64,
    consumed: i64,
    left_count: i64,
    period_count: i64,
    last_at: i64,
}

pub async fn students_page(db: &Db, scope: &Scope, f: &Filter, now: i64, offset: i64, limit: i64) -> Result<Vec<VipStudentRow>> {
    let mut c = Conditions::new();
    students_of(&mut c, scope, f, now);
    let order = f.order_by(STUDENT_SORTABLE, STUDENT_ORDER);
    let (sql, args) = c.finish(
        "SELECT s.code, s.name, COALESCE(sc.name, '') AS school_name, COALESCE(ar.name, '') AS area_name, s.grade_code, t.packages, t.lessons, \
         t.consumed, t.left_count, t.period_count, t.last_at ",
        &format!(" ORDER BY {order} LIMIT {limit} OFFSET {offset}"),
    );
    let found: Vec<StudentFound> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let dormant_before = f.to_ms() - DORMANT_DAYS * DAY_MS;
    Ok(found
        .into_iter()
        .map(|r| {
            let status = student_status(r.left_count, r.last_at, dormant_before);
            VipStudentRow {
                student_code: r.code,
                student_name: r.name,
                school_name: r.school_name,
                area_name: r.area_name,
                grade_name: protocol::dictionary::grade_name(r.grade_code).to_owned(),
                package_count: r.packages,
                lesson_count: r.lessons,
                consumed_lesson_num: r.consumed,
                left_count: r.left_count,
                period_lesson_count: r.period_count,
                last_lesson_time: r.last_at,
                status_desc: status_desc(status).to_owned(),
                status: status.to_owned(),
            }
        })
        .collect())
}

/// The state of a one-on-one student: finished (nothing left), else low balance (at most
/// [`LOW_BALANCE_LESSONS`] left), else dormant (nothing attended in the [`DORMANT_DAYS`] before
/// the period's end), else active. [`students_stat`] counts the same rule in SQL.
pub fn student_status(left: i64, last_at: i64, dormant_before: i64) -> &'static str {
    if left <= 0 {
        "finished"
    } else if left <= LOW_BALANCE_LESSONS {
        "lowBalance"
    } else if last_at < dormant_before {
        "dormant"
    } else {
        "active"
    }
}

pub fn status_desc(status: &str) -> &'static str {
    match status {
        "finished" => "已结课",
        "lowBalance" => "课时不足",
        "dormant" => "沉睡",
        _ => "在读",
    }
}

pub async fn students_stat(db: &Db, scope: &Scope, f: &Filter, now: i64) -> Result<VipStudentStat> {
    let mut c = Conditions::new();
    c.push(
        &format!("FROM (SELECT CASE WHEN t.left_count <= 0 THEN 'finished' WHEN t.left_count <= {LOW_BALANCE_LESSONS} THEN 'lowBalance' WHEN t.last_at < "),
        Bind::Int(f.to_ms() - DORMANT_DAYS * DAY_MS),
    );
    c.sql.push_str(" THEN 'dormant' ELSE 'active' END AS status ");
    students_of(&mut c, scope, f, now);
    c.sql.push_str(") z");
    let (sql, args) = c.finish("SELECT z.status, COUNT(*) ", " GROUP BY z.status");
    let found: Vec<(String, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let mut stat = VipStudentStat { total: 0, active: 0, low_balance: 0, dormant: 0, finished: 0 };
    for (status, n) in found {
        stat.total += n;
        match status.as_str() {
            "finished" => stat.finished += n,
            "lowBalance" => stat.low_balance += n,
            "dormant" => stat.dormant += n,
            _ => stat.active += n,
        }
    }
    Ok(stat)
}

/// Of the one-on-one students who attended in a month, how many attended in the next month,
/// for each month that meets the period and whose next month has begun.
pub async fn stay_rates(db: &Db, scope: &Scope, f: &Filter, now: i64) -> Result<Vec<StayRate>> {
    let mut out = Vec::new();
    let mut month = calendar::month_start(f.from);
    while month < f.to {
        let next = calendar::next_month(month);
        let after = calendar::next_month(next);
        if day_start_ms(next) > now {
            break;
        }
        let mut c = Conditions::new();
        c.sql.push_str("FROM (");
        attended_students(&mut c, scope, f, now, month, next);
        c.sql.push_str(") x LEFT JOIN (");
        attended_students(&mut c, scope, f, now, next, after);
        c.sql.push_str(") y ON y.student_id = x.student_id");
        let (sql, args) = c.finish(&format!("SELECT COUNT(*), {} ", sum("CASE WHEN y.student_id IS NULL THEN 0 ELSE 1 END")), "");
        let (base, stay): (i64, i64) = sqlx::query_as_with(&sql, args).fetch_one(db.pool()).await?;
        out.push(StayRate { month: format_day(month)[..7].to_owned(), base_count: base, stay_count: stay, stay_rate: rate(stay, base) });
        month = next;
    }
    Ok(out)
}

/// `SELECT DISTINCT student_id` of one-on-one students who attended in `[from, to)`.
fn attended_students(c: &mut Conditions, scope: &Scope, f: &Filter, now: i64, from: Date, to: Date) {
    c.sql.push_str(&format!("SELECT DISTINCT a.student_id FROM attendance a WHERE a.class_type = 1 AND {ATTENDED}"));
    push_scope(c, "a", scope);
    push_dimensions(c, "a", f, now);
    push_lesson_minutes(c, "a", f);
    c.push_range("a.start_at", Some(day_start_ms(from)), Some(day_start_ms(to)));
}

/// One-on-one lessons per day, week or month of the period.
pub async fn course_trend(db: &Db, scope: &Scope, f: &Filter, now: i64) -> Result<Vec<CourseTrendPoint>> {
    let mut starts = Vec::new();
    let mut start = f.bucket.start_of(f.from);
    while start < f.to {
        starts.push(start);
        start = f.bucket.next(start);
    }
    let bucket = match f.bucket {
        super::filter::Bucket::Day => format!("(a.start_at - {}) / {DAY_MS}", day_start_ms(starts[0])),
        super::filter::Bucket::Week => format!("(a.start_at - {}) / {}", day_start_ms(starts[0]), 7 * DAY_MS),
        super::filter::Bucket::Month => {
            let mut case = String::from("CASE");
            for (i, s) in starts.iter().enumerate().skip(1) {
                case.push_str(&format!(" WHEN a.start_at < {} THEN {}", day_start_ms(*s), i - 1));
            }
            case.push_str(&format!(" ELSE {} END", starts.len() - 1));
            case
        }
    };
    let c = attendance_of(Side::Vip, scope, f, now);
    let (sql, args) = c.finish(
        &format!(
            "SELECT {bucket} AS bucket, COUNT(DISTINCT a.lesson_id), {}, COUNT(DISTINCT a.student_id), COUNT(*) ",
            sum(&format!("CASE WHEN {ATTENDED} THEN 1 ELSE 0 END"))
        ),
        " GROUP BY 1",
    );
    let found: Vec<(i64, i64, i64, i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(starts
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (lessons, attended, students, expected) = found.iter().find(|r| r.0 == i as i64).map(|r| (r.1, r.2, r.3, r.4)).unwrap_or_default();
            CourseTrendPoint {
                period: format_day(*s),
                lesson_count: lessons,
                attended_count: attended,
                student_count: students,
                attendance_rate: rate(attended, expected),
            }
        })
        .collect())
}
