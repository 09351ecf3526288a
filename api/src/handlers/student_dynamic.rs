//! Student dynamics (`student-dynamic` area): 学员动态跟进 for a student's staff and 学员动态管理
//! for managers. The spec names the screens only; the calls are ours, under
//! `/api/studentDynamic`. Everyone reads and follows up the dynamics of their data scope (a
//! teacher their lessons' and subjects', a consultant or learning manager their students'); the
//! statistics need a manager's role.

use actix_web::http::Method;
use actix_web::web;
use protocol::dictionary as dict;
use protocol::dto::common::Page;
use protocol::dto::student_dynamic::*;
use storage::datacentre::{calendar, filter, Filter, Scope};
use storage::now_ms;
use storage::student_dynamic::{self as dynamics, Which};

use super::qc::MANAGERS;
use crate::access::{scope, Access};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    let route = |path: &'static str, access: Access, summary: &'static str| info(Method::POST, path, access, "student-dynamic", summary);
    r.add(route("/api/studentDynamic/list", Access::Session, "Students' dynamics in the caller's scope and period, the latest first"), list);
    r.add(route("/api/studentDynamic/follow", Access::Session, "Records the follow-up of a dynamic in the caller's scope"), follow);
    r.add(
        route("/api/studentDynamic/statistics", Access::HoldsRole(MANAGERS), "Dynamics and follow-ups per kind in the caller's scope and period"),
        statistics,
    );
}

/// `-1` and absent both mean "all".
fn given(value: Option<i64>) -> Option<i64> {
    value.filter(|v| *v != -1)
}

fn known(table: &[dict::Named], field: &str, value: i64) -> ApiResult<i64> {
    if table.iter().any(|(c, _)| *c == value) {
        Ok(value)
    } else {
        Err(ApiError::bad_request(format!("{field} 不是已知的取值：{value}")))
    }
}

/// The checked search: scope, period and school, which dynamics.
async fn search(state: &AppState, caller: &Caller, s: &StudentDynamicSearch) -> ApiResult<(Scope, Filter, Which)> {
    let scope = scope::data_scope(state, caller).await?;
    let filter = filter::parse(&s.base(), calendar::today(), &[]).map_err(ApiError::bad_request)?;
    scope::check_school(state, caller, &scope, filter.school_id).await?;
    let kind = given(s.kind).map(|k| known(&dict::STUDENT_DYNAMIC_KINDS, "kind", k)).transpose()?;
    let followed = match given(s.followed) {
        None => None,
        Some(0) => Some(false),
        Some(1) => Some(true),
        Some(other) => return Err(ApiError::bad_request(format!("followed 只能是 0、1 或 -1：{other}"))),
    };
    Ok((scope, filter, Which { kind, followed }))
}

async fn list(state: web::Data<AppState>, caller: Caller, body: OptionalJson<StudentDynamicSearch>) -> ApiResult<Reply<Page<StudentDynamicRow>>> {
    let (scope, filter, which) = search(&state, &caller, &body.0).await?;
    let total = dynamics::count(&state.db, &scope, &filter, which).await?;
    let records = dynamics::page(&state.db, &scope, &filter, which).await?;
    Ok(Reply(Page { records, total, page_no: filter.page_no, page_size: filter.page_size }))
}

async fn statistics(state: web::Data<AppState>, caller: Caller, body: OptionalJson<StudentDynamicSearch>) -> ApiResult<Reply<Vec<StudentDynamicStatRow>>> {
    let (scope, filter, _) = search(&state, &caller, &body.0).await?;
    Ok(Reply(dynamics::statistics(&state.db, &scope, &filter).await?))
}

async fn follow(state: web::Data<AppState>, caller: Caller, body: web::Json<StudentDynamicFollow>) -> ApiResult<Reply<StudentDynamicRow>> {
    let kind = known(&dict::STUDENT_DYNAMIC_KINDS, "kind", body.kind)?;
    let method = known(&dict::FOLLOW_METHODS, "method", body.method)?;
    let note = body.note.trim();
    if note.is_empty() || note.chars().count() > MAX_FOLLOW_NOTE_CHARS {
        return Err(ApiError::bad_request(format!("note 需要 1 到 {MAX_FOLLOW_NOTE_CHARS} 个字：写明跟进情况")));
    }
    let scope = scope::data_scope(&state, &caller).await?;
    // A dynamic outside the caller's scope is as missing as one that does not exist.
    let missing = || ApiError::NotFound("学员动态不存在".into());
    dynamics::one(&state.db, &scope, kind, &body.source_key).await?.ok_or_else(missing)?;
    dynamics::follow(&state.db, kind, &body.source_key, method, note, caller.user.id, now_ms()).await?;
    dynamics::one(&state.db, &scope, kind, &body.source_key).await?.map(Reply).ok_or_else(missing)
}
