//! Scale-out: several server processes on one PostgreSQL database share pushes through Redis.

use std::time::Duration;

use serde_json::json;

use crate::helpers::*;

#[actix_web::test]
async fn a_push_published_on_one_node_reaches_a_socket_on_another() {
    let database = TestDatabase::create(Backend::Postgres).await;
    let namespace = format!("test-{}", std::process::id());
    let url = database.url.clone();
    let node_a = TestApp::spawn_on(database, SpawnOptions { redis: Some(redis_url()), namespace: namespace.clone(), ..Default::default() }).await;
    let second_db = TestDatabase::reuse(&url);
    let node_b = TestApp::spawn_on(second_db, SpawnOptions { redis: Some(redis_url()), namespace, ..Default::default() }).await;
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
    let id = admin_on_a.post_data("/api/admin/notice/publish", json!({"title": "跨节点", "content": "x", "type": 1, "emails": [TEACHER]})).await["id"]
        .as_i64()
        .unwrap();
    for socket in [&mut socket_b, &mut socket_a] {
        let push = socket.expect_push().await;
        assert_eq!(push.decode_content().unwrap().id, Some(id));
        assert_eq!(push.id, "1");
    }
    outsider_b.expect_silence(Duration::from_millis(400)).await;

    // Logout on B closes the socket on A.
    teacher_on_b.post("/api/pub/web/logout", json!({})).await;
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
    let node_a = TestApp::spawn_on(database, SpawnOptions { redis: Some(redis_url()), namespace: namespace.clone(), ..Default::default() }).await;
    let node_b = TestApp::spawn_on(TestDatabase::reuse(&url), SpawnOptions { redis: Some(redis_url()), namespace, ..Default::default() }).await;
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

#[actix_web::test]
async fn files_kept_in_one_bucket_are_served_by_every_node() {
    use sha2::{Digest, Sha256};
    let s3 = S3Server::start();
    let database = TestDatabase::create(Backend::Postgres).await;
    let namespace = format!("files-{}", std::process::id());
    let url = database.url.clone();
    let options = |namespace: String| SpawnOptions { redis: Some(redis_url()), namespace, s3: Some(s3.config()), ..Default::default() };
    let node_a = TestApp::spawn_on(database, options(namespace.clone())).await;
    let node_b = TestApp::spawn_on(TestDatabase::reuse(&url), options(namespace)).await;
    let teacher = node_a.login(TEACHER).await;
    let auth = format!("Bearer {}", teacher.token.as_ref().unwrap());
    let http = reqwest::Client::new();

    // Uploaded through A, fetched through B.
    let upload = teacher.post_data("/api/resource/getUploadUrl", json!({"fileName": "共享讲义.pdf"})).await;
    let bytes: Vec<u8> = (0..700_000u32).map(|i| (i % 251) as u8).collect();
    let put = http.put(node_b.url(upload["uploadUrl"].as_str().unwrap())).body(bytes.clone()).send().await.unwrap();
    assert_eq!(put.status(), 200);
    let resource = teacher.post_data("/api/resource/save", json!({"fileId": upload["fileId"]})).await;
    let signed = teacher.post_data("/api/resource/getDownloadUrl", json!({"id": resource["id"]})).await;
    let fetched = http.get(node_a.url(signed["url"].as_str().unwrap())).send().await.unwrap().bytes().await.unwrap();
    assert_eq!(Sha256::digest(&fetched), Sha256::digest(&bytes));

    // A download made by whichever node's worker took it is served by both.
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    let task_id = teacher.post_data("/api/download/teachingResource/submit", json!({"resourceId": resource["id"]})).await["taskId"].as_i64().unwrap();
    loop {
        let push = socket.expect_push().await;
        let content = push.decode_content().unwrap();
        if push.type_code == protocol::push::TypeCode::DownloadStatusChanged && content.id == Some(task_id) && content.file_status == Some(3) {
            break;
        }
    }
    for node in [&node_a, &node_b] {
        let res = http
            .get(node.url(&format!("/api/download/file/{task_id}")))
            .header("Authorization", &auth)
            .header("Range", "bytes=1000-1999")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 206);
        assert_eq!(res.bytes().await.unwrap().as_ref(), &bytes[1000..2000]);
    }
    // Deleting the task deletes its file from the bucket.
    let before = s3.object_count();
    let mut teacher_on_b = node_b.client();
    teacher_on_b.token = teacher.token.clone();
    teacher_on_b.post_data("/api/download/deleteTask", json!({"id": task_id})).await;
    assert_eq!(s3.object_count(), before - 1);

    node_b.stop_keep_database().await;
    node_a.stop().await;
}

#[actix_web::test]
async fn a_bucket_that_cannot_be_read_stops_the_start_with_its_name() {
    let s3 = S3Server::start();
    let database = TestDatabase::create(Backend::Sqlite).await;
    for (bucket, secret) in [("no-such-bucket", None), (S3_BUCKET, Some("a-wrong-secret"))] {
        let mut config = s3.config();
        config.bucket = bucket.into();
        if let Some(secret) = secret {
            config.secret_access_key = Some(secret.into());
        }
        let started = api::Application::build(TestApp::config(&database, SpawnOptions { s3: Some(config), ..Default::default() }), false).await;
        let error = started.err().expect("the start fails").to_string();
        assert!(error.contains(&format!("the S3 bucket {bucket} cannot be read")), "{error}");
    }
}

/// A Redis server of this test's own (the shared one serves other tests), restartable on its port.
struct OwnRedis {
    port: u16,
    child: std::process::Child,
}

impl OwnRedis {
    fn start(port: u16) -> OwnRedis {
        let child = std::process::Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("redis-server runs (make services)");
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(std::time::Instant::now() < deadline, "redis-server listens on {port}");
            std::thread::sleep(Duration::from_millis(50));
        }
        OwnRedis { port, child }
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    fn restart(mut self, down_for: Duration) -> OwnRedis {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
        std::thread::sleep(down_for);
        OwnRedis::start(self.port)
    }
}

impl Drop for OwnRedis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Redis restarts under two nodes with an editor and a push socket on each: what was published
/// while it was away is lost to the bus, but not to the clients. Both nodes reconnect; pushes
/// come from the push log and documents catch up from the document log, so the editors converge.
#[actix_web::test]
async fn a_redis_restart_loses_no_edit_and_no_push() {
    use crate::collab::YClient;
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let redis = OwnRedis::start(port);
    let database = TestDatabase::create(Backend::Postgres).await;
    let url = database.url.clone();
    let options = || SpawnOptions { redis: Some(redis.url()), namespace: "restart".into(), ..Default::default() };
    let node_a = TestApp::spawn_on(database, options()).await;
    let node_b = TestApp::spawn_on(TestDatabase::reuse(&url), options()).await;

    let teacher = node_a.login(TEACHER).await;
    let mut teacher_on_b = node_b.client();
    teacher_on_b.token = teacher.token.clone();
    teacher_on_b.email = TEACHER.into();
    let mut pushes_b = teacher_on_b.socket(None).await;
    pushes_b.expect_connected().await;
    let teacher2 = node_b.login(TEACHER2).await;
    let mut on_a = YClient::connect(&node_a, &teacher, "feedback/1").await;
    let mut on_b = YClient::connect(&node_b, &teacher2, "feedback/1").await;
    on_a.settle(Duration::from_millis(200)).await;
    on_b.settle(Duration::from_millis(200)).await;
    on_a.type_at(0, "前").await;
    assert!(on_b.wait_text("前", Duration::from_secs(3)).await, "the bus works: {:?}", on_b.text());

    // Redis goes away; A's editor types and A publishes a notice to the teacher meanwhile.
    let redis = redis.restart(Duration::from_millis(100));
    on_a.type_at(1, "中").await;
    let admin = node_a.login(ADMIN).await;
    let notice = admin.post_data("/api/admin/notice/publish", json!({"title": "重启之中", "content": "x", "type": 1, "emails": [TEACHER]})).await;

    // B's editor gets the edit, and B's push socket the notice, once B is back on the bus.
    assert!(on_b.wait_text("前中", Duration::from_secs(10)).await, "B's editor caught up: {:?}", on_b.text());
    let push = pushes_b.expect_push().await;
    assert_eq!(push.decode_content().unwrap().id, notice["id"].as_i64(), "{push:?}");

    // And the bus carries traffic both ways again.
    on_b.type_at(2, "后").await;
    assert!(on_a.wait_text("前中后", Duration::from_secs(10)).await, "A sees B's edit after the restart: {:?}", on_a.text());

    node_b.stop_keep_database().await;
    node_a.stop().await;
    drop(redis);
}

/// Each process keeps the account tables it reads on every call in memory; a change on one node
/// reaches the other's cache through the bus: a new selection, and a session that ended.
#[actix_web::test]
async fn an_account_change_on_one_node_is_what_the_other_node_answers() {
    let database = TestDatabase::create(Backend::Postgres).await;
    let namespace = format!("test-accounts-{}", std::process::id());
    let url = database.url.clone();
    let node_a = TestApp::spawn_on(database, SpawnOptions { redis: Some(redis_url()), namespace: namespace.clone(), ..Default::default() }).await;
    let node_b = TestApp::spawn_on(TestDatabase::reuse(&url), SpawnOptions { redis: Some(redis_url()), namespace, ..Default::default() }).await;
    let admin_on_a = node_a.login(ADMIN).await;
    let mut admin_on_b = node_b.client();
    admin_on_b.token = admin_on_a.token.clone();

    // B reads (and keeps) the selection; A changes it.
    admin_on_a.post_data("/api/pub/user/select", json!({"stage": 4, "subject": 54})).await;
    assert_eq!(admin_on_b.data("/api/pub/user/info").await["selectedSubject"]["code"], 54);
    admin_on_a.post_data("/api/pub/user/select", json!({"stage": 4, "subject": 56})).await;
    let seen = eventually(|| async { admin_on_b.data("/api/pub/user/info").await["selectedSubject"]["code"] == 56 }).await;
    assert!(seen, "B answers the selection A stored");

    // A logout on A ends the session on B too.
    admin_on_a.post("/api/pub/web/logout", json!({})).await;
    let ended = eventually(|| async { admin_on_b.get("/api/pub/user/info").await.1["code"] == "A0201" }).await;
    assert!(ended, "B no longer takes the ended session");

    node_b.stop_keep_database().await;
    node_a.stop().await;
}

/// Whether `check` holds within 5 s (the bus delivers in milliseconds; the bound only keeps a
/// broken build from hanging).
async fn eventually<F, Fut>(check: F) -> bool
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    loop {
        if check().await {
            return true;
        }
        if std::time::Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
