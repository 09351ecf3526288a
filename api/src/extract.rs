//! Extractors beyond actix's own.

use std::future::Future;
use std::pin::Pin;

use actix_web::{dev::Payload, web, FromRequest, HttpRequest};
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// A JSON body that may be absent (then `T::default()`); a present but malformed body is a
/// clear A0400, never silently ignored.
pub struct OptionalJson<T>(pub T);

impl<T: DeserializeOwned + Default + 'static> FromRequest for OptionalJson<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let bytes = web::Bytes::from_request(req, payload);
        Box::pin(async move {
            let bytes = bytes.await.map_err(|_| ApiError::PayloadTooLarge)?;
            if bytes.iter().all(u8::is_ascii_whitespace) {
                return Ok(OptionalJson(T::default()));
            }
            serde_json::from_slice(&bytes).map(OptionalJson).map_err(|e| ApiError::bad_request(format!("请求体格式错误：{e}")))
        })
    }
}
