//! Download jobs: the files of the download centre (Excel exports of report queries, papers as
//! Word documents, drive resources). Every status change is pushed to the owner's sessions as
//! `magic_001`, which replaces the spec's 3 s poll of `downloadCheck`.

use std::path::{Path, PathBuf};

use async_trait::async_trait;
use protocol::constants::limits::EXPORT_ROW_LIMIT;
use protocol::push::{DownloadStatus, PushMessage};
use serde_json::Value;
use storage::downloads::{self, TaskRow};
use storage::jobs::{Job, Outcome};
use storage::objects::Objects;
use storage::push_log::NewPush;
use storage::reports::{Cell, Export};

use super::{JobRunner, Progress};
use crate::{render, Hub};

/// The business types that produce Excel exports.
pub const BUSINESS_EXCEL_EXPORT: &str = "excelExport";
/// A paper rendered as a Word document (business id: the paper id).
pub const BUSINESS_PAPER: &str = "paper";
/// A teaching outline rendered as a Word document (business id: the outline id).
pub const BUSINESS_OUTLINE: &str = "outline";
/// A drive resource's file (business id: the resource id).
pub const BUSINESS_RESOURCE: &str = "teachingResource";

pub struct DownloadRunner {
    hub: Hub,
    objects: Objects,
    /// Local scratch space for files being generated.
    scratch: PathBuf,
    /// Held from reading a task to pushing it, so that this process pushes a task's states in
    /// the order it read them (a worker's claim can fall between a handler's read and its push).
    telling: tokio::sync::Mutex<()>,
}

#[async_trait]
impl JobRunner for DownloadRunner {
    async fn run(&self, job: &Job, progress: &Progress) -> Outcome {
        let task = match downloads::by_id(self.hub.db(), job.subject_id).await {
            Ok(Some(task)) => task,
            Ok(None) => return Outcome::Failed("下载任务不存在".into()),
            Err(e) => return Outcome::Failed(e.to_string()),
        };
        let key = object_key(task.user_id, task.id, job.attempt);
        match self.produce(&task, &key, progress).await {
            Ok(size) => Outcome::File { key, size },
            Err(reason) => Outcome::Failed(reason),
        }
    }

    async fn abandon(&self, job: &Job, _outcome: Option<&Outcome>) {
        // The attempt's files are named by the attempt: the one that took over keeps its own.
        let prefix = format!("{}-{}.", job.subject_id, job.attempt);
        if let Ok(mut dir) = tokio::fs::read_dir(&self.scratch).await {
            while let Ok(Some(entry)) = dir.next_entry().await {
                if entry.file_name().to_string_lossy().starts_with(&prefix) {
                    let _ = tokio::fs::remove_file(entry.path()).await;
                }
            }
        }
        if let Err(e) = self.objects.delete(&object_key(job.user_id, job.subject_id, job.attempt)).await {
            tracing::warn!(error = %e, task = job.subject_id, "removing a dropped download's file failed");
        }
    }

    async fn notify(&self, user_id: i64, task_id: i64) {
        self.notify_status(user_id, task_id).await;
    }

    async fn progress(&self, job: &Job, percent: u8) {
        let _telling = self.telling.lock().await;
        let Ok((queue_count, done_count)) = downloads::counts(self.hub.db(), job.user_id).await else { return };
        let value = DownloadStatus { progress: Some(percent), queue_count, done_count, ..Default::default() };
        self.push(job.user_id, PushMessage::download_status(job.subject_id, Some(downloads::GENERATING as i32), &value)).await;
    }
}

impl DownloadRunner {
    pub fn new(hub: Hub, objects: Objects, scratch: PathBuf) -> storage::Result<DownloadRunner> {
        std::fs::create_dir_all(&scratch).map_err(|e| storage::StorageError::Bus(format!("creating {}: {e}", scratch.display())))?;
        Ok(DownloadRunner { hub, objects, scratch, telling: Default::default() })
    }

    /// Pushes the task's status with the owner's queue figures (`magic_001`).
    pub async fn notify_status(&self, user_id: i64, task_id: i64) {
        let _telling = self.telling.lock().await;
        let db = self.hub.db();
        let (Ok(Some(task)), Ok((queue_count, done_count))) = (downloads::by_id(db, task_id).await, downloads::counts(db, user_id).await) else {
            // A deleted task has nothing left to report but the counts.
            if let Ok((queue_count, done_count)) = downloads::counts(db, user_id).await {
                let value = DownloadStatus { queue_count, done_count, ..Default::default() };
                self.push(user_id, PushMessage::download_status(task_id, None, &value)).await;
            }
            return;
        };
        let value = DownloadStatus {
            file_name: Some(task.file_name),
            file_size: Some(task.file_size),
            file_path_version: Some(task.updated_at),
            error: Some(task.error),
            progress: None,
            queue_count,
            done_count,
        };
        self.push(user_id, PushMessage::download_status(task_id, Some(task.status as i32), &value)).await;
    }

    async fn push(&self, user_id: i64, message: PushMessage) {
        if let Err(e) = self.hub.push(vec![NewPush::to(user_id, message)]).await {
            tracing::error!(error = %e, "pushing a download status failed");
        }
    }

    fn scratch_path(&self, task: &TaskRow) -> PathBuf {
        self.scratch.join(format!("{}-{}.{}", task.id, task.attempts, task.ext))
    }

    /// Makes the task's file in the file store under `key`; answers its size, or why it failed.
    async fn produce(&self, task: &TaskRow, key: &str, progress: &Progress) -> Result<i64, String> {
        if task.business_type == BUSINESS_RESOURCE {
            self.copy_resource(task, key).await?;
        } else {
            // Generators write a local scratch file, which is then streamed into the store.
            let scratch = self.scratch_path(task);
            let written = match task.business_type.as_str() {
                BUSINESS_EXCEL_EXPORT => self.export_excel(task, &scratch, progress).await,
                BUSINESS_PAPER => self.render_paper(task, &scratch).await,
                BUSINESS_OUTLINE => self.render_outline(task, &scratch).await,
                other => Err(format!("不支持的下载类型：{other}")),
            };
            let stored = match written {
                Ok(()) => self.objects.put_file(key, &scratch).await.map_err(|e| e.to_string()),
                Err(reason) => Err(reason),
            };
            let _ = tokio::fs::remove_file(&scratch).await;
            stored?;
        }
        let size = self.objects.size(key).await.map_err(|e| e.to_string())?;
        Ok(size as i64)
    }

    /// The paper as it is now, as a Word document or a PDF by the task's extension (the owner
    /// must still be able to read it).
    async fn render_paper(&self, task: &TaskRow, target: &Path) -> Result<(), String> {
        let paper_id: i64 = task.business_id.parse().map_err(|_| "讲义编号无效")?;
        let content = render::paper_content(&self.hub, paper_id, task.user_id).await?;
        write_document(content, &task.ext, target).await
    }

    /// The outline as it is now, as a Word document (its access was checked when it was queued).
    async fn render_outline(&self, task: &TaskRow, target: &Path) -> Result<(), String> {
        let outline_id: i64 = task.business_id.parse().map_err(|_| "大纲编号无效")?;
        let content = render::outline_content(&self.hub, outline_id).await?.ok_or("教学大纲已不存在")?;
        write_document(content, &task.ext, target).await
    }

    /// The resource's file, copied within the file store (the user must still be able to read it
    /// by the drive's rules: a share revoked or a team left meanwhile stops it).
    async fn copy_resource(&self, task: &TaskRow, key: &str) -> Result<(), String> {
        let id: i64 = task.business_id.parse().map_err(|_| "资源编号无效")?;
        let db = self.hub.db();
        let item = storage::document::item(db, id).await.map_err(|e| e.to_string())?.filter(|i| i.is_live()).ok_or("资源不存在")?;
        if storage::document::item_right(db, task.user_id, &item).await.map_err(|e| e.to_string())?.is_none() {
            return Err("资源不存在".into());
        }
        self.objects.copy(&item.object_key, key).await.map_err(|e| e.to_string())
    }

    async fn export_excel(&self, task: &TaskRow, target: &Path, progress: &Progress) -> Result<(), String> {
        let params: Value = serde_json::from_str(&task.params).unwrap_or(Value::Null);
        // Checked when the task was submitted; checked again as stored data. Data-centre
        // reports carry the scope and the day the access layer decided at submission.
        let scope = serde_json::from_value(params["scope"].clone()).ok();
        let today = params["today"].as_str().and_then(storage::datacentre::calendar::parse_day).unwrap_or_else(storage::datacentre::calendar::today);
        // Tasks queued before `now` was stored read the records as of their start.
        let now = params["now"].as_i64().unwrap_or_else(storage::now_ms);
        let query = Export::prepare(params["excelType"].as_str().unwrap_or_default(), &params["reqParams"], scope, today, now)?;
        let db = self.hub.db().clone();
        let total = query.count(&db, task.user_id).await.map_err(|e| e.to_string())?;
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
        let mut read = 0;
        let page_rows = query.page_rows();
        loop {
            let page = query.page(&db, task.user_id, after, page_rows).await.map_err(|e| e.to_string())?;
            let Some((last, _)) = page.last() else { break };
            after = *last;
            let full = page.len() as i64 == page_rows;
            read += page.len() as u64;
            progress.report(read, total.max(1) as u64).await;
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

/// Where an attempt's file is kept: one key per attempt, so that a worker that lost its claim can
/// remove what it made without touching the file of the attempt that took over.
fn object_key(user_id: i64, task_id: i64, attempt: i64) -> String {
    format!("downloads/{user_id}/{task_id}-{attempt}")
}

/// The spec's warning for an export over the row limit (01 §5).
pub const EXPORT_OVER_LIMIT: &str = "导出数据超过10万条，请调整筛选条件后重新导出";

/// Writes rendered content as `ext` (`pdf`, else Word) on a blocking thread.
async fn write_document(content: render::PaperContent, ext: &str, target: &Path) -> Result<(), String> {
    let target = target.to_path_buf();
    let pdf = ext == "pdf";
    tokio::task::spawn_blocking(move || if pdf { render::pdf::write_pdf(&content, &target) } else { render::write_docx(&content, &target) })
        .await
        .map_err(|e| e.to_string())??;
    Ok(())
}
