//! The download centre (`download` area, 01 §3, §4, §7): the user's tasks, their files, papers
//! and resources queued as downloads. Tasks are made by the job engine; every status change is
//! pushed (`magic_001`), so clients do not poll.

use std::pin::Pin;
use std::task::{Context, Poll};

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::http::Method;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use protocol::constants::limits::DOWNLOAD_LIST_PAGE_SIZE;
use protocol::dto::common::Empty;
use protocol::dto::{
    common::{IdRequest, Page},
    download::{DownloadCheck, DownloadExtraInfo, DownloadListRequest, DownloadTask, QueueCount},
};
use protocol::push::{DesktopDownloadProgress, PushMessage};
use protocol::validation::download_file_name;
use storage::downloads::{self, Requeued, TaskRow, DOWNLOADED, READY};
use storage::push_log::NewPush;
use storage::reports::ReportQuery;

use super::library::LIBRARY_TYPES;
use super::resource::get_download_url;
use crate::access::records::{self, Need};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::{JsonFields, OptionalJson};
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;
use hub::jobs::download::{BUSINESS_PAPER, BUSINESS_RESOURCE};
use hub::jobs::{SubmitError, MAX_WAITING_PER_USER};
use protocol::dto::download::{DownloadSubmitted, PaperDownloadRequest, PdfDrawConfig, PdfPaperConfig, ResourceDownloadRequest};
use protocol::dto::knowledge_base::MediaDownloadUrlRequest;
use protocol::dto::resource::DownloadUrl;
use storage::jobs::JobKind;

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::GET, "/api/pdf/paper/config", Access::Session, "download", "How papers are laid out as PDF pages").spec(&["S064"]), pdf_paper_config);
    r.add(
        info(Method::GET, "/api/pdf/draw/config", Access::Session, "download", "The pens of the drawing layer on PDF pages").spec(&["S063"]),
        pdf_draw_config,
    );
    r.add(
        info(Method::POST, "/api/download/downloadList", Access::Session, "download", "A page of the user's download tasks (default page 1, size 5)")
            .spec(&["S058"]),
        list,
    );
    r.add(
        info(Method::POST, "/api/download/downloadCheck", Access::Session, "download", "queueCount and doneCount (pushes replace polling it)").spec(&["S059"]),
        check,
    );
    r.add(
        info(Method::POST, "/api/download/reDownload", Access::Session, "download", "Queue a failed task again; answers queueCount").spec(&["S060"]),
        redownload,
    );
    r.add(info(Method::POST, "/api/download/deleteTask", Access::Session, "download", "Delete a task and its file").spec(&["S061"]), delete);
    r.add(
        info(
            Method::GET,
            "/api/download/file/{id}",
            Access::Session,
            "download",
            "The task's file (Range supported); the first complete fetch marks it downloaded",
        )
        .raw("application/octet-stream"),
        file,
    );
    r.add(
        info(Method::POST, "/api/media/downloadUrl", Access::Session, "download", "A signed, expiring URL of one of the caller's media files").spec(&["S062"]),
        media_download_url,
    );
    r.add(
        info(Method::POST, "/api/download/paper/submit", Access::Session, "download", "Queue a paper (handout) as a Word document").spec(&["S065"]),
        paper_submit,
    );
    r.add(
        info(Method::POST, "/api/download/library/submit", Access::Session, "download", "Queue a library paper (types 2–4) as a Word document").spec(&["S066"]),
        library_submit,
    );
    r.add(
        info(Method::POST, "/api/download/teachingResource/submit", Access::Session, "download", "Queue one of the caller's drive resources").spec(&["S067"]),
        resource_submit,
    );
}

fn to_dto(t: TaskRow) -> DownloadTask {
    let ready = t.status == READY || t.status == DOWNLOADED;
    DownloadTask {
        file_path: if ready { format!("/api/download/file/{}", t.id) } else { String::new() },
        file_path_version: t.updated_at,
        id: t.id,
        file_name: t.file_name,
        file_status: t.status,
        file_type: t.file_type,
        business_id: t.business_id,
        file_size: t.file_size,
        create_time_millis: t.created_at,
        extra_info: DownloadExtraInfo { resource_type: t.resource_type, ext: t.ext },
        error: t.error,
    }
}

/// `downloadList` takes the download-history report's filters (`DownloadListRequest`) beside
/// the page, so the download centre lists what its export would write.
async fn list(state: web::Data<AppState>, caller: Caller, body: JsonFields<DownloadListRequest>) -> ApiResult<Reply<Page<DownloadTask>>> {
    let mut fields = body.fields;
    let mut number = |key: &str, default: i64| match fields.remove(key) {
        None | Some(serde_json::Value::Null) => Ok(default),
        Some(value) => value.as_i64().ok_or_else(|| ApiError::bad_request(format!("{key} 必须是整数"))),
    };
    let page_no = number("pageNo", 1)?;
    let page_size = number("pageSize", DOWNLOAD_LIST_PAGE_SIZE)?;
    let paging = Paging::new(Some(page_no), Some(page_size), DOWNLOAD_LIST_PAGE_SIZE)?;
    let filter =
        ReportQuery::DownloadHistory.parse_params(&serde_json::Value::Object(fields)).map_err(|e| ApiError::bad_request(e.replace("reqParams", "筛选条件")))?;
    let (rows, total) = downloads::page(&state.db, caller.user.id, &filter, paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows.into_iter().map(to_dto).collect(), total)))
}

async fn check(state: web::Data<AppState>, caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<DownloadCheck>> {
    let (queue_count, done_count) = downloads::counts(&state.db, caller.user.id).await?;
    Ok(Reply(DownloadCheck { queue_count, done_count }))
}

async fn redownload(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<QueueCount>> {
    let task = records::own_download_task(&state, &caller, body.id).await?;
    match downloads::requeue(&state.db, &task, MAX_WAITING_PER_USER).await? {
        Requeued::Queued => {}
        Requeued::NotFailed => return Err(ApiError::Conflict("只有生成失败的任务可以重新下载".into())),
        Requeued::QueueFull => return Err(SubmitError::QueueFull.into()),
    }
    // Told and counted before a worker is woken: the owner hears "waiting" before "generating".
    let queue_count = downloads::counts(&state.db, caller.user.id).await?.0;
    state.jobs.submitted(JobKind::Download, caller.user.id, task.id).await;
    Ok(Reply(QueueCount { queue_count }))
}

async fn delete(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<bool>> {
    let task = records::own_download_task(&state, &caller, body.id).await?;
    let file_path = downloads::delete(&state.db, task.id).await?.unwrap_or_default();
    if !file_path.is_empty() {
        if let Err(e) = state.objects.delete(&file_path).await {
            tracing::warn!(error = %e, task = task.id, "deleting a download's file failed");
        }
    }
    state.jobs.notify(JobKind::Download, caller.user.id, task.id).await;
    Ok(Reply(true))
}

async fn file(state: web::Data<AppState>, caller: Caller, req: HttpRequest, id: web::Path<i64>) -> ApiResult<HttpResponse> {
    let task = records::own_download_task(&state, &caller, id.into_inner()).await?;
    if task.status != READY && task.status != DOWNLOADED {
        return Err(ApiError::Conflict("文件尚未生成完成".into()));
    }
    let (response, file_len) = match crate::object_response::serve(&state.objects, &req, &task.file_path, &download_file_name(&task.file_name)).await {
        Err(ApiError::NotFound(_)) => return Err(ApiError::NotFound("文件不存在，请重新下载".into())),
        other => other?,
    };
    // The response reaches the end of the file when it is whole or a range up to the last byte.
    let reaches_end = match response.headers().get(actix_web::http::header::CONTENT_RANGE).and_then(|v| v.to_str().ok()) {
        None => response.status().is_success(),
        Some(range) => range.split(['-', '/']).nth(1).and_then(|end| end.parse::<u64>().ok()) == Some(file_len.saturating_sub(1)),
    };
    let mark_downloaded = reaches_end && task.status == READY;
    // Desktop clients ask for progress (`?progress=1`): `electron_download` pushes as it streams.
    let progress = crate::auth::query_param(req.query_string(), "progress").is_some_and(|v| v == "1");
    if !mark_downloaded && !progress {
        return Ok(response);
    }
    let (jobs, db, hub, user_id, id) = (state.jobs.clone(), state.db.clone(), state.hub.clone(), caller.user.id, task.id);
    let total = match response.body().size() {
        BodySize::Sized(n) => n,
        _ => file_len,
    };
    let on_progress: Option<Box<dyn FnMut(u64)>> = progress.then(|| {
        // One task pushes the reports in order (separate pushes could be stored out of order).
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<u64>();
        actix_web::rt::spawn(async move {
            while let Some(sent) = rx.recv().await {
                let percent = (sent * 100).checked_div(total).map_or(100, |p| p.min(100));
                let value = DesktopDownloadProgress { received: sent, total, percent };
                if let Err(e) = hub.push(vec![NewPush::to(user_id, PushMessage::desktop_download_progress(id, &value))]).await {
                    tracing::warn!(error = %e, "pushing download progress failed");
                }
            }
        });
        Box::new(move |sent: u64| {
            let _ = tx.send(sent);
        }) as Box<dyn FnMut(u64)>
    });
    let done: Option<Box<dyn FnOnce()>> = mark_downloaded.then(|| {
        Box::new(move || {
            actix_web::rt::spawn(async move {
                if downloads::mark_downloaded(&db, id).await.unwrap_or(false) {
                    jobs.notify(JobKind::Download, user_id, id).await;
                }
            });
        }) as Box<dyn FnOnce()>
    });
    Ok(response.map_body(move |_, body| BoxBody::new(Tracked { inner: body, sent: 0, total, next_step: 0, on_progress, done })))
}

/// Progress is reported at every tenth of the body (and at its end).
const PROGRESS_STEPS: u64 = 10;

/// A body that reports how much of it has been handed to the connection, and runs `done` once
/// its last byte has been.
struct Tracked {
    inner: BoxBody,
    sent: u64,
    total: u64,
    next_step: u64,
    on_progress: Option<Box<dyn FnMut(u64)>>,
    done: Option<Box<dyn FnOnce()>>,
}

impl MessageBody for Tracked {
    type Error = Box<dyn std::error::Error>;

    fn size(&self) -> BodySize {
        self.inner.size()
    }

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Bytes, Self::Error>>> {
        let polled = Pin::new(&mut self.inner).poll_next(cx);
        match &polled {
            Poll::Ready(Some(Ok(chunk))) => {
                let this = &mut *self;
                this.sent += chunk.len() as u64;
                let reached = (this.sent * PROGRESS_STEPS).checked_div(this.total).unwrap_or(PROGRESS_STEPS);
                if reached >= this.next_step {
                    this.next_step = reached + 1;
                    if let Some(report) = this.on_progress.as_mut() {
                        report(this.sent);
                    }
                }
            }
            Poll::Ready(None) => {
                if let Some(done) = self.done.take() {
                    done();
                }
            }
            _ => {}
        }
        polled
    }
}

async fn media_download_url(state: web::Data<AppState>, caller: Caller, body: web::Json<MediaDownloadUrlRequest>) -> ApiResult<Reply<DownloadUrl>> {
    get_download_url(state, caller, web::Json(IdRequest { id: body.file_id })).await
}

pub(crate) async fn queue(state: &AppState, caller: &Caller, name: &str, ext: &str, business_type: &str, business_id: i64) -> ApiResult<DownloadSubmitted> {
    let file_name = format!("{}.{ext}", download_file_name(name));
    let id = downloads::create(
        &state.db,
        &downloads::NewTask {
            user_id: caller.user.id,
            file_name: &file_name,
            file_type: 1,
            ext,
            business_type,
            business_id: &business_id.to_string(),
            business_name: name,
            params: "{}",
        },
        MAX_WAITING_PER_USER,
    )
    .await?
    .ok_or(SubmitError::QueueFull)?;
    let queue_count = downloads::counts(&state.db, caller.user.id).await?.0;
    state.jobs.submitted(JobKind::Download, caller.user.id, id).await;
    Ok(DownloadSubmitted { task_id: id, queue_count })
}

async fn paper_submit(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperDownloadRequest>) -> ApiResult<Reply<DownloadSubmitted>> {
    let (paper, _) = records::paper_for(&state, &caller, body.paper_id, Need::Read).await?;
    Ok(Reply(queue(&state, &caller, &paper.title, body.format.unwrap_or_default().ext(), BUSINESS_PAPER, paper.id).await?))
}

async fn library_submit(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperDownloadRequest>) -> ApiResult<Reply<DownloadSubmitted>> {
    let (paper, _) = records::paper_for(&state, &caller, body.paper_id, Need::Read).await?;
    if !LIBRARY_TYPES.contains(&paper.paper_type) {
        return Err(ApiError::bad_request("该讲义不属于资料库，请使用讲义下载"));
    }
    Ok(Reply(queue(&state, &caller, &paper.title, body.format.unwrap_or_default().ext(), BUSINESS_PAPER, paper.id).await?))
}

async fn resource_submit(state: web::Data<AppState>, caller: Caller, body: web::Json<ResourceDownloadRequest>) -> ApiResult<Reply<DownloadSubmitted>> {
    let resource = records::readable_resource(&state, &caller, body.resource_id, "资源").await?;
    let stem = resource.name.strip_suffix(&format!(".{}", resource.ext)).unwrap_or(&resource.name).to_owned();
    Ok(Reply(queue(&state, &caller, &stem, &resource.ext, BUSINESS_RESOURCE, resource.id).await?))
}

/// The page layout of a paper's PDF view: A4 with Word's default margins, the document fonts
/// of 03 §3, and a new paper's default size and spacing (a paper's own settings override them).
async fn pdf_paper_config(_: Caller) -> ApiResult<Reply<PdfPaperConfig>> {
    let defaults = protocol::dto::paper::PaperGlobalSettings::default();
    Ok(Reply(PdfPaperConfig {
        page_size: "A4".into(),
        margins_mm: vec![25.4, 31.8, 25.4, 31.8],
        font_families: protocol::dto::paper::PAPER_FONT_FAMILIES.iter().map(|f| (*f).to_owned()).collect(),
        default_font_size: defaults.font_size as f64,
        line_height: defaults.line_height,
    }))
}

async fn pdf_draw_config(_: Caller) -> ApiResult<Reply<PdfDrawConfig>> {
    Ok(Reply(PdfDrawConfig {
        colors: ["#e03131", "#1971c2", "#2f9e44", "#000000"].map(String::from).to_vec(),
        widths: vec![1.0, 2.0, 4.0],
        default_color: "#e03131".into(),
        default_width: 2.0,
    }))
}
