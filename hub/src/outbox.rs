//! The outgoing side of a WebSocket held by an actor: a bounded queue drained by a writer task
//! that owns the `actix_ws::Session`. The actor never waits on the network; when the queue is
//! full the client is not reading, and the connection is dropped instead of buffered.

use actix_ws::{CloseCode, CloseReason};
use bytes::Bytes;
use bytestring::ByteString;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// One frame to write.
pub enum Outbound {
    Text(ByteString),
    Binary(Bytes),
    Ping,
    Pong(Bytes),
    Close(Option<CloseReason>),
}

/// What became of a frame handed to [`Outbox::push`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Queued {
    Yes,
    /// The queue is full: the client stopped reading.
    Full,
    /// The writer is gone (the connection closed).
    Closed,
}

pub struct Outbox {
    tx: mpsc::Sender<Outbound>,
    writer: Option<JoinHandle<()>>,
}

impl Outbox {
    /// Starts the writer task for `ws` with room for `capacity` frames.
    pub fn start(ws: actix_ws::Session, capacity: usize) -> Outbox {
        let (tx, rx) = mpsc::channel(capacity);
        Outbox { tx, writer: Some(actix::spawn(write_loop(ws, rx))) }
    }

    pub fn push(&self, frame: Outbound) -> Queued {
        match self.tx.try_send(frame) {
            Ok(()) => Queued::Yes,
            Err(mpsc::error::TrySendError::Full(_)) => Queued::Full,
            Err(mpsc::error::TrySendError::Closed(_)) => Queued::Closed,
        }
    }

    /// A sender that waits for room (for replays paced by the client).
    pub fn sender(&self) -> mpsc::Sender<Outbound> {
        self.tx.clone()
    }

    /// Drops the connection at once: the writer may be blocked on a socket nobody drains, and
    /// dropping it frees the connection's buffers.
    pub fn abort(&mut self) {
        if let Some(writer) = self.writer.take() {
            writer.abort();
        }
    }
}

async fn write_loop(mut ws: actix_ws::Session, mut rx: mpsc::Receiver<Outbound>) {
    while let Some(frame) = rx.recv().await {
        let sent = match frame {
            Outbound::Text(text) => ws.text(text).await,
            Outbound::Binary(bytes) => ws.binary(bytes).await,
            Outbound::Ping => ws.ping(b"").await,
            Outbound::Pong(bytes) => ws.pong(&bytes).await,
            Outbound::Close(reason) => {
                let _ = ws.close(reason).await;
                return;
            }
        };
        if sent.is_err() {
            return;
        }
    }
    let _ = ws.close(None).await;
}

/// A close frame with `code` and `reason`.
pub fn close_reason(code: u16, reason: &str) -> CloseReason {
    let code = match code {
        1000 => CloseCode::Normal,
        1002 => CloseCode::Protocol,
        1003 => CloseCode::Unsupported,
        1009 => CloseCode::Size,
        1011 => CloseCode::Error,
        other => CloseCode::Other(other),
    };
    CloseReason { code, description: Some(reason.to_owned()) }
}
