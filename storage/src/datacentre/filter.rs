//! The data-centre search state (02 §3.1) checked once and turned into SQL conditions. Every
//! report applies the caller's [`Scope`] and the [`Filter`] inside its query, to the standard
//! record columns (`school_id`, `area_code`, `subject`, `grade_code`, `product_type`,
//! `product_group`, `manage_project`, `teacher_id`, `student_id`, `class_type`).

use protocol::dictionary as dict;
use protocol::dto::datacentre::DcSearch;
use time::{Date, Duration};

use super::calendar::{self, day_start_ms};
use crate::reports::{Bind, Conditions};

/// Reports answer pages of 30 rows by default (02 §9); summaries ask for 1000, the most a page holds.
pub const DEFAULT_PAGE_SIZE: i64 = 30;
pub const MAX_PAGE_SIZE: i64 = 1000;
/// The longest date range a search may span.
pub const MAX_RANGE_DAYS: i64 = 3 * 366;
/// Text filters (teacher, student) longer than this are refused.
const TEXT_FILTER_MAX_CHARS: usize = 100;

/// Whose records a caller sees (decided by the access layer, applied inside every query).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind", content = "of")]
pub enum Scope {
    /// Admins and super users.
    All,
    /// School managers (and staff bound to schools): these schools.
    Schools(Vec<i64>),
    /// Area managers: these areas.
    Areas(Vec<String>),
    /// A teacher: their own lessons (and so their own students).
    Teacher(i64),
    /// A consultant: the students they advise.
    Consultant(i64),
    /// A learning manager: the students they look after.
    LearningManager(i64),
}

/// Trend buckets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bucket {
    Day,
    Week,
    Month,
}

impl Bucket {
    /// The first day of the bucket holding `day`.
    pub fn start_of(self, day: Date) -> Date {
        match self {
            Bucket::Day => day,
            Bucket::Week => calendar::week_start(day),
            Bucket::Month => calendar::month_start(day),
        }
    }

    pub fn next(self, start: Date) -> Date {
        match self {
            Bucket::Day => start + Duration::days(1),
            Bucket::Week => start + Duration::weeks(1),
            Bucket::Month => calendar::next_month(start),
        }
    }
}

/// The lesson-preparation and feedback filter sets (02 §3.1): `Some(true)` only the lessons
/// (or reports) that have it, `Some(false)` only those that do not, `None` all.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ActivityFilter {
    /// `publishResource`: resources were published to the students.
    pub published: Option<bool>,
    /// `recycleResource`: resources were set to be collected back.
    pub recycle_resource: Option<bool>,
    /// `isRecycle`: students' submissions were collected.
    pub recycled: Option<bool>,
    /// `noRecycleCauseTypes`: why nothing was collected (empty = all).
    pub no_recycle_causes: Vec<i64>,
    /// `bindResLesson`: resources were bound to the lesson.
    pub bound: Option<bool>,
    /// `isSendFeedbackReport`: a feedback report was sent.
    pub feedback_sent: Option<bool>,
    /// `isCreateIn24h`: the report was created within 24 hours of the lesson's end.
    pub created_in_24h: Option<bool>,
}

/// The class-side platform-usage views (`usageType`, 02 §7.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum UsageType {
    /// Classes (class type 3).
    #[default]
    Class,
    /// Small groups (class type 2).
    Group,
    /// Every lesson a teacher gives.
    FullDay,
    /// Every teacher in scope, lessons or not.
    System,
}

/// A checked search.
#[derive(Debug, Clone, PartialEq)]
pub struct Filter {
    /// Days `[from, to)`.
    pub from: Date,
    pub to: Date,
    /// -1 / absent = all the caller sees.
    pub school_id: Option<i64>,
    pub subjects: Vec<i64>,
    pub product_types: Vec<String>,
    pub product_groups: Vec<i64>,
    pub grades: Vec<i64>,
    pub areas: Vec<String>,
    pub manage_project: Option<i64>,
    pub project_group: Option<i64>,
    /// Lesson minutes `(from, to]`.
    pub lesson_minutes: Option<(i64, i64)>,
    /// Teaching age in days `[from, to)`.
    pub teaching_days: Option<(i64, i64)>,
    pub teacher: Option<String>,
    pub student: Option<String>,
    pub bucket: Bucket,
    /// The sort asked for: a column the report sorts by, ascending or not.
    pub sort: Option<(String, bool)>,
    pub page_no: i64,
    pub page_size: i64,
    /// Exports: the columns to write, in order (empty = all).
    pub columns: Vec<String>,
    pub activity: ActivityFilter,
    pub usage: UsageType,
    /// First-lesson statistics: full-price first lessons or trials (`tabType`).
    pub course: super::first_lesson::Course,
    /// First-lesson statistics: the grouping asked for (`type`), checked by the screen's view.
    pub stat_type: Option<String>,
}

impl Filter {
    /// Everything the caller sees in the days `[from, to)`, unfiltered (a class's own details).
    pub fn span(from: Date, to: Date) -> Filter {
        Filter {
            from,
            to,
            school_id: None,
            subjects: Vec::new(),
            product_types: Vec::new(),
            product_groups: Vec::new(),
            grades: Vec::new(),
            areas: Vec::new(),
            manage_project: None,
            project_group: None,
            lesson_minutes: None,
            teaching_days: None,
            teacher: None,
            student: None,
            bucket: Bucket::Week,
            sort: None,
            page_no: 1,
            page_size: MAX_PAGE_SIZE,
            columns: Vec::new(),
            activity: ActivityFilter::default(),
            usage: UsageType::default(),
            course: super::first_lesson::Course::Zj,
            stat_type: None,
        }
    }

    pub fn from_ms(&self) -> i64 {
        day_start_ms(self.from)
    }

    pub fn to_ms(&self) -> i64 {
        day_start_ms(self.to)
    }

    pub fn offset(&self) -> i64 {
        (self.page_no - 1) * self.page_size
    }

    /// The `ORDER BY` of a report: the asked sort if the report has it, else `default`.
    pub fn order_by(&self, sortable: &[(&str, &str)], default: &str) -> String {
        match &self.sort {
            Some((field, asc)) => match sortable.iter().find(|(prop, _)| prop == field) {
                Some((_, column)) => format!("{column} {}, {default}", if *asc { "ASC" } else { "DESC" }),
                None => default.to_owned(),
            },
            None => default.to_owned(),
        }
    }
}

/// Checks `search` for a report that sorts by `sortable` props; `today` anchors the default
/// range (the last seven days, ending yesterday). The error names the field.
pub fn parse(search: &DcSearch, today: Date, sortable: &[&str]) -> Result<Filter, String> {
    let (from, to) = date_range(search, today)?;
    let school_id = match search.school_id {
        None | Some(-1) => None,
        Some(id) if id > 0 => Some(id),
        Some(other) => return Err(format!("schoolId 无效：{other}")),
    };
    let subjects = codes("subjects", &search.subjects, |c| protocol::constants::subject(c).is_some())?;
    let product_types = text_codes("productType", &search.product_type, |c| !dict::product_type_name(c).is_empty())?;
    let product_groups = codes("productGroup", &search.product_group, |c| !dict::name_of(&dict::PRODUCT_GROUPS, c).is_empty())?;
    let grades = codes("gradeCodes", &search.grade_codes, |c| !dict::grade_name(c).is_empty())?;
    let areas = text_codes("areaCodes", &search.area_codes, |c| !c.is_empty() && c.len() <= 32)?;
    let manage_project = one_code("manageProject", search.manage_project, |c| !dict::name_of(&dict::MANAGE_PROJECTS, c).is_empty())?;
    let project_group = one_code("projectGroup", search.project_group, |c| c > 0)?;
    let lesson_minutes = one_code("lessonDuringTime", search.lesson_during_time, |c| dict::LESSON_DURING_TIMES.iter().any(|b| b.0 == c))?
        .and_then(|c| dict::LESSON_DURING_TIMES.iter().find(|b| b.0 == c).map(|b| (b.2, b.3)));
    let teaching_days = one_code("teacherTeachTime", search.teacher_teach_time, |c| dict::TEACHER_TEACH_TIMES.iter().any(|b| b.0 == c))?
        .and_then(|c| dict::TEACHER_TEACH_TIMES.iter().find(|b| b.0 == c).map(|b| (b.2, b.3)));
    let bucket = match search.data_time_type.as_deref().map(str::trim) {
        None | Some("") | Some("week") => Bucket::Week,
        Some("day") => Bucket::Day,
        Some("month") => Bucket::Month,
        Some(other) => return Err(format!("dataTimeType 只能是 day、week 或 month：{other}")),
    };
    let sort = match &search.sort_info {
        None => None,
        Some(info) if info.field.is_empty() => None,
        Some(info) if sortable.contains(&info.field.as_str()) => Some((info.field.clone(), info.asc)),
        Some(info) => {
            return Err(if sortable.is_empty() {
                format!("sortInfo.field 不支持排序：{}（该报表不支持服务端排序）", info.field)
            } else {
                format!("sortInfo.field 不支持排序：{}（可用：{}）", info.field, sortable.join("、"))
            })
        }
    };
    let page_no = match search.page_no {
        None => 1,
        Some(n) if (1..=1_000_000).contains(&n) => n,
        Some(n) => return Err(format!("pageNo 必须是正整数：{n}")),
    };
    let page_size = match search.page_size {
        None => DEFAULT_PAGE_SIZE,
        Some(n) if (1..=MAX_PAGE_SIZE).contains(&n) => n,
        Some(n) => return Err(format!("pageSize 必须在 1 到 {MAX_PAGE_SIZE} 之间：{n}")),
    };
    let no_recycle_causes = codes("noRecycleCauseTypes", &search.no_recycle_cause_types, |c| !dict::name_of(&dict::NO_RECYCLE_CAUSES, c).is_empty())?;
    let yes_no = |name: &str, value: Option<i64>| match value {
        None | Some(-1) => Ok(None),
        Some(1) => Ok(Some(true)),
        Some(0) => Ok(Some(false)),
        Some(_) => Err(format!("{name} 只能是 1（是）、0（否）或 -1（全部）")),
    };
    let activity = ActivityFilter {
        published: yes_no("publishResource", search.publish_resource)?,
        recycle_resource: yes_no("recycleResource", search.recycle_resource)?,
        recycled: yes_no("isRecycle", search.is_recycle)?,
        no_recycle_causes,
        bound: yes_no("bindResLesson", search.bind_res_lesson)?,
        feedback_sent: yes_no("isSendFeedbackReport", search.is_send_feedback_report)?,
        created_in_24h: yes_no("isCreateIn24h", search.is_create_in24h)?,
    };
    let usage = match search.usage_type.as_deref().map(str::trim) {
        None | Some("") | Some("class") => UsageType::Class,
        Some("group") => UsageType::Group,
        Some("fullDay") => UsageType::FullDay,
        Some("system") => UsageType::System,
        Some(other) => return Err(format!("usageType 只能是 class、group、fullDay 或 system：{other}")),
    };
    Ok(Filter {
        from,
        to,
        school_id,
        subjects,
        product_types,
        product_groups,
        grades,
        areas,
        manage_project,
        project_group,
        lesson_minutes,
        teaching_days,
        teacher: text("teacherEmail", search.teacher_email.as_deref())?,
        student: text("studentNoAndName", search.student_no_and_name.as_deref())?,
        bucket,
        sort,
        page_no,
        page_size,
        columns: search.columns.iter().map(|c| c.trim().to_owned()).filter(|c| !c.is_empty()).collect(),
        activity,
        usage,
        course: super::first_lesson::Course::parse(search.tab_type.as_deref())?,
        stat_type: search.stat_type.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned),
    })
}

fn date_range(search: &DcSearch, today: Date) -> Result<(Date, Date), String> {
    let day = |name: &str, text: &str| calendar::parse_day(text).ok_or_else(|| format!("{name} 必须是 YYYY-MM-DD 格式的日期：{text}"));
    let explicit = match (&search.begin_time_start, &search.begin_time_end, &search.date_val) {
        (Some(start), Some(end), _) if !start.is_empty() || !end.is_empty() => {
            Some((day("beginTimeStart", start)?, day("beginTimeEnd", end)?, "beginTimeStart"))
        }
        (Some(start), None, _) if !start.is_empty() => return Err("beginTimeEnd 缺失：日期范围需要起止两天".into()),
        (None, Some(end), _) if !end.is_empty() => return Err("beginTimeStart 缺失：日期范围需要起止两天".into()),
        (_, _, Some(pair)) if !pair.is_empty() => match pair.as_slice() {
            [start, end] => Some((day("dateVal[0]", start)?, day("dateVal[1]", end)?, "dateVal")),
            _ => return Err("dateVal 必须是 [开始日期, 结束日期]".into()),
        },
        _ => None,
    };
    if let Some((start, end, name)) = explicit {
        if start > end {
            return Err(format!("{name} 的开始日期不能晚于结束日期"));
        }
        if (end - start).whole_days() >= MAX_RANGE_DAYS {
            return Err(format!("{name} 的日期范围不能超过 {MAX_RANGE_DAYS} 天"));
        }
        return Ok((start, end + Duration::days(1)));
    }
    if let Some(year) = search.fiscal_year {
        if !(2000..=2100).contains(&year) {
            return Err(format!("fiscalYear 无效：{year}"));
        }
        let year = year as i32;
        let set = [search.quarter_code, search.month, search.fweek_id].iter().filter(|v| matches!(v, Some(n) if *n != -1)).count();
        if set > 1 {
            return Err("quarterCode、month、fweekId 只能选一个".into());
        }
        return Ok(match (search.quarter_code, search.month, search.fweek_id) {
            (Some(q), _, _) if q != -1 => {
                let q = u8::try_from(q).ok().filter(|q| (1..=4).contains(q)).ok_or_else(|| format!("quarterCode 必须是 1 到 4：{q}"))?;
                calendar::fiscal_quarter(year, q)
            }
            (_, Some(m), _) if m != -1 => {
                let m = u8::try_from(m).ok().filter(|m| (1..=12).contains(m)).ok_or_else(|| format!("month 必须是 1 到 12：{m}"))?;
                calendar::fiscal_month(year, m)
            }
            (_, _, Some(w)) if w != -1 => {
                let w = u8::try_from(w).ok().filter(|w| (1..=53).contains(w)).ok_or_else(|| format!("fweekId 必须是 1 到 53：{w}"))?;
                calendar::fiscal_week(year, w)
            }
            _ => calendar::fiscal_year(year),
        });
    }
    // The default: the last seven days, ending yesterday.
    Ok((today - Duration::days(7), today))
}

/// A list where `[]` and `[-1]` mean all; every other code must be known.
fn codes(name: &str, values: &[i64], known: impl Fn(i64) -> bool) -> Result<Vec<i64>, String> {
    let mut out: Vec<i64> = Vec::new();
    for v in values {
        if *v == -1 {
            continue;
        }
        if !known(*v) {
            return Err(format!("{name} 含未知编号：{v}"));
        }
        out.push(*v);
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

fn text_codes(name: &str, values: &[String], known: impl Fn(&str) -> bool) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    for v in values.iter().map(|v| v.trim()) {
        if v == "-1" || v.is_empty() {
            continue;
        }
        if !known(v) {
            return Err(format!("{name} 含未知编号：{v}"));
        }
        out.push(v.to_owned());
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn one_code(name: &str, value: Option<i64>, known: impl Fn(i64) -> bool) -> Result<Option<i64>, String> {
    match value {
        None | Some(-1) => Ok(None),
        Some(v) if known(v) => Ok(Some(v)),
        Some(v) => Err(format!("{name} 含未知编号：{v}")),
    }
}

fn text(name: &str, value: Option<&str>) -> Result<Option<String>, String> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some(t) if t.chars().count() > TEXT_FILTER_MAX_CHARS => Err(format!("{name} 不能超过 {TEXT_FILTER_MAX_CHARS} 字")),
        Some(t) => Ok(Some(t.to_owned())),
    }
}

/// `AND` the caller's scope over the records aliased `a`.
pub(crate) fn push_scope(c: &mut Conditions, a: &str, scope: &Scope) {
    match scope {
        Scope::All => {}
        Scope::Schools(ids) => {
            if ids.is_empty() {
                c.sql.push_str(" AND 1 = 0");
            } else {
                c.push_in(&format!("{a}.school_id"), ids);
            }
        }
        Scope::Areas(codes) => {
            if codes.is_empty() {
                c.sql.push_str(" AND 1 = 0");
            } else {
                c.push_in_text(&format!("{a}.area_code"), codes);
            }
        }
        Scope::Teacher(id) => c.push(&format!(" AND {a}.teacher_id = "), Bind::Int(*id)),
        Scope::Consultant(id) => {
            c.push(&format!(" AND {a}.student_id IN (SELECT id FROM students WHERE consultant_id = "), Bind::Int(*id));
            c.sql.push(')');
        }
        Scope::LearningManager(id) => {
            c.push(&format!(" AND {a}.student_id IN (SELECT id FROM students WHERE learning_manager_id = "), Bind::Int(*id));
            c.sql.push(')');
        }
    }
}

/// `AND` the filter over the records aliased `a` whose time column is `time`; `now` anchors
/// teaching ages.
pub(crate) fn push_filter(c: &mut Conditions, a: &str, time: &str, f: &Filter, now: i64) {
    c.push_range(&format!("{a}.{time}"), Some(f.from_ms()), Some(f.to_ms()));
    push_dimensions(c, a, f, now);
}

/// The filter without its date range (reports that choose their own time window).
pub(crate) fn push_dimensions(c: &mut Conditions, a: &str, f: &Filter, now: i64) {
    if let Some(id) = f.school_id {
        c.push(&format!(" AND {a}.school_id = "), Bind::Int(id));
    }
    c.push_in(&format!("{a}.subject"), &f.subjects);
    c.push_in_text(&format!("{a}.product_type"), &f.product_types);
    c.push_in(&format!("{a}.product_group"), &f.product_groups);
    c.push_in(&format!("{a}.grade_code"), &f.grades);
    c.push_in_text(&format!("{a}.area_code"), &f.areas);
    if let Some(p) = f.manage_project {
        c.push(&format!(" AND {a}.manage_project = "), Bind::Int(p));
    }
    if let Some(g) = f.project_group {
        c.push(&format!(" AND {a}.teacher_id IN (SELECT user_id FROM staff WHERE project_group = "), Bind::Int(g));
        c.sql.push(')');
    }
    if let Some((from, to)) = f.teaching_days {
        // Teaching for at least `from` days and less than `to` days, as of now.
        c.push(&format!(" AND {a}.teacher_id IN (SELECT user_id FROM staff WHERE teaching_since <= "), Bind::Int(now - from * calendar::DAY_MS));
        if to != i64::MAX {
            c.push(" AND teaching_since > ", Bind::Int(now - to * calendar::DAY_MS));
        }
        c.sql.push(')');
    }
    if let Some(teacher) = &f.teacher {
        let pattern = Bind::Text(format!("%{}%", crate::reports::like_escaped(teacher)));
        c.push(&format!(" AND {a}.teacher_id IN (SELECT id FROM users WHERE LOWER(email) LIKE LOWER("), pattern.clone());
        c.push(") ESCAPE '!' OR LOWER(name) LIKE LOWER(", pattern);
        c.sql.push_str(") ESCAPE '!')");
    }
    if let Some(student) = &f.student {
        push_student(c, a, student);
    }
}

/// `AND` "the student's code or name holds `student`" over records aliased `a`.
pub(crate) fn push_student(c: &mut Conditions, a: &str, student: &str) {
    let pattern = Bind::Text(format!("%{}%", crate::reports::like_escaped(student)));
    c.push(&format!(" AND {a}.student_id IN (SELECT id FROM students WHERE LOWER(code) LIKE LOWER("), pattern.clone());
    c.push(") ESCAPE '!' OR name LIKE ", pattern);
    c.sql.push_str(" ESCAPE '!')");
}

/// `AND` the lesson-length band over attendance rows aliased `a`.
pub(crate) fn push_lesson_minutes(c: &mut Conditions, a: &str, f: &Filter) {
    if let Some((from, to)) = f.lesson_minutes {
        c.push(&format!(" AND {a}.minutes > "), Bind::Int(from));
        if to != i64::MAX {
            c.push(&format!(" AND {a}.minutes <= "), Bind::Int(to));
        }
    }
}

#[cfg(test)]
mod tests {
    use protocol::dto::datacentre::{DcSearch, SortInfo};

    use super::*;

    fn today() -> Date {
        calendar::parse_day("2026-11-24").unwrap()
    }

    fn search(json: serde_json::Value) -> DcSearch {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn defaults_and_all() {
        let f = parse(&DcSearch::default(), today(), &[]).unwrap();
        assert_eq!((calendar::format_day(f.from), calendar::format_day(f.to)), ("2026-11-17".into(), "2026-11-24".into()));
        assert_eq!((f.page_no, f.page_size, f.school_id, f.bucket), (1, 30, None, Bucket::Week));
        let f = parse(
            &search(serde_json::json!({"schoolId": -1, "subjects": [-1], "productType": ["-1"], "areaCodes": ["-1"], "gradeCodes": [], "manageProject": -1})),
            today(),
            &[],
        )
        .unwrap();
        assert!(f.subjects.is_empty() && f.product_types.is_empty() && f.areas.is_empty() && f.manage_project.is_none());
    }

    #[test]
    fn ranges_inclusive_and_fiscal() {
        let f = parse(&search(serde_json::json!({"beginTimeStart": "2026-11-01", "beginTimeEnd": "2026-11-01"})), today(), &[]).unwrap();
        assert_eq!(f.to_ms() - f.from_ms(), calendar::DAY_MS);
        let f = parse(&search(serde_json::json!({"dateVal": ["2026-10-01", "2026-10-31"]})), today(), &[]).unwrap();
        assert_eq!(calendar::format_day(f.to), "2026-11-01");
        let f = parse(&search(serde_json::json!({"fiscalYear": 2026, "quarterCode": 3})), today(), &[]).unwrap();
        assert_eq!((calendar::format_day(f.from), calendar::format_day(f.to)), ("2026-12-01".into(), "2027-03-01".into()));
        let f = parse(&search(serde_json::json!({"fiscalYear": 2026, "month": 1, "quarterCode": -1})), today(), &[]).unwrap();
        assert_eq!(calendar::format_day(f.from), "2027-01-01");
    }

    #[test]
    fn bad_input_names_the_field() {
        for (json, says) in [
            (serde_json::json!({"beginTimeStart": "2026-11-05", "beginTimeEnd": "2026-11-01"}), "beginTimeStart 的开始日期不能晚于"),
            (serde_json::json!({"beginTimeStart": "2026/11/05", "beginTimeEnd": "2026-11-06"}), "beginTimeStart 必须是"),
            (serde_json::json!({"beginTimeStart": "2026-11-05"}), "beginTimeEnd 缺失"),
            (serde_json::json!({"pageSize": 1001}), "pageSize"),
            (serde_json::json!({"pageNo": 0}), "pageNo"),
            (serde_json::json!({"subjects": [99]}), "subjects"),
            (serde_json::json!({"productType": ["XYZ"]}), "productType"),
            (serde_json::json!({"schoolId": -5}), "schoolId"),
            (serde_json::json!({"fiscalYear": 2026, "quarterCode": 5}), "quarterCode"),
            (serde_json::json!({"fiscalYear": 2026, "quarterCode": 1, "month": 6}), "只能选一个"),
            (serde_json::json!({"dataTimeType": "year"}), "dataTimeType"),
            (serde_json::json!({"isRecycle": 2}), "isRecycle"),
            (serde_json::json!({"beginTimeStart": "2020-01-01", "beginTimeEnd": "2026-01-01"}), "不能超过"),
        ] {
            let error = parse(&search(json.clone()), today(), &[]).unwrap_err();
            assert!(error.contains(says), "{json}: {error}");
        }
        let sorted = search(serde_json::json!({"sortInfo": {"field": "classTime", "asc": true}}));
        assert!(parse(&sorted, today(), &[]).unwrap_err().contains("sortInfo.field"));
        assert_eq!(parse(&sorted, today(), &["classTime"]).unwrap().sort, Some(("classTime".into(), true)));
        let unknown = serde_json::from_value::<DcSearch>(serde_json::json!({"schoolIds": [1]})).unwrap_err().to_string();
        assert!(unknown.contains("schoolIds"), "{unknown}");
        let _ = SortInfo { field: String::new(), asc: true };
    }
}
