//! A server process killed (SIGKILL) in the middle of its work: after a restart nothing it was
//! doing stays in progress. These run the real `eduhub` binary as a child process, since an
//! in-process server cannot be killed without taking the test with it.

use std::path::Path;
use std::time::{Duration, Instant};

use calamine::Reader;
use protocol::push::TypeCode;
use serde_json::json;

use crate::helpers::*;
use crate::process::{free_port, ServerProcess};

/// A short lease: a restarted process takes over the dead one's task within seconds.
const SHORT_LEASE: (&str, &str) = ("EDUHUB_JOB_LEASE_SECS", "2");

/// Rows of the teacher's download history, so that exporting it takes long enough to be caught.
const HISTORY_ROWS: i64 = 99_000;

/// Submits the export of the teacher's long download history and waits until it is generating:
/// the task's id.
async fn export_generating(server: &ServerProcess, dir: &Path) -> (Client, PushSocket, i64) {
    let teacher = Client::at(&server.base).login(TEACHER).await;
    let db = storage::Db::connect(&format!("sqlite://{}/data/eduhub.db", dir.display())).await.unwrap();
    let user = storage::accounts::by_email(&db, TEACHER).await.unwrap().unwrap().id;
    insert_download_history(&db, user, HISTORY_ROWS).await;
    db.close().await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    teacher.post_data("/api/producer_api/submitExcelTask", json!({"excelType": "downloadHistory", "businessName": "全部记录"})).await;
    let task = loop {
        let push = socket.next_push(Duration::from_secs(30)).await.expect("the task's statuses are pushed");
        if push.type_code != TypeCode::DownloadStatusChanged {
            continue;
        }
        let content = push.decode_content().unwrap();
        if content.file_status == Some(2) {
            break content.id.unwrap();
        }
    };
    (teacher, socket, task)
}

/// Waits for the download task to end (ready or failed): its status.
async fn download_ended(socket: &mut PushSocket, task: i64, within: Duration) -> i32 {
    let deadline = Instant::now() + within;
    loop {
        assert!(Instant::now() < deadline, "the task did not end within {within:?}");
        let Some(push) = socket.next_push(Duration::from_secs(1)).await else { continue };
        if push.type_code != TypeCode::DownloadStatusChanged {
            continue;
        }
        let content = push.decode_content().unwrap();
        if content.id == Some(task) && matches!(content.file_status, Some(3) | Some(5)) {
            return content.file_status.unwrap();
        }
    }
}

/// SIGTERM while a job runs (a deploy, a rolling restart): the job goes back to the queue at once,
/// its attempt not counted, so the next process takes it over without waiting for a lease to run
/// out, and finishes it.
#[actix_web::test]
async fn sigterm_gives_the_jobs_in_hand_back_to_the_queue() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    // A lease far longer than the test: only the release lets the next process take the job; no
    // grace, so the job is surely still in hand when the signal comes.
    let env = [("EDUHUB_JOB_LEASE_SECS", "600"), ("EDUHUB_JOB_STOP_GRACE_SECS", "0")];
    let mut server = ServerProcess::start(dir.path(), port, &env).await;
    let (_, _socket, task) = export_generating(&server, dir.path()).await;

    let sent = server.terminate();
    server.expect_clean_exit(sent, Duration::from_secs(10)).await;
    let db = storage::Db::connect(&format!("sqlite://{}/data/eduhub.db", dir.path().display())).await.unwrap();
    let job: (i64, i64, i64) = sqlx::query_as("SELECT state, attempts, lease_until FROM jobs WHERE kind = 'download' AND subject_id = $1")
        .bind(task)
        .fetch_one(db.pool())
        .await
        .unwrap();
    assert_eq!(job, (1, 0, 0), "waiting again, the attempt not counted, no lease held");
    assert_eq!(storage::downloads::by_id(&db, task).await.unwrap().unwrap().status, storage::downloads::WAITING);

    let next = ServerProcess::start(dir.path(), port, &env).await;
    let teacher = Client::at(&next.base).login(TEACHER).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    assert_eq!(download_ended(&mut socket, task, Duration::from_secs(60)).await, 3, "finished by the next process");
    let attempts: i64 =
        sqlx::query_scalar("SELECT attempts FROM jobs WHERE kind = 'download' AND subject_id = $1").bind(task).fetch_one(db.pool()).await.unwrap();
    assert_eq!(attempts, 1);
    db.close().await;
}

#[actix_web::test]
async fn a_task_generating_when_the_server_is_killed_is_finished_after_restart() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut server = ServerProcess::start(dir.path(), port, &[SHORT_LEASE]).await;
    let teacher = Client::at(&server.base).login(TEACHER).await;

    let db = storage::Db::connect(&format!("sqlite://{}/data/eduhub.db", dir.path().display())).await.unwrap();
    let user = storage::accounts::by_email(&db, TEACHER).await.unwrap().unwrap().id;
    insert_download_history(&db, user, HISTORY_ROWS).await;

    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    teacher.post_data("/api/producer_api/submitExcelTask", json!({"excelType": "downloadHistory", "businessName": "全部记录"})).await;
    let task = loop {
        let push = socket.next_push(Duration::from_secs(30)).await.expect("the task's statuses are pushed");
        if push.type_code != TypeCode::DownloadStatusChanged {
            continue;
        }
        let content = push.decode_content().unwrap();
        if content.file_status == Some(2) {
            break content.id.unwrap();
        }
    };
    server.kill();
    let status = |db: storage::Db| async move { storage::downloads::by_id(&db, task).await.unwrap().unwrap().status };
    assert_eq!(status(db.clone()).await, storage::downloads::GENERATING, "the server died while it generated the file");

    // The restarted server takes the task over once the dead process's lease ran out, and
    // pushes each change to the owner's new connection.
    let _server = ServerProcess::start(dir.path(), port, &[SHORT_LEASE]).await;
    let teacher = Client::at(&_server.base).login(TEACHER).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    let deadline = Instant::now() + Duration::from_secs(30);
    let ended = loop {
        assert!(Instant::now() < deadline, "the task left generating; it is {}", status(db.clone()).await);
        let Some(push) = socket.next_push(Duration::from_secs(1)).await else { continue };
        if push.type_code != TypeCode::DownloadStatusChanged {
            continue;
        }
        let content = push.decode_content().unwrap();
        if content.id == Some(task) && matches!(content.file_status, Some(3) | Some(5)) {
            break content.file_status.unwrap();
        }
    };
    assert_eq!(ended, 3, "one interruption is retried, not given up");
    let res = teacher.http.get(format!("{}/api/download/file/{task}", teacher.base())).bearer_auth(teacher.token.as_ref().unwrap()).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let bytes = res.bytes().await.unwrap();
    let mut book = calamine::Xlsx::new(std::io::Cursor::new(bytes.to_vec())).expect("a valid xlsx");
    let name = book.sheet_names()[0].clone();
    let rows = book.worksheet_range(&name).unwrap().height();
    // A header, the old history, and the export's own task (generating when it was read).
    assert_eq!(rows as i64, 1 + HISTORY_ROWS + 1);
    db.close().await;
}

/// SIGTERM (a deploy, `docker stop`): the process tells every socket it is going away (1001, so
/// clients reconnect at once, behind a proxy to another node) and exits cleanly within 10 s.
#[actix_web::test]
async fn sigterm_closes_every_socket_going_away_and_exits_within_ten_seconds() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    use tokio_tungstenite::tungstenite::Message;

    let dir = tempfile::tempdir().unwrap();
    let mut server = ServerProcess::start(dir.path(), free_port(), &[SHORT_LEASE]).await;
    let teacher = Client::at(&server.base).login(TEACHER).await;
    let mut pushes = teacher.socket(None).await;
    pushes.expect_connected().await;
    let mut request = format!("{}/collab/feedback/1", server.base.replace("http://", "ws://")).into_client_request().unwrap();
    request.headers_mut().insert("Authorization", format!("Bearer {}", teacher.token.as_ref().unwrap()).parse().unwrap());
    let (mut editor, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    assert!(matches!(editor.next().await, Some(Ok(Message::Binary(_)))), "the room syncs");

    let sent = server.terminate();
    assert_eq!(pushes.expect_close().await, Some(protocol::push::close_code::GOING_AWAY), "the push socket");
    let editor_closed = loop {
        match tokio::time::timeout(Duration::from_secs(10), editor.next()).await.expect("the editor is told within 10 s") {
            Some(Ok(Message::Close(frame))) => break frame.map(|f| u16::from(f.code)),
            Some(Ok(_)) => continue,
            other => panic!("the editor's socket ended without a close frame: {other:?}"),
        }
    };
    assert_eq!(editor_closed, Some(protocol::push::close_code::GOING_AWAY), "the co-editing socket");
    server.expect_clean_exit(sent, Duration::from_secs(10)).await;
}

/// SIGTERM with a drain (`EDUHUB_DRAIN_SECS`): first the node says it is stopping — `/healthz`
/// answers 503 and a new socket is refused with 503, so a proxy sends reconnecting clients to
/// another node — while the sockets already open stay; then they are told to go away, and the
/// process exits.
#[actix_web::test]
async fn sigterm_drains_before_the_sockets_go_away() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    use tokio_tungstenite::tungstenite::Error as WsError;

    let dir = tempfile::tempdir().unwrap();
    let mut server = ServerProcess::start(dir.path(), free_port(), &[SHORT_LEASE, ("EDUHUB_DRAIN_SECS", "2")]).await;
    let teacher = Client::at(&server.base).login(TEACHER).await;
    let mut pushes = teacher.socket(None).await;
    pushes.expect_connected().await;
    let http = reqwest::Client::new();
    assert_eq!(http.get(format!("{}/healthz", server.base)).send().await.unwrap().status(), 200);

    let sent = server.terminate();
    let health = loop {
        let res = http.get(format!("{}/healthz", server.base)).send().await.unwrap();
        if res.status() != 200 {
            break (res.status().as_u16(), res.json::<serde_json::Value>().await.unwrap());
        }
        assert!(sent.elapsed() < Duration::from_secs(1), "the node says it is stopping at once");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!((health.0, health.1["status"].as_str()), (503, Some("draining")));
    let mut request = format!("{}/socket/im/magic/{TEACHER}", server.base.replace("http://", "ws://")).into_client_request().unwrap();
    request.headers_mut().insert("Authorization", format!("Bearer {}", teacher.token.as_ref().unwrap()).parse().unwrap());
    match tokio_tungstenite::connect_async(request).await {
        Err(WsError::Http(response)) => assert_eq!(response.status(), 503, "a new socket is sent elsewhere"),
        other => panic!("a new socket while draining: {:?}", other.map(|(_, r)| r.status())),
    }
    // The open socket stays through the drain, then goes away.
    pushes.expect_silence(Duration::from_millis(1000)).await;
    assert_eq!(pushes.expect_close().await, Some(protocol::push::close_code::GOING_AWAY));
    assert!(sent.elapsed() >= Duration::from_secs(2), "not before the drain ended");
    server.expect_clean_exit(sent, Duration::from_secs(12)).await;
}
