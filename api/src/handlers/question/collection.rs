//! Collections (03 §7.2): the published versions of papers as the question service names them —
//! the caller's list, a paper's newest one with its content, a copy of one into a new paper of
//! the caller's, and the answer areas of its printed pages (for scanned answer sheets).

use actix_web::http::Method;
use actix_web::web;
use hub::doc::handout;
use protocol::dto::paper::PaperRef;
use protocol::dto::question::{
    CollectionCoordinateRequest, CollectionIdRequest, CollectionLatestRequest, CollectionListRequest, CollectionSnapshot, CollectionSummary, QuestionCoordinate,
};
use storage::papers::{self, Collection};

use crate::access::records::{self, Need};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

const LIST_LIMIT: i64 = 200;
const MAX_COORDINATES: usize = 200;
const MAX_PAGES: i64 = 50;

pub fn routes(r: &mut impl RouteSink) {
    let call = |path, what| info(Method::POST, path, Access::Session, "question", what);
    r.add(call("/api/personal/collection/simpleList", "My collections (published versions of my papers), newest first").spec(&["S292"]), list);
    r.add(call("/api/collection/basic/copy", "Copy a collection into a new paper of mine").spec(&["S291"]), copy);
    r.add(call("/api/xeasy-srv-item/collection/snapshot/latest", "A paper's newest collection with its content").spec(&["S296"]), latest);
    r.add(
        call("/api/xeasy-srv-item/collection/updateCoordinate", "Save where each question's answer area sits on the printed pages").spec(&["S297"]),
        coordinates,
    );
}

fn summary(c: Collection) -> CollectionSummary {
    CollectionSummary { collection_id: c.id, paper_id: c.paper_id, title: c.title, version_no: c.version_no, create_time: c.created_at }
}

async fn list(state: web::Data<AppState>, caller: Caller, body: web::Json<CollectionListRequest>) -> ApiResult<Reply<Vec<CollectionSummary>>> {
    let keyword = super::super::keyword(body.keyword.as_deref(), 50)?;
    let rows = papers::own_collections(&state.db, caller.user.id, keyword.as_deref(), LIST_LIMIT).await?;
    Ok(Reply(rows.into_iter().map(summary).collect()))
}

/// The collection, when the caller may read its paper (and change it, with `Need::Edit`).
async fn collection_for(state: &AppState, caller: &Caller, id: i64, need: Need) -> ApiResult<(Collection, papers::Paper)> {
    let missing = || ApiError::NotFound("题集不存在".into());
    let collection = papers::collection_by_id(&state.db, id).await?.ok_or_else(missing)?;
    let (paper, _) = records::paper_for(state, caller, collection.paper_id, need).await.map_err(|e| match e {
        ApiError::NotFound(_) => missing(),
        other => other,
    })?;
    Ok((collection, paper))
}

async fn snapshot(state: &AppState, c: Collection) -> ApiResult<CollectionSnapshot> {
    let state_v2 = papers::collection_state(&state.db, c.id).await?.ok_or_else(|| ApiError::NotFound("题集不存在".into()))?;
    let sections = handout::read_sections(&handout::from_snapshot(&state_v2)?);
    Ok(CollectionSnapshot {
        collection_id: c.id,
        paper_id: c.paper_id,
        title: c.title,
        version_no: c.version_no,
        create_time: c.created_at,
        sections,
        coordinates: serde_json::from_str(&c.coordinates).unwrap_or_default(),
    })
}

async fn latest(state: web::Data<AppState>, caller: Caller, body: web::Json<CollectionLatestRequest>) -> ApiResult<Reply<Option<CollectionSnapshot>>> {
    let (paper, _) = records::paper_for(&state, &caller, body.paper_id, Need::Read).await?;
    match papers::latest_collection(&state.db, paper.id).await? {
        Some(c) => Ok(Reply(Some(snapshot(&state, c).await?))),
        None => Ok(Reply(None)),
    }
}

async fn copy(state: web::Data<AppState>, caller: Caller, body: web::Json<CollectionIdRequest>) -> ApiResult<Reply<PaperRef>> {
    let (collection, paper) = collection_for(&state, &caller, body.collection_id, Need::Read).await?;
    let state_v2 = papers::collection_state(&state.db, collection.id).await?.ok_or_else(|| ApiError::NotFound("题集不存在".into()))?;
    handout::from_snapshot(&state_v2)?; // refuse a damaged snapshot before making the paper
    Ok(Reply(crate::handlers::paper::copy_content(&state, &caller, &paper, state_v2, "collection_copy").await?))
}

fn check_coordinates(list: &[QuestionCoordinate]) -> ApiResult<()> {
    if list.len() > MAX_COORDINATES {
        return Err(ApiError::bad_request(format!("最多{MAX_COORDINATES}个作答区域")));
    }
    for (i, c) in list.iter().enumerate() {
        let fraction = |v: f64| v.is_finite() && (0.0..=1.0).contains(&v);
        let fits = fraction(c.x) && fraction(c.y) && c.width > 0.0 && c.height > 0.0 && fraction(c.x + c.width) && fraction(c.y + c.height);
        if !(1..=MAX_PAGES).contains(&c.page) || c.question_index < 1 || !fits {
            return Err(ApiError::bad_request(format!("第{}个作答区域无效：页码1到{MAX_PAGES}，题号从1起，位置和大小为页面的比例且不超出页面", i + 1)));
        }
        if list[..i].iter().any(|o| o.question_index == c.question_index) {
            return Err(ApiError::bad_request(format!("题号{}的作答区域重复", c.question_index)));
        }
    }
    Ok(())
}

async fn coordinates(state: web::Data<AppState>, caller: Caller, body: web::Json<CollectionCoordinateRequest>) -> ApiResult<Reply<CollectionSnapshot>> {
    let (collection, _) = collection_for(&state, &caller, body.collection_id, Need::Edit).await?;
    check_coordinates(&body.coordinates)?;
    let json = serde_json::to_string(&body.coordinates).map_err(|e| ApiError::Internal(e.to_string()))?;
    papers::set_coordinates(&state.db, collection.id, &json).await?;
    let collection = papers::collection_by_id(&state.db, collection.id).await?.ok_or_else(|| ApiError::NotFound("题集不存在".into()))?;
    Ok(Reply(snapshot(&state, collection).await?))
}
