//! The data centre through HTTP: every figure is checked against a computation written here
//! from the raw generated records (plain SELECTs and Rust, not the server's queries), per role.

use std::collections::{HashMap, HashSet};

use serde_json::{json, Value};
use storage::datacentre::calendar::{self, day_start_ms, format_day, DAY_MS};
use storage::datacentre::generate::{generate, Options, Scale};
use time::Duration;

use crate::downloads::{column, exported_rows};
use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(
    reports_equal_the_records,
    each_role_sees_its_own_records,
    wrong_searches_are_refused_by_name,
    exports_write_what_the_report_shows,
    imports_store_good_rows_and_list_bad_ones
);

/// The generator's live mode holds lessons while the server runs, and open boards hear of them.
#[actix_web::test]
async fn live_records_reach_open_boards() {
    // The records first (the live mode starts with the server, after a demo's generation).
    let app = TestApp::spawn(Backend::Sqlite).await;
    with_records(&app).await;
    let database = app.stop_keep_database().await;
    let app = TestApp::spawn_on(database, SpawnOptions { live_records_secs: Some(1), ..Default::default() }).await;
    let admin = app.login(ADMIN).await;
    let today = json!({"beginTimeStart": format_day(calendar::today()), "beginTimeEnd": format_day(calendar::today())});
    let mut board = admin.socket(None).await;
    board.expect_connected().await;
    let signal = board.next_push(std::time::Duration::from_secs(5)).await.expect("a live lesson within the interval");
    assert_eq!((signal.type_code, signal.id.as_str()), (protocol::push::TypeCode::RecordsChanged, ""));
    let held: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM attendance WHERE start_at >= $1")
        .bind(day_start_ms(calendar::today()))
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert!(held > 0);
    let counted = admin.post_data("/api/attendance/detail/class", today).await["total"].as_i64().unwrap();
    assert!(counted >= held, "the report counts what was held today: {counted} of {held}");
    app.stop().await;
}

const PRINCIPAL: &str = "principal@demo.eduhub";
const AREA_MANAGER: &str = "area@demo.eduhub";

/// (lesson, student, class, class type, teacher, school, area, status, minutes, start, subject)
type AttendanceRecord = (i64, i64, i64, i64, i64, i64, String, i64, i64, i64, i64);
/// (student, class type, teacher, school, area, refunded at, fen, lessons)
type RefundRecord = (i64, i64, i64, i64, String, i64, i64, i64);

/// The raw records, as stored.
struct Records {
    attendance: Vec<AttendanceRecord>,
    refunds: Vec<RefundRecord>,
    /// (student, teacher, school, area, bought at, lessons bought + gift)
    packages: Vec<(i64, i64, i64, String, i64, i64)>,
    /// (student, joined at, class type)
    members: Vec<(i64, i64, i64)>,
    /// student → consultant
    consultants: HashMap<i64, Option<i64>>,
}

async fn with_records(app: &TestApp) -> Records {
    generate(&app.state.db, &Options { scale: Scale::Small, seed: 11, until: calendar::today() }).await.unwrap();
    let pool = app.state.db.pool();
    Records {
        attendance: sqlx::query_as(
            "SELECT lesson_id, student_id, class_id, class_type, teacher_id, school_id, area_code, status, minutes, start_at, subject FROM attendance",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
        refunds: sqlx::query_as("SELECT student_id, class_type, teacher_id, school_id, area_code, refunded_at, amount, lesson_total FROM refunds")
            .fetch_all(pool)
            .await
            .unwrap(),
        packages: sqlx::query_as("SELECT student_id, teacher_id, school_id, area_code, bought_at, buy_count + gift_lesson_num FROM lesson_packages")
            .fetch_all(pool)
            .await
            .unwrap(),
        members: sqlx::query_as("SELECT m.student_id, m.joined_at, c.class_type FROM class_students m JOIN classes c ON c.id = m.class_id")
            .fetch_all(pool)
            .await
            .unwrap(),
        consultants: sqlx::query_as::<_, (i64, Option<i64>)>("SELECT id, consultant_id FROM students").fetch_all(pool).await.unwrap().into_iter().collect(),
    }
}

/// The last `days` days before today: the search and the millisecond range.
fn last_days(days: i64) -> (Value, i64, i64) {
    let today = calendar::today();
    let from = today - Duration::days(days);
    (json!({"beginTimeStart": format_day(from), "beginTimeEnd": format_day(today - Duration::days(1))}), day_start_ms(from), day_start_ms(today))
}

fn distinct<T: std::hash::Hash + Eq>(items: impl Iterator<Item = T>) -> usize {
    items.collect::<HashSet<_>>().len()
}

async fn reports_equal_the_records(app: &TestApp) {
    let r = with_records(app).await;
    let admin = app.login(ADMIN).await;
    let (search, from, to) = last_days(60);
    let in_range = |t: i64| t >= from && t < to;
    let attended = |status: i64| status == 1 || status == 2;

    // Class overview.
    let class_rows: Vec<_> = r.attendance.iter().filter(|a| a.3 != 1 && in_range(a.9)).collect();
    let overview = admin.post_data("/api/databoard/class/overview", search.clone()).await;
    let class_refunds: Vec<_> = r.refunds.iter().filter(|f| f.1 != 1 && in_range(f.5)).collect();
    let attended_count = class_rows.iter().filter(|a| attended(a.7)).count();
    assert!(class_rows.len() > 100, "the window has class lessons");
    assert_eq!(
        overview,
        json!({
            "classCount": distinct(class_rows.iter().map(|a| a.2)),
            "studentCount": distinct(class_rows.iter().map(|a| a.1)),
            "lessonCount": distinct(class_rows.iter().map(|a| a.0)),
            "expectedCount": class_rows.len(),
            "attendedCount": attended_count,
            "attendanceRate": rate(attended_count, class_rows.len()),
            "leaveCount": class_rows.iter().filter(|a| a.7 == 4).count(),
            "newStudentCount": distinct(r.members.iter().filter(|m| m.2 != 1 && in_range(m.1)).map(|m| m.0)),
            "refundCount": class_refunds.len(),
            "refundAmount": class_refunds.iter().map(|f| f.6).sum::<i64>() as f64 / 100.0,
        })
    );

    // One-on-one overview.
    let vip_rows: Vec<_> = r.attendance.iter().filter(|a| a.3 == 1 && in_range(a.9)).collect();
    let vip_attended: Vec<_> = vip_rows.iter().filter(|a| attended(a.7)).collect();
    let bought: Vec<_> = r.packages.iter().filter(|p| in_range(p.4)).collect();
    let vip_refunds: Vec<_> = r.refunds.iter().filter(|f| f.1 == 1 && in_range(f.5)).collect();
    assert_eq!(
        admin.post_data("/api/databoard/vip/overview", search.clone()).await,
        json!({
            "studentCount": distinct(vip_rows.iter().map(|a| a.1)),
            "teacherCount": distinct(vip_rows.iter().map(|a| a.4)),
            "lessonCount": distinct(vip_rows.iter().map(|a| a.0)),
            "consumedLessonCount": vip_attended.len(),
            "consumedDuration": vip_attended.iter().map(|a| a.8 * 60).sum::<i64>(),
            "attendanceRate": rate(vip_attended.len(), vip_rows.len()),
            "packageCount": bought.len(),
            "purchasedLessonCount": bought.iter().map(|p| p.5).sum::<i64>(),
            "refundCount": vip_refunds.len(),
            "refundAmount": vip_refunds.iter().map(|f| f.6).sum::<i64>() as f64 / 100.0,
        })
    );

    // Attendance details: the count, the default order, a filter on subject and area.
    let page = admin.post_data("/api/attendance/detail/class", search.clone()).await;
    assert_eq!((page["total"].as_u64(), page["records"].as_array().unwrap().len()), (Some(class_rows.len() as u64), 30));
    assert_eq!(page["records"][0]["classTime"].as_i64(), class_rows.iter().map(|a| a.9).max());
    let narrowed = with(&search, json!({"subjects": [54], "areaCodes": ["A100101"], "pageSize": 1000}));
    let page = admin.post_data("/api/attendance/detail/class", narrowed).await;
    let expected = class_rows.iter().filter(|a| a.10 == 54 && a.6 == "A100101").count();
    assert_eq!(page["total"].as_u64(), Some(expected as u64));
    assert!(page["records"].as_array().unwrap().iter().all(|row| row["subjectName"] == "数学" && row["areaName"] == "中关村教学点"));
    let sorted = admin.post_data("/api/attendance/detail/vip", with(&search, json!({"sortInfo": {"field": "oneLessonMinutes", "asc": true}}))).await;
    assert_eq!(sorted["total"].as_u64(), Some(vip_rows.len() as u64));
    assert_eq!(sorted["records"][0]["oneLessonMinutes"].as_i64(), vip_rows.iter().map(|a| a.8).min());

    // Refund details over the year (refunds are rarer).
    let (year, year_from, year_to) = last_days(364);
    for (path, vip) in [("/api/refund/detail/class", false), ("/api/refund/detail/vip", true)] {
        let expected = r.refunds.iter().filter(|f| (f.1 == 1) == vip && f.5 >= year_from && f.5 < year_to).count();
        assert_eq!(admin.post_data(path, year.clone()).await["total"].as_u64(), Some(expected as u64), "{path}");
    }

    // One-on-one students and their states as of the period's end.
    let dormant_before = to - 30 * DAY_MS;
    let mut lessons: HashMap<i64, i64> = HashMap::new();
    for p in r.packages.iter().filter(|p| p.4 < to) {
        *lessons.entry(p.0).or_default() += p.5;
    }
    let mut states: HashMap<&str, usize> = HashMap::new();
    for (student, total) in &lessons {
        let used: Vec<_> = r.attendance.iter().filter(|a| a.3 == 1 && a.1 == *student && attended(a.7) && a.9 < to).collect();
        let refunded: i64 = r.refunds.iter().filter(|f| f.1 == 1 && f.0 == *student && f.5 < to).map(|f| f.7).sum();
        let left = total - used.len() as i64 - refunded;
        let last = used.iter().map(|a| a.9).max().unwrap_or(0);
        let state = if left <= 0 {
            "finished"
        } else if left <= 5 {
            "lowBalance"
        } else if last < dormant_before {
            "dormant"
        } else {
            "active"
        };
        *states.entry(state).or_default() += 1;
    }
    let n = |k: &str| states.get(k).copied().unwrap_or(0);
    assert_eq!(
        admin.post_data("/api/databoard/vip/students-stat", search.clone()).await,
        json!({"total": lessons.len(), "active": n("active"), "lowBalance": n("lowBalance"), "dormant": n("dormant"), "finished": n("finished")})
    );
    assert!(n("active") > 0 && n("finished") + n("dormant") + n("lowBalance") > 0, "the states vary: {states:?}");
    let students = admin.post_data("/api/databoard/vip/students", with(&search, json!({"sortInfo": {"field": "leftCount", "asc": false}}))).await;
    assert_eq!(students["total"].as_u64(), Some(lessons.len() as u64));
    let lefts: Vec<i64> = students["records"].as_array().unwrap().iter().map(|s| s["leftCount"].as_i64().unwrap()).collect();
    assert!(lefts.windows(2).all(|w| w[0] >= w[1]), "sorted by what is left: {lefts:?}");

    // Stay rates and the monthly trend over half a year.
    let (half, half_from, half_to) = last_days(182);
    let now = storage::now_ms();
    let vip_students_in =
        |a: i64, b: i64| -> HashSet<i64> { r.attendance.iter().filter(|x| x.3 == 1 && attended(x.7) && x.9 >= a && x.9 < b).map(|x| x.1).collect() };
    let mut expected_rates = Vec::new();
    let mut month = calendar::month_start(calendar::day_of_ms(half_from));
    while day_start_ms(month) < half_to {
        let next = calendar::next_month(month);
        if day_start_ms(next) > now {
            break;
        }
        let base = vip_students_in(day_start_ms(month), day_start_ms(next));
        let again = vip_students_in(day_start_ms(next), day_start_ms(calendar::next_month(next)));
        let stay = base.intersection(&again).count();
        expected_rates.push(json!({"month": &format_day(month)[..7], "baseCount": base.len(), "stayCount": stay, "stayRate": rate(stay, base.len())}));
        month = next;
    }
    assert_eq!(admin.post_data("/api/databoard/vip/stay-rates", half.clone()).await, Value::Array(expected_rates));
    let trend = admin.post_data("/api/databoard/vip/course/trend", with(&half, json!({"dataTimeType": "month"}))).await;
    let points = trend.as_array().unwrap();
    assert!(points.len() >= 6);
    for point in points {
        let start = day_start_ms(calendar::parse_day(point["period"].as_str().unwrap()).unwrap());
        let end = day_start_ms(calendar::next_month(calendar::day_of_ms(start)));
        let rows: Vec<_> = r.attendance.iter().filter(|a| a.3 == 1 && a.9 >= start.max(half_from) && a.9 < end.min(half_to)).collect();
        let att = rows.iter().filter(|a| attended(a.7)).count();
        assert_eq!(
            point,
            &json!({"period": point["period"], "lessonCount": distinct(rows.iter().map(|a| a.0)), "attendedCount": att,
                    "studentCount": distinct(rows.iter().map(|a| a.1)), "attendanceRate": rate(att, rows.len())})
        );
    }
}

async fn each_role_sees_its_own_records(app: &TestApp) {
    let r = with_records(app).await;
    let (search, from, to) = last_days(364);
    let in_range = |t: i64| t >= from && t < to;
    let teacher_id = app.user_id(TEACHER).await;
    let consultant_id = app.user_id(CONSULTANT).await;
    // (who, which attendance and refund rows they see: (teacher, school, area, student))
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
        let att = |vip: bool| r.attendance.iter().filter(move |a| (a.3 == 1) == vip && in_range(a.9)).filter(|a| sees(a.4, a.5, &a.6, a.1)).collect::<Vec<_>>();
        let (class_rows, vip_rows) = (att(false), att(true));
        assert!(!class_rows.is_empty(), "{email} sees some class lessons");
        let refunds = r.refunds.iter().filter(|f| f.1 != 1 && in_range(f.5) && sees(f.2, f.3, &f.4, f.0)).count();
        assert_eq!(client.post_data("/api/attendance/detail/class", search.clone()).await["total"].as_u64(), Some(class_rows.len() as u64), "{email}");
        assert_eq!(client.post_data("/api/attendance/detail/vip", search.clone()).await["total"].as_u64(), Some(vip_rows.len() as u64), "{email}");
        assert_eq!(client.post_data("/api/refund/detail/class", search.clone()).await["total"].as_u64(), Some(refunds as u64), "{email}");
        assert_eq!(
            client.post_data("/api/databoard/class/overview", search.clone()).await["studentCount"].as_u64(),
            Some(distinct(class_rows.iter().map(|a| a.1)) as u64),
            "{email}"
        );
        assert_eq!(
            client.post_data("/api/databoard/vip/overview", search.clone()).await["lessonCount"].as_u64(),
            Some(distinct(vip_rows.iter().map(|a| a.0)) as u64),
            "{email}"
        );
    }
    // A school outside the caller's scope is refused; their own is answered.
    for email in [PRINCIPAL, TEACHER, AREA_MANAGER] {
        let client = app.login(email).await;
        let (status, body) = client.post("/api/attendance/detail/class", with(&search, json!({"schoolId": 1002}))).await;
        assert_eq!((status, body["code"].as_str()), (403, Some("A0300")), "{email}: {body}");
        let (status, _) = client.post("/api/attendance/detail/class", with(&search, json!({"schoolId": 1001}))).await;
        assert_eq!(status, 200, "{email}");
        let (status, _) = client.get("/api/school/areaListBySchoolId?schoolId=2001").await;
        assert_eq!(status, 403, "{email}");
    }
    // Area managers pick among their own areas only.
    let areas = app.login(AREA_MANAGER).await.data("/api/school/areaListBySchoolId?schoolId=-1").await;
    assert_eq!(areas.as_array().unwrap().iter().map(|a| a["areaCode"].as_str().unwrap()).collect::<Vec<_>>(), vec!["A100101"]);
    let areas = app.login(PRINCIPAL).await.data("/api/school/areaListBySchoolId?schoolId=1001").await;
    assert_eq!(areas.as_array().unwrap().len(), 2);
}

async fn wrong_searches_are_refused_by_name(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    for (body, says) in [
        (json!({"schoolIds": [1]}), "schoolIds"),
        (json!({"subjects": ["数学"]}), "subjects[0]"),
        (json!({"pageNo": "2"}), "pageNo"),
        (json!({"beginTimeStart": "2026-05-02", "beginTimeEnd": "2026-05-01"}), "beginTimeStart"),
        (json!({"beginTimeStart": "2026-02-30", "beginTimeEnd": "2026-03-01"}), "beginTimeStart"),
        (json!({"pageSize": 5000}), "pageSize"),
        (json!({"gradeCodes": [99]}), "gradeCodes"),
        (json!({"sortInfo": {"field": "password", "asc": true}}), "sortInfo.field"),
        (json!({"fiscalYear": 2026, "quarterCode": 7}), "quarterCode"),
        (json!({"dataTimeType": "hour"}), "dataTimeType"),
    ] {
        let (status, reply) = admin.post("/api/attendance/detail/class", body.clone()).await;
        assert_eq!((status, reply["code"].as_str()), (400, Some("A0400")), "{body}");
        assert!(reply["msg"].as_str().unwrap().contains(says), "{body}: {reply}");
    }
    // A fiscal period stands in for dates; the defaults need no body at all.
    assert_eq!(admin.post("/api/databoard/class/overview", json!({"fiscalYear": 2026, "quarterCode": 2})).await.0, 200);
    let (status, body) = admin.post_raw("/api/databoard/vip/overview", "application/json", Vec::new()).await;
    assert_eq!((status, body["code"].as_str()), (200, Some("1")));
    // The dictionaries answer.
    let prepare = admin.data("/api/dict/prepare").await;
    assert_eq!(prepare["subjects"].as_array().unwrap().len(), 10);
    assert_eq!(prepare["productTypes"][0]["code"], "ZJK");
    assert_eq!(admin.data("/api/dict/jw/grade").await.as_array().unwrap().len(), 12);
    assert_eq!(admin.data("/api/dict/productGroup").await.as_array().unwrap().len(), 4);
    assert_eq!(admin.data("/api/dict/jw/product/levels").await.as_array().unwrap().len(), 4);
    // Without a session nothing is answered.
    let (status, body) = app.client().post("/api/databoard/class/overview", json!({})).await;
    assert_eq!((status, body["code"].as_str()), (401, Some("A0201")));
}

async fn exports_write_what_the_report_shows(app: &TestApp) {
    with_records(app).await;
    let principal = app.login(PRINCIPAL).await;
    let (search, _, _) = last_days(30);
    let search = with(&search, json!({"pageSize": 1000, "columns": ["studentCode", "classTimeDesc", "teacher", "attendanceStatusDesc"]}));
    let shown = principal.post_data("/api/attendance/detail/class", search.clone()).await;
    let shown = shown["records"].as_array().unwrap();
    assert!(!shown.is_empty());
    let mut socket = principal.socket(None).await;
    socket.expect_connected().await;
    let rows = exported_rows(&principal, &mut socket, "attendanceClass", "班课出勤", search.clone()).await;
    assert_eq!(rows[0], vec!["学员编号", "上课时间", "老师", "出勤状态"]);
    assert_eq!(rows.len() - 1, shown.len(), "one row per record the principal sees");
    assert_eq!(column(&rows, 0), shown.iter().map(|r| r["studentCode"].as_str().unwrap()).collect::<Vec<_>>());
    assert_eq!(column(&rows, 2), shown.iter().map(|r| r["teacher"].as_str().unwrap()).collect::<Vec<_>>());
    // A column the report has not is refused by name, and nothing is queued.
    let (status, body) = principal
        .post("/api/producer_api/submitExcelTask", json!({"excelType": "attendanceClass", "businessName": "x", "reqParams": {"columns": ["salary"]}}))
        .await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")));
    assert!(body["msg"].as_str().unwrap().contains("salary"));

    // Over 100,000 rows nothing is queued, with the spec's warning.
    let student: i64 = sqlx::query_scalar("SELECT MIN(id) FROM students WHERE school_id = 1001").fetch_one(app.state.db.pool()).await.unwrap();
    let teacher = app.user_id(TEACHER).await;
    let now = storage::now_ms() - DAY_MS;
    let values = format!("SELECT {student}, 3, {teacher}, 1001, 'A100101', 54, 10, 'ZJK', 1, 1, {now}, 100, 1, 6, '批量', '批量', {now}, 1");
    let insert = match app.state.db.backend() {
        storage::Backend::Sqlite => format!("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100001) INSERT INTO refunds (student_id, class_type, teacher_id, school_id, area_code, subject, grade_code, product_type, product_group, manage_project, refunded_at, amount, lesson_total, reason_type, reason, reason_detail, class_start_at, leave_lesson_no) {values} FROM n"),
        storage::Backend::Postgres => format!("INSERT INTO refunds (student_id, class_type, teacher_id, school_id, area_code, subject, grade_code, product_type, product_group, manage_project, refunded_at, amount, lesson_total, reason_type, reason, reason_detail, class_start_at, leave_lesson_no) {values} FROM generate_series(1, 100001)"),
    };
    sqlx::query(&insert).execute(app.state.db.pool()).await.unwrap();
    let (week, _, _) = last_days(7);
    let (status, body) =
        principal.post("/api/producer_api/submitExcelTask", json!({"excelType": "refundClass", "businessName": "退费", "reqParams": week})).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("导出数据超过10万条，请调整筛选条件后重新导出")));
    // The limit counts what the caller sees: another teacher sees none of those refunds.
    let (status, _) = app
        .login(TEACHER2)
        .await
        .post("/api/producer_api/submitExcelTask", json!({"excelType": "refundClass", "businessName": "退费", "reqParams": week}))
        .await;
    assert_eq!(status, 200);
}

async fn imports_store_good_rows_and_list_bad_ones(app: &TestApp) {
    with_records(app).await;
    let pool = app.state.db.pool();
    // A class of the group's first school with its last lesson and two of its students.
    let (class_id, class_code): (i64, String) =
        sqlx::query_as("SELECT id, code FROM classes WHERE class_type = 3 AND school_id = 1001 AND code <> '' ORDER BY id LIMIT 1")
            .fetch_one(pool)
            .await
            .unwrap();
    let last: i64 = sqlx::query_scalar("SELECT MAX(lesson_no) FROM lessons WHERE class_id = $1").bind(class_id).fetch_one(pool).await.unwrap();
    let students: Vec<String> =
        sqlx::query_scalar("SELECT s.code FROM class_students m JOIN students s ON s.id = m.student_id WHERE m.class_id = $1 ORDER BY s.code LIMIT 2")
            .bind(class_id)
            .fetch_all(pool)
            .await
            .unwrap();
    let (vip_class, vip_student): (String, String) = sqlx::query_as(
        "SELECT c.code, s.code FROM classes c JOIN lesson_packages p ON p.student_id = (SELECT student_id FROM attendance WHERE class_id = c.id LIMIT 1) \
         JOIN students s ON s.id = p.student_id WHERE c.class_type = 1 AND c.code <> '' ORDER BY c.id LIMIT 1",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    let yesterday = format_day(calendar::today() - Duration::days(1));
    let admin = app.login(ADMIN).await;
    let day = json!({"beginTimeStart": yesterday, "beginTimeEnd": yesterday});
    let before = admin.post_data("/api/databoard/class/overview", day.clone()).await;
    // An open board hears of stored records at once (a signal: not stored, not acknowledged).
    let principal = app.login(PRINCIPAL).await;
    let mut board = principal.socket(None).await;
    board.expect_connected().await;
    let import = |kind: &str, csv: String| {
        let admin = &admin;
        let path = format!("/api/admin/records/import/{kind}");
        async move { admin.post_raw(&path, "text/csv", csv.into_bytes()).await }
    };

    // Lessons: two good, four bad.
    let csv = format!(
        "class_code,lesson_no,start,minutes,title\n\
         {class_code},{a},{yesterday} 10:00,90,导入的第一讲\n\
         NOPE,1,{yesterday} 10:00,90,\n\
         {class_code},{last},{yesterday} 10:00,90,\n\
         {class_code},{b},{yesterday} 25:00,90,\n\
         {class_code},{b},{yesterday} 14:00,0,\n\
         {class_code},{b},{yesterday} 14:00,120,\n",
        a = last + 1,
        b = last + 2
    );
    let (status, result) = import("lessons", csv).await;
    assert_eq!(status, 200, "{result}");
    let result = &result["data"];
    assert_eq!((result["total"].as_i64(), result["stored"].as_i64()), (Some(6), Some(2)), "{result}");
    let lines: Vec<i64> = result["errors"].as_array().unwrap().iter().map(|e| e["line"].as_i64().unwrap()).collect();
    assert_eq!(lines, vec![3, 4, 5, 6]);
    let signal = board.next_push(std::time::Duration::from_secs(1)).await.expect("the open board hears within a second");
    assert_eq!((signal.type_code, signal.id.as_str()), (protocol::push::TypeCode::RecordsChanged, ""));
    assert_eq!(signal.decode_content().unwrap().value, Some(json!({"kinds": ["lessons"]})));
    for (error, says) in result["errors"].as_array().unwrap().iter().zip(["班级不存在", "课节已存在", "start", "minutes"]) {
        assert!(error["reason"].as_str().unwrap().contains(says), "{error}");
    }

    // Attendance at the first new lesson: two good rows, four bad.
    let (s1, s2) = (&students[0], &students[1]);
    let csv = format!(
        "class_code,lesson_no,student_code,status,clock_in\n\
         {class_code},{a},{s1},出勤,09:55\n\
         {class_code},{a},{s2},4,\n\
         {class_code},{a},NOBODY,1,\n\
         {class_code},{a},{s1},1,\n\
         {class_code},{a},{s2},缺勤,09:50\n\
         {vip_class},1,{vip_student},1,\n",
        a = last + 1
    );
    let (_, result) = import("attendance", csv).await;
    let result = &result["data"];
    assert_eq!(result["stored"].as_i64(), Some(2), "{result}");
    let reasons: Vec<&str> = result["errors"].as_array().unwrap().iter().map(|e| e["reason"].as_str().unwrap()).collect();
    assert!(
        reasons[0].contains("学员不存在") && reasons[1].contains("已存在") && reasons[2].contains("打卡") && reasons[3].contains("package_code"),
        "{reasons:?}"
    );

    // The reports count what was stored, and nothing of the refused rows.
    let after = admin.post_data("/api/databoard/class/overview", day.clone()).await;
    assert_eq!(after["lessonCount"].as_i64().unwrap(), before["lessonCount"].as_i64().unwrap() + 1);
    assert_eq!(after["expectedCount"].as_i64().unwrap(), before["expectedCount"].as_i64().unwrap() + 2);
    assert_eq!(after["attendedCount"].as_i64().unwrap(), before["attendedCount"].as_i64().unwrap() + 1);
    assert_eq!(after["leaveCount"].as_i64().unwrap(), before["leaveCount"].as_i64().unwrap() + 1);
    let rows = admin.post_data("/api/attendance/detail/class", with(&day, json!({"studentNoAndName": s1}))).await;
    let imported: Vec<&Value> = rows["records"].as_array().unwrap().iter().filter(|r| r["classCode"] == class_code.as_str()).collect();
    assert_eq!(imported.len(), 1);
    assert_eq!(imported[0]["attendanceStatusDesc"], "出勤");
    assert_eq!(imported[0]["classTimeDesc"], format!("{yesterday} 10:00–11:30"));

    // Refunds: one good, one naming both a class and a package.
    let csv = format!(
        "student_code,class_code,package_code,refunded_at,amount,lesson_total,reason_type\n\
         {s1},{class_code},,{yesterday} 16:30,300.5,2,4\n\
         {s1},{class_code},X,{yesterday},1,1,1\n"
    );
    let (_, result) = import("refunds", csv).await;
    assert_eq!((result["data"]["stored"].as_i64(), result["data"]["errors"][0]["line"].as_i64()), (Some(1), Some(3)), "{result}");
    let after_refund = admin.post_data("/api/databoard/class/overview", day.clone()).await;
    assert_eq!(after_refund["refundCount"].as_i64().unwrap(), before["refundCount"].as_i64().unwrap() + 1);
    assert!((after_refund["refundAmount"].as_f64().unwrap() - before["refundAmount"].as_f64().unwrap() - 300.5).abs() < 1e-6);

    // A header that does not fit is refused whole; a teacher may not import.
    let (status, body) = import("refunds", "student_code,refunded_at,amount,lesson_total,reason_type,salary\nX,2026-01-01,1,1,1,9\n".into()).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")));
    assert!(body["msg"].as_str().unwrap().contains("salary"));
    let (status, _) = import("grades", "a\n".into()).await;
    assert_eq!(status, 400);
    // One signal per import that stored rows (attendance, refunds), none for the refused files;
    // signals never enter the push log.
    for kind in ["attendance", "refunds"] {
        let signal = board.next_push(std::time::Duration::from_secs(1)).await.expect("a signal per stored import");
        assert_eq!(signal.decode_content().unwrap().value, Some(json!({"kinds": [kind]})));
    }
    board.expect_silence(std::time::Duration::from_millis(300)).await;
    let logged: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM push_log WHERE type_code = 'records_changed'").fetch_one(pool).await.unwrap();
    assert_eq!(logged, 0);
    let (status, _) = app.login(TEACHER).await.post_raw("/api/admin/records/import/lessons", "text/csv", b"class_code\n".to_vec()).await;
    assert_eq!(status, 403);
    assert_eq!(admin.post_data("/api/databoard/class/overview", day).await, after_refund, "nothing changed");
}
