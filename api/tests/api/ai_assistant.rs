//! The AI assistant against a fake OpenAI-compatible provider run as a real HTTP server that
//! streams its reply in pieces with delays (or fails, or stops midway): the reply arrives over
//! the push socket in order and is stored; a tab reconnecting mid-reply gets the rest and no
//! duplicate, a new tab joins from the stored text and the pieces' offsets; interruption keeps
//! the partial reply; errors end the reply clearly; the limits refuse; the badge is pushed; usage
//! is counted from the calls; another user's conversations stay theirs.

use std::time::Duration;

use actix_web::{web, HttpResponse};
use protocol::push::{PushEnvelope, TypeCode};
use serde_json::{json, Value};

use crate::helpers::*;

/// The pieces of the fake provider's normal reply.
const PIECES: [&str; 6] = ["导数", "表示函数", "在某一点", "的瞬时变化率，", "记作 $f'(x)$", "。"];
/// A slow reply: this many pieces, one every 120 ms.
const SLOW_PIECES: usize = 40;

/// The fake provider: the reply depends on the last user message — `慢` slow, `失败` a 500,
/// `中途` two pieces then an error event; otherwise `PIECES` 30 ms apart with a usage count.
fn fake_provider() -> FakeAi {
    FakeAi::start(|body: Value| async move {
        let last = body["messages"].as_array().and_then(|m| m.last()).and_then(|m| m["content"].as_str()).unwrap_or_default().to_owned();
        if last.contains("失败") {
            return HttpResponse::InternalServerError().json(json!({"error": {"message": "boom"}}));
        }
        let event = |piece: &str| format!("data: {}\n\n", json!({"choices": [{"delta": {"content": piece}}]}));
        let (events, gap): (Vec<String>, u64) = if last.contains("慢") {
            ((0..SLOW_PIECES).map(|i| event(&format!("第{i}段。"))).chain(["data: [DONE]\n\n".to_owned()]).collect(), 120)
        } else if last.contains("中途") {
            (vec![event("前半"), event("部分"), format!("data: {}\n\n", json!({"error": {"message": "overloaded"}}))], 30)
        } else {
            let mut events: Vec<String> = PIECES.iter().map(|p| event(p)).collect();
            events.push(format!("data: {}\n\n", json!({"choices": [], "usage": {"total_tokens": 77}})));
            events.push("data: [DONE]\n\n".to_owned());
            (events, 30)
        };
        let stream = futures_util::stream::unfold(events.into_iter(), move |mut rest| async move {
            let next = rest.next()?;
            tokio::time::sleep(Duration::from_millis(gap)).await;
            Some((Ok::<_, actix_web::Error>(web::Bytes::from(next)), rest))
        });
        HttpResponse::Ok().content_type("text/event-stream").streaming(stream)
    })
}

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

/// The stream pieces of one reply as pushed: (envelope id, chunk).
async fn pieces_until_done(socket: &mut PushSocket, reply: i64) -> Vec<(i64, Value)> {
    let mut out = Vec::new();
    loop {
        let push: PushEnvelope = socket.next_push(Duration::from_secs(15)).await.expect("the reply goes on");
        if push.type_code != TypeCode::AiStream {
            continue;
        }
        let chunk = push.decode_content().unwrap().value.unwrap();
        if int(&chunk["messageId"]) != reply {
            continue;
        }
        let done = chunk["done"] == true;
        out.push((push.id.parse().unwrap(), chunk));
        if done {
            return out;
        }
    }
}

fn joined(pieces: &[(i64, Value)]) -> String {
    pieces.iter().map(|(_, c)| c["delta"].as_str().unwrap()).collect()
}

/// The pieces are in order: seq from `first_seq` up by one, each starting where the last ended.
fn in_order(pieces: &[(i64, Value)], first_seq: i64, first_offset: i64) {
    let mut offset = first_offset;
    for (i, (_, c)) in pieces.iter().enumerate() {
        assert_eq!(int(&c["seq"]), first_seq + i as i64, "{c}");
        assert_eq!(int(&c["offset"]), offset, "{c}");
        offset += c["delta"].as_str().unwrap().chars().count() as i64;
    }
}

async fn spawn_with(backend: Backend, base_url: String, limits: (i64, i64)) -> TestApp {
    let mut ai = api::config::AiConfig::new(base_url, Some("sk-test".into()), "edu-chat".into());
    ai.models.push("edu-reason".into());
    (ai.requests_per_minute, ai.tokens_per_day) = limits;
    TestApp::spawn_on(TestDatabase::create(backend).await, SpawnOptions { ai: Some(ai), ..Default::default() }).await
}

#[actix_web::test]
async fn replies_stream_and_are_stored_sqlite() {
    replies_stream_and_are_stored(Backend::Sqlite).await;
}

#[actix_web::test]
async fn replies_stream_and_are_stored_postgres() {
    replies_stream_and_are_stored(Backend::Postgres).await;
}

async fn replies_stream_and_are_stored(backend: Backend) {
    let provider = fake_provider();
    let base_url = provider.base_url.clone();
    let app = spawn_with(backend, base_url, (20, 1_000_000)).await;
    let teacher = app.login(TEACHER).await;
    let other = app.login(TEACHER2).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;

    let config = teacher.data("/api/ai/model/config").await;
    assert_eq!((config["configured"].as_bool(), config["models"].as_array().unwrap().len()), (Some(true), 2));
    assert_eq!(config["models"][0]["isDefault"], true);

    // A new conversation: the reply streams in order and is stored whole.
    let sent = teacher.post_data("/api/ai/message/send", json!({"content": "什么是导数？"})).await;
    let conversation = int(&sent["conversation"]["conversationId"]);
    let reply = int(&sent["reply"]["messageId"]);
    assert_eq!((int(&sent["reply"]["status"]), sent["conversation"]["title"].as_str()), (1, Some("什么是导数？")));
    let pieces = pieces_until_done(&mut socket, reply).await;
    in_order(&pieces, 1, 0);
    assert_eq!(joined(&pieces), PIECES.concat());
    assert_eq!(int(&pieces.last().unwrap().1["status"]), 2);
    let history = teacher.post_data("/api/ai/message/history", json!({"conversationId": conversation})).await;
    assert_eq!(int(&history["total"]), 2);
    assert_eq!((history["records"][0]["content"].as_str(), int(&history["records"][0]["status"])), (Some(PIECES.concat().as_str()), 2));
    assert_eq!(history["records"][1]["content"], "什么是导数？");
    {
        let requests = provider.bodies();
        assert_eq!(requests[0]["model"], "edu-chat");
        assert_eq!(requests[0]["stream"], true);
        let roles: Vec<&str> = requests[0]["messages"].as_array().unwrap().iter().map(|m| m["role"].as_str().unwrap()).collect();
        assert_eq!(roles, ["system", "user"]);
    }

    // The badge: the finished reply is unread until the conversation is opened.
    let badge = teacher.data("/api/ai/unread").await;
    assert_eq!((badge["hasProcessingTask"].as_bool(), int(&badge["unreadCount"])), (Some(false), 1));
    assert_eq!(int(&badge["unreadMsgList"][0]["messageId"]), reply);
    teacher.post_data("/api/ai/conversation/switch", json!({"conversationId": conversation})).await;
    loop {
        let push = socket.expect_push().await;
        if push.type_code == TypeCode::AiUnreadChanged && int(&push.decode_content().unwrap().value.unwrap()["unreadCount"]) == 0 {
            break;
        }
    }

    // A follow-up carries the conversation so far, with the other model.
    let sent = teacher.post_data("/api/ai/message/send", json!({"conversationId": conversation, "content": "举个例子", "model": "edu-reason"})).await;
    pieces_until_done(&mut socket, int(&sent["reply"]["messageId"])).await;
    {
        let requests = provider.bodies();
        let contents: Vec<&str> = requests[1]["messages"].as_array().unwrap().iter().skip(1).map(|m| m["content"].as_str().unwrap()).collect();
        assert_eq!(contents, ["什么是导数？", PIECES.concat().as_str(), "举个例子"]);
        assert_eq!(requests[1]["model"], "edu-reason");
    }

    // A slow reply: a tab reconnecting mid-reply from where it was gets the rest, no duplicate;
    // a new tab joins from the stored text and the pieces' offsets.
    let sent = teacher.post_data("/api/ai/message/send", json!({"conversationId": conversation, "content": "慢慢讲"})).await;
    let slow = int(&sent["reply"]["messageId"]);
    refused(&teacher.post("/api/ai/message/send", json!({"conversationId": conversation, "content": "再问"})).await, 409);
    let mut first = Vec::new();
    while first.len() < 3 {
        let push = socket.expect_push().await;
        if push.type_code == TypeCode::AiStream {
            first.push((push.id.parse::<i64>().unwrap(), push.decode_content().unwrap().value.unwrap()));
        }
    }
    let last_id = first.last().unwrap().0;
    socket.close().await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    let mut resumed = teacher.socket(Some(last_id)).await;
    resumed.expect_connected().await;
    let mut joining = teacher.socket(None).await;
    joining.expect_connected().await;
    let stored = teacher.post_data("/api/ai/message/history", json!({"conversationId": conversation, "pageSize": 1})).await["records"][0]["content"]
        .as_str()
        .unwrap()
        .to_owned();
    let rest = pieces_until_done(&mut resumed, slow).await;
    let mut whole = first.clone();
    whole.extend(rest);
    in_order(&whole, 1, 0);
    let full: String = (0..SLOW_PIECES).map(|i| format!("第{i}段。")).collect();
    assert_eq!(joined(&whole), full);
    let mut text = stored.clone();
    for (_, c) in pieces_until_done(&mut joining, slow).await {
        let (offset, delta) = (int(&c["offset"]) as usize, c["delta"].as_str().unwrap());
        let known = text.chars().count();
        if offset + delta.chars().count() > known {
            text.extend(delta.chars().skip(known.saturating_sub(offset)));
        }
    }
    assert_eq!(text, full, "the joining tab ends with the whole reply (it had {} characters from REST)", stored.chars().count());

    // Another user reaches none of it.
    for (path, body) in [
        ("/api/ai/conversation/switch", json!({"conversationId": conversation})),
        ("/api/ai/message/history", json!({"conversationId": conversation})),
        ("/api/ai/conversation/rename", json!({"conversationId": conversation, "title": "x"})),
        ("/api/ai/conversation/delete", json!({"conversationId": conversation})),
        ("/api/ai/message/interrupt", json!({"messageId": slow})),
        ("/api/ai/feedback/submit", json!({"messageId": slow, "useful": true})),
        ("/api/ai/message/send", json!({"conversationId": conversation, "content": "hi"})),
    ] {
        refused(&other.post(path, body).await, 404);
    }
    assert_eq!(int(&other.post_data("/api/ai/conversation/list", json!({})).await["total"]), 0);

    // Rename, feedback with its tags.
    refused(&teacher.post("/api/ai/conversation/rename", json!({"conversationId": conversation, "title": " "})).await, 400);
    let renamed = teacher.post_data("/api/ai/conversation/rename", json!({"conversationId": conversation, "title": "导数答疑"})).await;
    assert_eq!(renamed["title"], "导数答疑");
    let tags = teacher.data("/api/ai/feedback/tags").await;
    let tag = tags["useful"][0].as_str().unwrap().to_owned();
    refused(&teacher.post("/api/ai/feedback/submit", json!({"messageId": reply, "useful": true, "tags": ["内容有误"]})).await, 400);
    let rated = teacher.post_data("/api/ai/feedback/submit", json!({"messageId": reply, "useful": true, "tags": [tag]})).await;
    assert_eq!(int(&rated["feedback"]), 1);

    // Usage per model, counted from the calls: two of edu-chat, one of edu-reason; the
    // provider's token count where it gave one.
    let usage = teacher.post_data("/api/ai/usage", json!({})).await;
    let calls: Vec<(String, i64)> = usage["models"].as_array().unwrap().iter().map(|m| (m["model"].as_str().unwrap().to_owned(), int(&m["calls"]))).collect();
    assert_eq!(calls, [("edu-chat".to_owned(), 2), ("edu-reason".to_owned(), 1)]);
    let (chat_tokens,): (i64,) =
        sqlx::query_as("SELECT CAST(SUM(tokens) AS BIGINT) FROM ai_calls WHERE model = 'edu-chat'").fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(int(&usage["models"][0]["tokens"]), chat_tokens);
    let list = teacher.post_data("/api/ai/conversation/list", json!({})).await;
    assert_eq!((int(&list["total"]), list["records"][0]["title"].as_str()), (1, Some("导数答疑")));
    teacher.post_data("/api/ai/conversation/delete", json!({"conversationId": conversation})).await;
    assert_eq!(int(&teacher.post_data("/api/ai/conversation/list", json!({})).await["total"]), 0);
    refused(&teacher.post("/api/ai/message/history", json!({"conversationId": conversation})).await, 404);
    app.stop().await;
    provider.stop().await;
}

fn refused(res: &(u16, Value), status: u16) {
    assert_eq!(res.0, status, "{}", res.1);
    assert_ne!(res.1["code"].as_str(), Some("1"));
}

#[actix_web::test]
async fn interruptions_errors_and_limits() {
    let provider = fake_provider();
    let base_url = provider.base_url.clone();
    let app = spawn_with(Backend::Sqlite, base_url, (3, 1_000_000)).await;
    let teacher = app.login(TEACHER).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;

    // Interrupted after a few pieces: the reply keeps what was produced, and stops.
    let sent = teacher.post_data("/api/ai/message/send", json!({"content": "慢一点讲函数"})).await;
    let reply = int(&sent["reply"]["messageId"]);
    let conversation = int(&sent["conversation"]["conversationId"]);
    let mut seen = 0;
    while seen < 2 {
        let push = socket.expect_push().await;
        if push.type_code == TypeCode::AiStream {
            seen += 1;
        }
    }
    let stopped = teacher.post_data("/api/ai/message/interrupt", json!({"messageId": reply})).await;
    assert_eq!(int(&stopped["status"]), 3);
    let rest = pieces_until_done(&mut socket, reply).await;
    assert_eq!(int(&rest.last().unwrap().1["status"]), 3);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let kept = teacher.post_data("/api/ai/message/history", json!({"conversationId": conversation, "pageSize": 1})).await["records"][0].clone();
    let text = kept["content"].as_str().unwrap().to_owned();
    assert!(!text.is_empty() && text.starts_with("第0段。") && !text.contains(&format!("第{}段", SLOW_PIECES - 1)), "partial: {text}");
    assert_eq!(int(&kept["status"]), 3);
    refused(&teacher.post("/api/ai/message/interrupt", json!({"messageId": reply})).await, 409);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        teacher.post_data("/api/ai/message/history", json!({"conversationId": conversation, "pageSize": 1})).await["records"][0]["content"],
        text,
        "nothing more is written"
    );

    // The provider refuses: the reply fails with a clear message.
    let sent = teacher.post_data("/api/ai/message/send", json!({"conversationId": conversation, "content": "这次会失败"})).await;
    let done = pieces_until_done(&mut socket, int(&sent["reply"]["messageId"])).await;
    let last = &done.last().unwrap().1;
    assert_eq!(int(&last["status"]), 4);
    assert!(last["error"].as_str().unwrap().contains("500"), "{last}");
    // It stops midway: what came is kept, with the error.
    let sent = teacher.post_data("/api/ai/message/send", json!({"conversationId": conversation, "content": "中途出错"})).await;
    let done = pieces_until_done(&mut socket, int(&sent["reply"]["messageId"])).await;
    assert_eq!(joined(&done), "前半部分");
    assert_eq!(int(&done.last().unwrap().1["status"]), 4);
    let failed = teacher.post_data("/api/ai/message/history", json!({"conversationId": conversation, "pageSize": 1})).await["records"][0].clone();
    assert_eq!((failed["content"].as_str(), failed["error"].as_str().unwrap().contains("overloaded")), (Some("前半部分"), true));

    // Three calls in the last minute: the fourth is refused until the minute is over.
    let (status, body) = teacher.post("/api/ai/message/send", json!({"conversationId": conversation, "content": "第四次"})).await;
    assert_eq!((status, body["code"].as_str()), (429, Some("A0429")), "{body}");
    let usage = teacher.post_data("/api/ai/usage", json!({})).await;
    assert_eq!((int(&usage["models"][0]["calls"]), int(&usage["models"][0]["failed"])), (3, 2), "{usage}");
    // Bad input.
    refused(&teacher.post("/api/ai/message/send", json!({"content": " "})).await, 400);
    refused(&teacher.post("/api/ai/message/send", json!({"content": "hi", "model": "gpt-x"})).await, 400);
    refused(&teacher.post("/api/ai/usage", json!({"startTime": 10, "endTime": 5})).await, 400);
    // Extreme bounds are refused, not overflowed (found by make fuzz-api).
    refused(&teacher.post("/api/ai/usage", json!({"startTime": i64::MIN, "endTime": 0})).await, 400);
    refused(&teacher.post("/api/ai/usage", json!({"endTime": i64::MIN})).await, 400);
    app.stop().await;
    provider.stop().await;
}

#[actix_web::test]
async fn without_a_provider_nothing_is_faked() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let teacher = app.login(TEACHER).await;
    let config = teacher.data("/api/ai/model/config").await;
    assert_eq!(config["configured"], false);
    assert!(config["hint"].as_str().unwrap().contains("EDUHUB_AI_URL"));
    let (status, body) = teacher.post("/api/ai/message/send", json!({"content": "你好"})).await;
    assert_eq!((status, body["code"].as_str()), (503, Some("C0001")));
    assert_eq!(int(&teacher.post_data("/api/ai/conversation/list", json!({})).await["total"]), 0, "nothing was stored");
    let badge = teacher.data("/api/ai/unread").await;
    assert_eq!((badge["hasProcessingTask"].as_bool(), int(&badge["unreadCount"])), (Some(false), 0));
    app.stop().await;
}

#[actix_web::test]
async fn the_daily_token_limit_refuses_clearly() {
    let provider = fake_provider();
    let base_url = provider.base_url.clone();
    let app = spawn_with(Backend::Sqlite, base_url, (100, 50)).await;
    let teacher = app.login(TEACHER).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    let sent = teacher.post_data("/api/ai/message/send", json!({"content": "什么是导数？"})).await;
    pieces_until_done(&mut socket, int(&sent["reply"]["messageId"])).await;
    // The provider counted 77 tokens: over today's 50.
    let (status, body) = teacher.post("/api/ai/message/send", json!({"content": "再问一次"})).await;
    assert_eq!((status, body["code"].as_str()), (429, Some("A0429")), "{body}");
    assert!(body["msg"].as_str().unwrap().contains("今日"), "{body}");
    app.stop().await;
    provider.stop().await;
}
