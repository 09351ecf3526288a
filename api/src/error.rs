//! The API's one error type, mapped once to the envelope and HTTP status.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use protocol::dto::account::CaptchaRequired;
use protocol::{ApiEnvelope, ErrorCode};
use storage::StorageError;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// No valid session → A0201, 401.
    #[error("登录过期，请重新登录")]
    LoginExpired,
    /// Unknown e-mail or wrong password → A0210, 400; `captcha_required` tells the client to show
    /// the captcha from now on.
    #[error("邮箱或密码错误")]
    BadCredentials { captcha_required: bool },
    /// A captcha is needed or was wrong → A0240, 400, data `{captchaRequired: true}`.
    #[error("{0}")]
    CaptchaRequired(&'static str),
    /// The caller lacks the right → A0300, 403.
    #[error("暂无权限")]
    NoPermission,
    /// The caller lacks the right, saying which → A0300, 403.
    #[error("{0}")]
    Forbidden(String),
    /// A signed link (upload, slice credential, download) that was genuine but has expired →
    /// A0300, 403, saying so: the client asks for a new one.
    #[error("链接已过期，请重新获取")]
    LinkExpired,
    /// Invalid input, with what was wrong → A0400, 400.
    #[error("{0}")]
    BadRequest(String),
    /// Nothing there (or not the caller's) → A0404, 404.
    #[error("{0}")]
    NotFound(String),
    /// The path exists with other methods → A0405, 405.
    #[error("request方法不存在")]
    MethodNotAllowed,
    /// Clashes with stored data → A0409, 409.
    #[error("{0}")]
    Conflict(String),
    /// Body over the limit → A0413, 413.
    #[error("请求内容过大")]
    PayloadTooLarge,
    /// Rate limit → A0429, 429.
    #[error("操作过于频繁，请稍后再试")]
    TooManyRequests,
    /// Too much of the caller's work is waiting (e.g. their queue of jobs is full) → A0429, 429,
    /// saying what to do.
    #[error("{0}")]
    Busy(String),
    /// Anything else: logged, shown as B0001 with a generic text.
    #[error("internal error: {0}")]
    Internal(String),
    /// A service the call needs is not configured or failed → C0001, 503, with what happened.
    #[error("{0}")]
    Unavailable(String),
    /// The process has as many calls in progress as it may (`admission`) → C0001, 503, with
    /// `Retry-After`.
    #[error("服务繁忙，请稍后再试")]
    Overloaded,
}

impl ApiError {
    pub fn bad_request(msg: impl Into<String>) -> ApiError {
        ApiError::BadRequest(msg.into())
    }

    pub fn code(&self) -> ErrorCode {
        match self {
            ApiError::LoginExpired => ErrorCode::LoginExpired,
            ApiError::BadCredentials { .. } => ErrorCode::BadCredentials,
            ApiError::CaptchaRequired(_) => ErrorCode::CaptchaRequired,
            ApiError::NoPermission | ApiError::Forbidden(_) | ApiError::LinkExpired => ErrorCode::NoPermission,
            ApiError::BadRequest(_) => ErrorCode::BadRequest,
            ApiError::NotFound(_) => ErrorCode::NotFound,
            ApiError::MethodNotAllowed => ErrorCode::MethodNotAllowed,
            ApiError::Conflict(_) => ErrorCode::Conflict,
            ApiError::PayloadTooLarge => ErrorCode::PayloadTooLarge,
            ApiError::TooManyRequests | ApiError::Busy(_) => ErrorCode::TooManyRequests,
            ApiError::Internal(_) => ErrorCode::Internal,
            ApiError::Unavailable(_) | ApiError::Overloaded => ErrorCode::ServiceUnavailable,
        }
    }
}

impl From<hub::jobs::SubmitError> for ApiError {
    fn from(e: hub::jobs::SubmitError) -> ApiError {
        match e {
            hub::jobs::SubmitError::QueueFull => ApiError::Busy(e.to_string()),
            hub::jobs::SubmitError::Storage(e) => e.into(),
        }
    }
}

impl From<hub::doc::error::DocError> for ApiError {
    fn from(e: hub::doc::error::DocError) -> ApiError {
        use hub::doc::error::DocError;
        match e {
            DocError::NotFound(m) => ApiError::NotFound(m),
            DocError::Invalid(m) => ApiError::BadRequest(m),
            DocError::Reloading => ApiError::Unavailable(e.to_string()),
            DocError::NotSaved | DocError::Failed(_) => ApiError::Internal(e.to_string()),
        }
    }
}

/// What a caller is told when the file store is full (503, C0001): nothing of the file was kept.
pub const STORAGE_FULL: &str = "存储空间已满，文件未保存，请稍后再试或联系管理员";

/// What a caller is told while the database cannot be reached (503, C0001): try again later.
pub const DATABASE_UNAVAILABLE: &str = "数据库暂时无法连接，请稍后再试";

impl From<StorageError> for ApiError {
    fn from(e: StorageError) -> ApiError {
        match e {
            StorageError::NotFound => ApiError::NotFound(ErrorCode::NotFound.default_message().into()),
            StorageError::Conflict(what) => ApiError::Conflict(what),
            StorageError::StorageFull(detail) => {
                tracing::error!(%detail, "the file store is full");
                ApiError::Unavailable(STORAGE_FULL.into())
            }
            other if other.is_unavailable() => {
                tracing::warn!(error = %other, "the database is unavailable");
                ApiError::Unavailable(DATABASE_UNAVAILABLE.into())
            }
            other => ApiError::Internal(other.to_string()),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.code().http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse {
        let code = self.code();
        let msg = match self {
            ApiError::Internal(detail) => {
                tracing::error!(%detail, "internal error");
                code.default_message().to_owned()
            }
            other => other.to_string(),
        };
        let data = match self {
            ApiError::CaptchaRequired(_) => Some(CaptchaRequired { captcha_required: true }),
            ApiError::BadCredentials { captcha_required: true } => Some(CaptchaRequired { captcha_required: true }),
            _ => None,
        };
        let mut res = HttpResponse::build(self.status_code());
        if matches!(self, ApiError::Overloaded) {
            // A second is long enough for a queue of the bound's size to drain.
            res.insert_header((actix_web::http::header::RETRY_AFTER, "1"));
        }
        res.json(ApiEnvelope::error(code, msg, data))
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
