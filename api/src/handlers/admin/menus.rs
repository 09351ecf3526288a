//! The server-driven menu per role (names, order, visibility, badges, grants) and the function
//! whitelist. A change reaches every open session at once (`magic_shell_changed`): the shell
//! reloads its menu and gates without a page reload.

use actix_web::http::Method;
use actix_web::{web, HttpRequest};
use protocol::constants::role;
use protocol::dto::admin::{
    AdminMenuNode, AdminMenus, AdminWhitelist, MenuGrant, MenuUpdate, WhitelistFunctionChange, WhitelistGrantChange, WhitelistedFunction,
};
use protocol::dto::common::CodeName;
use protocol::push::PushMessage;
use protocol::validation;
use storage::{menus, whitelist};

use super::name;
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::GET, "/api/admin/menus", Access::Admin, "admin", "Every menu node with its order, visibility, badge and the roles granted it"), list);
    r.add(info(Method::POST, "/api/admin/menu/update", Access::Admin, "admin", "Change a menu node's name, order, visibility and badge"), update);
    r.add(info(Method::POST, "/api/admin/menu/grant", Access::Admin, "admin", "Grant a menu node (and its subtree) to a role, or take it back"), grant);
    r.add(info(Method::GET, "/api/admin/whitelist", Access::Admin, "admin", "The functions under whitelist control and who is granted each"), whitelist_list);
    r.add(
        info(Method::POST, "/api/admin/whitelist/function", Access::Admin, "admin", "Put a function under whitelist control, or free it"),
        whitelist_function,
    );
    r.add(info(Method::POST, "/api/admin/whitelist/grant", Access::Admin, "admin", "Grant a listed function to an e-mail, or take it back"), whitelist_grant);
}

async fn list(state: web::Data<AppState>) -> ApiResult<Reply<AdminMenus>> {
    let grants = menus::grants(&state.db).await?;
    let nodes = menus::all(&state.db)
        .await?
        .into_iter()
        .map(|m| AdminMenuNode {
            roles: grants.iter().filter(|(_, code)| *code == m.code).map(|(r, _)| r.clone()).collect(),
            code: m.code,
            parent_code: m.parent_code,
            name: m.name,
            url: m.url,
            level: m.level,
            sort: m.sort,
            hidden: m.hidden != 0,
            badge: m.badge,
        })
        .collect();
    let roles = role::ALL.iter().map(|r| CodeName { code: (*r).to_owned(), name: role::name(r).to_owned() }).collect();
    Ok(Reply(AdminMenus { nodes, roles }))
}

async fn changed(state: &AppState, what: &str) {
    state.hub.signal_everyone(&PushMessage::shell_changed(what)).await;
}

async fn update(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<MenuUpdate>) -> ApiResult<Reply<bool>> {
    let menu_name = name(&body.name, 20, "菜单名称")?;
    let badge = body.badge.trim();
    if badge.chars().count() > 4 || badge.chars().any(char::is_control) {
        return Err(ApiError::bad_request("角标不超过 4 个字"));
    }
    if !(0..=9999).contains(&body.sort) {
        return Err(ApiError::bad_request("排序需在 0 到 9999 之间"));
    }
    if !menus::update(&state.db, &body.code, &menu_name, body.sort, body.hidden, badge).await? {
        return Err(ApiError::NotFound("菜单不存在".into()));
    }
    let detail = format!("{menu_name}; sort {}; hidden {}; badge '{badge}'", body.sort, body.hidden);
    crate::audit::record(&state, &req, Some(&caller), "menu.update", &body.code, detail, true).await;
    changed(&state, "menus").await;
    Ok(Reply(true))
}

async fn grant(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<MenuGrant>) -> ApiResult<Reply<bool>> {
    if !role::ALL.contains(&body.role.as_str()) {
        return Err(ApiError::bad_request(format!("未知角色：{}", body.role)));
    }
    if !menus::exists(&state.db, &body.code).await? {
        return Err(ApiError::NotFound("菜单不存在".into()));
    }
    if body.granted {
        menus::grant(&state.db, &body.role, &body.code).await?;
    } else {
        menus::revoke(&state.db, &body.role, &body.code).await?;
    }
    let action = if body.granted { "menu.grant" } else { "menu.revoke" };
    crate::audit::record(&state, &req, Some(&caller), action, &body.code, &body.role, true).await;
    changed(&state, "menus").await;
    Ok(Reply(true))
}

async fn whitelist_list(state: web::Data<AppState>) -> ApiResult<Reply<AdminWhitelist>> {
    let grants = whitelist::all_grants(&state.db).await?;
    let functions = whitelist::functions(&state.db)
        .await?
        .into_iter()
        .map(|code| WhitelistedFunction { emails: grants.iter().filter(|(c, _)| *c == code).map(|(_, e)| e.clone()).collect(), code })
        .collect();
    Ok(Reply(AdminWhitelist { functions }))
}

fn function_code(code: &str) -> ApiResult<&str> {
    let code = code.trim();
    if code.is_empty() || code.len() > 64 || !code.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(ApiError::bad_request("功能编码只能由字母、数字和下划线组成（不超过 64 位）"));
    }
    Ok(code)
}

async fn whitelist_function(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<WhitelistFunctionChange>) -> ApiResult<Reply<bool>> {
    let code = function_code(&body.code)?;
    if body.listed {
        whitelist::add_function(&state.db, code).await?;
    } else {
        whitelist::remove_function(&state.db, code).await?;
    }
    let action = if body.listed { "whitelist.list" } else { "whitelist.unlist" };
    crate::audit::record(&state, &req, Some(&caller), action, code, "", true).await;
    changed(&state, "whitelist").await;
    Ok(Reply(true))
}

async fn whitelist_grant(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<WhitelistGrantChange>) -> ApiResult<Reply<bool>> {
    let code = function_code(&body.code)?;
    let email = body.email.trim().to_lowercase();
    if !validation::is_email(&email) {
        return Err(ApiError::bad_request("请输入正确的邮箱"));
    }
    if !whitelist::functions(&state.db).await?.iter().any(|f| f == code) {
        return Err(ApiError::NotFound("该功能不在白名单管理中".into()));
    }
    if body.granted {
        whitelist::grant(&state.db, code, &email).await?;
    } else {
        whitelist::revoke(&state.db, code, &email).await?;
    }
    let action = if body.granted { "whitelist.grant" } else { "whitelist.revoke" };
    crate::audit::record(&state, &req, Some(&caller), action, code, &email, true).await;
    changed(&state, "whitelist").await;
    Ok(Reply(true))
}
