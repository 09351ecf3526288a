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
    /// Every call as the admin (every school in scope), as report screens are used by managers;
    /// otherwise the calls are spread over the load-test accounts.
    pub as_admin: bool,
    /// Days the report calls search, ending today (China time).
    pub days: i64,
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
    // The data centre's and QC's reports (02), each over the last `--days` days (`RANGE`), the
    // first page with its summary, as the screens open them.
    ("att-class", "POST", "/api/attendance/detail/class", RANGE),
    ("att-vip", "POST", "/api/attendance/detail/vip", RANGE),
    ("refund-class", "POST", "/api/refund/detail/class", RANGE),
    ("refund-vip", "POST", "/api/refund/detail/vip", RANGE),
    ("board-class", "POST", "/api/databoard/class/overview", RANGE),
    ("board-vip", "POST", "/api/databoard/vip/overview", RANGE),
    ("board-students", "POST", "/api/databoard/vip/students", RANGE),
    ("board-students-stat", "POST", "/api/databoard/vip/students-stat", RANGE),
    ("board-stay", "POST", "/api/databoard/vip/stay-rates", RANGE),
    ("board-trend", "POST", "/api/databoard/vip/course/trend", RANGE),
    ("prep-vip-summary", "POST", "/api/lessonPrepare/statistics/summary", RANGE),
    ("prep-vip-teachers", "POST", "/api/lessonPrepare/statistics/teacherSummary", RANGE),
    ("prep-vip-lessons", "POST", "/api/lessonPrepare/statistics/teacherLessonDetail", RANGE),
    ("prep-class-summary", "POST", "/api/lessonPrepare/teacherLessonDetail/summary", RANGE),
    ("prep-class-teachers", "POST", "/api/lessonPrepare/teacherSummary", RANGE),
    ("prep-class-lessons", "POST", "/api/lessonPrepare/teacherLessonDetail", RANGE),
    ("usage-vip-teachers", "POST", "/api/systemUse/vipTeacherSummaryList", RANGE),
    ("usage-vip-students", "POST", "/api/systemUse/vipTeacherStudentSummaryList", RANGE),
    ("usage-vip-valid", "POST", "/api/systemUse/vipTeacherValidSummary", RANGE),
    ("usage-bs-teachers", "POST", "/api/systemUse/bsTeacherSummaryList", RANGE),
    ("usage-bs-students", "POST", "/api/systemUse/bsTeacherStudentSummaryList", RANGE),
    ("usage-bs-valid", "POST", "/api/systemUse/bsTeacherValidSummary", RANGE),
    ("usage-dept", "POST", "/api/systemUse/deptSummaryList", RANGE),
    ("fb-detail", "POST", "/api/feedback/statistics/detail", RANGE),
    ("fb-project", "POST", "/api/feedback/statistics/project", RANGE),
    ("fb-subject", "POST", "/api/feedback/statistics/subject", RANGE),
    ("fb-teacher", "POST", "/api/feedback/statistics/teacher", RANGE),
    ("first-whole", "POST", "/api/firstLesson/whole/statistics", RANGE),
    ("first-teacher", "POST", "/api/firstLesson/teacher/statistics", RANGE),
    ("first-detail", "POST", "/api/firstLesson/teacher/detail", RANGE),
    ("online-main", "POST", "/api/online/main/statistics", RANGE),
    ("online-lessons", "POST", "/api/online/main/studentLessons", RANGE),
    ("online-classes", "POST", "/api/online/main/classes", RANGE),
    ("qc-punches", "POST", "/api/qc/service/detail/list", RANGE),
    ("qc-checks", "POST", "/api/qcCheck/list", RANGE),
    ("qc-stat-class", "POST", "/api/serviceStatistics/class", RANGE),
    ("qc-stat-vip", "POST", "/api/serviceStatistics/vip", RANGE),
    ("qc-stat-service", "POST", "/api/serviceStatistics/service", RANGE),
    ("qc-stat-student", "POST", "/api/serviceStatistics/student", RANGE),
];

/// The body of a report call: replaced by the search of the last `--days` days.
pub const RANGE: &str = "{range}";

/// Every report call of `CALLS`, equally weighted: the `--mix` of the report benchmark.
pub fn report_mix() -> String {
    CALLS.iter().filter(|c| c.3 == RANGE).map(|c| format!("{}:1", c.0)).collect::<Vec<_>>().join(",")
}

/// The report search of the `days` days ending on `today` (`YYYY-MM-DD`).
pub fn range_body(today: time::Date, days: i64) -> String {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    let first = today - time::Duration::days(days.max(1) - 1);
    serde_json::json!({
        "beginTimeStart": first.format(&format).unwrap_or_default(),
        "beginTimeEnd": today.format(&format).unwrap_or_default(),
        "pageNo": 1,
        "pageSize": 30,
    })
    .to_string()
}

/// Today in China time, the data centre's calendar.
fn today_in_china() -> time::Date {
    (time::OffsetDateTime::now_utc() + time::Duration::hours(8)).date()
}

/// What a call refused as overloaded (503 with `Retry-After`) counts as: not an error, a fast no.
const REFUSED: &str = "refused as overloaded (503, Retry-After)";

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
    let mix = if args.mix == "reports" { report_mix() } else { args.mix.clone() };
    let plan = schedule(&mix)?;
    let admin = Admin::login(&args.target.server, &args.target.admin_email, &args.target.admin_password).await?;
    let tokens: Vec<String> = if args.as_admin {
        vec![admin.token().to_owned()]
    } else {
        admin.users(&args.target.prefix, 0, args.users.max(1) as i64).await?.into_iter().map(|u| u.token).collect()
    };
    let range = range_body(today_in_china(), args.days);
    // Latency per call over the whole run, so one slow report cannot hide in the mix.
    let per_call = Arc::new(Mutex::new(BTreeMap::<&'static str, Latency>::new()));
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
        // Calls the server refused as overloaded (503 with Retry-After): how fast it says no.
        let step_refused = Arc::new(Mutex::new(Latency::new()));
        let step_errors = Arc::new(AtomicU64::new(0));
        let step_started = Instant::now();
        let total = (rps * args.duration.as_secs_f64()).round() as u64;
        // Finished calls are reaped as the step goes: a task's memory is held until it is
        // joined, and a long step (a soak's 600,000 calls) kept gigabytes of finished ones.
        let mut tasks = tokio::task::JoinSet::new();
        let mut overloaded = 0u64;
        for i in 0..total {
            let due = step_started + Duration::from_secs_f64(i as f64 / rps.max(1e-9));
            tokio::time::sleep_until(due.into()).await;
            while tasks.try_join_next().is_some() {}
            if in_flight.load(Ordering::Relaxed) >= args.max_in_flight {
                overloaded += 1;
                continue;
            }
            let (name, method, path, body) = CALLS[plan[n % plan.len()]];
            let token = tokens[n % tokens.len()].clone();
            n += 1;
            let request = if method == "GET" {
                http.get(format!("{base}{path}"))
            } else {
                let body = match (name, body) {
                    ("track", _) => track_body.clone(),
                    (_, RANGE) => range.clone(),
                    _ => body.to_owned(),
                };
                http.post(format!("{base}{path}")).header("content-type", "application/json").body(body)
            };
            let (recorder, done, in_flight, errors, step_latency, step_refused, step_errors, per_call) = (
                recorder.clone(),
                done.clone(),
                in_flight.clone(),
                errors.clone(),
                step_latency.clone(),
                step_refused.clone(),
                step_errors.clone(),
                per_call.clone(),
            );
            in_flight.fetch_add(1, Ordering::Relaxed);
            tasks.spawn(async move {
                let outcome = match request.bearer_auth(token).send().await {
                    Ok(res) if res.status().is_success() => match res.json::<serde_json::Value>().await {
                        Ok(body) if body["code"] == "1" => None,
                        Ok(body) => Some(format!("{name}: code {}", body["code"].as_str().unwrap_or("?"))),
                        Err(e) => Some(error_kind(name, &e.to_string())),
                    },
                    Ok(res) if res.status().as_u16() == 503 && res.headers().contains_key("retry-after") => Some(REFUSED.to_owned()),
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
                        per_call.lock().unwrap_or_else(|e| e.into_inner()).entry(name).or_insert_with(Latency::new).record_us(us);
                    }
                    Some(kind) if kind == REFUSED => step_refused.lock().unwrap_or_else(|e| e.into_inner()).record_us(us),
                    Some(kind) => {
                        step_errors.fetch_add(1, Ordering::Relaxed);
                        *errors.lock().unwrap_or_else(|e| e.into_inner()).entry(kind).or_default() += 1;
                    }
                }
            });
        }
        // The calls still out get 30 s more; any left then are abandoned (not counted as done).
        let _ = tokio::time::timeout(Duration::from_secs(30), async { while tasks.join_next().await.is_some() {} }).await;
        let elapsed = step_started.elapsed().as_secs_f64();
        let latency = step_latency.lock().unwrap_or_else(|e| e.into_inner()).summary();
        let mut row = StepRow { level: rps, latency: latency.clone(), ..StepRow::default() };
        row.figures.insert("ok".into(), latency.count as f64);
        row.figures.insert("achieved_rps".into(), latency.count as f64 / elapsed.max(1e-9));
        row.figures.insert("errors".into(), step_errors.load(Ordering::Relaxed) as f64);
        let refused = step_refused.lock().unwrap_or_else(|e| e.into_inner()).summary();
        row.figures.insert("refused".into(), refused.count as f64);
        row.figures.insert("refused_p99_ms".into(), refused.p99_ms);
        report.error(REFUSED, refused.count);
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
    for (name, latency) in per_call.lock().unwrap_or_else(|e| e.into_inner()).iter() {
        let summary = latency.summary();
        report.set(&format!("{name}.p50_ms"), summary.p50_ms);
        report.set(&format!("{name}.p95_ms"), summary.p95_ms);
        report.set(&format!("{name}.count"), summary.count as f64);
    }
    for (kind, count) in errors.lock().unwrap_or_else(|e| e.into_inner()).iter() {
        report.error(kind, *count);
    }
    report.set("errors", report.errors.iter().filter(|(kind, _)| kind.as_str() != REFUSED).map(|(_, n)| n).sum::<u64>() as f64);
    report.set("refused", report.errors.get(REFUSED).copied().unwrap_or(0) as f64);
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
        assert_eq!(schedule(&report_mix()).unwrap().len(), CALLS.iter().filter(|c| c.3 == RANGE).count());
    }

    #[test]
    fn report_ranges_end_today() {
        let body: serde_json::Value = serde_json::from_str(&range_body(time::macros::date!(2026 - 03 - 02), 30)).unwrap();
        assert_eq!(body["beginTimeStart"], "2026-02-01");
        assert_eq!(body["beginTimeEnd"], "2026-03-02");
    }
}
