//! Teaching outlines (03 §7.1 "Teaching outline", "Library"): units and lessons of a course, each
//! lesson bound to knowledge points and a handout; valid, published outlines make the lecture
//! library of the schools they are given to.

use sqlx::{Any, FromRow, Transaction};

use crate::{now_ms, Db, Result};

#[derive(Debug, Clone, FromRow)]
pub struct OutlineRow {
    pub id: i64,
    pub name: String,
    pub subject: i64,
    pub stage: i64,
    pub class_type: i64,
    pub valid: i64,
    pub status: i64,
    pub school_ids: String,
    pub config: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub unit_count: i64,
    pub lesson_count: i64,
    pub total_hours: i64,
}

impl OutlineRow {
    pub fn school_list(&self) -> Vec<i64> {
        serde_json::from_str(&self.school_ids).unwrap_or_default()
    }
}

const OUTLINE_COLUMNS: &str = "o.id, o.name, o.subject, o.stage, o.class_type, o.valid, o.status, o.school_ids, o.config, o.created_at, o.updated_at, \
     CAST((SELECT COUNT(*) FROM outline_lessons l WHERE l.outline_id = o.id AND l.parent_id = 0) AS BIGINT) AS unit_count, \
     CAST((SELECT COUNT(*) FROM outline_lessons l WHERE l.outline_id = o.id AND l.parent_id <> 0) AS BIGINT) AS lesson_count, \
     CAST((SELECT COALESCE(SUM(l.hours), 0) FROM outline_lessons l WHERE l.outline_id = o.id AND l.parent_id <> 0) AS BIGINT) AS total_hours";

#[derive(Debug, Clone, FromRow)]
pub struct LessonRow {
    pub id: i64,
    pub outline_id: i64,
    pub parent_id: i64,
    pub sort: i64,
    pub title: String,
    pub knowledge_ids: String,
    pub paper_id: Option<i64>,
    pub hours: i64,
}

impl LessonRow {
    pub fn knowledge_list(&self) -> Vec<i64> {
        serde_json::from_str(&self.knowledge_ids).unwrap_or_default()
    }
}

/// A lesson as written (knowledge points already checked).
#[derive(Debug, Clone)]
pub struct NewLesson {
    pub title: String,
    pub hours: i64,
    pub knowledge_ids: Vec<i64>,
    pub paper_id: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct NewUnit {
    pub title: String,
    pub lessons: Vec<NewLesson>,
}

pub struct OutlineFields<'a> {
    pub name: &'a str,
    pub subject: i64,
    pub stage: i64,
    pub class_type: i64,
}

async fn write_units(tx: &mut Transaction<'_, Any>, id: i64, units: &[NewUnit]) -> Result<()> {
    sqlx::query("DELETE FROM outline_lessons WHERE outline_id = $1").bind(id).execute(&mut **tx).await?;
    for (u, unit) in units.iter().enumerate() {
        let unit_id: i64 = sqlx::query_scalar("INSERT INTO outline_lessons (outline_id, parent_id, sort, title, hours) VALUES ($1, 0, $2, $3, 0) RETURNING id")
            .bind(id)
            .bind(u as i64)
            .bind(&unit.title)
            .fetch_one(&mut **tx)
            .await?;
        for (l, lesson) in unit.lessons.iter().enumerate() {
            sqlx::query("INSERT INTO outline_lessons (outline_id, parent_id, sort, title, knowledge_ids, paper_id, hours) VALUES ($1,$2,$3,$4,$5,$6,$7)")
                .bind(id)
                .bind(unit_id)
                .bind(l as i64)
                .bind(&lesson.title)
                .bind(serde_json::to_string(&lesson.knowledge_ids).unwrap_or_else(|_| "[]".into()))
                .bind(lesson.paper_id)
                .bind(lesson.hours)
                .execute(&mut **tx)
                .await?;
        }
    }
    sqlx::query("UPDATE teaching_outlines SET updated_at = $2 WHERE id = $1").bind(id).bind(now_ms()).execute(&mut **tx).await?;
    Ok(())
}

/// Creates (`id` None) or changes an outline; `units`, when given, replace its units and lessons.
pub async fn save(db: &Db, id: Option<i64>, f: &OutlineFields<'_>, units: Option<&[NewUnit]>, by: i64) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let now = now_ms();
    let id = match id {
        Some(id) => {
            sqlx::query("UPDATE teaching_outlines SET name = $2, subject = $3, stage = $4, class_type = $5, updated_at = $6 WHERE id = $1")
                .bind(id)
                .bind(f.name)
                .bind(f.subject)
                .bind(f.stage)
                .bind(f.class_type)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            id
        }
        None => sqlx::query_scalar(
            "INSERT INTO teaching_outlines (name, subject, stage, class_type, created_by, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$6) RETURNING id",
        )
        .bind(f.name)
        .bind(f.subject)
        .bind(f.stage)
        .bind(f.class_type)
        .bind(by)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?,
    };
    if let Some(units) = units {
        write_units(&mut tx, id, units).await?;
    }
    tx.commit().await?;
    Ok(id)
}

/// Replaces an outline's units and lessons.
pub async fn replace_units(db: &Db, id: i64, units: &[NewUnit]) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    write_units(&mut tx, id, units).await?;
    tx.commit().await?;
    Ok(())
}

pub async fn outline(db: &Db, id: i64) -> Result<Option<OutlineRow>> {
    Ok(sqlx::query_as(&format!("SELECT {OUTLINE_COLUMNS} FROM teaching_outlines o WHERE o.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// What an outline list holds.
#[derive(Debug, Clone, Default)]
pub struct OutlineFilter {
    pub subject: Option<i64>,
    pub stage: Option<i64>,
    pub class_type: Option<i64>,
    pub keyword: Option<String>,
    pub valid: Option<bool>,
    /// Only valid, published outlines given to this school (or to every school).
    pub library_of: Option<i64>,
}

fn library_terms(school: i64) -> String {
    format!("o.valid = 1 AND o.status = 1 AND (o.school_ids = '[]' OR (',' || replace(replace(o.school_ids, '[', ''), ']', '') || ',') LIKE '%,{school},%')")
}

/// A page of outlines (newest first) and the total.
pub async fn list(db: &Db, filter: &OutlineFilter, page_no: i64, page_size: i64) -> Result<(Vec<OutlineRow>, i64)> {
    let mut terms = vec!["1 = 1".to_owned()];
    for (column, value) in
        [("o.subject", filter.subject), ("o.stage", filter.stage), ("o.class_type", filter.class_type), ("o.valid", filter.valid.map(i64::from))]
    {
        if let Some(v) = value {
            terms.push(format!("{column} = {v}"));
        }
    }
    if let Some(school) = filter.library_of {
        terms.push(library_terms(school));
    }
    let keyword = filter.keyword.as_deref().map(|k| format!("%{}%", crate::reports::like_escaped(k)));
    if keyword.is_some() {
        terms.push("o.name LIKE $1 ESCAPE '!'".to_owned());
    }
    let terms = terms.join(" AND ");
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM teaching_outlines o WHERE {terms}"))
        .bind(keyword.clone().unwrap_or_default())
        .fetch_one(db.pool())
        .await?;
    let rows = sqlx::query_as(&format!("SELECT {OUTLINE_COLUMNS} FROM teaching_outlines o WHERE {terms} ORDER BY o.id DESC LIMIT $2 OFFSET $3"))
        .bind(keyword.unwrap_or_default())
        .bind(page_size)
        .bind((page_no - 1) * page_size)
        .fetch_all(db.pool())
        .await?;
    Ok((rows, total))
}

/// Whether a school's lecture library holds the outline.
pub fn in_library_of(row: &OutlineRow, school: i64) -> bool {
    row.valid == 1 && row.status == 1 && (row.school_list().is_empty() || row.school_list().contains(&school))
}

pub async fn lessons(db: &Db, outline_id: i64) -> Result<Vec<LessonRow>> {
    Ok(sqlx::query_as(
        "SELECT id, outline_id, parent_id, sort, title, knowledge_ids, paper_id, hours FROM outline_lessons WHERE outline_id = $1 ORDER BY parent_id, sort, id",
    )
    .bind(outline_id)
    .fetch_all(db.pool())
    .await?)
}

pub async fn lesson(db: &Db, id: i64) -> Result<Option<LessonRow>> {
    Ok(sqlx::query_as("SELECT id, outline_id, parent_id, sort, title, knowledge_ids, paper_id, hours FROM outline_lessons WHERE id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?)
}

/// Copies an outline (units, lessons, configuration; not its schools or status) as `name`.
pub async fn copy(db: &Db, id: i64, name: &str, by: i64) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let now = now_ms();
    let copy: i64 = sqlx::query_scalar(
        "INSERT INTO teaching_outlines (name, subject, stage, class_type, config, copied_from, created_by, created_at, updated_at) \
         SELECT $2, subject, stage, class_type, config, id, $3, $4, $4 FROM teaching_outlines WHERE id = $1 RETURNING id",
    )
    .bind(id)
    .bind(name)
    .bind(by)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    let units: Vec<(i64, i64, String)> =
        sqlx::query_as("SELECT id, sort, title FROM outline_lessons WHERE outline_id = $1 AND parent_id = 0").bind(id).fetch_all(&mut *tx).await?;
    for (unit, sort, title) in units {
        let new_unit: i64 =
            sqlx::query_scalar("INSERT INTO outline_lessons (outline_id, parent_id, sort, title, hours) VALUES ($1, 0, $2, $3, 0) RETURNING id")
                .bind(copy)
                .bind(sort)
                .bind(title)
                .fetch_one(&mut *tx)
                .await?;
        sqlx::query(
            "INSERT INTO outline_lessons (outline_id, parent_id, sort, title, knowledge_ids, paper_id, hours) \
             SELECT $1, $2, sort, title, knowledge_ids, paper_id, hours FROM outline_lessons WHERE parent_id = $3",
        )
        .bind(copy)
        .bind(new_unit)
        .bind(unit)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(copy)
}

pub async fn delete(db: &Db, id: i64) -> Result<bool> {
    Ok(sqlx::query("DELETE FROM teaching_outlines WHERE id = $1").bind(id).execute(db.pool()).await?.rows_affected() > 0)
}

/// Sets one column of an outline (`valid`, `status`, `name`, `school_ids`, `config`).
pub async fn set(db: &Db, id: i64, column: OutlineColumn, value: &str) -> Result<()> {
    let column = match column {
        OutlineColumn::Valid => "valid = CAST($2 AS BIGINT)",
        OutlineColumn::Status => "status = CAST($2 AS BIGINT)",
        OutlineColumn::Name => "name = $2",
        OutlineColumn::Schools => "school_ids = $2",
        OutlineColumn::Config => "config = $2",
    };
    sqlx::query(&format!("UPDATE teaching_outlines SET {column}, updated_at = $3 WHERE id = $1"))
        .bind(id)
        .bind(value)
        .bind(now_ms())
        .execute(db.pool())
        .await?;
    Ok(())
}

#[derive(Debug, Clone, Copy)]
pub enum OutlineColumn {
    Valid,
    Status,
    Name,
    Schools,
    Config,
}

pub async fn set_lesson_paper(db: &Db, lesson_id: i64, paper_id: Option<i64>) -> Result<()> {
    sqlx::query("UPDATE outline_lessons SET paper_id = $2 WHERE id = $1").bind(lesson_id).bind(paper_id).execute(db.pool()).await?;
    Ok(())
}
