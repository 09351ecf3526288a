//! The public side of one-time links: what a link is for, a new password through a reset link,
//! and the first set-up (the first super user and school) through the link `eduhub serve`
//! prints on an empty database. Registration through an invitation is `account/login/regist`.

use actix_web::http::Method;
use actix_web::{web, HttpRequest};
use protocol::constants::{self, role};
use protocol::dto::admin::{LinkInfo, LinkToken, PasswordReset, SetupRequest, SetupState};
use protocol::validation;
use storage::accounts::{self, NewUser};
use storage::admin::links::{self, Grant};
use storage::admin::org::{self, SchoolChange};
use storage::{orgs, password, Db};

use super::name;
use crate::access::Access;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(
            Method::POST,
            "/api/account/link/info",
            Access::Token("one-time link"),
            "account",
            "What a one-time link (invitation, password reset, set-up) is for",
        ),
        link_info,
    );
    r.add(
        info(
            Method::POST,
            "/api/account/password/reset",
            Access::Token("reset link"),
            "account",
            "Set a new password through a reset link (ends every session)",
        ),
        reset_password,
    );
    r.add(info(Method::GET, "/api/setup/state", Access::Public, "account", "Whether the first set-up is still to do (no account yet)"), setup_state);
    r.add(
        info(Method::POST, "/api/setup", Access::Token("set-up link"), "account", "The first super user and school, through the set-up link printed at start"),
        setup,
    );
}

const INVALID: &str = "链接无效或已过期，请联系管理员重新获取";

fn token_text(token: &str) -> ApiResult<&str> {
    let token = token.trim();
    if token.is_empty() || token.len() > 64 {
        return Err(ApiError::bad_request(INVALID));
    }
    Ok(token)
}

async fn link_info(state: web::Data<AppState>, body: web::Json<LinkToken>) -> ApiResult<Reply<LinkInfo>> {
    let link = links::open(&state.db, token_text(&body.token)?, None).await?.ok_or_else(|| ApiError::bad_request(INVALID))?;
    let grant = link.grant();
    let schools = orgs::schools_by_ids(&state.db, &grant.school_ids).await?;
    Ok(Reply(LinkInfo {
        kind: link.kind,
        email: link.email,
        roles: grant.roles.iter().map(|r| role::name(r).to_owned()).collect(),
        schools: schools.into_iter().map(|s| s.name).collect(),
        expires_at: link.expires_at,
    }))
}

async fn reset_password(state: web::Data<AppState>, req: HttpRequest, body: web::Json<PasswordReset>) -> ApiResult<Reply<bool>> {
    let body = body.into_inner();
    let token = token_text(&body.token)?.to_owned();
    if let Some(problem) = validation::password_problem(&body.password) {
        return Err(ApiError::bad_request(problem));
    }
    let link = links::open(&state.db, &token, Some(links::RESET)).await?.ok_or_else(|| ApiError::bad_request(INVALID))?;
    let user_id = link.user_id.ok_or_else(|| ApiError::bad_request(INVALID))?;
    let password = body.password.clone();
    let hash = web::block(move || password::hash(&password)).await.map_err(|e| ApiError::Internal(e.to_string()))??;
    let sessions = storage::admin::accounts::session_digests(&state.db, user_id).await?;
    if !storage::admin::accounts::reset_password(&state.db, &token, user_id, &hash).await? {
        return Err(ApiError::bad_request(INVALID));
    }
    for digest in &sessions {
        state.hub.end_session(digest).await;
    }
    crate::audit::record_for(&state, &req, Some((user_id, &link.email)), "password.reset", &link.email, format!("{} sessions ended", sessions.len()), true)
        .await;
    Ok(Reply(true))
}

async fn setup_state(state: web::Data<AppState>) -> ApiResult<Reply<SetupState>> {
    Ok(Reply(SetupState { needed: accounts::count(&state.db).await? == 0, provinces: super::org::provinces(&state).await? }))
}

/// Makes the set-up link when the database has no account yet (printed by `eduhub serve`); a
/// restart makes a new one and ends the old.
pub async fn setup_link(db: &Db) -> storage::Result<Option<String>> {
    if accounts::count(db).await? > 0 {
        return Ok(None);
    }
    let (token, _) = links::create(db, links::SETUP, "", None, &Grant::default(), None, links::SETUP_TTL_MS).await?;
    Ok(Some(format!("/setup?token={token}")))
}

/// The first super user (with the admin role) and, when no school exists, the first school.
pub async fn create_first_admin(
    db: &Db,
    email: &str,
    display_name: &str,
    password_hash: String,
    school: Option<(&str, &str)>,
) -> anyhow::Result<storage::accounts::User> {
    let existing = orgs::schools(db).await?;
    let school_id = match (existing.first(), school) {
        (_, Some((school_name, province))) => {
            org::create_school(db, &SchoolChange { name: school_name, province_code: province, group_id: None, local_edition: false }).await?
        }
        (Some(first), None) => first.id,
        (None, None) => anyhow::bail!("no school exists yet: name the first school"),
    };
    let school = orgs::schools_by_ids(db, &[school_id]).await?.into_iter().next().ok_or_else(|| anyhow::anyhow!("the school was not made"))?;
    Ok(accounts::create(
        db,
        &NewUser {
            email: email.to_owned(),
            password_hash,
            name: display_name.to_owned(),
            superuser: true,
            roles: vec![role::ADMIN.to_owned()],
            school_ids: vec![school.id],
            subjects: vec![(constants::DEFAULT_STAGE, 54)],
            province: school.province_code,
            ..NewUser::default()
        },
    )
    .await?)
}

async fn setup(state: web::Data<AppState>, req: HttpRequest, body: web::Json<SetupRequest>) -> ApiResult<Reply<bool>> {
    let body = body.into_inner();
    let token = token_text(&body.token)?.to_owned();
    let email = body.email.trim().to_lowercase();
    if !validation::is_email(&email) {
        return Err(ApiError::bad_request("请输入正确的邮箱"));
    }
    let display_name = name(&body.name, 50, "姓名")?;
    let school_name = name(&body.school_name, 50, "校区名称")?;
    if let Some(problem) = validation::password_problem(&body.password) {
        return Err(ApiError::bad_request(problem));
    }
    if orgs::province(&state.db, &body.province_code).await?.is_none() {
        return Err(ApiError::bad_request("省份不存在"));
    }
    if links::open(&state.db, &token, Some(links::SETUP)).await?.is_none() || accounts::count(&state.db).await? > 0 {
        return Err(ApiError::bad_request("初始化链接无效或已使用"));
    }
    let password = body.password.clone();
    let hash = web::block(move || password::hash(&password)).await.map_err(|e| ApiError::Internal(e.to_string()))??;
    // One set-up: the link is taken before anything is made.
    if !links::use_once(&state.db, &token, links::SETUP).await? {
        return Err(ApiError::bad_request("初始化链接无效或已使用"));
    }
    let user = create_first_admin(&state.db, &email, &display_name, hash, Some((&school_name, &body.province_code)))
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    crate::audit::record_for(&state, &req, Some((user.id, &user.email)), "setup", &user.email, format!("first school {school_name}"), true).await;
    Ok(Reply(true))
}
