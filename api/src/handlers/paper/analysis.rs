//! Paper analysis by knowledge point (03 §7.1 "Other POST"): a lesson task's paper — its
//! questions, their knowledge points and the students' marked answers — as each point's share of
//! the paper and the students' score rate on it, and as a student × point heat map; and the
//! question-type structure of the bank for a subject and stage.

use std::collections::{BTreeMap, HashMap, HashSet};

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::paper::{
    ExamAnalysisRequest, HeatMapRow, KnowledgeAnalysis, KnowledgeColumn, KnowledgeHeatMap, PaperKnowledgeAnalysis, QuestionStructure, QuestionStructureQuery,
};
use protocol::dto::question::QUESTION_TYPES;
use storage::lesson_task::{self, AnswerRow, TaskQuestionRow};
use storage::question;

use crate::access::teaching_tasks::{task_for, TaskNeed};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::ApiResult;
use crate::handlers::lesson_task::rate;
use crate::handlers::question::check_scope;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::POST, "/api/exam/analysis/paperByKnowledge", Access::Session, "paper", "A marked task's paper by knowledge point: share and score rate")
            .spec(&["S230"]),
        by_knowledge,
    );
    r.add(
        info(Method::POST, "/api/exam/analysis/heatMapByKnowledge", Access::Session, "paper", "Each student's score rate on each knowledge point of a task")
            .spec(&["S231"]),
        heat_map,
    );
    r.add(
        info(
            Method::GET,
            "/api/xpaper/question/structure-business",
            Access::Session,
            "paper",
            "Question types: how each is built and marked, and the bank's count",
        )
        .spec(&["S235"]),
        structure,
    );
}

/// A task's questions, their knowledge points (id → name, in node order) and its answers.
struct Marked {
    questions: Vec<TaskQuestionRow>,
    points: BTreeMap<i64, (String, Vec<i64>)>,
    answers: Vec<AnswerRow>,
}

async fn marked(state: &AppState, task_id: i64) -> ApiResult<Marked> {
    let questions = lesson_task::questions(&state.db, task_id).await?;
    let ids: Vec<i64> = questions.iter().map(|q| q.question_id).collect();
    let mut points: BTreeMap<i64, (String, Vec<i64>)> = BTreeMap::new();
    let mut order = Vec::new();
    for (question, node, name) in question::points_of(&state.db, &ids).await? {
        if !points.contains_key(&node) {
            order.push(node);
        }
        points.entry(node).or_insert_with(|| (name, Vec::new())).1.push(question);
    }
    let answers = lesson_task::answers(&state.db, task_id, None).await?;
    Ok(Marked { questions, points, answers })
}

/// Points obtained and possible over the marked answers of `students` (all when `None`) to `questions`.
fn obtained(m: &Marked, questions: &[i64], student: Option<i64>) -> (i64, i64) {
    let score: HashMap<i64, i64> = m.questions.iter().map(|q| (q.question_id, q.score)).collect();
    m.answers
        .iter()
        .filter(|a| a.correct.is_some() && questions.contains(&a.question_id) && student.is_none_or(|s| s == a.student_id))
        .fold((0, 0), |(got, of), a| (got + a.score.unwrap_or(0), of + score.get(&a.question_id).copied().unwrap_or(0)))
}

async fn by_knowledge(state: web::Data<AppState>, caller: Caller, body: web::Json<ExamAnalysisRequest>) -> ApiResult<Reply<PaperKnowledgeAnalysis>> {
    let task = task_for(&state, &caller, body.task_id, TaskNeed::Read).await?;
    let m = marked(&state, task.id).await?;
    let total_score: i64 = m.questions.iter().map(|q| q.score).sum();
    let score: HashMap<i64, i64> = m.questions.iter().map(|q| (q.question_id, q.score)).collect();
    let mut points: Vec<KnowledgeAnalysis> = m
        .points
        .iter()
        .map(|(node, (name, questions))| {
            let points_total: i64 = questions.iter().map(|q| score.get(q).copied().unwrap_or(0)).sum();
            let (got, of) = obtained(&m, questions, None);
            let wrong: HashSet<i64> = m.answers.iter().filter(|a| a.correct == Some(0) && questions.contains(&a.question_id)).map(|a| a.student_id).collect();
            KnowledgeAnalysis {
                node_id: *node,
                name: name.clone(),
                question_count: questions.len() as i64,
                total_score: points_total,
                score_share: if total_score == 0 { 0.0 } else { points_total as f64 / total_score as f64 },
                score_rate: rate(got, of),
                wrong_students: wrong.len() as i64,
            }
        })
        .collect();
    // The weakest points first; those with nothing marked last.
    points.sort_by(|a, b| {
        let key = |k: &KnowledgeAnalysis| if k.score_rate < 0.0 { f64::INFINITY } else { k.score_rate };
        key(a).total_cmp(&key(b)).then(a.node_id.cmp(&b.node_id))
    });
    Ok(Reply(PaperKnowledgeAnalysis { task_id: task.id, total_score, marked_answers: m.answers.iter().filter(|a| a.correct.is_some()).count() as i64, points }))
}

async fn heat_map(state: web::Data<AppState>, caller: Caller, body: web::Json<ExamAnalysisRequest>) -> ApiResult<Reply<KnowledgeHeatMap>> {
    let task = task_for(&state, &caller, body.task_id, TaskNeed::Read).await?;
    let m = marked(&state, task.id).await?;
    let students = lesson_task::students(&state.db, task.id).await?;
    Ok(Reply(KnowledgeHeatMap {
        task_id: task.id,
        points: m.points.iter().map(|(node, (name, _))| KnowledgeColumn { node_id: *node, name: name.clone() }).collect(),
        students: students
            .into_iter()
            .map(|s| HeatMapRow {
                student_id: s.student_id,
                student_name: s.name,
                rates: m
                    .points
                    .values()
                    .map(|(_, questions)| {
                        let (got, of) = obtained(&m, questions, Some(s.student_id));
                        rate(got, of)
                    })
                    .collect(),
            })
            .collect(),
    }))
}

async fn structure(state: web::Data<AppState>, _: Caller, query: web::Query<QuestionStructureQuery>) -> ApiResult<Reply<Vec<QuestionStructure>>> {
    check_scope(query.subject, query.stage)?;
    let counts = question::bank_counts_by_type(&state.db, query.subject, query.stage).await?;
    Ok(Reply(
        QUESTION_TYPES
            .iter()
            .map(|(code, name)| QuestionStructure {
                question_type: *code,
                type_name: (*name).to_owned(),
                has_options: matches!(code, 1 | 2),
                objective: matches!(code, 1..=3),
                answer_format: match code {
                    1 | 2 => "letters",
                    3 => "text",
                    _ => "worked",
                }
                .to_owned(),
                count: counts.iter().find(|(t, _)| t == code).map_or(0, |(_, n)| *n),
            })
            .collect(),
    ))
}
