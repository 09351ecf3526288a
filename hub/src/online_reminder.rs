//! Online-lesson reminders sent as they fall due. A tick queues the recurring job
//! `online_reminders` (once, however many processes tick); the engine runs it as any job: one
//! scan that claims the reminders due now (`storage::online_reminder::claim_due`, which lets
//! each go once) and pushes each to its person as `magic_online_reminder`.

use async_trait::async_trait;
use protocol::push::PushMessage;
use storage::jobs::{Job, JobKind, Outcome};
use storage::push_log::NewPush;

use crate::jobs::{JobRunner, Jobs, Progress};
use crate::Hub;

/// One scan: claims what is due at `now` and pushes it. Returns how many were sent.
pub async fn scan(hub: &Hub, now: i64) -> storage::Result<usize> {
    let due = storage::online_reminder::claim_due(hub.db(), now).await?;
    let pushes: Vec<NewPush> = due.iter().map(|(user_id, reminder)| NewPush::to(*user_id, PushMessage::online_reminder(reminder))).collect();
    hub.push(pushes).await?;
    Ok(due.len())
}

pub struct ReminderRunner {
    hub: Hub,
}

impl ReminderRunner {
    pub fn new(hub: Hub) -> ReminderRunner {
        ReminderRunner { hub }
    }
}

#[async_trait]
impl JobRunner for ReminderRunner {
    async fn run(&self, _job: &Job, _progress: &Progress) -> Outcome {
        match scan(&self.hub, storage::now_ms()).await {
            Ok(sent) => {
                if sent > 0 {
                    tracing::info!(sent, "online-lesson reminders sent");
                }
                Outcome::Items { count: sent as i64 }
            }
            Err(e) => Outcome::Failed(e.to_string()),
        }
    }

    /// What a lost attempt sent stays sent (claimed and stored); the next scan does the rest.
    async fn abandon(&self, _job: &Job, _outcome: Option<&Outcome>) {}

    async fn notify(&self, _user_id: i64, _subject_id: i64) {}
}

/// Queues the scan every `secs` seconds for as long as the process runs.
pub fn every(jobs: Jobs, db: storage::Db, secs: u64) {
    actix_web::rt::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(secs.max(1)));
        loop {
            tick.tick().await;
            match storage::jobs::queue_recurring(&db, JobKind::OnlineReminders).await {
                Ok(true) => jobs.submitted(JobKind::OnlineReminders, 0, 0).await,
                Ok(false) => {}
                Err(e) => tracing::warn!(error = %e, "queueing the online-lesson reminder scan failed"),
            }
        }
    });
}
