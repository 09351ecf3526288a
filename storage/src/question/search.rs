//! Finding questions: by subject and stage, type, difficulty, knowledge points, the teacher's
//! tags, and words. Words are matched against the `question_terms` index (written with every
//! question, `segment`) and ranked by BM25 in SQL, the same on SQLite and PostgreSQL; every
//! word of the keyword must be in the question, unless none has them all, when any will do.

use sqlx::FromRow;

use crate::{id_list, Db, Result};

/// Whose questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The bank's and the viewer's own.
    All,
    Bank,
    Own,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// By relevance with words, else newest first.
    Relevance,
    Composite,
    Difficulty,
}

/// What to find. Empty lists mean "any"; `nodes` of `Some(empty)` matches nothing.
#[derive(Debug, Clone)]
pub struct Query {
    pub viewer: i64,
    pub subject: i64,
    pub stage: i64,
    pub terms: Vec<String>,
    pub types: Vec<i64>,
    pub difficulties: Vec<i64>,
    /// Bank nodes (a copied tree's nodes mapped to the centre nodes they stand for).
    pub nodes: Option<Vec<i64>>,
    pub tags: Vec<String>,
    pub source: Source,
    pub order: Order,
}

/// A found question and its relevance (0 without words).
#[derive(Debug, Clone, FromRow)]
pub struct Hit {
    pub id: i64,
    pub score: f64,
}

const K1: f64 = 1.2;
const B: f64 = 0.75;

impl Query {
    /// `WHERE` terms on `q` (the question); strings are bound from `$first` on (tags).
    fn filters(&self, first: usize) -> String {
        let mut sql = format!("q.deleted_at IS NULL AND q.origin_id IS NULL AND q.subject = {} AND q.stage = {}", self.subject, self.stage);
        sql.push_str(&match self.source {
            Source::All => format!(" AND (q.owner_id = 0 OR q.owner_id = {})", self.viewer),
            Source::Bank => " AND q.owner_id = 0".to_owned(),
            Source::Own => format!(" AND q.owner_id = {}", self.viewer),
        });
        if !self.types.is_empty() {
            sql.push_str(&format!(" AND q.question_type IN ({})", id_list(&self.types)));
        }
        if !self.difficulties.is_empty() {
            sql.push_str(&format!(" AND q.difficulty IN ({})", id_list(&self.difficulties)));
        }
        if let Some(nodes) = &self.nodes {
            sql.push_str(&format!(" AND EXISTS (SELECT 1 FROM question_points p WHERE p.question_id = q.id AND p.node_id IN ({}))", id_list(nodes)));
        }
        for i in 0..self.tags.len() {
            sql.push_str(&format!(
                " AND EXISTS (SELECT 1 FROM question_tags g WHERE g.question_id = q.id AND g.user_id = {} AND g.tag = ${})",
                self.viewer,
                first + i
            ));
        }
        sql
    }

    fn term_params(&self) -> String {
        (1..=self.terms.len()).map(|i| format!("${i}")).collect::<Vec<_>>().join(",")
    }

    /// The ids matching, as a sub-select (terms bound from $1, tags after them).
    fn matching(&self, all_words: bool) -> String {
        if self.terms.is_empty() {
            return format!("SELECT q.id FROM questions q WHERE {}", self.filters(1));
        }
        let having = if all_words { format!(" HAVING COUNT(*) = {}", self.terms.len()) } else { String::new() };
        format!(
            "SELECT t.question_id FROM question_terms t JOIN questions q ON q.id = t.question_id WHERE t.term IN ({}) AND {} GROUP BY t.question_id{having}",
            self.term_params(),
            self.filters(self.terms.len() + 1)
        )
    }

    fn bind<'q>(&'q self, sql: &'q str) -> sqlx::query::QueryAs<'q, sqlx::Any, Hit, sqlx::any::AnyArguments<'q>> {
        let mut query = sqlx::query_as(sql);
        for term in self.terms.iter().chain(&self.tags) {
            query = query.bind(term);
        }
        query
    }

    fn bind_scalar<'q, T>(&'q self, sql: &'q str) -> sqlx::query::QueryScalar<'q, sqlx::Any, T, sqlx::any::AnyArguments<'q>>
    where
        (T,): for<'r> FromRow<'r, sqlx::any::AnyRow>,
    {
        let mut query = sqlx::query_scalar(sql);
        for term in self.terms.iter().chain(&self.tags) {
            query = query.bind(term);
        }
        query
    }

    fn bind_pairs<'q>(&'q self, sql: &'q str) -> sqlx::query::QueryAs<'q, sqlx::Any, (i64, i64), sqlx::any::AnyArguments<'q>> {
        let mut query = sqlx::query_as(sql);
        for term in self.terms.iter().chain(&self.tags) {
            query = query.bind(term);
        }
        query
    }
}

/// Whether every word must match: yes, unless no question has them all.
async fn all_words(db: &Db, query: &Query) -> Result<bool> {
    if query.terms.len() < 2 {
        return Ok(true);
    }
    let any: Option<i64> = query.bind_scalar(&format!("SELECT question_id FROM ({}) m LIMIT 1", query.matching(true))).fetch_optional(db.pool()).await?;
    Ok(any.is_some())
}

/// BM25 weights of the query's words: `CASE t.term WHEN $1 THEN w1 … END`, and the average
/// question length.
async fn weights(db: &Db, terms: &[String]) -> Result<(String, f64)> {
    let (count, length): (i64, i64) =
        sqlx::query_as("SELECT COUNT(*), CAST(COALESCE(SUM(term_count), 0) AS BIGINT) FROM questions WHERE deleted_at IS NULL").fetch_one(db.pool()).await?;
    let params = (1..=terms.len()).map(|i| format!("${i}")).collect::<Vec<_>>().join(",");
    let sql = format!("SELECT term, COUNT(*) FROM question_terms WHERE term IN ({params}) GROUP BY term");
    let mut df = sqlx::query_as::<_, (String, i64)>(&sql);
    for term in terms {
        df = df.bind(term);
    }
    let df = df.fetch_all(db.pool()).await?;
    let n = count.max(1) as f64;
    let mut case = String::from("CASE t.term");
    for (i, term) in terms.iter().enumerate() {
        let d = df.iter().find(|(t, _)| t == term).map(|(_, d)| *d as f64).unwrap_or(0.0);
        let idf = (1.0 + (n - d + 0.5) / (d + 0.5)).ln();
        case.push_str(&format!(" WHEN ${} THEN {idf:.6}", i + 1));
    }
    case.push_str(" ELSE 0 END");
    Ok((case, (length as f64 / n).max(1.0)))
}

/// A page of the questions found, best first, and how many there are.
pub async fn search(db: &Db, query: &Query, page_no: i64, page_size: i64) -> Result<(Vec<Hit>, i64)> {
    let offset = (page_no - 1) * page_size;
    let all = all_words(db, query).await?;
    let total: i64 = query.bind_scalar(&format!("SELECT COUNT(*) FROM ({}) m", query.matching(all))).fetch_one(db.pool()).await?;
    if total == 0 || offset >= total {
        return Ok((Vec::new(), total));
    }
    let hits = if query.terms.is_empty() {
        let order = match query.order {
            Order::Relevance => "q.id DESC",
            Order::Composite => "q.composite_score DESC, q.id DESC",
            Order::Difficulty => "q.difficulty, q.id DESC",
        };
        let sql = format!(
            "SELECT q.id, CAST(0 AS DOUBLE PRECISION) AS score FROM questions q WHERE {} ORDER BY {order} LIMIT {page_size} OFFSET {offset}",
            query.filters(1)
        );
        query.bind(&sql).fetch_all(db.pool()).await?
    } else {
        let (case, average) = weights(db, &query.terms).await?;
        let score = format!(
            "CAST(SUM(({case}) * CAST(t.tf AS DOUBLE PRECISION) * {} / (t.tf + {K1} * ({} + {B} * q.term_count / {average:.4}))) AS DOUBLE PRECISION)",
            K1 + 1.0,
            1.0 - B
        );
        let having = if all { format!(" HAVING COUNT(*) = {}", query.terms.len()) } else { String::new() };
        let order = match query.order {
            Order::Relevance => "score DESC, t.question_id DESC",
            Order::Composite => "MAX(q.composite_score) DESC, score DESC, t.question_id DESC",
            Order::Difficulty => "MAX(q.difficulty), score DESC, t.question_id DESC",
        };
        let ranked = if all { order.to_owned() } else { format!("COUNT(*) DESC, {order}") };
        let sql = format!(
            "SELECT t.question_id AS id, {score} AS score FROM question_terms t JOIN questions q ON q.id = t.question_id \
             WHERE t.term IN ({}) AND {} GROUP BY t.question_id{having} ORDER BY {ranked} LIMIT {page_size} OFFSET {offset}",
            query.term_params(),
            query.filters(query.terms.len() + 1)
        );
        query.bind(&sql).fetch_all(db.pool()).await?
    };
    Ok((hits, total))
}

/// What a search finds, counted by type, difficulty and knowledge point (the 20 biggest).
#[derive(Debug, Clone, Default)]
pub struct Classes {
    pub total: i64,
    pub types: Vec<(i64, i64)>,
    pub difficulties: Vec<(i64, i64)>,
    pub points: Vec<(i64, i64)>,
}

pub async fn classify(db: &Db, query: &Query) -> Result<Classes> {
    let all = all_words(db, query).await?;
    let matching = query.matching(all);
    let total: i64 = query.bind_scalar(&format!("SELECT COUNT(*) FROM ({matching}) m")).fetch_one(db.pool()).await?;
    let mut classes = Classes { total, ..Classes::default() };
    if total == 0 {
        return Ok(classes);
    }
    for (column, out) in [("question_type", &mut classes.types), ("difficulty", &mut classes.difficulties)] {
        *out = query
            .bind_pairs(&format!("SELECT {column}, COUNT(*) FROM questions WHERE id IN ({matching}) GROUP BY {column} ORDER BY {column}"))
            .fetch_all(db.pool())
            .await?;
    }
    classes.points = query
        .bind_pairs(&format!(
            "SELECT node_id, COUNT(*) AS n FROM question_points WHERE question_id IN ({matching}) GROUP BY node_id ORDER BY n DESC, node_id LIMIT 20"
        ))
        .fetch_all(db.pool())
        .await?;
    Ok(classes)
}
