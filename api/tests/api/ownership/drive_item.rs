//! Drive items (the cloud drive's folders and files; a file is also the resource, the media,
//! the teaching resource other routes name): an item of a personal space is its owner's, read
//! by whoever it is shared with while the share stands (`access::document`). Another school's
//! teacher, sharing nothing of the owner's, finds none of it. The fixture is kept out of the
//! folder the drive team kind shares with the stranger.

use futures_util::FutureExt;
use serde_json::json;

use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

pub fn kind() -> Kind {
    Kind {
        name: "drive item",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        // `id` names some seventy other records too (notices, visits, checks, …): the drive's
        // item routes that take it are probed one by one below.
        fields: &["ids", "targetId", "parentId"],
        not_probed: vec![
            ("POST /api/teachingAuxiliary/updateSeriesSort", "ids names teaching-aid series (an editor puts them in order), not drive items"),
            ("POST /api/workTask/qc/check", "ids names work tasks (an inspector checks them), not drive items"),
            ("POST /api/fastComment/batchDel", "ids names an inspector's quick comments, not drive items"),
            ("POST /api/qcGroupConfig/batchDel", "ids names QC teams, not drive items"),
            ("POST /api/tfGroup/batchDelGroup", "ids names project teams, not drive items"),
            ("POST /api/teachingMaterial/chapter/save", "parentId names a textbook's chapter, not a drive folder"),
            ("POST /api/atlas/node/add", "parentId names a knowledge node of the tree treeId names: the knowledge node kind probes it"),
            ("POST /api/atlas/node/move", "parentId names a knowledge node: the knowledge node kind probes it (nodeId)"),
            (
                "POST /api/team/queryAllFolder",
                "parentId is ignored: the call lists every folder of the caller's own space (or of a team, teamId: the drive team kind probes it)",
            ),
        ],
        // In the owner's personal space: a folder (`id`) holding an image (`file`), shared with
        // a colleague of the owner's school (`shareId`) and by a link (`code`); and a folder put
        // in the recycle bin (`bin`).
        create: |app, owner| {
            async move {
                let folder = owner.post_data("/api/document/create", json!({"parentId": 0, "name": "矩阵资料夹"})).await["id"].clone();
                assert!(folder.is_i64(), "a folder id: {folder}");
                let upload = finished_upload(app, owner, "矩阵图.png", vec![5u8; 64]).await;
                let file = owner.post_data("/api/document/create", json!({"parentId": folder, "fileId": upload})).await["id"].clone();
                assert!(file.is_i64(), "a file id: {file}");
                let bin = owner.post_data("/api/document/create", json!({"parentId": 0, "name": "矩阵回收"})).await["id"].clone();
                owner.post_data(&format!("/api/document/moveRecycle/{bin}"), json!({})).await;
                let shared = owner.post_data("/api/document/teamShareToPerson", json!({"id": file, "emails": [TEACHER2]})).await;
                let share_id = shared["shares"][0]["shareId"].clone();
                assert!(share_id.is_i64(), "a share id: {shared}");
                let link = owner.post_data("/api/document/planShare", json!({"ids": [file], "expireDays": 3})).await;
                let code = link["code"].clone();
                assert!(code.is_string(), "a share link: {link}");
                Vars::from([
                    ("id".to_owned(), folder),
                    ("file".to_owned(), file),
                    ("bin".to_owned(), bin),
                    ("shareId".to_owned(), share_id),
                    ("code".to_owned(), code),
                ])
            }
            .boxed_local()
        },
        // The folder's items, how many items the root and the recycle bin hold, the owner's shares
        // and storage, the share link, the file as a teaching resource (its audit), its error
        // reports, and where the owner stopped in it (not the play link: its token and expiry are
        // new on every call).
        read: |owner, vars| {
            async move {
                let file = &vars["file"];
                let folder = owner.post(&format!("/api/document/list/v2/{}", vars["id"]), json!({})).await.1;
                let root = owner.post("/api/document/list/v2/0", json!({})).await.1;
                let bin = owner.post("/api/document/list/v2/-99999", json!({})).await.1;
                let sent = owner.post("/api/document/list/v2/-998", json!({})).await.1;
                let drive = owner.post("/api/document/allDocuments", json!({})).await.1;
                let link = owner.post("/api/document/planShareInfo", json!({"code": vars["code"]})).await.1;
                let resource = owner.get(&format!("/api/teachingResource/queryResourceInfo?resourceId={file}")).await.1;
                let reports = owner.post("/api/feedback/queryCommonData", json!({"targetType": 3, "targetId": file})).await.1;
                let play = owner.post("/api/roombox/media/getPlayUrl", json!({"id": file})).await.1;
                json!({
                    "folder": folder["data"]["records"],
                    "root": root["data"]["total"],
                    "bin": bin["data"]["records"],
                    "sent": sent["data"]["total"],
                    "quota": drive["data"]["quota"],
                    "link": link,
                    "resource": resource,
                    "reports": reports,
                    "play": [play["code"], play["data"]["lastPosition"], play["data"]["duration"]],
                })
            }
            .boxed_local()
        },
        probes: vec![
            // The folder: listed, written into, its subfolders.
            Probe::new("POST /api/document/list/v2/{{id}}", "{}"),
            Probe::new("POST /api/document/create", r#"{"parentId": "{{id}}", "name": "矩阵子文件夹"}"#),
            Probe::new("POST /api/document/linkImport", r#"{"parentId": "{{id}}", "name": "矩阵链接", "url": "https://example.org/matrix"}"#),
            Probe::new("POST /api/team/queryLevelAllFolder", r#"{"parentId": "{{id}}"}"#),
            // The file: renamed, moved, copied, binned.
            Probe::new("POST /api/document/rename", r#"{"id": "{{file}}", "name": "矩阵改名"}"#),
            Probe::new("POST /api/document/move", r#"{"id": "{{file}}", "targetId": 0}"#),
            Probe::new("POST /api/batch/move", r#"{"ids": ["{{file}}"], "targetId": 0}"#),
            Probe::new("POST /api/batch/copy", r#"{"ids": ["{{file}}"], "targetId": 0}"#),
            Probe::new("POST /api/document/moveRecycle/{{file}}", "{}"),
            Probe::new("POST /api/batch/moveRecycle", r#"{"ids": ["{{file}}"]}"#),
            // The recycle bin's entry: restored, purged.
            Probe::new("POST /api/document/restore", r#"{"ids": ["{{bin}}"]}"#),
            Probe::new("POST /api/document/delete", r#"{"id": "{{bin}}"}"#),
            Probe::new("POST /api/document/batchDelete", r#"{"ids": ["{{bin}}"]}"#),
            Probe::new("POST /api/batch/delete", r#"{"ids": ["{{bin}}"]}"#),
            // The file opened, shared, its shares revoked.
            Probe::new("POST /api/document/preview", r#"{"id": "{{file}}"}"#),
            Probe::new("POST /api/document/teamShareToPerson", r#"{"id": "{{file}}", "emails": ["consultant@demo.eduhub"]}"#),
            Probe::new("POST /api/document/batchTeamShareToPerson", r#"{"ids": ["{{file}}"], "emails": ["consultant@demo.eduhub"]}"#),
            Probe::new("POST /api/document/planShare", r#"{"ids": ["{{file}}"], "expireDays": 3}"#),
            Probe::new("POST /api/document/share/revoke", r#"{"shareId": "{{shareId}}"}"#),
            Probe::new("POST /api/document/planShare/revoke", r#"{"code": "{{code}}"}"#),
            // The file as a resource (`id`), a media file (`id`, `fileId`, `mediaId`), a teaching
            // resource (`resourceId`).
            Probe::new("POST /api/resource/getDownloadUrl", r#"{"id": "{{file}}"}"#),
            Probe::new("POST /api/roombox/media/getDownloadUrl", r#"{"id": "{{file}}"}"#),
            Probe::new("POST /api/roombox/media/getPlayToken", r#"{"id": "{{file}}"}"#),
            Probe::new("POST /api/roombox/media/getPlayUrl", r#"{"id": "{{file}}"}"#),
            Probe::new("POST /api/media/downloadUrl", r#"{"fileId": "{{file}}"}"#),
            Probe::new("POST /api/media/play-record", r#"{"mediaId": "{{file}}", "position": 1.5, "duration": 10}"#),
            Probe::new("POST /api/download/teachingResource/submit", r#"{"resourceId": "{{file}}"}"#),
            Probe::new("GET /api/teachingResource/queryResourceInfo?resourceId={{file}}", ""),
            // Offered to the library by its owner (from "not offered").
            Probe::new("POST /api/teachingResource/updateAuditStatus", r#"{"resourceId": "{{file}}", "auditStatus": 1}"#),
            // Error reports on the file (target type 3); its owner reads their summary.
            Probe::new("POST /api/feedback/submit", r#"{"targetType": 3, "targetId": "{{file}}", "tags": ["file"], "content": "矩阵反馈"}"#),
            Probe::new("POST /api/feedback/queryCommonData", r#"{"targetType": 3, "targetId": "{{file}}"}"#),
            Probe::new("GET /api/feedback/more/ai/summary?targetType=3&targetId={{file}}", ""),
        ],
    }
}
