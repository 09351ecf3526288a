//! Home banners: text or image, colour, link, order, schedule, and the carousel's rotation time.

use actix_web::http::Method;
use actix_web::{web, HttpRequest};
use protocol::constants::timing::BANNER_AUTOPLAY_MS;
use protocol::dto::admin::{AdminBanner, AdminBanners, BannerRotation};
use protocol::dto::common::IdRequest;
use protocol::push::PushMessage;
use storage::{home, uploads};

use super::name;
use crate::access::{records, Access};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// The largest banner image.
pub const BANNER_IMAGE_MAX_BYTES: i64 = 2 * 1024 * 1024;

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::GET, "/api/admin/banners", Access::Admin, "admin", "Every home banner, shown or not, and the rotation time"), list);
    r.add(info(Method::POST, "/api/admin/banner/save", Access::Admin, "admin", "Create or change a home banner (image, colour, link, order, schedule)"), save);
    r.add(info(Method::POST, "/api/admin/banner/delete", Access::Admin, "admin", "Remove a home banner"), delete);
    r.add(info(Method::POST, "/api/admin/banner/rotation", Access::Admin, "admin", "The carousel's rotation time (2 to 60 s)"), rotation);
}

fn view(row: home::BannerRow) -> AdminBanner {
    AdminBanner {
        id: Some(row.id),
        title: row.title,
        background_color: row.background_color,
        redirect_url: row.redirect_url,
        image_file_id: row.image_file_id,
        sort: row.sort,
        active: row.active != 0,
        starts_at: row.starts_at,
        ends_at: row.ends_at,
    }
}

async fn list(state: web::Data<AppState>) -> ApiResult<Reply<AdminBanners>> {
    let rotation_ms = home::setting(&state.db, home::SETTING_BANNER_ROTATION_MS).await?.and_then(|v| v.parse().ok()).unwrap_or(BANNER_AUTOPLAY_MS as i64);
    Ok(Reply(AdminBanners { banners: home::all_banners(&state.db).await?.into_iter().map(view).collect(), rotation_ms }))
}

fn is_hex_color(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].chars().all(|c| c.is_ascii_hexdigit())
}

/// A link inside the app (`/…`, not `//…`) or an https:// address.
fn is_safe_link(s: &str) -> bool {
    s.is_empty() || (s.starts_with('/') && !s.starts_with("//")) || s.starts_with("https://")
}

async fn changed(state: &AppState) {
    state.hub.signal_everyone(&PushMessage::shell_changed("banners")).await;
}

async fn save(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<AdminBanner>) -> ApiResult<Reply<i64>> {
    let body = body.into_inner();
    let title = name(&body.title, 40, "标题")?;
    if !is_hex_color(&body.background_color) {
        return Err(ApiError::bad_request("背景色需为 #rrggbb"));
    }
    let link = body.redirect_url.trim();
    if link.chars().count() > 500 || !is_safe_link(link) || link.chars().any(char::is_whitespace) {
        return Err(ApiError::bad_request("跳转链接需为站内路径（/…）或 https:// 地址"));
    }
    if !(0..=9999).contains(&body.sort) {
        return Err(ApiError::bad_request("排序需在 0 到 9999 之间"));
    }
    if let (Some(start), Some(end)) = (body.starts_at, body.ends_at) {
        if start >= end {
            return Err(ApiError::bad_request("开始时间需早于结束时间"));
        }
    }
    let image = body.image_file_id.trim().to_owned();
    if !image.is_empty() {
        let upload = records::own_upload(&state, &caller, &image).await?;
        if upload.status != uploads::COMPLETE {
            return Err(ApiError::bad_request("图片尚未上传完成"));
        }
        if !["png", "jpg", "jpeg", "webp"].contains(&upload.ext.to_lowercase().as_str()) {
            return Err(ApiError::bad_request("图片需为 PNG、JPEG 或 WebP"));
        }
        if upload.size > BANNER_IMAGE_MAX_BYTES {
            return Err(ApiError::bad_request("图片不能超过 2 MB"));
        }
    }
    let row = home::BannerRow {
        id: body.id.unwrap_or(0),
        title: title.clone(),
        background_color: body.background_color.clone(),
        redirect_url: link.to_owned(),
        sort: body.sort,
        active: i64::from(body.active),
        image_file_id: image,
        starts_at: body.starts_at,
        ends_at: body.ends_at,
    };
    let id = home::save_banner(&state.db, &row, body.id.is_none()).await?.ok_or_else(|| ApiError::NotFound("横幅不存在".into()))?;
    let action = if body.id.is_some() { "banner.update" } else { "banner.create" };
    crate::audit::record(&state, &req, Some(&caller), action, format!("banner {id}"), title, true).await;
    changed(&state).await;
    Ok(Reply(id))
}

async fn delete(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<bool>> {
    if !home::delete_banner(&state.db, body.id).await? {
        return Err(ApiError::NotFound("横幅不存在".into()));
    }
    crate::audit::record(&state, &req, Some(&caller), "banner.delete", format!("banner {}", body.id), "", true).await;
    changed(&state).await;
    Ok(Reply(true))
}

async fn rotation(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<BannerRotation>) -> ApiResult<Reply<bool>> {
    if !(2_000..=60_000).contains(&body.rotation_ms) {
        return Err(ApiError::bad_request("轮播间隔需在 2 到 60 秒之间"));
    }
    home::set_setting(&state.db, home::SETTING_BANNER_ROTATION_MS, &body.rotation_ms.to_string()).await?;
    crate::audit::record(&state, &req, Some(&caller), "banner.rotation", "banners", format!("{} ms", body.rotation_ms), true).await;
    changed(&state).await;
    Ok(Reply(true))
}
