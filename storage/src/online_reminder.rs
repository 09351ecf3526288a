//! Online-lesson reminders: the settings of each kind, the whitelists, and the scan that finds
//! the reminders due and claims each one.
//!
//! Every process may scan (`claim_due`): a reminder is sent by whoever inserts its row into
//! `online_reminders_sent` first (kind, lesson and person are its key), so none goes twice and
//! a process that stops mid-way leaves the rest to the next scan.

use std::collections::{BTreeMap, HashSet};

use protocol::dictionary as dict;
use protocol::dto::online_reminder::{OnlineReminder, OnlineReminderSetting, OnlineWhitelistAdded, OnlineWhitelistRow};
use sqlx::FromRow;

use crate::live_lesson::TEACHER;
use crate::reports::format_time;
use crate::{Db, Result};

/// Kind 1: reminded `minutes` before the start.
pub const BEFORE_START: i64 = 1;
/// Kind 2: the main teacher not in the room `minutes` after the start.
pub const TEACHER_ABSENT: i64 = 2;
/// Kind 3: students not arrived `minutes` after the start.
pub const STUDENTS_ABSENT: i64 = 3;

const MINUTE_MS: i64 = 60_000;

pub fn is_kind(reminder_type: i64) -> bool {
    dict::ONLINE_REMINDER_TYPES.iter().any(|(c, _)| *c == reminder_type)
}

fn describe(reminder_type: i64, minutes: i64) -> String {
    match reminder_type {
        BEFORE_START => format!("开课前 {minutes} 分钟提醒主讲老师和辅导老师"),
        TEACHER_ABSENT => format!("开课 {minutes} 分钟后主讲老师仍未进入教室时提醒主讲老师"),
        _ => format!("开课 {minutes} 分钟后仍有学员未进入教室（未请假）时提醒其小组的辅导老师"),
    }
}

#[derive(FromRow)]
struct SettingRow {
    reminder_type: i64,
    enabled: i64,
    minutes: i64,
    updated_by: String,
    updated_at: i64,
    whitelist_count: i64,
}

/// Every kind's setting, in kind order.
pub async fn settings(db: &Db) -> Result<Vec<OnlineReminderSetting>> {
    let rows: Vec<SettingRow> = sqlx::query_as(
        "SELECT s.reminder_type, s.enabled, s.minutes, COALESCE(u.name, '') AS updated_by, s.updated_at, \
         (SELECT COUNT(*) FROM online_reminder_whitelist w WHERE w.reminder_type = s.reminder_type) AS whitelist_count \
         FROM online_reminder_settings s LEFT JOIN users u ON u.id = s.updated_by ORDER BY s.reminder_type",
    )
    .fetch_all(db.pool())
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| OnlineReminderSetting {
            reminder_type: r.reminder_type,
            name: dict::name_of(&dict::ONLINE_REMINDER_TYPES, r.reminder_type).to_owned(),
            description: describe(r.reminder_type, r.minutes),
            enabled: r.enabled != 0,
            minutes: r.minutes,
            whitelist_count: r.whitelist_count,
            updated_by: r.updated_by,
            updated_at: r.updated_at,
        })
        .collect())
}

pub async fn save_setting(db: &Db, reminder_type: i64, enabled: bool, minutes: i64, by: i64, at: i64) -> Result<()> {
    sqlx::query(
        "INSERT INTO online_reminder_settings (reminder_type, enabled, minutes, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (reminder_type) DO UPDATE SET enabled = excluded.enabled, minutes = excluded.minutes, updated_by = excluded.updated_by, \
         updated_at = excluded.updated_at",
    )
    .bind(reminder_type)
    .bind(i64::from(enabled))
    .bind(minutes)
    .bind(by)
    .bind(at)
    .execute(db.pool())
    .await?;
    Ok(())
}

#[derive(FromRow)]
struct WhitelistRow {
    user_id: i64,
    name: String,
    email: String,
    added_by: String,
    added_at: i64,
}

/// A kind's whitelist, the latest additions first.
pub async fn whitelist(db: &Db, reminder_type: i64) -> Result<Vec<OnlineWhitelistRow>> {
    let rows: Vec<WhitelistRow> = sqlx::query_as(
        "SELECT w.user_id, COALESCE(u.name, '') AS name, COALESCE(u.email, '') AS email, COALESCE(b.name, '') AS added_by, w.added_at \
         FROM online_reminder_whitelist w LEFT JOIN users u ON u.id = w.user_id LEFT JOIN users b ON b.id = w.added_by \
         WHERE w.reminder_type = $1 ORDER BY w.added_at DESC, u.email",
    )
    .bind(reminder_type)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(|r| OnlineWhitelistRow { user_id: r.user_id, name: r.name, email: r.email, added_by: r.added_by, added_at: r.added_at }).collect())
}

/// Adds the accounts of `emails` (trimmed, any case) to a kind's whitelist.
pub async fn add_to_whitelist(db: &Db, reminder_type: i64, emails: &[String], by: i64, at: i64) -> Result<OnlineWhitelistAdded> {
    let mut out = OnlineWhitelistAdded::default();
    let mut seen = HashSet::new();
    for email in emails {
        let email = email.trim().to_lowercase();
        if email.is_empty() || !seen.insert(email.clone()) {
            continue;
        }
        let id: Option<i64> = sqlx::query_scalar("SELECT id FROM users WHERE email = $1").bind(&email).fetch_optional(db.pool()).await?;
        let Some(id) = id else {
            out.unknown.push(email);
            continue;
        };
        let done = sqlx::query(
            "INSERT INTO online_reminder_whitelist (reminder_type, user_id, added_by, added_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (reminder_type, user_id) DO NOTHING",
        )
        .bind(reminder_type)
        .bind(id)
        .bind(by)
        .bind(at)
        .execute(db.pool())
        .await?;
        if done.rows_affected() > 0 {
            out.added += 1;
        } else {
            out.already += 1;
        }
    }
    Ok(out)
}

/// Removes people from a kind's whitelist; how many were on it.
pub async fn remove_from_whitelist(db: &Db, reminder_type: i64, user_ids: &[i64]) -> Result<i64> {
    let mut removed = 0;
    for id in user_ids {
        let done = sqlx::query("DELETE FROM online_reminder_whitelist WHERE reminder_type = $1 AND user_id = $2")
            .bind(reminder_type)
            .bind(id)
            .execute(db.pool())
            .await?;
        removed += done.rows_affected() as i64;
    }
    Ok(removed)
}

#[derive(FromRow, Clone)]
struct DueLesson {
    id: i64,
    class_id: i64,
    lesson_no: i64,
    name: String,
    start_at: i64,
    minutes: i64,
    class_name: String,
    teacher_id: i64,
}

/// The lessons (not cancelled) whose moment `at(start)` has come and whose end has not.
async fn lessons_between(db: &Db, from_start: i64, to_start: i64, now: i64) -> Result<Vec<DueLesson>> {
    Ok(sqlx::query_as(
        "SELECT l.id, l.class_id, l.lesson_no, l.name, l.start_at, l.minutes, c.name AS class_name, c.teacher_id FROM online_lessons l \
         JOIN online_classes c ON c.id = l.class_id WHERE l.start_at > $1 AND l.start_at <= $2 AND l.status <> $3 \
         AND l.start_at + l.minutes * 60000 > $4 ORDER BY l.start_at, l.id",
    )
    .bind(from_start)
    .bind(to_start)
    .bind(dict::ONLINE_LESSON_CANCELLED)
    .bind(now)
    .fetch_all(db.pool())
    .await?)
}

async fn whitelisted(db: &Db, reminder_type: i64) -> Result<HashSet<i64>> {
    let ids: Vec<i64> =
        sqlx::query_scalar("SELECT user_id FROM online_reminder_whitelist WHERE reminder_type = $1").bind(reminder_type).fetch_all(db.pool()).await?;
    Ok(ids.into_iter().collect())
}

/// Whether the main teacher has entered the lesson's room.
async fn teacher_entered(db: &Db, lesson_id: i64) -> Result<bool> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM online_presence WHERE lesson_id = $1 AND person_id = $2")
        .bind(lesson_id)
        .bind(TEACHER)
        .fetch_one(db.pool())
        .await?;
    Ok(n > 0)
}

/// The students of the lesson not arrived (on the roster, no leave, never entered), with the
/// tutors of their groups: (tutor, student name).
async fn absent_students(db: &Db, lesson: &DueLesson, end_at: i64) -> Result<Vec<(i64, Option<i64>, String)>> {
    Ok(sqlx::query_as(
        "SELECT g.assistant_id, g.assistant2_id, s.name FROM online_roster r JOIN students s ON s.id = r.student_id \
         JOIN online_groups g ON g.id = r.group_id WHERE r.class_id = $1 AND r.joined_at < $2 AND (r.left_at IS NULL OR r.left_at > $3) \
         AND NOT EXISTS (SELECT 1 FROM online_leaves v WHERE v.lesson_id = $4 AND v.student_id = r.student_id) \
         AND NOT EXISTS (SELECT 1 FROM online_presence p WHERE p.lesson_id = $4 AND p.person_id = r.student_id) ORDER BY s.code",
    )
    .bind(lesson.class_id)
    .bind(end_at)
    .bind(lesson.start_at)
    .bind(lesson.id)
    .fetch_all(db.pool())
    .await?)
}

/// Claims a reminder: true if this call is the one that sends it.
async fn claim(db: &Db, reminder_type: i64, lesson_id: i64, user_id: i64, now: i64) -> Result<bool> {
    let done = sqlx::query(
        "INSERT INTO online_reminders_sent (reminder_type, lesson_id, user_id, sent_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (reminder_type, lesson_id, user_id) DO NOTHING",
    )
    .bind(reminder_type)
    .bind(lesson_id)
    .bind(user_id)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() > 0)
}

fn clock(ms: i64) -> String {
    format_time(ms)[11..16].to_owned()
}

/// The reminders due at `now` that this call claimed, to be pushed: (person, reminder).
/// Kind 1 is due from `minutes` before the start until the start; kinds 2 and 3 from
/// `minutes` after the start until the end, each while its condition holds.
pub async fn claim_due(db: &Db, now: i64) -> Result<Vec<(i64, OnlineReminder)>> {
    let mut out = Vec::new();
    for setting in settings(db).await?.into_iter().filter(|s| s.enabled) {
        let kind = setting.reminder_type;
        let lead = setting.minutes * MINUTE_MS;
        let skip = whitelisted(db, kind).await?;
        let lessons = match kind {
            BEFORE_START => lessons_between(db, now, now + lead, now).await?,
            _ => lessons_between(db, i64::MIN, now - lead, now).await?,
        };
        for lesson in lessons {
            // (person, students named to them)
            let mut to: BTreeMap<i64, Vec<String>> = BTreeMap::new();
            match kind {
                BEFORE_START => {
                    for id in crate::live_lesson::teachers(db, lesson.class_id).await? {
                        to.insert(id, Vec::new());
                    }
                }
                TEACHER_ABSENT => {
                    if !teacher_entered(db, lesson.id).await? {
                        to.insert(lesson.teacher_id, Vec::new());
                    }
                }
                _ => {
                    let end_at = lesson.start_at + lesson.minutes * MINUTE_MS;
                    for (tutor, tutor2, student) in absent_students(db, &lesson, end_at).await? {
                        for id in std::iter::once(tutor).chain(tutor2) {
                            to.entry(id).or_default().push(student.clone());
                        }
                    }
                }
            }
            for (user_id, students) in to {
                if skip.contains(&user_id) || !claim(db, kind, lesson.id, user_id, now).await? {
                    continue;
                }
                let heading = format!("{} 第{}讲", lesson.class_name, lesson.lesson_no);
                let text = match kind {
                    BEFORE_START => format!("{heading} 将于 {} 开课", clock(lesson.start_at)),
                    TEACHER_ABSENT => format!("{heading} 已于 {} 开课，您还未进入教室", clock(lesson.start_at)),
                    _ => format!("{heading} 已开课 {} 分钟，您的小组有 {} 名学员未到课", setting.minutes, students.len()),
                };
                out.push((
                    user_id,
                    OnlineReminder {
                        reminder_type: kind,
                        reminder_name: setting.name.clone(),
                        lesson_id: lesson.id,
                        class_name: lesson.class_name.clone(),
                        lesson_no: lesson.lesson_no,
                        lesson_name: lesson.name.clone(),
                        start_at: lesson.start_at,
                        text,
                        students,
                    },
                ));
            }
        }
    }
    Ok(out)
}
