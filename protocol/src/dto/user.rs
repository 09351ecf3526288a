//! The user, their roles, schools, subjects, menus and whitelist (`user` area: 01 §3, §7; 03 §6).

use super::common::CodeName;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SubjectRef {
    pub code: i64,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StageInfo {
    pub code: i64,
    pub name: String,
    pub sort: i64,
    pub subjects: Vec<SubjectRef>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SchoolRef {
    pub id: i64,
    pub name: String,
    /// The school runs a local edition: the web shows its name as 本地版-{name}.
    #[serde(default)]
    pub local_edition: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RoleEntry {
    pub code: String,
    pub name: String,
    pub current: bool,
    pub icon: String,
}

/// `GET /pub/user/info` (01 §3).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UserInfo {
    pub e2uid: String,
    pub user_avatar: String,
    pub user_name: String,
    pub user_email: String,
    pub subject_list: Vec<SubjectRef>,
    pub selected_stage: SubjectRef,
    pub stage_list: Vec<StageInfo>,
    pub role_list: Vec<RoleEntry>,
    pub role_tags: Vec<String>,
    /// School id → area codes.
    pub school_area_codes_map: std::collections::BTreeMap<String, Vec<String>>,
    /// The signed-in account may act as other accounts.
    pub superuser: bool,
    /// Set while a super user acts as another account: the super user's own e-mail and name.
    pub super_user_email: Option<String>,
    pub super_user_name: Option<String>,
    pub selected_province: CodeName,
    pub school_list: Vec<SchoolRef>,
    pub selected_school: SchoolRef,
    pub selected_subject: SubjectRef,
    pub e2qwuid: String,
}

/// `GET /pub/user/teacher-info` (01 §3).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeacherInfo {
    pub name: String,
    pub avatar: String,
    pub teacher_code: String,
    pub email: String,
    pub school_name: String,
    pub subject_desc: String,
    pub join_date: String,
    pub teacher_level: String,
    pub division_age_desc: String,
    pub school_age_desc: String,
}

/// One node of the server-driven menu (01 §3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MenuItem {
    pub code: String,
    pub name: String,
    pub url: String,
    pub level: i64,
    /// A short mark an administrator put on the node (e.g. 新); absent for none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub badge: Option<String>,
    #[schema(no_recursion)]
    pub children: Vec<MenuItem>,
}

impl MenuItem {
    /// True when `code` appears anywhere in the tree (the spec's menu permission rule).
    pub fn tree_contains(items: &[MenuItem], code: &str) -> bool {
        items.iter().any(|m| m.code == code || MenuItem::tree_contains(&m.children, code))
    }
}

/// `POST /pub/user/select`: any of school, stage, subject.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SelectRequest {
    #[serde(default)]
    #[ts(optional)]
    pub school_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub stage: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub subject: Option<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ProvinceOption {
    pub k12_code: String,
    pub name: String,
    pub selected: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperArea {
    pub name: String,
    pub provinces: Vec<ProvinceOption>,
}

/// `GET /pub/user/region-info`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RegionInfo {
    pub selected_province: CodeName,
    pub school_list: Vec<SchoolRef>,
    pub paper_areas: Vec<PaperArea>,
}

/// The whitelist (01 §7 "get whitelist"): `authors.models` the user's granted function codes,
/// `fuctions` (sic, the spec's name) every function under whitelist control.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Whitelist {
    pub authors: WhitelistAuthors,
    pub fuctions: Vec<WhitelistFunction>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WhitelistAuthors {
    pub models: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WhitelistFunction {
    pub code: String,
}

/// `GET /pub/user/change/role?role=` (a role code the user holds).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct RoleQuery {
    #[serde(default)]
    #[ts(optional)]
    pub role: Option<String>,
}

/// `GET /pub/user/province/select?code=`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct CodeQuery {
    #[serde(default)]
    #[ts(optional)]
    pub code: Option<String>,
}

/// `GET /pub/user/region-info?subject=`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct SubjectQuery {
    #[serde(default)]
    #[ts(optional)]
    pub subject: Option<i64>,
}

/// The route guard's set-role call (03 §6): switch to a role the user holds, by its code.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SetRoleRequest {
    pub role: String,
}

/// The whitelist call (03 §6): the user's e-mail and role type.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WhitelistQuery {
    pub email: String,
    #[serde(default)]
    #[ts(optional)]
    pub role_type: Option<i64>,
}

/// The selection the shell reports after the user picks a school, stage and subject (01 §7).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SelectionReport {
    pub subject: i64,
    pub stage: i64,
    #[serde(default)]
    #[ts(optional)]
    pub school_id: Option<i64>,
}
