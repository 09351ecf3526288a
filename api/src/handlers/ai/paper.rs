//! AI paper tasks (03 §7.9): add or update, details, delete, recognise (a job: the photo or
//! PDF read by the provider's vision model, progress pushed as `magic_ai_paper_task`), save
//! (into the caller's own questions of the bank, optionally the basket), search (the caller's
//! tasks), question query, relation get (the bank question each became, and look-alikes the
//! caller can read), and feedback on a recognition with the pre-paper tags.

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::ai::{
    AiFeedbackTags, AiPaperFeedback, AiPaperQuestionQuery, AiPaperTask, AiPaperTaskId, AiPaperTaskSave, AiPaperTaskSaveToBank, AiPaperTaskSaved,
    AiPaperTaskSearch, AiTaskQuestion, AiTaskRelation, AI_PAPER_TAGS_BAD, AI_PAPER_TAGS_GOOD, AI_TASK_FILE_KINDS, AI_TASK_MAX_FILE_BYTES,
    AI_TASK_MAX_QUESTIONS, AI_TASK_RECOGNIZED, AI_TASK_RECOGNIZING, AI_TASK_SAVED, AI_TASK_WAITING,
};
use protocol::dto::basket::BASKET_LIMIT;
use protocol::dto::common::Page;
use protocol::dto::question::{QuestionContent, OBJECTIVE_TYPES, QUESTION_TYPES};
use storage::ai::paper::{self, ItemRow, NewItem, TaskFields, TaskRow};
use storage::jobs::JobKind;
use storage::question::{self, search, segment};

use crate::access::ai::own_task;
use crate::access::{records, Access};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::handlers::question::{bank_nodes, check_scope, to_new, MAX_ANALYSIS_CHARS, MAX_OPTION_CHARS, MAX_STEM_CHARS};
use crate::paging::Paging;
use crate::paper_recognition::{current, push_task, view};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// The longest task title (characters).
const TITLE_CHARS: usize = 100;
/// Knowledge points a task names at most.
const MAX_TASK_POINTS: usize = 5;
/// Look-alike questions named per task question.
const SIMILAR_PER_ITEM: i64 = 3;
/// Words of a stem the look-alike search uses (all must occur).
const SIMILAR_WORDS: usize = 8;

pub fn routes(r: &mut impl RouteSink) {
    let call = |path, what| info(Method::POST, path, Access::Session, "ai", what);
    r.add(call("/api/ai/paper/task/addOrUpdate", "Create an AI paper task, or change its fields or questions").spec(&["S454"]), add_or_update);
    r.add(call("/api/ai/paper/task/details", "An AI paper task of mine").spec(&["S455"]), details);
    r.add(call("/api/ai/paper/task/delete", "Delete an AI paper task of mine (a recognition under way stops)").spec(&["S456"]), delete);
    r.add(call("/api/ai/paper/task/recognize", "Recognise the task's paper into questions (a job; magic_ai_paper_task pushes)").spec(&["S457"]), recognize);
    r.add(call("/api/ai/paper/task/save", "Save the task's questions into my own questions of the bank").spec(&["S458"]), save);
    r.add(call("/api/ai/paper/task/search", "My AI paper tasks, newest first, by title words and status").spec(&["S459"]), search_tasks);
    r.add(call("/api/ai/paper/task/questions", "A page of a task's questions").spec(&["S460"]), questions);
    r.add(call("/api/ai/paper/task/relation", "Each task question's bank question and look-alikes I can read").spec(&["S461"]), relation);
    r.add(info(Method::GET, "/api/ai/paper/feedback/tags", Access::Session, "ai", "The tags of feedback on a recognised paper").spec(&["S464"]), feedback_tags);
    r.add(call("/api/ai/paper/task/feedback", "Say whether a recognition was good, with tags"), feedback);
}

async fn task_view(state: &AppState, id: i64) -> ApiResult<AiPaperTask> {
    current(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("任务不存在".into()))
}

fn item_view(row: &ItemRow) -> AiTaskQuestion {
    AiTaskQuestion {
        item_id: Some(row.id),
        question_type: row.question_type,
        stem: row.stem.clone(),
        options: row.option_list(),
        answer: row.answer.clone(),
        analysis: row.analysis.clone(),
        difficulty: Some(row.difficulty),
        knowledge_ids: row.knowledge(),
        saved_question_id: row.saved_question_id,
    }
}

/// A finished upload of the caller's that can be recognised. Another user's upload (or none)
/// is absent (A0404), as everywhere an upload is named; a wrong kind or size is bad input.
async fn paper_file(state: &AppState, caller: &Caller, file_id: &str) -> ApiResult<()> {
    let upload = records::own_upload(state, caller, file_id).await.map_err(|e| match e {
        ApiError::NotFound(_) => ApiError::NotFound("试卷文件不存在，请重新上传".into()),
        other => other,
    })?;
    if upload.status != storage::uploads::COMPLETE {
        return Err(ApiError::bad_request("试卷文件尚未上传完成"));
    }
    if !AI_TASK_FILE_KINDS.contains(&upload.ext.to_lowercase().as_str()) {
        return Err(ApiError::bad_request("只能识别 png、jpg、jpeg 图片或 pdf 文件"));
    }
    if upload.size > AI_TASK_MAX_FILE_BYTES {
        return Err(ApiError::bad_request("试卷文件不能超过20MB"));
    }
    Ok(())
}

/// Checks a question as edited (knowledge points are checked when it is saved to the bank).
fn checked_item(q: &AiTaskQuestion, index: usize, kept: Option<&ItemRow>) -> ApiResult<NewItem> {
    let at = |msg: &str| ApiError::bad_request(format!("第{}题：{msg}", index + 1));
    if !QUESTION_TYPES.iter().any(|(t, _)| *t == q.question_type) {
        return Err(at("题型不存在"));
    }
    let stem = q.stem.trim();
    if stem.is_empty() || stem.chars().count() > MAX_STEM_CHARS {
        return Err(at(&format!("题干需为1到{MAX_STEM_CHARS}个字")));
    }
    let objective = OBJECTIVE_TYPES.contains(&q.question_type);
    let options: Vec<String> = q.options.iter().map(|o| o.trim().to_owned()).collect();
    if objective && (!(2..=6).contains(&options.len()) || options.iter().any(|o| o.is_empty() || o.chars().count() > MAX_OPTION_CHARS)) {
        return Err(at(&format!("选择题需有2到6个选项，每个1到{MAX_OPTION_CHARS}个字")));
    }
    if q.answer.chars().count() > MAX_ANALYSIS_CHARS || q.analysis.chars().count() > MAX_ANALYSIS_CHARS {
        return Err(at(&format!("答案与解析各不能超过{MAX_ANALYSIS_CHARS}个字")));
    }
    let difficulty = q.difficulty.unwrap_or(3);
    if !(1..=5).contains(&difficulty) {
        return Err(at("难度需在1到5之间"));
    }
    if q.knowledge_ids.len() > MAX_TASK_POINTS {
        return Err(at(&format!("最多选择{MAX_TASK_POINTS}个知识点")));
    }
    Ok(NewItem {
        question_type: q.question_type,
        stem: stem.to_owned(),
        options: if objective { options } else { Vec::new() },
        answer: q.answer.trim().to_owned(),
        analysis: q.analysis.trim().to_owned(),
        difficulty,
        knowledge_ids: q.knowledge_ids.clone(),
        saved_question_id: kept.and_then(|k| k.saved_question_id),
    })
}

async fn add_or_update(state: web::Data<AppState>, caller: Caller, body: web::Json<AiPaperTaskSave>) -> ApiResult<Reply<AiPaperTask>> {
    let title = super::super::bounded_text(&body.title, TITLE_CHARS, "标题")?;
    check_scope(body.subject, body.stage)?;
    let points = super::distinct(&body.knowledge_ids);
    if points.len() > MAX_TASK_POINTS {
        return Err(ApiError::bad_request(format!("最多选择{MAX_TASK_POINTS}个知识点")));
    }
    // Each point readable and of the subject and stage.
    bank_nodes(&state, &caller, &points, body.subject, body.stage).await?;
    let existing = match body.task_id {
        Some(id) => Some(own_task(&state, &caller, id).await?),
        None => None,
    };
    // No `fileId` keeps the task's file; an empty one removes it.
    let file_id = match (body.file_id.as_deref(), &existing) {
        (Some(f), _) => f.trim().to_owned(),
        (None, Some(task)) => task.file_id.clone(),
        (None, None) => String::new(),
    };
    if !file_id.is_empty() && existing.as_ref().is_none_or(|t| t.file_id != file_id) {
        paper_file(&state, &caller, &file_id).await?;
    }
    if let Some(task) = &existing {
        if task.status == AI_TASK_WAITING || task.status == AI_TASK_RECOGNIZING {
            return Err(ApiError::Conflict("正在识别中，完成后再修改".into()));
        }
    }
    // The questions, checked before anything is written.
    let items = match &body.questions {
        None => None,
        Some(list) => {
            if list.len() > AI_TASK_MAX_QUESTIONS {
                return Err(ApiError::bad_request(format!("一份试卷最多{AI_TASK_MAX_QUESTIONS}道题")));
            }
            let stored = match &existing {
                Some(task) => paper::items(&state.db, task.id).await?,
                None => Vec::new(),
            };
            let mut items = Vec::with_capacity(list.len());
            for (i, q) in list.iter().enumerate() {
                let kept = q.item_id.and_then(|id| stored.iter().find(|s| s.id == id));
                if q.item_id.is_some() && kept.is_none() {
                    return Err(ApiError::bad_request(format!("第{}题不属于这个任务", i + 1)));
                }
                items.push(checked_item(q, i, kept)?);
            }
            Some(items)
        }
    };
    let fields = TaskFields { title: &title, subject: body.subject, stage: body.stage, file_id: &file_id, knowledge_ids: &points };
    let id = match &existing {
        Some(task) => {
            paper::update(&state.db, task.id, &fields).await?;
            task.id
        }
        None => paper::create(&state.db, caller.user.id, &fields).await?,
    };
    if let Some(items) = items {
        paper::replace_items(&state.db, id, &items).await?;
    }
    Ok(Reply(task_view(&state, id).await?))
}

async fn details(state: web::Data<AppState>, caller: Caller, body: web::Json<AiPaperTaskId>) -> ApiResult<Reply<AiPaperTask>> {
    let task = own_task(&state, &caller, body.task_id).await?;
    Ok(Reply(task_view(&state, task.id).await?))
}

async fn delete(state: web::Data<AppState>, caller: Caller, body: web::Json<AiPaperTaskId>) -> ApiResult<Reply<bool>> {
    let task = own_task(&state, &caller, body.task_id).await?;
    paper::delete(&state.db, task.id).await?;
    Ok(Reply(true))
}

async fn recognize(state: web::Data<AppState>, caller: Caller, body: web::Json<AiPaperTaskId>) -> ApiResult<Reply<AiPaperTask>> {
    let task = own_task(&state, &caller, body.task_id).await?;
    let provider = state.ai.clone().ok_or_else(crate::ai::not_configured)?;
    if task.file_id.is_empty() {
        return Err(ApiError::bad_request("请先上传试卷图片或PDF"));
    }
    if task.status == AI_TASK_WAITING || task.status == AI_TASK_RECOGNIZING {
        return Err(ApiError::Conflict("正在识别中".into()));
    }
    if task.saved_count > 0 {
        return Err(ApiError::Conflict("已有题目保存到题库，不能重新识别；请新建任务".into()));
    }
    paper_file(&state, &caller, &task.file_id).await?;
    crate::assistant::check_limits(&state.db, provider.config(), caller.user.id).await?;
    if !paper::queue_recognition(&state.db, task.id, caller.user.id, hub::jobs::MAX_WAITING_PER_USER).await? {
        return Err(ApiError::from(hub::jobs::SubmitError::QueueFull));
    }
    // The task as queued (a worker may claim it the moment it is woken).
    let queued = task_view(&state, task.id).await?;
    state.jobs.submitted(JobKind::AiPaperRecognize, caller.user.id, task.id).await;
    Ok(Reply(queued))
}

/// The points a task question is saved under: its own, else the task's.
fn points_of(task: &TaskRow, item: &ItemRow) -> Vec<i64> {
    let own = item.knowledge();
    if own.is_empty() {
        task.knowledge()
    } else {
        own
    }
}

async fn save(state: web::Data<AppState>, caller: Caller, body: web::Json<AiPaperTaskSaveToBank>) -> ApiResult<Reply<AiPaperTaskSaved>> {
    let task = own_task(&state, &caller, body.task_id).await?;
    if task.status != AI_TASK_RECOGNIZED && task.status != AI_TASK_SAVED {
        return Err(ApiError::Conflict("识别完成后才能保存".into()));
    }
    let items = paper::items(&state.db, task.id).await?;
    let chosen: Vec<&ItemRow> = match &body.item_ids {
        Some(ids) => {
            if let Some(id) = ids.iter().find(|id| !items.iter().any(|i| i.id == **id)) {
                return Err(ApiError::bad_request(format!("题目{id}不属于这个任务")));
            }
            items.iter().filter(|i| ids.contains(&i.id)).collect()
        }
        None => items.iter().collect(),
    };
    let pending: Vec<&ItemRow> = chosen.iter().copied().filter(|i| i.saved_question_id.is_none()).collect();
    // Every question checked as the bank checks its own, before any is saved.
    let mut new = Vec::with_capacity(pending.len());
    for item in &pending {
        let content = QuestionContent {
            question_type: item.question_type,
            stem: item.stem.clone(),
            options: item.option_list(),
            answer: item.answer.clone(),
            analysis: item.analysis.clone(),
            difficulty: item.difficulty,
            knowledge_ids: points_of(&task, item),
        };
        new.push(to_new(&state, &caller, task.subject, task.stage, &content).await.map_err(|e| match e {
            ApiError::BadRequest(m) => ApiError::bad_request(format!("第{}题：{m}", item.position)),
            other => other,
        })?);
    }
    for (item, question) in pending.iter().zip(&new) {
        let id = question::insert(&state.db, question).await?;
        // Saved meanwhile by another request, or replaced: the copy made here is not kept.
        if !paper::mark_saved(&state.db, task.id, item.id, id).await? {
            question::delete(&state.db, id).await?;
        }
    }
    let saved: Vec<i64> =
        paper::items(&state.db, task.id).await?.iter().filter(|i| chosen.iter().any(|c| c.id == i.id)).filter_map(|i| i.saved_question_id).collect();
    push_task(&state.db, &state.hub, caller.user.id, task.id).await;
    let in_basket = if body.add_to_basket {
        question::basket::add(&state.db, caller.user.id, &saved, BASKET_LIMIT)
            .await?
            .ok_or_else(|| ApiError::Conflict(format!("题目已保存，但试题篮最多{BASKET_LIMIT}道题，未能全部加入")))?
    } else {
        0
    };
    Ok(Reply(AiPaperTaskSaved { task: task_view(&state, task.id).await?, question_ids: saved, in_basket }))
}

async fn search_tasks(state: web::Data<AppState>, caller: Caller, body: web::Json<AiPaperTaskSearch>) -> ApiResult<Reply<Page<AiPaperTask>>> {
    let paging = Paging::new(body.page_no, body.page_size, 10)?;
    let keyword = super::super::keyword(body.keyword.as_deref(), TITLE_CHARS)?;
    let (rows, total) = paper::search(&state.db, caller.user.id, keyword.as_deref(), body.status, paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows.iter().map(view).collect(), total)))
}

async fn questions(state: web::Data<AppState>, caller: Caller, body: web::Json<AiPaperQuestionQuery>) -> ApiResult<Reply<Page<AiTaskQuestion>>> {
    let task = own_task(&state, &caller, body.task_id).await?;
    let paging = Paging::new(body.page_no, body.page_size, 20)?;
    let (rows, total) = paper::item_page(&state.db, task.id, body.question_type, paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows.iter().map(item_view).collect(), total)))
}

async fn relation(state: web::Data<AppState>, caller: Caller, body: web::Json<AiPaperTaskId>) -> ApiResult<Reply<Vec<AiTaskRelation>>> {
    let task = own_task(&state, &caller, body.task_id).await?;
    let mut out = Vec::new();
    for item in paper::items(&state.db, task.id).await? {
        let terms: Vec<String> = segment::query_terms(&item.stem).into_iter().take(SIMILAR_WORDS).collect();
        let mut similar = Vec::new();
        if !terms.is_empty() {
            let query = search::Query {
                viewer: caller.user.id,
                subject: task.subject,
                stage: task.stage,
                terms,
                types: vec![item.question_type],
                difficulties: Vec::new(),
                nodes: None,
                tags: Vec::new(),
                source: search::Source::All,
                order: search::Order::Relevance,
            };
            let (hits, _) = search::search(&state.db, &query, 1, SIMILAR_PER_ITEM + 1).await?;
            similar = hits.into_iter().map(|h| h.id).filter(|id| Some(*id) != item.saved_question_id).take(SIMILAR_PER_ITEM as usize).collect();
        }
        out.push(AiTaskRelation { item_id: item.id, saved_question_id: item.saved_question_id, similar_question_ids: similar });
    }
    Ok(Reply(out))
}

async fn feedback_tags(_: Caller) -> ApiResult<Reply<AiFeedbackTags>> {
    let owned = |tags: &[&str]| tags.iter().map(|t| (*t).to_owned()).collect();
    Ok(Reply(AiFeedbackTags { useful: owned(&AI_PAPER_TAGS_GOOD), not_useful: owned(&AI_PAPER_TAGS_BAD) }))
}

async fn feedback(state: web::Data<AppState>, caller: Caller, body: web::Json<AiPaperFeedback>) -> ApiResult<Reply<AiPaperTask>> {
    let task = own_task(&state, &caller, body.task_id).await?;
    if task.status != AI_TASK_RECOGNIZED && task.status != AI_TASK_SAVED {
        return Err(ApiError::Conflict("识别完成后才能评价".into()));
    }
    let verdict = super::Verdict::checked(body.useful, &body.tags, body.note.as_deref(), (&AI_PAPER_TAGS_GOOD, &AI_PAPER_TAGS_BAD))?;
    paper::set_feedback(&state.db, task.id, verdict.value, &verdict.tags_json, &verdict.note).await?;
    Ok(Reply(task_view(&state, task.id).await?))
}
