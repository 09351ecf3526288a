//! Report queries: named, parameterised row sets that exports (and, later, the data centre) read
//! page by page. Each knows its columns, which parameters it takes, how many rows it has and how
//! to fetch a page. Parameters come from the client (`reqParams`), so they are parsed into
//! [`ReportParams`] once, refused with a message naming the field when they are wrong, and only
//! ever reach SQL as bound values.

use serde_json::{Map, Value};
use sqlx::any::AnyArguments;
use sqlx::Arguments;

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
    /// The members of one of the user's exam groups (`groupId`).
    ExamGroupMembers,
}

/// A report's filters, as the client sent them in `reqParams` (all optional; absent = no filter).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReportParams {
    /// `keyword`: part of the name or title, taken literally (`%` and `_` are no wildcards);
    /// ASCII letters match in either case (both sides go through the database's `LOWER`).
    pub keyword: Option<String>,
    /// `startTime`, `endTime`: creation time from (inclusive) and to (exclusive), epoch ms.
    pub start_time: Option<i64>,
    pub end_time: Option<i64>,
    /// `fileStatus`: one status or a list of them (download history).
    pub statuses: Vec<i64>,
    /// `type`: the notice type (notices).
    pub kind: Option<i64>,
    /// `readStatus`: 0 unread, 1 read (notices).
    pub read: Option<bool>,
    /// `groupId`: the exam group (its members).
    pub group_id: Option<i64>,
}

/// The longest keyword a filter takes.
pub const KEYWORD_MAX_CHARS: usize = 100;

impl ReportQuery {
    /// The query an export names by `excelType`.
    pub fn parse(name: &str) -> Option<ReportQuery> {
        match name {
            "downloadHistory" => Some(ReportQuery::DownloadHistory),
            "notices" => Some(ReportQuery::Notices),
            "examGroupMembers" => Some(ReportQuery::ExamGroupMembers),
            _ => None,
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            ReportQuery::DownloadHistory => "下载记录",
            ReportQuery::Notices => "通知列表",
            ReportQuery::ExamGroupMembers => "分组成员",
        }
    }

    pub fn headers(self) -> &'static [&'static str] {
        match self {
            ReportQuery::DownloadHistory => &["编号", "文件名", "状态", "大小（字节）", "创建时间"],
            ReportQuery::Notices => &["编号", "标题", "类型", "内容", "发布时间", "已读"],
            ReportQuery::ExamGroupMembers => &["学号", "姓名", "年级", "校区", "加入时间"],
        }
    }

    /// The `reqParams` fields this query takes.
    pub fn accepted_params(self) -> &'static [&'static str] {
        match self {
            ReportQuery::DownloadHistory => &["keyword", "startTime", "endTime", "fileStatus"],
            ReportQuery::Notices => &["keyword", "startTime", "endTime", "type", "readStatus"],
            ReportQuery::ExamGroupMembers => &["groupId"],
        }
    }

    /// Parses `reqParams` (absent, null or an object) for this query; the error says which field
    /// is wrong and why. Empty values (`""`, `null`, `[]`, `-1` for "all") mean no filter.
    pub fn parse_params(self, value: &Value) -> std::result::Result<ReportParams, String> {
        let empty = Map::new();
        let fields = match value {
            Value::Null => &empty,
            Value::Object(fields) => fields,
            _ => return Err("reqParams 必须是对象".into()),
        };
        let accepted = self.accepted_params();
        if let Some(unknown) = fields.keys().find(|k| !accepted.contains(&k.as_str())) {
            return Err(format!("reqParams 不支持字段 {unknown}（可用：{}）", accepted.join("、")));
        }
        let mut params = ReportParams::default();
        for (key, value) in fields {
            if value.is_null() {
                continue;
            }
            match key.as_str() {
                "keyword" => {
                    let text = value.as_str().ok_or("reqParams.keyword 必须是字符串")?.trim();
                    if text.chars().count() > KEYWORD_MAX_CHARS {
                        return Err(format!("reqParams.keyword 不能超过 {KEYWORD_MAX_CHARS} 字"));
                    }
                    params.keyword = (!text.is_empty()).then(|| text.to_string());
                }
                "startTime" => params.start_time = Some(non_negative(key, value)?),
                "endTime" => params.end_time = Some(non_negative(key, value)?),
                "fileStatus" => {
                    let items = match value {
                        Value::Array(items) => items.iter().collect::<Vec<_>>(),
                        one => vec![one],
                    };
                    for item in items {
                        match item.as_i64() {
                            Some(-1) => {}
                            Some(status @ 1..=5) => params.statuses.push(status),
                            _ => return Err("reqParams.fileStatus 必须是 1 到 5 的状态或其列表".into()),
                        }
                    }
                    params.statuses.sort_unstable();
                    params.statuses.dedup();
                }
                "type" => match value.as_i64() {
                    Some(-1) => {}
                    Some(kind) if kind >= 0 => params.kind = Some(kind),
                    _ => return Err("reqParams.type 必须是通知类型编号".into()),
                },
                "groupId" => match value.as_i64() {
                    Some(id) if id > 0 => params.group_id = Some(id),
                    _ => return Err("reqParams.groupId 必须是分组编号".into()),
                },
                "readStatus" => match value.as_i64() {
                    Some(-1) => {}
                    Some(0) => params.read = Some(false),
                    Some(1) => params.read = Some(true),
                    _ => return Err("reqParams.readStatus 只能是 0（未读）或 1（已读）".into()),
                },
                _ => unreachable!("fields were checked against the accepted ones"),
            }
        }
        if self == ReportQuery::ExamGroupMembers && params.group_id.is_none() {
            return Err("reqParams.groupId 不能为空".into());
        }
        if let (Some(start), Some(end)) = (params.start_time, params.end_time) {
            if start >= end {
                return Err("reqParams.startTime 必须早于 endTime".into());
            }
        }
        Ok(params)
    }

    /// The `FROM … WHERE …` of the query's rows for `user_id` with `params`, and its arguments.
    pub(crate) fn rows_of(self, user_id: i64, params: &ReportParams) -> Conditions {
        let mut c = Conditions::new();
        match self {
            ReportQuery::DownloadHistory => {
                c.sql.push_str("FROM download_tasks t WHERE ");
                c.push("t.user_id = ", Bind::Int(user_id));
                if let Some(keyword) = &params.keyword {
                    c.push_like("t.file_name", keyword);
                }
                c.push_range("t.created_at", params.start_time, params.end_time);
                c.push_in("t.status", &params.statuses);
            }
            ReportQuery::Notices => {
                c.sql.push_str("FROM notices n JOIN notice_recipients r ON r.notice_id = n.id WHERE n.withdrawn_at IS NULL AND ");
                c.push("r.user_id = ", Bind::Int(user_id));
                if let Some(keyword) = &params.keyword {
                    c.push_like("n.title", keyword);
                }
                c.push_range("n.created_at", params.start_time, params.end_time);
                if let Some(kind) = params.kind {
                    c.push(" AND n.type = ", Bind::Int(kind));
                }
                match params.read {
                    Some(true) => c.sql.push_str(" AND r.read_at IS NOT NULL"),
                    Some(false) => c.sql.push_str(" AND r.read_at IS NULL"),
                    None => {}
                }
            }
            ReportQuery::ExamGroupMembers => {
                c.sql.push_str(
                    "FROM exam_group_members m JOIN exam_groups g ON g.id = m.group_id JOIN students s ON s.id = m.student_id \
                     LEFT JOIN schools o ON o.id = s.school_id WHERE ",
                );
                c.push("g.owner_id = ", Bind::Int(user_id));
                c.push(" AND m.group_id = ", Bind::Int(params.group_id.unwrap_or(0)));
            }
        }
        c
    }

    /// How many rows the export would have.
    pub async fn count(self, db: &Db, user_id: i64, params: &ReportParams) -> Result<i64> {
        let rows = self.rows_of(user_id, params);
        let (sql, args) = rows.finish("SELECT COUNT(*) ", "");
        Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
    }

    /// Rows after `after_key` (the first column of the last row seen), at most `limit`, in key order.
    pub async fn page(self, db: &Db, user_id: i64, params: &ReportParams, after_key: i64, limit: i64) -> Result<Vec<(i64, Vec<Cell>)>> {
        let mut rows = self.rows_of(user_id, params);
        Ok(match self {
            ReportQuery::DownloadHistory => {
                rows.push(" AND t.id > ", Bind::Int(after_key));
                let (sql, args) = rows.finish("SELECT t.id, t.file_name, t.status, t.file_size, t.created_at ", &format!(" ORDER BY t.id LIMIT {limit}"));
                let found: Vec<(i64, String, i64, i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
                found
                    .into_iter()
                    .map(|(id, name, status, size, at)| {
                        (
                            id,
                            vec![
                                Cell::Number(id as f64),
                                Cell::Text(name),
                                Cell::Number(status as f64),
                                Cell::Number(size as f64),
                                Cell::Text(format_time(at)),
                            ],
                        )
                    })
                    .collect()
            }
            ReportQuery::Notices => {
                rows.push(" AND n.id > ", Bind::Int(after_key));
                let (sql, args) = rows.finish("SELECT n.id, n.title, n.type, n.content, n.created_at, r.read_at ", &format!(" ORDER BY n.id LIMIT {limit}"));
                let found: Vec<(i64, String, i64, String, i64, Option<i64>)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
                found
                    .into_iter()
                    .map(|(id, title, kind, content, at, read)| {
                        (
                            id,
                            vec![
                                Cell::Number(id as f64),
                                Cell::Text(title),
                                Cell::Number(kind as f64),
                                Cell::Text(content),
                                Cell::Text(format_time(at)),
                                Cell::Text(if read.is_some() { "是" } else { "否" }.into()),
                            ],
                        )
                    })
                    .collect()
            }
            ReportQuery::ExamGroupMembers => {
                rows.push(" AND s.id > ", Bind::Int(after_key));
                let (sql, args) = rows.finish("SELECT s.id, s.code, s.name, s.grade, o.name, m.added_at ", &format!(" ORDER BY s.id LIMIT {limit}"));
                let found: Vec<(i64, String, String, String, Option<String>, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
                found
                    .into_iter()
                    .map(|(id, code, name, grade, school, at)| {
                        (id, vec![Cell::Text(code), Cell::Text(name), Cell::Text(grade), Cell::Text(school.unwrap_or_default()), Cell::Text(format_time(at))])
                    })
                    .collect()
            }
        })
    }
}

/// An export's source: one of the user's own lists, or a data-centre report with the scope the
/// access layer decided when the export was asked for.
#[derive(Debug, Clone)]
pub enum Export {
    Own(ReportQuery, ReportParams),
    DataCentre {
        report: crate::datacentre::export::DcReport,
        filter: Box<crate::datacentre::Filter>,
        scope: crate::datacentre::Scope,
        /// The service details' and the work tasks' own filters.
        narrowing: crate::datacentre::export::Narrowing,
        /// When the export was asked for: every page reads the records as of then (a task
        /// overdue by then stays overdue while the pages are written).
        now: i64,
        columns: Vec<crate::datacentre::export::Column>,
    },
}

impl Export {
    /// The export of `excel_type` with the client's `req_params`; data-centre reports need the
    /// caller's `scope`, the `today` their default dates count from and the `now` they read the
    /// records as of (both from when the export was asked for). The error names the wrong field.
    pub fn prepare(
        excel_type: &str,
        req_params: &Value,
        scope: Option<crate::datacentre::Scope>,
        today: time::Date,
        now: i64,
    ) -> std::result::Result<Export, String> {
        use crate::datacentre::export::DcReport;
        if let Some(query) = ReportQuery::parse(excel_type) {
            return Ok(Export::Own(query, query.parse_params(req_params)?));
        }
        let report = DcReport::parse(excel_type).ok_or_else(|| format!("未知的导出类型：{excel_type}"))?;
        let scope = scope.ok_or("导出缺少数据范围")?;
        fn search<T: serde::de::DeserializeOwned + Default>(req_params: &Value) -> std::result::Result<T, String> {
            match req_params {
                Value::Null => Ok(T::default()),
                other => serde_json::from_value(other.clone()).map_err(|e| format!("reqParams 格式错误：{e}")),
            }
        }
        use crate::datacentre::export::Narrowing;
        let (search, narrowing) = match report {
            DcReport::ServicePunches => {
                let qc: protocol::dto::qc::QcSearch = search(req_params)?;
                (qc.base(), Narrowing::Punches(crate::qc::parse_punch_filter(&qc)?))
            }
            DcReport::WorkTasks => {
                let tasks: protocol::dto::work_task::WorkTaskSearch = search(req_params)?;
                (tasks.base(), Narrowing::Tasks(crate::work_task::TaskFilter::of_search(&tasks)?))
            }
            _ => (search(req_params)?, Narrowing::None),
        };
        let filter = crate::datacentre::filter::parse(&search, today, &report.sortable())?;
        report.check(&filter)?;
        let columns = report.chosen_columns(&filter.columns)?;
        Ok(Export::DataCentre { report, filter: Box::new(filter), scope, narrowing, columns, now })
    }

    pub fn title(&self) -> &'static str {
        match self {
            Export::Own(query, _) => query.title(),
            Export::DataCentre { report, .. } => report.title(),
        }
    }

    pub fn headers(&self) -> Vec<&'static str> {
        match self {
            Export::Own(query, _) => query.headers().to_vec(),
            Export::DataCentre { columns, .. } => columns.iter().map(|c| c.1).collect(),
        }
    }

    pub async fn count(&self, db: &Db, user_id: i64) -> Result<i64> {
        match self {
            Export::Own(query, params) => query.count(db, user_id, params).await,
            Export::DataCentre { report, filter, scope, narrowing, now, .. } => report.count(db, scope, filter, narrowing, *now).await,
        }
    }

    /// How many rows to ask [`Export::page`] for at a time. A report's pages are cut by offset, and
    /// each re-reads (and sorts) the rows before it: a hundred pages of 1,000 made an export of
    /// 100,000 rows take 18–20 s on a school group's year, ten of 10,000 take a few seconds
    /// (docs/benchmarks.md). The user's own lists continue after a key and keep small pages.
    pub fn page_rows(&self) -> i64 {
        match self {
            Export::Own(..) => 1000,
            Export::DataCentre { .. } => 10_000,
        }
    }

    /// Rows after `after` (a key the previous page returned; 0 at first), at most `limit`,
    /// each with the key to continue after it.
    pub async fn page(&self, db: &Db, user_id: i64, after: i64, limit: i64) -> Result<Vec<(i64, Vec<Cell>)>> {
        match self {
            Export::Own(query, params) => query.page(db, user_id, params, after, limit).await,
            Export::DataCentre { report, filter, scope, narrowing, columns, now } => {
                // The key is the number of rows written so far.
                let rows = report.rows(db, scope, filter, narrowing, *now, (after, limit)).await?;
                Ok(rows
                    .iter()
                    .enumerate()
                    .map(|(i, row)| (after + i as i64 + 1, columns.iter().map(|c| crate::datacentre::export::cell(row, c)).collect()))
                    .collect())
            }
        }
    }
}

/// `keyword` with LIKE's wildcards and the escape character itself escaped by `!`.
pub(crate) fn like_escaped(keyword: &str) -> String {
    let mut out = String::with_capacity(keyword.len());
    for c in keyword.chars() {
        if matches!(c, '%' | '_' | '!') {
            out.push('!');
        }
        out.push(c);
    }
    out
}

fn non_negative(key: &str, value: &Value) -> std::result::Result<i64, String> {
    value.as_i64().filter(|v| *v >= 0).ok_or_else(|| format!("reqParams.{key} 必须是毫秒时间戳"))
}

/// A bound value of a [`Conditions`].
#[derive(Debug, Clone)]
pub(crate) enum Bind {
    Int(i64),
    Text(String),
    OptInt(Option<i64>),
}

/// SQL conditions with `$n` parameters (the one placeholder style both databases accept here)
/// and their values, built up clause by clause.
#[derive(Debug, Default, Clone)]
pub(crate) struct Conditions {
    pub(crate) sql: String,
    binds: Vec<Bind>,
}

impl Conditions {
    pub(crate) fn new() -> Conditions {
        Conditions::default()
    }

    /// Appends `prefix` and a parameter holding `value`.
    pub(crate) fn push(&mut self, prefix: &str, value: Bind) {
        self.binds.push(value);
        self.sql.push_str(prefix);
        self.sql.push_str(&format!("${}", self.binds.len()));
    }

    /// `AND column` contains `keyword` (LIKE with its wildcards escaped by `!`, an escape
    /// character both databases read the same whatever their string-literal settings).
    pub(crate) fn push_like(&mut self, column: &str, keyword: &str) {
        self.push(&format!(" AND LOWER({column}) LIKE LOWER("), Bind::Text(format!("%{}%", like_escaped(keyword))));
        self.sql.push_str(") ESCAPE '!'");
    }

    /// `AND` any of `columns` contains `keyword` (as [`Conditions::push_like`]).
    pub(crate) fn push_like_any(&mut self, columns: &[&str], keyword: &str) {
        let pattern = format!("%{}%", like_escaped(keyword));
        self.sql.push_str(" AND (");
        for (i, column) in columns.iter().enumerate() {
            self.push(&format!("{}LOWER({column}) LIKE LOWER(", if i == 0 { "" } else { " OR " }), Bind::Text(pattern.clone()));
            self.sql.push_str(") ESCAPE '!'");
        }
        self.sql.push(')');
    }

    /// `AND start <= column < end`, for the bounds given.
    pub(crate) fn push_range(&mut self, column: &str, start: Option<i64>, end: Option<i64>) {
        if let Some(start) = start {
            self.push(&format!(" AND {column} >= "), Bind::Int(start));
        }
        if let Some(end) = end {
            self.push(&format!(" AND {column} < "), Bind::Int(end));
        }
    }

    /// `AND column IN (…)` when `values` is not empty.
    pub(crate) fn push_in(&mut self, column: &str, values: &[i64]) {
        if values.is_empty() {
            return;
        }
        self.sql.push_str(&format!(" AND {column} IN ("));
        for (i, value) in values.iter().enumerate() {
            self.push(if i == 0 { "" } else { ", " }, Bind::Int(*value));
        }
        self.sql.push(')');
    }

    /// `AND column IN (…)` of texts when `values` is not empty.
    pub(crate) fn push_in_text(&mut self, column: &str, values: &[String]) {
        if values.is_empty() {
            return;
        }
        self.sql.push_str(&format!(" AND {column} IN ("));
        for (i, value) in values.iter().enumerate() {
            self.push(if i == 0 { "" } else { ", " }, Bind::Text(value.clone()));
        }
        self.sql.push(')');
    }

    /// The statement `select` + conditions + `tail`, with its arguments.
    pub(crate) fn finish(self, select: &str, tail: &str) -> (String, AnyArguments<'static>) {
        let mut args = AnyArguments::default();
        for bind in self.binds {
            // Adding an i64 or a String to `AnyArguments` cannot fail.
            let _ = match bind {
                Bind::Int(v) => args.add(v),
                Bind::Text(v) => args.add(v),
                Bind::OptInt(v) => args.add(v),
            };
        }
        (format!("{select}{}{tail}", self.sql), args)
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
    use serde_json::json;

    use super::{ReportParams, ReportQuery};

    #[test]
    fn params_are_parsed_for_their_query() {
        let q = ReportQuery::DownloadHistory;
        assert_eq!(q.parse_params(&json!(null)).unwrap(), ReportParams::default());
        assert_eq!(q.parse_params(&json!({})).unwrap(), ReportParams::default());
        let p = q.parse_params(&json!({"keyword": "  周报 ", "fileStatus": [5, 3, 3, -1], "startTime": 10, "endTime": 20})).unwrap();
        assert_eq!(p, ReportParams { keyword: Some("周报".into()), statuses: vec![3, 5], start_time: Some(10), end_time: Some(20), ..Default::default() });
        assert_eq!(q.parse_params(&json!({"fileStatus": 4, "keyword": ""})).unwrap().statuses, vec![4]);
        let n = ReportQuery::Notices.parse_params(&json!({"type": 2, "readStatus": 0})).unwrap();
        assert_eq!((n.kind, n.read), (Some(2), Some(false)));
        assert_eq!(ReportQuery::Notices.parse_params(&json!({"type": -1, "readStatus": -1})).unwrap(), ReportParams::default());
    }

    #[test]
    fn wrong_params_are_refused_by_name() {
        let q = ReportQuery::DownloadHistory;
        for (value, says) in [
            (json!([1]), "reqParams 必须是对象"),
            (json!({"readStatus": 1}), "不支持字段 readStatus"),
            (json!({"fileStatus": 9}), "fileStatus"),
            (json!({"fileStatus": ["3"]}), "fileStatus"),
            (json!({"keyword": 3}), "keyword"),
            (json!({"keyword": "字".repeat(101)}), "keyword"),
            (json!({"startTime": -5}), "startTime"),
            (json!({"startTime": 20, "endTime": 20}), "早于"),
        ] {
            let error = q.parse_params(&value).unwrap_err();
            assert!(error.contains(says), "{value}: {error}");
        }
        assert!(ReportQuery::Notices.parse_params(&json!({"readStatus": 2})).unwrap_err().contains("readStatus"));
    }

    #[test]
    fn keywords_match_literally() {
        assert_eq!(super::like_escaped(r"50%_a!b\c"), r"50!%!_a!!b\c");
        let mut c = super::Conditions::new();
        c.push_like("t.name", "a");
        let (sql, _) = c.finish("SELECT 1 ", "");
        assert_eq!(sql, "SELECT 1  AND LOWER(t.name) LIKE LOWER($1) ESCAPE '!'");
    }

    #[test]
    fn times_are_china_time() {
        assert_eq!(super::format_time(0), "1970-01-01 08:00");
        assert_eq!(super::format_time(1_795_305_600_000), "2026-11-22 08:00");
        assert_eq!(super::format_time(951_782_400_000), "2000-02-29 08:00");
    }
}
