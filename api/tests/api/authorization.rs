//! The authorization matrix: every route of the route table, called by every demo account and
//! without a session, answers as the access declared beside the route says it should.
//!
//! What each account may do is not taken from the server's own check: the test reads what a
//! client sees of the account (its roles, its current role's permission tags, its menu tree, its
//! whitelist, whether it signed in as a super user) and evaluates each route's declared
//! [`Access`] over that itself (the match has no catch-all: a new kind of access does not compile
//! until the matrix says whom it lets in).
//!
//! Each call carries ids that name nothing and a body that is not JSON, so the guard's answer is
//! the only refusal a call can meet (A0201 without a session, A0300 without the right) and a call
//! that passes the guard stops at its input (A0400, A0404) without changing anything. Every
//! answer is also checked for a server error: no route answers 5xx to such a call, whoever sends
//! it. The figures are in `docs/reliability.md`.

use std::collections::{BTreeMap, BTreeSet};

use api::access::Access;
use api::routes::{table, RouteInfo};
use futures_util::StreamExt;
use protocol::dto::user::{MenuItem, UserInfo, Whitelist};
use protocol::push::close_code;
use serde_json::Value;
use storage::seed::DEMO_ACCOUNTS;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

use crate::helpers::*;
use crate::on_both_databases;

/// The routes that end the caller's session when they run (they take no input to refuse): called
/// last, once per account.
const ENDS_SESSION: &[&str] = &["/api/account/login/logout", "/api/pub/web/logout"];

/// An id no record has: a route that passes the guard finds nothing under it.
const NO_SUCH_ID: &str = "987654321";

/// A body no route can read.
const NOT_JSON: &str = "{\"matrix\":";

/// What a client sees of an account.
struct Facts {
    roles: BTreeSet<String>,
    tags: BTreeSet<String>,
    menu_codes: BTreeSet<String>,
    /// Functions under whitelist control, and those granted to the account.
    listed: BTreeSet<String>,
    granted: BTreeSet<String>,
    superuser: bool,
}

impl Facts {
    async fn of(client: &Client) -> Facts {
        let info: UserInfo = data(client.get("/api/pub/user/info").await);
        let menu: Vec<MenuItem> = data(client.get("/api/pub/user/menu-list").await);
        let whitelist: Whitelist = data(client.get("/api/pub/user/whitelist").await);
        let mut menu_codes = BTreeSet::new();
        collect_codes(&menu, &mut menu_codes);
        Facts {
            roles: info.role_list.iter().map(|r| r.code.clone()).collect(),
            tags: info.role_tags.into_iter().collect(),
            menu_codes,
            listed: whitelist.fuctions.into_iter().map(|f| f.code).collect(),
            granted: whitelist.authors.models.into_iter().collect(),
            superuser: info.superuser,
        }
    }

    /// Whether `access` lets this account in: the matrix's own reading of each kind of access.
    fn admits(&self, access: Access) -> bool {
        match access {
            Access::Public | Access::Token(_) | Access::SocketSession | Access::Session => true,
            Access::HoldsRole(roles) => roles.iter().any(|r| self.roles.contains(*r)),
            Access::AnyTag(tags) => tags.iter().any(|t| self.tags.contains(*t)),
            Access::AllTags(tags) => tags.iter().all(|t| self.tags.contains(*t)),
            Access::Menu(code) => self.menu_codes.contains(code),
            Access::Whitelist(code) => self.listed.is_empty() || !self.listed.contains(code) || self.granted.contains(code),
            Access::SuperUser => self.superuser,
            Access::Admin => self.roles.contains(protocol::constants::role::ADMIN) || self.superuser,
        }
    }
}

fn collect_codes(items: &[MenuItem], into: &mut BTreeSet<String>) {
    for item in items {
        into.insert(item.code.clone());
        collect_codes(&item.children, into);
    }
}

fn data<T: serde::de::DeserializeOwned>((status, body): (u16, Value)) -> T {
    assert_eq!(status, 200, "{body}");
    serde_json::from_value(body["data"].clone()).unwrap_or_else(|e| panic!("{e}: {body}"))
}

/// How a call came back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Answer {
    /// A0201: no valid session.
    NoSession,
    /// A0300: refused for want of the right.
    Refused,
    /// Past the guard, stopped at its input (any other 4xx).
    Rejected,
    /// Past the guard and served (2xx, 3xx): a call that needs no input.
    Served,
    /// 5xx: never acceptable.
    ServerError,
}

/// What a caller should meet at a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    NoSession,
    Refused,
    /// Past the guard: served, or stopped at its input.
    Admitted,
    /// A route whose right is a token the call carries: without one, refused or stopped at its
    /// input, never served.
    NotWithoutToken,
}

impl Expect {
    fn met_by(self, answer: Answer) -> bool {
        match self {
            Expect::NoSession => answer == Answer::NoSession,
            Expect::Refused => answer == Answer::Refused,
            Expect::Admitted => matches!(answer, Answer::Rejected | Answer::Served),
            Expect::NotWithoutToken => matches!(answer, Answer::Refused | Answer::Rejected),
        }
    }
}

fn concrete(path: &str) -> String {
    path.split('/').map(|s| if s.starts_with('{') { NO_SUCH_ID } else { s }).collect::<Vec<_>>().join("/")
}

async fn call(app: &TestApp, client: &Client, route: &RouteInfo) -> (Answer, String) {
    let method = reqwest::Method::from_bytes(route.method.as_str().as_bytes()).unwrap();
    let mut req = client.http.request(method, app.url(&concrete(route.path)));
    if let Some(token) = &client.token {
        req = req.bearer_auth(token);
    }
    if route.method != actix_web::http::Method::GET {
        req = req.header("content-type", "application/json").body(NOT_JSON);
    }
    let res = req.send().await.unwrap_or_else(|e| panic!("{} {}: {e}", route.method, route.path));
    let status = res.status().as_u16();
    let text = res.text().await.unwrap_or_default();
    let code = serde_json::from_str::<Value>(&text).ok().and_then(|v| v["code"].as_str().map(str::to_owned));
    let answer = match (status, code.as_deref()) {
        (500.., _) => Answer::ServerError,
        (_, Some("A0201")) => Answer::NoSession,
        (_, Some("A0300")) => Answer::Refused,
        (400.., _) => Answer::Rejected,
        _ => Answer::Served,
    };
    (answer, format!("{status} {}", text.chars().take(160).collect::<String>()))
}

/// The first thing a socket route says to a client: its close code, or None for a message.
async fn socket_first(app: &TestApp, client: &Client, route: &RouteInfo) -> Option<u16> {
    // The push socket of the caller's own account (a caller without a session knocks on a
    // teacher's).
    let email = if client.email.is_empty() { TEACHER } else { &client.email };
    let path = if route.path.starts_with("/socket/im/magic/") { format!("/socket/im/magic/{email}") } else { concrete(route.path) };
    let mut request = format!("{}{path}", app.ws_base).into_client_request().unwrap();
    if let Some(token) = &client.token {
        request.headers_mut().insert("Authorization", format!("Bearer {token}").parse().unwrap());
    }
    let (mut ws, _) = tokio_tungstenite::connect_async(request).await.unwrap_or_else(|e| panic!("{path}: {e}"));
    loop {
        match ws.next().await {
            Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
            Some(Ok(Message::Text(_) | Message::Binary(_))) => return None,
            Some(Ok(_)) => continue,
            Some(Err(_)) | None => return Some(0),
        }
    }
}

/// One account's row of the matrix: the mismatches found and the answers counted.
async fn row(app: &TestApp, label: &str, client: Option<Client>, routes: &[RouteInfo]) -> (Vec<String>, BTreeMap<Answer, usize>) {
    let facts = match &client {
        Some(c) => Some(Facts::of(c).await),
        None => None,
    };
    let anonymous = app.client();
    let client = client.unwrap_or(anonymous);
    let mut mismatches = Vec::new();
    let mut counts = BTreeMap::new();
    // The routes that end the session go last.
    let (last, first): (Vec<&RouteInfo>, Vec<&RouteInfo>) = routes.iter().partition(|r| ENDS_SESSION.contains(&r.path));
    for route in first.into_iter().chain(last) {
        let expected = match (route.access, &facts) {
            (Access::Token(_), _) => Expect::NotWithoutToken,
            (Access::SocketSession, None) => Expect::NoSession,
            (access, None) if access.needs_session() => Expect::NoSession,
            (_, None) => Expect::Admitted,
            (access, Some(facts)) if facts.admits(access) => Expect::Admitted,
            (_, Some(_)) => Expect::Refused,
        };
        if route.access == Access::SocketSession {
            let first = socket_first(app, &client, route).await;
            let answer = match first {
                Some(close_code::NO_SESSION) => Answer::NoSession,
                // Closed for what it asked (an unknown document) or talking: past the session.
                Some(_) => Answer::Rejected,
                None => Answer::Served,
            };
            *counts.entry(answer).or_default() += 1;
            if !expected.met_by(answer) {
                mismatches.push(format!("{label}: socket {}: expected {expected:?}, closed with {first:?}", route.path));
            }
            continue;
        }
        let (answer, detail) = call(app, &client, route).await;
        *counts.entry(answer).or_default() += 1;
        if !expected.met_by(answer) {
            mismatches.push(format!("{label}: {} {} ({:?}): expected {expected:?}, got {detail}", route.method, route.path, route.access));
        }
    }
    (mismatches, counts)
}

on_both_databases!(every_route_answers_every_account_as_declared);

async fn every_route_answers_every_account_as_declared(app: &TestApp) {
    let routes = table();
    let mut rows = vec![("(no session)".to_owned(), None)];
    for account in DEMO_ACCOUNTS {
        rows.push((account.email.to_owned(), Some(app.login(account.email).await)));
    }
    // A super user acting as a teacher: the account's roles are the teacher's, the super user's
    // rights stay.
    let acting = app.login(ADMIN).await;
    let (status, body) = acting.post(&format!("/api/pub/user/superuser/change?email={TEACHER}"), serde_json::json!({})).await;
    assert_eq!(status, 200, "{body}");
    rows.push((format!("{ADMIN} as {TEACHER}"), Some(acting)));

    let results = futures_util::future::join_all(rows.into_iter().map(|(label, client)| {
        let routes = &routes;
        async move {
            let (mismatches, counts) = row(app, &label, client, routes).await;
            (label, mismatches, counts)
        }
    }))
    .await;

    let mut mismatches = Vec::new();
    println!("authorization matrix: {} routes × {} callers", routes.len(), results.len());
    for (label, found, counts) in &results {
        println!("  {label:<48} {counts:?}");
        mismatches.extend(found.iter().cloned());
    }
    assert!(mismatches.is_empty(), "{} answers differ from the declared access:\n{}", mismatches.len(), mismatches.join("\n"));
    // Every kind of answer occurred: the matrix tells them apart.
    let seen: BTreeSet<Answer> = results.iter().flat_map(|(_, _, c)| c.keys().copied()).collect();
    assert_eq!(seen, BTreeSet::from([Answer::NoSession, Answer::Refused, Answer::Rejected, Answer::Served]));
}
