//! Accounts: the list, roles, schools and subjects, the super-user mark, approval, disabling
//! (the account's sessions and sockets end at once), invitations, reset links and the bulk
//! import of invitations from an .xlsx.

use actix_web::http::Method;
use actix_web::{web, HttpRequest};
use futures_util::StreamExt;
use protocol::constants::{self, role};
use protocol::dto::admin::{
    AccountImportRequest, AccountImportResult, AccountSearch, AccountStateChange, AccountUpdate, AdminAccount, ImportRowError, ImportedInvitation, Invitation,
    InvitationRevoke, InviteRequest, OneTimeLink, StageSubject, ACCOUNT_ACTIVE, ACCOUNT_DISABLED, ACCOUNT_PENDING,
};
use protocol::dto::common::{IdRequest, Page, PageRequest};
use protocol::validation;
use storage::admin::accounts::{self as admin_accounts, Assignment};
use storage::admin::links::{self, Grant};
use storage::{accounts, orgs, uploads};

use super::name;
use crate::access::{records, Access};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// The largest account import read.
const IMPORT_MAX_BYTES: i64 = 5 * 1024 * 1024;
const IMPORT_MAX_ROWS: usize = 1000;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::POST, "/api/admin/account/search", Access::Admin, "admin", "Accounts by words, role, school and state (waiting for approval first)"),
        search,
    );
    r.add(
        info(Method::POST, "/api/admin/account/update", Access::Admin, "admin", "Set an account's name, roles, schools, subjects (and super-user mark)"),
        update,
    );
    r.add(
        info(Method::POST, "/api/admin/account/state", Access::Admin, "admin", "Approve, enable (1) or disable (2) an account; disabling ends its sessions"),
        set_state,
    );
    r.add(
        info(Method::POST, "/api/admin/account/refuse", Access::Admin, "admin", "Refuse a registration waiting for approval (the account is removed)"),
        refuse,
    );
    r.add(
        info(Method::POST, "/api/admin/account/invite", Access::Admin, "admin", "Invite an e-mail: a one-time registration link with roles and schools"),
        invite,
    );
    r.add(info(Method::POST, "/api/admin/account/invitations", Access::Admin, "admin", "The invitations sent, newest first, with their status"), invitations);
    r.add(info(Method::POST, "/api/admin/account/invitation/revoke", Access::Admin, "admin", "Revoke an open invitation"), revoke_invitation);
    r.add(
        info(Method::POST, "/api/admin/account/resetLink", Access::Admin, "admin", "A one-time link for the account's owner to set a new password"),
        reset_link,
    );
    r.add(
        info(
            Method::POST,
            "/api/admin/account/import",
            Access::Admin,
            "admin",
            "Invitations from an uploaded .xlsx (邮箱, 角色, 校区, 学段, 学科), row by row",
        ),
        import,
    );
}

async fn view(state: &AppState, row: admin_accounts::AccountRow) -> ApiResult<AdminAccount> {
    Ok(AdminAccount {
        roles: accounts::roles(&state.db, row.id).await?,
        school_ids: accounts::school_ids(&state.db, row.id).await?,
        subjects: accounts::subjects(&state.db, row.id).await?.into_iter().map(|(stage, subject)| StageSubject { stage, subject }).collect(),
        id: row.id,
        email: row.email,
        name: row.name,
        mobile: row.mobile,
        superuser: row.superuser != 0,
        state: row.state,
        created_at: row.created_at,
        last_login_at: row.last_login_at,
    })
}

/// A super user's account is for super users to manage: an administrator who is not one may not
/// change, disable or reset it (nor take over one by its reset link).
fn may_manage(caller: &Caller, target: &AdminAccount) -> ApiResult<()> {
    if target.superuser && !caller.signed_in().is_superuser() {
        return Err(ApiError::Forbidden("只有超级用户可以管理超级用户账号".into()));
    }
    Ok(())
}

async fn account(state: &AppState, user_id: i64) -> ApiResult<AdminAccount> {
    let row = admin_accounts::row(&state.db, user_id).await?.ok_or_else(|| ApiError::NotFound("账号不存在".into()))?;
    view(state, row).await
}

async fn search(state: web::Data<AppState>, body: web::Json<AccountSearch>) -> ApiResult<Reply<Page<AdminAccount>>> {
    let body = body.into_inner();
    let paging = Paging::new(body.page_no, body.page_size, 20)?;
    if body.keyword.as_deref().is_some_and(|k| k.chars().count() > 50) {
        return Err(ApiError::bad_request("关键词不超过 50 字"));
    }
    if let Some(state_code) = body.state.filter(|s| *s >= 0) {
        if ![ACCOUNT_ACTIVE, ACCOUNT_PENDING, ACCOUNT_DISABLED].contains(&state_code) {
            return Err(ApiError::bad_request("账号状态只能是 0、1 或 2"));
        }
    }
    let filter = admin_accounts::Search {
        keyword: body.keyword,
        role: body.role.filter(|r| !r.is_empty()),
        school_id: body.school_id,
        state: body.state.filter(|s| *s >= 0),
    };
    let (rows, total) = admin_accounts::search(&state.db, &filter, paging.page_size, (paging.page_no - 1) * paging.page_size).await?;
    let mut records = Vec::with_capacity(rows.len());
    for row in rows {
        records.push(view(&state, row).await?);
    }
    Ok(Reply(paging.page(records, total)))
}

/// Roles, schools and subjects as given, checked: known roles (at least one), existing open
/// schools, subjects of the catalogue.
async fn checked_grant(state: &AppState, roles: &[String], school_ids: &[i64], subjects: &[StageSubject]) -> ApiResult<Grant> {
    if roles.is_empty() || roles.len() > role::ALL.len() {
        return Err(ApiError::bad_request("请选择至少一个角色"));
    }
    if let Some(bad) = roles.iter().find(|r| !role::ALL.contains(&r.as_str())) {
        return Err(ApiError::bad_request(format!("未知角色：{bad}")));
    }
    let mut roles_unique: Vec<String> = Vec::new();
    for r in roles {
        if !roles_unique.contains(r) {
            roles_unique.push(r.clone());
        }
    }
    if school_ids.len() > 100 {
        return Err(ApiError::bad_request("校区最多 100 个"));
    }
    let mut schools: Vec<i64> = school_ids.to_vec();
    schools.sort_unstable();
    schools.dedup();
    let known = orgs::schools_by_ids(&state.db, &schools).await?;
    if let Some(bad) = schools.iter().find(|id| !known.iter().any(|s| s.id == **id)) {
        return Err(ApiError::bad_request(format!("校区不存在：{bad}")));
    }
    if subjects.len() > 30 {
        return Err(ApiError::bad_request("学科最多 30 个"));
    }
    let mut pairs = Vec::new();
    for s in subjects {
        if constants::stage_name(s.stage).is_none() || constants::subject(s.subject).is_none() {
            return Err(ApiError::bad_request(format!("学段或学科无效：{}/{}", s.stage, s.subject)));
        }
        if !pairs.contains(&(s.stage, s.subject)) {
            pairs.push((s.stage, s.subject));
        }
    }
    Ok(Grant { roles: roles_unique, school_ids: schools, subjects: pairs })
}

async fn update(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<AccountUpdate>) -> ApiResult<Reply<AdminAccount>> {
    let body = body.into_inner();
    let display_name = name(&body.name, 50, "姓名")?;
    let grant = checked_grant(&state, &body.roles, &body.school_ids, &body.subjects).await?;
    let before = account(&state, body.user_id).await?;
    may_manage(&caller, &before)?;
    let me = caller.signed_in();
    if body.superuser.is_some_and(|s| s != before.superuser) {
        if !me.is_superuser() {
            return Err(ApiError::Forbidden("只有超级用户可以设置超级用户".into()));
        }
        if before.superuser && admin_accounts::active_superusers(&state.db).await? <= 1 {
            return Err(ApiError::Conflict("这是最后一个超级用户，不能取消".into()));
        }
    }
    // An administrator cannot lock themself out of the administration.
    if body.user_id == me.id && !me.is_superuser() && !grant.roles.iter().any(|r| r == role::ADMIN) {
        return Err(ApiError::Conflict("不能取消自己的管理员角色".into()));
    }
    let assignment = Assignment {
        name: &display_name,
        roles: &grant.roles,
        school_ids: &grant.school_ids,
        subjects: &grant.subjects,
        superuser: body.superuser.filter(|_| me.is_superuser()),
    };
    admin_accounts::assign(&state.db, body.user_id, &assignment).await?;
    let after = account(&state, body.user_id).await?;
    let detail = format!(
        "roles {:?} → {:?}; schools {:?} → {:?}; superuser {} → {}",
        before.roles, after.roles, before.school_ids, after.school_ids, before.superuser, after.superuser
    );
    crate::audit::record(&state, &req, Some(&caller), "account.update", &after.email, detail, true).await;
    // Open sessions see the new menus and rights on their next call; the shell reloads them now.
    state.hub.signal_users(vec![body.user_id], &protocol::push::PushMessage::shell_changed("menus")).await;
    Ok(Reply(after))
}

async fn set_state(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<AccountStateChange>) -> ApiResult<Reply<AdminAccount>> {
    if ![ACCOUNT_ACTIVE, ACCOUNT_DISABLED].contains(&body.state) {
        return Err(ApiError::bad_request("状态只能是 1（启用）或 2（停用）"));
    }
    let target = account(&state, body.user_id).await?;
    may_manage(&caller, &target)?;
    if body.state == ACCOUNT_DISABLED {
        if body.user_id == caller.signed_in().id {
            return Err(ApiError::Conflict("不能停用自己的账号".into()));
        }
        if target.superuser && target.state == ACCOUNT_ACTIVE && admin_accounts::active_superusers(&state.db).await? <= 1 {
            return Err(ApiError::Conflict("这是最后一个超级用户，不能停用".into()));
        }
    }
    // The sessions are read before they are removed, so their sockets can be closed.
    let sessions = admin_accounts::session_digests(&state.db, body.user_id).await?;
    let before = admin_accounts::set_state(&state.db, body.user_id, body.state).await?.ok_or_else(|| ApiError::NotFound("账号不存在".into()))?;
    if body.state == ACCOUNT_DISABLED {
        for digest in &sessions {
            state.hub.end_session(digest).await;
        }
    }
    let action = match (before, body.state) {
        (ACCOUNT_PENDING, ACCOUNT_ACTIVE) => "account.approve",
        (_, ACCOUNT_ACTIVE) => "account.enable",
        _ => "account.disable",
    };
    let detail = if body.state == ACCOUNT_DISABLED { format!("{} sessions ended", sessions.len()) } else { String::new() };
    crate::audit::record(&state, &req, Some(&caller), action, &target.email, detail, true).await;
    Ok(Reply(account(&state, body.user_id).await?))
}

async fn refuse(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<bool>> {
    let target = account(&state, body.id).await?;
    if !admin_accounts::refuse(&state.db, body.id).await? {
        return Err(ApiError::Conflict("该账号不在待审核状态".into()));
    }
    crate::audit::record(&state, &req, Some(&caller), "account.refuse", &target.email, "", true).await;
    Ok(Reply(true))
}

fn link(path: &str, token: &str, expires_at: i64) -> OneTimeLink {
    OneTimeLink { path: format!("{path}{token}"), expires_at }
}

/// Makes an invitation (the e-mail must not have an account yet).
async fn make_invitation(state: &AppState, caller: &Caller, email: &str, grant: &Grant) -> ApiResult<OneTimeLink> {
    if accounts::by_email(&state.db, email).await?.is_some() {
        return Err(ApiError::Conflict(format!("{email} 已有账号")));
    }
    let (token, expires_at) = links::create(&state.db, links::INVITE, email, None, grant, Some(caller.signed_in().id), links::INVITE_TTL_MS).await?;
    Ok(link("/register?invitation=", &token, expires_at))
}

async fn invite(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<InviteRequest>) -> ApiResult<Reply<OneTimeLink>> {
    let email = body.email.trim().to_lowercase();
    if !validation::is_email(&email) {
        return Err(ApiError::bad_request("请输入正确的邮箱"));
    }
    let grant = checked_grant(&state, &body.roles, &body.school_ids, &body.subjects).await?;
    let link = make_invitation(&state, &caller, &email, &grant).await?;
    crate::audit::record(&state, &req, Some(&caller), "account.invite", &email, format!("roles {:?}; schools {:?}", grant.roles, grant.school_ids), true).await;
    Ok(Reply(link))
}

async fn invitations(state: web::Data<AppState>, body: web::Json<PageRequest>) -> ApiResult<Reply<Page<Invitation>>> {
    let paging = Paging::new(body.page_no, body.page_size, 20)?;
    let (rows, total) = links::invitations(&state.db, paging.page_no, paging.page_size).await?;
    let now = storage::now_ms();
    let records = rows
        .into_iter()
        .map(|(row, inviter)| {
            let grant = row.grant();
            Invitation {
                status: row.status(now).to_owned(),
                id: row.token_hash,
                email: row.email,
                roles: grant.roles,
                school_ids: grant.school_ids,
                invited_by: inviter,
                created_at: row.created_at,
                expires_at: row.expires_at,
            }
        })
        .collect();
    Ok(Reply(paging.page(records, total)))
}

async fn revoke_invitation(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<InvitationRevoke>) -> ApiResult<Reply<bool>> {
    if body.id.len() > 64 || !links::revoke(&state.db, &body.id).await? {
        return Err(ApiError::NotFound("邀请不存在或已失效".into()));
    }
    crate::audit::record(&state, &req, Some(&caller), "account.invitation.revoke", &body.id, "", true).await;
    Ok(Reply(true))
}

async fn reset_link(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<OneTimeLink>> {
    let target = account(&state, body.id).await?;
    may_manage(&caller, &target)?;
    if target.state != ACCOUNT_ACTIVE {
        return Err(ApiError::Conflict("账号未启用，不能重置密码".into()));
    }
    let (token, expires_at) =
        links::create(&state.db, links::RESET, &target.email, Some(target.id), &Grant::default(), Some(caller.signed_in().id), links::RESET_TTL_MS).await?;
    crate::audit::record(&state, &req, Some(&caller), "account.resetLink", &target.email, "", true).await;
    Ok(Reply(link("/resetPassword?token=", &token, expires_at)))
}

/// A role named as the app shows it (教师) or by its code (teacher).
fn role_of(text: &str) -> Option<&'static str> {
    role::ALL.iter().copied().find(|code| *code == text || role::name(code) == text)
}

async fn import(state: web::Data<AppState>, req: HttpRequest, caller: Caller, body: web::Json<AccountImportRequest>) -> ApiResult<Reply<AccountImportResult>> {
    let upload = records::own_upload(&state, &caller, &body.file_id).await?;
    if upload.status != uploads::COMPLETE {
        return Err(ApiError::bad_request("文件尚未上传完成"));
    }
    if !upload.ext.eq_ignore_ascii_case("xlsx") {
        return Err(ApiError::bad_request("请上传 .xlsx 文件"));
    }
    if upload.size > IMPORT_MAX_BYTES {
        return Err(ApiError::bad_request("文件不能超过 5 MB"));
    }
    let (_, mut stream) = state.objects.get(&upload.object_key, None).await?;
    let mut bytes = Vec::with_capacity(upload.size as usize);
    while let Some(chunk) = stream.next().await {
        bytes.extend_from_slice(&chunk.map_err(ApiError::Internal)?);
    }
    let rows = web::block(move || crate::sheet::read_first_sheet(bytes, IMPORT_MAX_ROWS, "行"))
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?
        .map_err(ApiError::BadRequest)?;
    let header = rows.first().ok_or_else(|| ApiError::bad_request("文件是空的"))?;
    let column = |title: &str| header.iter().position(|h| h == title);
    let (Some(email_at), Some(role_at), Some(school_at)) = (column("邮箱"), column("角色"), column("校区")) else {
        return Err(ApiError::bad_request("第1行需有「邮箱」「角色」「校区」三列（「学段」「学科」可选）"));
    };
    let (stage_at, subject_at) = (column("学段"), column("学科"));
    let schools = orgs::schools(&state.db).await?;
    let mut seen: Vec<(String, i64)> = Vec::new();
    let mut invited = Vec::new();
    let mut errors = Vec::new();
    let mut total = 0;
    for (i, row) in rows.iter().enumerate().skip(1) {
        let line = i as i64 + 1;
        let cell = |at: Option<usize>| at.and_then(|a| row.get(a)).map(String::as_str).unwrap_or("");
        if row.iter().all(String::is_empty) {
            continue;
        }
        total += 1;
        let email = cell(Some(email_at)).to_lowercase();
        let problem = async {
            if !validation::is_email(&email) {
                return Err("邮箱格式不正确".to_owned());
            }
            if let Some((_, first)) = seen.iter().find(|(e, _)| *e == email) {
                return Err(format!("与第{first}行的邮箱重复"));
            }
            let mut roles = Vec::new();
            for text in cell(Some(role_at)).split(['、', ',', '，']).map(str::trim).filter(|t| !t.is_empty()) {
                roles.push(role_of(text).ok_or_else(|| format!("未知角色：{text}"))?.to_owned());
            }
            let mut school_ids = Vec::new();
            for text in cell(Some(school_at)).split(['、', ',', '，']).map(str::trim).filter(|t| !t.is_empty()) {
                let school = schools.iter().find(|s| s.name == text).ok_or_else(|| format!("校区不存在：{text}"))?;
                school_ids.push(school.id);
            }
            let mut subjects = Vec::new();
            let (stage_text, subject_text) = (cell(stage_at), cell(subject_at));
            if !stage_text.is_empty() || !subject_text.is_empty() {
                let stage = [constants::STAGE_SENIOR, constants::STAGE_JUNIOR]
                    .into_iter()
                    .find(|s| constants::stage_name(*s) == Some(stage_text))
                    .ok_or_else(|| format!("学段无效：{stage_text}"))?;
                let subject = constants::SUBJECTS.iter().find(|s| s.name == subject_text).ok_or_else(|| format!("学科无效：{subject_text}"))?;
                subjects.push(StageSubject { stage, subject: subject.code });
            }
            let grant = checked_grant(&state, &roles, &school_ids, &subjects).await.map_err(|e| e.to_string())?;
            make_invitation(&state, &caller, &email, &grant).await.map_err(|e| e.to_string())
        }
        .await;
        match problem {
            Ok(link) => {
                seen.push((email.clone(), line));
                invited.push(ImportedInvitation { line, email, link });
            }
            Err(reason) => errors.push(ImportRowError { line, reason }),
        }
    }
    let detail = format!("{} rows, {} invited, {} refused", total, invited.len(), errors.len());
    crate::audit::record(&state, &req, Some(&caller), "account.import", &upload.file_name, detail, true).await;
    Ok(Reply(AccountImportResult { total, invited, errors }))
}
