//! Learning analysis (学情分析) and stage reports (阶段报告): the calls behind the teaching service's
//! analysis pages, under `/api/analysis` (the spec names the screens and no calls). Every figure
//! is computed here from the marked task answers the storage hands back; who reads what is
//! `access::analysis`.

use std::collections::{BTreeMap, HashMap, HashSet};

use actix_web::http::Method;
use actix_web::web;
use protocol::dictionary::{name_of, score_band};
use protocol::dto::analysis::*;
use protocol::dto::wrong_question::{WRONG_MASTERED, WRONG_OPEN, WRONG_SENT, WRONG_STATUSES};
use storage::analysis::{self as store, AnswerFact, ReportRow};
use storage::now_ms;
use storage::question::{self, QuestionRow};

use crate::access::analysis as rule;
use crate::access::teaching_tasks::TaskNeed;
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

const DAY_MS: i64 = 24 * 3600 * 1000;
/// The period an analysis covers when none is given.
const DEFAULT_DAYS: i64 = 90;
/// No period ends after 2100-01-01 (so day arithmetic cannot overflow on what a client sends).
const LATEST_MS: i64 = 4_102_444_800_000;

pub fn routes(r: &mut impl RouteSink) {
    let route = |path: &'static str, summary: &'static str| info(Method::POST, path, Access::Session, "analysis", summary);
    r.add(route("/api/analysis/student", "A student's learning over a period: tasks, knowledge points, wrong questions"), student);
    r.add(route("/api/analysis/paper", "One task of a student analysed as a whole paper, beside the class"), paper);
    r.add(route("/api/analysis/wrongQuestions", "A student's wrong questions, filtered"), wrong_questions);
    r.add(info(Method::GET, "/api/analysis/templates", Access::Session, "analysis", "The stage report templates"), templates);
    r.add(route("/api/analysis/report/create", "A new stage report draft from a template"), create);
    r.add(route("/api/analysis/report/detail", "A stage report with its analysis computed now"), detail);
    r.add(route("/api/analysis/report/save", "Store a draft's texts and questions"), save);
    r.add(route("/api/analysis/report/addQuestions", "Add questions to a draft from the pickers"), add_questions);
    r.add(route("/api/analysis/report/publish", "Publish a draft: read-only, readable by the student's teachers"), publish);
    r.add(route("/api/analysis/report/delete", "Delete a report (its teacher)"), delete);
    r.add(route("/api/analysis/report/list", "Stage reports: the caller's, and the published ones of students they read"), list);
}

/// `n / d` as a percentage with one decimal; -1 when there is no base.
pub(crate) fn percent(n: i64, d: i64) -> f64 {
    if d <= 0 {
        -1.0
    } else {
        (n as f64 * 1000.0 / d as f64).round() / 10.0
    }
}

fn template_of(id: i64) -> Option<(i64, &'static str, &'static str)> {
    REPORT_TEMPLATES.iter().copied().find(|(t, ..)| *t == id)
}

/// The period `[from, to)` asked for, checked; the last `DEFAULT_DAYS` days when absent.
fn period(from: Option<i64>, to: Option<i64>) -> ApiResult<(i64, i64)> {
    let to = to.unwrap_or_else(|| now_ms() + 1);
    let from = from.unwrap_or(to.saturating_sub(DEFAULT_DAYS * DAY_MS));
    if to > LATEST_MS {
        return Err(ApiError::bad_request("时间范围不正确：结束时间超出范围"));
    }
    if from < 0 || to <= from {
        return Err(ApiError::bad_request("时间范围不正确：开始须早于结束"));
    }
    if to - from > MAX_ANALYSIS_DAYS * DAY_MS {
        return Err(ApiError::bad_request(format!("时间范围最长 {MAX_ANALYSIS_DAYS} 天")));
    }
    Ok((from, to))
}

async fn student_of(state: &AppState, id: i64) -> ApiResult<AnalysisStudent> {
    let (id, code, name, grade) = store::student(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("学生不存在或无权查看".into()))?;
    Ok(AnalysisStudent { id, code, name, grade })
}

/// Each question's knowledge points.
async fn points_of(state: &AppState, ids: &[i64]) -> ApiResult<HashMap<i64, Vec<AnalysisPoint>>> {
    let mut out: HashMap<i64, Vec<AnalysisPoint>> = HashMap::new();
    if ids.is_empty() {
        return Ok(out);
    }
    for (question, node_id, name) in question::points_of(&state.db, ids).await? {
        out.entry(question).or_default().push(AnalysisPoint { node_id, name });
    }
    Ok(out)
}

async fn questions_by_id(state: &AppState, ids: &[i64]) -> ApiResult<HashMap<i64, QuestionRow>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(question::by_ids(&state.db, ids).await?.into_iter().map(|q| (q.id, q)).collect())
}

/// Mastery of each knowledge point over the marked answers, weakest first.
fn mastery(facts: &[&AnswerFact], points: &HashMap<i64, Vec<AnalysisPoint>>) -> Vec<PointMastery> {
    let mut by_node: BTreeMap<i64, PointMastery> = BTreeMap::new();
    for fact in facts.iter().filter(|f| f.correct.is_some()) {
        for point in points.get(&fact.question_id).into_iter().flatten() {
            let entry = by_node.entry(point.node_id).or_insert_with(|| PointMastery { node_id: point.node_id, name: point.name.clone(), ..Default::default() });
            entry.answered += 1;
            entry.correct += i64::from(fact.correct == Some(1));
        }
    }
    let mut out: Vec<PointMastery> = by_node
        .into_values()
        .map(|mut p| {
            p.rate = percent(p.correct, p.answered);
            p.level = point_level(p.rate);
            p
        })
        .collect();
    out.sort_by(|a, b| a.rate.total_cmp(&b.rate).then(b.answered.cmp(&a.answered)).then(a.node_id.cmp(&b.node_id)));
    out
}

/// The student's analysis over `[from, to)`, on the tasks of the classes the caller reads.
async fn analyse(state: &AppState, caller: &Caller, student: AnalysisStudent, subject: i64, from: i64, to: i64) -> ApiResult<StudentAnalysis> {
    let all = store::student_answers(&state.db, student.id, subject, from, to).await?;
    let readable = rule::readable_classes(state, caller, all.iter().map(|f| f.class_id)).await?;
    let facts: Vec<&AnswerFact> = all.iter().filter(|f| readable.contains(&f.class_id)).collect();
    let mut task_ids: Vec<i64> = facts.iter().map(|f| f.task_id).collect();
    task_ids.dedup();
    let class_rates: HashMap<i64, (i64, i64)> = store::marked_sums(&state.db, &task_ids).await?.into_iter().fold(HashMap::new(), |mut acc, s| {
        let e = acc.entry(s.task_id).or_insert((0, 0));
        e.0 += s.score;
        e.1 += s.full_points;
        acc
    });
    let mut tasks: Vec<AnalysisTask> = Vec::new();
    // The points of each task's marked answers: the base of the student's own rate.
    let mut marked_full: Vec<i64> = Vec::new();
    let mut totals = AnalysisTotals::default();
    let (mut got, mut possible) = (0, 0);
    for fact in &facts {
        if tasks.last().is_none_or(|t| t.task_id != fact.task_id) {
            let (class_score, class_full) = class_rates.get(&fact.task_id).copied().unwrap_or_default();
            tasks.push(AnalysisTask {
                task_id: fact.task_id,
                name: fact.task_name.clone(),
                class_name: fact.class_name.clone(),
                subject: fact.subject,
                created_at: fact.created_at,
                class_rate: percent(class_score, class_full),
                ..Default::default()
            });
            marked_full.push(0);
        }
        let task = tasks.last_mut().expect("pushed above");
        task.question_count += 1;
        task.full_score += fact.full_score;
        if fact.answer.is_some() {
            task.answered += 1;
        }
        match fact.correct {
            None if fact.answer.is_some() => task.to_mark += 1,
            None => {}
            Some(right) => {
                task.correct += right;
                let score = fact.score.unwrap_or(0);
                task.score += score;
                *marked_full.last_mut().expect("pushed with the task") += fact.full_score;
                got += score;
                possible += fact.full_score;
            }
        }
    }
    for (task, marked_full) in tasks.iter_mut().zip(marked_full) {
        task.score_rate = percent(task.score, marked_full);
        totals.answered += task.answered;
        totals.correct += task.correct;
        totals.to_mark += task.to_mark;
    }
    totals.task_count = tasks.len() as i64;
    let marked = totals.answered - totals.to_mark;
    totals.wrong = marked - totals.correct;
    totals.correct_rate = percent(totals.correct, marked);
    totals.score_rate = percent(got, possible);
    let wrong = store::wrong_questions(&state.db, student.id, from, to).await?;
    let wrong_readable = rule::readable_classes(state, caller, wrong.iter().map(|w| w.class_id)).await?;
    for w in wrong.iter().filter(|w| wrong_readable.contains(&w.class_id) && (subject == 0 || w.subject == subject)) {
        match w.status {
            WRONG_OPEN => totals.wrong_open += 1,
            WRONG_SENT => totals.wrong_sent += 1,
            WRONG_MASTERED => totals.wrong_mastered += 1,
            _ => {}
        }
    }
    let mut question_ids: Vec<i64> = facts.iter().map(|f| f.question_id).collect();
    question_ids.sort_unstable();
    question_ids.dedup();
    let points = points_of(state, &question_ids).await?;
    Ok(StudentAnalysis { student, from, to, subject, totals, tasks, points: mastery(&facts, &points) })
}

async fn student(state: web::Data<AppState>, caller: Caller, body: web::Json<AnalysisStudentRequest>) -> ApiResult<Reply<StudentAnalysis>> {
    let (from, to) = period(body.from, body.to)?;
    rule::student(&state, &caller, body.student_id).await?;
    let who = student_of(&state, body.student_id).await?;
    Ok(Reply(analyse(&state, &caller, who, body.subject.max(0), from, to).await?))
}

/// One task of the student as a whole paper.
async fn analyse_paper(state: &AppState, task_id: i64, student: AnalysisStudent) -> ApiResult<PaperAnalysis> {
    let facts = store::task_answers(&state.db, task_id, student.id).await?;
    let first = facts.first().ok_or_else(|| ApiError::NotFound("作业没有题目".into()))?;
    let ids: Vec<i64> = facts.iter().map(|f| f.question_id).collect();
    let rows = questions_by_id(state, &ids).await?;
    let points = points_of(state, &ids).await?;
    let rates: HashMap<i64, (i64, i64)> = store::question_rates(&state.db, task_id).await?.into_iter().map(|(q, marked, right)| (q, (marked, right))).collect();
    let full_score: i64 = facts.iter().map(|f| f.full_score).sum();
    let questions = facts
        .iter()
        .map(|f| {
            let row = rows.get(&f.question_id);
            let (marked, right) = rates.get(&f.question_id).copied().unwrap_or_default();
            PaperQuestion {
                position: f.position,
                question_id: f.question_id,
                question_type: row.map_or(0, |q| q.question_type),
                stem: row.map_or_else(|| "（题目已删除）".to_owned(), |q| q.stem.clone()),
                options: row.map(QuestionRow::option_list).unwrap_or_default(),
                answer: row.map(|q| q.answer.clone()).unwrap_or_default(),
                analysis: row.map(|q| q.analysis.clone()).unwrap_or_default(),
                points: points.get(&f.question_id).cloned().unwrap_or_default(),
                full_score: f.full_score,
                student_answer: f.answer.clone().unwrap_or_default(),
                correct: f.correct.map(|c| c == 1),
                score: f.correct.and(f.score),
                class_correct_rate: percent(right, marked),
            }
        })
        .collect::<Vec<_>>();
    let score: i64 = questions.iter().filter_map(|q| q.score).sum();
    // The class: every student of the task with marked answers, by their points got.
    let sums = store::marked_sums(&state.db, &[task_id]).await?;
    let class_size = sums.len() as i64;
    let class_total: i64 = sums.iter().map(|s| s.score).sum();
    let student_marked = sums.iter().any(|s| s.student_id == student.id);
    let mut bands = vec![0i64; 5];
    for s in &sums {
        let share = if full_score > 0 { s.score as f64 * 100.0 / full_score as f64 } else { 0.0 };
        bands[score_band(share) as usize] += 1;
    }
    let refs: Vec<&AnswerFact> = facts.iter().collect();
    Ok(PaperAnalysis {
        task_id,
        name: first.task_name.clone(),
        class_name: first.class_name.clone(),
        subject: first.subject,
        created_at: first.created_at,
        student,
        score,
        full_score,
        class_size,
        class_average: if class_size > 0 { (class_total as f64 * 10.0 / class_size as f64).round() / 10.0 } else { -1.0 },
        class_max: sums.iter().map(|s| s.score).max().unwrap_or(0),
        rank: if student_marked { 1 + sums.iter().filter(|s| s.score > score).count() as i64 } else { 0 },
        bands,
        points: mastery(&refs, &points),
        questions,
    })
}

async fn paper(state: web::Data<AppState>, caller: Caller, body: web::Json<AnalysisPaperRequest>) -> ApiResult<Reply<PaperAnalysis>> {
    rule::student(&state, &caller, body.student_id).await?;
    rule::task_of_student(&state, &caller, body.task_id, body.student_id).await?;
    let who = student_of(&state, body.student_id).await?;
    Ok(Reply(analyse_paper(&state, body.task_id, who).await?))
}

/// The student's wrong questions in the classes the caller reads, filtered.
async fn wrong_list(
    state: &AppState,
    caller: &Caller,
    student_id: i64,
    status: i64,
    node_id: i64,
    from: i64,
    to: i64,
) -> ApiResult<Vec<AnalysisWrongQuestion>> {
    let rows = store::wrong_questions(&state.db, student_id, from, to).await?;
    let readable = rule::readable_classes(state, caller, rows.iter().map(|w| w.class_id)).await?;
    let rows: Vec<_> = rows.into_iter().filter(|w| readable.contains(&w.class_id) && (status == 0 || w.status == status)).collect();
    let ids: Vec<i64> = rows.iter().map(|w| w.question_id).collect();
    let points = points_of(state, &ids).await?;
    let questions = questions_by_id(state, &ids).await?;
    let mut last: HashMap<i64, String> = HashMap::new();
    for (question, class_id, answer, correct, _) in store::last_answers(&state.db, student_id, &ids).await? {
        if correct == Some(0) && readable.contains(&class_id) {
            last.entry(question).or_insert(answer);
        }
    }
    Ok(rows
        .into_iter()
        .filter(|w| node_id == 0 || points.get(&w.question_id).is_some_and(|p| p.iter().any(|p| p.node_id == node_id)))
        .filter_map(|w| {
            let q = questions.get(&w.question_id)?;
            Some(AnalysisWrongQuestion {
                question_id: w.question_id,
                question_type: q.question_type,
                stem: q.stem.clone(),
                options: q.option_list(),
                answer: q.answer.clone(),
                analysis: q.analysis.clone(),
                points: points.get(&w.question_id).cloned().unwrap_or_default(),
                class_name: w.class_name,
                wrong_count: w.wrong_count,
                status: w.status,
                status_name: name_of(&WRONG_STATUSES, w.status).to_owned(),
                last_wrong_at: w.last_wrong_at,
                last_answer: last.remove(&w.question_id).unwrap_or_default(),
            })
        })
        .collect())
}

async fn wrong_questions(state: web::Data<AppState>, caller: Caller, body: web::Json<AnalysisWrongRequest>) -> ApiResult<Reply<Vec<AnalysisWrongQuestion>>> {
    if body.status != 0 && !WRONG_STATUSES.iter().any(|(c, _)| *c == body.status) {
        return Err(ApiError::bad_request("status 取值不正确"));
    }
    let (from, to) = match (body.from, body.to) {
        (None, None) => (0, i64::MAX),
        (from, to) => period(from, to)?,
    };
    rule::student(&state, &caller, body.student_id).await?;
    Ok(Reply(wrong_list(&state, &caller, body.student_id, body.status, body.node_id, from, to).await?))
}

async fn templates() -> Reply<Vec<ReportTemplate>> {
    Reply(
        REPORT_TEMPLATES
            .iter()
            .map(|(id, name, description)| ReportTemplate {
                id: *id,
                name: (*name).to_owned(),
                description: (*description).to_owned(),
                needs_task: *id == TEMPLATE_PAPER,
            })
            .collect(),
    )
}

fn day_text(ms: i64) -> String {
    use storage::datacentre::calendar::{day_of_ms, format_day};
    format_day(day_of_ms(ms))
}

fn checked_title(title: &str) -> ApiResult<String> {
    let title = title.trim();
    if title.is_empty() {
        return Err(ApiError::bad_request("报告标题不能为空"));
    }
    if title.chars().count() > MAX_REPORT_TITLE_CHARS {
        return Err(ApiError::bad_request(format!("报告标题最多 {MAX_REPORT_TITLE_CHARS} 字")));
    }
    Ok(title.to_owned())
}

fn checked_text(what: &str, text: &str) -> ApiResult<String> {
    let text = text.trim();
    if text.chars().count() > MAX_REPORT_TEXT_CHARS {
        return Err(ApiError::bad_request(format!("{what}最多 {MAX_REPORT_TEXT_CHARS} 字")));
    }
    Ok(text.to_owned())
}

async fn create(state: web::Data<AppState>, caller: Caller, body: web::Json<CreateStageReportRequest>) -> ApiResult<Reply<StageReport>> {
    let (id, name, _) = template_of(body.template).ok_or_else(|| ApiError::bad_request("报告模板不存在"))?;
    let (from, to) = period(Some(body.from), Some(body.to))?;
    let title = body.title.as_deref().map(checked_title).transpose()?;
    rule::student(&state, &caller, body.student_id).await?;
    let task_id = match (id, body.task_id) {
        (TEMPLATE_PAPER, Some(task)) => {
            rule::task_of_student(&state, &caller, task, body.student_id).await?;
            Some(task)
        }
        (TEMPLATE_PAPER, None) => return Err(ApiError::bad_request("单卷分析报告需要选择一次作业")),
        _ => None,
    };
    let student = student_of(&state, body.student_id).await?;
    // A wrong-question review starts with the period's wrong questions not yet mastered.
    let questions: Vec<i64> = if id == TEMPLATE_WRONG {
        wrong_list(&state, &caller, body.student_id, 0, 0, from, to)
            .await?
            .into_iter()
            .filter(|w| w.status != WRONG_MASTERED)
            .take(MAX_REPORT_QUESTIONS)
            .map(|w| w.question_id)
            .collect()
    } else {
        Vec::new()
    };
    let title = title.unwrap_or_else(|| format!("{} {}（{} 至 {}）", student.name, name, day_text(from), day_text(to - 1)));
    let report = store::create(
        &state.db,
        &store::NewReport {
            student_id: body.student_id,
            teacher_id: caller.user.id,
            template: id,
            subject: body.subject.max(0),
            from,
            to,
            task_id,
            title: &title,
            questions: &questions,
            now: now_ms(),
        },
    )
    .await?;
    let row = store::by_id(&state.db, report).await?.ok_or(ApiError::NotFound("报告不存在".into()))?;
    Ok(Reply(report_of(&state, &caller, row).await?))
}

/// The report with its questions and its analysis computed now.
async fn report_of(state: &AppState, caller: &Caller, row: ReportRow) -> ApiResult<StageReport> {
    let student = AnalysisStudent { id: row.student_id, code: row.student_code.clone(), name: row.student_name.clone(), grade: row.grade.clone() };
    let analysis = analyse(state, caller, student.clone(), row.subject, row.period_from, row.period_to).await?;
    let paper = match row.task_id {
        Some(task) if row.template == TEMPLATE_PAPER => Some(analyse_paper(state, task, student.clone()).await?),
        _ => None,
    };
    let chosen = store::report_questions(&state.db, row.id).await?;
    let ids: Vec<i64> = chosen.iter().map(|(q, _)| *q).collect();
    let rows = questions_by_id(state, &ids).await?;
    let points = points_of(state, &ids).await?;
    // The student's latest answer to each within the period, and how often it was wrong.
    let mut latest: HashMap<i64, (String, Option<bool>)> = HashMap::new();
    for (question, _, answer, correct, at) in store::last_answers(&state.db, row.student_id, &ids).await? {
        if (row.period_from..row.period_to).contains(&at) {
            latest.entry(question).or_insert((answer, correct.map(|c| c == 1)));
        }
    }
    let wrong_counts: HashMap<i64, i64> =
        store::wrong_questions(&state.db, row.student_id, 0, i64::MAX).await?.into_iter().map(|w| (w.question_id, w.wrong_count)).collect();
    let questions = chosen
        .into_iter()
        .filter_map(|(id, note)| {
            let q = rows.get(&id)?;
            let (student_answer, correct) = latest.remove(&id).unwrap_or_default();
            Some(StageReportQuestion {
                question_id: id,
                question_type: q.question_type,
                stem: q.stem.clone(),
                options: q.option_list(),
                answer: q.answer.clone(),
                analysis: q.analysis.clone(),
                points: points.get(&id).cloned().unwrap_or_default(),
                note,
                student_answer,
                correct,
                wrong_count: wrong_counts.get(&id).copied().unwrap_or(0),
            })
        })
        .collect();
    let (_, template_name, _) = template_of(row.template).unwrap_or((row.template, "", ""));
    Ok(StageReport {
        id: row.id,
        status: row.status,
        status_name: name_of(&REPORT_STATUSES, row.status).to_owned(),
        template: row.template,
        template_name: template_name.to_owned(),
        title: row.title,
        student,
        subject: row.subject,
        from: row.period_from,
        to: row.period_to,
        task_id: row.task_id,
        teacher_id: row.teacher_id,
        teacher_name: row.teacher_name,
        summary: row.summary,
        comment: row.comment,
        next_plan: row.next_plan,
        questions,
        analysis,
        paper,
        can_edit: row.teacher_id == caller.user.id && row.status == REPORT_DRAFT,
        created_at: row.created_at,
        updated_at: row.updated_at,
        published_at: row.published_at,
    })
}

async fn detail(state: web::Data<AppState>, caller: Caller, body: web::Json<StageReportIdRequest>) -> ApiResult<Reply<StageReport>> {
    let row = rule::report(&state, &caller, body.id, TaskNeed::Read).await?;
    Ok(Reply(report_of(&state, &caller, row).await?))
}

/// A draft the caller may change.
async fn draft(state: &AppState, caller: &Caller, id: i64) -> ApiResult<ReportRow> {
    let row = rule::report(state, caller, id, TaskNeed::Write).await?;
    if row.teacher_id != caller.user.id {
        return Err(ApiError::NoPermission);
    }
    if row.status != REPORT_DRAFT {
        return Err(ApiError::Conflict("报告已发布，不能再修改".into()));
    }
    Ok(row)
}

/// Questions a report may show: those set to its student in a task.
async fn checked_questions(state: &AppState, student_id: i64, ids: &[i64]) -> ApiResult<()> {
    let found: HashSet<i64> = store::set_to_student(&state.db, student_id, ids).await?.into_iter().collect();
    match ids.iter().find(|id| !found.contains(id)) {
        Some(id) => Err(ApiError::bad_request(format!("题目 {id} 不是该学生做过的题"))),
        None => Ok(()),
    }
}

async fn save(state: web::Data<AppState>, caller: Caller, body: web::Json<SaveStageReportRequest>) -> ApiResult<Reply<StageReport>> {
    let title = checked_title(&body.title)?;
    let summary = checked_text("阶段总结", &body.summary)?;
    let comment = checked_text("老师评语", &body.comment)?;
    let next_plan = checked_text("后续计划", &body.next_plan)?;
    if body.questions.len() > MAX_REPORT_QUESTIONS {
        return Err(ApiError::bad_request(format!("报告最多展示 {MAX_REPORT_QUESTIONS} 道题")));
    }
    let mut seen = HashSet::new();
    let mut questions = Vec::with_capacity(body.questions.len());
    for q in &body.questions {
        if !seen.insert(q.question_id) {
            return Err(ApiError::bad_request("题目不能重复"));
        }
        let note = q.note.trim();
        if note.chars().count() > MAX_REPORT_QUESTION_NOTE_CHARS {
            return Err(ApiError::bad_request(format!("题目点评最多 {MAX_REPORT_QUESTION_NOTE_CHARS} 字")));
        }
        questions.push((q.question_id, note.to_owned()));
    }
    let row = draft(&state, &caller, body.id).await?;
    checked_questions(&state, row.student_id, &questions.iter().map(|(q, _)| *q).collect::<Vec<_>>()).await?;
    let edit = store::ReportEdit { title: &title, summary: &summary, comment: &comment, next_plan: &next_plan, questions: &questions };
    if !store::save(&state.db, row.id, body.updated_at, &edit, now_ms()).await? {
        return Err(ApiError::Conflict("报告已发布，或刚被另一处修改，请刷新后再保存".into()));
    }
    let row = rule::report(&state, &caller, body.id, TaskNeed::Read).await?;
    Ok(Reply(report_of(&state, &caller, row).await?))
}

async fn add_questions(state: web::Data<AppState>, caller: Caller, body: web::Json<AddReportQuestionsRequest>) -> ApiResult<Reply<i64>> {
    if body.question_ids.is_empty() || body.question_ids.len() > MAX_REPORT_QUESTIONS {
        return Err(ApiError::bad_request(format!("一次添加 1 到 {MAX_REPORT_QUESTIONS} 道题")));
    }
    let row = draft(&state, &caller, body.id).await?;
    checked_questions(&state, row.student_id, &body.question_ids).await?;
    match store::add_questions(&state.db, row.id, &body.question_ids, MAX_REPORT_QUESTIONS, now_ms()).await? {
        Some(added) => Ok(Reply(added as i64)),
        None => Err(ApiError::Conflict("报告已发布，不能再修改".into())),
    }
}

async fn publish(state: web::Data<AppState>, caller: Caller, body: web::Json<StageReportIdRequest>) -> ApiResult<Reply<StageReport>> {
    let row = draft(&state, &caller, body.id).await?;
    if row.summary.is_empty() && row.comment.is_empty() {
        return Err(ApiError::bad_request("请先填写阶段总结或老师评语再发布"));
    }
    if !store::publish(&state.db, row.id, now_ms()).await? {
        return Err(ApiError::Conflict("报告已发布".into()));
    }
    let row = rule::report(&state, &caller, body.id, TaskNeed::Read).await?;
    Ok(Reply(report_of(&state, &caller, row).await?))
}

async fn delete(state: web::Data<AppState>, caller: Caller, body: web::Json<StageReportIdRequest>) -> ApiResult<Reply<bool>> {
    let row = rule::report(&state, &caller, body.id, TaskNeed::Write).await?;
    if row.teacher_id != caller.user.id {
        return Err(ApiError::NoPermission);
    }
    store::delete(&state.db, row.id).await?;
    Ok(Reply(true))
}

async fn list(state: web::Data<AppState>, caller: Caller, body: web::Json<StageReportListRequest>) -> ApiResult<Reply<Vec<StageReportItem>>> {
    if body.status != 0 && !REPORT_STATUSES.iter().any(|(c, _)| *c == body.status) {
        return Err(ApiError::bad_request("status 取值不正确"));
    }
    if body.student_id != 0 {
        rule::student(&state, &caller, body.student_id).await?;
    }
    let (mine, _) = crate::access::scope::mine(&state, &caller).await?;
    let rows = store::list(&state.db, caller.user.id, mine, body.student_id.max(0), body.status).await?;
    Ok(Reply(
        rows.into_iter()
            .map(|r| StageReportItem {
                id: r.id,
                status_name: name_of(&REPORT_STATUSES, r.status).to_owned(),
                template_name: template_of(r.template).map_or("", |t| t.1).to_owned(),
                student: AnalysisStudent { id: r.student_id, code: r.student_code, name: r.student_name, grade: r.grade },
                mine: r.teacher_id == caller.user.id,
                title: r.title,
                status: r.status,
                template: r.template,
                teacher_name: r.teacher_name,
                from: r.period_from,
                to: r.period_to,
                question_count: r.question_count,
                updated_at: r.updated_at,
                published_at: r.published_at,
            })
            .collect(),
    ))
}
