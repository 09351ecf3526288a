//! The knowledge atlas (`atlas` area, 03 §7.1 "Atlas", §6): the centre's and teachers' trees of
//! knowledge points — listing, copying from the centre, editing nodes (add, move with the
//! subtree, rename, delete), publishing, types, who may edit, knowledge maps, and the change log.

use std::collections::HashMap;

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::atlas::{
    AtlasEditor, AtlasLog, AtlasLogRequest, AtlasNodeAddRequest, AtlasNodeIdRequest, AtlasNodeMoveRequest, AtlasNodeRef, AtlasNodeRenameRequest,
    AtlasNodeResource, AtlasNodeView, AtlasPermission, AtlasPermissionUpdateRequest, AtlasPublishRequest, AtlasScopeQuery, AtlasTree, AtlasTreeAddRequest,
    AtlasTreeDetail, AtlasTreeExist, AtlasTreeExistRequest, AtlasTreeIdQuery, AtlasTreeIdRequest, AtlasTreeListRequest, AtlasTreeNode, AtlasTreeRequest,
    AtlasTypeRequest, KnowledgeMapContent, KnowledgeMapInfo, KnowledgeMapSaveRequest, ATLAS_TYPES,
};
use protocol::dto::common::{CodeName, Page};
use protocol::dto::question::{QuestionFacet, QUESTION_TYPES};
use storage::atlas::{self, NewTree, NodeRefusal, NodeRow, TreeRow, TreeScope};
use storage::question;

use super::question::{check_scope, views};
use crate::access::atlas::{content_admin, node_for, rights, tree_for, TreeNeed, TreeRights};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

const MAX_NAME_CHARS: usize = 50;
const MAX_SUMMARY_CHARS: usize = 500;
const MAX_NODES_PER_TREE: i64 = 5_000;
const MAX_EDITORS: usize = 100;
const MAX_MAP_ITEMS: usize = 20;
const MAX_MAP_TEXT: usize = 2_000;

pub fn routes(r: &mut impl RouteSink) {
    let a = |method, path, summary| info(method, path, Access::Session, "atlas", summary);
    r.add(a(Method::POST, "/api/atlas/tree", "The published centre atlas of a subject and stage, as trees").spec(&["S193"]), atlas_tree);
    r.add(a(Method::POST, "/api/atlas/tree/add", "Create a tree (the caller's; the centre's with `centre` for admins)").spec(&["S194"]), tree_add);
    r.add(a(Method::POST, "/api/atlas/tree/exist", "Whether the caller already has a tree of this name").spec(&["S195"]), tree_exist);
    r.add(a(Method::POST, "/api/atlas/tree/queryResource", "Questions and papers on each node of a tree").spec(&["S196"]), tree_resources);
    r.add(a(Method::POST, "/api/atlas/tree/copyFromCenter", "Copy a published centre tree into the caller's own").spec(&["S197"]), copy_from_centre);
    r.add(a(Method::POST, "/api/atlas/tree/queryTreeList", "Trees the caller may see, by subject and stage").spec(&["S198"]), tree_list);
    r.add(a(Method::POST, "/api/atlas/tree/queryByTreeId", "A tree with its nodes").spec(&["S199"]), tree_detail);
    r.add(a(Method::POST, "/api/atlas/tree/queryPublishedAtlasType", "Atlas types with a published centre tree").spec(&["S200"]), published_types);
    r.add(a(Method::POST, "/api/atlas/tree/del", "Delete a tree (its owner; admins for the centre's)").spec(&["S201"]), tree_delete);
    r.add(a(Method::GET, "/api/atlas/tree/queryAuditedTree", "The published centre trees of a subject and stage").spec(&["S202"]), audited_trees);
    r.add(a(Method::POST, "/api/atlas/node/add", "Add a node under a parent at a position").spec(&["S203"]), node_add);
    r.add(a(Method::POST, "/api/atlas/node/move", "Move a node with its subtree (never into itself)").spec(&["S204"]), node_move);
    r.add(a(Method::POST, "/api/atlas/node/rename", "Rename a node (and change its summary)").spec(&["S205"]), node_rename);
    r.add(a(Method::POST, "/api/atlas/node/del", "Delete a node with its subtree").spec(&["S206"]), node_delete);
    r.add(a(Method::POST, "/api/atlas/publish", "Publish or withdraw a tree").spec(&["S207"]), publish);
    r.add(a(Method::POST, "/api/atlas/type", "Set a tree's atlas type").spec(&["S208"]), set_type);
    r.add(a(Method::GET, "/api/atlas/permission/queryByTreeId", "Who may edit a tree").spec(&["S209"]), permission);
    r.add(a(Method::POST, "/api/atlas/permission/update", "Set a tree's editors (its owner; admins for the centre's)").spec(&["S210"]), permission_update);
    r.add(a(Method::POST, "/api/atlas/knowledgeMap/addOrUpdate", "Save a knowledge point's map").spec(&["S211"]), map_save);
    r.add(a(Method::POST, "/api/atlas/knowledgeMap/queryInfoForDevelop", "A point's map, path and question counts").spec(&["S212"]), map_for_develop);
    r.add(
        a(Method::POST, "/api/atlas/knowledgeMap/queryInfoForPrepareLesson", "A point's map with sample questions of each difficulty").spec(&["S213"]),
        map_for_lesson,
    );
    r.add(
        info(Method::POST, "/api/log/nodeOperateLogList", Access::Session, "atlas", "Changes to a tree or one of its nodes, newest first").spec(&["S234"]),
        logs,
    );
}

fn clean_name(name: &str, what: &str) -> ApiResult<String> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return Err(ApiError::bad_request(format!("{what}需为1到{MAX_NAME_CHARS}个字")));
    }
    Ok(name.to_owned())
}

fn clean_summary(summary: Option<&str>) -> ApiResult<Option<String>> {
    match summary.map(str::trim) {
        Some(s) if s.chars().count() > MAX_SUMMARY_CHARS => Err(ApiError::bad_request(format!("说明不能超过{MAX_SUMMARY_CHARS}个字"))),
        other => Ok(other.map(str::to_owned)),
    }
}

fn check_type(atlas_type: i64) -> ApiResult<()> {
    if ATLAS_TYPES.iter().any(|(t, _)| *t == atlas_type) {
        Ok(())
    } else {
        Err(ApiError::bad_request("图谱类型不存在"))
    }
}

fn tree_view(row: &TreeRow, rights: TreeRights) -> AtlasTree {
    AtlasTree {
        tree_id: row.id,
        name: row.name.clone(),
        subject: row.subject,
        stage: row.stage,
        atlas_type: row.atlas_type,
        owner_id: row.owner_id,
        owner_name: if row.owner_id == 0 { "教研中心".into() } else { row.owner_name.clone() },
        published: row.published_at.is_some(),
        publish_time: row.published_at,
        copied_from: row.copied_from,
        node_count: row.node_count,
        can_edit: rights.edit,
        can_manage: rights.manage,
        create_time: row.created_at,
        update_time: row.updated_at,
    }
}

/// Trees with the caller's rights (those they may not see left out).
pub(crate) async fn tree_views(state: &AppState, caller: &Caller, rows: Vec<TreeRow>) -> ApiResult<Vec<AtlasTree>> {
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        if let Some(r) = rights(state, caller, &row).await? {
            out.push(tree_view(&row, r));
        }
    }
    Ok(out)
}

/// Children lists by parent, in order (nodes arrive parents first, siblings sorted).
fn by_parent(nodes: &[NodeRow]) -> HashMap<i64, Vec<&NodeRow>> {
    let mut map: HashMap<i64, Vec<&NodeRow>> = HashMap::new();
    for node in nodes {
        map.entry(node.parent_id).or_default().push(node);
    }
    map
}

pub(super) async fn atlas_tree(state: web::Data<AppState>, body: web::Json<AtlasTreeRequest>) -> ApiResult<Reply<Vec<AtlasNodeView>>> {
    let nodes = atlas::published_nodes(&state.db, body.subject, body.stage).await?;
    Ok(Reply(node_views(&nodes)))
}

pub(crate) fn node_views(nodes: &[NodeRow]) -> Vec<AtlasNodeView> {
    fn build(parent: i64, children: &HashMap<i64, Vec<&NodeRow>>) -> Vec<AtlasNodeView> {
        children
            .get(&parent)
            .map(|list| {
                list.iter()
                    .map(|n| AtlasNodeView {
                        id: n.id,
                        tree_id: n.tree_id,
                        parent_id: n.parent_id,
                        name: n.name.clone(),
                        summary: n.summary.clone(),
                        children: build(n.id, children),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
    build(0, &by_parent(nodes))
}

async fn tree_add(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasTreeAddRequest>) -> ApiResult<Reply<AtlasTree>> {
    check_scope(body.subject, body.stage)?;
    let name = clean_name(&body.name, "图谱名称")?;
    let atlas_type = body.atlas_type.unwrap_or(1);
    check_type(atlas_type)?;
    let centre = body.centre.unwrap_or(false);
    if centre && !content_admin(&caller) {
        return Err(ApiError::Forbidden("只有管理员可以新建中心图谱".into()));
    }
    let owner = if centre { 0 } else { caller.user.id };
    if atlas::own_tree_named(&state.db, owner, body.subject, body.stage, &name).await?.is_some() {
        return Err(ApiError::Conflict("已有同名的知识图谱".into()));
    }
    let new = NewTree {
        name: &name,
        subject: body.subject,
        stage: body.stage,
        atlas_type,
        owner_id: owner,
        school_id: caller.user.selected_school_id,
        created_by: caller.user.id,
    };
    let id = atlas::create_tree(&state.db, &new).await?;
    let (tree, rights) = tree_for(&state, &caller, id, TreeNeed::Read).await?;
    Ok(Reply(tree_view(&tree, rights)))
}

async fn tree_exist(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasTreeExistRequest>) -> ApiResult<Reply<AtlasTreeExist>> {
    check_scope(body.subject, body.stage)?;
    let name = clean_name(&body.name, "图谱名称")?;
    let tree_id = atlas::own_tree_named(&state.db, caller.user.id, body.subject, body.stage, &name).await?;
    Ok(Reply(AtlasTreeExist { exist: tree_id.is_some(), tree_id }))
}

async fn tree_resources(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasTreeIdRequest>) -> ApiResult<Reply<Vec<AtlasNodeResource>>> {
    let (tree, _) = tree_for(&state, &caller, body.tree_id, TreeNeed::Read).await?;
    let nodes = atlas::nodes(&state.db, tree.id).await?;
    let bank: Vec<i64> = nodes.iter().map(NodeRow::bank_node).collect();
    let direct: HashMap<i64, i64> = question::counts_by_point(&state.db, &bank, caller.user.id).await?.into_iter().collect();
    let papers: HashMap<i64, i64> = atlas::paper_counts(&state.db, &nodes.iter().map(|n| n.id).collect::<Vec<_>>()).await?.into_iter().collect();
    // A node counts what hangs on it and on everything under it: each node's own counts are
    // credited to every node of its path (itself and its ancestors), one pass over the tree.
    let mut totals: HashMap<i64, (i64, i64)> = HashMap::new();
    for m in &nodes {
        let own = (direct.get(&m.bank_node()).copied().unwrap_or(0), papers.get(&m.id).copied().unwrap_or(0));
        if own == (0, 0) {
            continue;
        }
        for id in m.path.split('/').filter_map(|p| p.parse::<i64>().ok()) {
            let t = totals.entry(id).or_default();
            t.0 += own.0;
            t.1 += own.1;
        }
    }
    Ok(Reply(
        nodes
            .iter()
            .map(|n| {
                let (question_count, paper_count) = totals.get(&n.id).copied().unwrap_or_default();
                AtlasNodeResource { node_id: n.id, name: n.name.clone(), question_count, paper_count }
            })
            .collect(),
    ))
}

async fn copy_from_centre(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasTreeIdRequest>) -> ApiResult<Reply<AtlasTree>> {
    let (source, _) = tree_for(&state, &caller, body.tree_id, TreeNeed::Read).await?;
    if source.owner_id != 0 || source.published_at.is_none() {
        return Err(ApiError::bad_request("只能复制已发布的中心图谱"));
    }
    let mut name = source.name.clone();
    let mut n = 1;
    while atlas::own_tree_named(&state.db, caller.user.id, source.subject, source.stage, &name).await?.is_some() {
        name = format!("{} ({n})", source.name);
        n += 1;
    }
    let new = NewTree {
        name: &name,
        subject: source.subject,
        stage: source.stage,
        atlas_type: source.atlas_type,
        owner_id: caller.user.id,
        school_id: caller.user.selected_school_id,
        created_by: caller.user.id,
    };
    let id = atlas::copy_tree(&state.db, source.id, &new).await?;
    let (tree, rights) = tree_for(&state, &caller, id, TreeNeed::Read).await?;
    Ok(Reply(tree_view(&tree, rights)))
}

async fn tree_list(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasTreeListRequest>) -> ApiResult<Reply<Vec<AtlasTree>>> {
    check_scope(body.subject, body.stage)?;
    if let Some(t) = body.atlas_type {
        check_type(t)?;
    }
    let scope = match body.scope.unwrap_or(0) {
        0 => TreeScope::Visible,
        1 => TreeScope::Centre,
        2 => TreeScope::Mine,
        _ => return Err(ApiError::bad_request("scope 只能是0、1、2")),
    };
    let rows = atlas::trees(&state.db, caller.user.id, content_admin(&caller), body.subject, body.stage, body.atlas_type, scope).await?;
    Ok(Reply(tree_views(&state, &caller, rows).await?))
}

async fn tree_detail(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasTreeIdRequest>) -> ApiResult<Reply<AtlasTreeDetail>> {
    let (tree, rights) = tree_for(&state, &caller, body.tree_id, TreeNeed::Read).await?;
    let nodes = atlas::nodes(&state.db, tree.id).await?;
    let bank: Vec<i64> = nodes.iter().map(NodeRow::bank_node).collect();
    let counts: HashMap<i64, i64> = question::counts_by_point(&state.db, &bank, caller.user.id).await?.into_iter().collect();
    fn build(parent: i64, children: &HashMap<i64, Vec<&NodeRow>>, counts: &HashMap<i64, i64>) -> Vec<AtlasTreeNode> {
        children
            .get(&parent)
            .map(|list| {
                list.iter()
                    .map(|n| AtlasTreeNode {
                        id: n.id,
                        tree_id: n.tree_id,
                        parent_id: n.parent_id,
                        name: n.name.clone(),
                        summary: n.summary.clone(),
                        sort: n.sort,
                        depth: n.depth,
                        question_count: counts.get(&n.bank_node()).copied().unwrap_or(0),
                        children: build(n.id, children, counts),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
    let nodes = build(0, &by_parent(&nodes), &counts);
    Ok(Reply(AtlasTreeDetail { tree: tree_view(&tree, rights), nodes }))
}

async fn published_types(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasTreeRequest>) -> ApiResult<Reply<Vec<CodeName>>> {
    check_scope(body.subject, body.stage)?;
    let trees = atlas::trees(&state.db, caller.user.id, false, body.subject, body.stage, None, TreeScope::Centre).await?;
    Ok(Reply(
        ATLAS_TYPES
            .iter()
            .filter(|(code, _)| trees.iter().any(|t| t.atlas_type == *code))
            .map(|(code, name)| CodeName { code: code.to_string(), name: (*name).to_owned() })
            .collect(),
    ))
}

async fn tree_delete(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasTreeIdRequest>) -> ApiResult<Reply<bool>> {
    let (tree, _) = tree_for(&state, &caller, body.tree_id, TreeNeed::Manage).await?;
    Ok(Reply(atlas::delete_tree(&state.db, tree.id).await?))
}

async fn audited_trees(state: web::Data<AppState>, caller: Caller, query: web::Query<AtlasScopeQuery>) -> ApiResult<Reply<Vec<AtlasTree>>> {
    check_scope(query.subject, query.stage)?;
    let rows = atlas::trees(&state.db, caller.user.id, false, query.subject, query.stage, None, TreeScope::Centre).await?;
    Ok(Reply(tree_views(&state, &caller, rows).await?))
}

fn refused(refusal: NodeRefusal) -> ApiError {
    match refusal {
        NodeRefusal::NoSuchParent => ApiError::bad_request("上级知识点不存在或不在该图谱中"),
        NodeRefusal::IntoOwnSubtree => ApiError::Conflict("不能把知识点移动到它自己的下级".into()),
    }
}

fn node_ref(node: &NodeRow) -> AtlasNodeRef {
    AtlasNodeRef { id: node.id, name: node.name.clone() }
}

async fn node_add(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasNodeAddRequest>) -> ApiResult<Reply<AtlasNodeRef>> {
    let (tree, _) = tree_for(&state, &caller, body.tree_id, TreeNeed::Edit).await?;
    let name = clean_name(&body.name, "知识点名称")?;
    let summary = clean_summary(body.summary.as_deref())?.unwrap_or_default();
    if tree.node_count >= MAX_NODES_PER_TREE {
        return Err(ApiError::Conflict(format!("一个图谱最多{MAX_NODES_PER_TREE}个知识点")));
    }
    let node = atlas::add_node(&state.db, &tree, body.parent_id, &name, &summary, body.index, caller.user.id).await?.map_err(refused)?;
    Ok(Reply(node_ref(&node)))
}

async fn node_move(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasNodeMoveRequest>) -> ApiResult<Reply<bool>> {
    let (node, tree, _) = node_for(&state, &caller, body.node_id, TreeNeed::Edit).await?;
    atlas::move_node(&state.db, tree.id, node.id, body.parent_id, body.index, caller.user.id).await?.map_err(refused)?;
    Ok(Reply(true))
}

async fn node_rename(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasNodeRenameRequest>) -> ApiResult<Reply<AtlasNodeRef>> {
    let (node, _, _) = node_for(&state, &caller, body.node_id, TreeNeed::Edit).await?;
    let name = clean_name(&body.name, "知识点名称")?;
    let summary = clean_summary(body.summary.as_deref())?;
    atlas::rename_node(&state.db, &node, &name, summary.as_deref(), caller.user.id).await?;
    Ok(Reply(AtlasNodeRef { id: node.id, name }))
}

async fn node_delete(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasNodeIdRequest>) -> ApiResult<Reply<u64>> {
    let (node, _, _) = node_for(&state, &caller, body.node_id, TreeNeed::Edit).await?;
    Ok(Reply(atlas::delete_node(&state.db, &node, caller.user.id).await?))
}

async fn publish(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasPublishRequest>) -> ApiResult<Reply<AtlasTree>> {
    let (tree, _) = tree_for(&state, &caller, body.tree_id, TreeNeed::Edit).await?;
    if body.publish && tree.node_count == 0 {
        return Err(ApiError::bad_request("空图谱不能发布"));
    }
    atlas::set_published(&state.db, tree.id, caller.user.id, body.publish).await?;
    let (tree, rights) = tree_for(&state, &caller, tree.id, TreeNeed::Read).await?;
    Ok(Reply(tree_view(&tree, rights)))
}

async fn set_type(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasTypeRequest>) -> ApiResult<Reply<AtlasTree>> {
    check_type(body.atlas_type)?;
    let (tree, _) = tree_for(&state, &caller, body.tree_id, TreeNeed::Edit).await?;
    atlas::set_type(&state.db, tree.id, caller.user.id, body.atlas_type).await?;
    let (tree, rights) = tree_for(&state, &caller, tree.id, TreeNeed::Read).await?;
    Ok(Reply(tree_view(&tree, rights)))
}

async fn permission(state: web::Data<AppState>, caller: Caller, query: web::Query<AtlasTreeIdQuery>) -> ApiResult<Reply<AtlasPermission>> {
    let (tree, rights) = tree_for(&state, &caller, query.tree_id, TreeNeed::Edit).await?;
    let editors = atlas::editors(&state.db, tree.id)
        .await?
        .into_iter()
        .map(|e| AtlasEditor { user_id: e.user_id, name: e.name, email: e.email, grant_time: e.granted_at })
        .collect();
    Ok(Reply(AtlasPermission {
        tree_id: tree.id,
        owner_id: tree.owner_id,
        owner_name: if tree.owner_id == 0 { "教研中心".into() } else { tree.owner_name.clone() },
        editors,
        can_manage: rights.manage,
    }))
}

async fn permission_update(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasPermissionUpdateRequest>) -> ApiResult<Reply<AtlasPermission>> {
    let (tree, _) = tree_for(&state, &caller, body.tree_id, TreeNeed::Manage).await?;
    let mut users = body.user_ids.clone();
    users.sort_unstable();
    users.dedup();
    users.retain(|u| *u != tree.owner_id);
    if users.len() > MAX_EDITORS {
        return Err(ApiError::bad_request(format!("最多{MAX_EDITORS}位协作者")));
    }
    atlas::set_editors(&state.db, tree.id, caller.user.id, &users).await?;
    permission(state, caller, web::Query(AtlasTreeIdQuery { tree_id: tree.id })).await
}

fn clean_map(content: &KnowledgeMapContent) -> ApiResult<KnowledgeMapContent> {
    let list = |items: &[String]| -> ApiResult<Vec<String>> {
        let items: Vec<String> = items.iter().map(|i| i.trim().to_owned()).filter(|i| !i.is_empty()).collect();
        if items.len() > MAX_MAP_ITEMS || items.iter().any(|i| i.chars().count() > MAX_SUMMARY_CHARS) {
            return Err(ApiError::bad_request(format!("要点最多{MAX_MAP_ITEMS}条，每条不超过{MAX_SUMMARY_CHARS}个字")));
        }
        Ok(items)
    };
    if content.description.chars().count() > MAX_MAP_TEXT {
        return Err(ApiError::bad_request(format!("描述不能超过{MAX_MAP_TEXT}个字")));
    }
    if !(0..=5).contains(&content.difficulty) {
        return Err(ApiError::bad_request("难度需在0到5之间"));
    }
    Ok(KnowledgeMapContent {
        description: content.description.trim().to_owned(),
        key_points: list(&content.key_points)?,
        common_mistakes: list(&content.common_mistakes)?,
        difficulty: content.difficulty,
    })
}

async fn map_save(state: web::Data<AppState>, caller: Caller, body: web::Json<KnowledgeMapSaveRequest>) -> ApiResult<Reply<KnowledgeMapInfo>> {
    let (node, _, _) = node_for(&state, &caller, body.node_id, TreeNeed::Edit).await?;
    let content = clean_map(&body.content)?;
    atlas::save_knowledge_map(&state.db, &node, &serde_json::to_string(&content).unwrap_or_default(), caller.user.id).await?;
    map_info(&state, &caller, node.id, false).await
}

async fn map_for_develop(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasNodeIdRequest>) -> ApiResult<Reply<KnowledgeMapInfo>> {
    map_info(&state, &caller, body.node_id, false).await
}

async fn map_for_lesson(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasNodeIdRequest>) -> ApiResult<Reply<KnowledgeMapInfo>> {
    map_info(&state, &caller, body.node_id, true).await
}

async fn map_info(state: &AppState, caller: &Caller, node_id: i64, with_samples: bool) -> ApiResult<Reply<KnowledgeMapInfo>> {
    let (node, _, _) = node_for(state, caller, node_id, TreeNeed::Read).await?;
    let path = atlas::ancestry(&state.db, &node).await?.iter().map(node_ref).collect();
    // A copied node's map is its own; without one, the centre node's shows.
    let map = match atlas::knowledge_map(&state.db, node.id).await? {
        Some(found) => Some(found),
        None if node.source_id.is_some() => atlas::knowledge_map(&state.db, node.bank_node()).await?,
        None => None,
    };
    let bank: Vec<i64> = atlas::subtree(&state.db, &node).await?.iter().map(NodeRow::bank_node).collect();
    let question_counts = question::counts_by_type(&state.db, &bank, caller.user.id)
        .await?
        .into_iter()
        .map(|(code, count)| QuestionFacet {
            code,
            name: QUESTION_TYPES.iter().find(|(c, _)| *c == code).map(|(_, n)| (*n).to_owned()).unwrap_or_default(),
            count,
        })
        .collect();
    let sample_questions = if with_samples {
        let ids = question::samples(&state.db, &bank, caller.user.id).await?;
        views(state, caller, &question::by_ids(&state.db, &ids).await?, 1).await?
    } else {
        Vec::new()
    };
    Ok(Reply(KnowledgeMapInfo {
        node_id: node.id,
        tree_id: node.tree_id,
        name: node.name.clone(),
        summary: node.summary.clone(),
        path,
        map: map.as_ref().map(|(content, _)| serde_json::from_str(content).unwrap_or_default()),
        map_update_time: map.map(|(_, at)| at),
        question_counts,
        sample_questions,
    }))
}

async fn logs(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasLogRequest>) -> ApiResult<Reply<Page<AtlasLog>>> {
    let paging = Paging::new(body.page_no, body.page_size, 20)?;
    let (tree, _) = tree_for(&state, &caller, body.tree_id, TreeNeed::Edit).await?;
    let (rows, total) = atlas::logs(&state.db, tree.id, body.node_id, paging.page_no, paging.page_size).await?;
    let records = rows
        .into_iter()
        .map(|l| AtlasLog {
            id: l.id,
            tree_id: l.tree_id,
            node_id: l.node_id,
            user_id: l.user_id,
            user_name: l.user_name,
            action: l.action,
            detail: l.detail,
            time: l.at,
        })
        .collect();
    Ok(Reply(paging.page(records, total)))
}
