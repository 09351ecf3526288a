//! The server's own calls: health, metrics and the API description.

use actix_web::http::Method;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use protocol::dto::system::Health;

use crate::access::Access;
use crate::reply::RawJson;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::GET, "/healthz", Access::Public, "system", "Readiness: the database answers and the process is not stopping"), healthz);
    r.add(info(Method::GET, "/livez", Access::Public, "system", "Liveness: the process answers (nothing else is checked)"), livez);
    r.add(info(Method::GET, "/metrics", Access::Public, "system", "Prometheus metrics").raw("text/plain"), metrics);
    r.add(info(Method::GET, "/api/openapi.json", Access::Public, "system", "This API as OpenAPI 3.1").raw("application/json"), openapi);
    r.add(info(Method::GET, "/api/docs", Access::Public, "system", "API documentation page").raw("text/html"), docs);
}

/// Answers while the process runs, whatever its database does: a supervisor restarts a process
/// that stops answering here, not one whose database is away. It does no work, so `make bench`
/// also takes it as the framework's floor.
async fn livez() -> RawJson<&'static str> {
    RawJson(StatusCode::OK, "ok")
}

/// 503 when the database cannot be reached, or while the process is stopping (so a proxy's
/// health check takes the node out before its sockets are told to go away).
async fn healthz(state: web::Data<AppState>) -> RawJson<Health> {
    let db = state.db.ping().await;
    let draining = state.hub.is_draining();
    let status = match (draining, db) {
        (true, _) => "draining",
        (false, true) => "ok",
        (false, false) => "degraded",
    };
    let body = Health { status: status.into(), database: db, bus: state.hub.bus_kind().into() };
    RawJson(if db && !draining { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE }, body)
}

/// The counters only for the addresses the deployment names (a scraper, this machine): they tell
/// how busy the service is and who is online.
async fn metrics(state: web::Data<AppState>, req: actix_web::HttpRequest) -> HttpResponse {
    use prometheus::Encoder;
    let peer = req.peer_addr().map(|a| a.ip().to_canonical());
    if !peer.is_some_and(|ip| state.config.metrics_from.contains(ip)) {
        return HttpResponse::Forbidden().content_type("text/plain").body("forbidden");
    }
    let mut buf = Vec::new();
    let encoder = prometheus::TextEncoder::new();
    if let Err(e) = encoder.encode(&prometheus::gather(), &mut buf) {
        tracing::error!(error = %e, "encoding metrics failed");
    }
    HttpResponse::Ok().content_type(encoder.format_type()).body(buf)
}

async fn openapi() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(crate::openapi::document_json())
}

async fn docs() -> HttpResponse {
    // Its one inline script reads the OpenAPI document.
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
        ))
        .body(include_str!("../docs.html"))
}
