//! The sans-IO document core: one yrs document with its awareness, the connections attached to
//! it, and the y-websocket protocol (y-sync messages). Bytes in, frames out; no sockets, no disk.
//!
//! Facts about the stock `y-websocket` client this follows: it reads exactly one protocol
//! message per frame (so every output is one message), it reconnects after 30 s without a
//! message (so awareness is echoed to its sender too), and it re-sends every awareness update it
//! applies (so awareness is rebroadcast only when applying it changed something).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use yrs::encoding::read::Cursor;
use yrs::sync::{Awareness, Message, MessageReader, SyncMessage};
use yrs::updates::decoder::DecoderV1;

use super::guard::{check_claims, clocks_below_limit, decode_update_v1, decode_update_v2};
use yrs::updates::encoder::Encode;
use yrs::{ClientID, Doc, ReadTxn, StateVector, Transact, TransactionMut, UpdateEvent};

pub type ConnId = u64;

/// A frame to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    /// To one connection.
    Send(ConnId, Vec<u8>),
    /// To every connection but `except`.
    Broadcast { except: Option<ConnId>, frame: Vec<u8> },
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CoreError {
    #[error("malformed message: {0}")]
    Malformed(String),
    #[error("update rejected: {0}")]
    Update(String),
    #[error("stored state is unreadable: {0}")]
    Stored(String),
    /// The CRDT library panicked on this input; the in-memory document can no longer be trusted
    /// and must be reloaded from the store.
    #[error("document state corrupted while applying input")]
    Poisoned,
    /// The update would take the document past its size cap; it is not applied.
    #[error("the document has reached its size limit")]
    TooLarge,
}

/// The most a document may hold, as stored (snapshot and log): an edit past it is refused, so
/// one member cannot grow a shared document without bound.
pub const MAX_DOC_BYTES: usize = 32 * 1024 * 1024;

/// Documents count text offsets in UTF-16 code units, like the browser's yjs.
fn new_doc() -> Doc {
    Doc::with_options(yrs::Options { offset_kind: yrs::OffsetKind::Utf16, ..yrs::Options::default() })
}

/// Awareness client ids one connection may hold (its client, and one more across a reload).
const MAX_CLIENTS_PER_CONN: usize = 2;

struct Conn {
    read_only: bool,
    /// Awareness client ids announced on this connection, removed when it goes.
    clients: HashSet<u64>,
}

pub struct DocCore {
    awareness: Awareness,
    conns: HashMap<ConnId, Conn>,
    /// Updates captured from the document (applied and changed something), in order.
    captured: Arc<Mutex<Vec<Vec<u8>>>>,
    /// Captured updates not yet handed out for persistence.
    unpersisted: Vec<Vec<u8>>,
    /// What the document takes as stored: its snapshot and the updates logged since.
    stored_bytes: usize,
    /// The cap on `stored_bytes` edits from connections may reach ([`MAX_DOC_BYTES`]).
    max_bytes: usize,
}

impl Default for DocCore {
    fn default() -> Self {
        DocCore::with_doc(new_doc())
    }
}

impl DocCore {
    /// A document from its stored snapshot (V2) and later updates (V1).
    pub fn load(snapshot_v2: Option<&[u8]>, updates_v1: &[Vec<u8>]) -> Result<DocCore, CoreError> {
        std::panic::catch_unwind(|| DocCore::load_inner(snapshot_v2, updates_v1)).unwrap_or(Err(CoreError::Poisoned))
    }

    fn load_inner(snapshot_v2: Option<&[u8]>, updates_v1: &[Vec<u8>]) -> Result<DocCore, CoreError> {
        let doc = new_doc();
        {
            let mut txn = doc.transact_mut();
            if let Some(snapshot) = snapshot_v2 {
                let update = decode_update_v2(snapshot).map_err(CoreError::Stored)?;
                txn.apply_update(update).map_err(|e| CoreError::Stored(e.to_string()))?;
            }
            for bytes in updates_v1 {
                let update = decode_update_v1(bytes).map_err(CoreError::Stored)?;
                txn.apply_update(update).map_err(|e| CoreError::Stored(e.to_string()))?;
            }
        }
        let mut core = DocCore::with_doc(doc);
        core.stored_bytes = snapshot_v2.map_or(0, <[u8]>::len) + updates_v1.iter().map(Vec::len).sum::<usize>();
        Ok(core)
    }

    /// A lower cap than [`MAX_DOC_BYTES`] (tests).
    pub fn with_max_bytes(mut self, max_bytes: usize) -> DocCore {
        self.max_bytes = max_bytes;
        self
    }

    /// The document was compacted into a snapshot of `bytes`: that is what it now takes.
    pub fn compacted(&mut self, bytes: usize) {
        self.stored_bytes = bytes;
    }

    fn with_doc(doc: Doc) -> DocCore {
        let captured: Arc<Mutex<Vec<Vec<u8>>>> = Arc::default();
        let sink = captured.clone();
        doc.observe_update_v1("eduhub.capture", move |_: &TransactionMut, event: &UpdateEvent| {
            sink.lock().unwrap_or_else(|e| e.into_inner()).push(event.update.clone())
        })
        .expect("a new document has no transaction open");
        DocCore { awareness: Awareness::new(doc), conns: HashMap::new(), captured, unpersisted: Vec::new(), stored_bytes: 0, max_bytes: MAX_DOC_BYTES }
    }

    pub fn doc(&self) -> &Doc {
        self.awareness.doc()
    }

    /// A new connection: it is sent our state vector (SyncStep1) and, in a frame of its own, the
    /// current awareness.
    pub fn connect(&mut self, conn: ConnId, read_only: bool) -> Vec<Output> {
        self.conns.insert(conn, Conn { read_only, clients: HashSet::new() });
        let sv = self.doc().transact().state_vector();
        let mut out = vec![Output::Send(conn, Message::Sync(SyncMessage::SyncStep1(sv)).encode_v1())];
        if let Ok(update) = self.awareness.update() {
            if !update.clients.is_empty() {
                out.push(Output::Send(conn, Message::Awareness(update).encode_v1()));
            }
        }
        out
    }

    /// A frame from `conn`, which may hold several messages. A panic inside the CRDT library is
    /// contained and reported as [`CoreError::Poisoned`].
    pub fn receive(&mut self, conn: ConnId, data: &[u8]) -> Result<Vec<Output>, CoreError> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.receive_inner(conn, data))).unwrap_or(Err(CoreError::Poisoned))
    }

    fn receive_inner(&mut self, conn: ConnId, data: &[u8]) -> Result<Vec<Output>, CoreError> {
        let read_only = self.conns.get(&conn).map(|c| c.read_only).unwrap_or(true);
        check_claims(data).map_err(CoreError::Malformed)?;
        let mut out = Vec::new();
        let mut decoder = DecoderV1::new(Cursor::new(data));
        let mut any = false;
        for message in MessageReader::new(&mut decoder) {
            any = true;
            let message = message.map_err(|e| CoreError::Malformed(e.to_string()))?;
            match message {
                Message::Sync(SyncMessage::SyncStep1(sv)) => {
                    let diff = self.doc().transact().encode_state_as_update_v1(&sv);
                    out.push(Output::Send(conn, Message::Sync(SyncMessage::SyncStep2(diff)).encode_v1()));
                }
                Message::Sync(SyncMessage::SyncStep2(bytes)) | Message::Sync(SyncMessage::Update(bytes)) => {
                    if read_only {
                        continue; // a previewer's edits are dropped
                    }
                    if self.stored_bytes.saturating_add(bytes.len()) > self.max_bytes {
                        return Err(CoreError::TooLarge);
                    }
                    let update = decode_update_v1(&bytes).map_err(CoreError::Malformed)?;
                    self.doc().transact_mut().apply_update(update).map_err(|e| CoreError::Update(e.to_string()))?;
                    self.drain_captured(Some(conn), &mut out);
                }
                Message::Awareness(mut update) => {
                    // A connection speaks for its own presence only: ids another connection
                    // holds are not its to change (stock clients re-send what they received),
                    // and it holds at most `MAX_CLIENTS_PER_CONN` ids.
                    let elsewhere: HashSet<u64> = self.conns.iter().filter(|(c, _)| **c != conn).flat_map(|(_, x)| x.clients.iter().copied()).collect();
                    let mine = self.conns.get(&conn).map(|c| c.clients.clone()).unwrap_or_default();
                    let mut room = MAX_CLIENTS_PER_CONN.saturating_sub(mine.len());
                    update.clients.retain(|id, _| {
                        let id = id.get();
                        if elsewhere.contains(&id) {
                            return false;
                        }
                        if mine.contains(&id) {
                            return true;
                        }
                        if room == 0 {
                            return false;
                        }
                        room -= 1;
                        true
                    });
                    if update.clients.is_empty() {
                        continue;
                    }
                    clocks_below_limit(&update)?;
                    let summary = self.awareness.apply_update_summary(update).map_err(|e| CoreError::Malformed(e.to_string()))?;
                    if let Some(summary) = summary {
                        // Only what this update changed is the connection's: a stale state it
                        // re-sent (older than what the room holds) claims nothing.
                        if let Some(c) = self.conns.get_mut(&conn) {
                            for id in summary.added.iter().chain(&summary.updated) {
                                c.clients.insert(id.get());
                            }
                            for id in &summary.removed {
                                c.clients.remove(&id.get());
                            }
                        }
                        let changed = summary.all_changes();
                        if !changed.is_empty() {
                            if let Ok(update) = self.awareness.update_with_clients(changed) {
                                out.push(Output::Broadcast { except: None, frame: Message::Awareness(update).encode_v1() });
                            }
                        }
                    }
                }
                Message::AwarenessQuery => {
                    if let Ok(update) = self.awareness.update() {
                        out.push(Output::Send(conn, Message::Awareness(update).encode_v1()));
                    }
                }
                Message::Auth(_) | Message::Custom(..) => {}
            }
        }
        if !any && !data.is_empty() {
            return Err(CoreError::Malformed("no message in frame".into()));
        }
        Ok(out)
    }

    /// Applies updates that another server process received and logged: they go to this
    /// process's connections and are not handed out for persistence again.
    pub fn apply_remote(&mut self, updates_v1: &[Vec<u8>]) -> Result<Vec<Output>, CoreError> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            for bytes in updates_v1 {
                let update = decode_update_v1(bytes).map_err(CoreError::Malformed)?;
                self.doc().transact_mut().apply_update(update).map_err(|e| CoreError::Update(e.to_string()))?;
            }
            let captured = std::mem::take(&mut *self.captured.lock().unwrap_or_else(|e| e.into_inner()));
            Ok(captured.into_iter().map(|u| Output::Broadcast { except: None, frame: Message::Sync(SyncMessage::Update(u)).encode_v1() }).collect())
        }))
        .unwrap_or(Err(CoreError::Poisoned))
    }

    /// Applies the stored state (snapshot V2, then updates V1), to catch up with what other
    /// processes wrote: what the document already holds changes nothing; what it lacked goes to
    /// every connection.
    pub fn apply_stored(&mut self, snapshot_v2: Option<&[u8]>, updates_v1: &[Vec<u8>]) -> Result<Vec<Output>, CoreError> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            if let Some(snapshot) = snapshot_v2 {
                let update = decode_update_v2(snapshot).map_err(CoreError::Stored)?;
                self.doc().transact_mut().apply_update(update).map_err(|e| CoreError::Update(e.to_string()))?;
            }
            Ok(())
        }))
        .unwrap_or(Err(CoreError::Poisoned))?;
        self.apply_remote(updates_v1)
    }

    /// Applies an awareness message relayed from another process; answers the frame for this
    /// process's connections when it changed anything.
    pub fn apply_remote_awareness(&mut self, frame: &[u8]) -> Result<Vec<Output>, CoreError> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.apply_remote_awareness_inner(frame))).unwrap_or(Err(CoreError::Poisoned))
    }

    fn apply_remote_awareness_inner(&mut self, frame: &[u8]) -> Result<Vec<Output>, CoreError> {
        check_claims(frame).map_err(CoreError::Malformed)?;
        let mut decoder = DecoderV1::new(Cursor::new(frame));
        let Some(Ok(Message::Awareness(update))) = MessageReader::new(&mut decoder).next() else {
            return Err(CoreError::Malformed("not an awareness message".into()));
        };
        clocks_below_limit(&update)?;
        let summary = self.awareness.apply_update_summary(update).map_err(|e| CoreError::Malformed(e.to_string()))?;
        Ok(match summary {
            Some(summary) if !summary.all_changes().is_empty() => match self.awareness.update_with_clients(summary.all_changes()) {
                Ok(update) => vec![Output::Broadcast { except: None, frame: Message::Awareness(update).encode_v1() }],
                Err(_) => Vec::new(),
            },
            _ => Vec::new(),
        })
    }

    /// Collects what the document recorded (after local edits through [`DocCore::doc`]).
    pub fn flush_local(&mut self) -> Vec<Output> {
        let mut out = Vec::new();
        self.drain_captured(None, &mut out);
        out
    }

    fn drain_captured(&mut self, origin: Option<ConnId>, out: &mut Vec<Output>) {
        let captured = std::mem::take(&mut *self.captured.lock().unwrap_or_else(|e| e.into_inner()));
        for update in captured {
            out.push(Output::Broadcast { except: origin, frame: Message::Sync(SyncMessage::Update(update.clone())).encode_v1() });
            self.stored_bytes += update.len();
            self.unpersisted.push(update);
        }
    }

    /// A connection went: its awareness states are removed and the others are told.
    pub fn disconnect(&mut self, conn: ConnId) -> Vec<Output> {
        let Some(gone) = self.conns.remove(&conn) else {
            return Vec::new();
        };
        let mut removed = Vec::new();
        for id in gone.clients {
            let id = ClientID::new(id);
            if self.awareness.meta(id).is_some() {
                self.awareness.remove_state(id);
                removed.push(id);
            }
        }
        if removed.is_empty() || self.conns.is_empty() {
            return Vec::new();
        }
        match self.awareness.update_with_clients(removed) {
            Ok(update) => vec![Output::Broadcast { except: None, frame: Message::Awareness(update).encode_v1() }],
            Err(_) => Vec::new(),
        }
    }

    /// The updates to persist since the last call, oldest first.
    pub fn take_updates(&mut self) -> Vec<Vec<u8>> {
        std::mem::take(&mut self.unpersisted)
    }

    /// The whole state, V2-encoded (about half the size of V1), for a snapshot.
    pub fn snapshot_v2(&self) -> Vec<u8> {
        self.doc().transact().encode_state_as_update_v2(&StateVector::default())
    }

    /// The whole state, V1-encoded.
    pub fn state_v1(&self) -> Vec<u8> {
        self.doc().transact().encode_state_as_update_v1(&StateVector::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the `doc_frames` fuzz target (fuzz/artifacts, 2026-11-30): an awareness update
    /// claiming a billion clients in 12 bytes, and the same claim in a state vector.
    #[test]
    fn awareness_and_state_vectors_claiming_more_entries_than_their_bytes_hold_or_long_client_ids_are_refused_unread() {
        let found = [0x01, 0x09, 0xff, 0xff, 0xfe, 0x5d, 0xff, 0xff, 0xff, 0x29, 0xff, 0x82];
        let mut core = DocCore::default();
        core.connect(1, false);
        // An awareness client id past 53 bits (found next), and the same in a state vector.
        let long_id = [0x01, 0x0c, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfb, 0xc9, 0xce, 0xcb, 0x7d, 0xd8, 0x21];
        let long_sv = [0x00, 0x00, 0x0a, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0x01];
        // A state vector whose five-byte count passes 32 bits (found 2026-11-30: 18 GB reserved).
        let past_u32 = [&[0x00, 0x00, 0x24, 0xff, 0xff, 0xff, 0xff, 0x21][..], &[0u8; 31]].concat();
        for conn_frame in [
            &found[..],
            &[0x01, 0x06, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x00][..],
            &[0x00, 0x00, 0x05, 0xff, 0xff, 0xff, 0xff, 0x0f][..],
            &long_id,
            &long_sv,
            &past_u32,
        ] {
            match core.receive(1, conn_frame) {
                Err(CoreError::Malformed(why)) => assert!(why.contains("claiming") || why.contains("client"), "{why}"),
                other => panic!("refused as malformed, got {other:?}"),
            }
            assert!(matches!(core.apply_remote_awareness(conn_frame), Err(CoreError::Malformed(_))));
        }
        // Real ones pass: a state vector of the document, an awareness update of one client.
        let sv = Message::Sync(SyncMessage::SyncStep1(core.doc().transact().state_vector())).encode_v1();
        assert!(core.receive(1, &sv).is_ok());
        let client = Client::new(7);
        let mut local = yrs::sync::Awareness::new(client.doc.clone());
        local.set_local_state_raw(r#"{"user":{"name":"甲"}}"#);
        let frame = Message::Awareness(local.update().unwrap()).encode_v1();
        assert!(check_claims(&frame).is_ok());
        assert!(check_claims(&[]).is_ok());
    }

    /// Found by the `doc_frames` fuzz target (2026-11-30): an awareness state whose clock is
    /// `u32::MAX`, which overflowed when its connection went.
    #[test]
    fn an_awareness_clock_at_its_limit_is_refused() {
        let mut core = DocCore::default();
        core.connect(1, false);
        core.connect(2, false);
        // Client 67, clock u32::MAX, state "{}".
        let update = [&[0x01, 0x43][..], &[0xff, 0xff, 0xff, 0xff, 0x0f], &[0x02, b'{', b'}']].concat();
        let frame = [&[0x01, update.len() as u8][..], &update].concat();
        match core.receive(1, &frame) {
            Err(CoreError::Malformed(why)) => assert!(why.contains("clock"), "{why}"),
            other => panic!("refused as malformed, got {other:?}"),
        }
        assert!(matches!(core.apply_remote_awareness(&frame), Err(CoreError::Malformed(_))));
        core.disconnect(1);
        // One below the limit is a state like any other.
        let update = [&[0x01, 0x43][..], &[0xfe, 0xff, 0xff, 0xff, 0x0f], &[0x02, b'{', b'}']].concat();
        let frame = [&[0x01, update.len() as u8][..], &update].concat();
        assert!(core.receive(2, &frame).is_ok());
    }

    /// Found by the `doc_frames` fuzz target (2026-11-30): a 30-byte update whose client claims
    /// ten million blocks.
    #[test]
    fn an_update_claiming_more_blocks_than_its_bytes_hold_is_refused_unread() {
        let mut core = DocCore::default();
        core.connect(1, false);
        let update = [0x01, 0xff, 0xff, 0xff, 0x04, 0x3d, 0x04, 0xfb, 0x32, 0x01, 0x01, 0x00];
        let frame = [&[0u8, 2, update.len() as u8][..], &update].concat();
        match core.receive(1, &frame) {
            Err(CoreError::Malformed(why)) => assert!(why.contains("blocks"), "{why}"),
            other => panic!("refused as malformed, got {other:?}"),
        }
    }

    /// Found by the `doc_frames` fuzz target (2026-11-30, `fuzz/seeds/doc_frames/`): an update
    /// naming client 1 in many sections, each with a block at clock 1, on which yrs 0.28.1 freed
    /// a block it still used (AddressSanitizer: heap-use-after-free in `integrate_item`).
    #[test]
    fn an_update_naming_a_client_twice_or_clocks_past_their_limit_is_refused() {
        let found = include_bytes!("../../../fuzz/seeds/doc_frames/yrs-use-after-free.bin");
        match DocCore::load(None, &[found.to_vec()]) {
            // (Its first section's clock is past 2³² too, which is caught first.)
            Err(CoreError::Stored(why)) => assert!(why.contains("twice") || why.contains("2^32"), "{why}"),
            other => panic!("refused, got {:?}", other.err()),
        }
        // The smallest of its kind from a connection: client 5 twice, a one-long gap (GC) each.
        let twice = [0x02, 0x01, 0x05, 0x00, 0x00, 0x01, 0x01, 0x05, 0x00, 0x00, 0x01, 0x00];
        let mut core = DocCore::default();
        core.connect(1, false);
        let frame = [&[0u8, 2, twice.len() as u8][..], &twice].concat();
        match core.receive(1, &frame) {
            Err(CoreError::Malformed(why)) => assert!(why.contains("client 5 twice"), "{why}"),
            other => panic!("refused as malformed, got {other:?}"),
        }
        // Once each, the same blocks are an update like any other.
        let once = [0x01, 0x02, 0x05, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00];
        assert!(core.receive(1, &[&[0u8, 2, once.len() as u8][..], &once].concat()).is_ok());
        // A section starting near 2³² whose run would wrap its clock; one that ends below passes.
        let wraps = [&[0x01, 0x01, 0x06][..], &[0xf0, 0xff, 0xff, 0xff, 0x0f], &[0x00, 0x20], &[0x00]].concat();
        match core.receive(1, &[&[0u8, 2, wraps.len() as u8][..], &wraps].concat()) {
            Err(CoreError::Malformed(why)) => assert!(why.contains("2^32"), "{why}"),
            other => panic!("refused as malformed, got {other:?}"),
        }
        let fits = [&[0x01, 0x01, 0x06][..], &[0x80, 0x80, 0x80, 0x80, 0x01], &[0x00, 0x20], &[0x00]].concat();
        assert!(core.receive(1, &[&[0u8, 2, fits.len() as u8][..], &fits].concat()).is_ok());
        // Real documents pass both ways: two editors merged (V1), and the snapshot (V2).
        let (a, b) = (Client::new(1), Client::new(2));
        a.doc.get_or_insert_text("body").insert(&mut a.doc.transact_mut(), 0, "甲乙丙");
        b.doc.get_or_insert_text("body").insert(&mut b.doc.transact_mut(), 0, "丁");
        let merged = yrs::merge_updates_v1([
            a.doc.transact().encode_state_as_update_v1(&Default::default()),
            b.doc.transact().encode_state_as_update_v1(&Default::default()),
        ])
        .unwrap();
        let loaded = DocCore::load(None, &[merged]).unwrap();
        let again = DocCore::load(Some(&loaded.snapshot_v2()), &[]).unwrap();
        assert_eq!(again.doc().get_or_insert_text("body").get_string(&again.doc().transact()).chars().count(), 4);
    }

    /// Found by the `doc_frames` fuzz target: an update claiming 2³² clients in a few bytes.
    #[test]
    fn an_update_claiming_more_clients_than_its_bytes_hold_is_refused_unread() {
        let mut core = DocCore::default();
        core.connect(1, false);
        let update = [0xff, 0xff, 0xff, 0xff, 0x0f, 0, 0, 0];
        let frame = [&[0u8, 2, update.len() as u8][..], &update].concat();
        match core.receive(1, &frame) {
            Err(CoreError::Malformed(why)) => assert!(why.contains("claiming 4294967295 clients"), "{why}"),
            other => panic!("refused as malformed, got {other:?}"),
        }
        assert!(DocCore::load(None, &[update.to_vec()]).is_err());
        // A real update of two clients passes.
        let (a, b) = (Client::new(1), Client::new(2));
        a.doc.get_or_insert_text("body").insert(&mut a.doc.transact_mut(), 0, "甲");
        b.doc.get_or_insert_text("body").insert(&mut b.doc.transact_mut(), 0, "乙");
        let merged = yrs::merge_updates_v1([
            a.doc.transact().encode_state_as_update_v1(&Default::default()),
            b.doc.transact().encode_state_as_update_v1(&Default::default()),
        ])
        .unwrap();
        assert_eq!(super::super::guard::leading_var_u32(&merged), Some(2));
        assert!(decode_update_v1(&merged).is_ok());
    }

    #[test]
    fn an_edit_past_the_size_cap_is_refused_and_compaction_frees_room() {
        let mut core = DocCore::default().with_max_bytes(2_000);
        core.connect(1, false);
        let client = Client::new(1);
        core.receive(1, &client.insert(0, &"a".repeat(900))).unwrap();
        let stored = core.stored_bytes;
        assert!(stored > 900, "{stored}");
        // The next 900 characters would pass 2,000 bytes: refused, not applied.
        let big = client.insert(900, &"b".repeat(1_200));
        assert_eq!(core.receive(1, &big), Err(CoreError::TooLarge));
        assert_eq!(core.doc().get_or_insert_text("body").get_string(&core.doc().transact()).len(), 900);
        assert_eq!(core.stored_bytes, stored);
        // Room again (compaction set what the document takes as stored): the same edit fits.
        core.compacted(500);
        core.receive(1, &big).unwrap();
        assert!(core.stored_bytes > 1_700);
        let snapshot = core.snapshot_v2();
        // Loaded from its store, a document counts what it holds.
        let loaded = DocCore::load(Some(&snapshot), &[]).unwrap();
        assert_eq!(loaded.stored_bytes, snapshot.len());
    }
    use yrs::sync::Awareness as ClientAwareness;
    use yrs::updates::decoder::Decode;
    use yrs::Update;
    use yrs::{GetString, Text};

    /// A y-websocket client replica talking to the core.
    struct Client {
        doc: Doc,
        conn: ConnId,
    }

    impl Client {
        fn new(conn: ConnId) -> Client {
            Client { doc: new_doc(), conn }
        }
        fn sync_step1(&self) -> Vec<u8> {
            Message::Sync(SyncMessage::SyncStep1(self.doc.transact().state_vector())).encode_v1()
        }
        fn insert(&self, at: u32, text: &str) -> Vec<u8> {
            let t = self.doc.get_or_insert_text("body");
            let before = self.doc.transact().state_vector();
            t.insert(&mut self.doc.transact_mut(), at, text);
            let update = self.doc.transact().encode_state_as_update_v1(&before);
            Message::Sync(SyncMessage::Update(update)).encode_v1()
        }
        fn text(&self) -> String {
            let t = self.doc.get_or_insert_text("body");
            t.get_string(&self.doc.transact())
        }
        /// Applies frames addressed to this client; returns replies for the core.
        fn apply(&self, outputs: &[Output]) -> Vec<Vec<u8>> {
            let mut replies = Vec::new();
            for o in outputs {
                let frame = match o {
                    Output::Send(c, f) if *c == self.conn => f,
                    Output::Broadcast { except, frame } if *except != Some(self.conn) => frame,
                    _ => continue,
                };
                let mut decoder = DecoderV1::new(Cursor::new(frame));
                let messages: Vec<Message> = MessageReader::new(&mut decoder).map(|m| m.unwrap()).collect();
                assert_eq!(messages.len(), 1, "one message per frame");
                match messages.into_iter().next().unwrap() {
                    Message::Sync(SyncMessage::SyncStep1(sv)) => {
                        let diff = self.doc.transact().encode_state_as_update_v1(&sv);
                        replies.push(Message::Sync(SyncMessage::SyncStep2(diff)).encode_v1());
                    }
                    Message::Sync(SyncMessage::SyncStep2(u)) | Message::Sync(SyncMessage::Update(u)) => {
                        self.doc.transact_mut().apply_update(Update::decode_v1(&u).unwrap()).unwrap();
                    }
                    _ => {}
                }
            }
            replies
        }
    }

    fn join(core: &mut DocCore, client: &Client, read_only: bool) {
        let out = core.connect(client.conn, read_only);
        for reply in client.apply(&out) {
            let out = core.receive(client.conn, &reply).unwrap();
            client.apply(&out);
        }
        let out = core.receive(client.conn, &client.sync_step1()).unwrap();
        client.apply(&out);
    }

    #[test]
    fn two_editors_converge_and_a_late_joiner_gets_the_state() {
        let mut core = DocCore::default();
        let (a, b) = (Client::new(1), Client::new(2));
        join(&mut core, &a, false);
        join(&mut core, &b, false);
        let out = core.receive(1, &a.insert(0, "你好")).unwrap();
        assert!(out.iter().all(|o| matches!(o, Output::Broadcast { except: Some(1), .. })), "not echoed to the author");
        b.apply(&out);
        let out = core.receive(2, &b.insert(2, "，世界")).unwrap();
        a.apply(&out);
        assert_eq!(a.text(), "你好，世界");
        assert_eq!(b.text(), a.text());
        assert_eq!(core.take_updates().len(), 2, "each change is handed out for persistence once");
        assert!(core.take_updates().is_empty());

        let late = Client::new(3);
        join(&mut core, &late, false);
        assert_eq!(late.text(), "你好，世界");
        assert!(core.take_updates().is_empty(), "syncing a joiner changes nothing");

        let restored = DocCore::load(Some(&core.snapshot_v2()), &[]).unwrap();
        assert_eq!(restored.state_v1(), core.state_v1());
    }

    #[test]
    fn read_only_connections_cannot_edit() {
        let mut core = DocCore::default();
        let (editor, viewer) = (Client::new(1), Client::new(2));
        join(&mut core, &editor, false);
        join(&mut core, &viewer, true);
        let out = core.receive(1, &editor.insert(0, "正文")).unwrap();
        viewer.apply(&out);
        assert_eq!(viewer.text(), "正文", "a viewer reads");
        let out = core.receive(2, &viewer.insert(0, "篡改")).unwrap();
        assert!(out.is_empty());
        assert_eq!(editor.text(), "正文");
        let server = core.doc().get_or_insert_text("body");
        assert_eq!(server.get_string(&core.doc().transact()), "正文");
        core.take_updates();
        assert!(core.take_updates().is_empty());
    }

    /// The presence held for a client id, as JSON ("" when none).
    fn presence_of(core: &DocCore, id: u64) -> String {
        let update = core.awareness.update().unwrap();
        update.clients.iter().find(|(c, _)| c.get() == id).map(|(_, e)| e.json.to_string()).unwrap_or_default()
    }

    /// An awareness frame of `doc`'s client with `state`.
    fn presence(doc: &Doc, state: &str) -> Vec<u8> {
        let mut local = ClientAwareness::new(doc.clone());
        local.set_local_state_raw(state);
        Message::Awareness(local.update().unwrap()).encode_v1()
    }

    #[test]
    fn a_connection_speaks_only_for_its_own_presence() {
        let mut core = DocCore::default();
        let (a, b) = (Client::new(1), Client::new(2));
        join(&mut core, &a, false);
        join(&mut core, &b, true);
        let a_id = a.doc.client_id().get();
        assert_eq!(core.receive(1, &presence(&a.doc, r#"{"user":{"name":"张老师"}}"#)).unwrap().len(), 1);
        // Another connection (a reader here) cannot overwrite or remove that presence…
        let forged = Doc::with_options(yrs::Options { client_id: a.doc.client_id(), ..yrs::Options::default() });
        let mut fake = ClientAwareness::new(forged);
        fake.set_local_state_raw(r#"{"user":{"name":"冒充者"}}"#);
        fake.set_local_state_raw(r#"{"user":{"name":"冒充者"}}"#);
        fake.set_local_state_raw(r#"{"user":{"name":"冒充者"}}"#);
        assert!(core.receive(2, &Message::Awareness(fake.update().unwrap()).encode_v1()).unwrap().is_empty());
        assert!(presence_of(&core, a_id).contains("张老师"));
        // …but announces its own, and at most two ids in all.
        assert_eq!(core.receive(2, &presence(&b.doc, r#"{"user":{"name":"李老师"}}"#)).unwrap().len(), 1);
        let extra = |n: u64| Doc::with_options(yrs::Options { client_id: yrs::block::ClientID::new(n), ..yrs::Options::default() });
        assert_eq!(core.receive(2, &presence(&extra(900_001), r#"{"user":{"name":"二号"}}"#)).unwrap().len(), 1);
        assert!(core.receive(2, &presence(&extra(900_002), r#"{"user":{"name":"三号"}}"#)).unwrap().is_empty());
        assert_eq!(presence_of(&core, 900_002), "");
    }

    #[test]
    fn awareness_is_echoed_when_it_changes_and_removed_on_disconnect() {
        let mut core = DocCore::default();
        let (a, b) = (Client::new(1), Client::new(2));
        join(&mut core, &a, false);
        join(&mut core, &b, false);
        let mut local = ClientAwareness::new(a.doc.clone());
        local.set_local_state_raw(r#"{"user":{"name":"张老师"}}"#);
        let frame = Message::Awareness(local.update().unwrap()).encode_v1();
        let out = core.receive(1, &frame).unwrap();
        assert_eq!(out.len(), 1);
        assert!(matches!(&out[0], Output::Broadcast { except: None, .. }), "echoed to everyone, sender included");
        // The same state again (another client re-sending what it applied) changes nothing.
        assert!(core.receive(2, &frame).unwrap().is_empty());
        // Disconnecting the author removes its state for the others.
        let out = core.disconnect(1);
        assert_eq!(out.len(), 1);
        let Output::Broadcast { frame, .. } = &out[0] else { panic!() };
        let mut decoder = DecoderV1::new(Cursor::new(frame.as_slice()));
        let Message::Awareness(update) = MessageReader::new(&mut decoder).next().unwrap().unwrap() else { panic!() };
        assert!(update.clients.values().all(|e| &*e.json == "null"));
        assert!(core.disconnect(1).is_empty());
    }

    #[test]
    fn bad_bytes_are_errors_not_panics() {
        let mut core = DocCore::default();
        core.connect(1, false);
        assert!(core.receive(1, &[0xff, 0xff, 0xff]).is_err());
        assert!(core.receive(1, &[0, 2, 5, 1, 2]).is_err());
        assert!(core.receive(1, &[0, 2, 3, 9, 9, 9]).is_err());
        assert!(core.receive(1, &[]).unwrap().is_empty());
        assert!(DocCore::load(Some(&[1, 2, 3]), &[]).is_err());
        // Still usable afterwards.
        let a = Client::new(1);
        assert!(core.receive(1, &a.insert(0, "ok")).is_ok());
    }

    #[test]
    fn several_messages_in_one_frame_are_all_read() {
        let mut core = DocCore::default();
        core.connect(1, false);
        let a = Client::new(1);
        let mut frame = a.sync_step1();
        frame.extend(a.insert(0, "x"));
        let out = core.receive(1, &frame).unwrap();
        assert!(out.iter().any(|o| matches!(o, Output::Send(1, _))));
        assert_eq!(core.take_updates().len(), 1);
    }
}
