//! The document update log's writer: one task per process takes the updates every room wants
//! durable and writes them in one transaction (a group commit across rooms). Rooms writing
//! separately would take turns on the database one small transaction at a time, and an editor's
//! keystroke would wait for every other room's write before it is broadcast.

use std::sync::Arc;

use storage::{documents, Db};
use tokio::sync::{mpsc, oneshot};

/// Rooms' batches taken into one transaction at most.
const JOBS_PER_COMMIT: usize = 512;

/// The first sequence number written and the updates, or why the write failed.
pub type Written = Result<(i64, Vec<Vec<u8>>), String>;

struct Job {
    key: Arc<str>,
    updates: Vec<Vec<u8>>,
    done: oneshot::Sender<Written>,
}

#[derive(Clone)]
pub struct DocLog {
    tx: mpsc::UnboundedSender<Job>,
}

impl DocLog {
    pub fn start(db: Db) -> DocLog {
        let (tx, mut rx) = mpsc::unbounded_channel::<Job>();
        tokio::spawn(async move {
            let mut jobs = Vec::new();
            while let Some(first) = rx.recv().await {
                jobs.push(first);
                while jobs.len() < JOBS_PER_COMMIT {
                    match rx.try_recv() {
                        Ok(job) => jobs.push(job),
                        Err(_) => break,
                    }
                }
                let entries: Vec<(&str, &[Vec<u8>])> = jobs.iter().map(|j| (&*j.key, j.updates.as_slice())).collect();
                let result = documents::append_many(&db, &entries).await.map_err(|e| e.to_string());
                drop(entries);
                for (i, job) in jobs.drain(..).enumerate() {
                    let _ = job.done.send(result.as_ref().map(|ids| (ids[i], job.updates)).map_err(Clone::clone));
                }
            }
        });
        DocLog { tx }
    }

    /// Makes the updates durable; answers the id of the last one, and the updates back.
    pub async fn append(&self, key: Arc<str>, updates: Vec<Vec<u8>>) -> Written {
        let (done, result) = oneshot::channel();
        self.tx.send(Job { key, updates, done }).map_err(|_| "the document log writer stopped".to_owned())?;
        result.await.map_err(|_| "the document log writer stopped".to_owned())?
    }
}
