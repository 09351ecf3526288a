//! A class's and a lesson's details on the online statistics screens (02 §3.4): the class's
//! lessons, students, groups, renewals and device checks; the lesson's students (with
//! anomalies, answer card and workbench answers), leaves and replay knowledge points.
//!
//! Who may open what ([`class_access`]): admins everything; school and area managers the
//! classes of their schools and areas; the main teacher their class; an auxiliary teacher the
//! classes they lead a group in, seeing their groups' students only; consultants and learning
//! managers the classes of their students, seeing those students only.

use protocol::dictionary as dict;
use protocol::dto::datacentre::online::{
    OnlineClassLessonRow, OnlineClassStudentRow, OnlineDeviceRow, OnlineLeaveRow, OnlineLessonStudentRow, OnlineRenewalRow, OnlineReplayPointRow, OnlineStatRow,
};
use sqlx::FromRow;

use super::calendar::{day_of_ms, DAY_MS};
use super::filter::{Filter, Scope};
use super::online::{classes_by_id, yes_no, ClassFacts, Level, Side, StudyStatus};
use super::{lesson_span, rate, subject_name, yuan};
use crate::reports::format_time;
use crate::{Db, Result};

/// Which of a class's places the caller sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Visible {
    All,
    /// An auxiliary teacher: the places in their groups.
    Groups(i64),
    /// A consultant or learning manager: their students (`consultant_id` or
    /// `learning_manager_id`).
    Students(&'static str, i64),
}

impl Visible {
    /// `AND` over a place's student (`s` = the student id column) and group (`g` = alias of
    /// `online_groups`). The ids are integers from the session, written in as numbers.
    pub(crate) fn condition(&self, student: &str, g: &str) -> String {
        match self {
            Visible::All => String::new(),
            Visible::Groups(id) => format!(" AND ({g}.assistant_id = {id} OR {g}.assistant2_id = {id})"),
            Visible::Students(column, id) => format!(" AND {student} IN (SELECT id FROM students WHERE {column} = {id})"),
        }
    }
}

/// An opened class: its facts, which places the caller sees, and the caller's scope (for the
/// class's statistics).
pub struct ClassAccess {
    class: ClassFacts,
    pub visible: Visible,
    scope: Scope,
}

/// The class if the caller may open it (`None`: unknown or not theirs).
pub async fn class_access(db: &Db, scope: &Scope, class_id: i64) -> Result<Option<ClassAccess>> {
    let Some(class) = classes_by_id(db, &[class_id]).await?.remove(&class_id) else { return Ok(None) };
    let visible = match scope {
        Scope::All => Some(Visible::All),
        Scope::Schools(ids) => ids.contains(&class.school_id).then_some(Visible::All),
        Scope::Areas(codes) => codes.contains(&class.area_code).then_some(Visible::All),
        Scope::Teacher(id) if class.teacher_id == *id => Some(Visible::All),
        Scope::Teacher(id) => {
            let leads: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM online_groups WHERE class_id = $1 AND (assistant_id = $2 OR assistant2_id = $2)")
                .bind(class_id)
                .bind(*id)
                .fetch_one(db.pool())
                .await?;
            (leads > 0).then_some(Visible::Groups(*id))
        }
        Scope::Consultant(id) | Scope::LearningManager(id) => {
            let column = if matches!(scope, Scope::Consultant(_)) { "consultant_id" } else { "learning_manager_id" };
            let theirs: i64 = sqlx::query_scalar(&format!(
                "SELECT COUNT(*) FROM online_roster r JOIN students s ON s.id = r.student_id WHERE r.class_id = $1 AND s.{column} = $2"
            ))
            .bind(class_id)
            .bind(*id)
            .fetch_one(db.pool())
            .await?;
            (theirs > 0).then_some(Visible::Students(column, *id))
        }
    };
    Ok(visible.map(|visible| ClassAccess { class, visible, scope: scope.clone() }))
}

/// The class of a lesson, if the caller may open it.
pub async fn lesson_access(db: &Db, scope: &Scope, lesson_id: i64) -> Result<Option<ClassAccess>> {
    let class_id: Option<i64> = sqlx::query_scalar("SELECT class_id FROM online_lessons WHERE id = $1").bind(lesson_id).fetch_optional(db.pool()).await?;
    match class_id {
        Some(id) => class_access(db, scope, id).await,
        None => Ok(None),
    }
}

impl ClassAccess {
    pub fn class_id(&self) -> i64 {
        self.class.id
    }

    /// The class's main teacher.
    pub fn teacher_id(&self) -> i64 {
        self.class.teacher_id
    }

    pub(crate) fn class(&self) -> &ClassFacts {
        &self.class
    }

    /// The side whose statistics are this access's: an auxiliary teacher's own groups,
    /// everyone else's as their scope says.
    fn statistics_side(&self) -> Side {
        match self.visible {
            Visible::Groups(_) => Side::Auxiliary,
            _ => Side::Main,
        }
    }
}

#[derive(FromRow)]
struct LessonAgg {
    id: i64,
    lesson_no: i64,
    name: String,
    start_at: i64,
    minutes: i64,
    status: i64,
    video_type: i64,
    students: i64,
    live_attend: i64,
    live_complete: i64,
    comp_attend: i64,
    comp_complete: i64,
}

fn count_if(condition: &str, name: &str) -> String {
    format!("{} AS {name}", super::sum(&format!("CASE WHEN a.lesson_id IS NOT NULL AND {condition} THEN 1 ELSE 0 END")))
}

fn done(seconds: &str) -> String {
    format!("({seconds}) * 100 >= l.minutes * 60 * {}", dict::ONLINE_COMPLETION_PERCENT)
}

/// The class's lessons with the attendance of the places the caller sees.
pub async fn lessons(db: &Db, access: &ClassAccess) -> Result<Vec<OnlineClassLessonRow>> {
    let visible = access.visible.condition("a.student_id", "g");
    let sql = format!(
        "SELECT l.id, l.lesson_no, l.name, l.start_at, l.minutes, l.status, l.video_type, {}, {}, {}, {}, {} FROM online_lessons l \
         LEFT JOIN (SELECT a.* FROM online_attendance a JOIN online_groups g ON g.id = a.group_id WHERE a.class_id = $1{visible}) a ON a.lesson_id = l.id \
         WHERE l.class_id = $1 GROUP BY l.id, l.lesson_no, l.name, l.start_at, l.minutes, l.status, l.video_type ORDER BY l.lesson_no",
        count_if("1 = 1", "students"),
        count_if("a.live_seconds > 0", "live_attend"),
        count_if(&done("a.live_seconds"), "live_complete"),
        count_if("a.live_seconds + a.playback_seconds > 0", "comp_attend"),
        count_if(&done("a.live_seconds + a.playback_seconds"), "comp_complete"),
    );
    let rows: Vec<LessonAgg> = sqlx::query_as(&sql).bind(access.class.id).fetch_all(db.pool()).await?;
    let subject = subject_name(access.class.subject);
    Ok(rows
        .into_iter()
        .map(|l| OnlineClassLessonRow {
            lesson_id: l.id,
            lesson_no: l.lesson_no,
            lesson_name: l.name,
            lesson_time_str: lesson_span(l.start_at, l.minutes),
            teacher: access.class.teacher_name.clone(),
            lesson_status_desc: match l.status {
                1 => "已上课",
                2 => "已取消",
                _ => "未上课",
            }
            .to_owned(),
            student_count: l.students,
            live_attend_cnt: l.live_attend,
            live_attend_rate: rate(l.live_attend, l.students),
            live_completion_cnt: l.live_complete,
            live_completion_rate: rate(l.live_complete, l.students),
            comprehensive_attend_cnt: l.comp_attend,
            comprehensive_attend_rate: rate(l.comp_attend, l.students),
            comprehensive_completion_cnt: l.comp_complete,
            comprehensive_completion_rate: rate(l.comp_complete, l.students),
            video_type: dict::name_of(&dict::ONLINE_VIDEO_TYPES, l.video_type).to_owned(),
            subject_name: subject.clone(),
        })
        .collect())
}

#[derive(FromRow)]
struct Place {
    student_id: i64,
    code: String,
    name: String,
    mobile: String,
    nickname: String,
    group_name: String,
    joined_at: i64,
    left_at: Option<i64>,
    is_friend: i64,
    retained: i64,
}

async fn places(db: &Db, access: &ClassAccess) -> Result<Vec<Place>> {
    let visible = access.visible.condition("r.student_id", "g");
    let sql = format!(
        "SELECT r.student_id, s.code, s.name, s.mobile, r.nickname, g.name AS group_name, r.joined_at, r.left_at, r.is_friend, \
         CASE WHEN r.left_at IS NULL AND EXISTS (SELECT 1 FROM online_roster r2 JOIN online_classes c2 ON c2.id = r2.class_id \
         WHERE r2.student_id = r.student_id AND c2.begin_at > $2) THEN 1 ELSE 0 END AS retained \
         FROM online_roster r JOIN students s ON s.id = r.student_id JOIN online_groups g ON g.id = r.group_id WHERE r.class_id = $1{visible} \
         ORDER BY g.name, s.code"
    );
    Ok(sqlx::query_as(&sql).bind(access.class.id).bind(access.class.begin_at).fetch_all(db.pool()).await?)
}

#[derive(FromRow)]
struct StudentStudy {
    student_id: i64,
    minutes: i64,
    live_seconds: i64,
    playback_seconds: i64,
    submitted: i64,
    correct: i64,
}

fn in_class(left_at: Option<i64>) -> String {
    dict::name_of(&dict::ONLINE_IN_CLASS_STATUSES, i64::from(left_at.is_none())).to_owned()
}

/// The class's students (the places the caller sees) over its held lessons.
pub async fn students(db: &Db, access: &ClassAccess) -> Result<Vec<OnlineClassStudentRow>> {
    let places = places(db, access).await?;
    let study: Vec<StudentStudy> =
        sqlx::query_as("SELECT student_id, minutes, live_seconds, playback_seconds, submitted, correct FROM online_attendance WHERE class_id = $1")
            .bind(access.class.id)
            .fetch_all(db.pool())
            .await?;
    let mut by_student: std::collections::HashMap<i64, Vec<&StudentStudy>> = std::collections::HashMap::new();
    for row in &study {
        by_student.entry(row.student_id).or_default().push(row);
    }
    Ok(places
        .into_iter()
        .map(|p| {
            let rows = by_student.get(&p.student_id).map(Vec::as_slice).unwrap_or_default();
            let statuses: Vec<StudyStatus> = rows.iter().map(|r| StudyStatus::of(r.live_seconds, r.playback_seconds, r.minutes)).collect();
            let count = |f: fn(&StudyStatus) -> bool| statuses.iter().filter(|s| f(s)).count() as i64;
            let lessons = rows.len() as i64;
            let studied: i64 = rows.iter().map(|r| r.live_seconds + r.playback_seconds).sum();
            let progress: f64 = rows.iter().map(|r| ((r.live_seconds + r.playback_seconds) as f64 / (r.minutes * 60).max(1) as f64).min(1.0)).sum();
            OnlineClassStudentRow {
                student_code: p.code,
                student_name: p.name,
                live_nickname: p.nickname,
                mobile: p.mobile,
                group_name: p.group_name,
                in_class_status: in_class(p.left_at),
                is_friend_str: dict::name_of(&dict::YES_NO, p.is_friend).to_owned(),
                lesson_cnt: lessons,
                presence_lesson_cnt: count(|s| s.comprehensive_attend),
                live_attend_lesson_cnt: count(|s| s.live_attend),
                comprehensive_completion_cnt: count(|s| s.comprehensive_complete),
                avg_answer_accuracy_rate: rate(rows.iter().map(|r| r.correct).sum(), rows.iter().map(|r| r.submitted).sum()),
                avg_study_duration: if lessons > 0 { studied / lessons } else { 0 },
                avg_study_progress: if lessons > 0 { (progress / lessons as f64 * 10_000.0).round() / 10_000.0 } else { -1.0 },
                stu_reten_flag: dict::name_of(&dict::YES_NO, p.retained).to_owned(),
                join_class_time: p.joined_at,
            }
        })
        .collect())
}

/// The class's groups (the caller's, for an auxiliary teacher) as statistics rows over the
/// whole class period.
pub async fn groups(db: &Db, access: &ClassAccess, now: i64) -> Result<Vec<OnlineStatRow>> {
    let from = day_of_ms(access.class.begin_at);
    let to = day_of_ms(access.class.end_at + DAY_MS);
    super::online::statistics(db, access.statistics_side(), Level::Group, &access.scope, &Filter::span(from, to), now, Some(access.class.id)).await
}

#[derive(FromRow)]
struct Renewal {
    code: String,
    name: String,
    class_id: i64,
    joined_at: i64,
    paid: i64,
    left_at: Option<i64>,
    lessons: i64,
}

/// The later classes the class's students (those the caller sees) enrolled in.
pub async fn renewals(db: &Db, access: &ClassAccess) -> Result<Vec<OnlineRenewalRow>> {
    let visible = access.visible.condition("r.student_id", "g");
    let sql = format!(
        "SELECT s.code, s.name, r2.class_id, r2.joined_at, r2.paid, r2.left_at, (SELECT COUNT(*) FROM online_lessons l WHERE l.class_id = r2.class_id) AS lessons \
         FROM online_roster r JOIN online_groups g ON g.id = r.group_id JOIN students s ON s.id = r.student_id \
         JOIN online_roster r2 ON r2.student_id = r.student_id JOIN online_classes c2 ON c2.id = r2.class_id \
         WHERE r.class_id = $1 AND c2.begin_at > $2{visible} ORDER BY s.code, c2.begin_at"
    );
    let rows: Vec<Renewal> = sqlx::query_as(&sql).bind(access.class.id).bind(access.class.begin_at).fetch_all(db.pool()).await?;
    let classes = classes_by_id(db, &super::distinct(rows.iter().map(|r| r.class_id))).await?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            let c = classes.get(&r.class_id)?;
            Some(OnlineRenewalRow {
                student_code: r.code,
                student_name: r.name,
                retent_class_name: c.name.clone(),
                reten_class_code: c.code.clone(),
                reten_ros_in_date: r.joined_at,
                reten_fyear: c.fiscal_year,
                reten_quarter: format!("Q{}", c.quarter),
                reten_grade_name: dict::grade_name(c.grade_code).to_owned(),
                reten_subject_name: subject_name(c.subject),
                rost_dusedpay: yuan(r.paid),
                reten_lesson_cnt: r.lessons,
                reten_class_begindate: c.begin_at,
                reten_class_enddate: c.end_at,
                reten_teacher_name: c.teacher_name.clone(),
                reten_ros_valid: if r.left_at.is_none() { "有效" } else { "已退班" }.to_owned(),
                reten_ros_out_date: r.left_at.unwrap_or(0),
            })
        })
        .collect())
}

#[derive(FromRow)]
struct Device {
    code: String,
    name: String,
    mobile: String,
    group_name: String,
    left_at: Option<i64>,
    device_name: Option<String>,
    client_version: Option<String>,
    install_state: Option<i64>,
    blacklisted: Option<i64>,
    checked_at: Option<i64>,
    camera_state: Option<i64>,
    microphone_state: Option<i64>,
    speaker_state: Option<i64>,
}

/// The last device check of each of the class's students the caller sees (未检测 without one).
pub async fn devices(db: &Db, access: &ClassAccess) -> Result<Vec<OnlineDeviceRow>> {
    let visible = access.visible.condition("r.student_id", "g");
    let sql = format!(
        "SELECT s.code, s.name, s.mobile, g.name AS group_name, r.left_at, d.device_name, d.client_version, d.install_state, d.blacklisted, d.checked_at, \
         d.camera_state, d.microphone_state, d.speaker_state FROM online_roster r JOIN online_groups g ON g.id = r.group_id \
         JOIN students s ON s.id = r.student_id LEFT JOIN online_devices d ON d.student_id = r.student_id WHERE r.class_id = $1{visible} ORDER BY g.name, s.code"
    );
    let rows: Vec<Device> = sqlx::query_as(&sql).bind(access.class.id).fetch_all(db.pool()).await?;
    let state = |v: Option<i64>| dict::name_of(&dict::DEVICE_STATES, v.unwrap_or(0)).to_owned();
    Ok(rows
        .into_iter()
        .map(|d| OnlineDeviceRow {
            student_code: d.code,
            student_name: d.name,
            group_name: d.group_name,
            mobile: d.mobile,
            device_name: d.device_name.unwrap_or_default(),
            is_blacklist: d.blacklisted.map(|b| dict::name_of(&dict::YES_NO, b).to_owned()).unwrap_or_default(),
            client_version: d.client_version.unwrap_or_default(),
            install_state: d.install_state.map(|s| dict::name_of(&dict::DEVICE_INSTALL_STATES, s).to_owned()).unwrap_or_default(),
            last_check_date: d.checked_at.unwrap_or(0),
            camera_state: state(d.camera_state),
            microphone_state: state(d.microphone_state),
            speaker_state: state(d.speaker_state),
            in_class_state: in_class(d.left_at),
        })
        .collect())
}

#[derive(FromRow)]
struct LessonStudent {
    code: String,
    name: String,
    mobile: String,
    nickname: String,
    group_name: String,
    left_at: Option<i64>,
    minutes: i64,
    on_leave: i64,
    first_entry_at: Option<i64>,
    class_entry_at: Option<i64>,
    class_exit_at: Option<i64>,
    live_seconds: i64,
    playback_seconds: i64,
    asked: i64,
    submitted: i64,
    correct: i64,
    after_submitted: i64,
    after_correct: i64,
    chat_num: i64,
    on_wall_num: i64,
    hand_up_num: i64,
    star_num: i64,
    leave_room_count: i64,
    max_unanswered_run: i64,
    star_anomaly_count: i64,
}

fn percent(n: i64, d: i64) -> String {
    if d <= 0 {
        "-".to_owned()
    } else {
        format!("{}%", (n as f64 * 100.0 / d as f64).round() as i64)
    }
}

/// The students due at the lesson (those the caller sees), with their study, answers and
/// anomalies.
pub async fn lesson_students(db: &Db, access: &ClassAccess, lesson_id: i64) -> Result<Vec<OnlineLessonStudentRow>> {
    let visible = access.visible.condition("a.student_id", "g");
    let sql = format!(
        "SELECT s.code, s.name, s.mobile, r.nickname, g.name AS group_name, r.left_at, a.minutes, a.on_leave, a.first_entry_at, a.class_entry_at, \
         a.class_exit_at, a.live_seconds, a.playback_seconds, a.asked, a.submitted, a.correct, a.after_submitted, a.after_correct, a.chat_num, \
         a.on_wall_num, a.hand_up_num, a.star_num, a.leave_room_count, a.max_unanswered_run, a.star_anomaly_count FROM online_attendance a \
         JOIN students s ON s.id = a.student_id JOIN online_groups g ON g.id = a.group_id \
         JOIN online_roster r ON r.class_id = a.class_id AND r.student_id = a.student_id WHERE a.lesson_id = $1{visible} ORDER BY g.name, s.code"
    );
    let rows: Vec<LessonStudent> = sqlx::query_as(&sql).bind(lesson_id).fetch_all(db.pool()).await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let status = StudyStatus::of(r.live_seconds, r.playback_seconds, r.minutes);
            let live = r.live_seconds > 0;
            let clock = |ms: Option<i64>| ms.map(|ms| format_time(ms)[11..16].to_owned()).unwrap_or_else(|| "-".to_owned());
            OnlineLessonStudentRow {
                student_code: r.code,
                student_name: r.name,
                live_nickname: r.nickname,
                mobile: r.mobile,
                live_attend_status: yes_no(status.live_attend, "已到课", "未到课"),
                comprehensive_attend_status: yes_no(status.comprehensive_attend, "已到课", "未到课"),
                live_completion_status: yes_no(status.live_complete, "已完课", "未完课"),
                comprehensive_completion_status: yes_no(status.comprehensive_complete, "已完课", "未完课"),
                live_study_duration: r.live_seconds,
                playback_study_duration: r.playback_seconds,
                total_study_duration: r.live_seconds + r.playback_seconds,
                submit_cnt: r.submitted,
                correct_answer_cnt: r.correct,
                answer_accuracy_rate: rate(r.correct, r.submitted),
                chat_num: r.chat_num,
                on_wall_num: r.on_wall_num,
                hand_up_num: r.hand_up_num,
                star_num: r.star_num,
                leave_status: if r.on_leave != 0 { "请假" } else { "无" }.to_owned(),
                group_name: r.group_name,
                in_class_status: in_class(r.left_at),
                join_time: r.first_entry_at.unwrap_or(0),
                leave_room_count: r.leave_room_count,
                continue_not_answer_count: r.max_unanswered_run,
                total_not_answer_count: if live { r.asked - r.submitted } else { 0 },
                star_anomaly_count: r.star_anomaly_count,
                correct_rate: rate(r.correct, r.submitted),
                answer_rate: rate(r.submitted, r.asked),
                star_count: r.star_num,
                inout_class: if live { format!("{}–{}", clock(r.class_entry_at), clock(r.class_exit_at)) } else { String::new() },
                accuracy_str: percent(r.correct + r.after_correct, r.submitted + r.after_submitted),
                is_contain_after_class: dict::name_of(&dict::YES_NO, i64::from(r.after_submitted > 0)).to_owned(),
            }
        })
        .collect())
}

#[derive(FromRow)]
struct Leave {
    code: String,
    name: String,
    reason: String,
    updater: String,
    updated_at: i64,
}

/// The leaves asked for the lesson (by the students the caller sees).
pub async fn leaves(db: &Db, access: &ClassAccess, lesson_id: i64) -> Result<Vec<OnlineLeaveRow>> {
    let visible = access.visible.condition("a.student_id", "g");
    let sql = format!(
        "SELECT s.code, s.name, v.reason, COALESCE(u.name, '') AS updater, v.updated_at FROM online_leaves v JOIN students s ON s.id = v.student_id \
         JOIN online_attendance a ON a.lesson_id = v.lesson_id AND a.student_id = v.student_id JOIN online_groups g ON g.id = a.group_id \
         LEFT JOIN users u ON u.id = v.updated_by WHERE v.lesson_id = $1{visible} ORDER BY v.updated_at, s.code"
    );
    let rows: Vec<Leave> = sqlx::query_as(&sql).bind(lesson_id).fetch_all(db.pool()).await?;
    Ok(rows
        .into_iter()
        .map(|l| OnlineLeaveRow { student_code: l.code, student_name: l.name, reason: l.reason, update_user: l.updater, update_time: l.updated_at })
        .collect())
}

#[derive(FromRow)]
struct ReplayPoint {
    code: String,
    name: String,
    lesson_id: i64,
    lesson_name: String,
    knowledge_name: String,
    start_second: i64,
    operated_at: i64,
    operate: i64,
}

/// The replay knowledge points of the lesson (of the students the caller sees).
pub async fn replay_points(db: &Db, access: &ClassAccess, lesson_id: i64) -> Result<Vec<OnlineReplayPointRow>> {
    let visible = access.visible.condition("a.student_id", "g");
    let sql = format!(
        "SELECT s.code, s.name, p.lesson_id, l.name AS lesson_name, p.knowledge_name, p.start_second, p.operated_at, p.operate FROM online_replay_points p \
         JOIN students s ON s.id = p.student_id JOIN online_lessons l ON l.id = p.lesson_id \
         JOIN online_attendance a ON a.lesson_id = p.lesson_id AND a.student_id = p.student_id JOIN online_groups g ON g.id = a.group_id \
         WHERE p.lesson_id = $1{visible} ORDER BY p.operated_at, p.id"
    );
    let rows: Vec<ReplayPoint> = sqlx::query_as(&sql).bind(lesson_id).fetch_all(db.pool()).await?;
    Ok(rows
        .into_iter()
        .map(|p| OnlineReplayPointRow {
            student_code: p.code,
            student_name: p.name,
            lesson_id: p.lesson_id,
            lesson_name: p.lesson_name,
            knowledge_name: p.knowledge_name,
            start_time: p.start_second,
            operate_time: p.operated_at,
            operate: dict::name_of(&dict::ONLINE_REPLAY_OPERATIONS, p.operate).to_owned(),
        })
        .collect())
}
