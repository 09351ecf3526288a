//! The organisation: school groups, schools (created, renamed, moved, given a local edition,
//! closed and reopened), their teaching sites and departments.

use actix_web::http::Method;
use actix_web::{web, HttpRequest};
use protocol::dto::admin::{
    AdminArea, AdminSchool, AreaDelete, AreaSave, Department, DepartmentSave, OrgTree, ProvinceRef, SchoolClose, SchoolGroup, SchoolGroupSave, SchoolSave,
};
use protocol::dto::common::IdRequest;
use storage::admin::org::{self, SchoolChange};
use storage::orgs;

use super::name;
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::GET, "/api/admin/org", Access::Admin, "admin", "The organisation: school groups, schools with their sites and departments, provinces"),
        tree,
    );
    r.add(info(Method::POST, "/api/admin/org/group/save", Access::Admin, "admin", "Create or rename a school group"), save_group);
    r.add(info(Method::POST, "/api/admin/org/group/delete", Access::Admin, "admin", "Remove a school group (its schools stay, ungrouped)"), delete_group);
    r.add(info(Method::POST, "/api/admin/org/school/save", Access::Admin, "admin", "Create a school, or rename, move or change its edition"), save_school);
    r.add(
        info(Method::POST, "/api/admin/org/school/close", Access::Admin, "admin", "Close a school (its records stay for the reports) or reopen it"),
        close_school,
    );
    r.add(info(Method::POST, "/api/admin/org/area/save", Access::Admin, "admin", "Add or rename a teaching site of a school"), save_area);
    r.add(info(Method::POST, "/api/admin/org/area/delete", Access::Admin, "admin", "Remove a teaching site no record names"), delete_area);
    r.add(info(Method::POST, "/api/admin/org/department/save", Access::Admin, "admin", "Add or rename a department of a school"), save_department);
    r.add(info(Method::POST, "/api/admin/org/department/delete", Access::Admin, "admin", "Remove a department nobody is placed in"), delete_department);
}

async fn tree(state: web::Data<AppState>) -> ApiResult<Reply<OrgTree>> {
    let areas = org::areas(&state.db).await?;
    let departments = org::departments(&state.db).await?;
    let schools = org::schools(&state.db)
        .await?
        .into_iter()
        .map(|s| AdminSchool {
            areas: areas.iter().filter(|a| a.school_id == s.id).map(|a| AdminArea { code: a.code.clone(), name: a.name.clone() }).collect(),
            departments: departments.iter().filter(|d| d.school_id == s.id).map(|d| Department { id: d.id, name: d.name.clone() }).collect(),
            id: s.id,
            name: s.name,
            province_code: s.province_code,
            group_id: s.group_id,
            local_edition: s.local_edition != 0,
            closed_at: s.closed_at,
            accounts: s.accounts,
        })
        .collect();
    Ok(Reply(OrgTree {
        groups: org::groups(&state.db).await?.into_iter().map(|g| SchoolGroup { id: g.id, name: g.name }).collect(),
        schools,
        provinces: provinces(&state).await?,
    }))
}

pub(super) async fn provinces(state: &AppState) -> ApiResult<Vec<ProvinceRef>> {
    Ok(orgs::provinces(&state.db).await?.into_iter().map(|p| ProvinceRef { code: p.code, name: p.name, area_name: p.area_name }).collect())
}

async fn save_group(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<SchoolGroupSave>) -> ApiResult<Reply<i64>> {
    let group_name = name(&body.name, 50, "集团名称")?;
    let id = org::save_group(&state.db, body.id, &group_name).await.map_err(|e| match e {
        storage::StorageError::NotFound => ApiError::NotFound("集团不存在".into()),
        e => e.into(),
    })?;
    let action = if body.id.is_some() { "org.group.rename" } else { "org.group.create" };
    crate::audit::record(&state, &req, Some(&caller), action, format!("group {id}"), group_name, true).await;
    Ok(Reply(id))
}

async fn delete_group(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<bool>> {
    if !org::delete_group(&state.db, body.id).await? {
        return Err(ApiError::NotFound("集团不存在".into()));
    }
    crate::audit::record(&state, &req, Some(&caller), "org.group.delete", format!("group {}", body.id), "", true).await;
    Ok(Reply(true))
}

async fn save_school(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<SchoolSave>) -> ApiResult<Reply<i64>> {
    let school_name = name(&body.name, 50, "校区名称")?;
    if orgs::province(&state.db, &body.province_code).await?.is_none() {
        return Err(ApiError::bad_request("省份不存在"));
    }
    if let Some(group) = body.group_id {
        if !org::group_exists(&state.db, group).await? {
            return Err(ApiError::bad_request("集团不存在"));
        }
    }
    let change = SchoolChange { name: &school_name, province_code: &body.province_code, group_id: body.group_id, local_edition: body.local_edition };
    let (id, action) = match body.id {
        None => (org::create_school(&state.db, &change).await?, "org.school.create"),
        Some(id) => {
            org::update_school(&state.db, id, &change).await.map_err(|e| match e {
                storage::StorageError::NotFound => ApiError::NotFound("校区不存在".into()),
                e => e.into(),
            })?;
            (id, "org.school.update")
        }
    };
    let detail = format!("{school_name}; province {}; group {:?}; local edition {}", body.province_code, body.group_id, body.local_edition);
    crate::audit::record(&state, &req, Some(&caller), action, format!("school {id}"), detail, true).await;
    Ok(Reply(id))
}

async fn close_school(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<SchoolClose>) -> ApiResult<Reply<bool>> {
    if !org::set_closed(&state.db, body.id, body.closed).await? {
        return Err(ApiError::NotFound("校区不存在".into()));
    }
    let action = if body.closed { "org.school.close" } else { "org.school.reopen" };
    crate::audit::record(&state, &req, Some(&caller), action, format!("school {}", body.id), "", true).await;
    Ok(Reply(true))
}

async fn school_exists(state: &AppState, id: i64) -> ApiResult<()> {
    if orgs::schools_by_ids(&state.db, &[id]).await?.is_empty() {
        return Err(ApiError::NotFound("校区不存在".into()));
    }
    Ok(())
}

async fn save_area(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<AreaSave>) -> ApiResult<Reply<String>> {
    let area_name = name(&body.name, 50, "教学点名称")?;
    school_exists(&state, body.school_id).await?;
    let code = org::save_area(&state.db, body.school_id, body.code.as_deref(), &area_name).await.map_err(|e| match e {
        storage::StorageError::NotFound => ApiError::NotFound("教学点不存在".into()),
        e => e.into(),
    })?;
    let action = if body.code.is_some() { "org.area.rename" } else { "org.area.create" };
    crate::audit::record(&state, &req, Some(&caller), action, format!("area {code}"), area_name, true).await;
    Ok(Reply(code))
}

async fn delete_area(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<AreaDelete>) -> ApiResult<Reply<bool>> {
    if !org::delete_area(&state.db, &body.code).await? {
        return Err(ApiError::NotFound("教学点不存在".into()));
    }
    crate::audit::record(&state, &req, Some(&caller), "org.area.delete", format!("area {}", body.code), "", true).await;
    Ok(Reply(true))
}

async fn save_department(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<DepartmentSave>) -> ApiResult<Reply<i64>> {
    let dept_name = name(&body.name, 50, "部门名称")?;
    school_exists(&state, body.school_id).await?;
    let id = org::save_department(&state.db, body.school_id, body.id, &dept_name).await.map_err(|e| match e {
        storage::StorageError::NotFound => ApiError::NotFound("部门不存在".into()),
        e => e.into(),
    })?;
    let action = if body.id.is_some() { "org.department.rename" } else { "org.department.create" };
    crate::audit::record(&state, &req, Some(&caller), action, format!("department {id}"), dept_name, true).await;
    Ok(Reply(id))
}

async fn delete_department(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<bool>> {
    if !org::delete_department(&state.db, body.id).await? {
        return Err(ApiError::NotFound("部门不存在".into()));
    }
    crate::audit::record(&state, &req, Some(&caller), "org.department.delete", format!("department {}", body.id), "", true).await;
    Ok(Reply(true))
}
