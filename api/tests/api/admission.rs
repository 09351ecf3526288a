//! Admission: past the bound of calls in progress, a call is refused at once (503, C0001,
//! `Retry-After`) with nothing of it done, and calls are taken again as soon as places free up.

use std::time::Duration;

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::*;

#[actix_web::test]
async fn past_the_bound_a_call_is_refused_at_once_and_taken_again_when_a_place_frees() {
    let database = TestDatabase::create(Backend::Sqlite).await;
    let app = TestApp::spawn_on(database, SpawnOptions { max_in_flight: 1, ..Default::default() }).await;
    let admin = app.login(ADMIN).await;
    admin.post_data("/api/pub/user/select", json!({"stage": 4, "subject": 54})).await;

    // A call holds the one place: the server has its head, its body is still on the way.
    let body = br#"{"email":"nobody@demo.eduhub","password":"not-the-password","type":1}"#;
    let mut held = TcpStream::connect(("127.0.0.1", app.port)).await.unwrap();
    let head = format!("POST /api/account/login/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n", body.len());
    held.write_all(head.as_bytes()).await.unwrap();
    held.write_all(&body[..10]).await.unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while app.state.admission.in_flight() < 1 {
        assert!(std::time::Instant::now() < deadline, "the held call never started");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }

    // Another call is refused at once, saying when to come back, and does nothing.
    let res = admin
        .http
        .post(app.url("/api/pub/user/select"))
        .bearer_auth(admin.token.as_deref().unwrap())
        .json(&json!({"stage": 4, "subject": 56}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 503);
    assert_eq!(res.headers().get("retry-after").and_then(|v| v.to_str().ok()), Some("1"));
    let refused: serde_json::Value = res.json().await.unwrap();
    assert_eq!((refused["code"].as_str(), refused["msg"].as_str()), (Some("C0001"), Some("服务繁忙，请稍后再试")));

    // A socket still opens: upgrades are not refused (clients of a restarted node reconnect
    // together), and its pushes arrive.
    let mut socket = admin.socket(None).await;
    socket.expect_connected().await;

    // The held call finishes (its answer is its own: wrong credentials); the place is free again.
    held.write_all(&body[10..]).await.unwrap();
    let mut answer = vec![0u8; 512];
    let n = held.read(&mut answer).await.unwrap();
    assert!(String::from_utf8_lossy(&answer[..n]).starts_with("HTTP/1.1 400"), "{}", String::from_utf8_lossy(&answer[..n]));
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while app.state.admission.in_flight() > 0 {
        assert!(std::time::Instant::now() < deadline, "the held call kept its place");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let info = admin.data("/api/pub/user/info").await;
    assert_eq!(info["selectedSubject"]["code"], 54, "the refused selection was not stored");
    app.stop().await;
}
