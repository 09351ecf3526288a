//! The download queue and Excel exports, with pushes instead of polling.

use std::time::{Duration, Instant};

use calamine::Reader;
use protocol::push::TypeCode;
use serde_json::{json, Value};
use storage::jobs::JobKind;

use crate::helpers::*;
use crate::{on_both_databases, on_every_store};

on_every_store!(export_is_pushed_through_every_status_and_downloads_once);
on_both_databases!(exports_over_the_limit_are_refused, exports_and_the_list_follow_their_filters);

/// The next `magic_001` content (other pushes are skipped).
async fn next_status(socket: &mut PushSocket) -> protocol::push::PushContent {
    next_status_within(socket, Duration::from_secs(5)).await
}

/// The next `magic_001` content within `within` (a long export's end may take a while).
async fn next_status_within(socket: &mut PushSocket, within: Duration) -> protocol::push::PushContent {
    loop {
        let push = socket.next_push(within).await.unwrap_or_else(|| panic!("a download status is pushed within {within:?}"));
        if push.type_code == TypeCode::DownloadStatusChanged {
            let content: protocol::push::PushContent = push.decode_content().unwrap();
            // Progress reports of a running export are not status changes.
            if content.value.as_ref().is_some_and(|v| v.get("progress").is_some()) {
                continue;
            }
            return content;
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

    let queued = teacher
        .post_data(
            "/api/producer_api/submitExcelTask",
            json!({"fileType": 3, "excelType": "notices", "businessType": "notice", "businessName": "我的 通知/列表", "reqParams": {}}),
        )
        .await;
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
        &storage::downloads::NewTask {
            user_id: app.user_id(TEACHER).await,
            file_name: "x.xlsx",
            file_type: 3,
            ext: "xlsx",
            business_type: "excelExport",
            business_id: "",
            business_name: "x",
            params: r#"{"excelType":"nope"}"#,
        },
        hub::jobs::MAX_WAITING_PER_USER,
    )
    .await
    .unwrap()
    .unwrap();
    app.state.jobs.submitted(JobKind::Download, app.user_id(TEACHER).await, bad_id).await;
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
    assert_eq!(failed.value.unwrap()["error"], "未知的导出类型：nope");
    let requeued = teacher.post_data("/api/download/reDownload", json!({"id": bad_id})).await;
    assert!(requeued["queueCount"].as_i64().unwrap() <= 1);
    // Queued (1), taken by a worker (2), and failed again (5), each pushed. A worker's own poll
    // may take the task before the handler has read it back, which merges the first two.
    let mut again = Vec::new();
    while again.last() != Some(&5) {
        let content = next_status(&mut socket).await;
        assert_eq!(content.id, Some(bad_id));
        again.push(content.file_status.unwrap());
        assert!(again.len() <= 3, "{again:?}");
    }
    again.dedup();
    assert!(again == [1, 2, 5] || again == [2, 5], "{again:?}");

    // Bad input.
    for bad in [
        json!({"excelType": "secret", "businessName": "x"}),
        json!({"excelType": "notices", "businessName": ""}),
        json!({"excelType": "notices", "businessName": "x", "fileType": 1}),
    ] {
        let (status, body) = teacher.post("/api/producer_api/submitExcelTask", bad.clone()).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{bad}");
    }
}

async fn exports_over_the_limit_are_refused(app: &TestApp) {
    let teacher_id = app.user_id(TEACHER).await;
    let insert = match app.state.db.backend() {
        storage::Backend::Sqlite => {
            "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100001) \
             INSERT INTO notices (title, content, type, created_by, created_at) SELECT 'bulk', 'c', 2, 1, 0 FROM n"
        }
        storage::Backend::Postgres => {
            "INSERT INTO notices (title, content, type, created_by, created_at) SELECT 'bulk', 'c', 2, 1, 0 FROM generate_series(1, 100001)"
        }
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

    // Narrowed by its filters as the warning asks, the same export is queued and holds just those rows.
    let admin = app.login(ADMIN).await;
    admin.post_data("/api/admin/notice/publish", json!({"title": "期末安排", "content": "内容", "type": 2, "emails": [TEACHER]})).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    let rows = exported_rows(&teacher, &mut socket, "notices", "期末通知", json!({"keyword": "期末"})).await;
    assert_eq!(column(&rows, 1), vec!["期末安排"]);
}

/// Submits an export, waits until its task is ready (pushed) and answers the sheet's rows.
pub(crate) async fn exported_rows(client: &Client, socket: &mut PushSocket, excel_type: &str, name: &str, params: Value) -> Vec<Vec<String>> {
    client.post_data("/api/producer_api/submitExcelTask", json!({"excelType": excel_type, "businessName": name, "reqParams": params})).await;
    let id = loop {
        let content = next_status(socket).await;
        match content.file_status {
            Some(3) => break content.id.unwrap(),
            Some(5) => panic!("the export failed: {:?}", content.value),
            _ => {}
        }
    };
    let res = client.http.get(format!("{}/api/download/file/{id}", client.base())).bearer_auth(client.token.as_ref().unwrap()).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let rows = read_xlsx(&res.bytes().await.unwrap());
    // Marked downloaded once the body was sent: wait for it, so later listings see status 4.
    loop {
        let content = next_status(socket).await;
        if content.id == Some(id) && content.file_status == Some(4) {
            break;
        }
    }
    rows
}

pub(crate) fn column(rows: &[Vec<String>], col: usize) -> Vec<&str> {
    rows[1..].iter().map(|r| r[col].as_str()).collect()
}

async fn exports_and_the_list_follow_their_filters(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let mut ids = Vec::new();
    for (title, kind) in [("周报 一", 2), ("月报", 7), ("周报 二", 2), ("Weekly_50%", 2), ("Weekly 500", 2)] {
        ids.push(
            admin.post_data("/api/admin/notice/publish", json!({"title": title, "content": "内容", "type": kind, "emails": [TEACHER]})).await["id"]
                .as_i64()
                .unwrap(),
        );
    }
    let teacher = app.login(TEACHER).await;
    teacher.post_data(&format!("/api/exam/notice/read?id={}", ids[0]), json!({})).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;

    // Notices: keyword and read status, type, and a keyword whose % and _ are literal.
    let rows = exported_rows(&teacher, &mut socket, "notices", "未读周报", json!({"keyword": "周报", "readStatus": 0})).await;
    assert_eq!(column(&rows, 1), vec!["周报 二"]);
    let rows = exported_rows(&teacher, &mut socket, "notices", "月报导出", json!({"type": 7, "readStatus": -1})).await;
    assert_eq!(column(&rows, 1), vec!["月报"]);
    let rows = exported_rows(&teacher, &mut socket, "notices", "关键字", json!({"keyword": "weekly_50%"})).await;
    assert_eq!(column(&rows, 1), vec!["Weekly_50%"], "case-insensitive, wildcards literal");
    let rows = exported_rows(&teacher, &mut socket, "notices", "已读", json!({"readStatus": 1})).await;
    assert_eq!(column(&rows, 5), vec!["是"]);

    // Download history: the list and the export take the same filters.
    let list = teacher.post_data("/api/download/downloadList", json!({"keyword": "月报"})).await;
    assert_eq!(list["total"], 1);
    assert_eq!(list["records"][0]["fileName"], "月报导出.xlsx");
    // Each export above was fetched whole, so each is downloaded (4).
    let fetched = teacher.post_data("/api/download/downloadList", json!({"pageSize": 10, "fileStatus": [4, 5]})).await;
    assert_eq!(fetched["total"], 4, "{fetched}");
    assert_eq!(teacher.post_data("/api/download/downloadList", json!({"fileStatus": 3})).await["total"], 0);
    let later = storage::now_ms() + 3_600_000;
    assert_eq!(teacher.post_data("/api/download/downloadList", json!({"startTime": later})).await["total"], 0);
    let rows = exported_rows(&teacher, &mut socket, "downloadHistory", "下载记录", json!({"keyword": "报", "fileStatus": 4})).await;
    assert_eq!(column(&rows, 1), vec!["未读周报.xlsx", "月报导出.xlsx"]);

    // Filters that do not fit are refused by name, and nothing is queued.
    let before = teacher.post_data("/api/download/downloadList", json!({})).await["total"].clone();
    for (path, body, says) in [
        ("/api/producer_api/submitExcelTask", json!({"excelType": "downloadHistory", "businessName": "x", "reqParams": {"readStatus": 1}}), "readStatus"),
        ("/api/producer_api/submitExcelTask", json!({"excelType": "notices", "businessName": "x", "reqParams": {"readStatus": 3}}), "readStatus"),
        ("/api/producer_api/submitExcelTask", json!({"excelType": "notices", "businessName": "x", "reqParams": "keyword"}), "对象"),
        ("/api/producer_api/submitExcelTask", json!({"excelType": "notices", "businessName": "x", "reqParams": {"startTime": 5, "endTime": 1}}), "startTime"),
        ("/api/download/downloadList", json!({"fileStatus": [7]}), "fileStatus"),
        ("/api/download/downloadList", json!({"pageNo": "1"}), "pageNo"),
        ("/api/download/downloadList", json!({"pageNo": 9_000_000_000_000_000_000i64}), "pageNo"),
        ("/api/download/downloadList", json!({"owner": 1}), "owner"),
    ] {
        let (status, answer) = teacher.post(path, body.clone()).await;
        assert_eq!((status, answer["code"].as_str()), (400, Some("A0400")), "{body}: {answer}");
        assert!(answer["msg"].as_str().unwrap().contains(says), "{body}: {answer}");
    }
    assert_eq!(teacher.post_data("/api/download/downloadList", json!({})).await["total"], before, "nothing was queued");
}

/// A task as a process killed mid-generation leaves it: generating, with `attempts` tries.
async fn interrupted_task(db: &storage::Db, user: i64, attempts: i64) -> i64 {
    let id = storage::downloads::create(
        db,
        &storage::downloads::NewTask {
            user_id: user,
            file_name: "记录.xlsx",
            file_type: 3,
            ext: "xlsx",
            business_type: "excelExport",
            business_id: "",
            business_name: "记录",
            params: r#"{"excelType":"downloadHistory"}"#,
        },
        hub::jobs::MAX_WAITING_PER_USER,
    )
    .await
    .unwrap()
    .unwrap();
    sqlx::query("UPDATE download_tasks SET status = 2, attempts = $1 WHERE id = $2").bind(attempts).bind(id).execute(db.pool()).await.unwrap();
    job_left_running(db, JobKind::Download, id, attempts, 0).await;
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
    let exhausted = interrupted_task(&db, user, storage::jobs::MAX_ATTEMPTS).await;
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
        job_left_running(&db, JobKind::Download, id, 1, lease_until).await;
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

/// The teacher (`user`), their socket and an export of a long download history, pushed as
/// generating (so still being made for a while).
async fn long_export_generating(app: &TestApp, user: i64) -> (Client, PushSocket, i64) {
    insert_download_history(&app.state.db, user, 90_000).await;
    let teacher = app.login(TEACHER).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    teacher.post_data("/api/producer_api/submitExcelTask", json!({"excelType": "downloadHistory", "businessName": "全部记录"})).await;
    loop {
        let content = next_status(&mut socket).await;
        if content.file_status == Some(2) {
            return (teacher, socket, content.id.unwrap());
        }
    }
}

/// A task deleted while its file is generated leaves no file behind in the store.
#[actix_web::test]
async fn a_task_deleted_while_generating_leaves_no_file() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let user = app.user_id(TEACHER).await;
    let (teacher, mut socket, task) = long_export_generating(&app, user).await;
    teacher.post_data("/api/download/deleteTask", json!({"id": task})).await;
    // The deletion's push, then the worker's when it is done: both only carry the counts.
    for _ in 0..2 {
        let content = next_status_within(&mut socket, Duration::from_secs(60)).await;
        assert_eq!((content.id, content.file_status), (Some(task), None));
    }
    let key = format!("downloads/{user}/{task}-1");
    assert!(matches!(app.state.objects.size(&key).await, Err(storage::StorageError::NotFound)), "the generated file was removed");
    app.stop().await;
}

/// A worker whose claim was taken over (its lease ran out while it still worked, as in a stalled
/// process) records nothing and removes only its own file.
#[actix_web::test]
async fn a_worker_whose_claim_was_taken_over_records_nothing() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let user = app.user_id(TEACHER).await;
    let (_teacher, mut socket, task) = long_export_generating(&app, user).await;
    // Another process's claim: the next attempt, leased for long.
    let taken =
        sqlx::query("UPDATE jobs SET attempts = attempts + 1, lease_until = $1 WHERE kind = 'download' AND subject_id = $2 AND state = 2 AND attempts = 1")
            .bind(storage::now_ms() + 600_000)
            .bind(task)
            .execute(app.state.db.pool())
            .await
            .unwrap();
    assert_eq!(taken.rows_affected(), 1, "the export was still generating");
    // As the claim marks the task (the taking process's worker).
    sqlx::query("UPDATE download_tasks SET attempts = 2 WHERE id = $1").bind(task).execute(app.state.db.pool()).await.unwrap();
    // The first worker ends: its last push reads the task as the new claim left it.
    let ended = next_status_within(&mut socket, Duration::from_secs(60)).await;
    assert_eq!((ended.id, ended.file_status), (Some(task), Some(2)), "the first worker recorded nothing");
    let row = storage::downloads::by_id(&app.state.db, task).await.unwrap().unwrap();
    assert_eq!((row.status, row.attempts, row.file_path.as_str()), (2, 2, ""));
    let key = format!("downloads/{user}/{task}-1");
    assert!(matches!(app.state.objects.size(&key).await, Err(storage::StorageError::NotFound)), "its own file was removed");
    app.stop().await;
}
