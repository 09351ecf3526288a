//! Student dynamics, read from the records as they are (nothing is copied): absences from
//! `attendance` (status 3), online lessons neither attended nor replayed without a leave from
//! `online_attendance`, `refunds`, and school exam scores fallen `SCORE_DROP_POINTS` or more
//! (scaled to 100) under the student's previous score in the subject from
//! `student_exam_scores`. Each carries its record's school, area, teacher and student, so the
//! caller's `Scope` and the period apply inside the query. Follow-ups are kept by kind and
//! source key in `student_dynamic_followups`.

use protocol::dictionary as dict;
use protocol::dto::student_dynamic::{StudentDynamicRow, StudentDynamicStatRow, SCORE_DROP_POINTS};
use sqlx::FromRow;

use crate::datacentre::filter::{push_scope, push_student, Filter, Scope};
use crate::datacentre::{rate, subject_name, yuan};
use crate::reports::{Bind, Conditions};
use crate::{Db, Result};

pub const ABSENT: i64 = 1;
pub const ONLINE_NO_SHOW: i64 = 2;
pub const REFUND: i64 = 3;
pub const SCORE_DROP: i64 = 4;

/// Which dynamics: their kind (all if `None`) and whether followed up (both if `None`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Which {
    pub kind: Option<i64>,
    pub followed: Option<bool>,
}

/// One branch per kind: (kind, its SELECT up to WHERE, the alias whose facts the scope and
/// period apply to, its time column). Columns: kind, source_key, student_id, teacher_id,
/// happened_at, subject, info, amount, previous, current.
fn branches() -> [(i64, String, &'static str, &'static str); 4] {
    let score = "CAST(s.score * 100 / s.full_marks AS BIGINT)";
    let previous = "(SELECT CAST(p.score * 100 / p.full_marks AS BIGINT) FROM student_exam_scores p WHERE p.student_id = s.student_id \
                    AND p.subject = s.subject AND p.exam_at < s.exam_at AND p.score IS NOT NULL AND p.full_marks > 0 ORDER BY p.exam_at DESC LIMIT 1)";
    [
        (
            ABSENT,
            "SELECT CAST(1 AS BIGINT) AS kind, 'a:' || CAST(a.lesson_id AS TEXT) || ':' || CAST(a.student_id AS TEXT) AS source_key, a.student_id, \
             a.teacher_id, a.start_at AS happened_at, a.subject, COALESCE(l.title, '') AS info, CAST(0 AS BIGINT) AS amount, \
             CAST(0 AS BIGINT) AS previous, CAST(0 AS BIGINT) AS current FROM attendance a LEFT JOIN lessons l ON l.id = a.lesson_id WHERE a.status = 3"
                .to_owned(),
            "a",
            "start_at",
        ),
        (
            ONLINE_NO_SHOW,
            "SELECT CAST(2 AS BIGINT) AS kind, 'o:' || CAST(o.lesson_id AS TEXT) || ':' || CAST(o.student_id AS TEXT) AS source_key, o.student_id, \
             o.teacher_id, o.start_at AS happened_at, o.subject, COALESCE(l.name, '') AS info, CAST(0 AS BIGINT) AS amount, \
             CAST(0 AS BIGINT) AS previous, CAST(0 AS BIGINT) AS current FROM online_attendance o LEFT JOIN online_lessons l ON l.id = o.lesson_id \
             WHERE o.live_seconds = 0 AND o.playback_seconds = 0 AND o.on_leave = 0"
                .to_owned(),
            "o",
            "start_at",
        ),
        (
            REFUND,
            "SELECT CAST(3 AS BIGINT) AS kind, 'r:' || CAST(r.id AS TEXT) AS source_key, r.student_id, r.teacher_id, r.refunded_at AS happened_at, \
             r.subject, r.reason AS info, r.amount, CAST(0 AS BIGINT) AS previous, CAST(0 AS BIGINT) AS current FROM refunds r WHERE 1 = 1"
                .to_owned(),
            "r",
            "refunded_at",
        ),
        (
            SCORE_DROP,
            format!(
                "SELECT CAST(4 AS BIGINT) AS kind, 'e:' || CAST(s.exam_id AS TEXT) || ':' || CAST(s.subject AS TEXT) AS source_key, s.student_id, \
                 s.teacher_id, s.exam_at AS happened_at, s.subject, COALESCE(x.name, '') AS info, CAST(0 AS BIGINT) AS amount, \
                 {previous} AS previous, {score} AS current FROM student_exam_scores s LEFT JOIN student_exams x ON x.id = s.exam_id \
                 WHERE s.score IS NOT NULL AND s.full_marks > 0 AND {previous} - {score} >= {SCORE_DROP_POINTS}"
            ),
            "s",
            "exam_at",
        ),
    ]
}

/// The dynamics in scope and period as one relation `d` joined with their follow-ups `f`, with
/// the conditions of `which` and the filter's student.
fn relation(scope: &Scope, f: &Filter, which: Which) -> Conditions {
    let mut c = Conditions::new();
    c.sql.push_str("FROM (");
    let mut first = true;
    for (kind, select, a, time) in branches() {
        if which.kind.is_some_and(|k| k != kind) {
            continue;
        }
        if !first {
            c.sql.push_str(" UNION ALL ");
        }
        first = false;
        c.sql.push_str(&select);
        push_scope(&mut c, a, scope);
        c.push_range(&format!("{a}.{time}"), Some(f.from_ms()), Some(f.to_ms()));
        if let Some(id) = f.school_id {
            c.push(&format!(" AND {a}.school_id = "), Bind::Int(id));
        }
        if let Some(student) = &f.student {
            push_student(&mut c, a, student);
        }
    }
    c.sql.push_str(") d LEFT JOIN student_dynamic_followups f ON f.kind = d.kind AND f.source_key = d.source_key WHERE 1 = 1");
    match which.followed {
        Some(true) => c.sql.push_str(" AND f.kind IS NOT NULL"),
        Some(false) => c.sql.push_str(" AND f.kind IS NULL"),
        None => {}
    }
    c
}

pub async fn count(db: &Db, scope: &Scope, f: &Filter, which: Which) -> Result<i64> {
    let (sql, args) = relation(scope, f, which).finish("SELECT COUNT(*) ", "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

#[derive(FromRow)]
struct Row {
    kind: i64,
    source_key: String,
    student_id: i64,
    student_code: String,
    student_name: String,
    teacher_name: String,
    happened_at: i64,
    subject: i64,
    info: String,
    amount: i64,
    previous: Option<i64>,
    current: i64,
    followed_at: Option<i64>,
    followed_by: String,
    method: Option<i64>,
    note: Option<String>,
}

const COLUMNS: &str = "SELECT d.kind, d.source_key, d.student_id, COALESCE(st.code, '') AS student_code, COALESCE(st.name, '') AS student_name, \
     COALESCE(u.name, '') AS teacher_name, d.happened_at, d.subject, d.info, d.amount, d.previous, d.current, f.followed_at, \
     COALESCE(fu.name, '') AS followed_by, f.method, f.note ";

fn detail(r: &Row) -> String {
    let subject = subject_name(r.subject);
    match r.kind {
        ABSENT => format!("{subject} {} 缺课", r.info).trim().to_owned(),
        ONLINE_NO_SHOW => format!("{subject} {} 未到课也未看回放", r.info).trim().to_owned(),
        REFUND => format!("{subject} 退费 {} 元：{}", yuan(r.amount), r.info),
        _ => format!("{} {subject} {} → {} 分（满分折合百分）", r.info, r.previous.unwrap_or(0), r.current),
    }
}

fn wire(r: Row) -> StudentDynamicRow {
    StudentDynamicRow {
        kind_name: dict::name_of(&dict::STUDENT_DYNAMIC_KINDS, r.kind).to_owned(),
        detail: detail(&r),
        kind: r.kind,
        source_key: r.source_key,
        student_id: r.student_id,
        student_code: r.student_code,
        student_name: r.student_name,
        teacher_name: r.teacher_name,
        happened_at: r.happened_at,
        followed: r.followed_at.is_some(),
        followed_at: r.followed_at.unwrap_or(0),
        followed_by: r.followed_by,
        method: r.method.unwrap_or(0),
        method_name: dict::name_of(&dict::FOLLOW_METHODS, r.method.unwrap_or(0)).to_owned(),
        note: r.note.unwrap_or_default(),
    }
}

/// The relation with the names [`COLUMNS`] reads, joined after the follow-ups (before the
/// relation's own conditions).
fn named(mut c: Conditions) -> Conditions {
    const JOINS: &str = " LEFT JOIN students st ON st.id = d.student_id LEFT JOIN users u ON u.id = d.teacher_id LEFT JOIN users fu ON fu.id = f.followed_by";
    let at = c.sql.rfind(" WHERE 1 = 1").unwrap_or(c.sql.len());
    c.sql.insert_str(at, JOINS);
    c
}

/// A page of dynamics, the latest first.
pub async fn page(db: &Db, scope: &Scope, f: &Filter, which: Which) -> Result<Vec<StudentDynamicRow>> {
    let mut c = named(relation(scope, f, which));
    c.push(" ORDER BY d.happened_at DESC, d.source_key LIMIT ", Bind::Int(f.page_size));
    c.push(" OFFSET ", Bind::Int(f.offset()));
    let (sql, args) = c.finish(COLUMNS, "");
    let rows: Vec<Row> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(rows.into_iter().map(wire).collect())
}

/// One dynamic, if it is in the caller's scope (any time).
pub async fn one(db: &Db, scope: &Scope, kind: i64, source_key: &str) -> Result<Option<StudentDynamicRow>> {
    let all_time = Filter::span(time::Date::MIN, time::Date::MAX);
    let mut c = named(relation(scope, &all_time, Which { kind: Some(kind), followed: None }));
    c.push(" AND d.source_key = ", Bind::Text(source_key.to_owned()));
    let (sql, args) = c.finish(COLUMNS, "");
    let row: Option<Row> = sqlx::query_as_with(&sql, args).fetch_optional(db.pool()).await?;
    Ok(row.map(wire))
}

/// Records (or replaces) the follow-up of a dynamic.
pub async fn follow(db: &Db, kind: i64, source_key: &str, method: i64, note: &str, by: i64, at: i64) -> Result<()> {
    sqlx::query(
        "INSERT INTO student_dynamic_followups (kind, source_key, method, note, followed_by, followed_at) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (kind, source_key) DO UPDATE SET method = excluded.method, note = excluded.note, followed_by = excluded.followed_by, \
         followed_at = excluded.followed_at",
    )
    .bind(kind)
    .bind(source_key)
    .bind(method)
    .bind(note)
    .bind(by)
    .bind(at)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Per kind (in dictionary order, every kind shown) the dynamics and those followed up, then
/// the total row.
pub async fn statistics(db: &Db, scope: &Scope, f: &Filter) -> Result<Vec<StudentDynamicStatRow>> {
    let (sql, args) =
        relation(scope, f, Which::default()).finish("SELECT d.kind, COUNT(*), SUM(CASE WHEN f.kind IS NULL THEN 0 ELSE 1 END) ", " GROUP BY d.kind");
    let counts: Vec<(i64, i64, Option<i64>)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let mut rows: Vec<StudentDynamicStatRow> = dict::STUDENT_DYNAMIC_KINDS
        .iter()
        .map(|(kind, name)| {
            let (total, followed) = counts.iter().find(|c| c.0 == *kind).map_or((0, 0), |c| (c.1, c.2.unwrap_or(0)));
            StudentDynamicStatRow { kind: *kind, kind_name: (*name).to_owned(), total, followed, follow_rate: rate(followed, total) }
        })
        .collect();
    let (total, followed) = rows.iter().fold((0, 0), |(t, f), r| (t + r.total, f + r.followed));
    rows.push(StudentDynamicStatRow { kind: 0, kind_name: "合计".to_owned(), total, followed, follow_rate: rate(followed, total) });
    Ok(rows)
}
