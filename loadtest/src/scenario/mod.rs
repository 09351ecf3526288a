//! The scenarios. Each takes its arguments, drives the target, and returns a [`Report`].

pub mod broadcast;
pub mod coedit;
pub mod drive;
pub mod push;
pub mod rest;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use futures_util::{SinkExt, StreamExt};
use protocol::dto::loadtest::LoadUser;
use serde::Serialize;
use tokio::sync::{watch, Semaphore};
use tokio_tungstenite::tungstenite::Message;

use crate::net::{self, SourceAddrs, Ws};
use crate::setup;
use crate::stats::{now_us, ShardedRecorder};

/// What every scenario against EduHub needs.
#[derive(Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Target {
    /// `http://host:port` of EduHub.
    pub server: String,
    pub admin_email: String,
    #[serde(skip)]
    pub admin_password: String,
    /// Prefix of the load-test accounts (`{prefix}{n}@load.eduhub`).
    pub prefix: String,
    /// Sockets opened at once while connecting.
    pub connect_concurrency: usize,
    #[serde(skip)]
    pub sources: Arc<SourceAddrs>,
    /// Print no progress line.
    #[serde(skip)]
    pub quiet: bool,
}

/// A probe as the driver stamps it into a push.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probe {
    pub message_id: i64,
    pub seq: u64,
    pub sent_us: u64,
}

pub fn probe_payload(seq: u64) -> serde_json::Value {
    serde_json::json!({ "seq": seq, "sentUs": now_us() })
}

/// The probe in a push frame, or in a websocket-shootout peer's broadcast
/// (`{"type":"broadcast","payload":…}`, message id 0: nothing to acknowledge), if it is one.
pub fn parse_probe(text: &str) -> Option<Probe> {
    let frame: serde_json::Value = serde_json::from_str(text).ok()?;
    if frame["type"] == "broadcast" {
        let payload = &frame["payload"];
        return Some(Probe { message_id: 0, seq: payload["seq"].as_u64()?, sent_us: payload["sentUs"].as_u64()? });
    }
    if frame["typeCode"] != "load_probe" {
        return None;
    }
    let message_id = frame["id"].as_str()?.parse().ok()?;
    let content = base64::engine::general_purpose::STANDARD.decode(frame["content"].as_str()?).ok()?;
    let content: serde_json::Value = serde_json::from_slice(&content).ok()?;
    Some(Probe { message_id, seq: content["value"]["seq"].as_u64()?, sent_us: content["value"]["sentUs"].as_u64()? })
}

/// Counters the connection tasks share with the driver and the progress line.
#[derive(Default)]
pub struct Counters {
    pub connected: AtomicU64,
    pub failed: AtomicU64,
    pub received: AtomicU64,
    pub dropped: AtomicU64,
}

/// What one held push socket saw.
pub struct Held {
    pub index: usize,
    pub received: Vec<u64>,
    pub closed_early: bool,
}

/// Opens a user's push socket and waits for the server's connect text (the user is registered
/// for pushes from then on).
pub async fn open_push_socket(server: &str, user: &LoadUser, sources: &SourceAddrs) -> anyhow::Result<Ws> {
    let mut ws = net::connect(&setup::push_socket_url(server, user), sources).await?;
    match tokio::time::timeout(Duration::from_secs(30), ws.next()).await {
        Ok(Some(Ok(Message::Text(_)))) => Ok(ws),
        Ok(Some(Ok(Message::Close(frame)))) => anyhow::bail!("closed: {frame:?}"),
        Ok(other) => anyhow::bail!("unexpected first frame: {other:?}"),
        Err(_) => anyhow::bail!("no connect message within 30 s"),
    }
}

/// Reads probes until `stop` turns true, recording each one's latency; acknowledges like the web
/// client does when `ack`.
pub async fn hold_push_socket(
    index: usize,
    mut ws: Ws,
    recorder: Arc<ShardedRecorder>,
    counters: Arc<Counters>,
    mut stop: watch::Receiver<bool>,
    ack: bool,
) -> Held {
    let mut received = Vec::new();
    let mut closed_early = false;
    loop {
        tokio::select! {
            frame = ws.next() => match frame {
                Some(Ok(Message::Text(text))) => {
                    if let Some(probe) = parse_probe(&text) {
                        recorder.record_us(index, now_us().saturating_sub(probe.sent_us));
                        received.push(probe.seq);
                        counters.received.fetch_add(1, Ordering::Relaxed);
                        if ack && probe.message_id != 0 {
                            let frame = format!("{{\"id\":\"{}\",\"typeCode\":\"1\"}}", probe.message_id);
                            if ws.send(Message::text(frame)).await.is_err() {
                                closed_early = true;
                                break;
                            }
                        }
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => {
                    closed_early = true;
                    break;
                }
                Some(Ok(_)) => {}
            },
            _ = stop.changed() => break,
        }
    }
    if closed_early {
        counters.dropped.fetch_add(1, Ordering::Relaxed);
    }
    let _ = ws.close(None).await;
    Held { index, received, closed_early }
}

/// Where sockets connect.
#[derive(Clone, Copy)]
pub enum Endpoint<'a> {
    /// EduHub's push socket of each user (`http://host:port`).
    EduHub(&'a str),
    /// A websocket-shootout broadcast server: every client at this URL, no account.
    Peer(&'a str),
}

/// Connects every user (at most `concurrency` handshakes at once) and starts holding the sockets;
/// returns the tasks of the sockets that connected, by user index.
pub async fn connect_all(
    endpoint: Endpoint<'_>,
    users: &[(usize, LoadUser)],
    target: &Target,
    recorder: &Arc<ShardedRecorder>,
    counters: &Arc<Counters>,
    stop: &watch::Receiver<bool>,
    ack: bool,
) -> (Vec<(usize, tokio::task::JoinHandle<Held>)>, Vec<String>) {
    let gate = Arc::new(Semaphore::new(target.connect_concurrency.max(1)));
    let mut attempts = Vec::with_capacity(users.len());
    for (index, user) in users.iter().cloned() {
        let gate = gate.clone();
        let sources = target.sources.clone();
        let (server, peer) = match endpoint {
            Endpoint::EduHub(server) => (server.to_owned(), None),
            Endpoint::Peer(url) => (String::new(), Some(url.to_owned())),
        };
        let (recorder, counters, stop) = (recorder.clone(), counters.clone(), stop.clone());
        attempts.push((
            index,
            tokio::spawn(async move {
                let permit = gate.acquire_owned().await.ok();
                let opened = match &peer {
                    Some(url) => net::connect(url, &sources).await,
                    None => open_push_socket(&server, &user, &sources).await,
                };
                drop(permit);
                match opened {
                    Ok(ws) => {
                        counters.connected.fetch_add(1, Ordering::Relaxed);
                        Ok(tokio::spawn(hold_push_socket(index, ws, recorder, counters, stop, ack)))
                    }
                    Err(e) => {
                        counters.failed.fetch_add(1, Ordering::Relaxed);
                        Err(e.to_string())
                    }
                }
            }),
        ));
    }
    let (mut held, mut errors) = (Vec::new(), Vec::new());
    for (index, attempt) in attempts {
        match attempt.await {
            Ok(Ok(task)) => held.push((index, task)),
            Ok(Err(e)) => errors.push(e),
            Err(e) => errors.push(e.to_string()),
        }
    }
    (held, errors)
}

/// The first words of an error, as an error kind for the report.
pub fn error_kind(prefix: &str, e: &str) -> String {
    let short: String = e.chars().take(60).collect();
    format!("{prefix}: {short}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probes_are_read_from_push_frames() {
        let content = base64::engine::general_purpose::STANDARD.encode(r#"{"role":"","value":{"seq":7,"sentUs":123},"time":1}"#);
        let frame = format!(r#"{{"id":"42","typeCode":"load_probe","content":"{content}"}}"#);
        assert_eq!(parse_probe(&frame), Some(Probe { message_id: 42, seq: 7, sent_us: 123 }));
        assert_eq!(parse_probe(&frame.replace("load_probe", "magic_001")), None);
        assert_eq!(parse_probe("连接成功"), None);
        assert_eq!(parse_probe(r#"{"id":"1","typeCode":"load_probe","content":"!!"}"#), None);
        let peer = r#"{"type":"broadcast","payload":{"seq":3,"sentUs":99}}"#;
        assert_eq!(parse_probe(peer), Some(Probe { message_id: 0, seq: 3, sent_us: 99 }));
        assert_eq!(parse_probe(&peer.replace("\"broadcast\"", "\"broadcastResult\"")), None);
    }
}
