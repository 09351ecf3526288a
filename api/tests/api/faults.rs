//! Faults: the database goes away for twelve seconds under a signed-in user with a push socket and
//! a co-editing socket. Calls fail with a clear error (503, C0001) instead of hanging or
//! answering 500; nothing a call was refused for is half-stored; once the database is back, calls
//! work, pushes arrive, and an edit made during the outage reaches the document when its editor
//! reconnects, as the y-websocket client does. Figures in `docs/reliability.md`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use protocol::push::TypeCode;
use serde_json::json;
use tokio::net::{TcpListener, TcpStream};
use tokio::task::AbortHandle;

use crate::collab::{Opened, YClient};
use crate::helpers::*;

/// A TCP relay in front of PostgreSQL that can be cut (every connection through it dropped, new
/// ones closed at once) and restored: the database "goes away" without touching the server.
struct Relay {
    port: u16,
    open: Arc<AtomicBool>,
    links: Arc<Mutex<Vec<AbortHandle>>>,
}

impl Relay {
    async fn start(to: &'static str) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let open = Arc::new(AtomicBool::new(true));
        let links: Arc<Mutex<Vec<AbortHandle>>> = Arc::default();
        let (accepting, kept) = (open.clone(), links.clone());
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if !accepting.load(Ordering::SeqCst) {
                    continue; // dropped: the connection is closed at once
                }
                let link = tokio::spawn(async move {
                    if let Ok(mut outbound) = TcpStream::connect(to).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
                kept.lock().unwrap().push(link.abort_handle());
            }
        });
        Relay { port, open, links }
    }

    fn cut(&self) {
        self.open.store(false, Ordering::SeqCst);
        self.links.lock().unwrap().drain(..).for_each(|link| link.abort());
    }

    fn restore(&self) {
        self.open.store(true, Ordering::SeqCst);
    }
}

const OUTAGE: Duration = Duration::from_secs(12);

#[actix_web::test]
async fn the_database_going_away_loses_nothing() {
    let relay = Relay::start("127.0.0.1:5432").await;
    let mut database = TestDatabase::create(Backend::Postgres).await;
    assert!(database.url.contains("@127.0.0.1:5432/"), "the test database is on the local server: {}", database.url);
    database.url = database.url.replace("@127.0.0.1:5432/", &format!("@127.0.0.1:{}/", relay.port));
    let app = TestApp::spawn_on(database, SpawnOptions::default()).await;

    let admin = app.login(ADMIN).await;
    let teacher = app.login(TEACHER).await;
    let mut pushes = teacher.socket(None).await;
    pushes.expect_connected().await;
    let before = admin.post_data("/api/admin/notice/publish", json!({"title": "停电之前", "content": "a", "type": 2, "schoolIds": [1001]})).await;
    let seen = pushes.wait_for(TypeCode::NoticePublished).await;
    assert_eq!(seen.decode_content().unwrap().id, before["id"].as_i64());
    let last_seen: i64 = seen.id.parse().unwrap();

    let mut editor = YClient::connect(&app, &teacher, "feedback/1").await;
    editor.settle(Duration::from_millis(200)).await;
    editor.type_at(0, "甲").await;
    editor.settle(Duration::from_millis(300)).await;

    // The database goes away.
    relay.cut();
    let cut_at = Instant::now();
    // An edit now cannot be written: the room drops its editors (who keep the edit).
    editor.type_at(1, "乙").await;
    let during = async {
        let read = teacher.get("/api/pub/user/info").await;
        let publish = admin.post("/api/admin/notice/publish", json!({"title": "停电之中", "content": "b", "type": 2, "schoolIds": [1001]})).await;
        (read, publish, cut_at.elapsed())
    };
    let ((read_status, read), (publish_status, publish), answered_in) = during.await;
    assert_eq!((read_status, read["code"].as_str(), read["msg"].as_str()), (503, Some("C0001"), Some(api::error::DATABASE_UNAVAILABLE)), "{read}");
    assert_eq!((publish_status, publish["code"].as_str()), (503, Some("C0001")), "{publish}");
    assert!(answered_in < OUTAGE, "the calls were answered while the database was away ({answered_in:?})");
    let closed = editor.wait_closed(OUTAGE).await;
    assert!(matches!(closed, Some((Some(1011), _))), "the editor was told its edit is not saved: {closed:?}");

    tokio::time::sleep(OUTAGE.saturating_sub(cut_at.elapsed())).await;
    relay.restore();

    // Calls work again within a few seconds.
    let back = Instant::now();
    loop {
        let (status, _) = teacher.get("/api/pub/user/info").await;
        if status == 200 {
            break;
        }
        assert!(back.elapsed() < Duration::from_secs(10), "calls work again after the database is back (last {status})");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // The editor reconnects, as y-websocket does, and its edit reaches the document.
    let replica = editor.doc.clone();
    let mut editor = loop {
        match YClient::open_replica(&app, &teacher, "feedback/1", replica.clone()).await {
            Opened::Connected(editor) => break editor,
            Opened::Closed(code) => {
                assert!(back.elapsed() < Duration::from_secs(10), "the document opens again (closed {code:?})");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    };
    editor.settle(Duration::from_millis(500)).await;
    let mut reader = YClient::connect(&app, &app.login(TEACHER2).await, "feedback/1").await;
    assert!(reader.wait_text("甲乙", Duration::from_secs(5)).await, "the edit made during the outage is in the document: {:?}", reader.text());
    let stored = storage::documents::load(&app.state.db, "feedback/1").await.unwrap();
    let core = hub::doc::core::DocCore::load(stored.snapshot_v2.as_deref(), &stored.updates_v1).unwrap();
    assert_eq!(yrs::GetString::get_string(&core.doc().get_or_insert_text("body"), &yrs::Transact::transact(core.doc())), "甲乙", "and in its log");

    // Pushes flow again: on the same socket, or from the last one seen after a reconnect.
    let after = admin.post_data("/api/admin/notice/publish", json!({"title": "停电之后", "content": "c", "type": 2, "schoolIds": [1001]})).await;
    let arrived = match pushes.next_push(Duration::from_secs(5)).await {
        Some(push) => push,
        None => {
            let mut again = teacher.socket(Some(last_seen)).await;
            again.expect_connected().await;
            again.wait_for(TypeCode::NoticePublished).await
        }
    };
    assert_eq!(arrived.decode_content().unwrap().id, after["id"].as_i64());

    // What was refused was not stored; what was stored is kept.
    let titles: Vec<String> = sqlx::query_scalar("SELECT title FROM notices ORDER BY id").fetch_all(app.state.db.pool()).await.unwrap();
    assert!(titles.contains(&"停电之前".to_owned()) && titles.contains(&"停电之后".to_owned()), "{titles:?}");
    assert!(!titles.contains(&"停电之中".to_owned()), "the refused notice was not stored: {titles:?}");
    app.stop().await;
}

/// A tmpfs of `size` mounted at a directory (the tests run as root, as `make test` does in CI),
/// unmounted when dropped: a disk that fills up.
struct SmallDisk {
    path: std::path::PathBuf,
}

impl SmallDisk {
    fn mount(path: &std::path::Path, size: &str) -> SmallDisk {
        std::fs::create_dir_all(path).unwrap();
        let status = std::process::Command::new("mount").args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"]).arg(path).status().expect("mount runs");
        assert!(status.success(), "a {size} tmpfs mounted at {} (the test needs root)", path.display());
        SmallDisk { path: path.to_owned() }
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        match std::process::Command::new("umount").arg("-l").arg(&self.path).status() {
            Ok(status) if status.success() => {}
            other => eprintln!("umount {} failed: {other:?}", self.path.display()),
        }
    }
}

/// Every file under `dir` with its size.
fn files_under(dir: &std::path::Path) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let meta = entry.metadata().unwrap();
            if meta.is_dir() {
                stack.push(entry.path());
            } else {
                out.push((entry.path().display().to_string(), meta.len()));
            }
        }
    }
    out.sort();
    out
}

/// The disk (8 MiB) fills up during a 24 MiB upload: the uploader is told clearly (503, C0001, "存储空间已满")
/// instead of a bare 500, no partial file is left behind, and the next upload that fits is
/// stored whole.
#[actix_web::test]
async fn a_full_disk_refuses_the_upload_and_keeps_no_partial_file() {
    // The database lives elsewhere (PostgreSQL): only the file store runs out of room.
    let database = TestDatabase::create(Backend::Postgres).await;
    let disk = SmallDisk::mount(&database.data_dir(), "8m");
    let app = TestApp::spawn_on(database, SpawnOptions::default()).await;
    let teacher = app.login(TEACHER).await;
    let before = files_under(&app.data_dir());
    let put = |target: String, body: Vec<u8>| async move {
        let res = reqwest::Client::new().put(target).body(body).send().await.unwrap();
        let status = res.status().as_u16();
        (status, res.json::<serde_json::Value>().await.unwrap_or_default())
    };

    let big = teacher.post_data("/api/resource/getUploadUrl", json!({"fileName": "课堂录像.mp4"})).await;
    // Several of the store's 5 MiB parts: the disk fills while parts are in flight.
    let (status, body) = put(app.url(big["uploadUrl"].as_str().unwrap()), vec![7u8; 24 << 20]).await;
    assert_eq!((status, body["code"].as_str()), (503, Some("C0001")), "{body}");
    assert!(body["msg"].as_str().unwrap_or("").contains("存储空间已满"), "{body}");
    // The staged part is removed (in the background, as the store cleans up): nothing is left.
    let deadline = Instant::now() + Duration::from_secs(5);
    while files_under(&app.data_dir()) != before {
        assert!(Instant::now() < deadline, "no partial file is kept: before {before:?}, now {:?}", files_under(&app.data_dir()));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let small = teacher.post_data("/api/resource/getUploadUrl", json!({"fileName": "讲义.pdf"})).await;
    let bytes: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
    let (status, body) = put(app.url(small["uploadUrl"].as_str().unwrap()), bytes.clone()).await;
    assert_eq!(status, 200, "a file that fits is stored once the room is back: {body}");
    assert_eq!(body["data"]["size"].as_i64(), Some(bytes.len() as i64), "{body}");
    // Unmounted before the directory under it goes.
    let database = app.stop_keep_database().await;
    drop(disk);
    database.drop_database().await;
}
