//! Excel exports of report queries (`export` area, 01 §7, 02 §7.9): queued as download jobs.

use actix_web::http::Method;
use actix_web::web;
use protocol::constants::limits::{EXPORT_FILE_TYPE_DEFAULT, EXPORT_ROW_LIMIT};
use protocol::dto::common::Empty;
use protocol::dto::{
    download::{DownloadCheck, QueueCount},
    export::ExcelTaskRequest,
};
use protocol::validation::download_file_name;
use storage::datacentre::calendar;
use storage::datacentre::export::DcReport;
use storage::downloads::{self};
use storage::reports::Export;

use crate::access::{scope, Access};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;
use hub::jobs::download::{BUSINESS_EXCEL_EXPORT, EXPORT_OVER_LIMIT};
use hub::jobs::{SubmitError, MAX_WAITING_PER_USER};
use storage::jobs::JobKind;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::POST, "/api/producer_api/submitExcelTask", Access::Session, "export", "Queue an Excel export of a report query").spec(&["S069"]),
        submit_excel,
    );
    r.add(
        info(Method::POST, "/api/producer_api/submitTask", Access::Session, "export", "Queue an export (fileType 3 only for now)").spec(&["S070"]),
        submit_excel,
    );
    r.add(
        info(
            Method::POST,
            "/api/producer_api/queryRemainingCount",
            Access::Session,
            "export",
            "queueCount (still queued) and doneCount (ready) of the user's tasks",
        )
        .spec(&["S068"]),
        remaining,
    );
}

async fn submit_excel(state: web::Data<AppState>, caller: Caller, body: web::Json<ExcelTaskRequest>) -> ApiResult<Reply<QueueCount>> {
    let body = body.into_inner();
    let file_type = body.file_type.unwrap_or(EXPORT_FILE_TYPE_DEFAULT);
    if file_type != EXPORT_FILE_TYPE_DEFAULT {
        return Err(ApiError::bad_request("目前只支持 Excel 导出（fileType 3）"));
    }
    let params = body.req_params.clone().unwrap_or(serde_json::Value::Null);
    Ok(Reply(queue_excel(&state, &caller, &body.excel_type, params, &body.business_name, body.business_type.as_deref().unwrap_or("")).await?))
}

/// Queues an Excel export of `excel_type` with `params` as a download task named `business_name`.
pub(crate) async fn queue_excel(
    state: &AppState,
    caller: &Caller,
    excel_type: &str,
    params: serde_json::Value,
    business_name: &str,
    business_type: &str,
) -> ApiResult<QueueCount> {
    let file_type = EXPORT_FILE_TYPE_DEFAULT;
    let name = business_name.trim();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(ApiError::bad_request("businessName 不能为空且不超过 100 字"));
    }
    // A data-centre report exports what the caller sees: the scope is decided now and kept
    // with the task, with the day its default dates count from.
    let report = DcReport::parse(excel_type);
    // A report exports to whoever may read it.
    if report == Some(DcReport::WorkTasks) {
        crate::access::check(state, crate::handlers::work_task::QC_ACCESS, Some(caller)).await?;
    }
    let data_centre = report.is_some();
    let scope = if data_centre { Some(scope::data_scope(state, caller).await?) } else { None };
    let (today, now) = (calendar::today(), storage::now_ms());
    let query = Export::prepare(excel_type, &params, scope.clone(), today, now).map_err(ApiError::bad_request)?;
    if let (Some(scope), Export::DataCentre { filter, .. }) = (&scope, &query) {
        scope::check_school(state, caller, scope, filter.school_id).await?;
    }
    // Over the limit nothing is queued (01 §5).
    if query.count(&state.db, caller.user.id).await? > EXPORT_ROW_LIMIT {
        return Err(ApiError::bad_request(EXPORT_OVER_LIMIT));
    }
    let file_name = format!("{}.xlsx", download_file_name(name));
    let stored = serde_json::json!({"excelType": excel_type, "reqParams": params, "scope": scope, "today": calendar::format_day(today), "now": now});
    let id = downloads::create(
        &state.db,
        &downloads::NewTask {
            user_id: caller.user.id,
            file_name: &file_name,
            file_type,
            ext: "xlsx",
            business_type: BUSINESS_EXCEL_EXPORT,
            business_id: business_type,
            business_name: name,
            params: &stored.to_string(),
        },
        MAX_WAITING_PER_USER,
    )
    .await?
    .ok_or(SubmitError::QueueFull)?;
    let queue_count = downloads::counts(&state.db, caller.user.id).await?.0;
    state.jobs.submitted(JobKind::Download, caller.user.id, id).await;
    Ok(QueueCount { queue_count })
}

async fn remaining(state: web::Data<AppState>, caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<DownloadCheck>> {
    let (queue_count, done_count) = downloads::counts(&state.db, caller.user.id).await?;
    Ok(Reply(DownloadCheck { queue_count, done_count }))
}
