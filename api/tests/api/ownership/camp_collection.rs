//! Camp collections (合集, groups of a teacher's camps): their owner's alone. Anyone else finds
//! none, whether to put a camp in it, list its camps or save its camps' files.

use std::sync::atomic::{AtomicUsize, Ordering};

use futures_util::FutureExt;
use serde_json::{json, Value};

use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

/// Why the paper collection's routes are not probed here.
const PAPER_COLLECTION: &str = "a paper's collection (a published version), not a camp collection: the paper version kind probes it";

/// Each fixture's collection gets its own name.
static NEXT: AtomicUsize = AtomicUsize::new(1);

pub fn kind() -> Kind {
    Kind {
        name: "camp collection",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["collectionId"],
        not_probed: vec![("POST /api/collection/basic/copy", PAPER_COLLECTION), ("POST /api/xeasy-srv-item/collection/updateCoordinate", PAPER_COLLECTION)],
        // A collection with one camp (a draft) whose phase holds a document task, so that
        // saving the collection's files into the drive has a file to save.
        create: |app, owner| {
            async move {
                let n = NEXT.fetch_add(1, Ordering::Relaxed);
                let collection = owner.post_data("/api/collection/create", json!({"collectionName": format!("矩阵合集{n}")})).await;
                let id = collection["collectionId"].clone();
                assert!(id.is_i64(), "a collection id: {collection}");
                let camp = owner.post_data("/api/camp/create", json!({"campName": "矩阵合集营", "collectionId": id})).await["campId"].clone();
                assert!(camp.is_i64(), "a camp id: {camp}");
                let phase = owner.post_data("/api/camp/add-phase", json!({"campId": camp, "phaseName": "阶段一"})).await["phaseId"].clone();
                let file = finished_upload(app, owner, "讲义.pdf", vec![7u8; 64]).await;
                let task = json!({"campId": camp, "phaseId": phase, "taskList": [{"bizId": file, "taskName": "讲义", "ext": "pdf", "taskType": 2}]});
                owner.post_data("/api/camp/add-phase-task", task).await;
                Vars::from([("id".to_owned(), id), ("campId".to_owned(), camp)])
            }
            .boxed_local()
        },
        // The collection as the owner's list shows it (name, camp count; null if gone) and its
        // camps.
        read: |owner, vars| {
            async move {
                let id = &vars["id"];
                let collections = owner.data("/api/collection/list").await;
                let collection = collections.as_array().into_iter().flatten().find(|c| &c["collectionId"] == id).cloned().unwrap_or(Value::Null);
                let camps = owner.post("/api/camp/statistics/campListByCollectionId", json!({"collectionId": id})).await.1;
                json!({"collection": collection, "camps": camps})
            }
            .boxed_local()
        },
        probes: vec![
            // The files of the collection's camps into the caller's drive.
            Probe::new("POST /api/collection/save/knowledge/base", r#"{"collectionId": "{{id}}"}"#),
            // A new camp put in the collection.
            Probe::new("POST /api/camp/create", r#"{"campName": "矩阵新营", "collectionId": "{{id}}"}"#),
            Probe::new("POST /api/camp/statistics/campListByCollectionId", r#"{"collectionId": "{{id}}"}"#),
        ],
    }
}
