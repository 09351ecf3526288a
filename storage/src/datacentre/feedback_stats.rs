//! Feedback statistics (02 §3.2, §7.7): for each student present (or late) at a held lesson a
//! feedback report is due; the statistics count the reports created (and within 24 hours of the
//! lesson's end), exported (preview link made), sent (submitted) and opened by the family, from
//! the reports teachers write (`feedback_reports`). Views: detail (one due report per row),
//! project, subject and teacher.

use protocol::dictionary as dict;
use protocol::dto::datacentre::{FeedbackDetailRow, FeedbackStatRow};
use sqlx::FromRow;

use super::filter::{push_filter, push_lesson_minutes, push_scope, Filter, Scope};
use super::prep::people;
use super::{rate, subject_name, sum};
use crate::reports::Conditions;
use crate::{Db, Result};

/// A report counts as made in time when created within this long of the lesson's end.
pub const IN_TIME_MS: i64 = 24 * 3_600_000;

pub const DETAIL_SORTABLE: &[(&str, &str)] = &[("lessonTime", "a.start_at"), ("createTime", "a.report_created_at"), ("studentCode", "s.code")];
const DETAIL_ORDER: &str = "a.start_at DESC, a.lesson_id, a.student_id";
pub const STAT_SORTABLE: &[&str] =
    &["shouldReportCount", "totalCreateReportRate", "totalCreateReportIn24hRate", "totalExportReportRate", "totalTransmitReportRate", "totalOpenReportRate"];

/// How the statistics group the due reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grouping {
    Project,
    Subject,
    Teacher,
}

impl Grouping {
    fn key(self) -> &'static str {
        match self {
            Grouping::Project => "a.manage_project",
            Grouping::Subject => "a.subject",
            Grouping::Teacher => "a.teacher_id",
        }
    }
}

fn in_time() -> String {
    format!("a.report_created_at <= a.start_at + a.minutes * 60000 + {IN_TIME_MS}")
}

/// The due reports within scope and filter: attendance `a`, whose `report_*` columns hold the
/// dates of its report (NULL: none; kept by triggers, migration 0051), so that the counts read
/// the attendance index alone.
fn due(scope: &Scope, f: &Filter, now: i64) -> Conditions {
    let mut c = Conditions::new();
    c.sql.push_str(&format!(" FROM attendance a WHERE a.status IN ({}, {})", dict::ATTEND_PRESENT, dict::ATTEND_LATE));
    push_scope(&mut c, "a", scope);
    push_filter(&mut c, "a", "start_at", f, now);
    push_lesson_minutes(&mut c, "a", f);
    if let Some(sent) = f.activity.feedback_sent {
        c.sql.push_str(if sent { " AND a.report_submitted_at IS NOT NULL" } else { " AND a.report_submitted_at IS NULL" });
    }
    if let Some(in_time) = f.activity.created_in_24h {
        c.sql.push_str(&if in_time {
            format!(" AND a.report_created_at IS NOT NULL AND {}", self::in_time())
        } else {
            format!(" AND NOT (a.report_created_at IS NOT NULL AND {})", self::in_time())
        });
    }
    c
}

fn stat_row(id: i64, figures: (i64, i64, i64, i64, i64, i64)) -> FeedbackStatRow {
    let (due, created, in_time, exported, sent, opened) = figures;
    FeedbackStatRow {
        id,
        name: String::new(),
        email: String::new(),
        school_name: String::new(),
        should_report_count: due,
        create_report_count: created,
        create_report_in24h_count: in_time,
        export_report_count: exported,
        transmit_report_count: sent,
        open_report_count: opened,
        total_create_report_rate: rate(created, due),
        total_create_report_in24h_rate: rate(in_time, due),
        total_export_report_rate: rate(exported, created),
        total_transmit_report_rate: rate(sent, created),
        total_open_report_rate: rate(opened, sent),
    }
}

/// The rows of a grouping (unsorted, named); [`total_of`] sums them up.
pub async fn statistics(db: &Db, grouping: Grouping, scope: &Scope, f: &Filter, now: i64) -> Result<Vec<FeedbackStatRow>> {
    let key = grouping.key();
    let (sql, args) = due(scope, f, now).finish(
        &format!(
            "SELECT {key}, COUNT(*), COUNT(a.report_created_at), {}, COUNT(a.report_exported_at), COUNT(a.report_submitted_at), COUNT(a.report_opened_at)",
            sum(&format!("CASE WHEN a.report_created_at IS NOT NULL AND {} THEN 1 ELSE 0 END", in_time()))
        ),
        &format!(" GROUP BY {key}"),
    );
    let found: Vec<(i64, i64, i64, i64, i64, i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let mut rows: Vec<FeedbackStatRow> = found.into_iter().map(|(k, a, b, c, d, e, g)| stat_row(k, (a, b, c, d, e, g))).collect();
    match grouping {
        Grouping::Project => rows.iter_mut().for_each(|r| r.name = dict::name_of(&dict::MANAGE_PROJECTS, r.id).to_owned()),
        Grouping::Subject => rows.iter_mut().for_each(|r| r.name = subject_name(r.id)),
        Grouping::Teacher => {
            let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
            let people = people(db, &ids, now).await?;
            for r in &mut rows {
                if let Some(p) = people.get(&r.id) {
                    r.name = p.name.clone();
                    r.email = p.email.clone();
                    r.school_name = p.school_name.clone();
                }
            }
        }
    }
    Ok(rows)
}

/// The totals of a grouping's rows: each due report is in exactly one group, so the counts add up.
pub fn total_of(rows: &[FeedbackStatRow]) -> FeedbackStatRow {
    let add = |field: fn(&FeedbackStatRow) -> i64| rows.iter().map(field).sum::<i64>();
    stat_row(
        0,
        (
            add(|r| r.should_report_count),
            add(|r| r.create_report_count),
            add(|r| r.create_report_in24h_count),
            add(|r| r.export_report_count),
            add(|r| r.transmit_report_count),
            add(|r| r.open_report_count),
        ),
    )
}

/// Sorts statistics rows by a sortable prop (default: most due reports first), ties by id.
pub fn sort(rows: &mut [FeedbackStatRow], sort: Option<&(String, bool)>) {
    let value = |r: &FeedbackStatRow, field: &str| -> f64 {
        match field {
            "totalCreateReportRate" => r.total_create_report_rate,
            "totalCreateReportIn24hRate" => r.total_create_report_in24h_rate,
            "totalExportReportRate" => r.total_export_report_rate,
            "totalTransmitReportRate" => r.total_transmit_report_rate,
            "totalOpenReportRate" => r.total_open_report_rate,
            _ => r.should_report_count as f64,
        }
    };
    let (field, asc) = sort.map(|(f, a)| (f.as_str(), *a)).unwrap_or(("shouldReportCount", false));
    rows.sort_by(|a, b| {
        let order = value(a, field).total_cmp(&value(b, field));
        (if asc { order } else { order.reverse() }).then(a.id.cmp(&b.id))
    });
}

pub async fn detail_count(db: &Db, scope: &Scope, f: &Filter, now: i64) -> Result<i64> {
    let (sql, args) = due(scope, f, now).finish("SELECT COUNT(*)", "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

#[derive(FromRow)]
struct Found {
    lesson_id: i64,
    start_at: i64,
    minutes: i64,
    teacher_id: i64,
    subject: i64,
    class_name: String,
    school_name: String,
    student_code: String,
    student_name: String,
    report_id: Option<i64>,
    created_at: Option<i64>,
    exported_at: Option<i64>,
    submitted_at: Option<i64>,
    opened_at: Option<i64>,
}

/// Due-report rows `offset..offset + limit` in the asked order.
pub async fn detail_page(db: &Db, scope: &Scope, f: &Filter, now: i64, offset: i64, limit: i64) -> Result<Vec<FeedbackDetailRow>> {
    let mut c = due(scope, f, now);
    c.sql = c.sql.replacen(
        " WHERE ",
        " JOIN students s ON s.id = a.student_id JOIN classes cl ON cl.id = a.class_id LEFT JOIN schools sc ON sc.id = a.school_id \
         LEFT JOIN feedback_reports r ON r.lesson_id = a.lesson_id AND r.student_id = a.student_id WHERE ",
        1,
    );
    let order = f.order_by(DETAIL_SORTABLE, DETAIL_ORDER);
    let (sql, args) = c.finish(
        "SELECT a.lesson_id, a.start_at, a.minutes, a.teacher_id, a.subject, cl.name AS class_name, COALESCE(sc.name, '') AS school_name, \
         s.code AS student_code, s.name AS student_name, r.id AS report_id, r.created_at, r.exported_at, r.submitted_at, r.opened_at",
        &format!(" ORDER BY {order} LIMIT {limit} OFFSET {offset}"),
    );
    let found: Vec<Found> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let mut ids: Vec<i64> = found.iter().map(|r| r.teacher_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let people = people(db, &ids, now).await?;
    let yes_no = |b: bool| dict::name_of(&dict::YES_NO, i64::from(b)).to_owned();
    Ok(found
        .into_iter()
        .map(|r| {
            let person = people.get(&r.teacher_id).cloned().unwrap_or_default();
            let lesson_end = r.start_at + r.minutes * 60_000;
            FeedbackDetailRow {
                lesson_id: r.lesson_id,
                lesson_time: r.start_at,
                lesson_time_desc: super::lesson_span(r.start_at, r.minutes),
                class_name: r.class_name,
                subject_name: subject_name(r.subject),
                school_name: r.school_name,
                teacher_name: person.name,
                teacher_email: person.email,
                student_code: r.student_code,
                student_name: r.student_name,
                report_id: r.report_id.unwrap_or(0),
                create_time: r.created_at.unwrap_or(0),
                is_create_desc: yes_no(r.report_id.is_some()),
                is_create_in24h_desc: yes_no(r.created_at.is_some_and(|at| at <= lesson_end + IN_TIME_MS)),
                is_export_desc: yes_no(r.exported_at.is_some()),
                is_send_desc: yes_no(r.submitted_at.is_some()),
                is_open_desc: yes_no(r.opened_at.is_some()),
            }
        })
        .collect())
}

/// Marks a report exported (its preview link made) the first time.
pub async fn mark_exported(db: &Db, report_id: i64, now: i64) -> Result<()> {
    sqlx::query("UPDATE feedback_reports SET exported_at = $1 WHERE id = $2 AND exported_at IS NULL").bind(now).bind(report_id).execute(db.pool()).await?;
    Ok(())
}

/// Marks a report opened by the family (through its preview link) the first time.
pub async fn mark_opened(db: &Db, report_id: i64, now: i64) -> Result<()> {
    sqlx::query("UPDATE feedback_reports SET opened_at = $1 WHERE id = $2 AND opened_at IS NULL").bind(now).bind(report_id).execute(db.pool()).await?;
    Ok(())
}
