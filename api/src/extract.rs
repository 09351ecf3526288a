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
            from_json(&bytes).map(OptionalJson)
        })
    }
}

/// Parses a JSON body; the error names the field at fault (`subjects[1]: invalid type…`).
pub fn from_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if path == "." {
            ApiError::bad_request(format!("请求体格式错误：{inner}"))
        } else {
            ApiError::bad_request(format!("请求体格式错误：{path}：{inner}"))
        }
    })
}

/// A record id the client must send: present and positive, or a clear A0400.
pub fn required_id(id: Option<i64>) -> Result<i64, ApiError> {
    id.filter(|id| *id > 0).ok_or_else(|| ApiError::bad_request("缺少有效的 id"))
}

/// An optional JSON object body kept as its fields, for a handler that checks each field itself
/// so that its message can name the field; `S` is the body's documented shape.
pub struct JsonFields<S> {
    pub fields: serde_json::Map<String, serde_json::Value>,
    shape: std::marker::PhantomData<S>,
}

impl<S: 'static> FromRequest for JsonFields<S> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = OptionalJson::<serde_json::Map<String, serde_json::Value>>::from_request(req, payload);
        Box::pin(async move { Ok(JsonFields { fields: body.await?.0, shape: std::marker::PhantomData }) })
    }
}

/// The most a CSV body may hold.
pub const CSV_BODY_LIMIT: usize = 32 * 1024 * 1024;

/// A raw CSV body (`text/csv`), at most [`CSV_BODY_LIMIT`] bytes.
pub struct CsvBody(pub web::Bytes);

impl FromRequest for CsvBody {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        use futures_util::StreamExt;
        let stream = web::Payload::from_request(req, payload).into_inner();
        Box::pin(async move {
            let mut stream = stream.map_err(|_| ApiError::bad_request("无法读取请求体"))?;
            let mut body = web::BytesMut::new();
            while let Some(chunk) = stream.next().await {
                let chunk = chunk.map_err(|_| ApiError::bad_request("无法读取请求体"))?;
                if body.len() + chunk.len() > CSV_BODY_LIMIT {
                    return Err(ApiError::PayloadTooLarge);
                }
                body.extend_from_slice(&chunk);
            }
            Ok(CsvBody(body.freeze()))
        })
    }
}
