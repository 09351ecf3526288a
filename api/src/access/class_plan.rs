//! Who reads and writes one-on-one course plans: a package's plan is written by the package's
//! teacher, and read by them, by the advisers of its student, and by managers whose scope holds the
//! package's school or area. What the caller may not read reads as absent.

use storage::class_plan::{self, PackageRow};

use super::scope::mine;
use super::teaching_tasks::TaskNeed;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The package, when the caller may read its plan (or write it, with `Write`).
pub async fn package(state: &AppState, caller: &Caller, package_id: i64, need: TaskNeed) -> ApiResult<PackageRow> {
    let missing = || ApiError::NotFound("课时包不存在或无权查看".into());
    let row = class_plan::package(&state.db, package_id).await?.ok_or_else(missing)?;
    if row.teacher_id == caller.user.id {
        return Ok(row);
    }
    let (mine, scope) = mine(state, caller).await?;
    match (class_plan::readable(&state.db, mine, &scope, package_id).await?, need) {
        (false, _) => Err(missing()),
        (true, TaskNeed::Read) => Ok(row),
        (true, TaskNeed::Write) => Err(ApiError::NoPermission),
    }
}
