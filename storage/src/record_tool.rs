//! Lesson visits (听课记录, the record tools): the record sheet, visits of offline lessons with
//! their scores, timeline and summary, and the visitor's rating of each student.
//!
//! Which lessons and visits a caller reaches is decided by the access layer and handed in as a
//! condition on the lesson's class `cl` (`teaching::mine::reach`).

use protocol::dictionary as dict;
use protocol::dto::record_tool::{LayoutDimension, VisitNote, VisitRow, VisitScore, VisitStudent, VisitableLesson};
use protocol::dto::teaching::ScheduleLesson;
use sqlx::FromRow;

use crate::datacentre::{subject_name, Scope};
use crate::teaching::mine::Mine;
use crate::teaching::schedule::{self, LessonFacts, OFFLINE_LESSONS};
use crate::{Db, Result};

/// The record sheet, in order.
pub async fn layout(db: &Db) -> Result<Vec<LayoutDimension>> {
    let rows: Vec<(String, String, String, i64)> =
        sqlx::query_as("SELECT dimension_key, name, description, max_score FROM lesson_visit_layout ORDER BY position").fetch_all(db.pool()).await?;
    Ok(rows.into_iter().map(|(key, name, description, max_score)| LayoutDimension { key, name, description, max_score }).collect())
}

/// Replaces the record sheet (checked by the caller).
pub async fn save_layout(db: &Db, dimensions: &[LayoutDimension]) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    sqlx::query("DELETE FROM lesson_visit_layout").execute(&mut *tx).await?;
    for (position, d) in dimensions.iter().enumerate() {
        sqlx::query("INSERT INTO lesson_visit_layout (position, dimension_key, name, description, max_score) VALUES ($1, $2, $3, $4, $5)")
            .bind(position as i64 + 1)
            .bind(&d.key)
            .bind(&d.name)
            .bind(&d.description)
            .bind(d.max_score)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// A lesson as a visit needs it: its row for pages, and whose school and teacher it is.
pub struct VisitedLesson {
    pub lesson: ScheduleLesson,
    pub school_name: String,
    pub teacher_id: i64,
}

async fn school_name(db: &Db, school_id: i64) -> Result<String> {
    let name: Option<String> = sqlx::query_scalar("SELECT name FROM schools WHERE id = $1").bind(school_id).fetch_optional(db.pool()).await?;
    Ok(name.unwrap_or_default())
}

async fn into_visited(db: &Db, facts: LessonFacts) -> Result<VisitedLesson> {
    let school_name = school_name(db, facts.school_id).await?;
    let teacher_id = facts.teacher_id;
    Ok(VisitedLesson { lesson: facts.into_lesson(false), school_name, teacher_id })
}

/// The offline lesson `id` if `reach` (a condition on `cl`) lets the caller at it.
pub async fn lesson(db: &Db, reach: &str, id: i64) -> Result<Option<VisitedLesson>> {
    let facts: Option<LessonFacts> = sqlx::query_as(&format!("{OFFLINE_LESSONS} AND l.id = $1{reach}")).bind(id).fetch_optional(db.pool()).await?;
    match facts {
        Some(facts) => Ok(Some(into_visited(db, facts).await?)),
        None => Ok(None),
    }
}

/// The offline lessons starting in `[from, to)` within `reach`, with the visits they have.
pub async fn visitable(db: &Db, reach: &str, visitor_id: i64, from: i64, to: i64) -> Result<Vec<VisitableLesson>> {
    let lessons: Vec<LessonFacts> = sqlx::query_as(&format!("{OFFLINE_LESSONS} AND l.start_at >= $1 AND l.start_at < $2{reach} ORDER BY l.start_at, l.id"))
        .bind(from)
        .bind(to)
        .fetch_all(db.pool())
        .await?;
    let mut out = Vec::with_capacity(lessons.len());
    for facts in lessons {
        let (visit_count, my_visit_id): (i64, Option<i64>) = sqlx::query_as(
            "SELECT COUNT(*), (SELECT MAX(v.id) FROM lesson_visits v WHERE v.lesson_id = $1 AND v.visitor_id = $2) FROM lesson_visits WHERE lesson_id = $1",
        )
        .bind(facts.id)
        .bind(visitor_id)
        .fetch_one(db.pool())
        .await?;
        let visited = into_visited(db, facts).await?;
        out.push(VisitableLesson { lesson: visited.lesson, school_name: visited.school_name, my_visit_id: my_visit_id.unwrap_or(0), visit_count });
    }
    Ok(out)
}

/// A visit as stored.
#[derive(Debug, Clone, FromRow)]
pub struct VisitRecord {
    pub id: i64,
    pub lesson_id: i64,
    pub visitor_id: i64,
    pub visitor_name: String,
    pub status: i64,
    pub started_at: i64,
    pub finished_at: i64,
    /// Changes that read a visit write only if it is as they read it (`save`, `finish`).
    pub updated_at: i64,
    pub scores: String,
    pub notes: String,
    pub summary: String,
}

impl VisitRecord {
    pub fn scores(&self) -> Vec<VisitScore> {
        serde_json::from_str(&self.scores).unwrap_or_default()
    }

    pub fn notes(&self) -> Vec<VisitNote> {
        serde_json::from_str(&self.notes).unwrap_or_default()
    }
}

const VISIT: &str =
    "SELECT v.id, v.lesson_id, v.visitor_id, u.name AS visitor_name, v.status, v.started_at, v.finished_at, v.updated_at, v.scores, v.notes, v.summary \
    FROM lesson_visits v JOIN users u ON u.id = v.visitor_id";

pub async fn visit(db: &Db, id: i64) -> Result<Option<VisitRecord>> {
    Ok(sqlx::query_as(&format!("{VISIT} WHERE v.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// The visitor's unfinished visit of the lesson, or a new one scoring `sheet` (one at most:
/// `lesson_visits_open`, so two starts at once end in the same visit).
pub async fn start(db: &Db, lesson_id: i64, visitor_id: i64, sheet: &[LayoutDimension], now: i64) -> Result<i64> {
    let _turn = db.write_turn().await;
    let scores: Vec<VisitScore> = sheet
        .iter()
        .map(|d| VisitScore { key: d.key.clone(), name: d.name.clone(), description: d.description.clone(), max_score: d.max_score, score: None })
        .collect();
    sqlx::query(
        "INSERT INTO lesson_visits (lesson_id, visitor_id, status, started_at, updated_at, scores) VALUES ($1, $2, 0, $3, $3, $4) ON CONFLICT DO NOTHING",
    )
    .bind(lesson_id)
    .bind(visitor_id)
    .bind(now)
    .bind(serde_json::to_string(&scores).expect("scores serialise"))
    .execute(db.pool())
    .await?;
    let id: i64 = sqlx::query_scalar("SELECT id FROM lesson_visits WHERE lesson_id = $1 AND visitor_id = $2 AND status = 0")
        .bind(lesson_id)
        .bind(visitor_id)
        .fetch_one(db.pool())
        .await?;
    Ok(id)
}

/// Stores the record as the visitor has it now, if it is still being recorded and unchanged
/// since `read` (`false`: finished or changed meanwhile).
pub async fn save(db: &Db, read: &VisitRecord, scores: &[VisitScore], notes: &[VisitNote], summary: &str, now: i64) -> Result<bool> {
    let _turn = db.write_turn().await;
    let changed =
        sqlx::query("UPDATE lesson_visits SET scores = $2, notes = $3, summary = $4, updated_at = $5 WHERE id = $1 AND status = 0 AND updated_at = $6")
            .bind(read.id)
            .bind(serde_json::to_string(scores).expect("scores serialise"))
            .bind(serde_json::to_string(notes).expect("notes serialise"))
            .bind(summary)
            // Saved twice within a millisecond, the second would look unchanged.
            .bind(now.max(read.updated_at + 1))
            .bind(read.updated_at)
            .execute(db.pool())
            .await?
            .rows_affected();
    Ok(changed == 1)
}

/// Finishes a visit being recorded, as `read` (checked complete) was (`false`: finished or
/// changed meanwhile).
pub async fn finish(db: &Db, read: &VisitRecord, now: i64) -> Result<bool> {
    let _turn = db.write_turn().await;
    let changed = sqlx::query("UPDATE lesson_visits SET status = 1, finished_at = $2, updated_at = $2 WHERE id = $1 AND status = 0 AND updated_at = $3")
        .bind(read.id)
        .bind(now.max(read.updated_at + 1))
        .bind(read.updated_at)
        .execute(db.pool())
        .await?
        .rows_affected();
    Ok(changed == 1)
}

pub async fn delete(db: &Db, id: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    sqlx::query("DELETE FROM lesson_visit_students WHERE visit_id = $1").bind(id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM lesson_visits WHERE id = $1").bind(id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

#[derive(FromRow)]
struct Rating {
    student_id: i64,
    attention: i64,
    note: String,
}

/// The visited lesson's students (its class's at the start, or recorded at it) with their
/// attendance and the visitor's ratings.
pub async fn students(db: &Db, visit: &VisitRecord) -> Result<Vec<VisitStudent>> {
    // The caller's right to the visit is checked: the lesson is read as a whole.
    let Some(detail) = schedule::lesson_detail(db, Mine::Teacher(0), &Scope::All, 0, visit.lesson_id).await? else {
        return Ok(Vec::new());
    };
    let ratings: Vec<Rating> =
        sqlx::query_as("SELECT student_id, attention, note FROM lesson_visit_students WHERE visit_id = $1").bind(visit.id).fetch_all(db.pool()).await?;
    Ok(detail
        .students
        .into_iter()
        .map(|s| {
            let rating = ratings.iter().find(|r| r.student_id == s.student_id);
            let attention = rating.map_or(0, |r| r.attention);
            VisitStudent {
                student_id: s.student_id,
                student_code: s.student_code,
                student_name: s.student_name,
                grade_name: s.grade_name,
                attendance_status: s.attendance_status,
                attendance_name: s.attendance_name,
                attention,
                attention_name: if attention == 0 { String::new() } else { dict::name_of(&dict::VISIT_ATTENTION, attention).to_owned() },
                note: rating.map(|r| r.note.clone()).unwrap_or_default(),
            }
        })
        .collect())
}

/// Rates one student of a visit being recorded (`false`: the visit is not being recorded).
pub async fn rate_student(db: &Db, visit_id: i64, student_id: i64, attention: i64, note: &str, now: i64) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    // Touching the visit first holds its row (PostgreSQL) until the rating is in, so a finish
    // cannot come between.
    let recording =
        sqlx::query("UPDATE lesson_visits SET updated_at = updated_at WHERE id = $1 AND status = 0").bind(visit_id).execute(&mut *tx).await?.rows_affected();
    if recording == 0 {
        return Ok(false);
    }
    if attention == 0 && note.is_empty() {
        sqlx::query("DELETE FROM lesson_visit_students WHERE visit_id = $1 AND student_id = $2").bind(visit_id).bind(student_id).execute(&mut *tx).await?;
    } else {
        sqlx::query(
            "INSERT INTO lesson_visit_students (visit_id, student_id, attention, note, updated_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (visit_id, student_id) DO UPDATE SET attention = excluded.attention, note = excluded.note, updated_at = excluded.updated_at",
        )
        .bind(visit_id)
        .bind(student_id)
        .bind(attention)
        .bind(note)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Which visits a list shows.
pub struct VisitFilter<'a> {
    /// Whose: a condition on the lesson's class `cl` (a manager's reach), or the lesson's
    /// teacher (finished visits only).
    pub reach: Reach<'a>,
    pub from: i64,
    pub to: i64,
    pub status: Option<i64>,
    pub visitor_id: Option<i64>,
    pub keyword: Option<&'a str>,
    pub lesson_id: Option<i64>,
}

pub enum Reach<'a> {
    /// A manager's reach (a condition on `cl`), and the manager's own id.
    Within(&'a str, i64),
    TeacherOf(i64),
}

#[derive(FromRow)]
struct VisitListRow {
    id: i64,
    lesson_id: i64,
    class_code: String,
    class_name: String,
    subject: i64,
    teacher_name: String,
    school_name: Option<String>,
    title: String,
    start_at: i64,
    visitor_id: i64,
    visitor_name: String,
    status: i64,
    started_at: i64,
    finished_at: i64,
    scores: String,
}

/// A page of visits, newest lesson first; `may_delete` tells whether the caller may delete a
/// visit by its visitor.
pub async fn list(db: &Db, filter: &VisitFilter<'_>, may_delete: impl Fn(i64) -> bool, page_no: i64, page_size: i64) -> Result<(Vec<VisitRow>, i64)> {
    let mut conditions = String::from(" AND l.start_at >= $1 AND l.start_at < $2");
    match filter.reach {
        // A manager's reach, and the finished visits of their own lessons, as for a teacher.
        Reach::Within(reach, teacher) => {
            conditions.push_str(&format!(" AND (((1 = 1{reach}) AND l.teacher_id <> {teacher}) OR (l.teacher_id = {teacher} AND v.status = 1))"))
        }
        Reach::TeacherOf(teacher) => conditions.push_str(&format!(" AND l.teacher_id = {teacher} AND v.status = 1")),
    }
    if let Some(status) = filter.status {
        conditions.push_str(&format!(" AND v.status = {status}"));
    }
    if let Some(visitor) = filter.visitor_id {
        conditions.push_str(&format!(" AND v.visitor_id = {visitor}"));
    }
    if let Some(lesson) = filter.lesson_id {
        conditions.push_str(&format!(" AND v.lesson_id = {lesson}"));
    }
    // An empty pattern matches every visit.
    conditions.push_str(" AND ($3 = '' OR LOWER(t.name) LIKE $3 ESCAPE '!' OR LOWER(cl.name) LIKE $3 ESCAPE '!' OR LOWER(cl.code) LIKE $3 ESCAPE '!')");
    let pattern = filter.keyword.map(|k| format!("%{}%", crate::reports::like_escaped(&k.to_lowercase()))).unwrap_or_default();
    let from = format!(
        "FROM lesson_visits v JOIN lessons l ON l.id = v.lesson_id JOIN classes cl ON cl.id = l.class_id JOIN users t ON t.id = l.teacher_id \
         JOIN users vu ON vu.id = v.visitor_id LEFT JOIN schools s ON s.id = cl.school_id WHERE 1 = 1{conditions}"
    );
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {from}")).bind(filter.from).bind(filter.to).bind(&pattern).fetch_one(db.pool()).await?;
    let (limit, offset) = (page_size, (page_no - 1) * page_size);
    let sql = format!(
        "SELECT v.id, v.lesson_id, cl.code AS class_code, cl.name AS class_name, cl.subject, t.name AS teacher_name, s.name AS school_name, \
         l.title, l.start_at, v.visitor_id, vu.name AS visitor_name, v.status, v.started_at, v.finished_at, v.scores \
         {from} ORDER BY l.start_at DESC, v.id DESC LIMIT {limit} OFFSET {offset}"
    );
    let rows: Vec<VisitListRow> = sqlx::query_as(&sql).bind(filter.from).bind(filter.to).bind(&pattern).fetch_all(db.pool()).await?;
    Ok((
        rows.into_iter()
            .map(|r| {
                let scores: Vec<VisitScore> = serde_json::from_str(&r.scores).unwrap_or_default();
                let (total_score, max_total) = totals(&scores);
                VisitRow {
                    id: r.id,
                    lesson_id: r.lesson_id,
                    class_code: r.class_code,
                    class_name: r.class_name,
                    subject_name: subject_name(r.subject),
                    teacher_name: r.teacher_name,
                    school_name: r.school_name.unwrap_or_default(),
                    lesson_title: r.title,
                    lesson_start: r.start_at,
                    visitor_name: r.visitor_name,
                    status: r.status,
                    status_name: dict::name_of(&dict::VISIT_STATUSES, r.status).to_owned(),
                    total_score,
                    max_total,
                    started_at: r.started_at,
                    finished_at: r.finished_at,
                    can_delete: may_delete(r.visitor_id),
                }
            })
            .collect(),
        total,
    ))
}

/// The sum of the scores given, and of the maxima.
pub fn totals(scores: &[VisitScore]) -> (i64, i64) {
    (scores.iter().filter_map(|s| s.score).sum(), scores.iter().map(|s| s.max_score).sum())
}
