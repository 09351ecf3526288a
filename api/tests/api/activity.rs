//! Lesson preparation, platform usage and feedback statistics through HTTP: every figure checked
//! against a computation written here from the raw generated records (plain SELECTs and Rust);
//! the product's own actions (signing in, sharing and sending a report, the family opening it)
//! seen in what is counted; scope per role; exports read back; bad input refused by name.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde_json::{json, Value};
use storage::datacentre::calendar::{self, day_start_ms, format_day};
use storage::datacentre::generate::{generate, Options, Scale};
use time::Duration;

use crate::downloads::{column, exported_rows};
use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(
    preparation_equals_the_records,
    usage_equals_the_records,
    feedback_statistics_equal_the_records,
    each_role_sees_its_own_activity,
    exports_and_bad_input,
    imports_preparations
);

const PRINCIPAL: &str = "principal@demo.eduhub";
const AREA_MANAGER: &str = "area@demo.eduhub";
const IN_TIME_MS: i64 = 24 * 3_600_000;

/// (lesson, class type, teacher, school, area, start, bound, published, recycled resources, collections, cause)
type Prep = (i64, i64, i64, i64, String, i64, i64, i64, i64, i64, i64);
/// (lesson, student, class type, teacher, school, area, subject, project, start, minutes, status)
type Attendance = (i64, i64, i64, i64, i64, String, i64, i64, i64, i64, i64);
/// (lesson, student, created, exported, submitted, opened)
type Report = (i64, i64, i64, Option<i64>, Option<i64>, Option<i64>);

struct Records {
    preps: Vec<Prep>,
    attendance: Vec<Attendance>,
    reports: HashMap<(i64, i64), Report>,
    /// (teacher, day, logged in)
    days: Vec<(i64, i64, i64)>,
    /// Students' consultants.
    consultants: HashMap<i64, Option<i64>>,
}

impl Records {
    /// Reports sent per lesson.
    fn sent_of(&self, lesson: i64) -> usize {
        self.reports.values().filter(|r| r.0 == lesson && r.4.is_some()).count()
    }
}

async fn generated(app: &TestApp) -> Records {
    generate(&app.state.db, &Options { scale: Scale::Small, seed: 11, until: calendar::today() }).await.unwrap();
    records(app).await
}

async fn records(app: &TestApp) -> Records {
    let pool = app.state.db.pool();
    let reports: Vec<Report> =
        sqlx::query_as("SELECT lesson_id, student_id, created_at, exported_at, submitted_at, opened_at FROM feedback_reports").fetch_all(pool).await.unwrap();
    let consultants: Vec<(i64, Option<i64>)> = sqlx::query_as("SELECT id, consultant_id FROM students").fetch_all(pool).await.unwrap();
    Records {
        preps: sqlx::query_as(
            "SELECT lesson_id, class_type, teacher_id, school_id, area_code, start_at, bound_resources, published_resources, recycled_resources, \
             recycle_collections, no_recycle_cause FROM lesson_preps",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
        attendance: sqlx::query_as(
            "SELECT lesson_id, student_id, class_type, teacher_id, school_id, area_code, subject, manage_project, start_at, minutes, status FROM attendance",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
        reports: reports.into_iter().map(|r| ((r.0, r.1), r)).collect(),
        days: sqlx::query_as("SELECT teacher_id, day, logged_in FROM teacher_days").fetch_all(pool).await.unwrap(),
        consultants: consultants.into_iter().collect(),
    }
}

/// The last `days` days up to yesterday: the search and the millisecond range.
fn last_days(days: i64) -> (Value, i64, i64) {
    let today = calendar::today();
    let from = today - Duration::days(days);
    (
        json!({"beginTimeStart": format_day(from), "beginTimeEnd": format_day(today - Duration::days(1)), "pageSize": 1000}),
        day_start_ms(from),
        day_start_ms(today),
    )
}

fn int(v: &Value) -> usize {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}")) as usize
}

fn present(status: i64) -> bool {
    status == 1 || status == 2
}

/// (lessons, bound, recycled, collections, sent, published, recycled resources) of lesson rows.
fn prep_figures(r: &Records, preps: &[&Prep]) -> (usize, usize, usize, usize, usize, usize, usize) {
    (
        preps.len(),
        preps.iter().filter(|p| p.6 > 0).count(),
        preps.iter().filter(|p| p.9 > 0).count(),
        preps.iter().map(|p| p.9 as usize).sum(),
        preps.iter().map(|p| r.sent_of(p.0)).sum(),
        preps.iter().map(|p| p.7 as usize).sum(),
        preps.iter().map(|p| p.8 as usize).sum(),
    )
}

async fn preparation_equals_the_records(app: &TestApp) {
    let r = generated(app).await;
    let admin = app.login(ADMIN).await;
    let (search, from, to) = last_days(60);
    let in_period = |p: &&Prep| p.5 >= from && p.5 < to;
    assert!(r.preps.iter().any(|p| p.6 == 0) && r.preps.iter().any(|p| p.6 > 0), "some lessons bound, some not");
    assert!(r.preps.iter().any(|p| p.10 > 0), "some lessons say why nothing was collected");

    for (vip, summary_path, teachers_path, lessons_path) in [
        (true, "/api/lessonPrepare/statistics/summary", "/api/lessonPrepare/statistics/teacherSummary", "/api/lessonPrepare/statistics/teacherLessonDetail"),
        (false, "/api/lessonPrepare/teacherLessonDetail/summary", "/api/lessonPrepare/teacherSummary", "/api/lessonPrepare/teacherLessonDetail"),
    ] {
        let side: Vec<&Prep> = r.preps.iter().filter(|p| (p.1 == 1) == vip).filter(in_period).collect();
        assert!(!side.is_empty(), "vip {vip}");
        let f = prep_figures(&r, &side);
        let summary = admin.post_data(summary_path, search.clone()).await;
        let got = (
            int(&summary["lessonCount"]),
            int(&summary["bindResLessonCount"]),
            int(&summary["isRecycleCount"]),
            int(&summary["recycleCollectionCount"]),
            int(&summary["sendFeedbackReportCount"]),
            int(&summary["publishResource"]),
            int(&summary["recycleResource"]),
        );
        assert_eq!(got, f, "vip {vip} summary {summary}");
        assert_eq!(summary["bindResLessonCountRate"].as_f64().unwrap(), rate(f.1, f.0));
        assert_eq!(int(&summary["teacherCount"]), side.iter().map(|p| p.2).collect::<HashSet<_>>().len());

        // Per teacher: every teacher with lessons, most lessons first.
        let page = admin.post_data(teachers_path, search.clone()).await;
        let rows = page["records"].as_array().unwrap();
        let mut by_teacher: BTreeMap<i64, Vec<&Prep>> = BTreeMap::new();
        for p in &side {
            by_teacher.entry(p.2).or_default().push(p);
        }
        assert_eq!(int(&page["total"]), by_teacher.len());
        for row in rows {
            let lessons = &by_teacher[&row["teacherId"].as_i64().unwrap()];
            let f = prep_figures(&r, lessons);
            assert_eq!((int(&row["lessonCount"]), int(&row["bindResLessonCount"]), int(&row["sendFeedbackReportCount"])), (f.0, f.1, f.4), "{row}");
            assert_eq!(row["bindResLessonCountRate"].as_f64().unwrap(), rate(f.1, f.0));
            assert!(!row["teacherName"].as_str().unwrap().is_empty() && int(&row["teacherTeachTime"]) > 0);
        }
        let counts: Vec<usize> = rows.iter().map(|r| int(&r["lessonCount"])).collect();
        assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
        let sorted = admin.post_data(teachers_path, with(&search, json!({"sortInfo": {"field": "bindResLessonCountRate", "asc": true}}))).await;
        let rates: Vec<f64> = sorted["records"].as_array().unwrap().iter().map(|r| r["bindResLessonCountRate"].as_f64().unwrap()).collect();
        assert!(rates.windows(2).all(|w| w[0] <= w[1]), "{rates:?}");

        // Per lesson, and the filter sets.
        let page = admin.post_data(lessons_path, with(&search, json!({"pageSize": 30}))).await;
        assert_eq!(int(&page["total"]), side.len());
        let row = &page["records"][0];
        let newest = side.iter().max_by_key(|p| (p.5, -p.0)).unwrap();
        assert_eq!(row["lessonId"].as_i64(), Some(newest.0));
        let present_there = r.attendance.iter().filter(|a| a.0 == newest.0 && present(a.10)).count();
        assert_eq!((int(&row["studentCount"]), int(&row["bindResourceCount"])), (present_there, newest.6 as usize));
        for (filter, keep) in [
            (json!({"bindResLesson": 1}), Box::new(|p: &Prep| p.6 > 0) as Box<dyn Fn(&Prep) -> bool>),
            (json!({"bindResLesson": 0, "isRecycle": -1}), Box::new(|p: &Prep| p.6 == 0)),
            (json!({"isRecycle": 1, "publishResource": 1}), Box::new(|p: &Prep| p.9 > 0 && p.7 > 0)),
            (json!({"noRecycleCauseTypes": [2, 3]}), Box::new(|p: &Prep| p.10 == 2 || p.10 == 3)),
            (json!({"noRecycleCauseTypes": [-1], "recycleResource": 0}), Box::new(|p: &Prep| p.8 == 0)),
        ] {
            let expected = side.iter().filter(|p| keep(p)).count();
            let page = admin.post_data(lessons_path, with(&search, filter.clone())).await;
            assert_eq!(int(&page["total"]), expected, "vip {vip} {filter}");
        }
        let sent = side.iter().filter(|p| r.sent_of(p.0) > 0).count();
        assert_eq!(int(&admin.post_data(lessons_path, with(&search, json!({"isSendFeedbackReport": 1}))).await["total"]), sent);
    }
}

async fn usage_equals_the_records(app: &TestApp) {
    let r = generated(app).await;
    let admin = app.login(ADMIN).await;
    let (search, from, to) = last_days(30);
    let in_period = |at: i64| at >= from && at < to;
    let logins = |teacher: i64| r.days.iter().filter(|d| d.0 == teacher && in_period(d.1) && d.2 == 1).count();
    for (path, extra, types) in [
        ("/api/systemUse/vipTeacherSummaryList", json!({}), vec![1]),
        ("/api/systemUse/bsTeacherSummaryList", json!({}), vec![3]),
        ("/api/systemUse/bsTeacherSummaryList", json!({"usageType": "group"}), vec![2]),
        ("/api/systemUse/bsTeacherSummaryList", json!({"usageType": "fullDay"}), vec![1, 2, 3]),
    ] {
        let lessons: Vec<&Prep> = r.preps.iter().filter(|p| types.contains(&p.1) && in_period(p.5)).collect();
        let page = admin.post_data(path, with(&search, extra.clone())).await;
        let teachers: HashSet<i64> = lessons.iter().map(|p| p.2).collect();
        assert_eq!(int(&page["total"]), teachers.len(), "{path} {extra}");
        for row in page["records"].as_array().unwrap() {
            let teacher = row["teacherId"].as_i64().unwrap();
            let theirs: Vec<&&Prep> = lessons.iter().filter(|p| p.2 == teacher).collect();
            let bound = theirs.iter().filter(|p| p.6 > 0).count();
            let served: HashSet<i64> =
                r.attendance.iter().filter(|a| a.3 == teacher && types.contains(&a.2) && in_period(a.8) && present(a.10)).map(|a| a.1).collect();
            assert_eq!(int(&row["totalLessonCnt"]), theirs.len(), "{row}");
            assert_eq!(int(&row["totalBindResLessonCnt"]), bound);
            assert_eq!(int(&row["totalBindResourceCnt"]), theirs.iter().map(|p| p.6 as usize).sum::<usize>());
            assert_eq!(int(&row["totalFeedbackCnt"]), theirs.iter().map(|p| r.sent_of(p.0)).sum::<usize>());
            assert_eq!(int(&row["totalServiceStuCnt"]), served.len());
            assert_eq!(int(&row["totalLoginDayCnt"]), logins(teacher));
            let valid = bound * 2 >= theirs.len();
            assert_eq!(row["platformUsageValidStr"], if valid { "达标" } else { "未达标" }, "{row}");
        }
        let summary_path = path.replace("SummaryList", "ValidSummary");
        let summary = admin.post_data(&summary_path, with(&search, extra.clone())).await;
        let valid = page["records"].as_array().unwrap().iter().filter(|r| r["platformUsageValid"] == 1).count();
        assert_eq!((int(&summary["teacherCnt"]), int(&summary["validTeacherCnt"])), (teachers.len(), valid), "{summary_path}");
        assert_eq!(summary["totalPlatformUsageValidRate"].as_f64().unwrap(), rate(valid, teachers.len()));
        assert_eq!(int(&summary["totalLessonCnt"]), lessons.len());
    }

    // The student view: a teacher and student per row.
    let page = admin.post_data("/api/systemUse/vipTeacherStudentSummaryList", with(&search, json!({"pageSize": 20}))).await;
    let pairs: HashSet<(i64, i64)> = r.attendance.iter().filter(|a| a.2 == 1 && in_period(a.8) && present(a.10)).map(|a| (a.3, a.1)).collect();
    assert_eq!(int(&page["total"]), pairs.len());
    let codes: HashMap<String, i64> =
        sqlx::query_as::<_, (String, i64)>("SELECT code, id FROM students").fetch_all(app.state.db.pool()).await.unwrap().into_iter().collect();
    for row in page["records"].as_array().unwrap() {
        let (teacher, student) = (row["teacherId"].as_i64().unwrap(), codes[row["studentCode"].as_str().unwrap()]);
        let rows: Vec<&Attendance> = r.attendance.iter().filter(|a| a.2 == 1 && in_period(a.8) && present(a.10) && a.3 == teacher && a.1 == student).collect();
        let bound = rows.iter().filter(|a| r.preps.iter().any(|p| p.0 == a.0 && p.6 > 0)).count();
        let sent = rows.iter().filter(|a| r.reports.get(&(a.0, a.1)).is_some_and(|x| x.4.is_some())).count();
        assert_eq!((int(&row["totalLessonCnt"]), int(&row["totalBindResLessonCnt"]), int(&row["totalFeedbackCnt"])), (rows.len(), bound, sent), "{row}");
    }

    // The system view: every active teacher, lessons or not; departments sum up.
    let teachers: Vec<(i64, String)> = sqlx::query_as(
        "SELECT st.user_id, st.dept_name FROM staff st JOIN user_roles ur ON ur.user_id = st.user_id AND ur.role = 'teacher' WHERE st.active = 1",
    )
    .fetch_all(app.state.db.pool())
    .await
    .unwrap();
    let system = admin.post_data("/api/systemUse/bsTeacherSummaryList", with(&search, json!({"usageType": "system"}))).await;
    let lesson_teachers: HashSet<i64> = r.preps.iter().filter(|p| in_period(p.5)).map(|p| p.2).collect();
    let expected: HashSet<i64> = teachers.iter().map(|t| t.0).chain(lesson_teachers.iter().copied()).collect();
    assert_eq!(int(&system["total"]), expected.len());
    let departments = admin.post_data("/api/systemUse/deptSummaryList", search.clone()).await;
    let departments = departments.as_array().unwrap();
    assert_eq!(departments.iter().map(|d| int(&d["teacherCnt"])).sum::<usize>(), expected.len());
    let logged: usize = expected.iter().filter(|t| logins(**t) > 0).count();
    assert_eq!(departments.iter().map(|d| int(&d["loginTeacherCnt"])).sum::<usize>(), logged);
    assert!(departments.iter().any(|d| d["deptName"].as_str().unwrap().ends_with("教研组")));

    // Signing in marks today's usage day.
    let teacher_id = app.user_id(TEACHER).await;
    let today =
        json!({"beginTimeStart": format_day(calendar::today()), "beginTimeEnd": format_day(calendar::today()), "usageType": "system", "teacherEmail": TEACHER});
    let before = admin.post_data("/api/systemUse/bsTeacherSummaryList", today.clone()).await;
    let _ = app.login(TEACHER).await;
    let after = admin.post_data("/api/systemUse/bsTeacherSummaryList", today.clone()).await;
    let row = after["records"].as_array().unwrap().iter().find(|r| r["teacherId"] == teacher_id).expect("the demo teacher in the system view").clone();
    assert_eq!(int(&row["totalLoginDayCnt"]), 1);
    let earlier = before["records"].as_array().unwrap().iter().find(|r| r["teacherId"] == teacher_id).map(|r| int(&r["totalLoginDayCnt"]));
    assert!(earlier.is_some_and(|n| n <= 1));
}

/// (due, created, in time, exported, sent, opened) of attendance rows.
fn feedback_figures(r: &Records, due: &[&Attendance]) -> (usize, usize, usize, usize, usize, usize) {
    let reports: Vec<(&&Attendance, &Report)> = due.iter().filter_map(|a| r.reports.get(&(a.0, a.1)).map(|x| (a, x))).collect();
    (
        due.len(),
        reports.len(),
        reports.iter().filter(|(a, x)| x.2 <= a.8 + a.9 * 60_000 + IN_TIME_MS).count(),
        reports.iter().filter(|(_, x)| x.3.is_some()).count(),
        reports.iter().filter(|(_, x)| x.4.is_some()).count(),
        reports.iter().filter(|(_, x)| x.5.is_some()).count(),
    )
}

fn assert_feedback(row: &Value, f: (usize, usize, usize, usize, usize, usize), what: &str) {
    let got = (
        int(&row["shouldReportCount"]),
        int(&row["createReportCount"]),
        int(&row["createReportIn24hCount"]),
        int(&row["exportReportCount"]),
        int(&row["transmitReportCount"]),
        int(&row["openReportCount"]),
    );
    assert_eq!(got, f, "{what}: {row}");
    assert_eq!(row["totalCreateReportRate"].as_f64().unwrap(), rate(f.1, f.0), "{what}");
    assert_eq!(row["totalCreateReportIn24hRate"].as_f64().unwrap(), rate(f.2, f.0), "{what}");
    assert_eq!(row["totalTransmitReportRate"].as_f64().unwrap(), rate(f.4, f.1), "{what}");
    assert_eq!(row["totalOpenReportRate"].as_f64().unwrap(), rate(f.5, f.4), "{what}");
}

async fn feedback_statistics_equal_the_records(app: &TestApp) {
    let r = generated(app).await;
    let admin = app.login(ADMIN).await;
    let (search, from, to) = last_days(45);
    let due: Vec<&Attendance> = r.attendance.iter().filter(|a| present(a.10) && a.8 >= from && a.8 < to).collect();
    let f = feedback_figures(&r, &due);
    assert!(f.1 > 0 && f.1 < f.0 && f.2 < f.1 && f.4 < f.1 && f.5 > 0, "the reports vary: {f:?}");
    for (path, key) in [
        ("/api/feedback/statistics/teacher", Box::new(|a: &Attendance| a.3) as Box<dyn Fn(&Attendance) -> i64>),
        ("/api/feedback/statistics/subject", Box::new(|a: &Attendance| a.6)),
        ("/api/feedback/statistics/project", Box::new(|a: &Attendance| a.7)),
    ] {
        let page = admin.post_data(path, search.clone()).await;
        assert_feedback(&page["summary"], f, &format!("{path} totals"));
        let mut groups: HashMap<i64, Vec<&Attendance>> = HashMap::new();
        for a in &due {
            groups.entry(key(a)).or_default().push(a);
        }
        assert_eq!(int(&page["total"]), groups.len(), "{path}");
        for row in page["records"].as_array().unwrap() {
            let id = row["id"].as_i64().unwrap();
            assert_feedback(row, feedback_figures(&r, &groups[&id]), &format!("{path} {id}"));
            assert!(!row["name"].as_str().unwrap().is_empty(), "{row}");
        }
    }
    let detail = admin.post_data("/api/feedback/statistics/detail", with(&search, json!({"pageSize": 10}))).await;
    assert_eq!(int(&detail["total"]), due.len());
    let not_sent = due.iter().filter(|a| r.reports.get(&(a.0, a.1)).is_none_or(|x| x.4.is_none())).count();
    assert_eq!(int(&admin.post_data("/api/feedback/statistics/detail", with(&search, json!({"isSendFeedbackReport": 0}))).await["total"]), not_sent);
    let late = due.iter().filter(|a| r.reports.get(&(a.0, a.1)).is_none_or(|x| x.2 > a.8 + a.9 * 60_000 + IN_TIME_MS)).count();
    assert_eq!(int(&admin.post_data("/api/feedback/statistics/detail", with(&search, json!({"isCreateIn24h": 0}))).await["total"]), late);

    // The product's own steps move the statistics: a report written, shared, sent, opened.
    let teacher = app.login(TEACHER).await;
    let teacher_id = app.user_id(TEACHER).await;
    let pool = app.state.db.pool();
    let (lesson, student, start): (i64, i64, i64) = sqlx::query_as(
        "SELECT a.lesson_id, a.student_id, a.start_at FROM attendance a JOIN class_students cs ON cs.class_id = a.class_id AND cs.student_id = a.student_id \
         WHERE a.teacher_id = $1 AND a.status = 1 AND NOT EXISTS (SELECT 1 FROM feedback_reports r WHERE r.lesson_id = a.lesson_id AND r.student_id = a.student_id) \
         ORDER BY a.start_at DESC LIMIT 1",
    )
    .bind(teacher_id)
    .fetch_one(pool)
    .await
    .unwrap();
    let day = calendar::day_of_ms(start);
    let that_day = json!({"beginTimeStart": format_day(day), "beginTimeEnd": format_day(day), "teacherEmail": TEACHER});
    let figures = |page: &Value| {
        let s = &page["summary"];
        (int(&s["createReportCount"]), int(&s["exportReportCount"]), int(&s["transmitReportCount"]), int(&s["openReportCount"]))
    };
    let before = figures(&admin.post_data("/api/feedback/statistics/teacher", that_day.clone()).await);
    let report = teacher.post_data("/api/report/feedback/v2/init", json!({"lessonId": lesson, "studentId": student})).await;
    let report_id = report["reportId"].as_i64().unwrap_or_else(|| panic!("a report id: {report}"));
    let shared = teacher.post_data("/api/report/feedback/qrcode/generate", json!({"reportId": report_id})).await;
    teacher.post_data("/api/report/feedback/confirm", json!({"reportId": report_id})).await;
    teacher.post_data("/api/report/feedback/confirm", json!({"reportId": report_id, "fullSubmit": true})).await;
    let token = shared["token"].as_str().unwrap();
    let (status, _) = app.client().get(&format!("/api/report/feedback/v2/detail/preview?token={token}")).await;
    assert_eq!(status, 200);
    let after = figures(&admin.post_data("/api/feedback/statistics/teacher", that_day.clone()).await);
    assert_eq!(after, (before.0 + 1, before.1 + 1, before.2 + 1, before.3 + 1), "written, shared, sent, opened");
    // The statistics read the report's dates copied onto its attendance row (triggers): a report
    // deleted (its lesson's records replaced) no longer counts either.
    sqlx::query("DELETE FROM feedback_reports WHERE id = $1").bind(report_id).execute(pool).await.unwrap();
    assert_eq!(figures(&admin.post_data("/api/feedback/statistics/teacher", that_day.clone()).await), before, "the report deleted");
}

async fn each_role_sees_its_own_activity(app: &TestApp) {
    let r = generated(app).await;
    // A year: every role's records fall in it whatever the day (a quarter can fall between two
    // terms of the generated classes and leave a role with no class lesson to count).
    let (search, from, to) = last_days(365);
    let in_period = |at: i64| at >= from && at < to;
    let teacher_id = app.user_id(TEACHER).await;
    let consultant_id = app.user_id(CONSULTANT).await;
    // (who, which lessons' attendance rows they see: (teacher, school, area, student))
    type Sees = Box<dyn Fn(i64, i64, &str, i64) -> bool>;
    let consultants = r.consultants.clone();
    let roles: Vec<(&str, Sees)> = vec![
        (ADMIN, Box::new(|_, _, _, _| true)),
        (TEACHER, Box::new(move |teacher, _, _, _| teacher == teacher_id)),
        (PRINCIPAL, Box::new(|_, school, _, _| school == 1001)),
        (AREA_MANAGER, Box::new(|_, _, area, _| area == "A100101")),
        (CONSULTANT, Box::new(move |_, _, _, student| consultants.get(&student).copied().flatten() == Some(consultant_id))),
    ];
    for (email, sees) in roles {
        let client = app.login(email).await;
        let rows: Vec<&Attendance> = r.attendance.iter().filter(|a| in_period(a.8) && sees(a.3, a.4, &a.5, a.1)).collect();
        let lessons: HashSet<i64> = rows.iter().map(|a| a.0).collect();
        let class_lessons = r.preps.iter().filter(|p| p.1 != 1 && lessons.contains(&p.0)).count();
        assert!(class_lessons > 0, "{email} sees some class lessons");
        let summary = client.post_data("/api/lessonPrepare/teacherLessonDetail/summary", search.clone()).await;
        assert_eq!(int(&summary["lessonCount"]), class_lessons, "{email}");
        let teachers: HashSet<i64> = r.preps.iter().filter(|p| p.1 == 1 && lessons.contains(&p.0)).map(|p| p.2).collect();
        assert_eq!(int(&client.post_data("/api/lessonPrepare/statistics/teacherSummary", search.clone()).await["total"]), teachers.len(), "{email}");
        let due: Vec<&Attendance> = rows.iter().copied().filter(|a| present(a.10)).collect();
        let page = client.post_data("/api/feedback/statistics/subject", search.clone()).await;
        assert_feedback(&page["summary"], feedback_figures(&r, &due), email);
        let vip_pairs: HashSet<(i64, i64)> = rows.iter().filter(|a| a.2 == 1 && present(a.10)).map(|a| (a.3, a.1)).collect();
        assert_eq!(int(&client.post_data("/api/systemUse/vipTeacherStudentSummaryList", search.clone()).await["total"]), vip_pairs.len(), "{email}");
    }
    // A school outside the caller's scope is refused.
    let (status, body) = app.login(PRINCIPAL).await.post("/api/systemUse/bsTeacherSummaryList", with(&search, json!({"schoolId": 1002}))).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("A0300")), "{body}");
}

async fn exports_and_bad_input(app: &TestApp) {
    generated(app).await;
    let admin = app.login(ADMIN).await;
    let (search, _, _) = last_days(14);
    let mut socket = admin.socket(None).await;
    socket.expect_connected().await;

    let narrowed = with(&search, json!({"schoolId": 1001, "bindResLesson": 1, "columns": ["lessonId", "teacherName", "bindResourceCount"]}));
    let shown = admin.post_data("/api/lessonPrepare/teacherLessonDetail", narrowed.clone()).await;
    let rows = exported_rows(&admin, &mut socket, "prepClassLessons", "班课备课", narrowed).await;
    assert_eq!(rows[0], vec!["课节ID", "老师", "绑定资源数"]);
    assert_eq!(rows.len() - 1, int(&shown["total"]));
    let ids: Vec<String> = shown["records"].as_array().unwrap().iter().map(|r| r["lessonId"].to_string()).collect();
    assert_eq!(column(&rows, 0), ids.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(column(&rows, 2).iter().all(|n| n.parse::<f64>().unwrap() > 0.0));

    let usage = with(&search, json!({"usageType": "group", "sortInfo": {"field": "totalLoginDayCnt", "asc": false}}));
    let shown = admin.post_data("/api/systemUse/bsTeacherSummaryList", usage.clone()).await;
    let rows = exported_rows(&admin, &mut socket, "usageClassTeachers", "小组课平台使用", usage).await;
    assert_eq!(rows.len() - 1, int(&shown["total"]));
    let emails: Vec<&str> = shown["records"].as_array().unwrap().iter().map(|r| r["teacherEmail"].as_str().unwrap()).collect();
    assert_eq!(column(&rows, 1), emails);

    let shown = admin.post_data("/api/feedback/statistics/teacher", search.clone()).await;
    let rows = exported_rows(&admin, &mut socket, "feedbackTeacher", "反馈统计", search.clone()).await;
    assert_eq!(rows.len() - 1, int(&shown["total"]));
    let first = &shown["records"][0];
    let rate = first["totalCreateReportRate"].as_f64().unwrap();
    assert_eq!(rows[1][9], storage::datacentre::export::percent(rate));

    for (path, body, field) in [
        ("/api/systemUse/bsTeacherSummaryList", json!({"usageType": "weekly"}), "usageType"),
        ("/api/lessonPrepare/teacherSummary", json!({"noRecycleCauseTypes": [9]}), "noRecycleCauseTypes"),
        ("/api/feedback/statistics/detail", json!({"isCreateIn24h": 3}), "isCreateIn24h"),
        ("/api/lessonPrepare/teacherSummary", json!({"sortInfo": {"field": "teacherName", "asc": true}}), "sortInfo"),
        ("/api/feedback/statistics/teacher", json!({"beginTimeStart": "2026-02-01", "beginTimeEnd": "2026-01-01"}), "beginTimeStart"),
        ("/api/systemUse/vipTeacherStudentSummaryList", json!({"pageSize": 5000}), "pageSize"),
        ("/api/lessonPrepare/statistics/summary", json!({"bindResLessons": 1}), "bindResLessons"),
    ] {
        let (status, reply) = admin.post(path, body.clone()).await;
        assert_eq!((status, reply["code"].as_str()), (400, Some("A0400")), "{path} {body}: {reply}");
        assert!(reply["msg"].as_str().unwrap().contains(field), "{path}: {reply}");
    }
    let (status, _) = app.client().post("/api/lessonPrepare/teacherSummary", json!({})).await;
    assert_eq!(status, 401);
}

/// Imported lessons count with an empty preparation; imported preparations replace it, and bad
/// rows are listed by line with nothing of them written.
async fn imports_preparations(app: &TestApp) {
    generated(app).await;
    let pool = app.state.db.pool();
    let admin = app.login(ADMIN).await;
    let (class_code, last): (String, i64) = sqlx::query_as(
        "SELECT c.code, MAX(l.lesson_no) FROM classes c JOIN lessons l ON l.class_id = c.id WHERE c.class_type = 3 AND c.school_id = 1001 AND c.code <> '' \
         GROUP BY c.id, c.code ORDER BY MAX(l.start_at) DESC LIMIT 1",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    let yesterday = format_day(calendar::today() - Duration::days(1));
    let day = json!({"beginTimeStart": yesterday, "beginTimeEnd": yesterday, "schoolId": 1001});
    let before = admin.post_data("/api/lessonPrepare/teacherLessonDetail/summary", day.clone()).await;
    let import = |kind: &str, csv: String| {
        let admin = &admin;
        let path = format!("/api/admin/records/import/{kind}");
        async move { admin.post_raw(&path, "text/csv", csv.into_bytes()).await }
    };
    let (status, result) = import("lessons", format!("class_code,lesson_no,start,minutes\n{class_code},{},{yesterday} 20:00,90\n", last + 1)).await;
    assert_eq!((status, result["data"]["stored"].as_i64()), (200, Some(1)), "{result}");
    let after = admin.post_data("/api/lessonPrepare/teacherLessonDetail/summary", day.clone()).await;
    assert_eq!(int(&after["lessonCount"]), int(&before["lessonCount"]) + 1, "the imported lesson counts");
    assert_eq!(int(&after["bindResLessonCount"]), int(&before["bindResLessonCount"]), "with nothing bound");

    let csv = format!(
        "class_code,lesson_no,bound_resources,published_resources,recycled_resources,recycle_collections,no_recycle_cause\n\
         {class_code},{new},3,2,1,12,\n\
         NOPE,1,1,1,1,1,\n\
         {class_code},{missing},1,1,1,1,\n\
         {class_code},{new},1,0,0,0,2\n\
         {class_code},{last},1,0,0,5,2\n\
         {class_code},{last},x,0,0,0,\n",
        new = last + 1,
        missing = last + 50
    );
    let (status, result) = import("preps", csv).await;
    assert_eq!(status, 200, "{result}");
    let result = &result["data"];
    assert_eq!((result["total"].as_i64(), result["stored"].as_i64()), (Some(6), Some(1)), "{result}");
    let errors = result["errors"].as_array().unwrap();
    assert_eq!(errors.iter().map(|e| e["line"].as_i64().unwrap()).collect::<Vec<_>>(), vec![3, 4, 5, 6, 7]);
    for (error, says) in errors.iter().zip(["班级不存在", "课节不存在", "重复", "no_recycle_cause", "bound_resources"]) {
        assert!(error["reason"].as_str().unwrap().contains(says), "{error}");
    }
    let after_prep = admin.post_data("/api/lessonPrepare/teacherLessonDetail/summary", day.clone()).await;
    assert_eq!(int(&after_prep["bindResLessonCount"]), int(&before["bindResLessonCount"]) + 1);
    assert_eq!(int(&after_prep["recycleCollectionCount"]), int(&before["recycleCollectionCount"]) + 12);
    let (status, _) = app.login(TEACHER).await.post_raw("/api/admin/records/import/preps", "text/csv", b"class_code\n".to_vec()).await;
    assert_eq!(status, 403);
}
