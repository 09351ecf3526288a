//! Textbooks (03 §7.1 "Library", `teachingMaterial`): the centre's textbooks by subject and stage,
//! their chapters and sections (two levels) and the knowledge points each is bound to.

use sqlx::FromRow;

use crate::atlas::NodeRow;
use crate::{id_list, now_ms, Db, Result, StorageError};

#[derive(Debug, Clone, FromRow)]
pub struct TextbookRow {
    pub id: i64,
    pub name: String,
    pub subject: i64,
    pub stage: i64,
    pub edition: String,
    pub grade: String,
    pub class_types: String,
    pub description: String,
    pub status: i64,
    pub created_by: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub chapter_count: i64,
}

impl TextbookRow {
    pub fn class_type_list(&self) -> Vec<i64> {
        serde_json::from_str(&self.class_types).unwrap_or_default()
    }
}

const TEXTBOOK_COLUMNS: &str = "b.id, b.name, b.subject, b.stage, b.edition, b.grade, b.class_types, b.description, b.status, b.created_by, \
     b.created_at, b.updated_at, CAST((SELECT COUNT(*) FROM textbook_chapters c WHERE c.textbook_id = b.id) AS BIGINT) AS chapter_count";

/// A textbook's fields as written.
pub struct TextbookFields<'a> {
    pub name: &'a str,
    pub subject: i64,
    pub stage: i64,
    pub edition: &'a str,
    pub grade: &'a str,
    pub class_types: &'a [i64],
    pub description: &'a str,
    pub status: i64,
}

/// Creates (`id` None) or changes a textbook; its id.
pub async fn save(db: &Db, id: Option<i64>, f: &TextbookFields<'_>, by: i64) -> Result<i64> {
    let now = now_ms();
    let class_types = serde_json::to_string(f.class_types).unwrap_or_else(|_| "[]".into());
    match id {
        Some(id) => {
            sqlx::query(
                "UPDATE textbooks SET name = $2, subject = $3, stage = $4, edition = $5, grade = $6, class_types = $7, description = $8, status = $9, \
                 updated_at = $10 WHERE id = $1",
            )
            .bind(id)
            .bind(f.name)
            .bind(f.subject)
            .bind(f.stage)
            .bind(f.edition)
            .bind(f.grade)
            .bind(&class_types)
            .bind(f.description)
            .bind(f.status)
            .bind(now)
            .execute(db.pool())
            .await?;
            Ok(id)
        }
        None => Ok(sqlx::query_scalar(
            "INSERT INTO textbooks (name, subject, stage, edition, grade, class_types, description, status, created_by, created_at, updated_at) \
             VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$10) RETURNING id",
        )
        .bind(f.name)
        .bind(f.subject)
        .bind(f.stage)
        .bind(f.edition)
        .bind(f.grade)
        .bind(&class_types)
        .bind(f.description)
        .bind(f.status)
        .bind(by)
        .bind(now)
        .fetch_one(db.pool())
        .await?),
    }
}

pub async fn textbook(db: &Db, id: i64) -> Result<Option<TextbookRow>> {
    Ok(sqlx::query_as(&format!("SELECT {TEXTBOOK_COLUMNS} FROM textbooks b WHERE b.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// What a textbook list holds.
#[derive(Debug, Clone, Default)]
pub struct TextbookFilter {
    pub subject: Option<i64>,
    pub stage: Option<i64>,
    /// Part of the name.
    pub name: Option<String>,
    pub status: Option<i64>,
    pub class_type: Option<i64>,
}

/// A page of textbooks (newest first) and the total.
pub async fn list(db: &Db, filter: &TextbookFilter, page_no: i64, page_size: i64) -> Result<(Vec<TextbookRow>, i64)> {
    let mut terms = vec!["1 = 1".to_owned()];
    if let Some(s) = filter.subject {
        terms.push(format!("b.subject = {s}"));
    }
    if let Some(s) = filter.stage {
        terms.push(format!("b.stage = {s}"));
    }
    if let Some(s) = filter.status {
        terms.push(format!("b.status = {s}"));
    }
    if let Some(c) = filter.class_type {
        // class_types is a JSON list of small numbers: "[1,3]" holds 3 as ",3," of ",1,3,".
        terms.push(format!("(',' || replace(replace(b.class_types, '[', ''), ']', '') || ',') LIKE '%,{c},%'"));
    }
    let name = filter.name.as_deref().map(|n| format!("%{}%", crate::reports::like_escaped(n)));
    if name.is_some() {
        terms.push("b.name LIKE $1 ESCAPE '!'".to_owned());
    }
    let terms = terms.join(" AND ");
    let total: i64 =
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM textbooks b WHERE {terms}")).bind(name.clone().unwrap_or_default()).fetch_one(db.pool()).await?;
    let rows = sqlx::query_as(&format!("SELECT {TEXTBOOK_COLUMNS} FROM textbooks b WHERE {terms} ORDER BY b.id DESC LIMIT $2 OFFSET $3"))
        .bind(name.unwrap_or_default())
        .bind(page_size)
        .bind((page_no - 1) * page_size)
        .fetch_all(db.pool())
        .await?;
    Ok((rows, total))
}

#[derive(Debug, Clone, FromRow)]
pub struct ChapterRow {
    pub id: i64,
    pub textbook_id: i64,
    pub parent_id: i64,
    pub name: String,
    pub sort: i64,
}

pub async fn chapters(db: &Db, textbook_id: i64) -> Result<Vec<ChapterRow>> {
    Ok(sqlx::query_as("SELECT id, textbook_id, parent_id, name, sort FROM textbook_chapters WHERE textbook_id = $1 ORDER BY parent_id, sort, id")
        .bind(textbook_id)
        .fetch_all(db.pool())
        .await?)
}

pub async fn chapter(db: &Db, id: i64) -> Result<Option<ChapterRow>> {
    Ok(sqlx::query_as("SELECT id, textbook_id, parent_id, name, sort FROM textbook_chapters WHERE id = $1").bind(id).fetch_optional(db.pool()).await?)
}

/// The knowledge points of these chapters: (chapter, node id, node name), in order.
pub async fn chapter_points(db: &Db, chapter_ids: &[i64]) -> Result<Vec<(i64, i64, String)>> {
    Ok(sqlx::query_as(&format!(
        "SELECT p.chapter_id, p.node_id, n.name FROM textbook_chapter_points p JOIN atlas_nodes n ON n.id = p.node_id \
         WHERE p.chapter_id IN ({}) ORDER BY p.chapter_id, p.sort, p.node_id",
        id_list(chapter_ids)
    ))
    .fetch_all(db.pool())
    .await?)
}

/// How many questions a viewer may use are on each chapter's points: (chapter id, count), one
/// statement for the whole book (chapters without points are left out).
pub async fn chapter_question_counts(db: &Db, chapter_ids: &[i64], viewer: i64) -> Result<Vec<(i64, i64)>> {
    Ok(sqlx::query_as(&format!(
        "SELECT c.chapter_id, COUNT(DISTINCT q.id) FROM textbook_chapter_points c JOIN question_points p ON p.node_id = c.node_id \
         JOIN questions q ON q.id = p.question_id WHERE c.chapter_id IN ({}) AND q.deleted_at IS NULL AND q.origin_id IS NULL \
         AND (q.owner_id = 0 OR q.owner_id = $1) GROUP BY c.chapter_id",
        id_list(chapter_ids)
    ))
    .bind(viewer)
    .fetch_all(db.pool())
    .await?)
}

/// Chapters from a tree's top-level nodes and sections from their children, each bound to its
/// node's bank node; refused (`Conflict`) when the textbook has chapters already.
pub async fn init_chapters(db: &Db, textbook_id: i64, nodes: &[NodeRow]) -> Result<u64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let existing: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM textbook_chapters WHERE textbook_id = $1").bind(textbook_id).fetch_one(&mut *tx).await?;
    if existing > 0 {
        return Err(StorageError::Conflict("该教材已有章节".into()));
    }
    let now = now_ms();
    let mut made = 0;
    let mut chapter_of = std::collections::HashMap::new();
    for node in nodes.iter().filter(|n| n.depth <= 2) {
        let parent = if node.depth == 1 {
            0
        } else {
            match chapter_of.get(&node.parent_id) {
                Some(id) => *id,
                None => continue,
            }
        };
        let id: i64 = sqlx::query_scalar("INSERT INTO textbook_chapters (textbook_id, parent_id, name, sort, created_at) VALUES ($1,$2,$3,$4,$5) RETURNING id")
            .bind(textbook_id)
            .bind(parent)
            .bind(&node.name)
            .bind(node.sort)
            .bind(now)
            .fetch_one(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO textbook_chapter_points (chapter_id, node_id, sort) VALUES ($1,$2,0)")
            .bind(id)
            .bind(node.bank_node())
            .execute(&mut *tx)
            .await?;
        if node.depth == 1 {
            chapter_of.insert(node.id, id);
        }
        made += 1;
    }
    sqlx::query("UPDATE textbooks SET updated_at = $2 WHERE id = $1").bind(textbook_id).bind(now).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(made)
}

/// Adds (`id` None) or changes a chapter with its knowledge points; its id.
pub async fn save_chapter(db: &Db, textbook_id: i64, id: Option<i64>, parent_id: i64, name: &str, sort: Option<i64>, points: &[i64]) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let now = now_ms();
    let id = match id {
        Some(id) => {
            sqlx::query("UPDATE textbook_chapters SET name = $2, sort = COALESCE($3, sort) WHERE id = $1")
                .bind(id)
                .bind(name)
                .bind(sort)
                .execute(&mut *tx)
                .await?;
            id
        }
        None => {
            let next: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(sort) + 1, 0) FROM textbook_chapters WHERE textbook_id = $1 AND parent_id = $2")
                .bind(textbook_id)
                .bind(parent_id)
                .fetch_one(&mut *tx)
                .await?;
            sqlx::query_scalar("INSERT INTO textbook_chapters (textbook_id, parent_id, name, sort, created_at) VALUES ($1,$2,$3,$4,$5) RETURNING id")
                .bind(textbook_id)
                .bind(parent_id)
                .bind(name)
                .bind(sort.unwrap_or(next))
                .bind(now)
                .fetch_one(&mut *tx)
                .await?
        }
    };
    sqlx::query("DELETE FROM textbook_chapter_points WHERE chapter_id = $1").bind(id).execute(&mut *tx).await?;
    for (i, node) in points.iter().enumerate() {
        sqlx::query("INSERT INTO textbook_chapter_points (chapter_id, node_id, sort) VALUES ($1,$2,$3) ON CONFLICT DO NOTHING")
            .bind(id)
            .bind(node)
            .bind(i as i64)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("UPDATE textbooks SET updated_at = $2 WHERE id = $1").bind(textbook_id).bind(now).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(id)
}

/// Deletes a chapter with its sections; how many went.
pub async fn delete_chapter(db: &Db, chapter: &ChapterRow) -> Result<u64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let gone = sqlx::query("DELETE FROM textbook_chapters WHERE id = $1 OR (parent_id = $1 AND textbook_id = $2)")
        .bind(chapter.id)
        .bind(chapter.textbook_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    sqlx::query("UPDATE textbooks SET updated_at = $2 WHERE id = $1").bind(chapter.textbook_id).bind(now_ms()).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(gone)
}
