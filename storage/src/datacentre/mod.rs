//! The data centre (02): the source records the reports aggregate, the search every report
//! takes, and the reports themselves. Every report query applies the caller's [`Scope`] and the
//! [`Filter`] in SQL, so that a caller never receives, counts or exports a record outside it.

pub mod activity;
pub mod attendance;
pub mod board;
pub mod calendar;
pub mod dict;
pub mod export;
pub mod feedback_stats;
pub mod filter;
pub mod first_generate;
pub mod first_lesson;
pub mod generate;
pub mod import;
pub(crate) mod months;
pub mod online;
pub mod online_detail;
pub mod online_generate;
pub mod online_records;
pub mod prep;
pub mod records;
pub mod refunds;
pub mod training;
pub mod usage;

pub use filter::{Filter, Scope};

/// Which side of the business a report covers: classes (class types 2 and 3) or one-on-one
/// (`vip`, class type 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Class,
    Vip,
}

impl Side {
    /// `AND` this side over records aliased `a`.
    pub(crate) fn condition(self, a: &str) -> String {
        match self {
            // A list, not `<> 1`, so that the (class_type, start_at) indexes serve it.
            Side::Class => format!(" AND {a}.class_type IN (2, 3)"),
            Side::Vip => format!(" AND {a}.class_type = 1"),
        }
    }
}

/// `n / d` to four decimals, or -1 when there is no base (shown '/', 02 §5).
pub fn rate(n: i64, d: i64) -> f64 {
    if d <= 0 {
        -1.0
    } else {
        (n as f64 / d as f64 * 10_000.0).round() / 10_000.0
    }
}

/// Sorts rows by a figure, ascending or not; stable, so ties keep the rows' default order.
pub(crate) fn sort_by_figure<T>(rows: &mut [T], asc: bool, figure: impl Fn(&T) -> f64) {
    rows.sort_by(|a, b| {
        let order = figure(a).total_cmp(&figure(b));
        if asc {
            order
        } else {
            order.reverse()
        }
    });
}

/// The distinct ids, sorted (for `IN` lists and look-ups).
pub(crate) fn distinct(ids: impl IntoIterator<Item = i64>) -> Vec<i64> {
    let mut out: Vec<i64> = ids.into_iter().collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Fen to yuan.
pub fn yuan(fen: i64) -> f64 {
    fen as f64 / 100.0
}

/// `COALESCE(SUM(expr), 0)` as BIGINT: PostgreSQL sums BIGINT to NUMERIC, which the `Any`
/// driver does not decode as an integer.
pub(crate) fn sum(expr: &str) -> String {
    format!("CAST(COALESCE(SUM({expr}), 0) AS BIGINT)")
}

/// The name of a subject code, `""` when unknown.
pub fn subject_name(code: i64) -> String {
    protocol::constants::subject(code).map(|s| s.name.to_owned()).unwrap_or_default()
}

/// A lesson's time as the reports show it: `YYYY-MM-DD HH:mm–HH:mm` (China time).
pub(crate) fn lesson_span(start_at: i64, minutes: i64) -> String {
    let end = crate::reports::format_time(start_at + minutes * 60_000);
    format!("{}–{}", crate::reports::format_time(start_at), &end[11..])
}
