//! The students' side of a camp, reached through its signed join link: a student proves who they
//! are with their student code and name, and from then on acts with a signed member token. They
//! follow the *published* version: phases open by the camp's rule, a task is opened, finished or
//! (a question set) answered once, and each finished task tells the owner's open statistics.

use actix_web::{web, HttpRequest};
use protocol::dictionary as dict;
use protocol::dto::camp::{
    JoinCampRequest, JoinInfo, JoinTokenRequest, JoinedCamp, MemberTokenRequest, StudentAnswerRequest, StudentCampView, StudentPhase, StudentQuestion,
    StudentTask, StudentTaskDone, StudentTaskRequest, TaskFileInfo,
};
use protocol::push::CampChange;
use storage::camp::members::{self, MemberRow};
use storage::camp::stats::{self, CampFacts};
use storage::camp::structure::{TaskContent, TaskRow};
use storage::camp::{self, CampRow};
use storage::{accounts, login_guard, now_ms, secrets};

use super::build::{file_link, FileCopy};
use super::{changed, JOIN, MEMBER, MEMBER_TTL_MS};
use crate::client_addr::client_ip;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::signing;
use crate::state::AppState;

/// The camp and distribution point a join link names.
async fn join_link(state: &AppState, token: &str) -> ApiResult<(CampRow, i64)> {
    let key = secrets::signing_key(&state.db).await?;
    let subject = signing::check_token(&key, JOIN, token.trim())?;
    let (camp_id, dp_id) = subject.split_once('-').and_then(|(c, d)| Some((c.parse::<i64>().ok()?, d.parse::<i64>().ok()?))).ok_or(ApiError::NoPermission)?;
    let camp = camp::by_id(&state.db, camp_id).await?.ok_or_else(|| ApiError::NotFound("营地不存在".into()))?;
    Ok((camp, dp_id))
}

async fn dp_name(state: &AppState, camp: &CampRow, dp_id: i64) -> ApiResult<String> {
    if dp_id == 0 {
        return Ok(members::GENERAL_DP_NAME.into());
    }
    Ok(members::owner_classes(&state.db, camp.owner_id).await?.into_iter().find(|(id, _)| *id == dp_id).map(|(_, n)| n).unwrap_or_default())
}

fn refuse_unless_live(camp: &CampRow) -> ApiResult<()> {
    match camp.status {
        camp::PUBLISHED | camp::EDITING => Ok(()),
        camp::PAUSED => Err(ApiError::Conflict(with_reason("营地已暂停", &camp.state_reason))),
        camp::SHUT => Err(ApiError::Conflict(with_reason("营地已关闭", &camp.state_reason))),
        _ => Err(ApiError::Conflict("营地未发布".into())),
    }
}

fn with_reason(what: &str, reason: &str) -> String {
    if reason.is_empty() {
        what.to_owned()
    } else {
        format!("{what}：{reason}")
    }
}

pub(super) async fn join_info(state: web::Data<AppState>, body: web::Json<JoinTokenRequest>) -> ApiResult<Reply<JoinInfo>> {
    let (camp, dp_id) = join_link(&state, &body.token).await?;
    let teacher = accounts::by_id(&state.db, camp.owner_id).await?;
    Ok(Reply(JoinInfo {
        camp_id: camp.id,
        camp_name: camp.name.clone(),
        description: camp.description.clone(),
        dp_name: dp_name(&state, &camp, dp_id).await?,
        teacher_name: teacher.name,
        status: camp.status,
        status_name: dict::name_of(&dict::CAMP_STATUSES, camp.status).to_owned(),
    }))
}

/// Wrong student codes or names one address may try within the login guard's window.
const JOIN_FAILURE_LIMIT: i64 = 10;

pub(super) async fn join(state: web::Data<AppState>, req: HttpRequest, body: web::Json<JoinCampRequest>) -> ApiResult<Reply<JoinedCamp>> {
    let (camp, dp_id) = join_link(&state, &body.token).await?;
    refuse_unless_live(&camp)?;
    let (code, student_name) = (body.student_code.trim(), body.student_name.trim());
    if code.is_empty() || student_name.is_empty() || code.chars().count() > 32 || student_name.chars().count() > 32 {
        return Err(ApiError::bad_request("请填写学号和姓名"));
    }
    // A link is no way to try out students' codes and names: wrong guesses are counted per
    // address, as failed logins are.
    let ip = client_ip(&req, &state.config.trusted_proxies);
    let guard = format!("camp-join:{ip}");
    if login_guard::recent_failures(&state.db, &guard).await? >= JOIN_FAILURE_LIMIT {
        return Err(ApiError::TooManyRequests);
    }
    let Some(student) = members::student_by_code(&state.db, camp.owner_id, code, student_name).await? else {
        login_guard::record_attempt(&state.db, &guard, &ip, false).await?;
        return Err(ApiError::bad_request("学号或姓名不正确"));
    };
    let member = members::join(&state.db, camp.id, student, dp_id).await?;
    let key = secrets::signing_key(&state.db).await?;
    let member_token = signing::token(&key, MEMBER, &member.id.to_string(), now_ms() + MEMBER_TTL_MS);
    changed(&state, camp.owner_id, CampChange { camp_id: camp.id, kind: "progress".into(), member_id: Some(member.id), task_id: None }).await;
    Ok(Reply(JoinedCamp { camp_id: camp.id, member_id: member.id, member_token }))
}

/// The member a token names, with their camp.
async fn member_of(state: &AppState, token: &str) -> ApiResult<(MemberRow, CampRow)> {
    let key = secrets::signing_key(&state.db).await?;
    let id = signing::check_token(&key, MEMBER, token.trim())?.parse::<i64>().map_err(|_| ApiError::NoPermission)?;
    let member = members::member(&state.db, id).await?.ok_or(ApiError::NoPermission)?;
    let camp = camp::by_id(&state.db, member.camp_id).await?.ok_or_else(|| ApiError::NotFound("营地不存在".into()))?;
    Ok((member, camp))
}

async fn facts(state: &AppState, camp: CampRow, member: &MemberRow) -> ApiResult<CampFacts> {
    Ok(stats::member_facts(&state.db, camp, member, now_ms()).await?)
}

fn student_task(task: &TaskRow, facts: &CampFacts, member: i64, open: bool) -> StudentTask {
    let record = facts.records.get(&(member, task.id));
    let status = stats::task_status(record);
    let content = TaskContent::parse(&task.content);
    let done = status == dict::CAMP_COMPLETED;
    StudentTask {
        task_id: task.id,
        task_name: task.task_name.clone(),
        task_type: task.task_type,
        task_type_name: dict::name_of(&dict::CAMP_TASK_TYPES, task.task_type).to_owned(),
        ext: task.ext.clone(),
        status,
        score: record.and_then(|r| r.score),
        done_at: record.and_then(|r| r.done_at),
        questions: content
            .questions
            .as_ref()
            .filter(|_| open)
            .map(|qs| qs.iter().map(|q| StudentQuestion { stem: q.stem.clone(), options: q.options.clone() }).collect()),
        cards: content.cards.filter(|_| open),
        my_answers: record.filter(|_| done && content.questions.is_some()).map(|r| r.chosen()),
        right_answers: content.questions.as_ref().filter(|_| done).map(|qs| qs.iter().map(|q| q.answer).collect()),
    }
}

pub(super) async fn view(state: web::Data<AppState>, body: web::Json<MemberTokenRequest>) -> ApiResult<Reply<StudentCampView>> {
    let (member, camp) = member_of(&state, &body.member_token).await?;
    if camp.status == camp::DRAFT {
        return Err(ApiError::Conflict("营地未发布".into()));
    }
    let facts = facts(&state, camp, &member).await?;
    let phases: Vec<StudentPhase> = facts
        .snapshot
        .phases
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (open, locked_reason) = facts.phase_open(member.id, i);
            StudentPhase {
                phase_id: p.id,
                phase_name: p.name.clone(),
                open,
                locked_reason,
                tasks: p.tasks.iter().map(|t| student_task(t, &facts, member.id, open)).collect(),
            }
        })
        .collect();
    let head = facts.head(&member);
    let camp = &facts.camp;
    let notice = match camp.status {
        camp::PAUSED => with_reason("营地已暂停", &camp.state_reason),
        camp::SHUT => with_reason("营地已关闭", &camp.state_reason),
        _ => String::new(),
    };
    Ok(Reply(StudentCampView {
        camp_id: camp.id,
        camp_name: camp.name.clone(),
        description: camp.description.clone(),
        status: camp.status,
        status_name: dict::name_of(&dict::CAMP_STATUSES, camp.status).to_owned(),
        notice,
        student_name: member.student_name.clone(),
        task_count: head.task_count,
        done_count: head.done_count,
        phases,
    }))
}

/// A task of the published version the member may work on now.
async fn workable(state: &AppState, token: &str, task_id: i64) -> ApiResult<(MemberRow, CampFacts, TaskRow)> {
    let (member, camp) = member_of(state, token).await?;
    refuse_unless_live(&camp)?;
    let facts = facts(state, camp, &member).await?;
    let (index, _, task) = facts.snapshot.task(task_id).ok_or_else(|| ApiError::NotFound("任务不存在".into()))?;
    let task = task.clone();
    let (open, reason) = facts.phase_open(member.id, index);
    if !open {
        return Err(ApiError::Conflict(format!("该阶段尚未开放：{reason}")));
    }
    Ok((member, facts, task))
}

pub(super) async fn task_file(state: web::Data<AppState>, body: web::Json<StudentTaskRequest>) -> ApiResult<Reply<TaskFileInfo>> {
    let (member, facts, task) = workable(&state, &body.member_token, body.task_id).await?;
    if task.file_key.is_empty() {
        return Err(ApiError::bad_request("该任务没有文件"));
    }
    members::mark_opened(&state.db, facts.camp.id, member.id, task.id).await?;
    Ok(Reply(file_link(&state, &task, FileCopy::Published).await?))
}

async fn finished(
    state: &AppState,
    member: &MemberRow,
    camp: &CampRow,
    task: &TaskRow,
    score: Option<i64>,
    right: Option<Vec<i64>>,
) -> ApiResult<StudentTaskDone> {
    changed(state, camp.owner_id, CampChange { camp_id: camp.id, kind: "progress".into(), member_id: Some(member.id), task_id: Some(task.id) }).await;
    let head = facts(state, camp.clone(), member).await?.head(member);
    Ok(StudentTaskDone { task_id: task.id, score, right_answers: right, done_count: head.done_count, task_count: head.task_count })
}

pub(super) async fn task_done(state: web::Data<AppState>, body: web::Json<StudentTaskRequest>) -> ApiResult<Reply<StudentTaskDone>> {
    let (member, facts, task) = workable(&state, &body.member_token, body.task_id).await?;
    if task.task_type == dict::CAMP_TASK_QUESTIONS {
        return Err(ApiError::bad_request("题集需作答后完成"));
    }
    members::mark_done(&state.db, facts.camp.id, member.id, task.id, None, None, now_ms()).await?;
    Ok(Reply(finished(&state, &member, &facts.camp, &task, None, None).await?))
}

pub(super) async fn task_answer(state: web::Data<AppState>, body: web::Json<StudentAnswerRequest>) -> ApiResult<Reply<StudentTaskDone>> {
    let (member, facts, task) = workable(&state, &body.member_token, body.task_id).await?;
    let content = TaskContent::parse(&task.content);
    let questions =
        content.questions.as_ref().filter(|_| task.task_type == dict::CAMP_TASK_QUESTIONS).ok_or_else(|| ApiError::bad_request("该任务不是题集"))?;
    if body.answers.len() != questions.len() {
        return Err(ApiError::bad_request(format!("请回答全部{}道题", questions.len())));
    }
    if let Some(i) = body.answers.iter().zip(questions).position(|(a, q)| *a < 0 || *a as usize >= q.options.len()) {
        return Err(ApiError::bad_request(format!("第{}题的答案不是它的选项", i + 1)));
    }
    let score = members::score(&content, &body.answers);
    if !members::mark_done(&state.db, facts.camp.id, member.id, task.id, score, Some(&body.answers), now_ms()).await? {
        return Err(ApiError::Conflict("已提交过答案".into()));
    }
    let right = questions.iter().map(|q| q.answer).collect();
    Ok(Reply(finished(&state, &member, &facts.camp, &task, score, Some(right)).await?))
}
