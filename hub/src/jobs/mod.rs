//! The job engine: one pool of workers runs every background job from the durable `jobs` table
//! (`storage::jobs`), whatever its kind. The engine owns the mechanics, once: claims in a fair
//! order (a user's backlog waits behind everyone else's turn), a lease renewed while a job runs,
//! attempts (a worker whose claim was taken over records nothing and removes what it made), the
//! recovery of jobs whose process died, the per-user cap of waiting jobs, and the release of the
//! jobs in hand when the process stops (`stop`: they wait again at once, for any process). A kind
//! only says how to do its work and how to tell its user ([`JobRunner`]).

pub mod download;
pub mod drive;
pub mod save_to_knowledge;
pub mod similar_send;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use storage::jobs::{self, Job, JobKind, Outcome, Recovered};
use storage::objects::Objects;
use tokio::sync::{watch, Notify};
use tokio::time::Instant;

use crate::lease::JobLease;
use crate::Hub;

/// How often idle workers look for work queued by other processes.
const IDLE_POLL: Duration = Duration::from_secs(2);
/// Jobs a user may have waiting at once; more are refused until some have run.
pub const MAX_WAITING_PER_USER: i64 = 20;

/// One kind of job: its work, and what its user is told.
#[async_trait]
pub trait JobRunner: Send + Sync + 'static {
    /// Does the job's work; the outcome is recorded on the job and its record together.
    async fn run(&self, job: &Job, progress: &Progress) -> Outcome;
    /// Removes what an attempt made when its claim was lost (the outcome, if it got that far).
    async fn abandon(&self, job: &Job, outcome: Option<&Outcome>);
    /// Tells the record's user where it stands (a push).
    async fn notify(&self, user_id: i64, subject_id: i64);
    /// Tells the user how far a running job is.
    async fn progress(&self, _job: &Job, _percent: u8) {}
}

/// Handed to a running job to report how far it is; reports are pushed at every tenth.
pub struct Progress {
    job: Job,
    runner: Arc<dyn JobRunner>,
    reported: std::sync::atomic::AtomicU8,
}

impl Progress {
    /// `done` of `total` units are done.
    pub async fn report(&self, done: u64, total: u64) {
        let percent = (done.saturating_mul(100)).checked_div(total).map_or(100, |p| p.min(100)) as u8;
        let step = percent / 10 * 10;
        if step > self.reported.load(std::sync::atomic::Ordering::Relaxed) {
            self.reported.store(step, std::sync::atomic::Ordering::Relaxed);
            self.runner.progress(&self.job, step).await;
        }
    }
}

/// A refused submission.
#[derive(Debug, thiserror::Error)]
pub enum SubmitError {
    #[error("排队中的任务已达 {MAX_WAITING_PER_USER} 个，请等待完成后再提交")]
    QueueFull,
    #[error(transparent)]
    Storage(#[from] storage::StorageError),
}

#[derive(Clone)]
pub struct Jobs {
    inner: Arc<Inner>,
}

struct Inner {
    hub: Hub,
    runners: HashMap<JobKind, Arc<dyn JobRunner>>,
    wake: Notify,
    lease: JobLease,
    /// When the jobs in hand are given back (`stop`); `None` while the process serves.
    stopping: watch::Sender<Option<Instant>>,
    /// Jobs being run by this process, and a wake-up when that reaches 0.
    running: AtomicUsize,
    idle: Notify,
}

impl Jobs {
    /// Recovers the jobs dead processes left running (now and at every lease sweep), then starts
    /// `workers` workers. Kinds that make files write them under `scratch` first. `more` are the
    /// runners of kinds whose work needs what only the REST layer has (the AI provider).
    pub async fn start(
        hub: Hub,
        objects: Objects,
        scratch: PathBuf,
        workers: usize,
        lease: JobLease,
        more: Vec<(JobKind, Arc<dyn JobRunner>)>,
    ) -> storage::Result<Jobs> {
        let mut runners: HashMap<JobKind, Arc<dyn JobRunner>> = HashMap::new();
        runners.insert(JobKind::Download, Arc::new(download::DownloadRunner::new(hub.clone(), objects.clone(), scratch.join("downloads"))?));
        runners.insert(JobKind::SaveToKnowledge, Arc::new(save_to_knowledge::SaveRunner::new(hub.clone(), objects.clone(), scratch.join("knowledge"))?));
        runners.insert(JobKind::DriveCopy, Arc::new(drive::CopyRunner::new(hub.clone())));
        runners.insert(JobKind::DrivePurge, Arc::new(drive::PurgeRunner::new(hub.clone(), objects)));
        runners.insert(JobKind::SimilarSend, Arc::new(similar_send::SimilarSendRunner::new(hub.clone())));
        runners.insert(JobKind::OnlineReminders, Arc::new(crate::online_reminder::ReminderRunner::new(hub.clone())));
        runners.extend(more);
        if let Some(kind) = JobKind::ALL.into_iter().find(|k| !runners.contains_key(k)) {
            return Err(storage::StorageError::Conflict(format!("no runner for {} jobs", kind.as_str())));
        }
        let inner = Inner { hub, runners, wake: Notify::new(), lease, stopping: watch::channel(None).0, running: AtomicUsize::new(0), idle: Notify::new() };
        let engine = Jobs { inner: Arc::new(inner) };
        engine.recover().await?;
        for _ in 0..workers.max(1) {
            let e = engine.clone();
            tokio::spawn(async move { e.work().await });
        }
        let e = engine.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(lease.sweep()).await;
                if let Err(err) = e.recover().await {
                    tracing::error!(error = %err, "recovering interrupted jobs failed");
                }
            }
        });
        Ok(engine)
    }

    fn runner(&self, kind: JobKind) -> Arc<dyn JobRunner> {
        self.inner.runners.get(&kind).cloned().expect("every job kind has a runner")
    }

    /// Wakes a worker for newly queued work (a record created with its job by the kind's
    /// storage module), and tells its user.
    pub async fn submitted(&self, kind: JobKind, user_id: i64, subject_id: i64) {
        self.runner(kind).notify(user_id, subject_id).await;
        self.inner.wake.notify_one();
    }

    /// Tells the record's user where it stands.
    pub async fn notify(&self, kind: JobKind, user_id: i64, subject_id: i64) {
        self.runner(kind).notify(user_id, subject_id).await;
    }

    async fn recover(&self) -> storage::Result<()> {
        let recovered = jobs::recover(self.inner.hub.db()).await?;
        let requeued = recovered.iter().any(|(_, r)| *r == Recovered::Requeued);
        for (job, how) in recovered {
            tracing::info!(job = job.id, kind = job.kind.as_str(), subject = job.subject_id, ?how, "job recovered after an interruption");
            self.notify(job.kind, job.user_id, job.subject_id).await;
        }
        if requeued {
            self.inner.wake.notify_waiters();
        }
        Ok(())
    }

    fn is_stopping(&self) -> bool {
        self.inner.stopping.borrow().is_some()
    }

    /// Stops taking jobs; the jobs in hand get `grace` to finish, then go back to the queue (not
    /// counted as an attempt) for another process, or this one when it starts again. Returns when
    /// none is left in hand.
    pub async fn stop(&self, grace: Duration) {
        self.inner.stopping.send_replace(Some(Instant::now() + grace));
        self.inner.wake.notify_waiters();
        loop {
            let idle = self.inner.idle.notified();
            if self.inner.running.load(Ordering::SeqCst) == 0 {
                return;
            }
            idle.await;
        }
    }

    /// Resolves once the jobs in hand are to be given back.
    async fn released(&self) {
        let mut stopping = self.inner.stopping.subscribe();
        // The guard `wait_for` answers is not held across the sleep.
        let deadline = match stopping.wait_for(Option::is_some).await {
            Ok(at) => *at,
            Err(_) => None,
        };
        match deadline {
            Some(deadline) => tokio::time::sleep_until(deadline).await,
            None => std::future::pending().await,
        }
    }

    async fn work(&self) {
        loop {
            if self.is_stopping() {
                return;
            }
            match jobs::claim(self.inner.hub.db(), self.inner.lease.millis()).await {
                Ok(Some(job)) => {
                    self.inner.running.fetch_add(1, Ordering::SeqCst);
                    self.run(job).await;
                    if self.inner.running.fetch_sub(1, Ordering::SeqCst) == 1 {
                        self.inner.idle.notify_waiters();
                    }
                }
                Ok(None) => {
                    let _ = tokio::time::timeout(IDLE_POLL, self.inner.wake.notified()).await;
                }
                Err(e) => {
                    tracing::error!(error = %e, "claiming a job failed");
                    tokio::time::sleep(IDLE_POLL).await;
                }
            }
        }
    }

    /// Runs a claimed job while renewing its lease, and records the outcome; a claim lost
    /// meanwhile (lease run out and taken over, or the record deleted) records nothing and
    /// leaves nothing behind.
    async fn run(&self, job: Job) {
        let runner = self.runner(job.kind);
        tracing::info!(job = job.id, kind = job.kind.as_str(), subject = job.subject_id, attempt = job.attempt, "a job starts");
        runner.notify(job.user_id, job.subject_id).await;
        let db = self.inner.hub.db();
        let lease = self.inner.lease;
        let name = format!("{} job {} (record {})", job.kind.as_str(), job.id, job.subject_id);
        let renewing = lease.hold(&name, || jobs::renew(db, &job, lease.millis()));
        let progress = Progress { job: job.clone(), runner: runner.clone(), reported: Default::default() };
        let finished = tokio::select! {
            outcome = runner.run(&job, &progress) => {
                if let Outcome::Failed(reason) = &outcome {
                    tracing::warn!(job = job.id, kind = job.kind.as_str(), %reason, "a job failed");
                }
                Some(outcome)
            }
            () = renewing => None,
            () = self.released() => {
                match jobs::release(db, &job).await {
                    Ok(true) => tracing::info!(job = job.id, kind = job.kind.as_str(), "a job was given back to the queue: the process is stopping"),
                    Ok(false) => {}
                    Err(e) => tracing::error!(error = %e, job = job.id, "giving a job back failed; its lease will run out"),
                }
                runner.abandon(&job, None).await;
                runner.notify(job.user_id, job.subject_id).await;
                return;
            }
        };
        let recorded = match &finished {
            Some(outcome) => jobs::finish(db, &job, outcome).await,
            None => Ok(false),
        };
        match recorded {
            Ok(true) => {}
            Ok(false) => {
                tracing::info!(job = job.id, attempt = job.attempt, "a job's claim was lost; its work is dropped");
                runner.abandon(&job, finished.as_ref()).await;
            }
            Err(e) => tracing::error!(error = %e, job = job.id, "recording a job's outcome failed"),
        }
        runner.notify(job.user_id, job.subject_id).await;
    }
}
