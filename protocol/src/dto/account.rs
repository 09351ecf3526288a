//! Sign-in, registration and the signed-in account (`account` area: 01 §7, 03 §7.11).

use super::common::CodeName;
use super::user::{SchoolRef, StageInfo};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `POST /account/login/login`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
    /// The captcha text, required after repeated failures for the e-mail.
    #[serde(default)]
    #[ts(optional)]
    pub code: Option<String>,
    #[serde(default = "default_login_type")]
    #[ts(optional)]
    pub r#type: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub skip_blocker: Option<bool>,
}

fn default_login_type() -> Option<i64> {
    Some(1)
}

/// `data` of a login and of `/account/login/user/check`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoginUser {
    /// The session token, for clients that send `Authorization: Bearer` (login only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub token: Option<String>,
    pub name: String,
    pub email: String,
    pub school_id: i64,
    pub school_name: String,
    /// e.g. "4_54" (stage_subject) of the selected subject.
    pub subject_and_edu: String,
    /// The user's role type numbers.
    pub types: Vec<i64>,
    /// The current role type number.
    pub last_type: i64,
    /// True on the very first login.
    pub first: bool,
}

/// Error data when a captcha is needed.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CaptchaRequired {
    pub captcha_required: bool,
}

/// `POST /account/login/regist`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RegisterRequest {
    pub email: String,
    pub mobile: String,
    pub name: String,
    pub password: String,
    pub subject: i64,
    pub edu: i64,
    #[serde(default)]
    #[ts(optional)]
    pub project: Option<Vec<String>>,
    pub school_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub r#type: Option<i64>,
    /// The captcha text (`VerifyCode` for this e-mail, drawn for this client); always required.
    #[serde(default)]
    #[ts(optional)]
    pub code: Option<String>,
    /// The token of an invitation link: the account gets the invitation's roles, schools and
    /// subjects, and needs no approval.
    #[serde(default)]
    #[ts(optional)]
    pub invitation: Option<String>,
}

/// `GET /account/login/getRegistDict`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RegistDict {
    pub schools: Vec<SchoolRef>,
    pub stages: Vec<StageInfo>,
    pub projects: Vec<CodeName>,
}

/// `POST /account/login/saveSubject`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct SaveSubjectRequest {
    pub subject: i64,
}

/// The legacy login's body (01 §7): the same sign-in with the old field names.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LegacyLoginRequest {
    /// The e-mail.
    pub user_name: String,
    pub pass_word: String,
    /// The captcha text, required after repeated failures for the e-mail.
    #[serde(default)]
    #[ts(optional)]
    pub check_code: Option<String>,
}
