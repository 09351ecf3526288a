//! The REST envelope every call answers with: `{code, msg, data}` (plus `status` on account calls).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::ErrorCode;

/// The success code of every call.
pub const SUCCESS_CODE: &str = "1";
/// The message that goes with a success.
pub const SUCCESS_MSG: &str = "成功";

/// Every REST response. `code` is `"1"` on success, else an [`ErrorCode`]; `msg` is shown to the
/// user as is. Account calls (`/account/login/*`) also carry `status` (1 on success, 0 on error),
/// because their clients read that field instead of `code`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[ts(export)]
pub struct ApiEnvelope<T> {
    pub code: String,
    pub msg: String,
    pub data: Option<T>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub status: Option<i32>,
}

impl<T> ApiEnvelope<T> {
    pub fn ok(data: T) -> Self {
        Self { code: SUCCESS_CODE.into(), msg: SUCCESS_MSG.into(), data: Some(data), status: None }
    }

    pub fn error(code: ErrorCode, msg: impl Into<String>, data: Option<T>) -> Self {
        Self { code: code.as_str().into(), msg: msg.into(), data, status: None }
    }

    /// Marks the envelope as an account call's answer (`status` 1 or 0).
    pub fn with_status(mut self) -> Self {
        self.status = Some(if self.is_success() { 1 } else { 0 });
        self
    }

    pub fn is_success(&self) -> bool {
        self.code == SUCCESS_CODE
    }
}
