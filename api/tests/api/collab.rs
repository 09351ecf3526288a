//! Co-editing over the y-websocket protocol with a yrs-based client: convergence, late joiners,
//! access (outsiders, readers, revocation), persistence across a restart, bad frames.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message as WsMessage;
use yrs::encoding::read::Cursor;
use yrs::sync::{Awareness, Message, MessageReader, SyncMessage};
use yrs::updates::decoder::{Decode, DecoderV1};
use yrs::updates::encoder::Encode;
use yrs::{Doc, GetString, ReadTxn, Text, Transact, Update};

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(
    editors_converge_and_late_joiners_catch_up,
    access_is_checked_and_revoked_live,
    bad_frames_close_only_that_socket,
    ending_a_session_closes_its_editing_sockets
);

/// A y-websocket peer backed by a yrs document.
pub struct YClient {
    ws: Ws,
    pub doc: Doc,
    pub awareness_seen: usize,
}

#[allow(clippy::large_enum_variant)] // a test helper: one value at a time
pub enum Opened {
    Connected(YClient),
    Closed(Option<u16>),
}

fn utf16_doc() -> Doc {
    Doc::with_options(yrs::Options { offset_kind: yrs::OffsetKind::Utf16, ..yrs::Options::default() })
}

impl YClient {
    pub async fn open(app: &TestApp, client: &Client, room: &str) -> Opened {
        YClient::open_replica(app, client, room, utf16_doc()).await
    }

    /// A socket for the replica `doc`, as y-websocket reconnects: the sync sends the server what
    /// the replica holds and the server lacks.
    pub async fn open_replica(app: &TestApp, client: &Client, room: &str, doc: Doc) -> Opened {
        let mut request = format!("{}/collab/{room}", app.ws_base).into_client_request().unwrap();
        if let Some(token) = &client.token {
            request.headers_mut().insert("Authorization", format!("Bearer {token}").parse().unwrap());
        }
        let (ws, _) = tokio_tungstenite::connect_async(request).await.expect("upgrade");
        let mut c = YClient { ws, doc, awareness_seen: 0 };
        // The server opens with SyncStep1; a refused socket closes instead.
        match c.pump_one(Duration::from_secs(5)).await {
            Err(code) => Opened::Closed(code),
            Ok(()) => {
                let step1 = Message::Sync(SyncMessage::SyncStep1(c.doc.transact().state_vector())).encode_v1();
                c.ws.send(WsMessage::binary(step1)).await.unwrap();
                Opened::Connected(c)
            }
        }
    }

    pub async fn connect(app: &TestApp, client: &Client, room: &str) -> YClient {
        match YClient::open(app, client, room).await {
            Opened::Connected(c) => c,
            Opened::Closed(code) => panic!("the room refused the connection: {code:?}"),
        }
    }

    /// Reads and handles one frame; `Err` with the close code when the socket closed.
    async fn pump_one(&mut self, within: Duration) -> Result<(), Option<u16>> {
        loop {
            match tokio::time::timeout(within, self.ws.next()).await {
                Err(_) => return Ok(()),
                Ok(None) | Ok(Some(Err(_))) => return Err(None),
                Ok(Some(Ok(WsMessage::Close(frame)))) => return Err(frame.map(|f| u16::from(f.code))),
                Ok(Some(Ok(WsMessage::Binary(bytes)))) => {
                    let mut decoder = DecoderV1::new(Cursor::new(&bytes));
                    let messages: Vec<Message> = MessageReader::new(&mut decoder).map(|m| m.expect("a y-sync message")).collect();
                    assert_eq!(messages.len(), 1, "one protocol message per frame");
                    match messages.into_iter().next().unwrap() {
                        Message::Sync(SyncMessage::SyncStep1(sv)) => {
                            let diff = self.doc.transact().encode_state_as_update_v1(&sv);
                            self.ws.send(WsMessage::binary(Message::Sync(SyncMessage::SyncStep2(diff)).encode_v1())).await.unwrap();
                        }
                        Message::Sync(SyncMessage::SyncStep2(u)) | Message::Sync(SyncMessage::Update(u)) => {
                            self.doc.transact_mut().apply_update(Update::decode_v1(&u).unwrap()).unwrap();
                        }
                        Message::Awareness(_) => self.awareness_seen += 1,
                        _ => {}
                    }
                    return Ok(());
                }
                Ok(Some(Ok(_))) => continue,
            }
        }
    }

    pub fn text(&self) -> String {
        self.doc.get_or_insert_text("body").get_string(&self.doc.transact())
    }

    pub async fn type_at(&mut self, index: u32, text: &str) {
        let body = self.doc.get_or_insert_text("body");
        let before = self.doc.transact().state_vector();
        body.insert(&mut self.doc.transact_mut(), index, text);
        let update = self.doc.transact().encode_state_as_update_v1(&before);
        self.ws.send(WsMessage::binary(Message::Sync(SyncMessage::Update(update)).encode_v1())).await.unwrap();
    }

    pub async fn send_raw(&mut self, msg: WsMessage) {
        self.ws.send(msg).await.unwrap();
    }

    /// Pumps frames until the text is `expected` or `within` passes.
    pub async fn wait_text(&mut self, expected: &str, within: Duration) -> bool {
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if self.text() == expected {
                return true;
            }
            if self.pump_one(Duration::from_millis(100)).await.is_err() {
                return self.text() == expected;
            }
        }
        self.text() == expected
    }

    /// Pumps until the socket closes; returns the close code and how long it took.
    pub async fn wait_closed(&mut self, within: Duration) -> Option<(Option<u16>, Duration)> {
        let started = Instant::now();
        while started.elapsed() < within {
            if let Err(code) = self.pump_one(Duration::from_millis(50)).await {
                return Some((code, started.elapsed()));
            }
        }
        None
    }

    /// The XML of a section (`Y.XmlFragment`) as the replica has it now.
    pub fn fragment(&self, name: &str) -> String {
        self.doc.get_or_insert_xml_fragment(name).get_string(&self.doc.transact())
    }

    /// Pumps frames until `check` holds for the replica or `within` passes.
    pub async fn wait_until(&mut self, within: Duration, check: impl Fn(&YClient) -> bool) -> bool {
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if check(self) {
                return true;
            }
            if self.pump_one(Duration::from_millis(50)).await.is_err() {
                break;
            }
        }
        check(self)
    }

    /// Pumps for a while (to let traffic settle).
    pub async fn settle(&mut self, for_: Duration) {
        let deadline = Instant::now() + for_;
        while Instant::now() < deadline {
            if self.pump_one(Duration::from_millis(50)).await.is_err() {
                return;
            }
        }
    }
}

async fn editors_converge_and_late_joiners_catch_up(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let teacher2 = app.login(TEACHER2).await;
    let mut a = YClient::connect(app, &teacher, "feedback/1").await;
    let mut b = YClient::connect(app, &teacher2, "feedback/1").await;
    a.settle(Duration::from_millis(200)).await;
    b.settle(Duration::from_millis(200)).await;
    a.type_at(0, "本节课学习了导数。").await;
    assert!(b.wait_text("本节课学习了导数。", Duration::from_secs(3)).await, "b sees a's text: {:?}", b.text());
    b.type_at(9, "表现很好！").await;
    assert!(a.wait_text("本节课学习了导数。表现很好！", Duration::from_secs(3)).await, "a sees b's text: {:?}", a.text());

    // Awareness travels to the others and back to its sender.
    let mut presence = Awareness::new(a.doc.clone());
    presence.set_local_state_raw(r#"{"user":{"name":"张老师","section":"courseSummary"}}"#);
    let seen_before = (a.awareness_seen, b.awareness_seen);
    a.send_raw(WsMessage::binary(Message::Awareness(presence.update().unwrap()).encode_v1())).await;
    a.settle(Duration::from_millis(300)).await;
    b.settle(Duration::from_millis(300)).await;
    assert!(a.awareness_seen > seen_before.0, "echoed to the sender");
    assert!(b.awareness_seen > seen_before.1, "sent to the others");

    // A late joiner gets the whole state.
    let mut late = YClient::connect(app, &teacher, "feedback/1").await;
    assert!(late.wait_text("本节课学习了导数。表现很好！", Duration::from_secs(3)).await);

    // The updates were written before they were shown: the log has them.
    let stored = storage::documents::load(&app.state.db, "feedback/1").await.unwrap();
    let core = hub::doc::core::DocCore::load(stored.snapshot_v2.as_deref(), &stored.updates_v1).unwrap();
    let doc = core.doc();
    assert_eq!(doc.get_or_insert_text("body").get_string(&doc.transact()), "本节课学习了导数。表现很好！");
}

async fn access_is_checked_and_revoked_live(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let consultant = app.login(CONSULTANT).await;
    assert!(matches!(YClient::open(app, &consultant, "feedback/1").await, Opened::Closed(Some(4403))));
    assert!(matches!(YClient::open(app, &app.client(), "feedback/1").await, Opened::Closed(Some(4401))));
    assert!(matches!(YClient::open(app, &teacher, "essay/1").await, Opened::Closed(Some(4400))));
    assert!(matches!(YClient::open(app, &teacher, "feedback/999").await, Opened::Closed(Some(4403))), "no such document");

    // A reader reads but cannot write.
    let manager = app.login(MANAGER).await;
    let mut owner = YClient::connect(app, &teacher, "feedback/1").await;
    let mut reader = YClient::connect(app, &manager, "feedback/1").await;
    owner.type_at(0, "评语").await;
    assert!(reader.wait_text("评语", Duration::from_secs(3)).await);
    reader.type_at(0, "篡改").await;
    owner.settle(Duration::from_millis(400)).await;
    assert_eq!(owner.text(), "评语", "a reader's edits are dropped");

    // Only the owner manages members.
    let teacher2 = app.login(TEACHER2).await;
    let (status, _) = teacher2.post("/api/collab/member/remove", json!({"docType": "feedback", "id": 1, "email": MANAGER})).await;
    assert_eq!(status, 403);
    let members = teacher.data("/api/collab/members?docType=feedback&id=1").await;
    assert_eq!(members.as_array().unwrap().len(), 2);

    // Removing a co-editor closes their open connection within a second.
    let mut editor = YClient::connect(app, &teacher2, "feedback/1").await;
    editor.settle(Duration::from_millis(200)).await;
    let started = Instant::now();
    teacher.post_data("/api/collab/member/remove", json!({"docType": "feedback", "id": 1, "email": TEACHER2})).await;
    let (code, _) = editor.wait_closed(Duration::from_secs(2)).await.expect("the revoked editor is disconnected");
    assert_eq!(code, Some(4403));
    assert!(started.elapsed() < Duration::from_secs(1), "closed within 1 s ({:?})", started.elapsed());
    assert!(matches!(YClient::open(app, &teacher2, "feedback/1").await, Opened::Closed(Some(4403))));
    // The others are unaffected (the reader still holds its own dropped edit locally).
    owner.type_at(2, "！").await;
    assert!(reader.wait_text("篡改评语！", Duration::from_secs(3)).await, "{:?}", reader.text());

    // Adding them back as an editor, then making them a reader: their open connection closes
    // with 4100 (reconnect) and reopens read-only.
    teacher.post_data("/api/collab/member/save", json!({"docType": "feedback", "id": 1, "email": TEACHER2, "canEdit": true})).await;
    let mut back = YClient::connect(app, &teacher2, "feedback/1").await;
    assert!(back.wait_text("评语！", Duration::from_secs(3)).await);
    teacher.post_data("/api/collab/member/save", json!({"docType": "feedback", "id": 1, "email": TEACHER2, "canEdit": false})).await;
    let (code, _) = back.wait_closed(Duration::from_secs(2)).await.expect("the demoted editor is disconnected");
    assert_eq!(code, Some(protocol::push::close_code::ACCESS_CHANGED));
    let mut as_reader = YClient::connect(app, &teacher2, "feedback/1").await;
    assert!(as_reader.wait_text("评语！", Duration::from_secs(3)).await);
    as_reader.type_at(0, "读者").await;
    owner.settle(Duration::from_millis(400)).await;
    assert_eq!(owner.text(), "评语！", "a demoted editor's edits are dropped");
}

async fn bad_frames_close_only_that_socket(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let mut good = YClient::connect(app, &teacher, "handout/1").await;
    let mut bad = YClient::connect(app, &teacher, "handout/1").await;
    bad.send_raw(WsMessage::binary(vec![0xff, 0xff, 0xff, 0x01])).await;
    assert_eq!(bad.wait_closed(Duration::from_secs(3)).await.map(|(c, _)| c), Some(Some(1003)));
    let mut texty = YClient::connect(app, &teacher, "handout/1").await;
    texty.send_raw(WsMessage::text("hello")).await;
    assert_eq!(texty.wait_closed(Duration::from_secs(3)).await.map(|(c, _)| c), Some(Some(1003)));
    good.type_at(0, "仍然可用").await;
    let mut check = YClient::connect(app, &teacher, "handout/1").await;
    assert!(check.wait_text("仍然可用", Duration::from_secs(3)).await);
}

#[actix_web::test]
async fn restart_keeps_every_update() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let teacher = app.login(TEACHER).await;
    let token = teacher.token.clone();
    let mut a = YClient::connect(&app, &teacher, "feedback/1").await;
    for (i, word) in ["一", "二", "三", "四", "五"].iter().enumerate() {
        a.type_at(i as u32, word).await;
    }
    // Another client seeing all of it means the server applied (and so logged) all of it.
    let mut b = YClient::connect(&app, &teacher, "feedback/1").await;
    assert!(b.wait_text("一二三四五", Duration::from_secs(3)).await);
    let port = app.port;
    let database = app.stop_keep_database().await;
    let app = TestApp::spawn_on(database, SpawnOptions { port, ..Default::default() }).await;
    let mut again = app.client();
    again.token = token;
    let mut c = YClient::connect(&app, &again, "feedback/1").await;
    assert!(c.wait_text("一二三四五", Duration::from_secs(3)).await, "{:?}", c.text());
    app.stop().await;
}

/// Logout and a super user's account switch end the session: its co-editing sockets close too
/// (4001), while the same user's other sessions keep editing.
async fn ending_a_session_closes_its_editing_sockets(app: &TestApp) {
    let leaving = app.login(TEACHER).await;
    let staying = app.login(TEACHER).await;
    let mut closed = YClient::connect(app, &leaving, "feedback/1").await;
    let mut open = YClient::connect(app, &staying, "feedback/1").await;
    closed.settle(Duration::from_millis(200)).await;
    assert_eq!(leaving.post("/api/account/login/logout", json!({})).await.0, 200);
    let (code, _) = closed.wait_closed(Duration::from_secs(2)).await.expect("the ended session's editor is disconnected");
    assert_eq!(code, Some(4001));
    open.type_at(0, "还在").await;
    let mut check = YClient::connect(app, &staying, "feedback/1").await;
    assert!(check.wait_text("还在", Duration::from_secs(3)).await, "the other session still edits");

    // A super user switching accounts ends the session's sockets as well.
    let admin = app.login(ADMIN).await;
    admin.post_data(&format!("/api/pub/user/superuser/change?email={TEACHER}"), json!({})).await;
    let mut acting = YClient::connect(app, &admin, "feedback/1").await;
    acting.settle(Duration::from_millis(200)).await;
    admin.post_data(&format!("/api/pub/user/superuser/change?email={ADMIN}"), json!({})).await;
    let (code, _) = acting.wait_closed(Duration::from_secs(2)).await.expect("the switching super user's editor is disconnected");
    assert_eq!(code, Some(4001));
}

/// The load tool's documents have their own id space: a real paper created afterwards is never
/// bound to one, and their rooms open only while load testing is on.
#[actix_web::test]
async fn load_test_documents_never_become_papers() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let admin = app.login(ADMIN).await;
    let users = admin.post_data("/api/admin/loadtest/users", json!({"count": 2})).await;
    let ids: Vec<i64> = users.as_array().unwrap().iter().map(|u| u["userId"].as_i64().unwrap()).collect();
    let made = admin.post_data("/api/admin/loadtest/documents", json!({"docs": [ids.clone(), ids.clone()]})).await;
    let docs: Vec<i64> = made["docIds"].as_array().unwrap().iter().map(|d| d.as_i64().unwrap()).collect();
    assert_eq!(docs.len(), 2);
    let teacher = app.login(TEACHER).await;
    let body = json!({"paperList": [{"atlasId": 130}], "subject": 54, "stage": 4, "paperType": 5, "treeId": 1});
    let paper = teacher.post_data("/api/paper/package", body).await["paperId"].as_i64().unwrap();
    let keys: Vec<(String, i64)> = sqlx::query_as("SELECT doc_key, owner_id FROM documents WHERE doc_type IN ('handout', 'loadtest') ORDER BY doc_key")
        .fetch_all(app.state.db.pool())
        .await
        .unwrap();
    let teacher_id = app.user_id(TEACHER).await;
    assert!(keys.contains(&(format!("handout/{paper}"), teacher_id)), "the paper's document is the teacher's: {keys:?}");
    for doc in &docs {
        assert!(keys.iter().any(|(k, owner)| k == &format!("loadtest/{doc}") && *owner == ids[0]), "{keys:?}");
    }
    // The paper's own document holds the package, whatever ids the load tool used.
    let detail = teacher.post_data("/api/paper/detail", json!({"paperId": paper})).await;
    assert_eq!(detail["canEdit"], true);
    app.stop().await;

    let off = TestApp::spawn_on(TestDatabase::create(Backend::Sqlite).await, SpawnOptions { load_test: false, ..Default::default() }).await;
    let teacher = off.login(TEACHER).await;
    assert!(matches!(YClient::open(&off, &teacher, "loadtest/1").await, Opened::Closed(Some(4400))));
    off.stop().await;
}

/// One user holds at most `MAX_DOC_SOCKETS_PER_USER` co-editing sockets in a process: the next is
/// refused (4429) until one closes; others are not affected.
#[actix_web::test]
async fn co_editing_sockets_per_user_are_capped() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let teacher = app.login(TEACHER).await;
    let mut open = Vec::new();
    for _ in 0..hub::doc::connection::MAX_DOC_SOCKETS_PER_USER {
        open.push(YClient::connect(&app, &teacher, "feedback/1").await);
    }
    match YClient::open(&app, &teacher, "feedback/1").await {
        Opened::Closed(code) => assert_eq!(code, Some(protocol::push::close_code::TOO_MANY_SOCKETS)),
        Opened::Connected(_) => panic!("one socket over the cap was accepted"),
    }
    // Another editor of the document still gets in.
    let colleague = app.login(TEACHER2).await;
    let _other = YClient::connect(&app, &colleague, "feedback/1").await;
    // A closed socket frees its place.
    let mut first = open.remove(0);
    first.ws.close(None).await.unwrap();
    drop(first);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match YClient::open(&app, &teacher, "feedback/1").await {
            Opened::Connected(_) => break,
            Opened::Closed(_) if Instant::now() < deadline => tokio::time::sleep(Duration::from_millis(50)).await,
            Opened::Closed(code) => panic!("the freed place was not given back: {code:?}"),
        }
    }
    app.stop().await;
}

/// One document holds at most `MAX_CONNS_PER_DOC` connections in a process: the next is refused
/// with 4429 (and not retried).
#[actix_web::test]
async fn connections_per_document_are_capped() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let per_user = hub::doc::connection::MAX_DOC_SOCKETS_PER_USER;
    let cap = hub::doc::room::MAX_CONNS_PER_DOC;
    assert!(cap <= 2 * per_user, "two editors fill the document");
    let (teacher, colleague) = (app.login(TEACHER).await, app.login(TEACHER2).await);
    let mut open = Vec::new();
    for i in 0..cap {
        open.push(YClient::connect(&app, if i < per_user { &teacher } else { &colleague }, "feedback/1").await);
    }
    let reader = app.login(MANAGER).await;
    match YClient::open(&app, &reader, "feedback/1").await {
        Opened::Closed(code) => assert_eq!(code, Some(protocol::push::close_code::TOO_MANY_SOCKETS)),
        Opened::Connected(_) => panic!("a connection over the document's cap was accepted"),
    }
    // Another document is not affected (once the teacher has a place of their own free).
    let mut first = open.remove(0);
    first.ws.close(None).await.unwrap();
    drop(first);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match YClient::open(&app, &teacher, "handout/1").await {
            Opened::Connected(_) => break,
            Opened::Closed(_) if Instant::now() < deadline => tokio::time::sleep(Duration::from_millis(50)).await,
            Opened::Closed(code) => panic!("another document refused: {code:?}"),
        }
    }
    app.stop().await;
}
