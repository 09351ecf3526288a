//! Download tasks (the download centre's files: Excel exports, papers as Word documents, drive
//! resources) are their user's alone: anyone else finds none (`records::own_download_task`), can
//! neither fetch its file, queue it again nor delete it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::FutureExt;
use serde_json::json;
use storage::jobs::JobKind;

use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

/// File names are the fixtures' handles in the owner's list (searched by keyword): each gets its
/// own.
static NEXT: AtomicUsize = AtomicUsize::new(1);

/// How long the job engine may take to fail a task.
const FAILED_WITHIN: Duration = Duration::from_secs(10);

pub fn kind() -> Kind {
    Kind {
        name: "download task",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        // `id` names some seventy other records (see the drive item kind): the download centre's
        // task routes are listed here by their probes.
        fields: &[],
        not_probed: vec![],
        // An export of the owner's that failed, as downloads.rs makes one: stored and queued with
        // an export type no generator knows (no call queues such a task: a bad type is refused
        // when submitted), then left to the job engine until it fails (status 5, final: the
        // engine does not try again by itself). A failed task is the one state every route
        // answers its owner in JSON and in which it does not change on its own: a ready task's
        // file is bytes, not an envelope, and only a failed task is queued again.
        create: |app, owner| {
            async move {
                let n = NEXT.fetch_add(1, Ordering::Relaxed);
                let file_name = format!("矩阵下载{n}.xlsx");
                let user = app.user_id(&owner.email).await;
                let task = storage::downloads::NewTask {
                    user_id: user,
                    file_name: &file_name,
                    file_type: 3,
                    ext: "xlsx",
                    business_type: "excelExport",
                    business_id: "",
                    business_name: "矩阵下载",
                    params: r#"{"excelType":"nope"}"#,
                };
                let id = storage::downloads::create(&app.state.db, &task, hub::jobs::MAX_WAITING_PER_USER).await.unwrap().expect("room in the owner's queue");
                app.state.jobs.submitted(JobKind::Download, user, id).await;
                let deadline = Instant::now() + FAILED_WITHIN;
                loop {
                    let status = storage::downloads::by_id(&app.state.db, id).await.unwrap().expect("the task").status;
                    if status == storage::downloads::RETRY {
                        break;
                    }
                    assert!(Instant::now() < deadline, "the task {id} failed within {FAILED_WITHIN:?}: status {status}");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                Vars::from([("id".to_owned(), json!(id)), ("fileName".to_owned(), json!(file_name))])
            }
            .boxed_local()
        },
        // The task as the owner's list shows it (status, error, size, the version of its file),
        // found by its file name.
        read: |owner, vars| {
            async move {
                let listed = owner.post_data("/api/download/downloadList", json!({"keyword": vars["fileName"]})).await;
                json!({"tasks": listed["records"], "total": listed["total"]})
            }
            .boxed_local()
        },
        probes: vec![
            // A failed task has no file yet: the owner is told so (in JSON), after the task was
            // found theirs. (A ready task's file would be the bytes, which the matrix cannot read
            // as an answer.)
            Probe::new("GET /api/download/file/{{id}}", "").owner_meets("A0409"),
            Probe::new("POST /api/download/reDownload", r#"{"id": "{{id}}"}"#),
            Probe::new("POST /api/download/deleteTask", r#"{"id": "{{id}}"}"#),
        ],
    }
}
