//! Co-editing: the y-websocket endpoint `/collab/{docType}/{id}` and the calls that manage who
//! may open a document. Removing a member closes their open connections (in every process).

use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};
use hub::doc::connection::{self, DocSocketParams};
use protocol::dto::collab::{DocMember, DocMemberRequest, DocQuery};
use protocol::push::close_code;
use storage::accounts;
use storage::documents::{self, DocAccess};

use crate::access::records;
use crate::access::Access;
use crate::auth::{self, Caller};
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// The document types that are co-edited.
/// `loadtest` documents are the load tool's (their own id space), opened only while
/// `EDUHUB_LOAD_TEST` is on.
pub const DOC_TYPES: [&str; 3] = ["feedback", "handout", "loadtest"];

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::GET, "/collab/{docType}/{id}", Access::SocketSession, "collab", "y-websocket room of a document (feedback report or handout)"),
        collab_socket,
    );
    r.add(info(Method::GET, "/api/collab/members", Access::Session, "collab", "Members of a document (owner only)"), members);
    r.add(info(Method::POST, "/api/collab/member/save", Access::Session, "collab", "Add a member or change their right (owner only)"), save_member);
    r.add(
        info(Method::POST, "/api/collab/member/remove", Access::Session, "collab", "Remove a member; their open connections close (owner only)"),
        remove_member,
    );
}

fn doc_key(doc_type: &str, id: i64) -> ApiResult<String> {
    if !DOC_TYPES.contains(&doc_type) || id < 1 {
        return Err(ApiError::bad_request("文档类型只能是 feedback 或 handout"));
    }
    Ok(documents::doc_key(doc_type, id))
}

async fn collab_socket(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Payload,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, actix_web::Error> {
    if state.hub.is_draining() {
        // Stopping: a proxy (proxy_next_upstream http_503) or the client tries another node.
        return Ok(HttpResponse::ServiceUnavailable().insert_header(("Retry-After", "1")).finish());
    }
    if !auth::same_origin(&req) {
        return hub::session::refuse(&req, body, close_code::FORBIDDEN, "来源不被允许");
    }
    let caller = match auth::socket_token_of(&req) {
        Some(token) => auth::resolve_for_socket(&state, &token).await?,
        None => None,
    };
    let Some(caller) = caller else {
        return hub::session::refuse(&req, body, close_code::NO_SESSION, "登录过期，请重新登录");
    };
    let (doc_type, id) = path.into_inner();
    let key = match id.parse::<i64>().map_err(|_| ()).and_then(|id| doc_key(&doc_type, id).map_err(|_| ())) {
        Ok(key) => key,
        Err(()) => return hub::session::refuse(&req, body, close_code::BAD_REQUEST, "文档地址无效"),
    };
    if doc_type == "loadtest" && !state.config.load_test {
        return hub::session::refuse(&req, body, close_code::BAD_REQUEST, "文档地址无效");
    }
    let read_only = match records::document_room(&state, &caller, &doc_type, &key).await? {
        Ok(read_only) => read_only,
        Err((code, reason)) => return hub::session::refuse(&req, body, code, reason),
    };
    let Some(slot) = state.hub.doc_socket_slot(caller.user.id, connection::MAX_DOC_SOCKETS_PER_USER) else {
        return hub::session::refuse(&req, body, close_code::TOO_MANY_SOCKETS, "打开的协作文档过多，请关闭一些页面");
    };
    connection::open(&req, body, &state.hub, DocSocketParams { key, user_id: caller.user.id, read_only, session: caller.token_hash.clone(), slot })
}

/// The document's key when the caller owns it.
async fn owned(state: &AppState, caller: &Caller, doc_type: &str, id: i64) -> ApiResult<String> {
    let key = doc_key(doc_type, id)?;
    records::document_owner(state, caller, &key).await?;
    Ok(key)
}

async fn members(state: web::Data<AppState>, caller: Caller, query: web::Query<DocQuery>) -> ApiResult<Reply<Vec<DocMember>>> {
    let key = owned(&state, &caller, &query.doc_type, query.id).await?;
    let mut out = Vec::new();
    for (user_id, can_edit) in documents::members(&state.db, &key).await? {
        let user = accounts::by_id(&state.db, user_id).await?;
        out.push(DocMember { email: user.email, name: user.name, can_edit });
    }
    Ok(Reply(out))
}

async fn save_member(state: web::Data<AppState>, caller: Caller, body: web::Json<DocMemberRequest>) -> ApiResult<Reply<bool>> {
    let key = owned(&state, &caller, &body.doc_type, body.id).await?;
    let member = accounts::by_email(&state.db, &body.email).await?.ok_or_else(|| ApiError::NotFound("账号不存在".into()))?;
    if member.id == caller.user.id {
        return Err(ApiError::bad_request("文档所有者无需添加"));
    }
    let can_edit = body.can_edit.unwrap_or(true);
    let before = documents::access(&state.db, &key, member.id).await?;
    documents::set_member(&state.db, &key, member.id, can_edit).await?;
    // Turning an editor into a reader takes effect at once: their connections close with 4100
    // and reopen read-only.
    if before == Some(DocAccess::Edit) && !can_edit {
        state.hub.doc_access_changed(&key, Some(member.id), close_code::ACCESS_CHANGED).await;
    }
    Ok(Reply(true))
}

async fn remove_member(state: web::Data<AppState>, caller: Caller, body: web::Json<DocMemberRequest>) -> ApiResult<Reply<bool>> {
    let key = owned(&state, &caller, &body.doc_type, body.id).await?;
    let member = accounts::by_email(&state.db, &body.email).await?.ok_or_else(|| ApiError::NotFound("账号不存在".into()))?;
    if !documents::remove_member(&state.db, &key, member.id).await? {
        return Err(ApiError::NotFound("该账号不是文档成员".into()));
    }
    state.hub.revoke_doc_access(&key, member.id).await;
    Ok(Reply(true))
}
