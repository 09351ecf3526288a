//! The registry of open documents on this process: opens a room on first use, routes
//! revocations, forgets a room when it unloads.

use std::collections::HashMap;
use std::sync::Arc;

use actix::prelude::*;
use storage::Db;

use crate::doc::room::{DocRoom, Revoke};

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

/// A user's access to a document was removed.
#[derive(Message)]
#[rtype(result = "()")]
pub struct RevokeAccess {
    pub key: String,
    pub user_id: i64,
}

/// The room of a document if it is open here (for tests and REST readers).
#[derive(Message)]
#[rtype(result = "Option<Addr<DocRoom>>")]
pub struct FindRoom {
    pub key: String,
}

pub struct DocRooms {
    db: Db,
    open: HashMap<Arc<str>, Addr<DocRoom>>,
}

impl DocRooms {
    pub fn new(db: Db) -> DocRooms {
        DocRooms { db, open: HashMap::new() }
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
        let room = DocRoom::new(msg.key.clone(), self.db.clone(), ctx.address()).start();
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

impl Handler<RevokeAccess> for DocRooms {
    type Result = ();
    fn handle(&mut self, msg: RevokeAccess, _: &mut Context<Self>) {
        if let Some(room) = self.open.get(msg.key.as_str()) {
            room.do_send(Revoke { user_id: msg.user_id });
        }
    }
}

impl Handler<FindRoom> for DocRooms {
    type Result = Option<Addr<DocRoom>>;
    fn handle(&mut self, msg: FindRoom, _: &mut Context<Self>) -> Self::Result {
        self.open.get(msg.key.as_str()).filter(|a| a.connected()).cloned()
    }
}
