//! Acknowledgements are written in batches: sessions hand `(user, seq)` pairs to one writer task
//! per process, which marks them delivered a few hundred at a time. One statement per ack would
//! make every client's ack a database round trip in the write path of every push.

use storage::{push_log, Db};
use tokio::sync::mpsc;

use crate::metrics;

/// Pairs waiting beyond this are dropped (and counted): an ack only records delivery.
const QUEUE: usize = 1 << 16;
/// Pairs written per transaction at most.
const BATCH: usize = 2000;

#[derive(Clone)]
pub struct AckWriter {
    tx: mpsc::Sender<(i64, i64)>,
}

impl AckWriter {
    pub fn start(db: Db) -> AckWriter {
        let (tx, mut rx) = mpsc::channel::<(i64, i64)>(QUEUE);
        tokio::spawn(async move {
            let mut batch = Vec::with_capacity(BATCH);
            while let Some(first) = rx.recv().await {
                batch.push(first);
                while batch.len() < BATCH {
                    match rx.try_recv() {
                        Ok(pair) => batch.push(pair),
                        Err(_) => break,
                    }
                }
                if let Err(e) = push_log::ack_many(&db, &batch).await {
                    tracing::error!(error = %e, count = batch.len(), "storing acknowledgements failed");
                }
                batch.clear();
            }
        });
        AckWriter { tx }
    }

    /// Queues the user's ack of `seq`.
    pub fn ack(&self, user_id: i64, seq: i64) {
        if self.tx.try_send((user_id, seq)).is_err() {
            metrics::ACKS_DROPPED.inc();
        }
    }
}
