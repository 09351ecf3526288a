//! Uploads (a file's bytes in the file store, not yet anything of the drive): their uploader's
//! alone, whatever is made of them — a drive file, a resource, a knowledge-base item, an exam
//! group read from a workbook, an AI paper task. Anyone else finds none (`records::own_upload`).

use std::sync::atomic::{AtomicUsize, Ordering};

use futures_util::FutureExt;
use serde_json::json;

use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

/// Group names are unique per owner: each fixture gets its own.
static NEXT: AtomicUsize = AtomicUsize::new(1);

pub fn kind() -> Kind {
    Kind {
        name: "upload",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["fileId"],
        not_probed: vec![
            ("PUT /api/files/upload/{fileId}", "the signed URL is the grant, not the session (Access::Token): whoever holds it may PUT"),
            ("POST /api/files/slices/{fileId}/complete", "the upload token is the grant, not the session (Access::Token)"),
            ("PUT /api/files/slices/{fileId}/{index}", "the upload token is the grant, not the session (Access::Token)"),
            ("POST /api/media/downloadUrl", "fileId names a drive item (a number), not an upload: the drive item kind probes it"),
            (
                "POST /api/admin/account/import",
                "administrators only (Access::Admin): a teacher, owner or stranger, is refused by the route's guard before the upload is looked at",
            ),
        ],
        // Three finished uploads of the owner's, none made anything yet: an image sent in one
        // request (`id`: media, resources, drive files, AI paper tasks take it), a PDF (`pdfId`:
        // a knowledge-base document) and a workbook of one demo student of the owner's school
        // (`xlsxId`: an exam group's import), both through a signed URL.
        create: |app, owner| {
            async move {
                let (status, upload) = owner.post_raw("/api/cos/upload?fileName=matrix.png", "application/octet-stream", vec![7u8; 1000]).await;
                assert_eq!(status, 200, "the image's upload: {upload}");
                let id = upload["data"]["fileId"].clone();
                assert!(id.is_string(), "an upload id: {upload}");
                let pdf = finished_upload(app, owner, "矩阵.pdf", vec![5u8; 64]).await;
                let (code, name): (String, String) = sqlx::query_as("SELECT code, name FROM students WHERE school_id = $1 ORDER BY id LIMIT 1")
                    .bind(1001i64)
                    .fetch_one(app.state.db.pool())
                    .await
                    .unwrap();
                let workbook = xlsx(&[vec!["学号", "姓名"], vec![code.as_str(), name.as_str()]]);
                let sheet = finished_upload(app, owner, "矩阵名单.xlsx", workbook).await;
                let n = NEXT.fetch_add(1, Ordering::Relaxed);
                Vars::from([("id".to_owned(), id), ("pdfId".to_owned(), pdf), ("xlsxId".to_owned(), sheet), ("n".to_owned(), json!(n))])
            }
            .boxed_local()
        },
        // No call reads an upload by id: what the owner has made of uploads (resources, the root
        // of their drive, its storage, AI paper tasks, exam groups). A stranger's success would
        // land in the stranger's own space; the answer's code is the real check.
        read: |owner, _vars| {
            async move {
                let resources = owner.post_data("/api/resource/list", json!({"pageNo": 1, "pageSize": 20})).await;
                let root = owner.post_data("/api/document/list/v2/0", json!({})).await;
                let drive = owner.post_data("/api/document/allDocuments", json!({})).await;
                let tasks = owner.post_data("/api/ai/paper/task/search", json!({})).await;
                let groups = owner.post_data("/api/exam/group/list", json!({})).await;
                json!({
                    "resources": resources["total"],
                    "root": root["total"],
                    "quota": drive["quota"],
                    "aiTasks": tasks["total"],
                    "groups": groups.as_array().map(Vec::len),
                })
            }
            .boxed_local()
        },
        probes: vec![
            // Into the caller's own drive, resources and knowledge base.
            Probe::new("POST /api/document/create", r#"{"parentId": 0, "fileId": "{{id}}"}"#),
            Probe::new("POST /api/resource/save", r#"{"fileId": "{{id}}"}"#),
            Probe::new("POST /api/roombox/media/uploadComplete", r#"{"fileId": "{{id}}"}"#),
            Probe::new("POST /api/media/create", r#"{"fileId": "{{id}}", "name": "矩阵图片.png"}"#),
            Probe::new("POST /api/doc/create", r#"{"fileId": "{{pdfId}}"}"#),
            // The upload as `docKey`, with its size.
            Probe::new("POST /api/resource/saveDocToResource", r#"{"docKey": "{{id}}", "fileName": "矩阵.png", "fileSize": 1000}"#),
            // Read into a new exam group of the caller's (the teacher-group whitelist, granted).
            Probe::new("POST /api/exam/group/import", r#"{"fileId": "{{xlsxId}}", "groupName": "矩阵导入组{{n}}"}"#),
            // The paper of a new AI paper task.
            Probe::new("POST /api/ai/paper/task/addOrUpdate", r#"{"title": "矩阵试卷", "subject": 54, "stage": 4, "fileId": "{{id}}", "knowledgeIds": [112]}"#),
        ],
    }
}
