//! The teaching service (易服务) through HTTP on a generated year of records: the schedule, a
//! lesson, the students, the classes and the reports of a teacher, each checked against a
//! computation written here from the raw records; what a consultant, another teacher and a
//! school manager may see; the reports due, their stages as a report moves on, sharing; bad
//! input refused by name.

use std::collections::{BTreeSet, HashMap};

use serde_json::{json, Value};
use storage::datacentre::calendar::{self, day_start_ms, format_day, DAY_MS};
use storage::datacentre::generate::{generate, Options, Scale};
use time::Duration;

use crate::helpers::*;
use crate::on_both_databases;

const PRINCIPAL: &str = "principal@demo.eduhub";
/// Mirrors `dictionary::REPORT_DUE_DAYS`.
const DUE_DAYS: i64 = 7;

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

fn records(page: &Value) -> &Vec<Value> {
    page["records"].as_array().unwrap()
}

fn ids(values: &[Value], key: &str) -> BTreeSet<i64> {
    values.iter().map(|v| int(&v[key])).collect()
}

async fn scalar(db: &storage::Db, sql: &str, binds: &[i64]) -> i64 {
    let mut q = sqlx::query_scalar::<_, i64>(sql);
    for b in binds {
        q = q.bind(*b);
    }
    q.fetch_one(db.pool()).await.unwrap()
}

async fn column(db: &storage::Db, sql: &str, binds: &[i64]) -> BTreeSet<i64> {
    let mut q = sqlx::query_scalar::<_, i64>(sql);
    for b in binds {
        q = q.bind(*b);
    }
    q.fetch_all(db.pool()).await.unwrap().into_iter().collect()
}

on_both_databases!(the_teaching_service_shows_the_records);

async fn the_teaching_service_shows_the_records(app: &TestApp) {
    let db = &app.state.db;
    let today = calendar::today();
    generate(db, &Options { scale: Scale::Small, seed: 11, until: today }).await.unwrap();
    let teacher_id = app.user_id(TEACHER).await;
    let teacher = app.login(TEACHER).await;
    let now = storage::now_ms();

    // The schedule of the coming two weeks and the past week: the teacher's own lessons, each
    // with its class's members at the lesson and those present.
    for (from, to) in [(today, today + Duration::days(13)), (today - Duration::days(7), today - Duration::days(1))] {
        let lessons = teacher.post_data("/api/teaching/schedule", json!({"from": format_day(from), "to": format_day(to)})).await;
        let lessons = lessons.as_array().unwrap();
        let (start, end) = (day_start_ms(from), day_start_ms(to) + DAY_MS);
        let offline: Vec<&Value> = lessons.iter().filter(|l| l["online"] == false).collect();
        let expected = column(db, "SELECT id FROM lessons WHERE teacher_id = $1 AND start_at >= $2 AND start_at < $3", &[teacher_id, start, end]).await;
        assert_eq!(offline.iter().map(|l| int(&l["id"])).collect::<BTreeSet<_>>(), expected);
        assert!(!expected.is_empty(), "the teacher has lessons from {from}");
        let online_expected = column(
            db,
            "SELECT ol.id FROM online_lessons ol JOIN online_classes oc ON oc.id = ol.class_id WHERE ol.start_at >= $2 AND ol.start_at < $3 \
             AND (oc.teacher_id = $1 OR oc.id IN (SELECT class_id FROM online_groups WHERE assistant_id = $1 OR assistant2_id = $1))",
            &[teacher_id, start, end],
        )
        .await;
        assert_eq!(lessons.iter().filter(|l| l["online"] == true).map(|l| int(&l["id"])).collect::<BTreeSet<_>>(), online_expected);
        assert!(lessons.windows(2).all(|w| int(&w[0]["startTime"]) <= int(&w[1]["startTime"])), "in time order");
        for lesson in offline {
            let id = int(&lesson["id"]);
            let start_at = int(&lesson["startTime"]);
            let members = scalar(
                db,
                "SELECT COUNT(*) FROM class_students WHERE class_id = $1 AND joined_at <= $2 AND (left_at IS NULL OR left_at > $2)",
                &[int(&lesson["classId"]), start_at],
            )
            .await;
            let present = scalar(db, "SELECT COUNT(*) FROM attendance WHERE lesson_id = $1 AND status IN (1, 2)", &[id]).await;
            assert_eq!((int(&lesson["studentCount"]), int(&lesson["presentCount"])), (members, present), "lesson {id}");
            let status = scalar(db, "SELECT status FROM lessons WHERE id = $1", &[id]).await;
            assert_eq!(int(&lesson["status"]), status);
            if lesson["classCode"] != "" {
                assert_eq!(status == 0, start_at >= day_start_ms(today), "the records end yesterday; generated lessons from today are scheduled");
            }
        }
    }
    for bad in [
        json!({"from": "2026-11-30", "to": "2026-11-01"}),
        json!({"from": "2026-01-01", "to": "2026-12-31"}),
        json!({"from": "2026/11/01", "to": "2026-11-02"}),
        json!({"from": "2026-11-01"}),
        json!({"from": "2026-11-01", "to": "2026-11-02", "extra": 1}),
    ] {
        let (status, body) = teacher.post("/api/teaching/schedule", bad.clone()).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{bad}");
    }

    // A held lesson: its students' attendance as recorded; another teacher's lesson is closed
    // to the teacher but open to the school's manager.
    let held = scalar(db, "SELECT MAX(lesson_id) FROM attendance WHERE teacher_id = $1", &[teacher_id]).await;
    let detail = teacher.post_data("/api/teaching/lesson/detail", json!({"id": held})).await;
    assert_eq!(detail["canWriteFeedback"], true);
    let recorded: HashMap<i64, i64> = sqlx::query_as::<_, (i64, i64)>("SELECT student_id, status FROM attendance WHERE lesson_id = $1")
        .bind(held)
        .fetch_all(db.pool())
        .await
        .unwrap()
        .into_iter()
        .collect();
    let shown: HashMap<i64, i64> =
        detail["students"].as_array().unwrap().iter().map(|s| (int(&s["studentId"]), int(&s["attendanceStatus"]))).filter(|(_, s)| *s != 0).collect();
    assert_eq!(shown, recorded);
    let others = scalar(db, "SELECT MAX(a.lesson_id) FROM attendance a WHERE a.teacher_id <> $1 AND a.school_id = 1001", &[teacher_id]).await;
    let (status, body) = teacher.post("/api/teaching/lesson/detail", json!({"id": others})).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("A0404")));
    let principal = app.login(PRINCIPAL).await;
    assert_eq!(int(&principal.post_data("/api/teaching/lesson/detail", json!({"id": others})).await["lesson"]["id"]), others);

    // My students: those in my classes and my online classes or groups.
    let mine = column(
        db,
        "SELECT cs.student_id FROM class_students cs JOIN classes c ON c.id = cs.class_id WHERE c.teacher_id = $1 \
         UNION SELECT r.student_id FROM online_roster r JOIN online_groups g ON g.id = r.group_id JOIN online_classes oc ON oc.id = r.class_id \
         WHERE oc.teacher_id = $1 OR g.assistant_id = $1 OR g.assistant2_id = $1",
        &[teacher_id],
    )
    .await;
    let first = teacher.post_data("/api/teaching/students", json!({"pageSize": 100})).await;
    assert_eq!(int(&first["total"]), mine.len() as i64);
    let mut listed = ids(records(&first), "id");
    for page in 2..=(mine.len() as i64 + 99) / 100 {
        listed.extend(ids(records(&teacher.post_data("/api/teaching/students", json!({"pageSize": 100, "pageNo": page})).await), "id"));
    }
    assert_eq!(listed, mine);
    let one_on_one = column(
        db,
        "SELECT cs.student_id FROM class_students cs JOIN classes c ON c.id = cs.class_id WHERE c.teacher_id = $1 AND c.class_type = 1",
        &[teacher_id],
    )
    .await;
    assert!(!one_on_one.is_empty(), "one-on-one classes have their student as a member");
    let page = teacher.post_data("/api/teaching/students", json!({"classType": 1, "pageSize": 100})).await;
    assert_eq!(int(&page["total"]), one_on_one.len() as i64);

    // A student's page: classes, packages (used = attended on the package), exams, lessons.
    let student = scalar(
        db,
        "SELECT MIN(cs.student_id) FROM class_students cs JOIN classes c ON c.id = cs.class_id WHERE c.teacher_id = $1 AND c.class_type = 1 AND c.code LIKE 'YD%'",
        &[teacher_id],
    )
    .await;
    let detail = teacher.post_data("/api/teaching/student/detail", json!({"id": student})).await;
    let places = scalar(db, "SELECT COUNT(*) FROM class_students WHERE student_id = $1", &[student]).await
        + scalar(db, "SELECT COUNT(*) FROM online_roster WHERE student_id = $1", &[student]).await;
    assert_eq!(detail["classes"].as_array().unwrap().len() as i64, places);
    for package in detail["packages"].as_array().unwrap() {
        let used = scalar(db, "SELECT COUNT(*) FROM attendance WHERE package_id = $1 AND status IN (1, 2)", &[int(&package["id"])]).await;
        assert_eq!(int(&package["usedCount"]), used);
        assert_eq!(int(&package["remainingCount"]), (int(&package["buyCount"]) + int(&package["giftCount"]) - used).max(0));
    }
    assert!(!detail["packages"].as_array().unwrap().is_empty());
    let scores = scalar(db, "SELECT COUNT(*) FROM student_exam_scores WHERE student_id = $1", &[student]).await;
    assert_eq!(detail["exams"].as_array().unwrap().len() as i64, scores);
    let lessons = teacher.post_data("/api/teaching/student/lessons", json!({"studentId": student, "pageSize": 5})).await;
    assert_eq!(int(&lessons["total"]), scalar(db, "SELECT COUNT(*) FROM attendance WHERE student_id = $1", &[student]).await);
    assert!(records(&lessons).windows(2).all(|w| int(&w[0]["startTime"]) >= int(&w[1]["startTime"])), "newest first");
    let clock_ins = teacher.post_data("/api/teaching/student/lessons", json!({"studentId": student, "clockedIn": true})).await;
    assert_eq!(int(&clock_ins["total"]), scalar(db, "SELECT COUNT(*) FROM attendance WHERE student_id = $1 AND clock_in_at IS NOT NULL", &[student]).await);

    // Another teacher of the school does not see a student who is only the teacher's.
    let teacher2_id = app.user_id(TEACHER2).await;
    let theirs = column(
        db,
        "SELECT cs.student_id FROM class_students cs JOIN classes c ON c.id = cs.class_id WHERE c.teacher_id = $1 \
         UNION SELECT r.student_id FROM online_roster r JOIN online_groups g ON g.id = r.group_id JOIN online_classes oc ON oc.id = r.class_id \
         WHERE oc.teacher_id = $1 OR g.assistant_id = $1 OR g.assistant2_id = $1",
        &[teacher2_id],
    )
    .await;
    let only_mine = *mine.difference(&theirs).next().expect("a student only the teacher teaches");
    let teacher2 = app.login(TEACHER2).await;
    for path in ["/api/teaching/student/detail"] {
        let (status, body) = teacher2.post(path, json!({"id": only_mine})).await;
        assert_eq!((status, body["code"].as_str()), (404, Some("A0404")));
    }
    let (status, _) = teacher2.post("/api/teaching/student/lessons", json!({"studentId": only_mine})).await;
    assert_eq!(status, 404);

    // A consultant's students are those they advise.
    let consultant_id = app.user_id(CONSULTANT).await;
    let consultant = app.login(CONSULTANT).await;
    let advised = scalar(db, "SELECT COUNT(*) FROM students WHERE consultant_id = $1", &[consultant_id]).await;
    assert!(advised > 0);
    assert_eq!(int(&consultant.post_data("/api/teaching/students", json!({})).await["total"]), advised);

    // My classes: offline by type and state; online (type 4) as main teacher or tutor.
    let classes = teacher.post_data("/api/teaching/classes", json!({"pageSize": 100})).await;
    let taught = column(db, "SELECT id FROM classes WHERE teacher_id = $1", &[teacher_id]).await;
    assert_eq!(int(&classes["total"]), taught.len() as i64);
    let ongoing = column(
        db,
        "SELECT DISTINCT c.id FROM classes c JOIN lessons l ON l.class_id = c.id WHERE c.teacher_id = $1 AND l.status = 0 AND l.start_at >= $2",
        &[teacher_id, now],
    )
    .await;
    let page = teacher.post_data("/api/teaching/classes", json!({"state": "ongoing", "pageSize": 100})).await;
    assert_eq!(ids(records(&page), "id"), ongoing);
    let finished = teacher.post_data("/api/teaching/classes", json!({"state": "finished", "pageSize": 1})).await;
    assert_eq!(int(&finished["total"]), (taught.len() - ongoing.len()) as i64);
    let online = teacher.post_data("/api/teaching/classes", json!({"classType": 4, "pageSize": 100})).await;
    let online_expected = column(
        db,
        "SELECT id FROM online_classes WHERE teacher_id = $1 OR id IN (SELECT class_id FROM online_groups WHERE assistant_id = $1 OR assistant2_id = $1)",
        &[teacher_id],
    )
    .await;
    assert_eq!(ids(records(&online), "id"), online_expected);
    assert!(records(&online).iter().all(|c| c["online"] == true));

    // A class's page: each student's attendance as recorded, its lessons in order.
    let class_id = *ongoing.iter().next().expect("an ongoing class");
    let class = teacher.post_data("/api/teaching/class/detail", json!({"id": class_id})).await;
    for s in class["students"].as_array().unwrap() {
        let sid = int(&s["studentId"]);
        for (key, status) in [("present", 1), ("late", 2), ("absent", 3), ("leave", 4)] {
            let n = scalar(db, "SELECT COUNT(*) FROM attendance WHERE class_id = $1 AND student_id = $2 AND status = $3", &[class_id, sid, status]).await;
            assert_eq!(int(&s[key]), n, "{key} of {sid}");
        }
    }
    let lesson_ids: Vec<i64> = class["lessons"].as_array().unwrap().iter().map(|l| int(&l["id"])).collect();
    let expected: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM lessons WHERE class_id = $1 ORDER BY start_at, id").bind(class_id).fetch_all(db.pool()).await.unwrap();
    assert_eq!(lesson_ids, expected);
    let (status, _) = teacher2.post("/api/teaching/class/detail", json!({"id": class_id})).await;
    assert_eq!(status, 404, "another teacher's class");

    for (path, bad) in [
        ("/api/teaching/students", json!({"classType": 9})),
        ("/api/teaching/students", json!({"pageSize": 0})),
        ("/api/teaching/classes", json!({"state": "later"})),
        ("/api/teaching/reports", json!({"stage": "lost"})),
        ("/api/teaching/reports", json!({"from": "2026-01-01"})),
        ("/api/teaching/students", json!({"keyword": "字".repeat(51)})),
    ] {
        let (status, body) = teacher.post(path, bad.clone()).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{path} {bad}");
    }
}

on_both_databases!(reports_due_move_on_and_are_shared);

async fn reports_due_move_on_and_are_shared(app: &TestApp) {
    let db = &app.state.db;
    generate(db, &Options { scale: Scale::Small, seed: 12, until: calendar::today() }).await.unwrap();
    let teacher_id = app.user_id(TEACHER).await;
    let teacher = app.login(TEACHER).await;
    let now = storage::now_ms();
    let due_sql = "SELECT COUNT(*) FROM attendance a WHERE a.teacher_id = $1 AND a.start_at >= $2 AND a.start_at < $3 AND a.status IN (1, 2) \
        AND NOT EXISTS (SELECT 1 FROM feedback_reports r WHERE r.lesson_id = a.lesson_id AND r.student_id = a.student_id AND r.status = 2)";
    let due = scalar(db, due_sql, &[teacher_id, now - DUE_DAYS * DAY_MS, now]).await;
    assert!(due > 1, "the teacher owes reports of the last week");
    assert_eq!(int(&teacher.data("/api/home/todoTaskCnt").await["count"]), due);
    let page = teacher.post_data("/api/teaching/reports/due?pageSize=100", json!({})).await;
    assert_eq!(int(&page["total"]), due);
    // Latest lesson first: drafts (generated) and reports not begun; the first not begun (which
    // lesson is the latest depends on the time of day).
    let rows = records(&page);
    let row = rows.iter().find(|r| int(&r["reportId"]) == 0).expect("a due report not begun");
    assert_eq!(row["stageName"], "未开始");

    // Writing it: the report is a draft (still due), then submitted (no longer due).
    let (lesson, student) = (int(&row["lessonId"]), int(&row["studentId"]));
    let report = teacher.post_data("/api/report/feedback/v2/init", json!({"lessonId": lesson, "studentId": student})).await;
    let report_id = int(&report["reportId"]);
    let drafts = teacher.post_data("/api/teaching/reports", json!({"stage": "draft"})).await;
    assert!(ids(records(&drafts), "reportId").contains(&report_id));
    assert_eq!(int(&teacher.data("/api/home/todoTaskCnt").await["count"]), due);
    teacher.post_data("/api/report/feedback/confirm", json!({"reportId": report_id})).await;
    teacher.post_data("/api/report/feedback/confirm", json!({"reportId": report_id, "fullSubmit": true})).await;
    assert_eq!(int(&teacher.data("/api/home/todoTaskCnt").await["count"]), due - 1);
    let submitted = teacher.post_data("/api/teaching/reports", json!({"stage": "submitted"})).await;
    let listed = records(&submitted).iter().find(|r| int(&r["reportId"]) == report_id).expect("the submitted report");
    assert_eq!((listed["stageName"].as_str(), listed["owner"].as_bool()), (Some("已提交"), Some(true)));
    assert!(int(&listed["submittedTime"]) > 0);
    let of_student = teacher.post_data("/api/teaching/reports", json!({"studentId": student})).await;
    assert!(records(&of_student).iter().all(|r| int(&r["studentId"]) == student));
    assert!(ids(records(&of_student), "reportId").contains(&report_id));

    // Shared with a colleague (found by name), the report is in their list too.
    let colleagues = teacher.post_data("/api/teaching/colleagues", json!({"keyword": "李老师"})).await;
    assert_eq!(colleagues.as_array().unwrap().iter().map(|c| c["email"].as_str().unwrap()).collect::<Vec<_>>(), vec![TEACHER2]);
    let all = teacher.post_data("/api/teaching/colleagues", json!({})).await;
    assert!(all.as_array().unwrap().iter().all(|c| c["email"] != TEACHER), "not oneself");
    let teacher2 = app.login(TEACHER2).await;
    assert!(!ids(records(&teacher2.post_data("/api/teaching/reports", json!({})).await), "reportId").contains(&report_id));
    teacher.post_data("/api/collab/member/save", json!({"docType": "feedback", "id": report_id, "email": TEACHER2, "canEdit": false})).await;
    let shared = teacher2.post_data("/api/teaching/reports", json!({"pageSize": 100})).await;
    let listed = records(&shared).iter().find(|r| int(&r["reportId"]) == report_id).expect("the shared report");
    assert_eq!((listed["owner"].as_bool(), listed["canEdit"].as_bool()), (Some(false), Some(false)));

    // The schedule's report counts follow.
    let day = calendar::day_of_ms(scalar(db, "SELECT start_at FROM lessons WHERE id = $1", &[lesson]).await);
    let lessons = teacher.post_data("/api/teaching/schedule", json!({"from": format_day(day), "to": format_day(day)})).await;
    let shown = lessons.as_array().unwrap().iter().find(|l| int(&l["id"]) == lesson && l["online"] == false).unwrap();
    // The lesson's other students may have generated drafts: the counts are the lesson's reports.
    let reports = scalar(db, "SELECT COUNT(*) FROM feedback_reports WHERE lesson_id = $1", &[lesson]).await;
    let submitted = scalar(db, "SELECT COUNT(*) FROM feedback_reports WHERE lesson_id = $1 AND status = 2", &[lesson]).await;
    assert!(submitted >= 1, "the report submitted above");
    assert_eq!((int(&shown["reportCount"]), int(&shown["submittedCount"])), (reports, submitted));
}
