//! The home page's calls (01 §2 "Home page", §7 "Shell and common"): banners, counts, paper types.

use actix_web::http::Method;
use actix_web::{web, HttpResponse};
use protocol::constants::timing::BANNER_AUTOPLAY_MS;
use protocol::dto::{Banner, BannerInfo, HomeCount, PaperType};
use storage::{accounts, home, now_ms};

use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// The window of "new for me" on the home page.
const INCREASE_WINDOW_MS: i64 = 7 * 24 * 3600 * 1000;

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::GET, "/api/home/banner", Access::Session, "home", "Banner area: switches, rotation time and banners"), banner_info);
    r.add(info(Method::GET, "/api/homePage/queryBannerList", Access::Session, "home", "The active banners"), banner_list);
    r.add(info(Method::GET, "/api/homePage/closeBanner", Access::Session, "home", "The user closes the banner area"), close_banner);
    r.add(info(Method::GET, "/api/home/banner/image/{id}", Access::Session, "home", "A banner's image (SVG)"), banner_image);
    r.add(info(Method::GET, "/api/home/todoTaskCnt", Access::Session, "home", "How many to-do tasks the user has open"), todo_count);
    r.add(info(Method::GET, "/api/mainPage/increase/count", Access::Session, "home", "What is new for the user in the last 7 days (notices received)"), increase_count);
    r.add(info(Method::GET, "/api/mainPage/paper/paperTypes", Access::Session, "home", "Paper types"), paper_types);
}

fn to_banner(row: home::BannerRow) -> Banner {
    Banner {
        banner_img_url: format!("/api/home/banner/image/{}", row.id),
        id: row.id,
        title: row.title,
        banner_background_color: row.background_color,
        redirect_url: row.redirect_url,
    }
}

async fn banner_list(state: web::Data<AppState>) -> ApiResult<Reply<Vec<Banner>>> {
    Ok(Reply(home::active_banners(&state.db).await?.into_iter().map(to_banner).collect()))
}

async fn banner_info(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<BannerInfo>> {
    let rotation_time = home::setting(&state.db, home::SETTING_BANNER_ROTATION_MS).await?.and_then(|v| v.parse().ok()).unwrap_or(BANNER_AUTOPLAY_MS as i64);
    Ok(Reply(BannerInfo {
        home_page_banner_close: home::setting(&state.db, home::SETTING_BANNER_CLOSED).await?.as_deref() == Some("1"),
        user_close_banner: accounts::setting(&state.db, caller.user.id, home::USER_BANNER_CLOSED).await?.is_some(),
        rotation_time,
        banner_list: home::active_banners(&state.db).await?.into_iter().map(to_banner).collect(),
    }))
}

async fn close_banner(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<bool>> {
    accounts::set_setting(&state.db, caller.user.id, home::USER_BANNER_CLOSED, "1").await?;
    Ok(Reply(true))
}

/// Escapes text for an SVG text node.
fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn is_hex_color(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].chars().all(|c| c.is_ascii_hexdigit())
}

async fn banner_image(state: web::Data<AppState>, id: web::Path<i64>) -> ApiResult<HttpResponse> {
    let row = home::banner(&state.db, id.into_inner()).await?.ok_or_else(|| ApiError::NotFound("横幅不存在".into()))?;
    let color = if is_hex_color(&row.background_color) { row.background_color.clone() } else { "#1c7ed6".into() };
    let svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="200" viewBox="0 0 1200 200"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="{color}"/><stop offset="1" stop-color="{color}" stop-opacity="0.55"/></linearGradient></defs><rect width="1200" height="200" rx="12" fill="url(#g)"/><text x="60" y="115" font-family="Microsoft YaHei, PingFang SC, sans-serif" font-size="44" fill="#fff">{}</text></svg>"##,
        xml_escape(&row.title)
    );
    Ok(HttpResponse::Ok().content_type("image/svg+xml").insert_header(("Cache-Control", "private, max-age=300")).body(svg))
}

async fn todo_count(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<HomeCount>> {
    Ok(Reply(HomeCount { count: home::open_todo_count(&state.db, caller.user.id).await? }))
}

async fn increase_count(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<HomeCount>> {
    Ok(Reply(HomeCount { count: home::notices_received_since(&state.db, caller.user.id, now_ms() - INCREASE_WINDOW_MS).await? }))
}

async fn paper_types() -> Reply<Vec<PaperType>> {
    Reply(
        [(2, "切片库"), (3, "教辅库"), (4, "教材库"), (5, "讲义")]
            .into_iter()
            .map(|(code, name)| PaperType { code, name: name.into() })
            .collect(),
    )
}
