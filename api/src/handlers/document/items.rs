//! The space tree, folder listings and the changes of items: create, link, rename, move, copy,
//! the recycle bin (in, back out, purge), copy jobs and previews.

use actix_web::web;
use protocol::dto::common::{Empty, IdRequest, IdsRequest};
use protocol::dto::document::{
    BatchResult, BatchTargetRequest, Crumb, DocumentCreateRequest, DocumentQuery, DriveItem, DriveJob, DriveSpaceStatistics, DriveStatistics, DriveTypeCount,
    FolderPage, LinkImportRequest, MoveRequest, PreviewLink, RenameRequest, SpaceNode, SpaceTree,
};
use storage::document::{self, job, CopyPlan, Filter, ItemRow, Listing, NewItem, Space, Target};
use storage::{now_ms, secrets, team};

use super::{changed, check_quota, quota, wire};
use crate::access::document::{self as rules, Right};
use crate::access::records;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::paging::Paging;
use crate::reply::Reply;
use crate::signing;
use crate::state::AppState;

/// Copies of more items than this run as a job, with progress pushed.
pub const COPY_INLINE_MAX: i64 = 500;
/// Names of items: at most this many characters (01 §9).
const NAME_MAX: usize = 95;

const PERSONAL_NAME: &str = "我的空间";
const RECEIVED_NAME: &str = "我收到的";
const SENT_NAME: &str = "我发出的";
const RECYCLE_NAME: &str = "回收站";

/// A node of the space tree; `team` is (team id, the caller's role) for a team space.
fn node(id: i64, node_id: String, name: &str, parent_id: i64, location: i64, icon: &str, team: (i64, i64)) -> SpaceNode {
    let (team_id, team_role) = team;
    SpaceNode {
        id,
        path: if id == 0 { "/".into() } else { format!("/{id}/") },
        node_id,
        node_name: name.to_owned(),
        parent_id,
        location,
        icon_class: icon.to_owned(),
        team_id,
        team_role,
        children: Vec::new(),
    }
}

pub(super) async fn all_documents(state: web::Data<AppState>, caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<SpaceTree>> {
    let mut nodes = vec![node(0, "personal".into(), PERSONAL_NAME, 0, document::LOCATION_PERSONAL, "personal", (0, 0))];
    for t in rules::my_teams(&state, &caller).await? {
        nodes.push(node(0, format!("team-{}", t.id), &t.name, 0, document::LOCATION_TEAM, "team", (t.id, t.role)));
    }
    let mut shared = node(document::SHARED, "shared".into(), "共享空间", 0, document::LOCATION_SHARED, "shared", (0, 0));
    shared.children = vec![
        node(document::RECEIVED, "received".into(), RECEIVED_NAME, document::SHARED, document::LOCATION_SHARED, "received", (0, 0)),
        node(document::SENT, "sent".into(), SENT_NAME, document::SHARED, document::LOCATION_SENT, "sent", (0, 0)),
    ];
    nodes.push(shared);
    nodes.push(node(document::RECYCLE, "recycle".into(), RECYCLE_NAME, 0, document::LOCATION_RECYCLE, "recycle", (0, 0)));
    Ok(Reply(SpaceTree { nodes, quota: quota(&state, caller.user.id).await? }))
}

/// The name a space's root is called by.
async fn root_name(state: &AppState, space: Space) -> ApiResult<String> {
    Ok(match space {
        Space::Personal(_) => PERSONAL_NAME.to_owned(),
        Space::Team(t) => team::name(&state.db, t).await?.unwrap_or_default(),
    })
}

fn filter_of(q: &DocumentQuery) -> ApiResult<Filter> {
    let like_name = q.like_name.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    if like_name.as_ref().is_some_and(|l| l.chars().count() > NAME_MAX) {
        return Err(ApiError::bad_request("搜索词过长"));
    }
    let type_ids: Vec<i64> = q.type_ids.clone().unwrap_or_default().into_iter().filter(|t| *t != -1).collect();
    if type_ids.iter().any(|t| !(0..=7).contains(t)) {
        return Err(ApiError::bad_request("资源类型需为0到7"));
    }
    let order_type = q.order_type.unwrap_or(2);
    if !(1..=4).contains(&order_type) {
        return Err(ApiError::bad_request("排序方式需为1（名称）、2（时间）、3（大小）或4（类型）"));
    }
    Ok(Filter {
        like_name,
        subject_id: q.subject_id.filter(|s| *s != -1),
        type_ids,
        order_type,
        ascending: match q.create_time_order {
            Some(1) => Some(true),
            Some(2) => Some(false),
            _ => None,
        },
    })
}

pub(super) async fn list(state: web::Data<AppState>, caller: Caller, path: web::Path<i64>, body: OptionalJson<DocumentQuery>) -> ApiResult<Reply<FolderPage>> {
    let id = path.into_inner();
    let q = body.0;
    let filter = filter_of(&q)?;
    let paging = Paging::new(q.page_num, q.page_size, protocol::constants::limits::DEFAULT_PAGE_SIZE)?;
    let team_id = q.team_id.unwrap_or(0);
    let user_id = caller.user.id;
    let (listing, right, crumbs, location, team_id) = match id {
        id if id > 0 => {
            let (folder, right) = rules::live_item(&state, &caller, id, Right::Read).await?;
            if !folder.is_folder() {
                return Err(ApiError::bad_request("不是文件夹"));
            }
            let crumbs = crumbs_to(&state, &caller, &folder).await?;
            let location = if rules::space_right(&state, &caller, folder.space()).await?.is_some() {
                if folder.team_id == 0 {
                    document::LOCATION_PERSONAL
                } else {
                    document::LOCATION_TEAM
                }
            } else {
                document::LOCATION_SHARED
            };
            (Listing::Folder(id), Some(right), crumbs, location, folder.team_id)
        }
        0 => {
            let space = if team_id > 0 { Space::Team(team_id) } else { Space::Personal(user_id) };
            let right = rules::space_right(&state, &caller, space).await?.ok_or_else(|| ApiError::NotFound("团队不存在".into()))?;
            let location = if team_id > 0 { document::LOCATION_TEAM } else { document::LOCATION_PERSONAL };
            (Listing::Root(space), Some(right), vec![Crumb { id: 0, name: root_name(&state, space).await? }], location, space.team_id())
        }
        document::RECEIVED | document::SHARED => {
            let team_ids = rules::my_teams(&state, &caller).await?.iter().map(|t| t.id).collect();
            (Listing::Received { user_id, team_ids }, None, vec![Crumb { id: document::RECEIVED, name: RECEIVED_NAME.into() }], document::LOCATION_SHARED, 0)
        }
        document::SENT => (Listing::Sent { user_id }, None, vec![Crumb { id: document::SENT, name: SENT_NAME.into() }], document::LOCATION_SENT, 0),
        document::RECYCLE => {
            let team_ids = rules::my_teams(&state, &caller).await?.iter().filter(|t| team::writes(t.role)).map(|t| t.id).collect();
            (Listing::Recycle { user_id, team_ids }, None, vec![Crumb { id: document::RECYCLE, name: RECYCLE_NAME.into() }], document::LOCATION_RECYCLE, 0)
        }
        _ => return Err(ApiError::NotFound("文件夹不存在".into())),
    };
    let (rows, total) = document::list(&state.db, &listing, &filter, paging.page_no, paging.page_size).await?;
    let row_right = match &listing {
        Listing::Folder(_) | Listing::Root(_) => right,
        Listing::Received { .. } => Some(Right::Read),
        Listing::Sent { .. } | Listing::Recycle { .. } => Some(Right::Write),
    };
    let records = rows
        .into_iter()
        .map(|(item, share)| {
            let mut w = wire(item, row_right);
            w.share = share.map(super::share::share_wire);
            w
        })
        .collect();
    Ok(Reply(FolderPage {
        folder_id: id,
        team_id,
        location,
        crumbs,
        can_write: right == Some(Right::Write),
        records,
        total,
        page_no: paging.page_no,
        page_size: paging.page_size,
    }))
}

/// Breadcrumbs to a folder: from its space's root, or — reached through a share — from
/// "received" and the shared item down.
async fn crumbs_to(state: &AppState, caller: &Caller, folder: &ItemRow) -> ApiResult<Vec<Crumb>> {
    let ids = document::path_ids(&folder.path);
    let mut crumbs = Vec::new();
    let from = if rules::space_right(state, caller, folder.space()).await?.is_some() {
        crumbs.push(Crumb { id: 0, name: root_name(state, folder.space()).await? });
        0
    } else {
        crumbs.push(Crumb { id: document::RECEIVED, name: RECEIVED_NAME.into() });
        let teams: Vec<i64> = rules::my_teams(state, caller).await?.iter().map(|t| t.id).collect();
        let mut first = ids.len() - 1;
        for i in 0..ids.len() {
            if document::shared_with(&state.db, &ids[i..=i], caller.user.id, &teams).await? {
                first = i;
                break;
            }
        }
        first
    };
    crumbs.extend(document::names(&state.db, &ids[from..]).await?.into_iter().map(|(id, name)| Crumb { id, name }));
    Ok(crumbs)
}

/// A checked item name: trimmed, 1 to 95 characters, no path separators or control characters.
fn item_name(raw: &str) -> ApiResult<String> {
    let name = raw.trim();
    if name.is_empty() || name.chars().count() > NAME_MAX {
        return Err(ApiError::bad_request(format!("名称需为1到{NAME_MAX}个字符")));
    }
    if name.contains('/') || name.contains('\\') || name.chars().any(char::is_control) || name == "." || name == ".." {
        return Err(ApiError::bad_request("名称不能包含 / \\ 或控制字符"));
    }
    Ok(name.to_owned())
}

/// A file keeps its type: a name without the file's extension gets it back (what is served, and
/// how, follows the extension).
fn keep_extension(name: String, ext: &str) -> String {
    let suffix = format!(".{ext}");
    if ext.is_empty() || name.to_lowercase().ends_with(&suffix) {
        name
    } else {
        format!("{name}{suffix}")
    }
}

async fn made(state: &AppState, caller: &Caller, id: i64, space: Space, folder: Option<&ItemRow>) -> ApiResult<DriveItem> {
    changed(state, space, &[(folder.map_or(0, |f| f.id), folder)]).await;
    let item = document::item(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("文件不存在".into()))?;
    let right = rules::right(state, caller, &item).await?;
    Ok(wire(item, right))
}

pub(super) async fn create(state: web::Data<AppState>, caller: Caller, body: web::Json<DocumentCreateRequest>) -> ApiResult<Reply<DriveItem>> {
    let (space, folder) = rules::target(&state, &caller, body.parent_id, body.team_id.unwrap_or(0)).await?;
    let id = match body.file_id.as_deref().map(str::trim).filter(|f| !f.is_empty()) {
        None => {
            let name = item_name(body.name.as_deref().unwrap_or("新建文件夹"))?;
            let item = NewItem {
                owner_id: caller.user.id,
                space,
                parent: folder.as_ref(),
                name: &name,
                type_code: document::FOLDER,
                ext: "",
                class: "folder",
                size: 0,
                object_key: "",
                subject_id: body.subject_id,
                link_url: None,
            };
            document::create(&state.db, item).await?
        }
        Some(file_id) => {
            let upload = records::own_upload(&state, &caller, file_id).await?;
            if upload.status != storage::uploads::COMPLETE {
                return Err(ApiError::Conflict("文件尚未上传完成".into()));
            }
            check_quota(&state, &caller, upload.size).await?;
            let name = match body.name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
                Some(n) => keep_extension(item_name(n)?, &upload.ext),
                None => upload.file_name.clone(),
            };
            let item = NewItem {
                owner_id: caller.user.id,
                space,
                parent: folder.as_ref(),
                name: &name,
                type_code: document::type_of_class(&upload.class),
                ext: &upload.ext,
                class: &upload.class,
                size: upload.size,
                object_key: &upload.object_key,
                subject_id: body.subject_id,
                link_url: None,
            };
            document::create(&state.db, item).await?
        }
    };
    Ok(Reply(made(&state, &caller, id, space, folder.as_ref()).await?))
}

pub(super) async fn link_import(state: web::Data<AppState>, caller: Caller, body: web::Json<LinkImportRequest>) -> ApiResult<Reply<DriveItem>> {
    let (space, folder) = rules::target(&state, &caller, body.parent_id, body.team_id.unwrap_or(0)).await?;
    let name = item_name(&body.name)?;
    let url = body.url.trim();
    let parsed = reqwest::Url::parse(url).map_err(|_| ApiError::bad_request("链接格式不正确"))?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() || url.len() > 2000 {
        return Err(ApiError::bad_request("只能导入 http 或 https 链接（不超过2000个字符）"));
    }
    let item = NewItem {
        owner_id: caller.user.id,
        space,
        parent: folder.as_ref(),
        name: &name,
        type_code: document::DOCUMENT,
        ext: "url",
        class: "link",
        size: 0,
        object_key: "",
        subject_id: None,
        link_url: Some(parsed.as_str()),
    };
    let id = document::create(&state.db, item).await?;
    Ok(Reply(made(&state, &caller, id, space, folder.as_ref()).await?))
}

/// The folder an item is in (None: its space's root).
async fn parent_of(state: &AppState, item: &ItemRow) -> ApiResult<Option<ItemRow>> {
    Ok(if item.parent_id > 0 { document::item(&state.db, item.parent_id).await? } else { None })
}

pub(super) async fn rename(state: web::Data<AppState>, caller: Caller, body: web::Json<RenameRequest>) -> ApiResult<Reply<DriveItem>> {
    let (item, _) = rules::live_item(&state, &caller, body.id, Right::Write).await?;
    let mut name = item_name(&body.name)?;
    if !item.is_folder() && item.link_url.is_none() {
        name = keep_extension(name, &item.ext);
        if name.chars().count() > NAME_MAX {
            return Err(ApiError::bad_request(format!("名称需为1到{NAME_MAX}个字符")));
        }
    }
    document::rename(&state.db, &item, &name).await?;
    let parent = parent_of(&state, &item).await?;
    Ok(Reply(made(&state, &caller, item.id, item.space(), parent.as_ref()).await?))
}

/// The folders items left, each with its row (None: a space's root).
type FoldersLeft = Vec<(i64, Option<ItemRow>)>;

/// Announces the folders the items left (and the target they entered).
async fn announce_sources(state: &AppState, items: &[ItemRow], extra: Option<(Space, Option<&ItemRow>)>) -> ApiResult<()> {
    let mut by_space: Vec<(Space, FoldersLeft)> = Vec::new();
    for item in items {
        let parent = parent_of(state, item).await?;
        match by_space.iter_mut().find(|(s, _)| *s == item.space()) {
            Some((_, folders)) => folders.push((item.parent_id, parent)),
            None => by_space.push((item.space(), vec![(item.parent_id, parent)])),
        }
    }
    for (space, folders) in &by_space {
        let refs: Vec<(i64, Option<&ItemRow>)> = folders.iter().map(|(id, f)| (*id, f.as_ref())).collect();
        changed(state, *space, &refs).await;
    }
    if let Some((space, folder)) = extra {
        changed(state, space, &[(folder.map_or(0, |f| f.id), folder)]).await;
    }
    Ok(())
}

async fn move_into(state: &AppState, caller: &Caller, ids: &[i64], target_id: i64, team_id: i64) -> ApiResult<BatchResult> {
    let items = rules::live_items(state, caller, ids, Right::Write).await?;
    let (space, folder) = rules::target(state, caller, target_id, team_id).await?;
    let count = document::move_items(&state.db, &items, Target { space, folder: folder.as_ref() }).await?;
    announce_sources(state, &items, Some((space, folder.as_ref()))).await?;
    Ok(BatchResult { ids: items.iter().map(|i| i.id).collect(), count, job_id: None })
}

pub(super) async fn move_one(state: web::Data<AppState>, caller: Caller, body: web::Json<MoveRequest>) -> ApiResult<Reply<BatchResult>> {
    Ok(Reply(move_into(&state, &caller, &[body.id], body.target_id, body.team_id.unwrap_or(0)).await?))
}

pub(super) async fn move_many(state: web::Data<AppState>, caller: Caller, body: web::Json<BatchTargetRequest>) -> ApiResult<Reply<BatchResult>> {
    Ok(Reply(move_into(&state, &caller, &body.ids, body.target_id, body.team_id.unwrap_or(0)).await?))
}

/// Copies readable items (the caller's, their teams', or shared with them) into a folder they
/// write in; the copies are the caller's. Large copies go to the job engine.
pub(crate) async fn copy_into(
    state: &AppState,
    caller: &Caller,
    items: Vec<ItemRow>,
    target_id: i64,
    team_id: i64,
    link: Option<&str>,
) -> ApiResult<BatchResult> {
    let (space, folder) = rules::target(state, caller, target_id, team_id).await?;
    let (count, bytes) = document::subtree_size(&state.db, &items).await?;
    check_quota(state, caller, bytes).await?;
    if count > COPY_INLINE_MAX {
        let request = job::CopyRequest {
            ids: items.iter().map(|i| i.id).collect(),
            team_id: space.team_id(),
            folder_id: folder.as_ref().map_or(0, |f| f.id),
            link: link.map(str::to_owned),
        };
        if let Some(f) = &folder {
            if items.iter().any(|i| i.contains(f)) {
                return Err(ApiError::Conflict("不能复制到自身或其子文件夹中".into()));
            }
        }
        let id = job::queue_copy(&state.db, caller.user.id, &request, count, hub::jobs::MAX_WAITING_PER_USER)
            .await?
            .ok_or_else(|| ApiError::Conflict(format!("排队中的任务已达 {} 个，请等待完成后再提交", hub::jobs::MAX_WAITING_PER_USER)))?;
        state.jobs.submitted(storage::jobs::JobKind::DriveCopy, caller.user.id, id).await;
        return Ok(BatchResult { ids: Vec::new(), count, job_id: Some(id) });
    }
    let (tops, copied) =
        document::copy_items(&state.db, CopyPlan { items: &items, target: Target { space, folder: folder.as_ref() }, owner_id: caller.user.id }, |_| {})
            .await?;
    changed(state, space, &[(folder.as_ref().map_or(0, |f| f.id), folder.as_ref())]).await;
    Ok(BatchResult { ids: tops, count: copied, job_id: None })
}

pub(super) async fn copy_many(state: web::Data<AppState>, caller: Caller, body: web::Json<BatchTargetRequest>) -> ApiResult<Reply<BatchResult>> {
    let items = rules::live_items(&state, &caller, &body.ids, Right::Read).await?;
    Ok(Reply(copy_into(&state, &caller, items, body.target_id, body.team_id.unwrap_or(0), None).await?))
}

async fn recycle(state: &AppState, caller: &Caller, ids: &[i64]) -> ApiResult<BatchResult> {
    let items = rules::live_items(state, caller, ids, Right::Write).await?;
    let count = document::trash(&state.db, &items).await?;
    announce_sources(state, &items, None).await?;
    for space in spaces(&items) {
        changed(state, space, &[(document::RECYCLE, None)]).await;
    }
    Ok(BatchResult { ids: items.iter().map(|i| i.id).collect(), count, job_id: None })
}

fn spaces(items: &[ItemRow]) -> Vec<Space> {
    let mut v: Vec<Space> = items.iter().map(ItemRow::space).collect();
    v.sort();
    v.dedup();
    v
}

pub(super) async fn recycle_one(state: web::Data<AppState>, caller: Caller, path: web::Path<i64>, _: OptionalJson<Empty>) -> ApiResult<Reply<BatchResult>> {
    Ok(Reply(recycle(&state, &caller, &[path.into_inner()]).await?))
}

pub(super) async fn recycle_many(state: web::Data<AppState>, caller: Caller, body: web::Json<IdsRequest>) -> ApiResult<Reply<BatchResult>> {
    Ok(Reply(recycle(&state, &caller, &body.ids).await?))
}

pub(super) async fn restore(state: web::Data<AppState>, caller: Caller, body: web::Json<IdsRequest>) -> ApiResult<Reply<BatchResult>> {
    let items = rules::bin_items(&state, &caller, &body.ids).await?;
    let count = document::restore(&state.db, &items).await?;
    for space in spaces(&items) {
        changed(&state, space, &[(document::RECYCLE, None), (0, None)]).await;
    }
    announce_sources(&state, &items, None).await?;
    Ok(Reply(BatchResult { ids: items.iter().map(|i| i.id).collect(), count, job_id: None }))
}

async fn purge(state: &AppState, items: Vec<ItemRow>) -> ApiResult<BatchResult> {
    let (count, keys) = document::purge(&state.db, &items).await?;
    for key in keys {
        if let Err(e) = state.objects.delete(&key).await {
            tracing::warn!(error = %e, key, "deleting a purged file failed");
        }
    }
    for space in spaces(&items) {
        changed(state, space, &[(document::RECYCLE, None)]).await;
    }
    Ok(BatchResult { ids: items.iter().map(|i| i.id).collect(), count, job_id: None })
}

pub(super) async fn purge_one(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<BatchResult>> {
    let items = rules::bin_items(&state, &caller, &[body.id]).await?;
    Ok(Reply(purge(&state, items).await?))
}

pub(super) async fn purge_many(state: web::Data<AppState>, caller: Caller, body: web::Json<IdsRequest>) -> ApiResult<Reply<BatchResult>> {
    let items = rules::bin_items(&state, &caller, &body.ids).await?;
    Ok(Reply(purge(&state, items).await?))
}

/// Empties the caller's own bin: entries of team spaces are purged one by one, on purpose.
pub(super) async fn empty_recycle(state: web::Data<AppState>, caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<BatchResult>> {
    let listing = Listing::Recycle { user_id: caller.user.id, team_ids: Vec::new() };
    let (rows, _) = document::list(&state.db, &listing, &Filter::default(), 1, 5000).await?;
    let items: Vec<ItemRow> = rows.into_iter().map(|(i, _)| i).collect();
    if items.is_empty() {
        return Ok(Reply(BatchResult { ids: Vec::new(), count: 0, job_id: None }));
    }
    Ok(Reply(purge(&state, items).await?))
}

pub(super) async fn copy_job(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<DriveJob>> {
    let row = job::by_id(&state.db, body.id)
        .await?
        .filter(|j| j.user_id == caller.user.id && j.kind == "copy")
        .ok_or_else(|| ApiError::NotFound("复制任务不存在".into()))?;
    Ok(Reply(hub::jobs::drive::wire(&row)))
}

pub(super) async fn preview(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<PreviewLink>> {
    let (item, _) = rules::live_item(&state, &caller, body.id, Right::Read).await?;
    if item.is_folder() {
        return Err(ApiError::bad_request("文件夹不能预览"));
    }
    if let Some(url) = &item.link_url {
        return Ok(Reply(PreviewLink { kind: "link".into(), url: url.clone(), expire_time: 0 }));
    }
    let kind = match (item.class.as_str(), item.ext.as_str()) {
        ("image", _) => "image",
        ("video", _) => "video",
        ("audio", _) => "audio",
        (_, "pdf") => "pdf",
        _ => "download",
    };
    let key = secrets::signing_key(&state.db).await?;
    let subject = item.id.to_string();
    let (url, expire_time) = if kind == "download" {
        let expires = now_ms() + super::super::upload::DOWNLOAD_TTL_MS;
        let sig = signing::sign(&key, super::super::upload::DOWNLOAD, &subject, expires);
        (format!("/api/files/download/{}?expires={expires}&sig={sig}", item.id), expires)
    } else {
        let expires = now_ms() + super::super::knowledge_base::PLAY_TTL_MS;
        let token = signing::token(&key, super::super::knowledge_base::PLAY, &subject, expires);
        (format!("/api/media/play/{}?token={token}", item.id), expires)
    };
    Ok(Reply(PreviewLink { kind: kind.into(), url, expire_time }))
}

pub(super) async fn statistics(state: web::Data<AppState>, caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<DriveStatistics>> {
    let teams = rules::my_teams(&state, &caller).await?;
    let mut spaces = vec![(Space::Personal(caller.user.id), PERSONAL_NAME.to_owned())];
    spaces.extend(teams.iter().map(|t| (Space::Team(t.id), t.name.clone())));
    let mut out = Vec::with_capacity(spaces.len());
    for (space, name) in spaces {
        let by_type: Vec<DriveTypeCount> =
            document::type_counts(&state.db, space).await?.into_iter().map(|(type_code, count, bytes)| DriveTypeCount { type_code, count, bytes }).collect();
        out.push(DriveSpaceStatistics {
            team_id: space.team_id(),
            name,
            items: by_type.iter().map(|t| t.count).sum(),
            bytes: by_type.iter().map(|t| t.bytes).sum(),
            by_type,
        });
    }
    let team_ids: Vec<i64> = teams.iter().map(|t| t.id).collect();
    let writable: Vec<i64> = teams.iter().filter(|t| team::writes(t.role)).map(|t| t.id).collect();
    let total = |listing: Listing| {
        let state = state.clone();
        async move { document::list(&state.db, &listing, &Filter::default(), 1, 1).await.map(|(_, n)| n) }
    };
    let user_id = caller.user.id;
    Ok(Reply(DriveStatistics {
        quota: quota(&state, user_id).await?,
        spaces: out,
        received: total(Listing::Received { user_id, team_ids }).await?,
        sent: total(Listing::Sent { user_id }).await?,
        recycle: total(Listing::Recycle { user_id, team_ids: writable }).await?,
    }))
}
