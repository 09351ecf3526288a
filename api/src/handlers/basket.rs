//! The question basket (`basket` area, 03 §7.2): questions put aside from the bank, listed by
//! type, and assembled into a co-edited handout.

use actix_web::http::Method;
use actix_web::web;
use hub::doc::content;
use protocol::dto::basket::{BasketAddRequest, BasketAssembleRequest, BasketCount, BasketEnums, BasketGroup, BasketList, BasketRemoveRequest, BASKET_LIMIT};
use protocol::dto::common::{CodeName, Empty};
use protocol::dto::paper::{PaperGlobalSettings, PaperHeaderInfo, PaperPackageResult, PaperRef};
use protocol::dto::question::{DIFFICULTIES, QUESTION_TYPES};
use storage::papers::{self, NewPaper, HANDOUT};
use storage::question::{self, basket};

use super::question::{check_scope, handout_paragraphs, question_for, views};
use crate::access::records;
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

const MAX_TITLE_CHARS: usize = 100;

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::POST, "/api/basket/question/list", Access::Session, "basket", "The basket's questions by type").spec(&["S298"]), list);
    r.add(info(Method::POST, "/api/basket/add", Access::Session, "basket", "Put questions in the basket"), add);
    r.add(info(Method::POST, "/api/basket/remove/questionId", Access::Session, "basket", "Take questions out of the basket (or all)").spec(&["S299"]), remove);
    r.add(
        info(Method::POST, "/api/basket/question/enums", Access::Session, "basket", "Codes of types, difficulties, sources and orders").spec(&["S300"]),
        enums,
    );
    r.add(info(Method::POST, "/api/basket/assemble", Access::Session, "basket", "Assemble the basket into a handout; returns the new paperId"), assemble);
}

fn code_names(list: &[(i64, &str)]) -> Vec<CodeName> {
    list.iter().map(|(code, name)| CodeName { code: code.to_string(), name: (*name).to_owned() }).collect()
}

async fn list(state: web::Data<AppState>, caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<BasketList>> {
    let ids = basket::list(&state.db, caller.user.id).await?;
    let rows = question::by_ids(&state.db, &ids).await?;
    let all = views(&state, &caller, &rows, 1).await?;
    let groups = QUESTION_TYPES
        .iter()
        .filter_map(|(code, name)| {
            let questions: Vec<_> = all.iter().filter(|q| q.question_type == *code).cloned().collect();
            (!questions.is_empty()).then(|| BasketGroup { question_type: *code, type_name: (*name).to_owned(), questions })
        })
        .collect();
    Ok(Reply(BasketList { total: all.len() as i64, limit: BASKET_LIMIT as i64, groups }))
}

async fn add(state: web::Data<AppState>, caller: Caller, body: web::Json<BasketAddRequest>) -> ApiResult<Reply<BasketCount>> {
    if body.question_ids.is_empty() || body.question_ids.len() > BASKET_LIMIT {
        return Err(ApiError::bad_request(format!("一次可加入1到{BASKET_LIMIT}道题")));
    }
    for id in &body.question_ids {
        let row = question_for(&state, &caller, *id).await?;
        if row.origin_id.is_some() {
            return Err(ApiError::bad_request("纠错稿不能加入试题篮"));
        }
    }
    let total = basket::add(&state.db, caller.user.id, &body.question_ids, BASKET_LIMIT)
        .await?
        .ok_or_else(|| ApiError::Conflict(format!("试题篮最多{BASKET_LIMIT}道题，请先移出一些")))?;
    Ok(Reply(BasketCount { total }))
}

async fn remove(state: web::Data<AppState>, caller: Caller, body: web::Json<BasketRemoveRequest>) -> ApiResult<Reply<BasketCount>> {
    let all = body.all.unwrap_or(false);
    if !all && (body.question_ids.is_empty() || body.question_ids.len() > BASKET_LIMIT) {
        return Err(ApiError::bad_request(format!("请选择1到{BASKET_LIMIT}道题，或用 all 清空")));
    }
    let total = basket::remove(&state.db, caller.user.id, (!all).then_some(body.question_ids.as_slice())).await?;
    Ok(Reply(BasketCount { total }))
}

async fn enums(_: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<BasketEnums>> {
    Ok(Reply(BasketEnums {
        question_types: code_names(&QUESTION_TYPES),
        difficulties: code_names(&DIFFICULTIES),
        sources: code_names(&[(0, "全部"), (1, "题库"), (2, "我的题目")]),
        orders: code_names(&[(0, "相关度"), (1, "综合评分"), (2, "难度")]),
    }))
}

async fn assemble(state: web::Data<AppState>, caller: Caller, body: web::Json<BasketAssembleRequest>) -> ApiResult<Reply<PaperPackageResult>> {
    check_scope(body.subject, body.stage)?;
    let held = basket::list(&state.db, caller.user.id).await?;
    let ids = match &body.question_ids {
        Some(ids) => {
            if ids.is_empty() || ids.iter().any(|id| !held.contains(id)) {
                return Err(ApiError::bad_request("只能组卷试题篮中的题目"));
            }
            let mut seen = ids.clone();
            seen.sort_unstable();
            seen.dedup();
            if seen.len() != ids.len() {
                return Err(ApiError::bad_request("题目不能重复"));
            }
            ids.clone()
        }
        None => held,
    };
    if ids.is_empty() {
        return Err(ApiError::bad_request("试题篮是空的"));
    }
    let rows = question::by_ids(&state.db, &ids).await?;
    if rows.iter().any(|q| q.subject != body.subject || q.stage != body.stage) {
        return Err(ApiError::bad_request("试题篮中有其他学科或学段的题目"));
    }
    let title = body.title.as_deref().map(str::trim).filter(|t| !t.is_empty()).unwrap_or("组卷讲义").to_owned();
    if title.chars().count() > MAX_TITLE_CHARS {
        return Err(ApiError::bad_request(format!("标题不能超过{MAX_TITLE_CHARS}个字")));
    }
    // The knowledge points the questions cover, in order of first appearance, open the handout.
    let mut review: Vec<(String, String)> = Vec::new();
    for (_, node, _) in question::points_of(&state.db, &ids).await? {
        if let Some(node) = storage::atlas::node(&state.db, node).await? {
            if !review.iter().any(|(name, _)| *name == node.name) {
                review.push((node.name, node.summary));
            }
        }
    }
    let header = PaperHeaderInfo { title: title.clone(), teacher_name: caller.user.name.clone(), ..PaperHeaderInfo::default() };
    let paper = papers::create(
        &state.db,
        &NewPaper {
            owner_id: caller.user.id,
            paper_type: HANDOUT,
            title: &title,
            subject: body.subject,
            stage: body.stage,
            school_id: caller.user.selected_school_id,
            tree_id: 0,
            parent_atlas_id: 0,
            header_info: &serde_json::to_string(&header).unwrap_or_default(),
            global_settings: &serde_json::to_string(&PaperGlobalSettings::default()).unwrap_or_default(),
            copied_from: None,
        },
    )
    .await?;
    papers::log(&state.db, paper.id, caller.user.id, "create", &format!("{} questions", rows.len())).await?;
    let paragraphs: Vec<_> = rows.iter().enumerate().flat_map(|(i, q)| handout_paragraphs(i as i64 + 1, q)).collect();
    let heading = title.clone();
    state
        .hub
        .with_doc(&records::paper_key(paper.id), move |doc| {
            content::write_paragraphs(doc, "handoutTitle", &[heading]);
            content::write_outline(doc, "knowledgeReview", &review);
            content::append_rich_paragraphs(doc, "classPractice", &paragraphs);
            Ok(())
        })
        .await?;
    if !body.keep.unwrap_or(false) {
        basket::remove(&state.db, caller.user.id, Some(&ids)).await?;
    }
    Ok(Reply(PaperPackageResult { paper_id: paper.id, paper_list: vec![PaperRef { paper_id: paper.id, paper_name: title }] }))
}
