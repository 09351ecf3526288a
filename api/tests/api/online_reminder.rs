//! Online-lesson reminders through HTTP and the push socket: the settings and whitelists by
//! role, and the reminders a scan sends — who gets which, with the students named computed
//! here from the roster, the leaves and the presence reported — once each, never to the
//! whitelisted, none of a kind turned off; and the server's own timer sending them.

use std::collections::BTreeMap;
use std::time::Duration;

use protocol::push::TypeCode;
use serde_json::{json, Value};
use storage::datacentre::calendar;
use storage::datacentre::generate::{generate, Options, Scale};

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(settings_and_whitelists, reminders_go_once_to_whom_they_concern);

const MINUTE: i64 = 60_000;
/// A school manager: reads the settings, changes nothing.
const PRINCIPAL: &str = "principal@demo.eduhub";

async fn settings_and_whitelists(app: &TestApp) {
    let manager = app.login(PRINCIPAL).await;
    let inspector = app.login(INSPECTOR).await;
    let teacher = app.login(TEACHER).await;
    let settings = manager.data("/api/onlineReminder/settings").await;
    let shown: Vec<(i64, bool, i64, i64)> = settings
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["reminderType"].as_i64().unwrap(), s["enabled"].as_bool().unwrap(), s["minutes"].as_i64().unwrap(), s["whitelistCount"].as_i64().unwrap()))
        .collect();
    assert_eq!(shown, [(1, true, 15, 0), (2, true, 5, 0), (3, true, 10, 0)]);
    assert_eq!(settings[0]["name"], "开课提醒");

    let saved = inspector.post_data("/api/onlineReminder/settings/save", json!({"reminderType": 2, "enabled": false, "minutes": 8})).await;
    assert_eq!((saved[1]["enabled"].as_bool(), saved[1]["minutes"].as_i64(), saved[1]["updatedBy"].as_str()), (Some(false), Some(8), Some("孙质检")));
    assert!(saved[1]["description"].as_str().unwrap().contains("8 分钟"));
    for (body, status) in [
        (json!({"reminderType": 4, "enabled": true, "minutes": 5}), 400),
        (json!({"reminderType": 1, "enabled": true, "minutes": 0}), 400),
        (json!({"reminderType": 1, "enabled": true, "minutes": 121}), 400),
        (json!({"reminderType": 1, "enabled": true}), 400),
    ] {
        assert_eq!(inspector.post("/api/onlineReminder/settings/save", body.clone()).await.0, status, "{body}");
    }
    assert_eq!(teacher.post("/api/onlineReminder/settings/save", json!({"reminderType": 1, "enabled": false, "minutes": 5})).await.0, 403);
    assert_eq!(manager.post("/api/onlineReminder/settings/save", json!({"reminderType": 1, "enabled": false, "minutes": 5})).await.0, 403);
    assert_eq!(teacher.get("/api/onlineReminder/settings").await.0, 403);

    // Whitelists: by e-mail (any case, repeated once), unknown ones named back.
    let added = inspector
        .post_data("/api/onlineReminder/whitelist/add", json!({"reminderType": 3, "emails": [TEACHER, " Teacher2@demo.eduhub ", TEACHER, "nobody@x.cn"]}))
        .await;
    assert_eq!(added, json!({"added": 2, "already": 0, "unknown": ["nobody@x.cn"]}));
    let again = inspector.post_data("/api/onlineReminder/whitelist/add", json!({"reminderType": 3, "emails": [TEACHER]})).await;
    assert_eq!((again["added"].as_i64(), again["already"].as_i64()), (Some(0), Some(1)));
    let listed = manager.post_data("/api/onlineReminder/whitelist/list", json!({"reminderType": 3})).await;
    let mut emails: Vec<&str> = listed.as_array().unwrap().iter().map(|r| r["email"].as_str().unwrap()).collect();
    emails.sort_unstable();
    assert_eq!(emails, [TEACHER2, TEACHER]);
    assert_eq!(manager.data("/api/onlineReminder/settings").await[2]["whitelistCount"], 2);
    let teacher_id = app.user_id(TEACHER).await;
    assert_eq!(inspector.post_data("/api/onlineReminder/whitelist/remove", json!({"reminderType": 3, "userIds": [teacher_id, i64::MAX]})).await, 1);
    assert_eq!(manager.post_data("/api/onlineReminder/whitelist/list", json!({"reminderType": 3})).await.as_array().unwrap().len(), 1);
    assert!(manager.post_data("/api/onlineReminder/whitelist/list", json!({"reminderType": 1})).await.as_array().unwrap().is_empty());
    for (path, body) in [
        ("/api/onlineReminder/whitelist/add", json!({"reminderType": 3, "emails": []})),
        ("/api/onlineReminder/whitelist/add", json!({"reminderType": 9, "emails": [TEACHER]})),
        ("/api/onlineReminder/whitelist/remove", json!({"reminderType": 3, "userIds": []})),
        ("/api/onlineReminder/whitelist/list", json!({"reminderType": 0})),
    ] {
        assert_eq!(inspector.post(path, body.clone()).await.0, 400, "{path} {body}");
    }
    assert_eq!(teacher.post("/api/onlineReminder/whitelist/add", json!({"reminderType": 3, "emails": [TEACHER]})).await.0, 403);
}

/// A generated online class taught by the demo teacher with the other demo teacher tutoring
/// every group; its first lesson begins in ten minutes, its second began twenty minutes ago;
/// every other lesson cancelled (so no other lesson's reminders fall due). Returns (soon, now).
async fn two_lessons(app: &TestApp) -> (i64, i64) {
    generate(&app.state.db, &Options { scale: Scale::Small, seed: 4, until: calendar::today() }).await.unwrap();
    let db = app.state.db.pool();
    let (teacher, teacher2) = (app.user_id(TEACHER).await, app.user_id(TEACHER2).await);
    let class: i64 =
        sqlx::query_scalar("SELECT c.id FROM online_classes c WHERE (SELECT COUNT(*) FROM online_roster r WHERE r.class_id = c.id) >= 4 ORDER BY c.id LIMIT 1")
            .fetch_one(db)
            .await
            .unwrap();
    sqlx::query("UPDATE online_classes SET teacher_id = $1 WHERE id = $2").bind(teacher).bind(class).execute(db).await.unwrap();
    sqlx::query("UPDATE online_groups SET assistant_id = $1, assistant2_id = NULL WHERE class_id = $2").bind(teacher2).bind(class).execute(db).await.unwrap();
    sqlx::query("UPDATE online_roster SET left_at = NULL, joined_at = 0 WHERE class_id = $1").bind(class).execute(db).await.unwrap();
    let lessons: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM online_lessons WHERE class_id = $1 ORDER BY lesson_no LIMIT 2").bind(class).fetch_all(db).await.unwrap();
    sqlx::query("UPDATE online_lessons SET status = 2").execute(db).await.unwrap();
    let now = storage::now_ms();
    for (id, start) in [(lessons[0], now + 10 * MINUTE), (lessons[1], now - 20 * MINUTE)] {
        sqlx::query("UPDATE online_lessons SET start_at = $1, minutes = 60, status = 0 WHERE id = $2").bind(start).bind(id).execute(db).await.unwrap();
        sqlx::query("DELETE FROM online_leaves WHERE lesson_id = $1").bind(id).execute(db).await.unwrap();
    }
    (lessons[0], lessons[1])
}

/// The reminders a socket receives within a short while: (kind, lesson) → students named; the
/// texts in `texts`.
async fn received_with(socket: &mut PushSocket, texts: &mut Vec<String>) -> BTreeMap<(i64, i64), Vec<String>> {
    let mut out = BTreeMap::new();
    while let Some(push) = socket.next_push(Duration::from_millis(700)).await {
        if push.type_code != TypeCode::OnlineReminder {
            continue;
        }
        let v = push.decode_content().unwrap().value.unwrap();
        texts.push(v["text"].as_str().unwrap().to_owned());
        let students = v["students"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_owned()).collect();
        out.insert((v["reminderType"].as_i64().unwrap(), v["lessonId"].as_i64().unwrap()), students);
    }
    out
}

async fn received(socket: &mut PushSocket) -> BTreeMap<(i64, i64), Vec<String>> {
    received_with(socket, &mut Vec::new()).await
}

async fn reminders_go_once_to_whom_they_concern(app: &TestApp) {
    let (soon, live) = two_lessons(app).await;
    let db = app.state.db.pool();
    let inspector = app.login(INSPECTOR).await;
    let teacher = app.login(TEACHER).await;
    let tutor = app.login(TEACHER2).await;
    let class: i64 = sqlx::query_scalar("SELECT class_id FROM online_lessons WHERE id = $1").bind(live).fetch_one(db).await.unwrap();
    let roster: Vec<(i64, String)> =
        sqlx::query_as("SELECT s.id, s.name FROM online_roster r JOIN students s ON s.id = r.student_id WHERE r.class_id = $1 ORDER BY s.code")
            .bind(class)
            .fetch_all(db)
            .await
            .unwrap();
    // The first student arrives, the second asked for leave.
    teacher.post_data("/api/liveLesson/presence", json!({"lessonId": live, "studentId": roster[0].0, "event": "enter"})).await;
    sqlx::query("INSERT INTO online_leaves (lesson_id, student_id, reason, updated_by, updated_at) VALUES ($1, $2, '生病', 0, 0)")
        .bind(live)
        .bind(roster[1].0)
        .execute(db)
        .await
        .unwrap();
    let absent: Vec<String> = roster[2..].iter().map(|(_, name)| name.clone()).collect();

    // The teacher is on the before-start whitelist; the teacher-absent kind is off.
    inspector.post_data("/api/onlineReminder/whitelist/add", json!({"reminderType": 1, "emails": [TEACHER]})).await;
    inspector.post_data("/api/onlineReminder/settings/save", json!({"reminderType": 2, "enabled": false, "minutes": 5})).await;
    let mut teacher_socket = teacher.socket(None).await;
    teacher_socket.expect_connected().await;
    let mut tutor_socket = tutor.socket(None).await;
    tutor_socket.expect_connected().await;

    let sent = hub::online_reminder::scan(&app.state.hub, storage::now_ms()).await.unwrap();
    assert_eq!(sent, 2, "the tutor's before-start and students-absent reminders");
    let mut texts = Vec::new();
    assert_eq!(received_with(&mut tutor_socket, &mut texts).await, BTreeMap::from([((1, soon), vec![]), ((3, live), absent.clone())]));
    // What and when, in words.
    let (class_name, soon_no, soon_start): (String, i64, i64) =
        sqlx::query_as("SELECT c.name, l.lesson_no, l.start_at FROM online_lessons l JOIN online_classes c ON c.id = l.class_id WHERE l.id = $1")
            .bind(soon)
            .fetch_one(db)
            .await
            .unwrap();
    let at = &storage::reports::format_time(soon_start)[11..16];
    assert!(texts.contains(&format!("{class_name} 第{soon_no}讲 将于 {at} 开课")), "{texts:?}");
    assert!(texts.iter().any(|t| t.ends_with("名学员未到课") && t.contains(&format!("有 {} 名", absent.len()))), "{texts:?}");
    assert!(received(&mut teacher_socket).await.is_empty(), "whitelisted, and the kind that concerns them is off");

    // Nothing goes twice; turning the kind on sends the teacher theirs.
    assert_eq!(hub::online_reminder::scan(&app.state.hub, storage::now_ms()).await.unwrap(), 0);
    inspector.post_data("/api/onlineReminder/settings/save", json!({"reminderType": 2, "enabled": true, "minutes": 5})).await;
    assert_eq!(hub::online_reminder::scan(&app.state.hub, storage::now_ms()).await.unwrap(), 1);
    assert_eq!(received(&mut teacher_socket).await, BTreeMap::from([((2, live), vec![])]));
    assert!(received(&mut tutor_socket).await.is_empty());
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM online_reminders_sent").fetch_one(db).await.unwrap();
    assert_eq!(stored, 3);
}

/// The server looks for reminders on its own (`EDUHUB_ONLINE_REMINDER_SECS`).
#[actix_web::test]
async fn the_server_sends_reminders_by_itself() {
    let app = TestApp::spawn_on(TestDatabase::create(Backend::Sqlite).await, SpawnOptions { online_reminder_secs: Some(1), ..Default::default() }).await;
    // Connected first: a socket opened without `since` starts from what comes next.
    let mut tutor_socket = app.login(TEACHER2).await.socket(None).await;
    tutor_socket.expect_connected().await;
    let (soon, live) = two_lessons(&app).await;
    for _ in 0..50 {
        let push = tutor_socket.next_push(Duration::from_secs(10)).await.expect("a reminder within the interval");
        if push.type_code != TypeCode::OnlineReminder {
            continue;
        }
        let v: Value = push.decode_content().unwrap().value.unwrap();
        // While the generator's data was being set up, other lessons may have been due.
        if v["lessonId"] == soon || v["lessonId"] == live {
            app.stop().await;
            return;
        }
    }
    panic!("no reminder of the set-up lessons arrived");
}
