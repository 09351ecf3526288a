//! Permission checks, in one place (01 §6). Every route declares an [`Access`]; the guard in
//! `routes` evaluates it before the handler runs.

pub mod ai;
pub mod analysis;
pub mod atlas;
pub mod class_plan;
pub mod document;
pub mod library;
pub mod live_lesson;
pub mod qc;
pub mod record_tool;
pub mod records;
pub mod scope;
pub mod teaching_tasks;
pub mod work_task;

use protocol::constants::{self, role};
use protocol::dto::user::MenuItem;
use storage::{menus, whitelist};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::state::AppState;

/// What a route needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone.
    Public,
    /// Anyone holding the token or signature the call carries (a signed URL, a preview or play
    /// token, a one-time link, a camp member's token); the handler checks it, and refuses (A0300)
    /// a call without a valid one. The text says which token.
    Token(&'static str),
    /// A WebSocket that checks the session itself and answers with close codes (4401, 4403).
    SocketSession,
    /// Any signed-in user.
    Session,
    /// The acting account holds one of these roles (whatever role is current).
    HoldsRole(&'static [&'static str]),
    /// One of the permission tags of the current role, stage and subject (`TYPE_n`, `EDU_n`,
    /// `SUBJECT_X`).
    AnyTag(&'static [&'static str]),
    /// All of these tags.
    AllTags(&'static [&'static str]),
    /// The code appears anywhere in the current role's menu tree.
    Menu(&'static str),
    /// The whitelist rule allows this function to the user.
    Whitelist(&'static str),
    /// The signed-in account is a super user (even while acting as another account).
    SuperUser,
    /// Administration: the acting account holds the admin role, or the signed-in account is a
    /// super user.
    Admin,
}

impl Access {
    pub fn needs_session(self) -> bool {
        !matches!(self, Access::Public | Access::Token(_) | Access::SocketSession)
    }

    /// A short text for the OpenAPI description.
    pub fn describe(self) -> String {
        match self {
            Access::Public => "public".into(),
            Access::Token(what) => format!("public; the call's {what} is the right"),
            Access::SocketSession => "session (checked on the socket: close 4401/4403)".into(),
            Access::Session => "session".into(),
            Access::HoldsRole(roles) => format!("session; holds a role of: {}", roles.join(", ")),
            Access::AnyTag(tags) => format!("session; any tag of: {}", tags.join(", ")),
            Access::AllTags(tags) => format!("session; all tags: {}", tags.join(", ")),
            Access::Menu(code) => format!("session; menu code {code}"),
            Access::Whitelist(code) => format!("session; whitelist function {code}"),
            Access::SuperUser => "session; super user".into(),
            Access::Admin => "session; administrator (admin role or super user)".into(),
        }
    }
}

/// The permission tags of the caller's current role, stage and subject.
pub fn permission_tags(current_role: &str, stage: i64, subject: i64) -> Vec<String> {
    let mut tags = vec![format!("TYPE_{}", role::type_number(current_role)), format!("EDU_{stage}")];
    if let Some(s) = constants::subject(subject) {
        tags.push(format!("SUBJECT_{}", s.eng_name.to_uppercase()));
    }
    tags
}

/// Checks `access` for `caller`; `None` is a request without a valid session.
pub async fn check(state: &AppState, access: Access, caller: Option<&Caller>) -> Result<(), ApiError> {
    if !access.needs_session() {
        return Ok(());
    }
    let caller = caller.ok_or(ApiError::LoginExpired)?;
    let tags = || permission_tags(&caller.user.current_role, caller.user.selected_stage, caller.user.selected_subject);
    let allowed = match access {
        Access::Public | Access::Token(_) | Access::SocketSession | Access::Session => true,
        Access::HoldsRole(roles) => roles.iter().any(|r| caller.holds(r)),
        Access::AnyTag(required) => {
            let have = tags();
            required.iter().any(|t| have.iter().any(|h| h == t))
        }
        Access::AllTags(required) => {
            let have = tags();
            required.iter().all(|t| have.iter().any(|h| h == t))
        }
        Access::Menu(code) => {
            let tree = menus::tree_for_role(&state.db, &caller.user.current_role).await?;
            MenuItem::tree_contains(&tree, code)
        }
        Access::Whitelist(code) => {
            let functions = whitelist::functions(&state.db).await?;
            let grants = whitelist::grants(&state.db, &caller.user.email).await?;
            whitelist::allows(&functions, &grants, code)
        }
        Access::SuperUser => caller.signed_in().is_superuser(),
        Access::Admin => caller.holds(role::ADMIN) || caller.signed_in().is_superuser(),
    };
    if allowed {
        Ok(())
    } else {
        Err(ApiError::NoPermission)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_follow_role_stage_and_subject() {
        assert_eq!(permission_tags("teacher", 4, 54), vec!["TYPE_1", "EDU_4", "SUBJECT_MATH"]);
        assert_eq!(permission_tags("admin", 3, 53), vec!["TYPE_5", "EDU_3", "SUBJECT_ENGLISH"]);
        assert_eq!(permission_tags("someone", 4, 999), vec!["TYPE_6", "EDU_4"]);
    }

    #[test]
    fn only_public_routes_skip_the_session() {
        assert!(!Access::Public.needs_session());
        assert!(!Access::Token("signed URL").needs_session());
        assert!(!Access::SocketSession.needs_session());
        assert!(Access::Session.needs_session());
        assert!(Access::SuperUser.needs_session());
        assert!(Access::Menu("X").needs_session());
    }
}
