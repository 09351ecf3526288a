//! Papers and handouts (03 §7.1 "Paper", "Atlas"): assembling a paper from the knowledge atlas,
//! detail, save, copy, header and layout settings, and versions. Content is read and written
//! through the document's room (`Hub::with_doc`), so REST calls and live editors never diverge;
//! a version is a V2 snapshot of the document, and restoring one is a new edit every open
//! editor receives.

pub mod analysis;

use std::collections::BTreeMap;

use actix_web::http::Method;
use actix_web::web;
use hub::doc::content;
use hub::doc::handout;
use protocol::dto::common::Page;
use protocol::dto::paper::{
    PaperAudit, PaperAuditJudgeRequest, PaperCollectionRequest, PaperDetail, PaperGlobalSettings, PaperGlobalSettingsSaveRequest, PaperHeaderInfo,
    PaperHeaderInfoSaveRequest, PaperIdQuery, PaperIdRequest, PaperLog, PaperLogIdRequest, PaperLogRequest, PaperPackageRequest, PaperPackageResult, PaperRef,
    PaperRestoreRequest, PaperSaveRequest, PaperSummary, PaperTreeNode, PaperVersion, HANDOUT_SECTIONS, HANDOUT_SECTION_TITLES, PAPER_FONT_FAMILIES,
};
use storage::accounts;
use storage::papers::{self, NewPaper, Paper, PAPER_TYPES};

use crate::access::atlas::content_admin;
use crate::access::records::{self, Need};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

const MAX_PACKAGE_NODES: usize = 50;
const MAX_TITLE_CHARS: usize = 100;
const MAX_SECTION_CHARS: usize = 200_000;

pub fn routes(r: &mut impl RouteSink) {
    analysis::routes(r);
    r.add(
        info(Method::POST, "/api/paper/package", Access::Session, "paper", "Assemble a paper from atlas nodes; returns the new paperId").spec(&["S219"]),
        package,
    );
    r.add(info(Method::POST, "/api/paper/detail", Access::Session, "paper", "Paper fields and content (ver 0 live, n a version)").spec(&["S214"]), detail);
    r.add(info(Method::POST, "/api/paper/save", Access::Session, "paper", "Save the title and/or sections through the live document").spec(&["S215"]), save);
    r.add(info(Method::POST, "/api/paper/copy", Access::Session, "paper", "Copy a paper the caller may read into a new one of theirs").spec(&["S216"]), copy);
    r.add(
        info(Method::POST, "/api/paper/createNewVersion", Access::Session, "paper", "Snapshot the document as the next version").spec(&["S228"]),
        create_new_version,
    );
    r.add(
        info(Method::GET, "/api/paper/latestPublishedCollectionId", Access::Session, "paper", "Id of the newest version, or null").spec(&["S229"]),
        latest_version,
    );
    r.add(info(Method::POST, "/api/paper/version/list", Access::Session, "paper", "The paper's versions, newest first"), versions);
    r.add(
        info(Method::POST, "/api/paper/restore", Access::Session, "paper", "Bring a version back as a new edit (open editors see it)").spec(&["S217"]),
        restore,
    );
    r.add(info(Method::POST, "/api/paper/headerInfo", Access::Session, "paper", "The paper's header").spec(&["S221"]), header_info);
    r.add(info(Method::POST, "/api/paper/headerInfoSave", Access::Session, "paper", "Save the paper's header").spec(&["S222"]), header_info_save);
    r.add(
        info(Method::POST, "/api/paper/globalsetting/save", Access::Session, "paper", "Save the paper's font and spacing").spec(&["S224"]),
        global_setting_save,
    );
    r.add(
        info(Method::POST, "/api/paper/audit/post", Access::Session, "paper", "Submit one's paper for audit (from none or refused)").spec(&["S226"]),
        audit_post,
    );
    r.add(
        info(Method::POST, "/api/paper/audit/judge", Access::Session, "paper", "Approve (into the library) or refuse a pending paper; admins").spec(&["S225"]),
        audit_judge,
    );
    r.add(
        info(Method::POST, "/api/paper/audit/updateAuditInfoInvisible", Access::Session, "paper", "Hide the audit result from the author's view")
            .spec(&["S227"]),
        audit_invisible,
    );
    r.add(
        info(Method::POST, "/api/paper/collection", Access::Session, "paper", "Papers one may list: one's own, approved ones, submitted ones for auditors")
            .spec(&["S218"]),
        collection,
    );
    r.add(info(Method::POST, "/api/paper/tree", Access::Session, "paper", "A paper's outline: sections and their headings").spec(&["S220"]), tree);
    r.add(info(Method::POST, "/api/log/docPaperOperateLogList", Access::Session, "paper", "A paper's changes, newest first").spec(&["S232"]), logs);
    r.add(info(Method::POST, "/api/log/docPaperOperateLogInfo", Access::Session, "paper", "One change of a paper").spec(&["S233"]), log_info);
}

fn audit_view(paper: &Paper) -> PaperAudit {
    PaperAudit {
        paper_id: paper.id,
        audit_status: paper.audit_status,
        audit_note: paper.audit_note.clone(),
        audit_time: paper.audited_at,
        audit_info_visible: paper.audit_info_visible != 0,
    }
}

async fn reloaded(state: &AppState, id: i64) -> ApiResult<Paper> {
    papers::by_id(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("讲义不存在".into()))
}

async fn audit_post(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperIdRequest>) -> ApiResult<Reply<PaperAudit>> {
    let (paper, _) = records::paper_for(&state, &caller, body.paper_id, Need::Edit).await?;
    if paper.owner_id != caller.user.id {
        return Err(ApiError::Forbidden("只有讲义的作者可以提交审核".into()));
    }
    if !papers::audit_post(&state.db, paper.id, caller.user.id).await? {
        return Err(ApiError::Conflict("该讲义正在审核或已通过".into()));
    }
    Ok(Reply(audit_view(&reloaded(&state, paper.id).await?)))
}

async fn audit_judge(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperAuditJudgeRequest>) -> ApiResult<Reply<PaperAudit>> {
    if !content_admin(&caller) {
        return Err(ApiError::Forbidden("只有管理员可以审核讲义".into()));
    }
    let note = body.note.as_deref().unwrap_or("").trim();
    if note.chars().count() > 200 {
        return Err(ApiError::bad_request("审核意见不能超过200个字"));
    }
    let (paper, _) = records::paper_for(&state, &caller, body.paper_id, Need::Read).await?;
    if !papers::audit_judge(&state.db, paper.id, caller.user.id, body.approve, note).await? {
        return Err(ApiError::Conflict("该讲义不在待审核状态".into()));
    }
    Ok(Reply(audit_view(&reloaded(&state, paper.id).await?)))
}

async fn audit_invisible(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperIdRequest>) -> ApiResult<Reply<PaperAudit>> {
    let (paper, _) = records::paper_for(&state, &caller, body.paper_id, Need::Read).await?;
    if paper.owner_id != caller.user.id {
        return Err(ApiError::Forbidden("只有讲义的作者可以这样做".into()));
    }
    papers::hide_audit_info(&state.db, paper.id).await?;
    Ok(Reply(audit_view(&reloaded(&state, paper.id).await?)))
}

async fn collection(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperCollectionRequest>) -> ApiResult<Reply<Page<PaperSummary>>> {
    let paging = Paging::new(body.page_no, body.page_size, 20)?;
    if body.paper_type.is_some_and(|t| !PAPER_TYPES.contains(&t)) {
        return Err(ApiError::bad_request("讲义类型只能是2、3、4、5"));
    }
    if body.audit_status.is_some_and(|s| !(0..=3).contains(&s)) {
        return Err(ApiError::bad_request("auditStatus 只能是0到3"));
    }
    let keyword = body.keyword.as_deref().map(str::trim).filter(|k| !k.is_empty());
    if keyword.is_some_and(|k| k.chars().count() > MAX_TITLE_CHARS) {
        return Err(ApiError::bad_request(format!("关键词不能超过{MAX_TITLE_CHARS}个字")));
    }
    let filter = papers::CollectionFilter {
        paper_type: body.paper_type,
        audit_status: body.audit_status,
        keyword: keyword.map(str::to_owned),
        mine: body.mine.unwrap_or(false),
    };
    let (rows, total) = papers::collection(&state.db, caller.user.id, content_admin(&caller), &filter, paging.page_no, paging.page_size).await?;
    let records = rows
        .into_iter()
        .map(|r| PaperSummary {
            paper_id: r.id,
            paper_title: r.title,
            paper_type: r.paper_type,
            subject: r.subject,
            stage: r.stage,
            owner_id: r.owner_id,
            owner_name: r.owner_name,
            audit_status: r.audit_status,
            audit_note: r.audit_note,
            audit_info_visible: r.audit_info_visible != 0,
            create_time: r.created_at,
            update_time: r.updated_at,
        })
        .collect();
    Ok(Reply(paging.page(records, total)))
}

async fn tree(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperIdRequest>) -> ApiResult<Reply<Vec<PaperTreeNode>>> {
    let (paper, _) = records::paper_for(&state, &caller, body.paper_id, Need::Read).await?;
    let blocks = state
        .hub
        .with_doc(&records::paper_key(paper.id), |doc| Ok(HANDOUT_SECTIONS.iter().map(|s| ((*s).to_owned(), content::read_blocks(doc, s))).collect::<Vec<_>>()))
        .await?;
    let nodes = blocks
        .into_iter()
        .zip(HANDOUT_SECTION_TITLES)
        .map(|((section, blocks), title)| PaperTreeNode {
            key: format!("section:{section}"),
            title: title.to_owned(),
            level: 1,
            children: blocks
                .iter()
                .enumerate()
                .filter(|(_, (name, text))| name == "heading" && !text.trim().is_empty())
                .map(|(i, (_, text))| PaperTreeNode { key: format!("heading:{section}:{i}"), title: text.clone(), level: 2, children: Vec::new() })
                .collect(),
        })
        .collect();
    Ok(Reply(nodes))
}

fn log_view(l: papers::LogRow) -> PaperLog {
    PaperLog { id: l.id, paper_id: l.paper_id, user_id: l.user_id, user_name: l.user_name, action: l.action, detail: l.detail, time: l.at }
}

async fn logs(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperLogRequest>) -> ApiResult<Reply<Page<PaperLog>>> {
    let paging = Paging::new(body.page_no, body.page_size, 20)?;
    let (paper, _) = records::paper_for(&state, &caller, body.paper_id, Need::Edit).await?;
    let (rows, total) = papers::logs(&state.db, paper.id, paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows.into_iter().map(log_view).collect(), total)))
}

async fn log_info(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperLogIdRequest>) -> ApiResult<Reply<PaperLog>> {
    let log = papers::log_by_id(&state.db, body.log_id).await?.ok_or_else(|| ApiError::NotFound("记录不存在".into()))?;
    records::paper_for(&state, &caller, log.paper_id, Need::Edit).await.map_err(|_| ApiError::NotFound("记录不存在".into()))?;
    Ok(Reply(log_view(log)))
}

fn header_of(paper: &Paper) -> PaperHeaderInfo {
    serde_json::from_str(&paper.header_info).unwrap_or_default()
}

fn settings_of(paper: &Paper) -> PaperGlobalSettings {
    serde_json::from_str(&paper.global_settings).unwrap_or_default()
}

fn detail_of(paper: &Paper, ver: i64, can_edit: bool, caller: &Caller, sections: BTreeMap<String, Vec<String>>) -> PaperDetail {
    PaperDetail {
        paper_id: paper.id,
        paper_title: paper.title.clone(),
        paper_type: paper.paper_type,
        subject: paper.subject,
        stage: paper.stage,
        school_id: paper.school_id,
        create_time: paper.created_at,
        update_time: paper.updated_at,
        ver,
        can_edit: can_edit && ver == 0,
        is_owner: paper.owner_id == caller.user.id,
        sections,
        header_info: header_of(paper),
        global_settings: settings_of(paper),
    }
}

async fn package(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperPackageRequest>) -> ApiResult<Reply<PaperPackageResult>> {
    let body = body.into_inner();
    if !PAPER_TYPES.contains(&body.paper_type) {
        return Err(ApiError::bad_request("讲义类型只能是2、3、4、5"));
    }
    if body.paper_list.is_empty() || body.paper_list.len() > MAX_PACKAGE_NODES {
        return Err(ApiError::bad_request(format!("请选择1到{MAX_PACKAGE_NODES}个知识点")));
    }
    // Each chosen node becomes a heading with its summary; a chapter brings its points.
    let mut blocks = Vec::new();
    let mut first_name = None;
    for item in &body.paper_list {
        // Absent, like every record one may not see (the tree's rule decides below).
        let missing = || ApiError::NotFound(format!("知识点不存在：{}", item.atlas_id));
        let node = storage::atlas::node(&state.db, item.atlas_id).await?.ok_or_else(missing)?;
        // A tree the caller may not read is as good as absent.
        crate::access::atlas::tree_for(&state, &caller, node.tree_id, crate::access::atlas::TreeNeed::Read).await.map_err(|_| missing())?;
        if node.subject != body.subject || node.stage != body.stage || node.tree_id != body.tree_id {
            return Err(ApiError::bad_request(format!("知识点{}不属于所选学科、学段与图谱", node.name)));
        }
        first_name.get_or_insert_with(|| node.name.clone());
        blocks.push((node.name.clone(), node.summary.clone()));
        for child in storage::atlas::children(&state.db, node.id).await? {
            blocks.push((child.name, child.summary));
        }
    }
    // The parent names the paper (and counts it on its node): a node of a tree the caller may
    // not read is as good as absent, like one that does not exist.
    let parent = match body.parent_atlas_id.filter(|id| *id > 0) {
        Some(id) => {
            let (node, _, _) = crate::access::atlas::node_for(&state, &caller, id, crate::access::atlas::TreeNeed::Read).await.map_err(|e| match e {
                ApiError::NotFound(_) => ApiError::NotFound("上级知识点不存在".into()),
                other => other,
            })?;
            Some(node)
        }
        None => None,
    };
    let title = format!("{}讲义", parent.as_ref().map(|p| p.name.clone()).or(first_name).unwrap_or_default());
    let header = PaperHeaderInfo { title: title.clone(), teacher_name: caller.user.name.clone(), ..PaperHeaderInfo::default() };
    let paper = papers::create(
        &state.db,
        &NewPaper {
            owner_id: caller.user.id,
            paper_type: body.paper_type,
            title: &title,
            subject: body.subject,
            stage: body.stage,
            school_id: caller.user.selected_school_id,
            tree_id: body.tree_id,
            parent_atlas_id: parent.map(|p| p.id).unwrap_or(0),
            header_info: &serde_json::to_string(&header).unwrap_or_default(),
            global_settings: &serde_json::to_string(&PaperGlobalSettings::default()).unwrap_or_default(),
            copied_from: None,
        },
    )
    .await?;
    let heading = title.clone();
    state
        .hub
        .with_doc(&records::paper_key(paper.id), move |doc| {
            content::write_paragraphs(doc, "handoutTitle", &[heading]);
            content::write_outline(doc, "knowledgeReview", &blocks);
            Ok(())
        })
        .await?;
    papers::log(&state.db, paper.id, caller.user.id, "create", "").await?;
    Ok(Reply(PaperPackageResult { paper_id: paper.id, paper_list: vec![PaperRef { paper_id: paper.id, paper_name: title }] }))
}

async fn detail(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperIdRequest>) -> ApiResult<Reply<PaperDetail>> {
    let (paper, can_edit) = records::paper_for(&state, &caller, body.paper_id, Need::Read).await?;
    let ver = body.ver.unwrap_or(0);
    let sections = if ver == 0 {
        state.hub.with_doc(&records::paper_key(paper.id), |doc| Ok(handout::read_sections(doc))).await?
    } else {
        let state_v2 = papers::version_state(&state.db, paper.id, ver).await?.ok_or_else(|| ApiError::NotFound("版本不存在".into()))?;
        handout::read_sections(&handout::from_snapshot(&state_v2)?)
    };
    Ok(Reply(detail_of(&paper, ver, can_edit, &caller, sections)))
}

fn valid_title(title: &str) -> ApiResult<String> {
    let title = title.trim();
    if title.is_empty() || title.chars().count() > MAX_TITLE_CHARS {
        return Err(ApiError::bad_request(format!("讲义标题需为1到{MAX_TITLE_CHARS}个字符")));
    }
    Ok(title.to_owned())
}

async fn save(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperSaveRequest>) -> ApiResult<Reply<PaperDetail>> {
    let body = body.into_inner();
    let (paper, can_edit) = records::paper_for(&state, &caller, body.paper_id, Need::Edit).await?;
    let title = body.paper_title.as_deref().map(valid_title).transpose()?;
    let sections = body.sections.unwrap_or_default();
    for (key, paragraphs) in &sections {
        if !HANDOUT_SECTIONS.contains(&key.as_str()) {
            return Err(ApiError::bad_request(format!("未知的讲义栏目：{key}")));
        }
        if paragraphs.iter().map(|p| p.chars().count()).sum::<usize>() > MAX_SECTION_CHARS {
            return Err(ApiError::bad_request(format!("栏目内容过长（最多{MAX_SECTION_CHARS}字）")));
        }
    }
    if let Some(title) = &title {
        papers::set_title(&state.db, paper.id, title).await?;
    }
    let sections = state
        .hub
        .with_doc(&records::paper_key(paper.id), move |doc| {
            handout::write_sections(doc, &sections);
            Ok(handout::read_sections(doc))
        })
        .await?;
    papers::touch(&state.db, paper.id).await?;
    papers::log(&state.db, paper.id, caller.user.id, "save", "").await?;
    let paper = papers::by_id(&state.db, paper.id).await?.ok_or_else(|| ApiError::NotFound("讲义不存在".into()))?;
    Ok(Reply(detail_of(&paper, 0, can_edit, &caller, sections)))
}

/// The live document's full state, V2-encoded.
async fn live_state(state: &AppState, paper_id: i64) -> ApiResult<Vec<u8>> {
    Ok(state.hub.with_doc(&records::paper_key(paper_id), |doc| Ok(handout::snapshot(doc))).await?)
}

async fn copy(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperIdRequest>) -> ApiResult<Reply<PaperRef>> {
    Ok(Reply(copy_paper(&state, &caller, body.paper_id).await?))
}

/// Copies a paper the caller may read into a new one of theirs (content as it stands now).
pub(crate) async fn copy_paper(state: &AppState, caller: &Caller, paper_id: i64) -> ApiResult<PaperRef> {
    let (source, _) = records::paper_for(state, caller, paper_id, Need::Read).await?;
    let state_v2 = live_state(state, source.id).await?;
    copy_content(state, caller, &source, state_v2, "copy").await
}

/// A new paper of the caller's with the source's settings and the content `state_v2` (the
/// source's now, or one of its versions), titled as a copy; logged as `action`.
pub(crate) async fn copy_content(state: &AppState, caller: &Caller, source: &Paper, state_v2: Vec<u8>, action: &str) -> ApiResult<PaperRef> {
    let title: String = format!("{}（副本）", source.title).chars().take(MAX_TITLE_CHARS).collect();
    let paper = papers::create(
        &state.db,
        &NewPaper {
            owner_id: caller.user.id,
            paper_type: source.paper_type,
            title: &title,
            subject: source.subject,
            stage: source.stage,
            school_id: source.school_id,
            tree_id: source.tree_id,
            parent_atlas_id: source.parent_atlas_id,
            header_info: &source.header_info,
            global_settings: &source.global_settings,
            copied_from: Some(source.id),
        },
    )
    .await?;
    state.hub.with_doc(&records::paper_key(paper.id), move |doc| handout::apply_snapshot(doc, &state_v2)).await?;
    papers::log(&state.db, paper.id, caller.user.id, action, &source.id.to_string()).await?;
    Ok(PaperRef { paper_id: paper.id, paper_name: title })
}

pub(crate) async fn version_view(state: &AppState, version: papers::Version) -> ApiResult<PaperVersion> {
    let created_by = accounts::by_id(&state.db, version.created_by).await.map(|u| u.name).unwrap_or_default();
    Ok(PaperVersion { version_id: version.id, version_no: version.version_no, create_time: version.created_at, created_by })
}

async fn create_new_version(state: web::Data<AppState>, caller: Caller, query: web::Query<PaperIdQuery>) -> ApiResult<Reply<PaperVersion>> {
    let (paper, _) = records::paper_for(&state, &caller, query.paper_id, Need::Edit).await?;
    let state_v2 = live_state(&state, paper.id).await?;
    let version = papers::add_version(&state.db, paper.id, &state_v2, caller.user.id).await?;
    papers::log(&state.db, paper.id, caller.user.id, "version", &version.version_no.to_string()).await?;
    Ok(Reply(version_view(&state, version).await?))
}

async fn latest_version(state: web::Data<AppState>, caller: Caller, query: web::Query<PaperIdQuery>) -> ApiResult<Reply<Option<i64>>> {
    let (paper, _) = records::paper_for(&state, &caller, query.paper_id, Need::Read).await?;
    Ok(Reply(papers::versions(&state.db, paper.id).await?.first().map(|v| v.id)))
}

async fn versions(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperIdRequest>) -> ApiResult<Reply<Vec<PaperVersion>>> {
    let (paper, _) = records::paper_for(&state, &caller, body.paper_id, Need::Read).await?;
    let mut out = Vec::new();
    for version in papers::versions(&state.db, paper.id).await? {
        out.push(version_view(&state, version).await?);
    }
    Ok(Reply(out))
}

async fn restore(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperRestoreRequest>) -> ApiResult<Reply<PaperDetail>> {
    let (paper, can_edit) = records::paper_for(&state, &caller, body.paper_id, Need::Edit).await?;
    let state_v2 = papers::version_state(&state.db, paper.id, body.version_no).await?.ok_or_else(|| ApiError::NotFound("版本不存在".into()))?;
    handout::from_snapshot(&state_v2)?; // refuse a damaged snapshot before touching the live document
    let sections = state
        .hub
        .with_doc(&records::paper_key(paper.id), move |doc| {
            handout::restore(doc, &state_v2)?;
            Ok(handout::read_sections(doc))
        })
        .await?;
    papers::touch(&state.db, paper.id).await?;
    papers::log(&state.db, paper.id, caller.user.id, "restore", &body.version_no.to_string()).await?;
    Ok(Reply(detail_of(&paper, 0, can_edit, &caller, sections)))
}

async fn header_info(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperIdRequest>) -> ApiResult<Reply<PaperHeaderInfo>> {
    let (paper, _) = records::paper_for(&state, &caller, body.paper_id, Need::Read).await?;
    Ok(Reply(header_of(&paper)))
}

async fn header_info_save(state: web::Data<AppState>, caller: Caller, body: web::Json<PaperHeaderInfoSaveRequest>) -> ApiResult<Reply<PaperHeaderInfo>> {
    let body = body.into_inner();
    let (paper, _) = records::paper_for(&state, &caller, body.paper_id, Need::Edit).await?;
    let h = &body.header_info;
    for (name, value, max) in [
        ("标题", &h.title, 100),
        ("副标题", &h.subtitle, 100),
        ("教师", &h.teacher_name, 50),
        ("学生", &h.student_name, 50),
        ("班级", &h.class_name, 50),
        ("日期", &h.lesson_date, 30),
    ] {
        if value.chars().count() > max {
            return Err(ApiError::bad_request(format!("{name}最多{max}个字符")));
        }
    }
    papers::set_header_info(&state.db, paper.id, &serde_json::to_string(h).unwrap_or_default()).await?;
    papers::log(&state.db, paper.id, caller.user.id, "header", "").await?;
    Ok(Reply(body.header_info))
}

async fn global_setting_save(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<PaperGlobalSettingsSaveRequest>,
) -> ApiResult<Reply<PaperGlobalSettings>> {
    let body = body.into_inner();
    let (paper, _) = records::paper_for(&state, &caller, body.paper_id, Need::Edit).await?;
    let s = &body.settings;
    if !PAPER_FONT_FAMILIES.contains(&s.font_family.as_str()) {
        return Err(ApiError::bad_request(format!("字体只能是：{}", PAPER_FONT_FAMILIES.join("、"))));
    }
    if !(10..=32).contains(&s.font_size) || !(1.0..=3.0).contains(&s.line_height) {
        return Err(ApiError::bad_request("字号需在10到32之间，行距需在1到3之间"));
    }
    papers::set_global_settings(&state.db, paper.id, &serde_json::to_string(s).unwrap_or_default()).await?;
    papers::log(&state.db, paper.id, caller.user.id, "settings", "").await?;
    Ok(Reply(body.settings))
}
