//! The tracking writer: accepted events wait in a bounded queue and one task stores them in
//! batches (`storage::tracking::record`), so a burst of tens of thousands of events a second
//! costs a few statements a second and never holds up the calls that report them. A full queue
//! refuses new events (the client keeps and resends them) instead of growing without bound. A
//! database that is away holds the writer (and so fills the queue) until it is back. When the
//! server stops, the events still queued are stored before the process ends ([`Tracker::drain`]).

use std::time::Duration;

use storage::tracking::NewEvent;
use storage::Db;
use tokio::sync::{mpsc, oneshot};

/// Events waiting to be stored at most.
const QUEUE: usize = 100_000;
/// Events stored per transaction at most.
const BATCH: usize = 2_000;
/// How long the first event of a batch waits for others.
const GATHER: Duration = Duration::from_millis(100);
/// How long a stopping server waits for the queued events to be stored.
pub const DRAIN_WITHIN: Duration = Duration::from_secs(10);

#[derive(Clone)]
pub struct Tracker {
    queue: mpsc::Sender<NewEvent>,
    /// Asks the writer to store what is queued and stop; it answers when done.
    stop: mpsc::Sender<oneshot::Sender<()>>,
}

impl Tracker {
    /// Starts the writer on the current runtime.
    pub fn start(db: Db) -> Tracker {
        let (queue, events) = mpsc::channel(QUEUE);
        let (stop, stops) = mpsc::channel(1);
        tokio::spawn(write(db, events, stops));
        Tracker { queue, stop }
    }

    /// Stores every event accepted so far and stops the writer (the server is stopping); gives
    /// up after [`DRAIN_WITHIN`] (a database that stays away). Answers how it went.
    pub async fn drain(&self) -> bool {
        let (done, finished) = oneshot::channel();
        if self.stop.send(done).await.is_err() {
            return true;
        }
        tokio::time::timeout(DRAIN_WITHIN, finished).await.is_ok_and(|r| r.is_ok())
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

async fn write(db: Db, mut events: mpsc::Receiver<NewEvent>, mut stops: mpsc::Receiver<oneshot::Sender<()>>) {
    let mut batch = Vec::with_capacity(BATCH);
    loop {
        let first = tokio::select! {
            first = events.recv() => first,
            stop = stops.recv() => {
                // No new events from now on; the queued ones are stored, then the writer ends.
                events.close();
                while let Some(event) = events.recv().await {
                    batch.push(event);
                    if batch.len() == BATCH {
                        store(&db, std::mem::take(&mut batch)).await;
                    }
                }
                if !batch.is_empty() {
                    store(&db, std::mem::take(&mut batch)).await;
                }
                if let Some(done) = stop {
                    let _ = done.send(());
                }
                return;
            }
        };
        let Some(first) = first else { return };
        batch.push(first);
        let deadline = tokio::time::Instant::now() + GATHER;
        while batch.len() < BATCH {
            match tokio::time::timeout_at(deadline, events.recv()).await {
                Ok(Some(event)) => batch.push(event),
                _ => break,
            }
        }
        store(&db, std::mem::take(&mut batch)).await;
        batch.clear();
    }
}

/// Stores a batch, whatever it takes: a batch the database refuses is tried event by event, so
/// an event it refuses on its own loses only itself; while the database refuses every event (it
/// is away), the writer waits and tries again, with a growing pause — the queue fills meanwhile
/// and new events are refused, kept by their clients, so nothing accepted is dropped.
async fn store(db: &Db, mut pending: Vec<NewEvent>) {
    let mut pause = Duration::from_millis(500);
    loop {
        let Err(e) = storage::tracking::record(db, &pending).await else { return };
        let mut refused = Vec::new();
        let mut stored = 0;
        for event in pending {
            match storage::tracking::record(db, std::slice::from_ref(&event)).await {
                Ok(()) => stored += 1,
                Err(_) => refused.push(event),
            }
        }
        if refused.is_empty() {
            return;
        }
        if stored > 0 {
            tracing::error!(error = %e, dropped = refused.len(), "usage events the database refuses were dropped");
            return;
        }
        tracing::warn!(error = %e, events = refused.len(), retry_in_ms = pause.as_millis() as u64, "storing usage events failed; retrying");
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(30));
        pending = refused;
    }
}
