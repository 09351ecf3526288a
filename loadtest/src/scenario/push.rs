//! push: N sessions held while the server is driven to push (targeted pushes at a rate, and
//! broadcasts); every probe carries its send time, every session reports what it received.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use protocol::dto::loadtest::LoadPushItem;
use serde::Serialize;
use tokio::sync::{watch, Semaphore};

use super::{connect_all, error_kind, probe_payload, Counters, Endpoint, Target};
use crate::progress::Progress;
use crate::report::Report;
use crate::setup::{self, Admin};
use crate::stats::{Delivery, ShardedRecorder};

#[derive(Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PushArgs {
    #[serde(flatten)]
    pub target: Target,
    pub sessions: usize,
    #[serde(with = "secs")]
    pub duration: Duration,
    /// Targeted pushes per second (each to one session, in turn).
    pub rate: f64,
    /// Broadcasts per second (each to every session).
    pub broadcast_rate: f64,
    /// The driver sends what is due every this many milliseconds, in one call per batch.
    pub batch_ms: u64,
    /// Push calls in flight at once.
    pub in_flight: usize,
    /// How long to wait for stragglers after the driving ends.
    #[serde(with = "secs")]
    pub grace: Duration,
    /// The server's pid, to report its memory per session.
    pub server_pid: Option<u32>,
    /// Acknowledge each probe as the web client does.
    pub ack: bool,
}

pub(crate) mod secs {
    pub fn serialize<S: serde::Serializer>(d: &std::time::Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(d.as_secs_f64())
    }
}

/// Accepted pushes, recorded once the server has answered the call.
#[derive(Default)]
struct Expected {
    targeted: Vec<Vec<u64>>,
    broadcasts: Vec<u64>,
    accepted: u64,
}

const MAX_ITEMS_PER_CALL: usize = 5000;

pub async fn run(args: PushArgs) -> anyhow::Result<Report> {
    let mut report = Report::new("push", &args.target.server, serde_json::to_value(&args)?);
    let admin = Admin::login(&args.target.server, &args.target.admin_email, &args.target.admin_password).await?;
    let users = admin.users(&args.target.prefix, 0, args.sessions as i64).await?;
    let rss_before = args.server_pid.and_then(setup::rss_bytes);

    let started = Instant::now();
    let recorder = Arc::new(ShardedRecorder::new(started, 64));
    let counters = Arc::new(Counters::default());
    let (stop_tx, stop_rx) = watch::channel(false);
    let indexed: Vec<_> = users.iter().cloned().enumerate().collect();
    let progress = {
        let (counters, recorder) = (counters.clone(), recorder.clone());
        Progress::start("push", args.target.quiet, move || {
            let l = recorder.last_second();
            format!(
                "connected {} failed {} dropped {} received {} | last s: {} msgs p50 {:.1} ms p99 {:.1} ms",
                counters.connected.load(Ordering::Relaxed),
                counters.failed.load(Ordering::Relaxed),
                counters.dropped.load(Ordering::Relaxed),
                counters.received.load(Ordering::Relaxed),
                l.count,
                l.p50_ms,
                l.p99_ms
            )
        })
    };
    let connect_started = Instant::now();
    let (held, connect_errors) = connect_all(Endpoint::EduHub(&args.target.server), &indexed, &args.target, &recorder, &counters, &stop_rx, args.ack).await;
    report.set("connect_seconds", connect_started.elapsed().as_secs_f64());
    for e in &connect_errors {
        report.error(&error_kind("connect", e), 1);
    }
    // Sessions idle for a moment before the server's memory is read.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let rss_connected = args.server_pid.and_then(setup::rss_bytes);
    // Only sessions that connected are sent to: a failed connection is an error, not a loss.
    let connected: Vec<usize> = held.iter().map(|(index, _)| *index).collect();

    let expected = Arc::new(Mutex::new(Expected { targeted: vec![Vec::new(); users.len()], ..Expected::default() }));
    let driver_errors = Arc::new(Mutex::new(std::collections::BTreeMap::<String, u64>::new()));
    let gate = Arc::new(Semaphore::new(args.in_flight.max(1)));
    let drive_started = Instant::now();
    let (mut seq, mut sent_targeted, mut sent_broadcasts, mut turn) = (0u64, 0u64, 0u64, 0usize);
    let mut tick = tokio::time::interval(Duration::from_millis(args.batch_ms.max(1)));
    if !connected.is_empty() {
        // The last round runs at (or past) the end, so the calls offer exactly rate × duration
        // however late the rounds ran (a busy machine used to end a round or two short).
        loop {
            tick.tick().await;
            let elapsed = drive_started.elapsed().as_secs_f64().min(args.duration.as_secs_f64());
            let due_targeted = (args.rate * elapsed) as u64 - sent_targeted;
            let due_broadcasts = (args.broadcast_rate * elapsed) as u64 - sent_broadcasts;
            let mut items = Vec::new();
            let mut batch: Vec<(usize, u64)> = Vec::new();
            for _ in 0..due_targeted {
                let index = connected[turn % connected.len()];
                turn += 1;
                seq += 1;
                items.push(LoadPushItem { user_ids: vec![users[index].user_id], payload: probe_payload(seq) });
                batch.push((index, seq));
            }
            sent_targeted += due_targeted;
            for chunk in items.chunks(MAX_ITEMS_PER_CALL).zip(batch.chunks(MAX_ITEMS_PER_CALL)) {
                send(&admin, &gate, chunk.0.to_vec(), Sent::Targeted(chunk.1.to_vec()), &expected, &driver_errors).await;
            }
            for _ in 0..due_broadcasts {
                seq += 1;
                let item = LoadPushItem { user_ids: connected.iter().map(|i| users[*i].user_id).collect(), payload: probe_payload(seq) };
                send(&admin, &gate, vec![item], Sent::Broadcast(seq, connected.len() as u64), &expected, &driver_errors).await;
            }
            sent_broadcasts += due_broadcasts;
            if elapsed >= args.duration.as_secs_f64() {
                break;
            }
        }
    }
    // Every push call has answered once all permits are back.
    let _all = gate.acquire_many(args.in_flight.max(1) as u32).await?;
    let drive_seconds = drive_started.elapsed().as_secs_f64();
    let accepted = expected.lock().unwrap_or_else(|e| e.into_inner()).accepted;
    let grace_started = Instant::now();
    while counters.received.load(Ordering::Relaxed) < accepted && grace_started.elapsed() < args.grace {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let measured_seconds = drive_started.elapsed().as_secs_f64();
    let _ = stop_tx.send(true);
    let mut delivery = Delivery::default();
    let expected = std::mem::take(&mut *expected.lock().unwrap_or_else(|e| e.into_inner()));
    for (_, task) in held {
        let Ok(mut held) = task.await else { continue };
        let mut want = expected.targeted[held.index].clone();
        want.extend_from_slice(&expected.broadcasts);
        delivery.add(Delivery::account(&mut want, &mut held.received));
    }
    drop(progress);

    let merged = recorder.merged();
    report.latency = merged.total().summary();
    report.series = merged.series();
    report.duration_s = started.elapsed().as_secs_f64();
    report.set("sessions_requested", args.sessions as f64);
    report.set("sessions_connected", counters.connected.load(Ordering::Relaxed) as f64);
    report.set("sessions_failed", counters.failed.load(Ordering::Relaxed) as f64);
    report.set("sessions_dropped", counters.dropped.load(Ordering::Relaxed) as f64);
    report.set("pushes_offered_per_s", args.rate + args.broadcast_rate * connected.len() as f64);
    report.set("pushes_accepted", expected.accepted as f64);
    report.set("pushes_accepted_per_s", expected.accepted as f64 / drive_seconds.max(1e-9));
    report.set("delivered", delivery.delivered as f64);
    report.set("delivered_per_s", delivery.delivered as f64 / measured_seconds.max(1e-9));
    report.set("lost", delivery.lost as f64);
    report.set("duplicates", delivery.duplicates as f64);
    report.set("unexpected", delivery.unexpected as f64);
    report.set("loss_ratio", delivery.loss_ratio());
    if let (Some(before), Some(after)) = (rss_before, rss_connected) {
        let n = counters.connected.load(Ordering::Relaxed).max(1);
        report.set("server_rss_bytes", after as f64);
        report.set("server_rss_per_session_bytes", after.saturating_sub(before) as f64 / n as f64);
    }
    for (kind, count) in driver_errors.lock().unwrap_or_else(|e| e.into_inner()).iter() {
        report.error(kind, *count);
    }
    if delivery.lost > 0 {
        report.notes.push(format!("{} of {} accepted pushes never arrived", delivery.lost, delivery.expected));
    }
    Ok(report)
}

enum Sent {
    Targeted(Vec<(usize, u64)>),
    Broadcast(u64, u64),
}

async fn send(
    admin: &Admin,
    gate: &Arc<Semaphore>,
    items: Vec<LoadPushItem>,
    sent: Sent,
    expected: &Arc<Mutex<Expected>>,
    errors: &Arc<Mutex<std::collections::BTreeMap<String, u64>>>,
) {
    let Ok(permit) = gate.clone().acquire_owned().await else { return };
    let (admin, expected, errors) = (admin.clone(), expected.clone(), errors.clone());
    tokio::spawn(async move {
        let result = admin.push(items).await;
        // The permit goes back only after the outcome is recorded: the driver's final wait for
        // every permit then means every accepted push is counted.
        let _permit = permit;
        let mut expected = expected.lock().unwrap_or_else(|e| e.into_inner());
        match (result, sent) {
            (Ok(accepted), Sent::Targeted(batch)) => {
                expected.accepted += accepted as u64;
                for (index, seq) in batch {
                    expected.targeted[index].push(seq);
                }
            }
            (Ok(accepted), Sent::Broadcast(seq, _)) => {
                expected.accepted += accepted as u64;
                expected.broadcasts.push(seq);
            }
            (Err(e), sent) => {
                let n = match sent {
                    Sent::Targeted(b) => b.len() as u64,
                    Sent::Broadcast(_, n) => n,
                };
                *errors.lock().unwrap_or_else(|e| e.into_inner()).entry(error_kind("push call", &e.to_string())).or_default() += n;
            }
        }
    });
}
