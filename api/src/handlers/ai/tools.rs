//! What the assistant offers around a conversation: question allocation (a paper's questions of
//! each type spread over knowledge points by what the bank holds for the caller) and library
//! queries (questions to quote in a message). Both read the caller's view of the bank.

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::ai::{AiAllocation, AiAllocationCell, AiAllocationRequest, AiAllocationType, AiLibraryHit, AiLibraryQuery, AiLibraryResult};
use protocol::dto::question::{QuestionSearchRequest, QUESTION_TYPES};
use storage::question;

use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::handlers::question::{bank_nodes, check_scope, run_search};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// Knowledge points an allocation spreads over at most.
const MAX_ALLOCATION_POINTS: usize = 20;
/// Questions of one type an allocation asks for at most.
const MAX_ALLOCATION_COUNT: i64 = 100;
/// Hits a library query answers at most.
const MAX_LIBRARY_HITS: i64 = 20;

/// A point of an allocation: its id, name, and questions by type (type, count).
type Held = (i64, String, Vec<(i64, i64)>);

pub fn routes(r: &mut impl RouteSink) {
    let call = |path, what| info(Method::POST, path, Access::Session, "ai", what);
    r.add(call("/api/ai/question/allocate", "Spread a paper's questions of each type over knowledge points by what the bank holds").spec(&["S453"]), allocate);
    r.add(call("/api/ai/library/query", "Questions of the bank and my own matching words, to quote in a message").spec(&["S463"]), library_query);
}

/// Spreads `asked` questions over points one at a time in turn, each point up to what it has:
/// as even as the bank allows. Answers each point's share.
pub fn spread(available: &[i64], asked: i64) -> Vec<i64> {
    let mut allotted = vec![0; available.len()];
    let mut left = asked;
    while left > 0 {
        let mut gave = false;
        for (i, have) in available.iter().enumerate() {
            if left > 0 && allotted[i] < *have {
                allotted[i] += 1;
                left -= 1;
                gave = true;
            }
        }
        if !gave {
            break;
        }
    }
    allotted
}

async fn allocate(state: web::Data<AppState>, caller: Caller, body: web::Json<AiAllocationRequest>) -> ApiResult<Reply<AiAllocation>> {
    check_scope(body.subject, body.stage)?;
    let points = super::distinct(&body.knowledge_ids);
    if points.is_empty() || points.len() > MAX_ALLOCATION_POINTS {
        return Err(ApiError::bad_request(format!("请选择1到{MAX_ALLOCATION_POINTS}个知识点")));
    }
    let mut asked: Vec<(i64, i64)> = Vec::new();
    for tc in &body.type_counts {
        if !QUESTION_TYPES.iter().any(|(t, _)| *t == tc.question_type) {
            return Err(ApiError::bad_request("题型不存在"));
        }
        if !(0..=MAX_ALLOCATION_COUNT).contains(&tc.count) {
            return Err(ApiError::bad_request(format!("每种题型的题数需在0到{MAX_ALLOCATION_COUNT}之间")));
        }
        if asked.iter().any(|(t, _)| *t == tc.question_type) {
            return Err(ApiError::bad_request("同一题型只能出现一次"));
        }
        asked.push((tc.question_type, tc.count));
    }
    if asked.iter().all(|(_, c)| *c == 0) {
        return Err(ApiError::bad_request("请至少为一种题型设置题数"));
    }
    // What the bank holds for each point (with its subtree), by type.
    let mut held: Vec<Held> = Vec::new();
    for id in &points {
        let nodes = bank_nodes(&state, &caller, &[*id], body.subject, body.stage).await?;
        let name = storage::atlas::node(&state.db, *id).await?.map(|n| n.name).unwrap_or_default();
        held.push((*id, name, question::counts_by_type(&state.db, &nodes, caller.user.id).await?));
    }
    let mut cells = Vec::new();
    let mut types = Vec::new();
    for (question_type, count) in asked {
        let available: Vec<i64> = held.iter().map(|(_, _, counts)| counts.iter().find(|(t, _)| *t == question_type).map_or(0, |(_, n)| *n)).collect();
        let shares = spread(&available, count);
        for ((id, name, _), (have, share)) in held.iter().zip(available.iter().zip(&shares)) {
            cells.push(AiAllocationCell { knowledge_id: *id, knowledge_name: name.clone(), question_type, available: *have, allotted: *share });
        }
        let allotted: i64 = shares.iter().sum();
        let type_name = QUESTION_TYPES.iter().find(|(t, _)| *t == question_type).map(|(_, n)| (*n).to_owned()).unwrap_or_default();
        types.push(AiAllocationType { question_type, type_name, asked: count, allotted, short: count - allotted });
    }
    Ok(Reply(AiAllocation { cells, types }))
}

/// A question as text to quote: stem, lettered options, answer.
pub fn quote(stem: &str, options: &[String], answer: &str) -> String {
    let mut text = stem.to_owned();
    for (i, option) in options.iter().enumerate() {
        text.push_str(&format!("\n{}. {option}", (b'A' + i as u8) as char));
    }
    if !answer.is_empty() {
        text.push_str(&format!("\n答案：{answer}"));
    }
    text
}

async fn library_query(state: web::Data<AppState>, caller: Caller, body: web::Json<AiLibraryQuery>) -> ApiResult<Reply<AiLibraryResult>> {
    let keyword = body.keyword.trim();
    if keyword.is_empty() {
        return Err(ApiError::bad_request("请输入要查找的内容"));
    }
    let page_size = body.page_size.unwrap_or(10);
    if !(1..=MAX_LIBRARY_HITS).contains(&page_size) {
        return Err(ApiError::bad_request(format!("每次最多查找{MAX_LIBRARY_HITS}道题")));
    }
    let request = QuestionSearchRequest {
        subject: body.subject,
        stage: body.stage,
        keyword: Some(keyword.to_owned()),
        page_size: Some(page_size),
        ..QuestionSearchRequest::default()
    };
    let found = run_search(&state, &caller, &request).await?;
    let hits = found
        .records
        .into_iter()
        .map(|q| AiLibraryHit {
            quote: quote(&q.stem, &q.options, &q.answer),
            question_id: q.question_id,
            type_name: q.type_name,
            stem: q.stem,
            options: q.options,
            answer: q.answer,
        })
        .collect();
    Ok(Reply(AiLibraryResult { total: found.total, hits, terms: found.terms }))
}

#[cfg(test)]
mod tests {
    use super::spread;

    #[test]
    fn questions_spread_evenly_within_what_each_point_has() {
        assert_eq!(spread(&[10, 10, 10], 7), vec![3, 2, 2]);
        assert_eq!(spread(&[1, 10, 0], 7), vec![1, 6, 0]);
        assert_eq!(spread(&[1, 2], 7), vec![1, 2]);
        assert_eq!(spread(&[], 3), Vec::<i64>::new());
        assert_eq!(spread(&[5], 0), vec![0]);
    }
}
