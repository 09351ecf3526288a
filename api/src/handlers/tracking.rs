//! Usage tracking (`tracking` area, 01 §7): the web client's page views and actions, one at a
//! time (`send`) or in batches (`send/v2`, also what `sendBeacon` posts on unload, whatever its
//! content type). The user is the session's; the rest is kept as the client saw it. Events are
//! queued and stored in batches (`crate::tracking`), and counted in the platform-usage reports.

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::tracking::{TrackAccepted, TrackBatch, TrackEvent, TRACK_BATCH_MAX, TRACK_KIND_ACTION, TRACK_KIND_PAGE, TRACK_TEXT_MAX};
use storage::tracking::NewEvent;

use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::POST, "/api/track/send", Access::Session, "tracking", "Report one page view or action").spec(&["S026"]), send);
    r.add(
        info(Method::POST, "/api/track/send/v2", Access::Session, "tracking", "Report a batch of page views and actions (any content type, for sendBeacon)")
            .spec(&["S027"]),
        send_v2,
    );
}

/// The longest name, role, province or id kept (characters).
const NAME_MAX: usize = 100;

fn check_text(value: &str, max: usize, field: &str, index: usize) -> ApiResult<String> {
    if value.chars().count() > max {
        return Err(ApiError::bad_request(format!("第{}条事件的{field}不能超过{max}个字", index + 1)));
    }
    // Control characters have no place in these fields (and PostgreSQL refuses NUL in text).
    if value.chars().any(char::is_control) {
        return Err(ApiError::bad_request(format!("第{}条事件的{field}含有控制字符", index + 1)));
    }
    Ok(value.trim().to_owned())
}

/// Checks an event and makes it the caller's.
fn to_new(caller: &Caller, e: &TrackEvent, index: usize, now: i64) -> ApiResult<NewEvent> {
    if e.kind != TRACK_KIND_PAGE && e.kind != TRACK_KIND_ACTION {
        return Err(ApiError::bad_request(format!("第{}条事件的类型只能是 page 或 action", index + 1)));
    }
    let name = check_text(&e.name, NAME_MAX, "名称", index)?;
    if name.is_empty() {
        return Err(ApiError::bad_request(format!("第{}条事件缺少名称", index + 1)));
    }
    if e.time <= 0 {
        return Err(ApiError::bad_request(format!("第{}条事件的时间无效", index + 1)));
    }
    Ok(NewEvent {
        user_id: caller.user.id,
        kind: e.kind.clone(),
        name,
        page_url: check_text(&e.page_url, TRACK_TEXT_MAX, "页面地址", index)?,
        school_names: check_text(&e.school_names, TRACK_TEXT_MAX, "校区名称", index)?,
        school_ids: check_text(&e.school_ids, TRACK_TEXT_MAX, "校区编号", index)?,
        role: check_text(&e.role, NAME_MAX, "角色", index)?,
        province: check_text(&e.province, NAME_MAX, "省份", index)?,
        login_time: e.login_time.filter(|t| *t > 0),
        external_user_id: check_text(&e.external_user_id, NAME_MAX, "外部用户编号", index)?,
        channel: check_text(&e.channel, NAME_MAX, "入口渠道", index)?,
        client_time: e.time,
        received_at: now,
    })
}

fn accept(state: &AppState, caller: &Caller, events: &[TrackEvent]) -> ApiResult<Reply<TrackAccepted>> {
    if events.is_empty() || events.len() > TRACK_BATCH_MAX {
        return Err(ApiError::bad_request(format!("每批需有1到{TRACK_BATCH_MAX}条事件")));
    }
    let now = storage::now_ms();
    let events = events.iter().enumerate().map(|(i, e)| to_new(caller, e, i, now)).collect::<ApiResult<Vec<_>>>()?;
    let accepted = events.len() as i64;
    if !state.tracker.accept(events) {
        return Err(ApiError::Unavailable("系统繁忙，请稍后再报".into()));
    }
    Ok(Reply(TrackAccepted { accepted }))
}

async fn send(state: web::Data<AppState>, caller: Caller, body: web::Json<TrackEvent>) -> ApiResult<Reply<TrackAccepted>> {
    accept(&state, &caller, std::slice::from_ref(&body))
}

async fn send_v2(state: web::Data<AppState>, caller: Caller, body: OptionalJson<TrackBatch>) -> ApiResult<Reply<TrackAccepted>> {
    accept(&state, &caller, &body.0.events)
}
