//! Notices as their recipients see them, and one-time introductions (`notice` area: 03 §7.10).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// One item of `GET /pub/index/user/bootstrap`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BootstrapFlag {
    pub scene: String,
    /// True while the one-time introduction has not been dismissed.
    pub bootstrap: bool,
}

/// A notice as the user sees it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Notice {
    pub id: i64,
    pub title: String,
    pub content: String,
    /// 1 popup notice, 2 list notice, 7 banner notice.
    pub r#type: i64,
    /// Milliseconds since the epoch.
    pub create_time: i64,
    pub read: bool,
    /// The target role the user received it for; empty when targeted by e-mail.
    pub role: String,
}

/// `GET /exam/notice/info`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NoticeInfo {
    pub unread_num: i64,
    /// The newest unread notice.
    pub unread_info: Option<Notice>,
    /// A short line describing the unread notices.
    pub unread_illustrate: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UnreadTypeCount {
    pub r#type: i64,
    pub count: i64,
}

/// `POST /exam/notice/update/param`: the user's display parameters of one notice.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NoticeParamRequest {
    pub id: i64,
    /// The popup was closed: `detail/latest` no longer offers it.
    #[serde(default)]
    #[ts(optional)]
    pub popup_closed: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub read: Option<bool>,
}

/// `?type=` of the notice lists (absent: every type); paging is `PageRequest`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct NoticeTypeQuery {
    #[serde(default)]
    #[ts(optional)]
    pub r#type: Option<i64>,
}

/// `?scene=` of the one-time introductions (default `knowledgebase1_bootstrap`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct SceneQuery {
    #[serde(default)]
    #[ts(optional)]
    pub scene: Option<String>,
}
