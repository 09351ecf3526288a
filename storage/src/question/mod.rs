//! The question bank (03 §3, §7.2): the bank's questions (owner 0) and teachers' own, their
//! knowledge points, a teacher's tags, the basket, re-edits and their audit, and the search index
//! kept in step with every write (`search`).

pub mod basket;
pub mod generate;
pub mod search;
pub mod segment;
pub mod tags;

use std::collections::HashMap;

use sqlx::{Any, FromRow, Transaction};

use crate::{id_list, now_ms, Db, Result};

/// Re-edit audit states.
pub const AUDIT_PENDING: i64 = 1;
pub const AUDIT_APPROVED: i64 = 2;
pub const AUDIT_REFUSED: i64 = 3;

#[derive(Debug, Clone, FromRow)]
pub struct QuestionRow {
    pub id: i64,
    pub subject: i64,
    pub stage: i64,
    pub question_type: i64,
    pub stem: String,
    pub options: String,
    pub answer: String,
    pub analysis: String,
    pub difficulty: i64,
    pub composite_score: f64,
    pub owner_id: i64,
    pub origin_id: Option<i64>,
    pub audit_status: i64,
    pub audit_note: String,
    pub created_at: i64,
    pub updated_at: i64,
}

impl QuestionRow {
    pub fn option_list(&self) -> Vec<String> {
        serde_json::from_str(&self.options).unwrap_or_default()
    }
}

pub(crate) const QUESTION_COLUMNS: &str = "q.id, q.subject, q.stage, q.question_type, q.stem, q.options, q.answer, q.analysis, q.difficulty, \
     q.composite_score, q.owner_id, q.origin_id, q.audit_status, q.audit_note, q.created_at, q.updated_at";

/// A question's content and where it belongs.
#[derive(Debug, Clone)]
pub struct NewQuestion {
    pub subject: i64,
    pub stage: i64,
    pub question_type: i64,
    pub stem: String,
    pub options: Vec<String>,
    pub answer: String,
    pub analysis: String,
    pub difficulty: i64,
    pub composite_score: f64,
    pub owner_id: i64,
    pub origin_id: Option<i64>,
    pub audit_status: i64,
    /// Knowledge points (atlas node ids).
    pub points: Vec<i64>,
}

impl NewQuestion {
    /// The text the search finds a question by.
    fn searchable(&self) -> String {
        format!("{}\n{}\n{}", self.stem, self.options.join("\n"), self.analysis)
    }
}

/// A word of a question in the search index (with the columns searches filter by).
struct Posting {
    term: String,
    question_id: i64,
    weight: f64,
    subject: i64,
    stage: i64,
    owner_id: i64,
    question_type: i64,
    difficulty: i64,
    composite_score: f64,
}

/// Index rows waiting to be written in multi-row statements.
#[derive(Default)]
struct Pending {
    points: Vec<(i64, i64)>,
    terms: Vec<Posting>,
}

impl Pending {
    /// The postings of a question's words (`segment::index_terms` of its text).
    fn index(&mut self, id: i64, q: &NewQuestion, words: (HashMap<String, i64>, i64), owner_id: i64, composite_score: f64) {
        let (terms, count) = words;
        self.terms.extend(terms.into_iter().map(|(term, tf)| Posting {
            term,
            question_id: id,
            weight: search::term_weight(tf, count),
            subject: q.subject,
            stage: q.stage,
            owner_id,
            question_type: q.question_type,
            difficulty: q.difficulty,
            composite_score,
        }));
    }

    async fn flush(&mut self, tx: &mut Transaction<'_, Any>) -> Result<()> {
        for chunk in self.points.chunks(400) {
            let values: Vec<String> = chunk.iter().map(|(q, n)| format!("({q},{n})")).collect();
            sqlx::query(&format!("INSERT INTO question_points (question_id, node_id) VALUES {} ON CONFLICT DO NOTHING", values.join(",")))
                .execute(&mut **tx)
                .await?;
        }
        for chunk in self.terms.chunks(200) {
            let values: Vec<String> = chunk
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    format!(
                        "(${},{},{},{},{:.6},{},{},{},{:.3})",
                        i + 1,
                        p.subject,
                        p.stage,
                        p.question_id,
                        p.weight,
                        p.owner_id,
                        p.question_type,
                        p.difficulty,
                        p.composite_score
                    )
                })
                .collect();
            let sql = format!(
                "INSERT INTO question_terms (term, subject, stage, question_id, weight, owner_id, question_type, difficulty, composite_score) VALUES {}",
                values.join(",")
            );
            let mut query = sqlx::query(&sql);
            for posting in chunk {
                query = query.bind(&posting.term);
            }
            query.execute(&mut **tx).await?;
        }
        self.points.clear();
        self.terms.clear();
        Ok(())
    }
}

async fn insert_one(tx: &mut Transaction<'_, Any>, q: &NewQuestion, now: i64, pending: &mut Pending) -> Result<i64> {
    // A proposed re-edit is not found by the search.
    let words = if q.origin_id.is_none() { segment::index_terms(&q.searchable()) } else { (HashMap::new(), 0) };
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO questions (subject, stage, question_type, stem, options, answer, analysis, difficulty, composite_score, owner_id, origin_id, \
         audit_status, term_count, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$14) RETURNING id",
    )
    .bind(q.subject)
    .bind(q.stage)
    .bind(q.question_type)
    .bind(&q.stem)
    .bind(serde_json::to_string(&q.options).unwrap_or_else(|_| "[]".into()))
    .bind(&q.answer)
    .bind(&q.analysis)
    .bind(q.difficulty)
    .bind(q.composite_score)
    .bind(q.owner_id)
    .bind(q.origin_id)
    .bind(q.audit_status)
    .bind(words.1)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    pending.points.extend(q.points.iter().map(|n| (id, *n)));
    pending.index(id, q, words, q.owner_id, q.composite_score);
    Ok(id)
}

/// Stores questions with their points and index rows, in one transaction; their ids in order.
pub async fn insert_many(db: &Db, questions: &[NewQuestion]) -> Result<Vec<i64>> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let now = now_ms();
    let mut pending = Pending::default();
    let mut ids = Vec::with_capacity(questions.len());
    for q in questions {
        ids.push(insert_one(&mut tx, q, now, &mut pending).await?);
        if pending.terms.len() > 3000 {
            pending.flush(&mut tx).await?;
        }
    }
    pending.flush(&mut tx).await?;
    tx.commit().await?;
    Ok(ids)
}

pub async fn insert(db: &Db, question: &NewQuestion) -> Result<i64> {
    Ok(insert_many(db, std::slice::from_ref(question)).await?[0])
}

/// Replaces a question's content, points and index rows.
pub async fn update(db: &Db, id: i64, q: &NewQuestion) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    replace_content(&mut tx, id, q).await?;
    tx.commit().await?;
    Ok(())
}

async fn replace_content(tx: &mut Transaction<'_, Any>, id: i64, q: &NewQuestion) -> Result<()> {
    let (owner_id, composite_score): (i64, f64) =
        sqlx::query_as("SELECT owner_id, composite_score FROM questions WHERE id = $1").bind(id).fetch_one(&mut **tx).await?;
    let words = segment::index_terms(&q.searchable());
    let count = words.1;
    let mut pending = Pending { points: q.points.iter().map(|n| (id, *n)).collect(), terms: Vec::new() };
    pending.index(id, q, words, owner_id, composite_score);
    sqlx::query(
        "UPDATE questions SET question_type = $2, stem = $3, options = $4, answer = $5, analysis = $6, difficulty = $7, term_count = $8, updated_at = $9 \
         WHERE id = $1",
    )
    .bind(id)
    .bind(q.question_type)
    .bind(&q.stem)
    .bind(serde_json::to_string(&q.options).unwrap_or_else(|_| "[]".into()))
    .bind(&q.answer)
    .bind(&q.analysis)
    .bind(q.difficulty)
    .bind(count)
    .bind(now_ms())
    .execute(&mut **tx)
    .await?;
    sqlx::query("DELETE FROM question_points WHERE question_id = $1").bind(id).execute(&mut **tx).await?;
    sqlx::query("DELETE FROM question_terms WHERE question_id = $1").bind(id).execute(&mut **tx).await?;
    pending.flush(tx).await
}

/// Marks a teacher's own question deleted and takes it out of the index and baskets.
pub async fn delete(db: &Db, id: i64) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let gone = sqlx::query("UPDATE questions SET deleted_at = $2 WHERE id = $1 AND deleted_at IS NULL")
        .bind(id)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?
        .rows_affected()
        > 0;
    sqlx::query("DELETE FROM question_terms WHERE question_id = $1").bind(id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM question_basket WHERE question_id = $1").bind(id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(gone)
}

/// A live question.
pub async fn by_id(db: &Db, id: i64) -> Result<Option<QuestionRow>> {
    Ok(sqlx::query_as(&format!("SELECT {QUESTION_COLUMNS} FROM questions q WHERE q.id = $1 AND q.deleted_at IS NULL"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?)
}

/// Live questions by id, in the order asked (missing ones left out).
pub async fn by_ids(db: &Db, ids: &[i64]) -> Result<Vec<QuestionRow>> {
    let rows: Vec<QuestionRow> =
        sqlx::query_as(&format!("SELECT {QUESTION_COLUMNS} FROM questions q WHERE q.id IN ({}) AND q.deleted_at IS NULL", id_list(ids)))
            .fetch_all(db.pool())
            .await?;
    let mut by_id: HashMap<i64, QuestionRow> = rows.into_iter().map(|r| (r.id, r)).collect();
    Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
}

/// Each question's knowledge points: (question id, node id, node name), in node order.
pub async fn points_of(db: &Db, ids: &[i64]) -> Result<Vec<(i64, i64, String)>> {
    Ok(sqlx::query_as(&format!(
        "SELECT p.question_id, p.node_id, n.name FROM question_points p JOIN atlas_nodes n ON n.id = p.node_id WHERE p.question_id IN ({}) ORDER BY n.sort, n.id",
        id_list(ids)
    ))
    .fetch_all(db.pool())
    .await?)
}

/// Questions of the same subject, stage and type on any of `points`, with how many of them they
/// share, for similar-question suggestions; most shared, then closest in difficulty.
pub async fn similar(db: &Db, of: &QuestionRow, points: &[i64], viewer: i64, exclude: &[i64], limit: i64) -> Result<Vec<i64>> {
    let mut excluded = exclude.to_vec();
    excluded.push(of.id);
    Ok(sqlx::query_scalar(&format!(
        "SELECT q.id FROM questions q JOIN question_points p ON p.question_id = q.id \
         WHERE p.node_id IN ({}) AND q.id NOT IN ({}) AND q.subject = $1 AND q.stage = $2 AND q.question_type = $3 AND q.deleted_at IS NULL \
         AND q.origin_id IS NULL AND (q.owner_id = 0 OR q.owner_id = $4) \
         GROUP BY q.id, q.difficulty ORDER BY COUNT(*) DESC, ABS(q.difficulty - $5), q.id LIMIT $6",
        id_list(points),
        id_list(&excluded)
    ))
    .bind(of.subject)
    .bind(of.stage)
    .bind(of.question_type)
    .bind(viewer)
    .bind(of.difficulty)
    .bind(limit)
    .fetch_all(db.pool())
    .await?)
}

/// Stores a teacher's proposed change to a bank question, pending audit.
pub async fn propose_reedit(db: &Db, origin: &QuestionRow, author: i64, content: &NewQuestion) -> Result<i64> {
    let proposal = NewQuestion {
        subject: origin.subject,
        stage: origin.stage,
        owner_id: author,
        origin_id: Some(origin.id),
        audit_status: AUDIT_PENDING,
        composite_score: origin.composite_score,
        ..content.clone()
    };
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let mut pending = Pending::default();
    let id = insert_one(&mut tx, &proposal, now_ms(), &mut pending).await?;
    pending.flush(&mut tx).await?;
    tx.commit().await?;
    Ok(id)
}

/// Re-edits by status (all with `None`) and author (all with `None`), newest first, and the total.
pub async fn reedits(db: &Db, status: Option<i64>, author: Option<i64>, page_no: i64, page_size: i64) -> Result<(Vec<QuestionRow>, i64)> {
    let mut which = String::from(if status.is_some() { "q.audit_status = $1" } else { "q.audit_status > 0" });
    if author.is_some() {
        which.push_str(" AND q.owner_id = $2");
    }
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM questions q WHERE q.origin_id IS NOT NULL AND {which}"))
        .bind(status.unwrap_or(0))
        .bind(author.unwrap_or(0))
        .fetch_one(db.pool())
        .await?;
    let rows =
        sqlx::query_as(&format!("SELECT {QUESTION_COLUMNS} FROM questions q WHERE q.origin_id IS NOT NULL AND {which} ORDER BY q.id DESC LIMIT $3 OFFSET $4"))
            .bind(status.unwrap_or(0))
            .bind(author.unwrap_or(0))
            .bind(page_size)
            .bind((page_no - 1) * page_size)
            .fetch_all(db.pool())
            .await?;
    Ok((rows, total))
}

/// Settles a pending re-edit: approved, its content replaces the original's (and is indexed);
/// `false` when it was no longer pending.
pub async fn audit_reedit(db: &Db, reedit: &QuestionRow, approve: bool, auditor: i64, note: &str) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let status = if approve { AUDIT_APPROVED } else { AUDIT_REFUSED };
    let settled = sqlx::query("UPDATE questions SET audit_status = $2, audit_note = $3, audited_by = $4, updated_at = $5 WHERE id = $1 AND audit_status = $6")
        .bind(reedit.id)
        .bind(status)
        .bind(note)
        .bind(auditor)
        .bind(now_ms())
        .bind(AUDIT_PENDING)
        .execute(&mut *tx)
        .await?
        .rows_affected()
        > 0;
    if !settled {
        return Ok(false);
    }
    if let (true, Some(origin)) = (approve, reedit.origin_id) {
        let points: Vec<i64> = sqlx::query_scalar("SELECT node_id FROM question_points WHERE question_id = $1").bind(reedit.id).fetch_all(&mut *tx).await?;
        let content = NewQuestion {
            subject: reedit.subject,
            stage: reedit.stage,
            question_type: reedit.question_type,
            stem: reedit.stem.clone(),
            options: reedit.option_list(),
            answer: reedit.answer.clone(),
            analysis: reedit.analysis.clone(),
            difficulty: reedit.difficulty,
            composite_score: reedit.composite_score,
            owner_id: 0,
            origin_id: None,
            audit_status: 0,
            points,
        };
        replace_content(&mut tx, origin, &content).await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Live questions a viewer may use (the bank's and their own, not proposals) on these nodes:
/// `key` is what to group by (`p.node_id`, `q.question_type`, `q.difficulty`).
async fn grouped(db: &Db, key: &str, nodes: &[i64], viewer: i64) -> Result<Vec<(i64, i64)>> {
    Ok(sqlx::query_as(&format!(
        "SELECT {key}, COUNT(DISTINCT q.id) FROM question_points p JOIN questions q ON q.id = p.question_id \
         WHERE p.node_id IN ({}) AND q.deleted_at IS NULL AND q.origin_id IS NULL AND (q.owner_id = 0 OR q.owner_id = $1) GROUP BY {key} ORDER BY {key}",
        id_list(nodes)
    ))
    .bind(viewer)
    .fetch_all(db.pool())
    .await?)
}

/// Questions on each of these (bank) nodes.
pub async fn counts_by_point(db: &Db, nodes: &[i64], viewer: i64) -> Result<Vec<(i64, i64)>> {
    grouped(db, "p.node_id", nodes, viewer).await
}

/// Questions on any of these nodes, by type.
pub async fn counts_by_type(db: &Db, nodes: &[i64], viewer: i64) -> Result<Vec<(i64, i64)>> {
    grouped(db, "q.question_type", nodes, viewer).await
}

/// One question per difficulty on these nodes (the lowest id of each), easiest first.
pub async fn samples(db: &Db, nodes: &[i64], viewer: i64) -> Result<Vec<i64>> {
    Ok(sqlx::query_scalar(&format!(
        "SELECT MIN(q.id) FROM question_points p JOIN questions q ON q.id = p.question_id \
         WHERE p.node_id IN ({}) AND q.deleted_at IS NULL AND q.origin_id IS NULL AND (q.owner_id = 0 OR q.owner_id = $1) \
         GROUP BY q.difficulty ORDER BY q.difficulty",
        id_list(nodes)
    ))
    .bind(viewer)
    .fetch_all(db.pool())
    .await?)
}

/// The bank's question for a knowledge point named `name` of a subject's published centre trees
/// (a report's practice): an objective one where there is one, the oldest first.
pub async fn for_point_named(db: &Db, name: &str, subject: i64) -> Result<Option<QuestionRow>> {
    Ok(sqlx::query_as(&format!(
        "SELECT {QUESTION_COLUMNS} FROM question_points p JOIN questions q ON q.id = p.question_id JOIN atlas_nodes n ON n.id = p.node_id \
         JOIN atlas_trees t ON t.id = n.tree_id WHERE n.name = $1 AND n.subject = $2 AND t.owner_id = 0 AND t.published_at IS NOT NULL \
         AND q.deleted_at IS NULL AND q.origin_id IS NULL AND q.owner_id = 0 \
         ORDER BY CASE WHEN q.question_type IN (1, 2) THEN 0 ELSE 1 END, q.id LIMIT 1"
    ))
    .bind(name)
    .bind(subject)
    .fetch_optional(db.pool())
    .await?)
}

/// The bank's questions of a subject and stage counted by type: (type, count).
pub async fn bank_counts_by_type(db: &Db, subject: i64, stage: i64) -> Result<Vec<(i64, i64)>> {
    Ok(sqlx::query_as(
        "SELECT question_type, COUNT(*) FROM questions WHERE subject = $1 AND stage = $2 AND owner_id = 0 AND origin_id IS NULL AND deleted_at IS NULL \
         GROUP BY question_type",
    )
    .bind(subject)
    .bind(stage)
    .fetch_all(db.pool())
    .await?)
}

/// Whether `answer` is right, for the types marked against the stored answer: choices by their
/// letters (any order, any case), fill-ins by their text without spaces and formula delimiters.
/// `None` for a worked answer, which the teacher marks, and for no answer yet.
pub fn mark(q: &QuestionRow, answer: &str) -> Option<bool> {
    if answer.trim().is_empty() {
        return None;
    }
    let letters = |s: &str| {
        let mut l: Vec<char> = s.chars().filter(|c| c.is_ascii_alphabetic()).map(|c| c.to_ascii_uppercase()).collect();
        l.sort_unstable();
        l.dedup();
        l
    };
    let text = |s: &str| s.chars().filter(|c| !c.is_whitespace() && *c != '$').collect::<String>();
    match q.question_type {
        1 | 2 => Some(letters(answer) == letters(&q.answer)),
        3 => Some(text(answer) == text(&q.answer)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(question_type: i64, answer: &str) -> QuestionRow {
        QuestionRow {
            id: 1,
            subject: 54,
            stage: 4,
            question_type,
            stem: String::new(),
            options: "[]".into(),
            answer: answer.into(),
            analysis: String::new(),
            difficulty: 1,
            composite_score: 0.0,
            owner_id: 0,
            origin_id: None,
            audit_status: 0,
            audit_note: String::new(),
            created_at: 0,
            updated_at: 0,
        }
    }

    #[test]
    fn objective_answers_are_marked_against_the_stored_one() {
        assert_eq!(mark(&row(1, "B"), " b "), Some(true));
        assert_eq!(mark(&row(1, "B"), "C"), Some(false));
        assert_eq!(mark(&row(2, "AC"), "c,a"), Some(true));
        assert_eq!(mark(&row(2, "AC"), "A"), Some(false));
        assert_eq!(mark(&row(1, "B"), " "), None);
        assert_eq!(mark(&row(3, "$x=3$"), "x = 3"), Some(true));
        assert_eq!(mark(&row(3, "$x=3$"), "x=4"), Some(false));
        assert_eq!(mark(&row(4, "略"), "whatever"), None);
    }
}
