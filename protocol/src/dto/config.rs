//! The shell's configurable links: feedback group chats and help (01 §2 "Layout").

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// A group chat the feedback popover offers to join (one per messenger).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackGroup {
    /// The messenger's name under the QR code, e.g. 企业微信.
    pub label: String,
    /// The group's join link; empty while not configured.
    #[serde(default)]
    pub join_url: String,
}

/// Where the help menu's items lead; an empty link means the app's own page.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HelpLinks {
    #[serde(default)]
    pub demo_video: String,
    #[serde(default)]
    pub feature_intro: String,
    #[serde(default)]
    pub update_log: String,
}

/// `POST /api/admin/config/shell/save` (super users): the shell's configurable links.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ShellSettings {
    pub feedback_groups: Vec<FeedbackGroup>,
    #[serde(default)]
    pub help_links: HelpLinks,
}

/// One feedback group with its join link rendered as a QR code.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackGroupCode {
    pub label: String,
    pub join_url: String,
    /// `data:image/svg+xml;base64,…` of the join link, absent while the link is not configured.
    #[ts(optional)]
    pub qr_code: Option<String>,
}

/// `GET /api/pub/config/shell`: what the header's help menu and feedback popover show.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ShellConfig {
    /// The popover's heading (高中体验官群).
    pub feedback_heading: String,
    pub feedback_groups: Vec<FeedbackGroupCode>,
    pub help_links: HelpLinks,
}
