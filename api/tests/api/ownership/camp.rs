//! Learning camps: only their owner builds them, publishes them and reads their figures.

use futures_util::FutureExt;
use serde_json::{json, Value};

use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

/// One finished upload of the owner (a few bytes under `file_name`): its file id.
async fn upload(app: &TestApp, owner: &Client, file_name: &str) -> Value {
    let upload = owner.post_data("/api/resource/getUploadUrl", json!({"fileName": file_name})).await;
    let res = reqwest::Client::new().put(app.url(upload["uploadUrl"].as_str().unwrap())).body(vec![7u8; 64]).send().await.unwrap();
    assert!(res.status().is_success(), "the upload of {file_name}");
    upload["fileId"].clone()
}

pub fn kind() -> Kind {
    Kind {
        name: "camp",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["campId"],
        not_probed: vec![],
        // A camp as a class follows it: phase one (a question set, flash cards) and phase two (a
        // document, a recording), published, joined by a demo student of the school who answered
        // the questions and finished the cards, then edited (a rule set again), so that the
        // statistics, the member's figures, publishing the edits and revoking them all serve the
        // owner.
        create: |app, owner| {
            async move {
                let camp = owner.post_data("/api/camp/create", json!({"campName": "矩阵营", "description": "归属矩阵"})).await;
                let id = camp["campId"].clone();
                let one = owner.post_data("/api/camp/add-phase", json!({"campId": id, "phaseName": "阶段一"})).await["phaseId"].clone();
                let two = owner.post_data("/api/camp/add-phase", json!({"campId": id, "phaseName": "阶段二"})).await["phaseId"].clone();
                let added = owner
                    .post_data(
                        "/api/camp/add-phase-task",
                        json!({"campId": id, "phaseId": one, "taskList": [
                            {"taskName": "小测", "taskType": 3, "questions": [
                                {"stem": "1+1=", "options": ["1", "2"], "answer": 1},
                                {"stem": "2×3=", "options": ["6", "5"], "answer": 0},
                            ]},
                            {"taskName": "闪卡", "taskType": 4, "cards": [{"front": "分子", "back": "横线上面的数"}]},
                        ]}),
                    )
                    .await;
                let (quiz, cards) = (added[0]["taskId"].clone(), added[1]["taskId"].clone());
                let (doc_file, media_file) = (upload(app, owner, "讲义.pdf").await, upload(app, owner, "录音.mp3").await);
                let files = owner
                    .post_data(
                        "/api/camp/add-phase-task",
                        json!({"campId": id, "phaseId": two, "taskList": [
                            {"bizId": doc_file, "taskName": "讲义", "ext": "pdf", "taskType": 2},
                            {"bizId": media_file, "taskName": "录音", "ext": "mp3", "taskType": 2},
                        ]}),
                    )
                    .await;
                assert_eq!((files[0]["taskType"].as_i64(), files[1]["taskType"].as_i64()), (Some(1), Some(2)), "a document and a recording");
                let (doc, media) = (files[0]["taskId"].clone(), files[1]["taskId"].clone());
                owner.post_data("/api/camp/publish", json!({"campId": id})).await;

                // A demo student of the owner's school joins through the general code and works.
                let (code, name): (String, String) = sqlx::query_as("SELECT code, name FROM students WHERE school_id = $1 ORDER BY id LIMIT 1")
                    .bind(1001i64)
                    .fetch_one(app.state.db.pool())
                    .await
                    .unwrap();
                let link = owner.data(&format!("/api/camp/publish/qrCode/getQrCode?campId={id}&dpId=0")).await;
                let token = link["url"].as_str().unwrap().split("token=").nth(1).unwrap().to_owned();
                let student = app.client();
                let joined = student.post_data("/api/camp/student/join", json!({"token": token, "studentCode": code, "studentName": name})).await;
                let member_token = joined["memberToken"].clone();
                student.post_data("/api/camp/student/task/answer", json!({"memberToken": member_token, "taskId": quiz, "answers": [1, 1]})).await;
                student.post_data("/api/camp/student/task/done", json!({"memberToken": member_token, "taskId": cards})).await;

                // An edit in progress (published → editing).
                let info = owner.post_data("/api/camp/rule", json!({"campId": id, "publishRule": 1})).await;
                assert_eq!(info["status"], 2, "the camp is being edited");
                Vars::from([
                    ("id".to_owned(), id),
                    ("phaseId".to_owned(), one),
                    ("phase2Id".to_owned(), two),
                    ("taskId".to_owned(), quiz),
                    ("cardsId".to_owned(), cards),
                    ("docId".to_owned(), doc),
                    ("mediaId".to_owned(), media),
                    ("memberId".to_owned(), joined["memberId"].clone()),
                ])
            }
            .boxed_local()
        },
        // The camp's settings, state and counts, and its working copy.
        read: |owner, vars| {
            async move {
                let camp = json!({"campId": vars["id"]});
                json!({"info": owner.post_data("/api/camp/info", camp.clone()).await, "phases": owner.post_data("/api/camp/phase", camp).await})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("POST /api/camp/info", r#"{"campId": "{{id}}"}"#),
            Probe::new("POST /api/camp/phase", r#"{"campId": "{{id}}"}"#),
            Probe::new("POST /api/camp/rename", r#"{"campId": "{{id}}", "campName": "改名营", "description": "新简介"}"#),
            Probe::new("POST /api/camp/add-phase", r#"{"campId": "{{id}}", "phaseName": "阶段三"}"#),
            Probe::new(
                "POST /api/camp/add-phase-task",
                r#"{"campId": "{{id}}", "phaseId": "{{phaseId}}", "taskList": [{"taskName": "新闪卡", "taskType": 4, "cards": [{"front": "分母", "back": "横线下面的数"}]}]}"#,
            ),
            Probe::new("POST /api/camp/delete-phase", r#"{"campId": "{{id}}", "phaseId": "{{phase2Id}}"}"#),
            Probe::new("POST /api/camp/delete-phase-task", r#"{"campId": "{{id}}", "taskId": "{{cardsId}}"}"#),
            Probe::new("POST /api/camp/update-phase-name", r#"{"campId": "{{id}}", "phaseId": "{{phaseId}}", "phaseName": "阶段一（新）"}"#),
            Probe::new("POST /api/camp/update-phase-seqno", r#"{"campId": "{{id}}", "phaseIds": ["{{phase2Id}}", "{{phaseId}}"]}"#),
            Probe::new("POST /api/camp/update-phase-task-name", r#"{"campId": "{{id}}", "taskId": "{{taskId}}", "taskName": "小测（新）"}"#),
            Probe::new("POST /api/camp/update-phase-task-seqno", r#"{"campId": "{{id}}", "phaseId": "{{phaseId}}", "taskIds": ["{{cardsId}}", "{{taskId}}"]}"#),
            Probe::new("POST /api/camp/rule", r#"{"campId": "{{id}}", "publishRule": 2}"#),
            Probe::new("POST /api/camp/staging-rule", r#"{"campId": "{{id}}"}"#),
            Probe::new("POST /api/camp/task/doc-info", r#"{"campId": "{{id}}", "taskId": "{{docId}}"}"#),
            Probe::new("POST /api/camp/task/media-info", r#"{"campId": "{{id}}", "taskId": "{{mediaId}}"}"#),
            // A question of permission: a stranger is told no, the same as for a task that does
            // not exist (nothing about the camp is revealed).
            Probe::new("POST /api/camp/task/permission/preview", r#"{"campId": "{{id}}", "taskId": "{{docId}}"}"#).stranger_told_no("/data/allowed"),
            // The fixture is being edited: publishing the edits, or dropping them.
            Probe::new("POST /api/camp/publish", r#"{"campId": "{{id}}"}"#),
            Probe::new("POST /api/camp/edit-revoke", r#"{"campId": "{{id}}"}"#),
            // A student joined (the member statistics need one): the publication cannot be
            // withdrawn any more, after the camp was found the owner's.
            Probe::new("POST /api/camp/revoke", r#"{"campId": "{{id}}"}"#).owner_meets("A0409"),
            Probe::new("POST /api/camp/pause", r#"{"campId": "{{id}}", "reason": "期中考试周"}"#),
            // The fixture is live, not paused (a paused one could not be published or paused):
            // nothing to resume, after the camp was found the owner's.
            Probe::new("POST /api/camp/resume", r#"{"campId": "{{id}}"}"#).owner_meets("A0409"),
            Probe::new("POST /api/camp/shutdown", r#"{"campId": "{{id}}", "reason": "结营"}"#),
            Probe::new("GET /api/camp/publish/qrCode/getDpList?campId={{id}}", ""),
            Probe::new("GET /api/camp/publish/qrCode/getQrCode?campId={{id}}&dpId=0", ""),
            Probe::new("POST /api/camp/statistics/overview", r#"{"campId": "{{id}}"}"#),
            Probe::new("POST /api/camp/statistics/phase/list", r#"{"campId": "{{id}}"}"#),
            Probe::new("POST /api/camp/statistics/class/list", r#"{"campId": "{{id}}"}"#),
            Probe::new("POST /api/camp/statistics/condition/student/list", r#"{"campId": "{{id}}", "classId": 0}"#),
            Probe::new("POST /api/camp/statistics/student/detail/head", r#"{"campId": "{{id}}", "memberId": "{{memberId}}"}"#),
            Probe::new("POST /api/camp/statistics/student/detail/list", r#"{"campId": "{{id}}", "memberId": "{{memberId}}"}"#),
            Probe::new("POST /api/camp/statistics/praise/poster", r#"{"campId": "{{id}}", "memberId": "{{memberId}}"}"#),
            Probe::new("POST /api/camp/statistics/task/student/detail/list", r#"{"campId": "{{id}}", "taskId": "{{taskId}}"}"#),
            Probe::new("POST /api/camp/statistics/task/student/summary", r#"{"campId": "{{id}}", "taskId": "{{taskId}}"}"#),
            // The camp's file tasks saved into the caller's drive: the camp is named by campId.
            Probe::new("POST /api/category/resource/save/knowledge/base", r#"{"campId": "{{id}}", "taskIds": ["{{docId}}"]}"#),
        ],
    }
}
