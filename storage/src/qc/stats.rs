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
use crate::datacentre::filter::{push_dimensions, push_filter, push_scope, Filter, Scope};
use crate::datacentre::months;
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
        c.push_range("a.start_at", Some(self.filter.from_ms()), Some(self.filter.to_ms()));
        self.push_taken_facts(c);
    }

    /// [`StatQuery::push_taken`] but the period: over attendance or its monthly rollup (the
    /// columns both have: [`months::push_attendance`]).
    fn push_taken_facts(&self, c: &mut Conditions) {
        if let Some(side) = self.side {
            c.sql.push_str(&side.condition("a"));
        }
        push_scope(c, "a", self.scope);
        push_dimensions(c, "a", self.filter, self.now);
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

/// The key a view groups by, over attendance (`a`) and over punches (`p`); the service view and
/// the totals group everything under 0.
fn keys(view: View) -> (&'static str, &'static str) {
    match view {
        View::Teacher => ("a.teacher_id", "p.teacher_id"),
        View::Class => ("a.class_id", "p.class_id"),
        View::Student => ("a.student_id", "p.student_id"),
        View::Service => ("0", "0"),
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

/// What the one statement of [`figures`] answers, one row per figure: (what, key, service, four
/// counts).
mod what {
    /// Per key: taken students, classes.
    pub const TAKEN: i64 = 1;
    pub const TAKEN_TOTAL: i64 = 2;
    /// Per key: punches, checked, qualified, unqualified.
    pub const PUNCHED: i64 = 3;
    pub const PUNCHED_TOTAL: i64 = 4;
    /// Per key: taken students with a punch by the key (teacher, class) or at all (student).
    pub const SERVICED: i64 = 5;
    /// Per key and service: those serviced by that service.
    pub const SERVICED_BY: i64 = 6;
    /// Taken students with any punch, in all and per service.
    pub const SERVICED_TOTAL: i64 = 7;
    pub const SERVICED_TOTAL_BY: i64 = 8;
    /// Per key and service: punches.
    pub const PUNCHED_BY: i64 = 9;
    /// Per service: punches, checked, qualified, unqualified.
    pub const PUNCHED_TOTAL_BY: i64 = 10;
}

/// A view's figures: the totals, every key's, and each service's punches.
#[derive(Default)]
struct AllFigures {
    /// Its services: serviced students (teacher and class views) or punches (student view).
    totals: Figures,
    by_key: HashMap<i64, Figures>,
    punched_by_service: HashMap<i64, (i64, i64, i64, i64)>,
}

/// Every figure of a view in one statement. The period's attendance is read once, into its
/// distinct (key, student, class) triples (whole months from their rollup), and its punches once, counted per (key, student,
/// service); every count is aggregated from those two. Asked as separate queries, each read the
/// month of attendance again: on a school group's year that was eight reads and 0.7 s a call
/// (docs/benchmarks.md).
async fn figures(db: &Db, q: &StatQuery<'_>, view: View) -> Result<AllFigures> {
    let (taken_key, punch_key) = keys(view);
    let zero = "CAST(0 AS BIGINT)";
    let mut c = Conditions::new();
    // The taken triples: whole months from the rollup, the edges from attendance.
    c.sql.push_str("WITH ta AS (SELECT k, s, c FROM ");
    let taken = format!("{taken_key} AS k, a.student_id AS s, a.class_id AS c");
    months::push_attendance(&mut c, &taken, q.filter.from_ms(), q.filter.to_ms(), |c| q.push_taken_facts(c));
    c.sql.push_str(&format!(
        " x GROUP BY 1, 2, 3), pp AS (SELECT {punch_key} AS k, p.student_id AS s, p.service_id AS v, COUNT(*) AS n, {} AS ch, {} AS ok, {} AS bad \
         FROM service_punches p WHERE 1 = 1",
        sum("CASE WHEN p.check_status = 1 THEN 1 ELSE 0 END"),
        sum("CASE WHEN p.check_status = 1 AND p.result_status = 1 THEN 1 ELSE 0 END"),
        sum("CASE WHEN p.check_status = 1 AND p.result_status = 2 THEN 1 ELSE 0 END"),
    ));
    q.push_punches(&mut c);
    let (n, ch, ok, bad) = (sum("n"), sum("ch"), sum("ok"), sum("bad"));
    // The student view counts each student's punches per service; the others serviced students.
    let student_view = view == View::Student;
    let per_key_service = if student_view {
        format!("UNION ALL SELECT {}, k, v, {n}, {zero}, {zero}, {zero} FROM pp GROUP BY k, v", what::PUNCHED_BY)
    } else {
        format!("UNION ALL SELECT {}, k, v, COUNT(*), {zero}, {zero}, {zero} FROM hit GROUP BY k, v", what::SERVICED_BY)
    };
    c.sql.push_str(&format!(
        " GROUP BY 1, 2, 3), \
         hit AS (SELECT DISTINCT t.k, t.s, pp.v FROM (SELECT DISTINCT k, s FROM ta) t JOIN pp ON pp.k = t.k AND pp.s = t.s), \
         st AS (SELECT DISTINCT s FROM ta), sv AS (SELECT DISTINCT s, v FROM pp) \
         SELECT CAST({t} AS BIGINT), k, {zero}, COUNT(DISTINCT s), COUNT(DISTINCT c), {zero}, {zero} FROM ta GROUP BY k \
         UNION ALL SELECT {tt}, {zero}, {zero}, COUNT(DISTINCT s), COUNT(DISTINCT c), {zero}, {zero} FROM ta \
         UNION ALL SELECT {p}, k, {zero}, {n}, {ch}, {ok}, {bad} FROM pp GROUP BY k \
         UNION ALL SELECT {pt}, {zero}, {zero}, {n}, {ch}, {ok}, {bad} FROM pp \
         UNION ALL SELECT {s}, k, {zero}, COUNT(DISTINCT s), {zero}, {zero}, {zero} FROM hit GROUP BY k \
         {per_key_service} \
         UNION ALL SELECT {st}, {zero}, {zero}, COUNT(*), {zero}, {zero}, {zero} FROM st WHERE EXISTS (SELECT 1 FROM sv WHERE sv.s = st.s) \
         UNION ALL SELECT {stb}, {zero}, v, COUNT(*), {zero}, {zero}, {zero} FROM st JOIN sv ON sv.s = st.s GROUP BY v \
         UNION ALL SELECT {ptb}, {zero}, v, {n}, {ch}, {ok}, {bad} FROM pp GROUP BY v",
        t = what::TAKEN,
        tt = what::TAKEN_TOTAL,
        p = what::PUNCHED,
        pt = what::PUNCHED_TOTAL,
        s = what::SERVICED,
        st = what::SERVICED_TOTAL,
        stb = what::SERVICED_TOTAL_BY,
        ptb = what::PUNCHED_TOTAL_BY,
    ));
    let (sql, args) = c.finish("", "");
    let rows: Vec<(i64, i64, i64, i64, i64, i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let mut all = AllFigures::default();
    for (kind, key, service, a, b, c, d) in rows {
        match kind {
            what::TAKEN => (all.by_key.entry(key).or_default().taken, all.by_key.entry(key).or_default().classes) = (a, b),
            what::TAKEN_TOTAL => (all.totals.taken, all.totals.classes) = (a, b),
            what::PUNCHED => {
                let f = all.by_key.entry(key).or_default();
                (f.punches, f.checked, f.qualified, f.unqualified) = (a, b, c, d);
            }
            what::PUNCHED_TOTAL => (all.totals.punches, all.totals.checked, all.totals.qualified, all.totals.unqualified) = (a, b, c, d),
            what::SERVICED => {
                if let Some(f) = all.by_key.get_mut(&key) {
                    f.serviced = a;
                }
            }
            what::SERVICED_BY => {
                if let Some(f) = all.by_key.get_mut(&key) {
                    f.per_service.insert(service, a);
                }
            }
            what::PUNCHED_BY => {
                all.by_key.entry(key).or_default().per_service.insert(service, a);
            }
            what::SERVICED_TOTAL => all.totals.serviced = a,
            what::SERVICED_TOTAL_BY if !student_view => {
                all.totals.per_service.insert(service, a);
            }
            what::PUNCHED_TOTAL_BY => {
                if student_view {
                    all.totals.per_service.insert(service, a);
                }
                all.punched_by_service.insert(service, (a, b, c, d));
            }
            _ => {}
        }
    }
    Ok(all)
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

/// The statistics of a view: the totals and every row (unsorted, unnamed).
pub async fn statistics(db: &Db, q: &StatQuery<'_>, view: View, services: &[ServiceType]) -> Result<(QcStatRow, Vec<QcStatRow>)> {
    let all = figures(db, q, view).await?;
    if view == View::Service {
        let totals = all.totals;
        let summary = stat_row(0, &totals, services, false);
        let rows = services
            .iter()
            .map(|s| {
                let p = all.punched_by_service.get(&s.id).copied().unwrap_or_default();
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
    let counts = view == View::Student;
    let summary = stat_row(0, &all.totals, services, counts);
    let rows = all.by_key.into_iter().filter(|(id, _)| *id > 0).map(|(id, f)| stat_row(id, &f, services, counts)).collect();
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
    let figures = async {
        let (sql, args) = punches(&format!(
            "SELECT p.teacher_id, COUNT(*), {}, {}, MAX(p.classic_case), MAX(p.last_qc_at) FROM service_punches p WHERE 1 = 1",
            sum("CASE WHEN p.check_status = 1 THEN 1 ELSE 0 END"),
            sum("CASE WHEN p.check_status = 1 AND p.result_status = 2 THEN 1 ELSE 0 END"),
        ));
        let rows = sqlx::query_as_with::<_, (i64, i64, i64, i64, i64, i64), _>(&format!("{sql} GROUP BY p.teacher_id"), args).fetch_all(db.pool()).await?;
        Ok::<HashMap<i64, (i64, i64, i64, i64, i64)>, crate::StorageError>(
            rows.into_iter().map(|(t, n, checked, bad, classic, last)| (t, (n, checked, bad, classic, last))).collect(),
        )
    };
    let reviews = async {
        let (sql, args) = punches("SELECT p.teacher_id, COUNT(*) FROM qc_reviews r JOIN service_punches p ON p.id = r.punch_id WHERE 1 = 1");
        let rows = sqlx::query_as_with::<_, (i64, i64), _>(&format!("{sql} GROUP BY p.teacher_id"), args).fetch_all(db.pool()).await?;
        Ok::<HashMap<i64, i64>, crate::StorageError>(rows.into_iter().collect())
    };
    let roles = async {
        let (sql, args) = punches("SELECT DISTINCT p.teacher_id, p.role_code FROM service_punches p WHERE 1 = 1");
        Ok::<Vec<(i64, String)>, crate::StorageError>(sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?)
    };
    // Three reads of the period's punches, independent: at once, on three connections.
    let (figures, reviews, role_rows) = futures_util::try_join!(figures, reviews, roles)?;
    let mut roles: HashMap<i64, Vec<&'static str>> = HashMap::new();
    for (teacher, code) in role_rows {
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
