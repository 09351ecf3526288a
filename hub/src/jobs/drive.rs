//! The drive's jobs: a large copy (progress pushed as `magic_drive_job`), and the sweep that
//! purges bin items past their 30 days and uploads abandoned for a day. Also how a change of a
//! space is announced (`magic_drive_changed`, a signal to everyone who sees it).

use async_trait::async_trait;
use protocol::dto::document::DriveJob;
use protocol::push::{DriveChange, PushMessage};
use storage::document::job::{self, CopyRequest, DriveJobRow};
use storage::document::{self, share, CopyPlan, Right, Space, Target};
use storage::jobs::{Job, Outcome};
use storage::objects::Objects;
use storage::push_log::NewPush;

use super::{JobRunner, Progress};
use crate::Hub;

/// Tells everyone who sees the folders (of `space`; `path_ids` the folders and their
/// ancestors, for shares covering them) that their contents changed.
pub async fn announce(hub: &Hub, space: Space, folder_ids: Vec<i64>, path_ids: &[i64]) {
    let users = match document::watchers(hub.db(), space, path_ids).await {
        Ok(users) => users,
        Err(e) => {
            tracing::warn!(error = %e, "finding who sees a drive change failed");
            return;
        }
    };
    let message = PushMessage::drive_changed(&DriveChange { team_id: space.team_id(), folder_ids });
    hub.signal_users(users, &message).await;
}

/// A drive job as its user sees it.
pub fn wire(row: &DriveJobRow) -> DriveJob {
    DriveJob { job_id: row.id, status: row.status, percent: row.percent, total: row.total, error: (!row.error.is_empty()).then(|| row.error.clone()) }
}

pub struct CopyRunner {
    hub: Hub,
}

impl CopyRunner {
    pub fn new(hub: Hub) -> CopyRunner {
        CopyRunner { hub }
    }

    async fn copy(&self, row: &DriveJobRow, request: &CopyRequest, progress: &Progress) -> Result<i64, String> {
        let db = self.hub.db();
        let items = document::items(db, &request.ids).await.map_err(|e| e.to_string())?;
        let items: Vec<_> = items.into_iter().filter(|i| i.is_live()).collect();
        if items.is_empty() {
            return Err("要复制的文件已不存在".into());
        }
        // Rights are checked again now: a share revoked, a membership ended or a link withdrawn
        // while the job waited stops it.
        let link = match &request.link {
            Some(code) => {
                let link = share::link(db, code).await.map_err(|e| e.to_string())?;
                Some(link.filter(|l| l.revoked == 0 && l.expires_at >= storage::now_ms()).ok_or("分享链接已失效")?)
            }
            None => None,
        };
        for item in &items {
            let readable = match &link {
                Some(l) => {
                    l.ids().contains(&item.id) && document::space_right(db, l.sender_id, item.space()).await.map_err(|e| e.to_string())? == Some(Right::Write)
                }
                None => document::item_right(db, row.user_id, item).await.map_err(|e| e.to_string())?.is_some(),
            };
            if !readable {
                return Err("无权复制：分享已取消或权限已变更".into());
            }
        }
        let folder = if request.folder_id > 0 {
            Some(document::item(db, request.folder_id).await.map_err(|e| e.to_string())?.filter(|f| f.is_live() && f.is_folder()).ok_or("目标文件夹已不存在")?)
        } else {
            None
        };
        let space = match (request.team_id, &folder) {
            (_, Some(f)) => f.space(),
            (0, None) => Space::Personal(row.user_id),
            (t, None) => Space::Team(t),
        };
        if document::space_right(db, row.user_id, space).await.map_err(|e| e.to_string())? != Some(Right::Write) {
            return Err("无权写入目标文件夹".into());
        }
        let target = Target { space, folder: folder.as_ref() };
        let total = row.total.max(1) as u64;
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<i64>();
        let copying = document::copy_items(db, CopyPlan { items: &items, target, owner_id: row.user_id }, move |done| {
            let _ = tx.send(done);
        });
        let reporting = async {
            while let Some(done) = rx.recv().await {
                progress.report(done as u64, total).await;
            }
        };
        let (copied, ()) = tokio::join!(copying, reporting);
        let (_, count) = copied.map_err(|e| e.to_string())?;
        let mut path_ids = folder.as_ref().map(|f| document::path_ids(&f.path)).unwrap_or_default();
        path_ids.dedup();
        announce(&self.hub, space, vec![target.folder_id()], &path_ids).await;
        Ok(count)
    }
}

#[async_trait]
impl JobRunner for CopyRunner {
    async fn run(&self, job: &Job, progress: &Progress) -> Outcome {
        let row = match job::by_id(self.hub.db(), job.subject_id).await {
            Ok(Some(row)) => row,
            Ok(None) => return Outcome::Failed("复制任务不存在".into()),
            Err(e) => return Outcome::Failed(e.to_string()),
        };
        let Some(request) = row.copy_request() else { return Outcome::Failed("复制任务无效".into()) };
        match self.copy(&row, &request, progress).await {
            Ok(count) => Outcome::Items { count },
            Err(reason) => Outcome::Failed(reason),
        }
    }

    /// The copy commits with its own transaction before the outcome is recorded; a claim lost
    /// in between leaves the copy (the user sees it in the folder) and nothing else.
    async fn abandon(&self, job: &Job, _outcome: Option<&Outcome>) {
        tracing::info!(record = job.subject_id, "a drive copy's claim was lost after it committed");
    }

    async fn notify(&self, user_id: i64, record_id: i64) {
        let Ok(Some(row)) = job::by_id(self.hub.db(), record_id).await else { return };
        let message = PushMessage::drive_job(&wire(&row));
        if let Err(e) = self.hub.push(vec![NewPush::to(user_id, message)]).await {
            tracing::error!(error = %e, "pushing a drive job's state failed");
        }
    }

    async fn progress(&self, job: &Job, percent: u8) {
        if let Err(e) = job::set_percent(self.hub.db(), job.subject_id, percent as i64).await {
            tracing::warn!(error = %e, "recording a copy's progress failed");
        }
        let Ok(Some(row)) = job::by_id(self.hub.db(), job.subject_id).await else { return };
        self.hub.signal_users(vec![job.user_id], &PushMessage::drive_job(&wire(&row))).await;
    }
}

pub struct PurgeRunner {
    hub: Hub,
    objects: Objects,
}

impl PurgeRunner {
    pub fn new(hub: Hub, objects: Objects) -> PurgeRunner {
        PurgeRunner { hub, objects }
    }
}

#[async_trait]
impl JobRunner for PurgeRunner {
    async fn run(&self, _job: &Job, _progress: &Progress) -> Outcome {
        match document::purge_expired(self.hub.db(), storage::now_ms()).await {
            Ok(sweep) => {
                for key in &sweep.keys {
                    if let Err(e) = self.objects.delete(key).await {
                        tracing::warn!(error = %e, key, "deleting a purged file failed");
                    }
                }
                if sweep.items > 0 || sweep.uploads > 0 {
                    tracing::info!(items = sweep.items, uploads = sweep.uploads, "drive sweep purged");
                }
                Outcome::Items { count: sweep.items + sweep.uploads }
            }
            Err(e) => Outcome::Failed(e.to_string()),
        }
    }

    async fn abandon(&self, _job: &Job, _outcome: Option<&Outcome>) {}

    async fn notify(&self, _user_id: i64, _record_id: i64) {}
}
