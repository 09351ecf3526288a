//! Lesson visits (听课记录, the record tools) through HTTP on generated records: an inspector
//! lists a day's lessons of their schools (checked against the records), visits one, scores and
//! notes it, rates students and finishes; the lesson's teacher reads it then, and not before;
//! the scan code opens the lesson; the record sheet changes for new visits only; who may do
//! what, and bad input refused without a change.

use std::collections::BTreeSet;

use serde_json::{json, Value};
use storage::datacentre::calendar::{self, day_of_ms, day_start_ms, format_day, DAY_MS};
use storage::datacentre::generate::{generate, Options, Scale};

use crate::helpers::*;
use crate::on_both_databases;

const PRINCIPAL: &str = "principal@demo.eduhub";

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

/// Refused with `code`.
async fn refused(client: &Client, path: &str, body: Value, code: &str) {
    let (_, reply) = client.post(path, body).await;
    assert_eq!(reply["code"], code, "{path} should be refused with {code}: {reply}");
}

const NO_RIGHT: &str = "A0300";
const BAD: &str = "A0400";
const MISSING: &str = "A0404";
const CLASH: &str = "A0409";

on_both_databases!(an_inspector_visits_a_lesson_and_its_teacher_reads_the_record);

async fn an_inspector_visits_a_lesson_and_its_teacher_reads_the_record(app: &TestApp) {
    let db = &app.state.db;
    generate(db, &Options { scale: Scale::Small, seed: 7, until: calendar::today() }).await.unwrap();
    let teacher_id = app.user_id(TEACHER).await;
    let inspector_id = app.user_id(INSPECTOR).await;
    let schools = storage::accounts::school_ids(db, inspector_id).await.unwrap();
    let in_schools = schools.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    // A lesson of the demo teacher in the inspector's schools, with students.
    let (lesson_id, start_at): (i64, i64) = sqlx::query_as(&format!(
        "SELECT l.id, l.start_at FROM lessons l JOIN classes cl ON cl.id = l.class_id WHERE l.teacher_id = $1 AND l.status <> 2 \
         AND cl.school_id IN ({in_schools}) AND EXISTS (SELECT 1 FROM class_students cs WHERE cs.class_id = cl.id) ORDER BY l.start_at DESC LIMIT 1"
    ))
    .bind(teacher_id)
    .fetch_one(db.pool())
    .await
    .expect("the generator gives the demo teacher lessons in the inspector's school");
    let day = format_day(day_of_ms(start_at));
    let day_start = day_start_ms(day_of_ms(start_at));

    let inspector = app.login(INSPECTOR).await;
    let teacher = app.login(TEACHER).await;

    // The day's lessons: every offline lesson of the inspector's schools starting that day.
    let listed = inspector.post_data("/api/recordTool/lessons", json!({"day": day})).await;
    let listed_ids: BTreeSet<i64> = listed.as_array().unwrap().iter().map(|l| int(&l["lesson"]["id"])).collect();
    let expected: BTreeSet<i64> = sqlx::query_scalar::<_, i64>(&format!(
        "SELECT l.id FROM lessons l JOIN classes cl ON cl.id = l.class_id WHERE l.start_at >= $1 AND l.start_at < $2 AND cl.school_id IN ({in_schools})"
    ))
    .bind(day_start)
    .bind(day_start + DAY_MS)
    .fetch_all(db.pool())
    .await
    .unwrap()
    .into_iter()
    .collect();
    assert_eq!(listed_ids, expected);
    let row = listed.as_array().unwrap().iter().find(|l| int(&l["lesson"]["id"]) == lesson_id).unwrap();
    assert_eq!((int(&row["myVisitId"]), int(&row["visitCount"])), (0, 0));
    // A teacher holds no visitor's role.
    refused(&teacher, "/api/recordTool/lessons", json!({"day": day}), NO_RIGHT).await;
    refused(&inspector, "/api/recordTool/lessons", json!({"day": "2026-13-01"}), BAD).await;

    // Start, and start again: one visit, scoring the sheet as it is.
    let visit = inspector.post_data("/api/recordTool/visit/start", json!({"lessonId": lesson_id})).await;
    let id = int(&visit["id"]);
    assert_eq!(int(&inspector.post_data("/api/recordTool/visit/start", json!({"lessonId": lesson_id})).await["id"]), id);
    // Two starts at once by another visitor end in one visit.
    let admin = app.login(ADMIN).await;
    let start = json!({"lessonId": lesson_id});
    let (a, b) = tokio::join!(admin.post_data("/api/recordTool/visit/start", start.clone()), admin.post_data("/api/recordTool/visit/start", start.clone()));
    assert_eq!(int(&a["id"]), int(&b["id"]));
    admin.post_data("/api/recordTool/visit/delete", json!({"id": int(&a["id"])})).await;
    let sheet = inspector.data("/api/recordTool/layout").await;
    let keys: Vec<String> = sheet.as_array().unwrap().iter().map(|d| d["key"].as_str().unwrap().to_owned()).collect();
    assert_eq!(visit["scores"].as_array().unwrap().len(), keys.len());
    assert!(visit["scores"].as_array().unwrap().iter().all(|s| s.get("score").is_none()));
    assert_eq!(visit["canEdit"], true);
    assert_eq!(int(&visit["lesson"]["id"]), lesson_id);
    let max_total: i64 = sheet.as_array().unwrap().iter().map(|d| int(&d["maxScore"])).sum();

    // Scores and a timeline; an out-of-range score or an unknown key changes nothing.
    let scores: Vec<Value> = keys.iter().enumerate().map(|(i, k)| json!({"key": k, "score": 10 + i as i64})).collect();
    let given: i64 = (0..keys.len() as i64).map(|i| 10 + i).sum();
    let notes = json!([{"minute": 30, "text": "学生分组讨论"}, {"minute": 5, "text": " 导入新课 "}]);
    let saved = inspector.post_data("/api/recordTool/visit/save", json!({"id": id, "scores": scores, "notes": notes, "summary": ""})).await;
    assert_eq!(int(&saved["totalScore"]), given);
    assert_eq!(int(&saved["maxTotal"]), max_total);
    assert_eq!(saved["notes"], json!([{"minute": 5, "text": "导入新课"}, {"minute": 30, "text": "学生分组讨论"}]), "trimmed, in minute order");
    refused(&inspector, "/api/recordTool/visit/save", json!({"id": id, "scores": [{"key": keys[0], "score": 999}], "notes": [], "summary": ""}), BAD).await;
    refused(&inspector, "/api/recordTool/visit/save", json!({"id": id, "scores": [{"key": "nope", "score": 1}], "notes": [], "summary": ""}), BAD).await;
    refused(&inspector, "/api/recordTool/visit/save", json!({"id": id, "scores": [], "notes": [{"minute": 1, "text": "  "}], "summary": ""}), BAD).await;
    let unchanged = inspector.post_data("/api/recordTool/visit/detail", json!({"id": id})).await;
    assert_eq!(int(&unchanged["totalScore"]), given);
    assert_eq!(unchanged["notes"].as_array().unwrap().len(), 2);

    // The teacher does not see a record being written, nor finds it in lists.
    refused(&teacher, "/api/recordTool/visit/detail", json!({"id": id}), MISSING).await;
    refused(&teacher, "/api/recordTool/visit/students", json!({"id": id}), MISSING).await;
    assert_eq!(int(&teacher.post_data("/api/recordTool/visits", json!({"from": day, "to": day})).await["total"]), 0);

    // The lesson's students, as its page lists them; one rated.
    let lesson = teacher.post_data("/api/teaching/lesson/detail", json!({"id": lesson_id})).await;
    let lesson_students: BTreeSet<i64> = lesson["students"].as_array().unwrap().iter().map(|s| int(&s["studentId"])).collect();
    let students = inspector.post_data("/api/recordTool/visit/students", json!({"id": id})).await;
    let visit_students: BTreeSet<i64> = students.as_array().unwrap().iter().map(|s| int(&s["studentId"])).collect();
    assert_eq!(visit_students, lesson_students);
    let student_id = *visit_students.iter().next().unwrap();
    let rated = inspector.post_data("/api/recordTool/visit/student/save", json!({"id": id, "studentId": student_id, "attention": 4, "note": "积极发言"})).await;
    assert_eq!((int(&rated["attention"]), rated["attentionName"].as_str().unwrap(), rated["note"].as_str().unwrap()), (4, "专注", "积极发言"));
    refused(&inspector, "/api/recordTool/visit/student/save", json!({"id": id, "studentId": -5, "attention": 4, "note": ""}), MISSING).await;
    refused(&inspector, "/api/recordTool/visit/student/save", json!({"id": id, "studentId": student_id, "attention": 9, "note": ""}), BAD).await;

    // Finishing needs every dimension scored and a summary; then nothing changes it.
    let one_cleared: Vec<Value> = vec![json!({"key": keys[0]})];
    inspector.post_data("/api/recordTool/visit/save", json!({"id": id, "scores": one_cleared, "notes": notes, "summary": "整体良好"})).await;
    refused(&inspector, "/api/recordTool/visit/finish", json!({"id": id}), BAD).await;
    inspector.post_data("/api/recordTool/visit/save", json!({"id": id, "scores": scores, "notes": notes, "summary": ""})).await;
    refused(&inspector, "/api/recordTool/visit/finish", json!({"id": id}), BAD).await;
    inspector.post_data("/api/recordTool/visit/save", json!({"id": id, "scores": scores, "notes": notes, "summary": "整体良好"})).await;
    let finished = inspector.post_data("/api/recordTool/visit/finish", json!({"id": id})).await;
    assert_eq!((int(&finished["status"]), finished["statusName"].as_str().unwrap(), finished["canEdit"].as_bool().unwrap()), (1, "已完成", false));
    refused(&inspector, "/api/recordTool/visit/save", json!({"id": id, "scores": [], "notes": [], "summary": "改"}), CLASH).await;
    refused(&inspector, "/api/recordTool/visit/student/save", json!({"id": id, "studentId": student_id, "attention": 1, "note": ""}), CLASH).await;

    // Now the teacher reads it, and finds it among the visits of their lessons.
    let read = teacher.post_data("/api/recordTool/visit/detail", json!({"id": id})).await;
    assert_eq!((read["summary"].as_str().unwrap(), read["canEdit"].as_bool().unwrap()), ("整体良好", false));
    let span = json!({"from": day, "to": day});
    let theirs = teacher.post_data("/api/recordTool/visits", span.clone()).await;
    assert_eq!(int(&theirs["total"]), 1);
    assert_eq!((int(&theirs["records"][0]["id"]), theirs["records"][0]["canDelete"].as_bool().unwrap()), (id, false));
    let mine = inspector.post_data("/api/recordTool/visits", json!({"from": day, "to": day, "mine": true, "lessonId": lesson_id})).await;
    assert_eq!((int(&mine["total"]), int(&mine["records"][0]["totalScore"]), int(&mine["records"][0]["maxTotal"])), (1, given, max_total));
    // The keyword: part of the class code in any case; LIKE's wildcards are plain characters.
    let class_code = mine["records"][0]["classCode"].as_str().unwrap().to_lowercase();
    let found = inspector.post_data("/api/recordTool/visits", json!({"from": day, "to": day, "keyword": class_code})).await;
    assert_eq!(int(&found["total"]), 1);
    for wildcard in ["%", "_"] {
        let none = inspector.post_data("/api/recordTool/visits", json!({"from": day, "to": day, "keyword": wildcard})).await;
        assert_eq!(int(&none["total"]), 0, "{wildcard} is matched as itself");
    }
    refused(&inspector, "/api/recordTool/visits", json!({"from": day, "to": "2020-01-01"}), BAD).await;

    // The scan code: shown by the teacher, opening the lesson for the inspector.
    let code = teacher.post_data("/api/recordTool/lesson/code", json!({"lessonId": lesson_id})).await;
    let code_text = code["code"].as_str().unwrap().to_owned();
    assert!(code["path"].as_str().unwrap().ends_with(&code_text));
    let scanned = inspector.post_data("/api/recordTool/scan", json!({"code": code_text})).await;
    assert_eq!((int(&scanned["lesson"]["id"]), int(&scanned["myVisitId"]), int(&scanned["visitCount"])), (lesson_id, id, 1));
    let forged = code_text.replacen(&lesson_id.to_string(), &(lesson_id + 1).to_string(), 1);
    refused(&inspector, "/api/recordTool/scan", json!({"code": forged}), BAD).await;

    // Another school's manager sees neither the lesson nor the visit.
    let principal_id = app.user_id(PRINCIPAL).await;
    let principal_schools = storage::accounts::school_ids(db, principal_id).await.unwrap();
    let lesson_school: i64 = sqlx::query_scalar("SELECT cl.school_id FROM lessons l JOIN classes cl ON cl.id = l.class_id WHERE l.id = $1")
        .bind(lesson_id)
        .fetch_one(db.pool())
        .await
        .unwrap();
    if !principal_schools.contains(&lesson_school) {
        let principal = app.login(PRINCIPAL).await;
        refused(&principal, "/api/recordTool/visit/detail", json!({"id": id}), MISSING).await;
        refused(&principal, "/api/recordTool/visit/start", json!({"lessonId": lesson_id}), MISSING).await;
        assert_eq!(int(&principal.post_data("/api/recordTool/visits", span.clone()).await["total"]), 0);
    }

    // A new sheet: the admin's; new visits score it, the finished one keeps its own.
    refused(&inspector, "/api/recordTool/layout/save", json!({"dimensions": [{"key": "a", "name": "甲", "description": "", "maxScore": 10}]}), NO_RIGHT).await;
    refused(&admin, "/api/recordTool/layout/save", json!({"dimensions": [{"key": "a b", "name": "甲", "description": "", "maxScore": 10}]}), BAD).await;
    refused(
        &admin,
        "/api/recordTool/layout/save",
        json!({"dimensions": [{"key": "a", "name": "甲", "description": "", "maxScore": 10}, {"key": "a", "name": "乙", "description": "", "maxScore": 10}]}),
        BAD,
    )
    .await;
    let layout = json!([{"key": "clarity", "name": "讲解清晰", "description": "", "maxScore": 50}, {"key": "pace", "name": "节奏", "description": "快慢适中", "maxScore": 50}]);
    assert_eq!(admin.post_data("/api/recordTool/layout/save", json!({"dimensions": layout})).await, layout);
    let again = admin.post_data("/api/recordTool/visit/start", json!({"lessonId": lesson_id})).await;
    assert_ne!(int(&again["id"]), id);
    assert_eq!(int(&again["maxTotal"]), 100);
    let kept = inspector.post_data("/api/recordTool/visit/detail", json!({"id": id})).await;
    assert_eq!((kept["scores"].as_array().unwrap().len(), int(&kept["maxTotal"])), (keys.len(), max_total));

    // Deleting: the teacher may not; the visitor may.
    refused(&teacher, "/api/recordTool/visit/delete", json!({"id": id}), NO_RIGHT).await;
    inspector.post_data("/api/recordTool/visit/delete", json!({"id": id})).await;
    refused(&inspector, "/api/recordTool/visit/detail", json!({"id": id}), MISSING).await;
    assert_eq!(int(&teacher.post_data("/api/recordTool/visits", span).await["total"]), 0);
}
