//! The camp builder: a camp's settings, phases and tasks. Every change goes through the camp's
//! row (`storage::camp::begin_change`): a published camp moves to editing, a shut one refuses.

use actix_web::{web, HttpRequest, HttpResponse};
use protocol::dictionary as dict;
use protocol::dto::camp::{
    AddPhaseRequest, AddPhaseTaskRequest, CampIdRequest, CampInfo, CampPhase, CampQuestion, CampRuleRequest, CampTaskRequest, CreateCampRequest, FlashCard,
    PhaseIdRequest, PhaseOrderRequest, PhaseStage, PhaseTask, PublishRuleItem, RenameCampRequest, RenamePhaseRequest, RenameTaskRequest, TaskFileInfo,
    TaskOrderRequest, TaskPreviewPermission, UpdateTaskBizIdRequest,
};
use protocol::dto::upload::SignedQuery;
use protocol::validation::{upload_class, UploadClass};
use storage::camp::structure::{self, NewTask, TaskContent, TaskRow};
use storage::camp::{self, stats, CampRow};
use storage::{now_ms, secrets};

use super::{camp_info, camp_phase, name, phase_task, structure_changed, FILE, FILE_TTL_MS};

use crate::access::records;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::signing;
use crate::state::AppState;

const CAMP_NAME_MAX: usize = 50;
const PHASE_NAME_MAX: usize = 50;
const TASK_NAME_MAX: usize = 95;
const TEXT_MAX: usize = 500;

async fn info_of(state: &AppState, camp: &CampRow) -> ApiResult<CampInfo> {
    Ok(camp_info(camp, &camp::counts(&state.db, camp.id).await?))
}

async fn working_copy(state: &AppState, camp_id: i64) -> ApiResult<Vec<CampPhase>> {
    Ok(structure::phases(&state.db, camp_id).await?.into_iter().map(camp_phase).collect())
}

pub(super) async fn create(state: web::Data<AppState>, caller: Caller, body: web::Json<CreateCampRequest>) -> ApiResult<Reply<CampInfo>> {
    let camp_name = name(&body.camp_name, "营地名称", CAMP_NAME_MAX)?;
    let description = body.description.as_deref().map(str::trim).unwrap_or("");
    if description.chars().count() > TEXT_MAX {
        return Err(ApiError::bad_request(format!("营地简介最多{TEXT_MAX}个字符")));
    }
    if let Some(id) = body.collection_id {
        camp::collection(&state.db, id).await?.filter(|c| c.owner_id == caller.user.id).ok_or_else(|| ApiError::NotFound("合集不存在".into()))?;
    }
    let row = camp::create(&state.db, &camp::NewCamp { owner_id: caller.user.id, name: &camp_name, description, collection_id: body.collection_id }).await?;
    Ok(Reply(info_of(&state, &row).await?))
}

pub(super) async fn info(state: web::Data<AppState>, caller: Caller, body: web::Json<CampIdRequest>) -> ApiResult<Reply<CampInfo>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    Ok(Reply(info_of(&state, &camp).await?))
}

pub(super) async fn phases(state: web::Data<AppState>, caller: Caller, body: web::Json<CampIdRequest>) -> ApiResult<Reply<Vec<CampPhase>>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    Ok(Reply(working_copy(&state, camp.id).await?))
}

pub(super) async fn rename(state: web::Data<AppState>, caller: Caller, body: web::Json<RenameCampRequest>) -> ApiResult<Reply<CampInfo>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    let camp_name = name(&body.camp_name, "营地名称", CAMP_NAME_MAX)?;
    let description = body.description.as_deref().map(str::trim);
    if description.is_some_and(|d| d.chars().count() > TEXT_MAX) {
        return Err(ApiError::bad_request(format!("营地简介最多{TEXT_MAX}个字符")));
    }
    let row = camp::rename(&state.db, camp.id, &camp_name, description).await?;
    structure_changed(&state, &row, "structure").await;
    Ok(Reply(info_of(&state, &row).await?))
}

pub(super) async fn add_phase(state: web::Data<AppState>, caller: Caller, body: web::Json<AddPhaseRequest>) -> ApiResult<Reply<CampPhase>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    let phase_name = name(&body.phase_name, "阶段名称", PHASE_NAME_MAX)?;
    let phase = structure::add_phase(&state.db, camp.id, &phase_name, dict::CAMP_MAX_PHASES).await?;
    structure_changed(&state, &camp, "structure").await;
    Ok(Reply(camp_phase(phase)))
}

pub(super) async fn delete_phase(state: web::Data<AppState>, caller: Caller, body: web::Json<PhaseIdRequest>) -> ApiResult<Reply<Vec<CampPhase>>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    structure::delete_phase(&state.db, camp.id, body.phase_id).await?;
    structure_changed(&state, &camp, "structure").await;
    Ok(Reply(working_copy(&state, camp.id).await?))
}

pub(super) async fn rename_phase(state: web::Data<AppState>, caller: Caller, body: web::Json<RenamePhaseRequest>) -> ApiResult<Reply<Vec<CampPhase>>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    let phase_name = name(&body.phase_name, "阶段名称", PHASE_NAME_MAX)?;
    structure::rename_phase(&state.db, camp.id, body.phase_id, &phase_name).await?;
    structure_changed(&state, &camp, "structure").await;
    Ok(Reply(working_copy(&state, camp.id).await?))
}

pub(super) async fn reorder_phases(state: web::Data<AppState>, caller: Caller, body: web::Json<PhaseOrderRequest>) -> ApiResult<Reply<Vec<CampPhase>>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    if body.phase_ids.len() > dict::CAMP_MAX_PHASES as usize {
        return Err(ApiError::bad_request("阶段过多"));
    }
    structure::reorder_phases(&state.db, camp.id, &body.phase_ids).await?;
    structure_changed(&state, &camp, "structure").await;
    Ok(Reply(working_copy(&state, camp.id).await?))
}

pub(super) async fn reorder_tasks(state: web::Data<AppState>, caller: Caller, body: web::Json<TaskOrderRequest>) -> ApiResult<Reply<Vec<CampPhase>>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    if body.task_ids.len() > dict::CAMP_MAX_TASKS_PER_PHASE as usize {
        return Err(ApiError::bad_request("任务过多"));
    }
    structure::reorder_tasks(&state.db, camp.id, body.phase_id, &body.task_ids).await?;
    structure_changed(&state, &camp, "structure").await;
    Ok(Reply(working_copy(&state, camp.id).await?))
}

fn check_questions(questions: &[CampQuestion]) -> ApiResult<()> {
    if questions.is_empty() || questions.len() > dict::CAMP_MAX_QUESTIONS {
        return Err(ApiError::bad_request(format!("题集需有1到{}道题", dict::CAMP_MAX_QUESTIONS)));
    }
    for (i, q) in questions.iter().enumerate() {
        let n = i + 1;
        if q.stem.trim().is_empty() || q.stem.chars().count() > TEXT_MAX {
            return Err(ApiError::bad_request(format!("第{n}题的题干需为1到{TEXT_MAX}个字符")));
        }
        if q.options.len() < 2 || q.options.len() > 6 || q.options.iter().any(|o| o.trim().is_empty() || o.chars().count() > 200) {
            return Err(ApiError::bad_request(format!("第{n}题需有2到6个非空选项")));
        }
        if q.answer < 0 || q.answer as usize >= q.options.len() {
            return Err(ApiError::bad_request(format!("第{n}题的答案不是它的选项")));
        }
    }
    Ok(())
}

fn check_cards(cards: &[FlashCard]) -> ApiResult<()> {
    if cards.is_empty() || cards.len() > dict::CAMP_MAX_CARDS {
        return Err(ApiError::bad_request(format!("闪卡需有1到{}张", dict::CAMP_MAX_CARDS)));
    }
    if let Some(i) = cards
        .iter()
        .position(|c| c.front.trim().is_empty() || c.back.trim().is_empty() || c.front.chars().count() > TEXT_MAX || c.back.chars().count() > TEXT_MAX)
    {
        return Err(ApiError::bad_request(format!("第{}张闪卡的正反面需为1到{TEXT_MAX}个字符", i + 1)));
    }
    Ok(())
}

/// The content of a question set or flash-card task, checked; `None` for other kinds.
fn content_of(task_type: i64, questions: Option<&Vec<CampQuestion>>, cards: Option<&Vec<FlashCard>>) -> ApiResult<Option<String>> {
    match task_type {
        dict::CAMP_TASK_QUESTIONS => {
            let questions = questions.ok_or_else(|| ApiError::bad_request("题集任务需要题目"))?;
            check_questions(questions)?;
            Ok(Some(TaskContent { questions: Some(questions.clone()), cards: None }.to_text()))
        }
        dict::CAMP_TASK_FLASH_CARDS => {
            let cards = cards.ok_or_else(|| ApiError::bad_request("闪卡任务需要卡片"))?;
            check_cards(cards)?;
            Ok(Some(TaskContent { questions: None, cards: Some(cards.clone()) }.to_text()))
        }
        _ => Ok(None),
    }
}

/// A file task's kind follows its file: media, image or document.
fn file_task_type(file_name: &str) -> ApiResult<i64> {
    match upload_class(file_name) {
        Some(UploadClass::Video | UploadClass::Audio) => Ok(dict::CAMP_TASK_MEDIA),
        Some(UploadClass::Image) => Ok(dict::CAMP_TASK_IMAGE),
        Some(UploadClass::Document) => Ok(dict::CAMP_TASK_DOCUMENT),
        None => Err(ApiError::bad_request(format!("不支持的文件类型：{file_name}"))),
    }
}

pub(super) async fn add_phase_task(state: web::Data<AppState>, caller: Caller, body: web::Json<AddPhaseTaskRequest>) -> ApiResult<Reply<Vec<PhaseTask>>> {
    let body = body.into_inner();
    // 01 §5: a document upload without a phase and camp id is not added as a task.
    let (Some(camp_id), Some(phase_id)) = (body.camp_id.filter(|c| *c > 0), body.phase_id.filter(|p| *p > 0)) else {
        return Err(ApiError::bad_request("缺少营地或阶段，文件未添加为任务"));
    };
    let camp = records::own_camp(&state, &caller, camp_id).await?;
    if body.task_list.is_empty() || body.task_list.len() > 50 {
        return Err(ApiError::bad_request("每次添加1到50个任务"));
    }
    struct Checked {
        biz_id: String,
        task_name: String,
        ext: String,
        task_type: i64,
        content: String,
        file: Option<records::TaskFile>,
    }
    let mut checked = Vec::with_capacity(body.task_list.len());
    for item in &body.task_list {
        let task_name = name(&item.task_name, "任务名称", TASK_NAME_MAX)?;
        match content_of(item.task_type, item.questions.as_ref(), item.cards.as_ref())? {
            Some(content) => checked.push(Checked { biz_id: String::new(), task_name, ext: String::new(), task_type: item.task_type, content, file: None }),
            None if matches!(item.task_type, dict::CAMP_TASK_DOCUMENT | dict::CAMP_TASK_MEDIA | dict::CAMP_TASK_IMAGE) => {
                let file = records::own_file(&state, &caller, &item.biz_id).await?;
                let task_type = file_task_type(&file.name)?;
                checked.push(Checked { biz_id: item.biz_id.clone(), task_name, ext: file.ext.clone(), task_type, content: String::new(), file: Some(file) });
            }
            None => return Err(ApiError::bad_request(format!("未知的任务类型：{}", item.task_type))),
        }
    }
    let tasks: Vec<NewTask> = checked
        .iter()
        .map(|c| NewTask {
            biz_id: &c.biz_id,
            task_name: &c.task_name,
            ext: &c.ext,
            task_type: c.task_type,
            content: c.content.clone(),
            file_key: c.file.as_ref().map_or("", |f| f.key.as_str()),
            file_name: c.file.as_ref().map_or("", |f| f.name.as_str()),
            file_size: c.file.as_ref().map_or(0, |f| f.size),
        })
        .collect();
    let added = structure::add_tasks(&state.db, caller.user.id, camp.id, phase_id, &tasks, dict::CAMP_MAX_TASKS_PER_PHASE).await?;
    structure_changed(&state, &camp, "structure").await;
    Ok(Reply(added.into_iter().map(phase_task).collect()))
}

pub(super) async fn delete_task(state: web::Data<AppState>, caller: Caller, body: web::Json<CampTaskRequest>) -> ApiResult<Reply<Vec<CampPhase>>> {
    let (camp, task) = records::own_camp_task(&state, &caller, Some(body.camp_id), body.task_id).await?;
    structure::delete_task(&state.db, camp.id, task.id).await?;
    structure_changed(&state, &camp, "structure").await;
    Ok(Reply(working_copy(&state, camp.id).await?))
}

pub(super) async fn rename_task(state: web::Data<AppState>, caller: Caller, body: web::Json<RenameTaskRequest>) -> ApiResult<Reply<PhaseTask>> {
    let (camp, task) = records::own_camp_task(&state, &caller, Some(body.camp_id), body.task_id).await?;
    let task_name = name(&body.task_name, "任务名称", TASK_NAME_MAX)?;
    let content = if body.questions.is_some() || body.cards.is_some() {
        Some(content_of(task.task_type, body.questions.as_ref(), body.cards.as_ref())?.ok_or_else(|| ApiError::bad_request("文件任务没有题目或卡片"))?)
    } else {
        None
    };
    let row = structure::update_task(&state.db, camp.id, task.id, &task_name, content).await?;
    structure_changed(&state, &camp, "structure").await;
    Ok(Reply(phase_task(row)))
}

pub(super) async fn update_task_biz_id(state: web::Data<AppState>, caller: Caller, body: web::Json<UpdateTaskBizIdRequest>) -> ApiResult<Reply<PhaseTask>> {
    let (camp, task) = records::own_camp_task(&state, &caller, None, body.task_id).await?;
    if task.file_key.is_empty() {
        return Err(ApiError::bad_request("该任务不是文件任务"));
    }
    let file = records::own_file(&state, &caller, &body.biz_id).await?;
    if file_task_type(&file.name)? != task.task_type {
        return Err(ApiError::bad_request("新文件与任务的类型不同"));
    }
    let row = structure::set_file(&state.db, camp.id, task.id, &body.biz_id, &file.key, &file.name, file.size).await?;
    structure_changed(&state, &camp, "structure").await;
    Ok(Reply(phase_task(row)))
}

pub(super) async fn set_rule(state: web::Data<AppState>, caller: Caller, body: web::Json<CampRuleRequest>) -> ApiResult<Reply<CampInfo>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    if !dict::CAMP_PUBLISH_RULES.iter().any(|(c, _, _)| *c == body.publish_rule) {
        return Err(ApiError::bad_request(format!("未知的发布规则：{}", body.publish_rule)));
    }
    let interval = body.interval_days.unwrap_or(camp.interval_days);
    if !(1..=60).contains(&interval) {
        return Err(ApiError::bad_request("解锁间隔需为1到60天"));
    }
    if body.publish_rule == dict::CAMP_RULE_BY_DATE && body.start_time.is_none() {
        return Err(ApiError::bad_request("按日期解锁需要开营日期"));
    }
    if body.start_time.is_some_and(|t| !(0..=4_102_444_800_000).contains(&t)) {
        return Err(ApiError::bad_request("开营日期无效"));
    }
    let row = camp::set_rule(&state.db, camp.id, body.publish_rule, body.start_time, interval).await?;
    structure_changed(&state, &row, "structure").await;
    Ok(Reply(info_of(&state, &row).await?))
}

pub(super) async fn staging_rule(state: web::Data<AppState>, caller: Caller, body: web::Json<CampIdRequest>) -> ApiResult<Reply<Vec<PhaseStage>>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    let phases = structure::phases(&state.db, camp.id).await?;
    let stages = phases
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let open_time = stats::phase_opens_at(&camp.rule(), i);
            let open_condition = match camp.publish_rule {
                dict::CAMP_RULE_IN_ORDER if i > 0 => "完成上一阶段的全部任务后开放".to_owned(),
                dict::CAMP_RULE_BY_DATE => open_time.map_or_else(|| "设置开营日期后可见".to_owned(), |t| format!("{} 开放", stats::day_text(stats::day_of(t)))),
                _ => "发布后即开放".to_owned(),
            };
            PhaseStage { phase_id: p.id, phase_name: p.name, seq_no: p.seq_no, open_time, open_condition }
        })
        .collect();
    Ok(Reply(stages))
}

pub(super) async fn publish_rules(_caller: Caller) -> ApiResult<Reply<Vec<PublishRuleItem>>> {
    Ok(Reply(dict::CAMP_PUBLISH_RULES.iter().map(|(code, n, d)| PublishRuleItem { code: *code, name: n.to_string(), description: d.to_string() }).collect()))
}

/// Which copy of a task a file link serves: the published version (students) or the working
/// copy (its owner's preview); a file replaced while editing reaches students only when published.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum FileCopy {
    Published,
    Working,
}

impl FileCopy {
    fn as_str(self) -> &'static str {
        match self {
            FileCopy::Published => "published",
            FileCopy::Working => "working",
        }
    }
}

/// A signed link to a task's file of one copy (its owner's preview or a member's reading).
pub(super) async fn file_link(state: &AppState, task: &TaskRow, copy: FileCopy) -> ApiResult<TaskFileInfo> {
    let key = secrets::signing_key(&state.db).await?;
    let expires = now_ms() + FILE_TTL_MS;
    let sig = signing::sign(&key, FILE, &format!("{}:{}", task.id, copy.as_str()), expires);
    Ok(TaskFileInfo {
        task_id: task.id,
        task_type: task.task_type,
        file_name: task.file_name.clone(),
        ext: task.ext.clone(),
        size: task.file_size,
        url: format!("/api/camp/files/{}/{}?expires={expires}&sig={sig}", task.id, copy.as_str()),
        expire_time: expires,
    })
}

async fn task_file_info(state: &AppState, caller: &Caller, body: &CampTaskRequest, kinds: &[i64], what: &str) -> ApiResult<TaskFileInfo> {
    let (_, task) = records::own_camp_task(state, caller, Some(body.camp_id), body.task_id).await?;
    if !kinds.contains(&task.task_type) || task.file_key.is_empty() {
        return Err(ApiError::bad_request(format!("该任务不是{what}任务")));
    }
    file_link(state, &task, FileCopy::Working).await
}

pub(super) async fn doc_info(state: web::Data<AppState>, caller: Caller, body: web::Json<CampTaskRequest>) -> ApiResult<Reply<TaskFileInfo>> {
    Ok(Reply(task_file_info(&state, &caller, &body, &[dict::CAMP_TASK_DOCUMENT, dict::CAMP_TASK_IMAGE], "文档").await?))
}

pub(super) async fn media_info(state: web::Data<AppState>, caller: Caller, body: web::Json<CampTaskRequest>) -> ApiResult<Reply<TaskFileInfo>> {
    Ok(Reply(task_file_info(&state, &caller, &body, &[dict::CAMP_TASK_MEDIA], "音视频").await?))
}

pub(super) async fn preview_permission(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<CampTaskRequest>,
) -> ApiResult<Reply<TaskPreviewPermission>> {
    let verdict = match records::own_camp_task(&state, &caller, Some(body.camp_id), body.task_id).await {
        Ok((_, task)) if !task.file_key.is_empty() && state.objects.size(&task.file_key).await.is_err() => (false, "任务的文件已不存在，请重新上传"),
        Ok(_) => (true, ""),
        Err(_) => (false, "只有营地的创建者可以预览它的任务"),
    };
    Ok(Reply(TaskPreviewPermission { allowed: verdict.0, reason: verdict.1.to_owned() }))
}

pub(super) async fn file(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, String)>,
    query: web::Query<SignedQuery>,
) -> ApiResult<HttpResponse> {
    let (id, copy) = path.into_inner();
    let key = secrets::signing_key(&state.db).await?;
    signing::check(&key, FILE, &format!("{id}:{copy}"), query.expires.unwrap_or(0), query.sig.as_deref().unwrap_or(""))?;
    let missing = || ApiError::NotFound("文件不存在".into());
    let (camp_id, working_key, working_name) = structure::file_of(&state.db, id).await?.ok_or_else(missing)?;
    let (file_key, file_name) = if copy == FileCopy::Published.as_str() {
        // The published version's file, even if the working copy has replaced or deleted it.
        let camp = camp::by_id(&state.db, camp_id).await?.ok_or_else(missing)?;
        let snapshot = camp.snapshot();
        let (_, _, task) = snapshot.task(id).ok_or_else(missing)?;
        (task.file_key.clone(), task.file_name.clone())
    } else {
        (working_key, working_name)
    };
    if file_key.is_empty() {
        return Err(missing());
    }
    let name = protocol::validation::download_file_name(&file_name);
    let (response, _) = crate::object_response::serve(&state.objects, &req, &file_key, &name).await?;
    Ok(response)
}
