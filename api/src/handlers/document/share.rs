//! Sharing: items shared with colleagues and teams (the receiver sees them under "received",
//! gets a notice pushed, may copy them; the sender sees them under "sent" and may revoke), and
//! share links any signed-in colleague may open and copy from until they expire or are revoked.

use actix_web::web;
use protocol::dto::document::{
    BatchResult, DriveColleague, PlanShare, PlanShareCodeRequest, PlanShareInfo, PlanShareRequest, RevokeShareRequest, ShareCandidateQuery, ShareInfo,
    ShareRequest, ShareResult,
};
use protocol::push::{DriveChange, PushMessage};
use storage::document::share::{self, Receiver, ShareRow};
use storage::document::{self, Space};
use storage::push_log::NewPush;
use storage::{accounts, notices, now_ms, team};

use super::items::copy_into;
use super::{changed, wire};
use crate::access::document::{self as rules, Right};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::state::AppState;

/// A notice of this kind tells a receiver of a share (the notice centre's list, not a popup).
const SHARE_NOTICE_KIND: i64 = 2;

pub(crate) fn share_wire(row: ShareRow) -> ShareInfo {
    ShareInfo {
        share_id: row.id,
        item_id: row.item_id,
        item_name: row.item_name,
        sender_id: row.sender_id,
        sender_name: row.sender_name,
        receiver_id: row.receiver_id,
        receiver_team_id: row.receiver_team_id,
        receiver_name: row.receiver_name,
        share_time: row.created_at,
    }
}

async fn share(state: &AppState, caller: &Caller, ids: &[i64], body: &ShareRequest) -> ApiResult<ShareResult> {
    // Only what the caller may change may be shared: their own, or their team's as an editor.
    let items = rules::live_items(state, caller, ids, Right::Write).await?;
    if body.emails.is_empty() && body.team_ids.is_empty() {
        return Err(ApiError::bad_request("请选择分享对象"));
    }
    if body.emails.len() + body.team_ids.len() > 200 {
        return Err(ApiError::bad_request("一次最多分享给200个对象"));
    }
    let mut receivers = Vec::new();
    let mut people = Vec::new();
    for email in &body.emails {
        let user = accounts::by_email(&state.db, email.trim()).await?.ok_or_else(|| ApiError::bad_request(format!("用户不存在：{email}")))?;
        if user.id == caller.user.id {
            return Err(ApiError::bad_request("不能分享给自己"));
        }
        receivers.push(Receiver::Person(user.id));
        people.push((user.id, String::new()));
    }
    for team_id in &body.team_ids {
        rules::member(state, caller, *team_id).await?;
        receivers.push(Receiver::Team(*team_id));
        for m in team::members(&state.db, *team_id).await? {
            if m.user_id != caller.user.id {
                people.push((m.user_id, String::new()));
            }
        }
    }
    people.sort();
    people.dedup();
    if items.len() * (receivers.len() + people.len()) > MAX_SHARE_PAIRS {
        return Err(ApiError::bad_request(format!("一次分享的文件数 × 分享对象人数不能超过{MAX_SHARE_PAIRS}，请分批分享")));
    }
    let item_ids: Vec<i64> = items.iter().map(|i| i.id).collect();
    let rows = share::share(&state.db, caller.user.id, &item_ids, &receivers).await?;
    let names = items.iter().map(|i| format!("「{}」", i.name)).collect::<Vec<_>>().join("、");
    let title: String = format!("{} 向你分享了 {}", caller.user.name, names).chars().take(100).collect();
    let content = "可在「知识库 › 共享空间 › 我收到的」中查看，并复制到自己的空间。";
    let notice = notices::publish(&state.db, caller.user.id, &title, content, SHARE_NOTICE_KIND, &people).await?;
    let pushes = people
        .iter()
        .filter_map(|(user_id, role)| Some(NewPush::to(*user_id, PushMessage::notice_published(SHARE_NOTICE_KIND, notice, &title, role)?)))
        .collect();
    state.hub.push(pushes).await?;
    let receivers_ids: Vec<i64> = people.iter().map(|(id, _)| *id).collect();
    let message = PushMessage::drive_changed(&DriveChange { team_id: 0, folder_ids: vec![document::RECEIVED] });
    state.hub.signal_users(receivers_ids, &message).await;
    changed(state, Space::Personal(caller.user.id), &[(document::SENT, None)]).await;
    Ok(ShareResult { shares: rows.into_iter().map(share_wire).collect() })
}

pub(super) async fn share_one(state: web::Data<AppState>, caller: Caller, body: web::Json<ShareRequest>) -> ApiResult<Reply<ShareResult>> {
    let id = body.id.ok_or_else(|| ApiError::bad_request("缺少要分享的文件"))?;
    Ok(Reply(share(&state, &caller, &[id], &body).await?))
}

pub(super) async fn share_many(state: web::Data<AppState>, caller: Caller, body: web::Json<ShareRequest>) -> ApiResult<Reply<ShareResult>> {
    Ok(Reply(share(&state, &caller, &body.ids, &body).await?))
}

/// A share the caller may revoke: one they made, or one of their team's items when they own the
/// team (editors share its items; the owner answers for them).
async fn revocable(state: &AppState, caller: &Caller, share_id: i64) -> ApiResult<ShareRow> {
    let gone = || ApiError::NotFound("分享不存在".into());
    let row = share::by_id(&state.db, share_id).await?.ok_or_else(gone)?;
    if row.sender_id == caller.user.id {
        return Ok(row);
    }
    let item = document::item(&state.db, row.item_id).await?.ok_or_else(gone)?;
    match item.space() {
        Space::Team(team_id) if rules::member(state, caller, team_id).await.is_ok_and(|t| t.role == team::OWNER) => Ok(row),
        _ => Err(gone()),
    }
}

/// Too many pairs of items and receivers in one share (each pair is a row and a listing entry).
const MAX_SHARE_PAIRS: usize = 20_000;

pub(super) async fn revoke(state: web::Data<AppState>, caller: Caller, body: web::Json<RevokeShareRequest>) -> ApiResult<Reply<bool>> {
    let row = revocable(&state, &caller, body.share_id).await?;
    share::revoke(&state.db, row.id).await?;
    let mut users = if row.receiver_id > 0 { vec![row.receiver_id] } else { team::member_ids(&state.db, row.receiver_team_id).await? };
    users.push(caller.user.id);
    users.push(row.sender_id);
    let message = PushMessage::drive_changed(&DriveChange { team_id: 0, folder_ids: vec![document::RECEIVED, document::SENT] });
    state.hub.signal_users(users, &message).await;
    Ok(Reply(true))
}

pub(super) async fn candidates(state: web::Data<AppState>, caller: Caller, body: web::Json<ShareCandidateQuery>) -> ApiResult<Reply<Vec<DriveColleague>>> {
    let keyword = body.keyword.trim();
    if keyword.is_empty() || keyword.chars().count() > 50 {
        return Err(ApiError::bad_request("请输入1到50个字符的姓名或邮箱"));
    }
    let rows = accounts::search(&state.db, keyword, 20).await?;
    Ok(Reply(rows.into_iter().filter(|u| u.0 != caller.user.id).map(|(user_id, name, email)| DriveColleague { user_id, name, email }).collect()))
}

pub(super) async fn plan_share(state: web::Data<AppState>, caller: Caller, body: web::Json<PlanShareRequest>) -> ApiResult<Reply<PlanShare>> {
    let items = rules::live_items(&state, &caller, &body.ids, Right::Write).await?;
    let days = body.expire_days.unwrap_or(7);
    if !(1..=30).contains(&days) {
        return Err(ApiError::bad_request("有效期需为1到30天"));
    }
    let expire_time = now_ms() + days * 24 * 3600 * 1000;
    let ids: Vec<i64> = items.iter().map(|i| i.id).collect();
    let code = share::create_link(&state.db, caller.user.id, &ids, expire_time).await?;
    Ok(Reply(PlanShare { url: format!("/knowledgeRepository/mainSpace?share={code}"), code, expire_time }))
}

/// A link that stands (not expired, not revoked) and the live items it holds that its sender
/// may still share (a share link gives no more than its sender has).
async fn open_link(state: &AppState, code: &str) -> ApiResult<(share::LinkRow, Vec<document::ItemRow>)> {
    let link = share::link(&state.db, code.trim()).await?.filter(|l| l.revoked == 0).ok_or_else(|| ApiError::NotFound("分享链接不存在或已取消".into()))?;
    if link.expires_at < now_ms() {
        return Err(ApiError::NotFound("分享链接已过期".into()));
    }
    let mut items = Vec::new();
    for item in document::items(&state.db, &link.ids()).await?.into_iter().filter(|i| i.is_live()) {
        let sender_writes = match item.space() {
            Space::Personal(u) => u == link.sender_id,
            Space::Team(t) => team::membership(&state.db, t, link.sender_id).await?.is_some_and(|m| team::writes(m.role)),
        };
        if sender_writes {
            items.push(item);
        }
    }
    Ok((link, items))
}

pub(super) async fn plan_share_info(state: web::Data<AppState>, _caller: Caller, body: web::Json<PlanShareCodeRequest>) -> ApiResult<Reply<PlanShareInfo>> {
    let (link, items) = open_link(&state, &body.code).await?;
    Ok(Reply(PlanShareInfo {
        code: link.code,
        sender_name: link.sender_name,
        expire_time: link.expires_at,
        items: items.into_iter().map(|i| wire(i, Some(Right::Read))).collect(),
    }))
}

pub(super) async fn plan_share_save(state: web::Data<AppState>, caller: Caller, body: web::Json<PlanShareCodeRequest>) -> ApiResult<Reply<BatchResult>> {
    let (link, items) = open_link(&state, &body.code).await?;
    if items.is_empty() {
        return Err(ApiError::NotFound("分享的文件已不存在".into()));
    }
    Ok(Reply(copy_into(&state, &caller, items, 0, 0, Some(&link.code)).await?))
}

pub(super) async fn plan_share_revoke(state: web::Data<AppState>, caller: Caller, body: web::Json<PlanShareCodeRequest>) -> ApiResult<Reply<bool>> {
    let link =
        share::link(&state.db, body.code.trim()).await?.filter(|l| l.sender_id == caller.user.id).ok_or_else(|| ApiError::NotFound("分享链接不存在".into()))?;
    share::revoke_link(&state.db, &link.code).await?;
    Ok(Reply(true))
}
