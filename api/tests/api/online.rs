//! Online (live) class statistics through HTTP: every level's figures checked against a
//! computation written here from the raw `online_*` records; the student-lesson, class and quit
//! lists; a class's and a lesson's details; scope per role (admin, principal, main teacher,
//! auxiliary teacher); the export read back; bad input refused by name.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde_json::{json, Value};
use storage::datacentre::calendar::{self, day_start_ms, format_day};
use storage::datacentre::generate::{generate, Options, Scale};
use time::Duration;

use crate::downloads::{column, exported_rows};
use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(online_statistics_equal_the_records);

const TUTOR: &str = "tutor@demo.eduhub";
const PRINCIPAL: &str = "principal@demo.eduhub";
/// Mirrors `dictionary::ONLINE_COMPLETION_PERCENT`, restated so that a change there shows here.
const COMPLETION_PERCENT: i64 = 60;

#[derive(sqlx::FromRow, Clone)]
struct Row {
    lesson_id: i64,
    student_id: i64,
    class_id: i64,
    group_id: i64,
    teacher_id: i64,
    assistant_id: i64,
    school_id: i64,
    start_at: i64,
    minutes: i64,
    live_seconds: i64,
    playback_seconds: i64,
    submitted: i64,
    correct: i64,
    chat_num: i64,
    report_sent: i64,
}

#[derive(sqlx::FromRow)]
struct Place {
    class_id: i64,
    student_id: i64,
    left_at: Option<i64>,
    is_friend: i64,
}

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

fn rows_of(page: &Value) -> &Vec<Value> {
    page["records"].as_array().unwrap()
}

/// The figures of a set of student-lessons, as the definitions in `storage::datacentre::online`
/// state them, with the places (and their classes' begin times) and the held lessons behind them.
struct Expected {
    should: usize,
    live_attend: usize,
    live_complete: usize,
    playback_rate: f64,
    comp_attend: usize,
    comp_complete: usize,
    accuracy: f64,
    avg_chat: f64,
    report_rate: f64,
    places: usize,
    in_class: usize,
    friend_rate: f64,
    retention_rate: f64,
    leave_after_start_rate: f64,
    lessons: usize,
    teacher_attend_rate: f64,
}

struct Records {
    places: HashMap<(i64, i64), Place>,
    class_begin: HashMap<i64, i64>,
    /// Lesson id → (minutes, teacher seconds).
    lessons: HashMap<i64, (i64, i64)>,
}

impl Records {
    fn expected(&self, rows: &[&Row]) -> Expected {
        let done = |seconds: i64, minutes: i64| seconds * 100 >= minutes * 60 * COMPLETION_PERCENT;
        let live_attend = rows.iter().filter(|r| r.live_seconds > 0).count();
        let live_complete = rows.iter().filter(|r| done(r.live_seconds, r.minutes)).count();
        let not_live = rows.len() - live_complete;
        let by_playback = rows.iter().filter(|r| !done(r.live_seconds, r.minutes) && done(r.live_seconds + r.playback_seconds, r.minutes)).count();
        let comp_attend = rows.iter().filter(|r| r.live_seconds + r.playback_seconds > 0).count();
        let reports = rows.iter().filter(|r| r.live_seconds + r.playback_seconds > 0 && r.report_sent == 1).count();
        let chat: i64 = rows.iter().filter(|r| r.live_seconds > 0).map(|r| r.chat_num).sum();
        let keys: HashSet<(i64, i64)> = rows.iter().map(|r| (r.class_id, r.student_id)).collect();
        let places: Vec<&Place> = keys.iter().map(|k| &self.places[k]).collect();
        let in_class: Vec<&&Place> = places.iter().filter(|p| p.left_at.is_none()).collect();
        let retained = in_class
            .iter()
            .filter(|p| self.places.values().any(|q| q.student_id == p.student_id && self.class_begin[&q.class_id] > self.class_begin[&p.class_id]))
            .count();
        let left_after = places.iter().filter(|p| p.left_at.is_some_and(|at| at >= self.class_begin[&p.class_id])).count();
        let lesson_ids: HashSet<i64> = rows.iter().map(|r| r.lesson_id).collect();
        let teacher_attend = lesson_ids.iter().filter(|id| self.lessons[id].1 > 0).count();
        Expected {
            should: rows.len(),
            live_attend,
            live_complete,
            playback_rate: rate(by_playback, not_live),
            comp_attend,
            comp_complete: rows.iter().filter(|r| done(r.live_seconds + r.playback_seconds, r.minutes)).count(),
            accuracy: rate(rows.iter().map(|r| r.correct).sum::<i64>() as usize, rows.iter().map(|r| r.submitted).sum::<i64>() as usize),
            avg_chat: if live_attend == 0 { 0.0 } else { (chat as f64 / live_attend as f64 * 100.0).round() / 100.0 },
            report_rate: rate(reports, comp_attend),
            places: places.len(),
            in_class: in_class.len(),
            friend_rate: rate(places.iter().filter(|p| p.is_friend == 1).count(), places.len()),
            retention_rate: rate(retained, in_class.len()),
            leave_after_start_rate: rate(left_after, places.len()),
            lessons: lesson_ids.len(),
            teacher_attend_rate: rate(teacher_attend, lesson_ids.len()),
        }
    }
}

fn assert_figures(row: &Value, e: &Expected) {
    let got = (
        int(&row["sacStuLiveShouldCnt"]) as usize,
        int(&row["liveAttendCnt"]) as usize,
        int(&row["liveCompletionCnt"]) as usize,
        int(&row["comprehensiveAttendCnt"]) as usize,
        int(&row["comprehensiveCompletionCnt"]) as usize,
        int(&row["studentCnt"]) as usize,
        int(&row["inClassCnt"]) as usize,
        int(&row["lessonCnt"]) as usize,
    );
    assert_eq!(got, (e.should, e.live_attend, e.live_complete, e.comp_attend, e.comp_complete, e.places, e.in_class, e.lessons), "{row}");
    let rates = [
        ("liveAttendRate", rate(e.live_attend, e.should)),
        ("playbackCompletionRate", e.playback_rate),
        ("comprehensiveCompletionRate", rate(e.comp_complete, e.should)),
        ("answerAccuracyRate", e.accuracy),
        ("avgChatNum", e.avg_chat),
        ("reportSendRate", e.report_rate),
        ("friendAddRate", e.friend_rate),
        ("retentionRate", e.retention_rate),
        ("leaveAfterStartRate", e.leave_after_start_rate),
        ("teacherLiveAttendRate", e.teacher_attend_rate),
    ];
    for (field, expected) in rates {
        assert_eq!(row[field].as_f64(), Some(expected), "{field}: {row}");
    }
}

async fn online_statistics_equal_the_records(app: &TestApp) {
    let db = &app.state.db;
    generate(db, &Options { scale: Scale::Small, seed: 5, until: calendar::today() }).await.unwrap();
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT lesson_id, student_id, class_id, group_id, teacher_id, assistant_id, school_id, start_at, minutes, live_seconds, playback_seconds, \
         submitted, correct, chat_num, report_sent FROM online_attendance",
    )
    .fetch_all(db.pool())
    .await
    .unwrap();
    let places: Vec<Place> = sqlx::query_as("SELECT class_id, student_id, left_at, is_friend FROM online_roster").fetch_all(db.pool()).await.unwrap();
    let classes: Vec<(i64, i64, i64)> = sqlx::query_as("SELECT id, begin_at, school_id FROM online_classes").fetch_all(db.pool()).await.unwrap();
    let lessons: Vec<(i64, i64, i64)> = sqlx::query_as("SELECT id, minutes, teacher_seconds FROM online_lessons").fetch_all(db.pool()).await.unwrap();
    let facts = Records {
        places: places.into_iter().map(|p| ((p.class_id, p.student_id), p)).collect(),
        class_begin: classes.iter().map(|c| (c.0, c.1)).collect(),
        lessons: lessons.iter().map(|l| (l.0, (l.1, l.2))).collect(),
    };
    let emails: Vec<(i64, String)> = sqlx::query_as("SELECT id, email FROM users").fetch_all(db.pool()).await.unwrap();
    let id_of: HashMap<String, i64> = emails.into_iter().map(|(id, email)| (email, id)).collect();

    let today = calendar::today();
    let (from, to) = (day_start_ms(today - Duration::days(120)), day_start_ms(today));
    let search = json!({"beginTimeStart": format_day(today - Duration::days(120)), "beginTimeEnd": format_day(today - Duration::days(1)), "pageSize": 1000});
    let in_period: Vec<&Row> = rows.iter().filter(|r| r.start_at >= from && r.start_at < to).collect();
    assert!(in_period.len() > 200, "the demo's online lessons in the period: {}", in_period.len());
    assert!(in_period.iter().any(|r| r.playback_seconds > 0) && in_period.iter().any(|r| r.live_seconds == 0));

    // Every level, main and auxiliary, equals the computation over the rows of its key.
    let admin = app.login(ADMIN).await;
    type Key = fn(&Row) -> i64;
    let levels: [(&str, &str, Key, &str); 5] = [
        ("main", "teacher", |r| r.teacher_id, "teacherEmail"),
        ("auxiliary", "teacher", |r| r.assistant_id, "assistantEmail"),
        ("main", "class", |r| r.class_id, "classId"),
        ("main", "lesson", |r| r.lesson_id, "lessonId"),
        ("auxiliary", "group", |r| r.group_id, "groupId"),
    ];
    for (side, level, key, id_field) in levels {
        let page = admin.post_data(&format!("/api/online/{side}/statistics"), with(&search, json!({"type": level}))).await;
        let mut by_key: BTreeMap<i64, Vec<&Row>> = BTreeMap::new();
        for r in &in_period {
            by_key.entry(key(r)).or_default().push(r);
        }
        assert_eq!(int(&page["total"]) as usize, by_key.len(), "{side} {level}");
        for row in rows_of(&page) {
            let id = match row[id_field].as_str() {
                Some(email) => id_of[email],
                None => int(&row[id_field]),
            };
            assert_figures(row, &facts.expected(&by_key[&id]));
        }
    }
    let page = admin.post_data("/api/online/main/statistics", with(&search, json!({"type": "school"}))).await;
    let schools: HashSet<i64> = in_period.iter().map(|r| r.school_id).collect();
    assert_eq!(int(&page["total"]) as usize, schools.len());
    let sorted =
        admin.post_data("/api/online/main/statistics", with(&search, json!({"type": "class", "sortInfo": {"field": "liveAttendRate", "asc": false}}))).await;
    let attend: Vec<f64> = rows_of(&sorted).iter().map(|r| r["liveAttendRate"].as_f64().unwrap()).collect();
    assert!(attend.windows(2).all(|w| w[0] >= w[1]), "{attend:?}");

    // The student-lesson rows, paged and sorted by the server.
    let page = admin
        .post_data("/api/online/main/studentLessons", with(&search, json!({"pageSize": 30, "sortInfo": {"field": "totalStudyDuration", "asc": false}})))
        .await;
    assert_eq!(int(&page["total"]) as usize, in_period.len());
    let most = in_period.iter().map(|r| r.live_seconds + r.playback_seconds).max().unwrap();
    assert_eq!(int(&rows_of(&page)[0]["totalStudyDuration"]), most);
    // Classes with a lesson in the period; quits dated in it.
    let page = admin.post_data("/api/online/main/classes", search.clone()).await;
    assert_eq!(int(&page["total"]) as usize, in_period.iter().map(|r| r.class_id).collect::<HashSet<_>>().len());
    let page = admin.post_data("/api/online/main/quits", search.clone()).await;
    let quits = facts.places.values().filter(|p| p.left_at.is_some_and(|at| at >= from && at < to)).count();
    assert_eq!(int(&page["total"]) as usize, quits);

    // Scope: the principal sees school 1001; the demo teacher their own classes; the tutor
    // their own groups, also inside a class they open.
    let principal = app.login(PRINCIPAL).await;
    let page = principal.post_data("/api/online/main/statistics", with(&search, json!({"type": "school"}))).await;
    assert_eq!(rows_of(&page).iter().map(|r| r["schoolName"].as_str().unwrap()).collect::<Vec<_>>().len(), 1);
    assert_eq!(int(&rows_of(&page)[0]["sacStuLiveShouldCnt"]) as usize, in_period.iter().filter(|r| r.school_id == 1001).count());
    let teacher_id = id_of[TEACHER];
    let page = app.login(TEACHER).await.post_data("/api/online/main/studentLessons", search.clone()).await;
    assert_eq!(int(&page["total"]) as usize, in_period.iter().filter(|r| r.teacher_id == teacher_id).count());
    assert!(int(&page["total"]) > 0, "the demo teacher lectures online");
    let tutor_id = id_of[TUTOR];
    let tutor = app.login(TUTOR).await;
    let page = tutor.post_data("/api/online/auxiliary/statistics", search.clone()).await;
    assert_eq!(rows_of(&page).len(), 1);
    assert_eq!(rows_of(&page)[0]["assistantEmail"], TUTOR);
    let mine: Vec<&&Row> = in_period.iter().filter(|r| r.assistant_id == tutor_id).collect();
    assert_figures(&rows_of(&page)[0], &facts.expected(&mine.iter().map(|r| **r).collect::<Vec<_>>()));

    // A class of the tutor whose other groups they do not lead: they see their group only.
    let groups: Vec<(i64, i64, i64)> = sqlx::query_as("SELECT id, class_id, assistant_id FROM online_groups").fetch_all(db.pool()).await.unwrap();
    let shared = groups
        .iter()
        .find(|g| g.2 == tutor_id && groups.iter().any(|o| o.1 == g.1 && o.2 != tutor_id))
        .or_else(|| groups.iter().find(|g| g.2 == tutor_id))
        .expect("the demo tutor leads a group");
    let class_id = shared.1;
    let students = tutor.post_data(&format!("/api/online/class/{class_id}/students"), json!({})).await;
    let all_places = facts.places.values().filter(|p| p.class_id == class_id).count();
    let led: HashSet<i64> = groups.iter().filter(|g| g.1 == class_id && g.2 == tutor_id).map(|g| g.0).collect();
    let in_led = sqlx::query_as::<_, (i64, i64)>("SELECT group_id, student_id FROM online_roster WHERE class_id = $1")
        .bind(class_id)
        .fetch_all(db.pool())
        .await
        .unwrap()
        .into_iter()
        .filter(|(g, _)| led.contains(g))
        .count();
    assert_eq!(students.as_array().unwrap().len(), in_led);
    let all = admin.post_data(&format!("/api/online/class/{class_id}/students"), json!({})).await;
    assert_eq!(all.as_array().unwrap().len(), all_places);
    let groups_seen = tutor.post_data(&format!("/api/online/class/{class_id}/groups"), json!({})).await;
    assert!(groups_seen.as_array().unwrap().iter().all(|g| g["assistantEmail"] == TUTOR), "{groups_seen}");
    // A class of another school reads as absent to the principal.
    let elsewhere = classes.iter().find(|c| c.2 != 1001).unwrap().0;
    let (status, reply) = principal.post(&format!("/api/online/class/{elsewhere}/lessons"), json!({})).await;
    assert_eq!((status, reply["code"].as_str()), (404, Some("A0404")), "{reply}");

    // A class's lessons and a lesson's students, leaves and replay points.
    let lessons = admin.post_data(&format!("/api/online/class/{class_id}/lessons"), json!({})).await;
    let held = lessons.as_array().unwrap().iter().find(|l| int(&l["studentCount"]) > 0).expect("a held lesson");
    let lesson_id = int(&held["lessonId"]);
    let due: Vec<&Row> = rows.iter().filter(|r| r.lesson_id == lesson_id).collect();
    assert_eq!(int(&held["studentCount"]) as usize, due.len());
    assert_eq!(int(&held["liveAttendCnt"]) as usize, due.iter().filter(|r| r.live_seconds > 0).count());
    let students = admin.post_data(&format!("/api/online/lesson/{lesson_id}/students"), json!({})).await;
    assert_eq!(students.as_array().unwrap().len(), due.len());
    let leaves: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM online_leaves WHERE lesson_id = $1").bind(lesson_id).fetch_one(db.pool()).await.unwrap();
    assert_eq!(admin.post_data(&format!("/api/online/lesson/{lesson_id}/leaves"), json!({})).await.as_array().unwrap().len() as i64, leaves);
    let points: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM online_replay_points WHERE lesson_id = $1").bind(lesson_id).fetch_one(db.pool()).await.unwrap();
    assert_eq!(admin.post_data(&format!("/api/online/lesson/{lesson_id}/replayPoints"), json!({})).await.as_array().unwrap().len() as i64, points);

    // The export writes the rows shown, in the visible columns.
    let mut socket = admin.socket(None).await;
    socket.expect_connected().await;
    let params = with(&search, json!({"type": "teacher", "columns": ["teacherEmail", "liveAttendRate"], "sortInfo": {"field": "liveAttendRate", "asc": true}}));
    let shown = admin.post_data("/api/online/main/statistics", params.clone()).await;
    let rows_out = exported_rows(&admin, &mut socket, "onlineMainStat", "主讲老师直播课统计", params).await;
    assert_eq!(rows_out[0], vec!["主讲老师邮箱", "直播到课率"]);
    let emails: Vec<&str> = rows_of(&shown).iter().map(|r| r["teacherEmail"].as_str().unwrap()).collect();
    assert_eq!(column(&rows_out, 0), emails);

    for (path, body, field) in [
        ("/api/online/main/statistics", json!({"type": "room"}), "type"),
        ("/api/online/side/statistics", json!({}), "side"),
        ("/api/online/main/studentLessons", json!({"sortInfo": {"field": "studentName", "asc": true}}), "sortInfo"),
        ("/api/online/auxiliary/quits", json!({"beginTimeStart": "2026-03-01", "beginTimeEnd": "2026-01-01"}), "beginTimeStart"),
    ] {
        let (status, reply) = admin.post(path, body.clone()).await;
        assert_eq!((status, reply["code"].as_str()), (400, Some("A0400")), "{path} {body}: {reply}");
        assert!(reply["msg"].as_str().unwrap().contains(field), "{path}: {reply}");
    }
    let (status, reply) = admin.post("/api/online/lesson/99999999/students", json!({})).await;
    assert_eq!((status, reply["code"].as_str()), (404, Some("A0404")), "{reply}");
}
