//! First-lesson statistics (02 §3.3): how the first lessons of new full-price packages (`ZJ`)
//! and trial lessons (`ST`) went, and how the service steps around them (pre-handover,
//! handover, start call, feedback, follow-up) were done and checked.
//!
//! The records: `first_lessons` (derived by [`refresh`] from packages, attendance and refunds
//! whenever those change: one row per first lesson, so that the statistics read one table),
//! `trial_lessons` (source records; what followed them derived by [`refresh_trials`]) and
//! `first_lesson_steps` (source records). Every query applies the caller's scope and the filter
//! to the lesson rows' copied facts, dated by `day_at` (the package's purchase, the trial's time).

use std::collections::HashMap;

use protocol::constants::role;
use protocol::dictionary as dict;
use protocol::dto::datacentre::{FirstDetailRow, FirstStatRow};
use sqlx::{Any, FromRow, Transaction};

use super::calendar::DAY_MS;
use super::filter::{push_filter, push_scope, Filter, Scope};
use super::prep::people;
use super::records::insert_rows;
use super::{rate, subject_name, sum};
use crate::reports::{Bind, Conditions};
use crate::{Db, Result};

/// The attendance statuses that hold a lesson for the student (present, late).
const HELD: &str = "(1, 2)";

/// Full-price first lessons or trial lessons (`tabType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Course {
    Zj,
    St,
}

impl Course {
    pub fn parse(text: Option<&str>) -> std::result::Result<Course, String> {
        match text.map(str::trim) {
            None | Some("") | Some("ZJ") => Ok(Course::Zj),
            Some("ST") => Ok(Course::St),
            Some(other) => Err(format!("tabType 只能是 ZJ（正价课首课）或 ST（试听课）：{other}")),
        }
    }

    pub fn code(self) -> i64 {
        match self {
            Course::Zj => 1,
            Course::St => 2,
        }
    }

    pub fn name(self) -> &'static str {
        dict::FIRST_TAB_TYPES[self.code() as usize - 1].1
    }

    /// The lesson table (aliased `x`) and its key column.
    fn table(self) -> (&'static str, &'static str) {
        match self {
            Course::Zj => ("first_lessons", "package_id"),
            Course::St => ("trial_lessons", "id"),
        }
    }
}

/// The four first-lesson screens: the overall one counts every step, the others the steps of
/// their role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Whole,
    Teacher,
    Consultant,
    LearnManage,
}

impl View {
    pub fn parse(text: &str) -> Option<View> {
        Some(match text {
            "whole" => View::Whole,
            "teacher" => View::Teacher,
            "consultant" => View::Consultant,
            "learnManage" => View::LearnManage,
            _ => return None,
        })
    }

    fn role(self) -> Option<&'static str> {
        match self {
            View::Whole => None,
            View::Teacher => Some(role::TEACHER),
            View::Consultant => Some(role::CONSULTANT),
            View::LearnManage => Some(role::LEARNING_MANAGER),
        }
    }

    /// The groupings the screen offers, its default first.
    pub fn groupings(self) -> &'static [Grouping] {
        match self {
            View::Whole => &[Grouping::School, Grouping::Area, Grouping::Subject],
            View::Teacher => &[Grouping::Subject, Grouping::Group, Grouping::Area, Grouping::Teacher],
            View::Consultant => &[Grouping::Area, Grouping::Consultant],
            View::LearnManage => &[Grouping::Area, Grouping::LearnManager],
        }
    }

    /// The grouping `type` names, checked against the screen's.
    pub fn grouping(self, text: Option<&str>) -> std::result::Result<Grouping, String> {
        let offered = self.groupings();
        match text.map(str::trim) {
            None | Some("") => Ok(offered[0]),
            Some(name) => offered
                .iter()
                .copied()
                .find(|g| g.name() == name)
                .ok_or_else(|| format!("type 无效：{name}（可用：{}）", offered.iter().map(|g| g.name()).collect::<Vec<_>>().join("、"))),
        }
    }
}

/// How the statistics group the lessons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grouping {
    School,
    Area,
    Subject,
    Group,
    Teacher,
    Consultant,
    LearnManager,
}

impl Grouping {
    pub fn name(self) -> &'static str {
        match self {
            Grouping::School => "areaSchoolRank",
            Grouping::Area => "areaCount",
            Grouping::Subject => "subjectCount",
            Grouping::Group => "groupCount",
            Grouping::Teacher => "teacherCount",
            Grouping::Consultant => "consultantCount",
            Grouping::LearnManager => "learnManagerCount",
        }
    }

    /// The group key over rows aliased `x`, as text (one type for every grouping).
    fn key(self) -> &'static str {
        match self {
            Grouping::School => "CAST(x.school_id AS TEXT)",
            Grouping::Area => "x.area_code",
            Grouping::Subject => "CAST(x.subject AS TEXT)",
            Grouping::Group => "CAST(COALESCE((SELECT st.project_group FROM staff st WHERE st.user_id = x.teacher_id), 0) AS TEXT)",
            Grouping::Teacher => "CAST(x.teacher_id AS TEXT)",
            Grouping::Consultant => "CAST(x.consultant_id AS TEXT)",
            Grouping::LearnManager => "CAST(x.learning_manager_id AS TEXT)",
        }
    }
}

pub const STAT_SORTABLE: &[&str] = &[
    "f1LessonTotalCnt",
    "f1LessonSuccRate",
    "f3LessonSuccRate",
    "stLessonCnt",
    "day30ZjRate",
    "day90ZjRate",
    "teacherZjRate",
    "subjectZjRate",
    "stepFinishedRate",
    "stepQcQualifiedRate",
];

pub const DETAIL_SORTABLE: &[(&str, &str)] =
    &[("lessonTime", "x.day_at"), ("stepFinishTime", "COALESCE(s.finished_at, 0)"), ("stepEndTime", "COALESCE(s.end_at, 0)")];

// ---------------------------------------------------------------------------------------------
// Records

/// A trial lesson as the generator and imports write it (what followed is derived).
#[derive(Debug, Clone)]
pub struct NewTrial {
    pub id: i64,
    pub order_code: String,
    pub student_id: i64,
    pub teacher_id: i64,
    pub consultant_id: i64,
    pub learning_manager_id: i64,
    pub school_id: i64,
    pub area_code: String,
    pub subject: i64,
    pub grade_code: i64,
    pub product_group: i64,
    pub manage_project: i64,
    pub day_at: i64,
    pub minutes: i64,
}

/// A service step as the generator and imports write it, with its lesson's facts.
#[derive(Debug, Clone)]
pub struct NewStep {
    pub course_type: i64,
    pub ref_id: i64,
    pub student_id: i64,
    pub teacher_id: i64,
    pub consultant_id: i64,
    pub learning_manager_id: i64,
    pub school_id: i64,
    pub area_code: String,
    pub subject: i64,
    pub grade_code: i64,
    pub product_type: String,
    pub product_group: i64,
    pub manage_project: i64,
    pub day_at: i64,
    pub step_code: &'static str,
    pub executor_id: i64,
    pub executor_role: &'static str,
    pub start_at: i64,
    pub end_at: i64,
    pub finished_at: Option<i64>,
    pub qc_status: i64,
    pub qc_at: Option<i64>,
    pub qc_operator_id: Option<i64>,
    pub qc_remark: String,
    pub ai_status: i64,
    pub first_tag: String,
}

pub async fn insert_trials(tx: &mut Transaction<'_, Any>, trials: &[NewTrial]) -> Result<()> {
    let int = Bind::Int;
    insert_rows(
        tx,
        "trial_lessons",
        &[
            "id",
            "order_code",
            "student_id",
            "teacher_id",
            "consultant_id",
            "learning_manager_id",
            "school_id",
            "area_code",
            "subject",
            "grade_code",
            "product_type",
            "product_group",
            "manage_project",
            "day_at",
            "minutes",
        ],
        trials.iter().map(|t| {
            vec![
                int(t.id),
                Bind::Text(t.order_code.clone()),
                int(t.student_id),
                int(t.teacher_id),
                int(t.consultant_id),
                int(t.learning_manager_id),
                int(t.school_id),
                Bind::Text(t.area_code.clone()),
                int(t.subject),
                int(t.grade_code),
                Bind::Text("STK".into()),
                int(t.product_group),
                int(t.manage_project),
                int(t.day_at),
                int(t.minutes),
            ]
        }),
    )
    .await
}

pub async fn insert_steps(tx: &mut Transaction<'_, Any>, steps: &[NewStep]) -> Result<()> {
    let int = Bind::Int;
    insert_rows(
        tx,
        "first_lesson_steps",
        &[
            "course_type",
            "ref_id",
            "student_id",
            "teacher_id",
            "consultant_id",
            "learning_manager_id",
            "school_id",
            "area_code",
            "subject",
            "grade_code",
            "product_type",
            "product_group",
            "manage_project",
            "day_at",
            "step_code",
            "executor_id",
            "executor_role",
            "start_at",
            "end_at",
            "status",
            "finished_at",
            "qc_status",
            "qc_at",
            "qc_operator_id",
            "qc_remark",
            "ai_status",
            "first_tag",
        ],
        steps.iter().map(|s| {
            vec![
                int(s.course_type),
                int(s.ref_id),
                int(s.student_id),
                int(s.teacher_id),
                int(s.consultant_id),
                int(s.learning_manager_id),
                int(s.school_id),
                Bind::Text(s.area_code.clone()),
                int(s.subject),
                int(s.grade_code),
                Bind::Text(s.product_type.clone()),
                int(s.product_group),
                int(s.manage_project),
                int(s.day_at),
                Bind::Text(s.step_code.into()),
                int(s.executor_id),
                Bind::Text(s.executor_role.into()),
                int(s.start_at),
                int(s.end_at),
                int(i64::from(s.finished_at.is_some())),
                Bind::OptInt(s.finished_at),
                int(s.qc_status),
                Bind::OptInt(s.qc_at),
                Bind::OptInt(s.qc_operator_id),
                Bind::Text(s.qc_remark.clone()),
                int(s.ai_status),
                Bind::Text(s.first_tag.clone()),
            ]
        }),
    )
    .await
}

/// A first package's facts, read for [`refresh`].
#[derive(FromRow)]
struct FirstPackage {
    id: i64,
    student_id: i64,
    teacher_id: i64,
    consultant_id: i64,
    learning_manager_id: i64,
    school_id: i64,
    area_code: String,
    subject: i64,
    grade_code: i64,
    product_type: String,
    product_group: i64,
    manage_project: i64,
    bought_at: i64,
}

/// What became of a first lesson, from the lessons the student attended on the package (in
/// time order) and the package's first refund: (f1 status, f3 status, canceled).
pub fn outcome(held: &[i64], refunded_at: Option<i64>) -> (i64, i64, bool) {
    // Lessons after a refund do not count.
    let held = held.iter().filter(|at| refunded_at.is_none_or(|r| **at < r)).count();
    let refunded = refunded_at.is_some();
    let f1 = match held {
        0 => 0,
        1 if refunded => 2,
        1 => 3,
        _ => 1,
    };
    let f3 = match held {
        n if n >= 3 => 1,
        n if n >= 1 && refunded => 2,
        _ => 0,
    };
    (f1, f3, refunded && held == 0)
}

/// Re-derives the first lessons of the packages `package_ids` (those that are the first
/// full-price package of their student in their subject) from the packages, attendance and
/// refunds as `tx` sees them.
pub async fn refresh(tx: &mut Transaction<'_, Any>, package_ids: &[i64]) -> Result<()> {
    let mut ids = package_ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    for chunk in ids.chunks(500) {
        let mut c = Conditions::new();
        c.sql.push_str(
            " WHERE p.product_type = 'ZJK' AND NOT EXISTS (SELECT 1 FROM lesson_packages q WHERE q.student_id = p.student_id AND q.subject = p.subject \
             AND q.product_type = 'ZJK' AND (q.bought_at < p.bought_at OR (q.bought_at = p.bought_at AND q.id < p.id)))",
        );
        c.push_in("p.id", chunk);
        let (sql, args) = c.finish(
            "SELECT p.id, p.student_id, p.teacher_id, COALESCE(s.consultant_id, 0) AS consultant_id, COALESCE(s.learning_manager_id, 0) AS learning_manager_id, \
             p.school_id, p.area_code, p.subject, p.grade_code, p.product_type, p.product_group, p.manage_project, p.bought_at \
             FROM lesson_packages p JOIN students s ON s.id = p.student_id",
            "",
        );
        let firsts: Vec<FirstPackage> = sqlx::query_as_with(&sql, args).fetch_all(&mut **tx).await?;
        let mut c = Conditions::new();
        c.sql.push_str(" WHERE 1 = 1");
        c.push_in("package_id", chunk);
        let (sql, args) = c.finish("DELETE FROM first_lessons", "");
        sqlx::query_with(&sql, args).execute(&mut **tx).await?;
        if firsts.is_empty() {
            continue;
        }
        let first_ids: Vec<i64> = firsts.iter().map(|p| p.id).collect();
        let mut c = Conditions::new();
        c.sql.push_str(&format!(" WHERE a.status IN {HELD}"));
        c.push_in("a.package_id", &first_ids);
        let (sql, args) = c.finish("SELECT a.package_id, a.start_at, a.area_code FROM attendance a", " ORDER BY a.package_id, a.start_at");
        let lessons: Vec<(i64, i64, String)> = sqlx::query_as_with(&sql, args).fetch_all(&mut **tx).await?;
        let mut held: HashMap<i64, Vec<(i64, String)>> = HashMap::new();
        for (package, at, area) in lessons {
            held.entry(package).or_default().push((at, area));
        }
        let mut c = Conditions::new();
        c.sql.push_str(" WHERE 1 = 1");
        c.push_in("r.package_id", &first_ids);
        let (sql, args) = c.finish("SELECT r.package_id, MIN(r.refunded_at) FROM refunds r", " GROUP BY r.package_id");
        let refunds: HashMap<i64, i64> = sqlx::query_as_with::<_, (i64, i64), _>(&sql, args).fetch_all(&mut **tx).await?.into_iter().collect();
        let int = Bind::Int;
        let at = |lessons: &[(i64, String)], n: usize| Bind::OptInt(lessons.get(n).map(|l| l.0));
        insert_rows(
            tx,
            "first_lessons",
            &[
                "package_id",
                "student_id",
                "teacher_id",
                "consultant_id",
                "learning_manager_id",
                "school_id",
                "area_code",
                "subject",
                "grade_code",
                "product_type",
                "product_group",
                "manage_project",
                "day_at",
                "f1_at",
                "f2_at",
                "f3_at",
                "f4_at",
                "f1_area_code",
                "f1_status",
                "f3_status",
                "canceled",
            ],
            firsts.iter().map(|p| {
                let refunded_at = refunds.get(&p.id).copied();
                let lessons: Vec<(i64, String)> =
                    held.get(&p.id).map(|l| l.iter().filter(|(at, _)| refunded_at.is_none_or(|r| *at < r)).cloned().collect()).unwrap_or_default();
                let times: Vec<i64> = lessons.iter().map(|l| l.0).collect();
                let (f1, f3, canceled) = outcome(&times, refunded_at);
                vec![
                    int(p.id),
                    int(p.student_id),
                    int(p.teacher_id),
                    int(p.consultant_id),
                    int(p.learning_manager_id),
                    int(p.school_id),
                    Bind::Text(p.area_code.clone()),
                    int(p.subject),
                    int(p.grade_code),
                    Bind::Text(p.product_type.clone()),
                    int(p.product_group),
                    int(p.manage_project),
                    int(p.bought_at),
                    at(&lessons, 0),
                    at(&lessons, 1),
                    at(&lessons, 2),
                    at(&lessons, 3),
                    Bind::Text(lessons.first().map(|l| l.1.clone()).unwrap_or_default()),
                    int(f1),
                    int(f3),
                    int(i64::from(canceled)),
                ]
            }),
        )
        .await?;
    }
    Ok(())
}

/// Re-derives what followed the trial lessons of `student_ids`: the first full-price package
/// each student bought after the trial (any subject), and the first in the trial's subject with
/// that package's first attended lesson.
pub async fn refresh_trials(tx: &mut Transaction<'_, Any>, student_ids: &[i64]) -> Result<()> {
    let mut ids = student_ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    for chunk in ids.chunks(500) {
        let mut c = Conditions::new();
        c.sql.push_str(" WHERE 1 = 1");
        c.push_in("t.student_id", chunk);
        let (sql, args) = c.finish("SELECT t.id, t.student_id, t.subject, t.day_at FROM trial_lessons t", "");
        let trials: Vec<(i64, i64, i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(&mut **tx).await?;
        if trials.is_empty() {
            continue;
        }
        let mut c = Conditions::new();
        c.sql.push_str(" WHERE p.product_type = 'ZJK'");
        c.push_in("p.student_id", chunk);
        let (sql, args) = c.finish(
            &format!(
                "SELECT p.id, p.student_id, p.subject, p.teacher_id, p.bought_at, \
                 (SELECT MIN(a.start_at) FROM attendance a WHERE a.package_id = p.id AND a.status IN {HELD}) FROM lesson_packages p"
            ),
            " ORDER BY p.bought_at, p.id",
        );
        let packages: Vec<(i64, i64, i64, i64, i64, Option<i64>)> = sqlx::query_as_with(&sql, args).fetch_all(&mut **tx).await?;
        for (id, student, subject, day_at) in trials {
            let after: Vec<_> = packages.iter().filter(|p| p.1 == student && p.4 > day_at).collect();
            let zj = after.first();
            let same = after.iter().find(|p| p.2 == subject);
            sqlx::query(
                "UPDATE trial_lessons SET zj_package_id = $1, zj_at = $2, zj_teacher_id = $3, subject_package_id = $4, subject_at = $5, \
                 subject_teacher_id = $6, subject_f1_at = $7 WHERE id = $8",
            )
            .bind(zj.map(|p| p.0))
            .bind(zj.map(|p| p.4))
            .bind(zj.map(|p| p.3))
            .bind(same.map(|p| p.0))
            .bind(same.map(|p| p.4))
            .bind(same.map(|p| p.3))
            .bind(same.and_then(|p| p.5))
            .bind(id)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Statistics

/// The lesson rows (alias `x`, either table) within scope and filter.
fn lessons_of(scope: &Scope, f: &Filter, now: i64) -> Conditions {
    let mut c = Conditions::new();
    c.sql.push_str(" WHERE 1 = 1");
    push_scope(&mut c, "x", scope);
    push_filter(&mut c, "x", "day_at", f, now);
    c
}

/// The steps of a course's lessons within scope and filter, of the view's role (alias `x`).
fn steps_of(course: Course, view: View, scope: &Scope, f: &Filter, now: i64) -> Conditions {
    let mut c = Conditions::new();
    c.push(" WHERE x.course_type = ", Bind::Int(course.code()));
    if let Some(role) = view.role() {
        c.push(" AND x.executor_role = ", Bind::Text(role.into()));
    }
    push_scope(&mut c, "x", scope);
    push_filter(&mut c, "x", "day_at", f, now);
    c
}

fn within(days: i64, column: &str) -> String {
    format!("x.{column} IS NOT NULL AND x.{column} - x.day_at <= {}", days * DAY_MS)
}

/// The "key" of the totals: one group of everything (PostgreSQL refuses `GROUP BY` a constant).
const TOTAL_KEY: &str = "CAST('all' AS TEXT)";

/// Step figures of a group: per step code (total, finished, checked, qualified).
type StepFigures = HashMap<String, (i64, i64, i64, i64)>;

fn fill_steps(row: &mut FirstStatRow, steps: &StepFigures) {
    let all = steps.values().fold((0, 0, 0, 0), |a, s| (a.0 + s.0, a.1 + s.1, a.2 + s.2, a.3 + s.3));
    row.step_total_cnt = all.0;
    row.step_finished_cnt = all.1;
    row.step_finished_rate = rate(all.1, all.0);
    row.step_qc_cnt = all.2;
    row.step_qc_rate = rate(all.2, all.1);
    row.step_qc_qualified_cnt = all.3;
    row.step_qc_qualified_rate = rate(all.3, all.2);
    let of = |code: &str| steps.get(code).copied().unwrap_or_default();
    let (t, d, ..) = of("handover");
    (row.handover_finished_cnt, row.handover_finished_rate) = (d, rate(d, t));
    let (t, d, ..) = of("startCall");
    (row.start_call_finished_cnt, row.start_call_finished_rate) = (d, rate(d, t));
    let (t, d, ..) = of("feedback");
    (row.feedback_finished_cnt, row.feedback_finished_rate) = (d, rate(d, t));
    let (t, d, ..) = of("followup");
    (row.followup_finished_cnt, row.followup_finished_rate) = (d, rate(d, t));
    let (t, d, ..) = of("handoverYJJ");
    (row.handover_yjj, row.handover_yjj_rate) = (d, rate(d, t));
}

/// The lesson figures of each group (by key), `ZJ`: (due, held, f1 success, f3 success);
/// `ST`: (lessons, students, orders, day30, day90, same teacher, same subject).
async fn lesson_figures(db: &Db, course: Course, key: &str, scope: &Scope, f: &Filter, now: i64) -> Result<HashMap<String, Vec<i64>>> {
    let (table, _) = course.table();
    let figures = match course {
        Course::Zj => format!(
            "COUNT(*), {}, {}, {}",
            sum("CASE WHEN x.f1_at IS NOT NULL THEN 1 ELSE 0 END"),
            sum("CASE WHEN x.f1_status = 1 THEN 1 ELSE 0 END"),
            sum("CASE WHEN x.f3_status = 1 THEN 1 ELSE 0 END"),
        ),
        Course::St => {
            let [short, long] = dict::TRIAL_CONVERSION_DAYS;
            format!(
                "COUNT(*), COUNT(DISTINCT x.student_id), COUNT(DISTINCT x.order_code), {}, {}, {}, {}",
                sum(&format!("CASE WHEN {} THEN 1 ELSE 0 END", within(short, "zj_at"))),
                sum(&format!("CASE WHEN {} THEN 1 ELSE 0 END", within(long, "zj_at"))),
                sum(&format!("CASE WHEN {} AND x.zj_teacher_id = x.teacher_id THEN 1 ELSE 0 END", within(long, "zj_at"))),
                sum(&format!("CASE WHEN {} THEN 1 ELSE 0 END", within(long, "subject_at"))),
            )
        }
    };
    let group = if key == TOTAL_KEY { String::new() } else { format!(" GROUP BY {key}") };
    let (sql, args) = lessons_of(scope, f, now).finish(&format!("SELECT {key}, {figures} FROM {table} x"), &group);
    let rows = sqlx::query_with(&sql, args).fetch_all(db.pool()).await?;
    let mut out = HashMap::new();
    for row in rows {
        use sqlx::Row;
        let key: String = row.try_get(0)?;
        let values: Vec<i64> = (1..row.len()).map(|i| row.try_get::<i64, _>(i)).collect::<std::result::Result<_, _>>()?;
        out.insert(key, values);
    }
    Ok(out)
}

async fn step_figures(db: &Db, course: Course, view: View, key: &str, scope: &Scope, f: &Filter, now: i64) -> Result<HashMap<String, StepFigures>> {
    let (sql, args) = steps_of(course, view, scope, f, now).finish(
        &format!(
            "SELECT {key}, x.step_code, COUNT(*), {}, {}, {} FROM first_lesson_steps x",
            sum("x.status"),
            sum("CASE WHEN x.status = 1 AND x.qc_status > 0 THEN 1 ELSE 0 END"),
            sum("CASE WHEN x.status = 1 AND x.qc_status = 1 THEN 1 ELSE 0 END"),
        ),
        &if key == TOTAL_KEY { " GROUP BY x.step_code".to_owned() } else { format!(" GROUP BY {key}, x.step_code") },
    );
    let rows: Vec<(String, String, i64, i64, i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let mut out: HashMap<String, StepFigures> = HashMap::new();
    for (key, code, total, done, checked, qualified) in rows {
        out.entry(key).or_default().insert(code, (total, done, checked, qualified));
    }
    Ok(out)
}

fn stat_row(course: Course, lessons: &[i64], steps: &StepFigures) -> FirstStatRow {
    let v = |i: usize| lessons.get(i).copied().unwrap_or(0);
    let mut row = FirstStatRow::default();
    match course {
        Course::Zj => {
            row.f1_lesson_total_cnt = v(0);
            row.f1_lesson_cnt = v(1);
            row.f1_lesson_succ_cnt = v(2);
            row.f1_lesson_succ_rate = rate(v(2), v(1));
            row.f3_lesson_succ_cnt = v(3);
            row.f3_lesson_succ_rate = rate(v(3), v(1));
        }
        Course::St => {
            row.st_lesson_cnt = v(0);
            row.st_student_cnt = v(1);
            row.st_order_cnt = v(2);
            (row.day30_zj_cnt, row.day30_zj_rate) = (v(3), rate(v(3), v(0)));
            (row.day90_zj_cnt, row.day90_zj_rate) = (v(4), rate(v(4), v(0)));
            (row.teacher_zj_cnt, row.teacher_zj_rate) = (v(5), rate(v(5), v(0)));
            (row.subject_zj_cnt, row.subject_zj_rate) = (v(6), rate(v(6), v(0)));
        }
    }
    fill_steps(&mut row, steps);
    row
}

/// The rows of a grouping (named, in rank order for schools, else by name) and the totals.
pub async fn statistics(
    db: &Db,
    course: Course,
    view: View,
    grouping: Grouping,
    scope: &Scope,
    f: &Filter,
    now: i64,
) -> Result<(Vec<FirstStatRow>, FirstStatRow)> {
    let key = grouping.key();
    let lessons = lesson_figures(db, course, key, scope, f, now).await?;
    let steps = step_figures(db, course, view, key, scope, f, now).await?;
    let total_lessons = lesson_figures(db, course, TOTAL_KEY, scope, f, now).await?;
    let total_steps = step_figures(db, course, view, TOTAL_KEY, scope, f, now).await?;
    let mut keys: Vec<&String> = lessons.keys().chain(steps.keys()).collect();
    keys.sort();
    keys.dedup();
    let empty = StepFigures::new();
    let mut rows: Vec<(String, FirstStatRow)> =
        keys.into_iter().map(|k| (k.clone(), stat_row(course, lessons.get(k).map_or(&[][..], |v| v.as_slice()), steps.get(k).unwrap_or(&empty)))).collect();
    name_rows(db, grouping, &mut rows, now).await?;
    let success = |r: &FirstStatRow| match course {
        Course::Zj => r.f1_lesson_succ_rate,
        Course::St => r.day30_zj_rate,
    };
    if grouping == Grouping::School {
        rows.sort_by(|a, b| success(&b.1).total_cmp(&success(&a.1)).then_with(|| a.1.school_name.cmp(&b.1.school_name)));
        for (i, (_, row)) in rows.iter_mut().enumerate() {
            row.rank = i as i64 + 1;
        }
    } else {
        rows.sort_by(|a, b| sort_name(&a.1).cmp(&sort_name(&b.1)).then_with(|| a.0.cmp(&b.0)));
    }
    let total = stat_row(course, total_lessons.get("all").map_or(&[][..], |v| v.as_slice()), total_steps.get("all").unwrap_or(&empty));
    Ok((rows.into_iter().map(|(_, r)| r).collect(), total))
}

fn sort_name(r: &FirstStatRow) -> (&str, &str, &str, &str, &str) {
    (&r.school_name, &r.area_name, &r.subject_name, &r.group_name, if r.teacher_email.is_empty() { &r.staff_email } else { &r.teacher_email })
}

async fn name_rows(db: &Db, grouping: Grouping, rows: &mut [(String, FirstStatRow)], now: i64) -> Result<()> {
    match grouping {
        Grouping::School => {
            let names = school_names(db).await?;
            for (k, r) in rows {
                r.school_name = k.parse().ok().and_then(|id| names.get(&id).cloned()).unwrap_or_default();
            }
        }
        Grouping::Area => {
            let areas = areas_by_code(db).await?;
            for (k, r) in rows {
                if let Some(area) = areas.get(k) {
                    r.area_name = area.area_name.clone();
                    r.school_name = area.school_name.clone();
                }
            }
        }
        Grouping::Subject => rows.iter_mut().for_each(|(k, r)| r.subject_name = k.parse().map(subject_name).unwrap_or_default()),
        Grouping::Group => {
            let names: HashMap<i64, String> = super::dict::project_groups(db).await?.into_iter().collect();
            for (k, r) in rows {
                r.group_name = k.parse().ok().and_then(|id| names.get(&id).cloned()).unwrap_or_else(|| "未分组".into());
            }
        }
        Grouping::Teacher | Grouping::Consultant | Grouping::LearnManager => {
            let ids: Vec<i64> = rows.iter().filter_map(|(k, _)| k.parse().ok()).collect();
            let people = people(db, &ids, now).await?;
            for (k, r) in rows {
                let person = k.parse().ok().and_then(|id: i64| people.get(&id));
                let (name, email, school) = person.map(|p| (p.name.clone(), p.email.clone(), p.school_name.clone())).unwrap_or_default();
                r.school_name = school;
                if grouping == Grouping::Teacher {
                    (r.teacher_name, r.teacher_email) = (name, email);
                } else {
                    (r.staff_name, r.staff_email) = (if name.is_empty() { "未分配".into() } else { name }, email);
                }
            }
        }
    }
    Ok(())
}

/// Sorts statistics rows by a sortable prop (keeping the order otherwise); ranks stay.
pub fn sort(rows: &mut [FirstStatRow], sort: Option<&(String, bool)>) {
    let Some((field, asc)) = sort else { return };
    let value = |r: &FirstStatRow| -> f64 {
        match field.as_str() {
            "f1LessonTotalCnt" => r.f1_lesson_total_cnt as f64,
            "f1LessonSuccRate" => r.f1_lesson_succ_rate,
            "f3LessonSuccRate" => r.f3_lesson_succ_rate,
            "stLessonCnt" => r.st_lesson_cnt as f64,
            "day30ZjRate" => r.day30_zj_rate,
            "day90ZjRate" => r.day90_zj_rate,
            "teacherZjRate" => r.teacher_zj_rate,
            "subjectZjRate" => r.subject_zj_rate,
            "stepFinishedRate" => r.step_finished_rate,
            "stepQcQualifiedRate" => r.step_qc_qualified_rate,
            _ => 0.0,
        }
    };
    super::sort_by_figure(rows, *asc, value);
}

// ---------------------------------------------------------------------------------------------
// Detail

/// The detail's rows: each lesson `x` with its steps `s` of the view's role (a lesson without
/// any, once).
fn detail_of(course: Course, view: View, scope: &Scope, f: &Filter, now: i64) -> Conditions {
    let (table, id) = course.table();
    let mut c = Conditions::new();
    c.push(&format!(" FROM {table} x LEFT JOIN first_lesson_steps s ON s.ref_id = x.{id} AND s.course_type = "), Bind::Int(course.code()));
    if let Some(role) = view.role() {
        c.push(" AND s.executor_role = ", Bind::Text(role.into()));
    }
    c.sql.push_str(" WHERE 1 = 1");
    push_scope(&mut c, "x", scope);
    push_filter(&mut c, "x", "day_at", f, now);
    c
}

pub async fn detail_count(db: &Db, course: Course, view: View, scope: &Scope, f: &Filter, now: i64) -> Result<i64> {
    let (sql, args) = detail_of(course, view, scope, f, now).finish("SELECT COUNT(*)", "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

#[derive(FromRow)]
struct DetailRecord {
    ref_id: i64,
    student_id: i64,
    teacher_id: i64,
    school_id: i64,
    subject: i64,
    day_at: i64,
    f1_at: Option<i64>,
    f2_at: Option<i64>,
    f3_at: Option<i64>,
    f4_at: Option<i64>,
    lesson_area: String,
    f1_status: i64,
    f3_status: i64,
    canceled: i64,
    zj_package_id: Option<i64>,
    zj_at: Option<i64>,
    zj_teacher_id: Option<i64>,
    subject_at: Option<i64>,
    subject_teacher_id: Option<i64>,
    subject_f1_at: Option<i64>,
    step_id: Option<i64>,
    step_code: Option<String>,
    executor_id: Option<i64>,
    start_at: Option<i64>,
    end_at: Option<i64>,
    status: Option<i64>,
    finished_at: Option<i64>,
    qc_status: Option<i64>,
    qc_at: Option<i64>,
    qc_operator_id: Option<i64>,
    qc_remark: Option<String>,
    ai_status: Option<i64>,
    first_tag: Option<String>,
}

const STEP_COLUMNS: &str = "s.id AS step_id, s.step_code, s.executor_id, s.start_at, s.end_at, s.status, s.finished_at, s.qc_status, s.qc_at, \
     s.qc_operator_id, s.qc_remark, s.ai_status, s.first_tag";

fn detail_select(course: Course) -> String {
    let lesson = match course {
        Course::Zj => {
            "x.package_id AS ref_id, x.student_id, x.teacher_id, x.school_id, x.subject, x.day_at, x.f1_at, x.f2_at, x.f3_at, x.f4_at, \
             x.f1_area_code AS lesson_area, x.f1_status, x.f3_status, x.canceled, CAST(NULL AS BIGINT) AS zj_package_id, CAST(NULL AS BIGINT) AS zj_at, \
             CAST(NULL AS BIGINT) AS zj_teacher_id, CAST(NULL AS BIGINT) AS subject_at, CAST(NULL AS BIGINT) AS subject_teacher_id, \
             CAST(NULL AS BIGINT) AS subject_f1_at"
        }
        Course::St => {
            "x.id AS ref_id, x.student_id, x.teacher_id, x.school_id, x.subject, x.day_at, x.day_at AS f1_at, CAST(NULL AS BIGINT) AS f2_at, \
             CAST(NULL AS BIGINT) AS f3_at, CAST(NULL AS BIGINT) AS f4_at, x.area_code AS lesson_area, CAST(0 AS BIGINT) AS f1_status, \
             CAST(0 AS BIGINT) AS f3_status, CAST(0 AS BIGINT) AS canceled, x.zj_package_id, x.zj_at, x.zj_teacher_id, x.subject_at, \
             x.subject_teacher_id, x.subject_f1_at"
        }
    };
    format!("SELECT {lesson}, {STEP_COLUMNS}")
}

/// `hh:mm:ss` of a span in ms.
pub fn hms(ms: i64) -> String {
    let secs = ms.max(0) / 1000;
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// Finishing rates of the view's steps by (executor, step), (school, step) and step, for the
/// consultant and learning-manager details.
struct FillingRates {
    executor: HashMap<(i64, String), (i64, i64)>,
    school: HashMap<(i64, String), (i64, i64)>,
    all: HashMap<String, (i64, i64)>,
}

async fn filling_rates(db: &Db, course: Course, view: View, scope: &Scope, f: &Filter, now: i64) -> Result<FillingRates> {
    let (sql, args) = steps_of(course, view, scope, f, now).finish(
        &format!("SELECT x.executor_id, x.school_id, x.step_code, COUNT(*), {} FROM first_lesson_steps x", sum("x.status")),
        " GROUP BY x.executor_id, x.school_id, x.step_code",
    );
    let rows: Vec<(i64, i64, String, i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let mut rates = FillingRates { executor: HashMap::new(), school: HashMap::new(), all: HashMap::new() };
    for (executor, school, code, total, done) in rows {
        let add = |e: &mut (i64, i64)| {
            e.0 += total;
            e.1 += done;
        };
        add(rates.executor.entry((executor, code.clone())).or_default());
        add(rates.school.entry((school, code.clone())).or_default());
        add(rates.all.entry(code).or_default());
    }
    Ok(rates)
}

#[allow(clippy::too_many_arguments)]
pub async fn detail_page(db: &Db, course: Course, view: View, scope: &Scope, f: &Filter, now: i64, offset: i64, limit: i64) -> Result<Vec<FirstDetailRow>> {
    let order = f.order_by(DETAIL_SORTABLE, "x.day_at DESC, x.student_id, s.start_at, s.id");
    let mut c = detail_of(course, view, scope, f, now);
    c.push(&format!(" ORDER BY {order} LIMIT "), Bind::Int(limit));
    c.push(" OFFSET ", Bind::Int(offset));
    let (sql, args) = c.finish(&detail_select(course), "");
    let records: Vec<DetailRecord> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    if records.is_empty() {
        return Ok(Vec::new());
    }
    let mut person_ids: Vec<i64> = Vec::new();
    for r in &records {
        person_ids.push(r.teacher_id);
        person_ids.extend(r.executor_id);
        person_ids.extend(r.qc_operator_id);
        person_ids.extend(r.subject_teacher_id);
    }
    person_ids.sort_unstable();
    person_ids.dedup();
    let people = people(db, &person_ids, now).await?;
    let mut student_ids: Vec<i64> = records.iter().map(|r| r.student_id).collect();
    student_ids.sort_unstable();
    student_ids.dedup();
    let students = names_of(db, "SELECT id, code, name FROM students", "id", &student_ids).await?;
    let mut package_ids: Vec<i64> = records.iter().filter_map(|r| if course == Course::Zj { Some(r.ref_id) } else { r.zj_package_id }).collect();
    package_ids.sort_unstable();
    package_ids.dedup();
    let packages = names_of(db, "SELECT id, code, name FROM lesson_packages", "id", &package_ids).await?;
    let areas: HashMap<String, String> = areas_by_code(db).await?.into_iter().map(|(code, a)| (code, a.area_name)).collect();
    let schools = school_names(db).await?;
    let rates = match view {
        View::Consultant | View::LearnManage => Some(filling_rates(db, course, view, scope, f, now).await?),
        _ => None,
    };
    let yes_no = |b: bool| dict::name_of(&dict::YES_NO, i64::from(b)).to_owned();
    let [short, long] = dict::TRIAL_CONVERSION_DAYS;
    let name_of = |id: Option<i64>| id.and_then(|id| people.get(&id)).map(|p| p.name.clone()).unwrap_or_default();
    Ok(records
        .into_iter()
        .map(|r| {
            let teacher = people.get(&r.teacher_id);
            let (student_code, student_name) = students.get(&r.student_id).cloned().unwrap_or_default();
            let mut row = FirstDetailRow {
                course_type_desc: course.name().into(),
                student_code,
                student_name,
                teacher_name: teacher.map(|p| p.name.clone()).unwrap_or_default(),
                teacher_email: teacher.map(|p| p.email.clone()).unwrap_or_default(),
                teaching_age: teacher.map_or(0, |p| p.teaching_days),
                company_age: teacher.map_or(0, |p| p.company_days),
                school_name: schools.get(&r.school_id).cloned().unwrap_or_default(),
                subject_name: subject_name(r.subject),
                lesson_time: r.f1_at.unwrap_or(0),
                ..FirstDetailRow::default()
            };
            match course {
                Course::Zj => {
                    row.f1_status = dict::name_of(&dict::F1_STATUSES, r.f1_status).into();
                    row.f3_status = dict::name_of(&dict::F3_STATUSES, r.f3_status).into();
                    row.f1_lesson_time = r.f1_at.unwrap_or(0);
                    row.f2_lesson_time = r.f2_at.unwrap_or(0);
                    row.f3_lesson_time = r.f3_at.unwrap_or(0);
                    row.f4_lesson_time = r.f4_at.unwrap_or(0);
                    row.f1_area_name = areas.get(&r.lesson_area).cloned().unwrap_or_default();
                    let (code, name) = packages.get(&r.ref_id).cloned().unwrap_or_default();
                    row.f1_package_code = code;
                    row.product_name = name;
                    row.f1_is_canceled = yes_no(r.canceled != 0);
                }
                Course::St => {
                    let converted = |at: Option<i64>, days: i64| at.is_some_and(|at| at - r.day_at <= days * DAY_MS);
                    row.day30_zj_status = yes_no(converted(r.zj_at, short));
                    row.day90_zj_status = yes_no(converted(r.zj_at, long));
                    row.teacher_zj_status = yes_no(converted(r.zj_at, long) && r.zj_teacher_id == Some(r.teacher_id));
                    row.subject_zj_status = yes_no(converted(r.subject_at, long));
                    row.st_f1_lesson_time = r.day_at;
                    row.st_f1_area_name = areas.get(&r.lesson_area).cloned().unwrap_or_default();
                    row.zj_registration_time = r.zj_at.unwrap_or(0);
                    row.zj_registration_order = r.zj_package_id.and_then(|id| packages.get(&id)).map(|p| p.0.clone()).unwrap_or_default();
                    row.subject_zj_f1_lesson_time = r.subject_f1_at.unwrap_or(0);
                    row.subject_zj_f1_teacher = name_of(r.subject_teacher_id);
                    row.same_teacher_flag = if r.subject_teacher_id.is_some() { yes_no(r.subject_teacher_id == Some(r.teacher_id)) } else { String::new() };
                }
            }
            if let (Some(_), Some(code)) = (r.step_id, r.step_code.as_deref()) {
                let step = dict::FIRST_STEPS.iter().find(|s| s.0 == code);
                let (step_name, step_role, task) = step.map_or(("", "", ""), |s| (s.1, s.2, s.3));
                let prefix = if course == Course::Zj { "首课" } else { "试听课" };
                row.task_name = format!("{prefix}{task}");
                row.task_code_desc = match step_role {
                    role::CONSULTANT => "顾问任务",
                    role::LEARNING_MANAGER => "学管任务",
                    _ => "老师任务",
                }
                .into();
                row.step_name = step_name.into();
                let status = r.status.unwrap_or(0);
                let end = r.end_at.unwrap_or(0);
                let shown = if status == 1 {
                    1
                } else if end < now {
                    2
                } else {
                    0
                };
                row.step_status = dict::name_of(&dict::STEP_STATUSES, shown).into();
                let executor = r.executor_id.and_then(|id| people.get(&id));
                row.step_executor_name = executor.map(|p| p.name.clone()).unwrap_or_default();
                row.staff_name = row.step_executor_name.clone();
                row.staff_email = executor.map(|p| p.email.clone()).unwrap_or_default();
                row.step_start_time = r.start_at.unwrap_or(0);
                row.step_end_time = end;
                row.step_finish_time = r.finished_at.unwrap_or(0);
                row.step_finish_interval = r.finished_at.map(|done| hms(done - r.start_at.unwrap_or(done))).unwrap_or_default();
                row.qc_status = dict::name_of(&dict::STEP_QC_STATUSES, r.qc_status.unwrap_or(0)).into();
                row.last_qc_time = r.qc_at.unwrap_or(0);
                row.last_qc_operator_name = name_of(r.qc_operator_id);
                row.last_qc_remark = r.qc_remark.clone().unwrap_or_default();
                row.ai_result_status_desc = dict::name_of(&dict::STEP_AI_STATUSES, r.ai_status.unwrap_or(0)).into();
                row.first_tag = r.first_tag.clone().unwrap_or_default();
                if let Some(rates) = &rates {
                    let of = |e: Option<&(i64, i64)>| e.map_or(-1.0, |(total, done)| rate(*done, *total));
                    let executor = r.executor_id.unwrap_or(0);
                    row.contribution_rate = of(rates.executor.get(&(executor, code.to_owned())));
                    row.school_filling_rate = of(rates.school.get(&(r.school_id, code.to_owned())));
                    row.allover_filling_rate = of(rates.all.get(code));
                }
            } else if rates.is_some() {
                (row.contribution_rate, row.school_filling_rate, row.allover_filling_rate) = (-1.0, -1.0, -1.0);
            }
            row
        })
        .collect())
}

async fn school_names(db: &Db) -> Result<HashMap<i64, String>> {
    Ok(crate::orgs::schools(db).await?.into_iter().map(|s| (s.id, s.name)).collect())
}

async fn areas_by_code(db: &Db) -> Result<HashMap<String, protocol::dto::dict::AreaItem>> {
    Ok(super::dict::areas(db, None).await?.into_iter().map(|a| (a.area_code.clone(), a)).collect())
}

/// `(code, name)` of the rows of `select` whose `id_column` is in `ids`.
pub(crate) async fn names_of(db: &Db, select: &str, id_column: &str, ids: &[i64]) -> Result<HashMap<i64, (String, String)>> {
    let mut out = HashMap::new();
    for chunk in ids.chunks(1000) {
        let mut c = Conditions::new();
        c.sql.push_str(" WHERE 1 = 1");
        c.push_in(id_column, chunk);
        let (sql, args) = c.finish(select, "");
        let rows: Vec<(i64, String, String)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
        out.extend(rows.into_iter().map(|(id, code, name)| (id, (code, name))));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_follow_the_lessons_and_the_refund() {
        assert_eq!(outcome(&[], None), (0, 0, false));
        assert_eq!(outcome(&[], Some(5)), (0, 0, true));
        assert_eq!(outcome(&[10], None), (3, 0, false));
        assert_eq!(outcome(&[10], Some(20)), (2, 2, false));
        assert_eq!(outcome(&[10, 30], Some(20)), (2, 2, false), "a lesson after the refund does not count");
        assert_eq!(outcome(&[10, 20], None), (1, 0, false));
        assert_eq!(outcome(&[10, 20], Some(25)), (1, 2, false));
        assert_eq!(outcome(&[10, 20, 30], Some(35)), (1, 1, false));
    }

    #[test]
    fn screens_offer_their_groupings() {
        assert_eq!(View::Whole.grouping(None), Ok(Grouping::School));
        assert_eq!(View::Teacher.grouping(None), Ok(Grouping::Subject));
        assert_eq!(View::Teacher.grouping(Some("teacherCount")), Ok(Grouping::Teacher));
        assert!(View::Consultant.grouping(Some("teacherCount")).unwrap_err().contains("consultantCount"));
        assert!(Course::parse(Some("XX")).unwrap_err().contains("tabType"));
        assert_eq!(hms(3_723_000), "01:02:03");
    }
}
