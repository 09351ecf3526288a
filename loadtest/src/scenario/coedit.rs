//! coedit: D documents × E editors speaking the y-websocket protocol with yrs replicas. Each editor
//! types at r updates/s; every update also stamps `clock[editor] = "seq:sentUs"`, so a receiver
//! reads each update's age when it applies it. At the end every document's replicas are compared.
//! Targets EduHub (accounts and load-test documents made through the setup calls) or any y-websocket server
//! through a URL template (`ws://127.0.0.1:1234/load-{doc}`, e.g. `@y/websocket-server`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde::Serialize;
use tokio::sync::{watch, Semaphore};
use tokio_tungstenite::tungstenite::Message as WsMessage;
use yrs::encoding::read::Cursor;
use yrs::sync::{Message, MessageReader, SyncMessage};
use yrs::updates::decoder::{Decode, DecoderV1};
use yrs::updates::encoder::Encode;
use yrs::{Doc, GetString, Map, MapRef, Out, ReadTxn, StateVector, Text, TextRef, Transact, Update};

use super::{error_kind, Target};
use crate::net;
use crate::progress::Progress;
use crate::report::Report;
use crate::setup::{self, Admin};
use crate::stats::{now_us, ShardedRecorder};

#[derive(Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CoeditArgs {
    #[serde(flatten)]
    pub target: Target,
    /// A y-websocket URL with `{doc}` for the document number; unset means EduHub's own rooms.
    pub ws_template: Option<String>,
    pub docs: usize,
    pub editors: usize,
    /// Updates per second per editor.
    pub rate: f64,
    #[serde(with = "super::push::secs")]
    pub duration: Duration,
    /// The longest wait for replicas to settle after typing stops.
    #[serde(with = "super::push::secs")]
    pub settle: Duration,
    pub server_pid: Option<u32>,
    /// Keep each document near this many characters: past it, a keystroke also deletes one (an
    /// edited document rather than one that grows for as long as the run lasts, as a soak needs).
    pub keep_chars: Option<u32>,
    /// Editors move to new documents this often (a round each): the documents of a round are
    /// left once typing stops and its replicas are compared, so the server unloads them. A soak
    /// shows that way that unloaded rooms give their memory back; unset, one round.
    #[serde(with = "opt_secs")]
    pub churn: Option<Duration>,
}

mod opt_secs {
    use std::time::Duration;

    pub fn serialize<S: serde::Serializer>(d: &Option<Duration>, s: S) -> Result<S::Ok, S::Error> {
        match d {
            Some(d) => s.serialize_some(&d.as_secs_f64()),
            None => s.serialize_none(),
        }
    }
}

#[derive(Default)]
struct Counters {
    connected: AtomicU64,
    synced: AtomicU64,
    failed: AtomicU64,
    sent: AtomicU64,
    observed: AtomicU64,
    coalesced: AtomicU64,
    last_receive_us: AtomicU64,
}

struct EditorResult {
    doc: usize,
    synced: bool,
    text: String,
    state: StateVector,
    error: Option<String>,
}

/// A tiny deterministic generator for insert positions (no need for cryptographic randomness).
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        if n == 0 {
            0
        } else {
            (self.0 % n as u64) as u32
        }
    }
}

struct Replica {
    doc: Doc,
    text: TextRef,
    clock: MapRef,
    key: String,
    last_seen: HashMap<String, u64>,
}

impl Replica {
    fn new(key: String) -> Replica {
        let doc = Doc::with_options(yrs::Options { offset_kind: yrs::OffsetKind::Utf16, ..yrs::Options::default() });
        let text = doc.get_or_insert_text("content");
        let clock = doc.get_or_insert_map("clock");
        Replica { doc, text, clock, key, last_seen: HashMap::new() }
    }

    /// One keystroke at a random place, stamped, and with `keep` a deletion at another once the
    /// text has that many characters; returns the update to send: this transaction's changes only,
    /// as a stock client sends them (a diff against the previous state vector would carry the
    /// whole, ever-growing delete set every time).
    fn type_one(&mut self, seq: u64, rng: &mut XorShift, keep: Option<u32>) -> Vec<u8> {
        let mut txn = self.doc.transact_mut();
        let mut len = self.text.len(&txn);
        if keep.is_some_and(|keep| len >= keep.max(1)) {
            self.text.remove_range(&mut txn, rng.below(len), 1);
            len -= 1;
        }
        let at = rng.below(len + 1);
        self.text.insert(&mut txn, at, "x");
        self.clock.insert(&mut txn, self.key.clone(), format!("{seq}:{}", now_us()));
        txn.encode_update_v1()
    }

    /// Applies a remote update and returns the latencies (µs) of the other editors' stamps it
    /// advanced, and how many of their updates it skipped over (merged into one).
    fn apply(&mut self, update: &[u8]) -> anyhow::Result<(Vec<u64>, u64)> {
        let update = Update::decode_v1(update)?;
        self.doc.transact_mut().apply_update(update)?;
        let now = now_us();
        let mut ages = Vec::new();
        let mut skipped = 0;
        let txn = self.doc.transact();
        for (editor, value) in self.clock.iter(&txn) {
            if editor == self.key.as_str() {
                continue;
            }
            let Out::Any(yrs::Any::String(stamp)) = value else { continue };
            let Some((seq, sent)) = stamp.split_once(':') else { continue };
            let (Ok(seq), Ok(sent)) = (seq.parse::<u64>(), sent.parse::<u64>()) else { continue };
            let last = self.last_seen.get(editor).copied().unwrap_or(0);
            if seq > last {
                ages.push(now.saturating_sub(sent));
                skipped += seq - last - 1;
                self.last_seen.insert(editor.to_owned(), seq);
            }
        }
        Ok((ages, skipped))
    }
}

/// The socket URL of every editor of a round's documents, by document.
async fn round_urls(args: &CoeditArgs, round: usize, docs: usize, editors: usize) -> anyhow::Result<Vec<Vec<String>>> {
    Ok(match &args.ws_template {
        Some(template) => (0..docs).map(|d| vec![template.replace("{doc}", &(round * docs + d).to_string()); editors]).collect(),
        None => {
            let admin = Admin::login(&args.target.server, &args.target.admin_email, &args.target.admin_password).await?;
            let users = admin.users(&args.target.prefix, 0, (docs * editors) as i64).await?;
            let groups: Vec<Vec<i64>> = users.chunks(editors).map(|g| g.iter().map(|u| u.user_id).collect()).collect();
            let ids = admin.documents(groups).await?;
            let base = setup::ws_base(&args.target.server);
            ids.iter()
                .enumerate()
                .map(|(d, id)| users[d * editors..(d + 1) * editors].iter().map(|u| format!("{base}/collab/loadtest/{id}?token={}", u.token)).collect())
                .collect()
        }
    })
}

/// What the rounds of a run add up to.
#[derive(Default)]
struct Tally {
    typing_seconds: f64,
    documents: usize,
    converged: usize,
}

pub async fn run(args: CoeditArgs) -> anyhow::Result<Report> {
    let target_name = args.ws_template.clone().unwrap_or_else(|| args.target.server.clone());
    let mut report = Report::new("coedit", &target_name, serde_json::to_value(&args)?);
    let (docs, editors) = (args.docs.max(1), args.editors.max(1));
    let rounds = match args.churn {
        Some(churn) if !churn.is_zero() => (args.duration.as_secs_f64() / churn.as_secs_f64()).ceil().max(1.0) as usize,
        _ => 1,
    };
    let rss_before = args.server_pid.and_then(setup::rss_bytes);
    let started = Instant::now();
    let recorder = Arc::new(ShardedRecorder::new(started, 64));
    let counters = Arc::new(Counters::default());
    let progress = {
        let counters = counters.clone();
        let recorder = recorder.clone();
        Progress::start("coedit", args.target.quiet, move || {
            let l = recorder.last_second();
            format!(
                "editors {} synced {} failed {} sent {} observed {} | last s: p50 {:.1} ms p99 {:.1} ms",
                counters.connected.load(Ordering::Relaxed),
                counters.synced.load(Ordering::Relaxed),
                counters.failed.load(Ordering::Relaxed),
                counters.sent.load(Ordering::Relaxed),
                counters.observed.load(Ordering::Relaxed),
                l.p50_ms,
                l.p99_ms
            )
        })
    };
    let mut tally = Tally::default();
    let mut rss_synced = None;
    for round in 0..rounds {
        // The rounds share the duration out; the last takes what is left.
        let typing = args.duration.saturating_sub(Duration::from_secs_f64(tally.typing_seconds)).min(args.duration / rounds as u32);
        let urls = round_urls(&args, round, docs, editors).await?;
        let before = counters.synced.load(Ordering::Relaxed) + counters.failed.load(Ordering::Relaxed);
        let (typing_tx, typing_rx) = watch::channel(Phase::Sync);
        let gate = Arc::new(Semaphore::new(args.target.connect_concurrency.max(1)));
        let mut tasks = Vec::new();
        for (d, doc_urls) in urls.into_iter().enumerate() {
            for (e, url) in doc_urls.into_iter().enumerate() {
                let editor = Editor {
                    doc: d,
                    key: format!("e{d}-{e}"),
                    shard: d * editors + e,
                    rate: args.rate,
                    keep_chars: args.keep_chars,
                    sources: args.target.sources.clone(),
                    recorder: recorder.clone(),
                    counters: counters.clone(),
                    phase: typing_rx.clone(),
                };
                tasks.push(tokio::spawn(editor.run(url, gate.clone())));
            }
        }
        // Typing starts when every editor has synced (or given up).
        let total = before + (docs * editors) as u64;
        let sync_deadline = Instant::now() + Duration::from_secs(60);
        let sync_started = Instant::now();
        while counters.synced.load(Ordering::Relaxed) + counters.failed.load(Ordering::Relaxed) < total && Instant::now() < sync_deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if round == 0 {
            report.set("sync_seconds", sync_started.elapsed().as_secs_f64());
            rss_synced = args.server_pid.and_then(setup::rss_bytes);
        }
        let typing_started = Instant::now();
        let _ = typing_tx.send(Phase::Typing);
        tokio::time::sleep(typing).await;
        let _ = typing_tx.send(Phase::Settling);
        tally.typing_seconds += typing_started.elapsed().as_secs_f64();
        // Settled: nothing received for a second, or the settle time is up.
        let settle_started = Instant::now();
        while settle_started.elapsed() < args.settle {
            tokio::time::sleep(Duration::from_millis(100)).await;
            let last = counters.last_receive_us.load(Ordering::Relaxed);
            if now_us().saturating_sub(last) > 1_000_000 {
                break;
            }
        }
        let _ = typing_tx.send(Phase::Done);
        let mut by_doc: Vec<Vec<EditorResult>> = (0..docs).map(|_| Vec::new()).collect();
        for task in tasks {
            match task.await {
                Ok(result) => {
                    if let Some(e) = &result.error {
                        report.error(&error_kind("editor", e), 1);
                    }
                    by_doc[result.doc].push(result);
                }
                Err(e) => report.error(&error_kind("editor task", &e.to_string()), 1),
            }
        }
        tally.documents += docs;
        tally.converged += by_doc
            .iter()
            .filter(|replicas| {
                let synced: Vec<_> = replicas.iter().filter(|r| r.synced).collect();
                synced.len() == editors && synced.windows(2).all(|w| w[0].text == w[1].text && w[0].state == w[1].state)
            })
            .count();
    }
    drop(progress);
    let merged = recorder.merged();
    report.latency = merged.total().summary();
    report.series = merged.series();
    report.duration_s = started.elapsed().as_secs_f64();
    let sent = counters.sent.load(Ordering::Relaxed);
    let observed = counters.observed.load(Ordering::Relaxed);
    let coalesced = counters.coalesced.load(Ordering::Relaxed);
    // Every update should be seen by the document's other editors.
    let expected = sent * (editors as u64 - 1);
    let Tally { typing_seconds, documents, converged } = tally;
    report.set("rounds", rounds as f64);
    report.set("documents", documents as f64);
    report.set("editors_per_document", editors as f64);
    report.set("editors_synced", counters.synced.load(Ordering::Relaxed) as f64);
    report.set("editors_failed", counters.failed.load(Ordering::Relaxed) as f64);
    report.set("updates_sent", sent as f64);
    report.set("updates_per_s", sent as f64 / typing_seconds.max(1e-9));
    report.set("observations_expected", expected as f64);
    report.set("observations", observed as f64);
    report.set("observations_merged", coalesced as f64);
    report.set("observations_missing", expected.saturating_sub(observed + coalesced) as f64);
    report.set("documents_converged", converged as f64);
    report.set("documents_diverged", (documents - converged) as f64);
    if let (Some(before), Some(after)) = (rss_before, rss_synced) {
        report.set("server_rss_bytes", after as f64);
        report.set("server_rss_per_document_bytes", after.saturating_sub(before) as f64 / docs as f64);
        report.notes.push("server_rss_per_document_bytes includes the document's editor connections".into());
    }
    if converged < documents {
        report.notes.push(format!("{} of {documents} documents did not converge", documents - converged));
    }
    Ok(report)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    Sync,
    Typing,
    Settling,
    Done,
}

struct Editor {
    doc: usize,
    key: String,
    shard: usize,
    rate: f64,
    keep_chars: Option<u32>,
    sources: Arc<net::SourceAddrs>,
    recorder: Arc<ShardedRecorder>,
    counters: Arc<Counters>,
    phase: watch::Receiver<Phase>,
}

impl Editor {
    async fn run(mut self, url: String, gate: Arc<Semaphore>) -> EditorResult {
        let mut replica = Replica::new(self.key.clone());
        let mut result = EditorResult { doc: self.doc, synced: false, text: String::new(), state: StateVector::default(), error: None };
        let permit = gate.acquire_owned().await.ok();
        let connected = net::connect(&url, &self.sources).await;
        drop(permit);
        let mut ws = match connected {
            Ok(ws) => ws,
            Err(e) => {
                self.counters.failed.fetch_add(1, Ordering::Relaxed);
                result.error = Some(format!("connect: {e}"));
                return result;
            }
        };
        self.counters.connected.fetch_add(1, Ordering::Relaxed);
        let step1 = Message::Sync(SyncMessage::SyncStep1(replica.doc.transact().state_vector())).encode_v1();
        if let Err(e) = ws.send(WsMessage::binary(step1)).await {
            self.counters.failed.fetch_add(1, Ordering::Relaxed);
            result.error = Some(format!("send: {e}"));
            return result;
        }
        let period = Duration::from_secs_f64(1.0 / self.rate.max(0.001));
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15 ^ (self.shard as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
        // Editors start typing at random offsets within one period of the moment typing begins,
        // as people do; a clock made earlier would fire for everyone at once when typing starts,
        // and the editors would type in lockstep bursts ever after.
        let offset = Duration::from_secs_f64(period.as_secs_f64() * rng.below(1000) as f64 / 1000.0);
        let mut tick: Option<tokio::time::Interval> = None;
        let mut seq = 0u64;
        loop {
            let phase = *self.phase.borrow();
            if phase == Phase::Done {
                break;
            }
            if phase == Phase::Typing && result.synced && tick.is_none() {
                let mut clock = tokio::time::interval_at(tokio::time::Instant::now() + offset, period);
                clock.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                tick = Some(clock);
            }
            tokio::select! {
                frame = ws.next() => match frame {
                    Some(Ok(WsMessage::Binary(bytes))) => {
                        if let Err(e) = self.handle(&mut ws, &mut replica, &bytes, &mut result).await {
                            result.error = Some(e.to_string());
                            break;
                        }
                    }
                    Some(Ok(WsMessage::Close(frame))) => {
                        result.error = Some(format!("closed by the server: {frame:?}"));
                        break;
                    }
                    None | Some(Err(_)) => {
                        result.error = Some("connection lost".into());
                        break;
                    }
                    Some(Ok(_)) => {}
                },
                _ = async { tick.as_mut().expect("armed").tick().await }, if phase == Phase::Typing && tick.is_some() => {
                    seq += 1;
                    let update = replica.type_one(seq, &mut rng, self.keep_chars);
                    if ws.send(WsMessage::binary(Message::Sync(SyncMessage::Update(update)).encode_v1())).await.is_err() {
                        result.error = Some("send failed".into());
                        break;
                    }
                    self.counters.sent.fetch_add(1, Ordering::Relaxed);
                }
                _ = self.phase.changed() => {}
            }
        }
        if !result.synced {
            // Refused or lost before syncing: the run stops waiting for this editor.
            self.counters.failed.fetch_add(1, Ordering::Relaxed);
        }
        let _ = ws.close(None).await;
        let txn = replica.doc.transact();
        result.text = replica.text.get_string(&txn);
        result.state = txn.state_vector();
        result
    }

    async fn handle(&self, ws: &mut net::Ws, replica: &mut Replica, bytes: &[u8], result: &mut EditorResult) -> anyhow::Result<()> {
        let mut decoder = DecoderV1::new(Cursor::new(bytes));
        let messages: Vec<Message> = MessageReader::new(&mut decoder).collect::<Result<_, _>>()?;
        for message in messages {
            match message {
                Message::Sync(SyncMessage::SyncStep1(sv)) => {
                    let diff = replica.doc.transact().encode_state_as_update_v1(&sv);
                    ws.send(WsMessage::binary(Message::Sync(SyncMessage::SyncStep2(diff)).encode_v1())).await?;
                }
                Message::Sync(SyncMessage::SyncStep2(update)) => {
                    replica.apply(&update)?;
                    if !result.synced {
                        result.synced = true;
                        self.counters.synced.fetch_add(1, Ordering::Relaxed);
                    }
                }
                Message::Sync(SyncMessage::Update(update)) => {
                    let (ages, skipped) = replica.apply(&update)?;
                    self.counters.last_receive_us.store(now_us(), Ordering::Relaxed);
                    self.counters.observed.fetch_add(ages.len() as u64, Ordering::Relaxed);
                    self.counters.coalesced.fetch_add(skipped, Ordering::Relaxed);
                    for age in ages {
                        self.recorder.record_us(self.shard, age);
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replica_reads_the_age_of_each_remote_keystroke() {
        let mut rng = XorShift(7);
        let mut a = Replica::new("a".into());
        let mut b = Replica::new("b".into());
        let u1 = a.type_one(1, &mut rng, None);
        let u2 = a.type_one(2, &mut rng, None);
        let (ages, skipped) = b.apply(&u1).unwrap();
        assert_eq!((ages.len(), skipped), (1, 0));
        let (ages, skipped) = b.apply(&u2).unwrap();
        assert_eq!((ages.len(), skipped), (1, 0));
        let u4 = {
            a.type_one(3, &mut rng, None);
            let before = b.doc.transact().state_vector();
            a.type_one(4, &mut rng, None);
            let _ = before;
            a.doc.transact().encode_state_as_update_v1(&b.doc.transact().state_vector())
        };
        let (ages, skipped) = b.apply(&u4).unwrap();
        assert_eq!((ages.len(), skipped), (1, 1), "two keystrokes in one update: one age, one merged");
        assert_eq!(a.text.get_string(&a.doc.transact()), b.text.get_string(&b.doc.transact()));
        let (ages, _) = a.apply(&b.doc.transact().encode_state_as_update_v1(&StateVector::default())).unwrap();
        assert!(ages.is_empty(), "an editor's own stamps are not latencies");
        assert!(b.apply(&[1, 2, 3]).is_err());
    }

    #[test]
    fn a_kept_size_stops_the_text_growing_and_replicas_still_agree() {
        let mut rng = XorShift(11);
        let mut a = Replica::new("a".into());
        let mut b = Replica::new("b".into());
        for seq in 1..=40 {
            let update = a.type_one(seq, &mut rng, Some(8));
            b.apply(&update).unwrap();
        }
        let text = a.text.get_string(&a.doc.transact());
        assert_eq!(text.len(), 8, "{text}");
        assert_eq!(text, b.text.get_string(&b.doc.transact()));
    }
}
