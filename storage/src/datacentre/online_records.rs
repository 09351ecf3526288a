//! The online (live) classes' source records (migration 0021) and writing them in bulk, inside
//! the writer's transaction.

use sqlx::{Any, Transaction};

use super::records::{insert_rows, int, text};
use crate::reports::Bind;
use crate::Result;

#[derive(Debug, Clone)]
pub struct NewOnlineClass {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub teacher_id: i64,
    pub school_id: i64,
    pub area_code: String,
    pub subject: i64,
    pub grade_code: i64,
    pub product_type: &'static str,
    pub product_group: i64,
    pub manage_project: i64,
    pub fiscal_year: i64,
    pub quarter: i64,
    pub begin_at: i64,
    pub end_at: i64,
    pub fee: i64,
}

#[derive(Debug, Clone)]
pub struct NewOnlineGroup {
    pub id: i64,
    pub class_id: i64,
    pub name: String,
    pub assistant_id: i64,
    pub assistant2_id: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct NewRosterEntry {
    pub class_id: i64,
    pub student_id: i64,
    pub group_id: i64,
    pub nickname: String,
    pub joined_at: i64,
    pub paid: i64,
    pub is_friend: bool,
    pub in_group: bool,
    pub analysis_report: bool,
    /// (left at, lessons held before, refund fen, reason type, reason).
    pub quit: Option<(i64, i64, i64, i64, String)>,
}

#[derive(Debug, Clone)]
pub struct NewOnlineLesson {
    pub id: i64,
    pub class_id: i64,
    pub lesson_no: i64,
    pub name: String,
    pub start_at: i64,
    pub minutes: i64,
    pub status: i64,
    pub video_type: i64,
    pub teacher_seconds: i64,
    /// First entry, entry at the start, last exit in class, last exit after class.
    pub teacher_times: Option<[i64; 4]>,
    pub question_cnt: i64,
}

/// One student at one held lesson; the class's facts are copied in when written.
#[derive(Debug, Clone, Default)]
pub struct NewOnlineAttendance {
    pub lesson_id: i64,
    pub student_id: i64,
    pub group_id: i64,
    pub assistant_id: i64,
    pub lesson_type: i64,
    pub on_leave: bool,
    pub first_entry_at: Option<i64>,
    pub class_entry_at: Option<i64>,
    pub class_exit_at: Option<i64>,
    pub live_seconds: i64,
    pub playback_seconds: i64,
    pub asked: i64,
    pub submitted: i64,
    pub correct: i64,
    pub after_submitted: i64,
    pub after_correct: i64,
    pub chat_num: i64,
    pub on_wall_num: i64,
    pub hand_up_num: i64,
    pub star_num: i64,
    pub leave_room_count: i64,
    pub max_unanswered_run: i64,
    pub star_anomaly_count: i64,
    pub report_sent: bool,
}

#[derive(Debug, Clone)]
pub struct NewOnlineLeave {
    pub lesson_id: i64,
    pub student_id: i64,
    pub reason: String,
    pub updated_by: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone)]
pub struct NewDeviceCheck {
    pub student_id: i64,
    pub device_name: String,
    pub client_version: String,
    pub install_state: i64,
    pub blacklisted: bool,
    pub checked_at: i64,
    /// Camera, microphone, speaker.
    pub states: [i64; 3],
}

#[derive(Debug, Clone)]
pub struct NewReplayPoint {
    pub id: i64,
    pub lesson_id: i64,
    pub student_id: i64,
    pub knowledge_name: String,
    pub start_second: i64,
    pub operated_at: i64,
    pub operate: i64,
}

/// A batch of online records, written whole.
#[derive(Debug, Default)]
pub struct OnlineBatch {
    pub classes: Vec<NewOnlineClass>,
    pub groups: Vec<NewOnlineGroup>,
    pub roster: Vec<NewRosterEntry>,
    pub lessons: Vec<NewOnlineLesson>,
    pub attendance: Vec<NewOnlineAttendance>,
    pub leaves: Vec<NewOnlineLeave>,
    pub devices: Vec<NewDeviceCheck>,
    pub replay_points: Vec<NewReplayPoint>,
}

fn flag(v: bool) -> Bind {
    Bind::Int(v as i64)
}

/// Writes the batch; the attendance rows take their class's facts from the batch's classes
/// (every row's lesson and class are in it).
pub async fn insert(tx: &mut Transaction<'_, Any>, b: &OnlineBatch) -> Result<()> {
    insert_rows(
        tx,
        "online_classes",
        &[
            "id",
            "code",
            "name",
            "teacher_id",
            "school_id",
            "area_code",
            "subject",
            "grade_code",
            "product_type",
            "product_group",
            "manage_project",
            "fiscal_year",
            "quarter",
            "begin_at",
            "end_at",
            "fee",
        ],
        b.classes.iter().map(|c| {
            vec![
                int(c.id),
                text(&c.code),
                text(&c.name),
                int(c.teacher_id),
                int(c.school_id),
                text(&c.area_code),
                int(c.subject),
                int(c.grade_code),
                text(c.product_type),
                int(c.product_group),
                int(c.manage_project),
                int(c.fiscal_year),
                int(c.quarter),
                int(c.begin_at),
                int(c.end_at),
                int(c.fee),
            ]
        }),
    )
    .await?;
    insert_rows(
        tx,
        "online_groups",
        &["id", "class_id", "name", "assistant_id", "assistant2_id"],
        b.groups.iter().map(|g| vec![int(g.id), int(g.class_id), text(&g.name), int(g.assistant_id), Bind::OptInt(g.assistant2_id)]),
    )
    .await?;
    insert_rows(
        tx,
        "online_roster",
        &[
            "class_id",
            "student_id",
            "group_id",
            "nickname",
            "joined_at",
            "paid",
            "is_friend",
            "in_group",
            "analysis_report",
            "left_at",
            "leave_lesson_no",
            "refund_fee",
            "refund_reason_type",
            "refund_reason",
        ],
        b.roster.iter().map(|r| {
            let (left_at, lesson_no, fee, reason_type, reason) = match &r.quit {
                Some((at, no, fee, kind, reason)) => (Some(*at), *no, *fee, *kind, reason.as_str()),
                None => (None, 0, 0, 0, ""),
            };
            vec![
                int(r.class_id),
                int(r.student_id),
                int(r.group_id),
                text(&r.nickname),
                int(r.joined_at),
                int(r.paid),
                flag(r.is_friend),
                flag(r.in_group),
                flag(r.analysis_report),
                Bind::OptInt(left_at),
                int(lesson_no),
                int(fee),
                int(reason_type),
                text(reason),
            ]
        }),
    )
    .await?;
    insert_rows(
        tx,
        "online_lessons",
        &[
            "id",
            "class_id",
            "lesson_no",
            "name",
            "start_at",
            "minutes",
            "status",
            "video_type",
            "teacher_seconds",
            "teacher_first_entry_at",
            "teacher_class_entry_at",
            "teacher_class_exit_at",
            "teacher_after_exit_at",
            "question_cnt",
        ],
        b.lessons.iter().map(|l| {
            let t = |i: usize| Bind::OptInt(l.teacher_times.map(|t| t[i]));
            vec![
                int(l.id),
                int(l.class_id),
                int(l.lesson_no),
                text(&l.name),
                int(l.start_at),
                int(l.minutes),
                int(l.status),
                int(l.video_type),
                int(l.teacher_seconds),
                t(0),
                t(1),
                t(2),
                t(3),
                int(l.question_cnt),
            ]
        }),
    )
    .await?;
    let lessons: std::collections::HashMap<i64, &NewOnlineLesson> = b.lessons.iter().map(|l| (l.id, l)).collect();
    let classes: std::collections::HashMap<i64, &NewOnlineClass> = b.classes.iter().map(|c| (c.id, c)).collect();
    insert_rows(
        tx,
        "online_attendance",
        &[
            "lesson_id",
            "student_id",
            "class_id",
            "group_id",
            "teacher_id",
            "assistant_id",
            "school_id",
            "area_code",
            "subject",
            "grade_code",
            "product_type",
            "product_group",
            "manage_project",
            "start_at",
            "minutes",
            "lesson_type",
            "on_leave",
            "first_entry_at",
            "class_entry_at",
            "class_exit_at",
            "live_seconds",
            "playback_seconds",
            "asked",
            "submitted",
            "correct",
            "after_submitted",
            "after_correct",
            "chat_num",
            "on_wall_num",
            "hand_up_num",
            "star_num",
            "leave_room_count",
            "max_unanswered_run",
            "star_anomaly_count",
            "report_sent",
        ],
        b.attendance.iter().map(|a| {
            let lesson = lessons[&a.lesson_id];
            let c = classes[&lesson.class_id];
            vec![
                int(a.lesson_id),
                int(a.student_id),
                int(c.id),
                int(a.group_id),
                int(c.teacher_id),
                int(a.assistant_id),
                int(c.school_id),
                text(&c.area_code),
                int(c.subject),
                int(c.grade_code),
                text(c.product_type),
                int(c.product_group),
                int(c.manage_project),
                int(lesson.start_at),
                int(lesson.minutes),
                int(a.lesson_type),
                flag(a.on_leave),
                Bind::OptInt(a.first_entry_at),
                Bind::OptInt(a.class_entry_at),
                Bind::OptInt(a.class_exit_at),
                int(a.live_seconds),
                int(a.playback_seconds),
                int(a.asked),
                int(a.submitted),
                int(a.correct),
                int(a.after_submitted),
                int(a.after_correct),
                int(a.chat_num),
                int(a.on_wall_num),
                int(a.hand_up_num),
                int(a.star_num),
                int(a.leave_room_count),
                int(a.max_unanswered_run),
                int(a.star_anomaly_count),
                flag(a.report_sent),
            ]
        }),
    )
    .await?;
    insert_rows(
        tx,
        "online_leaves",
        &["lesson_id", "student_id", "reason", "updated_by", "updated_at"],
        b.leaves.iter().map(|l| vec![int(l.lesson_id), int(l.student_id), text(&l.reason), int(l.updated_by), int(l.updated_at)]),
    )
    .await?;
    insert_rows(
        tx,
        "online_devices",
        &["student_id", "device_name", "client_version", "install_state", "blacklisted", "checked_at", "camera_state", "microphone_state", "speaker_state"],
        b.devices.iter().map(|d| {
            vec![
                int(d.student_id),
                text(&d.device_name),
                text(&d.client_version),
                int(d.install_state),
                flag(d.blacklisted),
                int(d.checked_at),
                int(d.states[0]),
                int(d.states[1]),
                int(d.states[2]),
            ]
        }),
    )
    .await?;
    insert_rows(
        tx,
        "online_replay_points",
        &["id", "lesson_id", "student_id", "knowledge_name", "start_second", "operated_at", "operate"],
        b.replay_points
            .iter()
            .map(|p| vec![int(p.id), int(p.lesson_id), int(p.student_id), text(&p.knowledge_name), int(p.start_second), int(p.operated_at), int(p.operate)]),
    )
    .await?;
    Ok(())
}
