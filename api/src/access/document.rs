//! Who may do what in the drive (issue 15). An item of a personal space is its owner's; an
//! item of a team space is readable by the team's members and writable by its owner and editors;
//! an item shared with a person or a team (or inside a shared folder) is readable by them while
//! the share stands. Anything else — by id guessing, through a team one is not in, after a share
//! was revoked — answers 404, as if it did not exist.

use storage::document::{self, ItemRow, Space};
use storage::team::{self, TeamRow};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

pub use storage::document::Right;

fn missing() -> ApiError {
    ApiError::NotFound("文件不存在".into())
}

/// The caller's teams (with their role).
pub async fn my_teams(state: &AppState, caller: &Caller) -> ApiResult<Vec<TeamRow>> {
    Ok(team::of_user(&state.db, caller.user.id).await?)
}

/// The caller's right over a space (None: none).
pub async fn space_right(state: &AppState, caller: &Caller, space: Space) -> ApiResult<Option<Right>> {
    Ok(document::space_right(&state.db, caller.user.id, space).await?)
}

/// The caller's right over a live or binned item (None: they may not see it).
pub async fn right(state: &AppState, caller: &Caller, item: &ItemRow) -> ApiResult<Option<Right>> {
    Ok(document::item_right(&state.db, caller.user.id, item).await?)
}

/// A live item the caller holds at least `need` over.
pub async fn live_item(state: &AppState, caller: &Caller, id: i64, need: Right) -> ApiResult<(ItemRow, Right)> {
    let item = document::item(&state.db, id).await?.filter(ItemRow::is_live).ok_or_else(missing)?;
    match right(state, caller, &item).await? {
        Some(r) if r >= need => Ok((item, r)),
        Some(_) => Err(ApiError::Forbidden("只读权限，不能修改".into())),
        None => Err(missing()),
    }
}

/// Live items the caller holds at least `need` over (every id must be one).
pub async fn live_items(state: &AppState, caller: &Caller, ids: &[i64], need: Right) -> ApiResult<Vec<ItemRow>> {
    let mut out = Vec::with_capacity(ids.len());
    for id in dedup(ids)? {
        out.push(live_item(state, caller, id, need).await?.0);
    }
    // An item inside another selected one goes with it.
    let tops: Vec<ItemRow> = out.iter().filter(|i| !out.iter().any(|o| o.id != i.id && o.contains(i))).cloned().collect();
    Ok(tops)
}

/// Entries of the recycle bin the caller may restore or purge (their own space's, or a team's
/// they write in).
pub async fn bin_items(state: &AppState, caller: &Caller, ids: &[i64]) -> ApiResult<Vec<ItemRow>> {
    let mut out = Vec::new();
    for id in dedup(ids)? {
        let item = document::item(&state.db, id).await?.filter(|i| i.trash_root == Some(i.id)).ok_or_else(missing)?;
        if space_right(state, caller, item.space()).await? != Some(Right::Write) {
            return Err(missing());
        }
        out.push(item);
    }
    Ok(out)
}

/// A folder to put items in: `folder_id` 0 is the root of the space (`team_id` 0: the caller's
/// personal space); the caller must write there.
pub async fn target(state: &AppState, caller: &Caller, folder_id: i64, team_id: i64) -> ApiResult<(Space, Option<ItemRow>)> {
    if folder_id > 0 {
        let (folder, _) = live_item(state, caller, folder_id, Right::Write).await?;
        if !folder.is_folder() {
            return Err(ApiError::bad_request("目标不是文件夹"));
        }
        // Writing needs a right over the folder's space: a share gives read only.
        return Ok((folder.space(), Some(folder)));
    }
    if folder_id < 0 {
        return Err(ApiError::bad_request("不能放到这里"));
    }
    let space = if team_id > 0 { Space::Team(team_id) } else { Space::Personal(caller.user.id) };
    match space_right(state, caller, space).await? {
        Some(Right::Write) => Ok((space, None)),
        Some(Right::Read) => Err(ApiError::Forbidden("只读权限，不能修改".into())),
        None => Err(ApiError::NotFound("团队不存在".into())),
    }
}

/// The caller's membership of a team, or 404.
pub async fn member(state: &AppState, caller: &Caller, team_id: i64) -> ApiResult<TeamRow> {
    team::membership(&state.db, team_id, caller.user.id).await?.ok_or_else(|| ApiError::NotFound("团队不存在".into()))
}

/// A team the caller owns (404 for non-members, 403 for other members).
pub async fn owned_team(state: &AppState, caller: &Caller, team_id: i64) -> ApiResult<TeamRow> {
    let t = member(state, caller, team_id).await?;
    if t.role != team::OWNER {
        return Err(ApiError::Forbidden("只有团队所有者可以管理团队".into()));
    }
    Ok(t)
}

/// Ids of a batch: 1 to 500, positive.
fn dedup(ids: &[i64]) -> ApiResult<Vec<i64>> {
    if ids.is_empty() || ids.len() > 500 {
        return Err(ApiError::bad_request("请选择1到500个文件"));
    }
    let mut v: Vec<i64> = ids.to_vec();
    v.sort_unstable();
    v.dedup();
    if v.iter().any(|i| *i <= 0) {
        return Err(missing());
    }
    Ok(v)
}
