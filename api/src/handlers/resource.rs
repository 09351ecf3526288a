//! Drive resources (`resource` area, 01 §4, 03 §7.6): upload links, resources from finished uploads, signed downloads.

use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};
use protocol::constants::limits::DEFAULT_PAGE_SIZE;
use protocol::dto::{
    common::{IdRequest, Page, PageRequest},
    knowledge_base::KnowledgeItemCreateRequest,
    resource::{DownloadUrl, PlayRecord, PlayRecordRequest, ResourceItem, ResourceSaveRequest, UploadUrl, UploadUrlRequest},
    upload::SignedQuery,
};
use storage::{now_ms, secrets, uploads};

use super::upload::{certificate, make_resource, new_upload, DOWNLOAD, DOWNLOAD_TTL_MS, MEDIA_CLASSES, UPLOAD};
use crate::access::records::{self};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::signing;
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::POST, "/api/resource/getUploadUrl", Access::Session, "resource", "A signed, expiring URL to PUT a file to").spec(&["S075"]),
        get_upload_url,
    );
    r.add(
        info(Method::GET, "/api/resource/getStorageCertificate", Access::Session, "resource", "A credential for one sliced upload (query fileName)")
            .spec(&["S080"]),
        certificate,
    );
    r.add(info(Method::POST, "/api/resource/save", Access::Session, "resource", "Make a finished upload a resource of the drive").spec(&["S079"]), save);
    r.add(info(Method::POST, "/api/resource/list", Access::Session, "resource", "A page of the user's resources").spec(&["S077"]), list);
    r.add(
        info(Method::POST, "/api/resource/getDownloadUrl", Access::Session, "resource", "A signed, expiring URL to fetch a resource").spec(&["S076"]),
        get_download_url,
    );
    r.add(
        info(Method::GET, "/api/files/download/{id}", Access::Token("signed URL"), "resource", "Fetch a resource (signed URL; Range supported)")
            .raw("application/octet-stream"),
        download,
    );
    r.add(
        info(Method::POST, "/api/resource/createUploadUrl", Access::Session, "resource", "A signed, expiring URL to PUT a file to (as getUploadUrl)")
            .spec(&["S078"]),
        get_upload_url,
    );
    r.add(
        info(Method::POST, "/api/roombox/media/create", Access::Session, "resource", "Open an upload of a video, audio or image (a signed URL to PUT it to)")
            .spec(&["S082"]),
        super::upload::get_media_upload_url,
    );
    r.add(
        info(Method::POST, "/api/roombox/media/uploadComplete", Access::Session, "resource", "Make a finished media upload a media resource").spec(&["S084"]),
        media_upload_complete,
    );
    r.add(
        info(
            Method::POST,
            "/api/roombox/media/getDownloadUrl",
            Access::Session,
            "resource",
            "A signed, expiring URL to fetch one of the caller's media resources",
        )
        .spec(&["S083"]),
        media_download_url,
    );
    r.add(
        info(Method::POST, "/api/media/play-record", Access::Session, "resource", "Store where the caller is in a media resource (and count plays)")
            .spec(&["S081"]),
        play_record,
    );
}

/// A play position (and duration) in seconds: finite, within a day, the position within the
/// duration.
pub(super) fn check_play_position(position: f64, duration: Option<f64>) -> ApiResult<()> {
    let valid = |v: f64| v.is_finite() && (0.0..=86_400.0).contains(&v);
    if !valid(position) || duration.is_some_and(|d| !valid(d) || d < position) {
        return Err(ApiError::bad_request("播放位置需在0到时长之间（秒）"));
    }
    Ok(())
}

/// One of the caller's media resources (video, audio or image).
pub(super) async fn own_media(state: &AppState, caller: &Caller, id: i64) -> ApiResult<uploads::ResourceRow> {
    let resource = records::readable_resource(state, caller, id, "媒体文件").await?;
    if !MEDIA_CLASSES.contains(&resource.class.as_str()) {
        return Err(ApiError::bad_request("该文件不是音视频或图片"));
    }
    Ok(resource)
}

async fn media_upload_complete(state: web::Data<AppState>, caller: Caller, body: web::Json<KnowledgeItemCreateRequest>) -> ApiResult<Reply<ResourceItem>> {
    Ok(Reply(make_resource(&state, &caller, &body.file_id, body.name.as_deref(), Some(&MEDIA_CLASSES)).await?))
}

async fn media_download_url(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<DownloadUrl>> {
    own_media(&state, &caller, body.id).await?;
    get_download_url(state, caller, body).await
}

async fn play_record(state: web::Data<AppState>, caller: Caller, body: web::Json<PlayRecordRequest>) -> ApiResult<Reply<PlayRecord>> {
    let media = own_media(&state, &caller, body.media_id).await?;
    check_play_position(body.position, body.duration)?;
    let row = uploads::record_play(&state.db, caller.user.id, media.id, body.position, body.duration).await?;
    Ok(Reply(PlayRecord { media_id: row.resource_id, position: row.position, duration: row.duration, play_count: row.play_count, updated_at: row.updated_at }))
}

pub(super) async fn get_upload_url(state: web::Data<AppState>, caller: Caller, body: web::Json<UploadUrlRequest>) -> ApiResult<Reply<UploadUrl>> {
    let (id, name, expires) = new_upload(&state, &caller, &body.file_name).await?;
    let key = secrets::signing_key(&state.db).await?;
    let sig = signing::sign(&key, UPLOAD, &id, expires);
    Ok(Reply(UploadUrl { upload_url: format!("/api/files/upload/{id}?expires={expires}&sig={sig}"), file_id: id, file_name: name, expire_time: expires }))
}

async fn save(state: web::Data<AppState>, caller: Caller, body: web::Json<ResourceSaveRequest>) -> ApiResult<Reply<ResourceItem>> {
    Ok(Reply(make_resource(&state, &caller, &body.file_id, body.name.as_deref(), None).await?))
}

async fn list(state: web::Data<AppState>, caller: Caller, OptionalJson(body): OptionalJson<PageRequest>) -> ApiResult<Reply<Page<ResourceItem>>> {
    let paging = Paging::new(body.page_no, body.page_size, DEFAULT_PAGE_SIZE)?;
    let (page_no, page_size) = (paging.page_no, paging.page_size);
    let (rows, total) = uploads::resources(&state.db, caller.user.id, page_no, page_size).await?;
    let records =
        rows.into_iter().map(|r| ResourceItem { id: r.id, name: r.name, ext: r.ext, class: r.class, size: r.size, create_time: r.created_at }).collect();
    Ok(Reply(Page { records, total, page_no, page_size }))
}

pub(super) async fn get_download_url(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<DownloadUrl>> {
    // Any file of the drive the caller may read: theirs, their team's, or shared with them.
    let (item, _) = crate::access::document::live_item(&state, &caller, body.id, crate::access::document::Right::Read).await?;
    let resource = uploads::resource(&state.db, item.id).await?.ok_or_else(|| ApiError::NotFound("文件不存在".into()))?;
    let key = secrets::signing_key(&state.db).await?;
    let expires = now_ms() + DOWNLOAD_TTL_MS;
    let sig = signing::sign(&key, DOWNLOAD, &resource.id.to_string(), expires);
    Ok(Reply(DownloadUrl { url: format!("/api/files/download/{}?expires={expires}&sig={sig}", resource.id), expire_time: expires }))
}

async fn download(state: web::Data<AppState>, req: HttpRequest, path: web::Path<i64>, query: web::Query<SignedQuery>) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let key = secrets::signing_key(&state.db).await?;
    signing::check(&key, DOWNLOAD, &id.to_string(), query.expires.unwrap_or(0), query.sig.as_deref().unwrap_or(""))?;
    let resource = uploads::resource(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("文件不存在".into()))?;
    let name = protocol::validation::download_file_name(&resource.name);
    let (response, _) = crate::object_response::serve(&state.objects, &req, &resource.object_key, &name).await?;
    Ok(response)
}
