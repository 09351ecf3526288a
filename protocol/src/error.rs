//! The error catalogue: one code per kind of failure, each with its HTTP status and default text.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Every non-success `code` the server answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[ts(export)]
pub enum ErrorCode {
    /// No valid session: the client shows 登录过期，请重新登录 and goes to login. HTTP 401.
    #[serde(rename = "A0201")]
    LoginExpired,
    /// Unknown e-mail or wrong password (one message for both). HTTP 400.
    #[serde(rename = "A0210")]
    BadCredentials,
    /// A captcha is required for this e-mail, or the one given is wrong or expired.
    /// The envelope's data is `{captchaRequired: true}`. HTTP 400.
    #[serde(rename = "A0240")]
    CaptchaRequired,
    /// The session's user lacks the role, menu code or grant the call needs. HTTP 403.
    #[serde(rename = "A0300")]
    NoPermission,
    /// Malformed JSON, wrong types or a value that fails validation. HTTP 400.
    #[serde(rename = "A0400")]
    BadRequest,
    /// The addressed thing does not exist (or is not the caller's). HTTP 404.
    #[serde(rename = "A0404")]
    NotFound,
    /// The path exists but not with this method (`request方法不存在`). HTTP 405.
    #[serde(rename = "A0405")]
    MethodNotAllowed,
    /// Conflicts with what is stored (e.g. the e-mail is already registered). HTTP 409.
    #[serde(rename = "A0409")]
    Conflict,
    /// The request body is larger than the server accepts. HTTP 413.
    #[serde(rename = "A0413")]
    PayloadTooLarge,
    /// Too many attempts in a short time; try again later. HTTP 429.
    #[serde(rename = "A0429")]
    TooManyRequests,
    /// Anything unexpected on the server side; details are logged, never shown. HTTP 500.
    #[serde(rename = "B0001")]
    Internal,
    /// A service the call relies on (e.g. the AI provider) is not configured or failed; the
    /// message says which. HTTP 503.
    #[serde(rename = "C0001")]
    ServiceUnavailable,
}

impl ErrorCode {
    pub const ALL: [ErrorCode; 12] = [
        ErrorCode::LoginExpired,
        ErrorCode::BadCredentials,
        ErrorCode::CaptchaRequired,
        ErrorCode::NoPermission,
        ErrorCode::BadRequest,
        ErrorCode::NotFound,
        ErrorCode::MethodNotAllowed,
        ErrorCode::Conflict,
        ErrorCode::PayloadTooLarge,
        ErrorCode::TooManyRequests,
        ErrorCode::Internal,
        ErrorCode::ServiceUnavailable,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::LoginExpired => "A0201",
            ErrorCode::BadCredentials => "A0210",
            ErrorCode::CaptchaRequired => "A0240",
            ErrorCode::NoPermission => "A0300",
            ErrorCode::BadRequest => "A0400",
            ErrorCode::NotFound => "A0404",
            ErrorCode::MethodNotAllowed => "A0405",
            ErrorCode::Conflict => "A0409",
            ErrorCode::PayloadTooLarge => "A0413",
            ErrorCode::TooManyRequests => "A0429",
            ErrorCode::Internal => "B0001",
            ErrorCode::ServiceUnavailable => "C0001",
        }
    }

    pub fn http_status(self) -> u16 {
        match self {
            ErrorCode::LoginExpired => 401,
            ErrorCode::BadCredentials | ErrorCode::CaptchaRequired | ErrorCode::BadRequest => 400,
            ErrorCode::NoPermission => 403,
            ErrorCode::NotFound => 404,
            ErrorCode::MethodNotAllowed => 405,
            ErrorCode::Conflict => 409,
            ErrorCode::PayloadTooLarge => 413,
            ErrorCode::TooManyRequests => 429,
            ErrorCode::Internal => 500,
            ErrorCode::ServiceUnavailable => 503,
        }
    }

    /// The text shown when the failure has no more specific message.
    pub fn default_message(self) -> &'static str {
        match self {
            ErrorCode::LoginExpired => "登录过期，请重新登录",
            ErrorCode::BadCredentials => "邮箱或密码错误",
            ErrorCode::CaptchaRequired => "请输入正确的验证码",
            ErrorCode::NoPermission => "暂无权限",
            ErrorCode::BadRequest => "请求参数错误",
            ErrorCode::NotFound => "资源不存在",
            ErrorCode::MethodNotAllowed => "request方法不存在",
            ErrorCode::Conflict => "数据已存在",
            ErrorCode::PayloadTooLarge => "请求内容过大",
            ErrorCode::TooManyRequests => "操作过于频繁，请稍后再试",
            ErrorCode::Internal => "系统繁忙，请稍后再试",
            ErrorCode::ServiceUnavailable => "服务暂不可用，请稍后再试",
        }
    }

    pub fn parse(code: &str) -> Option<ErrorCode> {
        ErrorCode::ALL.into_iter().find(|c| c.as_str() == code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_names_match_codes() {
        for code in ErrorCode::ALL {
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            assert_eq!(ErrorCode::parse(code.as_str()), Some(code));
        }
    }

    #[test]
    fn login_expired_is_the_spec_text() {
        assert_eq!(ErrorCode::LoginExpired.as_str(), "A0201");
        assert_eq!(ErrorCode::LoginExpired.default_message(), "登录过期，请重新登录");
        assert_eq!(ErrorCode::NoPermission.as_str(), "A0300");
    }
}
