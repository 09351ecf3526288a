//! The data centre's reports (`datacentre` area, 02 §7.2–§7.7): each takes the search state of
//! 02 §3.1, checked once, and answers from the records within the caller's scope.

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::common::Page;
use protocol::dto::datacentre::{AttendanceRow, ClassOverview, CourseTrendPoint, DcSearch, RefundRow, StayRate, VipOverview, VipStudentRow, VipStudentStat};
use storage::datacentre::{attendance, board, calendar, filter, refunds, Filter, Scope, Side};
use storage::now_ms;

use crate::access::{scope, Access};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    let post =
        |path: &'static str, summary: &'static str, ids: &'static [&'static str]| info(Method::POST, path, Access::Session, "datacentre", summary).spec(ids);
    r.add(post("/api/attendance/detail/class", "Attendance details of classes: a student at a held lesson per row", &["S124"]), attendance_class);
    r.add(post("/api/attendance/detail/vip", "Attendance details of one-on-one lessons", &["S125"]), attendance_vip);
    r.add(post("/api/refund/detail/class", "Refunds of class places", &["S126"]), refund_class);
    r.add(post("/api/refund/detail/vip", "Refunds of one-on-one lessons", &["S127"]), refund_vip);
    r.add(post("/api/databoard/class/overview", "Data board: classes, students, lessons, attendance and refunds of the period", &["S128"]), class_overview);
    r.add(post("/api/databoard/vip/overview", "Data board: one-on-one students, lessons consumed, packages sold, refunds", &["S129"]), vip_overview);
    r.add(post("/api/databoard/vip/students", "Data board: one-on-one students with what they bought, used and have left", &["S130"]), vip_students);
    r.add(
        post("/api/databoard/vip/students-stat", "Data board: one-on-one students by state (active, low balance, dormant, finished)", &["S131"]),
        vip_students_stat,
    );
    r.add(post("/api/databoard/vip/stay-rates", "Data board: month-on-month stay rate of one-on-one students", &["S132"]), vip_stay_rates);
    r.add(post("/api/databoard/vip/course/trend", "Data board: one-on-one lessons per day, week or month", &["S133"]), vip_course_trend);
}

/// A report call's checked input: the caller's scope and the filter.
struct Report {
    scope: Scope,
    filter: Filter,
    now: i64,
}

impl Report {
    async fn of(state: &AppState, caller: &Caller, search: &DcSearch, sortable: &[&str]) -> ApiResult<Report> {
        let scope = scope::data_scope(state, caller).await?;
        let filter = filter::parse(search, calendar::today(), sortable).map_err(ApiError::bad_request)?;
        scope::check_school(state, caller, &scope, filter.school_id).await?;
        Ok(Report { scope, filter, now: now_ms() })
    }

    fn page<T>(&self, records: Vec<T>, total: i64) -> Page<T> {
        Page { records, total, page_no: self.filter.page_no, page_size: self.filter.page_size }
    }
}

fn props(pairs: &[(&'static str, &'static str)]) -> Vec<&'static str> {
    pairs.iter().map(|(prop, _)| *prop).collect()
}

async fn attendance_page(state: &AppState, caller: &Caller, search: &DcSearch, side: Side) -> ApiResult<Reply<Page<AttendanceRow>>> {
    let r = Report::of(state, caller, search, &props(attendance::SORTABLE)).await?;
    let total = attendance::count(&state.db, side, &r.scope, &r.filter, r.now).await?;
    let rows = attendance::page(&state.db, side, &r.scope, &r.filter, r.now, r.filter.offset(), r.filter.page_size).await?;
    Ok(Reply(r.page(rows, total)))
}

async fn attendance_class(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<AttendanceRow>>> {
    attendance_page(&state, &caller, &body.0, Side::Class).await
}

async fn attendance_vip(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<AttendanceRow>>> {
    attendance_page(&state, &caller, &body.0, Side::Vip).await
}

async fn refund_page(state: &AppState, caller: &Caller, search: &DcSearch, side: Side) -> ApiResult<Reply<Page<RefundRow>>> {
    let r = Report::of(state, caller, search, &props(refunds::SORTABLE)).await?;
    let total = refunds::count(&state.db, side, &r.scope, &r.filter, r.now).await?;
    let rows = refunds::page(&state.db, side, &r.scope, &r.filter, r.now, r.filter.offset(), r.filter.page_size).await?;
    Ok(Reply(r.page(rows, total)))
}

async fn refund_class(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<RefundRow>>> {
    refund_page(&state, &caller, &body.0, Side::Class).await
}

async fn refund_vip(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<RefundRow>>> {
    refund_page(&state, &caller, &body.0, Side::Vip).await
}

async fn class_overview(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<ClassOverview>> {
    let r = Report::of(&state, &caller, &body.0, &[]).await?;
    Ok(Reply(board::class_overview(&state.db, &r.scope, &r.filter, r.now).await?))
}

async fn vip_overview(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<VipOverview>> {
    let r = Report::of(&state, &caller, &body.0, &[]).await?;
    Ok(Reply(board::vip_overview(&state.db, &r.scope, &r.filter, r.now).await?))
}

async fn vip_students(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<VipStudentRow>>> {
    let r = Report::of(&state, &caller, &body.0, &props(board::STUDENT_SORTABLE)).await?;
    let total = board::students_count(&state.db, &r.scope, &r.filter, r.now).await?;
    let rows = board::students_page(&state.db, &r.scope, &r.filter, r.now, r.filter.offset(), r.filter.page_size).await?;
    Ok(Reply(r.page(rows, total)))
}

async fn vip_students_stat(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<VipStudentStat>> {
    let r = Report::of(&state, &caller, &body.0, &[]).await?;
    Ok(Reply(board::students_stat(&state.db, &r.scope, &r.filter, r.now).await?))
}

async fn vip_stay_rates(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Vec<StayRate>>> {
    let r = Report::of(&state, &caller, &body.0, &[]).await?;
    Ok(Reply(board::stay_rates(&state.db, &r.scope, &r.filter, r.now).await?))
}

async fn vip_course_trend(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Vec<CourseTrendPoint>>> {
    let r = Report::of(&state, &caller, &body.0, &[]).await?;
    Ok(Reply(board::course_trend(&state.db, &r.scope, &r.filter, r.now).await?))
}
