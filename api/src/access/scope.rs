//! Who sees which records in the data centre and QC (02 §6): one rule, decided here from the
//! acting account's current role and applied by storage inside every report query.
//!
//! - admins and super users: everything;
//! - school managers and operators (QC inspectors): their schools;
//! - area managers: their areas;
//! - consultants and learning managers: the students they advise or look after;
//! - teachers (and online tutors): their own lessons and the students in them.

use protocol::constants::role;
use storage::accounts;
use storage::datacentre::{dict, Scope};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::state::AppState;

/// The caller's own teaching records ("mine") and their data-centre scope.
pub async fn mine(state: &AppState, caller: &Caller) -> Result<(storage::teaching::mine::Mine, Scope), ApiError> {
    let scope = data_scope(state, caller).await?;
    Ok((storage::teaching::mine::Mine::of(&scope, caller.user.id), scope))
}

/// The caller's scope.
pub async fn data_scope(state: &AppState, caller: &Caller) -> Result<Scope, ApiError> {
    let user = &caller.user;
    if user.is_superuser() {
        return Ok(Scope::All);
    }
    Ok(match user.current_role.as_str() {
        role::ADMIN => Scope::All,
        role::SCHOOL_MANAGER | role::OPERATOR => Scope::Schools(accounts::school_ids(&state.db, user.id).await?),
        role::AREA_MANAGER => Scope::Areas(dict::user_areas(&state.db, user.id).await?),
        role::CONSULTANT => Scope::Consultant(user.id),
        role::LEARNING_MANAGER => Scope::LearningManager(user.id),
        _ => Scope::Teacher(user.id),
    })
}

/// The schools a scope may pick in the header's selector (`None`: every school).
pub async fn selectable_schools(state: &AppState, caller: &Caller, scope: &Scope) -> Result<Option<Vec<i64>>, ApiError> {
    Ok(match scope {
        Scope::All => None,
        Scope::Schools(ids) => Some(ids.clone()),
        Scope::Areas(areas) => Some(dict::schools_of_areas(&state.db, areas).await?),
        Scope::Teacher(_) | Scope::Consultant(_) | Scope::LearningManager(_) => Some(accounts::school_ids(&state.db, caller.user.id).await?),
    })
}

/// Refuses (A0300) a school the caller may not pick; `None` / -1 (all) is always allowed.
pub async fn check_school(state: &AppState, caller: &Caller, scope: &Scope, school_id: Option<i64>) -> Result<(), ApiError> {
    let Some(school_id) = school_id.filter(|id| *id != -1) else { return Ok(()) };
    match selectable_schools(state, caller, scope).await? {
        Some(allowed) if !allowed.contains(&school_id) => Err(ApiError::Forbidden(format!("无权查看该学校（{school_id}）的数据"))),
        _ => Ok(()),
    }
}
