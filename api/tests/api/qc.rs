//! Service QC through HTTP: the statistics and the QC list checked against computations written
//! here from the raw generated records; checks, deletions and settings seen in what is counted;
//! teams; scope per role; bad input refused by name.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde_json::{json, Value};
use storage::datacentre::calendar::{self, day_start_ms, format_day};
use storage::datacentre::generate::{generate, Options, Scale};
use time::Duration;

use crate::downloads::{column, exported_rows};
use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(
    statistics_equal_the_records,
    checks_change_what_is_counted,
    settings_and_services,
    teams_and_scope,
    imports_punch_records,
    service_details_export,
    home_figures_count_the_punches,
    the_monthly_rollup_follows_attendance
);

/// (id, service, student, class, teacher, school, class type, punched at, check status, result status)
type Punch = (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64);
/// (student, class, class type, teacher, school, start at)
type Lesson = (i64, i64, i64, i64, i64, i64);

struct Records {
    punches: Vec<Punch>,
    attendance: Vec<Lesson>,
}

async fn generated(app: &TestApp) {
    generate(&app.state.db, &Options { scale: Scale::Small, seed: 5, until: calendar::today() }).await.unwrap();
}

async fn records(app: &TestApp) -> Records {
    let pool = app.state.db.pool();
    Records {
        punches: sqlx::query_as(
            "SELECT id, service_id, student_id, class_id, teacher_id, school_id, class_type, punched_at, check_status, result_status FROM service_punches",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
        attendance: sqlx::query_as("SELECT student_id, class_id, class_type, teacher_id, school_id, start_at FROM attendance").fetch_all(pool).await.unwrap(),
    }
}

/// The last 60 days: the search and the millisecond range.
fn period() -> (Value, i64, i64) {
    let today = calendar::today();
    let from = today - Duration::days(60);
    (
        json!({"beginTimeStart": format_day(from), "beginTimeEnd": format_day(today - Duration::days(1)), "pageSize": 1000}),
        day_start_ms(from),
        day_start_ms(today),
    )
}

fn by_id(rows: &Value) -> HashMap<i64, Value> {
    rows["records"].as_array().unwrap().iter().map(|r| (r["id"].as_i64().unwrap(), r.clone())).collect()
}

/// Figures of one key computed here: (taken, serviced, punches, checked, qualified, unqualified).
fn figures(taken: &HashSet<i64>, punches: &[&Punch]) -> (usize, usize, usize, usize, usize, usize) {
    let punched_students: HashSet<i64> = punches.iter().map(|p| p.2).collect();
    let checked: Vec<&&Punch> = punches.iter().filter(|p| p.8 == 1).collect();
    (
        taken.len(),
        taken.intersection(&punched_students).count(),
        punches.len(),
        checked.len(),
        checked.iter().filter(|p| p.9 == 1).count(),
        checked.iter().filter(|p| p.9 == 2).count(),
    )
}

fn assert_figures(row: &Value, f: (usize, usize, usize, usize, usize, usize), what: &str) {
    let got = (
        row["takeStudentCount"].as_i64().unwrap() as usize,
        row["servicedStudentCount"].as_i64().unwrap() as usize,
        row["serviceCount"].as_i64().unwrap() as usize,
        row["qcCheckedCount"].as_i64().unwrap() as usize,
        row["qcCheckQualifiedCount"].as_i64().unwrap() as usize,
        row["qcCheckUnQualifiedCount"].as_i64().unwrap() as usize,
    );
    assert_eq!(got, f, "{what}: {row}");
    assert_eq!(row["overallCoverageRate"].as_f64().unwrap(), rate(f.1, f.0), "{what} coverage");
    assert_eq!(row["qcCheckRate"].as_f64().unwrap(), rate(f.3, f.2), "{what} check rate");
    assert_eq!(row["qcCheckUnQualifiedRate"].as_f64().unwrap(), rate(f.5, f.3), "{what} unqualified rate");
}

async fn statistics_equal_the_records(app: &TestApp) {
    generated(app).await;
    let r = records(app).await;
    let admin = app.login(ADMIN).await;
    let (search, from, to) = period();
    let in_period = |at: i64| at >= from && at < to;
    assert!(r.punches.len() > 500, "the generator punches: {}", r.punches.len());
    assert!(r.punches.iter().any(|p| p.8 == 1 && p.9 == 2), "some checks find punches unqualified");

    // Class side, by teacher: every teacher with class lessons or class punches in the period.
    let class_side = |t: i64| t == 2 || t == 3;
    let stat = admin.post_data("/api/serviceStatistics/class", search.clone()).await;
    let rows = by_id(&stat);
    let mut teachers: HashSet<i64> = r.attendance.iter().filter(|a| class_side(a.2) && in_period(a.5)).map(|a| a.3).collect();
    teachers.extend(r.punches.iter().filter(|p| class_side(p.6) && in_period(p.7)).map(|p| p.4));
    assert_eq!(rows.keys().copied().collect::<HashSet<_>>(), teachers);
    assert_eq!(stat["total"].as_i64().unwrap() as usize, teachers.len());
    let services: Vec<Value> = stat["columns"].as_array().unwrap().clone();
    assert!(!services.is_empty() && services.iter().all(|c| c["kind"] == "rate"));
    for (teacher, row) in &rows {
        let taken: HashSet<i64> = r.attendance.iter().filter(|a| class_side(a.2) && in_period(a.5) && a.3 == *teacher).map(|a| a.0).collect();
        let punches: Vec<&Punch> = r.punches.iter().filter(|p| class_side(p.6) && in_period(p.7) && p.4 == *teacher).collect();
        assert_figures(row, figures(&taken, &punches), &format!("teacher {teacher}"));
        for column in &services {
            let service: i64 = column["prop"].as_str().unwrap().trim_start_matches("service_").parse().unwrap();
            let covered = punches.iter().filter(|p| p.1 == service && taken.contains(&p.2)).map(|p| p.2).collect::<HashSet<_>>().len();
            assert_eq!(row["serviceValues"][column["prop"].as_str().unwrap()].as_f64().unwrap(), rate(covered, taken.len()), "teacher {teacher} {column}");
        }
    }
    // The totals count each student once.
    let taken: HashSet<i64> = r.attendance.iter().filter(|a| class_side(a.2) && in_period(a.5)).map(|a| a.0).collect();
    let punches: Vec<&Punch> = r.punches.iter().filter(|p| class_side(p.6) && in_period(p.7)).collect();
    assert_figures(&stat["summary"], figures(&taken, &punches), "class totals");

    // Class side, by class.
    let stat = admin.post_data("/api/serviceStatistics/class", with(&search, json!({"view": "class"}))).await;
    for (class, row) in by_id(&stat) {
        let taken: HashSet<i64> = r.attendance.iter().filter(|a| class_side(a.2) && in_period(a.5) && a.1 == class).map(|a| a.0).collect();
        let punches: Vec<&Punch> = r.punches.iter().filter(|p| class_side(p.6) && in_period(p.7) && p.3 == class).collect();
        assert_figures(&row, figures(&taken, &punches), &format!("class {class}"));
        assert!(!row["name"].as_str().unwrap().is_empty());
    }

    // One-on-one by teacher, narrowed to one school.
    let stat = admin.post_data("/api/serviceStatistics/vip", with(&search, json!({"schoolId": 1001}))).await;
    let rows = by_id(&stat);
    assert!(!rows.is_empty());
    for (teacher, row) in &rows {
        let taken: HashSet<i64> = r.attendance.iter().filter(|a| a.2 == 1 && a.4 == 1001 && in_period(a.5) && a.3 == *teacher).map(|a| a.0).collect();
        let punches: Vec<&Punch> = r.punches.iter().filter(|p| p.6 == 1 && p.5 == 1001 && in_period(p.7) && p.4 == *teacher).collect();
        assert_figures(row, figures(&taken, &punches), &format!("vip teacher {teacher}"));
    }

    // By student: punch counts per service.
    let stat = admin.post_data("/api/serviceStatistics/student", search.clone()).await;
    assert!(stat["columns"].as_array().unwrap().iter().all(|c| c["kind"] == "count"));
    let rows = by_id(&stat);
    let students: HashSet<i64> =
        r.attendance.iter().filter(|a| in_period(a.5)).map(|a| a.0).chain(r.punches.iter().filter(|p| in_period(p.7)).map(|p| p.2)).collect();
    assert_eq!(rows.len(), students.len());
    for (student, row) in rows.iter().take(50) {
        let punches: Vec<&Punch> = r.punches.iter().filter(|p| in_period(p.7) && p.2 == *student).collect();
        assert_eq!(row["serviceCount"].as_i64().unwrap() as usize, punches.len());
        for (prop, value) in row["serviceValues"].as_object().unwrap() {
            let service: i64 = prop.trim_start_matches("service_").parse().unwrap();
            assert_eq!(value.as_f64().unwrap() as usize, punches.iter().filter(|p| p.1 == service).count(), "student {student} {prop}");
        }
    }

    // By service type: each type's punches and the students it reached.
    let stat = admin.post_data("/api/serviceStatistics/service", search.clone()).await;
    let all_taken: HashSet<i64> = r.attendance.iter().filter(|a| in_period(a.5)).map(|a| a.0).collect();
    for (service, row) in by_id(&stat) {
        let punches: Vec<&Punch> = r.punches.iter().filter(|p| in_period(p.7) && p.1 == service).collect();
        assert_figures(&row, figures(&all_taken, &punches), &format!("service {service}"));
    }

    // Sorting by a rate, ascending.
    let stat = admin.post_data("/api/serviceStatistics/class", with(&search, json!({"sortInfo": {"field": "overallCoverageRate", "asc": true}}))).await;
    let rates: Vec<f64> = stat["records"].as_array().unwrap().iter().map(|r| r["overallCoverageRate"].as_f64().unwrap()).collect();
    assert!(rates.windows(2).all(|w| w[0] <= w[1]), "{rates:?}");

    // The punch list is the records in the period, newest first.
    let list = admin.post_data("/api/qc/service/detail/list", with(&search, json!({"pageSize": 30}))).await;
    assert_eq!(list["total"].as_i64().unwrap() as usize, r.punches.iter().filter(|p| in_period(p.7)).count());
    let times: Vec<i64> = list["records"].as_array().unwrap().iter().map(|r| r["punchTime"].as_i64().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]));
    let unqualified = admin.post_data("/api/qc/service/detail/list", with(&search, json!({"resultStatus": 2}))).await;
    assert_eq!(unqualified["total"].as_i64().unwrap() as usize, r.punches.iter().filter(|p| in_period(p.7) && p.9 == 2).count());
    assert!(unqualified["records"].as_array().unwrap().iter().all(|r| r["resultStatusDesc"] == "不合格"));
}

async fn checks_change_what_is_counted(app: &TestApp) {
    generated(app).await;
    let r = records(app).await;
    let inspector = app.login(INSPECTOR).await;
    let (search, from, to) = period();
    let in_period = |at: i64| at >= from && at < to;

    // The QC list: staff of school 1001's QC team, with their punches in the period.
    let list = inspector.post_data("/api/qcCheck/list", search.clone()).await;
    let members: Vec<i64> = sqlx::query_scalar("SELECT m.user_id FROM qc_group_members m JOIN qc_groups g ON g.id = m.group_id WHERE g.school_id = 1001")
        .fetch_all(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(list["total"].as_i64().unwrap() as usize, members.len());
    for row in list["records"].as_array().unwrap() {
        let id = row["employeeId"].as_i64().unwrap();
        let punches: Vec<&Punch> = r.punches.iter().filter(|p| p.4 == id && in_period(p.7)).collect();
        assert_eq!(row["serviceCount"].as_i64().unwrap() as usize, punches.len(), "{row}");
        let checked = punches.iter().filter(|p| p.8 == 1).count();
        assert_eq!(row["checkedCount"].as_i64().unwrap() as usize, checked);
        assert_eq!(row["checkStatusStr"], if checked > 0 { "已质检" } else { "待质检" });
        assert!(row["responsibleList"].as_array().unwrap().iter().any(|n| n == "孙质检"), "{row}");
    }

    // An unchecked punch of the school.
    let waiting = inspector.post_data("/api/qc/service/detail/list", with(&search, json!({"checkStatus": 0, "schoolId": 1001, "pageSize": 5}))).await;
    let punch = &waiting["records"][0];
    let id = punch["punchId"].as_i64().unwrap();
    let teacher = punch["operatorId"].as_i64().unwrap();
    let before = inspector.post_data("/api/serviceStatistics/service", with(&search, json!({"schoolId": 1001}))).await["summary"].clone();

    // The pre-check reads the rule's four items.
    let pre = inspector.data(&format!("/api/qc/aiDetail?punchId={id}")).await;
    assert_eq!(pre["findings"].as_array().unwrap().len(), 4);
    assert!([1, 2].contains(&pre["suggestedResultStatus"].as_i64().unwrap()));

    // Unqualified needs a reason (the default rule); then it counts at once.
    let (_, refused) = inspector.post("/api/qc/singleQc", json!({"punchId": id, "resultStatus": 2})).await;
    assert_eq!(refused["code"], "A0400", "{refused}");
    assert!(refused["msg"].as_str().unwrap().contains("comment"));
    let (_, refused) = inspector.post("/api/qc/singleQc", json!({"punchId": id, "resultStatus": 3, "comment": "x"})).await;
    assert!(refused["msg"].as_str().unwrap().contains("resultStatus"), "{refused}");
    let checked = inspector.post_data("/api/qc/singleQc", json!({"punchId": id, "resultStatus": 2, "classicCase": true, "comment": "内容过于简单"})).await;
    assert_eq!(
        (checked["checkStatusDesc"].as_str(), checked["resultStatusDesc"].as_str(), checked["classicCase"].as_bool()),
        (Some("已质检"), Some("不合格"), Some(true))
    );
    assert_eq!(checked["lastQcOperator"], "孙质检");
    assert_eq!(checked["schoolId"], 1001);
    let after = inspector.post_data("/api/serviceStatistics/service", with(&search, json!({"schoolId": 1001}))).await["summary"].clone();
    assert_eq!(after["qcCheckedCount"].as_i64().unwrap(), before["qcCheckedCount"].as_i64().unwrap() + 1);
    assert_eq!(after["qcCheckUnQualifiedCount"].as_i64().unwrap(), before["qcCheckUnQualifiedCount"].as_i64().unwrap() + 1);
    let row = inspector.post_data("/api/qcCheck/list", with(&search, json!({"teacherId": teacher}))).await["records"][0].clone();
    assert_eq!((row["resultStatusStr"].as_str(), row["classicCaseStr"].as_str(), row["lastQcOperator"].as_str()), (Some("不合格"), Some("是"), Some("孙质检")));
    assert!(row["qcCount"].as_i64().unwrap() >= 1);
    let unqualified_only = inspector.post_data("/api/qcCheck/list", with(&search, json!({"resultStatus": 2}))).await;
    assert!(unqualified_only["records"].as_array().unwrap().iter().all(|r| r["unqualifiedCount"].as_i64().unwrap() > 0));

    // The task detail keeps every check; a batch change adds one each.
    let others: Vec<i64> = waiting["records"].as_array().unwrap().iter().skip(1).take(2).map(|r| r["punchId"].as_i64().unwrap()).collect();
    let changed = inspector.post_data("/api/qc/bathUpdateResultStatus", json!({"punchIds": [id, others[0], others[1]], "resultStatus": 1})).await;
    assert_eq!(changed["changed"], 3);
    let detail = inspector.data(&format!("/api/taskDetail/byPunchId?punchId={id}")).await;
    let reviews = detail["reviews"].as_array().unwrap();
    assert_eq!(reviews.len(), 2, "{detail}");
    assert_eq!((reviews[0]["source"].as_str(), reviews[0]["resultStatusDesc"].as_str()), (Some("batch"), Some("合格")));
    assert_eq!(reviews[1]["comment"], "内容过于简单");
    assert!(!detail["formValues"].as_array().unwrap().is_empty());
    assert!(!detail["content"].as_str().unwrap().is_empty());

    // Deleting a punch takes it out of every count.
    inspector.post_data("/api/qc/service/punchRecord/delete", json!({"id": id})).await;
    let (_, gone) = inspector.get(&format!("/api/taskDetail/byPunchId?punchId={id}")).await;
    assert_eq!(gone["code"], "A0404", "{gone}");
    let last = inspector.post_data("/api/serviceStatistics/service", with(&search, json!({"schoolId": 1001}))).await["summary"].clone();
    assert_eq!(last["serviceCount"].as_i64().unwrap(), before["serviceCount"].as_i64().unwrap() - 1);

    // Scope: another school's punch is missing to this inspector; teachers see their own only
    // and check nothing.
    let elsewhere = r.punches.iter().find(|p| p.5 != 1001).unwrap().0;
    let (_, hidden) = inspector.get(&format!("/api/taskDetail/byPunchId?punchId={elsewhere}")).await;
    assert_eq!(hidden["code"], "A0404");
    let (_, hidden) = inspector.post("/api/qc/singleQc", json!({"punchId": elsewhere, "resultStatus": 1})).await;
    assert_eq!(hidden["code"], "A0404");
    let (_, refused) = inspector.post("/api/qc/service/detail/list", json!({"schoolId": 4001})).await;
    assert_eq!(refused["code"], "A0300", "{refused}");
    let teacher_client = app.login(TEACHER).await;
    let teacher_id = app.user_id(TEACHER).await;
    let own = teacher_client.post_data("/api/qc/service/detail/list", search.clone()).await;
    assert_eq!(own["total"].as_i64().unwrap() as usize, r.punches.iter().filter(|p| p.4 == teacher_id && in_period(p.7) && p.0 != id).count());
    assert!(own["records"].as_array().unwrap().iter().all(|p| p["operatorId"] == teacher_id));
    let (_, refused) = teacher_client.post("/api/qc/singleQc", json!({"punchId": others[0], "resultStatus": 1})).await;
    assert_eq!(refused["code"], "A0300");
    let (_, refused) = teacher_client.post("/api/qcCheck/list", json!({})).await;
    assert_eq!(refused["code"], "A0300");

    // Quick comments are the inspector's own.
    let comment = inspector.post_data("/api/fastComment/add", json!({"content": " 请补充学员课堂表现 "})).await;
    assert_eq!(comment["content"], "请补充学员课堂表现");
    let admin = app.login(ADMIN).await;
    let theirs = admin.post_data("/api/fastComment/add", json!({"content": "记录完整"})).await;
    let gone = inspector.post_data("/api/fastComment/batchDel", json!({"ids": [comment["id"], theirs["id"]]})).await;
    assert_eq!(gone["changed"], 1);
    assert_eq!(admin.data("/api/fastComment/list").await.as_array().unwrap().len(), 1);
    let (_, refused) = inspector.post("/api/fastComment/add", json!({"content": "  "})).await;
    assert!(refused["msg"].as_str().unwrap().contains("content"));

    // Bad searches name the field.
    for (body, field) in [
        (json!({"checkStatus": 3}), "checkStatus"),
        (json!({"serviceIds": [0]}), "serviceIds"),
        (json!({"view": "year"}), "view"),
        (json!({"punchChanel": 1}), "punchChanel"),
        (json!({"sortInfo": {"field": "punchTime", "asc": true}}), "sortInfo"),
    ] {
        let (_, refused) = admin.post("/api/serviceStatistics/class", body.clone()).await;
        assert_eq!(refused["code"], "A0400", "{body}: {refused}");
        assert!(refused["msg"].as_str().unwrap().contains(field), "{body}: {refused}");
    }
    let (_, refused) = admin.post("/api/serviceStatistics/vip", json!({"view": "class"})).await;
    assert!(refused["msg"].as_str().unwrap().contains("view"));
}

async fn settings_and_services(app: &TestApp) {
    generated(app).await;
    let admin = app.login(ADMIN).await;
    let inspector = app.login(INSPECTOR).await;
    let (search, _, _) = period();

    // Service types: the generated four; a new one; bad ones named.
    let services = admin.post_data("/api/service/list", json!({})).await;
    assert_eq!(services["total"], 4);
    let icons = admin.data("/api/service/iconList").await;
    let icon = icons[0]["code"].as_str().unwrap().to_owned();
    let form = json!([{"key": "topic", "label": "面谈主题", "kind": "select", "required": true, "options": ["学习", "心理"]}]);
    let service = json!({"name": "到校面谈", "icon": icon, "side": 2, "roleCodes": ["teacher"], "periodType": "month", "requiredTimes": 1, "formFields": form, "enabled": true});
    // The group's service types are changed only by those who see every school: not by an
    // inspector of one school (whose change would reach every school's punches and statistics).
    let (status, refused) = inspector.post("/api/service/addOrUpdate", service.clone()).await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("A0300")), "{refused}");
    let made = admin.post_data("/api/service/addOrUpdate", service).await;
    let id = made["id"].as_i64().unwrap();
    assert_eq!((made["sideDesc"].as_str(), made["roleNames"][0].as_str(), made["punchCount"].as_i64()), (Some("班课"), Some("教师"), Some(0)));
    let by_condition = admin.post_data("/api/service/listByCondition", json!({"side": 2, "roleCode": "teacher"})).await;
    assert!(by_condition.as_array().unwrap().iter().any(|s| s["id"] == id));
    let by_condition = admin.post_data("/api/service/listByCondition", json!({"side": 1})).await;
    assert!(!by_condition.as_array().unwrap().iter().any(|s| s["id"] == id));
    assert_eq!(admin.data(&format!("/api/service/studentFollowForm?serviceId={id}")).await["fields"][0]["label"], "面谈主题");
    // A new service type is a new dynamic column of the class statistics.
    let stat = admin.post_data("/api/serviceStatistics/class", search.clone()).await;
    assert!(stat["columns"].as_array().unwrap().iter().any(|c| c["prop"] == format!("service_{id}")));
    for (patch, field) in [
        (json!({"name": ""}), "name"),
        (json!({"icon": "rocket"}), "icon"),
        (json!({"roleCodes": ["pilot"]}), "roleCodes"),
        (json!({"periodType": "year"}), "periodType"),
        (json!({"requiredTimes": 0}), "requiredTimes"),
        (json!({"formFields": [{"key": "a b", "label": "x", "kind": "text"}]}), "formFields[0].key"),
        (json!({"formFields": [{"key": "a", "label": "x", "kind": "select"}]}), "formFields[0].options"),
    ] {
        let body =
            with(&json!({"name": "好", "icon": icon, "side": 0, "roleCodes": ["teacher"], "periodType": "week", "requiredTimes": 1, "enabled": true}), patch);
        let (_, refused) = admin.post("/api/service/addOrUpdate", body.clone()).await;
        assert!(refused["code"] == "A0400" && refused["msg"].as_str().unwrap().contains(field), "{body}: {refused}");
    }
    let teacher = app.login(TEACHER).await;
    for who in [&teacher, &inspector] {
        let (_, refused) = who.post("/api/service/del", json!({"id": id})).await;
        assert_eq!(refused["code"], "A0300", "{}", who.email);
    }
    // Without punches it goes; with punches it is hidden and its records stay.
    admin.post_data("/api/service/del", json!({"id": id})).await;
    let (_, gone) = admin.get(&format!("/api/service/detailById?id={id}")).await;
    assert_eq!(gone["code"], "A0404");
    let used = services["records"][0]["id"].as_i64().unwrap();
    let punches_before = admin.post_data("/api/qc/service/detail/list", search.clone()).await["total"].clone();
    admin.post_data("/api/service/del", json!({"id": used})).await;
    assert_eq!(admin.post_data("/api/service/list", json!({})).await["total"], 3);
    assert_eq!(admin.post_data("/api/qc/service/detail/list", search.clone()).await["total"], punches_before);

    // Tags: deleting one leaves its punches untagged.
    let tags = admin.data("/api/tag/list").await;
    let tag = tags.as_array().unwrap().iter().find(|t| t["useCount"].as_i64().unwrap() > 0).unwrap().clone();
    let tagged = admin.post_data("/api/qc/service/detail/list", with(&search, json!({"tagIds": [tag["id"]]}))).await["total"].as_i64().unwrap();
    assert!(tagged > 0);
    let (_, refused) = inspector.post("/api/tag/del", json!({"id": tag["id"]})).await;
    assert_eq!(refused["code"], "A0300", "an inspector of one school deletes no tag of the group's");
    admin.post_data("/api/tag/del", json!({"id": tag["id"]})).await;
    assert!(!admin.data("/api/tag/list").await.as_array().unwrap().iter().any(|t| t["id"] == tag["id"]));

    // Rules: the defaults, a school's own, the group's only for those who see every school.
    let rule = inspector.data("/api/rule/getRule?schoolId=1001").await;
    assert_eq!((rule["inherited"].as_bool(), rule["minContentChars"].as_i64()), (Some(true), Some(20)));
    let mut own = json!({"schoolId": 1001, "minContentChars": 0, "duplicateWindowHours": 0, "workingHourFrom": 0, "workingHourTo": 24, "sampleRatePercent": 35, "commentRequiredWhenUnqualified": false});
    let saved = inspector.post_data("/api/rule/saveOrUpdate", own.clone()).await;
    assert_eq!((saved["inherited"].as_bool(), saved["sampleRatePercent"].as_i64(), saved["updatedBy"].as_str()), (Some(false), Some(35), Some("孙质检")));
    own["schoolId"] = json!(-1);
    let (_, refused) = inspector.post("/api/rule/saveOrUpdate", own.clone()).await;
    assert_eq!(refused["code"], "A0300");
    own["workingHourFrom"] = json!(25);
    let (_, refused) = admin.post("/api/rule/saveOrUpdate", own.clone()).await;
    assert!(refused["msg"].as_str().unwrap().contains("workingHourFrom"));
    // The school's rule lets an unqualified result go without a comment and passes every pre-check item.
    let punch = admin.post_data("/api/qc/service/detail/list", with(&search, json!({"schoolId": 1001, "pageSize": 1}))).await["records"][0]["punchId"].clone();
    inspector.post_data("/api/qc/singleQc", json!({"punchId": punch, "resultStatus": 2})).await;
    let pre = inspector.data(&format!("/api/qc/aiDetail?punchId={punch}")).await;
    assert!(pre["findings"].as_array().unwrap().iter().filter(|f| f["item"] != "必填项").all(|f| f["passed"] == true), "{pre}");
    assert_eq!(admin.post_data("/api/serviceStatistics/vip", with(&search, json!({"schoolId": 1001}))).await["sampleRatePercent"], 35);

    // The course range decides which lessons' students are taken.
    let everyone = admin.post_data("/api/serviceStatistics/service", search.clone()).await["summary"]["takeStudentCount"].as_i64().unwrap();
    let (_, refused) = inspector.post("/api/courseRange/save", json!({"classTypes": [1]})).await;
    assert_eq!(refused["code"], "A0300");
    let (_, refused) = admin.post("/api/courseRange/save", json!({"classTypes": [4]})).await;
    assert!(refused["msg"].as_str().unwrap().contains("classTypes"));
    let range = admin.post_data("/api/courseRange/save", json!({"classTypes": [1, 1]})).await;
    assert_eq!(range["classTypes"], json!([1]));
    assert_eq!(admin.data("/api/courseRange/get").await["classTypes"], json!([1]));
    let one_on_one: HashSet<i64> = sqlx::query_scalar("SELECT DISTINCT student_id FROM attendance WHERE class_type = 1 AND start_at >= $1 AND start_at < $2")
        .bind(day_start_ms(calendar::today() - Duration::days(60)))
        .bind(day_start_ms(calendar::today()))
        .fetch_all(app.state.db.pool())
        .await
        .unwrap()
        .into_iter()
        .collect();
    let narrowed = admin.post_data("/api/serviceStatistics/service", search.clone()).await["summary"]["takeStudentCount"].as_i64().unwrap();
    assert_eq!(narrowed as usize, one_on_one.len());
    assert!(narrowed < everyone);

    // Periods.
    let fiscal = admin.data("/api/current/time").await["currentFiscalYear"].as_i64().unwrap();
    let weeks = admin.data(&format!("/api/period/monthWeekList?fiscalYear={fiscal}&month=6")).await;
    assert_eq!(weeks[0]["id"], 1);
    assert_eq!(weeks[0]["name"], "第1周");
    let months = admin.data(&format!("/api/period/quarterMonthList?fiscalYear={fiscal}&quarterCode=3")).await;
    assert_eq!(months.as_array().unwrap().iter().map(|m| m["id"].as_i64().unwrap()).collect::<Vec<_>>(), vec![12, 1, 2]);
    assert_eq!(months[1]["startDate"], format!("{}-01-01", fiscal + 1));
    let (_, refused) = admin.get("/api/period/monthWeekList?fiscalYear=1990&month=6").await;
    assert!(refused["msg"].as_str().unwrap().contains("fiscalYear"));
    let (_, refused) = admin.get(&format!("/api/period/quarterMonthList?fiscalYear={fiscal}")).await;
    assert!(refused["msg"].as_str().unwrap().contains("quarterCode"));
}

async fn teams_and_scope(app: &TestApp) {
    generated(app).await;
    let admin = app.login(ADMIN).await;
    let inspector = app.login(INSPECTOR).await;
    let pool = app.state.db.pool();
    let staff_of = |school: i64| async move {
        sqlx::query_scalar::<_, i64>("SELECT user_id FROM staff WHERE school_id = $1 AND dept_name LIKE '%教研组' ORDER BY user_id LIMIT 3")
            .bind(school)
            .fetch_all(pool)
            .await
            .unwrap()
    };
    let ours = staff_of(1001).await;
    let other_school: i64 = sqlx::query_scalar("SELECT MIN(school_id) FROM staff WHERE school_id <> 1001").fetch_one(pool).await.unwrap();
    let theirs = staff_of(other_school).await;
    let inspector_id = app.user_id(INSPECTOR).await;

    // QC teams: members move from their old team; staff of another school are refused.
    let team = inspector
        .post_data("/api/qcGroupConfig/addOrUpdate", json!({"name": "数学组质检", "schoolId": 1001, "memberIds": ours, "responsibleIds": [inspector_id]}))
        .await;
    assert_eq!(team["members"].as_array().unwrap().len(), 3);
    let old_team: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM qc_group_members WHERE user_id = $1 AND group_id <> $2")
        .bind(ours[0])
        .bind(team["id"].as_i64().unwrap())
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(old_team, 0);
    let (_, refused) = inspector.post("/api/qcGroupConfig/addOrUpdate", json!({"name": "越界", "schoolId": 1001, "memberIds": [theirs[0]]})).await;
    assert_eq!(refused["code"], "A0300", "{refused}");
    let (_, refused) = inspector.post("/api/qcGroupConfig/addOrUpdate", json!({"name": "越界", "schoolId": other_school})).await;
    assert_eq!(refused["code"], "A0300");
    let (_, refused) = inspector.post("/api/qcGroupConfig/addOrUpdate", json!({"name": "x", "schoolId": 1001, "responsibleIds": [ours[0]]})).await;
    assert!(refused["msg"].as_str().unwrap().contains("responsibleIds"));
    let listed = inspector.post_data("/api/qcGroupConfig/list", json!({})).await;
    assert!(listed["records"].as_array().unwrap().iter().all(|g| g["schoolId"] == 1001), "{listed}");
    let teams: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM qc_groups").fetch_one(pool).await.unwrap();
    assert_eq!(admin.post_data("/api/qcGroupConfig/list", json!({"pageSize": 100})).await["total"].as_i64().unwrap(), teams);
    let info = inspector.data(&format!("/api/qcGroupConfig/getTeacherInfo?userId={}", ours[0])).await;
    assert_eq!((info["qcGroupName"].as_str(), info["schoolId"].as_i64()), (Some("数学组质检"), Some(1001)));
    let (_, hidden) = inspector.get(&format!("/api/qcGroupConfig/getTeacherInfo?userId={}", theirs[0])).await;
    assert_eq!(hidden["code"], "A0404");
    let found = inspector.data("/api/qcGroupConfig/getTeacherInfoByKeword?keyword=staff.eduhub").await;
    assert!(!found.as_array().unwrap().is_empty() && found.as_array().unwrap().iter().all(|s| s["schoolId"] == 1001));
    // The inspector picker offers inspectors, admins and principals of reachable schools only.
    let candidates = inspector.data("/api/qcGroupConfig/getTeacherInfoByKeword?inspectors=true&keyword=demo.eduhub").await;
    let emails: Vec<&str> = candidates.as_array().unwrap().iter().map(|c| c["email"].as_str().unwrap()).collect();
    assert!(emails.contains(&INSPECTOR) && emails.contains(&"principal@demo.eduhub"), "{emails:?}");
    assert!(!emails.contains(&TEACHER), "{emails:?}");
    let deleted = inspector.post_data("/api/qcGroupConfig/batchDel", json!({"ids": [team["id"]]})).await;
    assert_eq!(deleted["changed"], 1);

    // Project teams: the reports' projectGroup filter follows the members.
    let made = inspector.post_data("/api/tfGroup/addOrUpdate", json!({"name": "冲刺项目组", "schoolId": 1001, "remark": "高三"})).await;
    let team_id = made["id"].as_i64().unwrap();
    let (_, clash) = inspector.post("/api/tfGroup/addOrUpdate", json!({"name": "冲刺项目组", "schoolId": 1001})).await;
    assert_eq!(clash["code"], "A0409", "{clash}");
    let moved = inspector.post_data("/api/tfGroup/batchChangeGroup", json!({"userIds": [ours[0], ours[1]], "groupId": team_id})).await;
    assert_eq!(moved["changed"], 2);
    let members = inspector.post_data("/api/tfGroup/memberList", json!({"groupId": team_id})).await;
    assert_eq!(members["total"], 2);
    let (search, from, to) = period();
    let report = admin.post_data("/api/attendance/detail/class", with(&search, json!({"projectGroup": team_id, "pageSize": 1}))).await;
    let expected: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM attendance WHERE class_type IN (2, 3) AND teacher_id IN ($1, $2) AND start_at >= $3 AND start_at < $4")
            .bind(ours[0])
            .bind(ours[1])
            .bind(from)
            .bind(to)
            .fetch_one(pool)
            .await
            .unwrap();
    assert_eq!(report["total"].as_i64().unwrap(), expected);
    inspector.post_data("/api/tfGroup/changeGroup", json!({"userId": ours[1], "groupId": 0})).await;
    assert_eq!(inspector.post_data("/api/tfGroup/memberList", json!({"groupId": team_id})).await["total"], 1);
    let (_, refused) = inspector.post("/api/tfGroup/batchChangeGroup", json!({"userIds": [theirs[0]], "groupId": team_id})).await;
    assert_eq!(refused["code"], "A0300");
    let by_school = inspector.data("/api/tfGroup/findGroupListV2").await;
    assert!(by_school.as_array().unwrap().iter().all(|s| s["schoolId"] == 0 || s["schoolId"] == 1001));
    assert!(by_school.as_array().unwrap().iter().any(|s| s["teams"].as_array().unwrap().iter().any(|t| t["id"] == team_id)));
    let depts = inspector.data("/api/tfGroup/getSchoolDeptList").await;
    assert_eq!(depts.as_array().unwrap().len(), 1);
    assert!(depts[0]["depts"].as_array().unwrap().iter().any(|d| d == "质检部"));
    let email: String = sqlx::query_scalar("SELECT email FROM users WHERE id = $1").bind(ours[2]).fetch_one(pool).await.unwrap();
    let other_email: String = sqlx::query_scalar("SELECT email FROM users WHERE id = $1").bind(theirs[0]).fetch_one(pool).await.unwrap();
    let looked_up = inspector.post_data("/api/tfGroup/emailList", json!({"emails": [email.to_uppercase(), other_email, "nobody@nowhere"]})).await;
    assert_eq!(looked_up["found"].as_array().unwrap().len(), 1);
    assert_eq!(looked_up["missing"].as_array().unwrap().len(), 2);
    let (_, refused) = inspector.post("/api/tfGroup/emailList", json!({"emails": ["not-an-email"]})).await;
    assert!(refused["msg"].as_str().unwrap().contains("emails"));
    // Group-wide teams are for those who see every school.
    let group_team: i64 = sqlx::query_scalar("SELECT id FROM project_groups WHERE school_id = 0 ORDER BY id LIMIT 1").fetch_one(pool).await.unwrap();
    let (_, refused) = inspector.post("/api/tfGroup/batchDelGroup", json!({"ids": [group_team]})).await;
    assert_eq!(refused["code"], "A0300");
    let gone = inspector.post_data("/api/tfGroup/batchDelGroup", json!({"ids": [team_id]})).await;
    assert_eq!(gone["changed"], 1);
    let left: i64 = sqlx::query_scalar("SELECT project_group FROM staff WHERE user_id = $1").bind(ours[0]).fetch_one(pool).await.unwrap();
    assert_eq!(left, 0);
    let teacher = app.login(TEACHER).await;
    let (_, refused) = teacher.post("/api/tfGroup/addOrUpdate", json!({"name": "x", "schoolId": 1001})).await;
    assert_eq!(refused["code"], "A0300");
}

async fn imports_punch_records(app: &TestApp) {
    generated(app).await;
    let admin = app.login(ADMIN).await;
    let pool = app.state.db.pool();
    let (student, class): (String, String) =
        sqlx::query_as("SELECT s.code, c.code FROM class_students m JOIN students s ON s.id = m.student_id JOIN classes c ON c.id = m.class_id WHERE c.class_type = 2 ORDER BY m.student_id LIMIT 1")
            .fetch_one(pool)
            .await
            .unwrap();
    let teacher: String =
        sqlx::query_scalar("SELECT u.email FROM classes c JOIN users u ON u.id = c.teacher_id WHERE c.code = $1").bind(&class).fetch_one(pool).await.unwrap();
    let yesterday = format_day(calendar::today() - Duration::days(1));
    let day = json!({"beginTimeStart": yesterday, "beginTimeEnd": yesterday, "studentNoAndName": student});
    let before = admin.post_data("/api/qc/service/detail/list", day.clone()).await["total"].as_i64().unwrap();
    let mut socket = admin.socket(None).await;
    socket.expect_connected().await;
    let csv = format!(
        "student_code,service,staff_email,punched_at,content,class_code,channel,tag,form\n\
         {student},作业点评,{teacher},{yesterday} 20:15,本月作业完成率九成，订正及时。,{class},企业微信,月度点评,\"{{\"\"comment\"\":\"\"订正及时\"\"}}\"\n\
         {student},家长沟通,{teacher},{yesterday} 20:30,电话沟通学习计划,,2,,\n\
         NOPE,作业点评,{teacher},{yesterday} 20:15,x,,,,\n\
         {student},不存在的服务,{teacher},{yesterday} 20:15,x,,,,\n\
         {student},学习规划,{teacher},{yesterday} 20:15,x,,,,\n\
         {student},作业点评,{teacher},2999-01-01 10:00,x,,,,\n\
         {student},作业点评,{teacher},{yesterday} 20:15,x,,,,[1]\n"
    );
    let (status, body) = admin.post_raw("/api/admin/records/import/services", "text/csv", csv.into_bytes()).await;
    assert_eq!((status, body["code"].as_str()), (200, Some("1")), "{body}");
    assert_eq!((body["data"]["total"].as_i64(), body["data"]["stored"].as_i64()), (Some(7), Some(2)), "{body}");
    let lines: Vec<i64> = body["data"]["errors"].as_array().unwrap().iter().map(|e| e["line"].as_i64().unwrap()).collect();
    assert_eq!(lines, vec![4, 5, 6, 7, 8], "{body}");
    let reasons: Vec<&str> = body["data"]["errors"].as_array().unwrap().iter().map(|e| e["reason"].as_str().unwrap()).collect();
    assert!(reasons[0].contains("学员不存在") && reasons[1].contains("服务类型不存在") && reasons[2].contains("角色"), "{reasons:?}");
    assert!(reasons[3].contains("punched_at") && reasons[4].contains("form"), "{reasons:?}");
    let signal = socket.next_push(std::time::Duration::from_secs(5)).await.expect("the import is signalled");
    assert_eq!(signal.type_code, protocol::push::TypeCode::RecordsChanged);
    let after = admin.post_data("/api/qc/service/detail/list", day.clone()).await;
    assert_eq!(after["total"].as_i64().unwrap(), before + 2);
    let imported = after["records"].as_array().unwrap().iter().find(|r| r["submissionTag"] == "月度点评").unwrap().clone();
    assert_eq!((imported["punchChannel"].as_str(), imported["checkStatusDesc"].as_str()), (Some("企业微信"), Some("待质检")));
    let detail = admin.data(&format!("/api/taskDetail/byPunchId?punchId={}", imported["punchId"])).await;
    assert_eq!(detail["formValues"][0]["value"], "订正及时");
    assert!(admin.data("/api/tag/list").await.as_array().unwrap().iter().any(|t| t["name"] == "月度点评" && t["useCount"] == 1));
}

/// Service details export what the inspector sees, in the visible columns, with the QC filters.
async fn service_details_export(app: &TestApp) {
    generated(app).await;
    let inspector = app.login(INSPECTOR).await;
    let (search, _, _) = period();
    let search = with(&search, json!({"resultStatus": 2, "columns": ["studentCode", "serviceTypeName", "resultStatusDesc", "punchTime"]}));
    let shown = inspector.post_data("/api/qc/service/detail/list", search.clone()).await;
    let shown = shown["records"].as_array().unwrap();
    assert!(!shown.is_empty() && shown.iter().all(|r| r["schoolName"] == shown[0]["schoolName"]));
    let mut socket = inspector.socket(None).await;
    socket.expect_connected().await;
    let rows = exported_rows(&inspector, &mut socket, "servicePunches", "服务明细", search.clone()).await;
    assert_eq!(rows[0], vec!["学员编号", "服务类型", "质检结果", "打卡时间"]);
    assert_eq!(rows.len() - 1, shown.len());
    assert_eq!(column(&rows, 0), shown.iter().map(|r| r["studentCode"].as_str().unwrap()).collect::<Vec<_>>());
    assert!(column(&rows, 2).iter().all(|r| *r == "不合格"));
    let (status, body) =
        inspector.post("/api/producer_api/submitExcelTask", json!({"excelType": "servicePunches", "businessName": "x", "reqParams": {"checkStatus": 7}})).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")));
    assert!(body["msg"].as_str().unwrap().contains("checkStatus"), "{body}");
    let (status, _) =
        inspector.post("/api/producer_api/submitExcelTask", json!({"excelType": "servicePunches", "businessName": "x", "reqParams": {"schoolId": 4001}})).await;
    assert_eq!(status, 403);
}

/// The home page's QC figures: the last 30 days' punches within the caller's scope.
async fn home_figures_count_the_punches(app: &TestApp) {
    generated(app).await;
    let r = records(app).await;
    let from = day_start_ms(calendar::today() - Duration::days(29));
    let recent: Vec<&Punch> = r.punches.iter().filter(|p| p.7 >= from).collect();
    let manager_id = app.user_id(MANAGER).await;
    let theirs: HashSet<i64> = sqlx::query_scalar("SELECT id FROM students WHERE learning_manager_id = $1")
        .bind(manager_id)
        .fetch_all(app.state.db.pool())
        .await
        .unwrap()
        .into_iter()
        .collect();
    for (email, mine) in [
        (MANAGER, recent.iter().filter(|p| theirs.contains(&p.2)).copied().collect::<Vec<_>>()),
        (INSPECTOR, recent.iter().filter(|p| p.5 == 1001).copied().collect()),
    ] {
        assert!(!mine.is_empty(), "{email}");
        let client = app.login(email).await;
        let checked = mine.iter().filter(|p| p.8 == 1).count();
        let qualified = mine.iter().filter(|p| p.8 == 1 && p.9 == 1).count();
        let stat = client.post_data("/api/home/qcCheck/serviceStat", json!({})).await;
        assert_eq!((stat["total"].as_i64().unwrap() as usize, stat["checked"].as_i64().unwrap() as usize), (mine.len(), checked), "{email}");
        assert_eq!(stat["qualifiedRate"].as_f64().unwrap(), rate(qualified, checked));
        assert_eq!(client.data("/api/home/qcCheck/getUnCheckCount").await["count"].as_i64().unwrap() as usize, mine.len() - checked);
    }
}

/// A row of `attendance_months`: (month yyyymm, teacher, student, class, class type, school,
/// area, subject, grade, product type, product group, manage project) → lessons.
type MonthKey = (i64, i64, i64, i64, i64, i64, String, i64, i64, String, i64, i64);
/// A stored row of `attendance_months`: its key and lessons.
type MonthRow = (i64, i64, i64, i64, i64, i64, String, i64, i64, String, i64, i64, i64);

/// The monthly rollup as stored, and as computed here from the attendance rows.
async fn rollup_and_expected(app: &TestApp) -> (BTreeMap<MonthKey, i64>, BTreeMap<MonthKey, i64>) {
    let pool = app.state.db.pool();
    let stored: Vec<MonthRow> = sqlx::query_as(
        "SELECT month, teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code, product_type, product_group, \
         manage_project, lessons FROM attendance_months",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let stored = stored.into_iter().map(|r| ((r.0, r.1, r.2, r.3, r.4, r.5, r.6, r.7, r.8, r.9, r.10, r.11), r.12)).collect();
    // The same fields, the moment in place of the month.
    let rows: Vec<MonthKey> = sqlx::query_as(
        "SELECT start_at, teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code, product_type, product_group, \
         manage_project FROM attendance",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let mut expected = BTreeMap::new();
    for r in rows {
        let day = calendar::day_of_ms(r.0);
        let month = i64::from(day.year()) * 100 + i64::from(u8::from(day.month()));
        *expected.entry((month, r.1, r.2, r.3, r.4, r.5, r.6, r.7, r.8, r.9, r.10, r.11)).or_insert(0) += 1;
    }
    (stored, expected)
}

async fn assert_rollup_follows(app: &TestApp, after: &str) {
    let (stored, expected) = rollup_and_expected(app).await;
    assert!(!expected.is_empty());
    if stored != expected {
        let missing: Vec<_> = expected.iter().filter(|(k, v)| stored.get(*k) != Some(v)).take(3).collect();
        let extra: Vec<_> = stored.iter().filter(|(k, v)| expected.get(*k) != Some(v)).take(3).collect();
        panic!("after {after}: the rollup differs from attendance ({} vs {} rows): expected {missing:?}, stored {extra:?}", stored.len(), expected.len());
    }
}

/// The taken students of the class side per teacher over a period of whole months with edges,
/// read from the monthly rollup and the edges, equal the records'; and the rollup follows every
/// kind of write to attendance.
async fn the_monthly_rollup_follows_attendance(app: &TestApp) {
    generated(app).await;
    assert_rollup_follows(app, "generating").await;
    let pool = app.state.db.pool();
    // Rows removed (one statement, many rows), kept here to be added back.
    type Row = (i64, i64, i64, i64, i64, i64, String, i64, i64, String, i64, i64, i64, i64, i64);
    const COLUMNS: &str = "lesson_id, student_id, class_id, class_type, teacher_id, school_id, area_code, subject, grade_code, product_type, \
                           product_group, manage_project, start_at, minutes, status";
    let lessons = "SELECT lesson_id FROM attendance GROUP BY lesson_id ORDER BY lesson_id LIMIT 5";
    let gone: Vec<Row> = sqlx::query_as(&format!("SELECT {COLUMNS} FROM attendance WHERE lesson_id IN ({lessons})")).fetch_all(pool).await.unwrap();
    let removed = sqlx::query(&format!("DELETE FROM attendance WHERE lesson_id IN ({lessons})")).execute(pool).await.unwrap();
    assert_eq!(removed.rows_affected() as usize, gone.len());
    assert!(gone.len() >= 5);
    assert_rollup_follows(app, "a delete").await;
    // Rows moved to another month and teacher, one by one; and a change the rollup does not hold
    // (attendance taken).
    let some: Vec<(i64, i64)> =
        sqlx::query_as("SELECT lesson_id, student_id FROM attendance ORDER BY lesson_id, student_id LIMIT 5").fetch_all(pool).await.unwrap();
    for (lesson, student) in &some {
        sqlx::query("UPDATE attendance SET start_at = start_at - $1, teacher_id = teacher_id + 1 WHERE lesson_id = $2 AND student_id = $3")
            .bind(40 * calendar::DAY_MS)
            .bind(lesson)
            .bind(student)
            .execute(pool)
            .await
            .unwrap();
    }
    sqlx::query("UPDATE attendance SET status = 3 WHERE lesson_id IN (SELECT lesson_id FROM attendance ORDER BY lesson_id DESC LIMIT 3)")
        .execute(pool)
        .await
        .unwrap();
    assert_rollup_follows(app, "updates").await;
    // The removed rows added back a year later, by one statement.
    let values: Vec<String> = (0..gone.len()).map(|i| format!("({})", (1..=15).map(|j| format!("${}", i * 15 + j)).collect::<Vec<_>>().join(", "))).collect();
    let sql = format!("INSERT INTO attendance ({COLUMNS}) VALUES {}", values.join(", "));
    let mut insert = sqlx::query(&sql);
    for r in &gone {
        insert =
            insert.bind(r.0).bind(r.1).bind(r.2).bind(r.3).bind(r.4).bind(r.5).bind(r.6.clone()).bind(r.7).bind(r.8).bind(r.9.clone()).bind(r.10).bind(r.11);
        insert = insert.bind(r.12 + 365 * calendar::DAY_MS).bind(r.13).bind(r.14);
    }
    insert.execute(pool).await.unwrap();
    assert_rollup_follows(app, "an insert").await;

    // Three months back from the 10th of last month to the 20th of this one: two or three whole
    // months from the rollup and both edges from attendance.
    let today = calendar::today();
    let from = calendar::month_start(calendar::month_start(today) - Duration::days(80)) + Duration::days(9);
    let to = today.min(calendar::month_start(today) + Duration::days(19));
    let (from_ms, to_ms) = (day_start_ms(from), day_start_ms(to + Duration::days(1)));
    let search = json!({"beginTimeStart": format_day(from), "beginTimeEnd": format_day(to), "pageSize": 1000});
    let admin = app.login(ADMIN).await;
    let stat = admin.post_data("/api/serviceStatistics/class", search).await;
    let r = records(app).await;
    let class_side = |t: i64| t == 2 || t == 3;
    let in_period = |at: i64| at >= from_ms && at < to_ms;
    let mut taken: HashMap<i64, HashSet<i64>> = HashMap::new();
    for a in r.attendance.iter().filter(|a| class_side(a.2) && in_period(a.5)) {
        taken.entry(a.3).or_default().insert(a.0);
    }
    let rows = by_id(&stat);
    assert!(rows.len() > 3, "{stat}");
    for (teacher, row) in &rows {
        let expected = taken.get(teacher).map_or(0, HashSet::len);
        assert_eq!(row["takeStudentCount"].as_i64().unwrap() as usize, expected, "teacher {teacher} from {from} to {to}");
    }
    let all: HashSet<i64> = taken.values().flatten().copied().collect();
    assert_eq!(stat["summary"]["takeStudentCount"].as_i64().unwrap() as usize, all.len());
}
