//! Save-to-knowledge jobs (03 §4, §7.1): a paper copied into its user's knowledge base (a Word
//! document in their drive). Every end is pushed as `magic_002`, which replaces the spec's 5 s
//! poll of the record list.

use std::path::PathBuf;

use async_trait::async_trait;
use protocol::push::PushMessage;
use storage::jobs::{Job, Outcome};
use storage::knowledge_saves::{self, SaveRecord, PROCESSING};
use storage::objects::Objects;
use storage::push_log::NewPush;
use storage::{now_ms, uploads};

use super::{JobRunner, Progress};
use crate::{render, Hub};

pub struct SaveRunner {
    hub: Hub,
    objects: Objects,
    scratch: PathBuf,
}

/// Where an attempt's copy is kept: one key per attempt, so that a worker that lost its claim
/// removes only its own.
fn copy_key(user_id: i64, record_id: i64, attempt: i64) -> String {
    format!("users/{user_id}/knowledge/{record_id}-{attempt}.docx")
}

#[async_trait]
impl JobRunner for SaveRunner {
    async fn run(&self, job: &Job, _progress: &Progress) -> Outcome {
        let db = self.hub.db();
        let record = match knowledge_saves::by_id(db, job.subject_id).await {
            Ok(Some(record)) => record,
            Ok(None) => return Outcome::Failed("保存记录不存在".into()),
            Err(e) => return Outcome::Failed(e.to_string()),
        };
        let key = copy_key(record.user_id, record.id, job.attempt);
        let size = match self.copy(&record, &key).await {
            Ok(size) => size,
            Err(reason) => return Outcome::Failed(reason),
        };
        let name = format!("{}.docx", record.paper_title);
        match uploads::add_resource(db, record.user_id, &name, "docx", "document", size as i64, &key).await {
            Ok(id) => Outcome::Resource { id },
            Err(e) => Outcome::Failed(e.to_string()),
        }
    }

    async fn abandon(&self, job: &Job, outcome: Option<&Outcome>) {
        if let Some(Outcome::Resource { id }) = outcome {
            if let Err(e) = uploads::delete_resource(self.hub.db(), *id).await {
                tracing::warn!(error = %e, record = job.subject_id, "removing a dropped copy's resource failed");
            }
        }
        if let Err(e) = self.objects.delete(&copy_key(job.user_id, job.subject_id, job.attempt)).await {
            tracing::warn!(error = %e, record = job.subject_id, "removing a dropped copy failed");
        }
    }

    /// Only an ended record is pushed (`magic_002`); the list shows processing ones.
    async fn notify(&self, _user_id: i64, record_id: i64) {
        let Ok(Some(record)) = knowledge_saves::by_id(self.hub.db(), record_id).await else { return };
        if record.copy_status == PROCESSING {
            return;
        }
        // A copy made lands in the root of the user's space: open views of it show it at once.
        super::drive::announce(&self.hub, storage::document::Space::Personal(record.user_id), vec![0], &[]).await;
        let message = PushMessage::save_to_knowledge_ended(&record.to_wire());
        if let Err(e) = self.hub.push(vec![NewPush::to(record.user_id, message)]).await {
            tracing::error!(error = %e, "pushing a save-to-knowledge result failed");
        }
    }
}

impl SaveRunner {
    pub fn new(hub: Hub, objects: Objects, scratch: PathBuf) -> storage::Result<SaveRunner> {
        std::fs::create_dir_all(&scratch).map_err(|e| storage::StorageError::Bus(format!("creating {}: {e}", scratch.display())))?;
        Ok(SaveRunner { hub, objects, scratch })
    }

    /// Renders the paper into the file store under `key`; answers the file's size.
    async fn copy(&self, record: &SaveRecord, key: &str) -> Result<u64, String> {
        let content = render::paper_content(&self.hub, record.paper_id, record.user_id).await?;
        let path = self.scratch.join(format!("{}-{}.docx", record.id, now_ms()));
        let target = path.clone();
        let written = tokio::task::spawn_blocking(move || render::write_docx(&content, &target)).await.map_err(|e| e.to_string())?;
        let stored = match written {
            Ok(_) => self.objects.put_file(key, &path).await.map_err(|e| e.to_string()),
            Err(reason) => Err(reason),
        };
        let _ = tokio::fs::remove_file(&path).await;
        stored
    }
}
