//! Students' school exam grades (02 §3.2 "Exam"; the QC screen examGrades): a row per exam
//! subject within the caller's scope and the filter (date range on the exam's day, school,
//! area, grade, subject, teacher, student; the product and lesson filters do not apply to
//! exams and are ignored). The score level, tags and the exam's finished subjects are derived
//! from the stored scores.

use std::collections::HashMap;

use protocol::dictionary as dict;
use protocol::dto::qc::ExamGradeRow;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sqlx::{Any, FromRow, Transaction};

use crate::datacentre::calendar::DAY_MS;
use crate::datacentre::filter::{push_filter, push_scope, Filter, Scope};
use crate::datacentre::records::{insert_rows, NewStudent};
use crate::datacentre::subject_name;
use crate::reports::{Bind, Conditions};
use crate::{Db, Result};

pub const SORTABLE: &[(&str, &str)] = &[
    ("examDate", "x.exam_at"),
    ("examScore", "COALESCE(x.score, -1)"),
    ("examScorePercent", "COALESCE(x.score * 1.0 / x.full_marks, -1)"),
    ("gradeRank", "COALESCE(x.grade_rank, 999999)"),
];

/// The scores within scope and filter (alias `x`).
fn scores_of(scope: &Scope, f: &Filter, now: i64) -> Conditions {
    let mut c = Conditions::new();
    c.sql.push_str(" WHERE 1 = 1");
    push_scope(&mut c, "x", scope);
    let exam_filter = Filter { product_types: Vec::new(), product_groups: Vec::new(), manage_project: None, lesson_minutes: None, ..f.clone() };
    push_filter(&mut c, "x", "exam_at", &exam_filter, now);
    c
}

pub async fn count(db: &Db, scope: &Scope, f: &Filter, now: i64) -> Result<i64> {
    let (sql, args) = scores_of(scope, f, now).finish("SELECT COUNT(*) FROM student_exam_scores x", "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

#[derive(FromRow)]
struct Score {
    exam_id: i64,
    student_id: i64,
    subject: i64,
    score: Option<i64>,
    full_marks: i64,
    assign_score: Option<i64>,
    class_rank: Option<i64>,
    grade_rank: Option<i64>,
    exam_at: i64,
    student_code: String,
    student_name: String,
    school_name: String,
    grade_code: i64,
    teacher_name: String,
    exam_name: String,
    exam_type: i64,
    term_type: i64,
    school_type: i64,
    image_uploaded: i64,
    source: i64,
}

pub async fn page(db: &Db, scope: &Scope, f: &Filter, now: i64, offset: i64, limit: i64) -> Result<Vec<ExamGradeRow>> {
    let order = f.order_by(SORTABLE, "x.exam_at DESC, x.exam_id, x.subject");
    let (sql, args) = scores_of(scope, f, now).finish(
        "SELECT x.exam_id, x.student_id, x.subject, x.score, x.full_marks, x.assign_score, x.class_rank, x.grade_rank, x.exam_at, s.code AS student_code, \
         s.name AS student_name, COALESCE(sc.name, '') AS school_name, x.grade_code, COALESCE(u.name, '') AS teacher_name, e.name AS exam_name, e.exam_type, \
         e.term_type, e.school_type, e.image_uploaded, e.source FROM student_exam_scores x JOIN student_exams e ON e.id = x.exam_id \
         JOIN students s ON s.id = x.student_id LEFT JOIN schools sc ON sc.id = x.school_id LEFT JOIN users u ON u.id = x.teacher_id",
        &format!(" ORDER BY {order} LIMIT {limit} OFFSET {offset}"),
    );
    let rows: Vec<Score> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    // The page's exams whole (every subject, for the totals and the finished subjects), and
    // the students' scores before (for the progress tags).
    let mut exam_ids: Vec<i64> = rows.iter().map(|r| r.exam_id).collect();
    exam_ids.sort_unstable();
    exam_ids.dedup();
    let mut subjects: HashMap<i64, Vec<(i64, Option<i64>)>> = HashMap::new();
    let mut history: HashMap<(i64, i64), Vec<(i64, f64)>> = HashMap::new();
    let mut student_ids: Vec<i64> = rows.iter().map(|r| r.student_id).collect();
    student_ids.sort_unstable();
    student_ids.dedup();
    for chunk in exam_ids.chunks(500) {
        let mut c = Conditions::new();
        c.sql.push_str(" WHERE 1 = 1");
        c.push_in("exam_id", chunk);
        let (sql, args) = c.finish("SELECT exam_id, subject, score FROM student_exam_scores", " ORDER BY exam_id, subject");
        let all: Vec<(i64, i64, Option<i64>)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
        for (exam, subject, score) in all {
            subjects.entry(exam).or_default().push((subject, score));
        }
    }
    for chunk in student_ids.chunks(500) {
        let mut c = Conditions::new();
        c.sql.push_str(" WHERE score IS NOT NULL");
        c.push_in("student_id", chunk);
        let (sql, args) = c.finish("SELECT student_id, subject, exam_at, score, full_marks FROM student_exam_scores", " ORDER BY exam_at");
        let all: Vec<(i64, i64, i64, i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
        for (student, subject, at, score, full) in all {
            history.entry((student, subject)).or_default().push((at, score as f64 * 100.0 / full.max(1) as f64));
        }
    }
    Ok(rows
        .into_iter()
        .map(|r| {
            let of_exam = subjects.get(&r.exam_id).map(Vec::as_slice).unwrap_or_default();
            let names =
                |entered: bool| of_exam.iter().filter(|(_, s)| s.is_some() == entered).map(|(code, _)| subject_name(*code)).collect::<Vec<_>>().join("、");
            let percent = r.score.map(|s| s as f64 * 100.0 / r.full_marks.max(1) as f64);
            let previous = history.get(&(r.student_id, r.subject)).and_then(|h| h.iter().rev().find(|(at, _)| *at < r.exam_at)).map(|(_, p)| *p);
            ExamGradeRow {
                exam_id: r.exam_id,
                student_code: r.student_code,
                student_name: r.student_name,
                school_name: r.school_name,
                grade_name: dict::grade_name(r.grade_code).to_owned(),
                subject_name: subject_name(r.subject),
                teacher_name: r.teacher_name,
                exam_name: r.exam_name,
                exam_date: r.exam_at,
                exam_type_name: dict::name_of(&dict::EXAM_TYPES, r.exam_type).to_owned(),
                term_type_name: dict::name_of(&dict::EXAM_TERMS, r.term_type).to_owned(),
                school_type_name: dict::name_of(&dict::EXAM_SCHOOL_TYPES, r.school_type).to_owned(),
                total_exam_score: of_exam.iter().filter_map(|(_, s)| *s).sum(),
                exam_score: r.score.unwrap_or(-1),
                full_marks: r.full_marks,
                assign_score: r.assign_score.unwrap_or(-1),
                exam_score_level: percent.map(|p| dict::exam_score_level(p).to_owned()).unwrap_or_default(),
                exam_rank: r.class_rank.unwrap_or(-1),
                grade_rank: r.grade_rank.unwrap_or(-1),
                score_tags: percent.map(|p| tags(p, previous).join("、")).unwrap_or_default(),
                exam_score_percent: r.score.map_or(-1.0, |s| crate::datacentre::rate(s, r.full_marks)),
                score_image_uploaded: dict::name_of(&dict::YES_NO, r.image_uploaded).to_owned(),
                modified_source_name: dict::name_of(&dict::EXAM_SOURCES, r.source).to_owned(),
                finished_subjects: names(true),
                unfinished_subjects: names(false),
            }
        })
        .collect())
}

/// The tags of a score (percent of full marks) after the previous one in the subject.
pub fn tags(percent: f64, previous: Option<f64>) -> Vec<&'static str> {
    let mut out = Vec::new();
    if percent >= 90.0 {
        out.push("优秀");
    } else if percent < 60.0 {
        out.push("待提升");
    }
    match previous {
        Some(before) if percent - before >= dict::EXAM_TAG_SHIFT => out.push("进步"),
        Some(before) if before - percent >= dict::EXAM_TAG_SHIFT => out.push("退步"),
        _ => {}
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Generating

/// The exams of a school year: (month, day, type, term).
const CALENDAR: [(u8, u8, i64, i64); 5] = [(10, 12, 1, 1), (11, 14, 2, 1), (1, 16, 3, 1), (4, 20, 2, 2), (6, 26, 3, 2)];
const JUNIOR: [i64; 5] = [53, 54, 55, 56, 57];
const SENIOR: [i64; 6] = [53, 54, 55, 56, 57, 58];

/// A school's students' exams in `[start_ms, until_ms)`: each exam of the calendar for most
/// students, most subjects entered, ranks within the school's grade; `teachers` names the
/// student's teacher in a subject (0 when none). Returns the number of exams and scores.
pub async fn generate(
    tx: &mut Transaction<'_, Any>,
    seed: u64,
    students: &[NewStudent],
    teachers: &HashMap<(i64, i64), i64>,
    (start_ms, until_ms): (i64, i64),
    next_id: &mut i64,
) -> Result<(usize, usize)> {
    let Some(first) = students.first() else { return Ok((0, 0)) };
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xE8A3 ^ (first.school_id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let ability: HashMap<i64, f64> = students.iter().map(|s| (s.id, 0.45 + 0.5 * rng.random::<f64>())).collect();
    let school_type: HashMap<i64, i64> = students.iter().map(|s| (s.id, rng.random_range(1..=3))).collect();
    let (mut exams, mut scores) = (Vec::new(), Vec::new());
    let start = crate::datacentre::calendar::day_of_ms(start_ms);
    for year in [start.year(), start.year() + 1] {
        for (month, day, exam_type, term) in CALENDAR {
            let Ok(date) = time::Date::from_calendar_date(year, time::Month::try_from(month).unwrap_or(time::Month::January), day) else { continue };
            let at = crate::datacentre::calendar::day_start_ms(date) + 9 * 3_600_000;
            if at < start_ms || at >= until_ms {
                continue;
            }
            let school_year = if month >= 9 { year } else { year - 1 };
            let name = format!("{school_year}学年{}{}", dict::name_of(&dict::EXAM_TERMS, term), dict::name_of(&dict::EXAM_TYPES, exam_type));
            // (exam id, student, subject, score, full marks) of this exam, ranked afterwards.
            let mut sat: Vec<(i64, &NewStudent, i64, Option<i64>, i64)> = Vec::new();
            for student in students {
                if rng.random::<f64>() >= 0.8 {
                    continue;
                }
                let id = *next_id;
                *next_id += 1;
                exams.push(vec![
                    Bind::Int(id),
                    Bind::Int(student.id),
                    Bind::Int(student.school_id),
                    Bind::Text(student.area_code.clone()),
                    Bind::Int(student.grade_code),
                    Bind::Text(name.clone()),
                    Bind::Int(at),
                    Bind::Int(exam_type),
                    Bind::Int(term),
                    Bind::Int(school_type[&student.id]),
                    Bind::Int(i64::from(rng.random::<f64>() < 0.6)),
                    Bind::Int(rng.random_range(1..=3)),
                ]);
                let subjects: &[i64] = if student.grade_code >= 10 { &SENIOR } else { &JUNIOR };
                for subject in subjects {
                    let full = if matches!(subject, 53..=55) && student.grade_code >= 10 { 150 } else { 100 };
                    let entered = rng.random::<f64>() < 0.85 || until_ms - at > 60 * DAY_MS && rng.random::<f64>() < 0.5;
                    let share = (ability[&student.id] + 0.2 * (rng.random::<f64>() - 0.5)).clamp(0.15, 1.0);
                    sat.push((id, student, *subject, entered.then(|| (full as f64 * share).round() as i64), full));
                }
            }
            // Ranks among the school's grade (and a class of the student's area) per subject.
            let mut ranks: HashMap<(i64, i64), (i64, i64)> = HashMap::new();
            let mut groups: HashMap<(i64, i64, String), Vec<(i64, i64)>> = HashMap::new();
            let mut grade_groups: HashMap<(i64, i64), Vec<(i64, i64)>> = HashMap::new();
            for (id, student, subject, score, _) in &sat {
                if let Some(score) = score {
                    grade_groups.entry((student.grade_code, *subject)).or_default().push((*score, *id));
                    groups.entry((student.grade_code, *subject, student.area_code.clone())).or_default().push((*score, *id));
                }
            }
            for ((_, subject), mut list) in grade_groups {
                list.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
                for (place, (_, id)) in list.iter().enumerate() {
                    ranks.entry((*id, subject)).or_default().1 = place as i64 + 1;
                }
            }
            for ((_, subject, _), mut list) in groups {
                list.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
                for (place, (_, id)) in list.iter().enumerate() {
                    ranks.entry((*id, subject)).or_default().0 = place as i64 + 1;
                }
            }
            for (id, student, subject, score, full) in sat {
                let (class_rank, grade_rank) = ranks.get(&(id, subject)).copied().map_or((None, None), |(c, g)| (Some(c), Some(g)));
                // Senior chemistry and biology are graded by rank and converted (新高考 赋分).
                let assign = score.filter(|_| student.grade_code >= 10 && matches!(subject, 57 | 58)).map(|s| (40 + s * 60 / full).min(100));
                scores.push(vec![
                    Bind::Int(id),
                    Bind::Int(student.id),
                    Bind::Int(subject),
                    Bind::Int(teachers.get(&(student.id, subject)).copied().unwrap_or(0)),
                    Bind::Int(student.school_id),
                    Bind::Text(student.area_code.clone()),
                    Bind::Int(student.grade_code),
                    Bind::Int(at),
                    Bind::OptInt(score),
                    Bind::Int(full),
                    Bind::OptInt(assign),
                    Bind::OptInt(class_rank),
                    Bind::OptInt(grade_rank),
                ]);
            }
        }
    }
    let counts = (exams.len(), scores.len());
    insert_rows(
        tx,
        "student_exams",
        &["id", "student_id", "school_id", "area_code", "grade_code", "name", "exam_at", "exam_type", "term_type", "school_type", "image_uploaded", "source"],
        exams,
    )
    .await?;
    insert_rows(
        tx,
        "student_exam_scores",
        &[
            "exam_id",
            "student_id",
            "subject",
            "teacher_id",
            "school_id",
            "area_code",
            "grade_code",
            "exam_at",
            "score",
            "full_marks",
            "assign_score",
            "class_rank",
            "grade_rank",
        ],
        scores,
    )
    .await?;
    Ok(counts)
}

#[cfg(test)]
mod tests {
    #[test]
    fn tags_follow_the_levels_and_the_shift() {
        assert_eq!(super::tags(92.0, None), vec!["优秀"]);
        assert_eq!(super::tags(55.0, Some(65.0)), vec!["待提升", "退步"]);
        assert_eq!(super::tags(75.0, Some(70.0)), vec!["进步"]);
        assert!(super::tags(75.0, Some(72.0)).is_empty());
    }
}
