//! Usage tracking (01 §7): the events the web client reports, stored in multi-row inserts, and
//! counted into the teachers' usage days the platform-usage reports read (`teacher_days`: a day
//! with a page view is a login day; `collection` and `arCourseware` actions are feature uses).

use std::collections::BTreeMap;

use protocol::dto::tracking::{TRACK_FEATURE_AR, TRACK_FEATURE_COLLECTION, TRACK_KIND_PAGE};

use crate::datacentre::calendar::{day_of_ms, day_start_ms};
use crate::{Db, Result};

/// An event as stored.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub user_id: i64,
    pub kind: String,
    pub name: String,
    pub page_url: String,
    pub school_names: String,
    pub school_ids: String,
    pub role: String,
    pub province: String,
    pub login_time: Option<i64>,
    pub external_user_id: String,
    pub channel: String,
    pub client_time: i64,
    pub received_at: i64,
}

impl NewEvent {
    /// The calendar day the event counts on: when it happened, unless the client's clock says a
    /// time after it was received or more than a day before (then when it was received).
    pub fn day(&self) -> i64 {
        let at = if self.client_time <= self.received_at && self.client_time > self.received_at - 86_400_000 { self.client_time } else { self.received_at };
        day_start_ms(day_of_ms(at))
    }
}

/// What one user's events on one day add to their usage day.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct DayUse {
    pub seen: bool,
    pub collections: i64,
    pub ar_uses: i64,
}

/// The usage-day additions of a batch of events, by (user, day).
pub fn day_uses(events: &[NewEvent]) -> BTreeMap<(i64, i64), DayUse> {
    let mut uses: BTreeMap<(i64, i64), DayUse> = BTreeMap::new();
    for e in events {
        let entry = uses.entry((e.user_id, e.day())).or_default();
        entry.seen |= e.kind == TRACK_KIND_PAGE;
        if e.name == TRACK_FEATURE_COLLECTION {
            entry.collections += 1;
        }
        if e.name == TRACK_FEATURE_AR {
            entry.ar_uses += 1;
        }
    }
    uses
}

/// Rows per insert: moderate, as sqlx binds SQLite's parameters by name (see `push_log`).
const ROWS_PER_STATEMENT: usize = 40;

/// Stores a batch of events and counts them into the usage days, in one transaction.
pub async fn record(db: &Db, events: &[NewEvent]) -> Result<()> {
    if events.is_empty() {
        return Ok(());
    }
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    for chunk in events.chunks(ROWS_PER_STATEMENT) {
        let values: Vec<String> = (0..chunk.len())
            .map(|i| {
                let b = i * 14;
                format!(
                    "(${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${})",
                    b + 1,
                    b + 2,
                    b + 3,
                    b + 4,
                    b + 5,
                    b + 6,
                    b + 7,
                    b + 8,
                    b + 9,
                    b + 10,
                    b + 11,
                    b + 12,
                    b + 13,
                    b + 14
                )
            })
            .collect();
        let sql = format!(
            "INSERT INTO usage_events (user_id, day, kind, name, page_url, school_names, school_ids, role, province, login_time, external_user_id, \
             channel, client_time, received_at) VALUES {}",
            values.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for e in chunk {
            query = query
                .bind(e.user_id)
                .bind(e.day())
                .bind(&e.kind)
                .bind(&e.name)
                .bind(&e.page_url)
                .bind(&e.school_names)
                .bind(&e.school_ids)
                .bind(&e.role)
                .bind(&e.province)
                .bind(e.login_time)
                .bind(&e.external_user_id)
                .bind(&e.channel)
                .bind(e.client_time)
                .bind(e.received_at);
        }
        query.execute(&mut *tx).await?;
    }
    // Staff only: others have no usage record.
    for ((user_id, day), add) in day_uses(events) {
        sqlx::query(
            "INSERT INTO teacher_days (teacher_id, day, school_id, area_code, logged_in, collections, ar_uses) \
             SELECT user_id, $1, school_id, area_code, $2, $3, $4 FROM staff WHERE user_id = $5 \
             ON CONFLICT (teacher_id, day) DO UPDATE SET logged_in = CASE WHEN $2 = 1 THEN 1 ELSE teacher_days.logged_in END, \
             collections = teacher_days.collections + $3, ar_uses = teacher_days.ar_uses + $4",
        )
        .bind(day)
        .bind(i64::from(add.seen))
        .bind(add.collections)
        .bind(add.ar_uses)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}
