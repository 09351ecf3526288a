//! Service statistics (`serviceStatistics/*`, qcCount) and the QC list (`qcCheck/list`).
//!
//! A teacher's, class's or student's *taken* students are those with lessons (attendance rows)
//! in the period, within the course range; *serviced* ones are taken students with at least
//! one punch record in the period by that teacher (teacher view), for that class (class view) or
//! at all (student view, totals). Coverage = serviced / taken; check rate = checked / punches;
//! qualified and unqualified rates are over the checked punches. Every figure is counted in SQL
//! within the caller's scope and the filter.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use protocol::constants::role;
use protocol::dto::qc::{CourseRange, DynamicColumn, QcEmployeeRow, QcStatRow, ServiceType};

use super::{PunchFilter, View};
use crate::datacentre::filter::{push_filter, push_scope, Filter, Scope};
use crate::datacentre::{rate, sum, Side};
use crate::reports::{Bind, Conditions};
use crate::{Db, Result};

pub const SORTABLE: &[&str] = &[
    "takeStudentCount",
    "servicedStudentCount",
    "serviceCount",
    "overallCoverageRate",
    "qcCheckedCount",
    "qcCheckRate",
    "qcCheckQualifiedRate",
    "qcCheckUnQualifiedRate",
];

/// What a statistics call counts over.
pub struct StatQuery<'a> {
    pub scope: &'a Scope,
    pub filter: &'a Filter,
    pub punches: &'a PunchFilter,
    /// `None`: both sides.
    pub side: Option<Side>,
    pub range: &'a CourseRange,
    pub now: i64,
}

impl StatQuery<'_> {
    /// Attendance rows (alias `a`) of the taken students.
    fn push_taken(&self, c: &mut Conditions) {
        if let Some(side) = self.side {
            c.sql.push_str(&side.condition("a"));
        }
        push_scope(c, "a", self.scope);
        push_filter(c, "a", "start_at", self.filter, self.now);
        c.push_in_text("a.product_type", &self.range.product_types);
        c.push_in("a.class_type", &self.range.class_types);
        c.push_in("a.grade_code", &self.range.grade_codes);
        if let Some(group) = self.punches.group_id {
            c.push(" AND a.teacher_id IN (SELECT user_id FROM qc_group_members WHERE group_id = ", Bind::Int(group));
            c.sql.push(')');
        }
        if let Some(teacher) = self.punches.teacher_id {
            c.push(" AND a.teacher_id = ", Bind::Int(teacher));
        }
    }

    /// Punch records (alias `p`).
    fn push_punches(&self, c: &mut Conditions) {
        if let Some(side) = self.side {
            c.sql.push_str(&side.condition("p"));
        }
        push_scope(c, "p", self.scope);
        push_filter(c, "p", "punched_at", self.filter, self.now);
        self.punches.push(c, "p");
    }
}

/// The grouping of a view: the key over attendance, over punches, and how a punch matches a
/// taken (key, student) pair.
struct Keys {
    taken: &'static str,
    punched: &'static str,
    matching: &'static str,
}

fn keys(view: View) -> Keys {
    match view {
        View::Teacher => Keys { taken: "a.teacher_id", punched: "p.teacher_id", matching: " AND p.teacher_id = t.k" },
        View::Class => Keys { taken: "a.class_id", punched: "p.class_id", matching: " AND p.class_id = t.k" },
        View::Student => Keys { taken: "a.student_id", punched: "p.student_id", matching: "" },
        // Totals (and the service view, whose base is every taken student).
        View::Service => Keys { taken: "0", punched: "0", matching: "" },
    }
}

#[derive(Default, Clone)]
struct Figures {
    taken: i64,
    classes: i64,
    serviced: i64,
    punches: i64,
    checked: i64,
    qualified: i64,
    unqualified: i64,
    per_service: BTreeMap<i64, i64>,
}

/// `GROUP BY` the key and `more` (a constant key — the totals — groups nothing: SQL would read
/// `GROUP BY 0` as a column number).
fn group_by(key: &str, more: &[&str]) -> String {
    let terms: Vec<&str> = std::iter::once(key).filter(|k| *k != "0").chain(more.iter().copied()).collect();
    if terms.is_empty() {
        String::new()
    } else {
        format!(" GROUP BY {}", terms.join(", "))
    }
}

/// (key → (taken students, classes)).
async fn taken(db: &Db, q: &StatQuery<'_>, k: &Keys) -> Result<HashMap<i64, (i64, i64)>> {
    let mut c = Conditions::new();
    q.push_taken(&mut c);
    let (sql, args) = c.finish(
        &format!("SELECT {} AS k, COUNT(DISTINCT a.student_id), COUNT(DISTINCT a.class_id) FROM attendance a WHERE 1 = 1", k.taken),
        &group_by(k.taken, &[]),
    );
    let rows: Vec<(i64, i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(rows.into_iter().map(|(k, s, c)| (k, (s, c))).collect())
}

/// (key → (punches, checked, qualified, unqualified)), grouped by `key`.
async fn punched(db: &Db, q: &StatQuery<'_>, key: &str) -> Result<HashMap<i64, (i64, i64, i64, i64)>> {
    let mut c = Conditions::new();
    q.push_punches(&mut c);
    let (sql, args) = c.finish(
        &format!(
            "SELECT {key} AS k, COUNT(*), {}, {}, {} FROM service_punches p WHERE 1 = 1",
            sum("CASE WHEN p.check_status = 1 THEN 1 ELSE 0 END"),
            sum("CASE WHEN p.check_status = 1 AND p.result_status = 1 THEN 1 ELSE 0 END"),
            sum("CASE WHEN p.check_status = 1 AND p.result_status = 2 THEN 1 ELSE 0 END"),
        ),
        &group_by(key, &[]),
    );
    let rows: Vec<(i64, i64, i64, i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(rows.into_iter().map(|(k, n, c, ok, bad)| (k, (n, c, ok, bad))).collect())
}

/// Taken (key, student) pairs as `t(k, s)`, then `join`, punch conditions, and `tail`.
fn over_taken_pairs(q: &StatQuery<'_>, k: &Keys, select: &str, join: &str, tail: &str) -> (String, sqlx::any::AnyArguments<'static>) {
    let mut c = Conditions::new();
    q.push_taken(&mut c);
    c.sql.push_str(&format!(") t {join}{}", k.matching));
    q.push_punches(&mut c);
    c.finish(&format!("{select} FROM (SELECT DISTINCT {} AS k, a.student_id AS s FROM attendance a WHERE 1 = 1", k.taken), tail)
}

/// (key → serviced students).
async fn serviced(db: &Db, q: &StatQuery<'_>, k: &Keys) -> Result<HashMap<i64, i64>> {
    let (sql, args) =
        over_taken_pairs(q, k, "SELECT t.k, COUNT(*)", "WHERE EXISTS (SELECT 1 FROM service_punches p WHERE p.student_id = t.s", ") GROUP BY t.k");
    let rows: Vec<(i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(rows.into_iter().collect())
}

/// (key → service → serviced students).
async fn serviced_per_service(db: &Db, q: &StatQuery<'_>, k: &Keys) -> Result<HashMap<i64, BTreeMap<i64, i64>>> {
    let (sql, args) =
        over_taken_pairs(q, k, "SELECT t.k, p.service_id, COUNT(DISTINCT t.s)", "JOIN service_punches p ON p.student_id = t.s", " GROUP BY t.k, p.service_id");
    let rows: Vec<(i64, i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let mut out: HashMap<i64, BTreeMap<i64, i64>> = HashMap::new();
    for (key, service, n) in rows {
        out.entry(key).or_default().insert(service, n);
    }
    Ok(out)
}

/// (key → service → punches).
async fn punches_per_service(db: &Db, q: &StatQuery<'_>, key: &str) -> Result<HashMap<i64, BTreeMap<i64, i64>>> {
    let mut c = Conditions::new();
    q.push_punches(&mut c);
    let (sql, args) = c.finish(&format!("SELECT {key} AS k, p.service_id, COUNT(*) FROM service_punches p WHERE 1 = 1"), &group_by(key, &["p.service_id"]));
    let rows: Vec<(i64, i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let mut out: HashMap<i64, BTreeMap<i64, i64>> = HashMap::new();
    for (k, service, n) in rows {
        out.entry(k).or_default().insert(service, n);
    }
    Ok(out)
}

fn prop(service_id: i64) -> String {
    format!("service_{service_id}")
}

fn stat_row(id: i64, f: &Figures, services: &[ServiceType], counts: bool) -> QcStatRow {
    QcStatRow {
        id,
        name: String::new(),
        code: String::new(),
        school_name: String::new(),
        teacher_names: String::new(),
        take_student_count: f.taken,
        class_count: f.classes,
        serviced_student_count: f.serviced,
        service_count: f.punches,
        overall_coverage_rate: rate(f.serviced, f.taken),
        qc_checked_count: f.checked,
        qc_check_qualified_count: f.qualified,
        qc_check_un_qualified_count: f.unqualified,
        qc_check_rate: rate(f.checked, f.punches),
        qc_check_qualified_rate: rate(f.qualified, f.checked),
        qc_check_un_qualified_rate: rate(f.unqualified, f.checked),
        service_values: services
            .iter()
            .map(|s| {
                let n = f.per_service.get(&s.id).copied().unwrap_or(0);
                (prop(s.id), if counts { n as f64 } else { rate(n, f.taken) })
            })
            .collect(),
    }
}

/// The dynamic columns of a view for these service types.
pub fn columns(view: View, services: &[ServiceType]) -> Vec<DynamicColumn> {
    services
        .iter()
        .map(|s| match view {
            View::Student => DynamicColumn { prop: prop(s.id), label: format!("{}次数", s.name), kind: "count".into() },
            _ => DynamicColumn { prop: prop(s.id), label: format!("{}覆盖率", s.name), kind: "rate".into() },
        })
        .collect()
}

/// Serviced students per service type (the student view counts punches instead).
async fn per_service(db: &Db, q: &StatQuery<'_>, view: View, k: &Keys) -> Result<HashMap<i64, BTreeMap<i64, i64>>> {
    if view == View::Student {
        punches_per_service(db, q, k.punched).await
    } else {
        serviced_per_service(db, q, k).await
    }
}

/// The figures of every key of a view, from its four counts.
async fn figures_by(db: &Db, q: &StatQuery<'_>, view: View, k: &Keys) -> Result<HashMap<i64, Figures>> {
    // Independent counts over the same month of records: asked at once, they run on four
    // connections (and as many cores as there are), where one after the other they added up
    // (docs/benchmarks.md).
    let (taken_by, punched_by, serviced_by, mut per_service_by) =
        futures_util::try_join!(taken(db, q, k), punched(db, q, k.punched), serviced(db, q, k), per_service(db, q, view, k))?;
    let ids: BTreeSet<i64> = taken_by.keys().chain(punched_by.keys()).copied().collect();
    Ok(ids
        .into_iter()
        .map(|id| {
            let t = taken_by.get(&id).copied().unwrap_or_default();
            let p = punched_by.get(&id).copied().unwrap_or_default();
            let figures = Figures {
                taken: t.0,
                classes: t.1,
                serviced: serviced_by.get(&id).copied().unwrap_or(0),
                punches: p.0,
                checked: p.1,
                qualified: p.2,
                unqualified: p.3,
                per_service: per_service_by.remove(&id).unwrap_or_default(),
            };
            (id, figures)
        })
        .collect())
}

/// The statistics of a view: the totals and every row (unsorted, unnamed).
pub async fn statistics(db: &Db, q: &StatQuery<'_>, view: View, services: &[ServiceType]) -> Result<(QcStatRow, Vec<QcStatRow>)> {
    let total_keys = keys(View::Service);
    let totals =
        async { Ok(figures_by(db, q, if view == View::Student { View::Student } else { View::Service }, &total_keys).await?.remove(&0).unwrap_or_default()) };
    if view == View::Service {
        let (totals, by_service) = futures_util::try_join!(totals, punched(db, q, "p.service_id"))?;
        let summary = stat_row(0, &totals, services, false);
        let rows = services
            .iter()
            .map(|s| {
                let p = by_service.get(&s.id).copied().unwrap_or_default();
                let figures = Figures {
                    taken: totals.taken,
                    classes: 0,
                    serviced: totals.per_service.get(&s.id).copied().unwrap_or(0),
                    punches: p.0,
                    checked: p.1,
                    qualified: p.2,
                    unqualified: p.3,
                    per_service: BTreeMap::new(),
                };
                QcStatRow { name: s.name.clone(), ..stat_row(s.id, &figures, &[], false) }
            })
            .collect();
        return Ok((summary, rows));
    }
    // The totals' four counts, then the rows' four: at most four of the pool's connections at
    // once, so that one call does not hold them all while others wait.
    let totals = totals.await?;
    let by_key = figures_by(db, q, view, &keys(view)).await?;
    let summary = stat_row(0, &totals, services, view == View::Student);
    let rows = by_key.into_iter().filter(|(id, _)| *id > 0).map(|(id, f)| stat_row(id, &f, services, view == View::Student)).collect();
    Ok((summary, rows))
}

/// Sorts rows by a sortable prop (default: most punches first), ties by id.
pub fn sort(rows: &mut [QcStatRow], sort: Option<&(String, bool)>) {
    let value = |r: &QcStatRow, field: &str| -> f64 {
        match field {
            "takeStudentCount" => r.take_student_count as f64,
            "servicedStudentCount" => r.serviced_student_count as f64,
            "overallCoverageRate" => r.overall_coverage_rate,
            "qcCheckedCount" => r.qc_checked_count as f64,
            "qcCheckRate" => r.qc_check_rate,
            "qcCheckQualifiedRate" => r.qc_check_qualified_rate,
            "qcCheckUnQualifiedRate" => r.qc_check_un_qualified_rate,
            _ => r.service_count as f64,
        }
    };
    let (field, asc) = sort.map(|(f, a)| (f.as_str(), *a)).unwrap_or(("serviceCount", false));
    rows.sort_by(|a, b| {
        let order = value(a, field).total_cmp(&value(b, field));
        (if asc { order } else { order.reverse() }).then(a.id.cmp(&b.id))
    });
}

/// Fills the names of a page of rows.
pub async fn name_rows(db: &Db, view: View, q: &StatQuery<'_>, rows: &mut [QcStatRow]) -> Result<()> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    if ids.is_empty() || view == View::Service {
        return Ok(());
    }
    let mut c = Conditions::new();
    c.sql.push_str(" WHERE 1 = 1");
    let select = match view {
        View::Teacher => {
            c.push_in("u.id", &ids);
            "SELECT u.id, u.name, u.email, COALESCE(sc.name, ''), '' FROM users u LEFT JOIN staff st ON st.user_id = u.id LEFT JOIN schools sc ON sc.id = st.school_id"
        }
        View::Class => {
            c.push_in("c.id", &ids);
            "SELECT c.id, c.name, c.code, COALESCE(sc.name, ''), u.name FROM classes c JOIN users u ON u.id = c.teacher_id LEFT JOIN schools sc ON sc.id = c.school_id"
        }
        _ => {
            c.push_in("s.id", &ids);
            "SELECT s.id, s.name, s.code, COALESCE(sc.name, ''), '' FROM students s LEFT JOIN schools sc ON sc.id = s.school_id"
        }
    };
    let (sql, args) = c.finish(select, "");
    let found: Vec<(i64, String, String, String, String)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let mut names: HashMap<i64, (String, String, String, String)> = found.into_iter().map(|(id, a, b, c, d)| (id, (a, b, c, d))).collect();
    let mut teachers: HashMap<i64, Vec<String>> = HashMap::new();
    if view == View::Student {
        // The teachers each student had in the period.
        let mut c = Conditions::new();
        q.push_taken(&mut c);
        c.push_in("a.student_id", &ids);
        let (sql, args) = c
            .finish("SELECT DISTINCT a.student_id, u.name FROM attendance a JOIN users u ON u.id = a.teacher_id WHERE 1 = 1", " ORDER BY a.student_id, u.name");
        let pairs: Vec<(i64, String)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
        for (student, teacher) in pairs {
            teachers.entry(student).or_default().push(teacher);
        }
    }
    for row in rows {
        if let Some((name, code, school, teacher)) = names.remove(&row.id) {
            row.name = name;
            row.code = code;
            row.school_name = school;
            row.teacher_names = teachers.remove(&row.id).map(|t| t.join("、")).unwrap_or(teacher);
        }
    }
    Ok(())
}

/// A QC team member: (id, name, e-mail, school, school name, team, team name).
type Member = (i64, String, String, i64, String, i64, String);

/// The QC list's rows of the staff in QC teams within scope, over the period (02 §3.2).
pub async fn employees(db: &Db, scope: &Scope, f: &Filter, pf: &PunchFilter, now: i64, schools: Option<&[i64]>) -> Result<Vec<QcEmployeeRow>> {
    // The members, with the scope applied to their staff record as if to a record of theirs.
    let mut c = Conditions::new();
    c.sql.push_str(
        "FROM (SELECT m.user_id AS teacher_id, 0 AS student_id, COALESCE(st.school_id, g.school_id) AS school_id, COALESCE(st.area_code, '') AS area_code, \
         g.id AS group_id, g.name AS group_name, g.school_id AS group_school FROM qc_group_members m JOIN qc_groups g ON g.id = m.group_id \
         LEFT JOIN staff st ON st.user_id = m.user_id) e JOIN users u ON u.id = e.teacher_id LEFT JOIN schools sc ON sc.id = e.school_id WHERE 1 = 1",
    );
    push_scope(&mut c, "e", scope);
    super::teams::push_schools(&mut c, "e.group_school", schools);
    if let Some(group) = pf.group_id {
        c.push(" AND e.group_id = ", Bind::Int(group));
    }
    if let Some(teacher) = pf.teacher_id {
        c.push(" AND e.teacher_id = ", Bind::Int(teacher));
    }
    if let Some(t) = &f.teacher {
        c.push_like_any(&["u.name", "u.email"], t);
    }
    let (sql, args) = c.finish(
        "SELECT e.teacher_id, u.name, u.email, e.school_id, COALESCE(sc.name, ''), e.group_id, e.group_name ",
        " ORDER BY e.group_name, u.name, e.teacher_id",
    );
    let members: Vec<Member> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    if members.is_empty() {
        return Ok(Vec::new());
    }
    // Their punches in the period (checks filter the rows, not the punches).
    let punch_filter = PunchFilter { service_ids: pf.service_ids.clone(), channel: pf.channel, tag_ids: pf.tag_ids.clone(), ..PunchFilter::default() };
    let punches = |select: &str| {
        let mut c = Conditions::new();
        push_scope(&mut c, "p", scope);
        push_filter(&mut c, "p", "punched_at", f, now);
        punch_filter.push(&mut c, "p");
        c.sql.push_str(" AND p.teacher_id IN (SELECT user_id FROM qc_group_members)");
        c.finish(select, "")
    };
    let (sql, args) = punches(&format!(
        "SELECT p.teacher_id, COUNT(*), {}, {}, MAX(p.classic_case), MAX(p.last_qc_at) FROM service_punches p WHERE 1 = 1",
        sum("CASE WHEN p.check_status = 1 THEN 1 ELSE 0 END"),
        sum("CASE WHEN p.check_status = 1 AND p.result_status = 2 THEN 1 ELSE 0 END"),
    ));
    let sql = format!("{sql} GROUP BY p.teacher_id");
    let figures: HashMap<i64, (i64, i64, i64, i64, i64)> = sqlx::query_as_with::<_, (i64, i64, i64, i64, i64, i64), _>(&sql, args)
        .fetch_all(db.pool())
        .await?
        .into_iter()
        .map(|(t, n, checked, bad, classic, last)| (t, (n, checked, bad, classic, last)))
        .collect();
    let (sql, args) = punches("SELECT p.teacher_id, COUNT(*) FROM qc_reviews r JOIN service_punches p ON p.id = r.punch_id WHERE 1 = 1");
    let reviews: HashMap<i64, i64> =
        sqlx::query_as_with::<_, (i64, i64), _>(&format!("{sql} GROUP BY p.teacher_id"), args).fetch_all(db.pool()).await?.into_iter().collect();
    let (sql, args) = punches("SELECT DISTINCT p.teacher_id, p.role_code FROM service_punches p WHERE 1 = 1");
    let mut roles: HashMap<i64, Vec<&'static str>> = HashMap::new();
    for (teacher, code) in sqlx::query_as_with::<_, (i64, String), _>(&sql, args).fetch_all(db.pool()).await? {
        roles.entry(teacher).or_default().push(role::name(&code));
    }
    let group_ids: Vec<i64> = members.iter().map(|m| m.5).collect::<BTreeSet<_>>().into_iter().collect();
    let mut c = Conditions::new();
    c.push_in("i.group_id", &group_ids);
    let (sql, args) = c.finish("SELECT i.group_id, u.name FROM qc_group_inspectors i JOIN users u ON u.id = i.user_id WHERE 1 = 1", " ORDER BY u.name");
    let mut inspectors: HashMap<i64, Vec<String>> = HashMap::new();
    for (group, name) in sqlx::query_as_with::<_, (i64, String), _>(&sql, args).fetch_all(db.pool()).await? {
        inspectors.entry(group).or_default().push(name);
    }
    let rows = members
        .into_iter()
        .filter_map(|(id, name, email, school_id, school_name, group_id, group_name)| {
            let (count, checked, unqualified, classic, last_qc) = figures.get(&id).copied().unwrap_or_default();
            let keep = match pf.check_status {
                Some(1) => checked > 0,
                Some(_) => checked == 0,
                None => true,
            } && match pf.result_status {
                Some(2) => unqualified > 0,
                Some(1) => checked > 0 && unqualified == 0,
                Some(_) => checked == 0,
                None => true,
            } && match pf.classic_case {
                Some(1) => classic == 1,
                Some(_) => classic == 0,
                None => true,
            };
            keep.then(|| QcEmployeeRow {
                employee_id: id,
                employee_name: name,
                email,
                role_code_str: roles.get(&id).map(|r| r.join("、")).unwrap_or_default(),
                school_id,
                school_name,
                group_id,
                responsible_list: inspectors.get(&group_id).cloned().unwrap_or_default(),
                group_name,
                service_count: count,
                checked_count: checked,
                unqualified_count: unqualified,
                qc_count: reviews.get(&id).copied().unwrap_or(0),
                check_status_str: if checked > 0 { "已质检" } else { "待质检" }.into(),
                result_status_str: if unqualified > 0 {
                    "不合格"
                } else if checked > 0 {
                    "合格"
                } else {
                    ""
                }
                .into(),
                classic_case_str: if classic == 1 { "是" } else { "否" }.into(),
                last_qc_time: last_qc,
                last_qc_operator: String::new(),
            })
        })
        .collect();
    Ok(rows)
}

/// (punches, checked, qualified) within `scope` punched in `[from, to)` (the home page).
pub async fn home_figures(db: &Db, scope: &Scope, from: i64, to: i64) -> Result<(i64, i64, i64)> {
    let mut c = Conditions::new();
    push_scope(&mut c, "p", scope);
    c.push_range("p.punched_at", Some(from), Some(to));
    let (sql, args) = c.finish(
        &format!(
            "SELECT COUNT(*), {}, {} FROM service_punches p WHERE 1 = 1",
            sum("CASE WHEN p.check_status = 1 THEN 1 ELSE 0 END"),
            sum("CASE WHEN p.check_status = 1 AND p.result_status = 1 THEN 1 ELSE 0 END")
        ),
        "",
    );
    Ok(sqlx::query_as_with(&sql, args).fetch_one(db.pool()).await?)
}

pub const EMPLOYEE_SORTABLE: &[&str] = &["lastQcTime", "serviceCount", "qcCount"];

/// Sorts the QC list by a sortable prop (default: team, then name as read).
pub fn sort_employees(rows: &mut [QcEmployeeRow], sort: Option<&(String, bool)>) {
    let Some((field, asc)) = sort else { return };
    let value = |r: &QcEmployeeRow| match field.as_str() {
        "lastQcTime" => r.last_qc_time,
        "qcCount" => r.qc_count,
        _ => r.service_count,
    };
    rows.sort_by(|a, b| {
        let order = value(a).cmp(&value(b));
        (if *asc { order } else { order.reverse() }).then(a.employee_id.cmp(&b.employee_id))
    });
}

/// Fills who checked each row's punches last.
pub async fn name_last_operators(db: &Db, rows: &mut [QcEmployeeRow]) -> Result<()> {
    for row in rows.iter_mut().filter(|r| r.last_qc_time > 0) {
        let name: Option<String> = sqlx::query_scalar(
            "SELECT u.name FROM service_punches p JOIN users u ON u.id = p.last_qc_by WHERE p.teacher_id = $1 AND p.last_qc_at = $2 ORDER BY p.id LIMIT 1",
        )
        .bind(row.employee_id)
        .bind(row.last_qc_time)
        .fetch_optional(db.pool())
        .await?;
        row.last_qc_operator = name.unwrap_or_default();
    }
    Ok(())
}
