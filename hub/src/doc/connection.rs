//! One actor per y-websocket connection (`/collab/{docType}/{id}`): joins the document's room,
//! forwards binary frames to it one at a time, and writes the room's frames through a bounded
//! queue; an editor that stops reading is dropped without stalling the room.

use std::sync::Arc;
use std::time::{Duration, Instant};

use actix::prelude::*;
use actix_web::{web, HttpRequest, HttpResponse};
use actix_ws::{AggregatedMessage, ProtocolError};
use protocol::push::close_code;

use crate::doc::room::{DocOut, DocRoom, Incoming, Join, JoinError, Leave};
use crate::doc::rooms::OpenRoom;
use crate::outbox::{close_reason, Outbound, Outbox, Queued};
use crate::Hub;

/// The largest message an editor may send (a big unsynced state arrives as one SyncStep2; a
/// report's or handout's state is far smaller: pictures are files it links to).
pub const MAX_DOC_MESSAGE: usize = 4 * 1024 * 1024;
/// Co-editing sockets one user may hold open in one process (tabs and documents together).
pub const MAX_DOC_SOCKETS_PER_USER: usize = 32;
/// Frames waiting for the writer; a client that lets this fill up is too slow.
pub const OUTBOUND_CAPACITY: usize = 256;
pub const HEARTBEAT_INTERVAL: Duration = Duration::from_secs(20);
pub const CLIENT_TIMEOUT: Duration = Duration::from_secs(60);

pub struct DocSocketParams {
    pub key: String,
    pub user_id: i64,
    pub read_only: bool,
    /// The sign-in session (token digest) the connection belongs to: it closes when that ends.
    pub session: std::sync::Arc<str>,
    /// The user's place among their co-editing sockets, held as long as the connection lives.
    pub slot: crate::DocSocketSlot,
}

/// Upgrades the request and starts the connection's actor.
pub fn open(req: &HttpRequest, body: web::Payload, hub: &Hub, params: DocSocketParams) -> Result<HttpResponse, actix_web::Error> {
    let (response, ws, stream) = actix_ws::handle(req, body)?;
    let stream = stream.max_frame_size(MAX_DOC_MESSAGE).aggregate_continuations().max_continuation_size(MAX_DOC_MESSAGE);
    let out = Outbox::start(ws, OUTBOUND_CAPACITY);
    let hub = hub.clone();
    DocConnection::create(move |ctx| {
        ctx.add_stream(stream);
        DocConnection {
            conn: hub.next_conn_id(),
            hub,
            key: params.key.into(),
            user_id: params.user_id,
            read_only: params.read_only,
            session: params.session,
            _slot: params.slot,
            room: None,
            out,
            last_heard: Instant::now(),
            closing: false,
        }
    });
    Ok(response)
}

pub struct DocConnection {
    conn: u64,
    hub: Hub,
    key: Arc<str>,
    user_id: i64,
    read_only: bool,
    session: std::sync::Arc<str>,
    _slot: crate::DocSocketSlot,
    room: Option<Addr<DocRoom>>,
    out: Outbox,
    last_heard: Instant,
    closing: bool,
}

impl DocConnection {
    fn enqueue(&mut self, frame: Outbound, ctx: &mut Context<Self>) {
        if self.closing {
            return;
        }
        match self.out.push(frame) {
            Queued::Yes => {}
            Queued::Full => {
                crate::metrics::SLOW_CLOSED.inc();
                tracing::info!(doc = %self.key, user_id = self.user_id, "editor connection dropped: not reading");
                self.closing = true;
                self.out.abort();
                ctx.stop();
            }
            Queued::Closed => {
                self.closing = true;
                ctx.stop();
            }
        }
    }

    fn close(&mut self, code: u16, reason: &str, ctx: &mut Context<Self>) {
        self.enqueue(Outbound::Close(Some(close_reason(code, reason))), ctx);
        self.closing = true;
        ctx.stop();
    }

    fn join(&mut self, attempt: u8, ctx: &mut Context<Self>) {
        let rooms = self.hub.doc_rooms().clone();
        let key = self.key.clone();
        let join = Join { conn: self.conn, user_id: self.user_id, session: self.session.clone(), read_only: self.read_only, out: ctx.address().recipient() };
        ctx.wait(
            async move {
                let room = rooms.send(OpenRoom { key }).await.map_err(|e| JoinError::Unavailable(e.to_string()))?;
                room.send(join).await.map_err(|e| JoinError::Unavailable(e.to_string()))?.map(|()| room)
            }
            .into_actor(self)
            .map(move |result, act, ctx| match result {
                Ok(room) => act.room = Some(room),
                Err(JoinError::Full) => act.close(close_code::TOO_MANY_SOCKETS, "该文档同时打开的人数已满", ctx),
                // The room was unloading as we joined: a fresh one loads on the next try.
                Err(_) if attempt == 0 => act.join(1, ctx),
                Err(JoinError::Unavailable(e)) => {
                    tracing::error!(error = %e, doc = %act.key, "joining the document failed");
                    act.close(1011, "文档暂不可用", ctx);
                }
            }),
        );
    }
}

impl Actor for DocConnection {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        crate::metrics::DOC_SOCKETS.inc();
        self.join(0, ctx);
        ctx.run_interval(HEARTBEAT_INTERVAL, |act, ctx| {
            if act.last_heard.elapsed() > CLIENT_TIMEOUT {
                act.close(close_code::TIMEOUT, "心跳超时", ctx);
            } else {
                act.enqueue(Outbound::Ping, ctx);
            }
        });
    }

    fn stopping(&mut self, _: &mut Context<Self>) -> Running {
        if let Some(room) = &self.room {
            room.do_send(Leave { conn: self.conn });
        }
        Running::Stop
    }

    fn stopped(&mut self, _: &mut Context<Self>) {
        crate::metrics::DOC_SOCKETS.dec();
    }
}

impl Handler<DocOut> for DocConnection {
    type Result = ();
    fn handle(&mut self, msg: DocOut, ctx: &mut Context<Self>) {
        match msg {
            DocOut::Frame(bytes) => self.enqueue(Outbound::Binary(bytes), ctx),
            DocOut::Close(code, reason) => self.close(code, reason, ctx),
        }
    }
}

impl StreamHandler<Result<AggregatedMessage, ProtocolError>> for DocConnection {
    fn handle(&mut self, item: Result<AggregatedMessage, ProtocolError>, ctx: &mut Context<Self>) {
        self.last_heard = Instant::now();
        match item {
            Ok(AggregatedMessage::Binary(data)) => {
                let Some(room) = self.room.clone() else { return };
                // One frame at a time: the next is read once the room has taken this one.
                ctx.wait(room.send(Incoming { conn: self.conn, data }).into_actor(self).map(|result, act, ctx| {
                    if result.is_err() {
                        act.close(1011, "文档已关闭", ctx);
                    }
                }));
            }
            Ok(AggregatedMessage::Text(_)) => self.close(close_code::UNSUPPORTED_DATA, "需要二进制消息", ctx),
            Ok(AggregatedMessage::Ping(bytes)) => self.enqueue(Outbound::Pong(bytes), ctx),
            Ok(AggregatedMessage::Pong(_)) => {}
            Ok(AggregatedMessage::Close(reason)) => {
                self.enqueue(Outbound::Close(reason), ctx);
                self.closing = true;
                ctx.stop();
            }
            Err(ProtocolError::Overflow) => self.close(close_code::MESSAGE_TOO_BIG, "消息过大", ctx),
            Err(e) => {
                tracing::debug!(error = %e, "document socket protocol error");
                self.close(1002, "协议错误", ctx);
            }
        }
    }

    fn finished(&mut self, ctx: &mut Context<Self>) {
        ctx.stop();
    }
}
