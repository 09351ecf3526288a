//! Configuration from the environment.

use std::path::PathBuf;

pub use storage::objects::S3Config;

/// How long the jobs in hand may run on after SIGTERM, unless configured.
/// How long pushes are kept for reconnecting clients unless `EDUHUB_PUSH_RETENTION_SECS` says.
pub const DEFAULT_PUSH_RETENTION: std::time::Duration = std::time::Duration::from_millis(storage::push_log::RETENTION_MS as u64);
/// Calls in progress per process beyond which calls are refused (`EDUHUB_MAX_IN_FLIGHT`).
pub const DEFAULT_MAX_IN_FLIGHT: usize = 256;
/// How often the maintenance pass runs unless `EDUHUB_MAINTENANCE_SECS` says.
pub const DEFAULT_MAINTENANCE_EVERY: std::time::Duration = std::time::Duration::from_secs(600);
pub const DEFAULT_JOB_STOP_GRACE_SECS: u64 = 2;

#[derive(Debug, Clone)]
pub struct Config {
    /// `EDUHUB_ADDR`, default 127.0.0.1:8080.
    pub addr: String,
    /// `DATABASE_URL`, default a SQLite file under the data directory.
    pub database_url: String,
    /// `REDIS_URL`; unset means the in-process bus (one server process).
    pub redis_url: Option<String>,
    /// `EDUHUB_BUS_NAMESPACE`: processes that share a Redis and this name share pushes.
    pub bus_namespace: String,
    /// `EDUHUB_DATA_DIR`, default `data/`.
    pub data_dir: PathBuf,
    /// `EDUHUB_WEB_DIR`: the built web app, default `web/dist`.
    pub web_dir: PathBuf,
    /// `EDUHUB_SECURE_COOKIES=1` marks the session cookie Secure (behind HTTPS).
    pub secure_cookies: bool,
    /// `EDUHUB_WORKERS`: HTTP worker threads, default the number of cores.
    pub workers: usize,
    /// `EDUHUB_MAX_IN_FLIGHT` (default 256; 0 for no bound): calls in progress in this process
    /// beyond which a call is refused at once with 503 and `Retry-After` (`admission`).
    pub max_in_flight: usize,
    /// `EDUHUB_LOAD_TEST=1` enables the load tool's setup calls (accounts, probes, documents).
    pub load_test: bool,
    /// The AI provider (`EDUHUB_AI_URL`, an OpenAI-compatible base URL such as
    /// `https://api.openai.com/v1`; `EDUHUB_AI_KEY`; `EDUHUB_AI_MODEL`). Unset: AI calls answer
    /// that the service is not configured.
    pub ai: Option<AiConfig>,
    /// The S3-compatible file store (`EDUHUB_S3_BUCKET`, with `EDUHUB_S3_ENDPOINT`,
    /// `EDUHUB_S3_REGION`, `EDUHUB_S3_ACCESS_KEY_ID`, `EDUHUB_S3_SECRET_ACCESS_KEY`, or the
    /// standard `AWS_*` variables). Unset: files live under the data directory, which suits one
    /// process; several processes on different machines need a shared bucket.
    pub s3: Option<S3Config>,
    /// `EDUHUB_JOB_LEASE_SECS` (default 30, at least 1): how long a running download or
    /// save-to-knowledge job stays claimed without its worker renewing it, so how soon another
    /// process (or this one after a restart) takes over the work of a process that died.
    pub job_lease: hub::lease::JobLease,
    /// Workers of the job engine (`EDUHUB_JOB_WORKERS`, default 2, at least 1).
    pub job_workers: usize,
    /// `EDUHUB_JOB_STOP_GRACE_SECS` (default 2): on SIGTERM, how long the jobs in hand may run
    /// on before they are given back to the queue for another process.
    pub job_stop_grace: std::time::Duration,
    /// How long pushes stay in the log for clients that reconnect with `since`
    /// (`EDUHUB_PUSH_RETENTION_SECS`, default 7 days).
    pub push_retention: std::time::Duration,
    /// How often expired sessions, old login records and pushes past their retention are deleted
    /// (`EDUHUB_MAINTENANCE_SECS`, default 600).
    pub maintenance_every: std::time::Duration,
    /// `EDUHUB_DRAIN_SECS` (default 0): on SIGTERM, how long the process refuses new sockets and
    /// answers `/healthz` with 503 before it tells its sockets to go away, so that a proxy's health
    /// check has taken it out when clients reconnect.
    pub drain: std::time::Duration,
    /// Proxies whose `X-Forwarded-For` names the client (`EDUHUB_TRUSTED_PROXIES`, addresses or
    /// networks, comma-separated; none by default).
    pub trusted_proxies: crate::client_addr::TrustedProxies,
    /// Addresses or networks `/metrics` answers (`EDUHUB_METRICS_FROM`; default this machine).
    pub metrics_from: crate::client_addr::TrustedProxies,
    /// The data-centre records `serve --demo` generates with a fresh demo
    /// (`EDUHUB_DEMO_RECORDS`: `small`, the default, `large` or `none`).
    pub demo_records: Option<storage::datacentre::generate::Scale>,
    /// `EDUHUB_LIVE_RECORDS_SECS`: the generator's live mode for demos, off by default: every so
    /// many seconds a generated class holds a lesson now, and open data-centre screens update.
    pub live_records_secs: Option<u64>,
    /// How often online-lesson reminders are looked for (`EDUHUB_ONLINE_REMINDER_SECS`, default
    /// 30; `0` turns them off).
    pub online_reminder_secs: Option<u64>,
    /// The cloud drive's quota and sweep.
    pub drive: DriveConfig,
    /// The desktop client's versions, for its upgrade prompt.
    pub desktop: DesktopConfig,
    /// `EDUHUB_DEMO=1`: this deployment is a demo, so the demo accounts with their published
    /// password may exist (otherwise `serve` without `--demo` refuses to start while one does).
    pub demo_deployment: bool,
    /// Who may register (`EDUHUB_REGISTRATION`: `open`, `approval` or `invitation`). Unset: open
    /// for a demo, otherwise an administrator approves each self-registration. An invitation
    /// link registers in every mode.
    pub registration: Option<Registration>,
}

/// Who may register an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Registration {
    /// Anyone; the account is active at once.
    Open,
    /// Anyone; the account waits for an administrator's approval.
    Approval,
    /// Only through an invitation link.
    InvitationOnly,
}

impl Config {
    /// The registration mode in force (set at start: see [`Config::registration`]).
    pub fn registration_mode(&self) -> Registration {
        self.registration.unwrap_or(Registration::Approval)
    }
}

/// The desktop client's versions (`EDUHUB_DESKTOP_LATEST`, `EDUHUB_DESKTOP_MINIMUM`, default
/// 1.0.0 both) and where to get it (`EDUHUB_DESKTOP_URL`).
#[derive(Debug, Clone)]
pub struct DesktopConfig {
    pub latest: String,
    pub minimum: String,
    pub download_url: String,
}

impl Default for DesktopConfig {
    fn default() -> DesktopConfig {
        DesktopConfig { latest: "1.0.0".into(), minimum: "1.0.0".into(), download_url: String::new() }
    }
}

/// The cloud drive (issue 15).
#[derive(Debug, Clone, Copy)]
pub struct DriveConfig {
    /// Bytes of stored files each user may hold (`EDUHUB_DRIVE_QUOTA_BYTES`, default 10 GiB).
    pub quota_bytes: i64,
    /// How often a sweep job purges bin items past 30 days and uploads abandoned for a day
    /// (`EDUHUB_DRIVE_SWEEP_SECS`, default 3600).
    pub sweep_secs: u64,
}

impl Default for DriveConfig {
    fn default() -> DriveConfig {
        DriveConfig { quota_bytes: 10 * 1024 * 1024 * 1024, sweep_secs: 3600 }
    }
}

#[derive(Debug, Clone)]
pub struct AiConfig {
    pub base_url: String,
    pub api_key: Option<String>,
    /// The default model.
    pub model: String,
    /// The model that reads photos and PDFs of papers (`EDUHUB_AI_VISION_MODEL`, default the
    /// default model).
    pub vision_model: String,
    /// The models the assistant offers (the default first).
    pub models: Vec<String>,
    /// A user's assistant requests per minute (`EDUHUB_AI_RPM`, default 10).
    pub requests_per_minute: i64,
    /// A user's tokens per day (`EDUHUB_AI_TOKENS_PER_DAY`, default 200,000).
    pub tokens_per_day: i64,
}

impl AiConfig {
    /// A provider with one model and the default limits.
    pub fn new(base_url: String, api_key: Option<String>, model: String) -> AiConfig {
        AiConfig { base_url, api_key, models: vec![model.clone()], vision_model: model.clone(), model, requests_per_minute: 10, tokens_per_day: 200_000 }
    }
}

impl Config {
    pub fn from_env() -> Config {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let data_dir = PathBuf::from(var("EDUHUB_DATA_DIR").unwrap_or_else(|| "data".into()));
        let database_url = var("DATABASE_URL").unwrap_or_else(|| format!("sqlite://{}/eduhub.db?mode=rwc", data_dir.display()));
        Config {
            addr: var("EDUHUB_ADDR").unwrap_or_else(|| "127.0.0.1:8080".into()),
            database_url,
            redis_url: var("REDIS_URL"),
            bus_namespace: var("EDUHUB_BUS_NAMESPACE").unwrap_or_else(|| "default".into()),
            data_dir,
            web_dir: PathBuf::from(var("EDUHUB_WEB_DIR").unwrap_or_else(|| "web/dist".into())),
            secure_cookies: var("EDUHUB_SECURE_COOKIES").is_some_and(|v| v == "1" || v == "true"),
            ai: var("EDUHUB_AI_URL").map(|base_url| {
                let mut ai = AiConfig::new(base_url, var("EDUHUB_AI_KEY"), var("EDUHUB_AI_MODEL").unwrap_or_else(|| "gpt-4o-mini".into()));
                for model in var("EDUHUB_AI_MODELS").unwrap_or_default().split(',').map(str::trim).filter(|m| !m.is_empty()) {
                    if !ai.models.iter().any(|m| m == model) {
                        ai.models.push(model.to_owned());
                    }
                }
                ai.vision_model = var("EDUHUB_AI_VISION_MODEL").unwrap_or_else(|| ai.model.clone());
                ai.requests_per_minute = var("EDUHUB_AI_RPM").and_then(|v| v.parse().ok()).unwrap_or(ai.requests_per_minute);
                ai.tokens_per_day = var("EDUHUB_AI_TOKENS_PER_DAY").and_then(|v| v.parse().ok()).unwrap_or(ai.tokens_per_day);
                ai
            }),
            s3: var("EDUHUB_S3_BUCKET").map(|bucket| S3Config {
                bucket,
                endpoint: var("EDUHUB_S3_ENDPOINT"),
                region: var("EDUHUB_S3_REGION"),
                access_key_id: var("EDUHUB_S3_ACCESS_KEY_ID"),
                secret_access_key: var("EDUHUB_S3_SECRET_ACCESS_KEY"),
            }),
            job_lease: match var("EDUHUB_JOB_LEASE_SECS").map(|v| v.trim().parse::<u64>()) {
                None => hub::lease::JobLease::DEFAULT,
                Some(Ok(secs)) => hub::lease::JobLease::new(std::time::Duration::from_secs(secs)),
                Some(Err(_)) => {
                    tracing::warn!("EDUHUB_JOB_LEASE_SECS is not a whole number of seconds; using 30");
                    hub::lease::JobLease::DEFAULT
                }
            },
            trusted_proxies: {
                let (trusted, bad) = crate::client_addr::TrustedProxies::parse(&var("EDUHUB_TRUSTED_PROXIES").unwrap_or_default());
                if !bad.is_empty() {
                    tracing::warn!(?bad, "EDUHUB_TRUSTED_PROXIES entries that are not addresses or networks are ignored");
                }
                trusted
            },
            metrics_from: {
                let list = var("EDUHUB_METRICS_FROM").unwrap_or_else(|| "127.0.0.1,::1".into());
                let (from, bad) = crate::client_addr::TrustedProxies::parse(&list);
                if !bad.is_empty() {
                    tracing::warn!(?bad, "EDUHUB_METRICS_FROM entries that are not addresses or networks are ignored");
                }
                from
            },
            demo_records: match var("EDUHUB_DEMO_RECORDS").as_deref().map(str::trim) {
                Some("none") => None,
                Some(scale) => Some(scale.parse().unwrap_or(storage::datacentre::generate::Scale::Small)),
                None => Some(storage::datacentre::generate::Scale::Small),
            },
            live_records_secs: var("EDUHUB_LIVE_RECORDS_SECS").and_then(|v| v.trim().parse().ok()).filter(|n: &u64| *n > 0),
            online_reminder_secs: match var("EDUHUB_ONLINE_REMINDER_SECS").map(|v| v.trim().parse::<u64>()) {
                Some(Ok(0)) => None,
                Some(Ok(n)) => Some(n),
                _ => Some(30),
            },
            drive: DriveConfig {
                quota_bytes: var("EDUHUB_DRIVE_QUOTA_BYTES")
                    .and_then(|v| v.trim().parse().ok())
                    .filter(|n: &i64| *n > 0)
                    .unwrap_or(DriveConfig::default().quota_bytes),
                sweep_secs: var("EDUHUB_DRIVE_SWEEP_SECS").and_then(|v| v.trim().parse().ok()).filter(|n: &u64| *n > 0).unwrap_or(3600),
            },
            demo_deployment: var("EDUHUB_DEMO").is_some_and(|v| v == "1" || v == "true"),
            registration: var("EDUHUB_REGISTRATION").and_then(|v| match v.trim() {
                "open" => Some(Registration::Open),
                "approval" => Some(Registration::Approval),
                "invitation" => Some(Registration::InvitationOnly),
                other => {
                    eprintln!("EDUHUB_REGISTRATION={other} is not open, approval or invitation: approval applies");
                    None
                }
            }),
            desktop: DesktopConfig {
                latest: var("EDUHUB_DESKTOP_LATEST").unwrap_or_else(|| DesktopConfig::default().latest),
                minimum: var("EDUHUB_DESKTOP_MINIMUM").unwrap_or_else(|| DesktopConfig::default().minimum),
                download_url: var("EDUHUB_DESKTOP_URL").unwrap_or_default(),
            },
            push_retention: var("EDUHUB_PUSH_RETENTION_SECS")
                .and_then(|v| v.trim().parse::<u64>().ok())
                .filter(|s| *s > 0)
                .map_or(DEFAULT_PUSH_RETENTION, std::time::Duration::from_secs),
            maintenance_every: var("EDUHUB_MAINTENANCE_SECS")
                .and_then(|v| v.trim().parse::<u64>().ok())
                .filter(|s| *s > 0)
                .map_or(DEFAULT_MAINTENANCE_EVERY, std::time::Duration::from_secs),
            drain: std::time::Duration::from_secs(var("EDUHUB_DRAIN_SECS").and_then(|v| v.trim().parse().ok()).unwrap_or(0)),
            job_stop_grace: std::time::Duration::from_secs(
                var("EDUHUB_JOB_STOP_GRACE_SECS").and_then(|v| v.trim().parse().ok()).unwrap_or(DEFAULT_JOB_STOP_GRACE_SECS),
            ),
            job_workers: var("EDUHUB_JOB_WORKERS").and_then(|v| v.trim().parse().ok()).filter(|n: &usize| *n > 0).unwrap_or(2),
            load_test: var("EDUHUB_LOAD_TEST").is_some_and(|v| v == "1" || v == "true"),
            max_in_flight: var("EDUHUB_MAX_IN_FLIGHT").and_then(|v| v.trim().parse().ok()).unwrap_or(DEFAULT_MAX_IN_FLIGHT),
            workers: var("EDUHUB_WORKERS").and_then(|v| v.parse().ok()).unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2)),
        }
    }
}
