//! `TestApp`: a running server on a free port with its own database, and typed client helpers.

use std::time::Duration;

use actix_web::dev::ServerHandle;
use api::{Application, Config};
use futures_util::{SinkExt, StreamExt};
use protocol::push::{PushContent, PushEnvelope, TypeCode};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

pub const DEMO_PASSWORD: &str = storage::seed::DEMO_PASSWORD;
pub const TEACHER: &str = "teacher@demo.eduhub";
pub const TEACHER2: &str = "teacher2@demo.eduhub";
pub const ADMIN: &str = "admin@demo.eduhub";
pub const CONSULTANT: &str = "consultant@demo.eduhub";
pub const MANAGER: &str = "manager@demo.eduhub";
pub const INSPECTOR: &str = "inspector@demo.eduhub";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Declares an async test `fn name(app: TestApp)` once and runs it on both databases.
#[macro_export]
macro_rules! on_both_databases {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[actix_web::test]
                async fn sqlite() {
                    let app = $crate::helpers::TestApp::spawn($crate::helpers::Backend::Sqlite).await;
                    super::$name(&app).await;
                    app.stop().await;
                }
                #[actix_web::test]
                async fn postgres() {
                    let app = $crate::helpers::TestApp::spawn($crate::helpers::Backend::Postgres).await;
                    super::$name(&app).await;
                    app.stop().await;
                }
            }
        )*
    };
}

/// Like `on_both_databases!`, and a third run whose files live in an S3 bucket (SQLite, an
/// in-process S3 server): for tests of what is stored in and served from the file store.
#[macro_export]
macro_rules! on_every_store {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[actix_web::test]
                async fn sqlite() {
                    let app = $crate::helpers::TestApp::spawn($crate::helpers::Backend::Sqlite).await;
                    super::$name(&app).await;
                    app.stop().await;
                }
                #[actix_web::test]
                async fn postgres() {
                    let app = $crate::helpers::TestApp::spawn($crate::helpers::Backend::Postgres).await;
                    super::$name(&app).await;
                    app.stop().await;
                }
                #[actix_web::test]
                async fn s3() {
                    let s3 = $crate::helpers::S3Server::start();
                    let database = $crate::helpers::TestDatabase::create($crate::helpers::Backend::Sqlite).await;
                    let app = $crate::helpers::TestApp::spawn_on(database, $crate::helpers::SpawnOptions { s3: Some(s3.config()), ..Default::default() }).await;
                    super::$name(&app).await;
                    let local = app.data_dir().join("files").join("objects");
                    app.stop().await;
                    // What the test stored and read back went through the bucket.
                    assert!(!local.exists(), "no file went to the local store");
                }
            }
        )*
    };
}

/// An S3-compatible server (s3s-fs, files in a temporary directory) on a free port, on its own
/// thread and runtime, with one bucket and one access key. Stops when dropped.
pub struct S3Server {
    pub endpoint: String,
    root: tempfile::TempDir,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

pub const S3_BUCKET: &str = "eduhub-test";
const S3_ACCESS_KEY: &str = "test-access-key";
const S3_SECRET_KEY: &str = "test-secret-key-0123456789";

impl S3Server {
    pub fn start() -> S3Server {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir(root.path().join(S3_BUCKET)).unwrap();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let endpoint = format!("http://{}", listener.local_addr().unwrap());
        let fs = s3s_fs::FileSystem::new(root.path()).unwrap();
        let (stop, mut stopped) = tokio::sync::oneshot::channel::<()>();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
            runtime.block_on(async move {
                let mut builder = s3s::service::S3ServiceBuilder::new(fs);
                builder.set_auth(s3s::auth::SimpleAuth::from_single(S3_ACCESS_KEY, S3_SECRET_KEY));
                let service = builder.build();
                let listener = tokio::net::TcpListener::from_std(listener).unwrap();
                let http = hyper_util::server::conn::auto::Builder::new(hyper_util::rt::TokioExecutor::new());
                loop {
                    let socket = tokio::select! {
                        accepted = listener.accept() => match accepted {
                            Ok((socket, _)) => socket,
                            Err(_) => continue,
                        },
                        _ = &mut stopped => break,
                    };
                    let connection = http.serve_connection(hyper_util::rt::TokioIo::new(socket), service.clone()).into_owned();
                    tokio::spawn(async move {
                        let _ = connection.await;
                    });
                }
            });
        });
        S3Server { endpoint, root, stop: Some(stop) }
    }

    pub fn config(&self) -> api::config::S3Config {
        api::config::S3Config {
            bucket: S3_BUCKET.into(),
            endpoint: Some(self.endpoint.clone()),
            region: Some("us-east-1".into()),
            access_key_id: Some(S3_ACCESS_KEY.into()),
            secret_access_key: Some(S3_SECRET_KEY.into()),
        }
    }

    /// How many objects the bucket holds (files under its directory).
    pub fn object_count(&self) -> usize {
        fn count(dir: &std::path::Path) -> usize {
            std::fs::read_dir(dir).map(|entries| entries.flatten().map(|e| if e.path().is_dir() { count(&e.path()) } else { 1 }).sum()).unwrap_or(0)
        }
        count(&self.root.path().join(S3_BUCKET))
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// The PostgreSQL server the tests create their databases on.
pub fn pg_admin_url() -> String {
    std::env::var("EDUHUB_TEST_PG_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

pub fn redis_url() -> String {
    std::env::var("EDUHUB_TEST_REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".into())
}

fn unique_name(prefix: &str) -> String {
    let mut bytes = [0u8; 6];
    getrandom::fill(&mut bytes).unwrap();
    format!("{prefix}_{}", bytes.iter().map(|b| format!("{b:02x}")).collect::<String>())
}

/// A fresh database; the returned URL is for the server, the guard drops it at the end.
pub struct TestDatabase {
    pub url: String,
    pg_name: Option<String>,
    _dir: tempfile::TempDir,
}

impl TestDatabase {
    /// The data directory a server spawned on this database uses (files, keys).
    pub fn data_dir(&self) -> std::path::PathBuf {
        self._dir.path().join("data")
    }
}

/// A hash of one backend's migrations: a template built from other migrations is not used.
fn migrations_hash(backend: &str) -> String {
    use sha2::{Digest, Sha256};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../storage/migrations").join(backend);
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|entry| entry.unwrap().path()).collect();
    files.sort();
    let mut hash = Sha256::new();
    for file in files {
        hash.update(file.file_name().unwrap().as_encoded_bytes());
        hash.update(std::fs::read(&file).unwrap());
    }
    hash.finalize().iter().take(6).map(|b| format!("{b:02x}")).collect()
}

/// A migrated SQLite file each test's database starts as a copy of (built once per migration set).
async fn sqlite_template() -> &'static std::path::Path {
    static TEMPLATE: tokio::sync::OnceCell<std::path::PathBuf> = tokio::sync::OnceCell::const_new();
    TEMPLATE
        .get_or_init(|| async {
            let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("eduhub-template-{}.db", migrations_hash("sqlite")));
            if !path.exists() {
                // Built beside and renamed into place, so a concurrent or interrupted build is never copied.
                let building = path.with_extension(unique_name("building"));
                let db = storage::Db::connect(&format!("sqlite://{}?mode=rwc", building.display())).await.unwrap();
                db.migrate().await.unwrap();
                db.close().await;
                assert!(!building.with_extension(format!("{}-wal", building.extension().unwrap().to_str().unwrap())).exists());
                std::fs::rename(&building, &path).unwrap();
            }
            path
        })
        .await
}

/// A migrated PostgreSQL database each test's database is created from: running the migrations
/// for every test cost PostgreSQL about 2 s of CPU each, most of the PostgreSQL half of the suite.
async fn pg_template() -> &'static str {
    static TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    TEMPLATE
        .get_or_init(|| async {
            let name = format!("eduhub_tmpl_{}", migrations_hash("postgres"));
            let admin = storage::Db::connect(&pg_admin_url()).await.expect("PostgreSQL is reachable (see README: make test needs it)");
            let mut conn = admin.pool().acquire().await.unwrap();
            // One builder among concurrent test processes.
            sqlx::query("SELECT pg_advisory_lock(730514)").execute(&mut *conn).await.unwrap();
            let exists = sqlx::query(&format!("SELECT 1 FROM pg_database WHERE datname = '{name}'")).fetch_optional(&mut *conn).await.unwrap().is_some();
            if !exists {
                let stale: Vec<String> =
                    sqlx::query_scalar("SELECT datname::text FROM pg_database WHERE datname LIKE 'eduhub_tmpl_%'").fetch_all(&mut *conn).await.unwrap();
                for old in stale {
                    sqlx::query(&format!("DROP DATABASE IF EXISTS {old} WITH (FORCE)")).execute(&mut *conn).await.unwrap();
                }
                let building = format!("{name}_building");
                sqlx::query(&format!("CREATE DATABASE {building}")).execute(&mut *conn).await.unwrap();
                let base = pg_admin_url();
                let db = storage::Db::connect(&format!("{}/{building}", base.rsplit_once('/').unwrap().0)).await.unwrap();
                db.migrate().await.unwrap();
                db.close().await;
                sqlx::query(&format!("ALTER DATABASE {building} RENAME TO {name}")).execute(&mut *conn).await.unwrap();
            }
            sqlx::query("SELECT pg_advisory_unlock(730514)").execute(&mut *conn).await.unwrap();
            drop(conn);
            admin.close().await;
            name
        })
        .await
}

impl TestDatabase {
    /// A fresh database, already migrated (a copy of a template; the server's own migration
    /// run then finds nothing to do).
    pub async fn create(backend: Backend) -> TestDatabase {
        let dir = tempfile::tempdir().unwrap();
        match backend {
            Backend::Sqlite => {
                std::fs::copy(sqlite_template().await, dir.path().join("test.db")).unwrap();
                TestDatabase { url: format!("sqlite://{}/test.db?mode=rwc", dir.path().display()), pg_name: None, _dir: dir }
            }
            Backend::Postgres => {
                let template = pg_template().await;
                let name = unique_name("eduhub_t");
                let admin = storage::Db::connect(&pg_admin_url()).await.expect("PostgreSQL is reachable (see README: make test needs it)");
                sqlx::query(&format!("CREATE DATABASE {name} TEMPLATE {template}")).execute(admin.pool()).await.unwrap();
                admin.close().await;
                let base = pg_admin_url();
                let url = format!("{}/{name}", base.rsplit_once('/').unwrap().0);
                TestDatabase { url, pg_name: Some(name), _dir: dir }
            }
        }
    }

    /// Another handle on an existing database (a second server process); it drops nothing.
    pub fn reuse(url: &str) -> TestDatabase {
        TestDatabase { url: url.to_owned(), pg_name: None, _dir: tempfile::tempdir().unwrap() }
    }

    pub async fn drop_database(&self) {
        if let Some(name) = &self.pg_name {
            if let Ok(admin) = storage::Db::connect(&pg_admin_url()).await {
                let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(admin.pool()).await;
                admin.close().await;
            }
        }
    }
}

pub struct TestApp {
    pub base: String,
    pub ws_base: String,
    pub port: u16,
    pub state: actix_web::web::Data<api::state::AppState>,
    handle: ServerHandle,
    /// The server's run (it ends after the server stopped and stored what it still held).
    running: actix_web::rt::task::JoinHandle<std::io::Result<()>>,
    pub database: TestDatabase,
}

pub struct SpawnOptions {
    pub redis: Option<String>,
    pub namespace: String,
    pub port: u16,
    pub load_test: bool,
    pub ai: Option<api::config::AiConfig>,
    pub s3: Option<api::config::S3Config>,
    pub job_lease: hub::lease::JobLease,
    pub job_workers: usize,
    /// The built web app to serve (default: none).
    pub web_dir: Option<std::path::PathBuf>,
    /// `EDUHUB_TRUSTED_PROXIES` (default: none).
    pub trusted_proxies: &'static str,
    /// `EDUHUB_METRICS_FROM`.
    pub metrics_from: &'static str,
    /// `EDUHUB_LIVE_RECORDS_SECS` (default: off).
    pub live_records_secs: Option<u64>,
    /// `EDUHUB_ONLINE_REMINDER_SECS` (default: off, so that no test gets reminders it did not ask for).
    pub online_reminder_secs: Option<u64>,
    /// The drive's quota and sweep.
    pub drive: api::config::DriveConfig,
    /// `serve --demo` (default): the demo accounts and data are seeded.
    pub demo: bool,
    /// `EDUHUB_REGISTRATION` (default: unset, so open for a demo).
    pub registration: Option<api::config::Registration>,
    /// `EDUHUB_MAX_IN_FLIGHT`.
    pub max_in_flight: usize,
}

impl Default for SpawnOptions {
    fn default() -> SpawnOptions {
        SpawnOptions {
            redis: None,
            namespace: "test".into(),
            port: 0,
            load_test: true,
            ai: None,
            s3: None,
            job_lease: Default::default(),
            job_workers: 2,
            web_dir: None,
            trusted_proxies: "",
            metrics_from: "127.0.0.1,::1",
            live_records_secs: None,
            online_reminder_secs: None,
            drive: Default::default(),
            demo: true,
            registration: None,
            max_in_flight: api::config::DEFAULT_MAX_IN_FLIGHT,
        }
    }
}

impl TestApp {
    pub async fn spawn(backend: Backend) -> TestApp {
        let database = TestDatabase::create(backend).await;
        TestApp::spawn_on(database, SpawnOptions::default()).await
    }

    /// A server on an existing database (restarts, several processes on one database).
    pub async fn spawn_on(database: TestDatabase, options: SpawnOptions) -> TestApp {
        // Server warnings and errors show in a failing test's output.
        let _ = tracing_subscriber::fmt().with_env_filter("warn,api=warn").with_test_writer().try_init();
        let demo = options.demo;
        let config = TestApp::config(&database, options);
        let app = Application::build(config, demo).await.expect("the server starts");
        let port = app.port();
        let state = app.state();
        let handle = app.server_handle();
        let running = actix_web::rt::spawn(app.run());
        TestApp { base: format!("http://127.0.0.1:{port}"), ws_base: format!("ws://127.0.0.1:{port}"), port, state, handle, running, database }
    }

    /// The server configuration `spawn_on` starts with.
    pub fn config(database: &TestDatabase, options: SpawnOptions) -> Config {
        Config {
            addr: format!("127.0.0.1:{}", options.port),
            database_url: database.url.clone(),
            redis_url: options.redis,
            bus_namespace: options.namespace,
            data_dir: database.data_dir(),
            web_dir: options.web_dir.unwrap_or_else(|| database._dir.path().join("no-web")),
            secure_cookies: false,
            workers: 2,
            max_in_flight: options.max_in_flight,
            load_test: options.load_test,
            ai: options.ai,
            s3: options.s3,
            job_lease: options.job_lease,
            job_workers: options.job_workers,
            job_stop_grace: std::time::Duration::from_secs(api::config::DEFAULT_JOB_STOP_GRACE_SECS),
            drain: std::time::Duration::ZERO,
            push_retention: api::config::DEFAULT_PUSH_RETENTION,
            maintenance_every: api::config::DEFAULT_MAINTENANCE_EVERY,
            demo_records: None,
            live_records_secs: options.live_records_secs,
            online_reminder_secs: options.online_reminder_secs,
            trusted_proxies: api::client_addr::TrustedProxies::parse(options.trusted_proxies).0,
            metrics_from: api::client_addr::TrustedProxies::parse(options.metrics_from).0,
            drive: options.drive,
            desktop: Default::default(),
            demo_deployment: false,
            registration: options.registration,
        }
    }

    pub async fn stop(self) {
        self.handle.stop(false).await;
        let _ = self.running.await;
        self.state.db.close().await;
        self.database.drop_database().await;
    }

    /// Stops the server but keeps the database (for restart tests).
    pub async fn stop_keep_database(self) -> TestDatabase {
        self.handle.stop(false).await;
        let _ = self.running.await;
        self.state.db.close().await;
        self.database
    }

    /// The server's data directory (its local file store unless files go to S3).
    pub fn data_dir(&self) -> std::path::PathBuf {
        self.database.data_dir()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// A client with its own cookie jar, not signed in.
    pub fn client(&self) -> Client {
        Client::at(&self.base)
    }

    /// A client signed in as `email` with the demo password (cookie and bearer token both held).
    pub async fn login(&self, email: &str) -> Client {
        self.client().login(email).await
    }

    pub async fn user_id(&self, email: &str) -> i64 {
        storage::accounts::by_email(&self.state.db, email).await.unwrap().unwrap().id
    }
}

pub struct Client {
    app_base: String,
    ws_base: String,
    pub http: reqwest::Client,
    pub token: Option<String>,
    pub email: String,
}

impl Client {
    /// A client of the server at `base` (`http://host:port`) with its own cookie jar, not signed in.
    pub fn at(base: &str) -> Client {
        let ws_base = base.replacen("http", "ws", 1);
        Client { app_base: base.to_owned(), ws_base, http: reqwest::Client::builder().cookie_store(true).build().unwrap(), token: None, email: String::new() }
    }

    /// Signs in as `email` with the demo password (cookie and bearer token both held).
    pub async fn login(self, email: &str) -> Client {
        self.login_with(email, DEMO_PASSWORD).await
    }

    /// Signs in as `email` with `password`.
    pub async fn login_with(mut self, email: &str, password: &str) -> Client {
        let body = self.post("/api/account/login/login", json!({"email": email, "password": password, "type": 1})).await;
        assert_eq!(body.0, 200, "login of {email}: {}", body.1);
        self.token = Some(body.1["data"]["token"].as_str().unwrap().to_owned());
        self.email = email.to_owned();
        self
    }

    /// The server's base URL (`http://127.0.0.1:port`).
    pub fn base(&self) -> &str {
        &self.app_base
    }

    fn with_auth(&self, rb: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        match &self.token {
            Some(t) => rb.bearer_auth(t),
            None => rb,
        }
    }

    /// GET; returns (HTTP status, JSON body).
    pub async fn get(&self, path: &str) -> (u16, Value) {
        let res = self.with_auth(self.http.get(format!("{}{path}", self.app_base))).send().await.unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let res = self.with_auth(self.http.post(format!("{}{path}", self.app_base))).json(&body).send().await.unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    /// POST with a raw body and content type.
    pub async fn post_raw(&self, path: &str, content_type: &str, body: Vec<u8>) -> (u16, Value) {
        let res = self.with_auth(self.http.post(format!("{}{path}", self.app_base))).header("content-type", content_type).body(body).send().await.unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    /// GET that must succeed; returns `data`.
    pub async fn data(&self, path: &str) -> Value {
        let (status, body) = self.get(path).await;
        assert_eq!((status, body["code"].as_str()), (200, Some("1")), "GET {path}: {body}");
        body["data"].clone()
    }

    pub async fn post_data(&self, path: &str, json: Value) -> Value {
        let (status, body) = self.post(path, json).await;
        assert_eq!((status, body["code"].as_str()), (200, Some("1")), "POST {path}: {body}");
        body["data"].clone()
    }

    /// Opens the push socket of this client's user (bearer header), optionally resuming.
    pub async fn socket(&self, since: Option<i64>) -> PushSocket {
        let email = self.email.clone();
        self.socket_for(&email, since).await
    }

    pub async fn socket_for(&self, email: &str, since: Option<i64>) -> PushSocket {
        let query = since.map(|since| format!("since={since}")).unwrap_or_default();
        self.socket_with(email, &query).await
    }

    /// The push socket of the desktop client (`?client=desktop`).
    pub async fn desktop_socket(&self) -> PushSocket {
        let email = self.email.clone();
        self.socket_with(&email, "client=desktop").await
    }

    async fn socket_with(&self, email: &str, query: &str) -> PushSocket {
        let mut url = format!("{}/socket/im/magic/{email}", self.ws_base);
        if !query.is_empty() {
            url.push_str(&format!("?{query}"));
        }
        let mut request = url.into_client_request().unwrap();
        if let Some(token) = &self.token {
            request.headers_mut().insert("Authorization", format!("Bearer {token}").parse().unwrap());
        }
        let (ws, _) = tokio_tungstenite::connect_async(request).await.expect("the socket upgrade succeeds");
        PushSocket { ws, offset: None, version: None }
    }
}

pub type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub struct PushSocket {
    pub ws: Ws,
    /// The last `offset` frame's id (the resume point the server gave a fresh connection).
    pub offset: Option<i64>,
    /// The web app version the server said it serves (its `version` frame).
    pub version: Option<String>,
}

/// What the socket produced next.
#[derive(Debug)]
pub enum Next {
    Text(String),
    Closed(Option<u16>),
    Timeout,
}

impl PushSocket {
    pub async fn next_event(&mut self, within: Duration) -> Next {
        loop {
            match tokio::time::timeout(within, self.ws.next()).await {
                Err(_) => return Next::Timeout,
                Ok(None) => return Next::Closed(None),
                Ok(Some(Err(_))) => return Next::Closed(None),
                Ok(Some(Ok(Message::Text(t)))) => {
                    if let Ok(env) = serde_json::from_str::<PushEnvelope>(&t) {
                        if env.type_code == protocol::push::TypeCode::Offset {
                            self.offset = env.id.parse().ok();
                            continue;
                        }
                        if env.type_code == protocol::push::TypeCode::Version {
                            assert_eq!(env.id, "", "the version frame is no message");
                            self.version = env.decode_content().ok().and_then(|c| c.value).and_then(|v| v.as_str().map(str::to_owned));
                            continue;
                        }
                    }
                    return Next::Text(t.to_string());
                }
                Ok(Some(Ok(Message::Close(frame)))) => return Next::Closed(frame.map(|f| u16::from(f.code))),
                Ok(Some(Ok(_))) => continue,
            }
        }
    }

    /// Waits for the connect text.
    pub async fn expect_connected(&mut self) {
        match self.next_event(Duration::from_secs(5)).await {
            Next::Text(t) => assert_eq!(t, protocol::push::CONNECT_SUCCESS_TEXT),
            other => panic!("expected the connect text, got {other:?}"),
        }
    }

    /// The next push envelope within `within`, or `None`.
    pub async fn next_push(&mut self, within: Duration) -> Option<PushEnvelope> {
        match self.next_event(within).await {
            Next::Text(t) => Some(serde_json::from_str(&t).unwrap_or_else(|e| panic!("not an envelope: {t}: {e}"))),
            _ => None,
        }
    }

    /// The next push of `kind` (others are skipped), within 5 s of each other.
    pub async fn wait_for(&mut self, kind: TypeCode) -> PushEnvelope {
        for _ in 0..20 {
            match self.next_push(Duration::from_secs(5)).await {
                Some(push) if push.type_code == kind => return push,
                Some(_) => continue,
                None => break,
            }
        }
        panic!("no {kind:?} push arrived");
    }

    pub async fn expect_push(&mut self) -> PushEnvelope {
        self.next_push(Duration::from_secs(5)).await.expect("a push arrives within 5 s")
    }

    /// Asserts nothing arrives for `quiet`.
    pub async fn expect_silence(&mut self, quiet: Duration) {
        match self.next_event(quiet).await {
            Next::Timeout => {}
            other => panic!("expected silence, got {other:?}"),
        }
    }

    pub async fn expect_close(&mut self) -> Option<u16> {
        loop {
            match self.next_event(Duration::from_secs(5)).await {
                Next::Closed(code) => return code,
                Next::Timeout => panic!("the socket did not close within 5 s"),
                Next::Text(_) => continue,
            }
        }
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text.to_owned())).await.unwrap();
    }

    pub async fn ack(&mut self, id: &str) {
        self.send_text(&json!({"id": id, "typeCode": "1"}).to_string()).await;
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// Gives the user `rows` old, downloaded tasks (SQLite), so that exporting their download
/// history takes long enough to be caught while it is generated.
pub async fn insert_download_history(db: &storage::Db, user_id: i64, rows: i64) {
    sqlx::query(
        "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < $2) \
         INSERT INTO download_tasks (user_id, file_name, file_type, ext, business_type, business_name, params, status, created_at, updated_at) \
         SELECT $1, 'old-' || x || '.xlsx', 3, 'xlsx', 'excelExport', 'old', '{}', 4, x, x FROM n",
    )
    .bind(user_id)
    .bind(rows)
    .execute(db.pool())
    .await
    .unwrap();
}

/// Leaves a record's job as a process would have: running its `attempts`-th attempt, its lease
/// held until `lease_until` (epoch ms).
pub async fn job_left_running(db: &storage::Db, kind: storage::jobs::JobKind, subject_id: i64, attempts: i64, lease_until: i64) {
    let r = sqlx::query("UPDATE jobs SET state = 2, attempts = $1, lease_until = $2, claimed_at = $3 WHERE kind = $4 AND subject_id = $5")
        .bind(attempts)
        .bind(lease_until)
        .bind(storage::now_ms())
        .bind(kind.as_str())
        .bind(subject_id)
        .execute(db.pool())
        .await
        .unwrap();
    assert_eq!(r.rows_affected(), 1, "the record has a job");
}

/// A report search `search` with the fields of `extra` added (or replaced).
pub fn with(search: &Value, extra: Value) -> Value {
    let mut body = search.clone();
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    body
}

/// A rate as the reports answer it: four decimals, -1 without a base (computed in the tests).
pub fn rate(n: usize, d: usize) -> f64 {
    if d == 0 {
        -1.0
    } else {
        (n as f64 / d as f64 * 10_000.0).round() / 10_000.0
    }
}

/// An OpenAI-compatible AI provider run as a real HTTP server on a free port for a test: each
/// `POST /v1/chat/completions` is kept (its Authorization header and JSON body) and answered by
/// the test's `answer`.
pub struct FakeAi {
    /// What `EDUHUB_AI_URL` would be: `http://127.0.0.1:<port>/v1`.
    pub base_url: String,
    calls: ProviderCalls,
    handle: ServerHandle,
}

/// The calls a fake provider received: the Authorization header and the body of each.
type ProviderCalls = std::sync::Arc<std::sync::Mutex<Vec<(Option<String>, Value)>>>;

impl FakeAi {
    pub fn start<F, Fut>(answer: F) -> FakeAi
    where
        F: Fn(Value) -> Fut + Clone + Send + 'static,
        Fut: std::future::Future<Output = actix_web::HttpResponse> + 'static,
    {
        use actix_web::{web, App, HttpRequest, HttpServer};
        let calls: ProviderCalls = Default::default();
        let kept = calls.clone();
        let server = HttpServer::new(move || {
            let (kept, answer) = (kept.clone(), answer.clone());
            App::new().app_data(web::JsonConfig::default().limit(32 * 1024 * 1024)).route(
                "/v1/chat/completions",
                web::post().to(move |req: HttpRequest, body: web::Json<Value>| {
                    let (kept, answer) = (kept.clone(), answer.clone());
                    async move {
                        let auth = req.headers().get("authorization").and_then(|v| v.to_str().ok()).map(str::to_owned);
                        let body = body.into_inner();
                        kept.lock().unwrap().push((auth, body.clone()));
                        answer(body).await
                    }
                }),
            )
        })
        .workers(1)
        .bind("127.0.0.1:0")
        .unwrap();
        let port = server.addrs()[0].port();
        let server = server.run();
        let handle = server.handle();
        actix_web::rt::spawn(server);
        FakeAi { base_url: format!("http://127.0.0.1:{port}/v1"), calls, handle }
    }

    /// The bodies of the calls so far, in order.
    pub fn bodies(&self) -> Vec<Value> {
        self.calls.lock().unwrap().iter().map(|(_, body)| body.clone()).collect()
    }

    /// The calls so far: Authorization header and body.
    pub fn calls(&self) -> Vec<(Option<String>, Value)> {
        self.calls.lock().unwrap().clone()
    }

    /// Stops answering: once this returns, calls find the port closed (a worker finishing its
    /// stop could otherwise still answer one).
    pub async fn stop(&self) {
        self.handle.stop(false).await;
        let addr = self.base_url.trim_start_matches("http://").trim_end_matches("/v1").to_owned();
        for _ in 0..50 {
            if tokio::net::TcpStream::connect(&addr).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// Draws a captcha for `email` on this client and sets its answer (the image is for eyes);
/// answers the text to send.
pub async fn solved_captcha(app: &TestApp, client: &Client, email: &str) -> &'static str {
    let res = client.http.get(app.url(&format!("/api/account/login/VerifyCode?email={email}"))).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let hash = storage::token::digest("r2d2");
    sqlx::query("UPDATE captchas SET code_hash = $1 WHERE email = $2 AND expires_at = (SELECT MAX(expires_at) FROM captchas WHERE email = $2)")
        .bind(hash)
        .bind(email)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    "r2d2"
}

/// The next push of `type_code` (others skipped).
pub async fn next_of(socket: &mut PushSocket, type_code: TypeCode) -> PushContent {
    loop {
        let push = socket.expect_push().await;
        if push.type_code == type_code {
            return push.decode_content().unwrap();
        }
    }
}

/// Waits for the task's status 3 (ready) and fetches the file.
pub async fn ready_file(app: &TestApp, client: &Client, socket: &mut PushSocket, task_id: i64) -> Vec<u8> {
    loop {
        let content = next_of(socket, TypeCode::DownloadStatusChanged).await;
        if content.id == Some(task_id) && content.file_status == Some(3) {
            break;
        }
        assert_ne!(content.file_status, Some(5), "the task failed: {:?}", content.value);
    }
    let res = client.http.get(app.url(&format!("/api/download/file/{task_id}"))).bearer_auth(client.token.as_ref().unwrap()).send().await.unwrap();
    assert_eq!(res.status(), 200);
    res.bytes().await.unwrap().to_vec()
}

/// A finished upload of the owner's through a signed URL (`bytes` under `file_name`): its file
/// id.
pub async fn finished_upload(app: &TestApp, owner: &Client, file_name: &str, bytes: Vec<u8>) -> Value {
    let link = owner.post_data("/api/resource/getUploadUrl", json!({"fileName": file_name})).await;
    let res = reqwest::Client::new().put(app.url(link["uploadUrl"].as_str().unwrap())).body(bytes).send().await.unwrap();
    assert!(res.status().is_success(), "the upload of {file_name}");
    let id = link["fileId"].clone();
    assert!(id.is_string(), "an upload id: {link}");
    id
}

/// A workbook of one sheet with these rows (what the imports read).
pub fn xlsx(rows: &[Vec<&str>]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            sheet.write_string(r as u32, c as u16, *cell).unwrap();
        }
    }
    book.save_to_buffer().unwrap()
}
