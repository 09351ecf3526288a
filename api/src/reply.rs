//! Success responses in the envelope.

use actix_web::body::BoxBody;
use actix_web::{HttpRequest, HttpResponse, Responder};
use protocol::ApiEnvelope;
use serde::Serialize;

/// A success: `{code: "1", msg: "成功", data}`.
pub struct Reply<T>(pub T);

impl<T: Serialize> Responder for Reply<T> {
    type Body = BoxBody;
    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        HttpResponse::Ok().json(ApiEnvelope::ok(self.0))
    }
}

/// An account call's success, which also carries `status: 1`.
pub struct AccountReply<T>(pub T);

impl<T: Serialize> Responder for AccountReply<T> {
    type Body = BoxBody;
    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        HttpResponse::Ok().json(ApiEnvelope::ok(self.0).with_status())
    }
}

/// A JSON answer outside the envelope (health checks, the plain version file), with its status;
/// never cached, since both report the server's state now.
pub struct RawJson<T>(pub actix_web::http::StatusCode, pub T);

impl<T: Serialize> Responder for RawJson<T> {
    type Body = BoxBody;
    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        HttpResponse::build(self.0).insert_header(("Cache-Control", "no-store")).json(self.1)
    }
}

/// An answer that also sets (or removes) a cookie: the session cookie of login and logout.
pub struct WithCookie<R>(pub R, pub actix_web::cookie::Cookie<'static>);

impl<R: Responder> Responder for WithCookie<R> {
    type Body = BoxBody;
    fn respond_to(self, req: &HttpRequest) -> HttpResponse {
        let mut response = self.0.respond_to(req).map_into_boxed_body();
        if let Err(e) = response.add_cookie(&self.1) {
            tracing::error!(error = %e, "setting a cookie failed");
        }
        response
    }
}
