//! Feedback on content through HTTP and the push socket: error reports on questions, papers and
//! drive files; a file's owner told at once, a question's reporter told when a library editor
//! settles it (personal notices of types 3 and 6, pushed); the reports' summary counted against
//! the stored reports; block comments; the empty-content check.

use std::time::Duration;

use protocol::push::TypeCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(reports_are_told_and_settled, comments_and_the_content_check);

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

fn refused(res: &(u16, Value), status: u16) {
    assert_eq!(res.0, status, "{}", res.1);
    assert_ne!(res.1["code"].as_str(), Some("1"));
}

/// Waits for a push of `kind`, skipping others.
async fn expect(socket: &mut PushSocket, kind: TypeCode) -> protocol::push::PushContent {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        let push = socket.next_push(left).await.unwrap_or_else(|| panic!("no {kind:?} within 5 s"));
        if push.type_code == kind {
            return push.decode_content().unwrap();
        }
    }
}

async fn reports_are_told_and_settled(app: &TestApp) {
    storage::question::generate::generate(&app.state.db, 7, 30).await.unwrap();
    let teacher = app.login(TEACHER).await;
    let colleague = app.login(TEACHER2).await;
    let admin = app.login(ADMIN).await;
    let outsider = app.login(CONSULTANT).await;
    let page = teacher.post_data("/api/paper/search", json!({"subject": 54, "stage": 4, "pageSize": 1})).await;
    let question = int(&page["records"][0]["questionId"]);

    let report = |tags: Value, content: &str| json!({"targetType": 1, "targetId": question, "tags": tags, "content": content});
    for bad in [report(json!(["nope"]), "x"), report(json!([]), " "), json!({"targetType": 9, "targetId": question, "content": "x"})] {
        refused(&teacher.post("/api/feedback/submit", bad).await, 400);
    }
    let mut teacher_socket = teacher.socket(None).await;
    teacher_socket.expect_connected().await;
    let first = teacher.post_data("/api/feedback/submit", report(json!(["answer", "stem"]), "答案应为 C")).await;
    colleague.post_data("/api/feedback/submit", report(json!(["answer"]), "答案错了")).await;
    colleague.post_data("/api/feedback/submit", report(json!(["analysis"]), "解析跳步")).await;
    assert_eq!((first["status"].as_i64(), first["tags"].clone()), (Some(0), json!(["answer", "stem"])));
    let common = teacher.post_data("/api/feedback/queryCommonData", json!({"targetType": 1, "targetId": question})).await;
    assert_eq!((common["myOpenCount"].as_i64(), common["totalCount"].as_i64()), (Some(1), Some(3)));
    assert_eq!(teacher.data("/api/feedback/queryTagList").await["tagList"].as_array().unwrap().len(), 7);

    // The summary counts the stored reports by tag (editors only).
    refused(&teacher.get(&format!("/api/feedback/more/ai/summary?targetType=1&targetId={question}")).await, 403);
    let summary = admin.data(&format!("/api/feedback/more/ai/summary?targetType=1&targetId={question}")).await;
    let stored: Vec<(String,)> = sqlx::query_as("SELECT tags FROM content_feedback WHERE target_type = 1 AND target_id = $1")
        .bind(question)
        .fetch_all(app.state.db.pool())
        .await
        .unwrap();
    let count = |tag: &str| stored.iter().filter(|(t,)| serde_json::from_str::<Vec<String>>(t).unwrap().iter().any(|x| x == tag)).count() as i64;
    let by_tag: Vec<(String, i64)> = summary["byTag"].as_array().unwrap().iter().map(|t| (t["code"].as_str().unwrap().to_owned(), int(&t["count"]))).collect();
    assert_eq!(by_tag, vec![("stem".into(), count("stem")), ("answer".into(), count("answer")), ("analysis".into(), count("analysis"))]);
    assert_eq!((summary["total"].as_i64(), summary["aiSummary"].is_null()), (Some(3), true), "no AI provider in the tests");

    // Settled by an editor: the reporter is told (a type-6 notice, pushed).
    let id = int(&first["feedbackId"]);
    refused(&teacher.post("/api/feedback/handle", json!({"feedbackId": id, "accept": true})).await, 403);
    let settled = admin.post_data("/api/feedback/handle", json!({"feedbackId": id, "accept": true, "reply": "已修正答案"})).await;
    assert_eq!((settled["status"].as_i64(), settled["reply"].as_str()), (Some(1), Some("已修正答案")));
    refused(&admin.post("/api/feedback/handle", json!({"feedbackId": id, "accept": false})).await, 409);
    let pushed = expect(&mut teacher_socket, TypeCode::ItemErrorReportConfirmed).await;
    assert_eq!((pushed.kind, pushed.value.as_ref().unwrap()["reportId"].as_i64()), (Some(6), Some(id)));
    let notices = teacher.data("/api/exam/notice/personal/unread").await;
    assert!(notices.as_array().unwrap().iter().any(|n| n["type"] == 6 && int(&n["id"]) == int(&json!(pushed.id.unwrap()))));
    let mine = teacher.data("/api/itemreporterror/getUserReportError").await;
    assert_eq!((mine.as_array().unwrap().len(), mine[0]["status"].as_i64()), (1, Some(1)));

    // A report on a team file tells its owner at once; the report is theirs and the reporter's.
    let team = int(&teacher.post_data("/api/team/create", json!({"name": "数学组"})).await["teamId"]);
    teacher.post_data("/api/team/member/add", json!({"teamId": team, "emails": [TEACHER2], "role": 3})).await;
    let up = teacher.post_data("/api/resource/getUploadUrl", json!({"fileName": "讲义.pdf"})).await;
    let res = reqwest::Client::new().put(app.url(up["uploadUrl"].as_str().unwrap())).body(vec![7u8; 64]).send().await.unwrap();
    assert!(res.status().is_success());
    let file = int(&teacher.post_data("/api/document/create", json!({"parentId": 0, "teamId": team, "fileId": up["fileId"]})).await["id"]);
    let on_file = colleague.post_data("/api/feedback/submit", json!({"targetType": 3, "targetId": file, "tags": ["file"], "content": "打不开"})).await;
    let pushed = expect(&mut teacher_socket, TypeCode::FileErrorReported).await;
    assert_eq!((pushed.kind, pushed.value.as_ref().unwrap()["reportId"].as_i64()), (Some(3), on_file["feedbackId"].as_i64()));
    let path = format!("/api/filereporterror/{}", int(&on_file["feedbackId"]));
    assert_eq!(teacher.data(&path).await["content"], "打不开");
    assert_eq!(colleague.data(&path).await["targetTitle"], "讲义.pdf");
    refused(&outsider.get(&path).await, 404);
    refused(&outsider.post("/api/feedback/submit", json!({"targetType": 3, "targetId": file, "content": "x"})).await, 404);
    refused(&admin.post("/api/feedback/handle", json!({"feedbackId": on_file["feedbackId"], "accept": true})).await, 404);
    assert_eq!(teacher.data(&format!("/api/feedback/more/ai/summary?targetType=3&targetId={file}")).await["total"], 1, "a file's owner reads its reports");
}

async fn comments_and_the_content_check(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let other = app.login(TEACHER2).await;
    let admin = app.login(ADMIN).await;
    let paper = teacher.post_data("/api/paper/package", json!({"paperList": [{"atlasId": 112}], "subject": 54, "stage": 4, "paperType": 5, "treeId": 1})).await;
    let paper_id = int(&paper["paperId"]);
    let check = teacher.data(&format!("/api/feedback/preCheckContentIsEmpty?paperId={paper_id}")).await;
    assert_eq!((check["empty"].as_bool(), check["emptySections"].clone()), (Some(false), json!(["workedExamples", "classPractice", "homework"])));
    let series = admin.post_data("/api/teachingAuxiliary/addOrUpdateSeries", json!({"name": "s", "subject": 54, "stage": 4})).await;
    let aid = admin.post_data("/api/teachingAuxiliary/addOrUpdate", json!({"seriesId": series["id"], "title": "新教辅"})).await;
    assert_eq!(admin.data(&format!("/api/feedback/preCheckContentIsEmpty?paperId={}", aid["paperId"])).await["empty"], true, "a title alone is no content");

    let note = teacher
        .post_data("/api/feedback/blockCommentData/addOrUpdate", json!({"paperId": paper_id, "blockKey": "section:knowledgeReview", "content": "补一道例题"}))
        .await;
    teacher
        .post_data("/api/feedback/blockCommentData/addOrUpdate", json!({"paperId": paper_id, "blockKey": "heading:knowledgeReview:0", "content": "标题改短"}))
        .await;
    for bad in [
        json!({"paperId": paper_id, "blockKey": "section:nope", "content": "x"}),
        json!({"paperId": paper_id, "blockKey": "heading:homework:x", "content": "x"}),
        json!({"paperId": paper_id, "blockKey": "section:homework", "content": " "}),
    ] {
        refused(&teacher.post("/api/feedback/blockCommentData/addOrUpdate", bad).await, 400);
    }
    refused(&other.post("/api/feedback/blockCommentData/addOrUpdate", json!({"paperId": paper_id, "blockKey": "section:homework", "content": "x"})).await, 404);
    teacher
        .post_data(
            "/api/feedback/blockCommentData/addOrUpdate",
            json!({"commentId": note["commentId"], "paperId": paper_id, "blockKey": "section:knowledgeReview", "content": "补两道例题"}),
        )
        .await;
    let block = teacher.post_data("/api/feedback/blockCommentData/query", json!({"paperId": paper_id, "blockKey": "section:knowledgeReview"})).await;
    assert_eq!((block.as_array().unwrap().len(), block[0]["content"].as_str(), block[0]["mine"].as_bool()), (1, Some("补两道例题"), Some(true)));
    assert_eq!(teacher.post_data("/api/feedback/blockCommentData/query", json!({"paperId": paper_id})).await.as_array().unwrap().len(), 2);
    refused(&other.post("/api/feedback/blockCommentData/query", json!({"paperId": paper_id})).await, 404);
}
