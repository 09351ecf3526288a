//! broadcast-rtt, in the websocket-shootout style: add clients in steps; at each step send
//! broadcasts to everyone and measure how long each copy takes to arrive; stop when p95 passes
//! the limit. Reports the clients held within the limit. Against EduHub the broadcasts go through
//! the load-test push call to every client's account (each copy durable before it is sent);
//! against a websocket-shootout peer (`--peer-url`, `bench/peers/ws-broadcast.js`) a sender
//! socket asks the peer to relay each one.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use protocol::dto::loadtest::{LoadPushItem, LoadUser};
use serde::Serialize;
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

use super::{connect_all, error_kind, probe_payload, Counters, Endpoint, Target};
use crate::net::{self, Ws};
use crate::progress::Progress;
use crate::report::{Report, StepRow};
use crate::setup::Admin;
use crate::stats::ShardedRecorder;

#[derive(Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BroadcastArgs {
    #[serde(flatten)]
    pub target: Target,
    /// Clients added per step.
    pub step: usize,
    pub max_clients: usize,
    /// Broadcasts per step.
    pub broadcasts: usize,
    /// Pause between broadcasts of a step.
    pub interval_ms: u64,
    /// Stop when a step's p95 exceeds this.
    pub limit_ms: f64,
    /// How long a step waits for the last copies.
    #[serde(with = "super::push::secs")]
    pub wait: Duration,
    /// A websocket-shootout broadcast server's URL instead of EduHub.
    pub peer_url: Option<String>,
}

/// Who sends the broadcasts.
enum Sender {
    EduHub(Admin),
    /// The sender's socket; what the peer sends back to it is read and dropped by a task of its own.
    Peer(SplitSink<Ws, Message>),
}

impl Sender {
    async fn connect(args: &BroadcastArgs) -> anyhow::Result<Sender> {
        Ok(match &args.peer_url {
            None => Sender::EduHub(Admin::login(&args.target.server, &args.target.admin_email, &args.target.admin_password).await?),
            Some(url) => {
                let (sink, mut stream) = net::connect(url, &args.target.sources).await?.split();
                tokio::spawn(async move { while let Some(Ok(_)) = stream.next().await {} });
                Sender::Peer(sink)
            }
        })
    }

    /// The next `count` clients: load-test accounts on EduHub, numbers for a peer.
    async fn clients(&self, args: &BroadcastArgs, start: usize, count: usize) -> anyhow::Result<Vec<LoadUser>> {
        Ok(match self {
            Sender::EduHub(admin) => admin.users(&args.target.prefix, start as i64, count as i64).await?,
            Sender::Peer(_) => (start..start + count).map(|i| LoadUser { user_id: i as i64, email: String::new(), token: String::new() }).collect(),
        })
    }

    /// Sends broadcast `seq` to `user_ids`; how many copies are to arrive.
    async fn send(&mut self, user_ids: &[i64], seq: u64) -> anyhow::Result<u64> {
        match self {
            Sender::EduHub(admin) => {
                let accepted = admin.push(vec![LoadPushItem { user_ids: user_ids.to_vec(), payload: probe_payload(seq) }]).await?;
                Ok(accepted.max(0) as u64)
            }
            Sender::Peer(sink) => {
                let frame = serde_json::json!({ "type": "broadcast", "payload": probe_payload(seq) });
                sink.send(Message::text(frame.to_string())).await?;
                Ok(user_ids.len() as u64)
            }
        }
    }
}

pub async fn run(args: BroadcastArgs) -> anyhow::Result<Report> {
    let target_name = args.peer_url.clone().unwrap_or_else(|| args.target.server.clone());
    let mut report = Report::new("broadcast-rtt", &target_name, serde_json::to_value(&args)?);
    let mut sender = Sender::connect(&args).await?;
    let endpoint = match &args.peer_url {
        Some(url) => Endpoint::Peer(url),
        None => Endpoint::EduHub(&args.target.server),
    };
    let started = Instant::now();
    let counters = Arc::new(Counters::default());
    let (stop_tx, stop_rx) = watch::channel(false);
    let all_time = Arc::new(ShardedRecorder::new(started, 64));
    let progress = {
        let counters = counters.clone();
        Progress::start("broadcast-rtt", args.target.quiet, move || {
            format!(
                "clients {} failed {} dropped {} copies received {}",
                counters.connected.load(Ordering::Relaxed),
                counters.failed.load(Ordering::Relaxed),
                counters.dropped.load(Ordering::Relaxed),
                counters.received.load(Ordering::Relaxed)
            )
        })
    };
    let mut user_ids = Vec::new();
    let mut tasks = Vec::new();
    let mut held_within_limit = 0usize;
    let mut seq = 0u64;
    let step = args.step.max(1);
    while user_ids.len() < args.max_clients {
        let count = step.min(args.max_clients - user_ids.len());
        let users = sender.clients(&args, user_ids.len(), count).await?;
        let base = user_ids.len();
        let indexed: Vec<_> = users.iter().cloned().enumerate().map(|(i, u)| (base + i, u)).collect();
        let (held, errors) = connect_all(endpoint, &indexed, &args.target, &all_time, &counters, &stop_rx, false).await;
        for e in &errors {
            report.error(&error_kind("connect", e), 1);
        }
        for (index, task) in held {
            user_ids.push(users[index - base].user_id);
            tasks.push(task);
        }
        if user_ids.is_empty() {
            break;
        }
        // Every socket records into one recorder; a step's figures are what it gained meanwhile.
        let received_before = counters.received.load(Ordering::Relaxed);
        let before = all_time.merged().total().clone();
        let mut expected = 0u64;
        for _ in 0..args.broadcasts.max(1) {
            seq += 1;
            match sender.send(&user_ids, seq).await {
                Ok(accepted) => expected += accepted,
                Err(e) => report.error(&error_kind("push call", &e.to_string()), user_ids.len() as u64),
            }
            tokio::time::sleep(Duration::from_millis(args.interval_ms)).await;
        }
        let waiting = Instant::now();
        while counters.received.load(Ordering::Relaxed) - received_before < expected && waiting.elapsed() < args.wait {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let received = counters.received.load(Ordering::Relaxed) - received_before;
        let step_latency = all_time.merged().total().minus(&before);
        let summary = step_latency.summary();
        let mut row = StepRow { level: user_ids.len() as f64, latency: summary.clone(), ..StepRow::default() };
        row.figures.insert("copies_expected".into(), expected as f64);
        row.figures.insert("copies_received".into(), received as f64);
        row.figures.insert("lost".into(), expected.saturating_sub(received) as f64);
        row.figures.insert("connect_failures".into(), errors.len() as f64);
        report.steps.push(row);
        if summary.p95_ms > args.limit_ms || expected == 0 {
            break;
        }
        held_within_limit = user_ids.len();
    }
    let _ = stop_tx.send(true);
    for task in tasks {
        let _ = task.await;
    }
    drop(progress);
    let merged = all_time.merged();
    report.latency = merged.total().summary();
    report.series = merged.series();
    report.duration_s = started.elapsed().as_secs_f64();
    report.set("clients_held_within_limit", held_within_limit as f64);
    report.set("clients_connected", counters.connected.load(Ordering::Relaxed) as f64);
    report.set("clients_failed", counters.failed.load(Ordering::Relaxed) as f64);
    report.set("clients_dropped", counters.dropped.load(Ordering::Relaxed) as f64);
    report.set("limit_p95_ms", args.limit_ms);
    let lost: f64 = report.steps.iter().map(|s| s.figures.get("lost").copied().unwrap_or(0.0)).sum();
    report.set("lost", lost);
    Ok(report)
}
