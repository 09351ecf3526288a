//! The rest of the report: practices and answer sheets, pictures, resources and lesson sync,
//! checks and flags, history, and the AI teacher comment through an OpenAI-compatible provider.

use std::time::Duration;

use actix_web::HttpResponse;
use serde_json::{json, Value};

use crate::collab::YClient;
use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(practices_answer_sheets_pictures_and_checks, resources_sync_to_the_lessons_reports, rest_saves_keep_list_items_of_other_shapes);

async fn practices_answer_sheets_pictures_and_checks(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let r = |extra: Value| {
        let mut body = json!({"reportId": 1});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        body
    };
    let check = teacher.post_data("/api/report/feedback/block/check", r(json!({}))).await;
    assert_eq!(check["complete"], false);
    assert_eq!(check["emptyBlocks"], json!(["courseSummary", "coursePerformance", "teacherMessage", "homework"]));
    for (path, text) in [("course/summary/save", "导数"), ("course/performance/save", "认真"), ("teacherMessage/save", "加油"), ("homework/save", "练习册")]
    {
        teacher.post_data(&format!("/api/report/feedback/{path}"), r(json!({"content": text}))).await;
    }
    assert_eq!(teacher.post_data("/api/report/feedback/block/check", r(json!({}))).await["complete"], true);

    // An editor watches the document while REST changes it.
    let mut editor = YClient::connect(app, &teacher, "feedback/1").await;
    teacher.post_data("/api/report/feedback/knwledages/update", r(json!({"items": ["导数的概念", "导数的运算", "不在图谱里的点"]}))).await;
    let practices = teacher.post_data("/api/report/feedback/practice/refresh?reportId=1", json!({})).await;
    assert_eq!(practices.as_array().unwrap().len(), 3);
    assert!(
        editor
            .wait_until(Duration::from_secs(5), |y| {
                use yrs::{Array, Transact};
                y.doc.get_or_insert_array("practices").len(&y.doc.transact()) == 3
            })
            .await,
        "practices are in the live document"
    );
    let hidden = practices[2]["questionId"].as_str().unwrap().to_owned();
    teacher.post_data("/api/report/feedback/v2/question/show/set", r(json!({"questionId": hidden, "show": false}))).await;
    let again = teacher.post_data("/api/report/feedback/practice/refresh?reportId=1", json!({})).await;
    assert_eq!(again[2]["show"], false, "refreshing keeps a kept point's question and its visibility");
    assert_eq!(teacher.post("/api/report/feedback/v2/question/show/set", r(json!({"questionId": "nope", "show": true}))).await.0, 404);

    let sheet = teacher.post_data("/api/dataCollector/task/1v1/create/draft/answerSheet", r(json!({}))).await;
    assert_eq!((sheet["status"].as_str(), sheet["items"].as_array().unwrap().len()), (Some("draft"), 2), "shown practices only");
    let check = teacher.post_data("/api/report/feedback/practice/check", r(json!({}))).await;
    assert_eq!((check["total"].as_i64(), check["answered"].as_i64()), (Some(2), Some(0)));
    let q0 = sheet["items"][0]["questionId"].as_str().unwrap().to_owned();
    let q1 = sheet["items"][1]["questionId"].as_str().unwrap().to_owned();
    let half = teacher.post_data("/api/dataCollector/1v1/single/submit", r(json!({"questionId": q0, "answer": "2x", "correct": true}))).await;
    assert_eq!(half["status"], "draft");
    let done = teacher.post_data("/api/dataCollector/1v1/single/submit", r(json!({"questionId": q1, "answer": "3", "correct": false}))).await;
    assert_eq!(done["status"], "submitted");
    assert_eq!(teacher.data("/api/dataCollector/1v1/card/getCorrectAnswerSheets?reportId=1").await.as_array().unwrap().len(), 2);
    let model = teacher.data("/api/report/feedback/queryModelData?reportId=1").await;
    assert_eq!((model["accuracy"].as_f64(), model["correct"].as_i64(), model["practiceCount"].as_i64()), (Some(50.0), Some(1), Some(2)), "{model}");
    assert_eq!(teacher.post("/api/dataCollector/1v1/single/submit", r(json!({"questionId": "nope", "answer": "x"}))).await.0, 404);
    assert_eq!(teacher.post_data("/api/report/feedback/v2/accuracy/update", r(json!({"accuracy": 87.46}))).await, 87.5);
    assert_eq!(teacher.post("/api/report/feedback/v2/accuracy/update", r(json!({"accuracy": 101}))).await.0, 400);

    let content = teacher.post_data("/api/report/feedback/v2/selectContent/list", r(json!({}))).await;
    let ids: Vec<Value> = content.as_array().unwrap().iter().map(|c| c["knowledgeBaseId"].clone()).collect();
    assert!(ids[0].as_i64().is_some() && ids[1].as_i64().is_some() && ids[2].is_null(), "atlas points get ids, others none: {content}");

    let pictures =
        teacher.post_data("/api/report/feedback/learning/picture/save", r(json!({"pictures": [{"url": "https://img.example/1.png", "name": "板书"}]}))).await;
    let picture_id = pictures[0]["id"].as_str().unwrap().to_owned();
    assert_eq!(pictures[0]["kind"], "learning");
    let changed = teacher.post_data("/api/report/feedback/picture/save", r(json!({"id": picture_id, "remark": "第二题的解法"}))).await;
    assert_eq!(changed["remark"], "第二题的解法");
    assert_eq!(teacher.post_data("/api/report/feedback/v2/picture/list", r(json!({}))).await.as_array().unwrap().len(), 1);
    for bad in [json!({"pictures": [{"url": "javascript:x", "name": "a"}]}), json!({"pictures": []})] {
        assert_eq!(teacher.post("/api/report/feedback/learning/picture/save", r(bad)).await.0, 400);
    }
    assert_eq!(teacher.post("/api/report/feedback/picture/save", r(json!({"id": "nope", "remark": "x"}))).await.0, 404);

    assert_eq!(teacher.data("/api/report/feedback/v2/noRecycle/check?reportId=1").await["noRecycle"], false);
    teacher.post_data("/api/report/feedback/v2/noRecycle/save", r(json!({"noRecycle": true}))).await;
    assert_eq!(teacher.data("/api/report/feedback/v2/noRecycle/check?reportId=1").await["noRecycle"], true);
    let gio = teacher.data("/api/report/feedback/queryUploadGioData?reportId=1").await;
    assert_eq!(gio["teacherEmail"], TEACHER);
    assert!(teacher.data("/api/report/feedback/knowledge/history/record?reportId=1").await.is_array());

    // Readers read, never write; strangers see nothing.
    let manager = app.login(MANAGER).await;
    assert_eq!(manager.post_data("/api/report/feedback/block/check", r(json!({}))).await["complete"], true);
    assert_eq!(manager.post("/api/report/feedback/v2/noRecycle/save", r(json!({"noRecycle": false}))).await.0, 403);
    let consultant = app.login(CONSULTANT).await;
    assert_eq!(consultant.get("/api/report/feedback/queryModelData?reportId=1").await.0, 404);

    // Without a provider the AI comment is refused clearly.
    let (status, body) = teacher.post("/api/report/feedback/ai/content", r(json!({}))).await;
    assert_eq!((status, body["code"].as_str()), (503, Some("C0001")));
    assert!(body["msg"].as_str().unwrap().contains("AI 服务未配置"));
    assert_eq!(teacher.data("/api/report/feedback/v2/common/config").await["aiConfigured"], false);
}

async fn upload_resource(app: &TestApp, client: &Client, name: &str) -> i64 {
    let url = client.post_data("/api/resource/getUploadUrl", json!({"fileName": name})).await;
    let res = reqwest::Client::new().put(app.url(url["uploadUrl"].as_str().unwrap())).body(vec![7u8; 1000]).send().await.unwrap();
    assert_eq!(res.status(), 200);
    client.post_data("/api/resource/save", json!({"fileId": url["fileId"]})).await["id"].as_i64().unwrap()
}

async fn resources_sync_to_the_lessons_reports(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    // A group lesson of the teacher with three students: one report each.
    let (lesson, students): (i64, Vec<i64>) = {
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT l.id, cs.student_id FROM lessons l JOIN users u ON u.id = l.teacher_id JOIN class_students cs ON cs.class_id = l.class_id \
             WHERE u.email = $1 AND l.class_id IN (SELECT class_id FROM class_students GROUP BY class_id HAVING COUNT(*) >= 3) ORDER BY l.id, cs.student_id",
        )
        .bind(TEACHER)
        .fetch_all(app.state.db.pool())
        .await
        .unwrap();
        let lesson = rows[0].0;
        (lesson, rows.iter().filter(|r| r.0 == lesson).map(|r| r.1).take(3).collect())
    };
    let mut reports = Vec::new();
    for student in &students {
        reports.push(teacher.post_data("/api/report/feedback/v2/init", json!({"lessonId": lesson, "studentId": student})).await["reportId"].as_i64().unwrap());
    }
    let (first, second, third) = (reports[0], reports[1], reports[2]);
    assert_eq!(teacher.post_data("/api/report/feedback/collection/hasItem/check", json!({"reportId": first})).await["hasItem"], false);

    let resource = upload_resource(app, &teacher, "讲义.pdf").await;
    let list = teacher.post_data("/api/report/feedback/v2/resource/add", json!({"reportId": first, "resourceId": resource})).await;
    assert_eq!(list[0]["name"], "讲义.pdf");
    assert_eq!(
        teacher.post_data("/api/report/feedback/v2/resource/add", json!({"reportId": first, "resourceId": resource})).await.as_array().unwrap().len(),
        1,
        "added once"
    );
    assert_eq!(
        teacher.post_data("/api/report/feedback/v2/resource/label/change", json!({"reportId": first, "resourceId": resource, "label": "重点"})).await["label"],
        "重点"
    );
    assert_eq!(
        teacher.post("/api/report/feedback/v2/resource/label/change", json!({"reportId": first, "resourceId": resource, "label": "长".repeat(21)})).await.0,
        400
    );
    assert_eq!(teacher.post_data("/api/report/feedback/collection/hasItem/check", json!({"reportId": first})).await["hasItem"], true);
    let others = app.login(TEACHER2).await;
    let theirs = upload_resource(app, &others, "别人的.pdf").await;
    assert_eq!(teacher.post("/api/report/feedback/v2/resource/add", json!({"reportId": first, "resourceId": theirs})).await.0, 404, "only one's own drive");

    // A submitted report is left as it is.
    teacher.post_data("/api/report/feedback/confirm", json!({"reportId": third})).await;
    teacher.post_data("/api/report/feedback/confirm", json!({"reportId": third, "fullSubmit": true})).await;
    let sync = teacher.post_data("/api/report/feedback/v2/syncLessonResource", json!({"reportId": first})).await;
    assert_eq!((sync["reports"].as_i64(), sync["syncCount"].as_i64()), (Some(1), Some(1)));
    let copied = teacher.post_data("/api/report/feedback/v2/detail", json!({"reportId": second})).await;
    assert_eq!(copied["resources"][0]["label"], "重点", "the second report has the resource with its label");
    assert_eq!(teacher.post_data("/api/report/feedback/collection/hasItem/check", json!({"reportId": third})).await["hasItem"], false);

    teacher.post_data("/api/report/feedback/v2/resource/remove", json!({"reportId": first, "resourceId": resource})).await;
    assert_eq!(teacher.post("/api/report/feedback/v2/resource/remove", json!({"reportId": first, "resourceId": resource})).await.0, 404);
}

/// An OpenAI-compatible endpoint that answers one fixed comment.
fn fake_ai() -> FakeAi {
    FakeAi::start(|_| async {
        HttpResponse::Ok().json(json!({"choices": [{"message": {"role": "assistant", "content": " 同学本节课专注认真，导数概念掌握扎实。 "}}]}))
    })
}

#[actix_web::test]
async fn ai_teacher_comment_comes_from_the_configured_provider() {
    let ai = fake_ai();
    let database = TestDatabase::create(Backend::Sqlite).await;
    let ai_config = api::config::AiConfig::new(ai.base_url.clone(), Some("sk-test".into()), "test-model".into());
    let app = TestApp::spawn_on(database, SpawnOptions { load_test: false, ai: Some(ai_config), ..Default::default() }).await;
    let teacher = app.login(TEACHER).await;
    assert_eq!(teacher.data("/api/report/feedback/v2/common/config").await["aiConfigured"], true);
    teacher.post_data("/api/report/feedback/knwledages/update", json!({"reportId": 1, "items": ["导数的概念"]})).await;
    let answer = teacher.post_data("/api/report/feedback/ai/content", json!({"reportId": 1})).await;
    assert_eq!(answer["content"], "同学本节课专注认真，导数概念掌握扎实。");
    let detail = teacher.post_data("/api/report/feedback/v2/detail", json!({"reportId": 1})).await;
    assert_eq!(detail["sections"]["aiTeacherComment"], "同学本节课专注认真，导数概念掌握扎实。", "written into the report");
    let requests = ai.calls();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].0.as_deref(), Some("Bearer sk-test"));
    assert_eq!(requests[0].1["model"], "test-model");
    assert!(requests[0].1["messages"][1]["content"].as_str().unwrap().contains("导数的概念"), "the prompt carries the report's facts");
    let alias = teacher.post_data("/api/dataCollector/report/analyze/ai/teacher/comment", json!({"reportId": 1})).await;
    assert_eq!(alias["content"], answer["content"]);
    // A reader may not have comments written into the report.
    assert_eq!(app.login(MANAGER).await.post("/api/report/feedback/ai/content", json!({"reportId": 1})).await.0, 403);
    ai.stop().await;
    // The provider gone: a clear error, and the comment already written stays.
    let (status, body) = teacher.post("/api/report/feedback/ai/content", json!({"reportId": 1})).await;
    assert_eq!((status, body["code"].as_str()), (503, Some("C0001")), "{body}");
    app.stop().await;
}

/// A list item a newer client wrote (another shape, or extra fields) survives every REST change.
async fn rest_saves_keep_list_items_of_other_shapes(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let key = storage::documents::doc_key("feedback", 1);
    let sticker = json!({"sticker": "🎉", "x": 3});
    let written = sticker.clone();
    app.state
        .hub
        .with_doc(&key, move |doc| {
            let items = vec![written, json!({"id": "p1", "url": "https://img.example/1.png", "name": "板书", "kind": "learning", "rotation": 90})];
            hub::doc::content::write_list(doc, "pictures", &items).map_err(hub::doc::error::DocError::Failed)
        })
        .await
        .unwrap();
    let listed = teacher.post_data("/api/report/feedback/v2/picture/list", json!({"reportId": 1})).await;
    assert_eq!(listed.as_array().unwrap().len(), 1, "the list shows the pictures it knows: {listed}");
    teacher.post_data("/api/report/feedback/picture/save", json!({"reportId": 1, "id": "p1", "remark": "很好"})).await;
    teacher
        .post_data("/api/report/feedback/learning/picture/save", json!({"reportId": 1, "pictures": [{"url": "https://img.example/2.png", "name": "作业"}]}))
        .await;
    let stored = app.state.hub.with_doc(&key, |doc| Ok(hub::doc::content::read_list(doc, "pictures"))).await.unwrap();
    assert_eq!(stored.len(), 3, "{stored:?}");
    assert_eq!(stored[0], sticker, "an item of another shape is kept as it is, in place");
    assert_eq!((stored[1]["remark"].as_str(), stored[1]["rotation"].as_i64()), (Some("很好"), Some(90)), "extra fields stay with their item");
    assert_eq!(stored[2]["name"], "作业");
}
