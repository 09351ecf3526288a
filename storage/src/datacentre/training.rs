//! The basic training examination (02 §2 `basicTrainingExamination`; the spec shows no
//! content): the exams staff sit in their first year and how each trainee did — per trainee,
//! per exam and per result, within the caller's scope and the filter (date range on the exam's
//! day, school, area, subject, teacher, teaching age, project team; the lesson and product
//! filters do not apply to exams and are ignored).

use std::collections::{BTreeMap, HashMap};

use protocol::dictionary as dict;
use protocol::dto::datacentre::{TraineeRow, TrainingExamRow, TrainingResultRow};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sqlx::{Any, FromRow, Transaction};

use super::calendar::DAY_MS;
use super::filter::{push_filter, Filter, Scope};
use super::prep::people;
use super::records::insert_rows;
use super::{rate, subject_name};
use crate::reports::{Bind, Conditions};
use crate::{Db, Result};

pub const TRAINEE_SORTABLE: &[&str] = &["examCnt", "takenCnt", "passRate", "avgScoreRate", "lastExamTime"];
/// Absent trainees (no score, no submission) sort as the lowest on both databases.
pub const RESULT_SORTABLE: &[(&str, &str)] = &[("heldTime", "r.held_at"), ("score", "COALESCE(r.score, -1)"), ("submitTime", "COALESCE(r.submitted_at, 0)")];

/// The results within scope and filter (alias `r`). Consultants and learning managers, like
/// teachers, see their own.
fn results_of(scope: &Scope, f: &Filter, now: i64) -> Conditions {
    let mut c = Conditions::new();
    c.sql.push_str(" WHERE 1 = 1");
    match scope {
        Scope::Teacher(id) | Scope::Consultant(id) | Scope::LearningManager(id) => c.push(" AND r.teacher_id = ", Bind::Int(*id)),
        other => super::filter::push_scope(&mut c, "r", other),
    }
    let exam_filter = Filter { product_types: Vec::new(), product_groups: Vec::new(), grades: Vec::new(), manage_project: None, student: None, ..f.clone() };
    push_filter(&mut c, "r", "held_at", &exam_filter, now);
    c
}

#[derive(FromRow)]
struct Result_ {
    exam_id: i64,
    teacher_id: i64,
    held_at: i64,
    score: Option<i64>,
    submitted_at: Option<i64>,
    used_minutes: Option<i64>,
    total_score: i64,
    pass_score: i64,
    subject: i64,
}

const RESULT_COLUMNS: &str = "SELECT r.exam_id, r.teacher_id, r.held_at, r.score, r.submitted_at, r.used_minutes, e.total_score, e.pass_score, r.subject \
     FROM training_results r JOIN training_exams e ON e.id = r.exam_id";

async fn results(db: &Db, scope: &Scope, f: &Filter, now: i64) -> Result<Vec<Result_>> {
    let (sql, args) = results_of(scope, f, now).finish(RESULT_COLUMNS, "");
    Ok(sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?)
}

fn percent_of(r: &Result_) -> Option<f64> {
    r.score.map(|s| s as f64 * 100.0 / r.total_score.max(1) as f64)
}

fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// One row per trainee (by name).
pub async fn trainees(db: &Db, scope: &Scope, f: &Filter, now: i64) -> Result<Vec<TraineeRow>> {
    let rows = results(db, scope, f, now).await?;
    let mut by_teacher: BTreeMap<i64, Vec<&Result_>> = BTreeMap::new();
    for r in &rows {
        by_teacher.entry(r.teacher_id).or_default().push(r);
    }
    let ids: Vec<i64> = by_teacher.keys().copied().collect();
    let people = people(db, &ids, now).await?;
    let mut out: Vec<TraineeRow> = by_teacher
        .into_iter()
        .map(|(teacher, results)| {
            let scores: Vec<f64> = results.iter().filter_map(|r| percent_of(r)).collect();
            let passed = results.iter().filter(|r| r.score.is_some_and(|s| s >= r.pass_score)).count() as i64;
            let avg = if scores.is_empty() { -1.0 } else { round2(scores.iter().sum::<f64>() / scores.len() as f64) };
            let person = people.get(&teacher);
            TraineeRow {
                teacher_id: teacher,
                teacher_name: person.map(|p| p.name.clone()).unwrap_or_default(),
                teacher_email: person.map(|p| p.email.clone()).unwrap_or_default(),
                school_name: person.map(|p| p.school_name.clone()).unwrap_or_default(),
                subject_name: subject_name(results[0].subject),
                teaching_age: person.map_or(0, |p| p.teaching_days),
                company_age: person.map_or(0, |p| p.company_days),
                exam_cnt: results.len() as i64,
                taken_cnt: scores.len() as i64,
                passed_cnt: passed,
                pass_rate: rate(passed, results.len() as i64),
                avg_score_rate: avg,
                max_score_rate: scores.iter().copied().reduce(f64::max).map_or(-1.0, round2),
                score_band: if avg < 0.0 { -1 } else { dict::score_band(avg) },
                last_exam_time: results.iter().filter_map(|r| r.submitted_at).max().unwrap_or(0),
            }
        })
        .collect();
    out.sort_by(|a, b| a.teacher_name.cmp(&b.teacher_name).then(a.teacher_id.cmp(&b.teacher_id)));
    Ok(out)
}

/// Sorts trainee rows by a sortable prop (keeping the name order otherwise).
pub fn sort_trainees(rows: &mut [TraineeRow], sort: Option<&(String, bool)>) {
    let Some((field, asc)) = sort else { return };
    let value = |r: &TraineeRow| -> f64 {
        match field.as_str() {
            "examCnt" => r.exam_cnt as f64,
            "takenCnt" => r.taken_cnt as f64,
            "passRate" => r.pass_rate,
            "avgScoreRate" => r.avg_score_rate,
            "lastExamTime" => r.last_exam_time as f64,
            _ => 0.0,
        }
    };
    super::sort_by_figure(rows, *asc, value);
}

/// One row per exam, newest first.
pub async fn exams(db: &Db, scope: &Scope, f: &Filter, now: i64) -> Result<Vec<TrainingExamRow>> {
    let rows = results(db, scope, f, now).await?;
    let mut by_exam: BTreeMap<i64, Vec<&Result_>> = BTreeMap::new();
    for r in &rows {
        by_exam.entry(r.exam_id).or_default().push(r);
    }
    let exams = exam_facts(db, &by_exam.keys().copied().collect::<Vec<_>>()).await?;
    let mut out: Vec<TrainingExamRow> = by_exam
        .into_iter()
        .filter_map(|(id, results)| {
            let exam = exams.get(&id)?;
            let scores: Vec<i64> = results.iter().filter_map(|r| r.score).collect();
            let passed = scores.iter().filter(|s| **s >= exam.pass_score).count() as i64;
            Some(TrainingExamRow {
                exam_id: id,
                exam_name: exam.name.clone(),
                category_desc: dict::name_of(&dict::TRAINING_CATEGORIES, exam.category).into(),
                subject_name: if exam.subject == 0 { "全学科".into() } else { subject_name(exam.subject) },
                held_time: exam.held_at,
                total_score: exam.total_score,
                pass_score: exam.pass_score,
                enrolled_cnt: results.len() as i64,
                taken_cnt: scores.len() as i64,
                passed_cnt: passed,
                take_rate: rate(scores.len() as i64, results.len() as i64),
                pass_rate: rate(passed, scores.len() as i64),
                avg_score: if scores.is_empty() { -1.0 } else { round2(scores.iter().sum::<i64>() as f64 / scores.len() as f64) },
                max_score: scores.iter().copied().max().unwrap_or(-1),
                min_score: scores.iter().copied().min().unwrap_or(-1),
            })
        })
        .collect();
    out.sort_by(|a, b| b.held_time.cmp(&a.held_time).then(a.exam_id.cmp(&b.exam_id)));
    Ok(out)
}

#[derive(FromRow)]
struct Exam {
    id: i64,
    name: String,
    category: i64,
    subject: i64,
    total_score: i64,
    pass_score: i64,
    held_at: i64,
}

async fn exam_facts(db: &Db, ids: &[i64]) -> Result<HashMap<i64, Exam>> {
    let mut out = HashMap::new();
    for chunk in ids.chunks(1000) {
        let mut c = Conditions::new();
        c.sql.push_str(" WHERE 1 = 1");
        c.push_in("id", chunk);
        let (sql, args) = c.finish("SELECT id, name, category, subject, total_score, pass_score, held_at FROM training_exams", "");
        let rows: Vec<Exam> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
        out.extend(rows.into_iter().map(|e| (e.id, e)));
    }
    Ok(out)
}

pub async fn results_count(db: &Db, scope: &Scope, f: &Filter, now: i64) -> Result<i64> {
    let (sql, args) = results_of(scope, f, now).finish("SELECT COUNT(*) FROM training_results r", "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

pub async fn results_page(db: &Db, scope: &Scope, f: &Filter, now: i64, offset: i64, limit: i64) -> Result<Vec<TrainingResultRow>> {
    let mut c = results_of(scope, f, now);
    let order = f.order_by(RESULT_SORTABLE, "r.held_at DESC, r.exam_id, r.teacher_id");
    c.push(&format!(" ORDER BY {order} LIMIT "), Bind::Int(limit));
    c.push(" OFFSET ", Bind::Int(offset));
    let (sql, args) = c.finish(RESULT_COLUMNS, "");
    let rows: Vec<Result_> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let mut ids: Vec<i64> = rows.iter().map(|r| r.teacher_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let people = people(db, &ids, now).await?;
    let exams = exam_facts(db, &rows.iter().map(|r| r.exam_id).collect::<Vec<_>>()).await?;
    Ok(rows
        .iter()
        .map(|r| {
            let exam = exams.get(&r.exam_id);
            let person = people.get(&r.teacher_id);
            TrainingResultRow {
                exam_name: exam.map(|e| e.name.clone()).unwrap_or_default(),
                category_desc: exam.map(|e| dict::name_of(&dict::TRAINING_CATEGORIES, e.category)).unwrap_or_default().into(),
                held_time: r.held_at,
                teacher_name: person.map(|p| p.name.clone()).unwrap_or_default(),
                teacher_email: person.map(|p| p.email.clone()).unwrap_or_default(),
                school_name: person.map(|p| p.school_name.clone()).unwrap_or_default(),
                score: r.score.unwrap_or(-1),
                total_score: r.total_score,
                result_desc: match r.score {
                    None => "缺考",
                    Some(s) if s >= r.pass_score => "已通过",
                    Some(_) => "未通过",
                }
                .into(),
                submit_time: r.submitted_at.unwrap_or(0),
                used_minutes: r.used_minutes.unwrap_or(0),
            }
        })
        .collect())
}

/// A generated exam: (id, name, category, subject, total, pass score, held at, minutes).
type NewExam = (i64, String, i64, i64, i64, i64, i64, i64);

/// A teacher the generator enrolls: (user id, school, area, subject, hired at).
pub type Trainee = (i64, i64, String, i64, i64);

/// The generator's exams over `[start_ms, until_ms)`: an onboarding exam each month, a subject
/// exam every two months per subject, a teaching-skills exam each quarter; every teacher in
/// their first year sits those of their subject (onboarding only in their first two months),
/// each with their own ability; some miss one.
pub async fn generate(
    tx: &mut Transaction<'_, Any>,
    seed: u64,
    trainees: &[Trainee],
    subjects: &[i64],
    (start_ms, until_ms): (i64, i64),
) -> Result<(usize, usize)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7452_4149_4E49_4E47);
    let mut next_id: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) + 1 FROM training_exams").fetch_one(&mut **tx).await?;
    let mut exams: Vec<NewExam> = Vec::new();
    let months = ((until_ms - start_ms) / (30 * DAY_MS)).max(1);
    for m in 0..months {
        let held = start_ms + m * 30 * DAY_MS + 10 * DAY_MS + 14 * 3_600_000;
        if held >= until_ms {
            break;
        }
        exams.push((next_id, format!("入职培训考试（第{}期）", m + 1), 1, 0, 100, 60, held, 60));
        next_id += 1;
        if m % 2 == 0 {
            for subject in subjects {
                exams.push((next_id, format!("{}学科知识考试（第{}期）", subject_name(*subject), m / 2 + 1), 2, *subject, 150, 90, held + DAY_MS, 90));
                next_id += 1;
            }
        }
        if m % 3 == 1 {
            exams.push((next_id, format!("教学技能考核（第{}期）", m / 3 + 1), 3, 0, 100, 70, held + 2 * DAY_MS, 45));
            next_id += 1;
        }
    }
    let mut results = Vec::new();
    for (teacher, school, area, subject, hired) in trainees {
        let ability = 0.45 + 0.5 * ChaCha8Rng::seed_from_u64(seed ^ (*teacher as u64).wrapping_mul(0x2545_F491_4F6C_DD1D)).random::<f64>();
        for (id, _, category, exam_subject, total, _, held, minutes) in &exams {
            let first_year = *held >= *hired && *held < hired + 365 * DAY_MS;
            let fits = match category {
                1 => *held < hired + 60 * DAY_MS,
                2 => exam_subject == subject,
                _ => true,
            };
            if !first_year || !fits {
                continue;
            }
            let sat = rng.random::<f64>() >= 0.08;
            let score = sat.then(|| ((ability + rng.random_range(-0.2..0.2)).clamp(0.1, 1.0) * *total as f64).round() as i64);
            let used = sat.then(|| rng.random_range(minutes / 3..=*minutes));
            results.push(vec![
                Bind::Int(*id),
                Bind::Int(*teacher),
                Bind::Int(*school),
                Bind::Text(area.clone()),
                Bind::Int(*subject),
                Bind::Int(*held),
                Bind::OptInt(score),
                Bind::OptInt(used.map(|u| held + u * 60_000)),
                Bind::OptInt(used),
            ]);
        }
    }
    let count = (exams.len(), results.len());
    insert_rows(
        tx,
        "training_exams",
        &["id", "name", "category", "subject", "total_score", "pass_score", "held_at", "minutes"],
        exams.into_iter().map(|(id, name, category, subject, total, pass, held, minutes)| {
            vec![
                Bind::Int(id),
                Bind::Text(name),
                Bind::Int(category),
                Bind::Int(subject),
                Bind::Int(total),
                Bind::Int(pass),
                Bind::Int(held),
                Bind::Int(minutes),
            ]
        }),
    )
    .await?;
    insert_rows(
        tx,
        "training_results",
        &["exam_id", "teacher_id", "school_id", "area_code", "subject", "held_at", "score", "submitted_at", "used_minutes"],
        results,
    )
    .await?;
    Ok(count)
}
