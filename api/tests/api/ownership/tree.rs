//! Knowledge trees (知识图谱) of a teacher's own, named by `treeId`: a teacher's tree is its
//! owner's and their granted editors', published or not (publishing a teacher's tree shares it
//! with nobody; only the centre's trees are everyone's to read once published). Granting editors
//! and deleting the tree is its owner's alone. Anyone else finds none (`tree_for`): not its
//! nodes, resources, editors or log, and they can neither add to it, publish, type, share, delete
//! nor copy it.

use std::sync::atomic::{AtomicUsize, Ordering};

use futures_util::FutureExt;
use serde_json::json;

use super::{Kind, Probe, Stranger, Vars, STRANGER};
use crate::helpers::*;

/// Tree names are unique per owner, subject and stage: each fixture gets its own (a name apart
/// from the knowledge node kind's, whose trees are the same owner's).
static NEXT: AtomicUsize = AtomicUsize::new(1);

pub fn kind() -> Kind {
    Kind {
        name: "knowledge tree",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["treeId"],
        not_probed: vec![(
            "POST /api/teachingMaterial/chapter/init",
            "library editors only (require_editor): a teacher, owner or stranger, is refused (A0300) before the tree is looked at; \
                 an editor of another school finds a teacher's tree no more than anyone else (tree_for, A0404)",
        )],
        // A tree of the owner's own (senior-high mathematics, not published) with a chapter
        // holding a point: publishing needs a tree that is not empty. `strangerId` is the other
        // school's teacher, whom the editors' probe tries to grant.
        create: |app, owner| {
            async move {
                let n = NEXT.fetch_add(1, Ordering::Relaxed);
                let tree = owner.post_data("/api/atlas/tree/add", json!({"name": format!("矩阵整树{n}"), "subject": 54, "stage": 4})).await;
                let id = tree["treeId"].clone();
                assert!(id.is_i64(), "a tree id: {tree}");
                let chapter = owner.post_data("/api/atlas/node/add", json!({"treeId": id, "parentId": 0, "name": "矩阵整树章"})).await["id"].clone();
                assert!(chapter.is_i64(), "a chapter: {chapter}");
                let point = json!({"treeId": id, "parentId": chapter, "name": "矩阵整树知识点", "summary": "说明"});
                let point = owner.post_data("/api/atlas/node/add", point).await["id"].clone();
                assert!(point.is_i64(), "a point: {point}");
                let stranger = app.user_id(STRANGER).await;
                Vars::from([("id".to_owned(), id), ("pointId".to_owned(), point), ("strangerId".to_owned(), json!(stranger))])
            }
            .boxed_local()
        },
        // The tree (name, type, published, nodes), its editors and its log (every change to the
        // tree is logged). Whole answers, so a tree gone reads as not found rather than failing.
        read: |owner, vars| {
            async move {
                let tree = owner.post("/api/atlas/tree/queryByTreeId", json!({"treeId": vars["id"]})).await.1;
                let editors = owner.get(&format!("/api/atlas/permission/queryByTreeId?treeId={}", vars["id"])).await.1;
                let log = owner.post("/api/log/nodeOperateLogList", json!({"treeId": vars["id"], "pageSize": 50})).await.1;
                json!({"tree": tree, "editors": editors, "log": log})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("POST /api/atlas/tree/queryByTreeId", r#"{"treeId": "{{id}}"}"#),
            Probe::new("POST /api/atlas/tree/queryResource", r#"{"treeId": "{{id}}"}"#),
            Probe::new("GET /api/atlas/permission/queryByTreeId?treeId={{id}}", ""),
            // The stranger tries to make themselves an editor; the owner may grant them.
            Probe::new("POST /api/atlas/permission/update", r#"{"treeId": "{{id}}", "userIds": ["{{strangerId}}"]}"#),
            // A new top-level chapter (the tree alone decides: parent 0).
            Probe::new("POST /api/atlas/node/add", r#"{"treeId": "{{id}}", "parentId": 0, "name": "矩阵整树新章"}"#),
            Probe::new("POST /api/atlas/publish", r#"{"treeId": "{{id}}", "publish": true}"#),
            Probe::new("POST /api/atlas/type", r#"{"treeId": "{{id}}", "atlasType": 3}"#),
            Probe::new("POST /api/log/nodeOperateLogList", r#"{"treeId": "{{id}}", "pageNo": 1, "pageSize": 20}"#),
            // Only a published centre tree is copied: the owner's own tree is refused for what it
            // is, after it was found readable (a stranger does not find it).
            Probe::new("POST /api/atlas/tree/copyFromCenter", r#"{"treeId": "{{id}}"}"#).owner_meets("A0400"),
            // A handout of the tree's point: the tree is named beside every node it packs.
            Probe::new(
                "POST /api/paper/package",
                r#"{"paperList": [{"atlasId": "{{pointId}}"}], "subject": 54, "stage": 4, "paperType": 3, "treeId": "{{id}}"}"#,
            ),
            Probe::new("POST /api/atlas/tree/del", r#"{"treeId": "{{id}}"}"#),
        ],
    }
}
