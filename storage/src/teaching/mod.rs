//! Teaching: students, classes, lessons and the quality checks of lessons; the teaching
//! service's views of them (`mine`: whose they are; `schedule`, `students`, `classes`,
//! `reports`: the caller's own).

pub mod classes;
pub mod mine;
pub mod reports;
pub mod schedule;
pub mod students;

use protocol::dictionary::REPORT_STAGES;
use sqlx::FromRow;

use crate::{now_ms, Db, Result};

pub const CLASS_ONE_TO_ONE: i64 = 1;
pub const CLASS_SMALL_GROUP: i64 = 2;
pub const CLASS_CLASS: i64 = 3;

#[derive(Debug, Clone, FromRow)]
pub struct StudentRow {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub grade: String,
    pub school_id: i64,
}

#[derive(Debug, Clone, FromRow)]
pub struct ClassRow {
    pub id: i64,
    pub name: String,
    pub teacher_id: i64,
    pub school_id: i64,
    pub stage: i64,
    pub subject: i64,
    pub class_type: i64,
    pub student_count: i64,
}

#[derive(Debug, Clone, FromRow)]
pub struct LessonRow {
    pub id: i64,
    pub class_id: i64,
    pub class_name: String,
    pub class_type: i64,
    pub title: String,
    pub start_at: i64,
    pub end_at: i64,
}

pub async fn add_student(db: &Db, code: &str, name: &str, grade: &str, school_id: i64) -> Result<i64> {
    Ok(sqlx::query_scalar("INSERT INTO students (code, name, grade, school_id, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id")
        .bind(code)
        .bind(name)
        .bind(grade)
        .bind(school_id)
        .bind(now_ms())
        .fetch_one(db.pool())
        .await?)
}

pub struct NewClass<'a> {
    pub name: &'a str,
    pub teacher_id: i64,
    pub school_id: i64,
    pub stage: i64,
    pub subject: i64,
    pub class_type: i64,
    pub students: &'a [i64],
}

pub async fn add_class(db: &Db, class: &NewClass<'_>) -> Result<i64> {
    let mut tx = db.begin().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO classes (name, teacher_id, school_id, stage, subject, class_type, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(class.name)
    .bind(class.teacher_id)
    .bind(class.school_id)
    .bind(class.stage)
    .bind(class.subject)
    .bind(class.class_type)
    .bind(now_ms())
    .fetch_one(&mut *tx)
    .await?;
    for student in class.students {
        sqlx::query("INSERT INTO class_students (class_id, student_id) VALUES ($1, $2)").bind(id).bind(student).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(id)
}

pub async fn add_lesson(db: &Db, class_id: i64, teacher_id: i64, title: &str, start_at: i64, end_at: i64) -> Result<i64> {
    Ok(sqlx::query_scalar("INSERT INTO lessons (class_id, teacher_id, title, start_at, end_at) VALUES ($1, $2, $3, $4, $5) RETURNING id")
        .bind(class_id)
        .bind(teacher_id)
        .bind(title)
        .bind(start_at)
        .bind(end_at)
        .fetch_one(db.pool())
        .await?)
}

const CLASS_SELECT: &str = "SELECT c.id, c.name, c.teacher_id, c.school_id, c.stage, c.subject, c.class_type, \
    (SELECT COUNT(*) FROM class_students s WHERE s.class_id = c.id) AS student_count FROM classes c";

/// The teacher's classes, optionally of one type.
pub async fn classes_of(db: &Db, teacher_id: i64, class_type: Option<i64>) -> Result<Vec<ClassRow>> {
    Ok(match class_type {
        Some(t) => {
            sqlx::query_as(&format!("{CLASS_SELECT} WHERE c.teacher_id = $1 AND c.class_type = $2 ORDER BY c.id"))
                .bind(teacher_id)
                .bind(t)
                .fetch_all(db.pool())
                .await?
        }
        None => sqlx::query_as(&format!("{CLASS_SELECT} WHERE c.teacher_id = $1 ORDER BY c.id")).bind(teacher_id).fetch_all(db.pool()).await?,
    })
}

/// The teacher's lessons starting in `[from, to)`, in time order.
pub async fn lessons_of(db: &Db, teacher_id: i64, from: i64, to: i64) -> Result<Vec<LessonRow>> {
    Ok(sqlx::query_as(
        "SELECT l.id, l.class_id, c.name AS class_name, c.class_type, l.title, l.start_at, l.end_at \
         FROM lessons l JOIN classes c ON c.id = l.class_id WHERE l.teacher_id = $1 AND l.start_at >= $2 AND l.start_at < $3 ORDER BY l.start_at, l.id",
    )
    .bind(teacher_id)
    .bind(from)
    .bind(to)
    .fetch_all(db.pool())
    .await?)
}

/// A page of the teacher's students in classes of `class_type`, matching `keyword` (name or
/// code) when given; with the total.
pub async fn students_of(
    db: &Db,
    teacher_id: i64,
    class_type: Option<i64>,
    keyword: Option<&str>,
    page_no: i64,
    page_size: i64,
) -> Result<(Vec<StudentRow>, i64)> {
    let pattern = keyword.map(|k| format!("%{}%", k.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"))).unwrap_or_else(|| "%".into());
    let type_filter = class_type.unwrap_or(-1);
    let from = "FROM students s WHERE s.id IN (SELECT cs.student_id FROM class_students cs JOIN classes c ON c.id = cs.class_id \
        WHERE c.teacher_id = $1 AND ($2 = -1 OR c.class_type = $2)) AND (s.name LIKE $3 ESCAPE '\\' OR s.code LIKE $3 ESCAPE '\\')";
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {from}")).bind(teacher_id).bind(type_filter).bind(&pattern).fetch_one(db.pool()).await?;
    let rows: Vec<StudentRow> = sqlx::query_as(&format!("SELECT s.id, s.code, s.name, s.grade, s.school_id {from} ORDER BY s.code LIMIT $4 OFFSET $5"))
        .bind(teacher_id)
        .bind(type_filter)
        .bind(&pattern)
        .bind(page_size)
        .bind((page_no - 1).max(0) * page_size)
        .fetch_all(db.pool())
        .await?;
    Ok((rows, total))
}

/// The stage of a feedback report as its teacher follows it (a `REPORT_STAGES` entry): opened
/// by the family, else sent (its preview shared), else its written status.
pub fn report_stage(status: i64, exported_at: Option<i64>, opened_at: Option<i64>) -> (&'static str, &'static str) {
    let index = if opened_at.is_some() {
        4
    } else if exported_at.is_some() {
        3
    } else {
        status.clamp(0, 2) as usize
    };
    REPORT_STAGES[index]
}
