//! Report queries: named, parameterised row sets that exports (and, later, the data centre) read
//! page by page. Each knows its columns, how many rows it has and how to fetch a page.

use serde_json::Value;

use crate::{Db, Result};

/// One cell of a report row.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Text(String),
    Number(f64),
}

/// The report queries that exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportQuery {
    /// The user's download history.
    DownloadHistory,
    /// The user's notices.
    Notices,
}

impl ReportQuery {
    /// The query an export names by `excelType` (or `businessType`).
    pub fn parse(name: &str) -> Option<ReportQuery> {
        match name {
            "downloadHistory" => Some(ReportQuery::DownloadHistory),
            "notices" => Some(ReportQuery::Notices),
            _ => None,
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            ReportQuery::DownloadHistory => "下载记录",
            ReportQuery::Notices => "通知列表",
        }
    }

    pub fn headers(self) -> &'static [&'static str] {
        match self {
            ReportQuery::DownloadHistory => &["编号", "文件名", "状态", "大小（字节）", "创建时间"],
            ReportQuery::Notices => &["编号", "标题", "类型", "内容", "发布时间", "已读"],
        }
    }

    /// How many rows the export would have.
    pub async fn count(self, db: &Db, user_id: i64, _params: &Value) -> Result<i64> {
        Ok(match self {
            ReportQuery::DownloadHistory => sqlx::query_scalar("SELECT COUNT(*) FROM download_tasks WHERE user_id = $1").bind(user_id).fetch_one(db.pool()).await?,
            ReportQuery::Notices => {
                sqlx::query_scalar("SELECT COUNT(*) FROM notice_recipients r JOIN notices n ON n.id = r.notice_id WHERE r.user_id = $1 AND n.withdrawn_at IS NULL")
                    .bind(user_id)
                    .fetch_one(db.pool())
                    .await?
            }
        })
    }

    /// Rows after `after_key` (the first column of the last row seen), at most `limit`, in key order.
    pub async fn page(self, db: &Db, user_id: i64, _params: &Value, after_key: i64, limit: i64) -> Result<Vec<(i64, Vec<Cell>)>> {
        Ok(match self {
            ReportQuery::DownloadHistory => {
                let rows: Vec<(i64, String, i64, i64, i64)> = sqlx::query_as(
                    "SELECT id, file_name, status, file_size, created_at FROM download_tasks WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3",
                )
                .bind(user_id)
                .bind(after_key)
                .bind(limit)
                .fetch_all(db.pool())
                .await?;
                rows.into_iter()
                    .map(|(id, name, status, size, at)| (id, vec![Cell::Number(id as f64), Cell::Text(name), Cell::Number(status as f64), Cell::Number(size as f64), Cell::Text(format_time(at))]))
                    .collect()
            }
            ReportQuery::Notices => {
                let rows: Vec<(i64, String, i64, String, i64, Option<i64>)> = sqlx::query_as(
                    "SELECT n.id, n.title, n.type, n.content, n.created_at, r.read_at FROM notices n JOIN notice_recipients r ON r.notice_id = n.id \
                     WHERE r.user_id = $1 AND n.withdrawn_at IS NULL AND n.id > $2 ORDER BY n.id LIMIT $3",
                )
                .bind(user_id)
                .bind(after_key)
                .bind(limit)
                .fetch_all(db.pool())
                .await?;
                rows.into_iter()
                    .map(|(id, title, kind, content, at, read)| {
                        (id, vec![Cell::Number(id as f64), Cell::Text(title), Cell::Number(kind as f64), Cell::Text(content), Cell::Text(format_time(at)), Cell::Text(if read.is_some() { "是" } else { "否" }.into())])
                    })
                    .collect()
            }
        })
    }
}

/// `YYYY-MM-DD HH:mm` in China Standard Time.
pub fn format_time(ms: i64) -> String {
    let secs = ms.div_euclid(1000) + 8 * 3600;
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // Civil date from days since the epoch (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02}", rem / 3600, rem % 3600 / 60)
}

#[cfg(test)]
mod tests {
    #[test]
    fn times_are_china_time() {
        assert_eq!(super::format_time(0), "1970-01-01 08:00");
        assert_eq!(super::format_time(1_795_305_600_000), "2026-11-22 08:00");
        assert_eq!(super::format_time(951_782_400_000), "2000-02-29 08:00");
    }
}
