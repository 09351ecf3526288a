//! Scale-out: several server processes on one PostgreSQL database share pushes through Redis.

use std::time::Duration;

use serde_json::json;

use crate::helpers::*;

#[actix_web::test]
async fn a_push_published_on_one_node_reaches_a_socket_on_another() {
    let database = TestDatabase::create(Backend::Postgres).await;
    let namespace = format!("test-{}", std::process::id());
    let url = database.url.clone();
    let node_a = TestApp::spawn_on(database, SpawnOptions { redis: Some(redis_url()), namespace: namespace.clone(), port: 0 }).await;
    let second_db = TestDatabase::reuse(&url);
    let node_b = TestApp::spawn_on(second_db, SpawnOptions { redis: Some(redis_url()), namespace, port: 0 }).await;
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
