//! The question bank (`question` area, and the paper service's search calls: 03 §7.1, §7.2):
//! search with Chinese word segmentation, classification of what a search finds, details,
//! similar questions, a teacher's own questions and tags, and re-edits of bank questions with
//! their audit.

pub mod collection;

use std::collections::HashMap;

use actix_web::http::Method;
use actix_web::web;
use hub::doc::content::{self, Inline};
use protocol::constants;
use protocol::dto::common::Page;
use protocol::dto::question::{
    self as wire, CustomBlockData, QuestionClassResult, QuestionContent, QuestionFacet, QuestionIdRequest, QuestionPoint, QuestionReedit,
    QuestionReeditAuditRequest, QuestionReeditListRequest, QuestionReeditRequest, QuestionSaveRequest, QuestionSearchRequest, QuestionSearchResult,
    QuestionTagCount, QuestionTagList, QuestionTagsBatchRequest, QuestionView, SimilarQuestionRequest,
};
use storage::accounts;
use storage::atlas;
use storage::question::search::{self, Order, Source};
use storage::question::{self, basket, segment, tags, NewQuestion, QuestionRow};

use crate::access::atlas::{content_admin, node_for, TreeNeed};
use crate::access::records::{self, Need};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

const MAX_KEYWORD_CHARS: usize = 100;
const MAX_FILTER_POINTS: usize = 50;
const MAX_TAGS_PER_SEARCH: usize = 10;
const MAX_TAG_CHARS: usize = 20;
const MAX_TAG_OPERATIONS: usize = 200;
pub(crate) const MAX_STEM_CHARS: usize = 5_000;
pub(crate) const MAX_OPTION_CHARS: usize = 1_000;
pub(crate) const MAX_ANALYSIS_CHARS: usize = 10_000;
const MAX_POINTS_PER_QUESTION: usize = 10;
const MAX_SIMILAR: i64 = 10;

pub fn routes(r: &mut impl RouteSink) {
    collection::routes(r);
    r.add(
        info(Method::POST, "/api/paper/search", Access::Session, "question", "Search the bank by words (segmented, ranked), type, difficulty, points, tags")
            .spec(&["S236"]),
        search_questions,
    );
    r.add(
        info(Method::POST, "/api/paper/class/search", Access::Session, "question", "What a search finds, counted by type, difficulty and knowledge point")
            .spec(&["S237"]),
        class_search,
    );
    r.add(
        info(Method::POST, "/api/question/xueke/detail", Access::Session, "question", "A question with its points and the caller's tags").spec(&["S294"]),
        detail,
    );
    r.add(
        info(
            Method::POST,
            "/api/paper/copySimilarQuestion",
            Access::Session,
            "question",
            "Similar questions (same type and points); with paperId, the first goes into it",
        )
        .spec(&["S223"]),
        similar,
    );
    r.add(info(Method::POST, "/api/question/save", Access::Session, "question", "Create or change one of the caller's own questions"), save);
    r.add(info(Method::POST, "/api/question/delete", Access::Session, "question", "Delete one of the caller's own questions"), delete);
    r.add(
        info(Method::POST, "/api/question/tags/batch", Access::Session, "question", "Add and remove the caller's tags on questions").spec(&["S293"]),
        tags_batch,
    );
    r.add(info(Method::GET, "/api/question/tags/list", Access::Session, "question", "The caller's tags with their counts").spec(&["S295"]), tags_list);
    r.add(
        info(Method::POST, "/api/question/reedit", Access::Session, "question", "Propose a change to a bank question (applies once audited)").spec(&["S289"]),
        reedit,
    );
    r.add(
        info(Method::POST, "/api/question/reedit/audit", Access::Session, "question", "Approve (the change applies) or refuse a re-edit; admins")
            .spec(&["S290"]),
        reedit_audit,
    );
    r.add(info(Method::POST, "/api/question/reedit/list", Access::Session, "question", "Re-edits by status: admins see all, others their own"), reedit_list);
}

/// The wire form of questions, with their points, the viewer's tags and basket marks, numbered
/// from `first_index`.
pub(crate) async fn views(state: &AppState, caller: &Caller, rows: &[QuestionRow], first_index: i64) -> ApiResult<Vec<QuestionView>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut points: HashMap<i64, Vec<QuestionPoint>> = HashMap::new();
    for (question, id, name) in question::points_of(&state.db, &ids).await? {
        points.entry(question).or_default().push(QuestionPoint { id, name });
    }
    let mut tag_map: HashMap<i64, Vec<String>> = HashMap::new();
    for (question, tag) in tags::of(&state.db, caller.user.id, &ids).await? {
        tag_map.entry(question).or_default().push(tag);
    }
    let in_basket = basket::holding(&state.db, caller.user.id, &ids).await?;
    Ok(rows
        .iter()
        .enumerate()
        .map(|(i, r)| QuestionView {
            question_id: r.id,
            subject: r.subject,
            stage: r.stage,
            question_type: r.question_type,
            type_name: wire::type_name(r.question_type).to_owned(),
            stem: r.stem.clone(),
            options: r.option_list(),
            answer: r.answer.clone(),
            analysis: r.analysis.clone(),
            difficulty: r.difficulty,
            composite_score: r.composite_score,
            knowledge_points: points.remove(&r.id).unwrap_or_default(),
            custom_block_data: CustomBlockData { custom_tags: tag_map.remove(&r.id).unwrap_or_default() },
            owner_id: r.owner_id,
            in_basket: in_basket.contains(&r.id),
            question_index: first_index + i as i64,
        })
        .collect())
}

/// A question the caller may use: the bank's, their own, or a re-edit they wrote or audit.
pub(crate) async fn question_for(state: &AppState, caller: &Caller, id: i64) -> ApiResult<QuestionRow> {
    let row = question::by_id(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("题目不存在".into()))?;
    let visible = match row.origin_id {
        None => row.owner_id == 0 || row.owner_id == caller.user.id,
        Some(_) => row.owner_id == caller.user.id || content_admin(caller),
    };
    if !visible {
        return Err(ApiError::NotFound("题目不存在".into()));
    }
    Ok(row)
}

pub(crate) fn check_scope(subject: i64, stage: i64) -> ApiResult<()> {
    if constants::subject(subject).is_none() || constants::stage_name(stage).is_none() {
        return Err(ApiError::bad_request("学科或学段不存在"));
    }
    Ok(())
}

/// A list where only `-1` (or nothing) means all, with each code checked against `valid`.
fn codes(list: Option<Vec<i64>>, valid: &[(i64, &str)], what: &str) -> ApiResult<Vec<i64>> {
    let list = list.unwrap_or_default();
    if list.is_empty() || list == [-1] {
        return Ok(Vec::new());
    }
    if list.iter().any(|c| !valid.iter().any(|(v, _)| v == c)) {
        return Err(ApiError::bad_request(format!("{what}不存在")));
    }
    Ok(list)
}

/// The bank nodes under these knowledge points (each with its subtree), checked readable.
pub(crate) async fn bank_nodes(state: &AppState, caller: &Caller, ids: &[i64], subject: i64, stage: i64) -> ApiResult<Vec<i64>> {
    let mut nodes = Vec::new();
    for id in ids {
        let (node, _, _) = node_for(state, caller, *id, TreeNeed::Read).await?;
        if node.subject != subject || node.stage != stage {
            return Err(ApiError::bad_request(format!("知识点{}不属于所选学科与学段", node.name)));
        }
        nodes.extend(atlas::subtree(&state.db, &node).await?.iter().map(|n| n.bank_node()));
    }
    nodes.sort_unstable();
    nodes.dedup();
    Ok(nodes)
}

pub(crate) async fn to_query(state: &AppState, caller: &Caller, body: &QuestionSearchRequest) -> ApiResult<search::Query> {
    check_scope(body.subject, body.stage)?;
    let keyword = body.keyword.as_deref().unwrap_or("").trim();
    if keyword.chars().count() > MAX_KEYWORD_CHARS {
        return Err(ApiError::bad_request(format!("搜索词不能超过{MAX_KEYWORD_CHARS}个字")));
    }
    let points = body.knowledge_ids.clone().unwrap_or_default();
    if points.len() > MAX_FILTER_POINTS {
        return Err(ApiError::bad_request(format!("最多选择{MAX_FILTER_POINTS}个知识点")));
    }
    let tags = body.tags.clone().unwrap_or_default();
    if tags.len() > MAX_TAGS_PER_SEARCH || tags.iter().any(|t| t.trim().is_empty() || t.chars().count() > MAX_TAG_CHARS) {
        return Err(ApiError::bad_request(format!("最多按{MAX_TAGS_PER_SEARCH}个标签筛选，每个1到{MAX_TAG_CHARS}个字")));
    }
    let source = match body.source.unwrap_or(0) {
        0 => Source::All,
        1 => Source::Bank,
        2 => Source::Own,
        _ => return Err(ApiError::bad_request("source 只能是0、1、2")),
    };
    let order = match body.order.unwrap_or(0) {
        0 => Order::Relevance,
        1 => Order::Composite,
        2 => Order::Difficulty,
        _ => return Err(ApiError::bad_request("order 只能是0、1、2")),
    };
    Ok(search::Query {
        viewer: caller.user.id,
        subject: body.subject,
        stage: body.stage,
        terms: segment::query_terms(keyword),
        types: codes(body.type_ids.clone(), &wire::QUESTION_TYPES, "题型")?,
        difficulties: codes(body.difficulties.clone(), &wire::DIFFICULTIES, "难度")?,
        nodes: if points.is_empty() { None } else { Some(bank_nodes(state, caller, &points, body.subject, body.stage).await?) },
        tags: tags.iter().map(|t| t.trim().to_owned()).collect(),
        source,
        order,
    })
}

async fn search_questions(state: web::Data<AppState>, caller: Caller, body: web::Json<QuestionSearchRequest>) -> ApiResult<Reply<QuestionSearchResult>> {
    Ok(Reply(run_search(&state, &caller, &body).await?))
}

/// A page of the questions the caller may read that match the request.
pub(crate) async fn run_search(state: &AppState, caller: &Caller, body: &QuestionSearchRequest) -> ApiResult<QuestionSearchResult> {
    let paging = Paging::new(body.page_no, body.page_size, 10)?;
    let query = to_query(state, caller, body).await?;
    let (hits, total) = search::search(&state.db, &query, paging.page_no, paging.page_size).await?;
    let rows = question::by_ids(&state.db, &hits.iter().map(|h| h.id).collect::<Vec<_>>()).await?;
    let records = views(state, caller, &rows, (paging.page_no - 1) * paging.page_size + 1).await?;
    Ok(QuestionSearchResult { records, total, page_no: paging.page_no, page_size: paging.page_size, terms: query.terms })
}

async fn class_search(state: web::Data<AppState>, caller: Caller, body: web::Json<QuestionSearchRequest>) -> ApiResult<Reply<QuestionClassResult>> {
    let query = to_query(&state, &caller, &body).await?;
    let classes = search::classify(&state.db, &query).await?;
    let named = |list: &[(i64, i64)], names: &[(i64, &str)]| -> Vec<QuestionFacet> {
        list.iter()
            .map(|(code, count)| QuestionFacet {
                code: *code,
                name: names.iter().find(|(c, _)| c == code).map(|(_, n)| (*n).to_owned()).unwrap_or_default(),
                count: *count,
            })
            .collect()
    };
    let mut knowledge_points = Vec::new();
    for (node, count) in &classes.points {
        let name = atlas::node(&state.db, *node).await?.map(|n| n.name).unwrap_or_default();
        knowledge_points.push(QuestionFacet { code: *node, name, count: *count });
    }
    Ok(Reply(QuestionClassResult {
        total: classes.total,
        types: named(&classes.types, &wire::QUESTION_TYPES),
        difficulties: named(&classes.difficulties, &wire::DIFFICULTIES),
        knowledge_points,
    }))
}

async fn detail(state: web::Data<AppState>, caller: Caller, body: web::Json<QuestionIdRequest>) -> ApiResult<Reply<QuestionView>> {
    let row = question_for(&state, &caller, body.question_id).await?;
    let mut views = views(&state, &caller, std::slice::from_ref(&row), 1).await?;
    Ok(Reply(views.remove(0)))
}

/// A question as handout paragraphs: "n. stem", the options, the answer and the analysis, with
/// formulas as formula nodes.
pub(crate) fn handout_paragraphs(index: i64, q: &QuestionRow) -> Vec<Vec<Inline>> {
    let mut paragraphs = vec![content::split_math(&format!("{index}. {}", q.stem))];
    for (i, option) in q.option_list().iter().enumerate() {
        let letter = (b'A' + i as u8) as char;
        paragraphs.push(content::split_math(&format!("{letter}. {option}")));
    }
    paragraphs.push(content::split_math(&format!("【答案】{}", q.answer)));
    if !q.analysis.is_empty() {
        paragraphs.push(content::split_math(&format!("【解析】{}", q.analysis)));
    }
    paragraphs
}

async fn similar(state: web::Data<AppState>, caller: Caller, body: web::Json<SimilarQuestionRequest>) -> ApiResult<Reply<Vec<QuestionView>>> {
    let count = body.count.unwrap_or(3);
    if !(1..=MAX_SIMILAR).contains(&count) {
        return Err(ApiError::bad_request(format!("count 需在1到{MAX_SIMILAR}之间")));
    }
    let exclude = body.exclude_ids.clone().unwrap_or_default();
    if exclude.len() > 500 {
        return Err(ApiError::bad_request("excludeIds 最多500个"));
    }
    let of = question_for(&state, &caller, body.question_id).await?;
    let paper = match body.paper_id {
        Some(id) => Some(records::paper_for(&state, &caller, id, Need::Edit).await?.0),
        None => None,
    };
    let points: Vec<i64> = question::points_of(&state.db, &[of.id]).await?.into_iter().map(|(_, node, _)| node).collect();
    let ids = question::similar(&state.db, &of, &points, caller.user.id, &exclude, count).await?;
    let rows = question::by_ids(&state.db, &ids).await?;
    if let (Some(paper), Some(first)) = (paper, rows.first()) {
        let first = first.clone();
        state
            .hub
            .with_doc(&records::paper_key(paper.id), move |doc| {
                let number =
                    content::read_blocks(doc, "classPractice").iter().filter(|(_, text)| text.starts_with(|c: char| c.is_ascii_digit())).count() as i64;
                content::append_rich_paragraphs(doc, "classPractice", &handout_paragraphs(number + 1, &first));
                Ok(())
            })
            .await?;
    }
    Ok(Reply(views(&state, &caller, &rows, 1).await?))
}

/// Checks a question's content and resolves its points to bank nodes of the subject and stage.
pub(crate) async fn to_new(state: &AppState, caller: &Caller, subject: i64, stage: i64, c: &QuestionContent) -> ApiResult<NewQuestion> {
    check_scope(subject, stage)?;
    if !wire::QUESTION_TYPES.iter().any(|(t, _)| *t == c.question_type) {
        return Err(ApiError::bad_request("题型不存在"));
    }
    if !wire::DIFFICULTIES.iter().any(|(d, _)| *d == c.difficulty) {
        return Err(ApiError::bad_request("难度需在1到5之间"));
    }
    let stem = c.stem.trim();
    if stem.is_empty() || stem.chars().count() > MAX_STEM_CHARS {
        return Err(ApiError::bad_request(format!("题干需为1到{MAX_STEM_CHARS}个字")));
    }
    if c.analysis.chars().count() > MAX_ANALYSIS_CHARS {
        return Err(ApiError::bad_request(format!("解析不能超过{MAX_ANALYSIS_CHARS}个字")));
    }
    let options: Vec<String> = c.options.iter().map(|o| o.trim().to_owned()).collect();
    let answer = c.answer.trim().to_uppercase();
    if wire::OBJECTIVE_TYPES.contains(&c.question_type) {
        if !(2..=6).contains(&options.len()) || options.iter().any(|o| o.is_empty() || o.chars().count() > MAX_OPTION_CHARS) {
            return Err(ApiError::bad_request(format!("选择题需有2到6个选项，每个1到{MAX_OPTION_CHARS}个字")));
        }
        let letters: Vec<char> = answer.chars().collect();
        let valid = |l: &char| l.is_ascii_uppercase() && ((*l as u8 - b'A') as usize) < options.len();
        let mut sorted = letters.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let ok = letters.iter().all(valid) && sorted == letters && if c.question_type == 1 { letters.len() == 1 } else { letters.len() >= 2 };
        if !ok {
            return Err(ApiError::bad_request(if c.question_type == 1 {
                "单选题答案为一个选项字母"
            } else {
                "多选题答案为两个以上按序排列的选项字母，如 AC"
            }));
        }
    } else {
        if !options.is_empty() {
            return Err(ApiError::bad_request("填空题与解答题没有选项"));
        }
        if c.answer.trim().is_empty() || c.answer.chars().count() > MAX_ANALYSIS_CHARS {
            return Err(ApiError::bad_request("请填写答案"));
        }
    }
    if c.knowledge_ids.is_empty() || c.knowledge_ids.len() > MAX_POINTS_PER_QUESTION {
        return Err(ApiError::bad_request(format!("请选择1到{MAX_POINTS_PER_QUESTION}个知识点")));
    }
    let mut points = Vec::new();
    for id in &c.knowledge_ids {
        let (node, _, _) = node_for(state, caller, *id, TreeNeed::Read).await?;
        if node.subject != subject || node.stage != stage {
            return Err(ApiError::bad_request(format!("知识点{}不属于所选学科与学段", node.name)));
        }
        points.push(node.bank_node());
    }
    points.sort_unstable();
    points.dedup();
    Ok(NewQuestion {
        subject,
        stage,
        question_type: c.question_type,
        stem: stem.to_owned(),
        options,
        answer: if wire::OBJECTIVE_TYPES.contains(&c.question_type) { answer } else { c.answer.trim().to_owned() },
        analysis: c.analysis.trim().to_owned(),
        difficulty: c.difficulty,
        composite_score: 0.0,
        owner_id: caller.user.id,
        origin_id: None,
        audit_status: 0,
        points,
    })
}

async fn save(state: web::Data<AppState>, caller: Caller, body: web::Json<QuestionSaveRequest>) -> ApiResult<Reply<QuestionView>> {
    let new = to_new(&state, &caller, body.subject, body.stage, &body.content).await?;
    let id = match body.question_id {
        Some(id) => {
            let row = question_for(&state, &caller, id).await?;
            if row.owner_id != caller.user.id || row.origin_id.is_some() {
                return Err(ApiError::Forbidden("只能修改自己的题目；题库题目请用纠错重编".into()));
            }
            if row.subject != body.subject || row.stage != body.stage {
                return Err(ApiError::bad_request("题目的学科与学段不能修改"));
            }
            question::update(&state.db, id, &new).await?;
            id
        }
        None => question::insert(&state.db, &new).await?,
    };
    let row = question_for(&state, &caller, id).await?;
    Ok(Reply(views(&state, &caller, std::slice::from_ref(&row), 1).await?.remove(0)))
}

async fn delete(state: web::Data<AppState>, caller: Caller, body: web::Json<QuestionIdRequest>) -> ApiResult<Reply<bool>> {
    let row = question_for(&state, &caller, body.question_id).await?;
    if row.owner_id != caller.user.id || row.origin_id.is_some() {
        return Err(ApiError::Forbidden("只能删除自己的题目".into()));
    }
    Ok(Reply(question::delete(&state.db, row.id).await?))
}

async fn tags_batch(state: web::Data<AppState>, caller: Caller, body: web::Json<QuestionTagsBatchRequest>) -> ApiResult<Reply<QuestionTagList>> {
    let total: usize = body.operations.iter().map(|o| o.actions.len()).sum();
    if body.operations.is_empty() || total == 0 || total > MAX_TAG_OPERATIONS {
        return Err(ApiError::bad_request(format!("需有1到{MAX_TAG_OPERATIONS}个标签操作")));
    }
    let mut changes = Vec::with_capacity(total);
    for op in &body.operations {
        question_for(&state, &caller, op.question_id).await?;
        for action in &op.actions {
            let tag = action.tag.trim();
            if tag.is_empty() || tag.chars().count() > MAX_TAG_CHARS {
                return Err(ApiError::bad_request(format!("标签需为1到{MAX_TAG_CHARS}个字")));
            }
            let add = match action.action.as_str() {
                "add" => true,
                "remove" => false,
                _ => return Err(ApiError::bad_request("action 只能是 add 或 remove")),
            };
            changes.push(tags::TagChange { question_id: op.question_id, add, tag });
        }
    }
    tags::apply(&state.db, caller.user.id, &changes).await?;
    tag_list(&state, &caller).await
}

async fn tag_list(state: &AppState, caller: &Caller) -> ApiResult<Reply<QuestionTagList>> {
    let tag_list = tags::counts(&state.db, caller.user.id).await?.into_iter().map(|(tag, count)| QuestionTagCount { tag, count }).collect();
    Ok(Reply(QuestionTagList { tag_list }))
}

async fn tags_list(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<QuestionTagList>> {
    tag_list(&state, &caller).await
}

async fn reedit(state: web::Data<AppState>, caller: Caller, body: web::Json<QuestionReeditRequest>) -> ApiResult<Reply<QuestionReedit>> {
    let origin = question_for(&state, &caller, body.question_id).await?;
    if origin.owner_id != 0 || origin.origin_id.is_some() {
        return Err(ApiError::bad_request("只有题库的题目需要纠错重编；自己的题目可直接修改"));
    }
    let content = to_new(&state, &caller, origin.subject, origin.stage, &body.content).await?;
    let id = question::propose_reedit(&state.db, &origin, caller.user.id, &content).await?;
    let row = question_for(&state, &caller, id).await?;
    Ok(Reply(reedit_view(&state, &caller, row).await?))
}

async fn reedit_view(state: &AppState, caller: &Caller, row: QuestionRow) -> ApiResult<QuestionReedit> {
    let original = match row.origin_id {
        Some(id) => question::by_id(&state.db, id).await?,
        None => None,
    };
    let author_name = accounts::by_id(&state.db, row.owner_id).await.map(|u| u.name).unwrap_or_default();
    let proposal = views(state, caller, std::slice::from_ref(&row), 1).await?.remove(0);
    let original = match original {
        Some(o) => Some(views(state, caller, std::slice::from_ref(&o), 1).await?.remove(0)),
        None => None,
    };
    Ok(QuestionReedit {
        reedit_id: row.id,
        audit_status: row.audit_status,
        audit_note: row.audit_note.clone(),
        author_id: row.owner_id,
        author_name,
        create_time: row.created_at,
        proposal,
        original,
    })
}

async fn reedit_audit(state: web::Data<AppState>, caller: Caller, body: web::Json<QuestionReeditAuditRequest>) -> ApiResult<Reply<QuestionReedit>> {
    if !content_admin(&caller) {
        return Err(ApiError::Forbidden("只有管理员可以审核纠错".into()));
    }
    let note = body.note.as_deref().unwrap_or("").trim();
    if note.chars().count() > 200 {
        return Err(ApiError::bad_request("审核意见不能超过200个字"));
    }
    let row = question_for(&state, &caller, body.reedit_id).await?;
    if row.origin_id.is_none() {
        return Err(ApiError::NotFound("纠错记录不存在".into()));
    }
    if !question::audit_reedit(&state.db, &row, body.approve, caller.user.id, note).await? {
        return Err(ApiError::Conflict("该纠错已审核".into()));
    }
    let row = question_for(&state, &caller, row.id).await?;
    Ok(Reply(reedit_view(&state, &caller, row).await?))
}

async fn reedit_list(state: web::Data<AppState>, caller: Caller, body: web::Json<QuestionReeditListRequest>) -> ApiResult<Reply<Page<QuestionReedit>>> {
    let paging = Paging::new(body.page_no, body.page_size, 10)?;
    if body.status.is_some_and(|s| !(1..=3).contains(&s)) {
        return Err(ApiError::bad_request("status 只能是1、2、3"));
    }
    let author = (!content_admin(&caller)).then_some(caller.user.id);
    let (rows, total) = question::reedits(&state.db, body.status, author, paging.page_no, paging.page_size).await?;
    let mut records = Vec::with_capacity(rows.len());
    for row in rows {
        records.push(reedit_view(&state, &caller, row).await?);
    }
    Ok(Reply(paging.page(records, total)))
}
