//! The data centre's reports (`datacentre` area, 02 §7.2–§7.7): each takes the search state of
//! 02 §3.1, checked once, and answers from the records within the caller's scope.

mod online;

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::common::Page;
use protocol::dto::datacentre::{
    AttendanceRow, ClassOverview, CourseTrendPoint, DcSearch, DeptUsageRow, FeedbackDetailRow, FeedbackStatPage, FirstDetailRow, FirstStatPage, PrepLessonRow,
    PrepSummary, PrepTeacherRow, RefundRow, StayRate, TraineeRow, TrainingExamRow, TrainingResultRow, UsageStudentRow, UsageTeacherRow, UsageValidSummary,
    VipOverview, VipStudentRow, VipStudentStat,
};
use storage::datacentre::feedback_stats::{self, Grouping};
use storage::datacentre::filter::UsageType;
use storage::datacentre::first_lesson::{self, View as FirstView};
use storage::datacentre::training;
use storage::datacentre::usage::{self, View};
use storage::datacentre::{attendance, board, calendar, filter, prep, refunds, Filter, Scope, Side};
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
    // Lesson preparation: `statistics/*` the one-on-one views, the others the class views.
    r.add(post("/api/lessonPrepare/statistics/summary", "Lesson preparation of one-on-one lessons: the period's totals", &["S118"]), prep_vip_summary);
    r.add(post("/api/lessonPrepare/statistics/teacherSummary", "Lesson preparation of one-on-one lessons: a teacher per row", &["S120"]), prep_vip_teachers);
    r.add(
        post("/api/lessonPrepare/statistics/teacherLessonDetail", "Lesson preparation of one-on-one lessons: a held lesson per row", &["S119"]),
        prep_vip_lessons,
    );
    r.add(post("/api/lessonPrepare/teacherLessonDetail/summary", "Lesson preparation of class lessons: the period's totals", &["S122"]), prep_class_summary);
    r.add(post("/api/lessonPrepare/teacherSummary", "Lesson preparation of class lessons: a teacher per row", &["S123"]), prep_class_teachers);
    r.add(post("/api/lessonPrepare/teacherLessonDetail", "Lesson preparation of class lessons: a held lesson per row", &["S121"]), prep_class_lessons);
    // Platform usage: `vip*` the one-on-one view, `bs*` the class views chosen by `usageType`.
    r.add(post("/api/systemUse/vipTeacherSummaryList", "Platform usage in one-on-one teaching: a teacher per row", &["S138"]), usage_vip_teachers);
    r.add(
        post("/api/systemUse/vipTeacherStudentSummaryList", "Platform usage in one-on-one teaching: a teacher and student per row", &["S137"]),
        usage_vip_students,
    );
    r.add(
        post("/api/systemUse/vipTeacherValidSummary", "Platform usage in one-on-one teaching: teachers and how many are valid", &["S139"]),
        usage_vip_summary,
    );
    r.add(
        post("/api/systemUse/bsTeacherSummaryList", "Platform usage in classes, groups, all lessons or the system: a teacher per row", &["S135"]),
        usage_bs_teachers,
    );
    r.add(
        post("/api/systemUse/bsTeacherStudentSummaryList", "Platform usage in classes, groups or all lessons: a teacher and student per row", &["S134"]),
        usage_bs_students,
    );
    r.add(
        post("/api/systemUse/bsTeacherValidSummary", "Platform usage in classes, groups, all lessons or the system: the totals", &["S136"]),
        usage_bs_summary,
    );
    r.add(post("/api/systemUse/deptSummaryList", "System usage by department: teachers, and how many use the platform validly", &["S140"]), usage_departments);
    // Feedback statistics.
    r.add(post("/api/feedback/statistics/detail", "Feedback reports: a due report (a student present at a lesson) per row", &["S141"]), feedback_detail);
    r.add(post("/api/feedback/statistics/project", "Feedback report rates by management project", &["S142"]), feedback_project);
    r.add(post("/api/feedback/statistics/subject", "Feedback report rates by subject", &["S143"]), feedback_subject);
    r.add(post("/api/feedback/statistics/teacher", "Feedback report rates by teacher", &["S144"]), feedback_teacher);
    // First-lesson statistics (02 §3.3; the spec names no calls): `{view}` is the screen —
    // `whole`, `teacher`, `consultant` or `learnManage`.
    let beyond = |path: &'static str, summary: &'static str| info(Method::POST, path, Access::Session, "datacentre", summary);
    r.add(
        beyond(
            "/api/firstLesson/{view}/statistics",
            "First-lesson statistics of a screen: first lessons (tabType ZJ) or trials (ST) grouped by the screen's `type`, with the totals",
        ),
        first_statistics,
    );
    r.add(
        beyond("/api/firstLesson/{view}/detail", "First-lesson detail of a screen: each first (or trial) lesson with its service steps of the screen's role"),
        first_detail,
    );
    // The basic training examination (the spec shows no content): trainees, exams, results.
    r.add(beyond("/api/training/exam/trainees", "Basic training examination: a trainee per row (exams enrolled, sat, passed, scores)"), training_trainees);
    r.add(beyond("/api/training/exam/exams", "Basic training examination: an exam per row (enrolled, sat, passed, scores)"), training_exams);
    r.add(beyond("/api/training/exam/results", "Basic training examination: a trainee's result in an exam per row"), training_results);
    online::routes(r);
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
    // The count and the page read the same records: at once, on two connections.
    let (total, rows) = futures_util::try_join!(
        attendance::count(&state.db, side, &r.scope, &r.filter, r.now),
        attendance::page(&state.db, side, &r.scope, &r.filter, r.now, r.filter.offset(), r.filter.page_size)
    )?;
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
    let (total, rows) = futures_util::try_join!(
        refunds::count(&state.db, side, &r.scope, &r.filter, r.now),
        refunds::page(&state.db, side, &r.scope, &r.filter, r.now, r.filter.offset(), r.filter.page_size)
    )?;
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
    let (total, rows) = futures_util::try_join!(
        board::students_count(&state.db, &r.scope, &r.filter, r.now),
        board::students_page(&state.db, &r.scope, &r.filter, r.now, r.filter.offset(), r.filter.page_size)
    )?;
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

/// A page of rows sorted and paged in memory (reports with one row per teacher or group).
fn paged<T>(r: &Report, rows: Vec<T>) -> Page<T> {
    let total = rows.len() as i64;
    let records = rows.into_iter().skip(r.filter.offset() as usize).take(r.filter.page_size as usize).collect();
    r.page(records, total)
}

async fn prep_summary(state: &AppState, caller: &Caller, search: &DcSearch, side: Side) -> ApiResult<Reply<PrepSummary>> {
    let r = Report::of(state, caller, search, &[]).await?;
    Ok(Reply(prep::summary(&state.db, side, &r.scope, &r.filter, r.now).await?))
}

async fn prep_teachers(state: &AppState, caller: &Caller, search: &DcSearch, side: Side) -> ApiResult<Reply<Page<PrepTeacherRow>>> {
    let r = Report::of(state, caller, search, prep::TEACHER_SORTABLE).await?;
    let mut rows = prep::teachers(&state.db, side, &r.scope, &r.filter, r.now).await?;
    prep::sort_teachers(&mut rows, r.filter.sort.as_ref());
    Ok(Reply(paged(&r, rows)))
}

async fn prep_lessons(state: &AppState, caller: &Caller, search: &DcSearch, side: Side) -> ApiResult<Reply<Page<PrepLessonRow>>> {
    let r = Report::of(state, caller, search, &props(prep::LESSON_SORTABLE)).await?;
    let (total, rows) = futures_util::try_join!(
        prep::lessons_count(&state.db, side, &r.scope, &r.filter, r.now),
        prep::lessons_page(&state.db, side, &r.scope, &r.filter, r.now, r.filter.offset(), r.filter.page_size)
    )?;
    Ok(Reply(r.page(rows, total)))
}

async fn prep_vip_summary(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<PrepSummary>> {
    prep_summary(&state, &caller, &body.0, Side::Vip).await
}

async fn prep_class_summary(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<PrepSummary>> {
    prep_summary(&state, &caller, &body.0, Side::Class).await
}

async fn prep_vip_teachers(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<PrepTeacherRow>>> {
    prep_teachers(&state, &caller, &body.0, Side::Vip).await
}

async fn prep_class_teachers(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<PrepTeacherRow>>> {
    prep_teachers(&state, &caller, &body.0, Side::Class).await
}

async fn prep_vip_lessons(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<PrepLessonRow>>> {
    prep_lessons(&state, &caller, &body.0, Side::Vip).await
}

async fn prep_class_lessons(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<PrepLessonRow>>> {
    prep_lessons(&state, &caller, &body.0, Side::Class).await
}

/// The usage view of a call: the `vip` calls' one, or the class view its `usageType` names.
fn usage_view(r: &Report, vip: bool) -> View {
    if vip {
        View::Vip
    } else {
        View::Class(r.filter.usage)
    }
}

async fn usage_teachers(state: &AppState, caller: &Caller, search: &DcSearch, vip: bool) -> ApiResult<Reply<Page<UsageTeacherRow>>> {
    let r = Report::of(state, caller, search, usage::TEACHER_SORTABLE).await?;
    let mut rows = usage::teachers(&state.db, usage_view(&r, vip), &r.scope, &r.filter, r.now).await?;
    usage::sort_teachers(&mut rows, r.filter.sort.as_ref());
    Ok(Reply(paged(&r, rows)))
}

async fn usage_students(state: &AppState, caller: &Caller, search: &DcSearch, vip: bool) -> ApiResult<Reply<Page<UsageStudentRow>>> {
    let r = Report::of(state, caller, search, &props(usage::STUDENT_SORTABLE)).await?;
    // The system view has no student view of its own: its students are those of every lesson.
    let view = match usage_view(&r, vip) {
        View::Class(UsageType::System) => View::Class(UsageType::FullDay),
        other => other,
    };
    let (total, rows) = usage::students(&state.db, view, &r.scope, &r.filter, r.now).await?;
    Ok(Reply(r.page(rows, total)))
}

async fn usage_summary(state: &AppState, caller: &Caller, search: &DcSearch, vip: bool) -> ApiResult<Reply<UsageValidSummary>> {
    let r = Report::of(state, caller, search, &[]).await?;
    let view = usage_view(&r, vip);
    Ok(Reply(usage::summary(&state.db, view, &r.scope, &r.filter, r.now).await?))
}

async fn usage_vip_teachers(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<UsageTeacherRow>>> {
    usage_teachers(&state, &caller, &body.0, true).await
}

async fn usage_bs_teachers(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<UsageTeacherRow>>> {
    usage_teachers(&state, &caller, &body.0, false).await
}

async fn usage_vip_students(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<UsageStudentRow>>> {
    usage_students(&state, &caller, &body.0, true).await
}

async fn usage_bs_students(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<UsageStudentRow>>> {
    usage_students(&state, &caller, &body.0, false).await
}

async fn usage_vip_summary(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<UsageValidSummary>> {
    usage_summary(&state, &caller, &body.0, true).await
}

async fn usage_bs_summary(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<UsageValidSummary>> {
    usage_summary(&state, &caller, &body.0, false).await
}

async fn usage_departments(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Vec<DeptUsageRow>>> {
    let r = Report::of(&state, &caller, &body.0, &[]).await?;
    let rows = usage::teachers(&state.db, View::Class(UsageType::System), &r.scope, &r.filter, r.now).await?;
    Ok(Reply(usage::departments(&rows)))
}

async fn feedback_detail(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<FeedbackDetailRow>>> {
    let r = Report::of(&state, &caller, &body.0, &props(feedback_stats::DETAIL_SORTABLE)).await?;
    let (total, rows) = futures_util::try_join!(
        feedback_stats::detail_count(&state.db, &r.scope, &r.filter, r.now),
        feedback_stats::detail_page(&state.db, &r.scope, &r.filter, r.now, r.filter.offset(), r.filter.page_size)
    )?;
    Ok(Reply(r.page(rows, total)))
}

async fn feedback_grouped(state: &AppState, caller: &Caller, search: &DcSearch, grouping: Grouping) -> ApiResult<Reply<FeedbackStatPage>> {
    let r = Report::of(state, caller, search, feedback_stats::STAT_SORTABLE).await?;
    let mut rows = feedback_stats::statistics(&state.db, grouping, &r.scope, &r.filter, r.now).await?;
    feedback_stats::sort(&mut rows, r.filter.sort.as_ref());
    let summary = feedback_stats::total_of(&rows);
    let page = paged(&r, rows);
    Ok(Reply(FeedbackStatPage { records: page.records, total: page.total, page_no: page.page_no, page_size: page.page_size, summary }))
}

async fn feedback_project(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<FeedbackStatPage>> {
    feedback_grouped(&state, &caller, &body.0, Grouping::Project).await
}

async fn feedback_subject(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<FeedbackStatPage>> {
    feedback_grouped(&state, &caller, &body.0, Grouping::Subject).await
}

async fn feedback_teacher(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<FeedbackStatPage>> {
    feedback_grouped(&state, &caller, &body.0, Grouping::Teacher).await
}

fn first_view(name: &str) -> ApiResult<FirstView> {
    FirstView::parse(name).ok_or_else(|| ApiError::bad_request(format!("view 无效：{name}（可用：whole、teacher、consultant、learnManage）")))
}

async fn first_statistics(
    state: web::Data<AppState>,
    caller: Caller,
    view: web::Path<String>,
    body: OptionalJson<DcSearch>,
) -> ApiResult<Reply<FirstStatPage>> {
    let view = first_view(&view)?;
    let r = Report::of(&state, &caller, &body.0, first_lesson::STAT_SORTABLE).await?;
    let grouping = view.grouping(r.filter.stat_type.as_deref()).map_err(ApiError::bad_request)?;
    let (mut rows, summary) = first_lesson::statistics(&state.db, r.filter.course, view, grouping, &r.scope, &r.filter, r.now).await?;
    first_lesson::sort(&mut rows, r.filter.sort.as_ref());
    let page = paged(&r, rows);
    Ok(Reply(FirstStatPage { records: page.records, total: page.total, page_no: page.page_no, page_size: page.page_size, summary }))
}

async fn first_detail(
    state: web::Data<AppState>,
    caller: Caller,
    view: web::Path<String>,
    body: OptionalJson<DcSearch>,
) -> ApiResult<Reply<Page<FirstDetailRow>>> {
    let view = first_view(&view)?;
    let r = Report::of(&state, &caller, &body.0, &props(first_lesson::DETAIL_SORTABLE)).await?;
    let (total, rows) = futures_util::try_join!(
        first_lesson::detail_count(&state.db, r.filter.course, view, &r.scope, &r.filter, r.now),
        first_lesson::detail_page(&state.db, r.filter.course, view, &r.scope, &r.filter, r.now, r.filter.offset(), r.filter.page_size)
    )?;
    Ok(Reply(r.page(rows, total)))
}

async fn training_trainees(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<TraineeRow>>> {
    let r = Report::of(&state, &caller, &body.0, training::TRAINEE_SORTABLE).await?;
    let mut rows = training::trainees(&state.db, &r.scope, &r.filter, r.now).await?;
    training::sort_trainees(&mut rows, r.filter.sort.as_ref());
    Ok(Reply(paged(&r, rows)))
}

async fn training_exams(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<TrainingExamRow>>> {
    let r = Report::of(&state, &caller, &body.0, &[]).await?;
    let rows = training::exams(&state.db, &r.scope, &r.filter, r.now).await?;
    Ok(Reply(paged(&r, rows)))
}

async fn training_results(state: web::Data<AppState>, caller: Caller, body: OptionalJson<DcSearch>) -> ApiResult<Reply<Page<TrainingResultRow>>> {
    let r = Report::of(&state, &caller, &body.0, &props(training::RESULT_SORTABLE)).await?;
    let (total, rows) = futures_util::try_join!(
        training::results_count(&state.db, &r.scope, &r.filter, r.now),
        training::results_page(&state.db, &r.scope, &r.filter, r.now, r.filter.offset(), r.filter.page_size)
    )?;
    Ok(Reply(r.page(rows, total)))
}
