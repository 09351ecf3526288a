//! The knowledge atlas (`atlas` area: 03 §7.1).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `POST /atlas/tree`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasTreeRequest {
    pub subject: i64,
    pub stage: i64,
}

/// A knowledge-atlas node with its children.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasNodeView {
    pub id: i64,
    pub tree_id: i64,
    pub parent_id: i64,
    pub name: String,
    pub summary: String,
    #[schema(no_recursion)]
    pub children: Vec<AtlasNodeView>,
}

/// Atlas types (`atlasType`).
pub const ATLAS_TYPES: [(i64, &str); 3] = [(1, "知识图谱"), (2, "教材章节"), (3, "专题图谱")];

/// A knowledge tree: the centre's (owner 0) or a teacher's own.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasTree {
    pub tree_id: i64,
    pub name: String,
    pub subject: i64,
    pub stage: i64,
    pub atlas_type: i64,
    /// 0: the centre's tree.
    pub owner_id: i64,
    pub owner_name: String,
    pub published: bool,
    pub publish_time: Option<i64>,
    pub copied_from: Option<i64>,
    pub node_count: i64,
    /// Whether the caller may change it (nodes, publishing, type).
    pub can_edit: bool,
    /// Whether the caller may grant editors and delete it.
    pub can_manage: bool,
    pub create_time: i64,
    pub update_time: i64,
}

/// `POST /atlas/tree/add`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasTreeAddRequest {
    pub name: String,
    pub subject: i64,
    pub stage: i64,
    #[serde(default)]
    #[ts(optional)]
    pub atlas_type: Option<i64>,
    /// A tree of the centre (admins only) rather than the caller's own.
    #[serde(default)]
    #[ts(optional)]
    pub centre: Option<bool>,
}

/// `POST /atlas/tree/exist`: whether the caller already has a tree of this name.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasTreeExistRequest {
    pub name: String,
    pub subject: i64,
    pub stage: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasTreeExist {
    pub exist: bool,
    pub tree_id: Option<i64>,
}

/// A tree by id, in a JSON body.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasTreeIdRequest {
    pub tree_id: i64,
}

/// A tree by id, in the query string.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasTreeIdQuery {
    pub tree_id: i64,
}

/// A subject and stage, in the query string (`tree/queryAuditedTree`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasScopeQuery {
    pub subject: i64,
    pub stage: i64,
}

/// `POST /atlas/tree/queryTreeList`: the trees the caller may see.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasTreeListRequest {
    pub subject: i64,
    pub stage: i64,
    #[serde(default)]
    #[ts(optional)]
    pub atlas_type: Option<i64>,
    /// 0 all (default), 1 the centre's, 2 the caller's own and those they may edit.
    #[serde(default)]
    #[ts(optional)]
    pub scope: Option<i64>,
}

/// A node of an editable tree, with its children.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasTreeNode {
    pub id: i64,
    pub tree_id: i64,
    pub parent_id: i64,
    pub name: String,
    pub summary: String,
    pub sort: i64,
    pub depth: i64,
    /// Questions of the bank on this node (not its subtree).
    pub question_count: i64,
    #[schema(no_recursion)]
    pub children: Vec<AtlasTreeNode>,
}

/// `POST /atlas/tree/queryByTreeId`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasTreeDetail {
    pub tree: AtlasTree,
    pub nodes: Vec<AtlasTreeNode>,
}

/// `POST /atlas/tree/queryResource`: what hangs on each node of a tree.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasNodeResource {
    pub node_id: i64,
    pub name: String,
    /// Questions on the node and its subtree.
    pub question_count: i64,
    /// Papers assembled from the node.
    pub paper_count: i64,
}

/// `POST /node/add`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasNodeAddRequest {
    pub tree_id: i64,
    /// 0: a top-level node.
    pub parent_id: i64,
    pub name: String,
    #[serde(default)]
    #[ts(optional)]
    pub summary: Option<String>,
    /// Position among the siblings (default: last).
    #[serde(default)]
    #[ts(optional)]
    pub index: Option<i64>,
}

/// `POST /node/move`: under `parentId` (0 the top level) at `index` (default: last).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasNodeMoveRequest {
    pub node_id: i64,
    pub parent_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub index: Option<i64>,
}

/// `POST /node/rename`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasNodeRenameRequest {
    pub node_id: i64,
    pub name: String,
    #[serde(default)]
    #[ts(optional)]
    pub summary: Option<String>,
}

/// A node by id (`node/del`, knowledge-map queries).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasNodeIdRequest {
    pub node_id: i64,
}

/// `POST /publish`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasPublishRequest {
    pub tree_id: i64,
    pub publish: bool,
}

/// `POST /type`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasTypeRequest {
    pub tree_id: i64,
    pub atlas_type: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasEditor {
    pub user_id: i64,
    pub name: String,
    pub email: String,
    pub grant_time: i64,
}

/// `GET /permission/queryByTreeId`: who may edit a tree.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasPermission {
    pub tree_id: i64,
    pub owner_id: i64,
    pub owner_name: String,
    pub editors: Vec<AtlasEditor>,
    pub can_manage: bool,
}

/// `POST /permission/update`: the tree's editors become exactly `userIds`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasPermissionUpdateRequest {
    pub tree_id: i64,
    pub user_ids: Vec<i64>,
}

/// A knowledge point's map.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeMapContent {
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub key_points: Vec<String>,
    #[serde(default)]
    pub common_mistakes: Vec<String>,
    /// 1 (easy) … 5 (hard); 0 unset.
    #[serde(default)]
    pub difficulty: i64,
}

/// `POST /knowledgeMap/addOrUpdate`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeMapSaveRequest {
    pub node_id: i64,
    pub content: KnowledgeMapContent,
}

/// A node named in a path.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasNodeRef {
    pub id: i64,
    pub name: String,
}

/// `POST /knowledgeMap/queryInfoForDevelop` and `…ForPrepareLesson`: a knowledge point with its
/// map, where it sits, and the bank's questions on it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeMapInfo {
    pub node_id: i64,
    pub tree_id: i64,
    pub name: String,
    pub summary: String,
    pub path: Vec<AtlasNodeRef>,
    pub map: Option<KnowledgeMapContent>,
    pub map_update_time: Option<i64>,
    /// Questions on the node and its subtree, by type.
    pub question_counts: Vec<crate::dto::question::QuestionFacet>,
    /// For lesson preparation: a few of them, easiest first, one per difficulty where there is one.
    pub sample_questions: Vec<crate::dto::question::QuestionView>,
}

/// `POST /log/nodeOperateLogList`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasLogRequest {
    pub tree_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub node_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// A change to a tree.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasLog {
    pub id: i64,
    pub tree_id: i64,
    pub node_id: i64,
    pub user_id: i64,
    pub user_name: String,
    /// tree_add, tree_copy, tree_publish, tree_unpublish, tree_type, tree_editors, node_add,
    /// node_move, node_rename, node_del, map_save.
    pub action: String,
    pub detail: String,
    pub time: i64,
}
