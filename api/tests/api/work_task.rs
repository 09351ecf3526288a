//! Work tasks through HTTP: an executor's own tasks and their counts, finishing one, the QC
//! list, checks and the statistics — every figure against a computation written here from the
//! raw `first_lesson_steps` rows; scope and roles; checks moving the first-lesson statistics;
//! bad input refused by name.

use std::collections::HashMap;

use serde_json::{json, Value};
use storage::datacentre::calendar::{self, day_start_ms, format_day};
use storage::datacentre::generate::{generate, Options, Scale};
use time::Duration;

use crate::downloads::{column, exported_rows};
use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(my_tasks_and_finishing, qc_checks_and_statistics, qc_list_by_area_and_its_export);

const PRINCIPAL: &str = "principal@demo.eduhub";

/// (id, course type, school, day, step, executor, executor role, status, end, finished, qc status)
type Step = (i64, i64, i64, i64, String, i64, String, i64, i64, Option<i64>, i64);

async fn steps(app: &TestApp) -> Vec<Step> {
    sqlx::query_as(
        "SELECT id, course_type, school_id, day_at, step_code, executor_id, executor_role, status, end_at, finished_at, qc_status FROM first_lesson_steps",
    )
    .fetch_all(app.state.db.pool())
    .await
    .unwrap()
}

async fn generated(app: &TestApp) -> Vec<Step> {
    generate(&app.state.db, &Options { scale: Scale::Small, seed: 5, until: calendar::today() }).await.unwrap();
    steps(app).await
}

fn now() -> i64 {
    storage::now_ms()
}

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

/// The last year up to yesterday: the search and the millisecond range.
fn last_year() -> (Value, i64, i64) {
    let today = calendar::today();
    let from = today - Duration::days(365);
    (
        json!({"beginTimeStart": format_day(from), "beginTimeEnd": format_day(today - Duration::days(1)), "pageSize": 1000}),
        day_start_ms(from),
        day_start_ms(today),
    )
}

/// (to do, overdue, done, unqualified) of some steps, as of `at`.
fn counts<'a>(steps: impl Iterator<Item = &'a Step>, at: i64) -> (i64, i64, i64, i64) {
    steps.fold((0, 0, 0, 0), |c, s| match (s.7, s.8 < at) {
        (1, _) => (c.0, c.1, c.2 + 1, c.3 + i64::from(s.10 == 2)),
        (_, true) => (c.0, c.1 + 1, c.2, c.3),
        (_, false) => (c.0 + 1, c.1, c.2, c.3),
    })
}

async fn my_tasks_and_finishing(app: &TestApp) {
    generated(app).await;
    let teacher = app.login(TEACHER).await;
    let teacher_id = app.user_id(TEACHER).await;
    let teacher2_id = app.user_id(TEACHER2).await;
    // The demo teacher gives few generated lessons: hand them a ninth of the teachers' steps
    // (of lessons not the other demo teacher's, who must not see them).
    sqlx::query("UPDATE first_lesson_steps SET executor_id = $1 WHERE executor_role = 'teacher' AND teacher_id <> $2 AND id % 9 = 0")
        .bind(teacher_id)
        .bind(teacher2_id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let all = steps(app).await;
    let mine: Vec<&Step> = all.iter().filter(|s| s.5 == teacher_id).collect();
    let (todo, overdue, done, unqualified) = counts(mine.iter().copied(), now());
    assert!(overdue > 0 && done > 0, "the demo teacher owes and has done feedback steps: {overdue} {done}");
    let count = teacher.data("/api/workTask/my/count").await;
    assert_eq!((int(&count["todo"]), int(&count["overdue"]), int(&count["done"]), int(&count["unqualified"])), (todo, overdue, done, unqualified));

    // The overdue ones, the longest overdue first; every state's total.
    let page = teacher.post_data("/api/workTask/my/list", json!({"status": 2, "pageSize": 5})).await;
    assert_eq!(int(&page["total"]), overdue);
    let oldest = mine.iter().filter(|s| s.7 == 0 && s.8 < now()).map(|s| s.8).min().unwrap();
    let first = &page["records"][0];
    assert_eq!((int(&first["endAt"]), first["statusDesc"].as_str()), (oldest, Some("已逾期")), "{first}");
    assert_eq!((first["executorRoleDesc"].as_str(), first["executorId"].as_i64()), (Some("老师任务"), Some(teacher_id)));
    for (status, expected) in [(0, todo), (1, done), (-1, todo + overdue + done)] {
        let page = teacher.post_data("/api/workTask/my/list", json!({"status": status})).await;
        assert_eq!(int(&page["total"]), expected, "status {status}");
    }
    let feedback = teacher.post_data("/api/workTask/my/list", json!({"stepCode": "feedback", "tabType": "ST"})).await;
    assert_eq!(int(&feedback["total"]), mine.iter().filter(|s| s.4 == "feedback" && s.1 == 2).count() as i64);

    // Finishing an overdue task: done late, with the note; the counts follow.
    let id = int(&first["id"]);
    let row = teacher.post_data("/api/workTask/finish", json!({"id": id, "note": "已电话沟通，反馈已发送"})).await;
    assert_eq!((int(&row["status"]), row["finishedLate"].as_bool(), row["note"].as_str()), (1, Some(true), Some("已电话沟通，反馈已发送")), "{row}");
    let count = teacher.data("/api/workTask/my/count").await;
    assert_eq!((int(&count["overdue"]), int(&count["done"])), (overdue - 1, done + 1));
    let stored: (i64, String) =
        sqlx::query_as("SELECT status, note FROM first_lesson_steps WHERE id = $1").bind(id).fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(stored, (1, "已电话沟通，反馈已发送".to_owned()));
    let (status, body) = teacher.post("/api/workTask/finish", json!({"id": id})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("A0409")), "{body}");

    // Someone else's task: missing to a colleague who cannot see its lesson; readable in scope.
    let other = app.login(TEACHER2).await;
    for path in ["/api/workTask/finish", "/api/workTask/detail"] {
        let (status, body) = other.post(path, json!({"id": id})).await;
        assert_eq!((status, body["code"].as_str()), (404, Some("A0404")), "{path}: {body}");
    }
    let detail = teacher.post_data("/api/workTask/detail", json!({"id": id})).await;
    assert_eq!(int(&detail["id"]), id);
    let admin_view = app.login(ADMIN).await.post_data("/api/workTask/detail", json!({"id": id})).await;
    assert_eq!(admin_view["note"].as_str(), Some("已电话沟通，反馈已发送"));
    let (status, _) = teacher.post("/api/workTask/detail", json!({"id": i64::MAX})).await;
    assert_eq!(status, 404);

    // Bad input, by name.
    for (path, body, named) in [
        ("/api/workTask/my/list", json!({"status": 5}), "status"),
        ("/api/workTask/my/list", json!({"stepCode": "nap"}), "stepCode"),
        ("/api/workTask/my/list", json!({"tabType": "XX"}), "tabType"),
        ("/api/workTask/my/list", json!({"pageSize": 100_000}), "pageSize"),
        ("/api/workTask/my/list", json!({"colour": 1}), "colour"),
        ("/api/workTask/finish", json!({"id": id, "note": "长".repeat(501)}), "note"),
    ] {
        let (status, reply) = teacher.post(path, body).await;
        assert_eq!((status, reply["code"].as_str()), (400, Some("A0400")), "{path}: {reply}");
        assert!(reply["msg"].as_str().unwrap().contains(named), "{named}: {reply}");
    }
}

/// The checked steps the first-lesson statistics count in the search's period.
async fn steps_checked(client: &Client, search: &Value) -> i64 {
    int(&client.post_data("/api/firstLesson/whole/statistics", search.clone()).await["summary"]["stepQcCnt"])
}

async fn qc_checks_and_statistics(app: &TestApp) {
    let all = generated(app).await;
    let (search, from, to) = last_year();
    let admin = app.login(ADMIN).await;
    let in_period = |s: &&Step| s.3 >= from && s.3 < to;

    // The list: full-price first lessons' done steps of the period.
    let page = admin.post_data("/api/workTask/qc/list", with(&search, json!({"tabType": "ZJ", "status": 1, "pageSize": 50}))).await;
    let done_zj: Vec<&Step> = all.iter().filter(in_period).filter(|s| s.1 == 1 && s.7 == 1).collect();
    assert_eq!(int(&page["total"]), done_zj.len() as i64);
    let unchecked: Vec<i64> = page["records"].as_array().unwrap().iter().filter(|r| r["qcStatus"] == 0).map(|r| int(&r["id"])).take(3).collect();
    assert_eq!(unchecked.len(), 3, "unchecked done tasks to check");
    let overdue = all.iter().filter(in_period).find(|s| s.7 == 0).unwrap();
    let consultants =
        admin.post_data("/api/workTask/qc/list", with(&search, json!({"executorRole": "consultant", "stepCode": "handover", "qcStatus": 0}))).await;
    assert_eq!(int(&consultants["total"]), all.iter().filter(in_period).filter(|s| s.6 == "consultant" && s.4 == "handover" && s.10 == 0).count() as i64);

    // The first-lesson statistics count checks: note them before.
    let checked_before = steps_checked(&admin, &search).await;

    // Two qualified, one unqualified with a remark; an undone task and a missing one skipped.
    let result = admin.post_data("/api/workTask/qc/check", json!({"ids": [unchecked[0], unchecked[1], overdue.0, -5], "qcStatus": 1})).await;
    assert_eq!(int(&result["checked"]), 2, "{result}");
    let reasons: HashMap<i64, String> =
        result["skipped"].as_array().unwrap().iter().map(|s| (int(&s["id"]), s["reason"].as_str().unwrap().to_owned())).collect();
    assert_eq!(reasons.len(), 2);
    assert!(reasons[&overdue.0].contains("尚未完成") && reasons[&-5].contains("不存在"), "{reasons:?}");
    let (status, body) = admin.post("/api/workTask/qc/check", json!({"ids": [unchecked[2]], "qcStatus": 2})).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "unqualified needs a remark: {body}");
    admin.post_data("/api/workTask/qc/check", json!({"ids": [unchecked[2]], "qcStatus": 2, "remark": "回访内容过短"})).await;
    let row = admin.post_data("/api/workTask/detail", json!({"id": unchecked[2]})).await;
    assert_eq!(
        (row["qcStatusDesc"].as_str(), row["qcRemark"].as_str(), row["qcOperatorName"].as_str().map(str::is_empty)),
        (Some("不合格"), Some("回访内容过短"), Some(false))
    );
    assert_eq!(steps_checked(&admin, &search).await, checked_before + 3, "three more checked steps in the first-lesson statistics");

    // The statistics by step and by executor, against the raw rows (checks included).
    let all = steps(app).await;
    let at = now();
    let figures = |steps: &[&Step]| {
        let done: Vec<&&Step> = steps.iter().filter(|s| s.7 == 1).collect();
        let on_time = done.iter().filter(|s| s.9.is_some_and(|f| f <= s.8)).count() as i64;
        let overdue = steps.iter().filter(|s| (s.7 == 0 && s.8 < at) || (s.7 == 1 && s.9.is_some_and(|f| f > s.8))).count() as i64;
        let checked = done.iter().filter(|s| s.10 > 0).count() as i64;
        let qualified = done.iter().filter(|s| s.10 == 1).count() as i64;
        (steps.len() as i64, done.len() as i64, on_time, overdue, checked, qualified)
    };
    let of_row =
        |r: &Value| (int(&r["taskCnt"]), int(&r["doneCnt"]), int(&r["onTimeCnt"]), int(&r["overdueCnt"]), int(&r["checkedCnt"]), int(&r["qualifiedCnt"]));
    let period: Vec<&Step> = all.iter().filter(in_period).filter(|s| s.1 == 1).collect();
    let page = admin.post_data("/api/workTask/statistics", with(&search, json!({"tabType": "ZJ", "statType": "step"}))).await;
    assert_eq!(of_row(&page["summary"]), figures(&period));
    for row in page["records"].as_array().unwrap() {
        let code = row["key"].as_str().unwrap();
        let mine: Vec<&Step> = period.iter().copied().filter(|s| s.4 == code).collect();
        assert_eq!(of_row(row), figures(&mine), "{code}");
        assert!(!row["name"].as_str().unwrap().is_empty());
    }
    let page = admin.post_data("/api/workTask/statistics", with(&search, json!({"tabType": "ZJ", "sortInfo": {"field": "doneRate", "asc": false}}))).await;
    let rows = page["records"].as_array().unwrap();
    assert!(rows.len() > 3);
    assert!(rows.windows(2).all(|w| w[0]["doneRate"].as_f64() >= w[1]["doneRate"].as_f64()), "sorted by done rate");
    for row in rows.iter().take(10) {
        let executor: i64 = row["key"].as_str().unwrap().parse().unwrap();
        let mine: Vec<&Step> = period.iter().copied().filter(|s| s.5 == executor).collect();
        assert_eq!(of_row(row), figures(&mine), "executor {executor}");
    }

    // Scope: a school manager counts their school's tasks; an inspector of school 1001 cannot
    // check another school's; teachers neither list nor check.
    let principal = app.login(PRINCIPAL).await;
    let page = principal.post_data("/api/workTask/statistics", with(&search, json!({"tabType": "ZJ", "statType": "school"}))).await;
    let school: Vec<&Step> = period.iter().copied().filter(|s| s.2 == 1001).collect();
    assert_eq!(of_row(&page["summary"]), figures(&school));
    let (status, _) = principal.post("/api/workTask/qc/check", json!({"ids": [unchecked[0]], "qcStatus": 1})).await;
    assert_eq!(status, 403, "a school manager does not check");
    let elsewhere = all.iter().find(|s| s.2 != 1001 && s.7 == 1).unwrap();
    let inspector = app.login(INSPECTOR).await;
    let result = inspector.post_data("/api/workTask/qc/check", json!({"ids": [elsewhere.0], "qcStatus": 1})).await;
    assert_eq!(int(&result["checked"]), 0, "{result}");
    let teacher = app.login(TEACHER).await;
    for path in ["/api/workTask/qc/list", "/api/workTask/statistics"] {
        let (status, body) = teacher.post(path, search.clone()).await;
        assert_eq!((status, body["code"].as_str()), (403, Some("A0300")), "{path}");
    }

    // Bad input, by name.
    for (path, body, named) in [
        ("/api/workTask/qc/list", json!({"executorRole": "janitor"}), "executorRole"),
        ("/api/workTask/qc/list", json!({"qcStatus": 7}), "qcStatus"),
        ("/api/workTask/statistics", json!({"statType": "colour"}), "statType"),
        ("/api/workTask/qc/check", json!({"ids": [], "qcStatus": 1}), "ids"),
        ("/api/workTask/qc/check", json!({"ids": [1], "qcStatus": 3}), "qcStatus"),
        ("/api/workTask/qc/list", json!({"beginTimeStart": "2026-02-01", "beginTimeEnd": "2026-01-01"}), "beginTime"),
    ] {
        let (status, reply) = admin.post(path, body).await;
        assert_eq!((status, reply["code"].as_str()), (400, Some("A0400")), "{path}: {reply}");
        assert!(reply["msg"].as_str().unwrap().contains(named), "{named}: {reply}");
    }
}

/// The QC list narrowed to an area counts that area's tasks only, and exports what it shows: the
/// same rows, in the asked columns, with the states by name; only those who may read the list
/// may export it.
async fn qc_list_by_area_and_its_export(app: &TestApp) {
    generated(app).await;
    let (search, from, to) = last_year();
    // The area with the most full-price first-lesson tasks in the period, counted here.
    let by_area: Vec<(String, i64)> = sqlx::query_as(
        "SELECT area_code, COUNT(*) FROM first_lesson_steps WHERE course_type = 1 AND day_at >= $1 AND day_at < $2 GROUP BY area_code ORDER BY COUNT(*) DESC, area_code",
    )
    .bind(from)
    .bind(to)
    .fetch_all(app.state.db.pool())
    .await
    .unwrap();
    assert!(by_area.len() >= 2, "tasks in more than one area: {by_area:?}");
    let (area, expected) = by_area[0].clone();
    let admin = app.login(ADMIN).await;
    let narrowed = with(&search, json!({"tabType": "ZJ", "areaCodes": [area]}));
    let page = admin.post_data("/api/workTask/qc/list", narrowed.clone()).await;
    assert_eq!(int(&page["total"]), expected, "the tasks of area {area}");
    let shown = page["records"].as_array().unwrap();
    assert_eq!(shown.len() as i64, expected.min(1000));

    let mut socket = admin.socket(None).await;
    socket.expect_connected().await;
    let asked = with(&narrowed, json!({"columns": ["studentCode", "stepName", "status", "qcStatus", "endAt"]}));
    let rows = exported_rows(&admin, &mut socket, "workTasks", "工作任务质检", asked.clone()).await;
    assert_eq!(rows[0], vec!["学员编号", "环节", "状态", "质检结果", "截止时间"]);
    assert_eq!(rows.len() as i64 - 1, expected);
    assert_eq!(column(&rows, 0), shown.iter().map(|r| r["studentCode"].as_str().unwrap()).collect::<Vec<_>>());
    // The states as the screen shows them: a task done after it was due is 逾期完成.
    fn state(r: &Value) -> &str {
        if r["status"] == 1 && r["finishedLate"] == true {
            "逾期完成"
        } else {
            r["statusDesc"].as_str().unwrap()
        }
    }
    assert!(shown.iter().any(|r| state(r) == "逾期完成"), "some task of the area was done late");
    assert_eq!(column(&rows, 2), shown.iter().map(state).collect::<Vec<_>>());
    assert_eq!(column(&rows, 3), shown.iter().map(|r| r["qcStatusDesc"].as_str().unwrap()).collect::<Vec<_>>());

    // Bad input names its field; a teacher, who may not read the list, may not export it.
    let (status, body) =
        admin.post("/api/producer_api/submitExcelTask", json!({"excelType": "workTasks", "businessName": "x", "reqParams": {"qcStatus": 7}})).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")));
    assert!(body["msg"].as_str().unwrap().contains("qcStatus"), "{body}");
    let teacher = app.login(TEACHER).await;
    let (status, body) = teacher.post("/api/workTask/qc/list", narrowed.clone()).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = teacher.post("/api/producer_api/submitExcelTask", json!({"excelType": "workTasks", "businessName": "x", "reqParams": asked})).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("A0300")), "{body}");
}
