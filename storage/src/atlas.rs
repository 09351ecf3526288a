//! The knowledge atlas (03 §7.1 "Atlas"): trees of knowledge points per subject and stage — the
//! centre's (owner 0) and teachers' own — with their editors, knowledge maps and change log.
//!
//! A node's `path` lists the ids from the tree's root (`/12/45/`), so a subtree is one range of
//! paths and a move rewrites it in one statement. Every structural change runs in one
//! transaction holding the tree's lock (a PostgreSQL advisory lock; SQLite's one writer) and
//! re-reads the rows it depends on under it.

use sqlx::{Any, FromRow, Transaction};

use crate::document::subtree_end;
use crate::{id_list, now_ms, Backend, Db, Result, StorageError};

#[derive(Debug, Clone, FromRow)]
pub struct TreeRow {
    pub id: i64,
    pub name: String,
    pub subject: i64,
    pub stage: i64,
    pub atlas_type: i64,
    pub owner_id: i64,
    pub school_id: i64,
    pub published_at: Option<i64>,
    pub copied_from: Option<i64>,
    pub created_by: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub owner_name: String,
    pub node_count: i64,
}

const TREE_COLUMNS: &str = "t.id, t.name, t.subject, t.stage, t.atlas_type, t.owner_id, t.school_id, t.published_at, t.copied_from, t.created_by, \
     t.created_at, t.updated_at, COALESCE(u.name, '') AS owner_name, \
     CAST((SELECT COUNT(*) FROM atlas_nodes n WHERE n.tree_id = t.id) AS BIGINT) AS node_count";

const TREE_FROM: &str = "atlas_trees t LEFT JOIN users u ON u.id = t.owner_id";

#[derive(Debug, Clone, FromRow)]
pub struct NodeRow {
    pub id: i64,
    pub tree_id: i64,
    pub parent_id: i64,
    pub name: String,
    pub summary: String,
    pub subject: i64,
    pub stage: i64,
    pub sort: i64,
    pub path: String,
    pub depth: i64,
    pub source_id: Option<i64>,
}

impl NodeRow {
    /// The node questions are attached to: the centre node a copy came from, else itself.
    pub fn bank_node(&self) -> i64 {
        self.source_id.unwrap_or(self.id)
    }
}

const NODE_COLUMNS: &str = "id, tree_id, parent_id, name, summary, subject, stage, sort, path, depth, source_id";

/// Which trees a listing holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TreeScope {
    /// Published trees of the centre, and the user's own and those they edit.
    Visible,
    /// Trees of the centre (published, or all for an admin).
    Centre,
    /// The user's own and those they were granted.
    Mine,
}

pub async fn tree(db: &Db, id: i64) -> Result<Option<TreeRow>> {
    Ok(sqlx::query_as(&format!("SELECT {TREE_COLUMNS} FROM {TREE_FROM} WHERE t.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// Trees of a subject and stage for `user` (`admin` sees the centre's drafts too).
pub async fn trees(db: &Db, user: i64, admin: bool, subject: i64, stage: i64, atlas_type: Option<i64>, scope: TreeScope) -> Result<Vec<TreeRow>> {
    let centre = if admin { "t.owner_id = 0" } else { "(t.owner_id = 0 AND t.published_at IS NOT NULL)" };
    let mine = "(t.owner_id = $3 OR EXISTS (SELECT 1 FROM atlas_tree_editors e WHERE e.tree_id = t.id AND e.user_id = $3))";
    let which = match scope {
        TreeScope::Visible => format!("({centre} OR {mine})"),
        TreeScope::Centre => centre.to_owned(),
        TreeScope::Mine => mine.to_owned(),
    };
    let by_type = if atlas_type.is_some() { " AND t.atlas_type = $4" } else { "" };
    Ok(sqlx::query_as(&format!("SELECT {TREE_COLUMNS} FROM {TREE_FROM} WHERE t.subject = $1 AND t.stage = $2 AND {which}{by_type} ORDER BY t.owner_id, t.id"))
        .bind(subject)
        .bind(stage)
        .bind(user)
        .bind(atlas_type.unwrap_or(0))
        .fetch_all(db.pool())
        .await?)
}

/// The user's own tree of this name in a subject and stage.
pub async fn own_tree_named(db: &Db, user: i64, subject: i64, stage: i64, name: &str) -> Result<Option<i64>> {
    Ok(sqlx::query_scalar("SELECT id FROM atlas_trees WHERE owner_id = $1 AND subject = $2 AND stage = $3 AND name = $4")
        .bind(user)
        .bind(subject)
        .bind(stage)
        .bind(name)
        .fetch_optional(db.pool())
        .await?)
}

pub struct NewTree<'a> {
    pub name: &'a str,
    pub subject: i64,
    pub stage: i64,
    pub atlas_type: i64,
    /// 0: the centre's.
    pub owner_id: i64,
    pub school_id: i64,
    pub created_by: i64,
}

async fn insert_tree(tx: &mut Transaction<'_, Any>, new: &NewTree<'_>, copied_from: Option<i64>) -> Result<i64> {
    let now = now_ms();
    Ok(sqlx::query_scalar(
        "INSERT INTO atlas_trees (name, subject, stage, atlas_type, owner_id, school_id, copied_from, created_by, created_at, updated_at) \
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$9) RETURNING id",
    )
    .bind(new.name)
    .bind(new.subject)
    .bind(new.stage)
    .bind(new.atlas_type)
    .bind(new.owner_id)
    .bind(new.school_id)
    .bind(copied_from)
    .bind(new.created_by)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?)
}

pub async fn create_tree(db: &Db, new: &NewTree<'_>) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let id = insert_tree(&mut tx, new, None).await?;
    log(&mut tx, id, 0, new.created_by, "tree_add", new.name).await?;
    tx.commit().await?;
    Ok(id)
}

/// Inserts a tree with a known id and its nodes (the demo's centre trees); nothing when it exists.
pub async fn seed_tree(db: &Db, id: i64, new: &NewTree<'_>, nodes: &[(i64, i64, &str, &str)]) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM atlas_trees WHERE id = $1").bind(id).fetch_optional(&mut *tx).await?;
    if exists.is_some() {
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO atlas_trees (id, name, subject, stage, atlas_type, owner_id, school_id, published_at, created_by, created_at, updated_at) \
         VALUES ($1,$2,$3,$4,$5,0,0,$6,0,$6,$6)",
    )
    .bind(id)
    .bind(new.name)
    .bind(new.subject)
    .bind(new.stage)
    .bind(new.atlas_type)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    // (node id, parent id, name, summary), parents first.
    let mut paths: std::collections::HashMap<i64, String> = std::collections::HashMap::new();
    let mut sorts: std::collections::HashMap<i64, i64> = std::collections::HashMap::new();
    for (node, parent, name, summary) in nodes {
        let parent_path = if *parent == 0 { "/".to_owned() } else { paths.get(parent).cloned().ok_or(StorageError::NotFound)? };
        let path = format!("{parent_path}{node}/");
        let sort = sorts.entry(*parent).or_default();
        sqlx::query(
            "INSERT INTO atlas_nodes (id, tree_id, parent_id, name, summary, subject, stage, sort, path, depth) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)",
        )
        .bind(node)
        .bind(id)
        .bind(parent)
        .bind(name)
        .bind(summary)
        .bind(new.subject)
        .bind(new.stage)
        .bind(*sort)
        .bind(&path)
        .bind(path.matches('/').count() as i64 - 1)
        .execute(&mut *tx)
        .await?;
        *sort += 1;
        paths.insert(*node, path);
    }
    tx.commit().await?;
    Ok(())
}

/// Takes the tree's lock for the rest of the transaction (PostgreSQL; SQLite has one writer).
async fn lock_tree(db: &Db, tx: &mut Transaction<'_, Any>, tree_id: i64) -> Result<()> {
    if db.backend() == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock(7, CAST($1 AS INTEGER))").bind(tree_id).execute(&mut **tx).await?;
    }
    Ok(())
}

async fn log(tx: &mut Transaction<'_, Any>, tree_id: i64, node_id: i64, user: i64, action: &str, detail: &str) -> Result<()> {
    sqlx::query("INSERT INTO atlas_logs (tree_id, node_id, user_id, action, detail, at) VALUES ($1,$2,$3,$4,$5,$6)")
        .bind(tree_id)
        .bind(node_id)
        .bind(user)
        .bind(action)
        .bind(detail)
        .bind(now_ms())
        .execute(&mut **tx)
        .await?;
    sqlx::query("UPDATE atlas_trees SET updated_at = $2 WHERE id = $1").bind(tree_id).bind(now_ms()).execute(&mut **tx).await?;
    Ok(())
}

/// Copies a tree with all its nodes into a new tree of `new.owner_id`; each copied node keeps the
/// centre node it stands for.
pub async fn copy_tree(db: &Db, source: i64, new: &NewTree<'_>) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let nodes: Vec<NodeRow> =
        sqlx::query_as(&format!("SELECT {NODE_COLUMNS} FROM atlas_nodes WHERE tree_id = $1 ORDER BY depth, sort, id")).bind(source).fetch_all(&mut *tx).await?;
    let id = insert_tree(&mut tx, new, Some(source)).await?;
    let mut map: std::collections::HashMap<i64, (i64, String)> = std::collections::HashMap::new();
    for node in &nodes {
        let (parent, parent_path) = if node.parent_id == 0 { (0, "/".to_owned()) } else { map.get(&node.parent_id).cloned().unwrap_or((0, "/".to_owned())) };
        let copy: i64 = sqlx::query_scalar(
            "INSERT INTO atlas_nodes (tree_id, parent_id, name, summary, subject, stage, sort, path, depth, source_id) \
             VALUES ($1,$2,$3,$4,$5,$6,$7,'',$8,$9) RETURNING id",
        )
        .bind(id)
        .bind(parent)
        .bind(&node.name)
        .bind(&node.summary)
        .bind(node.subject)
        .bind(node.stage)
        .bind(node.sort)
        .bind(node.depth)
        .bind(node.bank_node())
        .fetch_one(&mut *tx)
        .await?;
        let path = format!("{parent_path}{copy}/");
        sqlx::query("UPDATE atlas_nodes SET path = $2 WHERE id = $1").bind(copy).bind(&path).execute(&mut *tx).await?;
        map.insert(node.id, (copy, path));
    }
    log(&mut tx, id, 0, new.created_by, "tree_copy", &format!("{source}")).await?;
    tx.commit().await?;
    Ok(id)
}

/// Deletes a tree, its nodes, their maps and the questions' links to them.
pub async fn delete_tree(db: &Db, id: i64) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    lock_tree(db, &mut tx, id).await?;
    sqlx::query("DELETE FROM question_points WHERE node_id IN (SELECT id FROM atlas_nodes WHERE tree_id = $1)").bind(id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM atlas_knowledge_maps WHERE node_id IN (SELECT id FROM atlas_nodes WHERE tree_id = $1)").bind(id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM atlas_nodes WHERE tree_id = $1").bind(id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM atlas_logs WHERE tree_id = $1").bind(id).execute(&mut *tx).await?;
    let gone = sqlx::query("DELETE FROM atlas_trees WHERE id = $1").bind(id).execute(&mut *tx).await?.rows_affected() > 0;
    tx.commit().await?;
    Ok(gone)
}

pub async fn set_published(db: &Db, id: i64, user: i64, publish: bool) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    sqlx::query("UPDATE atlas_trees SET published_at = $2 WHERE id = $1").bind(id).bind(publish.then(now_ms)).execute(&mut *tx).await?;
    log(&mut tx, id, 0, user, if publish { "tree_publish" } else { "tree_unpublish" }, "").await?;
    tx.commit().await?;
    Ok(())
}

pub async fn set_type(db: &Db, id: i64, user: i64, atlas_type: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    sqlx::query("UPDATE atlas_trees SET atlas_type = $2 WHERE id = $1").bind(id).bind(atlas_type).execute(&mut *tx).await?;
    log(&mut tx, id, 0, user, "tree_type", &atlas_type.to_string()).await?;
    tx.commit().await?;
    Ok(())
}

#[derive(Debug, Clone, FromRow)]
pub struct EditorRow {
    pub user_id: i64,
    pub name: String,
    pub email: String,
    pub granted_at: i64,
}

pub async fn editors(db: &Db, tree_id: i64) -> Result<Vec<EditorRow>> {
    Ok(sqlx::query_as(
        "SELECT e.user_id, u.name, u.email, e.granted_at FROM atlas_tree_editors e JOIN users u ON u.id = e.user_id WHERE e.tree_id = $1 ORDER BY e.granted_at, e.user_id",
    )
    .bind(tree_id)
    .fetch_all(db.pool())
    .await?)
}

pub async fn is_editor(db: &Db, tree_id: i64, user: i64) -> Result<bool> {
    Ok(sqlx::query_scalar::<_, i64>("SELECT user_id FROM atlas_tree_editors WHERE tree_id = $1 AND user_id = $2")
        .bind(tree_id)
        .bind(user)
        .fetch_optional(db.pool())
        .await?
        .is_some())
}

/// Makes `users` exactly the tree's editors (unknown user ids are skipped).
pub async fn set_editors(db: &Db, tree_id: i64, by: i64, users: &[i64]) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    sqlx::query(&format!("DELETE FROM atlas_tree_editors WHERE tree_id = $1 AND user_id NOT IN ({})", id_list(users))).bind(tree_id).execute(&mut *tx).await?;
    let now = now_ms();
    for user in users {
        sqlx::query(
            "INSERT INTO atlas_tree_editors (tree_id, user_id, granted_by, granted_at) SELECT $1, id, $3, $4 FROM users WHERE id = $2 \
             ON CONFLICT (tree_id, user_id) DO NOTHING",
        )
        .bind(tree_id)
        .bind(user)
        .bind(by)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    log(&mut tx, tree_id, 0, by, "tree_editors", &users.iter().map(i64::to_string).collect::<Vec<_>>().join(",")).await?;
    tx.commit().await?;
    Ok(())
}

/// Node names by id: (id, name), missing ones left out.
pub async fn node_names(db: &Db, ids: &[i64]) -> Result<Vec<(i64, String)>> {
    Ok(sqlx::query_as(&format!("SELECT id, name FROM atlas_nodes WHERE id IN ({})", crate::id_list(ids))).fetch_all(db.pool()).await?)
}

pub async fn node(db: &Db, id: i64) -> Result<Option<NodeRow>> {
    Ok(sqlx::query_as(&format!("SELECT {NODE_COLUMNS} FROM atlas_nodes WHERE id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// A tree's nodes, parents before children, siblings in order.
pub async fn nodes(db: &Db, tree_id: i64) -> Result<Vec<NodeRow>> {
    Ok(sqlx::query_as(&format!("SELECT {NODE_COLUMNS} FROM atlas_nodes WHERE tree_id = $1 ORDER BY depth, sort, id"))
        .bind(tree_id)
        .fetch_all(db.pool())
        .await?)
}

/// The nodes of the published centre trees of a subject and stage (what handouts are assembled
/// from and the knowledge tree dictionary answers).
pub async fn published_nodes(db: &Db, subject: i64, stage: i64) -> Result<Vec<NodeRow>> {
    Ok(sqlx::query_as(&format!(
        "SELECT {NODE_COLUMNS} FROM atlas_nodes WHERE tree_id IN (SELECT id FROM atlas_trees WHERE subject = $1 AND stage = $2 AND owner_id = 0 \
         AND published_at IS NOT NULL) ORDER BY tree_id, depth, sort, id"
    ))
    .bind(subject)
    .bind(stage)
    .fetch_all(db.pool())
    .await?)
}

/// The children of a node, in order.
pub async fn children(db: &Db, parent_id: i64) -> Result<Vec<NodeRow>> {
    Ok(sqlx::query_as(&format!("SELECT {NODE_COLUMNS} FROM atlas_nodes WHERE parent_id = $1 ORDER BY sort, id")).bind(parent_id).fetch_all(db.pool()).await?)
}

/// The node and everything under it.
pub async fn subtree(db: &Db, node: &NodeRow) -> Result<Vec<NodeRow>> {
    Ok(sqlx::query_as(&format!("SELECT {NODE_COLUMNS} FROM atlas_nodes WHERE path >= $1 AND path < $2 ORDER BY depth, sort, id"))
        .bind(&node.path)
        .bind(subtree_end(&node.path))
        .fetch_all(db.pool())
        .await?)
}

/// The nodes from the root down to `node` (itself included).
pub async fn ancestry(db: &Db, node: &NodeRow) -> Result<Vec<NodeRow>> {
    let ids: Vec<i64> = node.path.split('/').filter_map(|p| p.parse().ok()).collect();
    Ok(sqlx::query_as(&format!("SELECT {NODE_COLUMNS} FROM atlas_nodes WHERE id IN ({}) ORDER BY depth", id_list(&ids))).fetch_all(db.pool()).await?)
}

/// Why a node change was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum NodeRefusal {
    /// The node or the parent is gone, or the parent is in another tree.
    NoSuchParent,
    /// A node cannot move into its own subtree.
    IntoOwnSubtree,
}

/// Moves `ids` siblings' sort numbers so that `node` sits at `index` among the children of
/// `parent` (the others keep their order).
async fn place(tx: &mut Transaction<'_, Any>, tree_id: i64, parent: i64, node: i64, index: Option<i64>) -> Result<()> {
    let mut siblings: Vec<i64> = sqlx::query_scalar("SELECT id FROM atlas_nodes WHERE tree_id = $1 AND parent_id = $2 AND id <> $3 ORDER BY sort, id")
        .bind(tree_id)
        .bind(parent)
        .bind(node)
        .fetch_all(&mut **tx)
        .await?;
    let at = index.map(|i| i.clamp(0, siblings.len() as i64) as usize).unwrap_or(siblings.len());
    siblings.insert(at, node);
    let cases: String = siblings.iter().enumerate().map(|(i, id)| format!(" WHEN {id} THEN {i}")).collect();
    sqlx::query(&format!("UPDATE atlas_nodes SET sort = CASE id{cases} END WHERE id IN ({})", id_list(&siblings))).execute(&mut **tx).await?;
    Ok(())
}

/// Adds a node under `parent` (0: the top level) of a tree.
pub async fn add_node(db: &Db, tree: &TreeRow, parent: i64, name: &str, summary: &str, index: Option<i64>, user: i64) -> Result<Result<NodeRow, NodeRefusal>> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    lock_tree(db, &mut tx, tree.id).await?;
    let (parent_path, depth) = if parent == 0 {
        ("/".to_owned(), 1)
    } else {
        let row: Option<(String, i64)> =
            sqlx::query_as("SELECT path, depth FROM atlas_nodes WHERE id = $1 AND tree_id = $2").bind(parent).bind(tree.id).fetch_optional(&mut *tx).await?;
        match row {
            Some((path, depth)) => (path, depth + 1),
            None => return Ok(Err(NodeRefusal::NoSuchParent)),
        }
    };
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO atlas_nodes (tree_id, parent_id, name, summary, subject, stage, sort, path, depth) VALUES ($1,$2,$3,$4,$5,$6,0,'',$7) RETURNING id",
    )
    .bind(tree.id)
    .bind(parent)
    .bind(name)
    .bind(summary)
    .bind(tree.subject)
    .bind(tree.stage)
    .bind(depth)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query("UPDATE atlas_nodes SET path = $2 WHERE id = $1").bind(id).bind(format!("{parent_path}{id}/")).execute(&mut *tx).await?;
    place(&mut tx, tree.id, parent, id, index).await?;
    log(&mut tx, tree.id, id, user, "node_add", name).await?;
    let row: NodeRow = sqlx::query_as(&format!("SELECT {NODE_COLUMNS} FROM atlas_nodes WHERE id = $1")).bind(id).fetch_one(&mut *tx).await?;
    tx.commit().await?;
    Ok(Ok(row))
}

/// Moves a node with its subtree under `parent` (0: the top level) of the same tree, at `index`.
pub async fn move_node(db: &Db, tree_id: i64, id: i64, parent: i64, index: Option<i64>, user: i64) -> Result<Result<(), NodeRefusal>> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    lock_tree(db, &mut tx, tree_id).await?;
    let Some(node): Option<NodeRow> = sqlx::query_as(&format!("SELECT {NODE_COLUMNS} FROM atlas_nodes WHERE id = $1 AND tree_id = $2"))
        .bind(id)
        .bind(tree_id)
        .fetch_optional(&mut *tx)
        .await?
    else {
        return Ok(Err(NodeRefusal::NoSuchParent));
    };
    let (parent_path, parent_depth) = if parent == 0 {
        ("/".to_owned(), 0)
    } else {
        let row: Option<(String, i64)> =
            sqlx::query_as("SELECT path, depth FROM atlas_nodes WHERE id = $1 AND tree_id = $2").bind(parent).bind(tree_id).fetch_optional(&mut *tx).await?;
        match row {
            Some(found) => found,
            None => return Ok(Err(NodeRefusal::NoSuchParent)),
        }
    };
    if parent_path.starts_with(&node.path) {
        return Ok(Err(NodeRefusal::IntoOwnSubtree));
    }
    if parent != node.parent_id {
        let new_path = format!("{parent_path}{id}/");
        sqlx::query(
            "UPDATE atlas_nodes SET path = $1 || substr(path, CAST($2 AS INTEGER)), depth = depth + $3 WHERE tree_id = $6 AND path >= $4 AND path < $5",
        )
        .bind(&new_path)
        .bind(node.path.len() as i64 + 1)
        .bind(parent_depth + 1 - node.depth)
        .bind(&node.path)
        .bind(subtree_end(&node.path))
        .bind(tree_id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE atlas_nodes SET parent_id = $2 WHERE id = $1").bind(id).bind(parent).execute(&mut *tx).await?;
    }
    place(&mut tx, tree_id, parent, id, index).await?;
    log(&mut tx, tree_id, id, user, "node_move", &format!("{} → {parent}", node.parent_id)).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

pub async fn rename_node(db: &Db, node: &NodeRow, name: &str, summary: Option<&str>, user: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    sqlx::query("UPDATE atlas_nodes SET name = $2, summary = COALESCE($3, summary) WHERE id = $1")
        .bind(node.id)
        .bind(name)
        .bind(summary)
        .execute(&mut *tx)
        .await?;
    log(&mut tx, node.tree_id, node.id, user, "node_rename", &format!("{} → {name}", node.name)).await?;
    tx.commit().await?;
    Ok(())
}

/// Deletes a node with its subtree (their maps and the questions' links to them); how many nodes.
pub async fn delete_node(db: &Db, node: &NodeRow, user: i64) -> Result<u64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    lock_tree(db, &mut tx, node.tree_id).await?;
    let range = "SELECT id FROM atlas_nodes WHERE tree_id = $1 AND path >= $2 AND path < $3";
    for table in ["question_points", "atlas_knowledge_maps"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE node_id IN ({range})"))
            .bind(node.tree_id)
            .bind(&node.path)
            .bind(subtree_end(&node.path))
            .execute(&mut *tx)
            .await?;
    }
    let gone = sqlx::query("DELETE FROM atlas_nodes WHERE tree_id = $1 AND path >= $2 AND path < $3")
        .bind(node.tree_id)
        .bind(&node.path)
        .bind(subtree_end(&node.path))
        .execute(&mut *tx)
        .await?
        .rows_affected();
    log(&mut tx, node.tree_id, node.id, user, "node_del", &node.name).await?;
    tx.commit().await?;
    Ok(gone)
}

/// A knowledge point's map (JSON) and when it was last saved.
pub async fn knowledge_map(db: &Db, node_id: i64) -> Result<Option<(String, i64)>> {
    Ok(sqlx::query_as("SELECT content, updated_at FROM atlas_knowledge_maps WHERE node_id = $1").bind(node_id).fetch_optional(db.pool()).await?)
}

pub async fn save_knowledge_map(db: &Db, node: &NodeRow, content: &str, user: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    sqlx::query(
        "INSERT INTO atlas_knowledge_maps (node_id, content, updated_by, updated_at) VALUES ($1,$2,$3,$4) \
         ON CONFLICT (node_id) DO UPDATE SET content = excluded.content, updated_by = excluded.updated_by, updated_at = excluded.updated_at",
    )
    .bind(node.id)
    .bind(content)
    .bind(user)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    log(&mut tx, node.tree_id, node.id, user, "map_save", &node.name).await?;
    tx.commit().await?;
    Ok(())
}

#[derive(Debug, Clone, FromRow)]
pub struct LogRow {
    pub id: i64,
    pub tree_id: i64,
    pub node_id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub action: String,
    pub detail: String,
    pub at: i64,
}

/// A page of a tree's (or one node's) changes, newest first, and the total.
pub async fn logs(db: &Db, tree_id: i64, node_id: Option<i64>, page_no: i64, page_size: i64) -> Result<(Vec<LogRow>, i64)> {
    let by_node = if node_id.is_some() { " AND l.node_id = $2" } else { "" };
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM atlas_logs l WHERE l.tree_id = $1{by_node}"))
        .bind(tree_id)
        .bind(node_id.unwrap_or(0))
        .fetch_one(db.pool())
        .await?;
    let rows = sqlx::query_as(&format!(
        "SELECT l.id, l.tree_id, l.node_id, l.user_id, COALESCE(u.name, '') AS user_name, l.action, l.detail, l.at \
         FROM atlas_logs l LEFT JOIN users u ON u.id = l.user_id WHERE l.tree_id = $1{by_node} ORDER BY l.id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(tree_id)
    .bind(node_id.unwrap_or(0))
    .bind(page_size)
    .bind((page_no - 1) * page_size)
    .fetch_all(db.pool())
    .await?;
    Ok((rows, total))
}

/// Papers assembled from each of these nodes.
pub async fn paper_counts(db: &Db, node_ids: &[i64]) -> Result<Vec<(i64, i64)>> {
    Ok(sqlx::query_as(&format!(
        "SELECT parent_atlas_id, CAST(COUNT(*) AS BIGINT) FROM papers WHERE parent_atlas_id IN ({}) GROUP BY parent_atlas_id",
        id_list(node_ids)
    ))
    .fetch_all(db.pool())
    .await?)
}
