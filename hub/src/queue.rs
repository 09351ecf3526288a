//! The download queue's workers: a bounded pool fed from the durable `download_tasks` table.
//! Every status change is pushed to the owner's sessions as `magic_001`, which replaces the
//! spec's 3 s poll of `downloadCheck`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use protocol::constants::limits::EXPORT_ROW_LIMIT;
use protocol::push::{PushContent, TypeCode};
use serde_json::{json, Value};
use storage::downloads::{self, TaskRow};
use storage::now_ms;
use storage::objects::Objects;
use storage::push_log::NewPush;
use storage::reports::{Cell, ReportQuery};
use tokio::sync::Notify;

use crate::lease::JobLease;
use crate::{render, Hub};

/// Rows read from the database per page while writing an export.
const EXPORT_PAGE: i64 = 1000;
/// How often idle workers look for work queued by other processes.
const IDLE_POLL: Duration = Duration::from_secs(2);

/// The business types that produce Excel exports.
pub const BUSINESS_EXCEL_EXPORT: &str = "excelExport";
/// A paper rendered as a Word document (business id: the paper id).
pub const BUSINESS_PAPER: &str = "paper";
/// A drive resource's file (business id: the resource id).
pub const BUSINESS_RESOURCE: &str = "teachingResource";

#[derive(Clone)]
pub struct DownloadQueue {
    inner: Arc<QueueInner>,
}

struct QueueInner {
    hub: Hub,
    objects: Objects,
    /// Local scratch space for files being generated.
    scratch: PathBuf,
    wake: Notify,
    lease: JobLease,
}

impl DownloadQueue {
    /// Puts tasks dead processes left generating back in the queue (now and at every lease
    /// sweep), then starts `workers` workers, which generate files under `scratch` and keep them
    /// in the file store, each holding a `lease` on its task.
    pub async fn start(hub: Hub, objects: Objects, scratch: PathBuf, workers: usize, lease: JobLease) -> storage::Result<DownloadQueue> {
        std::fs::create_dir_all(&scratch).map_err(|e| storage::StorageError::Bus(format!("creating {}: {e}", scratch.display())))?;
        let queue = DownloadQueue { inner: Arc::new(QueueInner { hub, objects, scratch, wake: Notify::new(), lease }) };
        queue.recover().await?;
        for _ in 0..workers.max(1) {
            let q = queue.clone();
            tokio::spawn(async move { q.work().await });
        }
        let q = queue.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(lease.sweep()).await;
                if let Err(e) = q.recover().await {
                    tracing::error!(error = %e, "recovering interrupted download tasks failed");
                }
            }
        });
        Ok(queue)
    }

    async fn recover(&self) -> storage::Result<()> {
        let recovered = downloads::recover_interrupted(self.inner.hub.db()).await?;
        for (id, user_id, status) in &recovered {
            tracing::info!(task = id, status, "download task recovered after an interruption");
            self.notify_status(*user_id, *id).await;
        }
        if !recovered.is_empty() {
            self.inner.wake.notify_one();
        }
        Ok(())
    }

    /// Wakes a worker for newly queued work.
    pub fn wake(&self) {
        self.inner.wake.notify_one();
    }

    /// Pushes the task's status with the owner's queue figures (`magic_001`).
    pub async fn notify_status(&self, user_id: i64, task_id: i64) {
        let db = self.inner.hub.db();
        let (Ok(Some(task)), Ok((queue_count, done_count))) = (downloads::by_id(db, task_id).await, downloads::counts(db, user_id).await) else {
            // A deleted task has nothing left to report but the counts.
            if let Ok((queue_count, done_count)) = downloads::counts(db, user_id).await {
                self.push(user_id, task_id, None, json!({"queueCount": queue_count, "doneCount": done_count})).await;
            }
            return;
        };
        // Enough for a client to update the row in place, without reading the list again.
        let value = json!({
            "fileName": task.file_name,
            "fileSize": task.file_size,
            "filePathVersion": task.updated_at,
            "queueCount": queue_count,
            "doneCount": done_count,
            "error": task.error,
        });
        self.push(user_id, task_id, Some(task.status as i32), value).await;
    }

    async fn push(&self, user_id: i64, task_id: i64, status: Option<i32>, value: Value) {
        let content = PushContent { file_status: status, id: Some(task_id), value: Some(value), time: now_ms(), ..Default::default() };
        if let Err(e) = self.inner.hub.push(vec![NewPush { user_id, type_code: TypeCode::Magic001, content }]).await {
            tracing::error!(error = %e, "pushing a download status failed");
        }
    }

    async fn work(&self) {
        loop {
            match downloads::claim(self.inner.hub.db(), self.inner.lease.millis()).await {
                Ok(Some(task)) => self.run(task).await,
                Ok(None) => {
                    let _ = tokio::time::timeout(IDLE_POLL, self.inner.wake.notified()).await;
                }
                Err(e) => {
                    tracing::error!(error = %e, "claiming a download task failed");
                    tokio::time::sleep(IDLE_POLL).await;
                }
            }
        }
    }

    /// Makes the claimed task's file while renewing the claim's lease, and records the outcome;
    /// a claim lost meanwhile (lease run out and taken over, or the task deleted) records
    /// nothing and leaves no file behind.
    async fn run(&self, task: TaskRow) {
        self.notify_status(task.user_id, task.id).await;
        let db = self.inner.hub.db();
        let lease = self.inner.lease;
        let job = format!("download task {}", task.id);
        let renewing = lease.hold(&job, || downloads::renew_lease(db, task.id, task.attempts, lease.millis()));
        let key = object_key(&task);
        let recorded = tokio::select! {
            outcome = self.produce(&task, &key) => match outcome {
                Ok(size) => downloads::finish(db, task.id, task.attempts, &key, size).await,
                Err(reason) => {
                    tracing::warn!(task = task.id, %reason, "download generation failed");
                    downloads::fail(db, task.id, task.attempts, &reason).await
                }
            },
            () = renewing => Ok(false),
        };
        match recorded {
            Ok(true) => {}
            Ok(false) => {
                tracing::info!(task = task.id, attempt = task.attempts, "a download task's claim was lost; its work is dropped");
                let _ = tokio::fs::remove_file(self.scratch_path(&task)).await;
                if let Err(e) = self.inner.objects.delete(&key).await {
                    tracing::warn!(error = %e, task = task.id, "removing a dropped download's file failed");
                }
            }
            Err(e) => tracing::error!(error = %e, task = task.id, "recording a download result failed"),
        }
        self.notify_status(task.user_id, task.id).await;
    }

    fn scratch_path(&self, task: &TaskRow) -> PathBuf {
        self.inner.scratch.join(format!("{}-{}.{}", task.id, task.attempts, task.ext))
    }

    /// Makes the task's file in the file store under `key`; answers its size, or why it failed.
    async fn produce(&self, task: &TaskRow, key: &str) -> Result<i64, String> {
        if task.business_type == BUSINESS_RESOURCE {
            self.copy_resource(task, key).await?;
        } else {
            // Generators write a local scratch file, which is then streamed into the store.
            let scratch = self.scratch_path(task);
            let written = match task.business_type.as_str() {
                BUSINESS_EXCEL_EXPORT => self.export_excel(task, &scratch).await,
                BUSINESS_PAPER => self.render_paper(task, &scratch).await,
                other => Err(format!("不支持的下载类型：{other}")),
            };
            let stored = match written {
                Ok(()) => self.inner.objects.put_file(key, &scratch).await.map_err(|e| e.to_string()),
                Err(reason) => Err(reason),
            };
            let _ = tokio::fs::remove_file(&scratch).await;
            stored?;
        }
        let size = self.inner.objects.size(key).await.map_err(|e| e.to_string())?;
        Ok(size as i64)
    }

    /// The paper as it is now, as a Word document (the owner must still be able to read it).
    async fn render_paper(&self, task: &TaskRow, target: &Path) -> Result<(), String> {
        let paper_id: i64 = task.business_id.parse().map_err(|_| "讲义编号无效")?;
        let content = render::paper_content(&self.inner.hub, paper_id, task.user_id).await?;
        let target = target.to_path_buf();
        tokio::task::spawn_blocking(move || render::write_docx(&content, &target)).await.map_err(|e| e.to_string())??;
        Ok(())
    }

    /// The resource's file, copied within the file store (it must still be the owner's).
    async fn copy_resource(&self, task: &TaskRow, key: &str) -> Result<(), String> {
        let id: i64 = task.business_id.parse().map_err(|_| "资源编号无效")?;
        let resource =
            storage::uploads::resource(self.inner.hub.db(), id).await.map_err(|e| e.to_string())?.filter(|r| r.user_id == task.user_id).ok_or("资源不存在")?;
        self.inner.objects.copy(&resource.object_key, key).await.map_err(|e| e.to_string())
    }

    async fn export_excel(&self, task: &TaskRow, target: &Path) -> Result<(), String> {
        let params: Value = serde_json::from_str(&task.params).unwrap_or(Value::Null);
        let query = params["excelType"].as_str().and_then(ReportQuery::parse).ok_or("未知的导出类型")?;
        // Checked when the task was submitted; checked again as stored data.
        let req = query.parse_params(&params["reqParams"])?;
        let req = &req;
        let db = self.inner.hub.db().clone();
        let total = query.count(&db, task.user_id, req).await.map_err(|e| e.to_string())?;
        if total > EXPORT_ROW_LIMIT {
            return Err(EXPORT_OVER_LIMIT.into());
        }
        // The workbook is written on a blocking thread, fed page by page: rows stream through,
        // never all in memory (constant-memory mode flushes each row to disk).
        let (tx, mut rx) = tokio::sync::mpsc::channel::<Vec<Vec<Cell>>>(2);
        let headers = query.headers();
        let sheet_name = query.title();
        let target = target.to_path_buf();
        let writer = tokio::task::spawn_blocking(move || -> Result<(), String> {
            let mut workbook = rust_xlsxwriter::Workbook::new();
            let sheet = workbook.add_worksheet_with_constant_memory().map_err(|e| e.to_string())?;
            sheet.set_name(sheet_name).map_err(|e| e.to_string())?;
            for (col, header) in headers.iter().enumerate() {
                sheet.write_string(0, col as u16, *header).map_err(|e| e.to_string())?;
            }
            let mut row = 1u32;
            while let Some(page) = rx.blocking_recv() {
                for cells in page {
                    for (col, cell) in cells.into_iter().enumerate() {
                        match cell {
                            Cell::Text(s) => sheet.write_string(row, col as u16, s),
                            Cell::Number(n) => sheet.write_number(row, col as u16, n),
                        }
                        .map_err(|e| e.to_string())?;
                    }
                    row += 1;
                }
            }
            workbook.save(&target).map_err(|e| e.to_string())
        });
        let mut after = 0;
        loop {
            let page = query.page(&db, task.user_id, req, after, EXPORT_PAGE).await.map_err(|e| e.to_string())?;
            let Some((last, _)) = page.last() else { break };
            after = *last;
            let full = page.len() as i64 == EXPORT_PAGE;
            if tx.send(page.into_iter().map(|(_, cells)| cells).collect()).await.is_err() {
                break;
            }
            if !full {
                break;
            }
        }
        drop(tx);
        writer.await.map_err(|e| e.to_string())?
    }
}

/// Where a claim's file is kept: one key per attempt, so that a worker that lost its claim can
/// remove what it made without touching the file of the attempt that took over.
fn object_key(task: &TaskRow) -> String {
    format!("downloads/{}/{}-{}.{}", task.user_id, task.id, task.attempts, task.ext)
}

/// The spec's warning for an export over the row limit (01 §5).
pub const EXPORT_OVER_LIMIT: &str = "导出数据超过10万条，请调整筛选条件后重新导出";
