//! Scale-out: several server processes on one PostgreSQL database share pushes through Redis.

use std::time::Duration;

use serde_json::json;

use crate::helpers::*;

#[actix_web::test]
async fn a_push_published_on_one_node_reaches_a_socket_on_another() {
    let database = TestDatabase::create(Backend::Postgres).await;
    let namespace = format!("test-{}", std::process::id());
    let url = database.url.clone();
    let node_a = TestApp::spawn_on(database, SpawnOptions { redis: Some(redis_url()), namespace: namespace.clone(), port: 0, load_test: true, ai: None }).await;
    let second_db = TestDatabase::reuse(&url);
    let node_b = TestApp::spawn_on(second_db, SpawnOptions { redis: Some(redis_url()), namespace, port: 0, load_test: true, ai: None }).await;
    assert_eq!(node_b.state.hub.bus_kind(), "redis");

    // Sessions are shared: a login on A works on B.
    let teacher_on_a = node_a.login(TEACHER).await;
    let mut teacher_on_b = node_b.client();
    teacher_on_b.token = teacher_on_a.token.clone();
    teacher_on_b.email = TEACHER.into();
    let mut socket_b = teacher_on_b.socket(None).await;
    socket_b.expect_connected().await;
    let mut socket_a = teacher_on_a.socket(None).await;
    socket_a.expect_connected().await;
    let mut outsider_b = node_b.login(CONSULTANT).await.socket(None).await;
    outsider_b.expect_connected().await;

    let admin_on_a = node_a.login(ADMIN).await;
    let id = admin_on_a.post_data("/api/admin/notice/publish", json!({"title": "跨节点", "content": "x", "type": 1, "emails": [TEACHER]})).await["id"].as_i64().unwrap();
    for socket in [&mut socket_b, &mut socket_a] {
        let push = socket.expect_push().await;
        assert_eq!(push.decode_content().unwrap().id, Some(id));
        assert_eq!(push.id, "1");
    }
    outsider_b.expect_silence(Duration::from_millis(400)).await;

    // Logout on B closes the socket on A.
    teacher_on_b.get("/api/pub/web/logout").await;
    assert_eq!(socket_a.expect_close().await, Some(protocol::push::close_code::SESSION_ENDED));

    node_b.stop_keep_database().await;
    node_a.stop().await;
}

#[actix_web::test]
async fn editors_on_two_processes_co_edit_one_document() {
    use crate::collab::YClient;
    let database = TestDatabase::create(Backend::Postgres).await;
    let namespace = format!("docs-{}", std::process::id());
    let url = database.url.clone();
    let node_a = TestApp::spawn_on(database, SpawnOptions { redis: Some(redis_url()), namespace: namespace.clone(), port: 0, load_test: true, ai: None }).await;
    let node_b = TestApp::spawn_on(TestDatabase::reuse(&url), SpawnOptions { redis: Some(redis_url()), namespace, port: 0, load_test: true, ai: None }).await;
    let teacher = node_a.login(TEACHER).await;
    let mut teacher2 = node_b.client();
    let login = node_b.login(TEACHER2).await;
    teacher2.token = login.token.clone();

    let mut on_a = YClient::connect(&node_a, &teacher, "feedback/1").await;
    let mut on_b = YClient::connect(&node_b, &teacher2, "feedback/1").await;
    on_a.settle(Duration::from_millis(200)).await;
    on_b.settle(Duration::from_millis(200)).await;
    on_a.type_at(0, "甲节点").await;
    assert!(on_b.wait_text("甲节点", Duration::from_secs(3)).await, "B sees A's edit: {:?}", on_b.text());
    on_b.type_at(3, "乙节点").await;
    assert!(on_a.wait_text("甲节点乙节点", Duration::from_secs(3)).await, "A sees B's edit: {:?}", on_a.text());

    // Awareness crosses processes too.
    let before = on_b.awareness_seen;
    let mut presence = yrs::sync::Awareness::new(on_a.doc.clone());
    presence.set_local_state_raw(r#"{"user":{"name":"张老师"}}"#);
    use yrs::updates::encoder::Encode;
    on_a.send_raw(tokio_tungstenite::tungstenite::Message::binary(yrs::sync::Message::Awareness(presence.update().unwrap()).encode_v1())).await;
    on_b.settle(Duration::from_millis(500)).await;
    assert!(on_b.awareness_seen > before, "B sees A's presence");

    // A REST save on B reaches the editor on A.
    teacher2.post_data("/api/report/feedback/homework/save", json!({"reportId": 1, "content": "跨节点作业"})).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(3);
    while hub::doc::content::read_text(&on_a.doc, "homework") != "跨节点作业" && std::time::Instant::now() < deadline {
        on_a.settle(Duration::from_millis(100)).await;
    }
    assert_eq!(hub::doc::content::read_text(&on_a.doc, "homework"), "跨节点作业");

    node_b.stop_keep_database().await;
    node_a.stop().await;
}
