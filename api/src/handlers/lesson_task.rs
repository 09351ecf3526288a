//! Lesson report tasks (`lesson-task` area, 03 §7.5): the teacher sets a lesson's task from the
//! question bank, records the students' answer sheets (objective answers marked against the
//! stored answer at once, worked answers marked by the teacher), and reads the summaries the
//! lesson report shows. Marked answers keep the students' wrong questions (`wrong_question`).

use std::collections::HashMap;

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::common::Page;
use protocol::dto::lesson_task::{
    task_student_limit, ClassTaskListRequest, HasAnswerRequest, HasAnswerTask, LessonTask, StudentCodeRequest, StudentCodeResources, StudentTaskResource,
    TaskAnswer, TaskAnswerMarkRequest, TaskAnswerSaveRequest, TaskAnswerSheet, TaskCheck, TaskClassGroups, TaskClassRequest, TaskGroupStudent, TaskIdRequest,
    TaskLessonQuery, TaskLessonRequest, TaskName, TaskQuestion, TaskSheetRequest, TaskStudentGroup, TaskStudentLimit, TaskStudentSummary, TaskSubmitRequest,
    TaskSummaryInfo, TaskTextCheck, TaskTextCheckRequest, TaskTextContent, TaskTextRequest, DEFAULT_QUESTION_SCORE, TASK_ANSWER_CHARS, TASK_CLOSED,
    TASK_KIND_LESSON, TASK_NAME_CHARS, TASK_OPEN, TASK_QUESTION_LIMIT, TASK_TEXT_CHARS,
};
use protocol::validation::task_text_problems;
use storage::lesson_task::{self, AnswerRow, HasAnswerQuery, MarkedAnswer, NewTask, NewTaskQuestion, TaskQuestionRow, TaskRow};
use storage::question::{self, QuestionRow};

use super::question::{question_for, views};
use crate::access::teaching_tasks::{class_for, lesson_for, readable_classes, student_visible, task_for, TaskNeed};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// The most tasks the unpaged list answers.
const HAS_ANSWER_LIST_LIMIT: i64 = 200;

pub fn routes(r: &mut impl RouteSink) {
    let call = |path, what| info(Method::POST, path, Access::Session, "lesson-task", what);
    r.add(
        info(Method::GET, "/api/task/check", Access::Session, "lesson-task", "Whether the lesson has its task and the caller may set it").spec(&["S359"]),
        check,
    );
    r.add(call("/api/task/getTaskName", "The lesson task's name (the lesson's default when none is set)").spec(&["S353"]), task_name);
    r.add(call("/api/task/class/student/limit", "How many students a task of the class may be set for").spec(&["S358"]), student_limit);
    r.add(call("/api/task/submit", "Set the lesson's task (questions, students, message), open to answers").spec(&["S357"]), submit);
    r.add(call("/api/task/detail", "A task with its questions"), detail);
    r.add(call("/api/task/close", "Close a task to further answers"), close);
    r.add(call("/api/task/getTextContent", "The task's message to students and families").spec(&["S354"]), get_text);
    r.add(call("/api/task/updateTextContent", "Change the task's message (refused when the check finds problems)").spec(&["S355"]), update_text);
    r.add(call("/api/task/checkTextContent", "Check a message (of a task, or one not set yet): length and contact details").spec(&["S356"]), check_text);
    r.add(call("/api/task/queryClassGroup", "The lesson's students grouped: marked, to mark, not answered").spec(&["S351"]), class_groups);
    r.add(call("/api/task/studentSummaryInfo", "Every student's results in a task, and the task's totals").spec(&["S352"]), summary_info);
    r.add(call("/api/task/answer/save", "Record a student's answer sheet; objective answers are marked at once"), save_answers);
    r.add(call("/api/task/answer/mark", "Mark one answer (worked answers, or correcting a mark)"), mark_answer);
    r.add(call("/api/task/answer/sheet", "A student's answer sheet of a task"), answer_sheet);
    r.add(call("/api/lesson/report/hasAnswer/list", "My lesson tasks with answers in (newest lesson first)").spec(&["S349"]), has_answer_list);
    r.add(call("/api/lesson/report/hasAnswer/list/v2", "A page of my lesson tasks with answers in, filtered").spec(&["S350"]), has_answer_page);
    r.add(call("/api/lesson/studentcode/resource/query", "A student's tasks, found by their code").spec(&["S360"]), by_student_code);
    r.add(call("/api/task/class/list", "Every task set for a class (answered or not), newest lesson first, for whoever may read the class"), class_tasks);
}

/// Right of marked (or points obtained of possible), exact; -1 when nothing is marked.
pub(crate) fn rate(right: i64, marked: i64) -> f64 {
    if marked == 0 {
        -1.0
    } else {
        right as f64 / marked as f64
    }
}

fn default_name(lesson: &lesson_task::TaskLesson) -> String {
    let name = format!("{} 第{}次课 课后任务", lesson.class_name, lesson.lesson_no);
    name.chars().take(TASK_NAME_CHARS).collect()
}

async fn check(state: web::Data<AppState>, caller: Caller, query: web::Query<TaskLessonQuery>) -> ApiResult<Reply<TaskCheck>> {
    let lesson = lesson_for(&state, &caller, query.lesson_id, TaskNeed::Read).await?;
    let task = lesson_task::of_lesson(&state.db, lesson.id).await?;
    let teaches = lesson.teacher_id == caller.user.id || lesson.class_teacher_id == caller.user.id;
    let answered = match &task {
        Some(t) => !lesson_task::answers(&state.db, t.id, None).await?.is_empty(),
        None => false,
    };
    let reason = if !teaches {
        "只有本课次的老师可以布置任务"
    } else if answered {
        "已有学生作答，题目和学生不能再改"
    } else {
        ""
    };
    Ok(Reply(TaskCheck {
        lesson_id: lesson.id,
        exists: task.is_some(),
        task_id: task.as_ref().map_or(0, |t| t.id),
        status: task.as_ref().map_or(0, |t| t.status),
        can_edit: reason.is_empty(),
        reason: reason.to_owned(),
    }))
}

async fn task_name(state: web::Data<AppState>, caller: Caller, body: web::Json<TaskLessonRequest>) -> ApiResult<Reply<TaskName>> {
    let lesson = lesson_for(&state, &caller, body.lesson_id, TaskNeed::Read).await?;
    let task = lesson_task::of_lesson(&state.db, lesson.id).await?;
    let name = task.as_ref().map_or_else(|| default_name(&lesson), |t| t.name.clone());
    Ok(Reply(TaskName { lesson_id: lesson.id, task_id: task.map_or(0, |t| t.id), name }))
}

async fn student_limit(state: web::Data<AppState>, caller: Caller, body: web::Json<TaskClassRequest>) -> ApiResult<Reply<TaskStudentLimit>> {
    let (_, class_type, _, _) = crate::access::teaching_tasks::class_for(&state, &caller, body.class_id, TaskNeed::Read).await?;
    let students = lesson_task::class_students(&state.db, body.class_id).await?;
    Ok(Reply(TaskStudentLimit { class_id: body.class_id, class_type, limit: task_student_limit(class_type), student_count: students.len() as i64 }))
}

/// The task as its teacher sees it.
async fn task_view(state: &AppState, caller: &Caller, task: &TaskRow) -> ApiResult<LessonTask> {
    let questions = lesson_task::questions(&state.db, task.id).await?;
    let rows = question::by_ids(&state.db, &questions.iter().map(|q| q.question_id).collect::<Vec<_>>()).await?;
    let shown = views(state, caller, &rows, 1).await?;
    let mut by_id: HashMap<i64, _> = shown.into_iter().map(|v| (v.question_id, v)).collect();
    let students = lesson_task::students(&state.db, task.id).await?;
    Ok(LessonTask {
        task_id: task.id,
        kind: task.kind,
        lesson_id: task.lesson_id.unwrap_or(0),
        class_id: task.class_id,
        class_name: task.class_name.clone(),
        name: task.name.clone(),
        text_content: task.text_content.clone(),
        status: task.status,
        total_score: questions.iter().map(|q| q.score).sum(),
        questions: questions
            .iter()
            .filter_map(|q| {
                let mut view = by_id.remove(&q.question_id)?;
                view.question_index = q.position;
                Some(TaskQuestion { position: q.position, score: q.score, practice_of: q.practice_of.unwrap_or(0), question: view })
            })
            .collect(),
        student_count: students.len() as i64,
        create_time: task.created_at,
    })
}

fn check_name(name: &str) -> ApiResult<String> {
    super::bounded_text(name, TASK_NAME_CHARS, "任务名称")
}

fn check_message(text: &str) -> ApiResult<()> {
    let problems = task_text_problems(text, TASK_TEXT_CHARS);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(ApiError::bad_request(problems.join("；")))
    }
}

async fn submit(state: web::Data<AppState>, caller: Caller, body: web::Json<TaskSubmitRequest>) -> ApiResult<Reply<LessonTask>> {
    let lesson = lesson_for(&state, &caller, body.lesson_id, TaskNeed::Write).await?;
    let name = check_name(&body.name)?;
    let text = body.text_content.as_deref().unwrap_or("").trim().to_owned();
    check_message(&text)?;
    if body.questions.is_empty() || body.questions.len() > TASK_QUESTION_LIMIT {
        return Err(ApiError::bad_request(format!("任务需有1到{TASK_QUESTION_LIMIT}道题")));
    }
    let mut questions = Vec::with_capacity(body.questions.len());
    for q in &body.questions {
        if questions.iter().any(|n: &NewTaskQuestion| n.question_id == q.question_id) {
            return Err(ApiError::bad_request("题目不能重复"));
        }
        let score = q.score.unwrap_or(DEFAULT_QUESTION_SCORE);
        if !(1..=100).contains(&score) {
            return Err(ApiError::bad_request("每题分值需在1到100之间"));
        }
        let row = question_for(&state, &caller, q.question_id).await?;
        if row.origin_id.is_some() {
            return Err(ApiError::bad_request("纠错稿不能布置给学生"));
        }
        if row.subject != lesson.subject {
            return Err(ApiError::bad_request(format!("题目 {} 不是本班学科的题目", row.id)));
        }
        questions.push(NewTaskQuestion { question_id: row.id, score, practice_of: None });
    }
    let class_students = lesson_task::class_students(&state.db, lesson.class_id).await?;
    let students: Vec<i64> = match &body.student_ids {
        None => class_students.iter().map(|s| s.0).collect(),
        Some(ids) => {
            let mut ids = ids.clone();
            ids.sort_unstable();
            ids.dedup();
            if ids.iter().any(|id| !class_students.iter().any(|s| s.0 == *id)) {
                return Err(ApiError::bad_request("只能给本班在读的学生布置任务"));
            }
            ids
        }
    };
    if students.is_empty() {
        return Err(ApiError::bad_request("请至少选择一名学生"));
    }
    let limit = task_student_limit(lesson.class_type);
    if students.len() as i64 > limit {
        return Err(ApiError::bad_request(format!("该班型的任务最多布置给{limit}名学生")));
    }
    let id = lesson_task::set_for_lesson(
        &state.db,
        &NewTask {
            kind: TASK_KIND_LESSON,
            lesson_id: Some(lesson.id),
            class_id: lesson.class_id,
            teacher_id: caller.user.id,
            name: &name,
            text_content: &text,
            questions: &questions,
            students: &students,
        },
    )
    .await?;
    let task = lesson_task::by_id(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("任务不存在".into()))?;
    Ok(Reply(task_view(&state, &caller, &task).await?))
}

async fn detail(state: web::Data<AppState>, caller: Caller, body: web::Json<TaskIdRequest>) -> ApiResult<Reply<LessonTask>> {
    let task = task_for(&state, &caller, body.task_id, TaskNeed::Read).await?;
    Ok(Reply(task_view(&state, &caller, &task).await?))
}

async fn close(state: web::Data<AppState>, caller: Caller, body: web::Json<TaskIdRequest>) -> ApiResult<Reply<LessonTask>> {
    let task = task_for(&state, &caller, body.task_id, TaskNeed::Write).await?;
    if task.status == TASK_CLOSED {
        return Err(ApiError::Conflict("任务已结束".into()));
    }
    lesson_task::close(&state.db, task.id).await?;
    let task = lesson_task::by_id(&state.db, task.id).await?.ok_or_else(|| ApiError::NotFound("任务不存在".into()))?;
    Ok(Reply(task_view(&state, &caller, &task).await?))
}

async fn get_text(state: web::Data<AppState>, caller: Caller, body: web::Json<TaskIdRequest>) -> ApiResult<Reply<TaskTextContent>> {
    let task = task_for(&state, &caller, body.task_id, TaskNeed::Read).await?;
    Ok(Reply(TaskTextContent { task_id: task.id, text_content: task.text_content }))
}

async fn update_text(state: web::Data<AppState>, caller: Caller, body: web::Json<TaskTextRequest>) -> ApiResult<Reply<TaskTextContent>> {
    let task = task_for(&state, &caller, body.task_id, TaskNeed::Write).await?;
    let text = body.text_content.trim();
    check_message(text)?;
    lesson_task::update_text(&state.db, task.id, text).await?;
    Ok(Reply(TaskTextContent { task_id: task.id, text_content: text.to_owned() }))
}

async fn check_text(state: web::Data<AppState>, caller: Caller, body: web::Json<TaskTextCheckRequest>) -> ApiResult<Reply<TaskTextCheck>> {
    // The check reads nothing of a task; one named must still be the caller's to read.
    if let Some(task_id) = body.task_id {
        task_for(&state, &caller, task_id, TaskNeed::Read).await?;
    }
    let problems = task_text_problems(body.text_content.trim(), TASK_TEXT_CHARS);
    Ok(Reply(TaskTextCheck { pass: problems.is_empty(), problems }))
}

/// Each student's results, from the task's questions and their answers.
fn summaries(questions: &[TaskQuestionRow], students: &[lesson_task::TaskStudentRow], answers: &[AnswerRow]) -> Vec<TaskStudentSummary> {
    let total_score: i64 = questions.iter().map(|q| q.score).sum();
    students
        .iter()
        .map(|s| {
            let mine: Vec<&AnswerRow> = answers.iter().filter(|a| a.student_id == s.student_id).collect();
            let right = mine.iter().filter(|a| a.correct == Some(1)).count() as i64;
            let wrong = mine.iter().filter(|a| a.correct == Some(0)).count() as i64;
            TaskStudentSummary {
                student_id: s.student_id,
                student_code: s.code.clone(),
                student_name: s.name.clone(),
                answered: mine.len() as i64,
                right,
                wrong,
                to_mark: mine.iter().filter(|a| a.correct.is_none()).count() as i64,
                score: mine.iter().filter_map(|a| a.score).sum(),
                total_score,
                accuracy: rate(right, right + wrong),
                answer_time: s.answered_at.unwrap_or(0),
            }
        })
        .collect()
}

async fn summary_info(state: web::Data<AppState>, caller: Caller, body: web::Json<TaskIdRequest>) -> ApiResult<Reply<TaskSummaryInfo>> {
    let task = task_for(&state, &caller, body.task_id, TaskNeed::Read).await?;
    let questions = lesson_task::questions(&state.db, task.id).await?;
    let students = lesson_task::students(&state.db, task.id).await?;
    let answers = lesson_task::answers(&state.db, task.id, None).await?;
    let rows = summaries(&questions, &students, &answers);
    let answered: Vec<&TaskStudentSummary> = rows.iter().filter(|s| s.answered > 0).collect();
    let right: i64 = rows.iter().map(|s| s.right).sum();
    let marked: i64 = rows.iter().map(|s| s.right + s.wrong).sum();
    let average_score = if answered.is_empty() { 0.0 } else { answered.iter().map(|s| s.score).sum::<i64>() as f64 / answered.len() as f64 };
    Ok(Reply(TaskSummaryInfo {
        task_id: task.id,
        name: task.name,
        question_count: questions.len() as i64,
        total_score: questions.iter().map(|q| q.score).sum(),
        student_count: rows.len() as i64,
        answered_students: answered.len() as i64,
        to_mark: rows.iter().map(|s| s.to_mark).sum(),
        average_score,
        accuracy: rate(right, marked),
        students: rows,
    }))
}

async fn class_groups(state: web::Data<AppState>, caller: Caller, body: web::Json<TaskLessonRequest>) -> ApiResult<Reply<TaskClassGroups>> {
    let lesson = lesson_for(&state, &caller, body.lesson_id, TaskNeed::Read).await?;
    let student = |(id, code, name): (i64, String, String)| TaskGroupStudent { student_id: id, student_code: code, student_name: name };
    let Some(task) = lesson_task::of_lesson(&state.db, lesson.id).await? else {
        let students = lesson_task::class_students(&state.db, lesson.class_id).await?;
        return Ok(Reply(TaskClassGroups {
            lesson_id: lesson.id,
            task_id: 0,
            class_id: lesson.class_id,
            class_name: lesson.class_name,
            groups: vec![TaskStudentGroup { code: "noTask".into(), name: "未布置任务".into(), students: students.into_iter().map(student).collect() }],
        }));
    };
    let questions = lesson_task::questions(&state.db, task.id).await?;
    let students = lesson_task::students(&state.db, task.id).await?;
    let answers = lesson_task::answers(&state.db, task.id, None).await?;
    let mut groups = [("marked", "已批改"), ("toMark", "待批改"), ("unanswered", "未作答")].map(|(code, name)| TaskStudentGroup {
        code: code.into(),
        name: name.into(),
        students: Vec::new(),
    });
    for s in summaries(&questions, &students, &answers) {
        let at = match (s.answered, s.to_mark) {
            (0, _) => 2,
            (_, 0) => 0,
            _ => 1,
        };
        groups[at].students.push(student((s.student_id, s.student_code, s.student_name)));
    }
    Ok(Reply(TaskClassGroups { lesson_id: lesson.id, task_id: task.id, class_id: lesson.class_id, class_name: lesson.class_name, groups: groups.into() }))
}

/// The student's sheet of the task with their results.
async fn sheet(state: &AppState, task: &TaskRow, student_id: i64) -> ApiResult<TaskAnswerSheet> {
    let questions = lesson_task::questions(&state.db, task.id).await?;
    let students: Vec<_> = lesson_task::students(&state.db, task.id).await?.into_iter().filter(|s| s.student_id == student_id).collect();
    let answers = lesson_task::answers(&state.db, task.id, Some(student_id)).await?;
    let summary = summaries(&questions, &students, &answers).pop().ok_or_else(|| ApiError::NotFound("该学生不在任务中".into()))?;
    let order: HashMap<i64, i64> = questions.iter().map(|q| (q.question_id, q.position)).collect();
    let mut shown: Vec<TaskAnswer> = answers
        .into_iter()
        .map(|a| TaskAnswer {
            question_id: a.question_id,
            answer: a.answer,
            correct: a.correct.map(|c| c != 0),
            score: a.score,
            comment: a.comment,
            answer_time: a.answered_at,
        })
        .collect();
    shown.sort_by_key(|a| order.get(&a.question_id).copied().unwrap_or(i64::MAX));
    Ok(TaskAnswerSheet { task_id: task.id, student_id, answers: shown, summary })
}

async fn task_student(state: &AppState, task: &TaskRow, student_id: i64) -> ApiResult<()> {
    if lesson_task::is_task_student(&state.db, task.id, student_id).await? {
        Ok(())
    } else {
        Err(ApiError::bad_request("该学生不在这个任务中"))
    }
}

async fn save_answers(state: web::Data<AppState>, caller: Caller, body: web::Json<TaskAnswerSaveRequest>) -> ApiResult<Reply<TaskAnswerSheet>> {
    let task = task_for(&state, &caller, body.task_id, TaskNeed::Write).await?;
    if task.status != TASK_OPEN {
        return Err(ApiError::Conflict("任务已结束，不能再录入答案".into()));
    }
    task_student(&state, &task, body.student_id).await?;
    // A blank is a question not answered (yet): it is not recorded, so it is neither wrong nor
    // waiting for marking; a sheet entered in parts is saved in parts.
    let given: Vec<&protocol::dto::lesson_task::TaskAnswerInput> = body.answers.iter().filter(|a| !a.answer.trim().is_empty()).collect();
    if given.is_empty() {
        return Err(ApiError::bad_request("请至少录入一道题的答案"));
    }
    let questions = lesson_task::questions(&state.db, task.id).await?;
    let rows: HashMap<i64, QuestionRow> =
        question::by_ids(&state.db, &questions.iter().map(|q| q.question_id).collect::<Vec<_>>()).await?.into_iter().map(|r| (r.id, r)).collect();
    let mut marked = Vec::with_capacity(given.len());
    for a in given {
        let Some(q) = questions.iter().find(|q| q.question_id == a.question_id) else {
            return Err(ApiError::bad_request(format!("题目 {} 不在这个任务中", a.question_id)));
        };
        if marked.iter().any(|m: &MarkedAnswer| m.question_id == a.question_id) {
            return Err(ApiError::bad_request("同一道题只能录入一次"));
        }
        if a.answer.chars().count() > TASK_ANSWER_CHARS {
            return Err(ApiError::bad_request(format!("答案不能超过{TASK_ANSWER_CHARS}个字")));
        }
        // Objective answers are marked against the stored answer; worked answers wait for the teacher.
        let correct = rows.get(&q.question_id).and_then(|row| question::mark(row, &a.answer));
        marked.push(MarkedAnswer {
            question_id: q.question_id,
            answer: a.answer.trim(),
            correct,
            score: correct.map(|c| if c { q.score } else { 0 }),
            practice_of: q.practice_of,
        });
    }
    lesson_task::record_answers(&state.db, &task, body.student_id, &marked, None).await?;
    Ok(Reply(sheet(&state, &task, body.student_id).await?))
}

async fn mark_answer(state: web::Data<AppState>, caller: Caller, body: web::Json<TaskAnswerMarkRequest>) -> ApiResult<Reply<TaskAnswerSheet>> {
    let task = task_for(&state, &caller, body.task_id, TaskNeed::Write).await?;
    task_student(&state, &task, body.student_id).await?;
    let questions = lesson_task::questions(&state.db, task.id).await?;
    let q = questions.iter().find(|q| q.question_id == body.question_id).ok_or_else(|| ApiError::bad_request("题目不在这个任务中"))?;
    let score = body.score.unwrap_or(if body.correct { q.score } else { 0 });
    if !(0..=q.score).contains(&score) {
        return Err(ApiError::bad_request(format!("得分需在0到{}之间", q.score)));
    }
    let comment = body.comment.as_deref().unwrap_or("").trim();
    if comment.chars().count() > TASK_ANSWER_CHARS {
        return Err(ApiError::bad_request(format!("评语不能超过{TASK_ANSWER_CHARS}个字")));
    }
    if !lesson_task::mark(&state.db, &task, body.student_id, q.question_id, q.practice_of, body.correct, score, comment, caller.user.id).await? {
        return Err(ApiError::bad_request("该学生还没有作答这道题"));
    }
    Ok(Reply(sheet(&state, &task, body.student_id).await?))
}

async fn answer_sheet(state: web::Data<AppState>, caller: Caller, body: web::Json<TaskSheetRequest>) -> ApiResult<Reply<TaskAnswerSheet>> {
    let task = task_for(&state, &caller, body.task_id, TaskNeed::Read).await?;
    task_student(&state, &task, body.student_id).await?;
    Ok(Reply(sheet(&state, &task, body.student_id).await?))
}

/// The search of the caller's tasks; a class the caller may not read reads as absent (not as one
/// without tasks).
async fn has_answer_query(state: &AppState, caller: &Caller, body: &HasAnswerRequest) -> ApiResult<HasAnswerQuery> {
    if let (Some(from), Some(until)) = (body.start_time, body.end_time) {
        if from >= until {
            return Err(ApiError::bad_request("开始时间需早于结束时间"));
        }
    }
    if let Some(class_id) = body.class_id {
        class_for(state, caller, class_id, TaskNeed::Read).await?;
    }
    Ok(HasAnswerQuery { class_id: body.class_id, from: body.start_time, until: body.end_time, to_mark_only: body.to_mark.unwrap_or(false) })
}

fn has_answer_task(r: lesson_task::HasAnswerRow) -> HasAnswerTask {
    HasAnswerTask {
        task_id: r.id,
        lesson_id: r.lesson_id,
        name: r.name,
        class_id: r.class_id,
        class_name: r.class_name,
        lesson_title: r.lesson_title,
        lesson_time: r.lesson_time,
        status: r.status,
        student_count: r.student_count,
        answered_students: r.answered_students,
        to_mark: r.to_mark,
        accuracy: rate(r.right_count, r.marked_count),
    }
}

async fn has_answer_list(state: web::Data<AppState>, caller: Caller, body: web::Json<HasAnswerRequest>) -> ApiResult<Reply<Vec<HasAnswerTask>>> {
    let query = has_answer_query(&state, &caller, &body).await?;
    let (rows, _) = lesson_task::has_answer_page(&state.db, caller.user.id, &query, 1, HAS_ANSWER_LIST_LIMIT).await?;
    Ok(Reply(rows.into_iter().map(has_answer_task).collect()))
}

async fn has_answer_page(state: web::Data<AppState>, caller: Caller, body: web::Json<HasAnswerRequest>) -> ApiResult<Reply<Page<HasAnswerTask>>> {
    let query = has_answer_query(&state, &caller, &body).await?;
    let paging = Paging::new(body.page_no, body.page_size, protocol::constants::limits::DEFAULT_PAGE_SIZE)?;
    let (rows, total) = lesson_task::has_answer_page(&state.db, caller.user.id, &query, paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows.into_iter().map(has_answer_task).collect(), total)))
}

async fn class_tasks(state: web::Data<AppState>, caller: Caller, body: web::Json<ClassTaskListRequest>) -> ApiResult<Reply<Page<HasAnswerTask>>> {
    class_for(&state, &caller, body.class_id, TaskNeed::Read).await?;
    let paging = Paging::new(body.page_no, body.page_size, protocol::constants::limits::DEFAULT_PAGE_SIZE)?;
    let (rows, total) = lesson_task::class_task_page(&state.db, body.class_id, paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows.into_iter().map(has_answer_task).collect(), total)))
}

async fn by_student_code(state: web::Data<AppState>, caller: Caller, body: web::Json<StudentCodeRequest>) -> ApiResult<Reply<StudentCodeResources>> {
    let code = body.student_code.trim();
    if code.is_empty() || code.chars().count() > 64 {
        return Err(ApiError::bad_request("请输入学生编号"));
    }
    let (id, code, name) = lesson_task::student_by_code(&state.db, code).await?.ok_or_else(|| ApiError::NotFound("学生不存在或无权查看".into()))?;
    student_visible(&state, &caller, id).await?;
    let mut tasks = lesson_task::of_student(&state.db, id).await?;
    let readable = readable_classes(&state, &caller, &tasks.iter().map(|t| t.class_id).collect::<Vec<_>>()).await?;
    tasks.retain(|t| readable.contains(&t.class_id));
    Ok(Reply(StudentCodeResources {
        student_id: id,
        student_code: code,
        student_name: name,
        tasks: tasks
            .into_iter()
            .map(|t| StudentTaskResource {
                task_id: t.id,
                kind: t.kind,
                name: t.name,
                class_name: t.class_name,
                status: t.status,
                question_count: t.question_count,
                answered: t.answered,
                to_mark: t.to_mark,
                create_time: t.created_at,
            })
            .collect(),
    }))
}
