//! Online (live) class statistics (02 §3.4): the main teachers' and the auxiliary teachers'
//! screens. Both read `online_attendance` (one student on the roster at one held lesson, with
//! the class's facts copied in); on the auxiliary side the row's "teacher" is the student's
//! group's auxiliary teacher, so that the caller's scope, the teacher filters and the teacher
//! level apply to them.
//!
//! Definitions (every statistic, every level):
//! - live attend: in the live room at all; live completion: live for at least
//!   [`dict::ONLINE_COMPLETION_PERCENT`] of the lesson; comprehensive: live and playback
//!   together; playback completion: of the student-lessons not completed live, those completed
//!   with the playback. Bases: the student-lessons due (`sacStuLiveShouldCnt`).
//! - answer accuracy: correct over submitted in class; chat and on-wall averages per student-lesson
//!   attended live; report sending over student-lessons attended (live or playback).
//! - roster rates over the places (a student in a class) that had a lesson in the selection:
//!   friend added, group joined, analysis report given, left after the class began; retention
//!   over the places still in class: the student is in a class that begins later.
//! - the main teacher's attendance and completion over the held lessons in the selection.

use std::collections::HashMap;

use protocol::dictionary as dict;
use protocol::dto::datacentre::online::{OnlineClassRow, OnlineQuitRow, OnlineStatRow, OnlineStudentLessonRow};
use sqlx::FromRow;

use super::filter::{push_filter, push_scope, Filter, Scope};
use super::prep::people;
use super::{distinct, lesson_span, rate, sum, yuan};
use crate::reports::{format_time, Conditions};
use crate::{Db, Result};

/// Which teacher a screen is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Main,
    Auxiliary,
}

impl Side {
    pub fn parse(text: &str) -> Option<Side> {
        match text {
            "main" => Some(Side::Main),
            "auxiliary" => Some(Side::Auxiliary),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Main => "Main",
            Side::Auxiliary => "Auxiliary",
        }
    }

    /// The attendance rows as this side sees them (aliased by the caller): `teacher_id` is
    /// the side's teacher, `other_id` the other one.
    fn source(self) -> &'static str {
        match self {
            Side::Main => "(SELECT a.*, a.assistant_id AS other_id FROM online_attendance a)",
            Side::Auxiliary => {
                "(SELECT a.lesson_id, a.student_id, a.class_id, a.group_id, a.assistant_id AS teacher_id, a.teacher_id AS other_id, a.school_id, \
                 a.area_code, a.subject, a.grade_code, a.product_type, a.product_group, a.manage_project, a.start_at, a.minutes, a.lesson_type, \
                 a.on_leave, a.live_seconds, a.playback_seconds, a.asked, a.submitted, a.correct, a.chat_num, a.on_wall_num, a.hand_up_num, \
                 a.star_num, a.report_sent FROM online_attendance a)"
            }
        }
    }

    /// The roster places as this side sees them, with their class's facts (`teacher_id` as
    /// for [`Side::source`]).
    fn roster_source(self) -> &'static str {
        match self {
            Side::Main => {
                "(SELECT r.*, c.teacher_id, c.school_id, c.area_code, c.subject, c.grade_code, c.product_type, c.product_group, c.manage_project \
                 FROM online_roster r JOIN online_classes c ON c.id = r.class_id)"
            }
            Side::Auxiliary => {
                "(SELECT r.*, g.assistant_id AS teacher_id, c.school_id, c.area_code, c.subject, c.grade_code, c.product_type, c.product_group, \
                 c.manage_project FROM online_roster r JOIN online_classes c ON c.id = r.class_id JOIN online_groups g ON g.id = r.group_id)"
            }
        }
    }
}

/// The level of the statistics (`type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Teacher,
    Class,
    Lesson,
    School,
    Group,
}

impl Level {
    pub fn parse(text: Option<&str>) -> std::result::Result<Level, String> {
        Ok(match text.map(str::trim) {
            None | Some("") | Some("teacher") => Level::Teacher,
            Some("class") => Level::Class,
            Some("lesson") => Level::Lesson,
            Some("school") => Level::School,
            Some("group") => Level::Group,
            Some(other) => {
                let known: Vec<&str> = dict::ONLINE_STAT_LEVELS.iter().map(|l| l.0).collect();
                return Err(format!("type 无效：{other}（可用：{}）", known.join("、")));
            }
        })
    }

    fn key(self) -> &'static str {
        match self {
            Level::Teacher => "x.teacher_id",
            Level::Class => "x.class_id",
            Level::Lesson => "x.lesson_id",
            Level::School => "x.school_id",
            Level::Group => "x.group_id",
        }
    }
}

pub const STAT_SORTABLE: &[&str] = &[
    "studentCnt",
    "inClassCnt",
    "liveAttendRate",
    "liveCompletionRate",
    "playbackCompletionRate",
    "comprehensiveAttendRate",
    "comprehensiveCompletionRate",
    "answerAccuracyRate",
    "retentionRate",
    "reportSendRate",
    "friendAddRate",
    "groupJoinRate",
];

pub const STUDENT_LESSON_SORTABLE: &[(&str, &str)] = &[
    ("lessonTime", "x.start_at"),
    ("liveStudyDuration", "x.live_seconds"),
    ("playbackStudyDuration", "x.playback_seconds"),
    ("totalStudyDuration", "x.live_seconds + x.playback_seconds"),
    ("answerAccuracyRate", "CASE WHEN x.submitted > 0 THEN x.correct * 1.0 / x.submitted ELSE -1 END"),
];

/// `live * 100 >= length * percent` over rows aliased `x`.
fn completed(seconds: &str) -> String {
    format!("({seconds}) * 100 >= x.minutes * 60 * {}", dict::ONLINE_COMPLETION_PERCENT)
}

/// The rows within scope and filter, over the side's source aliased `x`.
fn rows_of(scope: &Scope, f: &Filter, now: i64) -> Conditions {
    let mut c = Conditions::new();
    c.sql.push_str(" WHERE 1 = 1");
    push_scope(&mut c, "x", scope);
    push_filter(&mut c, "x", "start_at", f, now);
    c
}

#[derive(FromRow, Default)]
struct AttendanceAgg {
    k: i64,
    should: i64,
    live_attend: i64,
    live_complete: i64,
    comp_attend: i64,
    comp_complete: i64,
    not_live_complete: i64,
    playback_complete: i64,
    submitted: i64,
    correct: i64,
    chat: i64,
    on_wall: i64,
    reports: i64,
    classes: i64,
    group_n: i64,
    teachers: i64,
}

#[derive(FromRow, Default)]
struct LessonAgg {
    k: i64,
    lessons: i64,
    teacher_attend: i64,
    teacher_complete: i64,
    questions: i64,
}

#[derive(FromRow, Default)]
struct RosterAgg {
    k: i64,
    places: i64,
    in_class: i64,
    friends: i64,
    in_group: i64,
    analysis: i64,
    left_after_start: i64,
    retained: i64,
}

/// Is the place `r` (of class `c`) followed by a place in a class that begins later?
const RETAINED: &str =
    "r.left_at IS NULL AND EXISTS (SELECT 1 FROM online_roster r2 JOIN online_classes c2 ON c2.id = r2.class_id WHERE r2.student_id = r.student_id AND c2.begin_at > c.begin_at)";

async fn aggregate(
    db: &Db,
    side: Side,
    level: Level,
    scope: &Scope,
    f: &Filter,
    now: i64,
    only_class: Option<i64>,
) -> Result<Vec<(AttendanceAgg, LessonAgg, RosterAgg)>> {
    let key = level.key();
    let source = side.source();
    let narrowed = |c: &mut Conditions| {
        if let Some(id) = only_class {
            c.push(" AND x.class_id = ", crate::reports::Bind::Int(id));
        }
    };
    let live_done = completed("x.live_seconds");
    let all_done = completed("x.live_seconds + x.playback_seconds");
    let mut c = rows_of(scope, f, now);
    narrowed(&mut c);
    let select = format!(
        "SELECT {key} AS k, COUNT(*) AS should, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, COUNT(DISTINCT x.class_id) AS classes, \
         COUNT(DISTINCT x.group_id) AS group_n, COUNT(DISTINCT x.teacher_id) AS teachers FROM {source} x",
        sum_as("CASE WHEN x.live_seconds > 0 THEN 1 ELSE 0 END", "live_attend"),
        sum_as(&format!("CASE WHEN {live_done} THEN 1 ELSE 0 END"), "live_complete"),
        sum_as("CASE WHEN x.live_seconds + x.playback_seconds > 0 THEN 1 ELSE 0 END", "comp_attend"),
        sum_as(&format!("CASE WHEN {all_done} THEN 1 ELSE 0 END"), "comp_complete"),
        sum_as(&format!("CASE WHEN {live_done} THEN 0 ELSE 1 END"), "not_live_complete"),
        sum_as(&format!("CASE WHEN {all_done} AND NOT ({live_done}) THEN 1 ELSE 0 END"), "playback_complete"),
        sum_as("x.submitted", "submitted"),
        sum_as("x.correct", "correct"),
        sum_as("CASE WHEN x.live_seconds > 0 THEN x.chat_num ELSE 0 END", "chat"),
        sum_as("CASE WHEN x.live_seconds > 0 THEN x.on_wall_num ELSE 0 END", "on_wall"),
        sum_as("CASE WHEN x.live_seconds + x.playback_seconds > 0 AND x.report_sent = 1 THEN 1 ELSE 0 END", "reports"),
    );
    let (sql, args) = c.finish(&select, &format!(" GROUP BY {key}"));
    let attendance: Vec<AttendanceAgg> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;

    let mut c = rows_of(scope, f, now);
    narrowed(&mut c);
    let select = format!(
        "SELECT d.k, COUNT(*) AS lessons, {}, {}, {} FROM online_lessons l JOIN (SELECT DISTINCT {key} AS k, x.lesson_id FROM {source} x",
        sum_as("CASE WHEN l.teacher_seconds > 0 THEN 1 ELSE 0 END", "teacher_attend"),
        sum_as(&format!("CASE WHEN l.teacher_seconds * 100 >= l.minutes * 60 * {} THEN 1 ELSE 0 END", dict::ONLINE_COMPLETION_PERCENT), "teacher_complete"),
        sum_as("l.question_cnt", "questions"),
    );
    let (sql, args) = c.finish(&select, ") d ON d.lesson_id = l.id GROUP BY d.k");
    let lessons: Vec<LessonAgg> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;

    let mut c = rows_of(scope, f, now);
    narrowed(&mut c);
    let select = format!(
        "SELECT d.k, COUNT(*) AS places, {}, {}, {}, {}, {}, {} FROM online_roster r \
         JOIN online_classes c ON c.id = r.class_id JOIN (SELECT DISTINCT {key} AS k, x.class_id, x.student_id FROM {source} x",
        sum_as("CASE WHEN r.left_at IS NULL THEN 1 ELSE 0 END", "in_class"),
        sum_as("r.is_friend", "friends"),
        sum_as("r.in_group", "in_group"),
        sum_as("r.analysis_report", "analysis"),
        sum_as("CASE WHEN r.left_at IS NOT NULL AND r.left_at >= c.begin_at THEN 1 ELSE 0 END", "left_after_start"),
        sum_as(&format!("CASE WHEN {RETAINED} THEN 1 ELSE 0 END"), "retained"),
    );
    let (sql, args) = c.finish(&select, ") d ON d.class_id = r.class_id AND d.student_id = r.student_id GROUP BY d.k");
    let roster: Vec<RosterAgg> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;

    let mut lessons: HashMap<i64, LessonAgg> = lessons.into_iter().map(|l| (l.k, l)).collect();
    let mut roster: HashMap<i64, RosterAgg> = roster.into_iter().map(|r| (r.k, r)).collect();
    Ok(attendance
        .into_iter()
        .map(|a| {
            let l = lessons.remove(&a.k).unwrap_or_default();
            let r = roster.remove(&a.k).unwrap_or_default();
            (a, l, r)
        })
        .collect())
}

fn sum_as(expr: &str, name: &str) -> String {
    format!("{} AS {name}", sum(expr))
}

fn average(total: i64, base: i64) -> f64 {
    if base <= 0 {
        0.0
    } else {
        (total as f64 / base as f64 * 100.0).round() / 100.0
    }
}

fn figures(a: &AttendanceAgg, l: &LessonAgg, r: &RosterAgg) -> OnlineStatRow {
    OnlineStatRow {
        class_cnt: a.classes,
        group_cnt: a.group_n,
        lesson_cnt: l.lessons,
        teacher_cnt: a.teachers,
        student_cnt: r.places,
        in_class_cnt: r.in_class,
        sac_stu_live_should_cnt: a.should,
        live_attend_cnt: a.live_attend,
        live_attend_rate: rate(a.live_attend, a.should),
        live_completion_cnt: a.live_complete,
        live_completion_rate: rate(a.live_complete, a.should),
        playback_completion_cnt: a.playback_complete,
        playback_completion_rate: rate(a.playback_complete, a.not_live_complete),
        comprehensive_attend_cnt: a.comp_attend,
        comprehensive_attend_rate: rate(a.comp_attend, a.should),
        comprehensive_completion_cnt: a.comp_complete,
        comprehensive_completion_rate: rate(a.comp_complete, a.should),
        friend_add_cnt: r.friends,
        friend_add_rate: rate(r.friends, r.places),
        group_join_cnt: r.in_group,
        group_join_rate: rate(r.in_group, r.places),
        teacher_live_attend_rate: rate(l.teacher_attend, l.lessons),
        teacher_live_completion_rate: rate(l.teacher_complete, l.lessons),
        answer_accuracy_rate: rate(a.correct, a.submitted),
        retention_cnt: r.retained,
        retention_rate: rate(r.retained, r.in_class),
        report_send_cnt: a.reports,
        report_send_rate: rate(a.reports, a.comp_attend),
        analysis_report_cnt: r.analysis,
        analysis_report_coverage: rate(r.analysis, r.places),
        leave_after_start_cnt: r.left_after_start,
        leave_after_start_rate: rate(r.left_after_start, r.places),
        avg_lesson_question_cnt: average(l.questions, l.lessons),
        avg_chat_num: average(a.chat, a.live_attend),
        avg_on_wall_num: average(a.on_wall, a.live_attend),
        lesson_question_cnt: l.questions,
        on_wall_num: a.on_wall,
        ..Default::default()
    }
}

/// The statistics at a level, every row (the caller sorts and pages). `only_class` narrows the
/// rows to one class (a class's groups).
pub async fn statistics(db: &Db, side: Side, level: Level, scope: &Scope, f: &Filter, now: i64, only_class: Option<i64>) -> Result<Vec<OnlineStatRow>> {
    let found = aggregate(db, side, level, scope, f, now, only_class).await?;
    let keys: Vec<i64> = found.iter().map(|(a, _, _)| a.k).collect();
    let names = Names::load(db, side, level, &keys, now).await?;
    let mut rows: Vec<OnlineStatRow> = found
        .iter()
        .map(|(a, l, r)| {
            let mut row = figures(a, l, r);
            names.fill(a.k, &mut row);
            row
        })
        .collect();
    rows.sort_by(|a, b| match level {
        Level::Lesson => (a.lesson_begin_end_time.as_str(), a.lesson_id).cmp(&(b.lesson_begin_end_time.as_str(), b.lesson_id)),
        Level::Class | Level::Group => (a.class_code.as_str(), a.group_name.as_str()).cmp(&(b.class_code.as_str(), b.group_name.as_str())),
        _ => (a.school_name.as_str(), a.teacher_email.as_str(), a.assistant_email.as_str()).cmp(&(
            b.school_name.as_str(),
            b.teacher_email.as_str(),
            b.assistant_email.as_str(),
        )),
    });
    Ok(rows)
}

/// Sorts by one of [`STAT_SORTABLE`] (stable: ties keep the default order).
pub fn sort(rows: &mut [OnlineStatRow], sort: Option<&(String, bool)>) {
    let Some((field, asc)) = sort else { return };
    let value = |r: &OnlineStatRow| -> f64 {
        match field.as_str() {
            "studentCnt" => r.student_cnt as f64,
            "inClassCnt" => r.in_class_cnt as f64,
            "liveAttendRate" => r.live_attend_rate,
            "liveCompletionRate" => r.live_completion_rate,
            "playbackCompletionRate" => r.playback_completion_rate,
            "comprehensiveAttendRate" => r.comprehensive_attend_rate,
            "comprehensiveCompletionRate" => r.comprehensive_completion_rate,
            "answerAccuracyRate" => r.answer_accuracy_rate,
            "retentionRate" => r.retention_rate,
            "reportSendRate" => r.report_send_rate,
            "friendAddRate" => r.friend_add_rate,
            "groupJoinRate" => r.group_join_rate,
            _ => 0.0,
        }
    };
    super::sort_by_figure(rows, *asc, value);
}

/// `YYYY-MM-DD~YYYY-MM-DD`.
pub(crate) fn begin_end(begin_at: i64, end_at: i64) -> String {
    format!("{}~{}", &format_time(begin_at)[..10], &format_time(end_at)[..10])
}

#[derive(FromRow, Clone)]
pub(crate) struct ClassFacts {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub teacher_id: i64,
    pub school_id: i64,
    pub area_code: String,
    pub subject: i64,
    pub grade_code: i64,
    pub fiscal_year: i64,
    pub quarter: i64,
    pub begin_at: i64,
    pub end_at: i64,
    pub school_name: String,
    pub teacher_name: String,
    pub teacher_email: String,
}

pub(crate) const CLASS_COLUMNS: &str =
    "SELECT c.id, c.code, c.name, c.teacher_id, c.school_id, c.area_code, c.subject, c.grade_code, c.fiscal_year, c.quarter, c.begin_at, \
     c.end_at, COALESCE(s.name, '') AS school_name, COALESCE(u.name, '') AS teacher_name, COALESCE(u.email, '') AS teacher_email FROM online_classes c \
     LEFT JOIN schools s ON s.id = c.school_id LEFT JOIN users u ON u.id = c.teacher_id";

pub(crate) async fn classes_by_id(db: &Db, ids: &[i64]) -> Result<HashMap<i64, ClassFacts>> {
    let mut out = HashMap::new();
    for chunk in ids.chunks(1000) {
        let mut c = Conditions::new();
        c.sql.push_str(" WHERE 1 = 1");
        c.push_in("c.id", chunk);
        let (sql, args) = c.finish(CLASS_COLUMNS, "");
        let rows: Vec<ClassFacts> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
        out.extend(rows.into_iter().map(|r| (r.id, r)));
    }
    Ok(out)
}

#[derive(FromRow)]
struct LessonFacts {
    id: i64,
    class_id: i64,
    name: String,
    start_at: i64,
    minutes: i64,
    teacher_seconds: i64,
    teacher_first_entry_at: Option<i64>,
    teacher_class_entry_at: Option<i64>,
    teacher_class_exit_at: Option<i64>,
    teacher_after_exit_at: Option<i64>,
}

#[derive(FromRow)]
struct GroupFacts {
    id: i64,
    class_id: i64,
    name: String,
    assistant_id: i64,
    assistant2_id: Option<i64>,
}

/// The identity columns of a level's keys.
struct Names {
    side: Side,
    level: Level,
    people: HashMap<i64, super::prep::Person>,
    schools: HashMap<i64, String>,
    classes: HashMap<i64, ClassFacts>,
    lessons: HashMap<i64, LessonFacts>,
    groups: HashMap<i64, GroupFacts>,
}

impl Names {
    async fn load(db: &Db, side: Side, level: Level, keys: &[i64], now: i64) -> Result<Names> {
        let schools = crate::orgs::schools(db).await?.into_iter().map(|s| (s.id, s.name)).collect();
        let mut names = Names { side, level, people: HashMap::new(), schools, classes: HashMap::new(), lessons: HashMap::new(), groups: HashMap::new() };
        let mut class_ids: Vec<i64> = Vec::new();
        let mut people_ids: Vec<i64> = Vec::new();
        match level {
            Level::Teacher => people_ids.extend_from_slice(keys),
            Level::School => {}
            Level::Class => class_ids.extend_from_slice(keys),
            Level::Lesson => {
                for chunk in keys.chunks(1000) {
                    let mut c = Conditions::new();
                    c.sql.push_str(" WHERE 1 = 1");
                    c.push_in("id", chunk);
                    let (sql, args) = c.finish(
                        "SELECT id, class_id, name, start_at, minutes, teacher_seconds, teacher_first_entry_at, teacher_class_entry_at, \
                         teacher_class_exit_at, teacher_after_exit_at FROM online_lessons",
                        "",
                    );
                    let rows: Vec<LessonFacts> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
                    names.lessons.extend(rows.into_iter().map(|l| (l.id, l)));
                }
                class_ids.extend(names.lessons.values().map(|l| l.class_id));
            }
            Level::Group => {
                for chunk in keys.chunks(1000) {
                    let mut c = Conditions::new();
                    c.sql.push_str(" WHERE 1 = 1");
                    c.push_in("id", chunk);
                    let (sql, args) = c.finish("SELECT id, class_id, name, assistant_id, assistant2_id FROM online_groups", "");
                    let rows: Vec<GroupFacts> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
                    names.groups.extend(rows.into_iter().map(|g| (g.id, g)));
                }
                class_ids.extend(names.groups.values().map(|g| g.class_id));
                people_ids.extend(names.groups.values().flat_map(|g| std::iter::once(g.assistant_id).chain(g.assistant2_id)));
            }
        }
        names.classes = classes_by_id(db, &distinct(class_ids)).await?;
        names.people = people(db, &distinct(people_ids), now).await?;
        Ok(names)
    }

    fn fill(&self, key: i64, row: &mut OnlineStatRow) {
        let person = |id: i64| self.people.get(&id).map(|p| (p.name.clone(), p.email.clone(), p.school_name.clone())).unwrap_or_default();
        let class = |row: &mut OnlineStatRow, id: i64| {
            if let Some(c) = self.classes.get(&id) {
                row.class_id = c.id;
                row.class_code = c.code.clone();
                row.class_name = c.name.clone();
                row.class_begin_end_date = begin_end(c.begin_at, c.end_at);
                row.school_name = c.school_name.clone();
                row.teacher_name = c.teacher_name.clone();
                row.teacher_email = c.teacher_email.clone();
            }
        };
        match self.level {
            Level::Teacher => {
                let (name, email, school) = person(key);
                row.school_name = school;
                match self.side {
                    Side::Main => (row.teacher_name, row.teacher_email) = (name, email),
                    Side::Auxiliary => (row.assistant_name, row.assistant_email) = (name, email),
                }
            }
            Level::School => row.school_name = self.schools.get(&key).cloned().unwrap_or_default(),
            Level::Class => class(row, key),
            Level::Lesson => {
                if let Some(l) = self.lessons.get(&key) {
                    class(row, l.class_id);
                    row.lesson_id = l.id;
                    row.lesson_name = l.name.clone();
                    row.lesson_begin_end_time = lesson_span(l.start_at, l.minutes);
                    row.teacher_presence_status = if l.teacher_seconds > 0 { "出勤" } else { "缺勤" }.to_owned();
                    row.teacher_presence_duration = l.teacher_seconds;
                    row.first_entry_time = l.teacher_first_entry_at.unwrap_or(0);
                    row.in_class_entry_time = l.teacher_class_entry_at.unwrap_or(0);
                    row.in_class_last_exit_time = l.teacher_class_exit_at.unwrap_or(0);
                    row.after_class_last_exit_time = l.teacher_after_exit_at.unwrap_or(0);
                }
            }
            Level::Group => {
                if let Some(g) = self.groups.get(&key) {
                    class(row, g.class_id);
                    row.group_id = g.id;
                    row.group_name = g.name.clone();
                    row.assistant_name1 = person(g.assistant_id).0;
                    row.assistant_name2 = g.assistant2_id.map(|id| person(id).0).unwrap_or_default();
                    (row.assistant_name, row.assistant_email) = {
                        let (name, email, _) = person(g.assistant_id);
                        (name, email)
                    };
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Student-lesson rows

#[derive(FromRow)]
struct StudentLesson {
    student_code: String,
    student_name: String,
    class_id: i64,
    lesson_id: i64,
    lesson_name: String,
    group_name: String,
    assistant_id: i64,
    start_at: i64,
    minutes: i64,
    lesson_type: i64,
    on_leave: i64,
    live_seconds: i64,
    playback_seconds: i64,
    submitted: i64,
    correct: i64,
    chat_num: i64,
    on_wall_num: i64,
    hand_up_num: i64,
    star_num: i64,
    report_sent: i64,
}

pub async fn student_lessons_count(db: &Db, side: Side, scope: &Scope, f: &Filter, now: i64) -> Result<i64> {
    let (sql, args) = rows_of(scope, f, now).finish(&format!("SELECT COUNT(*) FROM {} x", side.source()), "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

pub async fn student_lessons_page(db: &Db, side: Side, scope: &Scope, f: &Filter, now: i64, offset: i64, limit: i64) -> Result<Vec<OnlineStudentLessonRow>> {
    let assistant = match side {
        Side::Main => "x.other_id",
        Side::Auxiliary => "x.teacher_id",
    };
    let order = f.order_by(STUDENT_LESSON_SORTABLE, "x.start_at DESC, x.lesson_id, s.code");
    let select = format!(
        "SELECT s.code AS student_code, s.name AS student_name, x.class_id, x.lesson_id, l.name AS lesson_name, COALESCE(g.name, '') AS group_name, \
         {assistant} AS assistant_id, x.start_at, x.minutes, x.lesson_type, x.on_leave, x.live_seconds, x.playback_seconds, x.submitted, x.correct, \
         x.chat_num, x.on_wall_num, x.hand_up_num, x.star_num, x.report_sent FROM {} x JOIN students s ON s.id = x.student_id \
         JOIN online_lessons l ON l.id = x.lesson_id LEFT JOIN online_groups g ON g.id = x.group_id",
        side.source()
    );
    let (sql, args) = rows_of(scope, f, now).finish(&select, &format!(" ORDER BY {order} LIMIT {limit} OFFSET {offset}"));
    let rows: Vec<StudentLesson> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let classes = classes_by_id(db, &distinct(rows.iter().map(|r| r.class_id))).await?;
    let people = people(db, &distinct(rows.iter().map(|r| r.assistant_id)), now).await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let class = classes.get(&r.class_id);
            let status = StudyStatus::of(r.live_seconds, r.playback_seconds, r.minutes);
            let assistant = people.get(&r.assistant_id);
            OnlineStudentLessonRow {
                student_code: r.student_code,
                student_name: r.student_name,
                school_name: class.map(|c| c.school_name.clone()).unwrap_or_default(),
                class_code: class.map(|c| c.code.clone()).unwrap_or_default(),
                class_name: class.map(|c| c.name.clone()).unwrap_or_default(),
                lesson_id: r.lesson_id,
                lesson_name: r.lesson_name,
                lesson_begin_end_time: lesson_span(r.start_at, r.minutes),
                teacher_name: class.map(|c| c.teacher_name.clone()).unwrap_or_default(),
                assistant_name: assistant.map(|p| p.name.clone()).unwrap_or_default(),
                assistant_email: assistant.map(|p| p.email.clone()).unwrap_or_default(),
                group_name: r.group_name,
                attend_status: if status.comprehensive_attend {
                    "出勤"
                } else if r.on_leave != 0 {
                    "请假"
                } else {
                    "缺勤"
                }
                .to_owned(),
                live_present_status: yes_no(status.live_attend, "已到课", "未到课"),
                live_completion_status: yes_no(status.live_complete, "已完课", "未完课"),
                comprehensive_attend_status: yes_no(status.comprehensive_attend, "已到课", "未到课"),
                comprehensive_completion_status: yes_no(status.comprehensive_complete, "已完课", "未完课"),
                live_study_duration: r.live_seconds,
                playback_study_duration: r.playback_seconds,
                total_study_duration: r.live_seconds + r.playback_seconds,
                submit_cnt: r.submitted,
                answer_accuracy_rate: rate(r.correct, r.submitted),
                chat_num: r.chat_num,
                on_wall_num: r.on_wall_num,
                hand_up_num: r.hand_up_num,
                star_num: r.star_num,
                is_send_report_desc: dict::name_of(&dict::YES_NO, r.report_sent).to_owned(),
                student_lesson_type_desc: dict::name_of(&dict::ONLINE_STUDENT_LESSON_TYPES, r.lesson_type).to_owned(),
            }
        })
        .collect())
}

pub(crate) fn yes_no(flag: bool, yes: &str, no: &str) -> String {
    if flag { yes } else { no }.to_owned()
}

/// A student-lesson's attendance and completion, as the statistics count them.
pub(crate) struct StudyStatus {
    pub live_attend: bool,
    pub live_complete: bool,
    pub comprehensive_attend: bool,
    pub comprehensive_complete: bool,
}

impl StudyStatus {
    pub fn of(live: i64, playback: i64, minutes: i64) -> StudyStatus {
        let done = |seconds: i64| seconds * 100 >= minutes * 60 * dict::ONLINE_COMPLETION_PERCENT;
        StudyStatus {
            live_attend: live > 0,
            live_complete: done(live),
            comprehensive_attend: live + playback > 0,
            comprehensive_complete: done(live + playback),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Classes and quits

/// The classes with a held lesson in the selection.
fn classes_of(side: Side, scope: &Scope, f: &Filter, now: i64) -> (String, Conditions) {
    let mut c = rows_of(scope, f, now);
    c.sql.push(')');
    (format!("{CLASS_COLUMNS} WHERE c.id IN (SELECT x.class_id FROM {} x", side.source()), c)
}

pub async fn classes_count(db: &Db, side: Side, scope: &Scope, f: &Filter, now: i64) -> Result<i64> {
    let mut c = rows_of(scope, f, now);
    c.sql.push(')');
    let (sql, args) = c.finish(&format!("SELECT COUNT(*) FROM online_classes c WHERE c.id IN (SELECT x.class_id FROM {} x", side.source()), "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

#[derive(FromRow)]
struct ClassCounts {
    class_id: i64,
    in_class: i64,
    group_n: i64,
    lessons: i64,
    held: i64,
}

pub async fn classes_page(db: &Db, side: Side, scope: &Scope, f: &Filter, now: i64, offset: i64, limit: i64) -> Result<Vec<OnlineClassRow>> {
    let (select, c) = classes_of(side, scope, f, now);
    let (sql, args) = c.finish(&select, &format!(" ORDER BY c.begin_at DESC, c.code LIMIT {limit} OFFSET {offset}"));
    let classes: Vec<ClassFacts> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let ids: Vec<i64> = classes.iter().map(|c| c.id).collect();
    let mut counts: HashMap<i64, ClassCounts> = HashMap::new();
    if !ids.is_empty() {
        let mut c = Conditions::new();
        c.sql.push_str(" WHERE 1 = 1");
        c.push_in("c.id", &ids);
        let (sql, args) = c.finish(
            "SELECT c.id AS class_id, (SELECT COUNT(*) FROM online_roster r WHERE r.class_id = c.id AND r.left_at IS NULL) AS in_class, \
                 (SELECT COUNT(*) FROM online_groups g WHERE g.class_id = c.id) AS group_n, (SELECT COUNT(*) FROM online_lessons l WHERE l.class_id = c.id) AS lessons, \
                 (SELECT COUNT(*) FROM online_lessons l WHERE l.class_id = c.id AND l.status = 1) AS held FROM online_classes c",
            "",
        );
        let rows: Vec<ClassCounts> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
        counts = rows.into_iter().map(|r| (r.class_id, r)).collect();
    }
    Ok(classes
        .into_iter()
        .map(|c| {
            let n = counts.get(&c.id);
            OnlineClassRow {
                class_id: c.id,
                class_code: c.code,
                class_name: c.name,
                class_begin_end_date: begin_end(c.begin_at, c.end_at),
                school_name: c.school_name,
                teacher_name: c.teacher_name,
                subject_name: super::subject_name(c.subject),
                grade_name: dict::grade_name(c.grade_code).to_owned(),
                in_class_cnt: n.map_or(0, |n| n.in_class),
                group_cnt: n.map_or(0, |n| n.group_n),
                lesson_cnt: n.map_or(0, |n| n.lessons),
                held_lesson_cnt: n.map_or(0, |n| n.held),
            }
        })
        .collect())
}

/// The places left within the date range (by the day they were left), within scope and filter.
fn quits_of(scope: &Scope, f: &Filter, now: i64) -> Conditions {
    let mut c = Conditions::new();
    c.sql.push_str(" WHERE q.left_at IS NOT NULL");
    push_scope(&mut c, "q", scope);
    push_filter(&mut c, "q", "left_at", f, now);
    c
}

pub async fn quits_count(db: &Db, side: Side, scope: &Scope, f: &Filter, now: i64) -> Result<i64> {
    let (sql, args) = quits_of(scope, f, now).finish(&format!("SELECT COUNT(*) FROM {} q", side.roster_source()), "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

#[derive(FromRow)]
struct Quit {
    class_id: i64,
    student_code: String,
    student_name: String,
    left_at: i64,
    leave_lesson_no: i64,
    refund_fee: i64,
    refund_reason_type: i64,
    refund_reason: String,
}

pub async fn quits_page(db: &Db, side: Side, scope: &Scope, f: &Filter, now: i64, offset: i64, limit: i64) -> Result<Vec<OnlineQuitRow>> {
    let select = format!(
        "SELECT q.class_id, s.code AS student_code, s.name AS student_name, q.left_at, q.leave_lesson_no, q.refund_fee, q.refund_reason_type, \
         q.refund_reason FROM {} q JOIN students s ON s.id = q.student_id",
        side.roster_source()
    );
    let (sql, args) = quits_of(scope, f, now).finish(&select, &format!(" ORDER BY q.left_at DESC, s.code LIMIT {limit} OFFSET {offset}"));
    let rows: Vec<Quit> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let classes = classes_by_id(db, &distinct(rows.iter().map(|r| r.class_id))).await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let class = classes.get(&r.class_id);
            OnlineQuitRow {
                school_name: class.map(|c| c.school_name.clone()).unwrap_or_default(),
                student_code: r.student_code,
                student_name: r.student_name,
                dt_out_date: r.left_at,
                class_code: class.map(|c| c.code.clone()).unwrap_or_default(),
                class_name: class.map(|c| c.name.clone()).unwrap_or_default(),
                class_begin_end_date: class.map(|c| begin_end(c.begin_at, c.end_at)).unwrap_or_default(),
                leave_lesson_no: r.leave_lesson_no,
                refund_fee: yuan(r.refund_fee),
                refund_reason_type: dict::name_of(&dict::REFUND_REASON_TYPES, r.refund_reason_type).to_owned(),
                refund_reason: r.refund_reason,
            }
        })
        .collect())
}
