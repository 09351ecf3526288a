//! Notices as their recipients see them (03 §7.10). A user only ever reads notices addressed to them.

use actix_web::http::Method;
use actix_web::web;
use protocol::constants::limits::{DEFAULT_PAGE_NO, DEFAULT_PAGE_SIZE, MAX_PAGE_NO, MAX_PAGE_SIZE};
use protocol::dto::{Notice, NoticeInfo, NoticeParamRequest, Page, UnreadTypeCount};
use serde::Deserialize;
use storage::notices;

use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::GET, "/api/exam/notice/detail/latest", Access::Session, "notice", "Newest unread popup notice not yet closed (or null)"), latest);
    r.add(info(Method::GET, "/api/exam/notice/info", Access::Session, "notice", "Unread count and newest unread notice"), notice_info);
    r.add(info(Method::GET, "/api/exam/notice/readAll", Access::Session, "notice", "Mark every notice read"), read_all);
    r.add(info(Method::GET, "/api/exam/notice/personal/list", Access::Session, "notice", "A page of the user's notices"), list);
    r.add(info(Method::GET, "/api/exam/notice/personal/list/v2", Access::Session, "notice", "A page of the user's notices, optionally of one type"), list_v2);
    r.add(info(Method::GET, "/api/exam/notice/personal/unread", Access::Session, "notice", "The user's unread notices (array)"), unread);
    r.add(info(Method::GET, "/api/exam/notice/detail", Access::Session, "notice", "One notice of the user"), detail);
    r.add(info(Method::GET, "/api/exam/notice/read", Access::Session, "notice", "Mark one notice read"), read);
    r.add(info(Method::GET, "/api/exam/notice/personal/unread/type/count", Access::Session, "notice", "Unread counts per type"), unread_type_count);
    r.add(info(Method::POST, "/api/exam/notice/update/param", Access::Session, "notice", "Update the user's display parameters of a notice"), update_param);
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PageQuery {
    page_no: Option<i64>,
    page_size: Option<i64>,
    r#type: Option<i64>,
}

impl PageQuery {
    fn validated(&self) -> ApiResult<(i64, i64)> {
        let page_no = self.page_no.unwrap_or(DEFAULT_PAGE_NO);
        let page_size = self.page_size.unwrap_or(DEFAULT_PAGE_SIZE);
        if !(1..=MAX_PAGE_NO).contains(&page_no) {
            return Err(ApiError::bad_request(format!("pageNo 必须在 1 到 {MAX_PAGE_NO} 之间")));
        }
        if !(1..=MAX_PAGE_SIZE).contains(&page_size) {
            return Err(ApiError::bad_request(format!("pageSize 必须在 1 到 {MAX_PAGE_SIZE} 之间")));
        }
        Ok((page_no, page_size))
    }
}

#[derive(Deserialize)]
struct IdQuery {
    id: Option<i64>,
}

impl IdQuery {
    fn id(&self) -> ApiResult<i64> {
        self.id.filter(|id| *id > 0).ok_or_else(|| ApiError::bad_request("缺少有效的 id"))
    }
}

async fn latest(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<Option<Notice>>> {
    Ok(Reply(notices::latest_popup(&state.db, caller.user.id).await?))
}

async fn notice_info(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<NoticeInfo>> {
    let unread = notices::unread(&state.db, caller.user.id).await?;
    let unread_illustrate = if unread.is_empty() { "暂无未读通知".to_owned() } else { format!("您有 {} 条未读通知", unread.len()) };
    Ok(Reply(NoticeInfo { unread_num: unread.len() as i64, unread_info: unread.into_iter().next(), unread_illustrate }))
}

async fn read_all(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<u64>> {
    Ok(Reply(notices::read_all(&state.db, caller.user.id).await?))
}

async fn list(state: web::Data<AppState>, caller: Caller, query: web::Query<PageQuery>) -> ApiResult<Reply<Page<Notice>>> {
    let (page_no, page_size) = query.validated()?;
    let (records, total) = notices::page(&state.db, caller.user.id, None, page_no, page_size).await?;
    Ok(Reply(Page { records, total, page_no, page_size }))
}

async fn list_v2(state: web::Data<AppState>, caller: Caller, query: web::Query<PageQuery>) -> ApiResult<Reply<Page<Notice>>> {
    let (page_no, page_size) = query.validated()?;
    let (records, total) = notices::page(&state.db, caller.user.id, query.r#type, page_no, page_size).await?;
    Ok(Reply(Page { records, total, page_no, page_size }))
}

async fn unread(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<Vec<Notice>>> {
    Ok(Reply(notices::unread(&state.db, caller.user.id).await?))
}

async fn detail(state: web::Data<AppState>, caller: Caller, query: web::Query<IdQuery>) -> ApiResult<Reply<Notice>> {
    let id = query.id()?;
    notices::detail(&state.db, caller.user.id, id).await?.map(Reply).ok_or_else(|| ApiError::NotFound("通知不存在".into()))
}

async fn read(state: web::Data<AppState>, caller: Caller, query: web::Query<IdQuery>) -> ApiResult<Reply<bool>> {
    let id = query.id()?;
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
