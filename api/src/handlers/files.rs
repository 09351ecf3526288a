//! Uploads into the server's own file store (01 §4, §5, §7 "Uploads"): signed expiring PUT URLs,
//! sliced uploads with a scoped credential (any order, idempotent retries, a checksum per slice,
//! a verified assembly), resources made from finished uploads, and signed download URLs.
//! Bytes stream to and from the store; no file is held in memory.

use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use protocol::constants::limits::{DEFAULT_PAGE_SIZE, UPLOAD_SLICE_SIZE};
use protocol::dto::{
    camp::{AddPhaseTaskRequest, PhaseTask, UpdateTaskBizIdRequest},
    common::{IdRequest, Page, PageRequest},
    knowledge_base::{KnowledgeItemCreateRequest, MediaDownloadUrlRequest},
    resource::{CertificateQuery, DownloadUrl, ResourceItem, ResourceSaveRequest, StorageCertificate, UploadUrl, UploadUrlRequest},
    upload::{CosUploadQuery, MediaUploadUrlRequest, SaveDocToResourceRequest, SignedQuery, SliceCompleteRequest, UploadedFile},
};
use protocol::validation::{upload_class, upload_file_name, UploadClass};
use storage::{now_ms, secrets, token, uploads};

use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::signing;
use crate::state::AppState;

/// How long upload URLs and credentials stay valid.
const UPLOAD_TTL_MS: i64 = 2 * 3600 * 1000;
/// How long download URLs stay valid.
const DOWNLOAD_TTL_MS: i64 = 3600 * 1000;
/// The largest file accepted.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024 * 1024;
const UPLOAD: &str = "upload";
const SLICES: &str = "slices";
const DOWNLOAD: &str = "download";

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::POST, "/api/resource/getUploadUrl", Access::Session, "upload", "A signed, expiring URL to PUT a file to").spec(&["S075"]),
        get_upload_url,
    );
    r.add(info(Method::PUT, "/api/files/upload/{fileId}", Access::Public, "upload", "PUT a file's bytes (signed URL: expires and sig)"), put_upload);
    r.add(
        info(Method::GET, "/api/resource/getStorageCertificate", Access::Session, "upload", "A credential for one sliced upload (query fileName)")
            .spec(&["S080"]),
        certificate,
    );
    r.add(
        info(Method::GET, "/api/producer_api/cos/getCredential/v2", Access::Session, "upload", "A credential for one sliced upload (as getStorageCertificate)")
            .spec(&["S071"]),
        certificate,
    );
    r.add(
        info(Method::POST, "/api/cos/upload", Access::Session, "upload", "Upload a file's bytes in one request (query fileName); the upload is finished")
            .spec(&["S072"]),
        cos_upload,
    );
    // `complete` before `{index}`: the more specific path must match first.
    r.add(
        info(Method::POST, "/api/files/slices/{fileId}/complete", Access::Public, "upload", "Assemble the slices and verify the whole file's SHA-256"),
        complete,
    );
    r.add(info(Method::PUT, "/api/files/slices/{fileId}/{index}", Access::Public, "upload", "One slice (headers x-upload-token, x-slice-sha256)"), put_slice);
    r.add(info(Method::POST, "/api/resource/save", Access::Session, "upload", "Make a finished upload a resource of the drive").spec(&["S079"]), save);
    r.add(info(Method::POST, "/api/resource/list", Access::Session, "upload", "A page of the user's resources").spec(&["S077"]), list);
    r.add(
        info(Method::POST, "/api/resource/getDownloadUrl", Access::Session, "upload", "A signed, expiring URL to fetch a resource").spec(&["S076"]),
        get_download_url,
    );
    r.add(
        info(Method::GET, "/api/files/download/{id}", Access::Public, "upload", "Fetch a resource (signed URL; Range supported)")
            .raw("application/octet-stream"),
        download,
    );
    r.add(
        info(Method::POST, "/api/resource/createUploadUrl", Access::Session, "upload", "A signed, expiring URL to PUT a file to (as getUploadUrl)")
            .spec(&["S078"]),
        get_upload_url,
    );
    r.add(
        info(Method::POST, "/api/resource/getMediaUploadUrl", Access::Session, "upload", "A signed, expiring URL to PUT a video, audio or image to")
            .spec(&["S073"]),
        get_media_upload_url,
    );
    r.add(
        info(Method::POST, "/api/resource/saveDocToResource", Access::Session, "upload", "Make a finished upload (docKey) a resource, checking its size")
            .spec(&["S074"]),
        save_doc_to_resource,
    );
    r.add(
        info(Method::POST, "/api/doc/create", Access::Session, "upload", "Make a finished document upload a knowledge-base document").spec(&["S085"]),
        doc_create,
    );
    r.add(
        info(Method::POST, "/api/media/create", Access::Session, "upload", "Make a finished media upload a knowledge-base media item").spec(&["S086"]),
        media_create,
    );
    r.add(
        info(Method::POST, "/api/media/downloadUrl", Access::Session, "upload", "A signed, expiring URL of one of the caller's media files").spec(&["S062"]),
        media_download_url,
    );
    r.add(
        info(Method::POST, "/api/camp/add-phase-task", Access::Session, "upload", "Add uploaded files as tasks of a camp phase (addPhaseTask)").spec(&["S367"]),
        add_phase_task,
    );
    r.add(
        info(Method::POST, "/api/camp/update-task-bizId", Access::Session, "upload", "Point a task at a retried upload's file (updateTaskBizId)")
            .spec(&["S374"]),
        update_task_biz_id,
    );
}

/// A task's file must be one of the caller's finished uploads or drive resources.
async fn own_file(state: &AppState, caller: &Caller, biz_id: &str) -> ApiResult<()> {
    let upload = uploads::by_id(&state.db, biz_id).await?.filter(|u| u.user_id == caller.user.id && u.status == uploads::COMPLETE);
    let resource = match biz_id.parse::<i64>() {
        Ok(id) => uploads::resource(&state.db, id).await?.filter(|r| r.user_id == caller.user.id),
        Err(_) => None,
    };
    if upload.is_none() && resource.is_none() {
        return Err(ApiError::NotFound(format!("文件不存在：{biz_id}")));
    }
    Ok(())
}

fn phase_task(t: storage::camp_tasks::PhaseTask) -> PhaseTask {
    PhaseTask { task_id: t.id, camp_id: t.camp_id, phase_id: t.phase_id, biz_id: t.biz_id, task_name: t.task_name, ext: t.ext, task_type: t.task_type }
}

async fn add_phase_task(state: web::Data<AppState>, caller: Caller, body: web::Json<AddPhaseTaskRequest>) -> ApiResult<Reply<Vec<PhaseTask>>> {
    let body = body.into_inner();
    // 01 §5: a document upload without a phase and camp id is not added as a task.
    let (Some(camp_id), Some(phase_id)) = (body.camp_id.filter(|c| *c > 0), body.phase_id.filter(|p| *p > 0)) else {
        return Err(ApiError::bad_request("缺少营地或阶段，文件未添加为任务"));
    };
    if body.task_list.is_empty() || body.task_list.len() > 50 {
        return Err(ApiError::bad_request("每次添加1到50个任务"));
    }
    for item in &body.task_list {
        if item.task_name.trim().is_empty() || item.task_name.chars().count() > 95 || item.ext.len() > 10 {
            return Err(ApiError::bad_request("任务名称需为1到95个字符"));
        }
        own_file(&state, &caller, &item.biz_id).await?;
    }
    let tasks: Vec<storage::camp_tasks::NewTask> = body
        .task_list
        .iter()
        .map(|i| storage::camp_tasks::NewTask { biz_id: &i.biz_id, task_name: i.task_name.trim(), ext: &i.ext, task_type: i.task_type })
        .collect();
    let added = storage::camp_tasks::add(&state.db, caller.user.id, camp_id, phase_id, &tasks).await?;
    Ok(Reply(added.into_iter().map(phase_task).collect()))
}

async fn update_task_biz_id(state: web::Data<AppState>, caller: Caller, body: web::Json<UpdateTaskBizIdRequest>) -> ApiResult<Reply<PhaseTask>> {
    let task = storage::camp_tasks::by_id(&state.db, body.task_id)
        .await?
        .filter(|t| t.user_id == caller.user.id)
        .ok_or_else(|| ApiError::NotFound("任务不存在".into()))?;
    own_file(&state, &caller, &body.biz_id).await?;
    storage::camp_tasks::set_biz_id(&state.db, task.id, &body.biz_id).await?;
    Ok(Reply(phase_task(storage::camp_tasks::PhaseTask { biz_id: body.biz_id.clone(), ..task })))
}

const MEDIA_CLASSES: [&str; 3] = ["video", "audio", "image"];

async fn get_media_upload_url(state: web::Data<AppState>, caller: Caller, body: web::Json<MediaUploadUrlRequest>) -> ApiResult<Reply<UploadUrl>> {
    let (_, _, class) = checked_name(&body.file_name)?;
    let class = class_name(class);
    let wanted = body.file_type.as_deref().map(str::trim).filter(|t| !t.is_empty());
    if !MEDIA_CLASSES.contains(&class) || wanted.is_some_and(|w| w != class) {
        return Err(ApiError::bad_request(match wanted {
            Some(w) => format!("文件类型与 fileType（{w}）不符"),
            None => "只能上传音视频或图片".to_owned(),
        }));
    }
    get_upload_url(state, caller, web::Json(UploadUrlRequest { app_id: None, file_name: body.into_inner().file_name })).await
}

/// A finished upload of the caller's made a resource; `classes` limits what it may be.
async fn make_resource(state: &AppState, caller: &Caller, file_id: &str, name: Option<&str>, classes: Option<&[&str]>) -> ApiResult<ResourceItem> {
    let upload = uploads::by_id(&state.db, file_id).await?.filter(|u| u.user_id == caller.user.id).ok_or_else(|| ApiError::NotFound("文件不存在".into()))?;
    if upload.status != uploads::COMPLETE {
        return Err(ApiError::Conflict("文件尚未上传完成".into()));
    }
    if classes.is_some_and(|c| !c.contains(&upload.class.as_str())) {
        return Err(ApiError::bad_request("文件类型不符合要求"));
    }
    let name = match name.map(str::trim).filter(|n| !n.is_empty()) {
        Some(n) => checked_name(n)?.0,
        None => upload.file_name.clone(),
    };
    let id = uploads::add_resource(&state.db, caller.user.id, &name, &upload.ext, &upload.class, upload.size, &upload.object_key).await?;
    Ok(ResourceItem { id, name, ext: upload.ext, class: upload.class, size: upload.size, create_time: now_ms() })
}

async fn save_doc_to_resource(state: web::Data<AppState>, caller: Caller, body: web::Json<SaveDocToResourceRequest>) -> ApiResult<Reply<ResourceItem>> {
    let upload =
        uploads::by_id(&state.db, &body.doc_key).await?.filter(|u| u.user_id == caller.user.id).ok_or_else(|| ApiError::NotFound("文件不存在".into()))?;
    if upload.status == uploads::COMPLETE && upload.size != body.file_size {
        return Err(ApiError::bad_request(format!("文件大小不符：上传了 {} 字节", upload.size)));
    }
    Ok(Reply(make_resource(&state, &caller, &body.doc_key, Some(&body.file_name), None).await?))
}

async fn doc_create(state: web::Data<AppState>, caller: Caller, body: web::Json<KnowledgeItemCreateRequest>) -> ApiResult<Reply<ResourceItem>> {
    Ok(Reply(make_resource(&state, &caller, &body.file_id, body.name.as_deref(), Some(&["document"])).await?))
}

async fn media_create(state: web::Data<AppState>, caller: Caller, body: web::Json<KnowledgeItemCreateRequest>) -> ApiResult<Reply<ResourceItem>> {
    Ok(Reply(make_resource(&state, &caller, &body.file_id, body.name.as_deref(), Some(&MEDIA_CLASSES)).await?))
}

async fn media_download_url(state: web::Data<AppState>, caller: Caller, body: web::Json<MediaDownloadUrlRequest>) -> ApiResult<Reply<DownloadUrl>> {
    get_download_url(state, caller, web::Json(IdRequest { id: body.file_id })).await
}

/// The accepted name and class of an upload, or a clear refusal (01 §5).
fn checked_name(raw: &str) -> ApiResult<(String, String, UploadClass)> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Err(ApiError::bad_request("文件名不能为空"));
    }
    if raw.contains('/') || raw.contains('\\') || raw.contains("..") || raw.chars().any(char::is_control) {
        return Err(ApiError::bad_request("文件名不能包含路径"));
    }
    let class = upload_class(raw).ok_or_else(|| {
        ApiError::bad_request("不支持的文件类型，仅支持 mp4、flv、avi、mov、mp3、aac、jpg、png、jpeg、bmp、ppt、pptx、pdf、xls、xlsx、doc、docx")
    })?;
    let name = upload_file_name(raw);
    let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    Ok((name, ext, class))
}

fn class_name(class: UploadClass) -> &'static str {
    match class {
        UploadClass::Image => "image",
        UploadClass::Document => "document",
        UploadClass::Video => "video",
        UploadClass::Audio => "audio",
    }
}

async fn new_upload(state: &AppState, caller: &Caller, file_name: &str) -> ApiResult<(String, String, i64)> {
    let (name, ext, class) = checked_name(file_name)?;
    let id = token::new_token();
    let expires = now_ms() + UPLOAD_TTL_MS;
    let key = format!("uploads/{}/{id}.{ext}", caller.user.id);
    uploads::create(
        &state.db,
        uploads::NewUpload { id: &id, user_id: caller.user.id, file_name: &name, ext: &ext, class: class_name(class), object_key: &key, expires_at: expires },
    )
    .await?;
    Ok((id, name, expires))
}

async fn get_upload_url(state: web::Data<AppState>, caller: Caller, body: web::Json<UploadUrlRequest>) -> ApiResult<Reply<UploadUrl>> {
    let (id, name, expires) = new_upload(&state, &caller, &body.file_name).await?;
    let key = secrets::signing_key(&state.db).await?;
    let sig = signing::sign(&key, UPLOAD, &id, expires);
    Ok(Reply(UploadUrl { upload_url: format!("/api/files/upload/{id}?expires={expires}&sig={sig}"), file_id: id, file_name: name, expire_time: expires }))
}

/// The open upload a signature or token grants, or A0300.
async fn granted_upload(state: &AppState, purpose: &str, id: &str, expires: i64, sig: &str) -> ApiResult<uploads::UploadRow> {
    let key = secrets::signing_key(&state.db).await?;
    signing::check(&key, purpose, id, expires, sig)?;
    let upload = uploads::by_id(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("上传不存在".into()))?;
    if upload.status != uploads::OPEN {
        return Err(ApiError::Conflict("该文件已上传完成".into()));
    }
    Ok(upload)
}

async fn put_upload(state: web::Data<AppState>, path: web::Path<String>, query: web::Query<SignedQuery>, body: web::Payload) -> ApiResult<Reply<UploadedFile>> {
    let id = path.into_inner();
    let upload = granted_upload(&state, UPLOAD, &id, query.expires.unwrap_or(0), query.sig.as_deref().unwrap_or("")).await?;
    let (size, sha256) = state.objects.put_stream(&upload.object_key, body, MAX_FILE_BYTES).await.map_err(ApiError::from)?;
    uploads::complete(&state.db, &id, size as i64, &sha256).await?;
    Ok(Reply(UploadedFile { file_id: id, file_name: upload.file_name, size: size as i64, sha256 }))
}

/// One request instead of an upload link and a PUT: the caller's own upload, stored at once.
async fn cos_upload(state: web::Data<AppState>, caller: Caller, query: web::Query<CosUploadQuery>, body: web::Payload) -> ApiResult<Reply<UploadedFile>> {
    let (id, name, _) = new_upload(&state, &caller, query.file_name.as_deref().unwrap_or("")).await?;
    let upload = uploads::by_id(&state.db, &id).await?.ok_or_else(|| ApiError::NotFound("上传不存在".into()))?;
    let (size, sha256) = state.objects.put_stream(&upload.object_key, body, MAX_FILE_BYTES).await.map_err(ApiError::from)?;
    uploads::complete(&state.db, &id, size as i64, &sha256).await?;
    Ok(Reply(UploadedFile { file_id: id, file_name: name, size: size as i64, sha256 }))
}

async fn certificate(state: web::Data<AppState>, caller: Caller, query: web::Query<CertificateQuery>) -> ApiResult<Reply<StorageCertificate>> {
    let (id, name, expires) = new_upload(&state, &caller, query.file_name.as_deref().unwrap_or("")).await?;
    let key = secrets::signing_key(&state.db).await?;
    // Where the assembled file is kept: the S3 bucket when configured, else the local store.
    let (bucket_name, region) = match &state.config.s3 {
        Some(s3) => (s3.bucket.clone(), s3.region.clone().unwrap_or_default()),
        None => ("eduhub".to_owned(), "local".to_owned()),
    };
    Ok(Reply(StorageCertificate {
        session_token: signing::token(&key, SLICES, &id, expires),
        tmp_secret_id: id.clone(),
        tmp_secret_key: token::new_token(),
        start_time: now_ms(),
        expired_time: expires,
        bucket_name,
        region,
        slice_size: UPLOAD_SLICE_SIZE as i64,
        slice_url: format!("/api/files/slices/{id}"),
        file_id: id,
        file_name: name,
    }))
}

/// The upload a slice request's `x-upload-token` grants.
async fn slice_upload(state: &AppState, req: &HttpRequest, id: &str) -> ApiResult<uploads::UploadRow> {
    let token = req.headers().get("x-upload-token").and_then(|v| v.to_str().ok()).unwrap_or("");
    let key = secrets::signing_key(&state.db).await?;
    if signing::check_token(&key, SLICES, token)? != id {
        return Err(ApiError::NoPermission);
    }
    let upload = uploads::by_id(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("上传不存在".into()))?;
    if upload.status != uploads::OPEN {
        return Err(ApiError::Conflict("该文件已上传完成".into()));
    }
    Ok(upload)
}

fn slice_key(id: &str, index: i64) -> String {
    format!("slices/{id}/{index}")
}

async fn put_slice(state: web::Data<AppState>, req: HttpRequest, path: web::Path<(String, i64)>, body: web::Payload) -> ApiResult<Reply<bool>> {
    let (id, index) = path.into_inner();
    let upload = slice_upload(&state, &req, &id).await?;
    if !(0..100_000).contains(&index) {
        return Err(ApiError::bad_request("分片序号无效"));
    }
    let expected = req.headers().get("x-slice-sha256").and_then(|v| v.to_str().ok()).map(|s| s.trim().to_ascii_lowercase());
    let expected = expected.filter(|s| s.len() == 64).ok_or_else(|| ApiError::bad_request("缺少分片校验值 x-slice-sha256"))?;
    // Received under a key of its own, so that a bad retry cannot spoil a good slice.
    let incoming = format!("{}.{}", slice_key(&upload.id, index), token::new_token());
    let (size, sha256) = state.objects.put_stream(&incoming, body, UPLOAD_SLICE_SIZE).await.map_err(|e| match e {
        storage::StorageError::Conflict(_) => ApiError::bad_request(format!("分片不能超过 {UPLOAD_SLICE_SIZE} 字节")),
        other => ApiError::from(other),
    })?;
    if sha256 != expected {
        state.objects.delete(&incoming).await?;
        return Err(ApiError::bad_request("分片校验失败，请重新上传该分片"));
    }
    state.objects.rename(&incoming, &slice_key(&upload.id, index)).await?;
    uploads::put_slice(&state.db, &upload.id, index, size as i64, &sha256).await?;
    Ok(Reply(true))
}

async fn complete(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
    body: web::Json<SliceCompleteRequest>,
) -> ApiResult<Reply<UploadedFile>> {
    let id = path.into_inner();
    let upload = slice_upload(&state, &req, &id).await?;
    let slices = uploads::slices(&state.db, &id).await?;
    if slices.len() as i64 != body.total_slices || slices.iter().enumerate().any(|(i, (idx, _))| *idx != i as i64) {
        return Err(ApiError::bad_request(format!("分片不完整：已收到 {} 个，应为 {} 个", slices.len(), body.total_slices)));
    }
    // Slices are cut at fixed offsets: only the last may be shorter.
    if let Some(index) = slices.iter().rev().skip(1).find(|(_, size)| *size != UPLOAD_SLICE_SIZE as i64).map(|(index, _)| index) {
        return Err(ApiError::bad_request(format!("分片 {index} 的大小无效：除最后一片外每片须为 {UPLOAD_SLICE_SIZE} 字节")));
    }
    let total: i64 = slices.iter().map(|(_, size)| size).sum();
    if total != body.size {
        return Err(ApiError::bad_request(format!("文件大小不符：分片合计 {total} 字节，声明 {} 字节", body.size)));
    }
    // Stream the slices, in order, into the final object; the digest is of what was written.
    let objects = state.objects.clone();
    let keys: Vec<String> = slices.iter().map(|(idx, _)| slice_key(&id, *idx)).collect();
    let chained = futures_util::stream::iter(keys.clone())
        .then(move |key| {
            let objects = objects.clone();
            async move { objects.get(&key, None).await.map(|(_, s)| s.boxed_local()) }
        })
        .map(|r| match r {
            Ok(stream) => stream,
            Err(e) => futures_util::stream::once(async move { Err::<actix_web::web::Bytes, String>(e.to_string()) }).boxed_local(),
        })
        .flatten();
    let (size, sha256) = state.objects.put_stream(&upload.object_key, Box::pin(chained), MAX_FILE_BYTES).await.map_err(ApiError::from)?;
    if sha256 != body.sha256.trim().to_ascii_lowercase() {
        state.objects.delete(&upload.object_key).await?;
        return Err(ApiError::bad_request("文件校验失败：合并后的 SHA-256 与声明不符，请重新上传"));
    }
    uploads::complete(&state.db, &id, size as i64, &sha256).await?;
    for key in keys {
        let _ = state.objects.delete(&key).await;
    }
    Ok(Reply(UploadedFile { file_id: id, file_name: upload.file_name, size: size as i64, sha256 }))
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

async fn get_download_url(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<DownloadUrl>> {
    let resource =
        uploads::resource(&state.db, body.id).await?.filter(|r| r.user_id == caller.user.id).ok_or_else(|| ApiError::NotFound("文件不存在".into()))?;
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
