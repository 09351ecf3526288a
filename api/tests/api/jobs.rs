//! The job engine through the real server: one user's backlog waits behind another user's turn,
//! and a full queue refuses more with a clear message. (Restarts, leases and lost claims are in
//! `downloads` and `library`; the claim order on both databases in the storage tests.)

use std::time::{Duration, Instant};

use serde_json::json;

use crate::helpers::*;

/// A server with one job worker, on both databases.
async fn one_worker(backend: Backend) -> TestApp {
    TestApp::spawn_on(TestDatabase::create(backend).await, SpawnOptions { job_workers: 1, ..Default::default() }).await
}

/// The export that keeps the only worker busy for a while: the teacher's long download history.
async fn busy_worker(app: &TestApp, teacher: &Client) -> i64 {
    insert_download_history(&app.state.db, app.user_id(TEACHER).await, 90_000).await;
    teacher.post_data("/api/producer_api/submitExcelTask", json!({"excelType": "downloadHistory", "businessName": "全部记录"})).await;
    let id: i64 = sqlx::query_scalar("SELECT MAX(id) FROM download_tasks WHERE business_name = '全部记录'").fetch_one(app.state.db.pool()).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while storage::downloads::by_id(&app.state.db, id).await.unwrap().unwrap().status != storage::downloads::GENERATING {
        assert!(Instant::now() < deadline, "the long export starts");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    id
}

/// When each job was claimed (epoch ms), by the download task it generated.
async fn claimed_at(app: &TestApp, task: i64) -> i64 {
    sqlx::query_scalar("SELECT claimed_at FROM jobs WHERE kind = 'download' AND subject_id = $1").bind(task).fetch_one(app.state.db.pool()).await.unwrap()
}

/// Queues an export of the client's notices named `name`; answers its task.
async fn notice_export(app: &TestApp, client: &Client, name: &str) -> i64 {
    client.post_data("/api/producer_api/submitExcelTask", json!({"excelType": "notices", "businessName": name})).await;
    sqlx::query_scalar("SELECT id FROM download_tasks WHERE business_name = $1").bind(name).fetch_one(app.state.db.pool()).await.unwrap()
}

async fn wait_ready(app: &TestApp, tasks: &[i64]) {
    let deadline = Instant::now() + Duration::from_secs(60);
    for task in tasks {
        while storage::downloads::by_id(&app.state.db, *task).await.unwrap().unwrap().status != storage::downloads::READY {
            assert!(Instant::now() < deadline, "task {task} is generated");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

async fn a_users_backlog_waits_behind_another_users_turn(backend: Backend) {
    let app = one_worker(backend).await;
    let teacher = app.login(TEACHER).await;
    let other = app.login(TEACHER2).await;
    let long = busy_worker(&app, &teacher).await;
    // While the only worker is busy with the teacher's export, the teacher queues three more,
    // then another teacher queues one.
    let mut backlog = Vec::new();
    for name in ["通知一", "通知二", "通知三"] {
        backlog.push(notice_export(&app, &teacher, name).await);
    }
    let theirs = notice_export(&app, &other, "他的通知").await;
    wait_ready(&app, &[long, theirs]).await;
    wait_ready(&app, &backlog).await;
    // The other teacher, never served, goes first; then the teacher's backlog in order.
    let order = [claimed_at(&app, theirs).await, claimed_at(&app, backlog[0]).await, claimed_at(&app, backlog[1]).await, claimed_at(&app, backlog[2]).await];
    assert!(order.windows(2).all(|w| w[0] <= w[1]), "claims: theirs, then the backlog: {order:?}");
    assert!(claimed_at(&app, long).await <= order[0]);
    // Claim times can tie within a millisecond: the job ids and claim order are checked too.
    let sequence: Vec<i64> =
        sqlx::query_scalar("SELECT subject_id FROM jobs WHERE kind = 'download' ORDER BY claimed_at, id").fetch_all(app.state.db.pool()).await.unwrap();
    let theirs_at = sequence.iter().position(|t| *t == theirs).unwrap();
    assert!(backlog.iter().all(|b| sequence.iter().position(|t| t == b).unwrap() > theirs_at), "{sequence:?}");
    app.stop().await;
}

async fn a_full_queue_refuses_more_with_a_clear_message(backend: Backend) {
    let app = one_worker(backend).await;
    let teacher = app.login(TEACHER).await;
    busy_worker(&app, &teacher).await;
    for n in 0..hub::jobs::MAX_WAITING_PER_USER {
        notice_export(&app, &teacher, &format!("通知{n}")).await;
    }
    let (status, body) = teacher.post("/api/producer_api/submitExcelTask", json!({"excelType": "notices", "businessName": "再来一个"})).await;
    assert_eq!((status, body["code"].as_str()), (429, Some("A0429")), "{body}");
    assert!(body["msg"].as_str().unwrap().contains("排队中的任务已达"), "{body}");
    // Nothing was stored for the refused export, and another user is not affected.
    let listed = teacher.post_data("/api/download/downloadList", json!({"keyword": "再来一个"})).await;
    assert_eq!(listed["total"], 0);
    let other = app.login(TEACHER2).await;
    notice_export(&app, &other, "别人的").await;
    app.stop().await;
}

#[actix_web::test]
async fn backlog_fairness_sqlite() {
    a_users_backlog_waits_behind_another_users_turn(Backend::Sqlite).await;
}

#[actix_web::test]
async fn backlog_fairness_postgres() {
    a_users_backlog_waits_behind_another_users_turn(Backend::Postgres).await;
}

#[actix_web::test]
async fn full_queue_sqlite() {
    a_full_queue_refuses_more_with_a_clear_message(Backend::Sqlite).await;
}

#[actix_web::test]
async fn full_queue_postgres() {
    a_full_queue_refuses_more_with_a_clear_message(Backend::Postgres).await;
}
