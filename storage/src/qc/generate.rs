//! The generated service QC records (part of `eduhub seed-demo`): the service types, a QC team
//! per school, and punch records made from each school's lessons, with checks. Deterministic
//! for a seed, with variety: schools differ in how well staff keep up their services and how
//! much the inspectors check; short, late-night, incomplete and repeated punches occur, and the
//! checks find them unqualified more often.

use std::collections::{BTreeMap, HashMap};

use protocol::constants::role;
use protocol::dictionary as dict;
use protocol::dto::qc::{FormField, ServiceSave};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::punches::{NewPunch, NewReview};
use crate::datacentre::calendar::DAY_MS;
use crate::datacentre::records::{NewAttendance, NewStudent};
use crate::{Db, Result};

const HOUR_MS: i64 = 3_600_000;

/// The generated service types by purpose.
#[derive(Debug, Clone)]
pub struct Services {
    /// One-on-one teachers, weekly.
    pub lesson_feedback: (i64, Vec<FormField>),
    /// Class teachers, monthly.
    pub homework_review: (i64, Vec<FormField>),
    /// Teachers and learning managers, monthly.
    pub parent_contact: (i64, Vec<FormField>),
    /// Learning managers, monthly.
    pub study_plan: (i64, Vec<FormField>),
    pub tags: Vec<i64>,
}

fn field(key: &str, label: &str, kind: &str, options: &[&str]) -> FormField {
    FormField { key: key.into(), label: label.into(), kind: kind.into(), required: true, options: options.iter().map(|o| (*o).into()).collect() }
}

/// The four service types and the submission tags, created when there are no service types.
pub async fn ensure_services(db: &Db, by: i64, now: i64) -> Result<Option<Services>> {
    let existing: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM qc_services").fetch_one(db.pool()).await?;
    if existing > 0 {
        return Ok(None);
    }
    let mut made = Vec::new();
    for (name, icon, side, roles, period, fields) in [
        (
            "课后反馈",
            "report",
            1,
            vec![role::TEACHER],
            "week",
            vec![
                field("performance", "课堂表现", "textarea", &[]),
                field("homework", "作业完成", "select", &["全部完成", "部分完成", "未完成"]),
                FormField { required: false, ..field("nextFocus", "下次重点", "text", &[]) },
            ],
        ),
        ("作业点评", "homework", 2, vec![role::TEACHER], "month", vec![field("comment", "点评内容", "textarea", &[])]),
        (
            "家长沟通",
            "phone",
            0,
            vec![role::TEACHER, role::LEARNING_MANAGER],
            "month",
            vec![field("way", "沟通方式", "select", &["电话", "微信", "面谈"]), field("summary", "沟通要点", "textarea", &[])],
        ),
        (
            "学习规划",
            "plan",
            0,
            vec![role::LEARNING_MANAGER],
            "month",
            vec![field("goal", "阶段目标", "text", &[]), field("plan", "规划内容", "textarea", &[])],
        ),
    ] {
        let save = ServiceSave {
            id: None,
            name: name.into(),
            icon: icon.into(),
            side,
            role_codes: roles.into_iter().map(str::to_owned).collect(),
            period_type: period.into(),
            required_times: 1,
            form_fields: fields.clone(),
            enabled: true,
            sort_no: made.len() as i64 + 1,
        };
        made.push((super::services::save(db, &save, by).await?.id, fields));
    }
    let mut tags = Vec::new();
    {
        let _turn = db.write_turn().await;
        let mut tx = db.begin().await?;
        for name in ["家长满意", "需跟进", "学习进步", "作业未完成"] {
            tags.push(super::punches::tag_id(&mut tx, name, now).await?);
        }
        tx.commit().await?;
    }
    let mut made = made.into_iter();
    let mut next = || made.next().expect("four made above");
    Ok(Some(Services { lesson_feedback: next(), homework_review: next(), parent_contact: next(), study_plan: next(), tags }))
}

/// A school's share in the punch records.
pub struct SchoolQc<'a> {
    pub inspectors: &'a [i64],
    pub students: &'a [NewStudent],
    pub attendance: &'a [NewAttendance],
    /// Records end here (exclusive).
    pub until_ms: i64,
}

/// Ids handed out in order: (punch, review).
pub struct QcIds {
    pub punch: i64,
    pub review: i64,
}

const FEEDBACK: &[&str] = &[
    "课堂专注度较上周明显提升，能主动回答问题，几何证明的书写步骤更加规范，建议课后继续整理错题本。",
    "本次课复习了函数单调性，{name}对基本概念掌握扎实，但综合题的分类讨论还需加强练习。",
    "{name}今天状态不错，作业完成质量高，计算准确率有提高，下次课重点突破压轴题的思路分析。",
    "课上练习正确率约七成，阅读理解的定位能力有进步，作文结构还需打磨，已布置针对性练习。",
];
const SHORT: &[&str] = &["已反馈", "正常", "已沟通家长", "ok"];
const UNQUALIFIED_COMMENTS: &[&str] = &["内容过于简单，未体现学员具体情况", "打卡时间异常，请核实", "必填项缺失", "同一服务重复打卡"];

fn content(rng: &mut ChaCha8Rng, student: &str, short: bool) -> String {
    if short {
        SHORT[rng.random_range(0..SHORT.len())].to_owned()
    } else {
        FEEDBACK[rng.random_range(0..FEEDBACK.len())].replace("{name}", student)
    }
}

fn form_values(rng: &mut ChaCha8Rng, fields: &[FormField], student: &str, incomplete: bool) -> String {
    let mut map = serde_json::Map::new();
    for (i, f) in fields.iter().enumerate() {
        if incomplete && i == 0 {
            continue;
        }
        let value = match f.kind.as_str() {
            "select" => f.options[rng.random_range(0..f.options.len())].clone(),
            _ => format!("{student}：{}", ["稳步提升", "需要关注基础", "保持当前节奏", "加强错题复盘"][rng.random_range(0..4)]),
        };
        map.insert(f.key.clone(), serde_json::Value::String(value));
    }
    serde_json::Value::Object(map).to_string()
}

/// A punch to make: the lesson it follows, who punches in which role, the service and its form.
type Planned<'a> = (&'a NewAttendance, i64, String, &'a (i64, Vec<FormField>));

/// The punch records and checks of one school.
pub fn punches_of(rng: &mut ChaCha8Rng, school: &SchoolQc<'_>, services: &Services, ids: &mut QcIds) -> (Vec<NewPunch>, Vec<NewReview>) {
    let students: HashMap<i64, &NewStudent> = school.students.iter().map(|s| (s.id, s)).collect();
    // How well this school's staff keep up (0.45–0.9) and how much its inspectors check.
    let diligence = 0.45 + 0.45 * rng.random::<f64>();
    let check_share = if school.inspectors.is_empty() { 0.0 } else { 0.12 + 0.25 * rng.random::<f64>() };
    // The first lesson of each (teacher, student, period): weeks for one-on-one, months for classes.
    let mut due: BTreeMap<(i64, i64, i64), &NewAttendance> = BTreeMap::new();
    let mut months: BTreeMap<(i64, i64), &NewAttendance> = BTreeMap::new();
    for a in school.attendance {
        let day = a.start_at.div_euclid(DAY_MS);
        let period = if a.class_type == 1 { day.div_euclid(7) } else { day.div_euclid(30) };
        due.entry((a.teacher_id, a.student_id, period)).or_insert(a);
        months.entry((a.student_id, day.div_euclid(30))).or_insert(a);
    }
    let mut plan: Vec<Planned<'_>> = Vec::new();
    for a in due.values() {
        let service = if rng.random::<f64>() < 0.15 {
            &services.parent_contact
        } else if a.class_type == 1 {
            &services.lesson_feedback
        } else {
            &services.homework_review
        };
        if rng.random::<f64>() < diligence {
            plan.push((a, a.teacher_id, role::TEACHER.to_owned(), service));
        }
    }
    for a in months.values() {
        let Some(manager) = students.get(&a.student_id).and_then(|s| s.learning_manager_id) else { continue };
        if rng.random::<f64>() < diligence * 0.8 {
            let service = if rng.random::<f64>() < 0.7 { &services.study_plan } else { &services.parent_contact };
            plan.push((a, manager, role::LEARNING_MANAGER.to_owned(), service));
        }
    }
    let mut punches = Vec::new();
    let mut reviews = Vec::new();
    for (a, staff, staff_role, (service_id, fields)) in plan {
        let late_night = rng.random::<f64>() < 0.03;
        let punched_at = if late_night {
            // 23:00–01:00 China time the day after the lesson.
            (a.start_at.div_euclid(DAY_MS) + 1) * DAY_MS + 15 * HOUR_MS + rng.random_range(0..2 * HOUR_MS)
        } else {
            a.start_at + a.minutes * 60_000 + rng.random_range(HOUR_MS / 2..10 * HOUR_MS)
        };
        if punched_at >= school.until_ms {
            continue;
        }
        let name = students.get(&a.student_id).map(|s| s.name.as_str()).unwrap_or("");
        let short = rng.random::<f64>() < 0.06;
        let incomplete = rng.random::<f64>() < 0.04;
        let mut punch = NewPunch {
            id: ids.punch,
            service_id: *service_id,
            student_id: a.student_id,
            class_id: if staff_role == role::TEACHER { a.class_id } else { 0 },
            teacher_id: staff,
            role_code: staff_role,
            school_id: a.school_id,
            area_code: a.area_code.clone(),
            subject: a.subject,
            grade_code: a.grade_code,
            class_type: a.class_type,
            punched_at,
            channel: [1, 1, 1, 1, 1, 2, 2, 2, 3, 3][rng.random_range(0..10)],
            content: content(rng, name, short),
            form_values: form_values(rng, fields, name, incomplete),
            tag_id: if !services.tags.is_empty() && rng.random::<f64>() < 0.25 { services.tags[rng.random_range(0..services.tags.len())] } else { 0 },
            check_status: dict::QC_UNCHECKED,
            result_status: dict::QC_RESULT_NONE,
            classic_case: 0,
            last_qc_at: 0,
            last_qc_by: 0,
        };
        ids.punch += 1;
        if rng.random::<f64>() < check_share {
            let at = punched_at + rng.random_range(HOUR_MS..96 * HOUR_MS);
            if at < school.until_ms {
                let suspicious = short || late_night || incomplete;
                let bad = if suspicious { rng.random::<f64>() < 0.85 } else { rng.random::<f64>() < 0.04 };
                let classic = !bad && rng.random::<f64>() < 0.03;
                let inspector = school.inspectors[rng.random_range(0..school.inspectors.len())];
                let result = if bad { dict::QC_UNQUALIFIED } else { dict::QC_QUALIFIED };
                reviews.push(NewReview {
                    id: ids.review,
                    punch_id: punch.id,
                    inspector_id: inspector,
                    result_status: result,
                    classic_case: classic as i64,
                    comment: if bad { UNQUALIFIED_COMMENTS[rng.random_range(0..UNQUALIFIED_COMMENTS.len())].into() } else { "记录完整".into() },
                    created_at: at,
                });
                ids.review += 1;
                punch.check_status = dict::QC_CHECKED;
                punch.result_status = result;
                punch.classic_case = classic as i64;
                punch.last_qc_at = at;
                punch.last_qc_by = inspector;
            }
        }
        punches.push(punch);
    }
    (punches, reviews)
}
