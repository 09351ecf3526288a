//! Student dynamics through HTTP: every kind counted against a computation written here from the
//! raw records of a generated year; the page, its filters and the statistics agreeing; a
//! teacher's follow-up of one of their students' dynamics, refused for someone else's; roles and
//! bad input.

use std::collections::BTreeMap;

use serde_json::{json, Value};
use storage::datacentre::calendar::{self, day_start_ms, format_day};
use storage::datacentre::generate::{generate, Options, Scale};
use time::Duration;

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(dynamics_are_the_records_and_get_followed_up);

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

/// Per kind, the dynamics of the records in [from, to) (and, with `teacher`, of that teacher).
async fn expected(app: &TestApp, from: i64, to: i64, teacher: Option<i64>) -> BTreeMap<i64, i64> {
    let db = app.state.db.pool();
    let of = |t: i64| teacher.is_none_or(|id| id == t);
    let mut out = BTreeMap::new();
    let absent: Vec<(i64,)> = sqlx::query_as("SELECT teacher_id FROM attendance WHERE status = 3 AND start_at >= $1 AND start_at < $2")
        .bind(from)
        .bind(to)
        .fetch_all(db)
        .await
        .unwrap();
    out.insert(1, absent.iter().filter(|r| of(r.0)).count() as i64);
    let no_show: Vec<(i64,)> = sqlx::query_as(
        "SELECT teacher_id FROM online_attendance WHERE live_seconds = 0 AND playback_seconds = 0 AND on_leave = 0 AND start_at >= $1 AND start_at < $2",
    )
    .bind(from)
    .bind(to)
    .fetch_all(db)
    .await
    .unwrap();
    out.insert(2, no_show.iter().filter(|r| of(r.0)).count() as i64);
    let refunds: Vec<(i64,)> =
        sqlx::query_as("SELECT teacher_id FROM refunds WHERE refunded_at >= $1 AND refunded_at < $2").bind(from).bind(to).fetch_all(db).await.unwrap();
    out.insert(3, refunds.iter().filter(|r| of(r.0)).count() as i64);
    // A score fallen 10 points (of 100) or more under the previous scored exam of the subject.
    let scores: Vec<(i64, i64, i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT student_id, subject, exam_at, score, full_marks, teacher_id FROM student_exam_scores WHERE score IS NOT NULL AND full_marks > 0 \
         ORDER BY student_id, subject, exam_at",
    )
    .fetch_all(db)
    .await
    .unwrap();
    let mut drops = 0;
    for pair in scores.windows(2) {
        let (p, s) = (&pair[0], &pair[1]);
        if (p.0, p.1) == (s.0, s.1) && p.2 < s.2 && s.2 >= from && s.2 < to && of(s.5) && p.3 * 100 / p.4 - s.3 * 100 / s.4 >= 10 {
            drops += 1;
        }
    }
    out.insert(4, drops);
    out
}

async fn dynamics_are_the_records_and_get_followed_up(app: &TestApp) {
    generate(&app.state.db, &Options { scale: Scale::Small, seed: 6, until: calendar::today() }).await.unwrap();
    let today = calendar::today();
    let (from_day, to_day) = (today - Duration::days(365), today - Duration::days(1));
    let (from, to) = (day_start_ms(from_day), day_start_ms(today));
    let year = json!({"beginTimeStart": format_day(from_day), "beginTimeEnd": format_day(to_day), "pageSize": 20});
    let admin = app.login(ADMIN).await;

    // Every kind as the records have it; the statistics and the pages agree.
    let want = expected(app, from, to, None).await;
    assert!(want.values().all(|n| *n > 0), "the generated year has every kind: {want:?}");
    let stats = admin.post_data("/api/studentDynamic/statistics", year.clone()).await;
    let got: BTreeMap<i64, i64> = stats.as_array().unwrap().iter().filter(|r| int(&r["kind"]) > 0).map(|r| (int(&r["kind"]), int(&r["total"]))).collect();
    assert_eq!(got, want);
    let total: i64 = want.values().sum();
    assert_eq!((int(&stats[4]["total"]), int(&stats[4]["followed"]), stats[4]["kindName"].as_str()), (total, 0, Some("合计")));
    let page = admin.post_data("/api/studentDynamic/list", year.clone()).await;
    assert_eq!(int(&page["total"]), total);
    let rows = page["records"].as_array().unwrap();
    assert_eq!(rows.len(), 20);
    let times: Vec<i64> = rows.iter().map(|r| int(&r["happenedAt"])).collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "the latest first");
    for kind in 1..=4 {
        let mut search = year.clone();
        search["kind"] = json!(kind);
        let page = admin.post_data("/api/studentDynamic/list", search).await;
        assert_eq!(int(&page["total"]), want[&kind], "kind {kind}");
        assert!(page["records"].as_array().unwrap().iter().all(|r| int(&r["kind"]) == kind));
    }

    // The teacher sees their own lessons' dynamics and follows one up.
    let teacher = app.login(TEACHER).await;
    let teacher_id = app.user_id(TEACHER).await;
    let theirs = expected(app, from, to, Some(teacher_id)).await;
    let mut absent = year.clone();
    absent["kind"] = json!(1);
    let mine = teacher.post_data("/api/studentDynamic/list", absent.clone()).await;
    assert_eq!(int(&mine["total"]), theirs[&1]);
    assert!(theirs[&1] > 0, "the demo teacher's students missed lessons");
    let first = &mine["records"][0];
    let key = first["sourceKey"].as_str().unwrap().to_owned();
    assert!(key.starts_with("a:") && first["detail"].as_str().unwrap().contains("缺课"), "{first}");
    let followed = teacher.post_data("/api/studentDynamic/follow", json!({"kind": 1, "sourceKey": key, "method": 1, "note": "已电话联系家长，下周补课"})).await;
    assert_eq!(
        (followed["followed"].as_bool(), followed["methodName"].as_str(), followed["note"].as_str(), followed["followedBy"].as_str()),
        (Some(true), Some("电话"), Some("已电话联系家长，下周补课"), Some("张老师"))
    );
    absent["followed"] = json!(1);
    assert_eq!(int(&teacher.post_data("/api/studentDynamic/list", absent.clone()).await["total"]), 1);
    absent["followed"] = json!(0);
    assert_eq!(int(&teacher.post_data("/api/studentDynamic/list", absent).await["total"]), theirs[&1] - 1);
    let stats = admin.post_data("/api/studentDynamic/statistics", year.clone()).await;
    assert_eq!((int(&stats[0]["followed"]), int(&stats[4]["followed"])), (1, 1));

    // Someone else's dynamic reads as missing; nothing is written.
    let other = app.login(TEACHER2).await;
    let (status, _) = other.post("/api/studentDynamic/follow", json!({"kind": 1, "sourceKey": key, "method": 2, "note": "x"})).await;
    assert_eq!(status, 404);
    assert_eq!(teacher.post("/api/studentDynamic/follow", json!({"kind": 1, "sourceKey": "a:0:0", "method": 1, "note": "x"})).await.0, 404);
    let stored: (i64, String) = sqlx::query_as("SELECT method, note FROM student_dynamic_followups").fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(stored, (1, "已电话联系家长，下周补课".to_owned()));

    // Bad input by name; statistics are the managers'.
    for body in [
        json!({"kind": 9, "sourceKey": key, "method": 1, "note": "x"}),
        json!({"kind": 1, "sourceKey": key, "method": 7, "note": "x"}),
        json!({"kind": 1, "sourceKey": key, "method": 1, "note": "  "}),
        json!({"kind": 1, "sourceKey": key, "method": 1, "note": "长".repeat(501)}),
    ] {
        assert_eq!(teacher.post("/api/studentDynamic/follow", body.clone()).await.0, 400, "{body}");
    }
    for search in [json!({"kind": 5}), json!({"followed": 2}), json!({"bogus": 1})] {
        assert_eq!(admin.post("/api/studentDynamic/list", search.clone()).await.0, 400, "{search}");
    }
    assert_eq!(teacher.post("/api/studentDynamic/statistics", year).await.0, 403);
}
