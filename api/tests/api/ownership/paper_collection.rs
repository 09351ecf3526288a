//! A paper's collections (题集): the published versions of a paper, named by `collectionId`.
//! They are the paper's: read by whoever reads the paper, changed by whoever edits it
//! (`collection_for`); a new paper, not offered to the library, is its owner's alone.

use futures_util::FutureExt;
use serde_json::json;

use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

/// Why the camp collection's routes are not probed here.
const CAMP_COLLECTION: &str = "a camp collection (合集), not a paper's: the camp collection kind probes it";

pub fn kind() -> Kind {
    Kind {
        name: "paper version",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["collectionId"],
        not_probed: vec![
            ("POST /api/collection/save/knowledge/base", CAMP_COLLECTION),
            ("POST /api/camp/create", CAMP_COLLECTION),
            ("POST /api/camp/statistics/campListByCollectionId", CAMP_COLLECTION),
        ],
        // A handout assembled from the atlas, as the paper kind's, with one version: the
        // collection.
        create: |_app, owner| {
            async move {
                let package = json!({"paperList": [{"atlasId": 111}], "subject": 54, "stage": 4, "paperType": 3, "treeId": 1});
                let paper = owner.post_data("/api/paper/package", package).await["paperId"].clone();
                assert!(paper.is_i64(), "a paper id: {paper}");
                let version = owner.post_data(&format!("/api/paper/createNewVersion?paperId={paper}"), json!({})).await;
                let id = version["versionId"].clone();
                assert!(id.is_i64(), "a version id: {version}");
                Vars::from([("id".to_owned(), id), ("paperId".to_owned(), paper)])
            }
            .boxed_local()
        },
        // The paper's newest collection with its content and answer areas, and its versions.
        read: |owner, vars| {
            async move {
                let latest = owner.post("/api/xeasy-srv-item/collection/snapshot/latest", json!({"paperId": vars["paperId"]})).await.1;
                let versions = owner.post("/api/paper/version/list", json!({"paperId": vars["paperId"]})).await.1;
                json!({"latest": latest, "versions": versions})
            }
            .boxed_local()
        },
        probes: vec![
            // Into a new paper of the caller's.
            Probe::new("POST /api/collection/basic/copy", r#"{"collectionId": "{{id}}"}"#),
            Probe::new(
                "POST /api/xeasy-srv-item/collection/updateCoordinate",
                r#"{"collectionId": "{{id}}", "coordinates": [{"questionIndex": 1, "page": 1, "x": 0.1, "y": 0.2, "width": 0.5, "height": 0.1}]}"#,
            ),
        ],
    }
}
