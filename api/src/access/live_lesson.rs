//! The resource rules of live lessons. A lesson is open to whoever may open its class's
//! details (data scope, or teaching it; `access::records::online_lesson`), and reads as absent
//! to anyone else. Reporting presence and attaching the recording belong to the lesson's
//! teachers: its class's main teacher and its groups' auxiliary teachers (an administrator
//! too, for corrections); patrolling to inspectors (the route's role) within the same scope.

use storage::datacentre::online_detail::ClassAccess;
use storage::live_lesson::{self, Lesson};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// An opened lesson: its facts and the caller's view of its class.
pub struct OpenLesson {
    pub lesson: Lesson,
    pub class: ClassAccess,
}

/// The lesson, if the caller may open it; `NotFound` otherwise.
pub async fn open(state: &AppState, caller: &Caller, lesson_id: i64) -> ApiResult<OpenLesson> {
    let class = super::records::online_lesson(state, caller, lesson_id).await?;
    let lesson = live_lesson::lesson(&state.db, lesson_id).await?.ok_or_else(|| ApiError::NotFound("课次不存在".into()))?;
    Ok(OpenLesson { lesson, class })
}

/// Whether the caller is one of the lesson's teachers (or an administrator).
pub async fn teaches(state: &AppState, caller: &Caller, open: &OpenLesson) -> ApiResult<bool> {
    if caller.holds(protocol::constants::role::ADMIN) || caller.user.is_superuser() {
        return Ok(true);
    }
    Ok(live_lesson::teachers(&state.db, open.lesson.class_id).await?.contains(&caller.user.id))
}

/// The lesson, if the caller teaches it; `NotFound` if they may not open it, `Forbidden` if
/// they may read but not report.
pub async fn taught(state: &AppState, caller: &Caller, lesson_id: i64) -> ApiResult<OpenLesson> {
    let open = open(state, caller, lesson_id).await?;
    if !teaches(state, caller, &open).await? {
        return Err(ApiError::Forbidden("只有本课的老师可以这样做".into()));
    }
    Ok(open)
}
