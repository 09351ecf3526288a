//! Team spaces of the drive (`team` area, 03 §7.8): teams, members and roles, and the folder
//! trees the move and copy dialogs pick targets from. Only a team's owner manages it.

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::common::Empty;
use protocol::dto::document::ShareInfo;
use protocol::dto::team::{
    FolderNode, FolderQuery, Team, TeamCreateRequest, TeamIdRequest, TeamMember, TeamMemberAddRequest, TeamMemberRequest, TeamRenameRequest, TeamRole,
};
use protocol::push::{DriveChange, PushMessage};
use storage::accounts;
use storage::document::{self, Space};
use storage::team::{self, TeamRow};

use crate::access::document as rules;
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// Teams one person may own.
const MAX_OWNED_TEAMS: usize = 50;
/// Members of one team.
const MAX_MEMBERS: usize = 500;

pub fn routes(r: &mut impl RouteSink) {
    let t = |path: &'static str, summary: &'static str, ids: &'static [&'static str]| {
        let route = info(Method::POST, path, Access::Session, "team", summary);
        if ids.is_empty() {
            route
        } else {
            route.spec(ids)
        }
    };
    r.add(t("/api/team/queryAllFolder", "Every folder of a space, nested (move and copy targets)", &["S439"]), query_all_folder);
    r.add(t("/api/team/queryLevelAllFolder", "The folders directly inside a folder of a space", &["S440"]), query_level_folder);
    r.add(t("/api/team/operate/getList", "The caller's teams with their role", &["S441"]), team_list);
    r.add(t("/api/team/getUserTeamRole", "The caller's role in a team", &["S442"]), user_team_role);
    r.add(t("/api/team/create", "Create a team (the caller owns it)", &[]), create);
    r.add(t("/api/team/rename", "Rename a team (owner)", &[]), rename);
    r.add(t("/api/team/delete", "Delete a team whose space is empty (owner)", &[]), delete);
    r.add(t("/api/team/members", "A team's members with their roles", &[]), members);
    r.add(t("/api/team/member/add", "Add colleagues to a team as editors or viewers (owner)", &[]), add_members);
    r.add(t("/api/team/member/remove", "Remove a member from a team (owner; or oneself to leave)", &[]), remove_member);
    r.add(t("/api/team/member/role", "Change a member's role; role 1 hands the team over (owner)", &[]), set_role);
    r.add(t("/api/team/shares", "The shares of a team's items, whoever made them (owner; each revocable)", &[]), team_shares);
}

/// The owner sees every share of the team's items (its editors share them too) and may revoke
/// each through `document/share/revoke`.
async fn team_shares(state: web::Data<AppState>, caller: Caller, body: web::Json<TeamIdRequest>) -> ApiResult<Reply<Vec<ShareInfo>>> {
    rules::owned_team(&state, &caller, body.team_id).await?;
    let rows = storage::document::share::of_team(&state.db, body.team_id, 1000).await?;
    Ok(Reply(rows.into_iter().map(super::document::share::share_wire).collect()))
}

fn team_wire(row: TeamRow) -> Team {
    Team { team_id: row.id, name: row.name, owner_id: row.owner_id, role: row.role, member_count: row.member_count, create_time: row.created_at }
}

fn team_name(raw: &str) -> ApiResult<String> {
    let name = raw.trim();
    if name.is_empty() || name.chars().count() > 50 || name.chars().any(char::is_control) {
        return Err(ApiError::bad_request("团队名称需为1到50个字符"));
    }
    Ok(name.to_owned())
}

/// Tells the team's members (and `extra`) that the team list or space changed.
async fn team_changed(state: &AppState, team_id: i64, extra: &[i64]) {
    let mut users = team::member_ids(&state.db, team_id).await.unwrap_or_default();
    users.extend_from_slice(extra);
    state.hub.signal_users(users, &PushMessage::drive_changed(&DriveChange { team_id, folder_ids: vec![0] })).await;
}

async fn team_list(state: web::Data<AppState>, caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<Vec<Team>>> {
    Ok(Reply(rules::my_teams(&state, &caller).await?.into_iter().map(team_wire).collect()))
}

async fn user_team_role(state: web::Data<AppState>, caller: Caller, body: web::Json<TeamIdRequest>) -> ApiResult<Reply<TeamRole>> {
    let t = rules::member(&state, &caller, body.team_id).await?;
    Ok(Reply(TeamRole { team_id: t.id, role: t.role }))
}

async fn create(state: web::Data<AppState>, caller: Caller, body: web::Json<TeamCreateRequest>) -> ApiResult<Reply<Team>> {
    let name = team_name(&body.name)?;
    let owned = rules::my_teams(&state, &caller).await?.iter().filter(|t| t.role == team::OWNER).count();
    if owned >= MAX_OWNED_TEAMS {
        return Err(ApiError::Conflict(format!("每人最多创建{MAX_OWNED_TEAMS}个团队")));
    }
    let id = team::create(&state.db, caller.user.id, &name).await?;
    team_changed(&state, id, &[]).await;
    Ok(Reply(team_wire(rules::member(&state, &caller, id).await?)))
}

async fn rename(state: web::Data<AppState>, caller: Caller, body: web::Json<TeamRenameRequest>) -> ApiResult<Reply<Team>> {
    rules::owned_team(&state, &caller, body.team_id).await?;
    team::rename(&state.db, body.team_id, &team_name(&body.name)?).await?;
    team_changed(&state, body.team_id, &[]).await;
    Ok(Reply(team_wire(rules::member(&state, &caller, body.team_id).await?)))
}

async fn delete(state: web::Data<AppState>, caller: Caller, body: web::Json<TeamIdRequest>) -> ApiResult<Reply<bool>> {
    rules::owned_team(&state, &caller, body.team_id).await?;
    let members = team::member_ids(&state.db, body.team_id).await?;
    team::delete(&state.db, body.team_id).await?;
    state.hub.signal_users(members, &PushMessage::drive_changed(&DriveChange { team_id: body.team_id, folder_ids: vec![0] })).await;
    Ok(Reply(true))
}

fn member_wire(m: team::MemberRow) -> TeamMember {
    TeamMember { user_id: m.user_id, name: m.name, email: m.email, role: m.role, join_time: m.joined_at }
}

async fn members(state: web::Data<AppState>, caller: Caller, body: web::Json<TeamIdRequest>) -> ApiResult<Reply<Vec<TeamMember>>> {
    rules::member(&state, &caller, body.team_id).await?;
    Ok(Reply(team::members(&state.db, body.team_id).await?.into_iter().map(member_wire).collect()))
}

async fn add_members(state: web::Data<AppState>, caller: Caller, body: web::Json<TeamMemberAddRequest>) -> ApiResult<Reply<Vec<TeamMember>>> {
    rules::owned_team(&state, &caller, body.team_id).await?;
    if body.role != team::EDITOR && body.role != team::VIEWER {
        return Err(ApiError::bad_request("角色只能是 2（可编辑）或 3（只读）"));
    }
    if body.emails.is_empty() || body.emails.len() > 100 {
        return Err(ApiError::bad_request("一次添加1到100人"));
    }
    let mut ids = Vec::new();
    for email in &body.emails {
        let user = accounts::by_email(&state.db, email.trim()).await?.ok_or_else(|| ApiError::bad_request(format!("用户不存在：{email}")))?;
        ids.push(user.id);
    }
    if team::member_ids(&state.db, body.team_id).await?.len() + ids.len() > MAX_MEMBERS {
        return Err(ApiError::Conflict(format!("团队最多{MAX_MEMBERS}人")));
    }
    team::add_members(&state.db, body.team_id, &ids, body.role).await?;
    team_changed(&state, body.team_id, &[]).await;
    Ok(Reply(team::members(&state.db, body.team_id).await?.into_iter().map(member_wire).collect()))
}

async fn remove_member(state: web::Data<AppState>, caller: Caller, body: web::Json<TeamMemberRequest>) -> ApiResult<Reply<bool>> {
    let me = rules::member(&state, &caller, body.team_id).await?;
    if body.user_id != caller.user.id && me.role != team::OWNER {
        return Err(ApiError::Forbidden("只有团队所有者可以管理团队".into()));
    }
    if body.user_id == caller.user.id && me.role == team::OWNER {
        return Err(ApiError::Conflict("所有者不能退出团队，请先转让团队".into()));
    }
    if !team::remove_member(&state.db, body.team_id, body.user_id).await? {
        return Err(ApiError::NotFound("成员不存在".into()));
    }
    team_changed(&state, body.team_id, &[body.user_id]).await;
    Ok(Reply(true))
}

async fn set_role(state: web::Data<AppState>, caller: Caller, body: web::Json<TeamMemberRequest>) -> ApiResult<Reply<TeamMember>> {
    rules::owned_team(&state, &caller, body.team_id).await?;
    let role = body.role.ok_or_else(|| ApiError::bad_request("缺少角色"))?;
    if !(team::OWNER..=team::VIEWER).contains(&role) {
        return Err(ApiError::bad_request("角色只能是 1（所有者）、2（可编辑）或 3（只读）"));
    }
    if body.user_id == caller.user.id {
        return Err(ApiError::bad_request("不能修改自己的角色"));
    }
    if !team::set_role(&state.db, body.team_id, body.user_id, role).await? {
        return Err(ApiError::NotFound("成员不存在".into()));
    }
    team_changed(&state, body.team_id, &[]).await;
    let m =
        team::members(&state.db, body.team_id).await?.into_iter().find(|m| m.user_id == body.user_id).ok_or_else(|| ApiError::NotFound("成员不存在".into()))?;
    Ok(Reply(member_wire(m)))
}

/// The space a folder query names, which the caller must see.
async fn queried_space(state: &AppState, caller: &Caller, team_id: i64) -> ApiResult<Space> {
    let space = if team_id > 0 { Space::Team(team_id) } else { Space::Personal(caller.user.id) };
    rules::space_right(state, caller, space).await?.ok_or_else(|| ApiError::NotFound("团队不存在".into()))?;
    Ok(space)
}

async fn query_all_folder(state: web::Data<AppState>, caller: Caller, body: OptionalJson<FolderQuery>) -> ApiResult<Reply<Vec<FolderNode>>> {
    let space = queried_space(&state, &caller, body.0.team_id.unwrap_or(0)).await?;
    let rows = document::folders(&state.db, space).await?;
    // Nest by parent: rows come in depth order, so parents are placed before their children.
    let mut nodes: Vec<FolderNode> = Vec::with_capacity(rows.len());
    let mut children: std::collections::HashMap<i64, Vec<usize>> = std::collections::HashMap::new();
    for (i, (id, name, parent_id, path)) in rows.into_iter().enumerate() {
        children.entry(parent_id).or_default().push(i);
        nodes.push(FolderNode { id, name, parent_id, path, has_children: false, children: Vec::new() });
    }
    // Nested to MAX_NESTING levels (deeper folders load with queryLevelAllFolder): the answer's
    // depth, and the recursion building and serialising it, stay bounded however deep folders go.
    const MAX_NESTING: usize = 64;
    fn build(i: usize, level: usize, nodes: &[FolderNode], children: &std::collections::HashMap<i64, Vec<usize>>) -> FolderNode {
        let mut n = nodes[i].clone();
        let inside = children.get(&n.id);
        n.has_children = inside.is_some_and(|c| !c.is_empty());
        if level < MAX_NESTING {
            n.children = inside.map(|c| c.iter().map(|&j| build(j, level + 1, nodes, children)).collect()).unwrap_or_default();
        }
        n
    }
    let roots = children.get(&0).cloned().unwrap_or_default();
    Ok(Reply(roots.into_iter().map(|i| build(i, 1, &nodes, &children)).collect()))
}

async fn query_level_folder(state: web::Data<AppState>, caller: Caller, body: OptionalJson<FolderQuery>) -> ApiResult<Reply<Vec<FolderNode>>> {
    let space = queried_space(&state, &caller, body.0.team_id.unwrap_or(0)).await?;
    let parent = body.0.parent_id.unwrap_or(0);
    if parent > 0 {
        let folder = document::item(&state.db, parent).await?.filter(|f| f.is_live() && f.is_folder() && f.space() == space);
        if folder.is_none() {
            return Err(ApiError::NotFound("文件夹不存在".into()));
        }
    }
    let rows = document::child_folders(&state.db, space, parent).await?;
    Ok(Reply(
        rows.into_iter()
            .map(|(id, name, parent_id, path, has_children)| FolderNode { id, name, parent_id, path, has_children, children: Vec::new() })
            .collect(),
    ))
}
