//! AI paper tasks, question allocation, library queries and personal reedit against a fake
//! OpenAI-compatible provider run as a real HTTP server: a paper's photo goes to the vision model
//! as a data URL, the questions it answers (malformed ones left out) become the task's, progress
//! and the end are pushed; the teacher edits them and saves them into their own questions of the
//! bank (and the basket), each linked to the bank question it became; an unreadable answer fails
//! the task clearly; tasks stay their owner's. Allocations and library hits are checked against
//! the stored questions; a reedit drops the later turns and streams a new reply.

use std::collections::HashMap;
use std::time::Duration;

use actix_web::{web, HttpResponse};
use base64::Engine;
use protocol::push::{PushContent, TypeCode};
use serde_json::{json, Value};

use crate::helpers::*;

/// The vision model's answer: two good questions and one malformed (one option).
fn recognised() -> String {
    let questions = json!({"questions": [
        {"type": 1, "stem": "函数 $f(x)=x^2$ 的最小值是", "options": ["$-1$", "$0$", "$1$", "$2$"], "answer": "b", "analysis": "配方", "difficulty": 2},
        {"type": 1, "stem": "只有一个选项的坏题", "options": ["甲"], "answer": "A"},
        {"type": "填空题", "stem": "二次函数 $y=x^2-2x$ 的对称轴是直线____", "answer": "$x=1$"},
    ]});
    format!("识别结果如下：\n```json\n{questions}\n```")
}

/// The fake provider: whole answers for papers (the user content is a list holding a file;
/// a title with 模糊 gets prose, with 故障 a 500), streamed replies for the assistant.
fn fake_provider() -> FakeAi {
    FakeAi::start(|body: Value| async move {
        if body["stream"] != true {
            let title = body["messages"][1]["content"][0]["text"].as_str().unwrap_or_default().to_owned();
            if title.contains("故障") {
                return HttpResponse::InternalServerError().json(json!({"error": {"message": "boom"}}));
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
            let answer = if title.contains("模糊") { "抱歉，图片太模糊，无法识别。".to_owned() } else { recognised() };
            return HttpResponse::Ok().json(json!({"choices": [{"message": {"content": answer}}], "usage": {"total_tokens": 1234}}));
        }
        let last = body["messages"].as_array().and_then(|m| m.last()).and_then(|m| m["content"].as_str()).unwrap_or_default().to_owned();
        let events = vec![
            format!("data: {}\n\n", json!({"choices": [{"delta": {"content": "回答："}}]})),
            format!("data: {}\n\n", json!({"choices": [{"delta": {"content": last}}]})),
            "data: [DONE]\n\n".to_owned(),
        ];
        let stream = futures_util::stream::iter(events.into_iter().map(|e| Ok::<_, actix_web::Error>(web::Bytes::from(e))));
        HttpResponse::Ok().content_type("text/event-stream").streaming(stream)
    })
}

async fn spawn_with(backend: Backend, base_url: String) -> TestApp {
    let mut ai = api::config::AiConfig::new(base_url, Some("sk-test".into()), "edu-chat".into());
    ai.vision_model = "edu-vision".into();
    ai.requests_per_minute = 100;
    TestApp::spawn_on(TestDatabase::create(backend).await, SpawnOptions { ai: Some(ai), ..Default::default() }).await
}

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

fn refused(res: &(u16, Value), status: u16, needle: &str) {
    assert_eq!(res.0, status, "{}", res.1);
    assert_ne!(res.1["code"].as_str(), Some("1"));
    assert!(res.1["msg"].as_str().unwrap_or_default().contains(needle), "{} lacks {needle}", res.1);
}

async fn upload(c: &Client, name: &str, bytes: Vec<u8>) -> String {
    let (status, body) = c.post_raw(&format!("/api/cos/upload?fileName={name}"), "application/octet-stream", bytes).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["fileId"].as_str().unwrap().to_owned()
}

/// The task pushes until one reaches a final state (3 recognised or 4 failed): the last, and
/// every status seen.
async fn task_ends(socket: &mut PushSocket, task: i64) -> (Value, Vec<i64>) {
    let mut statuses = Vec::new();
    loop {
        let push = socket.next_push(Duration::from_secs(15)).await.expect("the task moves on");
        if push.type_code != TypeCode::AiPaperTaskProgress {
            continue;
        }
        let content: PushContent = push.decode_content().unwrap();
        let value = content.value.unwrap();
        if int(&value["taskId"]) != task {
            continue;
        }
        statuses.push(int(&value["status"]));
        if matches!(int(&value["status"]), 3 | 4) {
            return (value, statuses);
        }
    }
}

#[actix_web::test]
async fn papers_are_recognised_edited_and_saved_sqlite() {
    papers_are_recognised_edited_and_saved(Backend::Sqlite).await;
}

#[actix_web::test]
async fn papers_are_recognised_edited_and_saved_postgres() {
    papers_are_recognised_edited_and_saved(Backend::Postgres).await;
}

async fn papers_are_recognised_edited_and_saved(backend: Backend) {
    let provider = fake_provider();
    let base_url = provider.base_url.clone();
    let app = spawn_with(backend, base_url).await;
    let teacher = app.login(TEACHER).await;
    let other = app.login(TEACHER2).await;
    let me = app.user_id(TEACHER).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;

    let photo: Vec<u8> = (0..3000u32).map(|i| (i % 253) as u8).collect();
    let file = upload(&teacher, "paper.png", photo.clone()).await;
    let task = teacher
        .post_data("/api/ai/paper/task/addOrUpdate", json!({"title": "期中试卷", "subject": 54, "stage": 4, "fileId": file, "knowledgeIds": [112]}))
        .await;
    let id = int(&task["taskId"]);
    assert_eq!((int(&task["status"]), task["fileName"].as_str()), (0, Some("paper.png")));

    // Recognised as a job: waiting, then pushed as it goes, then recognised with the good questions.
    let queued = teacher.post_data("/api/ai/paper/task/recognize", json!({"taskId": id})).await;
    assert_eq!(int(&queued["status"]), 1);
    let (done, statuses) = task_ends(&mut socket, id).await;
    assert_eq!((int(&done["status"]), int(&done["questionCount"]), done["model"].as_str()), (3, 2, Some("edu-vision")), "{done}");
    assert!(statuses.contains(&2), "recognising was pushed: {statuses:?}");
    // The vision model got the photo itself, as a data URL, with the instruction.
    let call = provider.bodies().into_iter().find(|b| b["stream"] != true).unwrap();
    assert_eq!(call["model"], "edu-vision");
    assert!(call["messages"][0]["content"].as_str().unwrap().contains("JSON"));
    let url = call["messages"][1]["content"][1]["image_url"]["url"].as_str().unwrap().to_owned();
    let data = url.strip_prefix("data:image/png;base64,").expect("a PNG data URL");
    assert_eq!(base64::engine::general_purpose::STANDARD.decode(data).unwrap(), photo);

    let page = teacher.post_data("/api/ai/paper/task/questions", json!({"taskId": id})).await;
    assert_eq!(int(&page["total"]), 2);
    let items = page["records"].as_array().unwrap().clone();
    assert_eq!((items[0]["answer"].as_str(), int(&items[0]["difficulty"])), (Some("B"), 2));
    assert_eq!((int(&items[1]["questionType"]), items[1]["options"].as_array().unwrap().len(), int(&items[1]["difficulty"])), (3, 0, 3));
    let blanks = teacher.post_data("/api/ai/paper/task/questions", json!({"taskId": id, "questionType": 3})).await;
    assert_eq!(int(&blanks["total"]), 1);

    // The teacher corrects the second and adds a worked question on its own point.
    let mut edited = items.clone();
    edited[1]["analysis"] = json!("对称轴 $x=-\\frac{b}{2a}=1$");
    edited.push(json!({"questionType": 4, "stem": "求 $y=x^2-4x+3$ 的顶点坐标", "answer": "$(2,-1)$", "knowledgeIds": [113]}));
    let bad = with(
        &json!({"taskId": id, "title": "期中试卷", "subject": 54, "stage": 4, "fileId": file, "knowledgeIds": [112]}),
        json!({"questions": [
            {"questionType": 1, "stem": "x", "options": ["a"], "answer": "A"}
        ]}),
    );
    refused(&teacher.post("/api/ai/paper/task/addOrUpdate", bad).await, 400, "第1题：选择题需有2到6个选项");
    let body = json!({"taskId": id, "title": "期中试卷（订正）", "subject": 54, "stage": 4, "knowledgeIds": [112], "questions": edited});
    let updated = teacher.post_data("/api/ai/paper/task/addOrUpdate", body).await;
    assert_eq!((int(&updated["questionCount"]), int(&updated["status"])), (3, 3), "editing keeps it recognised: {updated}");
    let relation = teacher.post_data("/api/ai/paper/task/relation", json!({"taskId": id})).await;
    assert!(relation.as_array().unwrap().iter().all(|r| r["savedQuestionId"].is_null()));

    // An update that names no file keeps the task's.
    let kept = teacher.post_data("/api/ai/paper/task/details", json!({"taskId": id})).await;
    assert_eq!((kept["fileId"].as_str(), kept["fileName"].as_str()), (Some(file.as_str()), Some("paper.png")));

    // Saved into the teacher's own questions (the task's point, or the question's), and the
    // basket — once, even when two saves race.
    let save = json!({"taskId": id, "addToBasket": true});
    let (first, second) = futures_util::join!(teacher.post("/api/ai/paper/task/save", save.clone()), teacher.post("/api/ai/paper/task/save", save.clone()));
    assert_eq!((first.1["code"].as_str(), second.1["code"].as_str()), (Some("1"), Some("1")), "{} {}", first.1, second.1);
    let saved = teacher.post_data("/api/ai/paper/task/save", json!({"taskId": id})).await;
    let saved = json!({"questionIds": saved["questionIds"], "task": saved["task"], "inBasket": first.1["data"]["inBasket"].as_i64().max(second.1["data"]["inBasket"].as_i64())});
    let question_ids: Vec<i64> = saved["questionIds"].as_array().unwrap().iter().map(int).collect();
    assert_eq!((question_ids.len(), int(&saved["task"]["status"]), int(&saved["inBasket"])), (3, 5, 3), "{saved}");
    let points: Vec<(i64, i64)> = sqlx::query_as("SELECT question_id, node_id FROM question_points").fetch_all(app.state.db.pool()).await.unwrap();
    let points: HashMap<i64, Vec<i64>> = points.into_iter().fold(HashMap::new(), |mut m, (q, n)| {
        m.entry(q).or_default().push(n);
        m
    });
    for (i, qid) in question_ids.iter().enumerate() {
        let q = teacher.post_data("/api/question/xueke/detail", json!({"questionId": qid})).await;
        assert_eq!(int(&q["ownerId"]), me);
        let expected_stem = if i < 2 { items[i]["stem"].as_str().unwrap() } else { "求 $y=x^2-4x+3$ 的顶点坐标" };
        assert_eq!(q["stem"].as_str(), Some(expected_stem));
        assert_eq!(points[qid], vec![if i < 2 { 112 } else { 113 }]);
    }
    let relation = teacher.post_data("/api/ai/paper/task/relation", json!({"taskId": id})).await;
    let linked: Vec<i64> = relation.as_array().unwrap().iter().map(|r| int(&r["savedQuestionId"])).collect();
    assert_eq!(linked, question_ids);
    let basket = teacher.post_data("/api/basket/question/list", json!({})).await;
    assert_eq!(int(&basket["total"]), 3);
    // Saving again makes nothing new; the paper cannot be recognised over its saved questions.
    let again = teacher.post_data("/api/ai/paper/task/save", json!({"taskId": id})).await;
    assert_eq!(again["questionIds"], saved["questionIds"]);
    let count: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM questions WHERE owner_id = $1 AND deleted_at IS NULL").bind(me).fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(count, 3);
    refused(&teacher.post("/api/ai/paper/task/recognize", json!({"taskId": id})).await, 409, "不能重新识别");

    // Feedback with the pre-paper tags.
    let tags = teacher.data("/api/ai/paper/feedback/tags").await;
    assert!(tags["notUseful"].as_array().unwrap().iter().any(|t| t == "漏题"));
    refused(&teacher.post("/api/ai/paper/task/feedback", json!({"taskId": id, "useful": true, "tags": ["漏题"]})).await, 400, "没有这个标签");
    let judged = teacher.post_data("/api/ai/paper/task/feedback", json!({"taskId": id, "useful": true, "tags": ["识别准确"]})).await;
    assert_eq!(int(&judged["feedback"]), 1);

    // An answer with no questions in it fails the task clearly; a provider error too.
    for (title, needle) in [("模糊的试卷", "AI 未能读出"), ("故障试卷", "AI 服务返回错误")] {
        let t = teacher.post_data("/api/ai/paper/task/addOrUpdate", json!({"title": title, "subject": 54, "stage": 4, "fileId": file})).await;
        teacher.post_data("/api/ai/paper/task/recognize", json!({"taskId": t["taskId"]})).await;
        let (failed, _) = task_ends(&mut socket, int(&t["taskId"])).await;
        assert_eq!(int(&failed["status"]), 4);
        assert!(failed["error"].as_str().unwrap().contains(needle), "{failed}");
    }

    // The list, by words and state; another teacher sees none of it.
    let found = teacher.post_data("/api/ai/paper/task/search", json!({"keyword": "订正"})).await;
    assert_eq!((int(&found["total"]), int(&found["records"][0]["taskId"])), (1, id));
    assert_eq!(int(&teacher.post_data("/api/ai/paper/task/search", json!({"status": 4})).await["total"]), 2);
    assert_eq!(int(&teacher.post_data("/api/ai/paper/task/search", json!({})).await["total"]), 3);
    assert_eq!(int(&other.post_data("/api/ai/paper/task/search", json!({})).await["total"]), 0);
    for path in ["/api/ai/paper/task/details", "/api/ai/paper/task/recognize", "/api/ai/paper/task/relation", "/api/ai/paper/task/delete"] {
        refused(&other.post(path, json!({"taskId": id})).await, 404, "任务不存在");
    }
    // Someone else's upload is absent (as wherever an upload is named); a file that is no paper
    // is refused.
    refused(&other.post("/api/ai/paper/task/addOrUpdate", json!({"title": "x", "subject": 54, "stage": 4, "fileId": file})).await, 404, "试卷文件不存在");
    let text = upload(&teacher, "notes.docx", b"hello".to_vec()).await;
    refused(&teacher.post("/api/ai/paper/task/addOrUpdate", json!({"title": "x", "subject": 54, "stage": 4, "fileId": text})).await, 400, "只能识别");
    refused(&teacher.post("/api/ai/paper/task/addOrUpdate", json!({"title": " ", "subject": 54, "stage": 4})).await, 400, "标题");

    // Calls to the vision model are counted.
    let usage = teacher.post_data("/api/ai/usage", json!({})).await;
    let vision = usage["models"].as_array().unwrap().iter().find(|m| m["model"] == "edu-vision").cloned().unwrap();
    assert_eq!((int(&vision["calls"]), int(&vision["failed"])), (3, 1), "{usage}");

    teacher.post_data("/api/ai/paper/task/delete", json!({"taskId": id})).await;
    refused(&teacher.post("/api/ai/paper/task/details", json!({"taskId": id})).await, 404, "任务不存在");
    app.stop().await;
    provider.stop().await;
}

#[actix_web::test]
async fn without_a_provider_recognition_says_how_to_configure() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let teacher = app.login(TEACHER).await;
    let file = upload(&teacher, "paper.jpg", vec![1, 2, 3]).await;
    let task = teacher.post_data("/api/ai/paper/task/addOrUpdate", json!({"title": "试卷", "subject": 54, "stage": 4, "fileId": file})).await;
    let res = teacher.post("/api/ai/paper/task/recognize", json!({"taskId": task["taskId"]})).await;
    refused(&res, 503, "AI 服务未配置");
    assert_eq!(int(&teacher.post_data("/api/ai/paper/task/details", json!({"taskId": task["taskId"]})).await["status"]), 0, "still a draft");
    app.stop().await;
}

/// The spread the server must make: one at a time in turn, each point up to what it holds.
fn spread(available: &[i64], asked: i64) -> Vec<i64> {
    let mut out = vec![0; available.len()];
    let mut left = asked;
    while left > 0 && out.iter().zip(available).any(|(o, a)| o < a) {
        for (o, a) in out.iter_mut().zip(available) {
            if left > 0 && *o < *a {
                *o += 1;
                left -= 1;
            }
        }
    }
    out
}

#[actix_web::test]
async fn allocation_and_library_queries_read_the_bank() {
    let app = TestApp::spawn(Backend::Postgres).await;
    storage::question::generate::generate(&app.state.db, 7, 600).await.unwrap();
    let teacher = app.login(TEACHER).await;
    let me = app.user_id(TEACHER).await;

    // What each point holds by type, from the stored rows.
    let rows: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT p.node_id, q.question_type, COUNT(DISTINCT q.id) FROM question_points p JOIN questions q ON q.id = p.question_id \
         WHERE q.deleted_at IS NULL AND q.origin_id IS NULL AND (q.owner_id = 0 OR q.owner_id = $1) AND p.node_id IN (111, 112, 113) GROUP BY p.node_id, q.question_type",
    )
    .bind(me)
    .fetch_all(app.state.db.pool())
    .await
    .unwrap();
    let held = |point: i64, t: i64| rows.iter().find(|r| r.0 == point && r.1 == t).map_or(0, |r| r.2);
    let asked = [(1, 12), (4, 100)];
    let body = json!({"subject": 54, "stage": 4, "knowledgeIds": [111, 112, 113],
        "typeCounts": asked.iter().map(|(t, c)| json!({"questionType": t, "count": c})).collect::<Vec<_>>()});
    let allocation = teacher.post_data("/api/ai/question/allocate", body).await;
    for (t, count) in asked {
        let available: Vec<i64> = [111, 112, 113].iter().map(|p| held(*p, t)).collect();
        let expected = spread(&available, count);
        let cells: Vec<&Value> = allocation["cells"].as_array().unwrap().iter().filter(|c| int(&c["questionType"]) == t).collect();
        assert_eq!(cells.iter().map(|c| int(&c["available"])).collect::<Vec<_>>(), available, "type {t}");
        assert_eq!(cells.iter().map(|c| int(&c["allotted"])).collect::<Vec<_>>(), expected, "type {t}");
        let summary = allocation["types"].as_array().unwrap().iter().find(|x| int(&x["questionType"]) == t).unwrap();
        let allotted: i64 = expected.iter().sum();
        assert_eq!((int(&summary["asked"]), int(&summary["allotted"]), int(&summary["short"])), (count, allotted, count - allotted));
    }
    refused(
        &teacher
            .post("/api/ai/question/allocate", json!({"subject": 54, "stage": 4, "knowledgeIds": [], "typeCounts": [{"questionType": 1, "count": 1}]}))
            .await,
        400,
        "知识点",
    );
    refused(
        &teacher
            .post("/api/ai/question/allocate", json!({"subject": 54, "stage": 4, "knowledgeIds": [112], "typeCounts": [{"questionType": 9, "count": 1}]}))
            .await,
        400,
        "题型不存在",
    );

    // Library queries find what the bank search finds, quotable.
    let hits = teacher.post_data("/api/ai/library/query", json!({"keyword": "二次函数", "subject": 54, "stage": 4, "pageSize": 5})).await;
    let search = teacher.post_data("/api/paper/search", json!({"keyword": "二次函数", "subject": 54, "stage": 4, "pageSize": 5})).await;
    assert_eq!(hits["total"], search["total"]);
    assert!(int(&hits["total"]) > 0);
    for (hit, record) in hits["hits"].as_array().unwrap().iter().zip(search["records"].as_array().unwrap()) {
        assert_eq!(hit["questionId"], record["questionId"]);
        let quote = hit["quote"].as_str().unwrap();
        assert!(quote.starts_with(record["stem"].as_str().unwrap()));
        if !record["options"].as_array().unwrap().is_empty() {
            assert!(quote.contains("\nA. "), "{quote}");
        }
    }
    refused(&teacher.post("/api/ai/library/query", json!({"keyword": " ", "subject": 54, "stage": 4})).await, 400, "请输入");
    refused(&teacher.post("/api/ai/library/query", json!({"keyword": "函数", "subject": 54, "stage": 4, "pageSize": 50})).await, 400, "最多");
    app.stop().await;
}

/// The stream pieces of a reply, joined, once it is done.
async fn reply_text(socket: &mut PushSocket, reply: i64) -> String {
    let mut text = String::new();
    loop {
        let push = socket.next_push(Duration::from_secs(15)).await.expect("the reply goes on");
        if push.type_code != TypeCode::AiStream {
            continue;
        }
        let chunk = push.decode_content().unwrap().value.unwrap();
        if int(&chunk["messageId"]) != reply {
            continue;
        }
        text.push_str(chunk["delta"].as_str().unwrap());
        if chunk["done"] == true {
            return text;
        }
    }
}

#[actix_web::test]
async fn a_reedit_drops_later_turns_and_answers_again() {
    let provider = fake_provider();
    let base_url = provider.base_url.clone();
    let app = spawn_with(Backend::Sqlite, base_url).await;
    let teacher = app.login(TEACHER).await;
    let other = app.login(TEACHER2).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;

    let first = teacher.post_data("/api/ai/message/send", json!({"content": "第一问"})).await;
    let conversation = int(&first["conversation"]["conversationId"]);
    assert_eq!(reply_text(&mut socket, int(&first["reply"]["messageId"])).await, "回答：第一问");
    let second = teacher.post_data("/api/ai/message/send", json!({"conversationId": conversation, "content": "第二问"})).await;
    reply_text(&mut socket, int(&second["reply"]["messageId"])).await;

    // Another's message, and a reply, cannot be reedited.
    let question = int(&first["question"]["messageId"]);
    refused(&other.post("/api/ai/message/reedit", json!({"messageId": question, "content": "改"})).await, 404, "消息不存在");
    refused(&teacher.post("/api/ai/message/reedit", json!({"messageId": first["reply"]["messageId"], "content": "改"})).await, 404, "消息不存在");
    refused(&teacher.post("/api/ai/message/reedit", json!({"messageId": question, "content": " "})).await, 400, "消息需为");

    let again = teacher.post_data("/api/ai/message/reedit", json!({"messageId": question, "content": "第一问（改）"})).await;
    assert_eq!((int(&again["question"]["messageId"]), again["question"]["content"].as_str()), (question, Some("第一问（改）")));
    assert_eq!(reply_text(&mut socket, int(&again["reply"]["messageId"])).await, "回答：第一问（改）");
    // The provider saw only the changed message, not the dropped turns.
    let last = provider.bodies().last().cloned().unwrap();
    let sent: Vec<&str> = last["messages"].as_array().unwrap().iter().filter(|m| m["role"] == "user").map(|m| m["content"].as_str().unwrap()).collect();
    assert_eq!(sent, vec!["第一问（改）"]);
    let history = teacher.post_data("/api/ai/message/history", json!({"conversationId": conversation})).await;
    let contents: Vec<&str> = history["records"].as_array().unwrap().iter().map(|m| m["content"].as_str().unwrap()).collect();
    assert_eq!(contents, vec!["回答：第一问（改）", "第一问（改）"], "newest first, the later turns gone");
    app.stop().await;
    provider.stop().await;
}
