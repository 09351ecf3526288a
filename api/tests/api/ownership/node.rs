//! Knowledge-tree nodes (知识点) of a teacher's own tree: the tree and its nodes are its owner's
//! and their granted editors', published or not (the centre's trees are everyone's to read once
//! published, so the matrix takes an own tree). Anyone else finds none (`node_for`, `tree_for`),
//! wherever a route names one: its edits and map, its tree's log, a question's points, a paper's
//! parent point.

use std::sync::atomic::{AtomicUsize, Ordering};

use futures_util::FutureExt;
use serde_json::json;

use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

/// Tree names are unique per owner: each fixture gets its own.
static NEXT: AtomicUsize = AtomicUsize::new(1);

pub fn kind() -> Kind {
    Kind {
        name: "knowledge node",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["nodeId"],
        not_probed: vec![(
            "POST /api/analysis/wrongQuestions",
            "a filter (a knowledge point) over a student's wrong questions (studentId decides): the student kind probes it",
        )],
        // A tree of the owner's own (senior-high mathematics, not published) with two top-level
        // nodes: a chapter (`parentId`, where the move probe puts the point) and a point (`id`).
        create: |_app, owner| {
            async move {
                let n = NEXT.fetch_add(1, Ordering::Relaxed);
                let tree = owner.post_data("/api/atlas/tree/add", json!({"name": format!("矩阵图谱{n}"), "subject": 54, "stage": 4})).await;
                let tree_id = tree["treeId"].clone();
                assert!(tree_id.is_i64(), "a tree id: {tree}");
                let chapter = owner.post_data("/api/atlas/node/add", json!({"treeId": tree_id, "parentId": 0, "name": "矩阵章"})).await["id"].clone();
                let point = json!({"treeId": tree_id, "parentId": 0, "name": "矩阵知识点", "summary": "说明"});
                let id = owner.post_data("/api/atlas/node/add", point).await["id"].clone();
                assert!(chapter.is_i64() && id.is_i64(), "two nodes: {chapter}, {id}");
                Vars::from([("id".to_owned(), id), ("parentId".to_owned(), chapter), ("treeId".to_owned(), tree_id)])
            }
            .boxed_local()
        },
        // The tree with its nodes (names, summaries, order), the point's map, and what each node
        // holds (questions, papers: a paper packaged under the point counts there).
        read: |owner, vars| {
            async move {
                let tree = owner.post("/api/atlas/tree/queryByTreeId", json!({"treeId": vars["treeId"]})).await.1;
                let map = owner.post("/api/atlas/knowledgeMap/queryInfoForDevelop", json!({"nodeId": vars["id"]})).await.1;
                let resources = owner.post("/api/atlas/tree/queryResource", json!({"treeId": vars["treeId"]})).await.1;
                json!({"tree": tree, "map": map, "resources": resources})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("POST /api/atlas/node/move", r#"{"nodeId": "{{id}}", "parentId": "{{parentId}}", "index": 0}"#),
            Probe::new("POST /api/atlas/node/rename", r#"{"nodeId": "{{id}}", "name": "矩阵知识点（改）", "summary": "新说明"}"#),
            Probe::new("POST /api/atlas/node/del", r#"{"nodeId": "{{id}}"}"#),
            Probe::new(
                "POST /api/atlas/knowledgeMap/addOrUpdate",
                r#"{"nodeId": "{{id}}", "content": {"description": "矩阵", "keyPoints": ["定义"], "commonMistakes": [], "difficulty": 3}}"#,
            ),
            Probe::new("POST /api/atlas/knowledgeMap/queryInfoForDevelop", r#"{"nodeId": "{{id}}"}"#),
            Probe::new("POST /api/atlas/knowledgeMap/queryInfoForPrepareLesson", r#"{"nodeId": "{{id}}"}"#),
            // The tree's log, filtered by the point.
            Probe::new("POST /api/log/nodeOperateLogList", r#"{"treeId": "{{treeId}}", "nodeId": "{{id}}", "pageSize": 20}"#),
            // The point as a parent (`parentId`, with the tree as `treeId`).
            Probe::new("POST /api/atlas/node/add", r#"{"treeId": "{{treeId}}", "parentId": "{{id}}", "name": "矩阵子知识点"}"#),
            // The point as a question's knowledge point (`knowledgeIds`).
            Probe::new(
                "POST /api/question/save",
                r#"{"subject": 54, "stage": 4, "content": {"questionType": 4, "stem": "矩阵题", "answer": "1", "difficulty": 3, "knowledgeIds": ["{{id}}"]}}"#,
            ),
            // The point as the parent of a handout assembled from the centre's tree
            // (`parentAtlasId`): its name titles the handout, and the handout counts on it.
            Probe::new(
                "POST /api/paper/package",
                r#"{"paperList": [{"atlasId": 111}], "subject": 54, "stage": 4, "paperType": 3, "treeId": 1, "parentAtlasId": "{{id}}"}"#,
            ),
        ],
    }
}
