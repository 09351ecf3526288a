//! The resource rules of lesson visits (听课记录). Visitors are managers and inspectors (the
//! routes' role check) acting in a manager's scope: they visit the offline lessons of their
//! schools or areas (admins: all). A visit is read by its visitor, by managers whose scope holds
//! its lesson, and — once finished — by the lesson's teacher; it reads as absent to anyone
//! else. Only its visitor changes it, and only while recording.

use storage::record_tool::{self, VisitRecord, VisitedLesson};
use storage::teaching::mine::reach;

use super::scope::data_scope;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The caller's reach as a visitor: a condition on the lesson's class `cl`.
pub async fn visitor_reach(state: &AppState, caller: &Caller) -> ApiResult<String> {
    let scope = data_scope(state, caller).await?;
    reach(&scope, "cl").ok_or_else(|| ApiError::Forbidden("听课需以管理或质检角色进行，请切换角色".into()))
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

/// The visit, if the caller may read it.
pub async fn readable(state: &AppState, caller: &Caller, id: i64) -> ApiResult<OpenVisit> {
    let missing = || ApiError::NotFound("听课记录不存在或无权查看".into());
    let visit = record_tool::visit(&state.db, id).await?.ok_or_else(missing)?;
    let mine = visit.visitor_id == caller.user.id;
    let scope = data_scope(state, caller).await?;
    let lesson = match reach(&scope, "cl") {
        Some(reach) if !mine => record_tool::lesson(&state.db, &reach, visit.lesson_id).await?,
        _ => None,
    };
    let lesson = match lesson {
        Some(lesson) => lesson,
        None => {
            // The visitor, or the teacher of the lesson once the record is finished.
            let lesson = record_tool::lesson(&state.db, "", visit.lesson_id).await?.ok_or_else(missing)?;
            let teaches_finished = lesson.teacher_id == caller.user.id && visit.status == 1;
            if !(mine || teaches_finished) {
                return Err(missing());
            }
            lesson
        }
    };
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
    Ok(open)
}

/// Whether the caller may delete a visit by `visitor_id` that they can see: their own, or an
/// administrator.
pub fn may_delete(caller: &Caller, visitor_id: i64) -> bool {
    visitor_id == caller.user.id || caller.holds(protocol::constants::role::ADMIN) || caller.user.is_superuser()
}
