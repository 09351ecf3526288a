//! `eduhub-load`: run a load scenario and write its report (JSON and HTML).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use loadtest::net::{self, SourceAddrs};
use loadtest::report::Report;
use loadtest::scenario::{broadcast, coedit, drive, push, rest, Target};

#[derive(Parser)]
#[command(name = "eduhub-load", about = "Drive thousands of WebSocket and REST clients against EduHub and report honest figures")]
struct Cli {
    #[command(subcommand)]
    scenario: Scenario,
}

#[derive(Subcommand)]
enum Scenario {
    /// N sessions held while the server pushes targeted messages and broadcasts to them.
    Push(PushCmd),
    /// Add clients in steps, broadcasting at each; stop when p95 passes the limit.
    BroadcastRtt(BroadcastCmd),
    /// D documents × E editors typing over the y-websocket protocol.
    Coedit(CoeditCmd),
    /// A mix of hot REST calls at fixed offered rates.
    Rest(RestCmd),
    /// Open views of one team folder, each timing how long a member's change takes to reach it.
    DriveViewers(DriveCmd),
}

#[derive(Args)]
struct Common {
    /// EduHub's base URL (the server must run with EDUHUB_LOAD_TEST=1).
    #[arg(long, env = "EDUHUB_LOAD_SERVER", default_value = "http://127.0.0.1:8080")]
    server: String,
    /// A super user who may call the load-test setup calls.
    #[arg(long, env = "EDUHUB_LOAD_ADMIN", default_value = "admin@demo.eduhub")]
    admin_email: String,
    #[arg(long, env = "EDUHUB_LOAD_ADMIN_PASSWORD", default_value = "eduhub-demo", hide_env_values = true)]
    admin_password: String,
    /// Prefix of the load-test accounts.
    #[arg(long, default_value = "load-")]
    prefix: String,
    /// Source addresses to connect from, in turn: `127.0.0.1-127.0.0.4` or a comma list. One
    /// address gives ~28k client sockets to one server port.
    #[arg(long, default_value = "")]
    source_addrs: String,
    /// Raise the open-files limit to this (bounded by the hard limit).
    #[arg(long, default_value_t = 1_048_576)]
    nofile: u64,
    /// Handshakes in flight while connecting.
    #[arg(long, default_value_t = 256)]
    connect_concurrency: usize,
    /// Write the report as JSON here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Write the report as an HTML page here.
    #[arg(long)]
    html: Option<PathBuf>,
    /// No progress line.
    #[arg(long)]
    quiet: bool,
}

#[derive(Args)]
struct PushCmd {
    #[command(flatten)]
    common: Common,
    #[arg(long, default_value_t = 1000)]
    sessions: usize,
    /// Seconds of driving.
    #[arg(long, default_value_t = 30.0)]
    duration: f64,
    /// Targeted pushes per second.
    #[arg(long, default_value_t = 1000.0)]
    rate: f64,
    /// Broadcasts (to every session) per second.
    #[arg(long, default_value_t = 0.0)]
    broadcast_rate: f64,
    #[arg(long, default_value_t = 20)]
    batch_ms: u64,
    #[arg(long, default_value_t = 4)]
    in_flight: usize,
    /// Seconds to wait for stragglers.
    #[arg(long, default_value_t = 5.0)]
    grace: f64,
    /// The server's pid, for its memory per session.
    #[arg(long)]
    server_pid: Option<u32>,
    /// Do not acknowledge probes.
    #[arg(long)]
    no_ack: bool,
}

#[derive(Args)]
struct BroadcastCmd {
    #[command(flatten)]
    common: Common,
    #[arg(long, default_value_t = 1000)]
    step: usize,
    #[arg(long, default_value_t = 20000)]
    max_clients: usize,
    #[arg(long, default_value_t = 10)]
    broadcasts: usize,
    #[arg(long, default_value_t = 200)]
    interval_ms: u64,
    #[arg(long, default_value_t = 500.0)]
    limit_ms: f64,
    /// Seconds a step waits for the last copies.
    #[arg(long, default_value_t = 5.0)]
    wait: f64,
    /// A websocket-shootout broadcast server (e.g. `node bench/peers/ws-broadcast.js`) to measure
    /// instead of EduHub: ws://host:port/.
    #[arg(long)]
    peer_url: Option<String>,
}

#[derive(Args)]
struct CoeditCmd {
    #[command(flatten)]
    common: Common,
    /// Any y-websocket server: a URL with `{doc}`, e.g. ws://127.0.0.1:1234/load-{doc}.
    #[arg(long)]
    ws_template: Option<String>,
    #[arg(long, default_value_t = 100)]
    docs: usize,
    #[arg(long, default_value_t = 5)]
    editors: usize,
    /// Updates per second per editor.
    #[arg(long, default_value_t = 2.0)]
    rate: f64,
    #[arg(long, default_value_t = 30.0)]
    duration: f64,
    #[arg(long, default_value_t = 10.0)]
    settle: f64,
    #[arg(long)]
    server_pid: Option<u32>,
    /// Keep each document near this many characters (a keystroke past it also deletes one).
    #[arg(long)]
    keep_chars: Option<u32>,
    /// Seconds after which editors leave their documents for new ones (a round each), so that
    /// the server unloads the old; unset, the same documents for the whole run.
    #[arg(long)]
    churn: Option<f64>,
}

#[derive(Args)]
struct RestCmd {
    #[command(flatten)]
    common: Common,
    #[arg(long, default_value_t = 20)]
    users: usize,
    /// Offered rates, one step each: `200,400,800`.
    #[arg(long, value_delimiter = ',', default_value = "200")]
    rps: Vec<f64>,
    /// Seconds per step.
    #[arg(long, default_value_t = 10.0)]
    duration: f64,
    /// `name:weight,…`, or `reports` for every report call of the data centre and QC.
    #[arg(long, default_value = "user-info:4,banner:2,increase-count:2,todo-count:1,download-check:1,remaining-count:1")]
    mix: String,
    #[arg(long, default_value_t = 10_000)]
    max_in_flight: u64,
    /// Every call as the admin instead of the load-test accounts (the report screens' users).
    #[arg(long)]
    as_admin: bool,
    /// Days the report calls search, ending today.
    #[arg(long, default_value_t = 30)]
    days: i64,
}

#[derive(Args)]
struct DriveCmd {
    #[command(flatten)]
    common: Common,
    /// Open views of the team folder.
    #[arg(long, default_value_t = 1000)]
    viewers: usize,
    /// Views per member (a team has at most 500 members).
    #[arg(long, default_value_t = 2)]
    tabs: usize,
    #[arg(long, default_value_t = 50)]
    changes: usize,
    #[arg(long, default_value_t = 100)]
    interval_ms: u64,
    /// Seconds a change waits for its last views.
    #[arg(long, default_value_t = 5.0)]
    wait: f64,
}

impl Common {
    fn target(&self) -> anyhow::Result<Target> {
        let limit = net::raise_nofile(self.nofile);
        if !self.quiet {
            eprintln!("open-files limit {limit}");
        }
        Ok(Target {
            server: self.server.clone(),
            admin_email: self.admin_email.clone(),
            admin_password: self.admin_password.clone(),
            prefix: self.prefix.clone(),
            connect_concurrency: self.connect_concurrency,
            sources: Arc::new(SourceAddrs::parse(&self.source_addrs)?),
            quiet: self.quiet,
        })
    }
}

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s.max(0.0))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let (report, common): (Report, &Common) = match &cli.scenario {
        Scenario::Push(c) => (
            push::run(push::PushArgs {
                target: c.common.target()?,
                sessions: c.sessions,
                duration: secs(c.duration),
                rate: c.rate,
                broadcast_rate: c.broadcast_rate,
                batch_ms: c.batch_ms,
                in_flight: c.in_flight,
                grace: secs(c.grace),
                server_pid: c.server_pid,
                ack: !c.no_ack,
            })
            .await?,
            &c.common,
        ),
        Scenario::BroadcastRtt(c) => (
            broadcast::run(broadcast::BroadcastArgs {
                target: c.common.target()?,
                step: c.step,
                max_clients: c.max_clients,
                broadcasts: c.broadcasts,
                interval_ms: c.interval_ms,
                limit_ms: c.limit_ms,
                wait: secs(c.wait),
                peer_url: c.peer_url.clone(),
            })
            .await?,
            &c.common,
        ),
        Scenario::Coedit(c) => (
            coedit::run(coedit::CoeditArgs {
                target: c.common.target()?,
                ws_template: c.ws_template.clone(),
                docs: c.docs,
                editors: c.editors,
                rate: c.rate,
                duration: secs(c.duration),
                settle: secs(c.settle),
                server_pid: c.server_pid,
                keep_chars: c.keep_chars,
                churn: c.churn.map(secs),
            })
            .await?,
            &c.common,
        ),
        Scenario::Rest(c) => (
            rest::run(rest::RestArgs {
                target: c.common.target()?,
                users: c.users,
                rps: c.rps.clone(),
                duration: secs(c.duration),
                mix: c.mix.clone(),
                max_in_flight: c.max_in_flight,
                as_admin: c.as_admin,
                days: c.days,
            })
            .await?,
            &c.common,
        ),
        Scenario::DriveViewers(c) => (
            drive::run(drive::DriveArgs {
                target: c.common.target()?,
                viewers: c.viewers,
                tabs: c.tabs,
                changes: c.changes,
                interval_ms: c.interval_ms,
                wait: secs(c.wait),
            })
            .await?,
            &c.common,
        ),
    };
    report.write(common.json.as_deref(), common.html.as_deref())?;
    println!("{}", report.to_text());
    Ok(())
}
