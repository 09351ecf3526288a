//! First-lesson statistics through HTTP (02 §3.3): every figure checked against a computation
//! written here from the raw records — the packages, the attendance and refunds of their
//! lessons, the trial lessons and the service steps — not from the server's derived
//! `first_lessons` or the trials' derived columns. Scope per role, imports that change the
//! figures, exports read back, bad input refused by name.

use std::collections::{BTreeMap, HashMap};

use serde_json::{json, Value};
use storage::datacentre::calendar::{self, day_start_ms, format_day, DAY_MS};
use storage::datacentre::generate::{generate, Options, Scale};
use time::Duration;

use crate::downloads::{column, exported_rows};
use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(first_lessons_equal_the_records, trials_equal_the_records, details_and_scope, imports_exports_and_bad_input);

const PRINCIPAL: &str = "principal@demo.eduhub";
const AREA_MANAGER: &str = "area@demo.eduhub";

/// (id, student, subject, teacher, school, area, product type, bought at)
type Package = (i64, i64, i64, i64, i64, String, String, i64);
/// (id, order, student, teacher, school, area, subject, day)
type Trial = (i64, String, i64, i64, i64, String, i64, i64);
/// (course type, ref, school, area, subject, teacher, consultant, learning manager, day, step, role, status, qc status)
type Step = (i64, i64, i64, String, i64, i64, i64, i64, i64, String, String, i64, i64);

/// A purchase after a trial: (bought at, teacher).
type Purchase = (i64, i64);

struct Records {
    packages: Vec<Package>,
    /// Attended lesson times per package, in order.
    held: HashMap<i64, Vec<i64>>,
    /// First refund per package.
    refunds: HashMap<i64, i64>,
    /// Students' (consultant, learning manager).
    advisers: HashMap<i64, (i64, i64)>,
    trials: Vec<Trial>,
    steps: Vec<Step>,
}

async fn records(app: &TestApp) -> Records {
    let pool = app.state.db.pool();
    let packages: Vec<Package> =
        sqlx::query_as("SELECT id, student_id, subject, teacher_id, school_id, area_code, product_type, bought_at FROM lesson_packages")
            .fetch_all(pool)
            .await
            .unwrap();
    let lessons: Vec<(i64, i64)> =
        sqlx::query_as("SELECT package_id, start_at FROM attendance WHERE package_id IS NOT NULL AND status IN (1, 2)").fetch_all(pool).await.unwrap();
    let mut held: HashMap<i64, Vec<i64>> = HashMap::new();
    for (package, at) in lessons {
        held.entry(package).or_default().push(at);
    }
    held.values_mut().for_each(|v| v.sort_unstable());
    let refund_rows: Vec<(i64, i64)> =
        sqlx::query_as("SELECT package_id, refunded_at FROM refunds WHERE package_id IS NOT NULL").fetch_all(pool).await.unwrap();
    let mut refunds: HashMap<i64, i64> = HashMap::new();
    for (package, at) in refund_rows {
        let first = refunds.entry(package).or_insert(at);
        *first = (*first).min(at);
    }
    let advisers: Vec<(i64, Option<i64>, Option<i64>)> =
        sqlx::query_as("SELECT id, consultant_id, learning_manager_id FROM students").fetch_all(pool).await.unwrap();
    Records {
        packages,
        held,
        refunds,
        advisers: advisers.into_iter().map(|(id, c, m)| (id, (c.unwrap_or(0), m.unwrap_or(0)))).collect(),
        trials: sqlx::query_as("SELECT id, order_code, student_id, teacher_id, school_id, area_code, subject, day_at FROM trial_lessons")
            .fetch_all(pool)
            .await
            .unwrap(),
        steps: sqlx::query_as(
            "SELECT course_type, ref_id, school_id, area_code, subject, teacher_id, consultant_id, learning_manager_id, day_at, step_code, executor_role, \
             status, qc_status FROM first_lesson_steps",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
    }
}

async fn generated(app: &TestApp) -> Records {
    generate(&app.state.db, &Options { scale: Scale::Small, seed: 5, until: calendar::today() }).await.unwrap();
    records(app).await
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

fn int(v: &Value) -> usize {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}")) as usize
}

fn real(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("a number: {v}"))
}

/// A first lesson as the test derives it: the package, and the lessons held before any refund.
struct First<'a> {
    package: &'a Package,
    held: usize,
    refunded: bool,
}

impl Records {
    /// The first full-price package of each student in each subject.
    fn firsts(&self) -> Vec<First<'_>> {
        let mut first: BTreeMap<(i64, i64), &Package> = BTreeMap::new();
        for p in self.packages.iter().filter(|p| p.6 == "ZJK") {
            let e = first.entry((p.1, p.2)).or_insert(p);
            if (p.7, p.0) < (e.7, e.0) {
                *e = p;
            }
        }
        first
            .into_values()
            .map(|package| {
                let refund = self.refunds.get(&package.0).copied();
                let held = self.held.get(&package.0).map_or(0, |l| l.iter().filter(|at| refund.is_none_or(|r| **at < r)).count());
                First { package, held, refunded: refund.is_some() }
            })
            .collect()
    }

    /// (the first full-price package after the trial, the first in its subject): (bought, teacher).
    fn followed(&self, t: &Trial) -> (Option<Purchase>, Option<Purchase>) {
        let mut after: Vec<&Package> = self.packages.iter().filter(|p| p.6 == "ZJK" && p.1 == t.2 && p.7 > t.7).collect();
        after.sort_by_key(|p| (p.7, p.0));
        (after.first().map(|p| (p.7, p.3)), after.iter().find(|p| p.2 == t.6).map(|p| (p.7, p.3)))
    }
}

/// (due, held, f1 success, f3 success) of first lessons.
fn zj_figures(firsts: &[&First]) -> (usize, usize, usize, usize) {
    (firsts.len(), firsts.iter().filter(|f| f.held >= 1).count(), firsts.iter().filter(|f| f.held >= 2).count(), firsts.iter().filter(|f| f.held >= 3).count())
}

/// (lessons, students, orders, day30, day90, same teacher, same subject) of trials.
fn st_figures(r: &Records, trials: &[&Trial]) -> (usize, usize, usize, usize, usize, usize, usize) {
    let within = |at: Option<Purchase>, t: &Trial, days: i64| at.is_some_and(|(at, _)| at - t.7 <= days * DAY_MS);
    let mut students: Vec<i64> = trials.iter().map(|t| t.2).collect();
    students.sort_unstable();
    students.dedup();
    let mut orders: Vec<&str> = trials.iter().map(|t| t.1.as_str()).collect();
    orders.sort_unstable();
    orders.dedup();
    let (mut d30, mut d90, mut teacher, mut subject) = (0, 0, 0, 0);
    for t in trials {
        let (zj, same) = r.followed(t);
        d30 += usize::from(within(zj, t, 30));
        d90 += usize::from(within(zj, t, 90));
        teacher += usize::from(within(zj, t, 90) && zj.is_some_and(|z| z.1 == t.3));
        subject += usize::from(within(same, t, 90));
    }
    (trials.len(), students.len(), orders.len(), d30, d90, teacher, subject)
}

/// Checks a row's step figures against the steps.
fn assert_steps(row: &Value, steps: &[&Step], what: &str) {
    let done = |s: &&&Step| s.11 == 1;
    let total = steps.len();
    let finished = steps.iter().filter(done).count();
    let checked = steps.iter().filter(done).filter(|s| s.12 > 0).count();
    let qualified = steps.iter().filter(done).filter(|s| s.12 == 1).count();
    assert_eq!(
        (int(&row["stepTotalCnt"]), int(&row["stepFinishedCnt"]), int(&row["stepQcCnt"]), int(&row["stepQcQualifiedCnt"])),
        (total, finished, checked, qualified),
        "{what}: {row}"
    );
    assert_eq!(real(&row["stepFinishedRate"]), rate(finished, total), "{what}");
    assert_eq!(real(&row["stepQcQualifiedRate"]), rate(qualified, checked), "{what}");
    for (code, prop) in
        [("handover", "handoverFinished"), ("startCall", "startCallFinished"), ("feedback", "feedbackFinished"), ("followup", "followupFinished")]
    {
        let of: Vec<&&Step> = steps.iter().filter(|s| s.9 == code).collect();
        let done = of.iter().filter(|s| s.11 == 1).count();
        assert_eq!(int(&row[format!("{prop}Cnt")]), done, "{what} {code}");
        assert_eq!(real(&row[format!("{prop}Rate")]), rate(done, of.len()), "{what} {code}");
    }
    let yjj: Vec<&&Step> = steps.iter().filter(|s| s.9 == "handoverYJJ").collect();
    assert_eq!(int(&row["handoverYJJ"]), yjj.iter().filter(|s| s.11 == 1).count(), "{what} handoverYJJ");
}

fn assert_zj(row: &Value, firsts: &[&First], what: &str) {
    let (due, held, f1, f3) = zj_figures(firsts);
    assert_eq!(
        (int(&row["f1LessonTotalCnt"]), int(&row["f1LessonCnt"]), int(&row["f1LessonSuccCnt"]), int(&row["f3LessonSuccCnt"])),
        (due, held, f1, f3),
        "{what}: {row}"
    );
    assert_eq!((real(&row["f1LessonSuccRate"]), real(&row["f3LessonSuccRate"])), (rate(f1, held), rate(f3, held)), "{what}");
}

async fn first_lessons_equal_the_records(app: &TestApp) {
    let r = generated(app).await;
    let admin = app.login(ADMIN).await;
    let (search, from, to) = last_year();
    let firsts = r.firsts();
    let firsts: Vec<&First> = firsts.iter().filter(|f| f.package.7 >= from && f.package.7 < to).collect();
    let (due, held, f1, f3) = zj_figures(&firsts);
    assert!(due > 50 && held > f1 && f1 > f3, "varied outcomes: {due} {held} {f1} {f3}");
    assert!(firsts.iter().any(|f| f.refunded && f.held == 1), "some fail after their first lesson");
    let steps = |view_role: Option<&str>| -> Vec<&Step> {
        r.steps.iter().filter(|s| s.0 == 1 && s.8 >= from && s.8 < to && view_role.is_none_or(|role| s.10 == role)).collect()
    };

    // The overall screen: schools ranked by first-lesson success, with every step.
    let page = admin.post_data("/api/firstLesson/whole/statistics", search.clone()).await;
    assert_zj(&page["summary"], &firsts, "summary");
    assert_steps(&page["summary"], &steps(None), "summary");
    let rows = page["records"].as_array().unwrap();
    let schools: Vec<i64> = {
        let mut s: Vec<i64> = firsts.iter().map(|f| f.package.4).collect();
        s.sort_unstable();
        s.dedup();
        s
    };
    assert_eq!(int(&page["total"]), schools.len());
    let names: HashMap<String, i64> =
        sqlx::query_as::<_, (String, i64)>("SELECT name, id FROM schools").fetch_all(app.state.db.pool()).await.unwrap().into_iter().collect();
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(int(&row["rank"]), i + 1);
        let school = names[row["schoolName"].as_str().unwrap()];
        let of: Vec<&First> = firsts.iter().copied().filter(|f| f.package.4 == school).collect();
        assert_zj(row, &of, "school");
        let of_steps: Vec<&Step> = steps(None).into_iter().filter(|s| s.2 == school).collect();
        assert_steps(row, &of_steps, "school");
    }
    let success: Vec<f64> = rows.iter().map(|r| real(&r["f1LessonSuccRate"])).collect();
    assert!(success.windows(2).all(|w| w[0] >= w[1]), "ranked: {success:?}");

    // By subject on the overall screen; by teacher on the teacher screen (the teachers' steps).
    let page = admin.post_data("/api/firstLesson/whole/statistics", with(&search, json!({"type": "subjectCount"}))).await;
    for row in page["records"].as_array().unwrap() {
        let subject = storage::datacentre::subject_name;
        let of: Vec<&First> = firsts.iter().copied().filter(|f| subject(f.package.2) == row["subjectName"].as_str().unwrap()).collect();
        assert_zj(row, &of, "subject");
    }
    let page = admin.post_data("/api/firstLesson/teacher/statistics", with(&search, json!({"type": "teacherCount"}))).await;
    let emails: HashMap<String, i64> =
        sqlx::query_as::<_, (String, i64)>("SELECT email, id FROM users").fetch_all(app.state.db.pool()).await.unwrap().into_iter().collect();
    let teacher_steps = steps(Some("teacher"));
    assert!(!teacher_steps.is_empty());
    assert_steps(&page["summary"], &teacher_steps, "teacher summary");
    for row in page["records"].as_array().unwrap() {
        let teacher = emails[row["teacherEmail"].as_str().unwrap()];
        let of: Vec<&First> = firsts.iter().copied().filter(|f| f.package.3 == teacher).collect();
        assert_zj(row, &of, "teacher");
        let of_steps: Vec<&Step> = teacher_steps.iter().copied().filter(|s| s.5 == teacher).collect();
        assert_steps(row, &of_steps, "teacher");
        assert_eq!(int(&row["handoverYJJ"]), 0, "the pre-handover is the consultants'");
    }
    // The consultant screen: by consultant, the consultants' steps.
    let page = admin.post_data("/api/firstLesson/consultant/statistics", with(&search, json!({"type": "consultantCount"}))).await;
    let consultant_steps = steps(Some("consultant"));
    for row in page["records"].as_array().unwrap() {
        let consultant = emails[row["staffEmail"].as_str().unwrap()];
        let of: Vec<&First> = firsts.iter().copied().filter(|f| r.advisers[&f.package.1].0 == consultant).collect();
        assert_zj(row, &of, "consultant");
        let of_steps: Vec<&Step> = consultant_steps.iter().copied().filter(|s| s.6 == consultant).collect();
        assert_steps(row, &of_steps, "consultant");
        assert_eq!(int(&row["feedbackFinishedCnt"]), 0, "feedback is the teachers'");
    }
    // Server-side sorting of a custom-sortable column.
    let page = admin
        .post_data(
            "/api/firstLesson/teacher/statistics",
            with(&search, json!({"type": "teacherCount", "sortInfo": {"field": "stepFinishedRate", "asc": true}})),
        )
        .await;
    let rates: Vec<f64> = page["records"].as_array().unwrap().iter().map(|r| real(&r["stepFinishedRate"])).collect();
    assert!(rates.windows(2).all(|w| w[0] <= w[1]), "{rates:?}");
}

async fn trials_equal_the_records(app: &TestApp) {
    let r = generated(app).await;
    let admin = app.login(ADMIN).await;
    let (search, from, to) = last_year();
    let search = with(&search, json!({"tabType": "ST"}));
    let trials: Vec<&Trial> = r.trials.iter().filter(|t| t.7 >= from && t.7 < to).collect();
    let f = st_figures(&r, &trials);
    assert!(f.0 > 30 && f.3 > 0 && f.4 > f.3 && f.4 < f.0 && f.5 < f.4, "varied conversions: {f:?}");
    let check = |row: &Value, trials: &[&Trial], what: &str| {
        let f = st_figures(&r, trials);
        let got = (
            int(&row["stLessonCnt"]),
            int(&row["stStudentCnt"]),
            int(&row["stOrderCnt"]),
            int(&row["day30ZjCnt"]),
            int(&row["day90ZjCnt"]),
            int(&row["teacherZjCnt"]),
            int(&row["subjectZjCnt"]),
        );
        assert_eq!(got, f, "{what}: {row}");
        assert_eq!(real(&row["day30ZjRate"]), rate(f.3, f.0), "{what}");
        assert_eq!(real(&row["subjectZjRate"]), rate(f.6, f.0), "{what}");
        assert_eq!(int(&row["f1LessonTotalCnt"]), 0, "{what}: no first-lesson counts on trial rows");
    };
    let page = admin.post_data("/api/firstLesson/whole/statistics", search.clone()).await;
    check(&page["summary"], &trials, "summary");
    let trial_steps: Vec<&Step> = r.steps.iter().filter(|s| s.0 == 2 && s.8 >= from && s.8 < to).collect();
    assert_steps(&page["summary"], &trial_steps, "trial steps");
    let names: HashMap<String, i64> =
        sqlx::query_as::<_, (String, i64)>("SELECT name, id FROM schools").fetch_all(app.state.db.pool()).await.unwrap().into_iter().collect();
    let rows = page["records"].as_array().unwrap();
    for row in rows {
        let school = names[row["schoolName"].as_str().unwrap()];
        check(row, &trials.iter().copied().filter(|t| t.4 == school).collect::<Vec<_>>(), "school");
    }
    // Trial school rows rank by the 30-day conversion, and sort by it on request.
    let ranked: Vec<f64> = rows.iter().map(|r| real(&r["day30ZjRate"])).collect();
    assert!(ranked.windows(2).all(|w| w[0] >= w[1]), "{ranked:?}");
    let sorted = admin.post_data("/api/firstLesson/whole/statistics", with(&search, json!({"sortInfo": {"field": "day90ZjRate", "asc": true}}))).await;
    let rates: Vec<f64> = sorted["records"].as_array().unwrap().iter().map(|r| real(&r["day90ZjRate"])).collect();
    assert!(rates.windows(2).all(|w| w[0] <= w[1]), "{rates:?}");
    // By area.
    let page = admin.post_data("/api/firstLesson/whole/statistics", with(&search, json!({"type": "areaCount"}))).await;
    let areas: HashMap<String, String> =
        sqlx::query_as::<_, (String, String)>("SELECT name, code FROM areas").fetch_all(app.state.db.pool()).await.unwrap().into_iter().collect();
    for row in page["records"].as_array().unwrap() {
        let area = &areas[row["areaName"].as_str().unwrap()];
        check(row, &trials.iter().copied().filter(|t| &t.5 == area).collect::<Vec<_>>(), "area");
    }
}

async fn details_and_scope(app: &TestApp) {
    let r = generated(app).await;
    let (search, from, to) = last_year();
    let admin = app.login(ADMIN).await;
    let firsts = r.firsts();
    let in_period: Vec<&First> = firsts.iter().filter(|f| f.package.7 >= from && f.package.7 < to).collect();
    // One row per step of the screen's role, a lesson without one once.
    for (view, role) in [("whole", None), ("teacher", Some("teacher")), ("learnManage", Some("1v1_xg"))] {
        let rows: usize =
            in_period.iter().map(|f| r.steps.iter().filter(|s| s.0 == 1 && s.1 == f.package.0 && role.is_none_or(|role| s.10 == role)).count().max(1)).sum();
        let page = admin.post_data(&format!("/api/firstLesson/{view}/detail"), with(&search, json!({"pageSize": 30}))).await;
        assert_eq!(int(&page["total"]), rows, "{view}");
    }
    let page = admin.post_data("/api/firstLesson/whole/detail", with(&search, json!({"pageSize": 30}))).await;
    let row = &page["records"][0];
    let newest = in_period.iter().max_by_key(|f| f.package.7).unwrap();
    let code: String =
        sqlx::query_scalar("SELECT code FROM lesson_packages WHERE id = $1").bind(newest.package.0).fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(row["f1PackageCode"].as_str(), Some(code.as_str()), "newest first: {row}");
    let f1 = r.held.get(&newest.package.0).and_then(|l| l.first()).copied().unwrap_or(0);
    assert_eq!(row["f1LessonTime"].as_i64(), Some(f1));
    // The consultant detail: each step's executor's completion share, and the school's.
    let page = admin.post_data("/api/firstLesson/consultant/detail", with(&search, json!({"pageSize": 50}))).await;
    let consultant_steps: Vec<&Step> = r.steps.iter().filter(|s| s.0 == 1 && s.8 >= from && s.8 < to && s.10 == "consultant").collect();
    let emails: HashMap<String, i64> =
        sqlx::query_as::<_, (String, i64)>("SELECT email, id FROM users").fetch_all(app.state.db.pool()).await.unwrap().into_iter().collect();
    let step_names: HashMap<&str, &str> = protocol::dictionary::FIRST_STEPS.iter().map(|s| (s.1, s.0)).collect();
    let mut checked = 0;
    for row in page["records"].as_array().unwrap().iter().filter(|r| !r["stepName"].as_str().unwrap().is_empty()) {
        let consultant = emails[row["staffEmail"].as_str().unwrap()];
        let code = step_names[row["stepName"].as_str().unwrap()];
        let mine: Vec<&&Step> = consultant_steps.iter().filter(|s| s.6 == consultant && s.9 == code).collect();
        assert_eq!(real(&row["contributionRate"]), rate(mine.iter().filter(|s| s.11 == 1).count(), mine.len()), "{row}");
        let all: Vec<&&Step> = consultant_steps.iter().filter(|s| s.9 == code).collect();
        assert_eq!(real(&row["alloverFillingRate"]), rate(all.iter().filter(|s| s.11 == 1).count(), all.len()));
        checked += 1;
    }
    assert!(checked > 10);

    // Scope: each role's totals are those of their own records.
    let teacher_id = app.user_id(TEACHER).await;
    type Sees = Box<dyn Fn(i64, i64, &str) -> bool>;
    let roles: Vec<(&str, Sees)> = vec![
        (ADMIN, Box::new(|_, _, _| true)),
        (TEACHER, Box::new(move |teacher, _, _| teacher == teacher_id)),
        (PRINCIPAL, Box::new(|_, school, _| school == 1001)),
        (AREA_MANAGER, Box::new(|_, _, area| area == "A100101")),
    ];
    for (email, sees) in roles {
        let client = app.login(email).await;
        let mine: Vec<&First> = in_period.iter().copied().filter(|f| sees(f.package.3, f.package.4, &f.package.5)).collect();
        assert!(!mine.is_empty(), "{email} sees some first lessons");
        let page = client.post_data("/api/firstLesson/whole/statistics", search.clone()).await;
        assert_zj(&page["summary"], &mine, email);
        let trials: Vec<&Trial> = r.trials.iter().filter(|t| t.7 >= from && t.7 < to && sees(t.3, t.4, &t.5)).collect();
        let page = client.post_data("/api/firstLesson/teacher/statistics", with(&search, json!({"tabType": "ST"}))).await;
        assert_eq!(int(&page["summary"]["stLessonCnt"]), trials.len(), "{email}");
    }
    let (status, body) = app.login(PRINCIPAL).await.post("/api/firstLesson/whole/statistics", with(&search, json!({"schoolId": 1002}))).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("A0300")), "{body}");
}

async fn imports_exports_and_bad_input(app: &TestApp) {
    let r = generated(app).await;
    let pool = app.state.db.pool();
    let admin = app.login(ADMIN).await;
    let (search, from, to) = last_year();
    let import = |kind: &str, csv: String| {
        let admin = &admin;
        let path = format!("/api/admin/records/import/{kind}");
        async move { admin.post_raw(&path, "text/csv", csv.into_bytes()).await }
    };
    // A refund right after a first lesson makes it a failure (the first lessons follow imports).
    let firsts = r.firsts();
    let victim = firsts
        .iter()
        .filter(|f| f.package.7 >= from && f.package.7 < to && !f.refunded && f.held >= 3 && f.package.4 == 1001)
        .max_by_key(|f| f.package.7)
        .unwrap();
    let lessons = &r.held[&victim.package.0];
    assert!(lessons[1] - lessons[0] >= DAY_MS * 2, "a day between the first two lessons");
    let (student_code, package_code): (String, String) =
        sqlx::query_as("SELECT s.code, p.code FROM lesson_packages p JOIN students s ON s.id = p.student_id WHERE p.id = $1")
            .bind(victim.package.0)
            .fetch_one(pool)
            .await
            .unwrap();
    let refund_day = format_day(calendar::day_of_ms(lessons[0]) + Duration::days(1));
    let csv = format!("student_code,package_code,refunded_at,amount,lesson_total,reason_type\n{student_code},{package_code},{refund_day},100,10,2\n");
    let (status, result) = import("refunds", csv).await;
    assert_eq!((status, result["data"]["stored"].as_i64()), (200, Some(1)), "{result}");
    // Trials: good rows counted (one converted within 30 days), bad rows listed.
    let buyer = r.packages.iter().filter(|p| p.4 == 1001 && p.7 >= from + 60 * DAY_MS && p.7 < to).max_by_key(|p| p.7).unwrap();
    let (buyer_code,): (String,) = sqlx::query_as("SELECT code FROM students WHERE id = $1").bind(buyer.1).fetch_one(pool).await.unwrap();
    let trial_day = calendar::day_of_ms(buyer.7) - Duration::days(10);
    let csv = format!(
        "order_code,student_code,teacher_email,subject,lesson_at\n\
         IMP001,{buyer_code},{TEACHER},{subject},{day} 10:00\n\
         IMP001,{buyer_code},{TEACHER},{subject},{day} 16:00\n\
         IMP002,NOPE,{TEACHER},54,{day} 10:00\n\
         IMP003,{buyer_code},nobody@x.cn,54,{day} 10:00\n\
         IMP004,{buyer_code},{TEACHER},99,{day} 10:00\n\
         IMP005,{buyer_code},{TEACHER},54,{day}\n",
        subject = buyer.2,
        day = format_day(trial_day)
    );
    let (status, result) = import("trials", csv).await;
    assert_eq!(status, 200, "{result}");
    let result = &result["data"];
    assert_eq!((result["total"].as_i64(), result["stored"].as_i64()), (Some(6), Some(2)), "{result}");
    let errors = result["errors"].as_array().unwrap();
    assert_eq!(errors.iter().map(|e| e["line"].as_i64().unwrap()).collect::<Vec<_>>(), vec![4, 5, 6, 7]);
    for (error, says) in errors.iter().zip(["学员不存在", "老师不存在", "subject", "lesson_at"]) {
        assert!(error["reason"].as_str().unwrap().contains(says), "{error}");
    }
    // Everything again from the raw records, now with the import.
    let r = records(app).await;
    let firsts = r.firsts();
    let now_failed = firsts.iter().find(|f| f.package.0 == victim.package.0).unwrap();
    assert_eq!((now_failed.held, now_failed.refunded), (1, true));
    let in_period: Vec<&First> = firsts.iter().filter(|f| f.package.7 >= from && f.package.7 < to).collect();
    let page = admin.post_data("/api/firstLesson/whole/statistics", search.clone()).await;
    assert_zj(&page["summary"], &in_period, "after the refund");
    let trials: Vec<&Trial> = r.trials.iter().filter(|t| t.7 >= from && t.7 < to).collect();
    let f = st_figures(&r, &trials);
    let page = admin.post_data("/api/firstLesson/whole/statistics", with(&search, json!({"tabType": "ST"}))).await;
    assert_eq!((int(&page["summary"]["stLessonCnt"]), int(&page["summary"]["day30ZjCnt"])), (f.0, f.3));
    let imported = admin
        .post_data(
            "/api/firstLesson/whole/detail",
            with(
                &search,
                json!({"tabType": "ST", "studentNoAndName": buyer_code, "beginTimeStart": format_day(trial_day), "beginTimeEnd": format_day(trial_day)}),
            ),
        )
        .await;
    let row = imported["records"].as_array().unwrap().iter().find(|r| r["zjRegistrationOrder"].as_str() != Some("")).expect("a converted trial");
    assert_eq!(row["day30ZjStatus"].as_str(), Some("是"), "{row}");

    // Exports: the screen's rows, in the visible columns.
    let mut socket = admin.socket(None).await;
    socket.expect_connected().await;
    let shown = admin.post_data("/api/firstLesson/whole/statistics", search.clone()).await;
    let params = with(&search, json!({"columns": ["schoolName", "f1LessonCnt", "f1LessonSuccRate"]}));
    let rows = exported_rows(&admin, &mut socket, "firstWholeStat", "首课统计", params).await;
    assert_eq!(rows[0], vec!["学校", "已上首课数", "首课成功率"]);
    let names: Vec<&str> = shown["records"].as_array().unwrap().iter().map(|r| r["schoolName"].as_str().unwrap()).collect();
    assert_eq!(column(&rows, 0), names);
    assert_eq!(rows[1][2], storage::datacentre::export::percent(real(&shown["records"][0]["f1LessonSuccRate"])));
    let detail = with(&search, json!({"tabType": "ST", "columns": ["studentCode", "stepName", "contributionRate"]}));
    let shown = admin.post_data("/api/firstLesson/consultant/detail", detail.clone()).await;
    let rows = exported_rows(&admin, &mut socket, "firstConsultantDetail", "首课明细", detail).await;
    assert_eq!(rows.len() - 1, int(&shown["total"]));

    for (path, body, field) in [
        ("/api/firstLesson/whole/statistics", json!({"tabType": "XX"}), "tabType"),
        ("/api/firstLesson/whole/statistics", json!({"type": "teacherCount"}), "type"),
        ("/api/firstLesson/boss/statistics", json!({}), "view"),
        ("/api/firstLesson/teacher/detail", json!({"sortInfo": {"field": "studentName", "asc": true}}), "sortInfo"),
        ("/api/firstLesson/whole/statistics", json!({"sortInfo": {"field": "schoolName", "asc": true}}), "sortInfo"),
        ("/api/firstLesson/consultant/detail", json!({"pageSize": 0}), "pageSize"),
    ] {
        let (status, reply) = admin.post(path, body.clone()).await;
        assert_eq!((status, reply["code"].as_str()), (400, Some("A0400")), "{path} {body}: {reply}");
        assert!(reply["msg"].as_str().unwrap().contains(field), "{path}: {reply}");
    }
    let (status, reply) = admin
        .post("/api/producer_api/submitExcelTask", json!({"excelType": "firstTeacherStat", "businessName": "x", "reqParams": {"type": "areaSchoolRank"}}))
        .await;
    assert_eq!(reply["code"].as_str(), Some("A0400"), "{status} {reply}");
    let (status, _) = app.client().post("/api/firstLesson/whole/statistics", json!({})).await;
    assert_eq!(status, 401);
}
