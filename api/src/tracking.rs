//! The tracking writer: accepted events wait in a bounded queue and one task stores them in
//! batches (`storage::tracking::record`), so a burst of tens of thousands of events a second
//! costs a few statements a second and never holds up the calls that report them. A full queue
//! refuses new events (the client keeps and resends them) instead of growing without bound.

use std::time::Duration;

use storage::tracking::NewEvent;
use storage::Db;
use tokio::sync::mpsc;

/// Events waiting to be stored at most.
const QUEUE: usize = 100_000;
/// Events stored per transaction at most.
const BATCH: usize = 2_000;
/// How long the first event of a batch waits for others.
const GATHER: Duration = Duration::from_millis(100);

#[derive(Clone)]
pub struct Tracker {
    queue: mpsc::Sender<NewEvent>,
}

impl Tracker {
    /// Starts the writer on the current runtime.
    pub fn start(db: Db) -> Tracker {
        let (queue, events) = mpsc::channel(QUEUE);
        tokio::spawn(write(db, events));
        Tracker { queue }
    }

    /// Queues events; false (none queued) when the queue has no room for all of them.
    pub fn accept(&self, events: Vec<NewEvent>) -> bool {
        let Ok(permits) = self.queue.try_reserve_many(events.len()) else { return false };
        for (permit, event) in permits.zip(events) {
            permit.send(event);
        }
        true
    }
}

async fn write(db: Db, mut events: mpsc::Receiver<NewEvent>) {
    let mut batch = Vec::with_capacity(BATCH);
    while let Some(first) = events.recv().await {
        batch.push(first);
        let deadline = tokio::time::Instant::now() + GATHER;
        while batch.len() < BATCH {
            match tokio::time::timeout_at(deadline, events.recv()).await {
                Ok(Some(event)) => batch.push(event),
                _ => break,
            }
        }
        // One retry for a passing failure (a busy database); then the batch is given up, loudly.
        let mut stored = storage::tracking::record(&db, &batch).await;
        if stored.is_err() {
            tokio::time::sleep(Duration::from_millis(500)).await;
            stored = storage::tracking::record(&db, &batch).await;
        }
        if let Err(e) = stored {
            tracing::error!(error = %e, events = batch.len(), "storing usage events failed");
        }
        batch.clear();
    }
}
