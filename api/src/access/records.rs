//! Resource-level rules: which records a caller may read or change. Handlers ask here and decide
//! no record's access themselves. A record the caller may not read reads as absent (A0404), so
//! that ids of other users' records reveal nothing; one they may read but not change is A0300.

use protocol::push::close_code;
use storage::camp;
use storage::documents::{self, DocAccess};
use storage::downloads::{self, TaskRow};
use storage::feedback::{self, ReportRow, STATUS_SUBMITTED};
use storage::papers::{self, Paper};
use storage::uploads::{self, ResourceRow};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// What the caller wants to do with a co-edited record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    Read,
    Edit,
}

/// The document key of a feedback report.
pub fn report_key(id: i64) -> String {
    documents::doc_key("feedback", id)
}

/// The document key of a paper (handout).
pub fn paper_key(id: i64) -> String {
    documents::doc_key("handout", id)
}

/// The report when the caller may read it (and change it, with `Need::Edit`), and whether they
/// may edit it; a submitted report can no longer be changed.
pub async fn report_for(state: &AppState, caller: &Caller, id: i64, need: Need) -> ApiResult<(ReportRow, bool)> {
    let report = feedback::by_id(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("报告不存在".into()))?;
    match documents::access(&state.db, &report_key(id), caller.user.id).await? {
        None => Err(ApiError::NotFound("报告不存在".into())),
        Some(DocAccess::View) if need == Need::Edit => Err(ApiError::NoPermission),
        Some(access) => {
            if need == Need::Edit && report.status == STATUS_SUBMITTED {
                return Err(ApiError::Conflict("报告已提交，不能再修改".into()));
            }
            Ok((report, access == DocAccess::Edit))
        }
    }
}

/// Only the report's own teacher confirms and submits it.
pub fn report_teacher(caller: &Caller, report: &ReportRow) -> ApiResult<()> {
    if report.teacher_id == caller.user.id {
        Ok(())
    } else {
        Err(ApiError::NoPermission)
    }
}

/// Whether the caller may read the report (lists show only those).
pub async fn may_read_report(state: &AppState, caller: &Caller, id: i64) -> ApiResult<bool> {
    Ok(documents::access(&state.db, &report_key(id), caller.user.id).await?.is_some())
}

/// The paper when the caller may read it (and change it, with `Need::Edit`), and whether they
/// may edit it.
pub async fn paper_for(state: &AppState, caller: &Caller, id: i64, need: Need) -> ApiResult<(Paper, bool)> {
    let paper = papers::by_id(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("讲义不存在".into()))?;
    let access = match documents::access(&state.db, &paper_key(id), caller.user.id).await? {
        Some(access) => Some(access),
        None => library_paper_access(state, caller, id).await?,
    };
    match access {
        None => Err(ApiError::NotFound("讲义不存在".into())),
        Some(DocAccess::View) if need == Need::Edit => Err(ApiError::NoPermission),
        Some(access) => Ok((paper, access == DocAccess::Edit)),
    }
}

/// Papers shared beyond their members: a library paper (a teaching aid's content) is edited by
/// library editors and read by everyone once its aid is published; an approved paper is in the
/// library, read by everyone; one submitted for audit is read by auditors.
async fn library_paper_access(state: &AppState, caller: &Caller, paper_id: i64) -> ApiResult<Option<DocAccess>> {
    if let Some(aid) = storage::teaching_aid::by_paper(&state.db, paper_id).await? {
        if super::library::library_editor(caller) {
            return Ok(Some(DocAccess::Edit));
        }
        if aid.status == super::library::PUBLISHED {
            return Ok(Some(DocAccess::View));
        }
    }
    Ok(match papers::by_id(&state.db, paper_id).await? {
        Some(p) if p.audit_status == papers::AUDIT_APPROVED => Some(DocAccess::View),
        Some(p) if p.audit_status > 0 && super::atlas::content_admin(caller) => Some(DocAccess::View),
        _ => None,
    })
}

/// The caller owns the co-edited document `key` (members are managed by the owner only).
pub async fn document_owner(state: &AppState, caller: &Caller, key: &str) -> ApiResult<()> {
    match documents::owner(&state.db, key).await? {
        None => Err(ApiError::NotFound("文档不存在".into())),
        Some(owner) if owner == caller.user.id => Ok(()),
        Some(_) => Err(ApiError::NoPermission),
    }
}

/// How the caller may join the co-editing room of `key`: read-only or not, or a close code
/// with its reason. A submitted report is read-only for everyone.
pub async fn document_room(state: &AppState, caller: &Caller, doc_type: &str, key: &str) -> ApiResult<Result<bool, (u16, &'static str)>> {
    let access = match documents::access(&state.db, key, caller.user.id).await? {
        None if doc_type == "handout" => match key.rsplit('/').next().and_then(|id| id.parse().ok()) {
            Some(id) => library_paper_access(state, caller, id).await?,
            None => None,
        },
        access => access,
    };
    Ok(match access {
        Some(DocAccess::Edit) if doc_type == "feedback" => Ok(report_submitted(state, key).await?),
        Some(DocAccess::Edit) => Ok(false),
        Some(DocAccess::View) => Ok(true),
        None => Err((close_code::FORBIDDEN, "无权访问该文档")),
    })
}

async fn report_submitted(state: &AppState, key: &str) -> ApiResult<bool> {
    let id = key.rsplit('/').next().and_then(|id| id.parse().ok()).unwrap_or(0);
    Ok(feedback::by_id(&state.db, id).await?.is_some_and(|r| r.status == STATUS_SUBMITTED))
}

/// The caller's download task.
pub async fn own_download_task(state: &AppState, caller: &Caller, id: i64) -> ApiResult<TaskRow> {
    downloads::by_id(&state.db, id).await?.filter(|t| t.user_id == caller.user.id).ok_or_else(|| ApiError::NotFound("下载任务不存在".into()))
}

/// A drive file the caller may read by the drive's rules (their own, their team's, or shared with
/// them while the share stands); `missing` is what the message calls it.
pub async fn readable_resource(state: &AppState, caller: &Caller, id: i64, missing: &str) -> ApiResult<ResourceRow> {
    let gone = || ApiError::NotFound(format!("{missing}不存在"));
    let item = match super::document::live_item(state, caller, id, super::document::Right::Read).await {
        Ok((item, _)) => item,
        Err(ApiError::NotFound(_)) => return Err(gone()),
        Err(e) => return Err(e),
    };
    if item.is_folder() {
        return Err(gone());
    }
    // The drive item is the resource row: nothing to read again.
    Ok(ResourceRow {
        id: item.id,
        user_id: item.user_id,
        name: item.name,
        ext: item.ext,
        class: item.class,
        size: item.size,
        object_key: item.object_key,
        created_at: item.created_at,
    })
}

/// A file a camp task points at: what the store keeps of it.
pub struct TaskFile {
    pub key: String,
    pub name: String,
    pub ext: String,
    pub size: i64,
}

/// A file a camp task may point at: one of the caller's finished uploads, or a drive file they
/// may read (their own, their team's, or shared with them).
pub async fn own_file(state: &AppState, caller: &Caller, biz_id: &str) -> ApiResult<TaskFile> {
    if let Some(u) = uploads::by_id(&state.db, biz_id).await?.filter(|u| u.user_id == caller.user.id && u.status == uploads::COMPLETE) {
        return Ok(TaskFile { key: u.object_key, name: u.file_name, ext: u.ext, size: u.size });
    }
    let missing = || ApiError::NotFound(format!("文件不存在：{biz_id}"));
    let id = biz_id.parse::<i64>().map_err(|_| missing())?;
    match readable_resource(state, caller, id, "文件").await {
        Ok(r) => Ok(TaskFile { key: r.object_key, name: r.name, ext: r.ext, size: r.size }),
        Err(ApiError::NotFound(_)) => Err(missing()),
        Err(e) => Err(e),
    }
}

/// Whether the caller may change the report now (an editor, and not yet submitted).
pub async fn may_edit_report(state: &AppState, caller: &Caller, report: &ReportRow) -> ApiResult<bool> {
    let access = documents::access(&state.db, &report_key(report.id), caller.user.id).await?;
    Ok(access == Some(DocAccess::Edit) && report.status != STATUS_SUBMITTED)
}

/// The caller's upload (finished or not).
pub async fn own_upload(state: &AppState, caller: &Caller, id: &str) -> ApiResult<uploads::UploadRow> {
    uploads::by_id(&state.db, id).await?.filter(|u| u.user_id == caller.user.id).ok_or_else(|| ApiError::NotFound("文件不存在".into()))
}

/// The caller's camp (its owner builds it, publishes it and reads its statistics).
pub async fn own_camp(state: &AppState, caller: &Caller, id: i64) -> ApiResult<camp::CampRow> {
    camp::by_id(&state.db, id).await?.filter(|c| c.owner_id == caller.user.id).ok_or_else(|| ApiError::NotFound("营地不存在".into()))
}

/// A task of the working copy of the caller's camp; `camp_id`, when the call names one, must be
/// the task's.
pub async fn own_camp_task(state: &AppState, caller: &Caller, camp_id: Option<i64>, task_id: i64) -> ApiResult<(camp::CampRow, camp::structure::TaskRow)> {
    let task = camp::structure::task(&state.db, task_id)
        .await?
        .filter(|t| camp_id.is_none_or(|c| c == t.camp_id))
        .ok_or_else(|| ApiError::NotFound("任务不存在".into()))?;
    let camp = own_camp(state, caller, task.camp_id).await.map_err(|_| ApiError::NotFound("任务不存在".into()))?;
    Ok((camp, task))
}

/// The caller's exam group.
pub async fn own_exam_group(state: &AppState, caller: &Caller, id: i64) -> ApiResult<storage::exam_group::GroupRow> {
    storage::exam_group::group(&state.db, id).await?.filter(|g| g.owner_id == caller.user.id).ok_or_else(|| ApiError::NotFound("分组不存在".into()))
}

/// An exam the caller may read (its publisher, or a colleague it is shared with); `manage`
/// asks for its publisher only (add members, share, revoke): a colleague then gets A0300.
pub async fn exam_for(state: &AppState, caller: &Caller, id: i64, manage: bool) -> ApiResult<storage::exam_group::ExamRowData> {
    let exam = storage::exam_group::exam(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("考试不存在".into()))?;
    if exam.owner_id == caller.user.id {
        return Ok(exam);
    }
    if !storage::exam_group::shared_with(&state.db, exam.id, caller.user.id).await? {
        return Err(ApiError::NotFound("考试不存在".into()));
    }
    if manage {
        return Err(ApiError::Forbidden("只有发布者可以这样做".into()));
    }
    Ok(exam)
}

/// A camp member of the caller's camp.
pub async fn own_camp_member(state: &AppState, caller: &Caller, camp_id: i64, member_id: i64) -> ApiResult<(camp::CampRow, camp::members::MemberRow)> {
    let camp = own_camp(state, caller, camp_id).await?;
    let member = camp::members::member(&state.db, member_id).await?.filter(|m| m.camp_id == camp.id).ok_or_else(|| ApiError::NotFound("学员不存在".into()))?;
    Ok((camp, member))
}

/// An online class the caller may open (02 §3.4 details), with which of its students they see;
/// a class outside their scope reads as absent.
pub async fn online_class(state: &AppState, caller: &Caller, class_id: i64) -> ApiResult<storage::datacentre::online_detail::ClassAccess> {
    let scope = super::scope::data_scope(state, caller).await?;
    storage::datacentre::online_detail::class_access(&state.db, &scope, class_id).await?.ok_or_else(|| ApiError::NotFound("班级不存在".into()))
}

/// The class of an online lesson the caller may open, as [`online_class`].
pub async fn online_lesson(state: &AppState, caller: &Caller, lesson_id: i64) -> ApiResult<storage::datacentre::online_detail::ClassAccess> {
    let scope = super::scope::data_scope(state, caller).await?;
    storage::datacentre::online_detail::lesson_access(&state.db, &scope, lesson_id).await?.ok_or_else(|| ApiError::NotFound("课次不存在".into()))
}
