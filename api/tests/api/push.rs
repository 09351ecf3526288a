//! The push channel: resume with `since`, acks, bad frames, other users' sockets, slow readers.

use std::time::{Duration, Instant};

use hub::registry::CountSockets;
use protocol::push::{close_code, PushContent, TypeCode};
use serde_json::json;
use storage::push_log::NewPush;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(resume_with_since_delivers_missed_pushes_once, acks_and_bad_frames, sockets_are_per_user, slow_reader_is_dropped_and_others_stay_prompt);

async fn publish(admin: &Client, title: &str) -> i64 {
    admin.post_data("/api/admin/notice/publish", json!({"title": title, "content": "x", "type": 1, "emails": [TEACHER]})).await["id"].as_i64().unwrap()
}

async fn resume_with_since_delivers_missed_pushes_once(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let teacher = app.login(TEACHER).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    publish(&admin, "在线时").await;
    let first = socket.expect_push().await;
    let last_seen: i64 = first.id.parse().unwrap();
    socket.close().await;

    // Offline: two more.
    let n2 = publish(&admin, "离线一").await;
    let n3 = publish(&admin, "离线二").await;

    let mut resumed = teacher.socket(Some(last_seen)).await;
    resumed.expect_connected().await;
    let a = resumed.expect_push().await;
    let b = resumed.expect_push().await;
    assert_eq!((a.id.parse::<i64>().unwrap(), b.id.parse::<i64>().unwrap()), (last_seen + 1, last_seen + 2));
    assert_eq!((a.decode_content().unwrap().id, b.decode_content().unwrap().id), (Some(n2), Some(n3)));
    resumed.expect_silence(Duration::from_millis(400)).await;

    // Live pushes continue the sequence without a duplicate.
    publish(&admin, "恢复后").await;
    assert_eq!(resumed.expect_push().await.id, (last_seen + 3).to_string());
    resumed.expect_silence(Duration::from_millis(300)).await;

    // A fresh connection without since replays nothing but is told where the log stands;
    // since=0 replays everything.
    let mut fresh = teacher.socket(None).await;
    fresh.expect_connected().await;
    fresh.expect_silence(Duration::from_millis(300)).await;
    assert_eq!(fresh.offset, Some(last_seen + 3));
    // Every connection, fresh or resumed, hears the web app version the server serves (no poll).
    assert_eq!(fresh.version.as_deref(), Some(app.state.version.as_str()));
    assert_eq!(resumed.version.as_deref(), Some(app.state.version.as_str()));
    let mut all = teacher.socket(Some(0)).await;
    all.expect_connected().await;
    let mut ids = Vec::new();
    while let Some(p) = all.next_push(Duration::from_millis(400)).await {
        ids.push(p.id.parse::<i64>().unwrap());
    }
    assert_eq!(ids, (1..=last_seen + 3).collect::<Vec<_>>());
    // A since beyond the log (e.g. from before a reset) is treated as "now".
    let mut ahead = teacher.socket(Some(10_000)).await;
    ahead.expect_connected().await;
    ahead.expect_silence(Duration::from_millis(200)).await;
    assert_eq!(ahead.offset, Some(last_seen + 3), "the client is told to start over from the real offset");
    publish(&admin, "之后").await;
    assert_eq!(ahead.expect_push().await.id, (last_seen + 4).to_string());
}

async fn acks_and_bad_frames(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let teacher = app.login(TEACHER).await;
    let user_id = app.user_id(TEACHER).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    let mut neighbour = teacher.socket(None).await;
    neighbour.expect_connected().await;
    publish(&admin, "确认").await;
    let push = socket.expect_push().await;
    neighbour.expect_push().await;
    let seq: i64 = push.id.parse().unwrap();
    assert!(!storage::push_log::is_delivered(&app.state.db, user_id, seq).await.unwrap());
    socket.ack(&push.id).await;
    let deadline = Instant::now() + Duration::from_secs(3);
    while !storage::push_log::is_delivered(&app.state.db, user_id, seq).await.unwrap() {
        assert!(Instant::now() < deadline, "the ack is stored");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    let error_of = |env: protocol::push::PushEnvelope| {
        assert_eq!(env.type_code, TypeCode::Error);
        let raw = base64_decode(&env.content);
        serde_json::from_slice::<serde_json::Value>(&raw).unwrap()
    };
    socket.ack("999999").await;
    assert_eq!(error_of(socket.expect_push().await)["code"], "A0404");
    socket.send_text("garbage {").await;
    assert_eq!(error_of(socket.expect_push().await)["code"], "A0400");
    socket.send_text(r#"{"id":"1","typeCode":"magic_001"}"#).await;
    assert_eq!(error_of(socket.expect_push().await)["code"], "A0400");
    socket.send_text(r#"{"id":"abc","typeCode":"1"}"#).await;
    assert_eq!(error_of(socket.expect_push().await)["code"], "A0400");
    // Still alive after all that.
    publish(&admin, "还在").await;
    assert_eq!(socket.expect_push().await.decode_content().unwrap().value, Some(json!("还在")));
    neighbour.expect_push().await;

    // Binary frames close that socket only.
    socket.ws.send_binary(vec![0, 1, 2]).await;
    assert_eq!(socket.expect_close().await, Some(close_code::UNSUPPORTED_DATA));
    // An oversized frame closes with 1009.
    let mut big = teacher.socket(None).await;
    big.expect_connected().await;
    big.send_text(&"x".repeat(hub::session::MAX_CLIENT_FRAME + 1)).await;
    assert_eq!(big.expect_close().await, Some(close_code::MESSAGE_TOO_BIG));
    publish(&admin, "邻居").await;
    assert_eq!(neighbour.expect_push().await.decode_content().unwrap().value, Some(json!("邻居")));
}

trait SendBinary {
    async fn send_binary(&mut self, bytes: Vec<u8>);
}

impl SendBinary for Ws {
    async fn send_binary(&mut self, bytes: Vec<u8>) {
        use futures_util::SinkExt;
        self.send(Message::binary(bytes)).await.unwrap();
    }
}

fn base64_decode(s: &str) -> Vec<u8> {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.decode(s).unwrap()
}

async fn sockets_are_per_user(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let mut other = teacher.socket_for(TEACHER2, None).await;
    assert_eq!(other.expect_close().await, Some(close_code::FORBIDDEN));
    let mut bad_since = teacher.socket_for(TEACHER, None).await;
    bad_since.expect_connected().await;
    let url = format!("{}/socket/im/magic/{TEACHER}?since=-4&token={}", app.ws_base, teacher.token.as_ref().unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(url.into_client_request().unwrap()).await.unwrap();
    let mut refused = PushSocket { ws, offset: None, version: None };
    assert_eq!(refused.expect_close().await, Some(close_code::BAD_REQUEST));
    // The token may come in the query (clients that cannot set headers); the e-mail is case-insensitive.
    let url = format!("{}/socket/im/magic/Teacher@Demo.Eduhub?token={}", app.ws_base, teacher.token.as_ref().unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(url.into_client_request().unwrap()).await.unwrap();
    PushSocket { ws, offset: None, version: None }.expect_connected().await;
}

async fn slow_reader_is_dropped_and_others_stay_prompt(app: &TestApp) {
    let slow_user = app.user_id(TEACHER2).await;
    let fast_user = app.user_id(TEACHER).await;
    let teacher2 = app.login(TEACHER2).await;
    let teacher = app.login(TEACHER).await;

    // The slow client: a tiny receive buffer, and it never reads after the connect text.
    let addr: std::net::SocketAddr = format!("127.0.0.1:{}", app.port).parse().unwrap();
    let tcp = tokio::net::TcpSocket::new_v4().unwrap();
    tcp.set_recv_buffer_size(4096).unwrap();
    let stream = tcp.connect(addr).await.unwrap();
    let mut request = format!("{}/socket/im/magic/{TEACHER2}", app.ws_base).into_client_request().unwrap();
    request.headers_mut().insert("Authorization", format!("Bearer {}", teacher2.token.as_ref().unwrap()).parse().unwrap());
    let (slow_ws, _) = tokio_tungstenite::client_async(request, tokio_tungstenite::MaybeTlsStream::Plain(stream)).await.unwrap();
    let mut slow = PushSocket { ws: slow_ws, offset: None, version: None };
    slow.expect_connected().await;

    let mut fast = teacher.socket(None).await;
    fast.expect_connected().await;
    let registry = app.state.hub.registry().clone();
    assert_eq!(registry.send(CountSockets).await.unwrap(), 2);

    let big = "大".repeat(20_000); // ~60 KB per push
    let mut worst = Duration::ZERO;
    for round in 0..60 {
        let floods: Vec<NewPush> = (0..5)
            .map(|_| NewPush {
                user_id: slow_user,
                type_code: TypeCode::NoticePublished,
                content: PushContent { value: Some(json!(big)), time: 1, ..Default::default() },
            })
            .collect();
        app.state.hub.push(floods).await.unwrap();
        let sent = Instant::now();
        app.state
            .hub
            .push(vec![NewPush {
                user_id: fast_user,
                type_code: TypeCode::NoticePublished,
                content: PushContent { id: Some(round), time: 1, ..Default::default() },
            }])
            .await
            .unwrap();
        let push = fast.expect_push().await;
        worst = worst.max(sent.elapsed());
        assert_eq!(push.decode_content().unwrap().id, Some(round));
    }
    assert!(worst < Duration::from_secs(2), "the reading client stays prompt while another stalls (worst {worst:?})");

    // The stalled socket was dropped and forgotten.
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let open = registry.send(CountSockets).await.unwrap();
        if open == 1 {
            break;
        }
        assert!(Instant::now() < deadline, "the slow socket is unregistered (still {open} open)");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // When the slow client reads at last, its connection ends instead of hanging.
    let end = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match slow.next_event(Duration::from_secs(10)).await {
                Next::Text(_) => continue,
                other => return other,
            }
        }
    })
    .await
    .expect("the slow connection ends");
    assert!(matches!(end, Next::Closed(_)), "{end:?}");
    // The slow user can reconnect and resume from the log.
    let mut again = teacher2.socket(Some(0)).await;
    again.expect_connected().await;
    assert!(again.expect_push().await.id == "1");
}

#[actix_web::test]
async fn restarted_server_serves_missed_pushes() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let admin = app.login(ADMIN).await;
    let teacher = app.login(TEACHER).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    publish(&admin, "重启前").await;
    let seen: i64 = socket.expect_push().await.id.parse().unwrap();
    let (admin_token, teacher_token) = (admin.token.clone().unwrap(), teacher.token.clone().unwrap());
    let port = app.port;
    let database = app.stop_keep_database().await;
    assert!(matches!(socket.next_event(Duration::from_secs(5)).await, Next::Closed(_)));

    let app = TestApp::spawn_on(database, SpawnOptions { port, ..Default::default() }).await;
    let mut admin = app.client();
    admin.token = Some(admin_token);
    let mut teacher = app.client();
    teacher.token = Some(teacher_token);
    teacher.email = TEACHER.into();
    publish(&admin, "重启后").await;
    let mut socket = teacher.socket(Some(seen)).await;
    socket.expect_connected().await;
    let push = socket.expect_push().await;
    assert_eq!(push.id, (seen + 1).to_string());
    assert_eq!(push.decode_content().unwrap().value, Some(json!("重启后")));
    app.stop().await;
}

/// Another site's page cannot open a socket riding on the user's session: a browser names the
/// page's origin, which must be the host connected to; clients that are no browser name none.
#[actix_web::test]
async fn sockets_only_from_this_sites_pages() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let teacher = app.login(TEACHER).await;
    let open = |origin: Option<String>| {
        let url = format!("{}/socket/im/magic/{TEACHER}?token={}", app.ws_base, teacher.token.as_ref().unwrap());
        async move {
            let mut request = url.into_client_request().unwrap();
            if let Some(origin) = origin {
                request.headers_mut().insert("Origin", origin.parse().unwrap());
            }
            let (ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
            PushSocket { ws, offset: None, version: None }
        }
    };
    let mut foreign = open(Some("https://evil.example".into())).await;
    assert_eq!(foreign.expect_close().await, Some(close_code::FORBIDDEN));
    let mut own = open(Some(format!("http://127.0.0.1:{}", app.port))).await;
    own.expect_connected().await;
    let mut tool = open(None).await;
    tool.expect_connected().await;
    // The co-editing socket keeps to the same rule.
    let url = format!("{}/collab/feedback/1?token={}", app.ws_base, teacher.token.as_ref().unwrap());
    let mut request = url.into_client_request().unwrap();
    request.headers_mut().insert("Origin", "https://evil.example".parse().unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    let mut collab = PushSocket { ws, offset: None, version: None };
    assert_eq!(collab.expect_close().await, Some(close_code::FORBIDDEN));
    own.close().await;
    tool.close().await;
    app.stop().await;
}

/// State changes are POST only: a GET (a link or image another site could plant) changes nothing.
#[actix_web::test]
async fn state_changes_refuse_get() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let admin = app.login(ADMIN).await;
    for path in [
        "/api/account/login/logout",
        "/api/pub/web/logout",
        "/api/exam/notice/read?id=1",
        "/api/exam/notice/readAll",
        "/api/homePage/closeBanner",
        "/api/paper/createNewVersion?paperId=1",
        "/api/pub/index/user/bootstrap-turn-off?scene=knowledgebase1_bootstrap",
        "/api/pub/user/change/role?role=teacher",
        "/api/pub/user/province/select?code=310000",
        "/api/pub/user/superuser/change?email=teacher@demo.eduhub",
        "/api/report/feedback/practice/refresh?reportId=1",
    ] {
        let (status, body) = admin.get(path).await;
        assert_eq!((status, body["code"].as_str()), (405, Some("A0405")), "{path}");
    }
    // The session survived every one of them.
    assert_eq!(admin.get("/api/pub/user/info").await.0, 200);
    app.stop().await;
}
