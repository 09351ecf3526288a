//! Each scenario run briefly against a real EduHub (in-process, SQLite), and the push scenario
//! against a deliberately lossy server to show the report does not hide losses.

use std::sync::Arc;
use std::time::Duration;

use api::{Application, Config};
use loadtest::net::SourceAddrs;
use loadtest::report::Report;
use loadtest::scenario::{broadcast, coedit, push, rest, Target};

struct Server {
    base: String,
    _dir: tempfile::TempDir,
    handle: actix_web::dev::ServerHandle,
}

impl Server {
    async fn start(load_test: bool) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let config = Config {
            addr: "127.0.0.1:0".into(),
            database_url: format!("sqlite://{}/load.db?mode=rwc", dir.path().display()),
            redis_url: None,
            bus_namespace: "load".into(),
            data_dir: dir.path().join("data"),
            web_dir: dir.path().join("no-web"),
            secure_cookies: false,
            workers: 2,
            max_in_flight: api::config::DEFAULT_MAX_IN_FLIGHT,
            job_workers: 2,
            job_stop_grace: std::time::Duration::from_secs(api::config::DEFAULT_JOB_STOP_GRACE_SECS),
            drain: std::time::Duration::ZERO,
            push_retention: api::config::DEFAULT_PUSH_RETENTION,
            maintenance_every: api::config::DEFAULT_MAINTENANCE_EVERY,
            demo_records: None,
            online_reminder_secs: None,
            live_records_secs: None,
            trusted_proxies: Default::default(),
            metrics_from: Default::default(),
            drive: Default::default(),
            desktop: Default::default(),
            demo_deployment: false,
            registration: None,
            load_test,
            ai: None,
            s3: None,
            job_lease: Default::default(),
        };
        let app = Application::build(config, true).await.expect("the server starts");
        let base = format!("http://127.0.0.1:{}", app.port());
        let handle = app.server_handle();
        actix_web::rt::spawn(app.run());
        Server { base, _dir: dir, handle }
    }
}

fn target(server: &str) -> Target {
    Target {
        server: server.to_owned(),
        admin_email: "admin@demo.eduhub".into(),
        admin_password: "eduhub-demo".into(),
        prefix: "t-".into(),
        connect_concurrency: 16,
        sources: Arc::new(SourceAddrs::parse("127.0.0.1").unwrap()),
        quiet: true,
    }
}

fn written_and_readable(report: &Report) {
    let dir = tempfile::tempdir().unwrap();
    let (json, html) = (dir.path().join("r.json"), dir.path().join("r.html"));
    report.write(Some(&json), Some(&html)).unwrap();
    let back: Report = serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    assert_eq!(back.results.keys().collect::<Vec<_>>(), report.results.keys().collect::<Vec<_>>());
    for (k, v) in &report.results {
        assert!((back.results[k] - v).abs() <= 1e-9 * v.abs().max(1.0), "{k}");
    }
    let page = std::fs::read_to_string(html).unwrap();
    assert!(page.contains(&report.scenario) && page.contains("<table>"));
}

#[actix_web::test]
async fn push_delivers_every_accepted_probe_once() {
    let server = Server::start(true).await;
    let args = push::PushArgs {
        target: target(&server.base),
        sessions: 20,
        duration: Duration::from_secs(2),
        rate: 200.0,
        broadcast_rate: 2.0,
        batch_ms: 20,
        in_flight: 4,
        grace: Duration::from_secs(10),
        server_pid: Some(std::process::id()),
        ack: true,
    };
    let report = push::run(args).await.unwrap();
    let r = &report.results;
    assert_eq!(r["sessions_connected"], 20.0, "{}", report.to_text());
    assert_eq!(r["sessions_failed"], 0.0);
    // 400 targeted + 4 broadcasts × 20 sessions.
    assert_eq!(r["pushes_accepted"], 480.0, "{}", report.to_text());
    assert_eq!((r["delivered"], r["lost"], r["duplicates"], r["unexpected"]), (480.0, 0.0, 0.0, 0.0), "{}", report.to_text());
    assert_eq!(report.latency.count, 480);
    assert!(report.latency.p50_ms > 0.0 && report.latency.max_ms >= report.latency.p99_ms);
    assert_eq!(report.series.iter().map(|p| p.count).sum::<u64>(), 480);
    assert!(r.contains_key("server_rss_per_session_bytes"), "the pid was given");
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    written_and_readable(&report);
    server.handle.stop(false).await;
}

#[actix_web::test]
async fn broadcast_rtt_steps_up_and_reports_clients_held() {
    let server = Server::start(true).await;
    let args = broadcast::BroadcastArgs {
        target: target(&server.base),
        step: 5,
        max_clients: 15,
        broadcasts: 3,
        interval_ms: 30,
        limit_ms: 5000.0,
        wait: Duration::from_secs(10),
        peer_url: None,
    };
    let report = broadcast::run(args).await.unwrap();
    assert_eq!(report.steps.iter().map(|s| s.level).collect::<Vec<_>>(), [5.0, 10.0, 15.0], "{}", report.to_text());
    assert_eq!(report.steps[2].figures["copies_expected"], 45.0);
    assert_eq!(report.steps[2].figures["copies_received"], 45.0);
    assert_eq!(report.steps[2].latency.count, 45, "a step's figures are its own copies");
    assert_eq!(report.results["clients_held_within_limit"], 15.0);
    assert_eq!(report.results["lost"], 0.0);
    written_and_readable(&report);

    // A limit nothing can meet stops after the first step and holds nobody.
    let strict = broadcast::BroadcastArgs {
        target: Target { prefix: "s-".into(), ..target(&server.base) },
        step: 5,
        max_clients: 15,
        broadcasts: 2,
        interval_ms: 10,
        limit_ms: 0.0,
        wait: Duration::from_secs(10),
        peer_url: None,
    };
    let report = broadcast::run(strict).await.unwrap();
    assert_eq!(report.steps.len(), 1);
    assert_eq!(report.results["clients_held_within_limit"], 0.0);
    server.handle.stop(false).await;
}

#[actix_web::test]
async fn coedit_documents_converge_and_every_update_is_seen() {
    let server = Server::start(true).await;
    let args = coedit::CoeditArgs {
        target: target(&server.base),
        ws_template: None,
        docs: 3,
        editors: 3,
        rate: 10.0,
        duration: Duration::from_secs(2),
        settle: Duration::from_secs(10),
        server_pid: None,
        keep_chars: None,
        // Two rounds: the editors leave the first three documents for three new ones.
        churn: Some(Duration::from_secs(1)),
    };
    let report = coedit::run(args).await.unwrap();
    let r = &report.results;
    assert_eq!(r["rounds"], 2.0, "{}", report.to_text());
    assert_eq!(r["editors_synced"], 18.0, "{}", report.to_text());
    assert!(r["updates_sent"] >= 100.0, "{}", report.to_text());
    assert_eq!(r["documents_converged"], 6.0, "{}", report.to_text());
    assert_eq!(r["observations_missing"], 0.0, "{}", report.to_text());
    assert_eq!(r["observations"] + r["observations_merged"], r["observations_expected"]);
    assert!(report.latency.count > 0 && report.errors.is_empty(), "{:?}", report.errors);
    written_and_readable(&report);

    // The same run through a URL template: rooms the tool's accounts may not open are refused,
    // and the report says so instead of inventing figures.
    let refused = coedit::CoeditArgs {
        target: target(&server.base),
        ws_template: Some(format!("{}/collab/handout/{{doc}}", server.base.replace("http", "ws"))),
        docs: 1,
        editors: 2,
        rate: 5.0,
        duration: Duration::from_millis(500),
        settle: Duration::from_secs(1),
        server_pid: None,
        keep_chars: None,
        churn: None,
    };
    let report = coedit::run(refused).await.unwrap();
    assert_eq!(report.results["editors_synced"], 0.0);
    assert_eq!(report.results["documents_converged"], 0.0);
    assert!(!report.errors.is_empty());
    server.handle.stop(false).await;
}

#[actix_web::test]
async fn rest_measures_the_offered_rate() {
    let server = Server::start(true).await;
    let args = rest::RestArgs {
        target: target(&server.base),
        users: 3,
        rps: vec![40.0, 80.0],
        duration: Duration::from_secs(1),
        mix: "user-info:2,banner:1,download-check:1".into(),
        max_in_flight: 1000,
        as_admin: false,
        days: 30,
    };
    let report = rest::run(args).await.unwrap();
    assert_eq!(report.steps.len(), 2);
    assert_eq!(report.steps[0].figures["ok"], 40.0, "{}", report.to_text());
    assert_eq!(report.steps[1].figures["ok"], 80.0, "{}", report.to_text());
    assert_eq!(report.results["errors"], 0.0, "{:?}", report.errors);
    written_and_readable(&report);
    server.handle.stop(false).await;
}

#[actix_web::test]
async fn every_report_call_of_the_report_mix_is_answered() {
    let server = Server::start(true).await;
    let calls = rest::CALLS.iter().filter(|c| c.3 == rest::RANGE).count();
    let args = rest::RestArgs {
        target: target(&server.base),
        users: 1,
        rps: vec![calls as f64],
        duration: Duration::from_secs(1),
        mix: "reports".into(),
        max_in_flight: 1000,
        as_admin: true,
        days: 30,
    };
    let report = rest::run(args).await.unwrap();
    // An error names the call and its code: a body the server refuses shows here.
    assert_eq!(report.results["errors"], 0.0, "{:?}", report.errors);
    for (name, ..) in rest::CALLS.iter().filter(|c| c.3 == rest::RANGE) {
        assert_eq!(report.results[&format!("{name}.count")], 1.0, "{name}");
    }
    server.handle.stop(false).await;
}

#[actix_web::test]
async fn setup_calls_are_off_unless_enabled() {
    let server = Server::start(false).await;
    let admin = loadtest::setup::Admin::login(&server.base, "admin@demo.eduhub", "eduhub-demo").await.unwrap();
    let err = admin.users("x-", 0, 1).await.unwrap_err();
    assert!(format!("{err:#}").contains("A0404"), "{err:#}");
    server.handle.stop(false).await;
}

/// A push server that loses every fourth probe and sends every fifth twice.
mod lossy {
    use std::collections::HashMap;
    use std::sync::Mutex;

    use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
    use base64::Engine;
    use protocol::dto::loadtest::{LoadPushRequest, LoadUsersRequest};
    use serde_json::json;

    type Sockets = web::Data<Mutex<HashMap<i64, actix_ws::Session>>>;

    async fn login() -> HttpResponse {
        HttpResponse::Ok().json(json!({"status": 1, "data": {"token": "admin"}}))
    }

    async fn users(body: web::Json<LoadUsersRequest>) -> HttpResponse {
        let start = body.start.unwrap_or(0);
        let users: Vec<_> = (start..start + body.count).map(|n| json!({"userId": n, "email": format!("u{n}@load.eduhub"), "token": format!("t{n}")})).collect();
        HttpResponse::Ok().json(json!({"code": "1", "data": users}))
    }

    async fn socket(req: HttpRequest, body: web::Payload, path: web::Path<String>, sockets: Sockets) -> actix_web::Result<HttpResponse> {
        let id: i64 = path.trim_start_matches('u').split('@').next().and_then(|n| n.parse().ok()).unwrap_or(-1);
        let (res, mut session, mut stream) = actix_ws::handle(&req, body)?;
        session.text("连接成功").await.ok();
        sockets.lock().unwrap().insert(id, session);
        actix_web::rt::spawn(async move { while let Some(Ok(_)) = futures_util::StreamExt::next(&mut stream).await {} });
        Ok(res)
    }

    async fn push(body: web::Json<LoadPushRequest>, sockets: Sockets) -> HttpResponse {
        let mut accepted = 0;
        let mut frames = Vec::new();
        for item in &body.items {
            let seq = item.payload["seq"].as_u64().unwrap_or(0);
            for user in &item.user_ids {
                accepted += 1;
                let content = base64::engine::general_purpose::STANDARD.encode(json!({"value": item.payload}).to_string());
                let frame = json!({"id": accepted.to_string(), "typeCode": "load_probe", "content": content}).to_string();
                let copies = if seq % 4 == 0 {
                    0
                } else if seq % 5 == 0 {
                    2
                } else {
                    1
                };
                for _ in 0..copies {
                    frames.push((*user, frame.clone()));
                }
            }
        }
        let targets: Vec<_> = {
            let sockets = sockets.lock().unwrap();
            frames.into_iter().filter_map(|(user, frame)| sockets.get(&user).cloned().map(|s| (s, frame))).collect()
        };
        for (mut session, frame) in targets {
            session.text(frame).await.ok();
        }
        HttpResponse::Ok().json(json!({"code": "1", "data": {"accepted": accepted}}))
    }

    pub fn start() -> (String, actix_web::dev::ServerHandle) {
        let sockets: Sockets = web::Data::new(Mutex::new(HashMap::new()));
        let server = HttpServer::new(move || {
            App::new()
                .app_data(sockets.clone())
                .route("/api/account/login/login", web::post().to(login))
                .route("/api/admin/loadtest/users", web::post().to(users))
                .route("/api/admin/loadtest/push", web::post().to(push))
                .route("/socket/im/magic/{email}", web::get().to(socket))
        })
        .workers(1)
        .bind("127.0.0.1:0")
        .unwrap();
        let port = server.addrs()[0].port();
        let server = server.run();
        let handle = server.handle();
        actix_web::rt::spawn(server);
        (format!("http://127.0.0.1:{port}"), handle)
    }
}

#[actix_web::test]
async fn a_lossy_server_shows_losses_and_duplicates() {
    let (base, handle) = lossy::start();
    let args = push::PushArgs {
        target: target(&base),
        sessions: 4,
        duration: Duration::from_secs(1),
        rate: 200.0,
        broadcast_rate: 0.0,
        batch_ms: 10,
        in_flight: 1,
        grace: Duration::from_secs(1),
        server_pid: None,
        ack: false,
    };
    let report = push::run(args).await.unwrap();
    let r = &report.results;
    // Probes are numbered 1..=200: 50 are multiples of 4 (lost); of the rest, the multiples of 5
    // that are not multiples of 20 arrive twice (40 − 10 = 30).
    assert_eq!(r["pushes_accepted"], 200.0, "{}", report.to_text());
    assert_eq!(r["lost"], 50.0, "{}", report.to_text());
    assert_eq!(r["duplicates"], 30.0, "{}", report.to_text());
    assert_eq!(r["delivered"], 150.0);
    assert!((r["loss_ratio"] - 0.25).abs() < 1e-9);
    assert!(report.notes.iter().any(|n| n.contains("never arrived")));
    handle.stop(false).await;
}

/// websocket-shootout's broadcast server (what `bench/peers/ws-broadcast.js` is), on actix-ws.
mod shootout {
    use std::sync::Mutex;

    use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
    use futures_util::StreamExt;

    type Clients = web::Data<Mutex<Vec<actix_ws::Session>>>;

    async fn socket(req: HttpRequest, body: web::Payload, clients: Clients) -> actix_web::Result<HttpResponse> {
        let (res, mut session, mut stream) = actix_ws::handle(&req, body)?;
        clients.lock().unwrap().push(session.clone());
        actix_web::rt::spawn(async move {
            while let Some(Ok(actix_ws::Message::Text(text))) = stream.next().await {
                let Ok(message) = serde_json::from_str::<serde_json::Value>(&text) else { continue };
                if message["type"] != "broadcast" {
                    continue;
                }
                let out = serde_json::json!({"type": "broadcast", "payload": message["payload"]}).to_string();
                let everyone: Vec<_> = clients.lock().unwrap().clone();
                for mut client in everyone {
                    client.text(out.clone()).await.ok();
                }
                session.text(serde_json::json!({"type": "broadcastResult", "payload": message["payload"]}).to_string()).await.ok();
            }
        });
        Ok(res)
    }

    pub fn start() -> (String, actix_web::dev::ServerHandle) {
        let clients: Clients = web::Data::new(Mutex::new(Vec::new()));
        let server = HttpServer::new(move || App::new().app_data(clients.clone()).route("/", web::get().to(socket))).workers(1).bind("127.0.0.1:0").unwrap();
        let port = server.addrs()[0].port();
        let server = server.run();
        let handle = server.handle();
        actix_web::rt::spawn(server);
        (format!("ws://127.0.0.1:{port}/"), handle)
    }
}

#[actix_web::test]
async fn broadcast_rtt_measures_a_websocket_shootout_peer() {
    let (url, handle) = shootout::start();
    let args = broadcast::BroadcastArgs {
        target: target("http://127.0.0.1:9"),
        step: 4,
        max_clients: 8,
        broadcasts: 3,
        interval_ms: 20,
        limit_ms: 5000.0,
        wait: Duration::from_secs(10),
        peer_url: Some(url),
    };
    let report = broadcast::run(args).await.unwrap();
    assert_eq!(report.steps.iter().map(|s| s.level).collect::<Vec<_>>(), [4.0, 8.0], "{}", report.to_text());
    assert_eq!(report.steps[1].figures["copies_expected"], 24.0);
    assert_eq!(report.steps[1].figures["copies_received"], 24.0, "the sender's own copy is not counted");
    assert_eq!(report.results["clients_held_within_limit"], 8.0);
    assert_eq!(report.results["lost"], 0.0);
    handle.stop(false).await;
}
