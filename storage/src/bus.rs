//! The bus that carries hub events between server processes: in-process by default, Redis
//! pub/sub when `REDIS_URL` is set. Every process subscribes; an event published anywhere reaches
//! every process (its own included), which then delivers it to its local sockets.
//!
//! The bus is a doorbell, not the record: pushes are stored in the push log before they are
//! published, so a lost or lagging bus message is recovered from the log by sequence number.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use crate::push_log::PushRecord;
use crate::{Result, StorageError};

/// How many events a slow local subscriber may fall behind before it skips (and recovers from
/// the push log).
const LOCAL_CAPACITY: usize = 65_536;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum BusEvent {
    /// Stored pushes, each for one user.
    Pushes(Vec<PushRecord>),
    /// A sign-in session ended or changed account (logout, super-user switch): its sockets close.
    SessionEnded { token_hash: String },
    /// A user's access to a document changed (`user_id` None: everyone's): their connections
    /// to it close with `close_code` (4403 removed, 4100 reconnect with the new rights).
    DocAccessChanged { doc_key: String, user_id: Option<i64>, close_code: u16 },
    /// A signal for every open push socket (a serialised `PushEnvelope` with an empty id): not
    /// stored, so a lost one is a missed hint, never a lost message.
    Signal { frame: String },
    /// A signal for the open push sockets of some users only (drive changes of a space).
    SignalUsers { user_ids: Vec<i64>, frame: String },
    /// Document traffic from the editors of one process for the editors of the others: updates
    /// (already in the log) or an awareness frame. `origin` is the sending process.
    DocRelay { doc_key: String, origin: u64, payload: DocPayload },
    /// A process (`origin`) changed the account tables: the others drop their cached reads of
    /// them (`account_cache`).
    AccountsChanged { origin: u64 },
    /// Bus traffic was lost: a process's subscription dropped and is back (sent to that process
    /// only), or a publish failed (published to all once Redis answers again). Whoever hears it
    /// resyncs its push sockets from the push log and its open documents from the document log.
    Resync,
}

/// What a [`BusEvent::DocRelay`] carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum DocPayload {
    /// yrs updates (V1), durable before they were sent.
    Updates(Vec<Vec<u8>>),
    /// One y-websocket awareness message.
    Awareness(Vec<u8>),
}

#[async_trait]
pub trait Bus: Send + Sync + 'static {
    async fn publish(&self, event: BusEvent) -> Result<()>;
    fn subscribe(&self) -> broadcast::Receiver<BusEvent>;
    fn kind(&self) -> &'static str;
    /// True when other server processes receive what is published.
    fn reaches_other_processes(&self) -> bool;
}

pub type SharedBus = Arc<dyn Bus>;

/// Connects the bus named by `redis_url`, or the in-process one. Processes share events when they
/// use the same Redis and the same `namespace` (one per deployment; tests use one each).
pub async fn connect(redis_url: Option<&str>, namespace: &str) -> Result<SharedBus> {
    match redis_url {
        Some(url) if !url.is_empty() => Ok(Arc::new(RedisBus::connect(url, namespace).await?)),
        _ => Ok(Arc::new(InProcessBus::new())),
    }
}

/// One process only.
pub struct InProcessBus {
    tx: broadcast::Sender<BusEvent>,
}

impl InProcessBus {
    pub fn new() -> Self {
        InProcessBus { tx: broadcast::channel(LOCAL_CAPACITY).0 }
    }
}

impl Default for InProcessBus {
    fn default() -> Self {
        Self::new()
    }
}

#[async_trait]
impl Bus for InProcessBus {
    async fn publish(&self, event: BusEvent) -> Result<()> {
        // No subscriber is not an error: nobody is connected.
        let _ = self.tx.send(event);
        Ok(())
    }

    fn subscribe(&self) -> broadcast::Receiver<BusEvent> {
        self.tx.subscribe()
    }

    fn kind(&self) -> &'static str {
        "in-process"
    }

    fn reaches_other_processes(&self) -> bool {
        false
    }
}

/// Redis pub/sub on one channel; a background task re-subscribes after a connection loss, and
/// the publishing connection reconnects by itself (a Redis restart ends both).
pub struct RedisBus {
    channel: String,
    publisher: redis::aio::ConnectionManager,
    local: broadcast::Sender<BusEvent>,
    /// A publish failed and the others have not yet been told to resync.
    lost: Arc<std::sync::atomic::AtomicBool>,
}

impl RedisBus {
    pub async fn connect(url: &str, namespace: &str) -> Result<RedisBus> {
        let channel = format!("eduhub:{namespace}:hub");
        let client = redis::Client::open(url).map_err(|e| StorageError::Bus(e.to_string()))?;
        let publisher = client.get_connection_manager().await.map_err(|e| StorageError::Bus(e.to_string()))?;
        let local = broadcast::channel(LOCAL_CAPACITY).0;
        // Subscribe before returning so that nothing published after connect() is missed.
        let pubsub = subscribe(&client, &channel).await?;
        tokio::spawn(relay(client, channel.clone(), pubsub, local.clone()));
        Ok(RedisBus { channel, publisher, local, lost: Arc::default() })
    }
}

async fn publish_on(publisher: &redis::aio::ConnectionManager, channel: &str, event: &BusEvent) -> Result<()> {
    let payload = serde_json::to_vec(event).expect("bus events serialise");
    let mut conn = publisher.clone();
    redis::cmd("PUBLISH").arg(channel).arg(payload).query_async::<i64>(&mut conn).await.map_err(|e| StorageError::Bus(e.to_string()))?;
    Ok(())
}

async fn subscribe(client: &redis::Client, channel: &str) -> Result<redis::aio::PubSub> {
    let mut pubsub = client.get_async_pubsub().await.map_err(|e| StorageError::Bus(e.to_string()))?;
    pubsub.subscribe(channel).await.map_err(|e| StorageError::Bus(e.to_string()))?;
    Ok(pubsub)
}

async fn relay(client: redis::Client, channel: String, mut pubsub: redis::aio::PubSub, local: broadcast::Sender<BusEvent>) {
    loop {
        {
            let mut messages = pubsub.on_message();
            while let Some(msg) = messages.next().await {
                let payload: Vec<u8> = match msg.get_payload() {
                    Ok(p) => p,
                    Err(e) => {
                        tracing::warn!(error = %e, "unreadable bus payload");
                        continue;
                    }
                };
                match serde_json::from_slice::<BusEvent>(&payload) {
                    Ok(event) => {
                        let _ = local.send(event);
                    }
                    Err(e) => tracing::warn!(error = %e, "undecodable bus event"),
                }
            }
        }
        tracing::warn!("redis bus subscription lost; reconnecting");
        loop {
            tokio::time::sleep(Duration::from_millis(500)).await;
            match subscribe(&client, &channel).await {
                Ok(p) => {
                    pubsub = p;
                    let _ = local.send(BusEvent::Resync);
                    break;
                }
                Err(e) => tracing::warn!(error = %e, "redis bus reconnect failed"),
            }
        }
    }
}

#[async_trait]
impl Bus for RedisBus {
    async fn publish(&self, event: BusEvent) -> Result<()> {
        let result = publish_on(&self.publisher, &self.channel, &event).await;
        if result.is_err() && !self.lost.swap(true, std::sync::atomic::Ordering::SeqCst) {
            // What this publish carried is in the logs: once Redis answers again, every process
            // reads them again.
            let (publisher, channel, lost) = (self.publisher.clone(), self.channel.clone(), self.lost.clone());
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    if publish_on(&publisher, &channel, &BusEvent::Resync).await.is_ok() {
                        lost.store(false, std::sync::atomic::Ordering::SeqCst);
                        break;
                    }
                }
            });
        }
        result
    }

    fn subscribe(&self) -> broadcast::Receiver<BusEvent> {
        self.local.subscribe()
    }

    fn kind(&self) -> &'static str {
        "redis"
    }

    fn reaches_other_processes(&self) -> bool {
        true
    }
}
