//! The audit log viewer: search, the action codes, and the export (.xlsx) of what a search finds.

use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};
use protocol::dto::admin::{AuditEntry, AuditSearch, AUDIT_ACTIONS};
use protocol::dto::common::{CodeName, Page};
use storage::admin::audit::{self, EntryRow, Search};

use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// The most rows one export holds (narrow the search for more).
pub const EXPORT_MAX_ROWS: i64 = 20_000;
const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::POST, "/api/admin/audit/search", Access::Admin, "admin", "The audit log by actor, action, words and time, newest first"), search);
    r.add(info(Method::GET, "/api/admin/audit/actions", Access::Admin, "admin", "The audit log's action codes with their names"), actions);
    r.add(
        info(Method::POST, "/api/admin/audit/export", Access::Admin, "admin", "What a search of the audit log finds, as .xlsx (at most 20,000 rows)").raw(XLSX),
        export,
    );
}

fn filter(body: &AuditSearch) -> ApiResult<Search> {
    for (text, what) in [(&body.actor, "操作人"), (&body.action, "操作"), (&body.keyword, "关键词")] {
        if text.as_deref().is_some_and(|t| t.chars().count() > 100) {
            return Err(ApiError::bad_request(format!("{what}不超过 100 字")));
        }
    }
    if let (Some(from), Some(to)) = (body.from, body.to) {
        if from >= to {
            return Err(ApiError::bad_request("开始时间需早于结束时间"));
        }
    }
    Ok(Search { actor: body.actor.clone(), action: body.action.clone(), keyword: body.keyword.clone(), from: body.from, to: body.to })
}

fn view(r: EntryRow) -> AuditEntry {
    AuditEntry {
        id: r.id,
        at: r.at,
        actor_id: r.actor_id,
        actor_email: r.actor_email,
        acting_as_id: r.acting_as_id,
        action: r.action,
        target: r.target,
        detail: r.detail,
        ip: r.ip,
        ok: r.ok != 0,
    }
}

async fn search(state: web::Data<AppState>, body: web::Json<AuditSearch>) -> ApiResult<Reply<Page<AuditEntry>>> {
    let paging = Paging::new(body.page_no, body.page_size, 50)?;
    let (rows, total) = audit::search(&state.db, &filter(&body)?, paging.page_size, (paging.page_no - 1) * paging.page_size).await?;
    Ok(Reply(paging.page(rows.into_iter().map(view).collect(), total)))
}

async fn actions() -> ApiResult<Reply<Vec<CodeName>>> {
    Ok(Reply(AUDIT_ACTIONS.iter().map(|(code, name)| CodeName { code: (*code).to_owned(), name: (*name).to_owned() }).collect()))
}

fn time_text(ms: i64) -> String {
    storage::reports::format_time(ms)
}

fn workbook(rows: &[EntryRow]) -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("审计日志")?;
    for (col, title) in ["时间", "操作人", "代登录账号", "操作", "对象", "详情", "IP", "结果"].iter().enumerate() {
        sheet.write_string(0, col as u16, *title)?;
    }
    for (i, r) in rows.iter().enumerate() {
        let row = i as u32 + 1;
        sheet.write_string(row, 0, time_text(r.at))?;
        sheet.write_string(row, 1, &r.actor_email)?;
        sheet.write_string(row, 2, r.acting_as_id.map(|id| id.to_string()).unwrap_or_default())?;
        sheet.write_string(row, 3, &r.action)?;
        sheet.write_string(row, 4, &r.target)?;
        sheet.write_string(row, 5, &r.detail)?;
        sheet.write_string(row, 6, &r.ip)?;
        sheet.write_string(row, 7, if r.ok != 0 { "成功" } else { "失败" })?;
    }
    book.save_to_buffer()
}

async fn export(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<AuditSearch>) -> ApiResult<HttpResponse> {
    let search = filter(&body)?;
    let (rows, total) = audit::search(&state.db, &search, EXPORT_MAX_ROWS, 0).await?;
    let count = rows.len();
    let bytes = web::block(move || workbook(&rows)).await.map_err(|e| ApiError::Internal(e.to_string()))?.map_err(|e| ApiError::Internal(e.to_string()))?;
    let detail = format!("{count} of {total} rows; {}", serde_json::to_string(&*body).unwrap_or_default());
    crate::audit::record(&state, &req, Some(&caller), "export", "audit log", detail, true).await;
    Ok(HttpResponse::Ok()
        .content_type(XLSX)
        .insert_header(("Content-Disposition", "attachment; filename=\"audit-log.xlsx\""))
        .insert_header(("X-Total-Count", total.to_string()))
        .body(bytes))
}
