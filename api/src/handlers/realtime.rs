//! The push socket `/socket/im/magic/{email}` (01 §7, 03 §7.12): checks the session and the
//! e-mail, then hands the connection to a `PushSession` actor.

use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};
use hub::session::{self, PushSocketParams};
use protocol::push::close_code;

use crate::access::Access;
use crate::auth;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(
            Method::GET,
            "/socket/im/magic/{email}",
            Access::SocketSession,
            "realtime",
            "Push WebSocket of the session's user; ?since=<last id> resumes, ?client=desktop marks the desktop client",
        )
        .spec(&["S057"]),
        push_socket,
    );
}

async fn push_socket(state: web::Data<AppState>, req: HttpRequest, body: web::Payload, email: web::Path<String>) -> Result<HttpResponse, actix_web::Error> {
    if state.hub.is_draining() {
        // Stopping: a proxy (proxy_next_upstream http_503) or the client tries another node.
        return Ok(HttpResponse::ServiceUnavailable().insert_header(("Retry-After", "1")).finish());
    }
    if !auth::same_origin(&req) {
        return session::refuse(&req, body, close_code::FORBIDDEN, "来源不被允许");
    }
    let caller = match auth::socket_token_of(&req) {
        Some(token) => auth::resolve_for_socket(&state, &token).await?,
        None => None,
    };
    let Some(caller) = caller else {
        return session::refuse(&req, body, close_code::NO_SESSION, "登录过期，请重新登录");
    };
    if !email.trim().eq_ignore_ascii_case(&caller.user.email) {
        return session::refuse(&req, body, close_code::FORBIDDEN, "无权订阅其他用户的消息");
    }
    let since = match auth::query_param(req.query_string(), "since") {
        None => None,
        Some(raw) => match raw.parse::<i64>() {
            Ok(n) if n >= 0 => Some(n),
            _ => return session::refuse(&req, body, close_code::BAD_REQUEST, "since 参数无效"),
        },
    };
    // The desktop client's page says so when it connects; only such sockets get `electron_download`.
    let desktop = auth::query_param(req.query_string(), "client").is_some_and(|c| c == "desktop");
    session::open(
        &req,
        body,
        &state.hub,
        PushSocketParams { user_id: caller.user.id, token_hash: caller.token_hash.clone(), since, version: state.version.as_str().into(), desktop },
    )
}
