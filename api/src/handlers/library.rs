//! The lecture library (03 §7.1 "Library"): valid, published teaching outlines given to schools,
//! their lessons and handouts, a teacher's copy of a library's handouts, the page layout; and
//! save-to-knowledge (03 §4), queued work whose progress is pushed.

use actix_web::http::Method;
use actix_web::web;
use hub::jobs::download::BUSINESS_OUTLINE;
use hub::jobs::{SubmitError, MAX_WAITING_PER_USER};
use protocol::dto::common::CodeName;
use protocol::dto::common::Empty;
use protocol::dto::download::DownloadSubmitted;
use protocol::dto::library::{
    HaveProcessingRecord, LayoutSettings, LibrarySchoolsRequest, LibraryStatusRequest, LibraryTreeNode, LibraryTreeRequest, OutlineConfigUpdateRequest,
    OutlineLessonContent, OutlineLessonIdRequest, OutlinePaperUpdateRequest, OutlineUpdateRequest, SaveToKnwRecordList, SaveToKnwRequest,
    UpdateUserViewedRequest,
};
use protocol::dto::library::{
    OutlineDownloadRequest, ResourceAuditRequest, ResourceInfoQuery, TeachingResourceInfo, RESOURCE_AUDIT_APPROVED, RESOURCE_AUDIT_NONE,
    RESOURCE_AUDIT_PENDING, RESOURCE_AUDIT_REFUSED,
};
use protocol::dto::outline::{OutlineIdRequest, OutlineTree, TeachingOutline};
use protocol::dto::paper::PaperRef;
use protocol::dto::teaching_material::CLASS_TYPES;
use storage::jobs::JobKind;
use storage::knowledge_saves;
use storage::outline::{self, OutlineColumn, OutlineFilter};

use super::outline::{check_config, outline_for, to_units, tree, view};
use super::question::check_scope;
use crate::access::library::{require_editor, teaching_resource_for};
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
    let l = |path, summary| info(Method::POST, path, Access::Session, "library", summary);
    r.add(l("/api/library/copy", "Copy a library outline's handouts into the caller's own").spec(&["S244"]), copy_handouts);
    r.add(l("/api/library/updateStatus", "Publish a valid outline to the lecture library, or withdraw it").spec(&["S245"]), update_status);
    r.add(l("/api/library/queryLibraryTreeList", "The lecture library: class types with their outlines").spec(&["S246"]), library_tree);
    r.add(l("/api/library/queryOutlineData", "An outline with its units, lessons and handouts").spec(&["S247"]), outline_data);
    r.add(l("/api/library/transferSchoolInfo", "The schools whose library holds an outline; answers them").spec(&["S248"]), transfer_schools);
    r.add(l("/api/layoutSettings/query", "The caller's layout of the lecture library").spec(&["S249"]), layout_query);
    r.add(l("/api/layoutSettings/update", "Save the caller's layout of the lecture library").spec(&["S250"]), layout_update);
    r.add(l("/api/library/outline/tree", "An outline's units and lessons").spec(&["S251"]), outline_data);
    r.add(l("/api/library/outline/content", "A lesson with its handout's sections").spec(&["S252"]), lesson_content);
    r.add(l("/api/library/outline/config/detail", "How an outline's course runs").spec(&["S253"]), config_detail);
    r.add(l("/api/library/outline/config/update", "Change how an outline's course runs").spec(&["S254"]), config_update);
    r.add(l("/api/library/outline/update", "Replace an outline's units and lessons").spec(&["S255"]), outline_update);
    r.add(l("/api/library/outline/paper/update", "Bind a handout to a lesson (or unbind)").spec(&["S256"]), lesson_paper);
    r.add(l("/api/library/outline/download/submit", "Queue an outline as a Word document in the download centre").spec(&["S257"]), outline_download);
    r.add(
        l("/api/teachingResource/updateAuditStatus", "Offer a resource to the library or take it back (owner); approve or refuse it (library editors)")
            .spec(&["S262"]),
        resource_audit,
    );
    r.add(
        info(Method::GET, "/api/teachingResource/queryResourceInfo", Access::Session, "library", "A teaching resource and its place in the library")
            .spec(&["S263"]),
        resource_info,
    );
}

async fn outline_download(state: web::Data<AppState>, caller: Caller, body: web::Json<OutlineDownloadRequest>) -> ApiResult<Reply<DownloadSubmitted>> {
    let row = outline_for(&state, &caller, body.outline_id, false).await?;
    Ok(Reply(super::download::queue(&state, &caller, &row.name, "docx", BUSINESS_OUTLINE, row.id).await?))
}

async fn resource_view(state: &AppState, caller: &Caller, id: i64) -> ApiResult<TeachingResourceInfo> {
    let (r, (audit_status, audit_note, audited_at)) = teaching_resource_for(state, caller, id).await?;
    let owner_name = storage::accounts::by_id(&state.db, r.user_id).await.map(|u| u.name).unwrap_or_default();
    Ok(TeachingResourceInfo {
        resource_id: r.id,
        name: r.name,
        ext: r.ext,
        file_class: r.class,
        size: r.size,
        owner_name,
        is_owner: r.user_id == caller.user.id,
        audit_status,
        audit_note,
        audit_time: audited_at.unwrap_or(0),
        create_time: r.created_at,
    })
}

async fn resource_info(state: web::Data<AppState>, caller: Caller, query: web::Query<ResourceInfoQuery>) -> ApiResult<Reply<TeachingResourceInfo>> {
    Ok(Reply(resource_view(&state, &caller, query.resource_id).await?))
}

async fn resource_audit(state: web::Data<AppState>, caller: Caller, body: web::Json<ResourceAuditRequest>) -> ApiResult<Reply<TeachingResourceInfo>> {
    let (resource, _) = teaching_resource_for(&state, &caller, body.resource_id).await?;
    let note = body.note.as_deref().unwrap_or("").trim();
    if note.chars().count() > 200 {
        return Err(ApiError::bad_request("审核意见不能超过200个字"));
    }
    // Who may make each move, and from which states.
    let from: &[i64] = match body.audit_status {
        RESOURCE_AUDIT_PENDING | RESOURCE_AUDIT_NONE => {
            if resource.user_id != caller.user.id {
                return Err(ApiError::Forbidden("只有资源的上传者可以提交或撤回".into()));
            }
            if body.audit_status == RESOURCE_AUDIT_PENDING {
                &[RESOURCE_AUDIT_NONE, RESOURCE_AUDIT_REFUSED]
            } else {
                &[RESOURCE_AUDIT_PENDING, RESOURCE_AUDIT_APPROVED]
            }
        }
        RESOURCE_AUDIT_APPROVED | RESOURCE_AUDIT_REFUSED => {
            require_editor(&caller)?;
            &[RESOURCE_AUDIT_PENDING]
        }
        _ => return Err(ApiError::bad_request("auditStatus 只能是0（撤回）、1（提交）、2（通过）、3（驳回）")),
    };
    if body.audit_status == RESOURCE_AUDIT_REFUSED && note.is_empty() {
        return Err(ApiError::bad_request("驳回时请填写原因"));
    }
    if !storage::uploads::set_resource_audit(&state.db, resource.id, from, body.audit_status, note, caller.user.id).await? {
        return Err(ApiError::Conflict("资源当前的审核状态不允许这样操作".into()));
    }
    Ok(Reply(resource_view(&state, &caller, resource.id).await?))
}

const LAYOUT: &str = "library_layout";

async fn copy_handouts(state: web::Data<AppState>, caller: Caller, body: web::Json<OutlineIdRequest>) -> ApiResult<Reply<Vec<PaperRef>>> {
    let row = outline_for(&state, &caller, body.outline_id, false).await?;
    let mut copies = Vec::new();
    for lesson in outline::lessons(&state.db, row.id).await? {
        let Some(paper_id) = lesson.paper_id else { continue };
        if records::paper_for(&state, &caller, paper_id, Need::Read).await.is_ok() {
            copies.push(super::paper::copy_paper(&state, &caller, paper_id).await?);
        }
    }
    Ok(Reply(copies))
}

async fn update_status(state: web::Data<AppState>, caller: Caller, body: web::Json<LibraryStatusRequest>) -> ApiResult<Reply<TeachingOutline>> {
    require_editor(&caller)?;
    let row = outline_for(&state, &caller, body.outline_id, true).await?;
    match body.status {
        1 if row.valid != 1 => return Err(ApiError::Conflict("只有使用中的大纲可以发布到讲义库".into())),
        0 | 1 => {}
        _ => return Err(ApiError::bad_request("status 只能是0或1")),
    }
    outline::set(&state.db, row.id, OutlineColumn::Status, &body.status.to_string()).await?;
    Ok(Reply(view(&outline_for(&state, &caller, row.id, false).await?, &caller)))
}

async fn library_tree(state: web::Data<AppState>, caller: Caller, body: web::Json<LibraryTreeRequest>) -> ApiResult<Reply<Vec<LibraryTreeNode>>> {
    check_scope(body.subject, body.stage)?;
    let filter =
        OutlineFilter { subject: Some(body.subject), stage: Some(body.stage), library_of: Some(caller.user.selected_school_id), ..OutlineFilter::default() };
    let (rows, _) = outline::list(&state.db, &filter, 1, 1000).await?;
    Ok(Reply(
        CLASS_TYPES
            .iter()
            .filter_map(|(code, name)| {
                let outlines: Vec<LibraryTreeNode> = rows
                    .iter()
                    .filter(|o| o.class_type == *code)
                    .map(|o| LibraryTreeNode { key: format!("outline-{}", o.id), name: o.name.clone(), outline_id: Some(o.id), children: Vec::new() })
                    .collect();
                (!outlines.is_empty()).then(|| LibraryTreeNode { key: format!("class-{code}"), name: (*name).to_owned(), outline_id: None, children: outlines })
            })
            .collect(),
    ))
}

async fn outline_data(state: web::Data<AppState>, caller: Caller, body: web::Json<OutlineIdRequest>) -> ApiResult<Reply<OutlineTree>> {
    let row = outline_for(&state, &caller, body.outline_id, false).await?;
    Ok(Reply(tree(&state, &caller, &row).await?))
}

async fn transfer_schools(state: web::Data<AppState>, caller: Caller, body: web::Json<LibrarySchoolsRequest>) -> ApiResult<Reply<Vec<CodeName>>> {
    require_editor(&caller)?;
    let row = outline_for(&state, &caller, body.outline_id, true).await?;
    let mut ids = body.school_ids.clone();
    ids.sort_unstable();
    ids.dedup();
    let schools = storage::orgs::schools_by_ids(&state.db, &ids).await?;
    if schools.len() != ids.len() {
        return Err(ApiError::bad_request("校区不存在"));
    }
    outline::set(&state.db, row.id, OutlineColumn::Schools, &serde_json::to_string(&ids).unwrap_or_else(|_| "[]".into())).await?;
    Ok(Reply(schools.into_iter().map(|s| CodeName { code: s.id.to_string(), name: s.name }).collect()))
}

async fn layout_query(state: web::Data<AppState>, caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<LayoutSettings>> {
    let stored = storage::accounts::setting(&state.db, caller.user.id, LAYOUT).await?;
    Ok(Reply(stored.and_then(|s| serde_json::from_str(&s).ok()).unwrap_or_default()))
}

async fn layout_update(state: web::Data<AppState>, caller: Caller, body: web::Json<LayoutSettings>) -> ApiResult<Reply<LayoutSettings>> {
    let settings = body.into_inner();
    if !["card", "list"].contains(&settings.view_mode.as_str())
        || !["time", "name"].contains(&settings.sort_by.as_str())
        || !(1..=100).contains(&settings.page_size)
    {
        return Err(ApiError::bad_request("viewMode 为 card 或 list，sortBy 为 time 或 name，pageSize 为1到100"));
    }
    storage::accounts::set_setting(&state.db, caller.user.id, LAYOUT, &serde_json::to_string(&settings).unwrap_or_default()).await?;
    Ok(Reply(settings))
}

async fn lesson_content(state: web::Data<AppState>, caller: Caller, body: web::Json<OutlineLessonIdRequest>) -> ApiResult<Reply<OutlineLessonContent>> {
    let lesson = outline::lesson(&state.db, body.lesson_id).await?.filter(|l| l.parent_id != 0).ok_or_else(|| ApiError::NotFound("课次不存在".into()))?;
    let row = outline_for(&state, &caller, lesson.outline_id, false).await?;
    let whole = tree(&state, &caller, &row).await?;
    let (unit_title, view) = whole
        .units
        .into_iter()
        .find_map(|u| u.lessons.into_iter().find(|l| l.lesson_id == lesson.id).map(|l| (u.title.clone(), l)))
        .ok_or_else(|| ApiError::NotFound("课次不存在".into()))?;
    let sections = match lesson.paper_id {
        Some(paper) if records::paper_for(&state, &caller, paper, Need::Read).await.is_ok() => {
            Some(state.hub.with_doc(&records::paper_key(paper), |doc| Ok(hub::doc::handout::read_sections(doc))).await?)
        }
        _ => None,
    };
    Ok(Reply(OutlineLessonContent { outline_id: row.id, unit_title, lesson: view, sections }))
}

async fn config_detail(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<OutlineIdRequest>,
) -> ApiResult<Reply<protocol::dto::outline::OutlineConfig>> {
    let row = outline_for(&state, &caller, body.outline_id, false).await?;
    Ok(Reply(serde_json::from_str(&row.config).unwrap_or_default()))
}

async fn config_update(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<OutlineConfigUpdateRequest>,
) -> ApiResult<Reply<protocol::dto::outline::OutlineConfig>> {
    require_editor(&caller)?;
    check_config(&body.config)?;
    let row = outline_for(&state, &caller, body.outline_id, true).await?;
    let config = protocol::dto::outline::OutlineConfig { note: body.config.note.trim().to_owned(), ..body.config.clone() };
    outline::set(&state.db, row.id, OutlineColumn::Config, &serde_json::to_string(&config).unwrap_or_default()).await?;
    Ok(Reply(config))
}

async fn outline_update(state: web::Data<AppState>, caller: Caller, body: web::Json<OutlineUpdateRequest>) -> ApiResult<Reply<OutlineTree>> {
    require_editor(&caller)?;
    let row = outline_for(&state, &caller, body.outline_id, true).await?;
    if row.valid == 1 {
        return Err(ApiError::Conflict("使用中的大纲不能修改，请先设为编辑状态".into()));
    }
    let units = to_units(&state, &caller, row.subject, row.stage, &body.units).await?;
    outline::replace_units(&state.db, row.id, &units).await?;
    let row = outline_for(&state, &caller, row.id, false).await?;
    Ok(Reply(tree(&state, &caller, &row).await?))
}

async fn lesson_paper(state: web::Data<AppState>, caller: Caller, body: web::Json<OutlinePaperUpdateRequest>) -> ApiResult<Reply<OutlineTree>> {
    require_editor(&caller)?;
    let lesson = outline::lesson(&state.db, body.lesson_id).await?.filter(|l| l.parent_id != 0).ok_or_else(|| ApiError::NotFound("课次不存在".into()))?;
    let row = outline_for(&state, &caller, lesson.outline_id, true).await?;
    if let Some(paper) = body.paper_id {
        records::paper_for(&state, &caller, paper, Need::Read).await?;
    }
    outline::set_lesson_paper(&state.db, lesson.id, body.paper_id).await?;
    Ok(Reply(tree(&state, &caller, &row).await?))
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
