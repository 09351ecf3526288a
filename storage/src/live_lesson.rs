//! Live lessons: who is in an online lesson's room (stays opened by an entry and closed by an
//! exit, reported by the classroom), who watches the lesson (to be told of changes), the
//! inspectors' patrol records, and the lesson's recording.
//!
//! A stay is one row of `online_presence` (`person_id` 0 is the main teacher): an entry opens
//! one unless one is open, an exit closes the open one. Both are single statements, so two
//! reports racing (two processes, a repeated request) cannot open two stays.

use std::collections::HashMap;

use protocol::dictionary as dict;
use protocol::dto::live_lesson::{LivePatrolRow, LivePresence, LiveReplayPoint};
use sqlx::FromRow;

use crate::datacentre::online_detail::ClassAccess;
use crate::datacentre::subject_name;
use crate::{Db, Result};

/// The person id of the main teacher's stays.
pub const TEACHER: i64 = 0;

/// The state of a lesson at `now`: 0 未开始, 1 上课中, 2 已结束, 3 已取消.
pub fn state(status: i64, start_at: i64, end_at: i64, now: i64) -> (i64, &'static str) {
    if status == dict::ONLINE_LESSON_CANCELLED {
        (3, "已取消")
    } else if now < start_at {
        (0, "未开始")
    } else if now < end_at {
        (1, "上课中")
    } else {
        (2, "已结束")
    }
}

/// An online lesson's facts.
#[derive(Debug, Clone, FromRow)]
pub struct Lesson {
    pub id: i64,
    pub class_id: i64,
    pub lesson_no: i64,
    pub name: String,
    pub start_at: i64,
    pub minutes: i64,
    pub status: i64,
    pub recording_resource_id: Option<i64>,
}

impl Lesson {
    pub fn end_at(&self) -> i64 {
        self.start_at + self.minutes * 60_000
    }

    pub fn state(&self, now: i64) -> (i64, &'static str) {
        state(self.status, self.start_at, self.end_at(), now)
    }
}

pub async fn lesson(db: &Db, lesson_id: i64) -> Result<Option<Lesson>> {
    Ok(sqlx::query_as("SELECT id, class_id, lesson_no, name, start_at, minutes, status, recording_resource_id FROM online_lessons WHERE id = $1")
        .bind(lesson_id)
        .fetch_optional(db.pool())
        .await?)
}

/// The class's facts the lesson page heads with: code, name, subject, main teacher's name.
pub fn class_heading(access: &ClassAccess) -> (String, String, String, String) {
    let c = access.class();
    (c.code.clone(), c.name.clone(), subject_name(c.subject), c.teacher_name.clone())
}

/// One stay in the room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromRow)]
pub struct Stay {
    pub person_id: i64,
    pub entered_at: i64,
    pub left_at: Option<i64>,
}

/// Adds up stays (in entry order) into presence: an open stay counts up to `until` (now, or
/// the lesson's end if that is earlier — a stay left open after class stops counting there).
pub fn presence(stays: &[Stay], until: i64) -> LivePresence {
    let mut p = LivePresence::default();
    for s in stays {
        p.entries += 1;
        p.first_entry_at = Some(p.first_entry_at.map_or(s.entered_at, |f| f.min(s.entered_at)));
        let end = match s.left_at {
            Some(left) => {
                p.last_exit_at = Some(p.last_exit_at.map_or(left, |l| l.max(left)));
                left
            }
            None => {
                p.in_room = true;
                until
            }
        };
        p.seconds += (end - s.entered_at).max(0) / 1000;
    }
    p
}

/// Every stay of the lesson, by person, in entry order.
pub async fn stays(db: &Db, lesson_id: i64) -> Result<HashMap<i64, Vec<Stay>>> {
    let rows: Vec<Stay> = sqlx::query_as("SELECT person_id, entered_at, left_at FROM online_presence WHERE lesson_id = $1 ORDER BY entered_at, id")
        .bind(lesson_id)
        .fetch_all(db.pool())
        .await?;
    let mut out: HashMap<i64, Vec<Stay>> = HashMap::new();
    for s in rows {
        out.entry(s.person_id).or_default().push(s);
    }
    Ok(out)
}

/// A student of the lesson's roster the caller sees.
#[derive(Debug, Clone, FromRow)]
pub struct RosterStudent {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub group_name: String,
    pub on_leave: bool,
}

/// The students on the class's roster at the lesson (joined before it ended, not left before
/// it began) that the caller sees, by group and code.
pub async fn roster(db: &Db, access: &ClassAccess, lesson: &Lesson) -> Result<Vec<RosterStudent>> {
    let visible = access.visible.condition("r.student_id", "g");
    let sql = format!(
        "SELECT s.id, s.code, s.name, g.name AS group_name, CAST(CASE WHEN v.student_id IS NULL THEN 0 ELSE 1 END AS BIGINT) AS on_leave FROM online_roster r \
         JOIN students s ON s.id = r.student_id JOIN online_groups g ON g.id = r.group_id \
         LEFT JOIN online_leaves v ON v.lesson_id = $2 AND v.student_id = r.student_id \
         WHERE r.class_id = $1 AND r.joined_at < $3 AND (r.left_at IS NULL OR r.left_at > $4){visible} ORDER BY g.name, s.code"
    );
    let rows: Vec<(i64, String, String, String, i64)> =
        sqlx::query_as(&sql).bind(lesson.class_id).bind(lesson.id).bind(lesson.end_at()).bind(lesson.start_at).fetch_all(db.pool()).await?;
    Ok(rows.into_iter().map(|(id, code, name, group_name, on_leave)| RosterStudent { id, code, name, group_name, on_leave: on_leave != 0 }).collect())
}

/// Whether the student is on the class's roster (in any group, whoever looks).
pub async fn on_roster(db: &Db, class_id: i64, student_id: i64) -> Result<bool> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM online_roster WHERE class_id = $1 AND student_id = $2")
        .bind(class_id)
        .bind(student_id)
        .fetch_one(db.pool())
        .await?;
    Ok(n > 0)
}

/// The lesson's teachers: its class's main teacher and its groups' auxiliary teachers.
pub async fn teachers(db: &Db, class_id: i64) -> Result<Vec<i64>> {
    let rows: Vec<i64> = sqlx::query_scalar(
        "SELECT teacher_id FROM online_classes WHERE id = $1 UNION SELECT assistant_id FROM online_groups WHERE class_id = $1 \
         UNION SELECT assistant2_id FROM online_groups WHERE class_id = $1 AND assistant2_id IS NOT NULL",
    )
    .bind(class_id)
    .fetch_all(db.pool())
    .await?;
    Ok(rows)
}

/// Why a presence report was not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PresenceRefusal {
    /// An exit of someone not in the room.
    NotInRoom,
    /// An exit before the open stay's entry.
    BeforeEntry,
}

/// An entry: opens a stay unless one is open (a repeated entry changes nothing). `Ok(true)` if
/// a stay was opened.
pub async fn enter(db: &Db, lesson_id: i64, person_id: i64, at: i64) -> Result<bool> {
    let done = sqlx::query(
        "INSERT INTO online_presence (lesson_id, person_id, entered_at) SELECT $1, $2, $3 WHERE NOT EXISTS \
         (SELECT 1 FROM online_presence WHERE lesson_id = $1 AND person_id = $2 AND left_at IS NULL)",
    )
    .bind(lesson_id)
    .bind(person_id)
    .bind(at)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() > 0)
}

/// An exit: closes the open stay.
pub async fn leave(db: &Db, lesson_id: i64, person_id: i64, at: i64) -> Result<std::result::Result<(), PresenceRefusal>> {
    let done = sqlx::query("UPDATE online_presence SET left_at = $3 WHERE lesson_id = $1 AND person_id = $2 AND left_at IS NULL AND entered_at <= $3")
        .bind(lesson_id)
        .bind(person_id)
        .bind(at)
        .execute(db.pool())
        .await?;
    if done.rows_affected() > 0 {
        return Ok(Ok(()));
    }
    let open: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM online_presence WHERE lesson_id = $1 AND person_id = $2 AND left_at IS NULL")
        .bind(lesson_id)
        .bind(person_id)
        .fetch_one(db.pool())
        .await?;
    Ok(Err(if open > 0 { PresenceRefusal::BeforeEntry } else { PresenceRefusal::NotInRoom }))
}

/// The caller watches the lesson until `until` (a later watch extends it).
pub async fn watch(db: &Db, lesson_id: i64, user_id: i64, until: i64) -> Result<()> {
    sqlx::query(
        "INSERT INTO online_lesson_watchers (lesson_id, user_id, until) VALUES ($1, $2, $3) \
         ON CONFLICT (lesson_id, user_id) DO UPDATE SET until = excluded.until",
    )
    .bind(lesson_id)
    .bind(user_id)
    .bind(until)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Who is told of the lesson's changes: its teachers and whoever watches it now. Lapsed
/// watches of the lesson are removed on the way.
pub async fn audience(db: &Db, lesson_id: i64, class_id: i64, now: i64) -> Result<Vec<i64>> {
    sqlx::query("DELETE FROM online_lesson_watchers WHERE lesson_id = $1 AND until <= $2").bind(lesson_id).bind(now).execute(db.pool()).await?;
    let mut ids: Vec<i64> = sqlx::query_scalar("SELECT user_id FROM online_lesson_watchers WHERE lesson_id = $1").bind(lesson_id).fetch_all(db.pool()).await?;
    ids.extend(teachers(db, class_id).await?);
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

/// A patrol record as written.
pub struct NewPatrol<'a> {
    pub lesson_id: i64,
    pub inspector_id: i64,
    pub result: i64,
    pub remark: &'a str,
    pub lesson_state: i64,
    pub present: i64,
    pub at: i64,
}

pub async fn add_patrol(db: &Db, p: &NewPatrol<'_>) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "INSERT INTO online_patrols (lesson_id, inspector_id, result, remark, lesson_state, present, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(p.lesson_id)
    .bind(p.inspector_id)
    .bind(p.result)
    .bind(p.remark)
    .bind(p.lesson_state)
    .bind(p.present)
    .bind(p.at)
    .fetch_one(db.pool())
    .await?)
}

#[derive(FromRow)]
struct PatrolRow {
    id: i64,
    lesson_id: i64,
    inspector_name: String,
    result: i64,
    remark: String,
    lesson_state: i64,
    present: i64,
    created_at: i64,
}

/// The lesson's patrol records, newest first (`only`: one record).
pub async fn patrols(db: &Db, lesson_id: i64, only: Option<i64>) -> Result<Vec<LivePatrolRow>> {
    let rows: Vec<PatrolRow> = sqlx::query_as(
        "SELECT p.id, p.lesson_id, COALESCE(u.name, '') AS inspector_name, p.result, p.remark, p.lesson_state, p.present, p.created_at \
         FROM online_patrols p LEFT JOIN users u ON u.id = p.inspector_id WHERE p.lesson_id = $1 AND ($2 = 0 OR p.id = $2) \
         ORDER BY p.created_at DESC, p.id DESC",
    )
    .bind(lesson_id)
    .bind(only.unwrap_or(0))
    .fetch_all(db.pool())
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| LivePatrolRow {
            id: r.id,
            lesson_id: r.lesson_id,
            inspector_name: r.inspector_name,
            result: r.result,
            result_desc: dict::name_of(&dict::PATROL_RESULTS, r.result).to_owned(),
            remark: r.remark,
            lesson_state: r.lesson_state,
            present: r.present,
            created_at: r.created_at,
        })
        .collect())
}

/// Attaches (or with `None` removes) the lesson's recording.
pub async fn set_recording(db: &Db, lesson_id: i64, resource_id: Option<i64>) -> Result<()> {
    sqlx::query("UPDATE online_lessons SET recording_resource_id = $2 WHERE id = $1").bind(lesson_id).bind(resource_id).execute(db.pool()).await?;
    Ok(())
}

/// The replay's knowledge points: each where it starts first, with how many students watched,
/// kept or marked it.
pub async fn replay_points(db: &Db, lesson_id: i64) -> Result<Vec<LiveReplayPoint>> {
    let rows: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT knowledge_name, MIN(start_second), COUNT(DISTINCT student_id) FROM online_replay_points WHERE lesson_id = $1 \
         GROUP BY knowledge_name ORDER BY MIN(start_second), knowledge_name",
    )
    .bind(lesson_id)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(|(knowledge_name, start_second, students)| LiveReplayPoint { knowledge_name, start_second, students }).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stay(entered_at: i64, left_at: Option<i64>) -> Stay {
        Stay { person_id: 1, entered_at, left_at }
    }

    #[test]
    fn stays_add_up_and_an_open_one_counts_to_the_end() {
        assert_eq!(presence(&[], 10_000), LivePresence::default());
        let p = presence(&[stay(1_000, Some(61_000)), stay(121_000, None)], 181_000);
        assert_eq!(p, LivePresence { in_room: true, first_entry_at: Some(1_000), last_exit_at: Some(61_000), seconds: 120, entries: 2 });
        let p = presence(&[stay(1_000, Some(61_000)), stay(70_000, Some(71_500))], 500_000);
        assert_eq!((p.in_room, p.seconds, p.last_exit_at), (false, 61, Some(71_500)));
        // An open stay that began after `until` (a clock skew) adds nothing.
        assert_eq!(presence(&[stay(9_000, None)], 5_000).seconds, 0);
    }

    #[test]
    fn a_lesson_is_before_during_or_after_unless_cancelled() {
        assert_eq!(state(0, 100, 200, 99).0, 0);
        assert_eq!(state(0, 100, 200, 100).0, 1);
        assert_eq!(state(1, 100, 200, 200).0, 2);
        assert_eq!(state(dict::ONLINE_LESSON_CANCELLED, 100, 200, 150).0, 3);
    }
}
