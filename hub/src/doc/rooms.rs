//! The registry of open documents on this process: opens a room on first use, routes
//! revocations, forgets a room when it unloads.

use std::collections::HashMap;
use std::sync::Arc;

use actix::prelude::*;
use storage::bus::{BusEvent, DocPayload, SharedBus};
use storage::Db;

use crate::doc::room::{DocRoom, Remote, Revoke};

/// Sends this process's document traffic to the other processes over the bus; with the
/// in-process bus there are no other processes and nothing is sent.
#[derive(Clone)]
pub struct Relay {
    pub bus: SharedBus,
    pub origin: u64,
}

impl Relay {
    pub fn send(&self, key: &str, payload: DocPayload) {
        if !self.bus.reaches_other_processes() {
            return;
        }
        let (bus, event) = (self.bus.clone(), BusEvent::DocRelay { doc_key: key.to_owned(), origin: self.origin, payload });
        // A failed relay is made good by the bus: the others catch up from the log once Redis
        // answers again (`BusEvent::Resync`).
        actix::spawn(async move {
            if let Err(e) = bus.publish(event).await {
                tracing::warn!(error = %e, "relaying document traffic failed");
            }
        });
    }
}

/// A message for every open room of this process (a session ended, the bus lost traffic, the
/// server is stopping).
#[derive(Message)]
#[rtype(result = "()")]
pub struct EveryRoom<M>(pub M);

/// Document traffic relayed from another process.
#[derive(Message)]
#[rtype(result = "()")]
pub struct RelayIn {
    pub key: String,
    pub origin: u64,
    pub payload: DocPayload,
}

/// The room of a document, opened (and loaded) if needed.
#[derive(Message)]
#[rtype(result = "Addr<DocRoom>")]
pub struct OpenRoom {
    pub key: Arc<str>,
}

/// A room is unloading.
#[derive(Message)]
#[rtype(result = "()")]
pub struct RoomClosed {
    pub key: Arc<str>,
    pub addr: Addr<DocRoom>,
}

/// Access to a document changed: close the affected connections with `close_code`.
#[derive(Message)]
#[rtype(result = "()")]
pub struct RevokeAccess {
    pub key: String,
    /// `None`: everyone's connections.
    pub user_id: Option<i64>,
    pub close_code: u16,
}

pub struct DocRooms {
    db: Db,
    log: super::log::DocLog,
    relay: Relay,
    open: HashMap<Arc<str>, Addr<DocRoom>>,
}

impl DocRooms {
    pub fn new(db: Db, relay: Relay) -> DocRooms {
        let log = super::log::DocLog::start(db.clone());
        DocRooms { db, log, relay, open: HashMap::new() }
    }
}

impl Handler<RelayIn> for DocRooms {
    type Result = ();
    fn handle(&mut self, msg: RelayIn, _: &mut Context<Self>) {
        if msg.origin == self.relay.origin {
            return;
        }
        // A room not open here has nothing to update: it loads the logged state when opened.
        if let Some(room) = self.open.get(msg.key.as_str()) {
            room.do_send(Remote(msg.payload));
        }
    }
}

impl Actor for DocRooms {
    type Context = Context<Self>;
}

impl Handler<OpenRoom> for DocRooms {
    type Result = MessageResult<OpenRoom>;
    fn handle(&mut self, msg: OpenRoom, ctx: &mut Context<Self>) -> Self::Result {
        if let Some(addr) = self.open.get(&msg.key).filter(|a| a.connected()) {
            return MessageResult(addr.clone());
        }
        let room = DocRoom::new(msg.key.clone(), self.db.clone(), self.log.clone(), ctx.address(), self.relay.clone()).start();
        self.open.insert(msg.key, room.clone());
        MessageResult(room)
    }
}

impl Handler<RoomClosed> for DocRooms {
    type Result = ();
    fn handle(&mut self, msg: RoomClosed, _: &mut Context<Self>) {
        if self.open.get(&msg.key).is_some_and(|a| *a == msg.addr) {
            self.open.remove(&msg.key);
        }
    }
}

impl<M> Handler<EveryRoom<M>> for DocRooms
where
    M: Message<Result = ()> + Clone + Send + 'static,
    DocRoom: Handler<M>,
{
    type Result = ();
    fn handle(&mut self, msg: EveryRoom<M>, _: &mut Context<Self>) {
        for room in self.open.values() {
            room.do_send(msg.0.clone());
        }
    }
}

impl Handler<RevokeAccess> for DocRooms {
    type Result = ();
    fn handle(&mut self, msg: RevokeAccess, _: &mut Context<Self>) {
        if let Some(room) = self.open.get(msg.key.as_str()) {
            room.do_send(Revoke { user_id: msg.user_id, close_code: msg.close_code });
        }
    }
}
