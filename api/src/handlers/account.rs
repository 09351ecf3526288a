//! Account calls (03 §7.11): login with captcha and rate limits, registration, session check,
//! logout and the saved subject. Their answers also carry `status` (1 on success).

use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};
use protocol::constants::{self, role};
use protocol::dto::admin;
use protocol::dto::{
    account::{LegacyLoginRequest, LoginRequest, LoginUser, RegistDict, RegisterRequest, SaveSubjectRequest},
    common::{CodeName, EmailQuery},
};
use protocol::validation;
use storage::accounts::{self, NewUser, User};
use storage::admin::{links, org as admin_org};
use storage::{login_guard, orgs, password, sessions};

use crate::access::Access;
use crate::auth::{self, Caller, MaybeCaller};
use crate::client_addr::client_ip;
use crate::config::Registration;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::handlers::user::{all_stage_subjects, stage_infos, subject_and_edu};
use crate::reply::{AccountReply, WithCookie};
use crate::routes::{info, RouteSink};
use crate::state::AppState;
use protocol::dto::common::Empty;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::POST, "/api/account/login/login", Access::Public, "account", "Sign in with e-mail and password (captcha after 3 failures)")
            .spec(&["S001"]),
        login,
    );
    r.add(
        info(Method::GET, "/api/account/login/VerifyCode", Access::Public, "account", "Captcha image (PNG) for an e-mail").spec(&["S005"]).raw("image/png"),
        verify_code,
    );
    r.add(
        info(Method::POST, "/api/account/login/legacy", Access::Public, "account", "The legacy login: userName (e-mail), passWord, checkCode").spec(&["S008"]),
        legacy_login,
    );
    r.add(info(Method::POST, "/api/account/login/regist", Access::Public, "account", "Register an account").spec(&["S002"]), register);
    r.add(
        info(Method::GET, "/api/account/login/getRegistDict", Access::Public, "account", "Registration dictionary: schools, stages, projects").spec(&["S004"]),
        regist_dict,
    );
    r.add(
        info(Method::GET, "/api/account/login/user/check", Access::Session, "account", "The signed-in user (product=1, roleType)").spec(&["S003"]),
        user_check,
    );
    r.add(info(Method::POST, "/api/account/login/logout", Access::Public, "account", "Sign out").spec(&["S006"]), logout);
    r.add(info(Method::POST, "/api/account/login/saveSubject", Access::Session, "account", "Save the selected subject").spec(&["S007"]), save_subject);
}

async fn login(state: web::Data<AppState>, req: HttpRequest, body: web::Json<LoginRequest>) -> ApiResult<WithCookie<AccountReply<LoginUser>>> {
    let body = body.into_inner();
    sign_in(&state, &req, &body.email, &body.password, body.code.as_deref()).await
}

/// The legacy login (01 §7): the same sign-in, with the old field names.
async fn legacy_login(state: web::Data<AppState>, req: HttpRequest, body: web::Json<LegacyLoginRequest>) -> ApiResult<WithCookie<AccountReply<LoginUser>>> {
    let body = body.into_inner();
    sign_in(&state, &req, &body.user_name, &body.pass_word, body.check_code.as_deref()).await
}

/// Checks the e-mail, password and (after repeated failures) captcha, rate-limited per address
/// and per e-mail; opens a session and sets its cookie.
async fn sign_in(state: &AppState, req: &HttpRequest, email: &str, password: &str, code: Option<&str>) -> ApiResult<WithCookie<AccountReply<LoginUser>>> {
    let email = email.trim().to_lowercase();
    if !validation::is_email(&email) {
        return Err(ApiError::bad_request("请输入正确的邮箱"));
    }
    if password.is_empty() {
        return Err(ApiError::bad_request("请输入密码"));
    }
    let ip = client_ip(req, &state.config.trusted_proxies);
    if login_guard::recent_attempts_from(&state.db, &ip).await? >= login_guard::IP_ATTEMPT_LIMIT {
        return Err(ApiError::TooManyRequests);
    }
    // After repeated failures only a solved captcha lets a login through. The account is never
    // locked: its owner, with the right password and a captcha, always gets in.
    let failures = login_guard::recent_failures(&state.db, &email).await?;
    if failures >= login_guard::CAPTCHA_AFTER_FAILURES {
        let code = code.map(str::trim).unwrap_or("");
        if code.is_empty() {
            return Err(ApiError::CaptchaRequired("请输入验证码"));
        }
        let client = auth::captcha_client(req).unwrap_or_default();
        if client.is_empty() || !login_guard::take_captcha(&state.db, &client, &email, code).await? {
            // Counted against the address, not the e-mail: wrong captchas cannot lock anyone out.
            login_guard::record_attempt(&state.db, "", &ip, false).await?;
            return Err(ApiError::CaptchaRequired("验证码错误或已过期，请重新输入"));
        }
    }
    let user = accounts::by_email(&state.db, &email).await?;
    let hash = user.as_ref().map(|u| u.password_hash.clone()).unwrap_or_else(|| password::dummy_hash().to_owned());
    let password = password.to_owned();
    // argon2 is deliberately slow: keep it off the async workers.
    let matches = web::block(move || password::verify(&password, &hash)).await.map_err(|e| ApiError::Internal(e.to_string()))?;
    let user = match user {
        Some(user) if matches => user,
        _ => {
            login_guard::record_attempt(&state.db, &email, &ip, false).await?;
            crate::audit::record_for(state, req, user.as_ref().map(|u| (u.id, u.email.as_str())), "login.failed", &email, "", false).await;
            return Err(ApiError::BadCredentials { captcha_required: failures + 1 >= login_guard::CAPTCHA_AFTER_FAILURES });
        }
    };
    // The state is told only to whoever knows the password.
    let refused = match user.state {
        admin::ACCOUNT_PENDING => Some(("awaiting approval", "账号正在等待管理员审核，审核通过后即可登录")),
        admin::ACCOUNT_DISABLED => Some(("disabled", "账号已停用，请联系管理员")),
        _ => None,
    };
    if let Some((why, message)) = refused {
        crate::audit::record_for(state, req, Some((user.id, &user.email)), "login.failed", &user.email, why, false).await;
        return Err(ApiError::Forbidden(message.into()));
    }
    login_guard::record_attempt(&state.db, &email, &ip, true).await?;
    crate::audit::record_for(state, req, Some((user.id, &user.email)), "login", &user.email, "", true).await;
    let token = sessions::create(&state.db, user.id).await?;
    let previous_logins = accounts::record_login(&state.db, user.id).await?;
    let mut data = login_user(state, &user, previous_logins == 0).await?;
    data.token = Some(token.clone());
    Ok(WithCookie(AccountReply(data), auth::session_cookie(&token, state.config.secure_cookies)))
}

/// The account summary of login and `user/check`.
pub async fn login_user(state: &AppState, user: &User, first: bool) -> ApiResult<LoginUser> {
    let roles = accounts::roles(&state.db, user.id).await?;
    let school_name = if user.selected_school_id == constants::GENERAL_EDITION_SCHOOL_ID {
        "通用版".to_owned()
    } else {
        orgs::schools_by_ids(&state.db, &[user.selected_school_id]).await?.first().map(|s| s.name.clone()).unwrap_or_else(|| "未知校区".into())
    };
    Ok(LoginUser {
        token: None,
        name: user.name.clone(),
        email: user.email.clone(),
        school_id: user.selected_school_id,
        school_name,
        subject_and_edu: subject_and_edu(user.selected_stage, user.selected_subject),
        types: roles.iter().map(|r| role::type_number(r)).collect(),
        last_type: role::type_number(&user.current_role),
        first,
    })
}

/// A newly drawn captcha: its answer and its picture (PNG).
pub(crate) async fn draw_captcha() -> ApiResult<(String, Vec<u8>)> {
    let (answer, png) = web::block(|| {
        let mut captcha = captcha::Captcha::new();
        captcha
            .add_chars(4)
            .apply_filter(captcha::filters::Noise::new(0.2))
            .apply_filter(captcha::filters::Wave::new(2.0, 12.0))
            .view(160, 60)
            .apply_filter(captcha::filters::Dots::new(6));
        (captcha.chars_as_string(), captcha.as_png())
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok((answer, png.ok_or_else(|| ApiError::Internal("captcha rendering failed".into()))?))
}

/// A captcha for the e-mail, bound to the asking client (a cookie): asking for one for another
/// person's e-mail does not replace theirs.
async fn verify_code(state: web::Data<AppState>, req: HttpRequest, query: web::Query<EmailQuery>) -> ApiResult<HttpResponse> {
    let email = query.into_inner().email.unwrap_or_default().trim().to_lowercase();
    if !validation::is_email(&email) {
        return Err(ApiError::bad_request("请输入正确的邮箱"));
    }
    let (answer, png) = draw_captcha().await?;
    let client = auth::captcha_client(&req).unwrap_or_else(storage::token::new_token);
    login_guard::store_captcha(&state.db, &client, &email, &answer).await?;
    Ok(HttpResponse::Ok()
        .content_type("image/png")
        .insert_header(("Cache-Control", "no-store"))
        .cookie(auth::captcha_cookie(&client, state.config.secure_cookies))
        .body(png))
}

/// Registers an account: fields checked, then the address and e-mail limits, then a solved
/// captcha, then whether the e-mail is taken (so existing e-mails cannot be listed without
/// captchas), and only then the deliberately slow password hash.
async fn register(state: web::Data<AppState>, req: HttpRequest, body: web::Json<RegisterRequest>) -> ApiResult<WithCookie<AccountReply<Option<LoginUser>>>> {
    let body = body.into_inner();
    let email = body.email.trim().to_lowercase();
    if !validation::is_email(&email) {
        return Err(ApiError::bad_request("请输入正确的邮箱"));
    }
    if !validation::is_mobile(body.mobile.trim()) {
        return Err(ApiError::bad_request("请输入正确的手机号"));
    }
    let name = body.name.trim();
    if name.is_empty() || name.chars().count() > 50 {
        return Err(ApiError::bad_request("姓名不能为空且不超过 50 字"));
    }
    if let Some(problem) = validation::password_problem(&body.password) {
        return Err(ApiError::bad_request(problem));
    }
    if constants::stage_name(body.edu).is_none() {
        return Err(ApiError::bad_request("学段无效"));
    }
    if constants::subject(body.subject).is_none() || (body.subject == constants::SUBJECT_SCIENCE && body.edu != constants::STAGE_SENIOR) {
        return Err(ApiError::bad_request("学科无效"));
    }
    // Through an invitation the account gets what the invitation grants; otherwise the
    // deployment decides whether anyone may register, and whether an administrator approves first.
    let invitation = match body.invitation.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        Some(token) => {
            let link =
                links::open(&state.db, token, Some(links::INVITE)).await?.ok_or_else(|| ApiError::bad_request("邀请链接无效或已过期，请联系管理员重新邀请"))?;
            if link.email != email {
                return Err(ApiError::bad_request("邀请链接只能用于被邀请的邮箱"));
            }
            Some((token.to_owned(), link.grant()))
        }
        None if state.config.registration_mode() == Registration::InvitationOnly => {
            return Err(ApiError::Forbidden("本系统仅支持受邀注册，请联系管理员获取邀请链接".into()));
        }
        None => None,
    };
    let school = orgs::schools_by_ids(&state.db, &[body.school_id]).await?.into_iter().next().ok_or_else(|| ApiError::bad_request("校区不存在"))?;
    if invitation.is_none() && !admin_org::is_open(&state.db, school.id).await? {
        return Err(ApiError::bad_request("该校区已关闭，请选择其他校区"));
    }
    let role = match body.r#type.unwrap_or(1) {
        1 => role::TEACHER,
        2 => role::TUTOR_ONLINE,
        _ => return Err(ApiError::bad_request("账号类型无效")),
    };
    let ip = client_ip(&req, &state.config.trusted_proxies);
    if login_guard::recent_attempts_from(&state.db, &ip).await? >= login_guard::IP_ATTEMPT_LIMIT
        || login_guard::recent_registrations(&state.db, &email).await? >= login_guard::REGISTRATIONS_PER_EMAIL
    {
        return Err(ApiError::TooManyRequests);
    }
    login_guard::record_registration(&state.db, &email, &ip).await?;
    let code = body.code.as_deref().map(str::trim).unwrap_or("");
    if code.is_empty() {
        return Err(ApiError::CaptchaRequired("请输入验证码"));
    }
    let client = auth::captcha_client(&req).unwrap_or_default();
    if client.is_empty() || !login_guard::take_captcha(&state.db, &client, &email, code).await? {
        return Err(ApiError::CaptchaRequired("验证码错误或已过期，请重新输入"));
    }
    if accounts::by_email(&state.db, &email).await?.is_some() {
        return Err(ApiError::Conflict("该邮箱已注册".into()));
    }
    let password = body.password.clone();
    let hash = web::block(move || password::hash(&password)).await.map_err(|e| ApiError::Internal(e.to_string()))??;
    let mut new = NewUser {
        email,
        password_hash: hash,
        name: name.to_owned(),
        mobile: body.mobile.trim().to_owned(),
        roles: vec![role.to_owned()],
        school_ids: vec![school.id],
        subjects: vec![(body.edu, body.subject)],
        province: school.province_code.clone(),
        pending: invitation.is_none() && state.config.registration_mode() == Registration::Approval,
        ..NewUser::default()
    };
    if let Some((_, grant)) = &invitation {
        new.roles = grant.roles.clone();
        if !grant.school_ids.is_empty() {
            new.school_ids = grant.school_ids.clone();
        }
        if !grant.subjects.is_empty() {
            new.subjects = grant.subjects.clone();
        }
    }
    let user = match &invitation {
        // The link is taken with the account, so one invitation makes one account.
        Some((token, _)) => create_invited(&state, token, &new).await?,
        None => accounts::create(&state.db, &new).await?,
    };
    if let Some(projects) = body.project.filter(|p| !p.is_empty()) {
        accounts::set_setting(&state.db, user.id, "projects", &serde_json::to_string(&projects).unwrap_or_default()).await?;
    }
    let how = if invitation.is_some() {
        "invitation"
    } else if new.pending {
        "awaiting approval"
    } else {
        "open"
    };
    crate::audit::record_for(&state, &req, Some((user.id, &user.email)), "register", &user.email, how, true).await;
    if new.pending {
        // Nothing to sign in to yet: the client says the registration waits for approval.
        return Ok(WithCookie(AccountReply(None), auth::removal_cookie(state.config.secure_cookies)));
    }
    // An active account is signed in at once, as after a login.
    let token = sessions::create(&state.db, user.id).await?;
    accounts::record_login(&state.db, user.id).await?;
    let mut data = login_user(&state, &user, true).await?;
    data.token = Some(token.clone());
    Ok(WithCookie(AccountReply(Some(data)), auth::session_cookie(&token, state.config.secure_cookies)))
}

/// Creates the invited account and uses the invitation together; a link used meanwhile (another
/// tab) refuses.
async fn create_invited(state: &AppState, token: &str, new: &NewUser) -> ApiResult<User> {
    if !links::use_once(&state.db, token, links::INVITE).await? {
        return Err(ApiError::bad_request("邀请链接无效或已过期，请联系管理员重新邀请"));
    }
    match accounts::create(&state.db, new).await {
        Ok(user) => Ok(user),
        Err(e) => {
            // The account was not made: the invitation is given back.
            links::give_back(&state.db, token).await?;
            Err(e.into())
        }
    }
}

async fn regist_dict(state: web::Data<AppState>) -> ApiResult<AccountReply<RegistDict>> {
    let schools = orgs::schools(&state.db).await?.iter().map(orgs::School::to_ref).collect();
    let all_pairs = all_stage_subjects();
    let projects =
        [("1v1", "一对一"), ("class", "班课"), ("group", "小组课")].into_iter().map(|(code, name)| CodeName { code: code.into(), name: name.into() }).collect();
    Ok(AccountReply(RegistDict { schools, stages: stage_infos(&all_pairs), projects }))
}

async fn user_check(state: web::Data<AppState>, caller: Caller) -> ApiResult<AccountReply<LoginUser>> {
    Ok(AccountReply(login_user(&state, &caller.user, caller.user.logins <= 1).await?))
}

/// Ends the session (if any), closes its sockets and removes the cookie. Used by both logout paths.
pub async fn logout(state: web::Data<AppState>, req: HttpRequest, caller: MaybeCaller, _: OptionalJson<Empty>) -> ApiResult<WithCookie<AccountReply<bool>>> {
    if let Some(caller) = caller.0 {
        sessions::delete(&state.db, &caller.token_hash).await?;
        state.hub.end_session(&caller.token_hash).await;
        crate::audit::record(&state, &req, Some(&caller), "logout", &caller.signed_in().email, "", true).await;
    }
    Ok(WithCookie(AccountReply(true), auth::removal_cookie(state.config.secure_cookies)))
}

async fn save_subject(state: web::Data<AppState>, caller: Caller, body: web::Json<SaveSubjectRequest>) -> ApiResult<AccountReply<bool>> {
    let pairs = accounts::subjects(&state.db, caller.user.id).await?;
    let subject = body.subject;
    let stage = if pairs.contains(&(caller.user.selected_stage, subject)) {
        caller.user.selected_stage
    } else {
        pairs.iter().find(|(_, s)| *s == subject).map(|(stage, _)| *stage).ok_or_else(|| ApiError::bad_request("该学科不在您的学科范围内"))?
    };
    accounts::set_selection(&state.db, caller.user.id, None, Some(stage), Some(subject), None).await?;
    Ok(AccountReply(true))
}
