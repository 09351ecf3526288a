//! Live lessons (`live-lesson` area; the spec names the screens 巡课 `patrolSitePage/{id}`,
//! 看课 `watchLessonPage/{id}` and 回放 `playbackPage/{id}` and no calls): an online lesson as it
//! happens — its state and who is in the room, told to whoever watches it by a push
//! (`magic_live_lesson`) instead of a poll —, inspectors' patrol records, and the lesson's
//! recording played from the file store with the viewer's position kept.
//!
//! Times are epoch milliseconds; seconds are whole seconds in the room.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::resource::PlayUrl;

/// The longest patrol remark.
pub const MAX_PATROL_REMARK_CHARS: usize = 500;
/// How long one `watch` keeps the caller told of the lesson's changes; the page renews it
/// at half this.
pub const LIVE_WATCH_MS: i64 = 10 * 60 * 1000;
/// How far before the start and after the end of a lesson its room takes presence reports.
pub const LIVE_ROOM_MARGIN_MS: i64 = 30 * 60 * 1000;

/// One lesson (`lessonId` is an online lesson's id).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct LiveLessonRequest {
    pub lesson_id: i64,
}

/// Someone's time in the lesson's room: several entries and exits add up.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LivePresence {
    /// In the room now.
    pub in_room: bool,
    /// First entry; absent if never entered.
    #[ts(optional)]
    pub first_entry_at: Option<i64>,
    /// Last exit; absent if never left (or never entered).
    #[ts(optional)]
    pub last_exit_at: Option<i64>,
    /// Seconds in the room so far (an open stay counts up to now, or to the lesson's end).
    pub seconds: i64,
    /// Entries so far.
    pub entries: i64,
}

/// A student on the lesson's roster with their presence.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LiveStudent {
    pub student_id: i64,
    pub student_name: String,
    pub student_code: String,
    pub group_name: String,
    /// A leave was asked for this lesson.
    pub on_leave: bool,
    pub presence: LivePresence,
}

/// The lesson's recording, when its teacher has attached one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LiveRecording {
    pub resource_id: i64,
    pub file_name: String,
}

/// `liveLesson/detail`: the lesson now.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LiveLessonDetail {
    pub lesson_id: i64,
    pub class_id: i64,
    pub class_code: String,
    pub class_name: String,
    pub lesson_no: i64,
    pub lesson_name: String,
    pub subject_name: String,
    pub teacher_name: String,
    pub start_at: i64,
    pub end_at: i64,
    pub minutes: i64,
    /// 0 未开始, 1 上课中, 2 已结束, 3 已取消 (from the time and the lesson's status).
    pub state: i64,
    pub state_desc: String,
    /// The main teacher's presence.
    pub teacher: LivePresence,
    /// The students the caller sees (an auxiliary teacher their groups', a consultant theirs).
    pub students: Vec<LiveStudent>,
    /// Of `students`: in the room now, and entered at least once.
    pub present: i64,
    pub entered: i64,
    #[ts(optional)]
    pub recording: Option<LiveRecording>,
    /// The caller may record a patrol (an inspector's role).
    pub can_patrol: bool,
    /// The caller may report presence and attach the recording (the lesson's teachers).
    pub can_report: bool,
    /// The server's clock when this was read (stays are counted up to it).
    pub now: i64,
}

/// `liveLesson/watch`: the caller is told (`magic_live_lesson`) of the lesson's changes until
/// `until`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LiveWatch {
    pub until: i64,
}

/// `liveLesson/presence`: the classroom reports an entry or exit — of a student, or of the main
/// teacher when `studentId` is absent. Unknown fields are refused.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct LivePresenceReport {
    pub lesson_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub student_id: Option<i64>,
    /// `enter` or `leave`.
    pub event: String,
    /// When it happened; absent now. Not in the future, and within the lesson's room hours.
    #[serde(default)]
    #[ts(optional)]
    pub at: Option<i64>,
}

/// `liveLesson/patrol/save`: an inspector's record of a lesson. Unknown fields are refused.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct LivePatrolSave {
    pub lesson_id: i64,
    /// 1 正常, 2 有问题 (a remark is required).
    pub result: i64,
    #[serde(default)]
    #[ts(optional)]
    pub remark: Option<String>,
}

/// One patrol record.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LivePatrolRow {
    pub id: i64,
    pub lesson_id: i64,
    pub inspector_name: String,
    pub result: i64,
    pub result_desc: String,
    pub remark: String,
    /// The lesson's state when the patrol was recorded (as [`LiveLessonDetail::state`]).
    pub lesson_state: i64,
    /// Students in the room when the patrol was recorded.
    pub present: i64,
    pub created_at: i64,
}

/// `liveLesson/recording/set`: the lesson's teacher attaches one of their video or audio
/// resources as its recording, or removes it (`resourceId` absent).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct LiveRecordingSet {
    pub lesson_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub resource_id: Option<i64>,
}

/// A knowledge point of the replay: where it starts and how many students watched, kept or
/// marked it there.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LiveReplayPoint {
    pub knowledge_name: String,
    pub start_second: i64,
    pub students: i64,
}

/// `liveLesson/playback`: where to stream the lesson's recording from, where the caller
/// stopped, and the replay's knowledge points.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LivePlayback {
    pub lesson_id: i64,
    pub play: PlayUrl,
    pub points: Vec<LiveReplayPoint>,
}

/// `liveLesson/playback/position`: where the caller is in the recording (seconds).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct LivePlayPosition {
    pub lesson_id: i64,
    pub position: f64,
    #[serde(default)]
    #[ts(optional)]
    pub duration: Option<f64>,
}

/// `value` of the `magic_live_lesson` signal: what changed in a lesson; an open page reloads.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LiveLessonChange {
    pub lesson_id: i64,
    /// `presence`, `patrol` or `recording`.
    pub what: String,
}
