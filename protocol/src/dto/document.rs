//! The cloud drive (`document` area: 03 §2, §3, §7.8; 01 §3): the space tree, folders and files
//! in personal and team spaces, the recycle bin, sharing, and quotas.
//!
//! Fixed nodes of the space tree (01 §3): personal space id 0 (location 1), a team space id 0
//! with its `teamId` (location 2), shared -90 (location 3) with received -999 (location 3) and
//! sent -998 (location 4), the recycle bin -99999 (location 5).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// A node of the space tree (`/knowledgeRepository/mainSpace` takes its fields as its query).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SpaceNode {
    pub id: i64,
    /// Unique across the tree: `personal`, `team-{id}`, `shared`, `received`, `sent`, `recycle`.
    pub node_id: String,
    pub node_name: String,
    pub parent_id: i64,
    pub path: String,
    pub location: i64,
    pub icon_class: String,
    /// The team of a team space (0 elsewhere).
    pub team_id: i64,
    /// The caller's role in the team (1 owner, 2 editor, 3 viewer; 0 outside teams).
    pub team_role: i64,
    #[schema(no_recursion)]
    pub children: Vec<SpaceNode>,
}

/// `POST /document/allDocuments`: every space of the caller and their storage.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SpaceTree {
    pub nodes: Vec<SpaceNode>,
    pub quota: DriveQuota,
}

/// Bytes of stored files the user owns (the recycle bin included) against their quota.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DriveQuota {
    pub used: i64,
    pub limit: i64,
}

/// One item of a folder (or of the received, sent or recycle-bin lists).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DriveItem {
    pub id: i64,
    pub name: String,
    /// 0 folder, 1 document, 2 media resource, 3 question set, 4 flash card, 5 training camp,
    /// 6 lecture, 7 image.
    pub type_code: i64,
    /// The second icon scheme: 0 folder, 1 question set, 3 textbook, 4 training camp, 7 class,
    /// 8 questionnaire, 101 picture, 201 video, 301 pdf, 302 word, 303 excel, 304 ppt, 305 zip.
    pub icon_code: i64,
    pub ext: String,
    pub size: i64,
    pub parent_id: i64,
    /// The team space it is in (0: a personal space).
    pub team_id: i64,
    /// Ancestor ids and its own, `/12/45/`.
    pub path: String,
    pub owner_id: i64,
    pub owner_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub subject_id: Option<i64>,
    /// A web link (linkImport) opens this address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub link_url: Option<String>,
    /// Items directly inside (folders).
    pub child_count: i64,
    /// The caller may rename, move or delete it.
    pub can_write: bool,
    pub create_time: i64,
    pub update_time: i64,
    /// In the recycle bin: when it was deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub deleted_time: Option<i64>,
    /// Received or sent lists: the share, who shared it and with whom.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub share: Option<ShareInfo>,
}

/// A share of an item with a person or a team.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ShareInfo {
    pub share_id: i64,
    /// The item shared, and its name.
    pub item_id: i64,
    pub item_name: String,
    pub sender_id: i64,
    pub sender_name: String,
    /// The receiving person (0 for a team).
    pub receiver_id: i64,
    /// The receiving team (0 for a person).
    pub receiver_team_id: i64,
    pub receiver_name: String,
    pub share_time: i64,
}

/// `POST /document/list/v2/{id}` (the folder id, or a fixed node): the document query of 03 §3,
/// with the subject and type filters (-1 = all; a list holding only -1 = all).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DocumentQuery {
    #[serde(default)]
    #[ts(optional)]
    pub like_name: Option<String>,
    /// The direction of the order: 1 ascending, 2 descending; absent or 0 the order's natural
    /// one (names A→Z, newest first, largest first, types by code).
    #[serde(default)]
    #[ts(optional)]
    pub create_time_order: Option<i64>,
    /// The team space (0 or absent: the personal space).
    #[serde(default)]
    #[ts(optional)]
    pub team_id: Option<i64>,
    /// 1 name, 2 time (default), 3 size, 4 type; folders come first.
    #[serde(default)]
    #[ts(optional)]
    pub order_type: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_num: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub subject_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub type_ids: Option<Vec<i64>>,
}

/// One step of the breadcrumbs.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Crumb {
    pub id: i64,
    pub name: String,
}

/// A page of a folder, with where it is and what the caller may do there.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FolderPage {
    pub folder_id: i64,
    pub team_id: i64,
    pub location: i64,
    pub crumbs: Vec<Crumb>,
    /// The caller may create, upload and move items into this folder.
    pub can_write: bool,
    pub records: Vec<DriveItem>,
    pub total: i64,
    pub page_no: i64,
    pub page_size: i64,
}

/// `POST /document/create`: a folder, or (with `fileId`) a file from a finished upload, in a
/// folder (`parentId` 0: the root of the space; `teamId` 0 or absent: the personal space).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DocumentCreateRequest {
    #[serde(default)]
    pub parent_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub team_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub file_id: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub subject_id: Option<i64>,
}

/// `POST /document/linkImport`: a web link kept as an item of a folder.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LinkImportRequest {
    #[serde(default)]
    pub parent_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub team_id: Option<i64>,
    pub name: String,
    pub url: String,
}

/// `POST /document/rename`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RenameRequest {
    pub id: i64,
    pub name: String,
}

/// `POST /document/move` (one item).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MoveRequest {
    pub id: i64,
    /// The target folder (0: the root of the target space).
    pub target_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub team_id: Option<i64>,
}

/// `POST /batch/move` and `/batch/copy`: items into a folder.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BatchTargetRequest {
    pub ids: Vec<i64>,
    pub target_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub team_id: Option<i64>,
}

/// What a batch did: the items it changed (or made), and for a large copy the job doing it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BatchResult {
    /// Items changed (for a copy: the top items made).
    pub ids: Vec<i64>,
    /// Items touched in all, subtrees included.
    pub count: i64,
    /// A copy of many items runs as a job; its progress is pushed as `magic_drive_job`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub job_id: Option<i64>,
}

/// A copy job of the drive, as pushed (`magic_drive_job`) and answered by `/document/copyJob`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DriveJob {
    pub job_id: i64,
    /// 1 waiting, 2 running, 3 done, 4 failed.
    pub status: i64,
    pub percent: i64,
    pub total: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
}

/// `POST /document/teamShareToPerson` (one item) and its batch form (several): shared with
/// people (by e-mail) and teams.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ShareRequest {
    #[serde(default)]
    #[ts(optional)]
    pub id: Option<i64>,
    #[serde(default)]
    pub ids: Vec<i64>,
    #[serde(default)]
    pub emails: Vec<String>,
    #[serde(default)]
    pub team_ids: Vec<i64>,
}

/// What a share call made: one share per item and receiver (an existing one is kept).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ShareResult {
    pub shares: Vec<ShareInfo>,
}

/// `POST /document/share/revoke`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RevokeShareRequest {
    pub share_id: i64,
}

/// `POST /document/shareCandidates`: colleagues to share with, by name or e-mail.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ShareCandidateQuery {
    pub keyword: String,
}

/// A colleague (share dialog, team members).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DriveColleague {
    pub user_id: i64,
    pub name: String,
    pub email: String,
}

/// `POST /document/planShare`: a link that lets any signed-in colleague see the items and copy
/// them into their own space, until it expires or is revoked.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlanShareRequest {
    pub ids: Vec<i64>,
    /// 1 to 30 days (default 7).
    #[serde(default)]
    #[ts(optional)]
    pub expire_days: Option<i64>,
}

/// A share link.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlanShare {
    pub code: String,
    /// The page that opens it (`/knowledgeRepository/mainSpace?share={code}`).
    pub url: String,
    pub expire_time: i64,
}

/// `POST /document/planShareInfo`, `/document/planShare/save`, `/document/planShare/revoke`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlanShareCodeRequest {
    pub code: String,
}

/// What a share link holds.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlanShareInfo {
    pub code: String,
    pub sender_name: String,
    pub expire_time: i64,
    pub items: Vec<DriveItem>,
}

/// `POST /document/preview`: how to open a file in place.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PreviewLink {
    /// `image`, `pdf`, `video`, `audio`, `link` open in place; `download` is fetched.
    pub kind: String,
    pub url: String,
    pub expire_time: i64,
}

/// Items of one type in a space.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DriveTypeCount {
    pub type_code: i64,
    pub count: i64,
    /// Bytes of the stored files among them.
    pub bytes: i64,
}

/// One space's live items (the recycle bin not included), by type.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DriveSpaceStatistics {
    /// 0: the caller's personal space.
    pub team_id: i64,
    pub name: String,
    pub items: i64,
    pub bytes: i64,
    pub by_type: Vec<DriveTypeCount>,
}

/// `POST /document/statistics` (`/knowledgeRepository/statistics`): the caller's drive in figures,
/// counted from the stored items.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DriveStatistics {
    pub quota: DriveQuota,
    pub spaces: Vec<DriveSpaceStatistics>,
    /// Items shared with the caller, their shares, and entries of their recycle bin.
    pub received: i64,
    pub sent: i64,
    pub recycle: i64,
}
