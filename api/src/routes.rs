//! The route table: every HTTP route, with the access it needs, registered in one place.
//!
//! Architecture Invariant: routes are only registered through [`RouteSink::add`], so every route
//! has a declared [`Access`] enforced by [`guard`], appears in `/api/openapi.json`, and is
//! enumerated by the test that checks unauthenticated calls answer A0201.

use std::sync::Arc;

use actix_web::body::BoxBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::{from_fn, Next};
use actix_web::{web, FromRequest, Handler, HttpMessage, Responder};

use crate::access::{self, Access};
use crate::auth;
use crate::error::ApiError;
use crate::handlers;
use crate::openapi::describe::{DescribeArgs, DescribeOutput, OpDoc};
use crate::state::AppState;

/// One route of the table.
#[derive(Debug, Clone)]
pub struct RouteInfo {
    pub method: Method,
    pub path: &'static str,
    pub access: Access,
    pub tag: &'static str,
    pub summary: &'static str,
    /// The rows of `docs/spec/calls.tsv` (`S001`…) this route implements; empty for calls of
    /// our own (administration, co-editing members, system).
    pub spec: &'static [&'static str],
    /// For a handler that answers raw bytes (files, images, pages, socket upgrades): the content
    /// type of its 200 answer.
    pub raw: Option<&'static str>,
}

impl RouteInfo {
    /// The spec rows this route implements.
    pub fn spec(mut self, ids: &'static [&'static str]) -> RouteInfo {
        self.spec = ids;
        self
    }

    /// The route answers raw content of this type instead of the envelope.
    pub fn raw(mut self, content_type: &'static str) -> RouteInfo {
        self.raw = Some(content_type);
        self
    }
}

/// Something routes are declared to: the actix registration, or a plain list.
pub trait RouteSink {
    fn add<F, Args>(&mut self, info: RouteInfo, handler: F)
    where
        F: Handler<Args>,
        Args: FromRequest + DescribeArgs + 'static,
        F::Output: Responder + DescribeOutput + 'static;
}

/// Declares every route.
pub fn define(r: &mut impl RouteSink) {
    handlers::account::routes(r);
    handlers::user::routes(r);
    handlers::notice::routes(r);
    handlers::admin::routes(r);
    handlers::home::routes(r);
    handlers::config::routes(r);
    handlers::system::routes(r);
    handlers::version::routes(r);
    handlers::desktop::routes(r);
    handlers::tracking::routes(r);
    handlers::dict::routes(r);
    handlers::datacentre::routes(r);
    handlers::qc::routes(r);
    handlers::realtime::routes(r);
    handlers::collab::routes(r);
    handlers::feedback_report::routes(r);
    handlers::feedback_report::items::routes(r);
    handlers::download::routes(r);
    handlers::export::routes(r);
    handlers::upload::routes(r);
    handlers::resource::routes(r);
    handlers::knowledge_base::routes(r);
    handlers::camp::routes(r);
    handlers::loadtest::routes(r);
    handlers::paper::routes(r);
    handlers::atlas::routes(r);
    handlers::question::routes(r);
    handlers::basket::routes(r);
    handlers::ai::routes(r);
    handlers::lesson_task::routes(r);
    handlers::wrong_question::routes(r);
    handlers::teaching_material::routes(r);
    handlers::teaching_aid::routes(r);
    handlers::outline::routes(r);
    handlers::feedback::routes(r);
    handlers::library::routes(r);
    handlers::exam_group::routes(r);
    handlers::teaching::routes(r);
    handlers::document::routes(r);
    handlers::team::routes(r);
    handlers::work_task::routes(r);
    handlers::live_lesson::routes(r);
    handlers::online_reminder::routes(r);
    handlers::student_dynamic::routes(r);
    handlers::record_tool::routes(r);
    handlers::analysis::routes(r);
    handlers::class_plan::routes(r);
}

/// A declaration helper for the handler modules.
pub fn info(method: Method, path: &'static str, access: Access, tag: &'static str, summary: &'static str) -> RouteInfo {
    RouteInfo { method, path, access, tag, summary, spec: &[], raw: None }
}

/// The table as a list (for tests).
pub fn table() -> Vec<RouteInfo> {
    documented().into_iter().map(|(info, _)| info).collect()
}

/// The table with what each handler takes and answers (for the OpenAPI document).
pub fn documented() -> Vec<(RouteInfo, OpDoc)> {
    struct Collect(Vec<(RouteInfo, OpDoc)>);
    impl RouteSink for Collect {
        fn add<F, Args>(&mut self, info: RouteInfo, _: F)
        where
            F: Handler<Args>,
            Args: FromRequest + DescribeArgs + 'static,
            F::Output: Responder + DescribeOutput + 'static,
        {
            let mut doc = OpDoc::default();
            <Args as DescribeArgs>::describe(&mut doc);
            <F::Output as DescribeOutput>::describe(&mut doc);
            self.0.push((info, doc));
        }
    }
    let mut collect = Collect(Vec::new());
    define(&mut collect);
    collect.0
}

/// Registers the table with actix: one resource per path, each route wrapped in its guard, and
/// an envelope answer for a known path called with another method.
pub fn register(cfg: &mut web::ServiceConfig) {
    struct Register(Vec<(&'static str, Vec<actix_web::Route>)>);
    impl RouteSink for Register {
        fn add<F, Args>(&mut self, info: RouteInfo, handler: F)
        where
            F: Handler<Args>,
            Args: FromRequest + DescribeArgs + 'static,
            F::Output: Responder + DescribeOutput + 'static,
        {
            let access = info.access;
            let audited = crate::audit::route_action(&info.method, info.path);
            let route = web::method(info.method.clone()).to(handler).wrap(from_fn(move |req, next| guard(access, audited, req, next)));
            match self.0.iter_mut().find(|(path, _)| *path == info.path) {
                Some((_, routes)) => routes.push(route),
                None => self.0.push((info.path, vec![route])),
            }
        }
    }
    let mut register = Register(Vec::new());
    define(&mut register);
    for (path, routes) in register.0 {
        let mut resource = web::resource(path);
        for route in routes {
            resource = resource.route(route);
        }
        cfg.service(resource.default_service(web::to(|| async { Err::<actix_web::HttpResponse, _>(ApiError::MethodNotAllowed) })));
    }
}

/// Resolves the caller, checks the route's access and hands the caller to the handler. A call
/// of a sensitive kind (`audited`: share, delete, export) is written to the audit log with its
/// body and whether it succeeded.
async fn guard(
    access: Access,
    audited: Option<&'static str>,
    mut req: ServiceRequest,
    next: Next<BoxBody>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let state = req.app_data::<web::Data<AppState>>().cloned().expect("AppState is registered");
    // Held until the handler has answered (a streamed body goes on without it). A socket's
    // upgrade is not counted: refused, every client of a restarted node would go back to its
    // reconnect backoff at once (the soak's 3,250 sockets opening together met the bound), and
    // sockets are bounded by their own limits (per user, per document).
    let _ticket = match access {
        Access::SocketSession => None,
        _ => Some(state.admission.enter().ok_or(ApiError::Overloaded)?),
    };
    // A socket's handler resolves its caller itself (the token may also come in its query).
    let caller = match auth::token_of(req.request()) {
        Some(token) if access != Access::SocketSession => auth::resolve(&state, &token).await?,
        _ => None,
    };
    access::check(&state, access, caller.as_ref()).await?;
    let Some(action) = audited else {
        if let Some(caller) = caller {
            req.extensions_mut().insert(Arc::new(caller));
        }
        return next.call(req).await;
    };
    // The body is read here (it is small: ids and names) and handed on unchanged.
    let body = req.extract::<web::Bytes>().await?;
    req.set_payload(actix_web::dev::Payload::from(body.clone()));
    let caller = caller.map(Arc::new);
    if let Some(caller) = &caller {
        req.extensions_mut().insert(caller.clone());
    }
    let http = req.request().clone();
    let target = match req.query_string() {
        "" => req.path().to_owned(),
        query => format!("{}?{query}", req.path()),
    };
    let res = next.call(req).await?;
    let ok = res.status().is_success();
    crate::audit::record(&state, &http, caller.as_deref(), action, target, String::from_utf8_lossy(&body), ok).await;
    Ok(res)
}
