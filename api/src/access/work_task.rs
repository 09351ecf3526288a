//! The resource rule of work tasks: a task is readable by its executor and by whoever's data
//! scope holds its lesson (the lesson's school, area, teacher, or the student's consultant or
//! learning manager); otherwise it is reported missing, so that its existence does not leak.
//! Checking one needs an inspector's role as well (the route says so) and the same scope.

use storage::work_task;

use super::scope;
use crate::auth::Caller;
use crate::error::ApiError;
use crate::state::AppState;

/// A task the caller may read; `NotFound` otherwise.
pub async fn readable(state: &AppState, caller: &Caller, id: i64) -> Result<(), ApiError> {
    let missing = || ApiError::NotFound("任务不存在".into());
    match work_task::executor_of(&state.db, id).await? {
        None => Err(missing()),
        Some(executor) if executor == caller.user.id => Ok(()),
        Some(_) => {
            let scope = scope::data_scope(state, caller).await?;
            if work_task::in_scope(&state.db, id, &scope).await? {
                Ok(())
            } else {
                Err(missing())
            }
        }
    }
}
