//! The back office: publishing and withdrawing notices (not a spec area; `backstage_*` pushes).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `POST /admin/notice/publish`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PublishNoticeRequest {
    pub title: String,
    pub content: String,
    /// 1 popup (pushes backstage_001), 2 list (backstage_002), 7 (backstage_005).
    pub r#type: i64,
    #[serde(default)]
    pub roles: Vec<String>,
    #[serde(default)]
    pub emails: Vec<String>,
    /// Everyone placed at these schools.
    #[serde(default)]
    pub school_ids: Vec<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PublishNoticeResult {
    pub id: i64,
    /// How many users the notice was addressed to.
    pub recipients: i64,
}

/// `POST /admin/notice/withdraw`: id -1 withdraws every notice.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WithdrawNoticeRequest {
    pub id: i64,
}

/// `POST /api/admin/records/import/{kind}`: what an import of source records did. Good rows are
/// stored together; a bad row is stored not at all and listed with its line and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportResult {
    /// `lessons`, `attendance` or `refunds`.
    pub kind: String,
    /// Data rows read (the header not counted).
    pub total: i64,
    pub stored: i64,
    pub errors: Vec<ImportRowError>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportRowError {
    /// The line in the file (the header is line 1).
    pub line: i64,
    pub reason: String,
}

// ------------------------------------------------------------------ organisation

/// `GET /api/admin/org`: the organisation as an administrator edits it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OrgTree {
    pub groups: Vec<SchoolGroup>,
    pub schools: Vec<AdminSchool>,
    pub provinces: Vec<ProvinceRef>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SchoolGroup {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ProvinceRef {
    pub code: String,
    pub name: String,
    /// The region (大区) the province belongs to.
    pub area_name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminSchool {
    pub id: i64,
    pub name: String,
    pub province_code: String,
    /// The school group, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub group_id: Option<i64>,
    pub local_edition: bool,
    /// When the school was closed (it keeps its records); absent while open.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub closed_at: Option<i64>,
    /// Teaching sites (校区内的教学点).
    pub areas: Vec<AdminArea>,
    pub departments: Vec<Department>,
    /// Active accounts placed at the school.
    pub accounts: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminArea {
    pub code: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Department {
    pub id: i64,
    pub name: String,
}

/// `POST /api/admin/org/group/save`: creates (no id) or renames a school group.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SchoolGroupSave {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<i64>,
    pub name: String,
}

/// `POST /api/admin/org/school/save`: creates (no id) or changes a school: its name, province,
/// group (moving it) and local edition.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SchoolSave {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<i64>,
    pub name: String,
    pub province_code: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub group_id: Option<i64>,
    #[serde(default)]
    pub local_edition: bool,
}

/// `POST /api/admin/org/school/close`: closes (or reopens) a school.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SchoolClose {
    pub id: i64,
    pub closed: bool,
}

/// `POST /api/admin/org/area/save`: adds (no code) or renames a teaching site of a school.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AreaSave {
    pub school_id: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub code: Option<String>,
    pub name: String,
}

/// `POST /api/admin/org/area/delete`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AreaDelete {
    pub code: String,
}

/// `POST /api/admin/org/department/save`: adds (no id) or renames a department of a school.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DepartmentSave {
    pub school_id: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<i64>,
    pub name: String,
}

// ------------------------------------------------------------------ accounts

/// Account states.
pub const ACCOUNT_ACTIVE: i64 = 1;
/// Registered, waiting for an administrator's approval.
pub const ACCOUNT_PENDING: i64 = 0;
pub const ACCOUNT_DISABLED: i64 = 2;

/// `POST /api/admin/account/search`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AccountSearch {
    /// Words of the name, e-mail or mobile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub keyword: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub role: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub school_id: Option<i64>,
    /// 1 active, 0 waiting for approval, 2 disabled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub state: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// A stage and subject an account teaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StageSubject {
    pub stage: i64,
    pub subject: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminAccount {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub mobile: String,
    pub roles: Vec<String>,
    pub school_ids: Vec<i64>,
    pub subjects: Vec<StageSubject>,
    pub superuser: bool,
    /// 1 active, 0 waiting for approval, 2 disabled.
    pub state: i64,
    pub created_at: i64,
    /// The last successful sign-in, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_login_at: Option<i64>,
}

/// `POST /api/admin/account/update`: the account's roles, schools, subjects and super-user mark.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AccountUpdate {
    pub user_id: i64,
    pub name: String,
    /// At least one; the first becomes current when the current one is taken away.
    pub roles: Vec<String>,
    pub school_ids: Vec<i64>,
    pub subjects: Vec<StageSubject>,
    /// Only a super user may change it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub superuser: Option<bool>,
}

/// `POST /api/admin/account/state`: 1 enables (or approves), 2 disables; a disabled account's
/// sessions and sockets end at once.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AccountStateChange {
    pub user_id: i64,
    pub state: i64,
}

/// `POST /api/admin/account/invite`: an invitation for an e-mail, with what the account gets.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InviteRequest {
    pub email: String,
    pub roles: Vec<String>,
    pub school_ids: Vec<i64>,
    #[serde(default)]
    pub subjects: Vec<StageSubject>,
}

/// A one-time link: the path to open (the web prefixes its origin) and when it expires.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OneTimeLink {
    /// e.g. `/register?invitation=…`, `/resetPassword?token=…`, `/setup?token=…`.
    pub path: String,
    pub expires_at: i64,
}

/// `POST /api/admin/account/invitations`: the invitations sent, newest first.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Invitation {
    /// The link's id (a digest of its token: the token itself is shown once).
    pub id: String,
    pub email: String,
    pub roles: Vec<String>,
    pub school_ids: Vec<i64>,
    pub invited_by: String,
    pub created_at: i64,
    pub expires_at: i64,
    /// `open`, `used`, `expired` or `revoked`.
    pub status: String,
}

/// `POST /api/admin/account/invitation/revoke`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InvitationRevoke {
    pub id: String,
}

/// `POST /api/admin/account/import`: an uploaded .xlsx with the columns 邮箱, 角色, 校区 and,
/// optionally, 学段 and 学科 (names as the app shows them).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AccountImportRequest {
    pub file_id: String,
}

/// `POST /api/admin/account/import`: what a bulk import did. Each good row becomes an
/// invitation (its link listed); a bad row is listed with its line and why, and nothing of it kept.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AccountImportResult {
    pub total: i64,
    pub invited: Vec<ImportedInvitation>,
    pub errors: Vec<ImportRowError>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportedInvitation {
    pub line: i64,
    pub email: String,
    pub link: OneTimeLink,
}

/// `POST /api/account/link/info` (public): what a one-time link is for.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LinkInfo {
    /// `invite`, `reset` or `setup`.
    pub kind: String,
    pub email: String,
    /// The names of the roles and schools an invitation gives.
    pub roles: Vec<String>,
    pub schools: Vec<String>,
    pub expires_at: i64,
}

/// A one-time link's token (`link/info`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LinkToken {
    pub token: String,
}

/// `POST /api/account/password/reset` (public): a new password through a reset link.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PasswordReset {
    pub token: String,
    pub password: String,
}

/// `POST /api/setup` (public, once): the first super user and school, through the set-up link
/// `eduhub serve` prints on an empty database.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SetupRequest {
    pub token: String,
    pub email: String,
    pub name: String,
    pub password: String,
    pub school_name: String,
    pub province_code: String,
}

/// `GET /api/setup/state` (public).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SetupState {
    /// True while no account exists.
    pub needed: bool,
    pub provinces: Vec<ProvinceRef>,
}

// ------------------------------------------------------------------ menus and whitelist

/// `GET /api/admin/menus`: every menu node with the roles it is granted to.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminMenus {
    pub nodes: Vec<AdminMenuNode>,
    /// Every role, with its name.
    pub roles: Vec<super::common::CodeName>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminMenuNode {
    pub code: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub parent_code: Option<String>,
    pub name: String,
    pub url: String,
    pub level: i64,
    pub sort: i64,
    pub hidden: bool,
    pub badge: String,
    /// The roles granted this node itself (a grant covers the node's subtree).
    pub roles: Vec<String>,
}

/// `POST /api/admin/menu/update`: a node's name, order, visibility and badge.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MenuUpdate {
    pub code: String,
    pub name: String,
    pub sort: i64,
    pub hidden: bool,
    /// Up to 4 characters shown on the node (e.g. 新); empty for none.
    #[serde(default)]
    pub badge: String,
}

/// `POST /api/admin/menu/grant`: grants or takes back a node (and its subtree) for a role.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MenuGrant {
    pub code: String,
    pub role: String,
    pub granted: bool,
}

/// `GET /api/admin/whitelist`: the functions under whitelist control and who is granted each.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminWhitelist {
    pub functions: Vec<WhitelistedFunction>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WhitelistedFunction {
    pub code: String,
    pub emails: Vec<String>,
}

/// `POST /api/admin/whitelist/function`: puts a function under whitelist control or frees it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WhitelistFunctionChange {
    pub code: String,
    pub listed: bool,
}

/// `POST /api/admin/whitelist/grant`: grants a listed function to an e-mail, or takes it back.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WhitelistGrantChange {
    pub code: String,
    pub email: String,
    pub granted: bool,
}

// ------------------------------------------------------------------ notices and banners

/// `POST /api/admin/notice/list`: the notices published, with how many read them.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminNotice {
    pub id: i64,
    pub title: String,
    pub content: String,
    pub r#type: i64,
    pub published_by: String,
    pub created_at: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub withdrawn_at: Option<i64>,
    pub recipients: i64,
    pub read: i64,
}

/// `GET /api/admin/banners`: every banner and the carousel's rotation time.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminBanners {
    pub banners: Vec<AdminBanner>,
    pub rotation_ms: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminBanner {
    /// Absent when creating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<i64>,
    pub title: String,
    /// `#rrggbb`.
    pub background_color: String,
    /// A path inside the app or an https:// address; empty for none.
    #[serde(default)]
    pub redirect_url: String,
    /// The image: a finished upload (PNG, JPEG or WebP, at most 2 MB); empty for a banner drawn
    /// from its title and colour.
    #[serde(default)]
    pub image_file_id: String,
    pub sort: i64,
    pub active: bool,
    /// Shown from (ms), if scheduled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub starts_at: Option<i64>,
    /// Shown until (ms), if scheduled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ends_at: Option<i64>,
}

/// `POST /api/admin/banner/rotation`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BannerRotation {
    /// 2,000 to 60,000.
    pub rotation_ms: i64,
}

// ------------------------------------------------------------------ audit log

/// `POST /api/admin/audit/search` (and `/export`, the same filters as .xlsx).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AuditSearch {
    /// The actor's e-mail (part of it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub actor: Option<String>,
    /// An action code (`login`, `account.disable`, …) or its prefix ending in `.`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub action: Option<String>,
    /// Words of the target or detail.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub keyword: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub from: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub to: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AuditEntry {
    pub id: i64,
    pub at: i64,
    /// The signed-in account (absent for anonymous attempts).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub actor_id: Option<i64>,
    pub actor_email: String,
    /// The account a super user was acting as.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub acting_as_id: Option<i64>,
    pub action: String,
    pub target: String,
    pub detail: String,
    pub ip: String,
    pub ok: bool,
}

/// The audit log's action codes, with their names (for the viewer's filter).
pub const AUDIT_ACTIONS: &[(&str, &str)] = &[
    ("login", "登录"),
    ("login.failed", "登录失败"),
    ("logout", "退出登录"),
    ("register", "注册"),
    ("password.reset", "重置密码"),
    ("role.switch", "切换角色"),
    ("superuser.act", "超级用户代登录"),
    ("share", "分享"),
    ("delete", "删除"),
    ("export", "导出"),
    ("setup", "初始化"),
    ("org.", "组织架构"),
    ("account.", "账号管理"),
    ("menu.", "菜单权限"),
    ("whitelist.", "白名单"),
    ("notice.", "通知"),
    ("banner.", "轮播图"),
    ("records.import", "数据导入"),
];
