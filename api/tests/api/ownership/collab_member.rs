//! Co-edited documents' members (协作成员): a document (a handout, or a lesson's feedback report)
//! is co-edited by its owner and the members the owner adds, each an editor or a reader. Only
//! the owner lists, adds, changes or removes members (`records::document_owner`): another
//! school's teacher is refused, cannot see who the members are, cannot make themselves one and
//! cannot put one out. The document is named by `docType` and `id`.

use futures_util::FutureExt;
use serde_json::json;

use super::{Kind, Probe, Stranger, Vars, STRANGER};
use crate::helpers::*;

pub fn kind() -> Kind {
    Kind {
        name: "collab member",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        // `id` names some seventy other records (see the drive item kind): the member routes are
        // listed here by their probes.
        fields: &[],
        not_probed: vec![],
        // A handout the owner assembles from the atlas (its document, `handout/{id}`, is made
        // with it and is the owner's), with a colleague of the owner's school as a reader
        // (`memberEmail`), so that there is a member to list, to make an editor and to remove.
        // `strangerEmail` is the other school's teacher, whom one save probe tries to add.
        create: |_app, owner| {
            async move {
                let package = json!({"paperList": [{"atlasId": 111}], "subject": 54, "stage": 4, "paperType": 5, "treeId": 1});
                let id = owner.post_data("/api/paper/package", package).await["paperId"].clone();
                assert!(id.is_i64(), "a handout id: {id}");
                owner.post_data("/api/collab/member/save", json!({"docType": "handout", "id": id, "email": TEACHER2, "canEdit": false})).await;
                Vars::from([("id".to_owned(), id), ("memberEmail".to_owned(), json!(TEACHER2)), ("strangerEmail".to_owned(), json!(STRANGER))])
            }
            .boxed_local()
        },
        // The members as the owner lists them (e-mail, name, editor or reader).
        read: |owner, vars| {
            async move {
                let members = owner.get(&format!("/api/collab/members?docType=handout&id={}", vars["id"])).await.1;
                json!({"members": members})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("GET /api/collab/members?docType=handout&id={{id}}", ""),
            // The reader made an editor.
            Probe::new("POST /api/collab/member/save", r#"{"docType": "handout", "id": "{{id}}", "email": "{{memberEmail}}", "canEdit": true}"#),
            // The stranger tries to make themselves an editor; the owner may add them.
            Probe::new("POST /api/collab/member/save", r#"{"docType": "handout", "id": "{{id}}", "email": "{{strangerEmail}}", "canEdit": true}"#),
            Probe::new("POST /api/collab/member/remove", r#"{"docType": "handout", "id": "{{id}}", "email": "{{memberEmail}}"}"#),
        ],
    }
}
