//! The shell's configurable links: the feedback popover's group chats (as QR codes) and the help
//! menu's targets. Stored as one JSON setting; administrators change it.

use actix_web::http::Method;
use actix_web::web;
use protocol::constants::role;
use protocol::dto::config::{FeedbackGroup, FeedbackGroupCode, HelpLinks, ShellConfig, ShellSettings};
use storage::home;

use crate::access::Access;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

const FEEDBACK_HEADING: &str = "高中体验官群";
const MAX_GROUPS: usize = 4;
const MAX_LABEL_CHARS: usize = 20;
const MAX_URL_CHARS: usize = 1024;

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::GET, "/api/pub/config/shell", Access::Session, "config", "Help links and the feedback group chats with their QR codes"), shell);
    r.add(
        info(Method::POST, "/api/admin/config/shell/save", Access::HoldsRole(&[role::ADMIN]), "admin", "Change the help links and feedback group chats"),
        save,
    );
}

/// Until an administrator configures them: the two messengers, without join links.
fn unconfigured() -> ShellSettings {
    ShellSettings {
        feedback_groups: ["企业微信", "钉钉"].map(|label| FeedbackGroup { label: label.into(), join_url: String::new() }).to_vec(),
        help_links: HelpLinks::default(),
    }
}

pub async fn settings(state: &AppState) -> ApiResult<ShellSettings> {
    let stored = home::setting(&state.db, home::SETTING_SHELL).await?;
    // A value this version cannot read falls back to the defaults rather than breaking every page.
    Ok(stored.and_then(|json| serde_json::from_str(&json).ok()).unwrap_or_else(unconfigured))
}

async fn shell(state: web::Data<AppState>) -> ApiResult<Reply<ShellConfig>> {
    let settings = settings(&state).await?;
    let mut groups = Vec::with_capacity(settings.feedback_groups.len());
    for group in settings.feedback_groups {
        // A link no QR code can hold (it was checked when saved) shows as not configured rather
        // than breaking every page's header.
        let qr_code = if group.join_url.is_empty() { None } else { crate::qr::svg_data_url(&group.join_url).ok() };
        groups.push(FeedbackGroupCode { label: group.label, join_url: group.join_url, qr_code });
    }
    Ok(Reply(ShellConfig { feedback_heading: FEEDBACK_HEADING.into(), feedback_groups: groups, help_links: settings.help_links }))
}

fn is_web_link(url: &str) -> bool {
    url.starts_with("https://") || url.starts_with("http://")
}

/// Why the settings cannot be stored, if they cannot.
pub fn settings_problem(settings: &ShellSettings) -> Option<String> {
    if settings.feedback_groups.len() > MAX_GROUPS {
        return Some(format!("反馈群最多{MAX_GROUPS}个"));
    }
    for group in &settings.feedback_groups {
        let label = group.label.trim();
        if label.is_empty() || label.chars().count() > MAX_LABEL_CHARS {
            return Some(format!("群名称需为1到{MAX_LABEL_CHARS}个字符"));
        }
        if !group.join_url.is_empty() && (!is_web_link(&group.join_url) || group.join_url.chars().count() > MAX_URL_CHARS) {
            return Some(format!("{label}的入群链接需为http(s)地址"));
        }
        if !group.join_url.is_empty() && crate::qr::svg_data_url(&group.join_url).is_err() {
            return Some(format!("{label}的入群链接过长，无法生成二维码"));
        }
    }
    let links = &settings.help_links;
    for (name, link) in [("演示视频", &links.demo_video), ("功能介绍", &links.feature_intro), ("更新日志", &links.update_log)] {
        if !link.is_empty() && (!is_web_link(link) || link.chars().count() > MAX_URL_CHARS) {
            return Some(format!("{name}链接需为http(s)地址，或留空使用站内页面"));
        }
    }
    None
}

async fn save(state: web::Data<AppState>, body: web::Json<ShellSettings>) -> ApiResult<Reply<ShellSettings>> {
    let mut settings = body.into_inner();
    for group in &mut settings.feedback_groups {
        group.label = group.label.trim().to_owned();
        group.join_url = group.join_url.trim().to_owned();
    }
    if let Some(problem) = settings_problem(&settings) {
        return Err(ApiError::BadRequest(problem));
    }
    let json = serde_json::to_string(&settings).map_err(|e| ApiError::Internal(e.to_string()))?;
    home::set_setting(&state.db, home::SETTING_SHELL, &json).await?;
    Ok(Reply(settings))
}
