//! Wrong questions (`wrong-question` area, 03 §7.5): the caller's classes and students with the
//! questions they answered wrong in their tasks, a student's correction notebook, and the batch
//! send of similar practice (a job; its state pushed as `magic_similar_batch`, failures told as
//! an error-book notice, `magic_batch_send_error_similar_item`, and resent by `resendBatch/{id}`).

use std::collections::HashMap;

use actix_web::http::Method;
use actix_web::web;
use hub::jobs::similar_send::wire;
use hub::jobs::MAX_WAITING_PER_USER;
use protocol::dictionary as dict;
use protocol::dto::common::{Empty, IdRequest};
use protocol::dto::wrong_question::{
    SimilarBatch, SimilarBatchRequest, WrongClassGroup, WrongClassRequest, WrongClassSummary, WrongExistStatus, WrongListRequest, WrongQuestion,
    WrongStudentSummary, BATCH_STUDENT_LIMIT, WRONG_STATUSES,
};
use storage::datacentre::subject_name;
use storage::jobs::JobKind;
use storage::question;
use storage::teaching::mine::Mine;
use storage::wrong_question::{self, BatchRefused, BatchRow};

use super::question::views;
use crate::access::scope::data_scope;
use crate::access::teaching_tasks::{class_for, readable_classes, student_visible, TaskNeed};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    let call = |path, what| info(Method::POST, path, Access::Session, "wrong-question", what);
    r.add(call("/api/wrongQuestion/class/group/list", "My classes by type, with their wrong questions counted").spec(&["S361"]), class_groups);
    r.add(call("/api/wrongQuestion/task/studentSummaryInfo", "A class's students with their wrong questions counted").spec(&["S362"]), student_summaries);
    r.add(call("/api/wrongQuestion/exist/status", "Whether the class has wrong questions to send practice for").spec(&["S363"]), exist_status);
    r.add(call("/api/wrongQuestion/student/list", "A student's wrong questions (the correction notebook)"), student_list);
    r.add(call("/api/wrongQuestion/similar/batchSend", "Send similar practice for the class's open wrong questions (a job)").spec(&["S364"]), batch_send);
    r.add(call("/api/wrongQuestion/similar/batch", "A batch send of similar practice (id: the batch)"), batch_detail);
    r.add(
        info(Method::POST, "/api/resendBatch/{id}", Access::Session, "notice", "Send the failed items of a batch of similar practice again").spec(&["S056"]),
        resend_batch,
    );
}

fn narrowed(ids: &Option<Vec<i64>>) -> ApiResult<Option<Vec<i64>>> {
    match ids {
        None => Ok(None),
        Some(ids) if ids.is_empty() || ids.len() > BATCH_STUDENT_LIMIT => Err(ApiError::bad_request(format!("请选择1到{BATCH_STUDENT_LIMIT}名学生"))),
        Some(ids) => Ok(Some(ids.clone())),
    }
}

async fn class_groups(state: web::Data<AppState>, caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<Vec<WrongClassGroup>>> {
    let scope = data_scope(&state, &caller).await?;
    let classes = wrong_question::classes(&state.db, Mine::of(&scope, caller.user.id)).await?;
    let mut groups: Vec<WrongClassGroup> = Vec::new();
    for c in classes {
        let summary = WrongClassSummary {
            class_id: c.id,
            class_name: c.name,
            subject_name: subject_name(c.subject),
            student_count: c.student_count,
            students_with_open: c.students_with_open,
            open: c.open,
            sent: c.sent,
            mastered: c.mastered,
        };
        match groups.iter_mut().find(|g| g.class_type == c.class_type) {
            Some(g) => g.classes.push(summary),
            None => groups.push(WrongClassGroup {
                class_type: c.class_type,
                type_name: dict::name_of(&dict::CLASS_TYPES, c.class_type).to_owned(),
                classes: vec![summary],
            }),
        }
    }
    Ok(Reply(groups))
}

async fn student_summaries(state: web::Data<AppState>, caller: Caller, body: web::Json<WrongClassRequest>) -> ApiResult<Reply<Vec<WrongStudentSummary>>> {
    class_for(&state, &caller, body.class_id, TaskNeed::Read).await?;
    let only = narrowed(&body.student_ids)?;
    let rows = wrong_question::students(&state.db, body.class_id, only.as_deref()).await?;
    Ok(Reply(
        rows.into_iter()
            .map(|s| WrongStudentSummary {
                student_id: s.id,
                student_code: s.code,
                student_name: s.name,
                total: s.open + s.sent + s.mastered,
                open: s.open,
                sent: s.sent,
                mastered: s.mastered,
                last_wrong_time: s.last_wrong_at,
            })
            .collect(),
    ))
}

async fn exist_status(state: web::Data<AppState>, caller: Caller, body: web::Json<WrongClassRequest>) -> ApiResult<Reply<WrongExistStatus>> {
    class_for(&state, &caller, body.class_id, TaskNeed::Read).await?;
    let only = narrowed(&body.student_ids)?;
    let open = wrong_question::open_count(&state.db, body.class_id, only.as_deref()).await?;
    let sending = wrong_question::sending(&state.db, body.class_id).await?;
    Ok(Reply(WrongExistStatus { class_id: body.class_id, exist: open > 0, open, sending_batch_id: sending.unwrap_or(0) }))
}

async fn student_list(state: web::Data<AppState>, caller: Caller, body: web::Json<WrongListRequest>) -> ApiResult<Reply<Vec<WrongQuestion>>> {
    student_visible(&state, &caller, body.student_id).await?;
    if let Some(status) = body.status {
        if !WRONG_STATUSES.iter().any(|(code, _)| *code == status) {
            return Err(ApiError::bad_request("status 只能是1（待巩固）、2（已推送相似题）、3（已掌握）"));
        }
    }
    let mut rows = wrong_question::of_student(&state.db, body.student_id, body.status).await?;
    let readable = readable_classes(&state, &caller, &rows.iter().map(|r| r.class_id).collect::<Vec<_>>()).await?;
    rows.retain(|r| readable.contains(&r.class_id));
    let questions = question::by_ids(&state.db, &rows.iter().map(|r| r.question_id).collect::<Vec<_>>()).await?;
    let mut shown: HashMap<i64, _> = views(&state, &caller, &questions, 1).await?.into_iter().map(|v| (v.question_id, v)).collect();
    Ok(Reply(
        rows.into_iter()
            .filter_map(|r| {
                let question = shown.remove(&r.question_id)?;
                Some(WrongQuestion {
                    question,
                    class_id: r.class_id,
                    status: r.status,
                    status_name: dict::name_of(&WRONG_STATUSES, r.status).to_owned(),
                    wrong_count: r.wrong_count,
                    last_answer: r.last_answer.unwrap_or_default(),
                    last_wrong_time: r.last_wrong_at,
                })
            })
            .collect(),
    ))
}

fn refused(why: BatchRefused) -> ApiError {
    match why {
        BatchRefused::NothingToSend => ApiError::bad_request("没有待巩固的错题"),
        BatchRefused::AlreadySending(_) => ApiError::Conflict("该班级的相似题正在发送中，请等待完成".into()),
        BatchRefused::QueueFull => ApiError::Conflict(hub::jobs::SubmitError::QueueFull.to_string()),
    }
}

async fn batch_view(state: &AppState, row: &BatchRow) -> ApiResult<SimilarBatch> {
    Ok(wire(&state.db, row).await?)
}

async fn batch_send(state: web::Data<AppState>, caller: Caller, body: web::Json<SimilarBatchRequest>) -> ApiResult<Reply<SimilarBatch>> {
    class_for(&state, &caller, body.class_id, TaskNeed::Write).await?;
    let only = narrowed(&body.student_ids)?;
    let id = wrong_question::create_batch(&state.db, caller.user.id, body.class_id, only.as_deref(), MAX_WAITING_PER_USER).await?.map_err(refused)?;
    state.jobs.submitted(JobKind::SimilarSend, caller.user.id, id).await;
    let row = wrong_question::batch(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("发送批次不存在".into()))?;
    Ok(Reply(batch_view(&state, &row).await?))
}

/// The caller's own batch.
async fn own_batch(state: &AppState, caller: &Caller, id: i64) -> ApiResult<BatchRow> {
    wrong_question::batch(&state.db, id).await?.filter(|b| b.user_id == caller.user.id).ok_or_else(|| ApiError::NotFound("发送批次不存在".into()))
}

async fn batch_detail(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<SimilarBatch>> {
    let row = own_batch(&state, &caller, body.id).await?;
    Ok(Reply(batch_view(&state, &row).await?))
}

async fn resend_batch(state: web::Data<AppState>, caller: Caller, id: web::Path<i64>) -> ApiResult<Reply<SimilarBatch>> {
    let row = own_batch(&state, &caller, id.into_inner()).await?;
    // The class may have passed to another teacher since.
    class_for(&state, &caller, row.class_id, TaskNeed::Write).await?;
    wrong_question::resend(&state.db, &row, MAX_WAITING_PER_USER).await?.map_err(|why| match why {
        BatchRefused::NothingToSend => ApiError::Conflict("该批次没有发送失败的题目，或仍在发送中".into()),
        other => refused(other),
    })?;
    state.jobs.submitted(JobKind::SimilarSend, caller.user.id, row.id).await;
    let row = wrong_question::batch(&state.db, row.id).await?.ok_or_else(|| ApiError::NotFound("发送批次不存在".into()))?;
    Ok(Reply(batch_view(&state, &row).await?))
}
