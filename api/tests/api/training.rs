//! The basic training examination through HTTP: trainees, exams and results checked against a
//! computation written here from the raw `training_results` and `training_exams`; scope per
//! role; the export read back; bad input refused by name.

use std::collections::BTreeMap;

use serde_json::{json, Value};
use storage::datacentre::calendar::{self, day_start_ms, format_day};
use storage::datacentre::generate::{generate, Options, Scale};
use time::Duration;

use crate::downloads::{column, exported_rows};
use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(training_examination_equals_the_records);

/// (exam, teacher, school, held, score, pass score, total)
type Result_ = (i64, i64, i64, i64, Option<i64>, i64, i64);

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

async fn training_examination_equals_the_records(app: &TestApp) {
    generate(&app.state.db, &Options { scale: Scale::Small, seed: 3, until: calendar::today() }).await.unwrap();
    let results: Vec<Result_> = sqlx::query_as(
        "SELECT r.exam_id, r.teacher_id, r.school_id, r.held_at, r.score, e.pass_score, e.total_score FROM training_results r \
         JOIN training_exams e ON e.id = r.exam_id",
    )
    .fetch_all(app.state.db.pool())
    .await
    .unwrap();
    let today = calendar::today();
    let (from, to) = (day_start_ms(today - Duration::days(365)), day_start_ms(today));
    let search = json!({"beginTimeStart": format_day(today - Duration::days(365)), "beginTimeEnd": format_day(today - Duration::days(1)), "pageSize": 1000});
    let in_period: Vec<&Result_> = results.iter().filter(|r| r.3 >= from && r.3 < to).collect();
    assert!(in_period.len() > 20 && in_period.iter().any(|r| r.4.is_none()) && in_period.iter().any(|r| r.4.is_some_and(|s| s < r.5)));
    let passed = |r: &&&Result_| r.4.is_some_and(|s| s >= r.5);

    let admin = app.login(ADMIN).await;
    let page = admin.post_data("/api/training/exam/trainees", search.clone()).await;
    let mut by_teacher: BTreeMap<i64, Vec<&Result_>> = BTreeMap::new();
    for r in &in_period {
        by_teacher.entry(r.1).or_default().push(r);
    }
    assert_eq!(int(&page["total"]) as usize, by_teacher.len());
    for row in page["records"].as_array().unwrap() {
        let mine = &by_teacher[&int(&row["teacherId"])];
        let sat: Vec<f64> = mine.iter().filter_map(|r| r.4.map(|s| s as f64 * 100.0 / r.6 as f64)).collect();
        let pass = mine.iter().filter(passed).count();
        assert_eq!((int(&row["examCnt"]), int(&row["takenCnt"]), int(&row["passedCnt"])), (mine.len() as i64, sat.len() as i64, pass as i64), "{row}");
        assert_eq!(row["passRate"].as_f64(), Some(rate(pass, mine.len())));
        let avg = if sat.is_empty() { -1.0 } else { (sat.iter().sum::<f64>() / sat.len() as f64 * 100.0).round() / 100.0 };
        assert_eq!(row["avgScoreRate"].as_f64(), Some(avg), "{row}");
    }
    let page = admin.post_data("/api/training/exam/exams", search.clone()).await;
    let mut by_exam: BTreeMap<i64, Vec<&Result_>> = BTreeMap::new();
    for r in &in_period {
        by_exam.entry(r.0).or_default().push(r);
    }
    assert_eq!(int(&page["total"]) as usize, by_exam.len());
    for row in page["records"].as_array().unwrap() {
        let of = &by_exam[&int(&row["examId"])];
        let sat: Vec<i64> = of.iter().filter_map(|r| r.4).collect();
        assert_eq!(
            (int(&row["enrolledCnt"]), int(&row["takenCnt"]), int(&row["passedCnt"])),
            (of.len() as i64, sat.len() as i64, of.iter().filter(passed).count() as i64)
        );
        assert_eq!((int(&row["maxScore"]), int(&row["minScore"])), (sat.iter().copied().max().unwrap_or(-1), sat.iter().copied().min().unwrap_or(-1)));
    }
    let page = admin.post_data("/api/training/exam/results", with(&search, json!({"sortInfo": {"field": "score", "asc": false}, "pageSize": 30}))).await;
    assert_eq!(int(&page["total"]) as usize, in_period.len());
    let scores: Vec<i64> = page["records"].as_array().unwrap().iter().map(|r| int(&r["score"])).collect();
    assert_eq!(scores[0], in_period.iter().filter_map(|r| r.4).max().unwrap());
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");

    // Scope: a principal sees the trainees of their school; a teacher their own results.
    let principal = app.login("principal@demo.eduhub").await;
    let page = principal.post_data("/api/training/exam/results", search.clone()).await;
    assert_eq!(int(&page["total"]) as usize, in_period.iter().filter(|r| r.2 == 1001).count());
    let teacher_id = app.user_id(TEACHER2).await;
    let page = app.login(TEACHER2).await.post_data("/api/training/exam/results", search.clone()).await;
    assert_eq!(int(&page["total"]) as usize, in_period.iter().filter(|r| r.1 == teacher_id).count());

    // The export writes the trainees shown, in the visible columns.
    let mut socket = admin.socket(None).await;
    socket.expect_connected().await;
    let params = with(&search, json!({"columns": ["teacherEmail", "passedCnt"], "sortInfo": {"field": "passRate", "asc": false}}));
    let shown = admin.post_data("/api/training/exam/trainees", params.clone()).await;
    let rows = exported_rows(&admin, &mut socket, "trainingTrainees", "基础训练考试", params).await;
    assert_eq!(rows[0], vec!["老师邮箱", "通过场次"]);
    let emails: Vec<&str> = shown["records"].as_array().unwrap().iter().map(|r| r["teacherEmail"].as_str().unwrap()).collect();
    assert_eq!(column(&rows, 0), emails);

    for (path, body, field) in [
        ("/api/training/exam/trainees", json!({"sortInfo": {"field": "teacherName", "asc": true}}), "sortInfo"),
        ("/api/training/exam/results", json!({"beginTimeStart": "2026-03-01", "beginTimeEnd": "2026-01-01"}), "beginTimeStart"),
        ("/api/training/exam/exams", json!({"subjects": [7]}), "subjects"),
    ] {
        let (status, reply) = admin.post(path, body.clone()).await;
        assert_eq!((status, reply["code"].as_str()), (400, Some("A0400")), "{path} {body}: {reply}");
        assert!(reply["msg"].as_str().unwrap().contains(field), "{path}: {reply}");
    }
}
