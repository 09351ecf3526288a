//! Uploads into the server's own file store (`upload` area, 01 §4, §5, §7 "Uploads"): signed
//! expiring PUT URLs, sliced uploads with a scoped credential (any order, idempotent retries, a
//! checksum per slice, a verified assembly), one-request uploads, media upload links, documents
//! made resources. Bytes stream to and from the store; no file is held in memory.

use actix_web::http::Method;
use actix_web::{web, HttpRequest};
use futures_util::StreamExt;
use protocol::constants::limits::UPLOAD_SLICE_SIZE;
use protocol::dto::document::DriveQuota;
use protocol::dto::{
    resource::{CertificateQuery, ResourceItem, StorageCertificate, UploadUrl, UploadUrlRequest},
    upload::{CosUploadQuery, MediaUploadUrlRequest, SaveDocToResourceRequest, SignedQuery, SliceCompleteRequest, UploadedFile},
};
use protocol::validation::{upload_class, upload_file_name, UploadClass};
use storage::{now_ms, secrets, token, uploads};

use super::resource::get_upload_url;
use crate::access::records;
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::signing;
use crate::state::AppState;

/// How long upload URLs and credentials stay valid.
const UPLOAD_TTL_MS: i64 = 2 * 3600 * 1000;
/// How long download URLs stay valid.
pub(super) const DOWNLOAD_TTL_MS: i64 = 3600 * 1000;
/// The largest file accepted.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024 * 1024;
pub(super) const UPLOAD: &str = "upload";
pub(super) const SLICES: &str = "slices";
pub(super) const DOWNLOAD: &str = "download";

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::PUT, "/api/files/upload/{fileId}", Access::Token("signed URL"), "upload", "PUT a file's bytes (signed URL: expires and sig)"),
        put_upload,
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
        info(
            Method::POST,
            "/api/files/slices/{fileId}/complete",
            Access::Token("upload token"),
            "upload",
            "Assemble the slices and verify the whole file's SHA-256",
        ),
        complete,
    );
    r.add(
        info(Method::PUT, "/api/files/slices/{fileId}/{index}", Access::Token("upload token"), "upload", "One slice (headers x-upload-token, x-slice-sha256)"),
        put_slice,
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
}

pub(super) const MEDIA_CLASSES: [&str; 3] = ["video", "audio", "image"];

pub(super) async fn get_media_upload_url(state: web::Data<AppState>, caller: Caller, body: web::Json<MediaUploadUrlRequest>) -> ApiResult<Reply<UploadUrl>> {
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
pub(super) async fn make_resource(state: &AppState, caller: &Caller, file_id: &str, name: Option<&str>, classes: Option<&[&str]>) -> ApiResult<ResourceItem> {
    let upload = records::own_upload(state, caller, file_id).await?;
    if upload.status != uploads::COMPLETE {
        return Err(ApiError::Conflict("文件尚未上传完成".into()));
    }
    if classes.is_some_and(|c| !c.contains(&upload.class.as_str())) {
        return Err(ApiError::bad_request("文件类型不符合要求"));
    }
    super::document::check_quota(state, caller, upload.size).await?;
    let name = match name.map(str::trim).filter(|n| !n.is_empty()) {
        Some(n) => checked_name(n)?.0,
        None => upload.file_name.clone(),
    };
    let id = uploads::add_resource(&state.db, caller.user.id, &name, &upload.ext, &upload.class, upload.size, &upload.object_key).await?;
    // It lands in the root of the caller's space: open views of it show it at once.
    super::document::changed(state, storage::document::Space::Personal(caller.user.id), &[(0, None)]).await;
    Ok(ResourceItem { id, name, ext: upload.ext, class: upload.class, size: upload.size, create_time: now_ms() })
}

async fn save_doc_to_resource(state: web::Data<AppState>, caller: Caller, body: web::Json<SaveDocToResourceRequest>) -> ApiResult<Reply<ResourceItem>> {
    let upload = records::own_upload(&state, &caller, &body.doc_key).await?;
    if upload.status == uploads::COMPLETE && upload.size != body.file_size {
        return Err(ApiError::bad_request(format!("文件大小不符：上传了 {} 字节", upload.size)));
    }
    Ok(Reply(make_resource(&state, &caller, &body.doc_key, Some(&body.file_name), None).await?))
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

pub(super) fn class_name(class: UploadClass) -> &'static str {
    match class {
        UploadClass::Image => "image",
        UploadClass::Document => "document",
        UploadClass::Video => "video",
        UploadClass::Audio => "audio",
    }
}

pub(super) async fn new_upload(state: &AppState, caller: &Caller, file_name: &str) -> ApiResult<(String, String, i64)> {
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

/// How many more bytes an upload of the user's may take: the file cap, or what is left of their
/// drive quota when that is less — so a file is refused as it passes the quota, while its bytes
/// stream in, not after it was stored.
struct Room {
    max: u64,
    quota: Option<DriveQuota>,
}

impl Room {
    async fn of(state: &AppState, user_id: i64, already: i64, cap: u64) -> ApiResult<Room> {
        let q = super::document::quota(state, user_id).await?;
        let left = (q.limit - q.used - already).max(0) as u64;
        Ok(if left < cap { Room { max: left, quota: Some(q) } } else { Room { max: cap, quota: None } })
    }

    /// A refusal of the store, said as the quota's when the quota was the limit passed.
    fn refusal(&self, e: storage::StorageError, received: i64) -> ApiError {
        match (e, &self.quota) {
            (storage::StorageError::Conflict(_), Some(q)) => super::document::past_quota(q, received),
            (other, _) => ApiError::from(other),
        }
    }
}

async fn put_upload(state: web::Data<AppState>, path: web::Path<String>, query: web::Query<SignedQuery>, body: web::Payload) -> ApiResult<Reply<UploadedFile>> {
    let id = path.into_inner();
    let upload = granted_upload(&state, UPLOAD, &id, query.expires.unwrap_or(0), query.sig.as_deref().unwrap_or("")).await?;
    let room = Room::of(&state, upload.user_id, 0, MAX_FILE_BYTES).await?;
    let (size, sha256) = state.objects.put_stream(&upload.object_key, body, room.max).await.map_err(|e| room.refusal(e, 0))?;
    uploads::complete(&state.db, &id, size as i64, &sha256).await?;
    Ok(Reply(UploadedFile { file_id: id, file_name: upload.file_name, size: size as i64, sha256 }))
}

/// One request instead of an upload link and a PUT: the caller's own upload, stored at once.
async fn cos_upload(state: web::Data<AppState>, caller: Caller, query: web::Query<CosUploadQuery>, body: web::Payload) -> ApiResult<Reply<UploadedFile>> {
    let (id, name, _) = new_upload(&state, &caller, query.file_name.as_deref().unwrap_or("")).await?;
    let upload = uploads::by_id(&state.db, &id).await?.ok_or_else(|| ApiError::NotFound("上传不存在".into()))?;
    let room = Room::of(&state, caller.user.id, 0, MAX_FILE_BYTES).await?;
    let (size, sha256) = state.objects.put_stream(&upload.object_key, body, room.max).await.map_err(|e| room.refusal(e, 0))?;
    uploads::complete(&state.db, &id, size as i64, &sha256).await?;
    Ok(Reply(UploadedFile { file_id: id, file_name: name, size: size as i64, sha256 }))
}

pub(super) async fn certificate(state: web::Data<AppState>, caller: Caller, query: web::Query<CertificateQuery>) -> ApiResult<Reply<StorageCertificate>> {
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

use storage::uploads::slice_key;

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
    let received: i64 = uploads::slices(&state.db, &upload.id).await?.iter().filter(|(i, _)| *i != index).map(|(_, size)| size).sum();
    let room = Room::of(&state, upload.user_id, received, UPLOAD_SLICE_SIZE).await?;
    let (size, sha256) = state.objects.put_stream(&incoming, body, room.max).await.map_err(|e| match e {
        storage::StorageError::Conflict(_) if room.quota.is_none() => ApiError::bad_request(format!("分片不能超过 {UPLOAD_SLICE_SIZE} 字节")),
        other => room.refusal(other, received),
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
