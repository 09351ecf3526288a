//! The caller's classes (offline, and online for class type 4) and an offline class's page:
//! its students with their attendance and reports, and its lessons.

use protocol::dictionary as dict;
use protocol::dto::teaching::{ClassDetail, ClassStudent, MyClassRow};
use sqlx::FromRow;

use super::mine::Mine;
use super::schedule::{grade_of, LessonFacts, OFFLINE_LESSONS};
use crate::datacentre::{subject_name, Scope};
use crate::reports::{Bind, Conditions};
use crate::{Db, Result};

/// The class type of the online (live) classes in the teaching service.
pub const ONLINE_CLASS_TYPE: i64 = 4;

#[derive(Debug, Clone, Default)]
pub struct ClassQuery {
    pub keyword: Option<String>,
    pub class_type: Option<i64>,
    /// Some(true): a lesson is still to come; Some(false): none is.
    pub ongoing: Option<bool>,
}

#[derive(FromRow)]
struct ClassFacts {
    id: i64,
    code: String,
    name: String,
    class_type: i64,
    subject: i64,
    grade_code: i64,
    teacher_name: String,
    school_name: Option<String>,
    area_name: Option<String>,
    student_count: i64,
    lesson_count: i64,
    held_count: i64,
    first_lesson_at: Option<i64>,
    last_lesson_at: Option<i64>,
    next_lesson_at: Option<i64>,
}

impl ClassFacts {
    fn into_row(self, online: bool) -> MyClassRow {
        MyClassRow {
            id: self.id,
            online,
            code: self.code,
            name: self.name,
            class_type: self.class_type,
            class_type_name: dict::name_of(&dict::CLASS_TYPES, self.class_type).to_owned(),
            subject_name: subject_name(self.subject),
            grade_name: dict::grade_name(self.grade_code).to_owned(),
            teacher_name: self.teacher_name,
            school_name: self.school_name.unwrap_or_default(),
            area_name: self.area_name.unwrap_or_default(),
            student_count: self.student_count,
            lesson_count: self.lesson_count,
            held_count: self.held_count,
            first_lesson_time: self.first_lesson_at.unwrap_or(0),
            last_lesson_time: self.last_lesson_at.unwrap_or(0),
            next_lesson_time: self.next_lesson_at.unwrap_or(0),
        }
    }
}

/// Offline classes aliased `cl` at `now` (an integer we computed, written in as a number).
fn offline_select(now: i64) -> String {
    format!(
        "SELECT cl.id, cl.code, cl.name, cl.class_type, cl.subject, cl.grade_code, u.name AS teacher_name, sc.name AS school_name, ar.name AS area_name, \
         (SELECT COUNT(*) FROM class_students cs WHERE cs.class_id = cl.id AND cs.left_at IS NULL) AS student_count, \
         (SELECT COUNT(*) FROM lessons l WHERE l.class_id = cl.id AND l.status <> 2) AS lesson_count, \
         (SELECT COUNT(*) FROM lessons l WHERE l.class_id = cl.id AND l.status = 1) AS held_count, \
         (SELECT MIN(l.start_at) FROM lessons l WHERE l.class_id = cl.id AND l.status <> 2) AS first_lesson_at, \
         (SELECT MAX(l.start_at) FROM lessons l WHERE l.class_id = cl.id AND l.status <> 2) AS last_lesson_at, \
         (SELECT MIN(l.start_at) FROM lessons l WHERE l.class_id = cl.id AND l.status = 0 AND l.start_at >= {now}) AS next_lesson_at \
         FROM classes cl JOIN users u ON u.id = cl.teacher_id LEFT JOIN schools sc ON sc.id = cl.school_id LEFT JOIN areas ar ON ar.code = cl.area_code \
         WHERE 1 = 1"
    )
}

/// Online classes aliased `cl` (so conditions read the same), class type 4.
fn online_select(now: i64) -> String {
    format!(
        "SELECT cl.id, cl.code, cl.name, 4 AS class_type, cl.subject, cl.grade_code, u.name AS teacher_name, sc.name AS school_name, ar.name AS area_name, \
         (SELECT COUNT(*) FROM online_roster r WHERE r.class_id = cl.id AND r.left_at IS NULL) AS student_count, \
         (SELECT COUNT(*) FROM online_lessons l WHERE l.class_id = cl.id AND l.status <> 2) AS lesson_count, \
         (SELECT COUNT(*) FROM online_lessons l WHERE l.class_id = cl.id AND l.status = 1) AS held_count, \
         (SELECT MIN(l.start_at) FROM online_lessons l WHERE l.class_id = cl.id AND l.status <> 2) AS first_lesson_at, \
         (SELECT MAX(l.start_at) FROM online_lessons l WHERE l.class_id = cl.id AND l.status <> 2) AS last_lesson_at, \
         (SELECT MIN(l.start_at) FROM online_lessons l WHERE l.class_id = cl.id AND l.status = 0 AND l.start_at >= {now}) AS next_lesson_at \
         FROM online_classes cl JOIN users u ON u.id = cl.teacher_id LEFT JOIN schools sc ON sc.id = cl.school_id LEFT JOIN areas ar ON ar.code = cl.area_code \
         WHERE 1 = 1"
    )
}

/// A page of my classes — ongoing first (by their next lesson), then the finished ones, newest
/// first — with the total.
pub async fn page(db: &Db, mine: Mine, query: &ClassQuery, now: i64, page_no: i64, page_size: i64) -> Result<(Vec<MyClassRow>, i64)> {
    let online = query.class_type == Some(ONLINE_CLASS_TYPE);
    let lessons_table = if online { "online_lessons" } else { "lessons" };
    let mut c = Conditions::new();
    c.sql.push_str(&if online { mine.online_classes("cl") } else { mine.classes("cl") });
    if let Some(keyword) = &query.keyword {
        c.push_like_any(&["cl.name", "cl.code"], keyword);
    }
    if let Some(class_type) = query.class_type.filter(|_| !online) {
        c.push(" AND cl.class_type = ", Bind::Int(class_type));
    }
    let upcoming = format!("EXISTS (SELECT 1 FROM {lessons_table} l WHERE l.class_id = cl.id AND l.status = 0 AND l.start_at >= {now})");
    match query.ongoing {
        Some(true) => c.sql.push_str(&format!(" AND {upcoming}")),
        Some(false) => c.sql.push_str(&format!(" AND NOT {upcoming}")),
        None => {}
    }
    let table = if online { "online_classes" } else { "classes" };
    let (count_sql, count_args) = c.clone().finish(&format!("SELECT COUNT(*) FROM {table} cl WHERE 1 = 1"), "");
    let total: i64 = sqlx::query_scalar_with(&count_sql, count_args).fetch_one(db.pool()).await?;
    let select = if online { online_select(now) } else { offline_select(now) };
    // Ongoing classes first, by their next lesson; then the others, latest first.
    let order = format!(
        " ORDER BY CASE WHEN {upcoming} THEN 0 ELSE 1 END, \
         (SELECT MIN(l.start_at) FROM {lessons_table} l WHERE l.class_id = cl.id AND l.status = 0 AND l.start_at >= {now}), \
         (SELECT MAX(l.start_at) FROM {lessons_table} l WHERE l.class_id = cl.id) DESC, cl.id DESC LIMIT {page_size} OFFSET {}",
        (page_no - 1).max(0) * page_size
    );
    let (sql, args) = c.finish(&select, &order);
    let rows: Vec<ClassFacts> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok((rows.into_iter().map(|r| r.into_row(online)).collect(), total))
}

#[derive(FromRow)]
struct MemberFacts {
    id: i64,
    code: String,
    name: String,
    grade_code: i64,
    grade: String,
    joined_at: i64,
    left_at: Option<i64>,
    due_lessons: i64,
    present: i64,
    late: i64,
    absent: i64,
    on_leave: i64,
    report_count: i64,
    submitted_count: i64,
}

/// An offline class's page if the caller may open it: one of theirs (a teacher's class, or one
/// they gave a lesson of), or within their scope.
pub async fn detail(db: &Db, mine: Mine, scope: &Scope, class_id: i64, now: i64) -> Result<Option<ClassDetail>> {
    let condition = Mine::or_within(
        match mine {
            Mine::Teacher(t) => format!(" AND (cl.teacher_id = {t} OR cl.id IN (SELECT class_id FROM lessons WHERE teacher_id = {t}))"),
            _ => mine.classes("cl"),
        },
        scope,
        "cl",
    );
    let Some(class) =
        sqlx::query_as::<_, ClassFacts>(&format!("{} AND cl.id = $1{condition}", offline_select(now))).bind(class_id).fetch_optional(db.pool()).await?
    else {
        return Ok(None);
    };
    let students: Vec<MemberFacts> = sqlx::query_as(
        "SELECT s.id, s.code, s.name, s.grade_code, s.grade, cs.joined_at, cs.left_at, \
         (SELECT COUNT(*) FROM attendance a WHERE a.class_id = cs.class_id AND a.student_id = s.id) AS due_lessons, \
         (SELECT COUNT(*) FROM attendance a WHERE a.class_id = cs.class_id AND a.student_id = s.id AND a.status = 1) AS present, \
         (SELECT COUNT(*) FROM attendance a WHERE a.class_id = cs.class_id AND a.student_id = s.id AND a.status = 2) AS late, \
         (SELECT COUNT(*) FROM attendance a WHERE a.class_id = cs.class_id AND a.student_id = s.id AND a.status = 3) AS absent, \
         (SELECT COUNT(*) FROM attendance a WHERE a.class_id = cs.class_id AND a.student_id = s.id AND a.status = 4) AS on_leave, \
         (SELECT COUNT(*) FROM feedback_reports r JOIN lessons l ON l.id = r.lesson_id WHERE l.class_id = cs.class_id AND r.student_id = s.id) AS report_count, \
         (SELECT COUNT(*) FROM feedback_reports r JOIN lessons l ON l.id = r.lesson_id WHERE l.class_id = cs.class_id AND r.student_id = s.id AND r.status = 2) \
           AS submitted_count \
         FROM class_students cs JOIN students s ON s.id = cs.student_id WHERE cs.class_id = $1 ORDER BY cs.left_at IS NOT NULL, s.code",
    )
    .bind(class_id)
    .fetch_all(db.pool())
    .await?;
    let lessons: Vec<LessonFacts> =
        sqlx::query_as(&format!("{OFFLINE_LESSONS} AND l.class_id = $1 ORDER BY l.start_at, l.id")).bind(class_id).fetch_all(db.pool()).await?;
    Ok(Some(ClassDetail {
        class: class.into_row(false),
        students: students
            .into_iter()
            .map(|s| ClassStudent {
                student_id: s.id,
                student_code: s.code,
                student_name: s.name,
                grade_name: grade_of(s.grade_code, &s.grade),
                joined_time: s.joined_at,
                left_time: s.left_at.unwrap_or(0),
                due_lessons: s.due_lessons,
                present: s.present,
                late: s.late,
                absent: s.absent,
                leave: s.on_leave,
                report_count: s.report_count,
                submitted_count: s.submitted_count,
            })
            .collect(),
        lessons: lessons.into_iter().map(|l| l.into_lesson(false)).collect(),
    }))
}
