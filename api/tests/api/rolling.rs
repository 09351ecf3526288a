//! A rolling restart behind nginx: two `eduhub` processes (PostgreSQL, Redis) behind one proxy
//! address, restarted one after the other with SIGTERM while clients push and co-edit through
//! the proxy. Nothing is lost or delivered twice, and every client whose socket went away is
//! connected again within 2 s. These run the real binary and a real nginx (`scripts/nginx.sh`),
//! since a restart is a process ending and a proxy choosing another node.
//!
//! Every client runs on the test's one thread (`actix_web::rt::spawn` is `spawn_local`), so the
//! state they share with the test is in `Rc<RefCell<…>>`.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

use futures_util::future::{FutureExt, LocalBoxFuture};
use futures_util::{SinkExt, StreamExt};
use protocol::dto::loadtest::LoadUser;
use protocol::push::{close_code, PushEnvelope, TypeCode, CONNECT_SUCCESS_TEXT};
use serde_json::{json, Value};
use tokio::sync::watch;
use tokio::time::MissedTickBehavior;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::{Error as WsError, Message as WsMessage};
use yrs::encoding::read::Cursor;
use yrs::sync::{Message, MessageReader, SyncMessage};
use yrs::updates::decoder::{Decode, DecoderV1};
use yrs::updates::encoder::Encode;
use yrs::{Doc, GetString, ReadTxn, Text, Transact, Update};

use crate::helpers::*;
use crate::process::{free_port, ServerProcess};

/// `EDUHUB_DRAIN_SECS` of both nodes: long enough for nginx to see a stopping node's 503s.
const DRAIN_SECS: u64 = 1;
/// The issue's bound on a stopping node: it has exited this long after SIGTERM.
const EXIT_WITHIN: Duration = Duration::from_secs(10);
/// The issue's bound on a client whose socket went away: connected again within this.
const BACK_WITHIN: Duration = Duration::from_secs(2);
/// nginx's `fail_timeout`: how long a node that failed a request is left alone.
const FAIL_TIMEOUT_SECS: u64 = 2;
/// Numbered pushes to the load-test account: 20 a second.
const PUSHES_EVERY: Duration = Duration::from_millis(50);
/// Numbered insertions by each editor: 10 a second.
const EDITS_EVERY: Duration = Duration::from_millis(100);
/// Load before the first restart, and after the last one.
const LOAD_AROUND: Duration = Duration::from_secs(2);
/// The co-edited document: the demo teacher's feedback report, which the second demo teacher
/// co-edits (as in collab.rs and scale_out.rs).
const ROOM: &str = "feedback/1";
/// The push socket's name in the reconnect records; the editors are "a" and "b".
const PUSH: &str = "push";
/// One socket upgrade, or one REST call, through the proxy.
const CONNECT_WITHIN: Duration = Duration::from_secs(5);
const CALL_WITHIN: Duration = Duration::from_secs(10);
/// Between two attempts of a client whose connection or call failed.
const RETRY_EVERY: Duration = Duration::from_millis(50);
/// How long a push producer keeps retrying one number before it reports it unconfirmed.
const GIVE_UP_AFTER: Duration = Duration::from_secs(30);
/// How long the clients may take to catch up once the load stopped.
const SETTLE_WITHIN: Duration = Duration::from_secs(10);

/// Two nodes behind nginx, restarted one after the other under pushes and co-editing: every push
/// produced arrives exactly once, every edit is in the document, and every client that was
/// moved is back within 2 s.
#[actix_web::test]
async fn a_rolling_restart_behind_the_proxy_loses_nothing() {
    under_load(Disruption::RollingRestart).await;
}

/// The same load while the nodes are killed (SIGKILL: no goodbye, no drain) at random points, one
/// at a time, 20 times: still every push arrives exactly once and every edit a client made is in
/// the document.
#[actix_web::test]
async fn kill_9_of_a_node_at_random_points_loses_nothing() {
    under_load(Disruption::Kill9 { rounds: KILL_ROUNDS }).await;
}

/// Kills of the SIGKILL run.
const KILL_ROUNDS: usize = 20;

/// What happens to the nodes while the clients work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Disruption {
    /// SIGTERM to A, back, then to B: what a deploy does.
    RollingRestart,
    /// SIGKILL to A and B in turn, each after a random part of a second, restarted at once.
    Kill9 { rounds: usize },
}

/// A small xorshift: the kill points vary from run to run, and the seed is printed to replay one.
struct Dice(u64);

impl Dice {
    fn from_clock() -> Dice {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_nanos() as u64;
        Dice(nanos | 1)
    }

    /// A duration in `[low, high)`.
    fn between(&mut self, low: Duration, high: Duration) -> Duration {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        let span = (high - low).as_millis().max(1) as u64;
        low + Duration::from_millis(self.0 % span)
    }
}

async fn under_load(disruption: Disruption) {
    let nginx = nginx_binary();
    let database = TestDatabase::create(Backend::Postgres).await;
    // The shared Redis serves other tests: this run's pushes and documents stay among its nodes.
    let started = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let namespace = format!("rolling-{}-{}", std::process::id(), started.as_nanos());
    let env: Vec<(String, String)> = [
        ("DATABASE_URL", database.url.as_str()),
        ("REDIS_URL", redis_url().as_str()),
        ("EDUHUB_BUS_NAMESPACE", namespace.as_str()),
        ("EDUHUB_DRAIN_SECS", DRAIN_SECS.to_string().as_str()),
        // The numbered pushes come from the load tool's push call.
        ("EDUHUB_LOAD_TEST", "1"),
        // The demo accounts are enough; generating the data-centre records only slows each start.
        ("EDUHUB_DEMO_RECORDS", "none"),
        ("EDUHUB_WORKERS", "2"),
        ("EDUHUB_TRUSTED_PROXIES", "127.0.0.1"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.to_owned()))
    .collect();
    // One after the other: the first start seeds the demo accounts, the second finds them.
    let mut node_a = Node::start("A", &env).await;
    let mut node_b = Node::start("B", &env).await;
    let proxy = Proxy::start(&nginx, &[node_a.port, node_b.port]).await;
    let diagnostics = |nodes: [&Node; 2]| format!("{}\n{}\n{}", nodes[0].log_tail(), nodes[1].log_tail(), proxy.log_tail());

    // The load tool pushes to its own accounts only: the push socket is one of those.
    let admin = Client::at(&proxy.base).login(ADMIN).await;
    let accounts = admin.post_data("/api/admin/loadtest/users", json!({"count": 1, "prefix": "rolling-"})).await;
    let receiver: LoadUser = serde_json::from_value(accounts[0].clone()).unwrap_or_else(|e| panic!("a load-test account in {accounts}: {e}"));
    let teacher = Client::at(&proxy.base).login(TEACHER).await;
    let teacher2 = Client::at(&proxy.base).login(TEACHER2).await;
    let token_of = |client: &Client| client.token.clone().expect("a signed-in client holds a token");

    let (phase, phase_rx) = watch::channel(Phase::Load);
    let reconnects = Reconnects::default();
    let received: Received = Default::default();
    let first_socket = connect_push(&proxy.ws_base, &receiver, Some(0)).await.unwrap_or_else(|e| panic!("the push socket opens through the proxy: {e}"));
    let reader =
        actix_web::rt::spawn(read_pushes(proxy.ws_base.clone(), receiver.clone(), first_socket, phase_rx.clone(), received.clone(), reconnects.clone()));
    let room_url = format!("{}/collab/{ROOM}", proxy.ws_base);
    let (view_a, view_b): (View, View) = Default::default();
    let editor_a = actix_web::rt::spawn(edit("a", room_url.clone(), token_of(&teacher), phase_rx.clone(), view_a.clone(), reconnects.clone()));
    let editor_b = actix_web::rt::spawn(edit("b", room_url.clone(), token_of(&teacher2), phase_rx.clone(), view_b.clone(), reconnects.clone()));
    let editors_in = wait_until(SETTLE_WITHIN, || view_a.borrow().synced && view_b.borrow().synced).await;
    assert!(editors_in, "both editors joined the room through the proxy\n{}", diagnostics([&node_a, &node_b]));
    let producer = actix_web::rt::spawn(produce_pushes(proxy.base.clone(), token_of(&admin), receiver.user_id, phase_rx.clone()));

    tokio::time::sleep(LOAD_AROUND).await;
    let mut restarts = Vec::new();
    match disruption {
        Disruption::RollingRestart => {
            restarts.push(node_a.restart().await);
            // nginx takes A back only once its fail_timeout since A's last failure has passed;
            // until then B is the only node it tries, and B is about to stop.
            tokio::time::sleep(Duration::from_secs(FAIL_TIMEOUT_SECS + 1)).await;
            restarts.push(node_b.restart().await);
        }
        Disruption::Kill9 { rounds } => {
            let mut dice = Dice::from_clock();
            println!("kill points from seed {}", dice.0);
            for round in 0..rounds {
                tokio::time::sleep(dice.between(Duration::from_millis(200), Duration::from_millis(1500))).await;
                let node = if round % 2 == 0 { &mut node_a } else { &mut node_b };
                restarts.push(node.kill_and_start().await);
            }
        }
    }
    tokio::time::sleep(LOAD_AROUND).await;

    // The load stops; the clients catch up with what the nodes have.
    phase.send_replace(Phase::Quiet);
    let produced = producer.await.expect("the push producer ran to its end");
    let head = log_head(&proxy.ws_base, &receiver).await;
    let pushes_in = wait_until(SETTLE_WITHIN, || received.borrow().iter().map(|&(seq, _)| seq).max().unwrap_or(0) >= head).await;
    let converged = wait_until(SETTLE_WITHIN, || {
        let (a, b) = (view_a.borrow(), view_b.borrow());
        a.text == b.text && a.typed.iter().chain(&b.typed).all(|marker| a.text.contains(marker.as_str()))
    })
    .await;
    let final_text = view_a.borrow().text.clone();
    let fresh = fresh_replica_text(&room_url, &token_of(&teacher), &final_text, SETTLE_WITHIN).await;
    phase.send_replace(Phase::Done);
    reader.await.expect("the push socket's reader ran to its end");
    editor_a.await.expect("editor a ran to its end");
    editor_b.await.expect("editor b ran to its end");

    let reconnects = reconnects.0.take();
    let received = received.take();
    let (view_a, view_b) = (view_a.take(), view_b.take());
    let typed: Vec<&String> = view_a.typed.iter().chain(&view_b.typed).collect();
    let summary = describe_run(&restarts, &reconnects, &produced, received.len(), head, typed.len(), final_text.len());
    println!("{summary}");

    // Every client came back. After a SIGTERM, each stopping node exited cleanly within
    // EXIT_WITHIN (checked in `restart`), and each client it held was told "going away" and was
    // back within BACK_WITHIN; a killed node tells nobody, and a client may find both nodes
    // marked down by the proxy for a moment.
    let never: Vec<&Reconnect> = reconnects.iter().filter(|r| r.back_after.is_none()).collect();
    assert!(never.is_empty(), "clients that never came back: {never:?}\n{summary}\n{}", diagnostics([&node_a, &node_b]));
    if disruption == Disruption::RollingRestart {
        let late: Vec<&Reconnect> = reconnects.iter().filter(|r| r.back_after.is_none_or(|took| took > BACK_WITHIN)).collect();
        assert!(late.is_empty(), "clients not back within {BACK_WITHIN:?}: {late:?}\n{summary}\n{}", diagnostics([&node_a, &node_b]));
        let not_told: Vec<&Reconnect> = reconnects.iter().filter(|r| r.close_code != Some(close_code::GOING_AWAY)).collect();
        assert!(not_told.is_empty(), "sockets that ended without 1001 (going away): {not_told:?}\n{summary}");
    }
    // Whatever A's restart moved, it moved to B, so B's restart moved every client at least once.
    for client in [PUSH, "a", "b"] {
        assert!(reconnects.iter().any(|r| r.client == client), "{client} was never moved by a restart: {reconnects:?}");
    }

    // 0 pushes lost or duplicated: the account's log runs 1..=head, and each of its entries
    // arrived once. A call the producer could not confirm (a 502 from a node that stopped with
    // the call in hand) was sent again with the same number, so such a number may be in the log
    // twice, under two ids; every other number is there once.
    assert!(produced.unconfirmed.is_empty(), "pushes never confirmed: {:?}\n{summary}", produced.unconfirmed);
    // Fewer get through the kills: while the proxy holds both nodes down, calls fail and wait.
    let enough = if disruption == Disruption::RollingRestart { 50 } else { 30 };
    assert!(produced.confirmed.len() >= enough, "the load ran through the disruption\n{summary}");
    assert!(pushes_in, "the push socket caught up with the log's head {head}\n{summary}");
    let mut arrivals: BTreeMap<i64, usize> = BTreeMap::new();
    let mut numbers: BTreeMap<u64, usize> = BTreeMap::new();
    for &(seq, n) in &received {
        *arrivals.entry(seq).or_default() += 1;
        *numbers.entry(n).or_default() += 1;
    }
    let lost: Vec<i64> = (1..=head).filter(|seq| !arrivals.contains_key(seq)).collect();
    let duplicated: Vec<i64> = arrivals.iter().filter(|&(_, &count)| count > 1).map(|(&seq, _)| seq).collect();
    assert!(lost.is_empty() && duplicated.is_empty(), "pushes lost {lost:?}, delivered twice {duplicated:?}\n{summary}");
    let missing: Vec<u64> = produced.confirmed.iter().copied().filter(|n| !numbers.contains_key(n)).collect();
    assert!(missing.is_empty(), "confirmed pushes that never arrived: {missing:?}\n{summary}");
    let doubled: Vec<u64> = numbers.iter().filter(|&(n, &count)| count > 1 && !produced.in_doubt.contains(n)).map(|(&n, _)| n).collect();
    assert!(doubled.is_empty(), "numbers stored twice though sent once: {doubled:?}\n{summary}");

    // 0 edits lost: both editors and a newcomer through the proxy hold the same text, with every
    // marker typed, each once.
    assert!(converged, "the editors converged: a {:?}, b {:?}\n{summary}", view_a.text, view_b.text);
    assert_eq!(fresh.as_deref(), Ok(final_text.as_str()), "a fresh client through the proxy reads what the editors hold");
    let lost_edits: Vec<&&String> = typed.iter().filter(|marker| final_text.matches(marker.as_str()).count() != 1).collect();
    assert!(lost_edits.is_empty(), "markers not in the document exactly once: {lost_edits:?}\n{summary}");

    drop(proxy);
    drop(node_a);
    drop(node_b);
    database.drop_database().await;
}

/// What the clients are to do: load (push, type, reconnect), only catch up, or stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Load,
    Quiet,
    Done,
}

/// The phase now, without keeping the channel borrowed: a borrow held across an await would
/// block the test's `send_replace` on this one thread.
fn phase_of(phase: &watch::Receiver<Phase>) -> Phase {
    *phase.borrow()
}

/// A client whose socket ended and who connected again (`back_after` none: it never did).
#[derive(Debug)]
struct Reconnect {
    client: &'static str,
    close_code: Option<u16>,
    /// From the moment the client saw its socket end to the moment it was served again: the
    /// connect text of a push socket, the room's sync step 1 of an editor.
    back_after: Option<Duration>,
}

#[derive(Clone, Default)]
struct Reconnects(Rc<RefCell<Vec<Reconnect>>>);

impl Reconnects {
    fn record(&self, client: &'static str, close_code: Option<u16>, back_after: Option<Duration>) {
        self.0.borrow_mut().push(Reconnect { client, close_code, back_after });
    }
}

/// The pushes the socket received: (log id, the producer's number).
type Received = Rc<RefCell<Vec<(i64, u64)>>>;

/// What an editor shows the test.
#[derive(Default)]
struct EditorView {
    /// In the room (its sync step 1 answered) at least once.
    synced: bool,
    text: String,
    /// The markers it inserted, in order.
    typed: Vec<String>,
}

type View = Rc<RefCell<EditorView>>;

async fn wait_until(within: Duration, mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + within;
    while !done() {
        if Instant::now() >= deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    true
}

/// One node: a process on a port of its own, with its own data directory, restartable.
struct Node {
    name: &'static str,
    port: u16,
    dir: tempfile::TempDir,
    env: Vec<(String, String)>,
    process: ServerProcess,
}

fn pairs(env: &[(String, String)]) -> Vec<(&str, &str)> {
    env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

/// How one node's restart went.
struct Restart {
    node: &'static str,
    signal: &'static str,
    /// From the signal to the exit (after SIGTERM: the drain, the goodbyes, the calls in flight).
    exited_after: Duration,
    /// From the new process's start to its first healthy answer.
    healthy_after: Duration,
}

impl Node {
    async fn start(name: &'static str, env: &[(String, String)]) -> Node {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let port = free_port();
        let process = ServerProcess::start(dir.path(), port, &pairs(env)).await;
        Node { name, port, dir, env: env.to_vec(), process }
    }

    /// SIGTERM, a clean exit within EXIT_WITHIN, and a new process on the same port.
    async fn restart(&mut self) -> Restart {
        let sent = self.process.terminate();
        let exited_after = self.process.expect_clean_exit(sent, EXIT_WITHIN).await;
        let started = Instant::now();
        self.process = ServerProcess::start(self.dir.path(), self.port, &pairs(&self.env)).await;
        Restart { node: self.name, signal: "SIGTERM", exited_after, healthy_after: started.elapsed() }
    }

    /// SIGKILL (no shutdown code runs, as when the process or its machine dies), and a new
    /// process on the same port.
    async fn kill_and_start(&mut self) -> Restart {
        let sent = Instant::now();
        self.process.kill();
        let exited_after = sent.elapsed();
        let started = Instant::now();
        self.process = ServerProcess::start(self.dir.path(), self.port, &pairs(&self.env)).await;
        Restart { node: self.name, signal: "SIGKILL", exited_after, healthy_after: started.elapsed() }
    }

    fn log_tail(&self) -> String {
        format!("node {} log (tail):\n{}", self.name, tail(&self.dir.path().join("server.log"), 30))
    }
}

fn tail(path: &Path, lines: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// nginx on PATH, or where Debian puts it (not on every user's PATH).
fn nginx_binary() -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join("nginx"))
        .chain([PathBuf::from("/usr/sbin/nginx")])
        .find(|candidate| candidate.is_file())
        .unwrap_or_else(|| panic!("nginx is not installed: run scripts/nginx.sh (CI runs it before the tests)"))
}

/// nginx in front of the nodes, as deploy/nginx.conf has it, with everything it writes in a
/// directory of its own. Stopped when dropped.
struct Proxy {
    child: Child,
    dir: tempfile::TempDir,
    /// `http://127.0.0.1:<port>` and `ws://127.0.0.1:<port>`: the one address the clients use.
    base: String,
    ws_base: String,
}

impl Proxy {
    async fn start(nginx: &Path, nodes: &[u16]) -> Proxy {
        let dir = tempfile::tempdir().expect("a temporary directory");
        // Started as root, nginx's worker runs as nobody, and must reach the temporary paths.
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).expect("the proxy's directory is readable");
        let port = free_port();
        assert!(!nodes.contains(&port), "the proxy's port is not a node's");
        let conf = dir.path().join("nginx.conf");
        std::fs::write(&conf, nginx_conf(dir.path(), port, nodes)).expect("the proxy's configuration is written");
        // What nginx says before its error log is open (a bad option) goes here.
        let stderr = std::fs::File::create(dir.path().join("stderr.log")).expect("the proxy's stderr file");
        let child = Command::new(nginx)
            // -e: the error log before the configuration is read (the default is under /var/log).
            .arg("-e")
            .arg(dir.path().join("error.log"))
            .arg("-p")
            .arg(dir.path())
            .arg("-c")
            .arg(&conf)
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .unwrap_or_else(|e| panic!("{} starts: {e}", nginx.display()));
        let mut proxy = Proxy { child, dir, base: format!("http://127.0.0.1:{port}"), ws_base: format!("ws://127.0.0.1:{port}") };
        let http = reqwest::Client::new();
        let deadline = Instant::now() + Duration::from_secs(10);
        while !http.get(format!("{}/healthz", proxy.base)).send().await.is_ok_and(|r| r.status().is_success()) {
            if let Some(exit) = proxy.child.try_wait().expect("nginx's state can be read") {
                panic!("nginx exited ({exit}); {}", proxy.log_tail());
            }
            assert!(Instant::now() < deadline, "the nodes answer through nginx; {}", proxy.log_tail());
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        proxy
    }

    fn log_tail(&self) -> String {
        let (dir, lines) = (self.dir.path(), 30);
        format!("nginx error log (tail):\n{}\n{}", tail(&dir.join("stderr.log"), lines), tail(&dir.join("error.log"), lines))
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        // SIGTERM to the master, which stops its worker; a SIGKILLed master would leave the
        // worker serving the port.
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while matches!(self.child.try_wait(), Ok(None)) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// deploy/nginx.conf for two local nodes, with a shorter `fail_timeout` (the test restarts a
/// node in seconds) and every file nginx writes under `dir`.
fn nginx_conf(dir: &Path, port: u16, nodes: &[u16]) -> String {
    let dir = dir.display();
    let servers: String = nodes.iter().map(|node| format!("        server 127.0.0.1:{node} max_fails=1 fail_timeout={FAIL_TIMEOUT_SECS}s;\n")).collect();
    format!(
        r#"worker_processes 1;
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;

events {{
    worker_connections 1024;
}}

http {{
    access_log {dir}/access.log;
    client_body_temp_path {dir}/client_body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;

    upstream eduhub {{
{servers}        keepalive 32;
    }}

    map $http_upgrade $connection_upgrade {{
        default upgrade;
        '' '';
    }}

    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 512m;

        location / {{
            proxy_pass http://eduhub;
            proxy_http_version 1.1;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_next_upstream error timeout http_502 http_503;
            proxy_next_upstream_tries 2;
            proxy_read_timeout 3600s;
            proxy_send_timeout 3600s;
            proxy_buffering off;
        }}
    }}
}}
"#
    )
}

/// A WebSocket through the proxy with the bearer token, as the clients open theirs.
async fn open_ws(url: &str, token: &str) -> Result<Ws, String> {
    let mut request = url.into_client_request().map_err(|e| format!("{url}: {e}"))?;
    let auth = HeaderValue::from_str(&format!("Bearer {token}")).map_err(|e| format!("the token as a header: {e}"))?;
    request.headers_mut().insert("Authorization", auth);
    match tokio::time::timeout(CONNECT_WITHIN, tokio_tungstenite::connect_async(request)).await {
        Err(_) => Err(format!("no upgrade within {CONNECT_WITHIN:?}")),
        Ok(Err(e)) => Err(e.to_string()),
        Ok(Ok((ws, _))) => Ok(ws),
    }
}

/// The account's push socket, served once its connect text arrived; `since` resumes after it.
async fn connect_push(ws_base: &str, user: &LoadUser, since: Option<i64>) -> Result<PushSocket, String> {
    let mut url = format!("{ws_base}/socket/im/magic/{}", user.email);
    if let Some(since) = since {
        url.push_str(&format!("?since={since}"));
    }
    let ws = open_ws(&url, &user.token).await?;
    let mut socket = PushSocket { ws, offset: None, version: None };
    match socket.next_event(CONNECT_WITHIN).await {
        Next::Text(text) if text == CONNECT_SUCCESS_TEXT => Ok(socket),
        other => Err(format!("instead of the connect text: {other:?}")),
    }
}

/// The last id of the account's push log, as a fresh connection (no `since`) is told it.
async fn log_head(ws_base: &str, user: &LoadUser) -> i64 {
    let mut socket = connect_push(ws_base, user, None).await.unwrap_or_else(|e| panic!("a fresh push socket opens: {e}"));
    let deadline = Instant::now() + CONNECT_WITHIN;
    let head = loop {
        if let Some(head) = socket.offset {
            break head;
        }
        assert!(Instant::now() < deadline, "a fresh push socket is told where the log stands");
        let _ = socket.next_event(Duration::from_millis(200)).await;
    };
    socket.close().await;
    head
}

/// The push socket's client: acknowledges each push as the web app does, and when the socket
/// ends reconnects through the proxy with `since` = the last id it got.
async fn read_pushes(ws_base: String, user: LoadUser, mut socket: PushSocket, phase: watch::Receiver<Phase>, received: Received, reconnects: Reconnects) {
    let mut last: i64 = 0;
    loop {
        if phase_of(&phase) == Phase::Done {
            socket.close().await;
            return;
        }
        match socket.next_event(Duration::from_millis(100)).await {
            Next::Timeout => {}
            Next::Text(text) => {
                let push: PushEnvelope = serde_json::from_str(&text).unwrap_or_else(|e| panic!("a push envelope, not {text}: {e}"));
                if push.type_code != TypeCode::LoadProbe {
                    continue;
                }
                let seq: i64 = push.id.parse().unwrap_or_else(|e| panic!("a stored push has a numeric id: {text}: {e}"));
                let number = push.decode_content().ok().and_then(|content| content.value).and_then(|value| value["n"].as_u64());
                let number = number.unwrap_or_else(|| panic!("a probe carries the producer's number: {text}"));
                received.borrow_mut().push((seq, number));
                last = last.max(seq);
                // A socket that is going away may refuse the ack; the push is received all the same.
                let _ = socket.ws.send(WsMessage::text(json!({"id": push.id, "typeCode": "1"}).to_string())).await;
            }
            Next::Closed(code) => {
                let closed = Instant::now();
                socket = loop {
                    if phase_of(&phase) == Phase::Done {
                        reconnects.record(PUSH, code, None);
                        return;
                    }
                    match connect_push(&ws_base, &user, Some(last)).await {
                        Ok(back) => break back,
                        Err(_) => tokio::time::sleep(RETRY_EVERY).await,
                    }
                };
                reconnects.record(PUSH, code, Some(closed.elapsed()));
            }
        }
    }
}

/// What the producer did: the numbers the server confirmed, and the calls that failed.
#[derive(Default)]
struct Produced {
    confirmed: Vec<u64>,
    /// Numbers of which at least one call failed without a clear answer: they were sent again,
    /// and may be stored twice.
    in_doubt: BTreeSet<u64>,
    failures: Vec<String>,
    /// Numbers never confirmed within GIVE_UP_AFTER.
    unconfirmed: Vec<u64>,
}

/// Numbered pushes to `user_id` through the proxy, one every PUSHES_EVERY while the phase is
/// Load; a number whose call fails is sent again until the server confirms it.
async fn produce_pushes(base: String, admin_token: String, user_id: i64, phase: watch::Receiver<Phase>) -> Produced {
    let http = reqwest::Client::builder().timeout(CALL_WITHIN).build().expect("an HTTP client");
    let url = format!("{base}/api/admin/loadtest/push");
    let mut produced = Produced::default();
    let mut tick = tokio::time::interval(PUSHES_EVERY);
    // A slow call (a node stopping) delays the next ones instead of bunching them up.
    tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut n = 0u64;
    while phase_of(&phase) == Phase::Load {
        tick.tick().await;
        n += 1;
        let body = json!({"items": [{"userIds": [user_id], "payload": {"n": n}}]});
        let give_up = Instant::now() + GIVE_UP_AFTER;
        loop {
            match push_once(&http, &url, &admin_token, &body).await {
                Ok(()) => {
                    produced.confirmed.push(n);
                    break;
                }
                Err(why) => {
                    produced.in_doubt.insert(n);
                    produced.failures.push(format!("push {n}: {why}"));
                    if Instant::now() >= give_up {
                        produced.unconfirmed.push(n);
                        break;
                    }
                    tokio::time::sleep(RETRY_EVERY).await;
                }
            }
        }
    }
    produced
}

async fn push_once(http: &reqwest::Client, url: &str, token: &str, body: &Value) -> Result<(), String> {
    let res = http.post(url).bearer_auth(token).json(body).send().await.map_err(|e| e.to_string())?;
    let status = res.status();
    let reply: Value = res.json().await.map_err(|e| format!("{status}, not JSON: {e}"))?;
    match (status.as_u16(), reply["code"].as_str(), reply["data"]["accepted"].as_i64()) {
        (200, Some("1"), Some(1)) => Ok(()),
        _ => Err(format!("{status}: {reply}")),
    }
}

/// A y-websocket replica: a yrs document whose root text "body" the editors append to.
struct Replica {
    doc: Doc,
}

impl Replica {
    fn new() -> Replica {
        // UTF-16 offsets, as the web app's Yjs and the server's documents use.
        Replica { doc: Doc::with_options(yrs::Options { offset_kind: yrs::OffsetKind::Utf16, ..yrs::Options::default() }) }
    }

    fn text(&self) -> String {
        self.doc.get_or_insert_text("body").get_string(&self.doc.transact())
    }

    /// Appends `marker` at the end, where it cannot split another editor's marker: the update
    /// frame to send.
    fn append(&self, marker: &str) -> Vec<u8> {
        let body = self.doc.get_or_insert_text("body");
        let before = self.doc.transact().state_vector();
        {
            let mut txn = self.doc.transact_mut();
            let end = body.len(&txn);
            body.insert(&mut txn, end, marker);
        }
        let update = self.doc.transact().encode_state_as_update_v1(&before);
        Message::Sync(SyncMessage::Update(update)).encode_v1()
    }

    /// Sync step 1: what the replica has, so the server answers with what it lacks.
    fn step1(&self) -> Vec<u8> {
        Message::Sync(SyncMessage::SyncStep1(self.doc.transact().state_vector())).encode_v1()
    }

    /// Applies one frame from the server: the frames to answer with, and whether it held the
    /// server's sync step 1 (the room took the connection).
    fn receive(&self, frame: &[u8]) -> (Vec<Vec<u8>>, bool) {
        let mut decoder = DecoderV1::new(Cursor::new(frame));
        let (mut replies, mut step1) = (Vec::new(), false);
        for message in MessageReader::new(&mut decoder) {
            match message.unwrap_or_else(|e| panic!("the server sends y-sync messages: {e}")) {
                Message::Sync(SyncMessage::SyncStep1(theirs)) => {
                    step1 = true;
                    // Everything the server lacks, offline edits included.
                    let diff = self.doc.transact().encode_state_as_update_v1(&theirs);
                    replies.push(Message::Sync(SyncMessage::SyncStep2(diff)).encode_v1());
                }
                Message::Sync(SyncMessage::SyncStep2(update)) | Message::Sync(SyncMessage::Update(update)) => {
                    let update = Update::decode_v1(&update).unwrap_or_else(|e| panic!("the server sends valid updates: {e}"));
                    self.doc.transact_mut().apply_update(update).unwrap_or_else(|e| panic!("the server's update applies: {e}"));
                }
                // Awareness and the rest carry no text.
                _ => {}
            }
        }
        (replies, step1)
    }
}

/// An editor's connection: open, or being opened again.
#[allow(clippy::large_enum_variant)] // one per editor
enum Link {
    /// `synced` once the room took it (its sync step 1 answered and ours sent).
    Up { ws: Ws, synced: bool },
    /// Closed; the next attempt runs here, kept across the editor's other events so that
    /// typing does not cancel it.
    Down(LocalBoxFuture<'static, Result<Ws, String>>),
}

/// What woke an editor up.
#[allow(clippy::large_enum_variant)] // one at a time
enum Event {
    Type,
    Frame(Option<Result<WsMessage, WsError>>),
    Opened(Result<Ws, String>),
    Stop,
}

impl Link {
    fn reopen(url: &str, token: &str, after: Duration) -> Link {
        let (url, token) = (url.to_owned(), token.to_owned());
        Link::Down(
            async move {
                tokio::time::sleep(after).await;
                open_ws(&url, &token).await
            }
            .boxed_local(),
        )
    }

    async fn next_event(&mut self) -> Event {
        match self {
            Link::Up { ws, .. } => Event::Frame(ws.next().await),
            Link::Down(attempt) => Event::Opened(attempt.await),
        }
    }
}

/// An editor as y-websocket runs one: it types whether or not it is connected (the replica keeps
/// everything), and when its socket ends it reconnects through the proxy and syncs both ways.
async fn edit(name: &'static str, url: String, token: String, mut phase: watch::Receiver<Phase>, view: View, reconnects: Reconnects) {
    let replica = Replica::new();
    let mut link = Link::reopen(&url, &token, Duration::ZERO);
    // When and how the socket ended, until the client is back in the room.
    let mut down_since: Option<(Instant, Option<u16>)> = None;
    let mut typed = 0u32;
    let mut tick = tokio::time::interval(EDITS_EVERY);
    tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        let typing = phase_of(&phase) == Phase::Load;
        let event = tokio::select! {
            _ = tick.tick(), if typing => Event::Type,
            event = link.next_event() => event,
            changed = phase.changed() => match changed {
                Ok(()) if phase_of(&phase) != Phase::Done => continue,
                _ => Event::Stop,
            },
        };
        let mut ended = None;
        match event {
            Event::Type => {
                typed += 1;
                let marker = format!("<{name}{typed}>");
                let update = replica.append(&marker);
                view.borrow_mut().typed.push(marker);
                if let Link::Up { ws, synced: true } = &mut link {
                    // Lost if the socket is going away; the next sync carries it.
                    let _ = ws.send(WsMessage::binary(update)).await;
                }
            }
            Event::Frame(Some(Ok(WsMessage::Binary(frame)))) => {
                let (replies, step1) = replica.receive(&frame);
                if let Link::Up { ws, synced } = &mut link {
                    for reply in replies {
                        let _ = ws.send(WsMessage::binary(reply)).await;
                    }
                    if step1 && !*synced {
                        *synced = true;
                        let _ = ws.send(WsMessage::binary(replica.step1())).await;
                        view.borrow_mut().synced = true;
                        if let Some((closed, code)) = down_since.take() {
                            reconnects.record(name, code, Some(closed.elapsed()));
                        }
                    }
                }
            }
            Event::Frame(Some(Ok(WsMessage::Close(frame)))) => ended = Some(frame.map(|f| u16::from(f.code))),
            // Pings are answered by tungstenite.
            Event::Frame(Some(Ok(_))) => {}
            Event::Frame(None | Some(Err(_))) => ended = Some(None),
            Event::Opened(Ok(ws)) => link = Link::Up { ws, synced: false },
            Event::Opened(Err(_)) => link = Link::reopen(&url, &token, RETRY_EVERY),
            Event::Stop => {
                if let Link::Up { mut ws, .. } = link {
                    let _ = ws.close(None).await;
                }
                if let Some((_, code)) = down_since {
                    reconnects.record(name, code, None);
                }
                return;
            }
        }
        if let Some(code) = ended {
            // A refusal right after a reconnect keeps the first close's time and code.
            if down_since.is_none() {
                down_since = Some((Instant::now(), code));
            }
            link = Link::reopen(&url, &token, Duration::ZERO);
        }
        view.borrow_mut().text = replica.text();
    }
}

/// The document as a client that joins now gets it through the proxy: its text once it equals
/// `expected`, or whatever it holds after `within`.
async fn fresh_replica_text(url: &str, token: &str, expected: &str, within: Duration) -> Result<String, String> {
    let mut ws = open_ws(url, token).await?;
    let replica = Replica::new();
    let deadline = Instant::now() + within;
    let mut asked = false;
    while replica.text() != expected && Instant::now() < deadline {
        match tokio::time::timeout(Duration::from_millis(100), ws.next()).await {
            Err(_) => {}
            Ok(Some(Ok(WsMessage::Binary(frame)))) => {
                let (replies, step1) = replica.receive(&frame);
                for reply in replies {
                    ws.send(WsMessage::binary(reply)).await.map_err(|e| e.to_string())?;
                }
                if step1 && !asked {
                    asked = true;
                    ws.send(WsMessage::binary(replica.step1())).await.map_err(|e| e.to_string())?;
                }
            }
            Ok(Some(Ok(WsMessage::Close(frame)))) => return Err(format!("the room closed the socket: {frame:?}")),
            Ok(Some(Ok(_))) => {}
            Ok(None) | Ok(Some(Err(_))) => return Err("the socket ended".into()),
        }
    }
    let _ = ws.close(None).await;
    Ok(replica.text())
}

/// The figures of a run, printed (`-- --nocapture`) and shown with every failure.
fn describe_run(restarts: &[Restart], reconnects: &[Reconnect], produced: &Produced, received: usize, head: i64, typed: usize, text_len: usize) -> String {
    let mut lines = Vec::new();
    for restart in restarts {
        lines.push(format!(
            "node {}: exited {} ms after {}, healthy {} ms after its start",
            restart.node,
            restart.exited_after.as_millis(),
            restart.signal,
            restart.healthy_after.as_millis()
        ));
    }
    for r in reconnects {
        let back = r.back_after.map_or("never".to_owned(), |took| format!("{} ms", took.as_millis()));
        lines.push(format!("reconnect {}: closed with {:?}, back after {back}", r.client, r.close_code));
    }
    let slowest = reconnects.iter().filter_map(|r| r.back_after).max().unwrap_or_default();
    lines.push(format!("reconnects: {}, slowest {} ms", reconnects.len(), slowest.as_millis()));
    lines.push(format!(
        "pushes: {} confirmed, {} calls failed and were sent again ({} numbers), {} in the log, {} received",
        produced.confirmed.len(),
        produced.failures.len(),
        produced.in_doubt.len(),
        head,
        received
    ));
    for failure in produced.failures.iter().take(5) {
        lines.push(format!("  {failure}"));
    }
    lines.push(format!("edits: {typed} markers typed, document {text_len} bytes"));
    lines.join("\n")
}
