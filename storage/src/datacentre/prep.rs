//! Lesson preparation (02 §3.2, §7.2): what teachers bound to, published for and collected back
//! from their held lessons (`lesson_preps`, one row per held lesson with the lesson's facts),
//! and the feedback reports sent for them. Summary, per-teacher and per-lesson views, each of
//! one side (one-on-one or classes), counted in SQL within the caller's scope and the filter.

use std::collections::HashMap;

use protocol::dictionary as dict;
use protocol::dto::datacentre::{PrepLessonRow, PrepSummary, PrepTeacherRow};
use sqlx::{Any, FromRow, Transaction};

use super::filter::{push_filter, push_lesson_minutes, Filter, Scope};
use super::records::insert_rows;
use super::{rate, subject_name, sum, Side};
use crate::reports::{Bind, Conditions};
use crate::{Db, Result};

/// A lesson's sent feedback reports, for the lesson row aliased `p`.
pub(crate) const SENT_REPORTS: &str = "(SELECT COUNT(*) FROM feedback_reports r WHERE r.lesson_id = p.lesson_id AND r.submitted_at IS NOT NULL)";

pub const TEACHER_SORTABLE: &[&str] =
    &["lessonCount", "bindResLessonCount", "bindResLessonCountRate", "isRecycleCount", "recycleCollectionCount", "sendFeedbackReportCount", "teacherTeachTime"];
pub const LESSON_SORTABLE: &[(&str, &str)] =
    &[("lessonTime", "p.start_at"), ("bindResourceCount", "p.bound_resources"), ("recycleCollectionCount", "p.recycle_collections")];
const LESSON_ORDER: &str = "p.start_at DESC, p.lesson_id";

/// A lesson's preparation as the generator and imports write it.
#[derive(Debug, Clone)]
pub struct NewPrep {
    pub lesson_id: i64,
    pub class_id: i64,
    pub class_type: i64,
    pub teacher_id: i64,
    pub school_id: i64,
    pub area_code: String,
    pub subject: i64,
    pub grade_code: i64,
    pub product_type: String,
    pub product_group: i64,
    pub manage_project: i64,
    pub start_at: i64,
    pub minutes: i64,
    pub bound_resources: i64,
    pub published_resources: i64,
    pub recycled_resources: i64,
    pub recycle_collections: i64,
    pub no_recycle_cause: i64,
}

pub async fn insert(tx: &mut Transaction<'_, Any>, preps: &[NewPrep]) -> Result<()> {
    let int = Bind::Int;
    insert_rows(
        tx,
        "lesson_preps",
        &[
            "lesson_id",
            "class_id",
            "class_type",
            "teacher_id",
            "school_id",
            "area_code",
            "subject",
            "grade_code",
            "product_type",
            "product_group",
            "manage_project",
            "start_at",
            "minutes",
            "bound_resources",
            "published_resources",
            "recycled_resources",
            "recycle_collections",
            "no_recycle_cause",
        ],
        preps.iter().map(|p| {
            vec![
                int(p.lesson_id),
                int(p.class_id),
                int(p.class_type),
                int(p.teacher_id),
                int(p.school_id),
                Bind::Text(p.area_code.clone()),
                int(p.subject),
                int(p.grade_code),
                Bind::Text(p.product_type.clone()),
                int(p.product_group),
                int(p.manage_project),
                int(p.start_at),
                int(p.minutes),
                int(p.bound_resources),
                int(p.published_resources),
                int(p.recycled_resources),
                int(p.recycle_collections),
                int(p.no_recycle_cause),
            ]
        }),
    )
    .await
}

/// Gives each held lesson of `lesson_ids` that has none an empty preparation (nothing bound,
/// published or collected yet), with its class's facts — so that lessons recorded by an import
/// or live count in these reports from the start.
pub async fn insert_empty(tx: &mut Transaction<'_, Any>, lesson_ids: &[i64]) -> Result<()> {
    for chunk in lesson_ids.chunks(500) {
        let mut c = Conditions::new();
        c.sql.push_str(
            "INSERT INTO lesson_preps (lesson_id, class_id, class_type, teacher_id, school_id, area_code, subject, grade_code, product_type, \
             product_group, manage_project, start_at, minutes, bound_resources, published_resources, recycled_resources, recycle_collections, no_recycle_cause) \
             SELECT l.id, c.id, c.class_type, l.teacher_id, c.school_id, c.area_code, c.subject, c.grade_code, c.product_type, c.product_group, \
             c.manage_project, l.start_at, (l.end_at - l.start_at) / 60000, 0, 0, 0, 0, 0 FROM lessons l JOIN classes c ON c.id = l.class_id \
             WHERE l.status = 1 AND NOT EXISTS (SELECT 1 FROM lesson_preps x WHERE x.lesson_id = l.id)",
        );
        c.push_in("l.id", chunk);
        let (sql, args) = c.finish("", "");
        sqlx::query_with(&sql, args).execute(&mut **tx).await?;
    }
    Ok(())
}

/// `AND` the caller's scope over lesson rows aliased `p` (which name no student: a consultant or
/// learning manager sees the lessons their students attended).
pub(crate) fn push_lesson_scope(c: &mut Conditions, p: &str, scope: &Scope) {
    match scope {
        Scope::Consultant(_) | Scope::LearningManager(_) => {
            c.sql.push_str(&format!(" AND {p}.lesson_id IN (SELECT a.lesson_id FROM attendance a WHERE 1 = 1"));
            super::filter::push_scope(c, "a", scope);
            c.sql.push(')');
        }
        other => super::filter::push_scope(c, p, other),
    }
}

/// `AND` the filter over lesson rows aliased `p` (the student filter: lessons they attended).
pub(crate) fn push_lesson_filter(c: &mut Conditions, p: &str, f: &Filter, now: i64) {
    let without_student = Filter { student: None, ..f.clone() };
    push_filter(c, p, "start_at", &without_student, now);
    push_lesson_minutes(c, p, f);
    if let Some(student) = &f.student {
        c.sql.push_str(&format!(" AND {p}.lesson_id IN (SELECT a.lesson_id FROM attendance a WHERE 1 = 1"));
        super::filter::push_student(c, "a", student);
        c.sql.push(')');
    }
}

/// The lessons of a side within scope and filter, with the preparation filter sets (alias `p`).
fn lessons_of(side: Side, scope: &Scope, f: &Filter, now: i64) -> Conditions {
    let mut c = Conditions::new();
    c.sql.push_str(" WHERE 1 = 1");
    c.sql.push_str(&side.condition("p"));
    push_lesson_scope(&mut c, "p", scope);
    push_lesson_filter(&mut c, "p", f, now);
    let a = &f.activity;
    let flag = |c: &mut Conditions, want: Option<bool>, test: &str| {
        if let Some(want) = want {
            c.sql.push_str(&format!(" AND {}({test})", if want { "" } else { "NOT " }));
        }
    };
    flag(&mut c, a.bound, "p.bound_resources > 0");
    flag(&mut c, a.published, "p.published_resources > 0");
    flag(&mut c, a.recycle_resource, "p.recycled_resources > 0");
    flag(&mut c, a.recycled, "p.recycle_collections > 0");
    flag(&mut c, a.feedback_sent, "EXISTS (SELECT 1 FROM feedback_reports r WHERE r.lesson_id = p.lesson_id AND r.submitted_at IS NOT NULL)");
    c.push_in("p.no_recycle_cause", &a.no_recycle_causes);
    c
}

/// The aggregate columns over lesson rows `p`: lessons, bound, recycled, collections, sent,
/// published, recycled resources.
fn figures_select() -> String {
    format!(
        "COUNT(*), {}, {}, {}, {}, {}, {}",
        sum("CASE WHEN p.bound_resources > 0 THEN 1 ELSE 0 END"),
        sum("CASE WHEN p.recycle_collections > 0 THEN 1 ELSE 0 END"),
        sum("p.recycle_collections"),
        sum(SENT_REPORTS),
        sum("p.published_resources"),
        sum("p.recycled_resources"),
    )
}

pub async fn summary(db: &Db, side: Side, scope: &Scope, f: &Filter, now: i64) -> Result<PrepSummary> {
    let c = lessons_of(side, scope, f, now);
    let (sql, args) = c.finish(&format!("SELECT COUNT(DISTINCT p.teacher_id), {} FROM lesson_preps p", figures_select()), "");
    let (teachers, lessons, bound, recycled, collections, sent, published, recycle_resources): (i64, i64, i64, i64, i64, i64, i64, i64) =
        sqlx::query_as_with(&sql, args).fetch_one(db.pool()).await?;
    Ok(PrepSummary {
        teacher_count: teachers,
        lesson_count: lessons,
        bind_res_lesson_count: bound,
        bind_res_lesson_count_rate: rate(bound, lessons),
        is_recycle_count: recycled,
        is_recycle_rate: rate(recycled, lessons),
        recycle_collection_count: collections,
        send_feedback_report_count: sent,
        publish_resource: published,
        recycle_resource: recycle_resources,
    })
}

/// (teacher, lessons, bound, recycled, collections, sent, published, recycled resources).
type TeacherFigures = (i64, i64, i64, i64, i64, i64, i64, i64);

/// Every teacher's row (unsorted); the caller sorts and pages.
pub async fn teachers(db: &Db, side: Side, scope: &Scope, f: &Filter, now: i64) -> Result<Vec<PrepTeacherRow>> {
    let c = lessons_of(side, scope, f, now);
    let (sql, args) = c.finish(&format!("SELECT p.teacher_id, {} FROM lesson_preps p", figures_select()), " GROUP BY p.teacher_id");
    let rows: Vec<TeacherFigures> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
    let people = people(db, &ids, now).await?;
    Ok(rows
        .into_iter()
        .map(|(id, lessons, bound, recycled, collections, sent, published, recycle_resources)| {
            let person = people.get(&id).cloned().unwrap_or_default();
            PrepTeacherRow {
                teacher_id: id,
                teacher_name: person.name,
                teacher_email: person.email,
                school_name: person.school_name,
                lesson_count: lessons,
                bind_res_lesson_count: bound,
                bind_res_lesson_count_rate: rate(bound, lessons),
                is_recycle_count: recycled,
                recycle_collection_count: collections,
                send_feedback_report_count: sent,
                publish_resource: published,
                recycle_resource: recycle_resources,
                teacher_teach_time: person.teaching_days,
                teacher_company_time: person.company_days,
            }
        })
        .collect())
}

/// Sorts teacher rows by a sortable prop (default: most lessons first), ties by id.
pub fn sort_teachers(rows: &mut [PrepTeacherRow], sort: Option<&(String, bool)>) {
    let value = |r: &PrepTeacherRow, field: &str| -> f64 {
        match field {
            "bindResLessonCount" => r.bind_res_lesson_count as f64,
            "bindResLessonCountRate" => r.bind_res_lesson_count_rate,
            "isRecycleCount" => r.is_recycle_count as f64,
            "recycleCollectionCount" => r.recycle_collection_count as f64,
            "sendFeedbackReportCount" => r.send_feedback_report_count as f64,
            "teacherTeachTime" => r.teacher_teach_time as f64,
            _ => r.lesson_count as f64,
        }
    };
    let (field, asc) = sort.map(|(f, a)| (f.as_str(), *a)).unwrap_or(("lessonCount", false));
    rows.sort_by(|a, b| {
        let order = value(a, field).total_cmp(&value(b, field));
        (if asc { order } else { order.reverse() }).then(a.teacher_id.cmp(&b.teacher_id))
    });
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Person {
    pub name: String,
    pub email: String,
    pub school_name: String,
    pub dept_name: String,
    pub active: bool,
    pub teaching_days: i64,
    pub company_days: i64,
}

/// (id, name, e-mail, school, department, active, teaching since, hired at).
type PersonRow = (i64, String, String, String, String, i64, i64, i64);

/// Names, school and tenure (days, as of `now`) of staff.
pub(crate) async fn people(db: &Db, ids: &[i64], now: i64) -> Result<HashMap<i64, Person>> {
    let mut out = HashMap::new();
    for chunk in ids.chunks(1000) {
        let mut c = Conditions::new();
        c.sql.push_str(" WHERE 1 = 1");
        c.push_in("u.id", chunk);
        let (sql, args) = c.finish(
            "SELECT u.id, u.name, u.email, COALESCE(sc.name, ''), COALESCE(st.dept_name, ''), COALESCE(st.active, 1), COALESCE(st.teaching_since, 0), \
             COALESCE(st.hired_at, 0) FROM users u LEFT JOIN staff st ON st.user_id = u.id LEFT JOIN schools sc ON sc.id = st.school_id",
            "",
        );
        let rows: Vec<PersonRow> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
        for (id, name, email, school_name, dept_name, active, since, hired) in rows {
            let days = |at: i64| if at > 0 { (now - at).max(0) / super::calendar::DAY_MS } else { 0 };
            out.insert(id, Person { name, email, school_name, dept_name, active: active != 0, teaching_days: days(since), company_days: days(hired) });
        }
    }
    Ok(out)
}

pub async fn lessons_count(db: &Db, side: Side, scope: &Scope, f: &Filter, now: i64) -> Result<i64> {
    let (sql, args) = lessons_of(side, scope, f, now).finish("SELECT COUNT(*) FROM lesson_preps p", "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

#[derive(FromRow)]
struct LessonFound {
    lesson_id: i64,
    start_at: i64,
    minutes: i64,
    teacher_id: i64,
    subject: i64,
    class_code: String,
    class_name: String,
    school_name: String,
    student_count: i64,
    bound_resources: i64,
    published_resources: i64,
    recycled_resources: i64,
    recycle_collections: i64,
    no_recycle_cause: i64,
    sent: i64,
}

/// Lesson rows `offset..offset + limit` in the asked order.
pub async fn lessons_page(db: &Db, side: Side, scope: &Scope, f: &Filter, now: i64, offset: i64, limit: i64) -> Result<Vec<PrepLessonRow>> {
    let c = lessons_of(side, scope, f, now);
    let order = f.order_by(LESSON_SORTABLE, LESSON_ORDER);
    let (sql, args) = c.finish(
        &format!(
            "SELECT p.lesson_id, p.start_at, p.minutes, p.teacher_id, p.subject, cl.code AS class_code, cl.name AS class_name, \
             COALESCE(sc.name, '') AS school_name, (SELECT COUNT(*) FROM attendance a WHERE a.lesson_id = p.lesson_id AND a.status IN ({}, {})) AS student_count, \
             p.bound_resources, p.published_resources, p.recycled_resources, p.recycle_collections, p.no_recycle_cause, {SENT_REPORTS} AS sent \
             FROM lesson_preps p JOIN classes cl ON cl.id = p.class_id LEFT JOIN schools sc ON sc.id = p.school_id",
            dict::ATTEND_PRESENT,
            dict::ATTEND_LATE
        ),
        &format!(" ORDER BY {order} LIMIT {limit} OFFSET {offset}"),
    );
    let found: Vec<LessonFound> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let mut ids: Vec<i64> = found.iter().map(|r| r.teacher_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let people = people(db, &ids, now).await?;
    let yes_no = |b: bool| dict::name_of(&dict::YES_NO, i64::from(b)).to_owned();
    Ok(found
        .into_iter()
        .map(|r| {
            let person = people.get(&r.teacher_id).cloned().unwrap_or_default();
            PrepLessonRow {
                lesson_id: r.lesson_id,
                lesson_time: r.start_at,
                lesson_time_desc: super::lesson_span(r.start_at, r.minutes),
                class_code: r.class_code,
                class_name: r.class_name,
                subject_name: subject_name(r.subject),
                school_name: r.school_name,
                teacher_name: person.name,
                teacher_email: person.email,
                student_count: r.student_count,
                bind_resource_count: r.bound_resources,
                bind_res_lesson_desc: yes_no(r.bound_resources > 0),
                publish_resource: r.published_resources,
                recycle_resource: r.recycled_resources,
                is_recycle_desc: yes_no(r.recycle_collections > 0),
                recycle_collection_count: r.recycle_collections,
                no_recycle_cause: r.no_recycle_cause,
                no_recycle_cause_desc: dict::name_of(&dict::NO_RECYCLE_CAUSES, r.no_recycle_cause).to_owned(),
                send_feedback_report_count: r.sent,
                teacher_teach_time: person.teaching_days,
                teacher_company_time: person.company_days,
            }
        })
        .collect())
}

/// For the usage reports: per teacher, (lessons, lessons with resources bound, resources
/// bound, reports sent) over the lessons of `class_types` (empty = all).
pub(crate) async fn usage_figures(db: &Db, class_types: &[i64], scope: &Scope, f: &Filter, now: i64) -> Result<HashMap<i64, (i64, i64, i64, i64)>> {
    let mut c = Conditions::new();
    c.sql.push_str(" WHERE 1 = 1");
    c.push_in("p.class_type", class_types);
    push_lesson_scope(&mut c, "p", scope);
    push_lesson_filter(&mut c, "p", f, now);
    let (sql, args) = c.finish(
        &format!(
            "SELECT p.teacher_id, COUNT(*), {}, {}, {} FROM lesson_preps p",
            sum("CASE WHEN p.bound_resources > 0 THEN 1 ELSE 0 END"),
            sum("p.bound_resources"),
            sum(SENT_REPORTS)
        ),
        " GROUP BY p.teacher_id",
    );
    let rows: Vec<(i64, i64, i64, i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(rows.into_iter().map(|(t, a, b, c, d)| (t, (a, b, c, d))).collect())
}
