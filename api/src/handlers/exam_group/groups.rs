//! A teacher's exam groups: create, rename, delete; members searched among the students of the
//! teacher's schools, added and removed; a group imported from an .xlsx (row by row, in one
//! transaction) and exported through the download queue.

use actix_web::web;
use futures_util::StreamExt;
use protocol::constants::limits::DEFAULT_PAGE_SIZE;
use protocol::dictionary as dict;
use protocol::dto::common::Page;
use protocol::dto::download::QueueCount;
use protocol::dto::exam_group::{
    ExamGroup, GroupIdRequest, GroupImportError, GroupImportRequest, GroupImportResult, GroupListRequest, GroupMembersRequest, GroupSaveRequest, GroupStudent,
    MemberListRequest, MemberSearchRequest, MembersChanged,
};
use storage::exam_group::{self, GroupRow, StudentRow};
use storage::uploads;

use super::{check_students, my_schools};
use crate::access::records;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::handlers::keyword;
use crate::paging::Paging;
use crate::reply::Reply;
use crate::state::AppState;

/// The largest .xlsx an import reads.
const IMPORT_MAX_BYTES: u64 = 5 * 1024 * 1024;

pub(super) fn group(g: GroupRow) -> ExamGroup {
    ExamGroup { id: g.id, group_name: g.name, member_count: g.member_count, created_at: g.created_at, updated_at: g.updated_at }
}

pub(super) fn student(s: StudentRow) -> GroupStudent {
    GroupStudent {
        student_id: s.id,
        student_code: s.code,
        student_name: s.name,
        grade: s.grade,
        school_name: s.school_name.unwrap_or_default(),
        in_group: None,
        added_at: s.at,
    }
}

fn group_name(text: &str) -> ApiResult<String> {
    let name = text.trim();
    if name.is_empty() || name.chars().count() > 50 {
        return Err(ApiError::bad_request("分组名称需为1到50个字符"));
    }
    Ok(name.to_owned())
}

pub(super) async fn save(state: web::Data<AppState>, caller: Caller, body: web::Json<GroupSaveRequest>) -> ApiResult<Reply<ExamGroup>> {
    let name = group_name(&body.group_name)?;
    let row = match body.id {
        Some(id) => {
            let g = records::own_exam_group(&state, &caller, id).await?;
            exam_group::rename_group(&state.db, g.id, &name).await?
        }
        None => exam_group::create_group(&state.db, caller.user.id, &name, dict::EXAM_MAX_GROUPS).await?,
    };
    Ok(Reply(group(row)))
}

pub(super) async fn list(state: web::Data<AppState>, caller: Caller, body: web::Json<GroupListRequest>) -> ApiResult<Reply<Vec<ExamGroup>>> {
    let keyword = keyword(body.keyword.as_deref(), 50)?;
    Ok(Reply(exam_group::groups(&state.db, caller.user.id, keyword.as_deref()).await?.into_iter().map(group).collect()))
}

pub(super) async fn delete(state: web::Data<AppState>, caller: Caller, body: web::Json<GroupIdRequest>) -> ApiResult<Reply<bool>> {
    let g = records::own_exam_group(&state, &caller, body.group_id).await?;
    exam_group::delete_group(&state.db, g.id).await?;
    Ok(Reply(true))
}

pub(super) async fn search(state: web::Data<AppState>, caller: Caller, body: web::Json<MemberSearchRequest>) -> ApiResult<Reply<Vec<GroupStudent>>> {
    let keyword = keyword(Some(&body.keyword), 32)?.ok_or_else(|| ApiError::bad_request("请输入学生姓名或学号"))?;
    let in_group = match body.group_id {
        Some(id) => Some(exam_group::member_ids(&state.db, records::own_exam_group(&state, &caller, id).await?.id).await?),
        None => None,
    };
    let found = exam_group::search_students(&state.db, &my_schools(&state, &caller).await?, &keyword).await?;
    Ok(Reply(
        found
            .into_iter()
            .map(|s| {
                let id = s.id;
                GroupStudent { in_group: in_group.as_ref().map(|m| m.contains(&id)), ..student(s) }
            })
            .collect(),
    ))
}

pub(super) async fn members(state: web::Data<AppState>, caller: Caller, body: web::Json<MemberListRequest>) -> ApiResult<Reply<Page<GroupStudent>>> {
    let paging = Paging::new(body.page_no, body.page_size, DEFAULT_PAGE_SIZE)?;
    let g = records::own_exam_group(&state, &caller, body.group_id).await?;
    let keyword = keyword(body.keyword.as_deref(), 32)?;
    let (rows, total) = exam_group::members(&state.db, g.id, keyword.as_deref(), paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows.into_iter().map(student).collect(), total)))
}

pub(super) async fn add(state: web::Data<AppState>, caller: Caller, body: web::Json<GroupMembersRequest>) -> ApiResult<Reply<MembersChanged>> {
    let g = records::own_exam_group(&state, &caller, body.group_id).await?;
    let students = check_students(&state, &caller, &body.student_ids, 500).await?;
    let changed = exam_group::add_members(&state.db, g.id, &students, dict::EXAM_MAX_GROUP_MEMBERS).await?;
    let total = exam_group::group(&state.db, g.id).await?.map_or(0, |g| g.member_count);
    Ok(Reply(MembersChanged { changed, total }))
}

pub(super) async fn remove(state: web::Data<AppState>, caller: Caller, body: web::Json<GroupMembersRequest>) -> ApiResult<Reply<MembersChanged>> {
    let g = records::own_exam_group(&state, &caller, body.group_id).await?;
    if body.student_ids.is_empty() || body.student_ids.len() > 500 {
        return Err(ApiError::bad_request("每次1到500名学生"));
    }
    let changed = exam_group::remove_members(&state.db, g.id, &body.student_ids).await?;
    let total = exam_group::group(&state.db, g.id).await?.map_or(0, |g| g.member_count);
    Ok(Reply(MembersChanged { changed, total }))
}

pub(super) async fn import(state: web::Data<AppState>, caller: Caller, body: web::Json<GroupImportRequest>) -> ApiResult<Reply<GroupImportResult>> {
    let name = group_name(&body.group_name)?;
    let upload = records::own_upload(&state, &caller, &body.file_id).await?;
    if upload.status != uploads::COMPLETE {
        return Err(ApiError::bad_request("文件尚未上传完成"));
    }
    if !upload.ext.eq_ignore_ascii_case("xlsx") {
        return Err(ApiError::bad_request("请上传 .xlsx 文件"));
    }
    if upload.size as u64 > IMPORT_MAX_BYTES {
        return Err(ApiError::bad_request("文件不能超过 5 MB"));
    }
    let (_, mut stream) = state.objects.get(&upload.object_key, None).await?;
    let mut bytes = Vec::with_capacity(upload.size as usize);
    while let Some(chunk) = stream.next().await {
        bytes.extend_from_slice(&chunk.map_err(ApiError::Internal)?);
    }
    let rows = web::block(move || crate::sheet::read_first_sheet(bytes, dict::EXAM_IMPORT_MAX_ROWS, "行学生"))
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?
        .map_err(ApiError::BadRequest)?;
    let header = rows.first().ok_or_else(|| ApiError::bad_request("文件是空的"))?;
    let column = |title: &str| header.iter().position(|h| h == title);
    let (Some(code_at), Some(name_at)) = (column("学号"), column("姓名")) else {
        return Err(ApiError::bad_request("第1行需有「学号」和「姓名」两列"));
    };
    let schools = my_schools(&state, &caller).await?;
    let mut good: Vec<i64> = Vec::new();
    let mut errors = Vec::new();
    let mut seen: std::collections::HashMap<String, i64> = std::collections::HashMap::new();
    for (i, row) in rows.iter().enumerate().skip(1) {
        let number = i as i64 + 1;
        let cell = |at: usize| row.get(at).map(String::as_str).unwrap_or("");
        let (code, student_name) = (cell(code_at), cell(name_at));
        if code.is_empty() && student_name.is_empty() {
            continue;
        }
        let reason = if code.is_empty() {
            Some("学号为空".to_owned())
        } else if student_name.is_empty() {
            Some("姓名为空".to_owned())
        } else if let Some(first) = seen.get(code) {
            Some(format!("与第{first}行的学号重复"))
        } else {
            match exam_group::student_by_code(&state.db, &schools, code).await? {
                None => Some(format!("学号{code}不存在或不是本校区的学生")),
                Some((_, stored)) if stored != student_name => Some(format!("姓名与学号{code}不符")),
                Some((id, _)) => {
                    good.push(id);
                    None
                }
            }
        };
        if !code.is_empty() {
            seen.entry(code.to_owned()).or_insert(number);
        }
        if let Some(reason) = reason {
            errors.push(GroupImportError { row: number, reason });
        }
    }
    if good.is_empty() {
        let first: Vec<String> = errors.iter().take(3).map(|e| format!("第{}行：{}", e.row, e.reason)).collect();
        return Err(ApiError::BadRequest(if first.is_empty() {
            "文件里没有学生".into()
        } else {
            format!("没有可导入的学生（{}）", first.join("；"))
        }));
    }
    let row = exam_group::create_group_with(&state.db, caller.user.id, &name, &good, dict::EXAM_MAX_GROUPS, dict::EXAM_MAX_GROUP_MEMBERS).await?;
    Ok(Reply(GroupImportResult { added: row.member_count, group: group(row), errors }))
}

pub(super) async fn export(state: web::Data<AppState>, caller: Caller, body: web::Json<GroupIdRequest>) -> ApiResult<Reply<QueueCount>> {
    let g = records::own_exam_group(&state, &caller, body.group_id).await?;
    let params = serde_json::json!({"groupId": g.id});
    Ok(Reply(crate::handlers::export::queue_excel(&state, &caller, "examGroupMembers", params, &format!("{}成员", g.name), "examGroup").await?))
}
