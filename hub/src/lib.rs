//! The hub: actix actors that hold live connections.
//!
//! - [`session::PushSession`]: one actor per push WebSocket (`/socket/im/magic/{email}`). It
//!   replays what the client missed, forwards live pushes in order, answers acks and heartbeats,
//!   and closes a client that stops reading.
//! - [`registry::PushRegistry`]: maps users and sign-in sessions to the live push sockets of this
//!   process and routes bus events to them.
//! - [`doc`]: live co-editing — one `DocRoom` per open document around a sans-IO core, one
//!   `DocConnection` per y-websocket connection, and the `DocRooms` registry.
//! - [`Hub`]: the handle the REST layer uses to push (store, then publish on the bus).
//! - [`jobs::Jobs`]: the job engine — every background job (downloads, save-to-knowledge, …)
//!   from one durable, leased, fair queue.
//!
//! Architecture Invariant: a push is appended to the per-user log before it is published, so
//! the bus may lose or reorder events without a client missing a message.

pub mod acks;
pub mod doc;
pub mod jobs;
pub mod lease;
pub mod metrics;
pub mod online_reminder;
pub mod outbox;
pub mod registry;
pub mod render;
pub mod session;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use actix::{Actor, Addr};
use storage::bus::{BusEvent, SharedBus};
use storage::push_log::{self, NewPush, PushRecord};
use storage::Db;
use tokio::sync::broadcast::error::RecvError;

use crate::doc::rooms::{DocRooms, RevokeAccess};
use crate::registry::{BusDelivery, PushRegistry, ResyncAll};

/// Tells the other processes, through the bus, when this one changes the account tables, so
/// that they drop their cached reads (`storage::account_cache`). Changes made meanwhile are told
/// once: the bus only rings the bell.
fn tell_account_changes(db: &Db, bus: &SharedBus, origin: u64) {
    if !bus.reaches_other_processes() {
        return;
    }
    let mut changes = db.account_changes();
    let bus = bus.clone();
    actix::spawn(async move {
        while changes.changed().await.is_ok() {
            if let Err(e) = bus.publish(BusEvent::AccountsChanged { origin }).await {
                // The bus answers a failed publish with a resync to everyone once it is back.
                tracing::warn!(error = %e, "could not tell the other processes of an account change");
            }
        }
    });
}

/// The handle to this process's hub; cheap to clone.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<HubInner>,
}

struct HubInner {
    db: Db,
    bus: SharedBus,
    registry: Addr<PushRegistry>,
    doc_rooms: Addr<DocRooms>,
    acks: acks::AckWriter,
    next_conn_id: AtomicU64,
    /// Co-editing sockets open in this process, per user.
    doc_sockets: Arc<std::sync::Mutex<std::collections::HashMap<i64, usize>>>,
    /// The process is stopping: it takes no new socket, and says so to health checks.
    draining: std::sync::atomic::AtomicBool,
}

/// A user's place among their co-editing sockets; the place is given back when it is dropped
/// (with the connection's actor).
pub struct DocSocketSlot {
    user_id: i64,
    counts: Arc<std::sync::Mutex<std::collections::HashMap<i64, usize>>>,
}

impl Drop for DocSocketSlot {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = counts.get_mut(&self.user_id) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.user_id);
            }
        }
    }
}

impl Hub {
    /// Starts the registry and the bus listener. Call inside a running actix system.
    pub fn start(db: Db, bus: SharedBus) -> Hub {
        let registry = PushRegistry::default().start();
        let mut origin = [0u8; 8];
        getrandom::fill(&mut origin).expect("the OS random source is available");
        let origin = u64::from_le_bytes(origin);
        let relay = doc::rooms::Relay { bus: bus.clone(), origin };
        tell_account_changes(&db, &bus, origin);
        let doc_rooms = DocRooms::new(db.clone(), relay).start();
        let mut events = bus.subscribe();
        let target = registry.clone();
        let docs = doc_rooms.clone();
        let accounts = db.clone();
        actix::spawn(async move {
            loop {
                match events.recv().await {
                    Ok(BusEvent::DocAccessChanged { doc_key, user_id, close_code }) => docs.do_send(RevokeAccess { key: doc_key, user_id, close_code }),
                    Ok(BusEvent::DocRelay { doc_key, origin, payload }) => docs.do_send(doc::rooms::RelayIn { key: doc_key, origin, payload }),
                    // Every socket of an ended session closes: push sockets and co-editing ones.
                    Ok(BusEvent::SessionEnded { token_hash }) => {
                        docs.do_send(doc::rooms::EveryRoom(doc::room::EndSession { token_hash: token_hash.as_str().into() }));
                        target.do_send(BusDelivery(BusEvent::SessionEnded { token_hash }));
                    }
                    Ok(BusEvent::AccountsChanged { origin: from }) => {
                        if from != origin {
                            accounts.accounts_changed_elsewhere();
                        }
                    }
                    // Bus traffic was lost: pushes come again from the push log, document
                    // updates from the document log, account reads from the database.
                    Ok(BusEvent::Resync) => {
                        tracing::info!("bus traffic was lost; sessions resync and open documents catch up");
                        accounts.accounts_changed_elsewhere();
                        target.do_send(ResyncAll);
                        docs.do_send(doc::rooms::EveryRoom(doc::room::CatchUp));
                    }
                    Ok(event) => target.do_send(BusDelivery(event)),
                    Err(RecvError::Lagged(skipped)) => {
                        tracing::warn!(skipped, "hub fell behind the bus; sessions resync from the push log");
                        accounts.accounts_changed_elsewhere();
                        target.do_send(ResyncAll);
                        docs.do_send(doc::rooms::EveryRoom(doc::room::CatchUp));
                    }
                    Err(RecvError::Closed) => break,
                }
            }
        });
        let acks = acks::AckWriter::start(db.clone());
        Hub {
            inner: Arc::new(HubInner {
                db,
                bus,
                registry,
                doc_rooms,
                acks,
                next_conn_id: AtomicU64::new(1),
                doc_sockets: Default::default(),
                draining: Default::default(),
            }),
        }
    }

    /// Records, in the background and in batches, that the user received push `seq`.
    pub fn ack(&self, user_id: i64, seq: i64) {
        self.inner.acks.ack(user_id, seq);
    }

    pub fn db(&self) -> &Db {
        &self.inner.db
    }

    pub fn registry(&self) -> &Addr<PushRegistry> {
        &self.inner.registry
    }

    pub fn doc_rooms(&self) -> &Addr<DocRooms> {
        &self.inner.doc_rooms
    }

    pub fn bus_kind(&self) -> &'static str {
        self.inner.bus.kind()
    }

    pub(crate) fn next_conn_id(&self) -> u64 {
        self.inner.next_conn_id.fetch_add(1, Ordering::Relaxed)
    }

    /// A place for one more co-editing socket of the user in this process, if they have fewer
    /// than `limit` open.
    pub fn doc_socket_slot(&self, user_id: i64, limit: usize) -> Option<DocSocketSlot> {
        let mut counts = self.inner.doc_sockets.lock().unwrap_or_else(|e| e.into_inner());
        let n = counts.entry(user_id).or_insert(0);
        if *n >= limit {
            return None;
        }
        *n += 1;
        Some(DocSocketSlot { user_id, counts: self.inner.doc_sockets.clone() })
    }

    /// Stores the pushes in the users' logs, then publishes them to every process. A failed
    /// publish is logged, not returned: the pushes are stored and reach clients on their next
    /// message or reconnect.
    pub async fn push(&self, pushes: Vec<NewPush>) -> storage::Result<Vec<PushRecord>> {
        if pushes.is_empty() {
            return Ok(Vec::new());
        }
        let records = push_log::append(&self.inner.db, &pushes).await?;
        metrics::PUSHES_STORED.inc_by(records.len() as u64);
        if let Err(e) = self.inner.bus.publish(BusEvent::Pushes(records.clone())).await {
            tracing::error!(error = %e, "publishing pushes failed; clients will catch up from the log");
        }
        Ok(records)
    }

    /// Sends `message` to every open push socket of every process, without storing it: for
    /// hints such as "records changed" that a client acts on by reloading through REST.
    pub async fn signal_everyone(&self, message: &protocol::push::PushMessage) {
        let frame = protocol::push::PushEnvelope::signal(message).to_json();
        if let Err(e) = self.inner.bus.publish(BusEvent::Signal { frame }).await {
            tracing::error!(error = %e, "publishing a signal failed");
        }
    }

    /// Sends `message` to the open push sockets of these users, without storing it (a hint the
    /// client acts on by reloading through REST, as [`Hub::signal_everyone`]).
    pub async fn signal_users(&self, user_ids: Vec<i64>, message: &protocol::push::PushMessage) {
        if user_ids.is_empty() {
            return;
        }
        let frame = protocol::push::PushEnvelope::signal(message).to_json();
        if let Err(e) = self.inner.bus.publish(BusEvent::SignalUsers { user_ids, frame }).await {
            tracing::error!(error = %e, "publishing a signal failed");
        }
    }

    /// Runs `f` on a document in its room (opening and loading it if needed), so REST reads and
    /// edits see and change exactly what live editors do. Edits are durable when this returns.
    pub async fn with_doc<T, F>(&self, key: &str, f: F) -> Result<T, doc::error::DocError>
    where
        T: Send + 'static,
        F: FnOnce(&yrs::Doc) -> Result<T, doc::error::DocError> + Send + 'static,
    {
        let room = self.inner.doc_rooms.send(doc::rooms::OpenRoom { key: key.into() }).await.map_err(|e| doc::error::DocError::Failed(e.to_string()))?;
        let run: doc::room::DocFn = Box::new(move |doc| f(doc).map(|value| Box::new(value) as Box<dyn std::any::Any + Send>));
        // A room that is unloading drops the message: the caller may simply try again.
        let answer = room.send(doc::room::WithDoc(run)).await.map_err(|_| doc::error::DocError::Reloading)??;
        answer.downcast::<T>().map(|value| *value).map_err(|_| doc::error::DocError::Failed("a document answer of another type".into()))
    }

    /// Closes the user's connections to a document, in every process: with 4403 when the access
    /// was removed.
    pub async fn revoke_doc_access(&self, doc_key: &str, user_id: i64) {
        self.doc_access_changed(doc_key, Some(user_id), protocol::push::close_code::FORBIDDEN).await;
    }

    /// Closes connections to a document (one user's, or everyone's with `None`) in every process
    /// with `close_code`; with 4100 clients reconnect and get their new rights.
    pub async fn doc_access_changed(&self, doc_key: &str, user_id: Option<i64>, close_code: u16) {
        let event = BusEvent::DocAccessChanged { doc_key: doc_key.to_owned(), user_id, close_code };
        if let Err(e) = self.inner.bus.publish(event).await {
            tracing::error!(error = %e, "publishing an access change failed");
        }
    }

    /// Marks the process as stopping: socket upgrades are refused (503, so a proxy tries another
    /// node) and `/healthz` answers 503, while the sockets already open stay until `going_away`.
    pub fn drain(&self) {
        self.inner.draining.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    pub fn is_draining(&self) -> bool {
        self.inner.draining.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// The server is stopping: every socket of this process closes with 1001 (going away), so
    /// clients reconnect at once (behind a proxy, to another node) instead of finding a dead
    /// connection. Waits until the closes are sent, or `within`.
    pub async fn going_away(&self, within: std::time::Duration) {
        self.drain();
        self.inner.registry.do_send(registry::GoingAway);
        self.inner.doc_rooms.do_send(doc::rooms::EveryRoom(doc::room::GoingAway));
        let deadline = std::time::Instant::now() + within;
        while std::time::Instant::now() < deadline {
            let open = self.inner.registry.send(registry::CountSockets).await.unwrap_or(0);
            let editing: usize = self.inner.doc_sockets.lock().map(|counts| counts.values().sum()).unwrap_or(0);
            if open == 0 && editing == 0 {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }

    /// Closes every socket of the sign-in session (logout, account switch): push and co-editing,
    /// in every process.
    pub async fn end_session(&self, token_hash: &str) {
        if let Err(e) = self.inner.bus.publish(BusEvent::SessionEnded { token_hash: token_hash.to_owned() }).await {
            tracing::error!(error = %e, "publishing a session end failed");
        }
    }
}
