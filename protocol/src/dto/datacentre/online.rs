//! Online (live) class statistics (02 §3.4, screens `onlineMainTeacherStat` and
//! `onlineAuxiliaryStat`): a main teacher lectures live to a class whose students sit in groups
//! led by auxiliary teachers. The statistics take the data-centre search (`type` picks the
//! level); a class's and a lesson's details are lists of their own.
//!
//! As in the rest of the data centre: rates are fractions and -1 without a base; durations are
//! seconds; times are epoch ms and 0 when absent; statuses come as descriptions.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// One row of the statistics at a level (teacher, class, lesson, school or group). The
/// identity fields of other levels are empty. "Should" counts are student-lessons: a student on
/// the roster at a held lesson.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnlineStatRow {
    pub school_name: String,
    /// The main teacher (main side; the class's on class and lesson rows).
    pub teacher_name: String,
    pub teacher_email: String,
    /// The auxiliary teacher (auxiliary side).
    pub assistant_name: String,
    pub assistant_email: String,
    pub class_id: i64,
    pub class_code: String,
    pub class_name: String,
    /// `YYYY-MM-DD~YYYY-MM-DD`.
    pub class_begin_end_date: String,
    pub group_id: i64,
    pub group_name: String,
    pub assistant_name1: String,
    pub assistant_name2: String,
    pub lesson_id: i64,
    pub lesson_name: String,
    /// `YYYY-MM-DD HH:mm–HH:mm`.
    pub lesson_begin_end_time: String,
    /// Lesson rows: whether the main teacher was present, how long, and when they entered and
    /// left.
    pub teacher_presence_status: String,
    pub teacher_presence_duration: i64,
    pub first_entry_time: i64,
    pub in_class_entry_time: i64,
    pub in_class_last_exit_time: i64,
    pub after_class_last_exit_time: i64,
    pub class_cnt: i64,
    pub group_cnt: i64,
    pub lesson_cnt: i64,
    pub teacher_cnt: i64,
    /// Places on the rosters (a student in two classes counts twice) that had a lesson in
    /// the selection.
    pub student_cnt: i64,
    /// Of them, still in class (not left).
    pub in_class_cnt: i64,
    /// Student-lessons due.
    pub sac_stu_live_should_cnt: i64,
    pub live_attend_cnt: i64,
    pub live_attend_rate: f64,
    pub live_completion_cnt: i64,
    pub live_completion_rate: f64,
    /// Of the student-lessons not completed live, those completed by watching the playback.
    pub playback_completion_cnt: i64,
    pub playback_completion_rate: f64,
    pub comprehensive_attend_cnt: i64,
    pub comprehensive_attend_rate: f64,
    pub comprehensive_completion_cnt: i64,
    pub comprehensive_completion_rate: f64,
    /// Roster students the auxiliary teacher added as a friend / who joined the class group.
    pub friend_add_cnt: i64,
    pub friend_add_rate: f64,
    pub group_join_cnt: i64,
    pub group_join_rate: f64,
    /// Held lessons the main teacher attended / completed, over held lessons.
    pub teacher_live_attend_rate: f64,
    pub teacher_live_completion_rate: f64,
    /// Correct answers over answers submitted in class.
    pub answer_accuracy_rate: f64,
    /// In-class students enrolled in a later class.
    pub retention_cnt: i64,
    pub retention_rate: f64,
    /// Attended student-lessons whose lesson report was sent.
    pub report_send_cnt: i64,
    pub report_send_rate: f64,
    /// Roster students given the term's learning-analysis report.
    pub analysis_report_cnt: i64,
    pub analysis_report_coverage: f64,
    /// Roster students who left after the class began.
    pub leave_after_start_cnt: i64,
    pub leave_after_start_rate: f64,
    /// Questions asked per held lesson; chat messages and on-wall moments per attended
    /// student-lesson.
    pub avg_lesson_question_cnt: f64,
    pub avg_chat_num: f64,
    pub avg_on_wall_num: f64,
    /// Lesson rows: questions asked, students put on the wall.
    pub lesson_question_cnt: i64,
    pub on_wall_num: i64,
}

/// One student at one held lesson (student-per-lesson statistics).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnlineStudentLessonRow {
    pub student_code: String,
    pub student_name: String,
    pub school_name: String,
    pub class_code: String,
    pub class_name: String,
    pub lesson_id: i64,
    pub lesson_name: String,
    pub lesson_begin_end_time: String,
    pub teacher_name: String,
    pub assistant_name: String,
    pub assistant_email: String,
    pub group_name: String,
    /// 出勤 / 请假 / 缺勤 (attended live or by playback, on leave, neither).
    pub attend_status: String,
    pub live_present_status: String,
    pub live_completion_status: String,
    pub comprehensive_attend_status: String,
    pub comprehensive_completion_status: String,
    pub live_study_duration: i64,
    pub playback_study_duration: i64,
    pub total_study_duration: i64,
    pub submit_cnt: i64,
    pub answer_accuracy_rate: f64,
    pub chat_num: i64,
    pub on_wall_num: i64,
    pub hand_up_num: i64,
    pub star_num: i64,
    pub is_send_report_desc: String,
    pub student_lesson_type_desc: String,
}

/// An online class (class detail by class period).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnlineClassRow {
    pub class_id: i64,
    pub class_code: String,
    pub class_name: String,
    pub class_begin_end_date: String,
    pub school_name: String,
    pub teacher_name: String,
    pub subject_name: String,
    pub grade_name: String,
    /// Students still in class.
    pub in_class_cnt: i64,
    pub group_cnt: i64,
    pub lesson_cnt: i64,
    pub held_lesson_cnt: i64,
}

/// A lesson of a class (02 §3.4 "Class lesson rows").
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnlineClassLessonRow {
    pub lesson_id: i64,
    pub lesson_no: i64,
    pub lesson_name: String,
    pub lesson_time_str: String,
    pub teacher: String,
    pub lesson_status_desc: String,
    pub student_count: i64,
    pub live_attend_cnt: i64,
    pub live_attend_rate: f64,
    pub live_completion_cnt: i64,
    pub live_completion_rate: f64,
    pub comprehensive_attend_cnt: i64,
    pub comprehensive_attend_rate: f64,
    pub comprehensive_completion_cnt: i64,
    pub comprehensive_completion_rate: f64,
    pub video_type: String,
    pub subject_name: String,
}

/// A student of a class over the held lessons (02 §3.4 "Class student rows").
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnlineClassStudentRow {
    pub student_code: String,
    pub student_name: String,
    pub live_nickname: String,
    pub mobile: String,
    pub group_name: String,
    pub in_class_status: String,
    pub is_friend_str: String,
    /// Held lessons while on the roster.
    pub lesson_cnt: i64,
    /// Attended (live or playback), attended live, completed (live and playback together).
    pub presence_lesson_cnt: i64,
    pub live_attend_lesson_cnt: i64,
    pub comprehensive_completion_cnt: i64,
    pub avg_answer_accuracy_rate: f64,
    /// Seconds studied per lesson.
    pub avg_study_duration: i64,
    /// Share of the lessons' length studied, averaged (capped at 1 per lesson).
    pub avg_study_progress: f64,
    /// 是 when enrolled in a later class.
    pub stu_reten_flag: String,
    pub join_class_time: i64,
}

/// A student's enrolment in a later class (02 §3.4 "Renewal rows").
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnlineRenewalRow {
    pub student_code: String,
    pub student_name: String,
    pub retent_class_name: String,
    pub reten_class_code: String,
    pub reten_ros_in_date: i64,
    pub reten_fyear: i64,
    pub reten_quarter: String,
    pub reten_grade_name: String,
    pub reten_subject_name: String,
    /// Paid for the place, yuan.
    pub rost_dusedpay: f64,
    pub reten_lesson_cnt: i64,
    pub reten_class_begindate: i64,
    pub reten_class_enddate: i64,
    pub reten_teacher_name: String,
    /// 有效 while on the roster, else 已退班.
    pub reten_ros_valid: String,
    pub reten_ros_out_date: i64,
}

/// A student's last device check (02 §3.4 "Device check").
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnlineDeviceRow {
    pub student_code: String,
    pub student_name: String,
    pub group_name: String,
    pub mobile: String,
    pub device_name: String,
    pub is_blacklist: String,
    pub client_version: String,
    pub install_state: String,
    pub last_check_date: i64,
    pub camera_state: String,
    pub microphone_state: String,
    pub speaker_state: String,
    pub in_class_state: String,
}

/// A student who left an online class (02 §3.4 "Online quit-class record").
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnlineQuitRow {
    pub school_name: String,
    pub student_code: String,
    pub student_name: String,
    pub dt_out_date: i64,
    pub class_code: String,
    pub class_name: String,
    pub class_begin_end_date: String,
    /// The lessons held before the student left.
    pub leave_lesson_no: i64,
    /// Yuan.
    pub refund_fee: f64,
    pub refund_reason_type: String,
    pub refund_reason: String,
}

/// A student at one lesson, as the lesson's detail shows it: the live-class student row with
/// its classroom anomalies, answer card and workbench answers (02 §3.4).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnlineLessonStudentRow {
    pub student_code: String,
    pub student_name: String,
    pub live_nickname: String,
    pub mobile: String,
    pub live_attend_status: String,
    pub comprehensive_attend_status: String,
    pub live_completion_status: String,
    pub comprehensive_completion_status: String,
    pub live_study_duration: i64,
    pub playback_study_duration: i64,
    pub total_study_duration: i64,
    pub submit_cnt: i64,
    pub correct_answer_cnt: i64,
    pub answer_accuracy_rate: f64,
    pub chat_num: i64,
    pub on_wall_num: i64,
    pub hand_up_num: i64,
    pub star_num: i64,
    /// 请假 / 无.
    pub leave_status: String,
    pub group_name: String,
    pub in_class_status: String,
    /// The student's first entry into the live room.
    pub join_time: i64,
    /// Anomalies: times the student left the room during class, the longest run and the total
    /// of questions left unanswered, stars given outside the rules.
    pub leave_room_count: i64,
    pub continue_not_answer_count: i64,
    pub total_not_answer_count: i64,
    pub star_anomaly_count: i64,
    /// Answer card: correct over submitted, submitted over asked, stars, in-class entry–exit.
    pub correct_rate: f64,
    pub answer_rate: f64,
    pub star_count: i64,
    pub inout_class: String,
    /// Workbench answers: accuracy over in-class and after-class answers (`85%`, `-`), and
    /// whether after-class answers are included (是/否).
    pub accuracy_str: String,
    pub is_contain_after_class: String,
}

/// A leave asked for a lesson (02 §3.4 "Leave rows").
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnlineLeaveRow {
    pub student_code: String,
    pub student_name: String,
    pub reason: String,
    pub update_user: String,
    pub update_time: i64,
}

/// A knowledge point a student used in a lesson's replay (02 §3.4 "Replay knowledge point").
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnlineReplayPointRow {
    pub student_code: String,
    pub student_name: String,
    pub lesson_id: i64,
    pub lesson_name: String,
    pub knowledge_name: String,
    /// Where the point starts in the replay, seconds.
    pub start_time: i64,
    pub operate_time: i64,
    pub operate: String,
}
