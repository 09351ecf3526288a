//! One actor per push WebSocket (`/socket/im/magic/{email}`).
//!
//! Life of a socket: the actor registers with the registry (and waits for it), reads the user's
//! current sequence, sends the connect text (from then on no push is missed), replays what the
//! client missed after `since` at the client's pace, then forwards live pushes in sequence
//! order, filling any gap from the push log. Outgoing frames go through a bounded queue to a
//! writer task that owns the `actix_ws::Session`; when the queue is full the client is not
//! reading, so the socket is dropped and its memory freed, without slowing any other socket.

use std::sync::Arc;
use std::time::{Duration, Instant};

use actix::prelude::*;
use actix_web::{web, HttpRequest, HttpResponse};
use actix_ws::{AggregatedMessage, ProtocolError};
use bytestring::ByteString;
use protocol::push::{close_code, ClientFrame, ClientRequest, PushEnvelope, CONNECT_SUCCESS_TEXT};
use protocol::ErrorCode;
use storage::push_log;

use crate::metrics;
use crate::outbox::{close_reason, Outbound, Outbox, Queued};
use crate::registry::{Control, Deliver, Register, Unregister};
use crate::Hub;

/// How often the server pings an idle client.
pub const HEARTBEAT_INTERVAL: Duration = Duration::from_secs(20);
/// A client silent for this long (no frame, no pong) is closed.
pub const CLIENT_TIMEOUT: Duration = Duration::from_secs(60);
/// Frames waiting for the writer; a client that lets this fill up is too slow.
pub const OUTBOUND_CAPACITY: usize = 64;
/// How many logged pushes a replay reads at a time.
pub const REPLAY_PAGE: i64 = 50;
/// How long a replay waits for the client to take a frame before dropping it.
pub const REPLAY_STALL: Duration = Duration::from_secs(10);
/// The largest frame a client may send (acks are tiny).
pub const MAX_CLIENT_FRAME: usize = 16 * 1024;

/// Who the socket is for, as established by the REST layer.
pub struct PushSocketParams {
    pub user_id: i64,
    pub token_hash: Arc<str>,
    /// The last message id the client has; `None` for a fresh start (no replay).
    pub since: Option<i64>,
    /// The web app version this process serves, sent as a `version` frame after the connect
    /// text: a client on another build reloads (a deploy restarts the server, so every client
    /// reconnects and hears it; no poll is needed).
    pub version: Arc<str>,
    /// The socket is the desktop client's (`?client=desktop`): it also gets `electron_download`.
    pub desktop: bool,
}

/// Upgrades the request and starts the socket's actor.
pub fn open(req: &HttpRequest, body: web::Payload, hub: &Hub, params: PushSocketParams) -> Result<HttpResponse, actix_web::Error> {
    let (response, ws, stream) = actix_ws::handle(req, body)?;
    let stream = stream.max_frame_size(MAX_CLIENT_FRAME).aggregate_continuations().max_continuation_size(MAX_CLIENT_FRAME);
    let out = Outbox::start(ws, OUTBOUND_CAPACITY);
    let hub = hub.clone();
    PushSession::create(move |ctx| {
        ctx.add_stream(stream);
        PushSession {
            conn_id: hub.next_conn_id(),
            hub,
            user_id: params.user_id,
            token_hash: params.token_hash,
            since: params.since,
            version: Some(params.version),
            last_sent: 0,
            ready: false,
            out,
            last_heard: Instant::now(),
            closing: false,
            desktop: params.desktop,
        }
    });
    Ok(response)
}

/// Upgrades the request only to close it at once with `code` (a browser cannot read the HTTP
/// status of a refused upgrade, but it can read a close code).
pub fn refuse(req: &HttpRequest, body: web::Payload, code: u16, reason: &str) -> Result<HttpResponse, actix_web::Error> {
    let (response, ws, _stream) = actix_ws::handle(req, body)?;
    let reason = close_reason(code, reason);
    actix::spawn(async move {
        let _ = ws.close(Some(reason)).await;
    });
    Ok(response)
}

pub struct PushSession {
    conn_id: u64,
    hub: Hub,
    user_id: i64,
    token_hash: Arc<str>,
    since: Option<i64>,
    /// The `version` frame still to send (sent once, then dropped).
    version: Option<Arc<str>>,
    /// The sequence number of the last push queued to the client.
    last_sent: i64,
    /// Replay done: live pushes may be sent.
    ready: bool,
    out: Outbox,
    last_heard: Instant,
    closing: bool,
    /// A desktop-client socket (desktop-only kinds are skipped for the others).
    desktop: bool,
}

impl PushSession {
    /// Queues a frame; a full queue means the client stopped reading.
    fn enqueue(&mut self, frame: Outbound, ctx: &mut Context<Self>) -> bool {
        if self.closing {
            return false;
        }
        match self.out.push(frame) {
            Queued::Yes => true,
            Queued::Full => {
                metrics::SLOW_CLOSED.inc();
                tracing::info!(user_id = self.user_id, conn = self.conn_id, "push socket closed: client not reading");
                // The writer is blocked on a socket that is not drained: drop it, and with it the
                // connection's buffers.
                self.drop_connection(ctx);
                false
            }
            Queued::Closed => {
                self.closing = true;
                ctx.stop();
                false
            }
        }
    }

    fn send_push(&mut self, seq: i64, frame: &str, desktop_only: bool, ctx: &mut Context<Self>) {
        if seq <= self.last_sent {
            return;
        }
        if desktop_only && !self.desktop {
            // Not this socket's kind: passed over, so the next push still follows on.
            self.last_sent = seq;
            return;
        }
        if self.enqueue(Outbound::Text(ByteString::from(frame.to_owned())), ctx) {
            self.last_sent = seq;
            metrics::FRAMES_SENT.inc();
        }
    }

    fn send_error(&mut self, code: ErrorCode, msg: &str, ctx: &mut Context<Self>) {
        metrics::BAD_FRAMES.inc();
        let frame = PushEnvelope::error(code, msg).to_json();
        self.enqueue(Outbound::Text(ByteString::from(frame)), ctx);
    }

    fn close(&mut self, code: u16, reason: &str, ctx: &mut Context<Self>) {
        self.enqueue(Outbound::Close(Some(close_reason(code, reason))), ctx);
        self.closing = true;
        ctx.stop();
    }

    /// Sends, from the log, everything after `last_sent` up to `upto`. Other messages wait
    /// meanwhile (so order holds), and the frames go at the client's pace: a replay may be much
    /// longer than the outbound queue. A client that takes no frame for [`REPLAY_STALL`] is dropped.
    /// `upto` `None` means "whatever the log holds now".
    fn catch_up(&mut self, upto: Option<i64>, ctx: &mut Context<Self>) {
        let db = self.hub.db().clone();
        let out = self.out.sender();
        let (user_id, after, desktop) = (self.user_id, self.last_sent, self.desktop);
        ctx.wait(
            async move {
                let upto = match upto {
                    Some(upto) => upto,
                    None => push_log::current_seq(&db, user_id).await?,
                };
                let mut cursor = push_log::replay_start(after, upto);
                let mut last = None;
                // Page through the log so that memory stays bounded and the first frames leave early.
                loop {
                    let records = push_log::page(&db, user_id, cursor, upto, REPLAY_PAGE).await?;
                    let full_page = records.len() as i64 == REPLAY_PAGE;
                    for record in records {
                        cursor = record.seq;
                        if record.desktop_only && !desktop {
                            last = Some(record.seq);
                            continue;
                        }
                        match tokio::time::timeout(REPLAY_STALL, out.send(Outbound::Text(ByteString::from(record.frame)))).await {
                            Ok(Ok(())) => {
                                last = Some(record.seq);
                                metrics::FRAMES_SENT.inc();
                                metrics::FRAMES_REPLAYED.inc();
                            }
                            Ok(Err(_)) => return Ok((last, Some(1000))),
                            Err(_) => return Ok((last, Some(close_code::TOO_SLOW))),
                        }
                    }
                    if !full_page {
                        break;
                    }
                }
                Ok::<_, storage::StorageError>((last, None))
            }
            .into_actor(self)
            .map(|result, act, ctx| match result {
                Ok((last, stop)) => {
                    if let Some(seq) = last {
                        act.last_sent = act.last_sent.max(seq);
                    }
                    if let Some(code) = stop {
                        if code == close_code::TOO_SLOW {
                            metrics::SLOW_CLOSED.inc();
                        }
                        act.drop_connection(ctx);
                    }
                }
                Err(e) => {
                    tracing::error!(error = %e, "push catch-up failed");
                    act.close(1011, "服务器内部错误", ctx);
                }
            }),
        );
    }

    /// Drops the connection without a goodbye (its writer may be stuck on a full socket).
    fn drop_connection(&mut self, ctx: &mut Context<Self>) {
        self.closing = true;
        self.out.abort();
        ctx.stop();
    }

    fn heartbeat(&mut self, ctx: &mut Context<Self>) {
        if self.last_heard.elapsed() > CLIENT_TIMEOUT {
            self.close(close_code::TIMEOUT, "心跳超时", ctx);
        } else {
            self.enqueue(Outbound::Ping, ctx);
        }
    }
}

impl Actor for PushSession {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        metrics::PUSH_SOCKETS.inc();
        let register = Register {
            conn_id: self.conn_id,
            user_id: self.user_id,
            token_hash: self.token_hash.clone(),
            deliver: ctx.address().recipient(),
            control: ctx.address().recipient(),
        };
        let registry = self.hub.registry().clone();
        let db = self.hub.db().clone();
        let (user_id, since) = (self.user_id, self.since);
        // Register before reading the sequence: a push stored after the read is then surely
        // delivered live, and one stored before it is in the replay (duplicates are dropped).
        ctx.wait(
            async move {
                let _ = registry.send(register).await;
                push_log::current_seq(&db, user_id).await
            }
            .into_actor(self)
            .map(move |result, act, ctx| match result {
                Ok(current) => {
                    act.last_sent = since.map(|s| s.clamp(0, current)).unwrap_or(current);
                    act.ready = true;
                    // Only now: a client that has seen the connect text gets every later push.
                    act.enqueue(Outbound::Text(ByteString::from_static(CONNECT_SUCCESS_TEXT)), ctx);
                    if since.is_none_or(|s| s > current) {
                        // No usable resume point: give the client one.
                        act.enqueue(Outbound::Text(ByteString::from(PushEnvelope::offset(current).to_json())), ctx);
                    }
                    if let Some(version) = act.version.take() {
                        act.enqueue(Outbound::Text(ByteString::from(PushEnvelope::version(&version).to_json())), ctx);
                    }
                    if act.last_sent < current {
                        act.catch_up(Some(current), ctx);
                    }
                }
                Err(e) => {
                    tracing::error!(error = %e, "push replay failed");
                    act.close(1011, "服务器内部错误", ctx);
                }
            }),
        );
        ctx.run_interval(HEARTBEAT_INTERVAL, |act, ctx| act.heartbeat(ctx));
    }

    fn stopping(&mut self, _: &mut Context<Self>) -> Running {
        self.hub.registry().do_send(Unregister { conn_id: self.conn_id, user_id: self.user_id });
        Running::Stop
    }

    fn stopped(&mut self, _: &mut Context<Self>) {
        metrics::PUSH_SOCKETS.dec();
    }
}

impl Handler<Deliver> for PushSession {
    type Result = ();
    fn handle(&mut self, msg: Deliver, ctx: &mut Context<Self>) {
        let record = msg.0;
        if !self.ready || record.seq <= self.last_sent {
            return;
        }
        if record.seq == self.last_sent + 1 {
            self.send_push(record.seq, &record.frame, record.desktop_only, ctx);
        } else {
            // Something between was missed (another process's order, or a lagging bus).
            self.catch_up(Some(record.seq), ctx);
        }
    }
}

impl Handler<Control> for PushSession {
    type Result = ();
    fn handle(&mut self, msg: Control, ctx: &mut Context<Self>) {
        match msg {
            Control::Close(code) => self.close(code, "会话已结束", ctx),
            Control::GoingAway => self.close(protocol::push::close_code::GOING_AWAY, "服务重启，请重新连接", ctx),
            Control::Resync => {
                if self.ready {
                    self.catch_up(None, ctx)
                }
            }
            Control::Signal(frame) => {
                if self.ready {
                    self.enqueue(Outbound::Text(ByteString::from(&*frame)), ctx);
                }
            }
        }
    }
}

impl StreamHandler<Result<AggregatedMessage, ProtocolError>> for PushSession {
    fn handle(&mut self, item: Result<AggregatedMessage, ProtocolError>, ctx: &mut Context<Self>) {
        self.last_heard = Instant::now();
        match item {
            Ok(AggregatedMessage::Text(text)) => match ClientFrame::parse(&text) {
                Ok(ClientRequest::Ack { id }) => {
                    metrics::ACKS.inc();
                    // Only what this socket was sent can be acknowledged; the write is batched.
                    if id > self.last_sent {
                        self.send_error(ErrorCode::NotFound, &format!("未知的消息编号：{id}"), ctx);
                    } else {
                        self.hub.ack(self.user_id, id);
                    }
                }
                Err(problem) => self.send_error(ErrorCode::BadRequest, &problem, ctx),
            },
            Ok(AggregatedMessage::Binary(_)) => {
                metrics::BAD_FRAMES.inc();
                self.close(close_code::UNSUPPORTED_DATA, "不支持二进制消息", ctx);
            }
            Ok(AggregatedMessage::Ping(bytes)) => {
                self.enqueue(Outbound::Pong(bytes), ctx);
            }
            Ok(AggregatedMessage::Pong(_)) => {}
            Ok(AggregatedMessage::Close(reason)) => {
                self.enqueue(Outbound::Close(reason), ctx);
                self.closing = true;
                ctx.stop();
            }
            Err(ProtocolError::Overflow) => {
                metrics::BAD_FRAMES.inc();
                self.close(close_code::MESSAGE_TOO_BIG, "消息过大", ctx);
            }
            Err(e) => {
                tracing::debug!(error = %e, "push socket protocol error");
                metrics::BAD_FRAMES.inc();
                self.close(1002, "协议错误", ctx);
            }
        }
    }

    fn finished(&mut self, ctx: &mut Context<Self>) {
        ctx.stop();
    }
}
