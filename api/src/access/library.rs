//! Who may change the centre's libraries (textbooks, teaching aids): library editors — admins,
//! operators (the content team) and super users. Everyone else reads what is published; a draft
//! is "not found" to them.

use protocol::constants::role;
use storage::teaching_aid::{self, AidRow};
use storage::teaching_material::{self, TextbookRow};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

pub const PUBLISHED: i64 = 1;

pub fn library_editor(caller: &Caller) -> bool {
    caller.holds(role::ADMIN) || caller.holds(role::OPERATOR) || caller.signed_in().is_superuser()
}

/// Refuses callers who are not library editors.
pub fn require_editor(caller: &Caller) -> ApiResult<()> {
    if library_editor(caller) {
        Ok(())
    } else {
        Err(ApiError::Forbidden("只有教研人员可以维护资料库".into()))
    }
}

/// A textbook the caller may see (editors: any; others: published).
pub async fn textbook_for(state: &AppState, caller: &Caller, id: i64) -> ApiResult<TextbookRow> {
    match teaching_material::textbook(&state.db, id).await? {
        Some(book) if book.status == PUBLISHED || library_editor(caller) => Ok(book),
        _ => Err(ApiError::NotFound("教材不存在".into())),
    }
}

/// A teaching aid the caller may see (editors: any; others: published).
pub async fn aid_for(state: &AppState, caller: &Caller, id: i64) -> ApiResult<AidRow> {
    match teaching_aid::aid(&state.db, id).await? {
        Some(aid) if aid.status == PUBLISHED || library_editor(caller) => Ok(aid),
        _ => Err(ApiError::NotFound("教辅不存在".into())),
    }
}

/// A teaching resource (a file of a staff member's drive) and its library audit, when the caller
/// may read it: its owner, library editors once it was offered to the library, and everyone once
/// the library holds it (approved).
pub async fn teaching_resource_for(
    state: &crate::state::AppState,
    caller: &Caller,
    id: i64,
) -> ApiResult<(storage::uploads::ResourceRow, (i64, String, Option<i64>))> {
    let missing = || ApiError::NotFound("资源不存在".into());
    let resource = storage::uploads::resource(&state.db, id).await?.ok_or_else(missing)?;
    let audit = storage::uploads::resource_audit(&state.db, id).await?.ok_or_else(missing)?;
    let approved = audit.0 == protocol::dto::library::RESOURCE_AUDIT_APPROVED;
    // Editors see what was offered to the library, not the rest of a teacher's drive.
    let offered = audit.0 != protocol::dto::library::RESOURCE_AUDIT_NONE;
    if resource.user_id == caller.user.id || (library_editor(caller) && offered) || approved {
        Ok((resource, audit))
    } else {
        Err(missing())
    }
}
