//! The audit log at the edge. Administrative calls record what they did themselves (with the
//! target and what changed); the sensitive user actions — share, delete, export — are read from
//! the route table ([`route_action`]) and recorded by the route guard around any such call, with
//! the caller, the address, the call's path and body, and whether it succeeded. Sign-in, failed
//! sign-in, sign-out, role switch and a super user's act-as are recorded by their handlers.

use actix_web::http::Method;
use actix_web::HttpRequest;
use storage::admin::audit::{self, NewEntry};

use crate::auth::Caller;
use crate::client_addr::client_ip;
use crate::state::AppState;

/// The sensitive action a route performs, if it is one the audit log keeps (share, delete,
/// export), read from its path: every such call is logged without each handler having to.
pub fn route_action(method: &Method, path: &str) -> Option<&'static str> {
    if *method == Method::GET || path.starts_with("/api/admin/") {
        return None;
    }
    let words: Vec<String> = path.trim_start_matches("/api/").split('/').filter(|s| !s.starts_with('{')).map(str::to_lowercase).collect();
    let last = words.last().map(String::as_str).unwrap_or("");
    // Reads and checks that only sound like one (share lists, candidates, a recycle check).
    if ["list", "info", "check", "sharecandidates", "planshareinfo", "downloadcheck", "downloadlist"].contains(&last) {
        return None;
    }
    let any = |needles: &[&str]| words.iter().any(|w| needles.iter().any(|n| w.contains(n)));
    if any(&["share"]) {
        Some("share")
    } else if any(&["export", "excel"]) || (words.iter().any(|w| w == "download") && ["submit", "redownload"].contains(&last)) {
        Some("export")
    } else if any(&["delete", "del", "remove", "recycle", "purge", "empty"]) && !last.starts_with("norecycle") {
        Some("delete")
    } else {
        None
    }
}

/// Records one entry for the caller (anonymous when `None`, then `email` names who it was about).
pub async fn record(
    state: &AppState,
    req: &HttpRequest,
    caller: Option<&Caller>,
    action: &str,
    target: impl Into<String>,
    detail: impl Into<String>,
    ok: bool,
) {
    let entry = NewEntry {
        actor_id: caller.map(|c| c.signed_in().id),
        actor_email: caller.map(|c| c.signed_in().email.clone()).unwrap_or_default(),
        acting_as_id: caller.filter(|c| c.super_user.is_some()).map(|c| c.user.id),
        action: action.to_owned(),
        target: target.into(),
        detail: detail.into(),
        ip: client_ip(req, &state.config.trusted_proxies),
        ok,
    };
    write(state, entry).await;
}

/// Records an entry about an account that is not (yet) signed in: a failed sign-in, a
/// registration, a password set through a link.
pub async fn record_for(
    state: &AppState,
    req: &HttpRequest,
    user: Option<(i64, &str)>,
    action: &str,
    target: impl Into<String>,
    detail: impl Into<String>,
    ok: bool,
) {
    let entry = NewEntry {
        actor_id: user.map(|(id, _)| id),
        actor_email: user.map(|(_, email)| email.to_owned()).unwrap_or_default(),
        acting_as_id: None,
        action: action.to_owned(),
        target: target.into(),
        detail: detail.into(),
        ip: client_ip(req, &state.config.trusted_proxies),
        ok,
    };
    write(state, entry).await;
}

async fn write(state: &AppState, entry: NewEntry) {
    // The action has happened: a log that cannot be written is an operator's alarm, not the
    // user's error.
    if let Err(e) = audit::record(&state.db, &entry).await {
        tracing::error!(error = %e, action = %entry.action, actor = %entry.actor_email, "writing the audit log failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sensitive_routes_are_found_by_their_paths() {
        let post = Method::POST;
        for (path, action) in [
            ("/api/document/delete", "delete"),
            ("/api/document/moveRecycle/{id}", "delete"),
            ("/api/document/emptyRecycle", "delete"),
            ("/api/atlas/node/del", "delete"),
            ("/api/team/member/remove", "delete"),
            ("/api/document/teamShareToPerson", "share"),
            ("/api/document/share/revoke", "share"),
            ("/api/exam/share", "share"),
            ("/api/exam/group/export", "export"),
            ("/api/producer_api/submitExcelTask", "export"),
            ("/api/download/paper/submit", "export"),
            ("/api/download/reDownload", "export"),
        ] {
            assert_eq!(route_action(&post, path), Some(action), "{path}");
        }
        for path in [
            "/api/exam/share/list",
            "/api/document/shareCandidates",
            "/api/report/feedback/v2/noRecycle/check",
            "/api/download/downloadList",
            "/api/question/search",
        ] {
            assert_eq!(route_action(&post, path), None, "{path}");
        }
        assert_eq!(route_action(&Method::GET, "/api/document/delete"), None);
        assert_eq!(route_action(&post, "/api/admin/account/state"), None, "administration records its own entries");
    }

    #[test]
    fn every_classified_route_is_a_state_change() {
        let table = crate::routes::table();
        let classified: Vec<_> = table.iter().filter(|r| route_action(&r.method, r.path).is_some()).collect();
        assert!(classified.len() > 40, "{} routes classified", classified.len());
        assert!(classified.iter().all(|r| r.method != Method::GET));
    }
}
