//! Online-lesson reminders (`online-reminder` area): 线上课设置 and 白名单配置. The spec names
//! the screens only; the calls are ours, under `/api/onlineReminder`. Managers read the
//! settings; inspectors (administrators and operators) change them and the whitelists.
//! The reminders themselves are sent by `hub::online_reminder` as they fall due.

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::online_reminder::*;
use storage::now_ms;
use storage::online_reminder::{self as reminders, is_kind};

use super::qc::{INSPECTORS, MANAGERS};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    let route = |method: Method, path: &'static str, access: Access, summary: &'static str| info(method, path, access, "online-reminder", summary);
    let managers = Access::HoldsRole(MANAGERS);
    let inspectors = Access::HoldsRole(INSPECTORS);
    r.add(route(Method::GET, "/api/onlineReminder/settings", managers, "Every reminder kind: on or off, its minutes, its whitelist's size"), settings);
    r.add(route(Method::POST, "/api/onlineReminder/settings/save", inspectors, "Turns a reminder kind on or off and sets its minutes"), save);
    r.add(route(Method::POST, "/api/onlineReminder/whitelist/list", managers, "The staff a reminder kind does not remind"), whitelist);
    r.add(route(Method::POST, "/api/onlineReminder/whitelist/add", inspectors, "Adds staff (by e-mail) to a reminder kind's whitelist"), add);
    r.add(route(Method::POST, "/api/onlineReminder/whitelist/remove", inspectors, "Removes staff from a reminder kind's whitelist"), remove);
}

fn kind(reminder_type: i64) -> ApiResult<i64> {
    if is_kind(reminder_type) {
        Ok(reminder_type)
    } else {
        Err(ApiError::bad_request(format!("reminderType 只能是 1、2 或 3：{reminder_type}")))
    }
}

async fn settings(state: web::Data<AppState>) -> ApiResult<Reply<Vec<OnlineReminderSetting>>> {
    Ok(Reply(reminders::settings(&state.db).await?))
}

async fn save(state: web::Data<AppState>, caller: Caller, body: web::Json<OnlineReminderSettingSave>) -> ApiResult<Reply<Vec<OnlineReminderSetting>>> {
    let kind = kind(body.reminder_type)?;
    let (least, most) = REMINDER_MINUTES;
    if !(least..=most).contains(&body.minutes) {
        return Err(ApiError::bad_request(format!("minutes 需在 {least} 到 {most} 之间：{}", body.minutes)));
    }
    reminders::save_setting(&state.db, kind, body.enabled, body.minutes, caller.user.id, now_ms()).await?;
    Ok(Reply(reminders::settings(&state.db).await?))
}

async fn whitelist(state: web::Data<AppState>, body: web::Json<OnlineReminderType>) -> ApiResult<Reply<Vec<OnlineWhitelistRow>>> {
    Ok(Reply(reminders::whitelist(&state.db, kind(body.reminder_type)?).await?))
}

async fn add(state: web::Data<AppState>, caller: Caller, body: web::Json<OnlineWhitelistAdd>) -> ApiResult<Reply<OnlineWhitelistAdded>> {
    let kind = kind(body.reminder_type)?;
    if body.emails.iter().all(|e| e.trim().is_empty()) || body.emails.len() > MAX_WHITELIST_BATCH {
        return Err(ApiError::bad_request(format!("emails 需要 1 到 {MAX_WHITELIST_BATCH} 个邮箱")));
    }
    Ok(Reply(reminders::add_to_whitelist(&state.db, kind, &body.emails, caller.user.id, now_ms()).await?))
}

async fn remove(state: web::Data<AppState>, body: web::Json<OnlineWhitelistRemove>) -> ApiResult<Reply<i64>> {
    let kind = kind(body.reminder_type)?;
    if body.user_ids.is_empty() || body.user_ids.len() > MAX_WHITELIST_BATCH {
        return Err(ApiError::bad_request(format!("userIds 需要 1 到 {MAX_WHITELIST_BATCH} 个人")));
    }
    Ok(Reply(reminders::remove_from_whitelist(&state.db, kind, &body.user_ids).await?))
}
