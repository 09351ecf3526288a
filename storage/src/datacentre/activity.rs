//! The generator's teacher activity around a school's lessons: each held lesson's preparation,
//! the feedback reports of the students present, and the staff's days on the platform. Each
//! teacher has their own diligence, rising through the year, so that the lesson-preparation,
//! usage and feedback reports vary between teachers and over time.

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sqlx::{Any, Transaction};

use super::calendar::{day_of_ms, day_start_ms, DAY_MS};
use super::prep::NewPrep;
use super::records::{insert_rows, NewAttendance, NewClass, NewLesson};
use crate::reports::Bind;
use crate::Result;

/// A generated feedback report (see the `feedback_reports` table).
#[derive(Debug, Clone)]
pub struct NewReport {
    pub lesson_id: i64,
    pub student_id: i64,
    pub teacher_id: i64,
    pub status: i64,
    pub expire_at: i64,
    pub created_at: i64,
    pub confirmed_at: Option<i64>,
    pub submitted_at: Option<i64>,
    pub exported_at: Option<i64>,
    pub opened_at: Option<i64>,
}

/// A staff member's day on the platform.
#[derive(Debug, Clone)]
pub struct NewDay {
    pub teacher_id: i64,
    pub day: i64,
    pub school_id: i64,
    pub area_code: String,
    pub logged_in: bool,
    pub collections: i64,
    pub ar_uses: i64,
}

/// The activity of one school's year.
#[derive(Default)]
pub struct Activity {
    pub preps: Vec<NewPrep>,
    pub reports: Vec<NewReport>,
    pub days: Vec<NewDay>,
}

/// How diligent each teacher is (0.2–0.95), from the seed.
fn diligence(seed: u64, teacher: i64) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (teacher as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
    0.2 + 0.75 * rng.random::<f64>()
}

/// A school's activity: `staff` are (user id, school, area) of its teachers; the year runs over
/// `[start_ms, until_ms)`.
pub fn of_school(
    seed: u64,
    school_id: i64,
    staff: &[(i64, String)],
    classes: &[NewClass],
    lessons: &[NewLesson],
    attendance: &[NewAttendance],
    (start_ms, until_ms): (i64, i64),
) -> Activity {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (school_id as u64).wrapping_mul(0x94D0_49BB_1331_11EB));
    let span = (until_ms - start_ms).max(1) as f64;
    // Each teacher's diligence, drawn once (lessons and attendance rows ask for it by the million).
    let mut teachers: HashMap<i64, f64> = HashMap::new();
    for id in lessons.iter().map(|l| l.teacher_id).chain(attendance.iter().map(|a| a.teacher_id)).chain(staff.iter().map(|s| s.0)) {
        teachers.entry(id).or_insert_with(|| diligence(seed, id));
    }
    // Teachers grow more diligent through the year (up to +15 points).
    let care = |teacher: i64, at: i64| (teachers[&teacher] + 0.15 * (at - start_ms) as f64 / span).min(0.98);
    let classes: HashMap<i64, &NewClass> = classes.iter().map(|c| (c.id, c)).collect();
    let mut out = Activity::default();
    for lesson in lessons.iter().filter(|l| l.status == 1) {
        let Some(class) = classes.get(&lesson.class_id) else { continue };
        let p = care(lesson.teacher_id, lesson.start_at);
        let bound = if rng.random::<f64>() < p { rng.random_range(1..=4) } else { 0 };
        let published = if bound > 0 && rng.random::<f64>() < 0.8 { rng.random_range(1..=bound) } else { 0 };
        let recycled = if published > 0 && rng.random::<f64>() < p { rng.random_range(1..=published) } else { 0 };
        let class_size = if class.class_type == 1 { 1 } else { rng.random_range(3..=20) };
        let collections = if recycled > 0 { rng.random_range(1..=class_size) * recycled } else { 0 };
        let cause = if collections == 0 && rng.random::<f64>() < 0.7 { rng.random_range(1..=4) } else { 0 };
        out.preps.push(NewPrep {
            lesson_id: lesson.id,
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
            start_at: lesson.start_at,
            minutes: (lesson.end_at - lesson.start_at) / 60_000,
            bound_resources: bound,
            published_resources: published,
            recycled_resources: recycled,
            recycle_collections: collections,
            no_recycle_cause: cause,
        });
    }
    let present = [protocol::dictionary::ATTEND_PRESENT, protocol::dictionary::ATTEND_LATE];
    for a in attendance.iter().filter(|a| present.contains(&a.status)) {
        let p = care(a.teacher_id, a.start_at);
        if rng.random::<f64>() >= 0.3 + 0.7 * p {
            continue;
        }
        let end = a.start_at + a.minutes * 60_000;
        // Most within a day; the less diligent later.
        let delay = if rng.random::<f64>() < p { rng.random_range(10..24 * 60) } else { rng.random_range(10..96 * 60) } * 60_000;
        let created_at = end + delay;
        if created_at >= until_ms {
            continue;
        }
        let sent = rng.random::<f64>() < 0.5 + 0.45 * p;
        let confirmed_at = sent.then(|| created_at + rng.random_range(10..600) * 60_000);
        let submitted_at = confirmed_at.map(|at| at + rng.random_range(1..120) * 60_000);
        let exported_at = (rng.random::<f64>() < 0.6 * p + 0.1).then(|| created_at + rng.random_range(30..900) * 60_000);
        let opened_at = submitted_at.filter(|_| rng.random::<f64>() < 0.75).map(|at| at + rng.random_range(5..2 * 24 * 60) * 60_000);
        out.reports.push(NewReport {
            lesson_id: a.lesson_id,
            student_id: a.student_id,
            teacher_id: a.teacher_id,
            status: if sent { 2 } else { 0 },
            expire_at: end + crate::feedback::EXPIRE_AFTER_LESSON_MS,
            created_at,
            confirmed_at,
            submitted_at,
            exported_at,
            opened_at: opened_at.filter(|at| *at < until_ms),
        });
    }
    let first = day_of_ms(start_ms);
    let days = (until_ms - start_ms) / DAY_MS;
    for (teacher, area) in staff {
        let p = teachers[teacher];
        for n in 0..days {
            let day = first + time::Duration::days(n);
            let weekend = matches!(day.weekday(), time::Weekday::Saturday | time::Weekday::Sunday);
            let on = rng.random::<f64>() < if weekend { 0.35 * p } else { 0.4 + 0.55 * p };
            if !on {
                continue;
            }
            out.days.push(NewDay {
                teacher_id: *teacher,
                day: day_start_ms(day),
                school_id,
                area_code: area.clone(),
                logged_in: true,
                collections: if rng.random::<f64>() < p { rng.random_range(0..=5) } else { 0 },
                ar_uses: if rng.random::<f64>() < 0.4 * p { rng.random_range(1..=3) } else { 0 },
            });
        }
    }
    out
}

pub async fn insert_reports(tx: &mut Transaction<'_, Any>, reports: &[NewReport]) -> Result<()> {
    let int = Bind::Int;
    insert_rows(
        tx,
        "feedback_reports",
        &[
            "lesson_id",
            "student_id",
            "teacher_id",
            "status",
            "expire_at",
            "sync_count",
            "created_at",
            "updated_at",
            "confirmed_at",
            "submitted_at",
            "exported_at",
            "opened_at",
        ],
        reports.iter().map(|r| {
            vec![
                int(r.lesson_id),
                int(r.student_id),
                int(r.teacher_id),
                int(r.status),
                int(r.expire_at),
                int(0),
                int(r.created_at),
                int(r.submitted_at.unwrap_or(r.created_at)),
                Bind::OptInt(r.confirmed_at),
                Bind::OptInt(r.submitted_at),
                Bind::OptInt(r.exported_at),
                Bind::OptInt(r.opened_at),
            ]
        }),
    )
    .await
}

pub async fn insert_days(tx: &mut Transaction<'_, Any>, days: &[NewDay]) -> Result<()> {
    let int = Bind::Int;
    insert_rows(
        tx,
        "teacher_days",
        &["teacher_id", "day", "school_id", "area_code", "logged_in", "collections", "ar_uses"],
        days.iter().map(|d| {
            vec![
                int(d.teacher_id),
                int(d.day),
                int(d.school_id),
                Bind::Text(d.area_code.clone()),
                int(i64::from(d.logged_in)),
                int(d.collections),
                int(d.ar_uses),
            ]
        }),
    )
    .await
}
