//! Checks in front of yrs, for input it trusts and should not: every one was found by
//! `make fuzz` (`doc_frames`) making yrs reserve memory a few bytes claimed, panic, or (the
//! last) free a block it still used. Frames and updates from connections and stored state pass
//! through here before yrs reads them.

use std::collections::HashSet;
use std::sync::Arc;

use yrs::encoding::read::{Error, Read};
use yrs::updates::decoder::{Decode, Decoder, DecoderV1, DecoderV2};
use yrs::{Any, ClientID, Update, ID};

use super::core::CoreError;

/// Decodes a V1 update. yrs reserves room for the clients an update claims before reading them,
/// so 13 bytes claiming 2³² clients made the server reserve (and touch) hundreds of megabytes
/// (found by `make fuzz`). Each client takes at least three bytes: a claim the bytes cannot hold
/// is refused first.
pub(crate) fn decode_update_v1(bytes: &[u8]) -> Result<Update, String> {
    let claimed = leading_var_u32(bytes).ok_or("an update without its client count")?;
    if claimed as usize > bytes.len() / 3 {
        return Err(format!("an update claiming {claimed} clients in {} bytes", bytes.len()));
    }
    // yrs also reserves room for the blocks each client claims. A reservation nobody writes costs
    // address space rather than memory, but hundreds of megabytes mapped for a 30-byte frame is
    // worth refusing: the first client's claim is checked here (a block takes at least a byte),
    // as far as it can be without decoding blocks.
    if claimed > 0 {
        let mut at = 0;
        var_in(bytes, &mut at);
        if let Some(blocks) = var_in(bytes, &mut at) {
            if blocks > bytes.len() as u64 {
                return Err(format!("an update claiming {blocks} blocks in {} bytes", bytes.len()));
            }
        }
    }
    Update::decode(&mut Checked::new(DecoderV1::from(bytes), bytes.len())).map_err(|e| e.to_string())
}

/// Refuses a frame whose state vector (sync step 1) or awareness update claims more entries than
/// its bytes can hold. yrs reserves room for the claimed entries before it reads them, inside its
/// message reader: 12 bytes claiming a billion awareness clients asked for 8.8 GB (found by
/// `make fuzz`, `doc_frames`), which overcommit grants and whose control bytes are then written.
/// A state vector's entry takes at least two bytes (client, clock), an awareness entry three
/// (client, clock, state). A frame this walk cannot follow is left to yrs to refuse.
pub(crate) fn check_claims(frame: &[u8]) -> Result<(), String> {
    let mut at = 0;
    let var = |at: &mut usize| var_in(frame, at);
    // The count is read as lib0 writes it, past 32 bits too: yrs reads a five-byte count whose
    // last byte overflows a `u32` as a smaller number all the same (36 bytes claiming 2³³
    // entries reserved 18 GB, found by `make fuzz`), and no real count is that long.
    let claim = |buf: &[u8], per_entry: usize, what: &str| -> Result<(), String> {
        match var_in(buf, &mut 0) {
            Some(claimed) if claimed > (buf.len() / per_entry) as u64 => Err(format!("{what} claiming {claimed} entries in {} bytes", buf.len())),
            _ => Ok(()),
        }
    };
    // The entries' client ids: yjs's are 53-bit numbers, and yrs asserts it (a debug assertion:
    // in a test build a longer id panicked inside the room, found by `make fuzz`; in a release
    // build it aliased other ids). Each entry is a client, a clock and, in an awareness update,
    // a state string.
    let clients = |buf: &[u8], with_state: bool, what: &str| -> Result<(), String> {
        let mut at = 0;
        let Some(count) = var_in(buf, &mut at) else { return Ok(()) };
        for _ in 0..count {
            // An id longer than ten bytes is no 64-bit number (yrs reads past it all the same).
            let Some(client) = var_in(buf, &mut at) else { return Err(format!("{what} naming an unreadable client")) };
            if client >> 53 != 0 {
                return Err(format!("{what} naming client {client}, past 53 bits"));
            }
            if var_in(buf, &mut at).is_none() {
                return Ok(());
            }
            if with_state {
                let Some(len) = var_in(buf, &mut at).and_then(|l| usize::try_from(l).ok()) else { return Ok(()) };
                at = match at.checked_add(len) {
                    Some(end) if end <= buf.len() => end,
                    _ => return Ok(()),
                };
            }
        }
        Ok(())
    };
    while at < frame.len() {
        let Some(tag) = var(&mut at) else { return Ok(()) };
        // A length-prefixed buffer (lib0's `readVarUint8Array`).
        let buf = |at: &mut usize| -> Option<&[u8]> {
            let len = usize::try_from(var(at)?).ok()?;
            let bytes = frame.get(*at..at.checked_add(len)?)?;
            *at += len;
            Some(bytes)
        };
        match tag {
            0 => {
                let Some(kind) = var(&mut at) else { return Ok(()) };
                let Some(bytes) = buf(&mut at) else { return Ok(()) };
                if kind == 0 {
                    claim(bytes, 2, "a state vector")?;
                    clients(bytes, false, "a state vector")?;
                }
            }
            1 => {
                let Some(bytes) = buf(&mut at) else { return Ok(()) };
                claim(bytes, 3, "an awareness update")?;
                clients(bytes, true, "an awareness update")?;
            }
            // An auth message: a permission flag, and a reason when denied.
            2 => {
                if var(&mut at) == Some(0) && buf(&mut at).is_none() {
                    return Ok(());
                }
            }
            3 => {}
            _ => {
                if buf(&mut at).is_none() {
                    return Ok(());
                }
            }
        }
    }
    Ok(())
}

/// Refuses an awareness update whose clock is at its limit: a state's clock is a `u32`, and
/// yrs adds one to it when the client goes (an overflow, which panics in a test build, wraps in a
/// release one), found by `make fuzz` in a connection's disconnect after such a state.
pub(crate) fn clocks_below_limit(update: &yrs::sync::awareness::AwarenessUpdate) -> Result<(), CoreError> {
    match update.clients.values().find(|e| e.clock == u32::MAX) {
        Some(_) => Err(CoreError::Malformed("an awareness clock at its limit".into())),
        None => Ok(()),
    }
}

/// The unsigned LEB128 number at `*at` in `bytes` (lib0's `readVarUint`), moving past it.
pub(crate) fn var_in(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut value: u64 = 0;
    for i in 0..10 {
        let byte = *bytes.get(*at)?;
        *at += 1;
        value |= u64::from(byte & 0x7f).checked_shl(7 * i)?;
        if byte & 0x80 == 0 {
            return Some(value);
        }
    }
    None
}

/// The unsigned LEB128 number that starts `bytes`, if it is one below 2³².
pub(crate) fn leading_var_u32(bytes: &[u8]) -> Option<u32> {
    var_in(&bytes[..bytes.len().min(5)], &mut 0).and_then(|v| u32::try_from(v).ok())
}

/// Decodes a V2 update (a stored snapshot) under the same section checks as a V1 one.
pub(crate) fn decode_update_v2(bytes: &[u8]) -> Result<Update, String> {
    let decoder = DecoderV2::new(yrs::encoding::read::Cursor::new(bytes)).map_err(|e| e.to_string())?;
    Update::decode(&mut Checked::new(decoder, bytes.len())).map_err(|e| e.to_string())
}

/// A decoder that watches an update's client sections as yrs reads them. yrs 0.28 appends the
/// blocks of a client named twice to the first section's, clocks overlapping, and integrating
/// a block over one it already holds frees that one while it is still linked: a 119-byte
/// update made AddressSanitizer report a heap-use-after-free (`make fuzz`, kept in
/// `fuzz/findings`). yjs writes each client once, so a second section is refused; so is a
/// section whose clocks could pass 2³² (they wrap in a release build, overlapping the same way).
struct Checked<D> {
    inner: D,
    /// Bytes in the update: a bound on what strings, buffers and runs add to a section's clock.
    bytes: u64,
    clients: HashSet<ClientID>,
    /// The section's first clock plus every length its blocks declared (a bound on its end).
    section_end: u64,
    /// A number being read byte by byte that counts toward `section_end` (a section's first
    /// clock, a skip's length: yrs reads both with `read_var`, past the decoder's own methods).
    counting: Option<Var>,
}

#[derive(Clone, Copy)]
struct Var {
    value: u64,
    shift: u32,
}

/// A block's info byte naming a skip (yrs' `BLOCK_SKIP_REF_NUMBER`), whose length follows.
const SKIP_INFO: u8 = 10;

impl<D: Decoder> Checked<D> {
    fn new(inner: D, bytes: usize) -> Self {
        Checked { inner, bytes: bytes as u64, clients: HashSet::new(), section_end: 0, counting: None }
    }

    fn add(&mut self, len: u64) -> Result<(), Error> {
        self.section_end = self.section_end.saturating_add(len);
        if self.section_end.saturating_add(self.bytes) > u64::from(u32::MAX) {
            return Err(Error::Custom("an update whose clocks pass 2^32".into()));
        }
        Ok(())
    }
}

impl<D: Decoder> Read for Checked<D> {
    fn read_exact(&mut self, len: usize) -> Result<&[u8], Error> {
        self.inner.read_exact(len)
    }

    fn read_u8(&mut self) -> Result<u8, Error> {
        let byte = self.inner.read_u8()?;
        if let Some(mut var) = self.counting.take() {
            var.value |= u64::from(byte & 0x7f).checked_shl(var.shift).unwrap_or(0);
            var.shift += 7;
            if byte & 0x80 == 0 {
                self.add(var.value)?;
            } else {
                self.counting = Some(var);
            }
        }
        Ok(byte)
    }

    fn read_string(&mut self) -> Result<&str, Error> {
        self.inner.read_string()
    }
}

impl<D: Decoder> Decoder for Checked<D> {
    fn reset_ds_cur_val(&mut self) {
        self.inner.reset_ds_cur_val()
    }
    fn read_ds_clock(&mut self) -> Result<u32, Error> {
        self.inner.read_ds_clock()
    }
    fn read_ds_len(&mut self) -> Result<u32, Error> {
        self.inner.read_ds_len()
    }
    fn read_left_id(&mut self) -> Result<ID, Error> {
        self.inner.read_left_id()
    }
    fn read_right_id(&mut self) -> Result<ID, Error> {
        self.inner.read_right_id()
    }
    /// A section starts: its client, then its first clock.
    fn read_client(&mut self) -> Result<ClientID, Error> {
        let client = self.inner.read_client()?;
        if !self.clients.insert(client) {
            return Err(Error::Custom(format!("an update naming client {} twice", client.get())));
        }
        self.section_end = 0;
        self.counting = Some(Var { value: 0, shift: 0 });
        Ok(client)
    }
    /// A block starts: it is at least one long.
    fn read_info(&mut self) -> Result<u8, Error> {
        let info = self.inner.read_info()?;
        self.add(1)?;
        if info == SKIP_INFO {
            self.counting = Some(Var { value: 0, shift: 0 });
        }
        Ok(info)
    }
    fn read_parent_info(&mut self) -> Result<bool, Error> {
        self.inner.read_parent_info()
    }
    fn read_type_ref(&mut self) -> Result<u8, Error> {
        self.inner.read_type_ref()
    }
    /// A gap's or deleted run's length, or the count of a list's values.
    fn read_len(&mut self) -> Result<u32, Error> {
        let len = self.inner.read_len()?;
        self.add(u64::from(len))?;
        Ok(len)
    }
    fn read_any(&mut self) -> Result<Any, Error> {
        self.inner.read_any()
    }
    fn read_json(&mut self) -> Result<Any, Error> {
        self.inner.read_json()
    }
    fn read_key(&mut self) -> Result<Arc<str>, Error> {
        self.inner.read_key()
    }
    fn read_to_end(&mut self) -> Result<&[u8], Error> {
        self.inner.read_to_end()
    }
}
