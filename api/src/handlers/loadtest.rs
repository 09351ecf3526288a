//! The load tool's setup calls: bulk accounts with sessions, probe pushes and shared documents.
//! Off unless `EDUHUB_LOAD_TEST=1`; super users only; probes and documents only ever involve
//! load-test accounts (`…@load.eduhub`), so real users never receive load traffic.

use std::collections::HashSet;

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::loadtest::{LoadDocumentsRequest, LoadDocumentsResult, LoadPushRequest, LoadPushResult, LoadUser, LoadUsersRequest};
use protocol::push::PushMessage;
use storage::push_log::NewPush;
use storage::{loadtest, password, token};

use crate::access::Access;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

const MAX_USERS_PER_CALL: i64 = 10_000;
const MAX_PUSHES_PER_CALL: usize = 100_000;
const MAX_DOCS_PER_CALL: usize = 10_000;
const MAX_EDITORS_PER_DOC: usize = 50;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::POST, "/api/admin/loadtest/users", Access::SuperUser, "loadtest", "Create load-test accounts with sessions (EDUHUB_LOAD_TEST=1)"),
        users,
    );
    r.add(info(Method::POST, "/api/admin/loadtest/push", Access::SuperUser, "loadtest", "Push probes to load-test accounts (EDUHUB_LOAD_TEST=1)"), push);
    r.add(
        info(
            Method::POST,
            "/api/admin/loadtest/documents",
            Access::SuperUser,
            "loadtest",
            "Create co-edited load-test documents (loadtest/{id}) shared by load-test accounts (EDUHUB_LOAD_TEST=1)",
        ),
        documents,
    );
}

fn enabled(state: &AppState) -> ApiResult<()> {
    if state.config.load_test {
        Ok(())
    } else {
        Err(ApiError::NotFound("压测接口未开启（EDUHUB_LOAD_TEST=1）".into()))
    }
}

fn valid_prefix(prefix: &str) -> bool {
    (1..=20).contains(&prefix.len()) && prefix.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

async fn users(state: web::Data<AppState>, body: web::Json<LoadUsersRequest>) -> ApiResult<Reply<Vec<LoadUser>>> {
    enabled(&state)?;
    let body = body.into_inner();
    let prefix = body.prefix.unwrap_or_else(|| "load-".into());
    let start = body.start.unwrap_or(0);
    if !valid_prefix(&prefix) {
        return Err(ApiError::bad_request("前缀只能是1到20个小写字母、数字、-或_"));
    }
    if !(1..=MAX_USERS_PER_CALL).contains(&body.count) || start < 0 {
        return Err(ApiError::bad_request(format!("每次创建1到{MAX_USERS_PER_CALL}个压测账号，start不能为负")));
    }
    // Nobody logs in with a password: the sessions are the credentials.
    let hash = password::hash(&token::new_token())?;
    let accounts = loadtest::create_accounts(&state.db, &prefix, start, body.count, &hash).await?;
    Ok(Reply(accounts.into_iter().map(|a| LoadUser { user_id: a.user_id, email: a.email, token: a.token }).collect()))
}

/// Refuses unless every id is a load-test account.
async fn only_load_accounts(state: &AppState, ids: &HashSet<i64>) -> ApiResult<()> {
    let ids: Vec<i64> = ids.iter().copied().collect();
    if loadtest::count_accounts(&state.db, &ids).await? != ids.len() {
        return Err(ApiError::bad_request("只能向压测账号（@load.eduhub）发送"));
    }
    Ok(())
}

async fn push(state: web::Data<AppState>, body: web::Json<LoadPushRequest>) -> ApiResult<Reply<LoadPushResult>> {
    enabled(&state)?;
    let items = body.into_inner().items;
    let total: usize = items.iter().map(|i| i.user_ids.len()).sum();
    if total == 0 || total > MAX_PUSHES_PER_CALL {
        return Err(ApiError::bad_request(format!("每次推送1到{MAX_PUSHES_PER_CALL}条")));
    }
    let ids: HashSet<i64> = items.iter().flat_map(|i| i.user_ids.iter().copied()).collect();
    only_load_accounts(&state, &ids).await?;
    let mut pushes = Vec::with_capacity(total);
    for item in items {
        let message = PushMessage::load_probe(item.payload);
        for user_id in item.user_ids {
            pushes.push(NewPush::to(user_id, message.clone()));
        }
    }
    let stored = state.hub.push(pushes).await?;
    Ok(Reply(LoadPushResult { accepted: stored.len() as i64 }))
}

async fn documents(state: web::Data<AppState>, body: web::Json<LoadDocumentsRequest>) -> ApiResult<Reply<LoadDocumentsResult>> {
    enabled(&state)?;
    let docs = body.into_inner().docs;
    if docs.is_empty() || docs.len() > MAX_DOCS_PER_CALL || docs.iter().any(|d| d.is_empty() || d.len() > MAX_EDITORS_PER_DOC) {
        return Err(ApiError::bad_request(format!("每次创建1到{MAX_DOCS_PER_CALL}个文档，每个文档1到{MAX_EDITORS_PER_DOC}个编辑者")));
    }
    let ids: HashSet<i64> = docs.iter().flatten().copied().collect();
    only_load_accounts(&state, &ids).await?;
    Ok(Reply(LoadDocumentsResult { doc_ids: loadtest::create_documents(&state.db, &docs).await? }))
}
