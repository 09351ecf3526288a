//! The knowledge-base service (`knowledge-base` area, 03 §7.6): documents and media made from
//! uploads, and the collections camps are grouped in.

use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};
use protocol::dto::{
    camp::{CampCollection, CreateCollectionRequest},
    common::IdRequest,
    knowledge_base::{CategoryResourceSaveRequest, CollectionSaveRequest, KnowledgeItemCreateRequest, KnowledgeSaveRecord, SaveRecordRequest},
    resource::{PlayQuery, PlayToken, PlayUrl, ResourceItem},
};

use super::resource::own_media;
use super::upload::{make_resource, MEDIA_CLASSES};
use crate::access::{records, Access};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::signing;
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::POST, "/api/doc/create", Access::Session, "knowledge-base", "Make a finished document upload a knowledge-base document").spec(&["S085"]),
        doc_create,
    );
    r.add(
        info(Method::POST, "/api/media/create", Access::Session, "knowledge-base", "Make a finished media upload a knowledge-base media item").spec(&["S086"]),
        media_create,
    );
    r.add(
        info(Method::POST, "/api/collection/create", Access::Session, "knowledge-base", "Create a collection to group camps in").spec(&["S089"]),
        collection_create,
    );
    r.add(
        info(Method::POST, "/api/roombox/media/getPlayToken", Access::Session, "knowledge-base", "A signed token to play one of the caller's media resources")
            .spec(&["S088"]),
        play_token,
    );
    r.add(
        info(
            Method::POST,
            "/api/roombox/media/getPlayUrl",
            Access::Session,
            "knowledge-base",
            "Where to stream a media resource from, and where the caller stopped",
        )
        .spec(&["S087"]),
        play_url,
    );
    r.add(
        info(
            Method::GET,
            "/api/media/play/{id}",
            Access::Token("play token"),
            "knowledge-base",
            "Stream a media resource in place (play token; Range supported)",
        )
        .raw("application/octet-stream"),
        play,
    );
    r.add(
        info(Method::POST, "/api/category/resource/save/knowledge/base", Access::Session, "knowledge-base", "Save a camp's task files into the caller's drive")
            .spec(&["S090"]),
        save_camp_files,
    );
    r.add(
        info(
            Method::POST,
            "/api/collection/save/knowledge/base",
            Access::Session,
            "knowledge-base",
            "Save the files of every camp of a collection into the caller's drive",
        )
        .spec(&["S091"]),
        save_collection_files,
    );
    r.add(
        info(
            Method::POST,
            "/api/category/resource/save/knowledge/base/status",
            Access::Session,
            "knowledge-base",
            "A save into the drive: what it saved and skipped",
        )
        .spec(&["S092"]),
        save_status,
    );
    r.add(info(Method::GET, "/api/collection/list", Access::Session, "knowledge-base", "The caller's collections with their camp counts"), collection_list);
}

/// The file tasks of a camp's working copy (all, or those named) as drive files.
async fn camp_files(state: &AppState, camp_id: i64, only: &[i64]) -> ApiResult<Vec<storage::camp::structure::TaskRow>> {
    let tasks: Vec<_> = storage::camp::structure::phases(&state.db, camp_id).await?.into_iter().flat_map(|p| p.tasks).collect();
    if let Some(stranger) = only.iter().find(|id| !tasks.iter().any(|t| t.id == **id)) {
        return Err(ApiError::NotFound(format!("任务不存在：{stranger}")));
    }
    Ok(tasks.into_iter().filter(|t| !t.file_key.is_empty() && (only.is_empty() || only.contains(&t.id))).collect())
}

async fn save_files(state: &AppState, caller: &Caller, source: &str, tasks: &[storage::camp::structure::TaskRow]) -> ApiResult<KnowledgeSaveRecord> {
    if tasks.is_empty() {
        return Err(ApiError::bad_request("没有可保存的文件"));
    }
    let classes: Vec<&str> = tasks.iter().map(|t| protocol::validation::upload_class(&t.file_name).map_or("document", super::upload::class_name)).collect();
    let files: Vec<storage::uploads::DriveFile> = tasks
        .iter()
        .zip(&classes)
        .map(|(t, class)| storage::uploads::DriveFile { name: &t.file_name, ext: &t.ext, class, size: t.file_size, object_key: &t.file_key })
        .collect();
    let record = save_record(storage::uploads::save_to_drive(&state.db, caller.user.id, source, &files).await?);
    if record.saved_count > 0 {
        super::document::changed(state, storage::document::Space::Personal(caller.user.id), &[(0, None)]).await;
    }
    Ok(record)
}

fn save_record(row: storage::uploads::DriveSaveRow) -> KnowledgeSaveRecord {
    KnowledgeSaveRecord {
        record_id: row.id,
        status: row.status,
        saved_count: row.saved,
        skipped_count: row.skipped,
        resource_ids: serde_json::from_str(&row.resource_ids).unwrap_or_default(),
        created_at: row.created_at,
    }
}

async fn save_camp_files(state: web::Data<AppState>, caller: Caller, body: web::Json<CategoryResourceSaveRequest>) -> ApiResult<Reply<KnowledgeSaveRecord>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    if body.task_ids.len() > 500 {
        return Err(ApiError::bad_request("每次最多500个任务"));
    }
    let tasks = camp_files(&state, camp.id, &body.task_ids).await?;
    Ok(Reply(save_files(&state, &caller, &format!("camp:{}", camp.id), &tasks).await?))
}

async fn save_collection_files(state: web::Data<AppState>, caller: Caller, body: web::Json<CollectionSaveRequest>) -> ApiResult<Reply<KnowledgeSaveRecord>> {
    let collection = storage::camp::collection(&state.db, body.collection_id)
        .await?
        .filter(|c| c.owner_id == caller.user.id)
        .ok_or_else(|| ApiError::NotFound("合集不存在".into()))?;
    let camps = storage::camp::list(&state.db, caller.user.id, &storage::camp::CampFilter { collection_id: Some(collection.id), ..Default::default() }).await?;
    let mut tasks = Vec::new();
    for (camp, _) in camps {
        tasks.extend(camp_files(&state, camp.id, &[]).await?);
    }
    Ok(Reply(save_files(&state, &caller, &format!("collection:{}", collection.id), &tasks).await?))
}

async fn save_status(state: web::Data<AppState>, caller: Caller, body: web::Json<SaveRecordRequest>) -> ApiResult<Reply<KnowledgeSaveRecord>> {
    let row = storage::uploads::drive_save(&state.db, body.record_id)
        .await?
        .filter(|r| r.user_id == caller.user.id)
        .ok_or_else(|| ApiError::NotFound("保存记录不存在".into()))?;
    Ok(Reply(save_record(row)))
}

pub(super) const PLAY: &str = "media-play";
/// A play token lasts long enough for a lesson's recording.
pub(super) const PLAY_TTL_MS: i64 = 6 * 3600 * 1000;

async fn play_token(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<PlayToken>> {
    let media = own_media(&state, &caller, body.id).await?;
    let key = storage::secrets::signing_key(&state.db).await?;
    let expire_time = storage::now_ms() + PLAY_TTL_MS;
    Ok(Reply(PlayToken { media_id: media.id, token: signing::token(&key, PLAY, &media.id.to_string(), expire_time), expire_time }))
}

/// Where `user_id` streams `media` from (a signed, expiring URL) and where they stopped.
pub(super) async fn media_play_url(state: &AppState, user_id: i64, media: storage::uploads::ResourceRow) -> ApiResult<PlayUrl> {
    let key = storage::secrets::signing_key(&state.db).await?;
    let expire_time = storage::now_ms() + PLAY_TTL_MS;
    let token = signing::token(&key, PLAY, &media.id.to_string(), expire_time);
    let record = storage::uploads::play_record(&state.db, user_id, media.id).await?;
    Ok(PlayUrl {
        media_id: media.id,
        url: format!("/api/media/play/{}?token={token}", media.id),
        expire_time,
        file_name: media.name,
        class: media.class,
        last_position: record.as_ref().map(|r| r.position),
        duration: record.and_then(|r| r.duration),
    })
}

async fn play_url(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<PlayUrl>> {
    let media = own_media(&state, &caller, body.id).await?;
    Ok(Reply(media_play_url(&state, caller.user.id, media).await?))
}

async fn play(state: web::Data<AppState>, req: HttpRequest, path: web::Path<i64>, query: web::Query<PlayQuery>) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let key = storage::secrets::signing_key(&state.db).await?;
    let subject = signing::check_token(&key, PLAY, query.token.as_deref().unwrap_or(""))?;
    if subject != id.to_string() {
        return Err(ApiError::NoPermission);
    }
    let media = storage::uploads::resource(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("文件不存在".into()))?;
    let name = protocol::validation::download_file_name(&media.name);
    Ok(crate::object_response::serve_inline(&state.objects, &req, &media.object_key, &name).await?.0)
}

fn collection(row: storage::camp::CollectionRow) -> CampCollection {
    CampCollection { collection_id: row.id, collection_name: row.name, camp_count: row.camp_count }
}

async fn collection_create(state: web::Data<AppState>, caller: Caller, body: web::Json<CreateCollectionRequest>) -> ApiResult<Reply<CampCollection>> {
    let name = body.collection_name.trim();
    if name.is_empty() || name.chars().count() > 50 {
        return Err(ApiError::bad_request("合集名称需为1到50个字符"));
    }
    if storage::camp::collections(&state.db, caller.user.id).await?.len() >= 200 {
        return Err(ApiError::Conflict("合集已达上限（200个）".into()));
    }
    Ok(Reply(collection(storage::camp::create_collection(&state.db, caller.user.id, name).await?)))
}

async fn collection_list(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<Vec<CampCollection>>> {
    Ok(Reply(storage::camp::collections(&state.db, caller.user.id).await?.into_iter().map(collection).collect()))
}

async fn doc_create(state: web::Data<AppState>, caller: Caller, body: web::Json<KnowledgeItemCreateRequest>) -> ApiResult<Reply<ResourceItem>> {
    Ok(Reply(make_resource(&state, &caller, &body.file_id, body.name.as_deref(), Some(&["document"])).await?))
}

async fn media_create(state: web::Data<AppState>, caller: Caller, body: web::Json<KnowledgeItemCreateRequest>) -> ApiResult<Reply<ResourceItem>> {
    Ok(Reply(make_resource(&state, &caller, &body.file_id, body.name.as_deref(), Some(&MEDIA_CLASSES)).await?))
}
