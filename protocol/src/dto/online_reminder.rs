//! Online-lesson reminders (`online-reminder` area; the spec names the screens 线上课设置
//! `onlineLessonSetup` and 白名单配置 `onlineWhiteConfigPage/{reminderType}` and no calls): what
//! the server reminds the teachers of online lessons of — a lesson about to begin, the main
//! teacher not in the room after the start, students not arrived — each kind on or off with its
//! minutes, and per kind a whitelist of staff who are not reminded. Reminders arrive as the
//! stored push `magic_online_reminder`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// The fewest and most minutes a reminder kind takes.
pub const REMINDER_MINUTES: (i64, i64) = (1, 120);
/// The most e-mails one whitelist addition takes.
pub const MAX_WHITELIST_BATCH: usize = 200;

/// One reminder kind's setting.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnlineReminderSetting {
    /// 1 开课提醒, 2 老师未进教室提醒, 3 学员未到课提醒 (`dictionary::ONLINE_REMINDER_TYPES`).
    pub reminder_type: i64,
    pub name: String,
    /// What it does, with its minutes, as the page explains it.
    pub description: String,
    pub enabled: bool,
    /// Before the start (kind 1) or after it (kinds 2 and 3).
    pub minutes: i64,
    /// Staff on its whitelist (not reminded).
    pub whitelist_count: i64,
    /// Who last changed it ("" if never) and when (0 never).
    pub updated_by: String,
    pub updated_at: i64,
}

/// `onlineReminder/settings/save`. Unknown fields are refused.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct OnlineReminderSettingSave {
    pub reminder_type: i64,
    pub enabled: bool,
    pub minutes: i64,
}

/// One reminder kind (`onlineReminder/whitelist/list`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct OnlineReminderType {
    pub reminder_type: i64,
}

/// A member of a reminder kind's whitelist.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnlineWhitelistRow {
    pub user_id: i64,
    pub name: String,
    pub email: String,
    pub added_by: String,
    pub added_at: i64,
}

/// `onlineReminder/whitelist/add`: staff by e-mail. Unknown fields are refused.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct OnlineWhitelistAdd {
    pub reminder_type: i64,
    pub emails: Vec<String>,
}

/// What an addition did: added, already listed, and e-mails of no account.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnlineWhitelistAdded {
    pub added: i64,
    pub already: i64,
    pub unknown: Vec<String>,
}

/// `onlineReminder/whitelist/remove`. Unknown fields are refused.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct OnlineWhitelistRemove {
    pub reminder_type: i64,
    pub user_ids: Vec<i64>,
}

/// `value` of the `magic_online_reminder` push: one reminder of one lesson to one person.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnlineReminder {
    pub reminder_type: i64,
    pub reminder_name: String,
    pub lesson_id: i64,
    pub class_name: String,
    pub lesson_no: i64,
    pub lesson_name: String,
    pub start_at: i64,
    /// The sentence shown, e.g. "三年级数学A班 第3讲 将于 19:00 开课".
    pub text: String,
    /// Kind 3: the students not arrived (of the reminded tutor's groups).
    pub students: Vec<String>,
}
