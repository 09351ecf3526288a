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
