//! Feedback on content (`feedback` area, 03 §7.1 "Feedback (content)") and the error reports of
//! the `notice` area (03 §7.10): a teacher reports an error in a question, a paper or a drive
//! file; a file's owner is told at once (a personal notice, `magic_file_report_error`); a library
//! editor settles a report on a question or paper and its reporter is told
//! (`magic_item_report_error_confirm`). Comments on a paper's blocks; a summary of the reports
//! on a target; whether a paper has content yet.

use std::collections::HashMap;

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::common::CodeName;
use protocol::dto::feedback::{
    BlockComment, BlockCommentQuery, BlockCommentSaveRequest, ContentEmptyCheck, ContentFeedback, FeedbackCommonData, FeedbackHandleRequest,
    FeedbackPaperQuery, FeedbackSubmitRequest, FeedbackSummary, FeedbackTagCount, FeedbackTagList, FeedbackTargetRequest, FEEDBACK_TAGS, MAX_FEEDBACK_CHARS,
};
use protocol::dto::paper::HANDOUT_SECTIONS;
use protocol::push::PushMessage;
use storage::content_feedback::{self as store, FeedbackRow, NewFeedback, TARGET_FILE, TARGET_PAPER, TARGET_QUESTION};
use storage::document::Right;
use storage::notices;
use storage::push_log::NewPush;

use super::question::question_for;
use crate::access::library::require_editor;
use crate::access::records::{self, Need};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

const MAX_TAGS: usize = 5;
const SUMMARY_LATEST: i64 = 5;
const SUMMARY_READ: i64 = 200;

pub fn routes(r: &mut impl RouteSink) {
    let f = |method, path, summary| info(method, path, Access::Session, "feedback", summary);
    r.add(f(Method::POST, "/api/feedback/submit", "Report an error in a question, paper or drive file").spec(&["S282"]), submit);
    r.add(f(Method::POST, "/api/feedback/handle", "Accept or refuse a report on a question or paper (library editors)"), handle);
    r.add(f(Method::POST, "/api/feedback/queryCommonData", "What the report dialog needs for a target").spec(&["S283"]), common_data);
    r.add(f(Method::POST, "/api/feedback/blockCommentData/query", "Comments on a paper's blocks").spec(&["S284"]), comments);
    r.add(
        f(Method::POST, "/api/feedback/blockCommentData/addOrUpdate", "Comment on a block of a paper, or change one's comment").spec(&["S285"]),
        save_comment,
    );
    r.add(f(Method::GET, "/api/feedback/queryTagList", "What a report can say is wrong").spec(&["S286"]), tag_list);
    r.add(
        f(Method::GET, "/api/feedback/more/ai/summary", "The reports on a target: by tag, latest, and an AI summary when configured").spec(&["S287"]),
        summary,
    );
    r.add(f(Method::GET, "/api/feedback/preCheckContentIsEmpty", "Whether a paper has content yet, and its empty sections").spec(&["S288"]), content_empty);
    r.add(
        info(Method::GET, "/api/filereporterror/{id}", Access::Session, "notice", "A report on a file (its reporter and the file's owner)").spec(&["S054"]),
        file_report,
    );
    r.add(
        info(Method::GET, "/api/itemreporterror/getUserReportError", Access::Session, "notice", "The caller's reports on questions and papers").spec(&["S055"]),
        my_reports,
    );
}

fn tags() -> Vec<CodeName> {
    FEEDBACK_TAGS.iter().map(|(code, name)| CodeName { code: (*code).to_owned(), name: (*name).to_owned() }).collect()
}

fn view(row: &FeedbackRow) -> ContentFeedback {
    ContentFeedback {
        feedback_id: row.id,
        user_id: row.user_id,
        user_name: row.user_name.clone(),
        target_type: row.target_type,
        target_id: row.target_id,
        target_title: row.target_title.clone(),
        tags: row.tag_list(),
        content: row.content.clone(),
        status: row.status,
        reply: row.reply.clone(),
        handle_time: row.handled_at,
        create_time: row.created_at,
    }
}

/// The target's title and, for a file, its owner — when the caller may read the target.
async fn target(state: &AppState, caller: &Caller, target_type: i64, id: i64) -> ApiResult<(String, Option<i64>)> {
    match target_type {
        TARGET_QUESTION => {
            let q = question_for(state, caller, id).await?;
            Ok((q.stem.chars().take(40).collect(), None))
        }
        TARGET_PAPER => Ok((records::paper_for(state, caller, id, Need::Read).await?.0.title, None)),
        TARGET_FILE => {
            let (item, _) = crate::access::document::live_item(state, caller, id, Right::Read).await?;
            Ok((item.name, Some(item.user_id)))
        }
        _ => Err(ApiError::bad_request("targetType 只能是1（题目）、2（讲义）、3（文件）")),
    }
}

/// Publishes a personal notice about a report to `user` and pushes it.
async fn tell(state: &AppState, from: i64, user: i64, file: bool, report_id: i64, title: &str, content: &str) -> ApiResult<()> {
    let account = storage::accounts::by_id(&state.db, user).await?;
    let role = account.current_role.clone();
    let kind = if file { 3 } else { 6 };
    let notice = notices::publish(&state.db, from, title, content, kind, &[(user, role.clone())]).await?;
    state.hub.push(vec![NewPush::to(user, PushMessage::report_notice(file, notice, report_id, title, &role))]).await?;
    Ok(())
}

async fn submit(state: web::Data<AppState>, caller: Caller, body: web::Json<FeedbackSubmitRequest>) -> ApiResult<Reply<ContentFeedback>> {
    let content = body.content.trim();
    if content.is_empty() || content.chars().count() > MAX_FEEDBACK_CHARS {
        return Err(ApiError::bad_request(format!("反馈内容需为1到{MAX_FEEDBACK_CHARS}个字")));
    }
    let mut tag_codes = body.tags.clone();
    tag_codes.sort_unstable();
    tag_codes.dedup();
    if tag_codes.len() > MAX_TAGS || tag_codes.iter().any(|t| !FEEDBACK_TAGS.iter().any(|(c, _)| c == t)) {
        return Err(ApiError::bad_request("反馈标签不存在"));
    }
    let (title, owner) = target(&state, &caller, body.target_type, body.target_id).await?;
    let new =
        NewFeedback { user_id: caller.user.id, target_type: body.target_type, target_id: body.target_id, target_title: &title, tags: &tag_codes, content };
    let id = store::submit(&state.db, &new).await?;
    if let Some(owner) = owner.filter(|o| *o != caller.user.id) {
        tell(&state, caller.user.id, owner, true, id, &format!("你的文件《{title}》被反馈有误"), content).await?;
    }
    let row = store::by_id(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("反馈不存在".into()))?;
    Ok(Reply(view(&row)))
}

async fn handle(state: web::Data<AppState>, caller: Caller, body: web::Json<FeedbackHandleRequest>) -> ApiResult<Reply<ContentFeedback>> {
    require_editor(&caller)?;
    let reply = body.reply.trim();
    if reply.chars().count() > MAX_FEEDBACK_CHARS {
        return Err(ApiError::bad_request(format!("回复不能超过{MAX_FEEDBACK_CHARS}个字")));
    }
    let row =
        store::by_id(&state.db, body.feedback_id).await?.filter(|r| r.target_type != TARGET_FILE).ok_or_else(|| ApiError::NotFound("反馈不存在".into()))?;
    if !store::handle(&state.db, row.id, caller.user.id, body.accept, reply).await? {
        return Err(ApiError::Conflict("该反馈已处理".into()));
    }
    let title = format!("你对《{}》的纠错{}", row.target_title, if body.accept { "已被采纳" } else { "未被采纳" });
    tell(&state, caller.user.id, row.user_id, false, row.id, &title, if reply.is_empty() { &title } else { reply }).await?;
    let row = store::by_id(&state.db, row.id).await?.ok_or_else(|| ApiError::NotFound("反馈不存在".into()))?;
    Ok(Reply(view(&row)))
}

async fn common_data(state: web::Data<AppState>, caller: Caller, body: web::Json<FeedbackTargetRequest>) -> ApiResult<Reply<FeedbackCommonData>> {
    let (target_title, _) = target(&state, &caller, body.target_type, body.target_id).await?;
    let reports = store::of_target(&state.db, body.target_type, body.target_id, i64::MAX).await?;
    Ok(Reply(FeedbackCommonData {
        target_title,
        tag_list: tags(),
        max_length: MAX_FEEDBACK_CHARS as i64,
        my_open_count: reports.iter().filter(|r| r.user_id == caller.user.id && r.status == 0).count() as i64,
        total_count: reports.len() as i64,
    }))
}

async fn tag_list(_: Caller) -> ApiResult<Reply<FeedbackTagList>> {
    Ok(Reply(FeedbackTagList { tag_list: tags() }))
}

async fn summary(state: web::Data<AppState>, caller: Caller, query: web::Query<FeedbackTargetRequest>) -> ApiResult<Reply<FeedbackSummary>> {
    let (title, owner) = target(&state, &caller, query.target_type, query.target_id).await?;
    // Who may read what others reported: library editors, and a file's owner.
    if owner != Some(caller.user.id) && !crate::access::library::library_editor(&caller) {
        return Err(ApiError::Forbidden("只有教研人员或文件所有者可以查看反馈汇总".into()));
    }
    let reports = store::of_target(&state.db, query.target_type, query.target_id, SUMMARY_READ).await?;
    let mut counts: HashMap<String, i64> = HashMap::new();
    for r in &reports {
        for tag in r.tag_list() {
            *counts.entry(tag).or_default() += 1;
        }
    }
    let by_tag = FEEDBACK_TAGS
        .iter()
        .filter_map(|(code, name)| counts.get(*code).map(|count| FeedbackTagCount { code: (*code).to_owned(), name: (*name).to_owned(), count: *count }))
        .collect();
    let ai_summary = match (&state.ai, reports.is_empty()) {
        (Some(provider), false) => {
            let listing: String = reports.iter().map(|r| format!("- [{}] {}\n", r.tag_list().join(","), r.content)).collect();
            let prompt = format!("以下是老师们对《{title}》的纠错反馈，请用两三句话归纳主要问题，供教研人员修改时参考：\n{listing}");
            Some(provider.complete("你是教研助理，回答简洁、客观。", &prompt).await?)
        }
        _ => None,
    };
    Ok(Reply(FeedbackSummary {
        total: reports.len() as i64,
        open: reports.iter().filter(|r| r.status == 0).count() as i64,
        by_tag,
        latest: reports.iter().take(SUMMARY_LATEST as usize).map(view).collect(),
        ai_summary,
    }))
}

async fn content_empty(state: web::Data<AppState>, caller: Caller, query: web::Query<FeedbackPaperQuery>) -> ApiResult<Reply<ContentEmptyCheck>> {
    let (paper, _) = records::paper_for(&state, &caller, query.paper_id, Need::Read).await?;
    let sections = state.hub.with_doc(&records::paper_key(paper.id), |doc| Ok(hub::doc::handout::read_sections(doc))).await?;
    let empty_sections: Vec<String> =
        HANDOUT_SECTIONS.iter().filter(|s| sections.get(**s).is_none_or(|p| p.iter().all(|t| t.trim().is_empty()))).map(|s| (*s).to_owned()).collect();
    // The title alone is not content.
    let empty = HANDOUT_SECTIONS.iter().skip(1).all(|s| empty_sections.iter().any(|e| e == s));
    Ok(Reply(ContentEmptyCheck { empty, empty_sections }))
}

fn comment_view(c: store::CommentRow, caller: &Caller) -> BlockComment {
    BlockComment {
        comment_id: c.id,
        paper_id: c.paper_id,
        mine: c.user_id == caller.user.id,
        block_key: c.block_key,
        user_id: c.user_id,
        user_name: c.user_name,
        content: c.content,
        update_time: c.updated_at,
    }
}

fn valid_block_key(key: &str) -> bool {
    let parts: Vec<&str> = key.split(':').collect();
    match parts.as_slice() {
        ["section", s] => HANDOUT_SECTIONS.contains(s),
        ["heading", s, i] => HANDOUT_SECTIONS.contains(s) && i.parse::<u32>().is_ok(),
        _ => false,
    }
}

async fn comments(state: web::Data<AppState>, caller: Caller, body: web::Json<BlockCommentQuery>) -> ApiResult<Reply<Vec<BlockComment>>> {
    let (paper, _) = records::paper_for(&state, &caller, body.paper_id, Need::Read).await?;
    let rows = store::comments(&state.db, paper.id, body.block_key.as_deref()).await?;
    Ok(Reply(rows.into_iter().map(|c| comment_view(c, &caller)).collect()))
}

async fn save_comment(state: web::Data<AppState>, caller: Caller, body: web::Json<BlockCommentSaveRequest>) -> ApiResult<Reply<BlockComment>> {
    let content = body.content.trim();
    if content.is_empty() || content.chars().count() > MAX_FEEDBACK_CHARS {
        return Err(ApiError::bad_request(format!("评论需为1到{MAX_FEEDBACK_CHARS}个字")));
    }
    if !valid_block_key(&body.block_key) {
        return Err(ApiError::bad_request("blockKey 形如 section:knowledgeReview 或 heading:knowledgeReview:3"));
    }
    let (paper, _) = records::paper_for(&state, &caller, body.paper_id, Need::Read).await?;
    if let Some(id) = body.comment_id {
        let existing = store::comment(&state.db, id).await?.filter(|c| c.paper_id == paper.id).ok_or_else(|| ApiError::NotFound("评论不存在".into()))?;
        if existing.user_id != caller.user.id {
            return Err(ApiError::Forbidden("只能修改自己的评论".into()));
        }
    }
    let id = store::save_comment(&state.db, body.comment_id, paper.id, &body.block_key, caller.user.id, content).await?;
    let row = store::comment(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("评论不存在".into()))?;
    Ok(Reply(comment_view(row, &caller)))
}

async fn file_report(state: web::Data<AppState>, caller: Caller, id: web::Path<i64>) -> ApiResult<Reply<ContentFeedback>> {
    let row =
        store::by_id(&state.db, id.into_inner()).await?.filter(|r| r.target_type == TARGET_FILE).ok_or_else(|| ApiError::NotFound("反馈不存在".into()))?;
    let owner = storage::document::item(&state.db, row.target_id).await?.map(|i| i.user_id);
    if row.user_id != caller.user.id && owner != Some(caller.user.id) {
        return Err(ApiError::NotFound("反馈不存在".into()));
    }
    Ok(Reply(view(&row)))
}

async fn my_reports(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<Vec<ContentFeedback>>> {
    Ok(Reply(store::of_user(&state.db, caller.user.id, 100).await?.iter().map(view).collect()))
}
