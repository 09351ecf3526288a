//! Work tasks (`work-task` area): the service steps of first and trial lessons as their
//! executors do them (我的任务, 任务详情) and QC inspectors check and count them (工作任务质检,
//! 工作任务统计). The spec names the screens only; the calls are ours, under `/api/workTask`.
//!
//! Executors read and finish their own tasks; the QC list and the statistics need a manager's
//! role and apply the data scope; checking needs an inspector's role and the same scope.

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::common::{IdRequest, Page};
use protocol::dto::work_task::*;
use storage::datacentre::{calendar, filter, Filter, Scope};
use storage::now_ms;
use storage::work_task::{self, Grouping, Refusal, TaskFilter, Whose};

use crate::access::{self, scope, Access};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::handlers::qc::{INSPECTORS, MANAGERS};
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// Who reads the work tasks of a scope (the QC list, its statistics and its export).
pub(crate) const QC_ACCESS: Access = Access::HoldsRole(MANAGERS);

/// The most tasks one check takes.
const MAX_CHECK: usize = 500;

pub fn routes(r: &mut impl RouteSink) {
    let route = |path: &'static str, access: Access, summary: &'static str| info(Method::POST, path, access, "work-task", summary);
    let managers = QC_ACCESS;
    r.add(route("/api/workTask/my/list", Access::Session, "The caller's own work tasks, the most pressing first"), my_list);
    // A read with nothing to say: a GET (the coverage gate refuses a body-less POST).
    r.add(
        info(Method::GET, "/api/workTask/my/count", Access::Session, "work-task", "The caller's work tasks by state: to do, overdue, done, found unqualified"),
        my_count,
    );
    r.add(route("/api/workTask/detail", Access::Session, "One work task, for its executor or whoever's data scope holds its lesson"), detail);
    r.add(route("/api/workTask/finish", Access::Session, "The executor marks a work task done, with a note"), finish);
    r.add(route("/api/workTask/qc/list", managers, "Work tasks of the lessons in the caller's scope and period, for checking"), qc_list);
    r.add(
        route("/api/workTask/qc/check", Access::HoldsRole(INSPECTORS), "Checks done work tasks (one or many): qualified, or unqualified with a remark"),
        qc_check,
    );
    r.add(route("/api/workTask/statistics", managers, "Work tasks done, on time and checked, by executor, school or step, with the totals"), statistics);
}

/// `-1` and absent both mean "all".
fn note(field: &str, text: Option<&str>) -> ApiResult<String> {
    let text = text.unwrap_or("").trim();
    if text.chars().count() > MAX_TASK_NOTE_CHARS {
        return Err(ApiError::bad_request(format!("{field} 不能超过 {MAX_TASK_NOTE_CHARS} 个字")));
    }
    Ok(text.to_owned())
}

async fn my_list(state: web::Data<AppState>, caller: Caller, body: OptionalJson<MyWorkTaskSearch>) -> ApiResult<Reply<Page<WorkTaskRow>>> {
    let s = body.0;
    let paging = Paging::new(s.page_no, s.page_size, protocol::constants::limits::DEFAULT_PAGE_SIZE)?;
    let tasks = TaskFilter::of_my_search(&s).map_err(ApiError::bad_request)?;
    let whose = Whose::Executor(caller.user.id);
    let now = now_ms();
    let total = work_task::count(&state.db, &whose, &tasks, now).await?;
    let rows = work_task::page(&state.db, &whose, &tasks, now, (paging.page_no - 1) * paging.page_size, paging.page_size).await?;
    Ok(Reply(paging.page(rows, total)))
}

async fn my_count(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<MyWorkTaskCount>> {
    Ok(Reply(work_task::my_count(&state.db, caller.user.id, now_ms()).await?))
}

async fn detail(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<WorkTaskRow>> {
    access::work_task::readable(&state, &caller, body.id).await?;
    work_task::get(&state.db, body.id, now_ms()).await?.map(Reply).ok_or_else(|| ApiError::NotFound("任务不存在".into()))
}

async fn finish(state: web::Data<AppState>, caller: Caller, body: web::Json<WorkTaskFinish>) -> ApiResult<Reply<WorkTaskRow>> {
    let text = note("note", body.note.as_deref())?;
    let now = now_ms();
    match work_task::finish(&state.db, body.id, caller.user.id, &text, now).await? {
        Ok(()) => work_task::get(&state.db, body.id, now).await?.map(Reply).ok_or_else(|| ApiError::NotFound("任务不存在".into())),
        Err(Refusal::AlreadyDone) => Err(ApiError::Conflict("任务已完成".into())),
        // Someone else's task is as missing as one that does not exist.
        Err(_) => Err(ApiError::NotFound("任务不存在".into())),
    }
}

/// The checked search of the QC list and statistics: scope, data-centre filter, task filter.
struct Search {
    scope: Scope,
    filter: Filter,
    tasks: TaskFilter,
    now: i64,
}

impl Search {
    async fn of(state: &AppState, caller: &Caller, s: &WorkTaskSearch, sortable: &[&str]) -> ApiResult<Search> {
        let scope = scope::data_scope(state, caller).await?;
        let filter = filter::parse(&s.base(), calendar::today(), sortable).map_err(ApiError::bad_request)?;
        scope::check_school(state, caller, &scope, filter.school_id).await?;
        let tasks = TaskFilter::of_search(s).map_err(ApiError::bad_request)?;
        Ok(Search { scope, filter, tasks, now: now_ms() })
    }
}

async fn qc_list(state: web::Data<AppState>, caller: Caller, body: OptionalJson<WorkTaskSearch>) -> ApiResult<Reply<Page<WorkTaskRow>>> {
    let s = Search::of(&state, &caller, &body.0, &[]).await?;
    let whose = Whose::Scope(&s.scope, &s.filter);
    let total = work_task::count(&state.db, &whose, &s.tasks, s.now).await?;
    let rows = work_task::page(&state.db, &whose, &s.tasks, s.now, s.filter.offset(), s.filter.page_size).await?;
    Ok(Reply(Page { records: rows, total, page_no: s.filter.page_no, page_size: s.filter.page_size }))
}

async fn qc_check(state: web::Data<AppState>, caller: Caller, body: web::Json<WorkTaskCheck>) -> ApiResult<Reply<WorkTaskCheckResult>> {
    if body.ids.is_empty() || body.ids.len() > MAX_CHECK {
        return Err(ApiError::bad_request(format!("ids 需要 1 到 {MAX_CHECK} 个任务")));
    }
    if !matches!(body.qc_status, 1 | 2) {
        return Err(ApiError::bad_request(format!("qcStatus 只能是 1（合格）或 2（不合格）：{}", body.qc_status)));
    }
    let remark = note("remark", body.remark.as_deref())?;
    if body.qc_status == 2 && remark.is_empty() {
        return Err(ApiError::bad_request("不合格时 remark 必填：写明原因"));
    }
    let scope = scope::data_scope(&state, &caller).await?;
    let (checked, skipped) = work_task::check(&state.db, &body.ids, &scope, body.qc_status, &remark, caller.user.id, now_ms()).await?;
    Ok(Reply(WorkTaskCheckResult { checked, skipped }))
}

async fn statistics(state: web::Data<AppState>, caller: Caller, body: OptionalJson<WorkTaskSearch>) -> ApiResult<Reply<WorkTaskStatPage>> {
    let s = Search::of(&state, &caller, &body.0, work_task::STAT_SORTABLE).await?;
    let grouping = Grouping::parse(body.0.stat_type.as_deref()).map_err(ApiError::bad_request)?;
    let (mut rows, summary) = work_task::statistics(&state.db, &s.scope, &s.filter, &s.tasks, grouping, s.now).await?;
    if let Some((field, asc)) = &s.filter.sort {
        work_task::sort(&mut rows, field, *asc);
    }
    let total = rows.len() as i64;
    let records = rows.into_iter().skip(s.filter.offset() as usize).take(s.filter.page_size as usize).collect();
    Ok(Reply(WorkTaskStatPage { records, total, page_no: s.filter.page_no, page_size: s.filter.page_size, summary }))
}
