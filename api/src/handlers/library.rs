//! Paper and library downloads (rendered Word documents), drive-resource downloads, and
//! save-to-knowledge (03 §4, §7.1): each is queued work whose progress is pushed.

use actix_web::http::Method;
use actix_web::web;
use hub::jobs::{SubmitError, MAX_WAITING_PER_USER};
use protocol::dto::common::Empty;
use protocol::dto::library::{HaveProcessingRecord, SaveToKnwRecordList, SaveToKnwRequest, UpdateUserViewedRequest};
use storage::jobs::JobKind;
use storage::knowledge_saves;

use crate::access::records::{self, Need};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// Library papers (slice, teaching-aid and textbook libraries); handouts are type 5.
pub(super) const LIBRARY_TYPES: [i64; 3] = [2, 3, 4];
/// Unviewed and processing records the record list answers at most.
const MAX_RECORDS: usize = 50;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(
            Method::POST,
            "/api/library/saveToKnw",
            Access::Session,
            "library",
            "Copy a paper into the caller's knowledge base (async; end pushed as magic_002)",
        )
        .spec(&["S258"]),
        save_to_knw,
    );
    r.add(
        info(Method::POST, "/api/library/haveProcessingRecord", Access::Session, "library", "Whether a save to knowledge is still processing").spec(&["S259"]),
        have_processing,
    );
    r.add(
        info(Method::POST, "/api/library/querySaveToKnwRecordList", Access::Session, "library", "Save-to-knowledge records processing or not yet viewed")
            .spec(&["S260"]),
        record_list,
    );
    r.add(
        info(Method::POST, "/api/library/updateUserViewed", Access::Session, "library", "Mark save-to-knowledge records viewed").spec(&["S261"]),
        update_viewed,
    );
}

async fn save_to_knw(state: web::Data<AppState>, caller: Caller, body: web::Json<SaveToKnwRequest>) -> ApiResult<Reply<i64>> {
    let (paper, _) = records::paper_for(&state, &caller, body.paper_id, Need::Read).await?;
    let id = knowledge_saves::create(&state.db, caller.user.id, paper.id, &paper.title, MAX_WAITING_PER_USER).await?.ok_or(SubmitError::QueueFull)?;
    state.jobs.submitted(JobKind::SaveToKnowledge, caller.user.id, id).await;
    Ok(Reply(id))
}

async fn have_processing(state: web::Data<AppState>, caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<HaveProcessingRecord>> {
    Ok(Reply(HaveProcessingRecord { have_processing_record: knowledge_saves::has_processing(&state.db, caller.user.id).await? }))
}

async fn record_list(state: web::Data<AppState>, caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<SaveToKnwRecordList>> {
    let records = knowledge_saves::pending(&state.db, caller.user.id).await?;
    Ok(Reply(SaveToKnwRecordList { record_list: records.iter().rev().take(MAX_RECORDS).rev().map(|r| r.to_wire()).collect() }))
}

async fn update_viewed(state: web::Data<AppState>, caller: Caller, body: web::Json<UpdateUserViewedRequest>) -> ApiResult<Reply<u64>> {
    if body.copy_record_id_list.is_empty() || body.copy_record_id_list.len() > 500 {
        return Err(ApiError::bad_request("copyRecordIdList 需包含1到500个记录"));
    }
    Ok(Reply(knowledge_saves::mark_viewed(&state.db, caller.user.id, &body.copy_record_id_list).await?))
}
