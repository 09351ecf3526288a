//! Notices from the back office: publishing pushes backstage_001/_002/_005 to every recipient;
//! withdrawing pushes backstage_003 so clients drop the notice; the list says how many read each.

use actix_web::http::Method;
use actix_web::{web, HttpRequest};
use protocol::constants::role;
use protocol::dto::admin::{AdminNotice, PublishNoticeRequest, PublishNoticeResult, WithdrawNoticeRequest};
use protocol::dto::common::{Page, PageRequest};
use protocol::push::{PushMessage, TypeCode};
use protocol::validation;
use storage::push_log::NewPush;
use storage::{accounts, notices};

use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::POST, "/api/admin/notice/publish", Access::Admin, "admin", "Publish a notice to roles and/or e-mails and push it"), publish);
    r.add(info(Method::POST, "/api/admin/notice/withdraw", Access::Admin, "admin", "Withdraw a notice (id -1: all) and tell its recipients"), withdraw);
    r.add(info(Method::POST, "/api/admin/notice/list", Access::Admin, "admin", "The notices published, newest first, with recipients and readers"), list);
}

async fn list(state: web::Data<AppState>, body: web::Json<PageRequest>) -> ApiResult<Reply<Page<AdminNotice>>> {
    let paging = Paging::new(body.page_no, body.page_size, 20)?;
    let (rows, total) = notices::published(&state.db, paging.page_size, (paging.page_no - 1) * paging.page_size).await?;
    let records = rows
        .into_iter()
        .map(|r| AdminNotice {
            id: r.id,
            title: r.title,
            content: r.content,
            r#type: r.kind,
            published_by: r.published_by,
            created_at: r.created_at,
            withdrawn_at: r.withdrawn_at,
            recipients: r.recipients,
            read: r.read,
        })
        .collect();
    Ok(Reply(paging.page(records, total)))
}

async fn publish(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<PublishNoticeRequest>) -> ApiResult<Reply<PublishNoticeResult>> {
    let body = body.into_inner();
    let title = body.title.trim();
    if title.is_empty() || title.chars().count() > 100 {
        return Err(ApiError::bad_request("标题不能为空且不超过 100 字"));
    }
    if body.content.trim().is_empty() || body.content.chars().count() > 10_000 {
        return Err(ApiError::bad_request("内容不能为空且不超过 10000 字"));
    }
    TypeCode::of_published_notice(body.r#type).ok_or_else(|| ApiError::bad_request("通知类型只能是 1、2 或 7"))?;
    if let Some(bad) = body.roles.iter().find(|r| !role::ALL.contains(&r.as_str())) {
        return Err(ApiError::bad_request(format!("未知角色：{bad}")));
    }
    if let Some(bad) = body.emails.iter().find(|e| !validation::is_email(e)) {
        return Err(ApiError::bad_request(format!("邮箱格式不正确：{bad}")));
    }
    if body.roles.is_empty() && body.emails.is_empty() && body.school_ids.is_empty() {
        return Err(ApiError::bad_request("请选择接收角色、校区或邮箱"));
    }
    if body.roles.len() + body.emails.len() + body.school_ids.len() > 1000 {
        return Err(ApiError::bad_request("接收对象最多 1000 个"));
    }
    let known = storage::orgs::schools_by_ids(&state.db, &body.school_ids).await?;
    if let Some(bad) = body.school_ids.iter().find(|id| !known.iter().any(|s| s.id == **id)) {
        return Err(ApiError::bad_request(format!("校区不存在：{bad}")));
    }
    let mut recipients = accounts::recipients(&state.db, &body.roles, &body.emails).await?;
    for user_id in accounts::at_schools(&state.db, &body.school_ids).await? {
        if !recipients.iter().any(|(u, _)| *u == user_id) {
            recipients.push((user_id, String::new()));
        }
    }
    let id = notices::publish(&state.db, caller.signed_in().id, title, &body.content, body.r#type, &recipients).await?;
    let pushes =
        recipients.iter().filter_map(|(user_id, role)| Some(NewPush::to(*user_id, PushMessage::notice_published(body.r#type, id, title, role)?))).collect();
    state.hub.push(pushes).await?;
    crate::audit::record(&state, &req, Some(&caller), "notice.publish", format!("notice {id}"), format!("{title} → {} recipients", recipients.len()), true)
        .await;
    Ok(Reply(PublishNoticeResult { id, recipients: recipients.len() as i64 }))
}

async fn withdraw(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<WithdrawNoticeRequest>) -> ApiResult<Reply<i64>> {
    let id = body.id;
    if id != -1 && (id < 1 || !notices::exists(&state.db, id).await?) {
        return Err(ApiError::NotFound("通知不存在".into()));
    }
    let recipients = notices::withdraw(&state.db, id).await?;
    let pushes = recipients.iter().map(|(user_id, role)| NewPush::to(*user_id, PushMessage::notice_withdrawn(id, role))).collect();
    state.hub.push(pushes).await?;
    crate::audit::record(&state, &req, Some(&caller), "notice.withdraw", format!("notice {id}"), format!("{} recipients told", recipients.len()), true).await;
    Ok(Reply(recipients.len() as i64))
}
