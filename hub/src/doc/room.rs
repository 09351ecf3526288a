//! One actor per open document. It owns the [`DocCore`], persists every update before it is
//! broadcast (group commit: updates that arrive while a write is in flight go in the next one),
//! compacts the log into a V2 snapshot, and unloads itself when idle.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use actix::prelude::*;
use bytes::Bytes;
use storage::{documents, Db};

use crate::doc::core::{ConnId, CoreError, DocCore, Output};
use crate::doc::error::DocError;
use crate::doc::rooms::{DocRooms, Relay, RoomClosed};
use storage::bus::DocPayload;

/// The first byte of a y-websocket awareness message.
const MSG_AWARENESS: u8 = 1;
use crate::metrics;

/// Compact after at least this many logged updates (and at most half as many again: each room
/// draws its own point, so rooms edited at the same pace do not all compact in the same second —
/// 250 of them at once held the database's writer for 4 s in the soak, docs/reliability.md).
pub const COMPACT_EVERY: usize = 500;

/// A random number below `n` (0 if the system has no randomness to give).
fn below(n: u64) -> u64 {
    let mut bytes = [0u8; 8];
    if n == 0 || getrandom::fill(&mut bytes).is_err() {
        return 0;
    }
    u64::from_le_bytes(bytes) % n
}

/// A room's next compaction point: `COMPACT_EVERY` plus a random part of half of it.
fn compaction_point() -> usize {
    COMPACT_EVERY + below(COMPACT_EVERY as u64 / 2) as usize
}

/// Unload a room at least this long after its last connection left (and at most twice as long).
pub const IDLE_UNLOAD: Duration = Duration::from_secs(30);

/// When an idle room unloads: `IDLE_UNLOAD` plus a random part of it. An unload writes the room's
/// snapshot; rooms left in the same second (a class ending, the soak's editors moving on) all
/// wrote at once 30 s later, and SQLite's one writer held every edit behind 250 snapshots: a
/// co-editing p99 of 650 ms for that second (docs/reliability.md, the soak).
fn unload_delay() -> Duration {
    IDLE_UNLOAD + Duration::from_millis(below(IDLE_UNLOAD.as_millis() as u64))
}

/// What a room sends a connection.
#[derive(Message, Clone, Debug)]
#[rtype(result = "()")]
pub enum DocOut {
    Frame(Bytes),
    Close(u16, &'static str),
}

/// Connections one document holds in one process.
pub const MAX_CONNS_PER_DOC: usize = 64;

/// Why a connection could not join.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JoinError {
    /// The document could not be loaded (or is unloading).
    Unavailable(String),
    /// The document holds `MAX_CONNS_PER_DOC` connections already.
    Full,
}

/// A connection joins; answered once it is attached (after the document is loaded).
#[derive(Message)]
#[rtype(result = "Result<(), JoinError>")]
pub struct Join {
    pub conn: ConnId,
    pub user_id: i64,
    pub session: Arc<str>,
    pub read_only: bool,
    pub out: Recipient<DocOut>,
}

#[derive(Message)]
#[rtype(result = "()")]
pub struct Leave {
    pub conn: ConnId,
}

/// A binary frame from a connection; answered when processed (the connection reads the next
/// frame only then, so a fast sender is slowed by TCP, not buffered here).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Incoming {
    pub conn: ConnId,
    pub data: Bytes,
}

/// Access changed: the connections of `user_id` (everyone's with `None`) close with `close_code`.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Revoke {
    pub user_id: Option<i64>,
    pub close_code: u16,
}

/// Runs `f` on the room's document (a REST read or edit). Edits are written to the log before
/// the answer and before editors see them, like any other update.
#[derive(Message)]
#[rtype(result = "Result<Box<dyn std::any::Any + Send>, DocError>")]
pub struct WithDoc(pub DocFn);

/// A read or write of a document's state, run inside its room; its answer is typed by
/// `Hub::with_doc`, which made it.
pub type DocFn = Box<dyn FnOnce(&yrs::Doc) -> Result<Box<dyn std::any::Any + Send>, DocError> + Send>;

struct Member {
    user_id: i64,
    session: Arc<str>,
    out: Recipient<DocOut>,
}

pub struct DocRoom {
    key: Arc<str>,
    db: Db,
    /// Where updates are made durable (one group commit for all rooms).
    log: super::log::DocLog,
    /// Where this process's document traffic goes for the other processes.
    relay: Relay,
    rooms: Addr<DocRooms>,
    core: Option<DocCore>,
    members: HashMap<ConnId, Member>,
    /// Outputs waiting for the updates before them to be durable.
    held: Vec<Output>,
    /// Updates waiting to be written.
    unwritten: Vec<Vec<u8>>,
    writing: bool,
    /// Updates logged since the last snapshot.
    tail: usize,
    /// The tail at which the room compacts next.
    compact_at: usize,
    last_id: i64,
    idle_generation: u64,
}

impl DocRoom {
    pub fn new(key: Arc<str>, db: Db, log: super::log::DocLog, rooms: Addr<DocRooms>, relay: Relay) -> DocRoom {
        DocRoom {
            key,
            db,
            log,
            relay,
            rooms,
            core: None,
            members: HashMap::new(),
            held: Vec::new(),
            unwritten: Vec::new(),
            writing: false,
            tail: 0,
            compact_at: compaction_point(),
            last_id: 0,
            idle_generation: 0,
        }
    }

    /// Sends outputs to this process's connections; awareness changes of local editors are also
    /// relayed to the other processes.
    fn send(&self, outputs: Vec<Output>) {
        self.send_local(outputs, true);
    }

    fn send_local(&self, outputs: Vec<Output>, relay_awareness: bool) {
        for output in outputs {
            if relay_awareness {
                if let Output::Broadcast { frame, .. } = &output {
                    if frame.first() == Some(&MSG_AWARENESS) {
                        self.relay.send(&self.key, DocPayload::Awareness(frame.clone()));
                    }
                }
            }
            match output {
                Output::Send(conn, frame) => {
                    if let Some(m) = self.members.get(&conn) {
                        m.out.do_send(DocOut::Frame(Bytes::from(frame)));
                    }
                }
                Output::Broadcast { except, frame } => {
                    let frame = Bytes::from(frame);
                    for (conn, m) in &self.members {
                        if Some(*conn) != except {
                            m.out.do_send(DocOut::Frame(frame.clone()));
                        }
                    }
                }
            }
        }
    }

    /// Routes outputs: at once when nothing waits to be written, else behind the write.
    fn emit(&mut self, outputs: Vec<Output>, ctx: &mut Context<Self>) {
        if let Some(core) = self.core.as_mut() {
            self.unwritten.extend(core.take_updates());
        }
        if self.unwritten.is_empty() && !self.writing && self.held.is_empty() {
            self.send(outputs);
        } else {
            self.held.extend(outputs);
            self.write(ctx);
        }
    }

    fn write(&mut self, ctx: &mut Context<Self>) {
        if self.writing {
            return;
        }
        if self.unwritten.is_empty() {
            let held = std::mem::take(&mut self.held);
            self.send(held);
            return;
        }
        self.writing = true;
        let batch = std::mem::take(&mut self.unwritten);
        let released = std::mem::take(&mut self.held);
        let (log, key) = (self.log.clone(), self.key.clone());
        let count = batch.len();
        ctx.spawn(async move { log.append(key, batch).await }.into_actor(self).map(move |result, act, ctx| {
            act.writing = false;
            match result {
                Ok((last_id, batch)) => {
                    metrics::DOC_UPDATES_WRITTEN.inc_by(count as u64);
                    act.last_id = last_id;
                    act.tail += count;
                    act.relay.send(&act.key, DocPayload::Updates(batch));
                    act.send(released);
                    if act.tail >= act.compact_at {
                        act.compact(ctx);
                    }
                    act.write(ctx);
                }
                Err(e) => {
                    // Nothing unwritten may be shown: drop every connection; clients keep their
                    // edits and send them again when they reconnect.
                    tracing::error!(error = %e, doc = %act.key, "writing document updates failed");
                    for m in act.members.values() {
                        m.out.do_send(DocOut::Close(1011, "保存失败，请重新连接"));
                    }
                    ctx.stop();
                }
            }
        }));
    }

    fn compact(&mut self, ctx: &mut Context<Self>) {
        let Some(core) = self.core.as_mut() else { return };
        let snapshot = core.snapshot_v2();
        core.compacted(snapshot.len());
        let (db, key, upto) = (self.db.clone(), self.key.clone(), self.last_id);
        self.tail = 0;
        self.compact_at = compaction_point();
        ctx.spawn(async move { documents::compact(&db, &key, &snapshot, upto).await }.into_actor(self).map(|result, act, _| {
            if let Err(e) = result {
                tracing::warn!(error = %e, doc = %act.key, "compaction failed; the log is kept");
            }
        }));
    }

    /// The in-memory document is not trustworthy: everyone reconnects to a fresh load.
    fn poisoned(&mut self, ctx: &mut Context<Self>) {
        tracing::error!(doc = %self.key, "document core poisoned; reloading from the store");
        for m in self.members.values() {
            m.out.do_send(DocOut::Close(1011, "文档需要重新加载"));
        }
        self.core = None;
        self.rooms.do_send(RoomClosed { key: self.key.clone(), addr: ctx.address() });
        ctx.stop();
    }

    fn schedule_unload(&mut self, ctx: &mut Context<Self>) {
        self.idle_generation += 1;
        let generation = self.idle_generation;
        ctx.run_later(unload_delay(), move |act, ctx| {
            if act.members.is_empty() && act.idle_generation == generation && !act.writing && act.unwritten.is_empty() {
                act.unload(ctx);
            }
        });
    }

    fn unload(&mut self, ctx: &mut Context<Self>) {
        let snapshot = self.core.as_ref().filter(|_| self.tail > 0).map(|c| c.snapshot_v2());
        let (db, key, upto) = (self.db.clone(), self.key.clone(), self.last_id);
        self.rooms.do_send(RoomClosed { key: self.key.clone(), addr: ctx.address() });
        ctx.wait(
            async move {
                if let Some(snapshot) = snapshot {
                    if let Err(e) = documents::compact(&db, &key, &snapshot, upto).await {
                        tracing::warn!(error = %e, doc = %key, "compaction at unload failed; the log is kept");
                    }
                }
            }
            .into_actor(self)
            .map(|_, _, ctx| ctx.stop()),
        );
    }
}

impl Actor for DocRoom {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        metrics::DOC_ROOMS.inc();
        // Nothing is handled until the document is loaded.
        let (db, key) = (self.db.clone(), self.key.clone());
        ctx.wait(async move { documents::load(&db, &key).await }.into_actor(self).map(|result, act, ctx| match result {
            Ok(stored) => match DocCore::load(stored.snapshot_v2.as_deref(), &stored.updates_v1) {
                Ok(core) => {
                    act.tail = stored.updates_v1.len();
                    act.last_id = stored.last_id;
                    act.core = Some(core);
                }
                Err(e) => {
                    tracing::error!(error = %e, doc = %act.key, "stored document is unreadable");
                    ctx.stop();
                }
            },
            Err(e) => {
                tracing::error!(error = %e, doc = %act.key, "loading the document failed");
                ctx.stop();
            }
        }));
    }

    fn stopped(&mut self, _: &mut Context<Self>) {
        metrics::DOC_ROOMS.dec();
    }
}

impl Handler<Join> for DocRoom {
    type Result = Result<(), JoinError>;
    fn handle(&mut self, msg: Join, ctx: &mut Context<Self>) -> Self::Result {
        if self.members.len() >= MAX_CONNS_PER_DOC {
            return Err(JoinError::Full);
        }
        let Some(core) = self.core.as_mut() else {
            return Err(JoinError::Unavailable("document unavailable".into()));
        };
        let outputs = core.connect(msg.conn, msg.read_only);
        self.members.insert(msg.conn, Member { user_id: msg.user_id, session: msg.session, out: msg.out });
        self.idle_generation += 1;
        self.emit(outputs, ctx);
        Ok(())
    }
}

impl Handler<Leave> for DocRoom {
    type Result = ();
    fn handle(&mut self, msg: Leave, ctx: &mut Context<Self>) {
        if self.members.remove(&msg.conn).is_none() {
            return;
        }
        if let Some(core) = self.core.as_mut() {
            let outputs = core.disconnect(msg.conn);
            self.emit(outputs, ctx);
        }
        if self.members.is_empty() {
            self.schedule_unload(ctx);
        }
    }
}

impl Handler<Incoming> for DocRoom {
    type Result = ();
    fn handle(&mut self, msg: Incoming, ctx: &mut Context<Self>) {
        let Some(core) = self.core.as_mut() else { return };
        match core.receive(msg.conn, &msg.data) {
            Ok(outputs) => self.emit(outputs, ctx),
            Err(CoreError::Poisoned) => self.poisoned(ctx),
            Err(CoreError::TooLarge) => {
                tracing::warn!(doc = %self.key, "an edit past the document's size cap was refused");
                if let Some(m) = self.members.get(&msg.conn) {
                    m.out.do_send(DocOut::Close(protocol::push::close_code::MESSAGE_TOO_BIG, "文档已达大小上限（32 MB），无法继续编辑"));
                }
            }
            Err(e) => {
                tracing::debug!(error = %e, doc = %self.key, "bad frame from an editor");
                if let Some(m) = self.members.get(&msg.conn) {
                    m.out.do_send(DocOut::Close(protocol::push::close_code::UNSUPPORTED_DATA, "无法识别的消息"));
                }
            }
        }
    }
}

impl Handler<Revoke> for DocRoom {
    type Result = ();
    fn handle(&mut self, msg: Revoke, _: &mut Context<Self>) {
        let reason =
            if msg.close_code == protocol::push::close_code::FORBIDDEN { "已无权访问该文档" } else { "文档权限已变更，请重新连接" };
        for m in self.members.values().filter(|m| msg.user_id.is_none_or(|u| u == m.user_id)) {
            m.out.do_send(DocOut::Close(msg.close_code, reason));
        }
    }
}

/// The server is stopping: every connection closes with 1001 (y-websocket reconnects, to another
/// node; what an editor typed is in the log or still on the client).
#[derive(Message, Clone)]
#[rtype(result = "()")]
pub struct GoingAway;

impl Handler<GoingAway> for DocRoom {
    type Result = ();
    fn handle(&mut self, _: GoingAway, _: &mut Context<Self>) {
        for m in self.members.values() {
            m.out.do_send(DocOut::Close(protocol::push::close_code::GOING_AWAY, "服务重启，请重新连接"));
        }
    }
}

/// A sign-in session ended (logout, account switch): its connections close with 4001.
#[derive(Message, Clone)]
#[rtype(result = "()")]
pub struct EndSession {
    pub token_hash: Arc<str>,
}

impl Handler<EndSession> for DocRoom {
    type Result = ();
    fn handle(&mut self, msg: EndSession, _: &mut Context<Self>) {
        for m in self.members.values().filter(|m| m.session == msg.token_hash) {
            m.out.do_send(DocOut::Close(protocol::push::close_code::SESSION_ENDED, "登录已结束"));
        }
    }
}

impl Handler<WithDoc> for DocRoom {
    type Result = ResponseActFuture<Self, Result<Box<dyn std::any::Any + Send>, DocError>>;
    fn handle(&mut self, msg: WithDoc, _: &mut Context<Self>) -> Self::Result {
        let Some(core) = self.core.as_mut() else {
            return Box::pin(fut::ready(Err(DocError::Reloading)));
        };
        let doc = core.doc().clone();
        let value = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (msg.0)(&doc))) {
            Ok(value) => value,
            Err(_) => Err(DocError::Failed("document operation failed".to_owned())),
        };
        let outputs = core.flush_local();
        let updates = core.take_updates();
        if updates.is_empty() {
            return Box::pin(fut::ready(value));
        }
        let (log, key, count) = (self.log.clone(), self.key.clone(), updates.len());
        Box::pin(async move { log.append(key, updates).await }.into_actor(self).map(move |result, act, ctx| match result {
            Ok((last_id, updates)) => {
                metrics::DOC_UPDATES_WRITTEN.inc_by(count as u64);
                act.last_id = act.last_id.max(last_id);
                act.tail += count;
                act.relay.send(&act.key, DocPayload::Updates(updates));
                act.emit(outputs, ctx);
                value
            }
            Err(e) => {
                tracing::error!(error = %e, doc = %act.key, "writing a server edit failed");
                act.poisoned(ctx);
                Err(DocError::NotSaved)
            }
        }))
    }
}

/// Relayed traffic may have been lost: apply what the log holds (what this room already has
/// changes nothing), and send what was missing to this process's editors.
#[derive(Message, Clone)]
#[rtype(result = "()")]
pub struct CatchUp;

impl Handler<CatchUp> for DocRoom {
    type Result = ();
    fn handle(&mut self, _: CatchUp, ctx: &mut Context<Self>) {
        if self.core.is_none() {
            return;
        }
        let (db, key) = (self.db.clone(), self.key.clone());
        ctx.spawn(async move { storage::documents::load(&db, &key).await }.into_actor(self).map(|stored, act, ctx| {
            let Some(core) = act.core.as_mut() else { return };
            let stored = match stored {
                Ok(stored) => stored,
                Err(e) => {
                    tracing::warn!(error = %e, doc = %act.key, "catching up from the log failed");
                    return;
                }
            };
            match core.apply_stored(stored.snapshot_v2.as_deref(), &stored.updates_v1) {
                Ok(outputs) => act.send_local(outputs, false),
                Err(CoreError::Poisoned) => act.poisoned(ctx),
                Err(e) => tracing::warn!(error = %e, doc = %act.key, "the log could not be applied"),
            }
        }));
    }
}

/// Document traffic from another process (see [`Relay`]).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Remote(pub DocPayload);

impl Handler<Remote> for DocRoom {
    type Result = ();
    fn handle(&mut self, msg: Remote, ctx: &mut Context<Self>) {
        let Some(core) = self.core.as_mut() else { return };
        let result = match &msg.0 {
            DocPayload::Updates(updates) => core.apply_remote(updates),
            DocPayload::Awareness(frame) => core.apply_remote_awareness(frame),
        };
        match result {
            // Already durable on the sender: straight to this process's editors, not relayed back.
            Ok(outputs) => self.send_local(outputs, false),
            Err(CoreError::Poisoned) => self.poisoned(ctx),
            Err(e) => tracing::warn!(error = %e, doc = %self.key, "unusable relayed document traffic"),
        }
    }
}
