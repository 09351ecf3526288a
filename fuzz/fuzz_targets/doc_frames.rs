//! The co-editing socket: y-websocket frames from an editor and a reader into the document core,
//! and a stored snapshot read back. The core contains a panic of the CRDT library (it reports
//! `Poisoned`); any other panic is a crash.
#![no_main]

use hub::doc::core::DocCore;
use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: {
        // Contained panics are the core's business: keep them quiet (libFuzzer still stops on
        // a panic that escapes).
        std::panic::set_hook(Box::new(|_| {}));
    },
    |data: &[u8]| {
        let mut core = DocCore::default();
        core.connect(1, false);
        core.connect(2, true);
        // Frames are separated by 0xFF 0xFE; the first byte of each picks the connection.
        for (i, frame) in data.split(|b| *b == 0xFE).enumerate() {
            let conn = if frame.first().is_some_and(|b| b & 1 == 1) { 2 } else { 1 };
            if core.receive(conn, frame).is_err() && i > 64 {
                break;
            }
            let _ = core.flush_local();
        }
        let _ = core.apply_remote_awareness(data);
        let _ = core.take_updates();
        let _ = DocCore::load(Some(data), &[]);
        let _ = DocCore::load(None, &[data.to_vec()]);
        core.disconnect(1);
        core.disconnect(2);
    }
);
