//! The download queue and Excel exports, with pushes instead of polling.

use std::time::{Duration, Instant};

use calamine::Reader;
use protocol::push::TypeCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::{on_both_databases, on_every_store};

on_every_store!(export_is_pushed_through_every_status_and_downloads_once);
on_both_databases!(exports_over_the_limit_are_refused);

/// The next `magic_001` content (other pushes are skipped).
async fn next_status(socket: &mut PushSocket) -> protocol::push::PushContent {
    loop {
        let push = socket.expect_push().await;
        if push.type_code == TypeCode::Magic001 {
            return push.decode_content().unwrap();
        }
    }
}

fn read_xlsx(bytes: &[u8]) -> Vec<Vec<String>> {
    let mut book = calamine::Xlsx::new(std::io::Cursor::new(bytes.to_vec())).expect("a valid xlsx");
    let name = book.sheet_names()[0].clone();
    let range = book.worksheet_range(&name).unwrap();
    range.rows().map(|r| r.iter().map(|c| c.to_string()).collect()).collect()
}

async fn export_is_pushed_through_every_status_and_downloads_once(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    for title in ["通知甲", "通知乙", "通知丙"] {
        admin.post_data("/api/admin/notice/publish", json!({"title": title, "content": "内容", "type": 2, "emails": [TEACHER]})).await;
    }
    let teacher = app.login(TEACHER).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;

    let queued = teacher.post_data("/api/producer_api/submitExcelTask", json!({"fileType": 3, "excelType": "notices", "businessType": "notice", "businessName": "我的 通知/列表", "reqParams": {}})).await;
    assert!(queued["queueCount"].as_i64().unwrap() >= 0);
    let mut statuses = Vec::new();
    let mut task_id = 0;
    while statuses.last() != Some(&3) {
        let content = next_status(&mut socket).await;
        task_id = content.id.unwrap();
        statuses.push(content.file_status.unwrap());
        if content.file_status == Some(3) {
            assert!(content.value.as_ref().unwrap()["fileSize"].as_i64().unwrap() > 0, "a ready push carries the size");
        }
        assert!(statuses.len() <= 3, "{statuses:?}");
    }
    assert_eq!(statuses, vec![1, 2, 3], "every status change is pushed");
    assert_eq!(teacher.post_data("/api/producer_api/queryRemainingCount", json!({})).await, json!({"queueCount": 0, "doneCount": 1}));

    // The list and the check agree; the file name follows the rule.
    let list = teacher.post_data("/api/download/downloadList", json!({"pageSize": 5, "pageNo": 1})).await;
    let task = &list["records"][0];
    assert_eq!((task["id"].as_i64(), task["fileStatus"].as_i64()), (Some(task_id), Some(3)));
    assert_eq!(task["fileName"], "我的通知_列表.xlsx");
    assert_eq!(task["extraInfo"]["ext"], "xlsx");
    assert_eq!(teacher.post_data("/api/download/downloadCheck", json!({})).await, json!({"queueCount": 0, "doneCount": 1}));

    // Another user cannot fetch it, nor delete it.
    let teacher2 = app.login(TEACHER2).await;
    let url = format!("/api/download/file/{task_id}");
    assert_eq!(teacher2.http.get(app.url(&url)).bearer_auth(teacher2.token.as_ref().unwrap()).send().await.unwrap().status(), 404);
    assert_eq!(teacher2.post("/api/download/deleteTask", json!({"id": task_id})).await.0, 404);

    // A partial fetch does not count as downloaded; a complete one does, once.
    let auth = format!("Bearer {}", teacher.token.as_ref().unwrap());
    let partial = teacher.http.get(app.url(&url)).header("Authorization", &auth).header("Range", "bytes=0-9").send().await.unwrap();
    assert_eq!(partial.status(), 206);
    assert_eq!(partial.bytes().await.unwrap().len(), 10);
    let whole = teacher.http.get(app.url(&url)).header("Authorization", &auth).send().await.unwrap();
    assert_eq!(whole.status(), 200);
    assert!(whole.headers()["content-disposition"].to_str().unwrap().contains("attachment"));
    let length: usize = whole.headers()["content-length"].to_str().unwrap().parse().unwrap();
    let bytes = whole.bytes().await.unwrap();
    assert_eq!(bytes.len(), length);
    let rows = read_xlsx(&bytes);
    assert_eq!(rows.len(), 4, "a header and one row per notice");
    assert_eq!(rows[0][1], "标题");
    let titles: Vec<&str> = rows[1..].iter().map(|r| r[1].as_str()).collect();
    assert_eq!(titles, vec!["通知甲", "通知乙", "通知丙"]);
    let content = next_status(&mut socket).await;
    assert_eq!((content.id, content.file_status), (Some(task_id), Some(4)));
    let again = teacher.http.get(app.url(&url)).header("Authorization", &auth).send().await.unwrap();
    assert_eq!(again.status(), 200);
    socket.expect_silence(Duration::from_millis(300)).await;

    // Only failed tasks are downloaded again; delete removes it.
    assert_eq!(teacher.post("/api/download/reDownload", json!({"id": task_id})).await.0, 409);
    teacher.post_data("/api/download/deleteTask", json!({"id": task_id})).await;
    assert_eq!(teacher.http.get(app.url(&url)).header("Authorization", &auth).send().await.unwrap().status(), 404);
    assert_eq!(teacher.post_data("/api/download/downloadList", json!({})).await["total"], 0);

    // A task that fails ends in retry with its reason, and re-downloading queues it again.
    let bad_id = storage::downloads::create(
        &app.state.db,
        &storage::downloads::NewTask { user_id: app.user_id(TEACHER).await, file_name: "x.xlsx", file_type: 3, ext: "xlsx", business_type: "excelExport", business_id: "", business_name: "x", params: r#"{"excelType":"nope"}"#, },
    )
    .await
    .unwrap();
    app.state.downloads.wake();
    let mut failed = None;
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        let content = next_status(&mut socket).await;
        if content.id == Some(bad_id) && content.file_status == Some(5) {
            failed = Some(content);
            break;
        }
    }
    let failed = failed.expect("the failure is pushed");
    assert_eq!(failed.value.unwrap()["error"], "未知的导出类型");
    let requeued = teacher.post_data("/api/download/reDownload", json!({"id": bad_id})).await;
    assert!(requeued["queueCount"].as_i64().unwrap() >= 0);

    // Bad input.
    for bad in [json!({"excelType": "secret", "businessName": "x"}), json!({"excelType": "notices", "businessName": ""}), json!({"excelType": "notices", "businessName": "x", "fileType": 1})] {
        let (status, body) = teacher.post("/api/producer_api/submitExcelTask", bad.clone()).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{bad}");
    }
}

async fn exports_over_the_limit_are_refused(app: &TestApp) {
    let teacher_id = app.user_id(TEACHER).await;
    let insert = match app.state.db.backend() {
        storage::Backend::Sqlite => "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100001) \
             INSERT INTO notices (title, content, type, created_by, created_at) SELECT 'bulk', 'c', 2, 1, 0 FROM n",
        storage::Backend::Postgres => "INSERT INTO notices (title, content, type, created_by, created_at) SELECT 'bulk', 'c', 2, 1, 0 FROM generate_series(1, 100001)",
    };
    sqlx::query(insert).execute(app.state.db.pool()).await.unwrap();
    sqlx::query("INSERT INTO notice_recipients (notice_id, user_id, role) SELECT id, $1, '' FROM notices WHERE title = 'bulk'")
        .bind(teacher_id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let teacher = app.login(TEACHER).await;
    let (status, body) = teacher.post("/api/producer_api/submitExcelTask", json!({"excelType": "notices", "businessName": "全部通知"})).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("导出数据超过10万条，请调整筛选条件后重新导出")));
    assert_eq!(teacher.post_data("/api/download/downloadList", json!({})).await["total"], 0, "nothing was queued");
    let value: Value = teacher.post_data("/api/producer_api/queryRemainingCount", json!({})).await;
    assert_eq!(value, json!({"queueCount": 0, "doneCount": 0}));
}

/// A task as a process killed mid-generation leaves it: generating, with `attempts` tries.
async fn interrupted_task(db: &storage::Db, user: i64, attempts: i64) -> i64 {
    let id = storage::downloads::create(
        db,
        &storage::downloads::NewTask { user_id: user, file_name: "记录.xlsx", file_type: 3, ext: "xlsx", business_type: "excelExport", business_id: "", business_name: "记录", params: r#"{"excelType":"downloadHistory"}"#, },
    )
    .await
    .unwrap();
    sqlx::query("UPDATE download_tasks SET status = 2, attempts = $1 WHERE id = $2").bind(attempts).bind(id).execute(db.pool()).await.unwrap();
    id
}

#[actix_web::test]
async fn tasks_left_generating_by_a_dead_process_finish_or_fail_after_restart() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let user = app.user_id(TEACHER).await;
    let port = app.port;
    // Arrange on the stopped server's database, as a killed process would have left it.
    let database = app.stop_keep_database().await;
    let db = storage::Db::connect(&database.url).await.unwrap();
    let resumed = interrupted_task(&db, user, 1).await;
    let exhausted = interrupted_task(&db, user, storage::downloads::MAX_ATTEMPTS).await;
    db.close().await;
    let app = TestApp::spawn_on(database, SpawnOptions { port, ..Default::default() }).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let a = storage::downloads::by_id(&app.state.db, resumed).await.unwrap().unwrap().status;
        let b = storage::downloads::by_id(&app.state.db, exhausted).await.unwrap().unwrap().status;
        if a == storage::downloads::READY && b == storage::downloads::RETRY {
            break;
        }
        assert!(Instant::now() < deadline, "statuses after restart: {a}, {b}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    app.stop().await;
}

#[actix_web::test]
async fn a_task_another_live_process_generates_is_taken_over_only_when_its_lease_runs_out() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let user = app.user_id(TEACHER).await;
    let port = app.port;
    let database = app.stop_keep_database().await;
    let db = storage::Db::connect(&database.url).await.unwrap();
    // One held by a live process (renewing its lease), one whose process died a moment ago.
    let held = interrupted_task(&db, user, 1).await;
    let orphaned = interrupted_task(&db, user, 1).await;
    let now = storage::now_ms();
    for (id, lease_until) in [(held, now + 120_000), (orphaned, now + 2_000)] {
        sqlx::query("UPDATE download_tasks SET lease_until = $1 WHERE id = $2").bind(lease_until).bind(id).execute(db.pool()).await.unwrap();
    }
    db.close().await;
    let app = TestApp::spawn_on(database, SpawnOptions { port, ..Default::default() }).await;
    let status = |id| {
        let db = app.state.db.clone();
        async move { storage::downloads::by_id(&db, id).await.unwrap().unwrap().status }
    };
    assert_eq!(status(orphaned).await, storage::downloads::GENERATING, "its lease has not run out at start");
    let deadline = Instant::now() + Duration::from_secs(15);
    while status(orphaned).await != storage::downloads::READY {
        assert!(Instant::now() < deadline, "the orphaned task is taken over once its lease runs out");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(status(held).await, storage::downloads::GENERATING, "a live process's task is left alone");
    app.stop().await;
}
