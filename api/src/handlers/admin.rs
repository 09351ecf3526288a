//! The back office. Notices: publishing pushes backstage_001/_002/_005 to every recipient;
//! withdrawing pushes backstage_003 so clients drop the notice. Records: CSV imports of the data
//! centre's source records.

use actix_web::http::Method;
use actix_web::web;
use protocol::constants::role;
use protocol::dto::admin::{ImportResult, PublishNoticeRequest, PublishNoticeResult, WithdrawNoticeRequest};
use protocol::push::{PushMessage, RecordsChanged, TypeCode};
use protocol::validation;
use storage::datacentre::import::{self, ImportKind};
use storage::push_log::NewPush;
use storage::{accounts, notices};

use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::CsvBody;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

const ADMIN: &[&str] = &[role::ADMIN];

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::POST, "/api/admin/notice/publish", Access::HoldsRole(ADMIN), "admin", "Publish a notice to roles and/or e-mails and push it"), publish);
    r.add(
        info(Method::POST, "/api/admin/notice/withdraw", Access::HoldsRole(ADMIN), "admin", "Withdraw a notice (id -1: all) and tell its recipients"),
        withdraw,
    );
    r.add(
        info(
            Method::POST,
            "/api/admin/records/import/{kind}",
            Access::HoldsRole(ADMIN),
            "admin",
            "Import source records from CSV (kind: lessons, attendance, refunds; formats in docs/import.md): good rows stored, bad rows listed",
        ),
        import_records,
    );
}

async fn import_records(state: web::Data<AppState>, kind: web::Path<String>, body: CsvBody) -> ApiResult<Reply<ImportResult>> {
    let kind: ImportKind = kind.parse().map_err(ApiError::bad_request)?;
    let result = import::import(&state.db, kind, &body.0).await.map_err(|e| match e {
        import::ImportError::File(message) => ApiError::bad_request(message),
        import::ImportError::Storage(e) => e.into(),
    })?;
    if result.stored > 0 {
        // Open reports reload (each within its reader's scope).
        state.hub.signal_everyone(&PushMessage::records_changed(&RecordsChanged { kinds: vec![result.kind.clone()] })).await;
    }
    Ok(Reply(result))
}

async fn publish(state: web::Data<AppState>, caller: Caller, body: web::Json<PublishNoticeRequest>) -> ApiResult<Reply<PublishNoticeResult>> {
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
    if body.roles.is_empty() && body.emails.is_empty() {
        return Err(ApiError::bad_request("请选择接收角色或邮箱"));
    }
    let recipients = accounts::recipients(&state.db, &body.roles, &body.emails).await?;
    let id = notices::publish(&state.db, caller.signed_in().id, title, &body.content, body.r#type, &recipients).await?;
    let pushes =
        recipients.iter().filter_map(|(user_id, role)| Some(NewPush::to(*user_id, PushMessage::notice_published(body.r#type, id, title, role)?))).collect();
    state.hub.push(pushes).await?;
    Ok(Reply(PublishNoticeResult { id, recipients: recipients.len() as i64 }))
}

async fn withdraw(state: web::Data<AppState>, body: web::Json<WithdrawNoticeRequest>) -> ApiResult<Reply<i64>> {
    let id = body.id;
    if id != -1 && (id < 1 || !notices::exists(&state.db, id).await?) {
        return Err(ApiError::NotFound("通知不存在".into()));
    }
    let recipients = notices::withdraw(&state.db, id).await?;
    let pushes = recipients.iter().map(|(user_id, role)| NewPush::to(*user_id, PushMessage::notice_withdrawn(id, role))).collect();
    state.hub.push(pushes).await?;
    Ok(Reply(recipients.len() as i64))
}
