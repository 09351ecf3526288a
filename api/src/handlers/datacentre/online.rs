//! Online (live) class statistics (02 §3.4; the spec names no calls): the main teachers'
//! (`{side}` = `main`) and auxiliary teachers' (`auxiliary`) screens take the data-centre
//! search; a class's and a lesson's details are opened by id, within the caller's scope.

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::common::Page;
use protocol::dto::datacentre::online::{
    OnlineClassLessonRow, OnlineClassRow, OnlineClassStudentRow, OnlineDeviceRow, OnlineLeaveRow, OnlineLessonStudentRow, OnlineQuitRow, OnlineRenewalRow,
    OnlineReplayPointRow, OnlineStatRow, OnlineStudentLessonRow,
};
use protocol::dto::datacentre::DcSearch;
use storage::datacentre::online::{self, Level, Side};
use storage::datacentre::online_detail;
use storage::now_ms;

use super::{paged, props, Report};
use crate::access::{records, Access};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    let beyond = |path: &'static str, summary: &'static str| info(Method::POST, path, Access::Session, "datacentre", summary);
    r.add(
        beyond(
            "/api/online/{side}/statistics",
            "Online class statistics of the main (`main`) or auxiliary (`auxiliary`) teachers at the search's level (`type`: teacher, class, lesson, school, group)",
        ),
        statistics,
    );
    r.add(beyond("/api/online/{side}/studentLessons", "Online class statistics: a student at a held lesson per row"), student_lessons);
    r.add(beyond("/api/online/{side}/classes", "Online classes with a held lesson in the search (class detail by class period)"), classes);
    r.add(beyond("/api/online/{side}/quits", "Students who left an online class in the period (quit-class records)"), quits);
    r.add(beyond("/api/online/class/{id}/lessons", "An online class's lessons with their attendance and completion"), class_lessons);
    r.add(beyond("/api/online/class/{id}/students", "An online class's students over its held lessons"), class_students);
    r.add(beyond("/api/online/class/{id}/groups", "An online class's groups with their statistics"), class_groups);
    r.add(beyond("/api/online/class/{id}/renewals", "The later classes an online class's students enrolled in"), class_renewals);
    r.add(beyond("/api/online/class/{id}/devices", "The last device check of an online class's students"), class_devices);
    r.add(beyond("/api/online/lesson/{id}/students", "An online lesson's students: study, answers, anomalies"), lesson_students);
    r.add(beyond("/api/online/lesson/{id}/leaves", "The leaves asked for an online lesson"), lesson_leaves);
    r.add(beyond("/api/online/lesson/{id}/replayPoints", "The replay knowledge points an online lesson's students used"), lesson_replay_points);
}

fn side(name: &str) -> ApiResult<Side> {
    Side::parse(name).ok_or_else(|| ApiError::bad_request(format!("side 无效：{name}（可用：main、auxiliary）")))
}

async fn statistics(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: OptionalJson<DcSearch>,
) -> ApiResult<Reply<Page<OnlineStatRow>>> {
    let side = side(&path)?;
    let r = Report::of(&state, &caller, &body.0, online::STAT_SORTABLE).await?;
    let level = Level::parse(r.filter.stat_type.as_deref()).map_err(ApiError::bad_request)?;
    let mut rows = online::statistics(&state.db, side, level, &r.scope, &r.filter, r.now, None).await?;
    online::sort(&mut rows, r.filter.sort.as_ref());
    Ok(Reply(paged(&r, rows)))
}

async fn student_lessons(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: OptionalJson<DcSearch>,
) -> ApiResult<Reply<Page<OnlineStudentLessonRow>>> {
    let side = side(&path)?;
    let r = Report::of(&state, &caller, &body.0, &props(online::STUDENT_LESSON_SORTABLE)).await?;
    let total = online::student_lessons_count(&state.db, side, &r.scope, &r.filter, r.now).await?;
    let rows = online::student_lessons_page(&state.db, side, &r.scope, &r.filter, r.now, r.filter.offset(), r.filter.page_size).await?;
    Ok(Reply(r.page(rows, total)))
}

async fn classes(state: web::Data<AppState>, caller: Caller, path: web::Path<String>, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<OnlineClassRow>>> {
    let side = side(&path)?;
    let r = Report::of(&state, &caller, &body.0, &[]).await?;
    let total = online::classes_count(&state.db, side, &r.scope, &r.filter, r.now).await?;
    let rows = online::classes_page(&state.db, side, &r.scope, &r.filter, r.now, r.filter.offset(), r.filter.page_size).await?;
    Ok(Reply(r.page(rows, total)))
}

async fn quits(state: web::Data<AppState>, caller: Caller, path: web::Path<String>, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<OnlineQuitRow>>> {
    let side = side(&path)?;
    let r = Report::of(&state, &caller, &body.0, &[]).await?;
    let total = online::quits_count(&state.db, side, &r.scope, &r.filter, r.now).await?;
    let rows = online::quits_page(&state.db, side, &r.scope, &r.filter, r.now, r.filter.offset(), r.filter.page_size).await?;
    Ok(Reply(r.page(rows, total)))
}

async fn class_lessons(state: web::Data<AppState>, caller: Caller, id: web::Path<i64>) -> ApiResult<Reply<Vec<OnlineClassLessonRow>>> {
    let access = records::online_class(&state, &caller, *id).await?;
    Ok(Reply(online_detail::lessons(&state.db, &access).await?))
}

async fn class_students(state: web::Data<AppState>, caller: Caller, id: web::Path<i64>) -> ApiResult<Reply<Vec<OnlineClassStudentRow>>> {
    let access = records::online_class(&state, &caller, *id).await?;
    Ok(Reply(online_detail::students(&state.db, &access).await?))
}

async fn class_groups(state: web::Data<AppState>, caller: Caller, id: web::Path<i64>) -> ApiResult<Reply<Vec<OnlineStatRow>>> {
    let access = records::online_class(&state, &caller, *id).await?;
    Ok(Reply(online_detail::groups(&state.db, &access, now_ms()).await?))
}

async fn class_renewals(state: web::Data<AppState>, caller: Caller, id: web::Path<i64>) -> ApiResult<Reply<Vec<OnlineRenewalRow>>> {
    let access = records::online_class(&state, &caller, *id).await?;
    Ok(Reply(online_detail::renewals(&state.db, &access).await?))
}

async fn class_devices(state: web::Data<AppState>, caller: Caller, id: web::Path<i64>) -> ApiResult<Reply<Vec<OnlineDeviceRow>>> {
    let access = records::online_class(&state, &caller, *id).await?;
    Ok(Reply(online_detail::devices(&state.db, &access).await?))
}

async fn lesson_students(state: web::Data<AppState>, caller: Caller, id: web::Path<i64>) -> ApiResult<Reply<Vec<OnlineLessonStudentRow>>> {
    let access = records::online_lesson(&state, &caller, *id).await?;
    Ok(Reply(online_detail::lesson_students(&state.db, &access, *id).await?))
}

async fn lesson_leaves(state: web::Data<AppState>, caller: Caller, id: web::Path<i64>) -> ApiResult<Reply<Vec<OnlineLeaveRow>>> {
    let access = records::online_lesson(&state, &caller, *id).await?;
    Ok(Reply(online_detail::leaves(&state.db, &access, *id).await?))
}

async fn lesson_replay_points(state: web::Data<AppState>, caller: Caller, id: web::Path<i64>) -> ApiResult<Reply<Vec<OnlineReplayPointRow>>> {
    let access = records::online_lesson(&state, &caller, *id).await?;
    Ok(Reply(online_detail::replay_points(&state.db, &access, *id).await?))
}
