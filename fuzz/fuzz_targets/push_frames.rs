//! The push socket: a client's text frame (acks), and an envelope as a client decodes it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::push::{ClientFrame, PushEnvelope};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = ClientFrame::parse(text);
    if let Ok(envelope) = serde_json::from_str::<PushEnvelope>(text) {
        let _ = envelope.decode_content();
    }
});
