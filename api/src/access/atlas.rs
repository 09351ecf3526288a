//! Who may read and change knowledge trees (03 §6 "paper editing permissions"): the centre's
//! trees (owner 0) are read by everyone once published and changed by admins and the editors
//! granted on them; a teacher's own tree is theirs and their granted editors'. Granting editors
//! and deleting a tree is for its owner (admins for the centre's).

use protocol::constants::role;
use storage::atlas::{self, NodeRow, TreeRow};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// What the caller may do with a tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreeRights {
    pub edit: bool,
    pub manage: bool,
}

/// What a call needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TreeNeed {
    Read,
    Edit,
    Manage,
}

/// Admins and super users look after the centre's content.
pub fn content_admin(caller: &Caller) -> bool {
    caller.holds(role::ADMIN) || caller.signed_in().is_superuser()
}

pub async fn rights(state: &AppState, caller: &Caller, tree: &TreeRow) -> ApiResult<Option<TreeRights>> {
    let user = caller.user.id;
    let editor = atlas::is_editor(&state.db, tree.id, user).await?;
    let rights = if tree.owner_id == 0 {
        let admin = content_admin(caller);
        let manage = admin;
        let readable = tree.published_at.is_some() || admin || editor;
        readable.then_some(TreeRights { edit: admin || editor, manage })
    } else {
        let owner = tree.owner_id == user;
        (owner || editor).then_some(TreeRights { edit: true, manage: owner })
    };
    Ok(rights)
}

/// The tree when the caller may do what they need with it; someone else's unshared tree is
/// "not found", a visible one they may not change is "no permission".
pub async fn tree_for(state: &AppState, caller: &Caller, id: i64, need: TreeNeed) -> ApiResult<(TreeRow, TreeRights)> {
    let tree = atlas::tree(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("知识图谱不存在".into()))?;
    let rights = rights(state, caller, &tree).await?.ok_or_else(|| ApiError::NotFound("知识图谱不存在".into()))?;
    let allowed = match need {
        TreeNeed::Read => true,
        TreeNeed::Edit => rights.edit,
        TreeNeed::Manage => rights.manage,
    };
    if !allowed {
        return Err(ApiError::Forbidden(if need == TreeNeed::Manage {
            "只有图谱的所有者可以这样做".into()
        } else {
            "你没有编辑该知识图谱的权限".into()
        }));
    }
    Ok((tree, rights))
}

/// A node with its tree, under the same rules.
pub async fn node_for(state: &AppState, caller: &Caller, id: i64, need: TreeNeed) -> ApiResult<(NodeRow, TreeRow, TreeRights)> {
    let node = atlas::node(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("知识点不存在".into()))?;
    let (tree, rights) = tree_for(state, caller, node.tree_id, need).await?;
    Ok((node, tree, rights))
}
