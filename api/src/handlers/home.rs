//! The home page's calls (01 §2 "Home page", §7 "Shell and common"): banners, counts, paper types.

use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};
use protocol::constants::limits::DEFAULT_PAGE_SIZE;
use protocol::constants::role;
use protocol::constants::timing::BANNER_AUTOPLAY_MS;
use protocol::dto::common::Empty;
use protocol::dto::{
    common::Page,
    home::{
        Banner, BannerInfo, ClassItem, ClassQuery, HomeCount, KeywordQuery, LessonItem, LessonListRequest, PaperType, QcServiceStat, StudentItem,
        StudentPageRequest,
    },
};
use storage::teaching::{self, StudentRow};
use storage::{accounts, home, now_ms};

use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// Roles that see the quality-check figures.
const QC_ROLES: &[&str] = &[role::ADMIN, role::LEARNING_MANAGER, role::OPERATOR];
const DAY_MS: i64 = 24 * 3600 * 1000;
/// The days the home page's QC figures cover.
const QC_WINDOW_DAYS: i64 = 30;
/// The most students a search answers.
const SEARCH_LIMIT: i64 = 20;

/// The window of "new for me" on the home page.
const INCREASE_WINDOW_MS: i64 = 7 * 24 * 3600 * 1000;

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::GET, "/api/home/banner", Access::Session, "home", "Banner area: switches, rotation time and banners").spec(&["S028"]), banner_info);
    r.add(info(Method::GET, "/api/homePage/queryBannerList", Access::Session, "home", "The active banners").spec(&["S029"]), banner_list);
    r.add(info(Method::POST, "/api/homePage/closeBanner", Access::Session, "home", "The user closes the banner area").spec(&["S030"]), close_banner);
    r.add(
        info(Method::GET, "/api/home/banner/image/{id}", Access::Session, "home", "A banner's image: the uploaded picture, or an SVG drawn from its title")
            .raw("image/svg+xml"),
        banner_image,
    );
    r.add(
        info(
            Method::GET,
            "/api/home/todoTaskCnt",
            Access::Session,
            "home",
            "How many feedback reports the user still owes (students present at their lessons of the last 7 days, report not submitted)",
        )
        .spec(&["S033"]),
        todo_count,
    );
    r.add(
        info(Method::GET, "/api/mainPage/increase/count", Access::Session, "home", "What is new for the user in the last 7 days (notices received)")
            .spec(&["S038"]),
        increase_count,
    );
    r.add(info(Method::GET, "/api/mainPage/paper/paperTypes", Access::Session, "home", "Paper types").spec(&["S039"]), paper_types);
    r.add(info(Method::POST, "/api/home/lesson/list", Access::Session, "home", "The user's lessons of a day (or several)").spec(&["S034"]), lesson_list);
    r.add(
        info(Method::GET, "/api/home/class/myClassList", Access::Session, "home", "The user's classes (classType 1, 2, 3 or all)").spec(&["S035"]),
        my_classes,
    );
    r.add(info(Method::POST, "/api/home/vip/studentList", Access::Session, "home", "A page of the user's one-to-one students").spec(&["S036"]), vip_students);
    r.add(info(Method::GET, "/api/h5/search/student", Access::Session, "home", "Search the user's students by name or code").spec(&["S037"]), search_students);
    r.add(
        info(
            Method::GET,
            "/api/home/qcCheck/getUnCheckCount",
            Access::HoldsRole(QC_ROLES),
            "home",
            "Service punch records of the last 30 days waiting for a check, within the caller's scope",
        )
        .spec(&["S032"]),
        qc_uncheck_count,
    );
    r.add(
        info(
            Method::POST,
            "/api/home/qcCheck/serviceStat",
            Access::HoldsRole(QC_ROLES),
            "home",
            "Service punch records of the last 30 days within the caller's scope, and their checks",
        )
        .spec(&["S031"]),
        qc_service_stat,
    );
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

async fn close_banner(state: web::Data<AppState>, caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<bool>> {
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

async fn banner_image(state: web::Data<AppState>, req: HttpRequest, id: web::Path<i64>) -> ApiResult<HttpResponse> {
    let row = home::banner(&state.db, id.into_inner()).await?.ok_or_else(|| ApiError::NotFound("横幅不存在".into()))?;
    // An uploaded image when the banner has one; otherwise one drawn from its title and colour.
    if !row.image_file_id.is_empty() {
        if let Some(upload) = storage::uploads::by_id(&state.db, &row.image_file_id).await? {
            let (response, _) = crate::object_response::serve_inline(&state.objects, &req, &upload.object_key, &upload.file_name).await?;
            return Ok(response);
        }
    }
    let color = if is_hex_color(&row.background_color) { row.background_color.clone() } else { "#1c7ed6".into() };
    let svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="200" viewBox="0 0 1200 200"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="{color}"/><stop offset="1" stop-color="{color}" stop-opacity="0.55"/></linearGradient></defs><rect width="1200" height="200" rx="12" fill="url(#g)"/><text x="60" y="115" font-family="Microsoft YaHei, PingFang SC, sans-serif" font-size="44" fill="#fff">{}</text></svg>"##,
        xml_escape(&row.title)
    );
    Ok(HttpResponse::Ok().content_type("image/svg+xml").insert_header(("Cache-Control", "private, max-age=300")).body(svg))
}

async fn todo_count(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<HomeCount>> {
    // The to-dos are the feedback reports the user still owes (the teaching service's list).
    let due = storage::teaching::reports::due_count(&state.db, caller.user.id, now_ms(), protocol::dictionary::REPORT_DUE_DAYS).await?;
    Ok(Reply(HomeCount { count: due }))
}

async fn increase_count(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<HomeCount>> {
    Ok(Reply(HomeCount { count: home::notices_received_since(&state.db, caller.user.id, now_ms() - INCREASE_WINDOW_MS).await? }))
}

async fn paper_types() -> Reply<Vec<PaperType>> {
    Reply([(2, "切片库"), (3, "教辅库"), (4, "教材库"), (5, "讲义")].into_iter().map(|(code, name)| PaperType { code, name: name.into() }).collect())
}

/// Midnight (China Standard Time) of a `YYYY-MM-DD` date, in milliseconds; today when `None`.
fn day_start(date: Option<&str>) -> ApiResult<i64> {
    let offset = time::macros::offset!(+8);
    let day = match date {
        Some(text) => time::Date::parse(text, time::macros::format_description!("[year]-[month]-[day]"))
            .map_err(|_| ApiError::bad_request("date 需要 YYYY-MM-DD 格式"))?,
        None => time::OffsetDateTime::now_utc().to_offset(offset).date(),
    };
    Ok(time::PrimitiveDateTime::new(day, time::Time::MIDNIGHT).assume_offset(offset).unix_timestamp() * 1000)
}

async fn lesson_list(state: web::Data<AppState>, caller: Caller, OptionalJson(body): OptionalJson<LessonListRequest>) -> ApiResult<Reply<Vec<LessonItem>>> {
    let days = body.days.unwrap_or(1);
    if !(1..=31).contains(&days) {
        return Err(ApiError::bad_request("days 必须在 1 到 31 之间"));
    }
    let from = day_start(body.date.as_deref())?;
    let lessons = teaching::lessons_of(&state.db, caller.user.id, from, from + days * DAY_MS).await?;
    Ok(Reply(
        lessons
            .into_iter()
            .map(|l| LessonItem {
                id: l.id,
                class_id: l.class_id,
                class_name: l.class_name,
                class_type: l.class_type,
                title: l.title,
                start_time: l.start_at,
                end_time: l.end_at,
            })
            .collect(),
    ))
}

async fn my_classes(state: web::Data<AppState>, caller: Caller, query: web::Query<ClassQuery>) -> ApiResult<Reply<Vec<ClassItem>>> {
    if let Some(t) = query.class_type {
        if !(1..=3).contains(&t) {
            return Err(ApiError::bad_request("classType 只能是 1、2 或 3"));
        }
    }
    let classes = teaching::classes_of(&state.db, caller.user.id, query.class_type).await?;
    Ok(Reply(
        classes
            .into_iter()
            .map(|c| ClassItem {
                subject_name: protocol::constants::subject(c.subject).map(|s| s.name.to_owned()).unwrap_or_default(),
                id: c.id,
                name: c.name,
                class_type: c.class_type,
                stage: c.stage,
                subject: c.subject,
                school_id: c.school_id,
                student_count: c.student_count,
            })
            .collect(),
    ))
}

fn student_item(s: StudentRow) -> StudentItem {
    StudentItem { id: s.id, code: s.code, name: s.name, grade: s.grade, school_id: s.school_id }
}

async fn vip_students(state: web::Data<AppState>, caller: Caller, OptionalJson(body): OptionalJson<StudentPageRequest>) -> ApiResult<Reply<Page<StudentItem>>> {
    let Paging { page_no, page_size } = Paging::new(body.page_no, body.page_size, DEFAULT_PAGE_SIZE)?;
    let keyword = body.keyword.as_deref().map(str::trim).filter(|k| !k.is_empty());
    let (rows, total) = teaching::students_of(&state.db, caller.user.id, Some(teaching::CLASS_ONE_TO_ONE), keyword, page_no, page_size).await?;
    Ok(Reply(Page { records: rows.into_iter().map(student_item).collect(), total, page_no, page_size }))
}

async fn search_students(state: web::Data<AppState>, caller: Caller, query: web::Query<KeywordQuery>) -> ApiResult<Reply<Vec<StudentItem>>> {
    let keyword = query.keyword.as_deref().map(str::trim).unwrap_or("");
    if keyword.is_empty() || keyword.chars().count() > 50 {
        return Err(ApiError::bad_request("请输入 1 到 50 个字的学生姓名或编号"));
    }
    let (rows, _) = teaching::students_of(&state.db, caller.user.id, None, Some(keyword), 1, SEARCH_LIMIT).await?;
    Ok(Reply(rows.into_iter().map(student_item).collect()))
}

/// The service punch records of the last 30 days (today included) within the caller's scope.
async fn qc_figures(state: &AppState, caller: &Caller) -> ApiResult<QcServiceStat> {
    let scope = crate::access::scope::data_scope(state, caller).await?;
    let today = storage::datacentre::calendar::today();
    let from = storage::datacentre::calendar::day_start_ms(today - time::Duration::days(QC_WINDOW_DAYS - 1));
    let to = storage::datacentre::calendar::day_start_ms(today + time::Duration::days(1));
    let (total, checked, qualified) = storage::qc::stats::home_figures(&state.db, &scope, from, to).await?;
    Ok(QcServiceStat { total, checked, unchecked: total - checked, qualified_rate: storage::datacentre::rate(qualified, checked) })
}

async fn qc_uncheck_count(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<HomeCount>> {
    Ok(Reply(HomeCount { count: qc_figures(&state, &caller).await?.unchecked }))
}

async fn qc_service_stat(state: web::Data<AppState>, caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<QcServiceStat>> {
    Ok(Reply(qc_figures(&state, &caller).await?))
}
