//! drive-viewers: many open views of one team folder, one member changing it. A load-test
//! account creates a team through the drive's own calls, adds the others as viewers, and every
//! member holds `tabs` push sockets (each an open view of the drive). The owner then creates
//! items in the team's root one after another; each view measures how long the change took to
//! reach it (`magic_drive_changed` for the team, timed from when the create call was sent).
//! A change every view never saw is a loss.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use base64::Engine;
use futures_util::StreamExt;
use protocol::dto::loadtest::LoadUser;
use serde::Serialize;
use serde_json::{json, Value};
use tokio::sync::{watch, Semaphore};
use tokio_tungstenite::tungstenite::Message;

use super::{error_kind, open_push_socket, Target};
use crate::progress::Progress;
use crate::report::Report;
use crate::setup::{self, envelope_data, Admin};
use crate::stats::{now_us, ShardedRecorder};

/// A team's members at most (the server's rule); each adds `tabs` views.
const MAX_TEAM_MEMBERS: usize = 500;
/// E-mails per `team/member/add` call (the server's rule).
const MEMBERS_PER_CALL: usize = 100;

#[derive(Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DriveArgs {
    #[serde(flatten)]
    pub target: Target,
    /// Open views of the team folder in all.
    pub viewers: usize,
    /// Views per member (browser tabs).
    pub tabs: usize,
    /// Changes made, one after another.
    pub changes: usize,
    /// Pause between changes once every view saw the last one.
    pub interval_ms: u64,
    /// How long a change waits for its last views.
    #[serde(with = "super::push::secs")]
    pub wait: Duration,
}

/// What the views share with the driver: when the current change was sent, and how many
/// views have seen it.
struct Shared {
    change: AtomicU64,
    sent_us: AtomicU64,
    seen: AtomicU64,
    team_id: i64,
}

/// The team of a `magic_drive_changed` frame, if the frame is one.
pub fn drive_change_team(text: &str) -> Option<i64> {
    let frame: Value = serde_json::from_str(text).ok()?;
    if frame["typeCode"] != "magic_drive_changed" {
        return None;
    }
    let content = base64::engine::general_purpose::STANDARD.decode(frame["content"].as_str()?).ok()?;
    let content: Value = serde_json::from_slice(&content).ok()?;
    content["value"]["teamId"].as_i64()
}

/// The owner's calls, with their session.
struct Owner {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Owner {
    async fn post(&self, path: &str, body: Value) -> anyhow::Result<Value> {
        let res = self.http.post(format!("{}{path}", self.base)).bearer_auth(&self.token).json(&body).send().await?;
        envelope_data(&res.json::<Value>().await?).with_context(|| format!("POST {path}"))
    }
}

pub async fn run(args: DriveArgs) -> anyhow::Result<Report> {
    let mut report = Report::new("drive-viewers", &args.target.server, serde_json::to_value(&args)?);
    let tabs = args.tabs.max(1);
    let members = args.viewers.div_ceil(tabs).max(1);
    if members > MAX_TEAM_MEMBERS {
        bail!("{members} members needed, a team has at most {MAX_TEAM_MEMBERS}: raise --tabs");
    }
    let admin = Admin::login(&args.target.server, &args.target.admin_email, &args.target.admin_password).await?;
    let users = admin.users(&args.target.prefix, 0, members as i64).await?;
    let owner = Owner { http: setup::client(), base: setup::http_base(&args.target.server), token: users[0].token.clone() };
    let team = owner.post("/api/team/create", json!({"name": format!("压测团队{}", now_us() % 1_000_000)})).await?;
    let team_id = team["teamId"].as_i64().context("the team's id")?;
    for chunk in users[1..].chunks(MEMBERS_PER_CALL) {
        let emails: Vec<&str> = chunk.iter().map(|u| u.email.as_str()).collect();
        owner.post("/api/team/member/add", json!({"teamId": team_id, "emails": emails, "role": 3})).await?;
    }

    let started = Instant::now();
    let recorder = Arc::new(ShardedRecorder::new(started, 64));
    let shared = Arc::new(Shared { change: AtomicU64::new(0), sent_us: AtomicU64::new(0), seen: AtomicU64::new(0), team_id });
    let (stop_tx, stop_rx) = watch::channel(false);
    let views: Vec<(usize, LoadUser)> = (0..args.viewers).map(|i| (i, users[i % members].clone())).collect();
    let gate = Arc::new(Semaphore::new(args.target.connect_concurrency.max(1)));
    let mut tasks = Vec::new();
    let mut connect_errors = 0u64;
    let mut attempts = Vec::new();
    for (index, user) in views {
        let (gate, server, sources) = (gate.clone(), args.target.server.clone(), args.target.sources.clone());
        attempts.push(tokio::spawn(async move {
            let _permit = gate.acquire_owned().await.ok();
            (index, open_push_socket(&server, &user, &sources).await)
        }));
    }
    for attempt in attempts {
        match attempt.await {
            Ok((index, Ok(ws))) => tasks.push(tokio::spawn(view(index, ws, recorder.clone(), shared.clone(), stop_rx.clone()))),
            Ok((_, Err(e))) => {
                connect_errors += 1;
                report.error(&error_kind("connect", &e.to_string()), 1);
            }
            Err(e) => report.error(&error_kind("connect", &e.to_string()), 1),
        }
    }
    let open = tasks.len() as u64;
    let progress = {
        let shared = shared.clone();
        Progress::start("drive-viewers", args.target.quiet, move || {
            format!("views {open} change {} seen {}", shared.change.load(Ordering::Relaxed), shared.seen.load(Ordering::Relaxed))
        })
    };

    let (mut expected, mut received) = (0u64, 0u64);
    for n in 1..=args.changes as u64 {
        shared.seen.store(0, Ordering::SeqCst);
        shared.sent_us.store(now_us(), Ordering::SeqCst);
        shared.change.store(n, Ordering::SeqCst);
        if let Err(e) = owner.post("/api/document/create", json!({"parentId": 0, "teamId": team_id, "name": format!("压测文件夹{n}")})).await {
            report.error(&error_kind("create", &e.to_string()), 1);
            continue;
        }
        expected += open;
        let waiting = Instant::now();
        while shared.seen.load(Ordering::SeqCst) < open && waiting.elapsed() < args.wait {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        received += shared.seen.load(Ordering::SeqCst).min(open);
        tokio::time::sleep(Duration::from_millis(args.interval_ms)).await;
    }
    let _ = stop_tx.send(true);
    let mut dropped = 0u64;
    for task in tasks {
        if task.await.unwrap_or(true) {
            dropped += 1;
        }
    }
    drop(progress);
    let merged = recorder.merged();
    report.latency = merged.total().summary();
    report.series = merged.series();
    report.duration_s = started.elapsed().as_secs_f64();
    report.set("views_open", open as f64);
    report.set("members", members as f64);
    report.set("connect_failures", connect_errors as f64);
    report.set("views_dropped", dropped as f64);
    report.set("changes", args.changes as f64);
    report.set("deliveries_expected", expected as f64);
    report.set("deliveries_received", received as f64);
    report.set("lost", expected.saturating_sub(received) as f64);
    Ok(report)
}

/// One open view: records each change of the team the first time it sees it; answers whether
/// the socket closed before the end.
async fn view(index: usize, mut ws: crate::net::Ws, recorder: Arc<ShardedRecorder>, shared: Arc<Shared>, mut stop: watch::Receiver<bool>) -> bool {
    let mut last_seen = 0u64;
    loop {
        tokio::select! {
            frame = ws.next() => match frame {
                Some(Ok(Message::Text(text))) => {
                    if drive_change_team(&text) == Some(shared.team_id) {
                        let change = shared.change.load(Ordering::SeqCst);
                        if change > last_seen {
                            last_seen = change;
                            recorder.record_us(index, now_us().saturating_sub(shared.sent_us.load(Ordering::SeqCst)));
                            shared.seen.fetch_add(1, Ordering::SeqCst);
                        }
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return true,
                Some(Ok(_)) => {}
            },
            _ = stop.changed() => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drive_changes_are_read_from_push_frames() {
        let content = base64::engine::general_purpose::STANDARD.encode(r#"{"role":"","value":{"teamId":7,"folderIds":[0]},"time":1}"#);
        let frame = format!(r#"{{"id":"0","typeCode":"magic_drive_changed","content":"{content}"}}"#);
        assert_eq!(drive_change_team(&frame), Some(7));
        assert_eq!(drive_change_team(&frame.replace("magic_drive_changed", "magic_001")), None);
        assert_eq!(drive_change_team("连接成功"), None);
    }
}
