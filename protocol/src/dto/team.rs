//! Team spaces of the drive (`team` area: 03 §7.8): teams, their members and roles, and the
//! folder trees the move and copy dialogs pick from.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// A team the caller belongs to, with their role (1 owner, 2 editor, 3 viewer).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Team {
    pub team_id: i64,
    pub name: String,
    pub owner_id: i64,
    pub role: i64,
    pub member_count: i64,
    pub create_time: i64,
}

/// `POST /team/create`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamCreateRequest {
    pub name: String,
}

/// `POST /team/rename`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamRenameRequest {
    pub team_id: i64,
    pub name: String,
}

/// A team by id (`getUserTeamRole`, members, delete).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamIdRequest {
    pub team_id: i64,
}

/// The caller's role in a team (`getUserTeamRole`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamRole {
    pub team_id: i64,
    pub role: i64,
}

/// A member of a team.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamMember {
    pub user_id: i64,
    pub name: String,
    pub email: String,
    pub role: i64,
    pub join_time: i64,
}

/// `POST /team/member/add`: colleagues by e-mail with a role (2 editor, 3 viewer).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamMemberAddRequest {
    pub team_id: i64,
    pub emails: Vec<String>,
    pub role: i64,
}

/// `POST /team/member/role` (2 editor, 3 viewer; 1 hands ownership over) and
/// `/team/member/remove` (role ignored).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamMemberRequest {
    pub team_id: i64,
    pub user_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub role: Option<i64>,
}

/// `POST /team/queryAllFolder` (every folder of a space, nested) and `/team/queryLevelAllFolder`
/// (the folders directly inside `parentId`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FolderQuery {
    #[serde(default)]
    #[ts(optional)]
    pub team_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub parent_id: Option<i64>,
}

/// A folder in a folder tree.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FolderNode {
    pub id: i64,
    pub name: String,
    pub parent_id: i64,
    pub path: String,
    pub has_children: bool,
    #[schema(no_recursion)]
    pub children: Vec<FolderNode>,
}
