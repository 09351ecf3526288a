//! Lesson feedback reports: the co-edited document `feedback/{id}` of their teacher (and the
//! members it is shared with), nobody else's.

use futures_util::FutureExt;
use serde_json::{json, Value};

use super::fixtures::{lesson_ahead, owner_class, Pick};
use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

/// One of the client's drive files (uploaded and saved): its resource id.
async fn drive_file(app: &TestApp, client: &Client, name: &str) -> Value {
    let url = client.post_data("/api/resource/getUploadUrl", json!({"fileName": name})).await;
    let res = reqwest::Client::new().put(app.url(url["uploadUrl"].as_str().unwrap())).body(vec![7u8; 1000]).send().await.unwrap();
    assert_eq!(res.status(), 200, "the upload of {name}");
    client.post_data("/api/resource/save", json!({"fileId": url["fileId"]})).await["id"].clone()
}

pub fn kind() -> Kind {
    Kind {
        name: "feedback report",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["reportId"],
        not_probed: vec![],
        // A report is one per lesson and student, so each fixture has a lesson of its own: made in
        // storage (no call schedules lessons), on the owner's one-to-one class, two months ahead
        // (out of every "coming days" list). The report and all its content are made through the
        // API: knowledge points, their practices and the answer sheet, a formula, a picture and an
        // attached drive file (and a second file, not attached, for `resource/add`). It is left a
        // draft: confirming and submitting are probes.
        create: |app, owner| {
            async move {
                let (class, student) = owner_class(app, owner, storage::teaching::CLASS_ONE_TO_ONE, Pick::First).await;
                let lesson = lesson_ahead(app, owner, &class, 60, "矩阵课节").await;
                let report = owner.post_data("/api/report/feedback/v2/init", json!({"lessonId": lesson, "studentId": student})).await["reportId"].clone();
                assert!(report.is_i64(), "a report id: {report}");

                owner.post_data("/api/report/feedback/knwledages/update", json!({"reportId": report, "items": ["导数的概念", "导数的运算"]})).await;
                let practices = owner.post_data(&format!("/api/report/feedback/practice/refresh?reportId={report}"), json!({})).await;
                let question = practices[0]["questionId"].clone();
                assert!(question.is_string(), "a practice: {practices}");
                owner.post_data("/api/dataCollector/task/1v1/create/draft/answerSheet", json!({"reportId": report})).await;
                let formula = owner.post_data("/api/report/feedback/formula/save", json!({"reportId": report, "latex": "f'(x)=2x"})).await["id"].clone();
                let pictures = owner
                    .post_data(
                        "/api/report/feedback/learning/picture/save",
                        json!({"reportId": report, "pictures": [{"url": "https://img.example/1.png", "name": "板书"}]}),
                    )
                    .await;
                let picture = pictures[0]["id"].clone();
                let resource = drive_file(app, owner, "讲义.pdf").await;
                owner.post_data("/api/report/feedback/v2/resource/add", json!({"reportId": report, "resourceId": resource})).await;
                let spare = drive_file(app, owner, "练习.pdf").await;
                Vars::from([
                    ("id".to_owned(), report),
                    ("questionId".to_owned(), question),
                    ("formulaId".to_owned(), formula),
                    ("pictureId".to_owned(), picture),
                    ("resourceId".to_owned(), resource),
                    ("spareResourceId".to_owned(), spare),
                ])
            }
            .boxed_local()
        },
        // The detail (status, counts, sections, formulas, pictures, resources), the figures
        // (knowledge points, shown practices, answers, accuracy), the practices still to answer,
        // the corrected answers, the recycling flag, and the preview token, which names the
        // preview links' generation (revoking bumps it). Generating the token also notes the
        // report's first export in the feedback statistics, which none of this shows.
        read: |owner, vars| {
            async move {
                let id = &vars["id"];
                let body = json!({"reportId": id});
                let detail = owner.post_data("/api/report/feedback/v2/detail", body.clone()).await;
                let model = owner.data(&format!("/api/report/feedback/queryModelData?reportId={id}")).await;
                let practices = owner.post_data("/api/report/feedback/practice/check", body.clone()).await;
                let corrected = owner.data(&format!("/api/dataCollector/1v1/card/getCorrectAnswerSheets?reportId={id}")).await;
                let no_recycle = owner.data(&format!("/api/report/feedback/v2/noRecycle/check?reportId={id}")).await;
                let preview = owner.post_data("/api/report/feedback/qrcode/generate", body).await;
                json!({
                    "detail": detail,
                    "model": model,
                    "practices": practices,
                    "corrected": corrected,
                    "noRecycle": no_recycle,
                    "previewToken": preview["token"],
                })
            }
            .boxed_local()
        },
        probes: vec![
            // Reads.
            Probe::new("POST /api/report/feedback/v2/detail", r#"{"reportId": "{{id}}"}"#),
            Probe::new("POST /api/report/feedback/v2/expireTime/get", r#"{"reportId": "{{id}}"}"#),
            Probe::new("POST /api/report/feedback/block/check", r#"{"reportId": "{{id}}"}"#),
            Probe::new("POST /api/report/feedback/practice/check", r#"{"reportId": "{{id}}"}"#),
            Probe::new("POST /api/report/feedback/collection/hasItem/check", r#"{"reportId": "{{id}}"}"#),
            Probe::new("POST /api/report/feedback/v2/selectContent/list", r#"{"reportId": "{{id}}"}"#),
            Probe::new("POST /api/report/feedback/v2/picture/list", r#"{"reportId": "{{id}}"}"#),
            Probe::new("POST /api/report/feedback/formula/list", r#"{"reportId": "{{id}}"}"#),
            Probe::new("POST /api/report/feedback/lastReview/todoList", r#"{"reportId": "{{id}}"}"#),
            Probe::new("POST /api/report/feedback/lastTime/todoList", r#"{"reportId": "{{id}}"}"#),
            Probe::new("GET /api/report/feedback/knowledge/history/record?reportId={{id}}", ""),
            Probe::new("GET /api/report/feedback/v2/noRecycle/check?reportId={{id}}", ""),
            Probe::new("GET /api/report/feedback/queryModelData?reportId={{id}}", ""),
            Probe::new("GET /api/report/feedback/queryUploadGioData?reportId={{id}}", ""),
            Probe::new("GET /api/dataCollector/1v1/card/getCorrectAnswerSheets?reportId={{id}}", ""),
            // Sharing: the preview link and ending its links.
            Probe::new("POST /api/report/feedback/qrcode/generate", r#"{"reportId": "{{id}}"}"#),
            Probe::new("POST /api/report/feedback/shareLink/revoke", r#"{"reportId": "{{id}}"}"#),
            // Text and list sections.
            Probe::new("POST /api/report/feedback/course/summary/save", r#"{"reportId": "{{id}}", "content": "掌握了导数的定义"}"#),
            Probe::new("POST /api/report/feedback/course/performance/save", r#"{"reportId": "{{id}}", "content": "认真"}"#),
            Probe::new("POST /api/report/feedback/teacherMessage/save", r#"{"reportId": "{{id}}", "content": "继续加油"}"#),
            Probe::new("POST /api/report/feedback/homework/save", r#"{"reportId": "{{id}}", "content": "练习册第 3 页"}"#),
            Probe::new("POST /api/report/feedback/nextSectionPreview/save", r#"{"reportId": "{{id}}", "content": "导数的应用"}"#),
            Probe::new("POST /api/report/feedback/lastReview/save", r#"{"reportId": "{{id}}", "items": ["复习第一章", "完成练习册"]}"#),
            Probe::new("POST /api/report/feedback/knwledages/update", r#"{"reportId": "{{id}}", "items": ["导数的运算"]}"#),
            // Formulas.
            Probe::new("POST /api/report/feedback/formula/save", r#"{"reportId": "{{id}}", "id": "{{formulaId}}", "latex": "f'(x)=3x^2"}"#),
            Probe::new("POST /api/report/feedback/formula/remove", r#"{"reportId": "{{id}}", "id": "{{formulaId}}"}"#),
            // Practices and the answer sheet.
            Probe::new("POST /api/report/feedback/practice/refresh?reportId={{id}}", "{}"),
            Probe::new("POST /api/report/feedback/v2/question/show/set", r#"{"reportId": "{{id}}", "questionId": "{{questionId}}", "show": false}"#),
            Probe::new("POST /api/report/feedback/v2/accuracy/update", r#"{"reportId": "{{id}}", "accuracy": 87.5}"#),
            Probe::new("POST /api/dataCollector/task/1v1/create/draft/answerSheet", r#"{"reportId": "{{id}}"}"#),
            Probe::new(
                "POST /api/dataCollector/1v1/single/submit",
                r#"{"reportId": "{{id}}", "questionId": "{{questionId}}", "answer": "2x", "correct": true}"#,
            ),
            // Pictures.
            Probe::new(
                "POST /api/report/feedback/learning/picture/save",
                r#"{"reportId": "{{id}}", "pictures": [{"url": "https://img.example/2.png", "name": "作业"}]}"#,
            ),
            Probe::new("POST /api/report/feedback/picture/save", r#"{"reportId": "{{id}}", "id": "{{pictureId}}", "remark": "第二题的解法"}"#),
            // Resources and their sync to the lesson's other reports (the fixture's lesson has none).
            Probe::new("POST /api/report/feedback/v2/resource/add", r#"{"reportId": "{{id}}", "resourceId": "{{spareResourceId}}"}"#),
            Probe::new("POST /api/report/feedback/v2/resource/label/change", r#"{"reportId": "{{id}}", "resourceId": "{{resourceId}}", "label": "重点"}"#),
            Probe::new("POST /api/report/feedback/v2/resource/remove", r#"{"reportId": "{{id}}", "resourceId": "{{resourceId}}"}"#),
            Probe::new("POST /api/report/feedback/v2/resource/syncCount", r#"{"reportId": "{{id}}"}"#),
            Probe::new("POST /api/report/feedback/syncLessonResource", r#"{"reportId": "{{id}}"}"#),
            Probe::new("POST /api/report/feedback/v2/syncLessonResource", r#"{"reportId": "{{id}}"}"#),
            // Flags and the lifecycle: the fixture is a draft, so the owner confirms it.
            Probe::new("POST /api/report/feedback/v2/noRecycle/save", r#"{"reportId": "{{id}}", "noRecycle": true}"#),
            Probe::new("POST /api/report/feedback/confirm", r#"{"reportId": "{{id}}"}"#),
            // No AI provider here: the owner's comment is refused for that, after the report was
            // found theirs to edit.
            Probe::new("POST /api/report/feedback/ai/content", r#"{"reportId": "{{id}}"}"#).owner_meets("C0001"),
            Probe::new("POST /api/dataCollector/report/analyze/ai/teacher/comment", r#"{"reportId": "{{id}}"}"#).owner_meets("C0001"),
        ],
    }
}
