//! The deterministic record generator behind `eduhub seed-demo --scale small|large`: the same
//! seed and the same `until` day give the same records. It writes a year of a school group's
//! teaching up to (not including) `until`: staff with their tenure, students, classes per
//! fiscal quarter with weekly lessons and attendance, one-on-one packages consumed lesson by
//! lesson, renewals, refunds. Seasons, growth and anomalies make the reports vary:
//!
//! - more classes in the summer (Q1) and winter (Q3) quarters, and more each quarter (growth);
//! - each school has its own attendance quality;
//! - the first area of the second school has two weeks of poor attendance;
//! - the third school has a month of refunds over teaching quality.
//!
//! Records go through [`super::records`], as imported ones do.

use std::collections::HashMap;

use protocol::constants::role;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use time::{Date, Duration};

use super::calendar::{self, day_start_ms, DAY_MS};
use super::records::{self, NewAttendance, NewClass, NewLesson, NewMember, NewPackage, NewRefund, NewStaff, NewStudent};
use crate::{accounts, orgs, Db, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// A few schools, hundreds of students: the demo and the tests.
    Small,
    /// A school group's year: 20 schools, 2,000 teachers, 50,000 students.
    Large,
}

impl std::str::FromStr for Scale {
    type Err = String;
    fn from_str(s: &str) -> std::result::Result<Scale, String> {
        match s {
            "small" => Ok(Scale::Small),
            "large" => Ok(Scale::Large),
            other => Err(format!("unknown scale {other} (small or large)")),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Options {
    pub scale: Scale,
    pub seed: u64,
    /// Records end the day before this day (China time).
    pub until: Date,
}

/// What was written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub schools: usize,
    pub staff: usize,
    pub students: usize,
    pub classes: usize,
    pub lessons: usize,
    pub attendance: usize,
    pub packages: usize,
    pub refunds: usize,
    pub punches: usize,
    pub reviews: usize,
    pub preps: usize,
    pub reports: usize,
    pub usage_days: usize,
    pub trials: usize,
    pub first_steps: usize,
    pub training_exams: usize,
    pub training_results: usize,
    pub online_classes: usize,
    pub online_attendance: usize,
    pub exam_scores: usize,
}

struct Sizes {
    schools: usize,
    areas_per_school: usize,
    teachers_per_school: usize,
    consultants_per_school: usize,
    managers_per_school: usize,
    /// Online tutors (auxiliary teachers of the online classes).
    tutors_per_school: usize,
    students_per_school: usize,
    class_size: usize,
}

impl Scale {
    fn sizes(self) -> Sizes {
        match self {
            Scale::Small => Sizes {
                schools: 4,
                areas_per_school: 2,
                teachers_per_school: 6,
                consultants_per_school: 1,
                managers_per_school: 1,
                tutors_per_school: 2,
                students_per_school: 100,
                class_size: 12,
            },
            Scale::Large => Sizes {
                schools: 20,
                areas_per_school: 5,
                teachers_per_school: 100,
                consultants_per_school: 10,
                managers_per_school: 10,
                tutors_per_school: 12,
                students_per_school: 2_500,
                class_size: 16,
            },
        }
    }
}

/// The days covered: the 364 days before `until`.
pub const WINDOW_DAYS: i64 = 364;
/// How far after `until` the lessons of ongoing classes are scheduled (status 0, no records).
pub const SCHEDULED_DAYS: i64 = 21;
/// Grades of the class side (junior and senior high).
const CLASS_GRADES: [i64; 6] = [7, 8, 9, 10, 11, 12];
/// Subjects taught, with the teachers' share of each.
const SUBJECTS: [i64; 6] = [54, 53, 55, 56, 57, 58];
const SURNAMES: &[&str] = &["王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高", "林", "何", "郭", "马", "罗"];
const GIVEN: &[&str] = &[
    "伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰", "娟", "涛", "明", "超", "秀", "霞", "平", "刚", "桂", "浩", "宇", "欣", "怡",
    "晨", "轩", "然", "博",
];
const REFUND_REASONS: [(i64, &str, &str); 6] = [
    (1, "上课时间冲突", "学校课程调整，时间无法配合"),
    (2, "对教学效果不满意", "家长认为进步不明显"),
    (3, "服务沟通不及时", "课后反馈不及时"),
    (4, "搬家转学", "家庭搬迁至外地"),
    (5, "家庭经济原因", "预算调整"),
    (6, "其他原因", "个人原因"),
];

fn name(rng: &mut ChaCha8Rng) -> String {
    let surname = SURNAMES[rng.random_range(0..SURNAMES.len())];
    let given: String = (0..rng.random_range(1..=2)).map(|_| GIVEN[rng.random_range(0..GIVEN.len())]).collect();
    format!("{surname}{given}")
}

/// A school's place in the generated group.
struct School {
    id: i64,
    index: usize,
    areas: Vec<String>,
    /// (user id, subject) of its teachers.
    teachers: Vec<(i64, i64)>,
    consultants: Vec<i64>,
    managers: Vec<i64>,
    /// Online tutors.
    tutors: Vec<i64>,
    /// QC inspectors (operators) of the school.
    inspectors: Vec<i64>,
    /// (user id, area) of its teachers, for their days on the platform.
    teacher_areas: Vec<(i64, String)>,
    /// Share of expected students present (the school's attendance quality).
    quality: f64,
}

/// Ids handed out in order.
struct Ids {
    user: i64,
    student: i64,
    class: i64,
    lesson: i64,
    package: i64,
    refund: i64,
}

impl Ids {
    fn take(counter: &mut i64) -> i64 {
        *counter += 1;
        *counter - 1
    }
}

/// Generates the records (see the module). Run it once per database: a second run adds a
/// second year of records beside the first.
pub async fn generate(db: &Db, options: &Options) -> Result<Summary> {
    let sizes = options.scale.sizes();
    let mut summary = Summary::default();
    let start = options.until - Duration::days(WINDOW_DAYS);
    let now = day_start_ms(options.until);
    let mut ids = Ids {
        user: records::next_id(db, "users").await?,
        student: records::next_id(db, "students").await?,
        class: records::next_id(db, "classes").await?,
        lesson: records::next_id(db, "lessons").await?,
        package: records::next_id(db, "lesson_packages").await?,
        refund: records::next_id(db, "refunds").await?,
    };
    let schools = ensure_schools(db, sizes.schools).await?;
    summary.schools = schools.len();
    let project_groups: Vec<(i64, String)> = (1..=4).map(|i| (i, format!("项目组{}", ["一", "二", "三", "四"][i as usize - 1]))).collect();
    let existing_groups = super::dict::project_groups(db).await?;
    let mut schools_state = Vec::new();
    // Staff and students, school by school, in one transaction.
    {
        let _turn = db.write_turn().await;
        let mut tx = db.begin().await?;
        if existing_groups.is_empty() {
            records::insert_project_groups(&mut tx, &project_groups).await?;
        }
        let demo = demo_staff(db).await?;
        let demo_inspector = accounts::by_email(db, "inspector@demo.eduhub").await?.map(|u| u.id);
        for (index, school_id) in schools.iter().enumerate() {
            let mut rng = ChaCha8Rng::seed_from_u64(options.seed ^ (*school_id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let mut areas: Vec<String> = super::dict::areas(db, Some(&[*school_id])).await?.into_iter().map(|a| a.area_code).collect();
            if areas.is_empty() {
                let new: Vec<(String, i64, String)> = (1..=sizes.areas_per_school)
                    .map(|n| {
                        (format!("A{school_id}{n:02}"), *school_id, format!("{}教学点", ["中心", "东区", "西区", "南区", "北区", "新城", "高新"][(n - 1) % 7]))
                    })
                    .collect();
                records::insert_areas(&mut tx, &new).await?;
                areas = new.into_iter().map(|a| a.0).collect();
            }
            let mut staff = Vec::new();
            let mut school = School {
                id: *school_id,
                index,
                areas: areas.clone(),
                teachers: Vec::new(),
                consultants: Vec::new(),
                managers: Vec::new(),
                tutors: Vec::new(),
                inspectors: Vec::new(),
                teacher_areas: Vec::new(),
                quality: 0.80 + 0.15 * rng.random::<f64>(),
            };
            let mut existing_staff = Vec::new();
            for (user_id, staff_role, subject) in demo.iter().filter(|d| d.school == *school_id).map(|d| (d.user_id, d.role, d.subject)) {
                let record = new_staff(&mut rng, user_id, String::new(), String::new(), staff_role, &school, subject, options.until);
                existing_staff.push(record);
                match staff_role {
                    role::TEACHER => school.teachers.push((user_id, subject)),
                    role::CONSULTANT => school.consultants.push(user_id),
                    role::TUTOR_ONLINE => school.tutors.push(user_id),
                    _ => school.managers.push(user_id),
                }
            }
            for (count, staff_role, letter) in [
                (sizes.teachers_per_school, role::TEACHER, "t"),
                (sizes.consultants_per_school, role::CONSULTANT, "c"),
                (sizes.managers_per_school, role::LEARNING_MANAGER, "m"),
                (sizes.tutors_per_school, role::TUTOR_ONLINE, "o"),
                (1, role::OPERATOR, "q"),
            ] {
                for n in 0..count {
                    let id = Ids::take(&mut ids.user);
                    let subject = SUBJECTS[n % SUBJECTS.len()];
                    let person = name(&mut rng);
                    let record =
                        new_staff(&mut rng, id, format!("{letter}{school_id}{n:04}@staff.eduhub"), person, staff_role, &school, subject, options.until);
                    staff.push(record);
                    match staff_role {
                        role::TEACHER => school.teachers.push((id, subject)),
                        role::CONSULTANT => school.consultants.push(id),
                        role::OPERATOR => school.inspectors.push(id),
                        role::TUTOR_ONLINE => school.tutors.push(id),
                        _ => school.managers.push(id),
                    }
                }
            }
            if let Some(inspector) = demo_inspector.filter(|_| *school_id == 1001) {
                school.inspectors.push(inspector);
            }
            school.teacher_areas = staff.iter().chain(&existing_staff).filter(|s| s.role == role::TEACHER).map(|s| (s.id, s.area_code.clone())).collect();
            records::insert_staff(&mut tx, &staff, now).await?;
            records::insert_staff_records(&mut tx, &existing_staff).await?;
            summary.staff += staff.len() + existing_staff.len();
            let students: Vec<NewStudent> = (0..sizes.students_per_school)
                .map(|n| {
                    let id = Ids::take(&mut ids.student);
                    NewStudent {
                        id,
                        code: format!("ST{school_id}{n:05}"),
                        name: name(&mut rng),
                        grade_code: CLASS_GRADES[rng.random_range(0..CLASS_GRADES.len())],
                        school_id: *school_id,
                        area_code: areas[rng.random_range(0..areas.len())].clone(),
                        mobile: format!("139{:04}{n:04}", school_id % 10_000),
                        consultant_id: Some(school.consultants[rng.random_range(0..school.consultants.len())]),
                        learning_manager_id: Some(school.managers[rng.random_range(0..school.managers.len())]),
                        created_at: day_start_ms(start) - rng.random_range(0..365) * DAY_MS,
                    }
                })
                .collect();
            records::insert_students(&mut tx, &students).await?;
            summary.students += students.len();
            schools_state.push((school, students, rng));
        }
        records::sync_sequences(db, &mut tx).await?;
        tx.commit().await?;
    }
    // The basic training examination of the teachers in their first year.
    {
        let teachers: HashMap<i64, i64> = schools_state.iter().flat_map(|(school, _, _)| school.teachers.iter().copied()).collect();
        let staff: Vec<(i64, i64, String, i64)> = sqlx::query_as("SELECT user_id, school_id, area_code, hired_at FROM staff").fetch_all(db.pool()).await?;
        let mut trainees: Vec<super::training::Trainee> =
            staff.into_iter().filter_map(|(id, school, area, hired)| teachers.get(&id).map(|subject| (id, school, area, *subject, hired))).collect();
        trainees.sort_by_key(|t| t.0);
        let _turn = db.write_turn().await;
        let mut tx = db.begin().await?;
        (summary.training_exams, summary.training_results) =
            super::training::generate(&mut tx, options.seed, &trainees, &SUBJECTS, (day_start_ms(start), now)).await?;
        tx.commit().await?;
    }
    // Service QC: the service types (when there are none yet), then punches with each school.
    let services = crate::qc::generate::ensure_services(db, 0, now).await?;
    let mut next_trial = records::next_id(db, "trial_lessons").await?;
    let mut online_ids = super::online_generate::OnlineIds {
        class: records::next_id(db, "online_classes").await?,
        group: records::next_id(db, "online_groups").await?,
        lesson: records::next_id(db, "online_lessons").await?,
        replay: records::next_id(db, "online_replay_points").await?,
    };
    let mut next_exam = records::next_id(db, "student_exams").await?;
    // Every third teacher (every fifth on the large scale) also lectures online.
    let online_step = (sizes.teachers_per_school / 2).clamp(3, 5);
    let mut qc_ids = crate::qc::generate::QcIds { punch: records::next_id(db, "service_punches").await?, review: records::next_id(db, "qc_reviews").await? };
    // Teaching, school by school, one transaction each (a school's year of records).
    for (done, (school, students, mut rng)) in schools_state.into_iter().enumerate() {
        let mut batch = Batch::default();
        let (class_students, vip_students): (Vec<&NewStudent>, Vec<&NewStudent>) = students.iter().partition(|_| rng.random::<f64>() < 0.7);
        class_side(&mut rng, &school, &class_students, &sizes, start, options.until, &mut ids, &mut batch);
        vip_side(&mut rng, &school, &vip_students, start, options.until, &mut ids, &mut batch);
        let (punches, reviews) = match &services {
            Some(services) => {
                let qc = crate::qc::generate::SchoolQc { inspectors: &school.inspectors, students: &students, attendance: &batch.attendance, until_ms: now };
                crate::qc::generate::punches_of(&mut rng, &qc, services, &mut qc_ids)
            }
            None => (Vec::new(), Vec::new()),
        };
        let activity = super::activity::of_school(
            options.seed,
            school.id,
            &school.teacher_areas,
            &batch.classes,
            &batch.lessons,
            &batch.attendance,
            (day_start_ms(start), now),
        );
        let first = super::first_generate::of_school(
            options.seed,
            &super::first_generate::SchoolFacts {
                school_id: school.id,
                index: school.index,
                teachers: &school.teachers,
                inspectors: &school.inspectors,
                students: &students,
                packages: &batch.packages,
                attendance: &batch.attendance,
                start_ms: day_start_ms(start),
                until_ms: now,
            },
            &mut next_trial,
        );
        let main_teachers: Vec<(i64, i64)> = school.teachers.iter().copied().step_by(online_step).collect();
        let online = super::online_generate::of_school(
            options.seed,
            &super::online_generate::OnlineSchool {
                school_id: school.id,
                index: school.index,
                main_teachers: &main_teachers,
                tutors: &school.tutors,
                students: &students,
                start_ms: day_start_ms(start),
                until_ms: now,
            },
            &mut online_ids,
        );
        let _turn = db.write_turn().await;
        let mut tx = db.begin().await?;
        records::insert_classes(&mut tx, &batch.classes).await?;
        records::insert_members(&mut tx, &batch.members).await?;
        records::insert_packages(&mut tx, &batch.packages).await?;
        records::insert_lessons(&mut tx, &batch.lessons).await?;
        // The reports before their attendance rows: each new row takes its report's dates as it is
        // written (migration 0051), where reports written after would update every row again.
        super::activity::insert_reports(&mut tx, &activity.reports).await?;
        records::insert_attendance(&mut tx, &batch.attendance).await?;
        records::insert_refunds(&mut tx, &batch.refunds).await?;
        crate::qc::punches::insert(&mut tx, &punches).await?;
        crate::qc::punches::insert_reviews(&mut tx, &reviews).await?;
        super::prep::insert(&mut tx, &activity.preps).await?;
        super::activity::insert_days(&mut tx, &activity.days).await?;
        super::first_lesson::insert_trials(&mut tx, &first.trials).await?;
        super::first_lesson::insert_steps(&mut tx, &first.steps).await?;
        super::online_records::insert(&mut tx, &online).await?;
        // The students' school exams, each subject's score under the student's teacher of it.
        let subject_teachers: HashMap<(i64, i64), i64> = batch.attendance.iter().map(|a| ((a.student_id, a.subject), a.teacher_id)).collect();
        let (_, exam_scores) =
            crate::qc::exam_grades::generate(&mut tx, options.seed, &students, &subject_teachers, (day_start_ms(start), now), &mut next_exam).await?;
        summary.exam_scores += exam_scores;
        if db.backend() == crate::Backend::Postgres && (done + 1).is_power_of_two() {
            // Planner statistics while the tables grow (they doubled since the last time): with
            // those of an empty table the first-lesson refresh below scanned all attendance once
            // per package — a minute per school where autovacuum is off or has not yet run.
            // ANALYZE counts this transaction's own new rows.
            sqlx::query("ANALYZE attendance, lesson_packages, lessons").execute(&mut *tx).await?;
        }
        super::first_lesson::refresh(&mut tx, &batch.packages.iter().map(|p| p.id).collect::<Vec<_>>()).await?;
        super::first_lesson::refresh_trials(&mut tx, &first.trials.iter().map(|t| t.student_id).collect::<Vec<_>>()).await?;
        records::sync_sequences(db, &mut tx).await?;
        tx.commit().await?;
        drop(_turn);
        ensure_qc_team(db, &school).await?;
        summary.preps += activity.preps.len();
        summary.reports += activity.reports.len();
        summary.usage_days += activity.days.len();
        summary.trials += first.trials.len();
        summary.online_classes += online.classes.len();
        summary.online_attendance += online.attendance.len();
        summary.first_steps += first.steps.len();
        summary.punches += punches.len();
        summary.reviews += reviews.len();
        summary.classes += batch.classes.len();
        summary.lessons += batch.lessons.len();
        summary.attendance += batch.attendance.len();
        summary.packages += batch.packages.len();
        summary.refunds += batch.refunds.len();
    }
    // Fresh statistics for the planner after a bulk load; on PostgreSQL also the visibility map,
    // so that index-only scans (the QC statistics' covering index) need not visit the rows.
    let refresh = if db.backend() == crate::Backend::Postgres { "VACUUM ANALYZE" } else { "ANALYZE" };
    sqlx::query(refresh).execute(db.pool()).await?;
    Ok(summary)
}

#[derive(Default)]
struct Batch {
    classes: Vec<NewClass>,
    members: Vec<NewMember>,
    packages: Vec<NewPackage>,
    lessons: Vec<NewLesson>,
    attendance: Vec<NewAttendance>,
    refunds: Vec<NewRefund>,
}

#[allow(clippy::too_many_arguments)]
fn new_staff(rng: &mut ChaCha8Rng, id: i64, email: String, name: String, staff_role: &'static str, school: &School, subject: i64, until: Date) -> NewStaff {
    let teaching_days = rng.random_range(30..12 * 365);
    let company_days = rng.random_range(30..=teaching_days);
    NewStaff {
        id,
        email,
        name,
        role: staff_role,
        school_id: school.id,
        area_code: school.areas[rng.random_range(0..school.areas.len())].clone(),
        dept_name: match staff_role {
            role::TEACHER => format!("{}教研组", super::subject_name(subject)),
            role::CONSULTANT => "咨询部".into(),
            role::OPERATOR => "质检部".into(),
            role::TUTOR_ONLINE => "在线辅导部".into(),
            _ => "学管部".into(),
        },
        project_group: rng.random_range(1..=4),
        stage: 4,
        subject,
        teaching_since: day_start_ms(until) - teaching_days * DAY_MS,
        hired_at: day_start_ms(until) - company_days * DAY_MS,
    }
}

/// A QC team per school checking its teachers and learning managers, when it has none.
async fn ensure_qc_team(db: &Db, school: &School) -> Result<()> {
    let teams: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM qc_groups WHERE school_id = $1").bind(school.id).fetch_one(db.pool()).await?;
    if teams > 0 || school.inspectors.is_empty() {
        return Ok(());
    }
    let name: String = sqlx::query_scalar("SELECT name FROM schools WHERE id = $1").bind(school.id).fetch_one(db.pool()).await?;
    let members: Vec<i64> = school.teachers.iter().map(|(id, _)| *id).chain(school.managers.iter().copied()).collect();
    let team = crate::qc::groups::GroupWrite {
        id: None,
        name: &format!("{name}服务质检组"),
        school_id: school.id,
        remark: "",
        members: &members,
        inspectors: &school.inspectors,
    };
    crate::qc::groups::save(db, &team, 0).await?;
    Ok(())
}

/// A demo account that takes part in the records.
struct DemoStaff {
    user_id: i64,
    role: &'static str,
    school: i64,
    subject: i64,
}

/// The demo teachers, consultant and learning manager, when the demo accounts exist.
async fn demo_staff(db: &Db) -> Result<Vec<DemoStaff>> {
    let mut out = Vec::new();
    for (email, staff_role) in [
        ("teacher@demo.eduhub", role::TEACHER),
        ("teacher2@demo.eduhub", role::TEACHER),
        ("consultant@demo.eduhub", role::CONSULTANT),
        ("manager@demo.eduhub", role::LEARNING_MANAGER),
        ("tutor@demo.eduhub", role::TUTOR_ONLINE),
    ] {
        if let Some(user) = accounts::by_email(db, email).await? {
            let has_staff: Option<i64> = sqlx::query_scalar("SELECT user_id FROM staff WHERE user_id = $1").bind(user.id).fetch_optional(db.pool()).await?;
            if has_staff.is_none() {
                out.push(DemoStaff { user_id: user.id, role: staff_role, school: 1001, subject: 54 });
            }
        }
    }
    Ok(out)
}

/// The group's first `count` schools, creating those missing.
async fn ensure_schools(db: &Db, count: usize) -> Result<Vec<i64>> {
    let mut ids: Vec<i64> = orgs::schools(db).await?.into_iter().map(|s| s.id).filter(|id| *id > 0).collect();
    let cities = [("110000", "北京"), ("310000", "上海"), ("440000", "广州"), ("320000", "南京"), ("330000", "杭州"), ("510000", "成都"), ("120000", "天津")];
    let mut n = 0;
    while ids.len() < count {
        n += 1;
        let id = 4000 + n;
        if ids.contains(&id) {
            continue;
        }
        let (province, city) = cities[(n as usize) % cities.len()];
        orgs::insert_school(db, id, &format!("{city}第{n}分校"), province, "").await?;
        ids.push(id);
    }
    ids.truncate(count);
    Ok(ids)
}

/// The fiscal quarters meeting `[start, until)`: (index from 0, quarter 1–4, first day, end
/// within the window, the quarter's own end).
fn quarters(start: Date, until: Date) -> Vec<(usize, u8, Date, Date, Date)> {
    let mut out = Vec::new();
    let mut year = calendar::fiscal_year_of(start);
    let mut quarter = calendar::quarter_of_month(u8::from(start.month()));
    loop {
        let (from, to) = calendar::fiscal_quarter(year, quarter);
        if from >= until {
            break;
        }
        out.push((out.len(), quarter, from.max(start), to.min(until), to));
        if quarter == 4 {
            quarter = 1;
            year += 1;
        } else {
            quarter += 1;
        }
    }
    out
}

/// Attendance quality of `school` on `day` in `area` (with the anomalies of the module doc).
fn present_share(school: &School, area: &str, day: Date, start: Date) -> f64 {
    let week = (day - start).whole_weeks();
    if school.index == 1 && area == school.areas[0] && (20..22).contains(&week) {
        return 0.55;
    }
    school.quality
}

fn refund_spike(school: &School, day: Date, start: Date) -> bool {
    school.index == 2 && (day - start).whole_days() / 30 == 5
}

#[allow(clippy::too_many_arguments)]
fn class_side(rng: &mut ChaCha8Rng, school: &School, students: &[&NewStudent], sizes: &Sizes, start: Date, until: Date, ids: &mut Ids, batch: &mut Batch) {
    let mut by_grade: HashMap<i64, Vec<&NewStudent>> = HashMap::new();
    for s in students {
        by_grade.entry(s.grade_code).or_default().push(s);
    }
    for (index, quarter, from, to, quarter_end) in quarters(start, until) {
        let season = match quarter {
            1 => 1.3,
            3 => 1.2,
            4 => 0.9,
            _ => 1.0,
        };
        let growth = 1.0 + 0.08 * index as f64;
        let wanted = (students.len() as f64 * 1.4 / sizes.class_size as f64 * season * growth).round().max(1.0) as usize;
        for n in 0..wanted {
            let grade = CLASS_GRADES[n % CLASS_GRADES.len()];
            let Some(pool) = by_grade.get(&grade).filter(|p| !p.is_empty()) else { continue };
            let (teacher, subject) = school.teachers[rng.random_range(0..school.teachers.len())];
            let area = school.areas[rng.random_range(0..school.areas.len())].clone();
            let product_type = match rng.random_range(0..100) {
                0..90 => "ZJK",
                90..97 => "STK",
                _ => "GKK",
            };
            let manage_project = match rng.random_range(0..100) {
                0..80 => 1,
                80..95 => 2,
                _ => 3,
            };
            let class = NewClass {
                id: Ids::take(&mut ids.class),
                code: format!("BJ{}{:02}{:04}", school.id, index, n),
                name: format!("{}{}{}班", protocol::dictionary::grade_name(grade), super::subject_name(subject), ["培优", "精品", "尖子", "冲刺"][n % 4]),
                teacher_id: teacher,
                school_id: school.id,
                area_code: area.clone(),
                stage: if grade >= 10 { 4 } else { 3 },
                subject,
                class_type: if n % 5 == 0 { 2 } else { 3 },
                grade_code: grade,
                product_type: product_type.into(),
                product_group: (n % 4) as i64 + 1,
                manage_project,
                created_at: day_start_ms(from) - 14 * DAY_MS,
            };
            // Weekly lessons on one weekday and hour.
            let first = from + Duration::days(rng.random_range(0..7));
            let hour = [9, 14, 16, 19][rng.random_range(0..4)];
            let minutes = if rng.random::<f64>() < 0.6 { 120 } else { 90 };
            let fee = rng.random_range(150..=250) * 100;
            let mut lessons = Vec::new();
            let class_id = class.id;
            // The class's next weekly lesson on `day`.
            let weekly = |lessons: &Vec<NewLesson>, ids: &mut Ids, day: Date, status: i64| {
                let start_at = day_start_ms(day) + hour * 3_600_000;
                NewLesson {
                    id: Ids::take(&mut ids.lesson),
                    class_id,
                    teacher_id: teacher,
                    title: format!("第{}讲", lessons.len() + 1),
                    start_at,
                    end_at: start_at + minutes * 60_000,
                    status,
                    lesson_no: lessons.len() as i64 + 1,
                }
            };
            let mut day = first;
            while day < to {
                lessons.push(weekly(&lessons, ids, day, 1));
                day += Duration::weeks(1);
            }
            if lessons.is_empty() {
                ids.class -= 1;
                continue;
            }
            let size = (sizes.class_size as i64 + rng.random_range(-4..=4)).clamp(3, pool.len() as i64) as usize;
            let offset = rng.random_range(0..pool.len());
            for k in 0..size {
                let student = pool[(offset + k) % pool.len()];
                // Some join late and some leave (with a refund), in classes long enough for it.
                let long = lessons.len() > 6;
                let join_at = if long && rng.random::<f64>() < 0.1 { rng.random_range(1..=3) } else { 0 };
                let spike = refund_spike(school, day_of(lessons[lessons.len() / 2].start_at), start);
                let leave_at =
                    if long && rng.random::<f64>() < if spike { 0.3 } else { 0.06 } { Some(rng.random_range(join_at + 2..lessons.len())) } else { None };
                let joined_at = if join_at == 0 { class.created_at } else { lessons[join_at].start_at - DAY_MS };
                let left_at = leave_at.map(|k| lessons[k].start_at - 2 * DAY_MS);
                batch.members.push(NewMember { class_id: class.id, student_id: student.id, joined_at, left_at });
                let attended_until = leave_at.unwrap_or(lessons.len());
                for lesson in &lessons[join_at..attended_until] {
                    let share = present_share(school, &class.area_code, day_of(lesson.start_at), start);
                    batch.attendance.push(attendance(rng, &class, student, lesson, minutes, share, None));
                }
                if let Some(k) = leave_at {
                    let remaining = lessons.len() - k;
                    let (reason_type, reason, detail) =
                        if spike && rng.random::<f64>() < 0.7 { REFUND_REASONS[1] } else { REFUND_REASONS[rng.random_range(0..6)] };
                    batch.refunds.push(NewRefund {
                        id: Ids::take(&mut ids.refund),
                        student_id: student.id,
                        class_type: class.class_type,
                        class_id: Some(class.id),
                        package_id: None,
                        teacher_id: teacher,
                        school_id: school.id,
                        area_code: class.area_code.clone(),
                        subject,
                        grade_code: class.grade_code,
                        product_type: class.product_type.clone(),
                        product_group: class.product_group,
                        manage_project: class.manage_project,
                        refunded_at: lessons[k].start_at - 2 * DAY_MS + 3_600_000 * rng.random_range(9..18),
                        amount: remaining as i64 * fee,
                        lesson_total: remaining as i64,
                        reason_type,
                        reason: reason.into(),
                        reason_detail: detail.into(),
                        class_start_at: lessons[0].start_at,
                        leave_lesson_no: k as i64 + 1,
                    });
                }
            }
            // The quarter goes on after the records end: its next lessons are scheduled.
            let scheduled_until = quarter_end.min(until + Duration::days(SCHEDULED_DAYS));
            while day < scheduled_until {
                lessons.push(weekly(&lessons, ids, day, 0));
                day += Duration::weeks(1);
            }
            batch.lessons.extend(lessons);
            batch.classes.push(class);
        }
    }
}

fn day_of(ms: i64) -> Date {
    calendar::day_of_ms(ms)
}

fn attendance(
    rng: &mut ChaCha8Rng,
    class: &NewClass,
    student: &NewStudent,
    lesson: &NewLesson,
    minutes: i64,
    present: f64,
    package: Option<i64>,
) -> NewAttendance {
    let roll = rng.random::<f64>();
    let status = if roll < present * 0.94 {
        protocol::dictionary::ATTEND_PRESENT
    } else if roll < present {
        protocol::dictionary::ATTEND_LATE
    } else if roll < present + (1.0 - present) * 0.6 {
        protocol::dictionary::ATTEND_LEAVE
    } else {
        protocol::dictionary::ATTEND_ABSENT
    };
    let clock_in_at = match status {
        protocol::dictionary::ATTEND_PRESENT => Some(lesson.start_at - rng.random_range(1..=15) * 60_000),
        protocol::dictionary::ATTEND_LATE => Some(lesson.start_at + rng.random_range(1..=20) * 60_000),
        _ => None,
    };
    let leave_status = if status == protocol::dictionary::ATTEND_LEAVE {
        if rng.random::<f64>() < 0.85 {
            2
        } else {
            1
        }
    } else {
        0
    };
    NewAttendance {
        lesson_id: lesson.id,
        student_id: student.id,
        class_id: class.id,
        class_type: class.class_type,
        teacher_id: lesson.teacher_id,
        school_id: class.school_id,
        area_code: class.area_code.clone(),
        subject: class.subject,
        grade_code: class.grade_code,
        product_type: class.product_type.clone(),
        product_group: class.product_group,
        manage_project: class.manage_project,
        package_id: package,
        start_at: lesson.start_at,
        minutes,
        status,
        clock_in_at,
        leave_status,
        lesson_type: if class.product_type == "STK" {
            3
        } else if rng.random::<f64>() < 0.03 {
            2
        } else {
            1
        },
    }
}

fn vip_side(rng: &mut ChaCha8Rng, school: &School, students: &[&NewStudent], start: Date, until: Date, ids: &mut Ids, batch: &mut Batch) {
    for (n, student) in students.iter().enumerate() {
        let (teacher, subject) = school.teachers[rng.random_range(0..school.teachers.len())];
        let class = NewClass {
            id: Ids::take(&mut ids.class),
            code: format!("YD{}{:05}", school.id, n),
            name: format!("{}（一对一·{}）", student.name, super::subject_name(subject)),
            teacher_id: teacher,
            school_id: school.id,
            area_code: student.area_code.clone(),
            stage: if student.grade_code >= 10 { 4 } else { 3 },
            subject,
            class_type: 1,
            grade_code: student.grade_code,
            product_type: "ZJK".into(),
            product_group: rng.random_range(1..=4),
            manage_project: if rng.random::<f64>() < 0.7 { 1 } else { 2 },
            created_at: 0,
        };
        // The first purchase, earlier in the year more often.
        let first_day = start + Duration::days((rng.random::<f64>().powi(2) * (WINDOW_DAYS as f64 - 14.0)) as i64);
        let mut bought = first_day;
        let per_week = if rng.random::<f64>() < 0.4 { 2 } else { 1 };
        let minutes = [60, 90, 120][rng.random_range(0..3)];
        let pauses_after = (rng.random::<f64>() < 0.12).then(|| rng.random_range(4..20));
        // Some leave with a refund, a few right after their first or second lesson (the
        // first-lesson statistics' failures).
        let refunds_after = match rng.random::<f64>() {
            d if d < 0.04 => Some(1),
            d if d < 0.07 => Some(2),
            d if d < 0.13 => Some(rng.random_range(3..15)),
            _ => None,
        };
        let mut lesson_no = 0;
        // When the student stopped: refunded, paused or not renewed (`None`: still taking lessons).
        let mut left_at = None;
        let mut day = bought + Duration::days(2);
        'packages: loop {
            let buy = [20, 30, 40, 60][rng.random_range(0..4)];
            let gift = rng.random_range(0..=4);
            let unit = rng.random_range(200..=400) * 100;
            let package = NewPackage {
                id: Ids::take(&mut ids.package),
                code: format!("KB{}{:05}{:02}", school.id, n, batch.packages.len() % 100),
                name: format!("{}一对一{}课时包", super::subject_name(subject), buy),
                student_id: student.id,
                school_id: school.id,
                area_code: student.area_code.clone(),
                subject,
                teacher_id: teacher,
                grade_code: student.grade_code,
                product_type: class.product_type.clone(),
                product_group: class.product_group,
                manage_project: class.manage_project,
                buy_count: buy,
                gift_lesson_num: gift,
                price: buy * unit,
                bought_at: day_start_ms(bought) + 3_600_000 * rng.random_range(9..20),
            };
            let total = buy + gift;
            let mut consumed = 0;
            batch.packages.push(package.clone());
            while day < until {
                let start_at = day_start_ms(day) + 3_600_000 * [10, 15, 18][lesson_no % 3];
                lesson_no += 1;
                let lesson = NewLesson {
                    id: Ids::take(&mut ids.lesson),
                    class_id: class.id,
                    teacher_id: teacher,
                    title: format!("一对一第{lesson_no}次课"),
                    start_at,
                    end_at: start_at + minutes * 60_000,
                    status: 1,
                    lesson_no: lesson_no as i64,
                };
                let row = attendance(rng, &class, student, &lesson, minutes, (school.quality + 0.08).min(0.98), Some(package.id));
                if matches!(row.status, 1 | 2) {
                    consumed += 1;
                }
                batch.attendance.push(row);
                batch.lessons.push(lesson);
                day += Duration::days(if per_week == 2 { [3, 4][lesson_no % 2] } else { 7 });
                if Some(lesson_no) == pauses_after {
                    left_at = Some(start_at + DAY_MS);
                    break 'packages;
                }
                if Some(lesson_no) == refunds_after {
                    let left = total - consumed;
                    let (reason_type, reason, detail) = REFUND_REASONS[rng.random_range(0..6)];
                    batch.refunds.push(NewRefund {
                        id: Ids::take(&mut ids.refund),
                        student_id: student.id,
                        class_type: 1,
                        class_id: Some(class.id),
                        package_id: Some(package.id),
                        teacher_id: teacher,
                        school_id: school.id,
                        area_code: package.area_code.clone(),
                        subject,
                        grade_code: student.grade_code,
                        product_type: package.product_type.clone(),
                        product_group: package.product_group,
                        manage_project: package.manage_project,
                        refunded_at: start_at + DAY_MS,
                        amount: left.min(buy) * unit,
                        lesson_total: left,
                        reason_type,
                        reason: reason.into(),
                        reason_detail: detail.into(),
                        class_start_at: day_start_ms(first_day + Duration::days(2)),
                        leave_lesson_no: lesson_no as i64 + 1,
                    });
                    left_at = Some(start_at + DAY_MS);
                    break 'packages;
                }
                if consumed == total {
                    // Renew six times in ten.
                    if rng.random::<f64>() < 0.6 {
                        bought = day - Duration::days(1);
                        continue 'packages;
                    }
                    left_at = Some(start_at + DAY_MS);
                    break 'packages;
                }
            }
            // Still taking lessons when the records end: the next ones are scheduled.
            while day < until + Duration::days(SCHEDULED_DAYS) {
                let start_at = day_start_ms(day) + 3_600_000 * [10, 15, 18][lesson_no % 3];
                lesson_no += 1;
                batch.lessons.push(NewLesson {
                    id: Ids::take(&mut ids.lesson),
                    class_id: class.id,
                    teacher_id: teacher,
                    title: format!("一对一第{lesson_no}次课"),
                    start_at,
                    end_at: start_at + minutes * 60_000,
                    status: 0,
                    lesson_no: lesson_no as i64,
                });
                day += Duration::days(if per_week == 2 { [3, 4][lesson_no % 2] } else { 7 });
            }
            break;
        }
        if lesson_no > 0 {
            let mut class = class;
            class.created_at = day_start_ms(first_day);
            // The one-on-one class's one member, as long as they took lessons.
            batch.members.push(NewMember { class_id: class.id, student_id: student.id, joined_at: class.created_at, left_at });
            batch.classes.push(class);
        } else {
            ids.class -= 1;
        }
    }
}

/// The generator's live mode: one class lesson held now, with its members' attendance, for a
/// class chosen by `pick` among the generated ones (codes `BJ…`). Answers how many attendance
/// rows it wrote (0 when there is no generated class yet).
pub async fn live_lesson(db: &Db, pick: u64, now: i64) -> Result<usize> {
    let classes: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM classes WHERE code LIKE 'BJ%'").fetch_one(db.pool()).await?;
    if classes == 0 {
        return Ok(0);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(pick);
    let offset = rng.random_range(0..classes);
    #[derive(sqlx::FromRow)]
    struct Class {
        id: i64,
        teacher_id: i64,
        school_id: i64,
        area_code: String,
        subject: i64,
        class_type: i64,
        grade_code: i64,
        product_type: String,
        product_group: i64,
        manage_project: i64,
    }
    let c: Class = sqlx::query_as(
        "SELECT id, teacher_id, school_id, area_code, subject, class_type, grade_code, product_type, product_group, manage_project \
         FROM classes WHERE code LIKE 'BJ%' ORDER BY id LIMIT 1 OFFSET $1",
    )
    .bind(offset)
    .fetch_one(db.pool())
    .await?;
    let members: Vec<i64> =
        sqlx::query_scalar("SELECT student_id FROM class_students WHERE class_id = $1 AND (left_at IS NULL OR left_at > $2) ORDER BY student_id")
            .bind(c.id)
            .bind(now)
            .fetch_all(db.pool())
            .await?;
    let lesson_no: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(lesson_no), 0) + 1 FROM lessons WHERE class_id = $1").bind(c.id).fetch_one(db.pool()).await?;
    let class = NewClass {
        id: c.id,
        code: String::new(),
        name: String::new(),
        teacher_id: c.teacher_id,
        school_id: c.school_id,
        area_code: c.area_code,
        stage: 4,
        subject: c.subject,
        class_type: c.class_type,
        grade_code: c.grade_code,
        product_type: c.product_type,
        product_group: c.product_group,
        manage_project: c.manage_project,
        created_at: 0,
    };
    let minutes = 90;
    let lesson = NewLesson {
        id: records::next_id(db, "lessons").await?,
        class_id: c.id,
        teacher_id: c.teacher_id,
        title: format!("第{lesson_no}讲"),
        start_at: now,
        end_at: now + minutes * 60_000,
        status: 1,
        lesson_no,
    };
    let rows: Vec<NewAttendance> = members
        .iter()
        .map(|id| {
            let student = NewStudent {
                id: *id,
                code: String::new(),
                name: String::new(),
                grade_code: c.grade_code,
                school_id: c.school_id,
                area_code: String::new(),
                mobile: String::new(),
                consultant_id: None,
                learning_manager_id: None,
                created_at: 0,
            };
            attendance(&mut rng, &class, &student, &lesson, minutes, 0.9, None)
        })
        .collect();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    records::insert_lessons(&mut tx, std::slice::from_ref(&lesson)).await?;
    records::insert_attendance(&mut tx, &rows).await?;
    super::prep::insert_empty(&mut tx, &[lesson.id]).await?;
    records::sync_sequences(db, &mut tx).await?;
    tx.commit().await?;
    Ok(rows.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarters_cover_the_window() {
        let until = calendar::parse_day("2026-11-24").unwrap();
        let start = until - Duration::days(WINDOW_DAYS);
        let q = quarters(start, until);
        assert_eq!(q.first().map(|q| (q.1, q.2)), Some((2, start)));
        assert_eq!(q.last().map(|q| (q.1, q.3)), Some((2, until)));
        assert!(q.last().is_some_and(|q| q.4 > until), "the last quarter goes on after the window");
        assert_eq!(q.len(), 5);
    }
}
