//! Notices as their recipients see them (03 §7.10). A user only ever reads notices addressed to them.
use actix_web::http::Method;
use actix_web::web;
use protocol::dto::common::{IdQuery, Page};
use protocol::dto::notice::{Notice, NoticeInfo, NoticeParamRequest, NoticeTypeQuery, UnreadTypeCount};
use storage::notices;

use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::required_id;
use crate::extract::OptionalJson;
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;
use protocol::constants::BOOTSTRAP_SCENE_KNOWLEDGE_BASE;
use protocol::dto::common::Empty;
use protocol::dto::notice::{BootstrapFlag, SceneQuery};
use storage::accounts;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::GET, "/api/exam/notice/detail/latest", Access::Session, "notice", "Newest unread popup notice not yet closed (or null)").spec(&["S042"]),
        latest,
    );
    r.add(info(Method::GET, "/api/exam/notice/info", Access::Session, "notice", "Unread count and newest unread notice").spec(&["S043"]), notice_info);
    r.add(info(Method::POST, "/api/exam/notice/readAll", Access::Session, "notice", "Mark every notice read").spec(&["S044"]), read_all);
    r.add(info(Method::GET, "/api/exam/notice/personal/list", Access::Session, "notice", "A page of the user's notices").spec(&["S045"]), list);
    r.add(
        info(Method::GET, "/api/exam/notice/personal/list/v2", Access::Session, "notice", "A page of the user's notices, optionally of one type")
            .spec(&["S046"]),
        list_v2,
    );
    r.add(
        info(Method::GET, "/api/exam/notice/personal/unread", Access::Session, "notice", "The user's unread notices (array)").spec(&["S047", "S052"]),
        unread,
    );
    r.add(info(Method::GET, "/api/exam/notice/detail", Access::Session, "notice", "One notice of the user").spec(&["S048"]), detail);
    r.add(
        info(Method::GET, "/api/exam/notice/errorBook/detail", Access::Session, "notice", "One error-book message of the user (a notice of type 3, 4 or 6)")
            .spec(&["S053"]),
        error_book_detail,
    );
    r.add(info(Method::POST, "/api/exam/notice/read", Access::Session, "notice", "Mark one notice read").spec(&["S049"]), read);
    r.add(
        info(Method::GET, "/api/exam/notice/personal/unread/type/count", Access::Session, "notice", "Unread counts per type").spec(&["S050"]),
        unread_type_count,
    );
    r.add(
        info(Method::POST, "/api/exam/notice/update/param", Access::Session, "notice", "Update the user's display parameters of a notice").spec(&["S051"]),
        update_param,
    );
    r.add(info(Method::GET, "/api/pub/index/user/bootstrap", Access::Session, "notice", "One-time introduction flag for a scene").spec(&["S040"]), bootstrap);
    r.add(
        info(Method::POST, "/api/pub/index/user/bootstrap-turn-off", Access::Session, "notice", "Dismiss a one-time introduction").spec(&["S041"]),
        bootstrap_turn_off,
    );
}

async fn latest(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<Option<Notice>>> {
    Ok(Reply(notices::latest_popup(&state.db, caller.user.id).await?))
}

async fn notice_info(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<NoticeInfo>> {
    let unread = notices::unread(&state.db, caller.user.id).await?;
    let unread_illustrate = if unread.is_empty() { "暂无未读通知".to_owned() } else { format!("您有 {} 条未读通知", unread.len()) };
    Ok(Reply(NoticeInfo { unread_num: unread.len() as i64, unread_info: unread.into_iter().next(), unread_illustrate }))
}

async fn read_all(state: web::Data<AppState>, caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<u64>> {
    Ok(Reply(notices::read_all(&state.db, caller.user.id).await?))
}

async fn list(state: web::Data<AppState>, caller: Caller, paging: Paging) -> ApiResult<Reply<Page<Notice>>> {
    let (records, total) = notices::page(&state.db, caller.user.id, None, paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(records, total)))
}

async fn list_v2(state: web::Data<AppState>, caller: Caller, paging: Paging, query: web::Query<NoticeTypeQuery>) -> ApiResult<Reply<Page<Notice>>> {
    let (records, total) = notices::page(&state.db, caller.user.id, query.r#type, paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(records, total)))
}

async fn unread(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<Vec<Notice>>> {
    Ok(Reply(notices::unread(&state.db, caller.user.id).await?))
}

async fn detail(state: web::Data<AppState>, caller: Caller, query: web::Query<IdQuery>) -> ApiResult<Reply<Notice>> {
    let id = required_id(query.id)?;
    notices::detail(&state.db, caller.user.id, id).await?.map(Reply).ok_or_else(|| ApiError::NotFound("通知不存在".into()))
}

/// Error-book messages are the notices about error reports: a file error report (3), a failed
/// batch send of similar items (4), a confirmed item error report (6).
const ERROR_BOOK_TYPES: [i64; 3] = [3, 4, 6];

async fn error_book_detail(state: web::Data<AppState>, caller: Caller, query: web::Query<IdQuery>) -> ApiResult<Reply<Notice>> {
    let id = required_id(query.id)?;
    notices::detail(&state.db, caller.user.id, id)
        .await?
        .filter(|n| ERROR_BOOK_TYPES.contains(&n.r#type))
        .map(Reply)
        .ok_or_else(|| ApiError::NotFound("错题本消息不存在".into()))
}

async fn read(state: web::Data<AppState>, caller: Caller, query: web::Query<IdQuery>) -> ApiResult<Reply<bool>> {
    let id = required_id(query.id)?;
    if !notices::mark_read(&state.db, caller.user.id, id).await? {
        return Err(ApiError::NotFound("通知不存在".into()));
    }
    Ok(Reply(true))
}

async fn unread_type_count(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<Vec<UnreadTypeCount>>> {
    let counts = notices::unread_type_counts(&state.db, caller.user.id).await?;
    Ok(Reply(counts.into_iter().map(|(r#type, count)| UnreadTypeCount { r#type, count }).collect()))
}

async fn update_param(state: web::Data<AppState>, caller: Caller, body: web::Json<NoticeParamRequest>) -> ApiResult<Reply<bool>> {
    let body = body.into_inner();
    if body.popup_closed.is_none() && body.read.is_none() {
        return Err(ApiError::bad_request("请提供 popupClosed 或 read"));
    }
    if notices::detail(&state.db, caller.user.id, body.id).await?.is_none() {
        return Err(ApiError::NotFound("通知不存在".into()));
    }
    if let Some(closed) = body.popup_closed {
        notices::set_popup_closed(&state.db, caller.user.id, body.id, closed).await?;
    }
    if body.read == Some(true) {
        notices::mark_read(&state.db, caller.user.id, body.id).await?;
    }
    Ok(Reply(true))
}

fn scene_of(query: SceneQuery) -> ApiResult<String> {
    let scene = query.scene.unwrap_or_else(|| BOOTSTRAP_SCENE_KNOWLEDGE_BASE.into());
    if scene.is_empty() || scene.len() > 64 || !scene.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(ApiError::bad_request("scene 无效"));
    }
    Ok(scene)
}

async fn bootstrap(state: web::Data<AppState>, caller: Caller, query: web::Query<SceneQuery>) -> ApiResult<Reply<Vec<BootstrapFlag>>> {
    let scene = scene_of(query.into_inner())?;
    let dismissed = accounts::setting(&state.db, caller.user.id, &format!("bootstrap:{scene}")).await?.is_some();
    Ok(Reply(vec![BootstrapFlag { scene, bootstrap: !dismissed }]))
}

async fn bootstrap_turn_off(state: web::Data<AppState>, caller: Caller, query: web::Query<SceneQuery>) -> ApiResult<Reply<bool>> {
    let scene = scene_of(query.into_inner())?;
    accounts::set_setting(&state.db, caller.user.id, &format!("bootstrap:{scene}"), "off").await?;
    Ok(Reply(true))
}
