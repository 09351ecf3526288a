//! The job engine's durable state (`jobs`): one row per background job, for every kind. The
//! engine's mechanics live here once (enqueue with a per-user cap, fair claims, leases, attempts,
//! recovery); each kind's record (a download task, a save-to-knowledge record) keeps the status
//! its users see, and is updated in the same transaction as every change of its job.
//!
//! A claim is an attempt: `attempts` as the claim left it. Renewals and results name it, so a
//! worker whose lease ran out (its job taken over, or deleted) changes nothing any more.

use sqlx::{Any, FromRow, Transaction};

use crate::{now_ms, Backend, Db, Result};

pub const WAITING: i64 = 1;
pub const RUNNING: i64 = 2;
pub const SUCCEEDED: i64 = 3;
pub const FAILED: i64 = 4;

/// A job interrupted this often (its process died each time) is given up.
pub const MAX_ATTEMPTS: i64 = 3;
/// Finished jobs are kept this long (their claim times order the users' turns), then removed.
pub const KEEP_FINISHED_MS: i64 = 7 * 24 * 3600 * 1000;

/// What a job does; each kind's record lives in its own table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JobKind {
    /// A file of the download centre (`download_tasks`): exports, papers, resources.
    Download,
    /// A paper copied into its user's knowledge base (`knowledge_saves`).
    SaveToKnowledge,
    /// A large copy in the drive (`drive_jobs`, kind 'copy').
    DriveCopy,
    /// The drive's sweep of old bin items and abandoned uploads (`drive_jobs`, kind 'purge').
    DrivePurge,
    /// A batch send of similar practice for wrong questions (`similar_batches`).
    SimilarSend,
    /// A paper's photo or PDF recognised into questions by the AI provider (`ai_paper_tasks`).
    AiPaperRecognize,
    /// The scan for online-lesson reminders due (no record: the job's one row, queued again at
    /// every tick, is its own; what it sent is in `online_reminders_sent`).
    OnlineReminders,
}

impl JobKind {
    pub const ALL: [JobKind; 7] = [
        JobKind::Download,
        JobKind::SaveToKnowledge,
        JobKind::DriveCopy,
        JobKind::DrivePurge,
        JobKind::SimilarSend,
        JobKind::AiPaperRecognize,
        JobKind::OnlineReminders,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            JobKind::Download => "download",
            JobKind::SaveToKnowledge => "save_to_knowledge",
            JobKind::DriveCopy => "drive_copy",
            JobKind::DrivePurge => "drive_purge",
            JobKind::SimilarSend => "similar_send",
            JobKind::AiPaperRecognize => "ai_paper_recognize",
            JobKind::OnlineReminders => "online_reminders",
        }
    }

    pub fn parse(s: &str) -> Option<JobKind> {
        JobKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// What the record says when its job was interrupted too often.
    fn gave_up_message(self) -> &'static str {
        match self {
            JobKind::Download => "生成中断次数过多，请重新下载",
            JobKind::SaveToKnowledge => "保存中断，请重新保存",
            JobKind::DriveCopy => "复制中断次数过多，请重新复制",
            JobKind::DrivePurge => "清理中断",
            JobKind::SimilarSend => "发送中断次数过多，请重新发送",
            JobKind::AiPaperRecognize => "识别中断次数过多，请重新识别",
            JobKind::OnlineReminders => "提醒中断",
        }
    }
}

/// A claimed job: the kind's record, its owner and the attempt the claim is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    pub id: i64,
    pub kind: JobKind,
    pub subject_id: i64,
    pub user_id: i64,
    pub attempt: i64,
}

#[derive(FromRow)]
struct JobRow {
    id: i64,
    kind: String,
    subject_id: i64,
    user_id: i64,
    attempts: i64,
}

impl JobRow {
    fn job(self) -> Option<Job> {
        Some(Job { id: self.id, kind: JobKind::parse(&self.kind)?, subject_id: self.subject_id, user_id: self.user_id, attempt: self.attempts })
    }
}

/// How a job ended, as its record keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A file in the store (downloads).
    File { key: String, size: i64 },
    /// A resource of the user's drive (save to knowledge).
    Resource { id: i64 },
    /// Items of the drive made or removed (drive copies and sweeps).
    Items { count: i64 },
    /// Why it failed, for the user.
    Failed(String),
}

/// What the recovery sweep did with a job whose lease ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recovered {
    /// Back to waiting, to run again.
    Requeued,
    /// Interrupted too often: failed.
    GaveUp,
}

/// Queues the job of a record of `kind` created in `tx`, unless its user already has `cap` jobs
/// waiting: false then, and the caller rolls the record back.
pub async fn enqueue(tx: &mut Transaction<'_, Any>, kind: JobKind, subject_id: i64, user_id: i64, cap: i64) -> Result<bool> {
    let now = now_ms();
    let r = sqlx::query(
        "INSERT INTO jobs (kind, subject_id, user_id, state, created_at, updated_at) \
         SELECT $1, $2, $3, 1, $4, $4 WHERE (SELECT COUNT(*) FROM jobs WHERE user_id = $3 AND state = 1) < $5",
    )
    .bind(kind.as_str())
    .bind(subject_id)
    .bind(user_id)
    .bind(now)
    .bind(cap)
    .execute(&mut **tx)
    .await?;
    Ok(r.rows_affected() > 0)
}

/// Queues the record's job again from the start (a failed download the user retries), within
/// the same cap; false when the cap is reached.
pub async fn requeue(tx: &mut Transaction<'_, Any>, kind: JobKind, subject_id: i64, user_id: i64, cap: i64) -> Result<bool> {
    let now = now_ms();
    let waiting: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM jobs WHERE user_id = $1 AND state = 1").bind(user_id).fetch_one(&mut **tx).await?;
    if waiting >= cap {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO jobs (kind, subject_id, user_id, state, created_at, updated_at) VALUES ($1, $2, $3, 1, $4, $4) \
         ON CONFLICT (kind, subject_id) DO UPDATE SET state = 1, attempts = 0, lease_until = 0, error = '', updated_at = $4",
    )
    .bind(kind.as_str())
    .bind(subject_id)
    .bind(user_id)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(true)
}

/// Queues a recurring job of the system (its one row, `subject_id` 0) unless it is waiting or
/// running: true if this call queued it. Processes ticking together queue it once.
pub async fn queue_recurring(db: &Db, kind: JobKind) -> Result<bool> {
    let now = now_ms();
    let _turn = db.write_turn().await;
    let done = sqlx::query(
        "INSERT INTO jobs (kind, subject_id, user_id, state, created_at, updated_at) VALUES ($1, 0, 0, 1, $2, $2) \
         ON CONFLICT (kind, subject_id) DO UPDATE SET state = 1, attempts = 0, lease_until = 0, error = '', updated_at = $2 \
         WHERE jobs.state NOT IN (1, 2)",
    )
    .bind(kind.as_str())
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Removes the record's job (the record is being deleted): a worker holding it loses its claim.
pub async fn remove(tx: &mut Transaction<'_, Any>, kind: JobKind, subject_id: i64) -> Result<()> {
    sqlx::query("DELETE FROM jobs WHERE kind = $1 AND subject_id = $2").bind(kind.as_str()).bind(subject_id).execute(&mut **tx).await?;
    Ok(())
}

/// Claims the next waiting job (waiting → running, one more attempt, leased) and marks its
/// record running. The next job is that of the user with the fewest running jobs, then the one
/// served least recently, then the oldest: a user's backlog waits behind everyone else's turn.
pub async fn claim(db: &Db, lease_ms: i64) -> Result<Option<Job>> {
    let lock = if db.backend() == Backend::Postgres { " FOR UPDATE SKIP LOCKED" } else { "" };
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let now = now_ms();
    // Only kinds this build runs: a newer process's kinds wait for a process that knows them.
    let kinds = JobKind::ALL.iter().map(|k| format!("'{}'", k.as_str())).collect::<Vec<_>>().join(", ");
    let row: Option<JobRow> = sqlx::query_as(&format!(
        "UPDATE jobs SET state = 2, attempts = attempts + 1, lease_until = $2, claimed_at = $1, updated_at = $1 \
         WHERE id = (SELECT j.id FROM jobs j WHERE j.state = 1 AND j.kind IN ({kinds}) \
             ORDER BY (SELECT COUNT(*) FROM jobs r WHERE r.user_id = j.user_id AND r.state = 2), \
                      (SELECT COALESCE(MAX(r.claimed_at), 0) FROM jobs r WHERE r.user_id = j.user_id), j.id \
             LIMIT 1{lock}) \
         AND state = 1 RETURNING id, kind, subject_id, user_id, attempts"
    ))
    .bind(now)
    .bind(now + lease_ms)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(job) = row.and_then(JobRow::job) else {
        tx.commit().await?;
        return Ok(None);
    };
    mark_running(&mut tx, &job).await?;
    tx.commit().await?;
    Ok(Some(job))
}

/// Extends the lease of the job `job.attempt` works on. False when the claim is lost (taken over
/// after the lease ran out, or the record deleted): the worker stops.
pub async fn renew(db: &Db, job: &Job, lease_ms: i64) -> Result<bool> {
    let r = sqlx::query("UPDATE jobs SET lease_until = $1 WHERE id = $2 AND state = 2 AND attempts = $3")
        .bind(now_ms() + lease_ms)
        .bind(job.id)
        .bind(job.attempt)
        .execute(db.pool())
        .await?;
    Ok(r.rows_affected() > 0)
}

/// Gives a running job back to the queue because its process is stopping (a deploy, a rolling
/// restart): waiting again at once, for any process, with this attempt not counted, and its record
/// waiting too. False when the claim was lost meanwhile.
pub async fn release(db: &Db, job: &Job) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let r = sqlx::query("UPDATE jobs SET state = $1, attempts = attempts - 1, lease_until = 0, updated_at = $2 WHERE id = $3 AND state = 2 AND attempts = $4")
        .bind(WAITING)
        .bind(now_ms())
        .bind(job.id)
        .bind(job.attempt)
        .execute(&mut *tx)
        .await?;
    if r.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    let released = Job { attempt: job.attempt - 1, ..job.clone() };
    mark_waiting(&mut tx, &released).await?;
    tx.commit().await?;
    Ok(true)
}

/// Records how the attempt ended, on the job and its record together. False when the claim is
/// lost: nothing is recorded, and the caller removes what it made.
pub async fn finish(db: &Db, job: &Job, outcome: &Outcome) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let (state, error) = match outcome {
        Outcome::Failed(reason) => (FAILED, reason.as_str()),
        _ => (SUCCEEDED, ""),
    };
    let r = sqlx::query("UPDATE jobs SET state = $1, error = $2, updated_at = $3 WHERE id = $4 AND state = 2 AND attempts = $5")
        .bind(state)
        .bind(error)
        .bind(now_ms())
        .bind(job.id)
        .bind(job.attempt)
        .execute(&mut *tx)
        .await?;
    if r.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    record_outcome(&mut tx, job.kind, job.subject_id, outcome).await?;
    tx.commit().await?;
    Ok(true)
}

/// Running jobs whose lease ran out (their process died) go back to waiting, or fail once
/// interrupted too often; their records follow. Finished jobs past `KEEP_FINISHED_MS` are removed.
/// Answers each job recovered, so its owner can be told.
pub async fn recover(db: &Db) -> Result<Vec<(Job, Recovered)>> {
    let now = now_ms();
    let stuck: Vec<JobRow> = sqlx::query_as("SELECT id, kind, subject_id, user_id, attempts FROM jobs WHERE state = 2 AND lease_until < $1 ORDER BY id")
        .bind(now)
        .fetch_all(db.pool())
        .await?;
    let mut out = Vec::new();
    for job in stuck.into_iter().filter_map(JobRow::job) {
        let _turn = db.write_turn().await;
        let mut tx = db.begin().await?;
        // The lease is checked again in the update: a job renewed meanwhile is left alone.
        let (state, recovered) = if job.attempt >= MAX_ATTEMPTS { (FAILED, Recovered::GaveUp) } else { (WAITING, Recovered::Requeued) };
        let error = if recovered == Recovered::GaveUp { job.kind.gave_up_message() } else { "" };
        let r = sqlx::query("UPDATE jobs SET state = $1, error = $2, updated_at = $3 WHERE id = $4 AND state = 2 AND attempts = $5 AND lease_until < $3")
            .bind(state)
            .bind(error)
            .bind(now)
            .bind(job.id)
            .bind(job.attempt)
            .execute(&mut *tx)
            .await?;
        if r.rows_affected() == 0 {
            tx.rollback().await?;
            continue;
        }
        match recovered {
            Recovered::Requeued => mark_waiting(&mut tx, &job).await?,
            Recovered::GaveUp => record_outcome(&mut tx, job.kind, job.subject_id, &Outcome::Failed(error.to_owned())).await?,
        }
        tx.commit().await?;
        out.push((job, recovered));
    }
    sqlx::query("DELETE FROM jobs WHERE state IN (3, 4) AND updated_at < $1").bind(now - KEEP_FINISHED_MS).execute(db.pool()).await?;
    Ok(out)
}

/// (waiting, running) jobs of the user.
pub async fn counts(db: &Db, user_id: i64) -> Result<(i64, i64)> {
    let rows: Vec<(i64, i64)> =
        sqlx::query_as("SELECT state, COUNT(*) FROM jobs WHERE user_id = $1 AND state IN (1, 2) GROUP BY state").bind(user_id).fetch_all(db.pool()).await?;
    let count = |state| rows.iter().find(|(s, _)| *s == state).map_or(0, |(_, n)| *n);
    Ok((count(WAITING), count(RUNNING)))
}

// Each kind's record follows its job. These run inside the job's transaction.

async fn mark_running(tx: &mut Transaction<'_, Any>, job: &Job) -> Result<()> {
    let now = now_ms();
    match job.kind {
        JobKind::Download => {
            sqlx::query("UPDATE download_tasks SET status = 2, attempts = $1, updated_at = $2 WHERE id = $3")
                .bind(job.attempt)
                .bind(now)
                .bind(job.subject_id)
                .execute(&mut **tx)
                .await?;
        }
        JobKind::SaveToKnowledge => {
            sqlx::query("UPDATE knowledge_saves SET attempts = $1, updated_at = $2 WHERE id = $3")
                .bind(job.attempt)
                .bind(now)
                .bind(job.subject_id)
                .execute(&mut **tx)
                .await?;
        }
        JobKind::DriveCopy | JobKind::DrivePurge => {
            sqlx::query("UPDATE drive_jobs SET status = 2, updated_at = $1 WHERE id = $2").bind(now).bind(job.subject_id).execute(&mut **tx).await?;
        }
        JobKind::SimilarSend => crate::wrong_question::mark_running(tx, job.subject_id).await?,
        JobKind::OnlineReminders => {}
        JobKind::AiPaperRecognize => {
            sqlx::query("UPDATE ai_paper_tasks SET status = 2, progress = 0, attempts = $1, updated_at = $2 WHERE id = $3")
                .bind(job.attempt)
                .bind(now)
                .bind(job.subject_id)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

async fn mark_waiting(tx: &mut Transaction<'_, Any>, job: &Job) -> Result<()> {
    if job.kind == JobKind::SimilarSend {
        crate::wrong_question::mark_waiting(tx, job.subject_id).await?;
    }
    if job.kind == JobKind::Download {
        sqlx::query("UPDATE download_tasks SET status = 1, updated_at = $1 WHERE id = $2").bind(now_ms()).bind(job.subject_id).execute(&mut **tx).await?;
    }
    if job.kind == JobKind::AiPaperRecognize {
        sqlx::query("UPDATE ai_paper_tasks SET status = 1, progress = 0, updated_at = $1 WHERE id = $2")
            .bind(now_ms())
            .bind(job.subject_id)
            .execute(&mut **tx)
            .await?;
    }
    if matches!(job.kind, JobKind::DriveCopy | JobKind::DrivePurge) {
        sqlx::query("UPDATE drive_jobs SET status = 1, percent = 0, updated_at = $1 WHERE id = $2")
            .bind(now_ms())
            .bind(job.subject_id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

async fn record_outcome(tx: &mut Transaction<'_, Any>, kind: JobKind, subject_id: i64, outcome: &Outcome) -> Result<()> {
    let now = now_ms();
    // A batch send records its items as it goes; its end is counted from them.
    if kind == JobKind::SimilarSend {
        let error = match outcome {
            Outcome::Failed(reason) => Some(reason.as_str()),
            _ => None,
        };
        return crate::wrong_question::mark_finished(tx, subject_id, error).await;
    }
    if kind == JobKind::OnlineReminders {
        return Ok(());
    }
    let query = match (kind, outcome) {
        (JobKind::Download, Outcome::File { key, size }) => {
            sqlx::query("UPDATE download_tasks SET status = 3, file_path = $1, file_size = $2, error = '', updated_at = $3 WHERE id = $4")
                .bind(key.clone())
                .bind(*size)
                .bind(now)
                .bind(subject_id)
        }
        (JobKind::Download, Outcome::Failed(reason)) => {
            sqlx::query("UPDATE download_tasks SET status = 5, error = $1, updated_at = $2 WHERE id = $3").bind(reason.clone()).bind(now).bind(subject_id)
        }
        (JobKind::SaveToKnowledge, Outcome::Resource { id }) => {
            sqlx::query("UPDATE knowledge_saves SET copy_status = 2, resource_id = $1, error_msg = '', updated_at = $2 WHERE id = $3")
                .bind(*id)
                .bind(now)
                .bind(subject_id)
        }
        (JobKind::SaveToKnowledge, Outcome::Failed(reason)) => {
            sqlx::query("UPDATE knowledge_saves SET copy_status = 3, error_msg = $1, updated_at = $2 WHERE id = $3")
                .bind(reason.clone())
                .bind(now)
                .bind(subject_id)
        }
        (JobKind::DriveCopy | JobKind::DrivePurge, Outcome::Items { count }) => {
            sqlx::query("UPDATE drive_jobs SET status = 3, percent = 100, total = CASE WHEN total = 0 THEN $1 ELSE total END, updated_at = $2 WHERE id = $3")
                .bind(*count)
                .bind(now)
                .bind(subject_id)
        }
        (JobKind::DriveCopy | JobKind::DrivePurge, Outcome::Failed(reason)) => {
            sqlx::query("UPDATE drive_jobs SET status = 4, error = $1, updated_at = $2 WHERE id = $3").bind(reason.clone()).bind(now).bind(subject_id)
        }
        (JobKind::AiPaperRecognize, Outcome::Items { .. }) => {
            sqlx::query("UPDATE ai_paper_tasks SET status = 3, progress = 100, error = '', updated_at = $1 WHERE id = $2").bind(now).bind(subject_id)
        }
        (JobKind::AiPaperRecognize, Outcome::Failed(reason)) => {
            sqlx::query("UPDATE ai_paper_tasks SET status = 4, error = $1, updated_at = $2 WHERE id = $3").bind(reason.clone()).bind(now).bind(subject_id)
        }
        (kind, outcome) => return Err(crate::StorageError::Conflict(format!("a {} job cannot end as {outcome:?}", kind.as_str()))),
    };
    query.execute(&mut **tx).await?;
    Ok(())
}
