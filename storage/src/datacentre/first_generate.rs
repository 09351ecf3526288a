//! The generator's first-lesson service around a school's year: trial lessons before many first
//! purchases (and some that led nowhere), and the service steps of each first and trial lesson
//! with their completion, quality checks and AI readings. Each executor has their own
//! diligence; the second school's consultants skip most pre-handovers (an anomaly the
//! statistics show).

use std::collections::HashMap;

use protocol::constants::role;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::calendar::DAY_MS;
use super::first_lesson::{NewStep, NewTrial};
use super::records::{NewAttendance, NewPackage, NewStudent};

const HOUR_MS: i64 = 3_600_000;
const AI_TAGS: [&str; 4] = ["未提及学习目标", "未约定下次沟通时间", "语气生硬", "未说明课程安排"];
const QC_REMARKS: [&str; 3] = ["沟通记录不完整", "未按要求填写学情", "回访内容过于简单"];

/// A school's facts the generator needs.
pub struct SchoolFacts<'a> {
    pub school_id: i64,
    pub index: usize,
    /// (user id, subject).
    pub teachers: &'a [(i64, i64)],
    pub inspectors: &'a [i64],
    pub students: &'a [NewStudent],
    pub packages: &'a [NewPackage],
    pub attendance: &'a [NewAttendance],
    /// The year: `[start_ms, until_ms)`.
    pub start_ms: i64,
    pub until_ms: i64,
}

#[derive(Default)]
pub struct FirstService {
    pub trials: Vec<NewTrial>,
    pub steps: Vec<NewStep>,
}

/// How diligent each executor is (0.55–0.98), from the seed.
fn diligence(seed: u64, user: i64) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (user as u64).wrapping_mul(0xA24B_AED4_963E_E407));
    0.55 + 0.43 * rng.random::<f64>()
}

/// The lesson a step belongs to.
struct Lesson<'a> {
    course_type: i64,
    ref_id: i64,
    student: &'a NewStudent,
    teacher_id: i64,
    subject: i64,
    product_type: &'static str,
    product_group: i64,
    manage_project: i64,
    area_code: String,
    day_at: i64,
}

struct StepMaker<'a> {
    rng: ChaCha8Rng,
    seed: u64,
    diligence: HashMap<i64, f64>,
    facts: &'a SchoolFacts<'a>,
    out: Vec<NewStep>,
}

impl StepMaker<'_> {
    fn step(&mut self, lesson: &Lesson, code: &'static str, executor_role: &'static str, start_at: i64, end_at: i64) {
        let until = self.facts.until_ms;
        if start_at >= until {
            return;
        }
        let executor_id = match executor_role {
            role::CONSULTANT => lesson.student.consultant_id.unwrap_or(0),
            role::LEARNING_MANAGER => lesson.student.learning_manager_id.unwrap_or(0),
            _ => lesson.teacher_id,
        };
        let seed = self.seed;
        let mut will = *self.diligence.entry(executor_id).or_insert_with(|| diligence(seed, executor_id));
        if code == "handoverYJJ" && self.facts.index == 1 {
            will *= 0.35;
        }
        let rng = &mut self.rng;
        // Done within the window (or a little late), if the executor gets to it.
        let finished_at =
            (rng.random::<f64>() < will).then(|| start_at + ((end_at - start_at) as f64 * rng.random_range(0.05..1.25)) as i64).filter(|at| *at < until);
        let (mut qc_status, mut qc_at, mut qc_operator_id, mut qc_remark) = (0, None, None, String::new());
        if let Some(done) = finished_at {
            let at = done + rng.random_range(1..=3) * DAY_MS;
            if !self.facts.inspectors.is_empty() && rng.random::<f64>() < 0.35 && at < until {
                let qualified = rng.random::<f64>() < 0.85;
                qc_status = if qualified { 1 } else { 2 };
                qc_at = Some(at);
                qc_operator_id = Some(self.facts.inspectors[rng.random_range(0..self.facts.inspectors.len())]);
                if !qualified {
                    qc_remark = QC_REMARKS[rng.random_range(0..QC_REMARKS.len())].into();
                }
            }
        }
        let (ai_status, first_tag) = match (finished_at, code) {
            (Some(_), "startCall" | "feedback" | "followup") => {
                if rng.random::<f64>() < 0.8 {
                    (1, String::new())
                } else {
                    (2, AI_TAGS[rng.random_range(0..AI_TAGS.len())].to_owned())
                }
            }
            _ => (0, String::new()),
        };
        self.out.push(NewStep {
            course_type: lesson.course_type,
            ref_id: lesson.ref_id,
            student_id: lesson.student.id,
            teacher_id: lesson.teacher_id,
            consultant_id: lesson.student.consultant_id.unwrap_or(0),
            learning_manager_id: lesson.student.learning_manager_id.unwrap_or(0),
            school_id: self.facts.school_id,
            area_code: lesson.area_code.clone(),
            subject: lesson.subject,
            grade_code: lesson.student.grade_code,
            product_type: lesson.product_type.into(),
            product_group: lesson.product_group,
            manage_project: lesson.manage_project,
            day_at: lesson.day_at,
            step_code: code,
            executor_id,
            executor_role,
            start_at,
            end_at,
            finished_at,
            qc_status,
            qc_at,
            qc_operator_id,
            qc_remark,
            ai_status,
            first_tag,
        });
    }
}

/// The first-lesson service of one school's year; `next_trial` hands out trial ids.
pub fn of_school(seed: u64, facts: &SchoolFacts, next_trial: &mut i64) -> FirstService {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (facts.school_id as u64).wrapping_mul(0x94D0_49BB_1331_11EB));
    let students: HashMap<i64, &NewStudent> = facts.students.iter().map(|s| (s.id, s)).collect();
    // The first package of each student in each subject, and its first attended lesson.
    let mut firsts: HashMap<(i64, i64), &NewPackage> = HashMap::new();
    for p in facts.packages.iter().filter(|p| p.product_type == "ZJK") {
        let entry = firsts.entry((p.student_id, p.subject)).or_insert(p);
        if (p.bought_at, p.id) < (entry.bought_at, entry.id) {
            *entry = p;
        }
    }
    let mut first_lesson: HashMap<i64, i64> = HashMap::new();
    for a in facts.attendance.iter().filter(|a| matches!(a.status, 1 | 2)) {
        if let Some(package) = a.package_id {
            let at = first_lesson.entry(package).or_insert(a.start_at);
            *at = (*at).min(a.start_at);
        }
    }
    let mut firsts: Vec<&NewPackage> = firsts.into_values().collect();
    firsts.sort_by_key(|p| p.id);
    let mut maker = StepMaker { rng: ChaCha8Rng::seed_from_u64(seed ^ facts.school_id as u64), seed, diligence: HashMap::new(), facts, out: Vec::new() };
    let mut trials = Vec::new();
    let mut order_no = 0;
    let mut new_trial = |rng: &mut ChaCha8Rng, student: &NewStudent, teacher_id: i64, subject: i64, day_at: i64, trials: &mut Vec<NewTrial>| {
        order_no += 1;
        let lessons = if rng.random::<f64>() < 0.15 { 2 } else { 1 };
        for n in 0..lessons {
            let at = day_at + n * 7 * DAY_MS;
            if at >= facts.until_ms {
                break;
            }
            trials.push(NewTrial {
                id: *next_trial,
                order_code: format!("ST{}{order_no:05}", facts.school_id),
                student_id: student.id,
                teacher_id,
                consultant_id: student.consultant_id.unwrap_or(0),
                learning_manager_id: student.learning_manager_id.unwrap_or(0),
                school_id: facts.school_id,
                area_code: student.area_code.clone(),
                subject,
                grade_code: student.grade_code,
                product_group: rng.random_range(1..=4),
                manage_project: 1,
                day_at: at,
                minutes: 60,
            });
            *next_trial += 1;
        }
    };
    // Another teacher than `teacher`, of the subject when the school has one.
    let other_teacher = |rng: &mut ChaCha8Rng, teacher: i64, subject: i64| -> i64 {
        let others: Vec<(i64, i64)> = facts.teachers.iter().copied().filter(|t| t.0 != teacher).collect();
        let of: Vec<i64> = others.iter().filter(|t| t.1 == subject).map(|t| t.0).collect();
        match (of.is_empty(), others.is_empty()) {
            (false, _) => of[rng.random_range(0..of.len())],
            (true, false) => others[rng.random_range(0..others.len())].0,
            (true, true) => teacher,
        }
    };
    for p in &firsts {
        let Some(student) = students.get(&p.student_id) else { continue };
        // A trial before more than half of the first purchases.
        if rng.random::<f64>() < 0.55 {
            let day_at = p.bought_at - rng.random_range(3..=40) * DAY_MS;
            if day_at >= facts.start_ms {
                let teacher = if rng.random::<f64>() < 0.65 { p.teacher_id } else { other_teacher(&mut rng, p.teacher_id, p.subject) };
                let subject = if rng.random::<f64>() < 0.85 { p.subject } else { facts.teachers[rng.random_range(0..facts.teachers.len())].1 };
                new_trial(&mut rng, student, teacher, subject, day_at, &mut trials);
            }
        }
        let lesson = Lesson {
            course_type: 1,
            ref_id: p.id,
            student,
            teacher_id: p.teacher_id,
            subject: p.subject,
            product_type: "ZJK",
            product_group: p.product_group,
            manage_project: p.manage_project,
            area_code: p.area_code.clone(),
            day_at: p.bought_at,
        };
        let bought = p.bought_at;
        maker.step(&lesson, "handoverYJJ", role::CONSULTANT, bought - 3 * DAY_MS, bought);
        maker.step(&lesson, "handover", role::CONSULTANT, bought, bought + 2 * DAY_MS);
        let f1 = first_lesson.get(&p.id).copied();
        maker.step(&lesson, "startCall", role::LEARNING_MANAGER, bought, f1.unwrap_or(bought + 5 * DAY_MS).max(bought + HOUR_MS));
        if let Some(f1) = f1 {
            maker.step(&lesson, "feedback", role::TEACHER, f1 + 2 * HOUR_MS, f1 + 26 * HOUR_MS);
            maker.step(&lesson, "followup", role::LEARNING_MANAGER, f1, f1 + 3 * DAY_MS);
        }
    }
    // Trials that led nowhere: students who bought no one-on-one package.
    let bought: std::collections::HashSet<i64> = facts.packages.iter().map(|p| p.student_id).collect();
    let span_days = ((facts.until_ms - facts.start_ms) / DAY_MS).max(1);
    for student in facts.students.iter().filter(|s| !bought.contains(&s.id)) {
        if rng.random::<f64>() < 0.12 {
            let (teacher, subject) = facts.teachers[rng.random_range(0..facts.teachers.len())];
            let day_at = facts.start_ms + rng.random_range(0..span_days) * DAY_MS + rng.random_range(9..20) * HOUR_MS;
            new_trial(&mut rng, student, teacher, subject, day_at, &mut trials);
        }
    }
    for t in &trials {
        let Some(student) = students.get(&t.student_id) else { continue };
        let lesson = Lesson {
            course_type: 2,
            ref_id: t.id,
            student,
            teacher_id: t.teacher_id,
            subject: t.subject,
            product_type: "STK",
            product_group: t.product_group,
            manage_project: t.manage_project,
            area_code: t.area_code.clone(),
            day_at: t.day_at,
        };
        let at = t.day_at;
        maker.step(&lesson, "handover", role::CONSULTANT, at - 2 * DAY_MS, at);
        maker.step(&lesson, "startCall", role::LEARNING_MANAGER, at - 2 * DAY_MS, at - HOUR_MS);
        maker.step(&lesson, "feedback", role::TEACHER, at + HOUR_MS, at + 25 * HOUR_MS);
        maker.step(&lesson, "followup", role::LEARNING_MANAGER, at, at + 3 * DAY_MS);
    }
    FirstService { trials, steps: maker.out }
}
