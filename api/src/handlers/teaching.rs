//! The teaching service (易服务, 01 §2 `/easyServer`; the spec names the screens, not their
//! calls): the caller's schedule, lessons, students, classes and feedback reports, read from the
//! data centre's records. "Mine" and the right to open one record are decided by
//! `storage::teaching::mine` from the caller's data scope.

use actix_web::http::Method;
use actix_web::web;
use protocol::dictionary::REPORT_DUE_DAYS;
use protocol::dto::common::Page;
use protocol::dto::teaching::{
    ClassDetail, Colleague, ColleagueRequest, DueReportRow, LessonDetail, MyClassRow, MyClassesRequest, MyReportRow, MyReportsRequest, MyStudentRow,
    MyStudentsRequest, ScheduleLesson, ScheduleRequest, StudentDetail, StudentLessonRow, StudentLessonsRequest, TeachingIdRequest,
};
use storage::datacentre::calendar::{day_start_ms, parse_day, DAY_MS};
use storage::now_ms;
use storage::teaching::classes::{self, ClassQuery};
use storage::teaching::reports::{self, ReportQuery};
use storage::teaching::{schedule, students};

use crate::access::scope::mine;
use crate::access::teaching_tasks::student_visible;
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// The teaching service's menu group: its calls are for those who have it.
const MENU: Access = Access::Menu("EASYSERVER");
/// The longest schedule one call answers.
const MAX_SCHEDULE_DAYS: i64 = 62;
/// Colleagues offered per search.
const COLLEAGUE_LIMIT: i64 = 20;
const PAGE_SIZE: i64 = 20;

pub fn routes(r: &mut impl RouteSink) {
    let call = |path: &'static str, summary: &'static str| info(Method::POST, path, MENU, "teaching", summary);
    // One record's page is also opened from the data centre's reports, by those whose scope
    // holds it (checked per record), so these need a session, not the menu.
    let record = |path: &'static str, summary: &'static str| info(Method::POST, path, Access::Session, "teaching", summary);
    r.add(call("/api/teaching/schedule", "My lessons (offline and online) of a span of days"), my_schedule);
    r.add(record("/api/teaching/lesson/detail", "An offline lesson: its students, their attendance and feedback reports"), lesson_detail);
    r.add(call("/api/teaching/students", "A page of my students"), my_students);
    r.add(record("/api/teaching/student/detail", "A student: classes, one-on-one packages and exams"), student_detail);
    r.add(record("/api/teaching/student/lessons", "A page of a student's recorded lessons (or clock-ins)"), student_lessons);
    r.add(call("/api/teaching/classes", "A page of my classes (class type 4: online)"), my_classes);
    r.add(record("/api/teaching/class/detail", "An offline class: its students and lessons"), class_detail);
    r.add(call("/api/teaching/reports", "A page of the feedback reports I write or co-write"), my_reports);
    r.add(call("/api/teaching/reports/due", "A page of the feedback reports I still owe"), due_reports);
    r.add(info(Method::POST, "/api/teaching/colleagues", Access::Session, "teaching", "Staff of my schools to share a document with"), colleagues);
}

/// The teaching lists' keyword (a name or code): at most 50 characters.
fn keyword(text: &Option<String>) -> ApiResult<Option<String>> {
    super::keyword(text.as_deref(), 50)
}

/// `[from, to + 1 day)` of two `YYYY-MM-DD` days.
pub(crate) fn day_span(from: &str, to: &str, max_days: i64) -> ApiResult<(i64, i64)> {
    let parse = |name: &str, text: &str| parse_day(text).ok_or_else(|| ApiError::bad_request(format!("{name} 需要 YYYY-MM-DD 格式")));
    let (from, to) = (parse("from", from)?, parse("to", to)?);
    let days = (to - from).whole_days() + 1;
    if days < 1 || days > max_days {
        return Err(ApiError::bad_request(format!("日期范围需在 1 到 {max_days} 天之间，且开始不晚于结束")));
    }
    Ok((day_start_ms(from), day_start_ms(to) + DAY_MS))
}

fn class_type(value: Option<i64>) -> ApiResult<Option<i64>> {
    match value {
        Some(t) if !(1..=4).contains(&t) => Err(ApiError::bad_request("classType 只能是 1、2、3 或 4")),
        other => Ok(other),
    }
}

async fn my_schedule(state: web::Data<AppState>, caller: Caller, body: web::Json<ScheduleRequest>) -> ApiResult<Reply<Vec<ScheduleLesson>>> {
    let (from, to) = day_span(&body.from, &body.to, MAX_SCHEDULE_DAYS)?;
    let (mine, _) = mine(&state, &caller).await?;
    Ok(Reply(schedule::schedule(&state.db, mine, from, to).await?))
}

async fn lesson_detail(state: web::Data<AppState>, caller: Caller, body: web::Json<TeachingIdRequest>) -> ApiResult<Reply<LessonDetail>> {
    let (mine, scope) = mine(&state, &caller).await?;
    schedule::lesson_detail(&state.db, mine, &scope, caller.user.id, body.id).await?.map(Reply).ok_or_else(|| ApiError::NotFound("课次不存在或无权查看".into()))
}

async fn my_students(state: web::Data<AppState>, caller: Caller, OptionalJson(body): OptionalJson<MyStudentsRequest>) -> ApiResult<Reply<Page<MyStudentRow>>> {
    let paging = Paging::new(body.page_no, body.page_size, PAGE_SIZE)?;
    let query = students::StudentQuery { keyword: keyword(&body.keyword)?, class_type: class_type(body.class_type)?, grade: body.grade };
    let (mine, _) = mine(&state, &caller).await?;
    let (rows, total) = students::page(&state.db, mine, &query, now_ms(), paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows, total)))
}

/// Refuses a student the caller may not open.
async fn visible_student(state: &AppState, caller: &Caller, student_id: i64) -> ApiResult<()> {
    let (mine, scope) = mine(state, caller).await?;
    if !students::visible(&state.db, mine, &scope, student_id).await? {
        return Err(ApiError::NotFound("学生不存在或无权查看".into()));
    }
    Ok(())
}

async fn student_detail(state: web::Data<AppState>, caller: Caller, body: web::Json<TeachingIdRequest>) -> ApiResult<Reply<StudentDetail>> {
    visible_student(&state, &caller, body.id).await?;
    students::detail(&state.db, body.id, now_ms()).await?.map(Reply).ok_or_else(|| ApiError::NotFound("学生不存在或无权查看".into()))
}

async fn student_lessons(state: web::Data<AppState>, caller: Caller, body: web::Json<StudentLessonsRequest>) -> ApiResult<Reply<Page<StudentLessonRow>>> {
    let paging = Paging::new(body.page_no, body.page_size, PAGE_SIZE)?;
    visible_student(&state, &caller, body.student_id).await?;
    let (rows, total) = students::lessons(&state.db, body.student_id, body.clocked_in.unwrap_or(false), paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows, total)))
}

async fn my_classes(state: web::Data<AppState>, caller: Caller, OptionalJson(body): OptionalJson<MyClassesRequest>) -> ApiResult<Reply<Page<MyClassRow>>> {
    let paging = Paging::new(body.page_no, body.page_size, PAGE_SIZE)?;
    let ongoing = match body.state.as_deref().map(str::trim).unwrap_or("") {
        "" | "all" => None,
        "ongoing" => Some(true),
        "finished" => Some(false),
        other => return Err(ApiError::bad_request(format!("state 无效：{other}（可用：ongoing、finished、all）"))),
    };
    let query = ClassQuery { keyword: keyword(&body.keyword)?, class_type: class_type(body.class_type)?, ongoing };
    let (mine, _) = mine(&state, &caller).await?;
    let (rows, total) = classes::page(&state.db, mine, &query, now_ms(), paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows, total)))
}

async fn class_detail(state: web::Data<AppState>, caller: Caller, body: web::Json<TeachingIdRequest>) -> ApiResult<Reply<ClassDetail>> {
    let (mine, scope) = mine(&state, &caller).await?;
    classes::detail(&state.db, mine, &scope, body.id, now_ms()).await?.map(Reply).ok_or_else(|| ApiError::NotFound("班级不存在或无权查看".into()))
}

async fn my_reports(state: web::Data<AppState>, caller: Caller, OptionalJson(body): OptionalJson<MyReportsRequest>) -> ApiResult<Reply<Page<MyReportRow>>> {
    let paging = Paging::new(body.page_no, body.page_size, PAGE_SIZE)?;
    let (from, to) = match (&body.from, &body.to) {
        (Some(from), Some(to)) => {
            let (from, to) = day_span(from, to, 366)?;
            (Some(from), Some(to))
        }
        (None, None) => (None, None),
        _ => return Err(ApiError::bad_request("from 与 to 需同时给出")),
    };
    // A student the caller may not see reads as absent, not as one without reports.
    if let Some(student_id) = body.student_id {
        student_visible(&state, &caller, student_id).await?;
    }
    let query = ReportQuery {
        stage: body.stage.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned),
        keyword: keyword(&body.keyword)?,
        from,
        to,
        student_id: body.student_id,
    };
    let (rows, total) = reports::page(&state.db, caller.user.id, &query, paging.page_no, paging.page_size)
        .await?
        .ok_or_else(|| ApiError::bad_request("stage 无效（可用：draft、confirmed、submitted、sent、opened）"))?;
    Ok(Reply(paging.page(rows, total)))
}

async fn due_reports(state: web::Data<AppState>, caller: Caller, paging: Paging) -> ApiResult<Reply<Page<DueReportRow>>> {
    let (rows, total) = reports::due_page(&state.db, caller.user.id, now_ms(), REPORT_DUE_DAYS, paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows, total)))
}

async fn colleagues(state: web::Data<AppState>, caller: Caller, OptionalJson(body): OptionalJson<ColleagueRequest>) -> ApiResult<Reply<Vec<Colleague>>> {
    let keyword = keyword(&body.keyword)?;
    Ok(Reply(reports::colleagues(&state.db, caller.user.id, keyword.as_deref(), COLLEAGUE_LIMIT).await?))
}
