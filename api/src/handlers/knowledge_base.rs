//! The knowledge-base service (`knowledge-base` area, 03 §7.6): documents and media made from uploads.

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::{knowledge_base::KnowledgeItemCreateRequest, resource::ResourceItem};

use super::upload::{make_resource, MEDIA_CLASSES};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::ApiResult;
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
}

async fn doc_create(state: web::Data<AppState>, caller: Caller, body: web::Json<KnowledgeItemCreateRequest>) -> ApiResult<Reply<ResourceItem>> {
    Ok(Reply(make_resource(&state, &caller, &body.file_id, body.name.as_deref(), Some(&["document"])).await?))
}

async fn media_create(state: web::Data<AppState>, caller: Caller, body: web::Json<KnowledgeItemCreateRequest>) -> ApiResult<Reply<ResourceItem>> {
    Ok(Reply(make_resource(&state, &caller, &body.file_id, body.name.as_deref(), Some(&MEDIA_CLASSES)).await?))
}
