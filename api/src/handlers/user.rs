//! Session and user calls (01 §3, §7): info, menu, teacher info, selections, role and account
//! switching, region data, the knowledge-base introduction flag and the whitelist.

use std::collections::BTreeMap;

use actix_web::http::Method;
use actix_web::{web, HttpRequest};
use protocol::constants::{self, role, GENERAL_EDITION_SCHOOL_ID};
use protocol::dto::{
    common::{CodeName, EmailQuery},
    user::{
        CodeQuery, MenuItem, PaperArea, ProvinceOption, RegionInfo, RoleEntry, RoleQuery, SchoolRef, SelectRequest, SelectionReport, SetRoleRequest, StageInfo,
        SubjectQuery, SubjectRef, TeacherInfo, UserInfo, Whitelist, WhitelistAuthors, WhitelistFunction, WhitelistQuery,
    },
};
use storage::{accounts, menus, orgs, sessions, whitelist};

use crate::access::{permission_tags, Access};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::GET, "/api/pub/user/info", Access::Session, "user", "User info of the session (01 §3)").spec(&["S012"]), user_info);
    r.add(info(Method::GET, "/api/pub/user/menu-list", Access::Session, "user", "Menu tree of the current role").spec(&["S010"]), menu_list);
    r.add(
        info(
            Method::GET,
            "/api/pub/user/teacher-info",
            Access::AnyTag(&["TYPE_1", "TYPE_2"]),
            "user",
            "Teacher profile card (current role teacher or tutor_online)",
        )
        .spec(&["S011"]),
        teacher_info,
    );
    r.add(info(Method::POST, "/api/pub/user/select", Access::Session, "user", "Select school, stage and/or subject").spec(&["S014"]), select);
    r.add(info(Method::POST, "/api/pub/user/change/role", Access::Session, "user", "Switch to another role the user holds").spec(&["S016"]), change_role);
    r.add(
        info(Method::POST, "/api/pub/user/role/set", Access::Session, "user", "The route guard's set-role call: switch to a held role by code").spec(&["S020"]),
        set_role,
    );
    r.add(
        info(Method::POST, "/api/pub/user/selected/report", Access::Session, "user", "Report the selected school, stage and subject (stored as the selection)")
            .spec(&["S022"]),
        report_selection,
    );
    r.add(info(Method::GET, "/api/pub/dict/subjectAndEdu", Access::Session, "user", "Every stage with its subjects").spec(&["S023"]), subject_and_edu_list);
    r.add(info(Method::GET, "/api/pub/dict/schools", Access::Session, "user", "The organisation's schools").spec(&["S024"]), school_list);
    r.add(
        info(Method::POST, "/api/pub/user/superuser/change", Access::SuperUser, "user", "Super user: act as another account, or come back").spec(&["S015"]),
        superuser_change,
    );
    r.add(info(Method::POST, "/api/pub/user/province/select", Access::Session, "user", "Select the province").spec(&["S017"]), province_select);
    r.add(info(Method::GET, "/api/pub/user/region-info", Access::Session, "user", "Province, schools and paper areas").spec(&["S018"]), region_info);
    r.add(info(Method::GET, "/api/pub/user/subjects", Access::Session, "user", "The user's stages with their subjects").spec(&["S019"]), subjects);
    r.add(info(Method::GET, "/api/pub/user/whitelist", Access::Session, "user", "Whitelist: the user's granted functions and all listed ones"), get_whitelist);
    r.add(
        info(Method::POST, "/api/pub/user/whitelist/query", Access::Session, "user", "The whitelist of an e-mail and role type (own, or any for a super user)")
            .spec(&["S021"]),
        query_whitelist,
    );
    r.add(info(Method::POST, "/api/pub/web/logout", Access::Public, "user", "Sign out").spec(&["S013"]), super::account::logout);
}

/// "4_54": stage and subject of a selection.
pub fn subject_and_edu(stage: i64, subject: i64) -> String {
    format!("{stage}_{subject}")
}

fn subject_ref(code: i64) -> SubjectRef {
    SubjectRef { code, name: constants::subject(code).map(|s| s.name.to_owned()).unwrap_or_else(|| code.to_string()) }
}

/// Groups (stage, subject) pairs into the stage list, senior high first.
pub fn stage_infos(pairs: &[(i64, i64)]) -> Vec<StageInfo> {
    let mut stages: Vec<i64> = pairs.iter().map(|(stage, _)| *stage).collect();
    stages.sort_unstable_by(|a, b| b.cmp(a));
    stages.dedup();
    stages
        .into_iter()
        .enumerate()
        .map(|(i, stage)| StageInfo {
            code: stage,
            name: constants::stage_name(stage).unwrap_or("").to_owned(),
            sort: i as i64 + 1,
            subjects: pairs.iter().filter(|(s, _)| *s == stage).map(|(_, subject)| subject_ref(*subject)).collect(),
        })
        .collect()
}

fn school_ref(id: i64, schools: &[orgs::School]) -> SchoolRef {
    if id == GENERAL_EDITION_SCHOOL_ID {
        return SchoolRef { id, name: "通用版".into(), local_edition: false };
    }
    schools.iter().find(|s| s.id == id).map(orgs::School::to_ref).unwrap_or_else(|| SchoolRef { id, name: "未知校区".into(), local_edition: false })
}

async fn province_of(state: &AppState, code: &str, schools: &[orgs::School]) -> ApiResult<CodeName> {
    let code = if code.is_empty() { schools.first().map(|s| s.province_code.clone()).unwrap_or_default() } else { code.to_owned() };
    Ok(match orgs::province(&state.db, &code).await? {
        Some(p) => CodeName { code: p.code, name: p.name },
        None => CodeName { code: String::new(), name: String::new() },
    })
}

async fn user_info(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<UserInfo>> {
    let user = &caller.user;
    let pairs = accounts::subjects(&state.db, user.id).await?;
    let school_ids = accounts::school_ids(&state.db, user.id).await?;
    let schools = orgs::schools_by_ids(&state.db, &school_ids).await?;
    let stage_list = stage_infos(&pairs);
    let selected_stage = if stage_list.iter().any(|s| s.code == user.selected_stage) {
        user.selected_stage
    } else {
        stage_list.first().map(|s| s.code).unwrap_or(constants::DEFAULT_STAGE)
    };
    let subject_list: Vec<SubjectRef> = stage_list.iter().find(|s| s.code == selected_stage).map(|s| s.subjects.clone()).unwrap_or_default();
    // The current subject falls back to the first of the list when it is not in it (01 §4).
    let selected_subject = subject_list
        .iter()
        .find(|s| s.code == user.selected_subject)
        .cloned()
        .or_else(|| subject_list.first().cloned())
        .unwrap_or_else(|| subject_ref(user.selected_subject));
    let selected_school = if school_ids.contains(&user.selected_school_id) || user.selected_school_id == GENERAL_EDITION_SCHOOL_ID {
        school_ref(user.selected_school_id, &schools)
    } else {
        school_ids.first().map(|id| school_ref(*id, &schools)).unwrap_or_else(|| school_ref(GENERAL_EDITION_SCHOOL_ID, &schools))
    };
    let role_list = caller
        .roles
        .iter()
        .map(|code| RoleEntry { code: code.clone(), name: role::name(code).to_owned(), current: *code == user.current_role, icon: format!("role-{code}") })
        .collect();
    let school_area_codes_map: BTreeMap<String, Vec<String>> =
        schools.iter().map(|s| (s.id.to_string(), if s.area_code.is_empty() { vec![] } else { vec![s.area_code.clone()] })).collect();
    Ok(Reply(UserInfo {
        e2uid: user.id.to_string(),
        user_avatar: user.avatar.clone(),
        user_name: user.name.clone(),
        user_email: user.email.clone(),
        subject_list,
        selected_stage: SubjectRef { code: selected_stage, name: constants::stage_name(selected_stage).unwrap_or("").to_owned() },
        stage_list,
        role_list,
        role_tags: permission_tags(&user.current_role, selected_stage, selected_subject.code),
        school_area_codes_map,
        superuser: caller.signed_in().is_superuser(),
        super_user_email: caller.super_user.as_ref().map(|u| u.email.clone()),
        super_user_name: caller.super_user.as_ref().map(|u| u.name.clone()),
        selected_province: province_of(&state, &user.selected_province, &schools).await?,
        school_list: schools.iter().map(orgs::School::to_ref).collect(),
        selected_school,
        selected_subject,
        e2qwuid: String::new(),
    }))
}

async fn menu_list(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<Vec<MenuItem>>> {
    Ok(Reply(menus::tree_for_role(&state.db, &caller.user.current_role).await?))
}

async fn teacher_info(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<TeacherInfo>> {
    let user = &caller.user;
    let school_ids = accounts::school_ids(&state.db, user.id).await?;
    let schools = orgs::schools_by_ids(&state.db, &school_ids).await?;
    let pairs = accounts::subjects(&state.db, user.id).await?;
    let subject_desc = pairs
        .iter()
        .map(|(stage, subject)| format!("{}{}", constants::stage_name(*stage).unwrap_or(""), subject_ref(*subject).name))
        .collect::<Vec<_>>()
        .join("、");
    Ok(Reply(TeacherInfo {
        name: user.name.clone(),
        avatar: user.avatar.clone(),
        teacher_code: user.teacher_code.clone(),
        email: user.email.clone(),
        school_name: schools.iter().map(|s| s.name.clone()).collect::<Vec<_>>().join("、"),
        subject_desc,
        join_date: user.join_date.clone(),
        teacher_level: user.teacher_level.clone(),
        division_age_desc: user.division_age_desc.clone(),
        school_age_desc: user.school_age_desc.clone(),
    }))
}

async fn select(state: web::Data<AppState>, caller: Caller, body: web::Json<SelectRequest>) -> ApiResult<Reply<bool>> {
    apply_selection(&state, &caller, body.into_inner()).await
}

/// Stores a selection of school, stage and subject the user has.
async fn apply_selection(state: &AppState, caller: &Caller, body: SelectRequest) -> ApiResult<Reply<bool>> {
    let user = &caller.user;
    if body.school_id.is_none() && body.stage.is_none() && body.subject.is_none() {
        return Err(ApiError::bad_request("请选择校区、学段或学科"));
    }
    if let Some(school_id) = body.school_id {
        let schools = accounts::school_ids(&state.db, user.id).await?;
        if !schools.contains(&school_id) {
            return Err(ApiError::NoPermission);
        }
    }
    let pairs = accounts::subjects(&state.db, user.id).await?;
    let stage = body.stage.unwrap_or(user.selected_stage);
    let subject = match body.subject {
        Some(subject) => {
            if !pairs.contains(&(stage, subject)) {
                return Err(ApiError::bad_request("该学段下没有此学科"));
            }
            Some(subject)
        }
        None if body.stage.is_some() => {
            // A new stage keeps the subject when the stage has it, else takes the stage's first.
            let first = pairs.iter().find(|(s, _)| *s == stage).map(|(_, subject)| *subject).ok_or_else(|| ApiError::bad_request("学段无效"))?;
            Some(if pairs.contains(&(stage, user.selected_subject)) { user.selected_subject } else { first })
        }
        None => None,
    };
    accounts::set_selection(&state.db, user.id, body.school_id, body.stage, subject, None).await?;
    Ok(Reply(true))
}

async fn change_role(state: web::Data<AppState>, req: HttpRequest, caller: Caller, query: web::Query<RoleQuery>) -> ApiResult<Reply<bool>> {
    switch_role(&state, &req, &caller, &query.into_inner().role.unwrap_or_default()).await
}

async fn set_role(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<SetRoleRequest>) -> ApiResult<Reply<bool>> {
    switch_role(&state, &req, &caller, &body.role).await
}

/// Makes `role` the current one; only a role the user holds.
async fn switch_role(state: &AppState, req: &HttpRequest, caller: &Caller, role: &str) -> ApiResult<Reply<bool>> {
    if role.trim().is_empty() {
        return Err(ApiError::bad_request("请选择角色"));
    }
    if !caller.holds(role) {
        return Err(ApiError::NoPermission);
    }
    accounts::set_current_role(&state.db, caller.user.id, role).await?;
    crate::audit::record(state, req, Some(caller), "role.switch", &caller.user.email, format!("{} → {role}", caller.user.current_role), true).await;
    Ok(Reply(true))
}

async fn report_selection(state: web::Data<AppState>, caller: Caller, body: web::Json<SelectionReport>) -> ApiResult<Reply<bool>> {
    let body = body.into_inner();
    apply_selection(&state, &caller, SelectRequest { school_id: body.school_id, stage: Some(body.stage), subject: Some(body.subject) }).await
}

async fn subject_and_edu_list() -> ApiResult<Reply<Vec<StageInfo>>> {
    Ok(Reply(stage_infos(&all_stage_subjects())))
}

/// Every (stage, subject) of the catalogue: science is a senior-high subject only.
pub fn all_stage_subjects() -> Vec<(i64, i64)> {
    [constants::STAGE_SENIOR, constants::STAGE_JUNIOR]
        .into_iter()
        .flat_map(|stage| {
            constants::SUBJECTS.iter().filter(move |s| s.code != constants::SUBJECT_SCIENCE || stage == constants::STAGE_SENIOR).map(move |s| (stage, s.code))
        })
        .collect()
}

async fn school_list(state: web::Data<AppState>) -> ApiResult<Reply<Vec<SchoolRef>>> {
    Ok(Reply(orgs::schools(&state.db).await?.iter().map(orgs::School::to_ref).collect()))
}

async fn superuser_change(state: web::Data<AppState>, req: HttpRequest, caller: Caller, query: web::Query<EmailQuery>) -> ApiResult<Reply<bool>> {
    let email = query.into_inner().email.unwrap_or_default().trim().to_lowercase();
    if !protocol::validation::is_email(&email) {
        return Err(ApiError::bad_request("请输入正确的邮箱"));
    }
    let target = accounts::by_email(&state.db, &email).await?.ok_or_else(|| ApiError::NotFound("账号不存在".into()))?;
    if !target.is_active() {
        return Err(ApiError::Conflict("该账号未启用，不能代登录".into()));
    }
    let me = caller.signed_in();
    let acting = if target.id == me.id { None } else { Some(target.id) };
    sessions::set_acting(&state.db, &caller.token_hash, acting).await?;
    // The open sockets belong to the previous account: close them so clients reconnect as the new one.
    state.hub.end_session(&caller.token_hash).await;
    let detail = if acting.is_some() { "act as" } else { "back to own account" };
    crate::audit::record(&state, &req, Some(&caller), "superuser.act", &target.email, detail, true).await;
    Ok(Reply(true))
}

async fn province_select(state: web::Data<AppState>, caller: Caller, query: web::Query<CodeQuery>) -> ApiResult<Reply<bool>> {
    let code = query.into_inner().code.unwrap_or_default();
    if orgs::province(&state.db, &code).await?.is_none() {
        return Err(ApiError::bad_request("省份不存在"));
    }
    accounts::set_selection(&state.db, caller.user.id, None, None, None, Some(&code)).await?;
    Ok(Reply(true))
}

async fn region_info(state: web::Data<AppState>, caller: Caller, query: web::Query<SubjectQuery>) -> ApiResult<Reply<RegionInfo>> {
    if let Some(subject) = query.subject {
        if constants::subject(subject).is_none() {
            return Err(ApiError::bad_request("学科无效"));
        }
    }
    let school_ids = accounts::school_ids(&state.db, caller.user.id).await?;
    let schools = orgs::schools_by_ids(&state.db, &school_ids).await?;
    let selected = province_of(&state, &caller.user.selected_province, &schools).await?;
    let mut paper_areas: Vec<PaperArea> = Vec::new();
    for p in orgs::provinces(&state.db).await? {
        let option = ProvinceOption { selected: p.code == selected.code, k12_code: p.code, name: p.name };
        match paper_areas.iter_mut().find(|a| a.name == p.area_name) {
            Some(area) => area.provinces.push(option),
            None => paper_areas.push(PaperArea { name: p.area_name, provinces: vec![option] }),
        }
    }
    Ok(Reply(RegionInfo { selected_province: selected, school_list: schools.iter().map(orgs::School::to_ref).collect(), paper_areas }))
}

async fn subjects(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<Vec<StageInfo>>> {
    Ok(Reply(stage_infos(&accounts::subjects(&state.db, caller.user.id).await?)))
}

async fn get_whitelist(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<Whitelist>> {
    Ok(Reply(whitelist_of(&state, &caller.user.email).await?))
}

/// The whitelist call with the user's e-mail and role type (03 §6): a user reads their own
/// (a super user anyone's); the role type must be one of the user's roles.
async fn query_whitelist(state: web::Data<AppState>, caller: Caller, body: web::Json<WhitelistQuery>) -> ApiResult<Reply<Whitelist>> {
    let email = body.email.trim().to_lowercase();
    if !protocol::validation::is_email(&email) {
        return Err(ApiError::bad_request("请输入正确的邮箱"));
    }
    if email != caller.user.email && !caller.signed_in().is_superuser() {
        return Err(ApiError::NoPermission);
    }
    if let Some(role_type) = body.role_type {
        if email == caller.user.email && !caller.roles.iter().any(|r| role::type_number(r) == role_type) {
            return Err(ApiError::bad_request("roleType 不是该用户的角色"));
        }
    }
    Ok(Reply(whitelist_of(&state, &email).await?))
}

async fn whitelist_of(state: &AppState, email: &str) -> ApiResult<Whitelist> {
    let functions = whitelist::functions(&state.db).await?;
    let grants = whitelist::grants(&state.db, email).await?;
    Ok(Whitelist { authors: WhitelistAuthors { models: grants }, fuctions: functions.into_iter().map(|code| WhitelistFunction { code }).collect() })
}
