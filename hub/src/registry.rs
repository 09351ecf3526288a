//! The push registry: which push sockets of this process belong to which user and sign-in
//! session, and the routing of bus events to them. Several tabs of one user each get every push.

use std::collections::HashMap;
use std::sync::Arc;

use actix::{Actor, Context, Handler, Message, Recipient};
use storage::bus::BusEvent;
use storage::push_log::PushRecord;

/// A stored push for the socket's user.
#[derive(Message, Clone)]
#[rtype(result = "()")]
pub struct Deliver(pub Arc<PushRecord>);

/// Instructions from the registry to a socket.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
#[rtype(result = "()")]
pub enum Control {
    /// Close with this code (session ended).
    Close(u16),
    /// The server is stopping: close with 1001 (the client reconnects, to another node).
    GoingAway,
    /// Events may have been missed: catch up from the push log.
    Resync,
    /// Send this frame (a signal: not stored, not acknowledged).
    Signal(Arc<str>),
}

/// Adds a socket. Answered once the registry routes to it.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Register {
    pub conn_id: u64,
    pub user_id: i64,
    pub token_hash: Arc<str>,
    pub deliver: Recipient<Deliver>,
    pub control: Recipient<Control>,
}

#[derive(Message)]
#[rtype(result = "()")]
pub struct Unregister {
    pub conn_id: u64,
    pub user_id: i64,
}

/// An event from the bus.
#[derive(Message)]
#[rtype(result = "()")]
pub struct BusDelivery(pub BusEvent);

/// The bus lagged: every socket resyncs.
#[derive(Message)]
#[rtype(result = "()")]
pub struct ResyncAll;

/// How many sockets the registry holds (for tests and metrics).
#[derive(Message)]
#[rtype(result = "usize")]
pub struct CountSockets;

struct Entry {
    conn_id: u64,
    token_hash: Arc<str>,
    deliver: Recipient<Deliver>,
    control: Recipient<Control>,
}

#[derive(Default)]
pub struct PushRegistry {
    by_user: HashMap<i64, Vec<Entry>>,
}

impl Actor for PushRegistry {
    type Context = Context<Self>;
}

impl Handler<Register> for PushRegistry {
    type Result = ();
    fn handle(&mut self, msg: Register, _: &mut Context<Self>) {
        self.by_user.entry(msg.user_id).or_default().push(Entry {
            conn_id: msg.conn_id,
            token_hash: msg.token_hash,
            deliver: msg.deliver,
            control: msg.control,
        });
    }
}

impl Handler<Unregister> for PushRegistry {
    type Result = ();
    fn handle(&mut self, msg: Unregister, _: &mut Context<Self>) {
        if let Some(entries) = self.by_user.get_mut(&msg.user_id) {
            entries.retain(|e| e.conn_id != msg.conn_id);
            if entries.is_empty() {
                self.by_user.remove(&msg.user_id);
            }
        }
    }
}

impl Handler<BusDelivery> for PushRegistry {
    type Result = ();
    fn handle(&mut self, msg: BusDelivery, _: &mut Context<Self>) {
        match msg.0 {
            BusEvent::Pushes(records) => {
                for record in records {
                    if let Some(entries) = self.by_user.get(&record.user_id) {
                        let record = Arc::new(record);
                        for entry in entries {
                            entry.deliver.do_send(Deliver(record.clone()));
                        }
                    }
                }
            }
            BusEvent::DocAccessChanged { .. } | BusEvent::DocRelay { .. } | BusEvent::AccountsChanged { .. } | BusEvent::Resync => {}
            BusEvent::Signal { frame } => {
                let frame: Arc<str> = frame.into();
                for entry in self.by_user.values().flatten() {
                    entry.control.do_send(Control::Signal(frame.clone()));
                }
            }
            BusEvent::SignalUsers { user_ids, frame } => {
                let frame: Arc<str> = frame.into();
                for user in user_ids {
                    for entry in self.by_user.get(&user).into_iter().flatten() {
                        entry.control.do_send(Control::Signal(frame.clone()));
                    }
                }
            }
            BusEvent::SessionEnded { token_hash } => {
                for entries in self.by_user.values() {
                    for entry in entries.iter().filter(|e| *e.token_hash == *token_hash) {
                        entry.control.do_send(Control::Close(protocol::push::close_code::SESSION_ENDED));
                    }
                }
            }
        }
    }
}

/// The server is stopping: every socket closes with 1001.
#[derive(Message)]
#[rtype(result = "()")]
pub struct GoingAway;

impl Handler<GoingAway> for PushRegistry {
    type Result = ();
    fn handle(&mut self, _: GoingAway, _: &mut Context<Self>) {
        for entry in self.by_user.values().flatten() {
            entry.control.do_send(Control::GoingAway);
        }
    }
}

impl Handler<ResyncAll> for PushRegistry {
    type Result = ();
    fn handle(&mut self, _: ResyncAll, _: &mut Context<Self>) {
        for entry in self.by_user.values().flatten() {
            entry.control.do_send(Control::Resync);
        }
    }
}

impl Handler<CountSockets> for PushRegistry {
    type Result = usize;
    fn handle(&mut self, _: CountSockets, _: &mut Context<Self>) -> usize {
        self.by_user.values().map(Vec::len).sum()
    }
}
