//! The cloud drive (`document` area, 03 §2, §3, §7.8): the space tree, folders and files
//! (`items`), the recycle bin, copies (large ones on the job engine), and sharing with people,
//! teams and links (`share`). Who may see and change what is `access::document`'s; every change
//! is announced to everyone who sees the folders it touched (`magic_drive_changed`).

mod items;
pub(crate) mod share;

use actix_web::http::Method;
use protocol::dto::document::{DriveItem, DriveQuota};
use storage::document::{self, ItemRow, Space};

use crate::access::document::Right;
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    let doc = |method, path: &'static str, summary: &'static str, ids: &'static [&'static str]| {
        let route = info(method, path, Access::Session, "document", summary);
        if ids.is_empty() {
            route
        } else {
            route.spec(ids)
        }
    };
    use Method as M;
    r.add(
        doc(M::POST, "/api/document/allDocuments", "The caller's spaces (personal, teams, shared, recycle bin) and their storage", &["S422"]),
        items::all_documents,
    );
    r.add(doc(M::POST, "/api/document/list/v2/{id}", "A page of a folder or fixed node, with breadcrumbs and the caller's rights", &["S423"]), items::list);
    r.add(doc(M::POST, "/api/document/create", "Create a folder, or a file from a finished upload, in a folder", &["S424"]), items::create);
    r.add(doc(M::POST, "/api/document/rename", "Rename an item", &["S425"]), items::rename);
    r.add(doc(M::POST, "/api/document/move", "Move an item (with its subtree) into a folder", &["S426"]), items::move_one);
    r.add(doc(M::POST, "/api/document/delete", "Purge an item of the recycle bin for good", &["S427"]), items::purge_one);
    r.add(doc(M::POST, "/api/document/batchDelete", "Purge items of the recycle bin for good", &["S428"]), items::purge_many);
    r.add(doc(M::POST, "/api/document/moveRecycle/{id}", "Put an item (with its subtree) in the recycle bin", &["S429"]), items::recycle_one);
    r.add(doc(M::POST, "/api/batch/move", "Move items (with their subtrees) into a folder in one transaction", &["S430"]), items::move_many);
    r.add(doc(M::POST, "/api/batch/copy", "Copy items (with their subtrees) into a folder; a large copy runs as a job", &["S431"]), items::copy_many);
    r.add(doc(M::POST, "/api/batch/delete", "Purge items of the recycle bin for good", &["S432"]), items::purge_many);
    r.add(doc(M::POST, "/api/batch/moveRecycle", "Put items (with their subtrees) in the recycle bin", &["S433"]), items::recycle_many);
    r.add(doc(M::POST, "/api/document/linkImport", "Keep a web link as an item of a folder", &["S434"]), items::link_import);
    r.add(doc(M::POST, "/api/document/restore", "Bring items back from the recycle bin", &[]), items::restore);
    r.add(doc(M::POST, "/api/document/emptyRecycle", "Purge everything in the caller's recycle bin", &[]), items::empty_recycle);
    r.add(doc(M::POST, "/api/document/copyJob", "Where a copy job stands", &[]), items::copy_job);
    r.add(doc(M::POST, "/api/document/preview", "How to open a file in place (signed, expiring)", &[]), items::preview);
    r.add(doc(M::POST, "/api/document/statistics", "The caller's drive in figures: items and bytes by space and type, shares, bin", &[]), items::statistics);
    r.add(doc(M::POST, "/api/document/teamShareToPerson", "Share an item with colleagues and teams", &["S435"]), share::share_one);
    r.add(doc(M::POST, "/api/document/batchTeamShareToPerson", "Share items with colleagues and teams", &["S436"]), share::share_many);
    r.add(doc(M::POST, "/api/document/share/revoke", "Revoke one of the caller's shares", &[]), share::revoke);
    r.add(doc(M::POST, "/api/document/shareCandidates", "Colleagues to share with, by name or e-mail", &[]), share::candidates);
    r.add(doc(M::POST, "/api/document/planShare", "A share link to items, expiring", &["S437"]), share::plan_share);
    r.add(doc(M::POST, "/api/document/planShareInfo", "What a share link holds", &["S438"]), share::plan_share_info);
    r.add(doc(M::POST, "/api/document/planShare/save", "Copy what a share link holds into the caller's space", &[]), share::plan_share_save);
    r.add(doc(M::POST, "/api/document/planShare/revoke", "Revoke one of the caller's share links", &[]), share::plan_share_revoke);
}

/// The second icon scheme (01 §3) of an item.
pub fn icon_code(item: &ItemRow) -> i64 {
    match item.type_code {
        0 => 0,
        3 => 1,
        5 => 4,
        _ => match item.ext.as_str() {
            "jpg" | "jpeg" | "png" | "bmp" | "gif" => 101,
            "mp4" | "flv" | "avi" | "mov" | "mp3" | "aac" => 201,
            "pdf" => 301,
            "doc" | "docx" => 302,
            "xls" | "xlsx" => 303,
            "ppt" | "pptx" => 304,
            "zip" => 305,
            "rar" | "7z" => 306,
            _ => 0,
        },
    }
}

pub(crate) fn wire(item: ItemRow, right: Option<Right>) -> DriveItem {
    DriveItem {
        icon_code: icon_code(&item),
        id: item.id,
        name: item.name,
        type_code: item.type_code,
        ext: item.ext,
        size: item.size,
        parent_id: item.parent_id,
        team_id: item.team_id,
        path: item.path,
        owner_id: item.user_id,
        owner_name: item.owner_name,
        subject_id: item.subject_id,
        link_url: item.link_url,
        child_count: item.child_count,
        can_write: right == Some(Right::Write),
        create_time: item.created_at,
        update_time: item.updated_at,
        deleted_time: item.trashed_at,
        share: None,
    }
}

/// The caller's storage against their quota.
pub(crate) async fn quota(state: &AppState, user_id: i64) -> ApiResult<DriveQuota> {
    Ok(DriveQuota { used: document::used_bytes(&state.db, user_id).await?, limit: state.config.drive.quota_bytes })
}

/// Refuses `extra` more bytes for the user when they would pass their quota.
pub(crate) async fn check_quota(state: &AppState, caller: &Caller, extra: i64) -> ApiResult<()> {
    let q = quota(state, caller.user.id).await?;
    if extra > 0 && q.used + extra > q.limit {
        return Err(over_quota(&q, extra));
    }
    Ok(())
}

fn over_quota(q: &DriveQuota, extra: i64) -> ApiError {
    ApiError::Conflict(format!(
        "存储空间不足：已用 {}，还需 {}，上限 {}；请先清理回收站或删除文件",
        human_bytes(q.used),
        human_bytes(extra),
        human_bytes(q.limit)
    ))
}

/// The refusal of a file that streamed past what was left of the quota (`already` bytes of it
/// were stored before).
pub(crate) fn past_quota(q: &DriveQuota, already: i64) -> ApiError {
    ApiError::Conflict(format!(
        "存储空间不足：已用 {}，上限 {}，文件超出剩余的 {}；请先清理回收站或删除文件",
        human_bytes(q.used),
        human_bytes(q.limit),
        human_bytes((q.limit - q.used - already).max(0))
    ))
}

fn human_bytes(n: i64) -> String {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    let mut v = n as f64;
    let mut unit = 0;
    while v >= 1024.0 && unit < UNITS.len() - 1 {
        v /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} B")
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

/// Announces that the contents of these folders of `space` changed (`parent` the item each
/// folder is, for the shares covering it; None for a space's root).
pub(crate) async fn changed(state: &AppState, space: Space, folders: &[(i64, Option<&ItemRow>)]) {
    let mut folder_ids: Vec<i64> = folders.iter().map(|(id, _)| *id).collect();
    folder_ids.sort_unstable();
    folder_ids.dedup();
    let mut path_ids: Vec<i64> = folders.iter().filter_map(|(_, f)| f.map(|f| document::path_ids(&f.path))).flatten().collect();
    path_ids.sort_unstable();
    path_ids.dedup();
    hub::jobs::drive::announce(&state.hub, space, folder_ids, &path_ids).await;
}

#[cfg(test)]
mod tests {
    use super::human_bytes;

    #[test]
    fn sizes_read_in_their_unit() {
        assert_eq!(human_bytes(512), "512 B");
        assert_eq!(human_bytes(10 * 1024 * 1024 * 1024), "10.0 GB");
        assert_eq!(human_bytes(1536), "1.5 KB");
    }
}
