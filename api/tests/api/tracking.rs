//! Usage tracking through HTTP: page views and actions reported one at a time and in batches
//! (also as `sendBeacon` posts them, as text), stored with the session's user, and counted in
//! the platform-usage report — a page view makes its day a login day, `collection` and
//! `arCourseware` actions are feature uses — checked against the events sent; bad input refused
//! by name, and nothing stored from it.

use std::time::Duration;

use serde_json::{json, Value};
use storage::datacentre::calendar::{self, day_of_ms, day_start_ms, format_day};
use storage::datacentre::generate::{generate, Options, Scale};

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(events_are_counted_in_platform_usage, bad_events_are_refused, events_accepted_before_a_stop_are_stored);

fn event(kind: &str, name: &str, time: i64) -> Value {
    json!({
        "kind": kind, "name": name, "pageUrl": "/home/index", "time": time,
        "userName": "张老师", "email": TEACHER, "schoolNames": "集团", "schoolIds": "1,2,3",
        "role": "teacher", "province": "北京", "loginTime": time - 1000, "externalUserId": "ext-1", "channel": "web",
    })
}

async fn stored_events(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM usage_events").fetch_one(app.state.db.pool()).await.unwrap()
}

/// Waits for the tracker to have stored `n` events.
async fn until_stored(app: &TestApp, n: i64) {
    for _ in 0..100 {
        if stored_events(app).await >= n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{n} events were not stored (have {})", stored_events(app).await);
}

/// The teacher's row of the system usage view for one day.
async fn usage_on(admin: &Client, teacher_id: i64, day_ms: i64) -> Option<Value> {
    let day = format_day(day_of_ms(day_ms));
    let search = json!({"beginTimeStart": day, "beginTimeEnd": day, "usageType": "system", "teacherEmail": TEACHER});
    let page = admin.post_data("/api/systemUse/bsTeacherSummaryList", search).await;
    page["records"].as_array().unwrap().iter().find(|r| r["teacherId"] == teacher_id).cloned()
}

fn count(row: &Option<Value>, field: &str) -> i64 {
    row.as_ref().map_or(0, |r| r[field].as_i64().unwrap())
}

async fn events_are_counted_in_platform_usage(app: &TestApp) {
    // The school group's records, among them the demo teacher's staff record.
    generate(&app.state.db, &Options { scale: Scale::Small, seed: 5, until: calendar::today() }).await.unwrap();
    let teacher = app.login(TEACHER).await;
    let admin = app.login(ADMIN).await;
    let teacher_id = app.user_id(TEACHER).await;
    // Events of 20 hours ago: on that day (yesterday, or today early in the day).
    let now = storage::now_ms();
    let at = now - 20 * 3_600_000;
    let day = day_start_ms(day_of_ms(at));
    // That day starts as no login day (the generated records and today's sign-in may have made it one).
    sqlx::query("UPDATE teacher_days SET logged_in = 0 WHERE teacher_id = $1 AND day = $2")
        .bind(teacher_id)
        .bind(day)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let before = usage_on(&admin, teacher_id, day).await;
    assert_eq!(count(&before, "totalLoginDayCnt"), 0, "{before:?}");

    let batch: Vec<Value> = [
        ("page", "homePageView"),
        ("action", "exposure"),
        ("action", "collection"),
        ("action", "collection"),
        ("action", "arCourseware"),
        ("page", "paperLibrary"),
        ("action", "collection"),
    ]
    .iter()
    .enumerate()
    .map(|(i, (kind, name))| event(kind, name, at + i as i64))
    .collect();
    let accepted = teacher.post_data("/api/track/send/v2", json!({"events": batch})).await;
    assert_eq!(accepted["accepted"], 7);
    // One event alone, and a batch as sendBeacon posts it (text, no JSON content type).
    assert_eq!(teacher.post_data("/api/track/send", event("action", "arCourseware", at + 10)).await["accepted"], 1);
    let beacon = serde_json::to_vec(&json!({"events": [event("action", "collection", at + 11)]})).unwrap();
    let (status, body) = teacher.post_raw("/api/track/send/v2", "text/plain;charset=UTF-8", beacon).await;
    assert_eq!((status, body["code"].as_str()), (200, Some("1")), "{body}");
    until_stored(app, 9).await;

    // Stored with the session's user and the client's fields, on the event's day.
    let rows: Vec<(i64, i64, String, String, String)> =
        sqlx::query_as("SELECT user_id, day, name, school_names, channel FROM usage_events ORDER BY client_time").fetch_all(app.state.db.pool()).await.unwrap();
    assert_eq!(rows.len(), 9);
    assert!(rows.iter().all(|r| r.0 == teacher_id && r.1 == day && r.3 == "集团" && r.4 == "web"));
    assert_eq!(rows.iter().filter(|r| r.2 == "collection").count(), 4);

    // Counted in the platform-usage report: that day is a login day, and the feature uses add up.
    let after = usage_on(&admin, teacher_id, day).await;
    assert_eq!(count(&after, "totalLoginDayCnt"), 1, "{after:?}");
    assert_eq!(count(&after, "totalUsageCollectionCnt") - count(&before, "totalUsageCollectionCnt"), 4);
    assert_eq!(count(&after, "totalUsageArCnt") - count(&before, "totalUsageArCnt"), 2);

    // A client clock far off counts on the day the event arrived.
    let skewed = teacher.post_data("/api/track/send", event("action", "collection", now + 3 * 86_400_000)).await;
    assert_eq!(skewed["accepted"], 1);
    until_stored(app, 10).await;
    let today: i64 = sqlx::query_scalar("SELECT day FROM usage_events ORDER BY id DESC LIMIT 1").fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(today, day_start_ms(day_of_ms(storage::now_ms())));
}

async fn refused(teacher: &Client, body: Value, needle: &str) {
    let (status, answer) = teacher.post("/api/track/send/v2", body).await;
    assert_eq!((status, answer["code"].as_str()), (400, Some("A0400")), "{answer}");
    assert!(answer["msg"].as_str().unwrap().contains(needle), "{answer}");
}

async fn bad_events_are_refused(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let now = storage::now_ms();
    refused(&teacher, json!({"events": []}), "每批需有1到200条").await;
    refused(&teacher, json!({"events": vec![event("page", "homePageView", now); 201]}), "每批需有1到200条").await;
    refused(&teacher, json!({"events": [event("page", "homePageView", now), event("click", "x", now)]}), "第2条事件的类型").await;
    refused(&teacher, json!({"events": [event("page", "", now)]}), "第1条事件缺少名称").await;
    refused(&teacher, json!({"events": [event("page", "homePageView", 0)]}), "第1条事件的时间无效").await;
    let mut long = event("page", "homePageView", now);
    long["pageUrl"] = json!("x".repeat(501));
    refused(&teacher, json!({"events": [long]}), "页面地址不能超过500个字").await;
    let mut nul = event("page", "homePageView", now);
    nul["province"] = json!("北京\u{0}");
    refused(&teacher, json!({"events": [nul]}), "第1条事件的省份含有控制字符").await;
    let (_, answer) = teacher.post_raw("/api/track/send/v2", "text/plain", b"not json".to_vec()).await;
    assert_eq!(answer["code"], "A0400", "{answer}");
    // Nobody signed in: no event is taken.
    let (_, answer) = app.client().post("/api/track/send", event("page", "homePageView", now)).await;
    assert_eq!(answer["code"], "A0201", "{answer}");
    // A refused batch stores nothing, not even its good events.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(stored_events(app).await, 0);
}

/// A server stopping right after accepting events stores them before it ends (none is lost in
/// the writer's queue).
async fn events_accepted_before_a_stop_are_stored(app: &TestApp) {
    let database = TestDatabase::reuse(&app.database.url);
    let other = TestApp::spawn_on(database, SpawnOptions::default()).await;
    let teacher = other.login(TEACHER).await;
    let now = storage::now_ms();
    let before = stored_events(app).await;
    for round in 0..4 {
        let batch: Vec<Value> = (0..50).map(|i| event("page", "pageView", now - round * 1000 - i)).collect();
        assert_eq!(teacher.post("/api/track/send/v2", json!({"events": batch})).await.0, 200);
    }
    // At once: the writer is still gathering its first batch.
    other.stop_keep_database().await;
    assert_eq!(stored_events(app).await - before, 200, "every accepted event is stored");
}
