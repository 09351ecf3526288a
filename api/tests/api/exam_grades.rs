//! Students' exam grades (the QC screen examGrades) through HTTP: rows, totals, levels and tags
//! checked against the raw `student_exam_scores`; scope per role; the export read back; bad
//! input refused by name.

use std::collections::HashMap;

use serde_json::{json, Value};
use storage::datacentre::calendar::{self, day_start_ms, format_day};
use storage::datacentre::generate::{generate, Options, Scale};
use time::Duration;

use crate::downloads::{column, exported_rows};
use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(exam_grades_equal_the_records);

/// (exam, student, subject, teacher, school, exam day, score, full marks)
type Score = (i64, i64, i64, i64, i64, i64, Option<i64>, i64);

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

async fn exam_grades_equal_the_records(app: &TestApp) {
    let db = &app.state.db;
    generate(db, &Options { scale: Scale::Small, seed: 7, until: calendar::today() }).await.unwrap();
    let scores: Vec<Score> = sqlx::query_as("SELECT exam_id, student_id, subject, teacher_id, school_id, exam_at, score, full_marks FROM student_exam_scores")
        .fetch_all(db.pool())
        .await
        .unwrap();
    let codes: HashMap<String, i64> =
        sqlx::query_as::<_, (String, i64)>("SELECT code, id FROM students").fetch_all(db.pool()).await.unwrap().into_iter().collect();
    let today = calendar::today();
    let (from, to) = (day_start_ms(today - Duration::days(365)), day_start_ms(today));
    let search = json!({"beginTimeStart": format_day(today - Duration::days(365)), "beginTimeEnd": format_day(today - Duration::days(1)), "pageSize": 1000});
    let in_period: Vec<&Score> = scores.iter().filter(|s| s.5 >= from && s.5 < to).collect();
    assert!(in_period.len() > 500 && in_period.iter().any(|s| s.6.is_none()), "{}", in_period.len());

    let admin = app.login(ADMIN).await;
    let page = admin.post_data("/api/qc/examGrades", with(&search, json!({"sortInfo": {"field": "examScore", "asc": false}}))).await;
    assert_eq!(int(&page["total"]) as usize, in_period.len());
    let rows = page["records"].as_array().unwrap();
    assert_eq!(int(&rows[0]["examScore"]), in_period.iter().filter_map(|s| s.6).max().unwrap());
    for row in rows.iter().take(200) {
        let exam = int(&row["examId"]);
        let of_exam: Vec<&&Score> = in_period.iter().filter(|s| s.0 == exam).collect();
        assert_eq!(int(&row["totalExamScore"]), of_exam.iter().filter_map(|s| s.6).sum::<i64>(), "{row}");
        let unfinished = of_exam.iter().filter(|s| s.6.is_none()).count();
        let listed = row["unfinishedSubjects"].as_str().unwrap();
        assert_eq!(if listed.is_empty() { 0 } else { listed.split('、').count() }, unfinished, "{row}");
        // The level and the tags, from the score and the student's previous score in the subject.
        let student = codes[row["studentCode"].as_str().unwrap()];
        let subject = row["subjectName"].as_str().unwrap();
        let this = of_exam.iter().find(|s| s.1 == student && storage::datacentre::subject_name(s.2) == subject).expect("the row's score");
        assert_eq!(int(&row["examScore"]), this.6.unwrap_or(-1));
        let Some(score) = this.6 else { continue };
        let percent = score as f64 * 100.0 / this.7 as f64;
        let level = if percent >= 85.0 {
            "A"
        } else if percent >= 70.0 {
            "B"
        } else if percent >= 60.0 {
            "C"
        } else {
            "D"
        };
        assert_eq!(row["examScoreLevel"], level, "{row}");
        let previous = scores.iter().filter(|s| s.1 == student && s.2 == this.2 && s.5 < this.5 && s.6.is_some()).max_by_key(|s| s.5);
        let mut tags = Vec::new();
        if percent >= 90.0 {
            tags.push("优秀");
        } else if percent < 60.0 {
            tags.push("待提升");
        }
        if let Some(p) = previous {
            let before = p.6.unwrap() as f64 * 100.0 / p.7 as f64;
            if percent - before >= 5.0 {
                tags.push("进步");
            } else if before - percent >= 5.0 {
                tags.push("退步");
            }
        }
        assert_eq!(row["scoreTags"], tags.join("、"), "{row}");
    }

    // Scope: the principal sees school 1001; a teacher the scores of their subject's students.
    let principal = app.login("principal@demo.eduhub").await;
    let page = principal.post_data("/api/qc/examGrades", search.clone()).await;
    assert_eq!(int(&page["total"]) as usize, in_period.iter().filter(|s| s.4 == 1001).count());
    let teacher_id = app.user_id(TEACHER).await;
    let page = app.login(TEACHER).await.post_data("/api/qc/examGrades", search.clone()).await;
    let theirs = in_period.iter().filter(|s| s.3 == teacher_id).count();
    assert!(theirs > 0);
    assert_eq!(int(&page["total"]) as usize, theirs);

    // The export writes the rows shown.
    let mut socket = admin.socket(None).await;
    socket.expect_connected().await;
    let params = with(&search, json!({"subjects": [54], "columns": ["studentCode", "examScore"], "sortInfo": {"field": "examDate", "asc": true}}));
    let shown = admin.post_data("/api/qc/examGrades", params.clone()).await;
    let out = exported_rows(&admin, &mut socket, "examGrades", "考试成绩", params).await;
    assert_eq!(out[0], vec!["学员编号", "成绩"]);
    assert_eq!(out.len() - 1, int(&shown["total"]) as usize, "every row of the search, beyond the page");
    let shown_codes: Vec<&str> = shown["records"].as_array().unwrap().iter().map(|r| r["studentCode"].as_str().unwrap()).collect();
    assert_eq!(column(&out, 0)[..shown_codes.len()], shown_codes[..]);

    let (status, reply) = admin.post("/api/qc/examGrades", json!({"sortInfo": {"field": "studentName", "asc": true}})).await;
    assert_eq!((status, reply["code"].as_str()), (400, Some("A0400")), "{reply}");
    assert!(reply["msg"].as_str().unwrap().contains("sortInfo"), "{reply}");
}
