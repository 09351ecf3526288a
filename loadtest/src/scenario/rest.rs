//! rest: a mix of hot REST calls at fixed offered rates (open loop). Latency counts from when a
//! request was due, not when it was sent, so a server that falls behind cannot hide it
//! (no coordinated omission).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;

use super::{error_kind, Target};
use crate::progress::Progress;
use crate::report::{Report, StepRow};
use crate::setup::{self, Admin};
use crate::stats::{Latency, ShardedRecorder};

#[derive(Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RestArgs {
    #[serde(flatten)]
    pub target: Target,
    /// Sessions the calls are spread over.
    pub users: usize,
    /// Offered requests per second, one step each.
    pub rps: Vec<f64>,
    /// Length of each step.
    #[serde(with = "super::push::secs")]
    pub duration: Duration,
    /// `name:weight,…` of the calls below.
    pub mix: String,
    /// Requests in flight beyond which the client counts an overload instead of sending.
    pub max_in_flight: u64,
}

/// The hot calls of the web app, by name: method, path, JSON body for POST.
pub const CALLS: &[(&str, &str, &str, &str)] = &[
    ("user-info", "GET", "/api/pub/user/info", ""),
    ("banner", "GET", "/api/home/banner", ""),
    ("increase-count", "GET", "/api/mainPage/increase/count", ""),
    ("todo-count", "GET", "/api/home/todoTaskCnt", ""),
    ("download-check", "POST", "/api/download/downloadCheck", "{}"),
    ("remaining-count", "POST", "/api/producer_api/queryRemainingCount", "{}"),
    // A batch of TRACK_BATCH usage events, as the web client flushes them (body: `track_batch`).
    ("track", "POST", "/api/track/send/v2", ""),
];

/// Usage events per `track` call.
pub const TRACK_BATCH: usize = 50;

/// A `send/v2` body of `n` page views and actions of 01 §7's shape.
pub fn track_batch(n: usize) -> String {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0);
    let events: Vec<serde_json::Value> = (0..n)
        .map(|i| {
            let (kind, name) = if i % 5 == 0 { ("page", "homePageView") } else { ("action", "exposure") };
            serde_json::json!({
                "kind": kind, "name": name, "pageUrl": format!("/home/index?load={i}"), "time": now,
                "userName": "load", "email": "load@demo.eduhub", "schoolNames": "集团", "schoolIds": "1,2,3",
                "role": "teacher", "province": "北京", "loginTime": now, "externalUserId": "", "channel": "web",
            })
        })
        .collect();
    serde_json::json!({ "events": events }).to_string()
}

/// The call schedule of a mix: each call repeated by its weight, interleaved.
pub fn schedule(mix: &str) -> anyhow::Result<Vec<usize>> {
    let mut weighted = Vec::new();
    for part in mix.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, weight) = part.split_once(':').unwrap_or((part, "1"));
        let index = CALLS
            .iter()
            .position(|c| c.0 == name)
            .ok_or_else(|| anyhow::anyhow!("unknown call {name}; known: {}", CALLS.iter().map(|c| c.0).collect::<Vec<_>>().join(", ")))?;
        let weight: usize = weight.parse()?;
        weighted.push((index, weight));
    }
    if weighted.iter().all(|(_, w)| *w == 0) {
        anyhow::bail!("the mix has no calls");
    }
    let mut out = Vec::new();
    let max = weighted.iter().map(|(_, w)| *w).max().unwrap_or(0);
    for round in 0..max {
        for (index, weight) in &weighted {
            if round < *weight {
                out.push(*index);
            }
        }
    }
    Ok(out)
}

pub async fn run(args: RestArgs) -> anyhow::Result<Report> {
    let mut report = Report::new("rest", &args.target.server, serde_json::to_value(&args)?);
    let plan = schedule(&args.mix)?;
    let admin = Admin::login(&args.target.server, &args.target.admin_email, &args.target.admin_password).await?;
    let users = admin.users(&args.target.prefix, 0, args.users.max(1) as i64).await?;
    let base = setup::http_base(&args.target.server);
    let http = setup::client();
    let track_body = track_batch(TRACK_BATCH);
    let started = Instant::now();
    let recorder = Arc::new(ShardedRecorder::new(started, 64));
    let done = Arc::new(AtomicU64::new(0));
    let in_flight = Arc::new(AtomicU64::new(0));
    let errors = Arc::new(Mutex::new(BTreeMap::<String, u64>::new()));
    let progress = {
        let (recorder, done, in_flight) = (recorder.clone(), done.clone(), in_flight.clone());
        Progress::start("rest", args.target.quiet, move || {
            let l = recorder.last_second();
            format!(
                "done {} in flight {} | last s: {} req p50 {:.1} ms p99 {:.1} ms",
                done.load(Ordering::Relaxed),
                in_flight.load(Ordering::Relaxed),
                l.count,
                l.p50_ms,
                l.p99_ms
            )
        })
    };
    let mut n = 0usize;
    for &rps in &args.rps {
        let step_latency = Arc::new(Mutex::new(Latency::new()));
        let step_errors = Arc::new(AtomicU64::new(0));
        let step_started = Instant::now();
        let total = (rps * args.duration.as_secs_f64()).round() as u64;
        let mut tasks = Vec::with_capacity(total as usize);
        let mut overloaded = 0u64;
        for i in 0..total {
            let due = step_started + Duration::from_secs_f64(i as f64 / rps.max(1e-9));
            tokio::time::sleep_until(due.into()).await;
            if in_flight.load(Ordering::Relaxed) >= args.max_in_flight {
                overloaded += 1;
                continue;
            }
            let (name, method, path, body) = CALLS[plan[n % plan.len()]];
            let token = users[n % users.len()].token.clone();
            n += 1;
            let request = if method == "GET" {
                http.get(format!("{base}{path}"))
            } else {
                let body = if name == "track" { track_body.clone() } else { body.to_owned() };
                http.post(format!("{base}{path}")).header("content-type", "application/json").body(body)
            };
            let (recorder, done, in_flight, errors, step_latency, step_errors) =
                (recorder.clone(), done.clone(), in_flight.clone(), errors.clone(), step_latency.clone(), step_errors.clone());
            in_flight.fetch_add(1, Ordering::Relaxed);
            tasks.push(tokio::spawn(async move {
                let outcome = match request.bearer_auth(token).send().await {
                    Ok(res) if res.status().is_success() => match res.json::<serde_json::Value>().await {
                        Ok(body) if body["code"] == "1" => None,
                        Ok(body) => Some(format!("{name}: code {}", body["code"].as_str().unwrap_or("?"))),
                        Err(e) => Some(error_kind(name, &e.to_string())),
                    },
                    Ok(res) => Some(format!("{name}: HTTP {}", res.status().as_u16())),
                    Err(e) => Some(error_kind(name, &e.to_string())),
                };
                // Measured from when the request was due.
                let us = due.elapsed().as_micros() as u64;
                in_flight.fetch_sub(1, Ordering::Relaxed);
                done.fetch_add(1, Ordering::Relaxed);
                match outcome {
                    None => {
                        recorder.record_us((us % 64) as usize, us);
                        step_latency.lock().unwrap_or_else(|e| e.into_inner()).record_us(us);
                    }
                    Some(kind) => {
                        step_errors.fetch_add(1, Ordering::Relaxed);
                        *errors.lock().unwrap_or_else(|e| e.into_inner()).entry(kind).or_default() += 1;
                    }
                }
            }));
        }
        for task in tasks {
            let _ = tokio::time::timeout(Duration::from_secs(30), task).await;
        }
        let elapsed = step_started.elapsed().as_secs_f64();
        let latency = step_latency.lock().unwrap_or_else(|e| e.into_inner()).summary();
        let mut row = StepRow { level: rps, latency: latency.clone(), ..StepRow::default() };
        row.figures.insert("ok".into(), latency.count as f64);
        row.figures.insert("achieved_rps".into(), latency.count as f64 / elapsed.max(1e-9));
        row.figures.insert("errors".into(), step_errors.load(Ordering::Relaxed) as f64);
        row.figures.insert("client_overloaded".into(), overloaded as f64);
        report.steps.push(row);
        report.error("client overloaded (max in flight)", overloaded);
    }
    drop(progress);
    let merged = recorder.merged();
    report.latency = merged.total().summary();
    report.series = merged.series();
    report.duration_s = started.elapsed().as_secs_f64();
    report.set("requests_ok", report.latency.count as f64);
    report.set("steps", args.rps.len() as f64);
    for (kind, count) in errors.lock().unwrap_or_else(|e| e.into_inner()).iter() {
        report.error(kind, *count);
    }
    report.set("errors", report.errors.values().sum::<u64>() as f64);
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixes_interleave_by_weight() {
        assert_eq!(schedule("user-info:2,banner:1").unwrap(), [0, 1, 0]);
        assert_eq!(schedule("banner").unwrap(), [1]);
        assert!(schedule("nope:1").is_err());
        assert!(schedule("banner:0").is_err());
        assert!(schedule("banner:x").is_err());
    }
}
