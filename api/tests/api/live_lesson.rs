//! Live lessons through HTTP and the push socket: a generated online class's lesson moved to
//! now; the classroom's entries and exits as its teacher reports them, the presence read back
//! against sums written here from the reports; watchers told by `magic_live_lesson`; scope
//! (a consultant sees their students, another teacher nothing); patrols by inspectors only;
//! the recording attached, streamed and its position kept; bad input refused by name.

use std::time::Duration;

use protocol::push::TypeCode;
use serde_json::{json, Value};
use storage::datacentre::calendar;
use storage::datacentre::generate::{generate, Options, Scale};

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(presence_is_reported_read_and_pushed, patrols_and_the_recording);

const MINUTE: i64 = 60_000;

/// A generated online class in the inspector's school, taught by the demo teacher, with one
/// lesson that began ten minutes ago (60 minutes long): (class, lesson, start, its students by
/// code).
async fn live_class(app: &TestApp) -> (i64, i64, i64, Vec<i64>) {
    generate(&app.state.db, &Options { scale: Scale::Small, seed: 3, until: calendar::today() }).await.unwrap();
    let db = app.state.db.pool();
    let teacher = app.user_id(TEACHER).await;
    let class: i64 = sqlx::query_scalar("SELECT c.id FROM online_classes c WHERE (SELECT COUNT(*) FROM online_roster r WHERE r.class_id = c.id AND r.left_at IS NULL) >= 4 ORDER BY c.id LIMIT 1")
        .fetch_one(db)
        .await
        .unwrap();
    sqlx::query("UPDATE online_classes SET teacher_id = $1, school_id = 1001 WHERE id = $2").bind(teacher).bind(class).execute(db).await.unwrap();
    // Every place on the roster began before the lesson and is still held.
    sqlx::query("UPDATE online_roster SET left_at = NULL, joined_at = 0 WHERE class_id = $1").bind(class).execute(db).await.unwrap();
    // The other demo teacher leads none of its groups (they must not see the lesson).
    let teacher2 = app.user_id(TEACHER2).await;
    sqlx::query("UPDATE online_groups SET assistant_id = $1, assistant2_id = NULL WHERE class_id = $2 AND (assistant_id = $3 OR assistant2_id = $3)")
        .bind(teacher)
        .bind(class)
        .bind(teacher2)
        .execute(db)
        .await
        .unwrap();
    // The lesson whose replay students used most, so that its knowledge points are there.
    let lesson: i64 = sqlx::query_scalar(
        "SELECT l.id FROM online_lessons l WHERE l.class_id = $1 ORDER BY (SELECT COUNT(*) FROM online_replay_points p WHERE p.lesson_id = l.id) DESC, l.lesson_no LIMIT 1",
    )
    .bind(class)
    .fetch_one(db)
    .await
    .unwrap();
    let start = storage::now_ms() - 10 * MINUTE;
    sqlx::query("UPDATE online_lessons SET start_at = $1, minutes = 60, status = 0 WHERE id = $2").bind(start).bind(lesson).execute(db).await.unwrap();
    sqlx::query("DELETE FROM online_leaves WHERE lesson_id = $1").bind(lesson).execute(db).await.unwrap();
    let students: Vec<i64> =
        sqlx::query_scalar("SELECT r.student_id FROM online_roster r JOIN students s ON s.id = r.student_id WHERE r.class_id = $1 ORDER BY s.code")
            .bind(class)
            .fetch_all(db)
            .await
            .unwrap();
    (class, lesson, start, students)
}

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

fn student(detail: &Value, id: i64) -> &Value {
    detail["students"].as_array().unwrap().iter().find(|s| s["studentId"] == id).unwrap_or_else(|| panic!("student {id} in {detail}"))
}

/// Waits for the change `what` of the lesson (earlier changes on the way are skipped).
async fn wait_for_change(socket: &mut PushSocket, lesson: i64, what: &str) {
    for _ in 0..20 {
        if wait_for_live(socket, lesson).await["what"] == what {
            return;
        }
    }
    panic!("no {what} change arrived");
}

async fn wait_for_live(socket: &mut PushSocket, lesson: i64) -> Value {
    for _ in 0..20 {
        match socket.next_push(Duration::from_secs(5)).await {
            Some(push) if push.type_code == TypeCode::LiveLessonChanged => {
                let value = push.decode_content().unwrap().value.unwrap();
                assert_eq!(value["lessonId"], lesson);
                return value;
            }
            Some(_) => continue,
            None => break,
        }
    }
    panic!("no magic_live_lesson push arrived");
}

async fn presence_is_reported_read_and_pushed(app: &TestApp) {
    let (_class, lesson, start, students) = live_class(app).await;
    let teacher = app.login(TEACHER).await;
    let inspector = app.login(INSPECTOR).await;
    let (a, b, c) = (students[0], students[1], students[2]);

    // The inspector watches; the teacher is told as the lesson's teacher without watching.
    let watched = inspector.post_data("/api/liveLesson/watch", json!({"lessonId": lesson})).await;
    assert!(int(&watched["until"]) > storage::now_ms());
    let mut inspector_socket = inspector.socket(None).await;
    inspector_socket.expect_connected().await;
    let mut teacher_socket = teacher.socket(None).await;
    teacher_socket.expect_connected().await;

    let report = |student: Option<i64>, event: &str, at: i64| {
        let mut body = json!({"lessonId": lesson, "event": event, "at": at});
        if let Some(id) = student {
            body["studentId"] = json!(id);
        }
        body
    };
    teacher.post_data("/api/liveLesson/presence", report(None, "enter", start - 2 * MINUTE)).await;
    assert_eq!(wait_for_live(&mut inspector_socket, lesson).await["what"], "presence");
    wait_for_live(&mut teacher_socket, lesson).await;
    // a: in at the start, out 3 min later, back 5 min after the start (still in).
    teacher.post_data("/api/liveLesson/presence", report(Some(a), "enter", start)).await;
    teacher.post_data("/api/liveLesson/presence", report(Some(a), "leave", start + 3 * MINUTE)).await;
    teacher.post_data("/api/liveLesson/presence", report(Some(a), "enter", start + 5 * MINUTE)).await;
    // A repeated entry opens nothing and tells no one.
    teacher.post_data("/api/liveLesson/presence", report(Some(a), "enter", start + 6 * MINUTE)).await;
    // b: 1 minute in, then out.
    teacher.post_data("/api/liveLesson/presence", report(Some(b), "enter", start + MINUTE)).await;
    let detail = teacher.post_data("/api/liveLesson/presence", report(Some(b), "leave", start + 2 * MINUTE)).await;
    for _ in 0..5 {
        wait_for_live(&mut inspector_socket, lesson).await;
    }
    inspector_socket.expect_silence(Duration::from_millis(300)).await;

    let detail_now = int(&detail["now"]);
    assert_eq!((int(&detail["state"]), detail["stateDesc"].as_str()), (1, Some("上课中")));
    assert_eq!(detail["teacher"]["inRoom"], true);
    assert_eq!(int(&detail["teacher"]["seconds"]), (detail_now - (start - 2 * MINUTE)) / 1000);
    let pa = &student(&detail, a)["presence"];
    assert_eq!((pa["inRoom"].as_bool(), int(&pa["entries"]), int(&pa["firstEntryAt"]), int(&pa["lastExitAt"])), (Some(true), 2, start, start + 3 * MINUTE));
    assert_eq!(int(&pa["seconds"]), 3 * 60 + (detail_now - (start + 5 * MINUTE)) / 1000);
    let pb = &student(&detail, b)["presence"];
    assert_eq!((pb["inRoom"].as_bool(), int(&pb["seconds"])), (Some(false), 60));
    assert_eq!(student(&detail, c)["presence"]["entries"], 0);
    assert_eq!((int(&detail["present"]), int(&detail["entered"]), detail["students"].as_array().unwrap().len()), (1, 2, students.len()));
    assert_eq!((detail["canReport"].as_bool(), detail["canPatrol"].as_bool()), (Some(true), Some(false)));
    let seen = inspector.post_data("/api/liveLesson/detail", json!({"lessonId": lesson})).await;
    assert_eq!((seen["canReport"].as_bool(), seen["canPatrol"].as_bool(), int(&seen["present"])), (Some(false), Some(true), 1));

    // Refused by name: an exit of someone out of the room, an exit before the entry, unknown
    // events, times ahead or outside the room hours, a student of another class.
    let refused = [
        (report(Some(c), "leave", start + MINUTE), 409),
        (report(Some(a), "leave", start + 4 * MINUTE), 400),
        (report(Some(a), "wave", start), 400),
        (report(Some(a), "enter", storage::now_ms() + 10 * MINUTE), 400),
        (report(Some(a), "enter", start - 31 * MINUTE), 400),
        (report(Some(i64::MAX), "enter", start), 400),
        (json!({"lessonId": lesson, "event": "enter", "extra": 1}), 400),
    ];
    for (body, status) in refused {
        let (got, reply) = teacher.post("/api/liveLesson/presence", body.clone()).await;
        assert_eq!(got, status, "{body}: {reply}");
        assert_ne!(reply["code"], "1");
    }
    let stays: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM online_presence WHERE lesson_id = $1").bind(lesson).fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(stays, 4, "teacher 1, a 2, b 1: the refusals wrote nothing");

    // Only the lesson's teachers report; someone outside the class's scope sees nothing.
    assert_eq!(inspector.post("/api/liveLesson/presence", report(Some(c), "enter", start)).await.0, 403);
    let other = app.login(TEACHER2).await;
    for path in ["/api/liveLesson/detail", "/api/liveLesson/watch", "/api/liveLesson/patrol/list", "/api/liveLesson/playback"] {
        assert_eq!(other.post(path, json!({"lessonId": lesson})).await.0, 404, "{path}");
    }
    assert_eq!(teacher.post("/api/liveLesson/detail", json!({"lessonId": i64::MAX})).await.0, 404);

    // A consultant sees the lesson with their own students only.
    let consultant_id = app.user_id(CONSULTANT).await;
    sqlx::query("UPDATE students SET consultant_id = $1 WHERE id = $2 OR id = $3")
        .bind(consultant_id)
        .bind(a)
        .bind(c)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    sqlx::query("UPDATE students SET consultant_id = NULL WHERE id = $1").bind(b).execute(app.state.db.pool()).await.unwrap();
    let mut expected: Vec<i64> = students.clone();
    let theirs_in_db: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM students WHERE consultant_id = $1").bind(consultant_id).fetch_all(app.state.db.pool()).await.unwrap();
    expected.retain(|s| theirs_in_db.contains(s));
    expected.sort_unstable();
    assert!(expected.contains(&a) && expected.contains(&c) && !expected.contains(&b));
    let theirs = app.login(CONSULTANT).await.post_data("/api/liveLesson/detail", json!({"lessonId": lesson})).await;
    let mut ids: Vec<i64> = theirs["students"].as_array().unwrap().iter().map(|s| int(&s["studentId"])).collect();
    ids.sort_unstable();
    assert_eq!((ids, int(&theirs["present"]), int(&theirs["entered"])), (expected, 1, 1));
}

async fn patrols_and_the_recording(app: &TestApp) {
    let (_class, lesson, start, students) = live_class(app).await;
    let teacher = app.login(TEACHER).await;
    let inspector = app.login(INSPECTOR).await;
    teacher.post_data("/api/liveLesson/presence", json!({"lessonId": lesson, "studentId": students[0], "event": "enter", "at": start})).await;
    let mut teacher_socket = teacher.socket(None).await;
    teacher_socket.expect_connected().await;

    // Patrols: inspectors only; a problem needs its remark; the record keeps what was seen.
    let row = inspector.post_data("/api/liveLesson/patrol/save", json!({"lessonId": lesson, "result": 1})).await;
    assert_eq!((row["resultDesc"].as_str(), int(&row["lessonState"]), int(&row["present"])), (Some("正常"), 1, 1));
    assert_eq!(wait_for_live(&mut teacher_socket, lesson).await["what"], "patrol");
    for (body, status) in [
        (json!({"lessonId": lesson, "result": 2}), 400),
        (json!({"lessonId": lesson, "result": 2, "remark": "  "}), 400),
        (json!({"lessonId": lesson, "result": 3, "remark": "x"}), 400),
        (json!({"lessonId": lesson, "result": 2, "remark": "长".repeat(501)}), 400),
    ] {
        assert_eq!(inspector.post("/api/liveLesson/patrol/save", body.clone()).await.0, status, "{body}");
    }
    assert_eq!(teacher.post("/api/liveLesson/patrol/save", json!({"lessonId": lesson, "result": 1})).await.0, 403);
    inspector.post_data("/api/liveLesson/patrol/save", json!({"lessonId": lesson, "result": 2, "remark": "老师未开摄像头"})).await;
    let list = teacher.post_data("/api/liveLesson/patrol/list", json!({"lessonId": lesson})).await;
    let shown: Vec<(String, String, String)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["resultDesc"].as_str().unwrap().to_owned(), r["remark"].as_str().unwrap().to_owned(), r["inspectorName"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(shown, [("有问题".into(), "老师未开摄像头".into(), "孙质检".into()), ("正常".into(), String::new(), "孙质检".into())]);

    // No recording yet.
    let (status, body) = teacher.post("/api/liveLesson/playback", json!({"lessonId": lesson})).await;
    assert_eq!((status, body["msg"].as_str()), (404, Some("本节课暂无回放")));

    // The teacher attaches one of their videos; an image, or someone else's, is refused.
    let bytes: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    let opened = teacher.post_data("/api/roombox/media/create", json!({"fileName": "第一讲回放.mp4"})).await;
    let put = reqwest::Client::new().put(app.url(opened["uploadUrl"].as_str().unwrap())).body(bytes.clone()).send().await.unwrap();
    assert_eq!(put.status(), 200);
    let media = teacher.post_data("/api/roombox/media/uploadComplete", json!({"fileId": opened["fileId"]})).await;
    let media_id = int(&media["id"]);
    let other = app.login(TEACHER2).await;
    let theirs = other.post_data("/api/roombox/media/create", json!({"fileName": "别人的.mp4"})).await;
    reqwest::Client::new().put(app.url(theirs["uploadUrl"].as_str().unwrap())).body(vec![1u8; 16]).send().await.unwrap();
    let theirs = other.post_data("/api/roombox/media/uploadComplete", json!({"fileId": theirs["fileId"]})).await;
    assert_eq!(teacher.post("/api/liveLesson/recording/set", json!({"lessonId": lesson, "resourceId": theirs["id"]})).await.0, 404);
    assert_eq!(inspector.post("/api/liveLesson/recording/set", json!({"lessonId": lesson, "resourceId": media_id})).await.0, 403);
    let detail = teacher.post_data("/api/liveLesson/recording/set", json!({"lessonId": lesson, "resourceId": media_id})).await;
    assert_eq!((int(&detail["recording"]["resourceId"]), detail["recording"]["fileName"].as_str()), (media_id, Some("第一讲回放.mp4")));
    wait_for_change(&mut teacher_socket, lesson, "recording").await;

    // The inspector (in scope, not the media's owner) plays it and their place is kept.
    let replay_points: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT knowledge_name, MIN(start_second), COUNT(DISTINCT student_id) FROM online_replay_points WHERE lesson_id = $1 GROUP BY knowledge_name",
    )
    .bind(lesson)
    .fetch_all(app.state.db.pool())
    .await
    .unwrap();
    assert!(!replay_points.is_empty(), "the generator gave the lesson replay points");
    let playback = inspector.post_data("/api/liveLesson/playback", json!({"lessonId": lesson})).await;
    assert_eq!(playback["play"]["lastPosition"], Value::Null);
    let mut points: Vec<(String, i64, i64)> = playback["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["knowledgeName"].as_str().unwrap().to_owned(), int(&p["startSecond"]), int(&p["students"])))
        .collect();
    let mut expected = replay_points.clone();
    expected.sort();
    points.sort();
    assert_eq!(points, expected);
    let streamed = reqwest::get(app.url(playback["play"]["url"].as_str().unwrap())).await.unwrap();
    assert_eq!(streamed.status(), 200);
    assert_eq!(streamed.bytes().await.unwrap().to_vec(), bytes);
    inspector.post_data("/api/liveLesson/playback/position", json!({"lessonId": lesson, "position": 95.5, "duration": 3600})).await;
    let again = inspector.post_data("/api/liveLesson/playback", json!({"lessonId": lesson})).await;
    assert_eq!((again["play"]["lastPosition"].as_f64(), again["play"]["duration"].as_f64()), (Some(95.5), Some(3600.0)));
    assert_eq!(
        teacher.post_data("/api/liveLesson/playback", json!({"lessonId": lesson})).await["play"]["lastPosition"],
        Value::Null,
        "each viewer's own place"
    );
    for bad in [json!({"lessonId": lesson, "position": -1}), json!({"lessonId": lesson, "position": 10, "duration": 5})] {
        assert_eq!(inspector.post("/api/liveLesson/playback/position", bad).await.0, 400);
    }

    // Removing it.
    let detail = teacher.post_data("/api/liveLesson/recording/set", json!({"lessonId": lesson})).await;
    assert!(detail["recording"].is_null(), "{detail}");
    assert_eq!(inspector.post("/api/liveLesson/playback", json!({"lessonId": lesson})).await.0, 404);
}
