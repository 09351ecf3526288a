//! Offline exams published to a selection of students: the selection (picked one by one or as
//! whole groups), publishing (which empties it), the members and their results, students added
//! later, the colleagues it is shared with, and withdrawing it. The rule that decides a
//! withdrawal (`storage::exam_group::revoke_refusal`): only a published exam that no member has
//! handed in yet; the publisher confirms it with the code of a picture (`achieveVerifyCode`).

use actix_web::{web, HttpResponse};
use protocol::constants::limits::DEFAULT_PAGE_SIZE;
use protocol::dictionary as dict;
use protocol::dto::common::{Empty, Page};
use protocol::dto::exam_group::{
    ExamAddMembersRequest, ExamDetail, ExamIdRequest, ExamListRequest, ExamMember, ExamPublishRequest, ExamRow, ExamScoresRequest, ExamShareRequest,
    ExecuteRevokeRequest, MembersChanged, RevokeCheck, SelectGroupsRequest, SelectRemoveRequest, SelectSaveRequest, SelectedStudent, SharedUser,
    VerifyCodeQuery,
};
use storage::exam_group::{self, ExamMemberRow, ExamRowData};
use storage::{accounts, login_guard};

use super::check_students;
use crate::access::records;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::handlers::keyword;
use crate::paging::Paging;
use crate::reply::Reply;
use crate::state::AppState;

/// An exam lasts at most this long.
const MAX_EXAM_DAYS: i64 = 31;

fn exam_row(e: ExamRowData, caller: &Caller) -> ExamRow {
    ExamRow {
        exam_id: e.id,
        exam_name: e.name,
        paper_id: e.paper_id,
        paper_title: e.paper_title.unwrap_or_default(),
        owner_name: e.owner_name,
        mine: e.owner_id == caller.user.id,
        status: e.status,
        status_name: dict::name_of(&dict::EXAM_STATUSES, e.status).to_owned(),
        start_time: e.start_at,
        end_time: e.end_at,
        full_score: e.full_score,
        member_count: e.member_count,
        submitted_count: e.submitted_count,
        average_score: e.average_score.map(|a| (a * 10.0).round() / 10.0),
        published_at: e.published_at,
    }
}

fn member(m: ExamMemberRow) -> ExamMember {
    ExamMember {
        student_id: m.student_id,
        student_code: m.code,
        student_name: m.name,
        grade: m.grade,
        group_name: m.group_name.unwrap_or_default(),
        submitted: m.submitted_at.is_some(),
        score: m.score,
        submitted_at: m.submitted_at,
    }
}

pub(super) async fn selection(state: web::Data<AppState>, caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<Vec<SelectedStudent>>> {
    let rows = exam_group::selection(&state.db, caller.user.id).await?;
    Ok(Reply(
        rows.into_iter()
            .map(|s| SelectedStudent {
                student_id: s.id,
                student_code: s.code,
                student_name: s.name,
                grade: s.grade,
                group_name: s.group_name.unwrap_or_default(),
                selected_at: s.at.unwrap_or_default(),
            })
            .collect(),
    ))
}

async fn selection_size(state: &AppState, caller: &Caller) -> ApiResult<i64> {
    Ok(exam_group::selection_count(&state.db, caller.user.id).await?)
}

pub(super) async fn select_students(state: web::Data<AppState>, caller: Caller, body: web::Json<SelectSaveRequest>) -> ApiResult<Reply<MembersChanged>> {
    let students = check_students(&state, &caller, &body.student_ids, 500).await?;
    let picks: Vec<(i64, i64)> = students.into_iter().map(|s| (s, 0)).collect();
    let changed = exam_group::select(&state.db, caller.user.id, &picks).await?;
    Ok(Reply(MembersChanged { changed, total: selection_size(&state, &caller).await? }))
}

pub(super) async fn select_groups(state: web::Data<AppState>, caller: Caller, body: web::Json<SelectGroupsRequest>) -> ApiResult<Reply<MembersChanged>> {
    if body.group_ids.is_empty() || body.group_ids.len() > 50 {
        return Err(ApiError::bad_request("每次1到50个分组"));
    }
    let mut picks = Vec::new();
    for id in &body.group_ids {
        let g = records::own_exam_group(&state, &caller, *id).await?;
        picks.extend(exam_group::member_ids(&state.db, g.id).await?.into_iter().map(|s| (s, g.id)));
    }
    let changed = exam_group::select(&state.db, caller.user.id, &picks).await?;
    Ok(Reply(MembersChanged { changed, total: selection_size(&state, &caller).await? }))
}

pub(super) async fn unselect(state: web::Data<AppState>, caller: Caller, body: web::Json<SelectRemoveRequest>) -> ApiResult<Reply<MembersChanged>> {
    let changed = if body.all == Some(true) {
        exam_group::unselect(&state.db, caller.user.id, None).await?
    } else {
        if body.student_ids.is_empty() || body.student_ids.len() > 500 {
            return Err(ApiError::bad_request("每次1到500名学生"));
        }
        exam_group::unselect(&state.db, caller.user.id, Some(&body.student_ids)).await?
    };
    Ok(Reply(MembersChanged { changed, total: selection_size(&state, &caller).await? }))
}

pub(super) async fn publish(state: web::Data<AppState>, caller: Caller, body: web::Json<ExamPublishRequest>) -> ApiResult<Reply<ExamRow>> {
    let name = body.exam_name.trim();
    if name.is_empty() || name.chars().count() > 50 {
        return Err(ApiError::bad_request("考试名称需为1到50个字符"));
    }
    if body.start_time <= 0 || body.end_time <= body.start_time {
        return Err(ApiError::bad_request("结束时间需晚于开始时间"));
    }
    if body.end_time - body.start_time > MAX_EXAM_DAYS * 86_400_000 {
        return Err(ApiError::bad_request(format!("考试时长不能超过{MAX_EXAM_DAYS}天")));
    }
    let full_score = body.full_score.unwrap_or(100.0);
    if !(1.0..=1000.0).contains(&full_score) {
        return Err(ApiError::bad_request("满分需在1到1000之间"));
    }
    if let Some(paper_id) = body.paper_id {
        storage::papers::by_id(&state.db, paper_id).await?.filter(|p| p.owner_id == caller.user.id).ok_or_else(|| ApiError::NotFound("试卷不存在".into()))?;
    }
    let id = exam_group::publish(
        &state.db,
        &exam_group::NewExam { owner_id: caller.user.id, name, paper_id: body.paper_id, start_at: body.start_time, end_at: body.end_time, full_score },
    )
    .await?;
    let exam = exam_group::exam(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("考试不存在".into()))?;
    Ok(Reply(exam_row(exam, &caller)))
}

fn check_status(status: Option<i64>) -> ApiResult<()> {
    if status.is_some_and(|s| !dict::EXAM_STATUSES.iter().any(|(c, _)| *c == s)) {
        return Err(ApiError::bad_request("未知的考试状态"));
    }
    Ok(())
}

pub(super) async fn list(state: web::Data<AppState>, caller: Caller, body: web::Json<ExamListRequest>) -> ApiResult<Reply<Page<ExamRow>>> {
    let paging = Paging::new(body.page_no, body.page_size, DEFAULT_PAGE_SIZE)?;
    check_status(body.status)?;
    let keyword = keyword(body.keyword.as_deref(), 50)?;
    let rows = exam_group::exams(&state.db, caller.user.id, false, keyword.as_deref(), body.status).await?;
    Ok(Reply(paging.slice(rows.into_iter().map(|e| exam_row(e, &caller)).collect())))
}

pub(super) async fn share_list(state: web::Data<AppState>, caller: Caller, body: OptionalJson<ExamListRequest>) -> ApiResult<Reply<Vec<ExamRow>>> {
    let body = body.0;
    check_status(body.status)?;
    let keyword = keyword(body.keyword.as_deref(), 50)?;
    let rows = exam_group::exams(&state.db, caller.user.id, true, keyword.as_deref(), body.status).await?;
    Ok(Reply(rows.into_iter().map(|e| exam_row(e, &caller)).collect()))
}

pub(super) async fn detail(state: web::Data<AppState>, caller: Caller, body: web::Json<ExamIdRequest>) -> ApiResult<Reply<ExamDetail>> {
    let exam = records::exam_for(&state, &caller, body.exam_id, false).await?;
    let members = exam_group::exam_members(&state.db, exam.id).await?.into_iter().map(member).collect();
    let shared_with = exam_group::shares(&state.db, exam.id).await?.into_iter().map(|(email, name)| SharedUser { email, name }).collect();
    let can_manage = exam.owner_id == caller.user.id;
    Ok(Reply(ExamDetail { exam: exam_row(exam, &caller), members, shared_with, can_manage }))
}

pub(super) async fn not_submitted(state: web::Data<AppState>, caller: Caller, body: web::Json<ExamIdRequest>) -> ApiResult<Reply<Vec<ExamMember>>> {
    let exam = records::exam_for(&state, &caller, body.exam_id, false).await?;
    Ok(Reply(exam_group::exam_members(&state.db, exam.id).await?.into_iter().filter(|m| m.submitted_at.is_none()).map(member).collect()))
}

pub(super) async fn add_members(state: web::Data<AppState>, caller: Caller, body: web::Json<ExamAddMembersRequest>) -> ApiResult<Reply<MembersChanged>> {
    let exam = records::exam_for(&state, &caller, body.exam_id, true).await?;
    let students = check_students(&state, &caller, &body.student_ids, 500).await?;
    let changed = exam_group::add_exam_members(&state.db, exam.id, &students).await?;
    let total = exam_group::exam(&state.db, exam.id).await?.map_or(0, |e| e.member_count);
    Ok(Reply(MembersChanged { changed, total }))
}

pub(super) async fn save_scores(state: web::Data<AppState>, caller: Caller, body: web::Json<ExamScoresRequest>) -> ApiResult<Reply<ExamRow>> {
    let exam = records::exam_for(&state, &caller, body.exam_id, false).await?;
    if body.scores.is_empty() || body.scores.len() > 2000 {
        return Err(ApiError::bad_request("每次1到2000条成绩"));
    }
    if let Some(bad) = body.scores.iter().find(|s| s.score.is_some_and(|v| !v.is_finite() || v < 0.0 || v > exam.full_score)) {
        return Err(ApiError::bad_request(format!("成绩需在0到{}之间（学生{}）", exam.full_score, bad.student_id)));
    }
    let scores: Vec<(i64, Option<f64>)> = body.scores.iter().map(|s| (s.student_id, s.score)).collect();
    exam_group::record_scores(&state.db, exam.id, &scores).await?;
    let exam = exam_group::exam(&state.db, exam.id).await?.ok_or_else(|| ApiError::NotFound("考试不存在".into()))?;
    Ok(Reply(exam_row(exam, &caller)))
}

pub(super) async fn share(state: web::Data<AppState>, caller: Caller, body: web::Json<ExamShareRequest>) -> ApiResult<Reply<Vec<SharedUser>>> {
    let exam = records::exam_for(&state, &caller, body.exam_id, true).await?;
    if body.emails.len() > 50 {
        return Err(ApiError::bad_request("最多共享给50位同事"));
    }
    let mut users = Vec::new();
    for email in &body.emails {
        let email = email.trim().to_lowercase();
        let user = accounts::by_email(&state.db, &email).await?.ok_or_else(|| ApiError::bad_request(format!("没有这位同事：{email}")))?;
        if user.id == caller.user.id {
            return Err(ApiError::bad_request("不能共享给自己"));
        }
        users.push(user.id);
    }
    exam_group::set_shares(&state.db, exam.id, &users).await?;
    Ok(Reply(exam_group::shares(&state.db, exam.id).await?.into_iter().map(|(email, name)| SharedUser { email, name }).collect()))
}

pub(super) async fn check_revoke(state: web::Data<AppState>, caller: Caller, body: web::Json<ExamIdRequest>) -> ApiResult<Reply<RevokeCheck>> {
    let exam = records::exam_for(&state, &caller, body.exam_id, true).await?;
    let refusal = exam_group::revoke_refusal(&exam);
    Ok(Reply(RevokeCheck { can_revoke: refusal.is_none(), reason: refusal.unwrap_or_default() }))
}

/// The captcha store's keys of an exam's withdrawal code: one per publisher and exam.
fn code_keys(caller: &Caller, exam_id: i64) -> (String, String) {
    (format!("exam-revoke:{}", caller.user.id), format!("exam:{exam_id}"))
}

pub(super) async fn verify_code(state: web::Data<AppState>, caller: Caller, query: web::Query<VerifyCodeQuery>) -> ApiResult<HttpResponse> {
    let exam = records::exam_for(&state, &caller, query.exam_id, true).await?;
    let (answer, png) = crate::handlers::account::draw_captcha().await?;
    let (client, key) = code_keys(&caller, exam.id);
    login_guard::store_captcha(&state.db, &client, &key, &answer).await?;
    Ok(HttpResponse::Ok().content_type("image/png").insert_header(("Cache-Control", "no-store")).body(png))
}

pub(super) async fn execute_revoke(state: web::Data<AppState>, caller: Caller, body: web::Json<ExecuteRevokeRequest>) -> ApiResult<Reply<ExamRow>> {
    let exam = records::exam_for(&state, &caller, body.exam_id, true).await?;
    if let Some(reason) = exam_group::revoke_refusal(&exam) {
        return Err(ApiError::Conflict(reason));
    }
    let (client, key) = code_keys(&caller, exam.id);
    if !login_guard::take_captcha(&state.db, &client, &key, &body.verify_code).await? {
        return Err(ApiError::bad_request("图片验证码错误或已过期，请重新获取"));
    }
    exam_group::revoke(&state.db, exam.id).await?;
    let exam = exam_group::exam(&state.db, exam.id).await?.ok_or_else(|| ApiError::NotFound("考试不存在".into()))?;
    Ok(Reply(exam_row(exam, &caller)))
}
