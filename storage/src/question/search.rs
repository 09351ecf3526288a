//! Finding questions: by subject and stage, type, difficulty, knowledge points, the teacher's
//! tags, and words. Words are matched against the `question_terms` index (written with every
//! question, `segment`), whose postings carry each word's BM25 weight in its question and the
//! columns searches filter and order by, so a search reads only the postings of its words; the
//! ranking is BM25 (length normalised against a fixed pivot), the same on SQLite and PostgreSQL.
//! Every word of the keyword must be in the question, unless none has them all, when any will do.
//! One statement answers a page and, by a window count, the total.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::FromRow;

use crate::{id_list, Db, Result};

/// How long a process keeps the bank's word statistics (the questions of a subject and stage,
/// and in how many of them a word is): they move slowly, only the ranking's weights read them,
/// and reading them for every search cost two statements (~15 ms over 100,000 questions).
const STATS_KEPT: Duration = Duration::from_secs(60);
const STATS_MAX_ENTRIES: usize = 20_000;

/// A subject, stage and word (empty for the question count).
type StatKey = (i64, i64, String);

/// Each key's count and when it was read.
#[derive(Debug, Clone, Default)]
pub(crate) struct WordStats(Arc<Mutex<HashMap<StatKey, (i64, Instant)>>>);

impl WordStats {
    fn get(&self, subject: i64, stage: i64, word: &str) -> Option<i64> {
        let map = self.0.lock().unwrap_or_else(|p| p.into_inner());
        map.get(&(subject, stage, word.to_owned())).filter(|(_, at)| at.elapsed() < STATS_KEPT).map(|(n, _)| *n)
    }

    fn put(&self, subject: i64, stage: i64, word: &str, n: i64) {
        let mut map = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() >= STATS_MAX_ENTRIES {
            map.retain(|_, (_, at)| at.elapsed() < STATS_KEPT);
            if map.len() >= STATS_MAX_ENTRIES {
                map.clear();
            }
        }
        map.insert((subject, stage, word.to_owned()), (n, Instant::now()));
    }
}

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

/// BM25's saturation and length normalisation.
const K1: f64 = 1.2;
const B: f64 = 0.75;
/// The question length (in words) the normalisation pivots on: about what a question has, fixed
/// so that a posting's weight never changes once written.
const PIVOT_WORDS: f64 = 40.0;

/// A word's weight in a question: its count, saturated and normalised by the question's length.
pub(crate) fn term_weight(tf: i64, words: i64) -> f64 {
    let tf = tf as f64;
    tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * words as f64 / PIVOT_WORDS))
}

impl Query {
    /// `WHERE` terms on a posting `t` (with words) or a question `t` (without); strings are bound
    /// from `$first` on (tags).
    fn filters(&self, first: usize) -> String {
        let mut sql = format!("t.subject = {} AND t.stage = {}", self.subject, self.stage);
        sql.push_str(&match self.source {
            Source::All => format!(" AND (t.owner_id = 0 OR t.owner_id = {})", self.viewer),
            Source::Bank => " AND t.owner_id = 0".to_owned(),
            Source::Own => format!(" AND t.owner_id = {}", self.viewer),
        });
        if !self.types.is_empty() {
            sql.push_str(&format!(" AND t.question_type IN ({})", id_list(&self.types)));
        }
        if !self.difficulties.is_empty() {
            sql.push_str(&format!(" AND t.difficulty IN ({})", id_list(&self.difficulties)));
        }
        let id = if self.terms.is_empty() { "t.id" } else { "t.question_id" };
        match &self.nodes {
            // Without words the questions on the points drive the search; with words, the postings.
            Some(nodes) if self.terms.is_empty() => {
                sql.push_str(&format!(" AND t.id IN (SELECT p.question_id FROM question_points p WHERE p.node_id IN ({}))", id_list(nodes)))
            }
            Some(nodes) => {
                sql.push_str(&format!(" AND EXISTS (SELECT 1 FROM question_points p WHERE p.question_id = {id} AND p.node_id IN ({}))", id_list(nodes)))
            }
            None => {}
        }
        for i in 0..self.tags.len() {
            sql.push_str(&format!(
                " AND EXISTS (SELECT 1 FROM question_tags g WHERE g.question_id = {id} AND g.user_id = {} AND g.tag = ${})",
                self.viewer,
                first + i
            ));
        }
        sql
    }

    fn term_params(&self) -> String {
        (1..=self.terms.len()).map(|i| format!("${i}")).collect::<Vec<_>>().join(",")
    }

    /// Whether the questions matching are found by probing from the rarest word (every word
    /// required, several words): `t` is then that word's posting, `o{j}` the others'.
    fn driven(&self, all_words: bool, words: &Words) -> bool {
        all_words && self.terms.len() > 1 && words.rarest.is_some()
    }

    /// The questions matching, as `FROM … WHERE … [GROUP BY … HAVING …]` over postings `t` (with
    /// words) or questions `t` (without); terms bound from $1, tags after them. With every word
    /// required, the rarest word's postings drive and the others are probed by their keys, one
    /// row per question: grouping the postings of common words (tens of thousands) before the
    /// page is cut was the slow part.
    fn matching(&self, all_words: bool, words: &Words) -> String {
        if self.terms.is_empty() {
            return format!("FROM questions t WHERE t.deleted_at IS NULL AND t.origin_id IS NULL AND {}", self.filters(1));
        }
        let filters = self.filters(self.terms.len() + 1);
        if self.driven(all_words, words) {
            let rarest = words.rarest.unwrap_or(0);
            let joins: String = (0..self.terms.len())
                .filter(|j| *j != rarest)
                .map(|j| {
                    format!(
                        " JOIN question_terms o{j} ON o{j}.term = ${} AND o{j}.subject = t.subject AND o{j}.stage = t.stage AND o{j}.question_id = t.question_id",
                        j + 1
                    )
                })
                .collect();
            return format!("FROM question_terms t{joins} WHERE t.term = ${} AND {filters}", rarest + 1);
        }
        let having = if all_words { format!(" HAVING COUNT(*) = {}", self.terms.len()) } else { String::new() };
        format!("FROM question_terms t WHERE t.term IN ({}) AND {filters} GROUP BY t.question_id{having}", self.term_params())
    }

    fn bind<'q, O>(&'q self, sql: &'q str) -> sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>>
    where
        O: for<'r> FromRow<'r, sqlx::any::AnyRow>,
    {
        let mut query = sqlx::query_as(sql);
        for term in self.terms.iter().chain(&self.tags) {
            query = query.bind(term);
        }
        query
    }
}

/// The words of a search: each word's inverse document frequency among the questions of the
/// subject and stage, and the rarest word (several words only).
struct Words {
    idf: Vec<f64>,
    rarest: Option<usize>,
}

impl Words {
    /// `CASE t.term WHEN $1 THEN idf1 … END` (one word: 1, the order is the same).
    fn case(&self) -> String {
        if self.idf.len() < 2 {
            return "1.0".to_owned();
        }
        let mut case = String::from("CASE t.term");
        for (i, idf) in self.idf.iter().enumerate() {
            case.push_str(&format!(" WHEN ${} THEN {idf:.6}", i + 1));
        }
        case.push_str(" ELSE 0 END");
        case
    }

    /// The relevance of a driven row: each word's idf times its posting's weight.
    fn driven_score(&self) -> String {
        let rarest = self.rarest.unwrap_or(0);
        let parts: Vec<String> =
            self.idf.iter().enumerate().map(|(j, idf)| if j == rarest { format!("{idf:.6} * t.weight") } else { format!("{idf:.6} * o{j}.weight") }).collect();
        format!("({})", parts.join(" + "))
    }
}

async fn words(db: &Db, query: &Query) -> Result<Words> {
    if query.terms.len() < 2 {
        return Ok(Words { idf: vec![1.0; query.terms.len()], rarest: None });
    }
    let stats = &db.word_stats;
    let (subject, stage) = (query.subject, query.stage);
    let count = match stats.get(subject, stage, "") {
        Some(n) => n,
        None => {
            let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM questions WHERE subject = $1 AND stage = $2 AND deleted_at IS NULL")
                .bind(subject)
                .bind(stage)
                .fetch_one(db.pool())
                .await?;
            stats.put(subject, stage, "", n);
            n
        }
    };
    let unknown: Vec<&String> = query.terms.iter().filter(|t| stats.get(subject, stage, t).is_none()).collect();
    if !unknown.is_empty() {
        let params = (1..=unknown.len()).map(|i| format!("${i}")).collect::<Vec<_>>().join(",");
        let sql = format!("SELECT term, COUNT(*) FROM question_terms WHERE term IN ({params}) AND subject = {subject} AND stage = {stage} GROUP BY term");
        let mut df = sqlx::query_as::<_, (String, i64)>(&sql);
        for term in &unknown {
            df = df.bind(*term);
        }
        let df = df.fetch_all(db.pool()).await?;
        for term in unknown {
            stats.put(subject, stage, term, df.iter().find(|(t, _)| t == term).map_or(0, |(_, d)| *d));
        }
    }
    let n = count.max(1) as f64;
    let dfs: Vec<f64> = query.terms.iter().map(|term| stats.get(subject, stage, term).unwrap_or(0) as f64).collect();
    let idf = dfs.iter().map(|d| (1.0 + (n - d + 0.5) / (d + 0.5)).ln()).collect();
    let rarest = dfs.iter().enumerate().min_by(|a, b| a.1.total_cmp(b.1)).map(|(i, _)| i);
    Ok(Words { idf, rarest })
}

#[derive(FromRow)]
struct Ranked {
    id: i64,
    score: f64,
    total: i64,
}

/// A page of the questions found, best first, and how many there are.
pub async fn search(db: &Db, query: &Query, page_no: i64, page_size: i64) -> Result<(Vec<Hit>, i64)> {
    let offset = (page_no - 1) * page_size;
    let words = words(db, query).await?;
    let page = |all_words: bool| {
        if query.terms.is_empty() {
            let order = match query.order {
                Order::Relevance => "t.id DESC",
                Order::Composite => "t.composite_score DESC, t.id DESC",
                Order::Difficulty => "t.difficulty, t.id DESC",
            };
            return format!(
                "SELECT t.id, CAST(0 AS DOUBLE PRECISION) AS score, COUNT(*) OVER () AS total {} ORDER BY {order} LIMIT {page_size} OFFSET {offset}",
                query.matching(true, &words)
            );
        }
        // A driven search has one row per question; a grouped one, one per posting.
        let (score, order) = if query.driven(all_words, &words) {
            let order = match query.order {
                Order::Relevance => "score DESC, t.question_id DESC",
                Order::Composite => "t.composite_score DESC, score DESC, t.question_id DESC",
                Order::Difficulty => "t.difficulty, score DESC, t.question_id DESC",
            };
            (words.driven_score(), order.to_owned())
        } else {
            let order = match query.order {
                Order::Relevance => "score DESC, t.question_id DESC",
                Order::Composite => "MAX(t.composite_score) DESC, score DESC, t.question_id DESC",
                Order::Difficulty => "MAX(t.difficulty), score DESC, t.question_id DESC",
            };
            let order = if all_words { order.to_owned() } else { format!("COUNT(*) DESC, {order}") };
            (format!("SUM(({}) * t.weight)", words.case()), order)
        };
        format!(
            "SELECT t.question_id AS id, CAST({score} AS DOUBLE PRECISION) AS score, COUNT(*) OVER () AS total {} \
             ORDER BY {order} LIMIT {page_size} OFFSET {offset}",
            query.matching(all_words, &words)
        )
    };
    let mut rows: Vec<Ranked> = query.bind(&page(true)).fetch_all(db.pool()).await?;
    if rows.is_empty() && offset == 0 && query.terms.len() > 1 {
        // No question has every word: any will do, those with more of them first.
        rows = query.bind(&page(false)).fetch_all(db.pool()).await?;
    }
    let total = match rows.first() {
        Some(row) => row.total,
        None if offset > 0 => count(db, query, &words).await?,
        None => 0,
    };
    Ok((rows.into_iter().map(|r| Hit { id: r.id, score: r.score }).collect(), total))
}

/// How many questions match (every word, or any when none has them all).
async fn count(db: &Db, query: &Query, words: &Words) -> Result<i64> {
    let select = if query.terms.is_empty() { "t.id" } else { "t.question_id" };
    let (all,): (i64,) = query.bind(&format!("SELECT COUNT(*) FROM (SELECT {select} {}) m", query.matching(true, words))).fetch_one(db.pool()).await?;
    if all > 0 || query.terms.len() < 2 {
        return Ok(all);
    }
    let (any,): (i64,) = query.bind(&format!("SELECT COUNT(*) FROM (SELECT t.question_id {}) m", query.matching(false, words))).fetch_one(db.pool()).await?;
    Ok(any)
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
    let words = words(db, query).await?;
    let total = count(db, query, &words).await?;
    let mut classes = Classes { total, ..Classes::default() };
    if total == 0 {
        return Ok(classes);
    }
    let (select, all) = if query.terms.is_empty() { ("t.id", true) } else { ("t.question_id", total_has_all_words(db, query, &words).await?) };
    let ids = format!("SELECT {select} {}", query.matching(all, &words));
    for (column, out) in [("question_type", &mut classes.types), ("difficulty", &mut classes.difficulties)] {
        *out = query
            .bind(&format!("SELECT {column}, COUNT(*) FROM questions WHERE id IN ({ids}) GROUP BY {column} ORDER BY {column}"))
            .fetch_all(db.pool())
            .await?;
    }
    classes.points = query
        .bind(&format!("SELECT node_id, COUNT(*) AS n FROM question_points WHERE question_id IN ({ids}) GROUP BY node_id ORDER BY n DESC, node_id LIMIT 20"))
        .fetch_all(db.pool())
        .await?;
    Ok(classes)
}

/// Whether some question has every word (else the classes count those with any).
async fn total_has_all_words(db: &Db, query: &Query, words: &Words) -> Result<bool> {
    if query.terms.len() < 2 {
        return Ok(true);
    }
    let (all,): (i64,) = query.bind(&format!("SELECT COUNT(*) FROM (SELECT t.question_id {}) m", query.matching(true, words))).fetch_one(db.pool()).await?;
    Ok(all > 0)
}
