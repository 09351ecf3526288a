//! Save-to-knowledge jobs (03 §4, §7.1): a paper copied into its user's knowledge base (a Word
//! document in their drive). Records are durable; a restart runs interrupted ones again (or
//! fails them after repeated interruptions), and every end is pushed as `magic_002`, which
//! replaces the spec's 5 s poll of the record list.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use protocol::push::{PushContent, TypeCode};
use storage::knowledge_saves::{self, SaveRecord};
use storage::objects::Objects;
use storage::push_log::NewPush;
use storage::{now_ms, uploads};
use tokio::sync::Semaphore;

use crate::lease::JobLease;
use crate::{render, Hub};

/// Jobs that run at once; the rest wait their turn.
const CONCURRENT_JOBS: usize = 2;

#[derive(Clone)]
pub struct KnowledgeSaves {
    inner: Arc<Inner>,
}

struct Inner {
    hub: Hub,
    objects: Objects,
    scratch: PathBuf,
    gate: Semaphore,
    lease: JobLease,
    /// Records submitted in this process and not yet finished (the lease sweep skips them).
    submitted: Mutex<HashSet<i64>>,
}

impl KnowledgeSaves {
    /// Resumes (or ends) the records dead processes left processing, now and at every lease
    /// sweep; each running job holds a `lease` on its record.
    pub async fn start(hub: Hub, objects: Objects, scratch: PathBuf, lease: JobLease) -> storage::Result<KnowledgeSaves> {
        std::fs::create_dir_all(&scratch).map_err(|e| storage::StorageError::Bus(format!("creating {}: {e}", scratch.display())))?;
        let inner = Inner { hub, objects, scratch, gate: Semaphore::new(CONCURRENT_JOBS), lease, submitted: Mutex::new(HashSet::new()) };
        let saves = KnowledgeSaves { inner: Arc::new(inner) };
        saves.recover().await?;
        let sweeper = saves.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(lease.sweep()).await;
                if let Err(e) = sweeper.recover().await {
                    tracing::error!(error = %e, "recovering interrupted save-to-knowledge jobs failed");
                }
            }
        });
        Ok(saves)
    }

    async fn recover(&self) -> storage::Result<()> {
        let (retry, failed) = knowledge_saves::interrupted(self.inner.hub.db()).await?;
        for record in failed {
            self.push(record.id).await;
        }
        for id in retry {
            self.submit(id);
        }
        Ok(())
    }

    /// Runs the record's job in the background (once per process at a time).
    pub fn submit(&self, record_id: i64) {
        if !self.inner.submitted.lock().unwrap_or_else(|e| e.into_inner()).insert(record_id) {
            return;
        }
        let saves = self.clone();
        tokio::spawn(async move {
            saves.run(record_id).await;
            saves.inner.submitted.lock().unwrap_or_else(|e| e.into_inner()).remove(&record_id);
        });
    }

    async fn run(&self, id: i64) {
        let Ok(_permit) = self.inner.gate.acquire().await else { return };
        let db = self.inner.hub.db();
        // The claim: another process may hold the record (or have finished it).
        let attempt = match knowledge_saves::start_attempt(db, id, self.inner.lease.millis()).await {
            Ok(Some(attempt)) => attempt,
            Ok(None) => return,
            Err(e) => {
                tracing::error!(error = %e, record = id, "starting a save-to-knowledge job failed");
                return;
            }
        };
        let Ok(Some(record)) = knowledge_saves::by_id(db, id).await else { return };
        let lease = self.inner.lease;
        let job = format!("save-to-knowledge record {id}");
        let renewing = lease.hold(&job, || knowledge_saves::renew_lease(db, id, attempt, lease.millis()));
        let key = format!("users/{}/knowledge/{}-{attempt}.docx", record.user_id, record.id);
        let recorded = tokio::select! {
            copied = self.copy(&record, &key) => match copied {
                Ok(size) => self.record_copy(&record, attempt, &key, size).await,
                Err(reason) => {
                    tracing::warn!(record = id, %reason, "save to knowledge failed");
                    knowledge_saves::fail(db, id, attempt, &reason).await
                }
            },
            () = renewing => Ok(false),
        };
        match recorded {
            Ok(true) => self.push(id).await,
            Ok(false) => {
                tracing::info!(record = id, attempt, "a save-to-knowledge claim was lost; its work is dropped");
                if let Err(e) = self.inner.objects.delete(&key).await {
                    tracing::warn!(error = %e, record = id, "removing a dropped copy failed");
                }
            }
            Err(e) => tracing::error!(error = %e, record = id, "recording a save-to-knowledge result failed"),
        }
    }

    /// Renders the paper into the file store under `key`; answers the file's size.
    async fn copy(&self, record: &SaveRecord, key: &str) -> Result<u64, String> {
        let content = render::paper_content(&self.inner.hub, record.paper_id, record.user_id).await?;
        let path = self.inner.scratch.join(format!("{}-{}.docx", record.id, now_ms()));
        let target = path.clone();
        let written = tokio::task::spawn_blocking(move || render::write_docx(&content, &target)).await.map_err(|e| e.to_string())?;
        let stored = match written {
            Ok(_) => self.inner.objects.put_file(key, &path).await.map_err(|e| e.to_string()),
            Err(reason) => Err(reason),
        };
        let _ = tokio::fs::remove_file(&path).await;
        stored
    }

    /// Makes the copy a drive resource and the record's result; false (and no resource) when
    /// the claim was lost meanwhile.
    async fn record_copy(&self, record: &SaveRecord, attempt: i64, key: &str, size: u64) -> storage::Result<bool> {
        let db = self.inner.hub.db();
        let name = format!("{}.docx", record.paper_title);
        let resource = uploads::add_resource(db, record.user_id, &name, "docx", "document", size as i64, key).await?;
        if knowledge_saves::succeed(db, record.id, attempt, resource).await? {
            return Ok(true);
        }
        uploads::delete_resource(db, resource).await?;
        Ok(false)
    }

    async fn push(&self, id: i64) {
        let Ok(Some(record)) = knowledge_saves::by_id(self.inner.hub.db(), id).await else { return };
        let content = PushContent {
            file_status: Some(record.copy_status as i32),
            id: Some(record.id),
            value: serde_json::to_value(record.to_wire()).ok(),
            time: now_ms(),
            ..Default::default()
        };
        if let Err(e) = self.inner.hub.push(vec![NewPush { user_id: record.user_id, type_code: TypeCode::Magic002, content }]).await {
            tracing::error!(error = %e, "pushing a save-to-knowledge result failed");
        }
    }
}
