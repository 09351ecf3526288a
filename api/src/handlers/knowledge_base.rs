//! The knowledge-base service (`knowledge-base` area, 03 §7.6): documents and media made from
//! uploads, and the collections camps are grouped in.

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::{
    camp::{CampCollection, CreateCollectionRequest},
    knowledge_base::KnowledgeItemCreateRequest,
    resource::ResourceItem,
};

use super::upload::{make_resource, MEDIA_CLASSES};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
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
    r.add(info(Method::GET, "/api/collection/list", Access::Session, "knowledge-base", "The caller's collections with their camp counts"), collection_list);
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
