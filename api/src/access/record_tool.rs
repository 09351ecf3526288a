//! The resource rules of lesson visits (听课记录). Visitors are managers and inspectors (the
//! routes' role check) acting in a manager's scope: they visit the offline lessons of their
//! schools or areas (admins: all), never their own. A visit is read by its visitor, by managers
//! whose scope holds its lesson, and — once finished — by the lesson's teacher (also when the
//! teacher is a manager in scope); it reads as absent to anyone else. Only its visitor changes
//! it, while recording and while the lesson is still in their scope.

use protocol::constants::role;
use storage::record_tool::{self, VisitRecord, VisitedLesson};
use storage::teaching::mine::reach;

use super::scope::data_scope;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The caller's reach as a visitor: a condition on the lesson `l` and its class `cl`.
pub async fn visitor_reach(state: &AppState, caller: &Caller) -> ApiResult<String> {
    let scope = data_scope(state, caller).await?;
    let within = reach(&scope, "cl").ok_or_else(|| ApiError::Forbidden("听课需以管理或质检角色进行，请切换角色".into()))?;
    Ok(format!("{within} AND l.teacher_id <> {}", caller.user.id))
}

/// A lesson the caller may visit; `NotFound` otherwise.
pub async fn visitable_lesson(state: &AppState, caller: &Caller, lesson_id: i64) -> ApiResult<VisitedLesson> {
    let reach = visitor_reach(state, caller).await?;
    record_tool::lesson(&state.db, &reach, lesson_id).await?.ok_or_else(|| ApiError::NotFound("课次不存在或不在您的校区".into()))
}

/// An opened visit: the record, its lesson, and whether the caller may change it.
pub struct OpenVisit {
    pub visit: VisitRecord,
    pub lesson: VisitedLesson,
    pub can_edit: bool,
}

/// Whether the lesson is within the caller's scope as a manager.
async fn within_scope(state: &AppState, caller: &Caller, lesson_id: i64) -> ApiResult<bool> {
    match reach(&data_scope(state, caller).await?, "cl") {
        Some(reach) => Ok(record_tool::lesson(&state.db, &reach, lesson_id).await?.is_some()),
        None => Ok(false),
    }
}

/// The visit, if the caller may read it.
pub async fn readable(state: &AppState, caller: &Caller, id: i64) -> ApiResult<OpenVisit> {
    let missing = || ApiError::NotFound("听课记录不存在或无权查看".into());
    let visit = record_tool::visit(&state.db, id).await?.ok_or_else(missing)?;
    let lesson = record_tool::lesson(&state.db, "", visit.lesson_id).await?.ok_or_else(missing)?;
    let mine = visit.visitor_id == caller.user.id;
    let allowed = if mine {
        true
    } else if lesson.teacher_id == caller.user.id {
        // A lesson's teacher reads finished records only, whatever else they manage.
        visit.status == 1
    } else {
        within_scope(state, caller, visit.lesson_id).await?
    };
    if !allowed {
        return Err(missing());
    }
    let can_edit = mine && visit.status == 0;
    Ok(OpenVisit { visit, lesson, can_edit })
}

/// The visit, if the caller may change it: `Forbidden` when they may only read it.
pub async fn editable(state: &AppState, caller: &Caller, id: i64) -> ApiResult<OpenVisit> {
    let open = readable(state, caller, id).await?;
    if open.visit.visitor_id != caller.user.id {
        return Err(ApiError::Forbidden("只有听课人可以修改听课记录".into()));
    }
    if !open.can_edit {
        return Err(ApiError::Conflict("听课记录已完成，不能再修改".into()));
    }
    visitable_lesson(state, caller, open.visit.lesson_id).await?;
    Ok(open)
}

/// The visited lesson's roster (names, codes, attendance): for its teacher, and for managers
/// whose scope holds the lesson now (a visitor who left the school keeps their record, not the
/// roster).
pub async fn roster(state: &AppState, caller: &Caller, id: i64) -> ApiResult<OpenVisit> {
    let open = readable(state, caller, id).await?;
    if open.lesson.teacher_id != caller.user.id && !within_scope(state, caller, open.visit.lesson_id).await? {
        return Err(ApiError::NotFound("课次不在您的校区".into()));
    }
    Ok(open)
}

/// Whether the caller may delete a visit by `visitor_id` that they can see: their own, or an
/// administrator acting as one (current role) or a super user.
pub fn may_delete(caller: &Caller, visitor_id: i64) -> bool {
    visitor_id == caller.user.id || caller.user.current_role == role::ADMIN || caller.signed_in().is_superuser()
}
