//! Work tasks: the service steps of first and trial lessons (`first_lesson_steps`) as their
//! executors do them and QC inspectors check them. The same rows feed the first-lesson
//! statistics (`datacentre::first_lesson`), so finishing or checking a task moves those figures.
//!
//! A task's shown state is derived, not stored: done (`status` 1), overdue (not done, past its
//! `end_at`) or to do.

use std::collections::HashMap;

use protocol::constants::role;
use protocol::dictionary as dict;
use protocol::dto::work_task::{MyWorkTaskCount, MyWorkTaskSearch, WorkTaskRow, WorkTaskSearch, WorkTaskSkipped, WorkTaskStatRow};
use sqlx::FromRow;

use crate::datacentre::filter::{push_filter, push_scope, Filter, Scope};
use crate::datacentre::first_lesson::{names_of, Course};
use crate::datacentre::prep::people;
use crate::datacentre::{distinct, rate, subject_name, sum};
use crate::reports::{Bind, Conditions};
use crate::{Db, Result};

/// A task's shown state.
pub const TODO: i64 = 0;
pub const DONE: i64 = 1;
pub const OVERDUE: i64 = 2;

/// The task filters beyond the data-centre filter.
#[derive(Debug, Clone, Default)]
pub struct TaskFilter {
    pub course: Option<Course>,
    pub step_code: Option<String>,
    pub executor_role: Option<String>,
    /// Shown state: [`TODO`], [`DONE`], [`OVERDUE`].
    pub status: Option<i64>,
    pub qc_status: Option<i64>,
    /// Part of the executor's e-mail or name.
    pub executor: Option<String>,
}

/// `-1` means "all", as absent does.
fn given(value: Option<i64>) -> Option<i64> {
    value.filter(|v| *v != -1)
}

fn step_code(code: Option<&str>) -> std::result::Result<Option<String>, String> {
    match code.map(str::trim) {
        None | Some("") | Some("-1") => Ok(None),
        Some(code) if dict::FIRST_STEPS.iter().any(|s| s.0 == code) => Ok(Some(code.to_owned())),
        Some(code) => Err(format!("stepCode 不是已知的环节：{code}")),
    }
}

fn state_code(field: &str, value: Option<i64>) -> std::result::Result<Option<i64>, String> {
    match given(value) {
        Some(v) if !(0..=2).contains(&v) => Err(format!("{field} 只能是 0、1、2 或 -1：{v}")),
        v => Ok(v),
    }
}

fn course(tab_type: Option<&str>) -> std::result::Result<Option<Course>, String> {
    match tab_type.map(str::trim) {
        None | Some("") | Some("-1") => Ok(None),
        text => Course::parse(text).map(Some),
    }
}

impl TaskFilter {
    /// The checked task filters of the QC list, its statistics and its export; the error names
    /// the field.
    pub fn of_search(s: &WorkTaskSearch) -> std::result::Result<TaskFilter, String> {
        let executor_role = match s.executor_role.as_deref().map(str::trim) {
            None | Some("") | Some("-1") => None,
            Some(r @ (role::CONSULTANT | role::LEARNING_MANAGER | role::TEACHER)) => Some(r.to_owned()),
            Some(other) => return Err(format!("executorRole 只能是 consultant、1v1_xg 或 teacher：{other}")),
        };
        Ok(TaskFilter {
            course: course(s.tab_type.as_deref())?,
            step_code: step_code(s.step_code.as_deref())?,
            executor_role,
            status: state_code("status", s.status)?,
            qc_status: state_code("qcStatus", s.qc_status)?,
            executor: s.teacher_email.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned),
        })
    }

    /// The checked filters of the caller's own list.
    pub fn of_my_search(s: &MyWorkTaskSearch) -> std::result::Result<TaskFilter, String> {
        Ok(TaskFilter {
            course: course(s.tab_type.as_deref())?,
            step_code: step_code(s.step_code.as_deref())?,
            status: state_code("status", s.status)?,
            ..TaskFilter::default()
        })
    }

    fn push(&self, c: &mut Conditions, now: i64) {
        if let Some(course) = self.course {
            c.push(" AND x.course_type = ", Bind::Int(course.code()));
        }
        if let Some(code) = &self.step_code {
            c.push(" AND x.step_code = ", Bind::Text(code.clone()));
        }
        if let Some(role) = &self.executor_role {
            c.push(" AND x.executor_role = ", Bind::Text(role.clone()));
        }
        match self.status {
            Some(DONE) => c.sql.push_str(" AND x.status = 1"),
            Some(OVERDUE) => c.push(" AND x.status = 0 AND x.end_at < ", Bind::Int(now)),
            Some(_) => c.push(" AND x.status = 0 AND x.end_at >= ", Bind::Int(now)),
            None => {}
        }
        if let Some(qc) = self.qc_status {
            c.push(" AND x.qc_status = ", Bind::Int(qc));
        }
        if let Some(executor) = &self.executor {
            let pattern = Bind::Text(format!("%{}%", crate::reports::like_escaped(executor)));
            c.push(" AND x.executor_id IN (SELECT id FROM users WHERE LOWER(email) LIKE LOWER(", pattern.clone());
            c.push(") ESCAPE '!' OR LOWER(name) LIKE LOWER(", pattern);
            c.sql.push_str(") ESCAPE '!')");
        }
    }
}

/// Whose tasks a query reads: one executor's, or those of lessons in a scope (dated by the
/// lessons' day within the data-centre filter).
pub enum Whose<'a> {
    Executor(i64),
    Scope(&'a Scope, &'a Filter),
}

fn conditions(whose: &Whose<'_>, tasks: &TaskFilter, now: i64) -> Conditions {
    let mut c = Conditions::new();
    c.sql.push_str(" WHERE 1 = 1");
    match whose {
        Whose::Executor(id) => c.push(" AND x.executor_id = ", Bind::Int(*id)),
        Whose::Scope(scope, f) => {
            push_scope(&mut c, "x", scope);
            push_filter(&mut c, "x", "day_at", f, now);
        }
    }
    tasks.push(&mut c, now);
    c
}

pub async fn count(db: &Db, whose: &Whose<'_>, tasks: &TaskFilter, now: i64) -> Result<i64> {
    let (sql, args) = conditions(whose, tasks, now).finish("SELECT COUNT(*) FROM first_lesson_steps x", "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

#[derive(Debug, Clone, FromRow)]
struct TaskRecord {
    id: i64,
    course_type: i64,
    student_id: i64,
    teacher_id: i64,
    school_id: i64,
    subject: i64,
    day_at: i64,
    step_code: String,
    executor_id: i64,
    executor_role: String,
    start_at: i64,
    end_at: i64,
    status: i64,
    finished_at: Option<i64>,
    note: String,
    qc_status: i64,
    qc_at: Option<i64>,
    qc_operator_id: Option<i64>,
    qc_remark: String,
    first_tag: String,
}

const TASK_COLUMNS: &str = "SELECT x.id, x.course_type, x.student_id, x.teacher_id, x.school_id, x.subject, x.day_at, x.step_code, x.executor_id, \
     x.executor_role, x.start_at, x.end_at, x.status, x.finished_at, x.note, x.qc_status, x.qc_at, x.qc_operator_id, x.qc_remark, x.first_tag \
     FROM first_lesson_steps x";

/// A page of tasks: for an executor the most pressing first (to do by due time, then the
/// done ones, latest first); for inspectors the latest lessons first.
pub async fn page(db: &Db, whose: &Whose<'_>, tasks: &TaskFilter, now: i64, offset: i64, limit: i64) -> Result<Vec<WorkTaskRow>> {
    let order = match whose {
        Whose::Executor(_) => " ORDER BY x.status, CASE WHEN x.status = 0 THEN x.end_at ELSE -COALESCE(x.finished_at, 0) END, x.id",
        Whose::Scope(..) => " ORDER BY x.day_at DESC, x.id DESC",
    };
    let mut c = conditions(whose, tasks, now);
    c.sql.push_str(order);
    c.push(" LIMIT ", Bind::Int(limit));
    c.push(" OFFSET ", Bind::Int(offset));
    let (sql, args) = c.finish(TASK_COLUMNS, "");
    let records: Vec<TaskRecord> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    rows(db, records, now).await
}

/// One task, whoever may read it (the caller checks that).
pub async fn get(db: &Db, id: i64, now: i64) -> Result<Option<WorkTaskRow>> {
    let (sql, args) = {
        let mut c = Conditions::new();
        c.push(" WHERE x.id = ", Bind::Int(id));
        c.finish(TASK_COLUMNS, "")
    };
    let records: Vec<TaskRecord> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(rows(db, records, now).await?.into_iter().next())
}

/// Whether the task lies within a data scope (its lesson's school, area, teacher or student).
pub async fn in_scope(db: &Db, id: i64, scope: &Scope) -> Result<bool> {
    let mut c = Conditions::new();
    c.push(" WHERE x.id = ", Bind::Int(id));
    push_scope(&mut c, "x", scope);
    let (sql, args) = c.finish("SELECT COUNT(*) FROM first_lesson_steps x", "");
    let n: i64 = sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?;
    Ok(n > 0)
}

/// The executor of a task, if it exists.
pub async fn executor_of(db: &Db, id: i64) -> Result<Option<i64>> {
    Ok(sqlx::query_scalar("SELECT executor_id FROM first_lesson_steps WHERE id = $1").bind(id).fetch_optional(db.pool()).await?)
}

fn shown_status(status: i64, end_at: i64, now: i64) -> i64 {
    if status == 1 {
        DONE
    } else if end_at < now {
        OVERDUE
    } else {
        TODO
    }
}

async fn rows(db: &Db, records: Vec<TaskRecord>, now: i64) -> Result<Vec<WorkTaskRow>> {
    if records.is_empty() {
        return Ok(Vec::new());
    }
    let people = people(db, &distinct(records.iter().flat_map(|r| [Some(r.teacher_id), Some(r.executor_id), r.qc_operator_id]).flatten()), now).await?;
    let students = names_of(db, "SELECT id, code, name FROM students", "id", &distinct(records.iter().map(|r| r.student_id))).await?;
    let schools: HashMap<i64, String> = crate::orgs::schools(db).await?.into_iter().map(|s| (s.id, s.name)).collect();
    Ok(records
        .into_iter()
        .map(|r| {
            let course = if r.course_type == 2 { Course::St } else { Course::Zj };
            let step = dict::FIRST_STEPS.iter().find(|s| s.0 == r.step_code);
            let (step_name, task) = step.map_or(("", ""), |s| (s.1, s.3));
            let status = shown_status(r.status, r.end_at, now);
            let person = |id: i64| people.get(&id);
            let (student_code, student_name) = students.get(&r.student_id).cloned().unwrap_or_default();
            let finished_at = r.finished_at.unwrap_or(0);
            WorkTaskRow {
                id: r.id,
                tab_type: dict::FIRST_TAB_TYPES[course.code() as usize - 1].0.into(),
                course_type_desc: course.name().into(),
                task_name: format!("{}{task}", if course == Course::Zj { "首课" } else { "试听课" }),
                step_code: r.step_code.clone(),
                step_name: step_name.into(),
                executor_role_desc: role_task(&r.executor_role).into(),
                executor_role: r.executor_role,
                executor_id: r.executor_id,
                executor_name: person(r.executor_id).map(|p| p.name.clone()).unwrap_or_default(),
                executor_email: person(r.executor_id).map(|p| p.email.clone()).unwrap_or_default(),
                student_id: r.student_id,
                student_code,
                student_name,
                teacher_name: person(r.teacher_id).map(|p| p.name.clone()).unwrap_or_default(),
                school_name: schools.get(&r.school_id).cloned().unwrap_or_default(),
                subject_name: subject_name(r.subject),
                lesson_time: r.day_at,
                start_at: r.start_at,
                end_at: r.end_at,
                status,
                status_desc: dict::name_of(&dict::STEP_STATUSES, status).into(),
                finished_at,
                finished_late: r.status == 1 && finished_at > r.end_at,
                note: r.note,
                qc_status: r.qc_status,
                qc_status_desc: dict::name_of(&dict::STEP_QC_STATUSES, r.qc_status).into(),
                qc_at: r.qc_at.unwrap_or(0),
                qc_operator_name: r.qc_operator_id.and_then(person).map(|p| p.name.clone()).unwrap_or_default(),
                qc_remark: r.qc_remark,
                first_tag: r.first_tag,
            }
        })
        .collect())
}

/// 顾问任务, 学管任务 or 老师任务.
pub fn role_task(executor_role: &str) -> &'static str {
    match executor_role {
        role::CONSULTANT => "顾问任务",
        role::LEARNING_MANAGER => "学管任务",
        _ => "老师任务",
    }
}

/// An executor's tasks by shown state.
pub async fn my_count(db: &Db, executor: i64, now: i64) -> Result<MyWorkTaskCount> {
    let sql = format!(
        "SELECT {}, {}, {}, {} FROM first_lesson_steps WHERE executor_id = $2",
        sum("CASE WHEN status = 0 AND end_at >= $1 THEN 1 ELSE 0 END"),
        sum("CASE WHEN status = 0 AND end_at < $1 THEN 1 ELSE 0 END"),
        sum("CASE WHEN status = 1 THEN 1 ELSE 0 END"),
        sum("CASE WHEN status = 1 AND qc_status = 2 THEN 1 ELSE 0 END"),
    );
    let (todo, overdue, done, unqualified): (i64, i64, i64, i64) = sqlx::query_as(&sql).bind(now).bind(executor).fetch_one(db.pool()).await?;
    Ok(MyWorkTaskCount { todo, overdue, done, unqualified })
}

/// Why a task cannot be finished or checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Missing,
    AlreadyDone,
    NotDone,
}

/// The executor marks a task done (once); `Err(Refusal)` says why not.
pub async fn finish(db: &Db, id: i64, executor: i64, note: &str, now: i64) -> Result<std::result::Result<(), Refusal>> {
    let done = sqlx::query("UPDATE first_lesson_steps SET status = 1, finished_at = $1, note = $2 WHERE id = $3 AND executor_id = $4 AND status = 0")
        .bind(now)
        .bind(note)
        .bind(id)
        .bind(executor)
        .execute(db.pool())
        .await?
        .rows_affected();
    if done > 0 {
        return Ok(Ok(()));
    }
    Ok(Err(match executor_of(db, id).await? {
        Some(e) if e == executor => Refusal::AlreadyDone,
        _ => Refusal::Missing,
    }))
}

/// Inspectors' verdict on done tasks within `scope`, in one transaction: each task is checked,
/// or skipped with the reason (missing or outside the scope, not done yet).
pub async fn check(db: &Db, ids: &[i64], scope: &Scope, qc_status: i64, remark: &str, operator: i64, now: i64) -> Result<(i64, Vec<WorkTaskSkipped>)> {
    let ids = distinct(ids.iter().copied());
    let mut c = Conditions::new();
    c.sql.push_str(" WHERE 1 = 1");
    c.push_in("x.id", &ids);
    push_scope(&mut c, "x", scope);
    let (sql, args) = c.finish("SELECT x.id, x.status FROM first_lesson_steps x", "");
    let mut tx = db.begin().await?;
    let found: HashMap<i64, i64> = sqlx::query_as_with::<_, (i64, i64), _>(&sql, args).fetch_all(&mut *tx).await?.into_iter().collect();
    let mut checked = 0;
    let mut skipped = Vec::new();
    for id in ids {
        match found.get(&id) {
            None => skipped.push(WorkTaskSkipped { id, reason: "任务不存在".into() }),
            Some(status) if *status != 1 => skipped.push(WorkTaskSkipped { id, reason: "任务尚未完成，不能质检".into() }),
            Some(_) => {
                checked += sqlx::query("UPDATE first_lesson_steps SET qc_status = $1, qc_at = $2, qc_operator_id = $3, qc_remark = $4 WHERE id = $5")
                    .bind(qc_status)
                    .bind(now)
                    .bind(operator)
                    .bind(remark)
                    .bind(id)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected() as i64;
            }
        }
    }
    tx.commit().await?;
    Ok((checked, skipped))
}

/// The statistics' grouping.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grouping {
    Executor,
    School,
    Step,
}

impl Grouping {
    pub fn parse(text: Option<&str>) -> std::result::Result<Grouping, String> {
        match text.map(str::trim) {
            None | Some("") | Some("executor") => Ok(Grouping::Executor),
            Some("school") => Ok(Grouping::School),
            Some("step") => Ok(Grouping::Step),
            Some(other) => Err(format!("statType 只能是 executor（执行人）、school（校区）或 step（环节）：{other}")),
        }
    }

    fn key(self) -> &'static str {
        match self {
            Grouping::Executor => "CAST(x.executor_id AS TEXT)",
            Grouping::School => "CAST(x.school_id AS TEXT)",
            Grouping::Step => "x.step_code",
        }
    }
}

/// The columns the statistics sort by.
pub const STAT_SORTABLE: &[&str] = &[
    "taskCnt",
    "doneCnt",
    "onTimeCnt",
    "overdueCnt",
    "checkedCnt",
    "qualifiedCnt",
    "unqualifiedCnt",
    "doneRate",
    "onTimeRate",
    "checkedRate",
    "qualifiedRate",
];

/// The figures of each group of the selection (by task count, most first) and of the whole.
pub async fn statistics(
    db: &Db,
    scope: &Scope,
    f: &Filter,
    tasks: &TaskFilter,
    grouping: Grouping,
    now: i64,
) -> Result<(Vec<WorkTaskStatRow>, WorkTaskStatRow)> {
    let figures = format!(
        "COUNT(*), {}, {}, {}, {}, {}, {}",
        sum("x.status"),
        sum("CASE WHEN x.status = 1 AND x.finished_at <= x.end_at THEN 1 ELSE 0 END"),
        sum(&format!("CASE WHEN (x.status = 0 AND x.end_at < {now}) OR (x.status = 1 AND x.finished_at > x.end_at) THEN 1 ELSE 0 END")),
        sum("CASE WHEN x.status = 1 AND x.qc_status > 0 THEN 1 ELSE 0 END"),
        sum("CASE WHEN x.status = 1 AND x.qc_status = 1 THEN 1 ELSE 0 END"),
        sum("CASE WHEN x.status = 1 AND x.qc_status = 2 THEN 1 ELSE 0 END"),
    );
    let key = grouping.key();
    let (sql, args) =
        conditions(&Whose::Scope(scope, f), tasks, now).finish(&format!("SELECT {key}, {figures} FROM first_lesson_steps x"), &format!(" GROUP BY {key}"));
    type Figures = (String, i64, i64, i64, i64, i64, i64, i64);
    let groups: Vec<Figures> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let names: HashMap<String, (String, String)> = match grouping {
        Grouping::Executor => {
            let ids = distinct(groups.iter().filter_map(|g| g.0.parse::<i64>().ok()));
            people(db, &ids, now).await?.into_iter().map(|(id, p)| (id.to_string(), (p.name, p.school_name))).collect()
        }
        Grouping::School => crate::orgs::schools(db).await?.into_iter().map(|s| (s.id.to_string(), (s.name, String::new()))).collect(),
        Grouping::Step => dict::FIRST_STEPS.iter().map(|s| (s.0.to_owned(), (s.1.to_owned(), String::new()))).collect(),
    };
    let row = |key: String, name: String, school_name: String, v: [i64; 7]| WorkTaskStatRow {
        key,
        name,
        school_name,
        task_cnt: v[0],
        done_cnt: v[1],
        on_time_cnt: v[2],
        overdue_cnt: v[3],
        checked_cnt: v[4],
        qualified_cnt: v[5],
        unqualified_cnt: v[6],
        done_rate: rate(v[1], v[0]),
        on_time_rate: rate(v[2], v[1]),
        checked_rate: rate(v[4], v[1]),
        qualified_rate: rate(v[5], v[4]),
    };
    let mut total = [0i64; 7];
    let mut rows: Vec<WorkTaskStatRow> = groups
        .into_iter()
        .map(|(key, a, b, c, d, e, g, h)| {
            let v = [a, b, c, d, e, g, h];
            for (t, x) in total.iter_mut().zip(v) {
                *t += x;
            }
            let (name, school) = names.get(&key).cloned().unwrap_or_default();
            row(key, name, school, v)
        })
        .collect();
    rows.sort_by(|a, b| b.task_cnt.cmp(&a.task_cnt).then_with(|| a.name.cmp(&b.name)).then_with(|| a.key.cmp(&b.key)));
    Ok((rows, row(String::new(), "合计".into(), String::new(), total)))
}

/// Sorts statistics rows by a sortable column (stable: ties keep the default order).
pub fn sort(rows: &mut [WorkTaskStatRow], field: &str, asc: bool) {
    let value = |r: &WorkTaskStatRow| -> f64 {
        match field {
            "taskCnt" => r.task_cnt as f64,
            "doneCnt" => r.done_cnt as f64,
            "onTimeCnt" => r.on_time_cnt as f64,
            "overdueCnt" => r.overdue_cnt as f64,
            "checkedCnt" => r.checked_cnt as f64,
            "qualifiedCnt" => r.qualified_cnt as f64,
            "unqualifiedCnt" => r.unqualified_cnt as f64,
            "doneRate" => r.done_rate,
            "onTimeRate" => r.on_time_rate,
            "checkedRate" => r.checked_rate,
            _ => r.qualified_rate,
        }
    };
    crate::datacentre::sort_by_figure(rows, asc, value);
}
