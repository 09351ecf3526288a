//! Prometheus metrics of the hub (served by the api crate at `/metrics`).

use std::sync::LazyLock;

use prometheus::{register_int_counter, register_int_gauge, IntCounter, IntGauge};

pub static PUSH_SOCKETS: LazyLock<IntGauge> = LazyLock::new(|| register_int_gauge!("eduhub_push_sockets", "Open push WebSockets on this process").unwrap());
pub static PUSHES_STORED: LazyLock<IntCounter> =
    LazyLock::new(|| register_int_counter!("eduhub_pushes_stored_total", "Pushes appended to the push log").unwrap());
pub static FRAMES_SENT: LazyLock<IntCounter> =
    LazyLock::new(|| register_int_counter!("eduhub_push_frames_sent_total", "Push frames queued to sockets").unwrap());
pub static FRAMES_REPLAYED: LazyLock<IntCounter> =
    LazyLock::new(|| register_int_counter!("eduhub_push_frames_replayed_total", "Push frames sent from the log (resume or gap)").unwrap());
pub static SLOW_CLOSED: LazyLock<IntCounter> =
    LazyLock::new(|| register_int_counter!("eduhub_push_sockets_closed_slow_total", "Push sockets closed because the client stopped reading").unwrap());
pub static ACKS: LazyLock<IntCounter> = LazyLock::new(|| register_int_counter!("eduhub_push_acks_total", "Acknowledgements received").unwrap());
pub static ACKS_DROPPED: LazyLock<IntCounter> =
    LazyLock::new(|| register_int_counter!("eduhub_push_acks_dropped_total", "Acknowledgements dropped because the ack writer was full").unwrap());
pub static BAD_FRAMES: LazyLock<IntCounter> =
    LazyLock::new(|| register_int_counter!("eduhub_push_bad_frames_total", "Client frames that could not be used").unwrap());

pub static DOC_ROOMS: LazyLock<IntGauge> = LazyLock::new(|| register_int_gauge!("eduhub_doc_rooms", "Open document rooms on this process").unwrap());
pub static DOC_SOCKETS: LazyLock<IntGauge> = LazyLock::new(|| register_int_gauge!("eduhub_doc_sockets", "Open document WebSockets on this process").unwrap());
pub static DOC_UPDATES_WRITTEN: LazyLock<IntCounter> =
    LazyLock::new(|| register_int_counter!("eduhub_doc_updates_written_total", "Document updates appended to the log").unwrap());

/// Touches every metric so that they are listed before their first change.
pub fn init() {
    let _ = (
        &*PUSH_SOCKETS,
        &*PUSHES_STORED,
        &*FRAMES_SENT,
        &*FRAMES_REPLAYED,
        &*SLOW_CLOSED,
        &*ACKS,
        &*BAD_FRAMES,
        &*DOC_ROOMS,
        &*DOC_SOCKETS,
        &*DOC_UPDATES_WRITTEN,
    );
}
