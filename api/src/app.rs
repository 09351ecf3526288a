//! Building and running the server: configuration → database → migrations → hub → HTTP.

use std::net::TcpListener;
use std::path::Path;
use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{fn_service, Server, ServiceRequest, ServiceResponse};
use actix_web::middleware::{from_fn, Next};
use actix_web::{web, App, HttpResponse, HttpServer};
use hub::Hub;
use prometheus::{register_histogram_vec, HistogramVec};
use sha2::{Digest, Sha256};
use storage::{bus, seed, Db};

use crate::config::Config;
use crate::error::ApiError;
use crate::routes;
use crate::state::AppState;

/// The largest JSON body accepted.
pub const JSON_LIMIT: usize = 1024 * 1024;

static HTTP_LATENCY: std::sync::LazyLock<HistogramVec> = std::sync::LazyLock::new(|| {
    register_histogram_vec!("eduhub_http_request_seconds", "HTTP request latency by matched route and status", &["route", "status"]).unwrap()
});

pub struct Application {
    server: Server,
    port: u16,
    state: web::Data<AppState>,
    /// How long the jobs in hand may run on after SIGTERM (`Config::job_stop_grace`).
    job_stop_grace: Duration,
    /// How long the process drains before its sockets go away (`Config::drain`).
    drain: Duration,
}

impl Application {
    /// Connects, migrates, seeds (reference data; demo data when `demo`) and binds the listener.
    /// Must run inside an actix system.
    pub async fn build(mut config: Config, demo: bool) -> anyhow::Result<Application> {
        let open = demo || config.demo_deployment;
        config.registration.get_or_insert(if open { crate::config::Registration::Open } else { crate::config::Registration::Approval });
        std::fs::create_dir_all(&config.data_dir)?;
        let db = Db::connect(&config.database_url).await?;
        db.migrate().await?;
        seed::reference(&db).await?;
        if demo && seed::demo(&db).await? {
            tracing::info!("seeded the demo data");
            if let Some(scale) = config.demo_records {
                let started = std::time::Instant::now();
                let summary = seed::demo_records(&db, scale, seed::DEMO_SEED, storage::datacentre::calendar::today()).await?;
                tracing::info!(?summary, elapsed_ms = started.elapsed().as_millis() as u64, "generated the data-centre records");
                let started = std::time::Instant::now();
                let questions = seed::demo_questions(&db, scale).await?;
                tracing::info!(questions, elapsed_ms = started.elapsed().as_millis() as u64, "generated the question bank");
            }
            storage::admin::org::adopt_departments(&db).await?;
        }
        if !demo && !config.demo_deployment {
            if let Some(email) = seed::demo_account_with_demo_password(&db).await? {
                anyhow::bail!(
                    "the demo account {email} still has the published demo password: change it (or remove the demo accounts), \
                     or start with --demo / EDUHUB_DEMO=1 if this deployment is a demo"
                );
            }
        }
        let bus = bus::connect(config.redis_url.as_deref(), &config.bus_namespace).await?;
        hub::metrics::init();
        let hub = Hub::start(db.clone(), bus);
        let objects = match &config.s3 {
            Some(s3) => {
                let objects = storage::objects::Objects::s3(s3)?;
                objects.check().await.map_err(|e| anyhow::anyhow!("the S3 bucket {} cannot be read: {e}", s3.bucket))?;
                tracing::info!(bucket = %s3.bucket, endpoint = s3.endpoint.as_deref().unwrap_or("AWS"), "files are kept in S3");
                objects
            }
            None => storage::objects::Objects::local(&config.data_dir.join("files").join("objects"))?,
        };
        let scratch = config.data_dir.join("files").join("scratch");
        let ai = crate::ai::provider(config.ai.as_ref());
        let recognize: std::sync::Arc<dyn hub::jobs::JobRunner> =
            std::sync::Arc::new(crate::paper_recognition::RecognizeRunner::new(hub.clone(), objects.clone(), ai.clone()));
        let more = vec![(storage::jobs::JobKind::AiPaperRecognize, recognize)];
        let (job_stop_grace, drain) = (config.job_stop_grace, config.drain);
        let (maintenance_every, push_retention) = (config.maintenance_every, config.push_retention);
        let jobs = hub::jobs::Jobs::start(hub.clone(), objects.clone(), scratch, config.job_workers, config.job_lease, more).await?;
        drive_sweep(db.clone(), jobs.clone(), config.drive.sweep_secs);
        if let Some(secs) = config.live_records_secs {
            live_records(db.clone(), hub.clone(), secs);
        }
        if let Some(secs) = config.online_reminder_secs {
            hub::online_reminder::every(jobs.clone(), db.clone(), secs);
        }
        let version = web_version(&config.web_dir);
        let listener = TcpListener::bind(&config.addr)?;
        let port = listener.local_addr()?.port();
        let workers = config.workers;
        let tracker = crate::tracking::Tracker::start(db.clone());
        let admission = crate::admission::Admission::new(config.max_in_flight);
        let state = web::Data::new(AppState { db: db.clone(), hub, jobs, objects, ai, config, version, tracker, admission });
        let app_state = state.clone();
        let web_dir = state.config.web_dir.clone();
        let secure = state.config.secure_cookies;
        let server = HttpServer::new(move || {
            App::new()
                .app_data(app_state.clone())
                .app_data(json_config())
                .app_data(query_config())
                .app_data(path_config())
                .wrap(from_fn(observe))
                .wrap(security_headers(secure))
                .configure(routes::register)
                .service(web::resource("/api/{tail:.*}").to(api_not_found))
                .service(web::resource("/socket/{tail:.*}").to(api_not_found))
                .service(web::scope("").wrap(from_fn(web_cache_headers)).service(web_app(&web_dir)))
        })
        // Pushes are small frames: without this they wait for Nagle's algorithm (~40 ms).
        .on_connect(|conn, _| {
            if let Some(tcp) = conn.downcast_ref::<actix_web::rt::net::TcpStream>() {
                let _ = tcp.set_nodelay(true);
            }
        })
        .workers(workers)
        // SIGTERM and SIGINT are the binary's to handle (`run_until_terminated`): the sockets are
        // told to go away before the server stops.
        .disable_signals()
        .shutdown_timeout(5)
        .listen(listener)?
        .run();
        actix::spawn(ai_sweep(db.clone()));
        actix::spawn(maintenance(db, maintenance_every, push_retention));
        Ok(Application { server, port, state, job_stop_grace, drain })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn state(&self) -> web::Data<AppState> {
        self.state.clone()
    }

    pub fn server_handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    /// Serves until SIGTERM or SIGINT. Then the process drains (`EDUHUB_DRAIN_SECS`, default 0:
    /// new sockets refused with 503, `/healthz` 503), every socket closes with 1001 (going away:
    /// clients reconnect at once, behind a proxy to another node) while the background jobs in
    /// hand get `EDUHUB_JOB_STOP_GRACE_SECS` to finish and are otherwise given back to the queue
    /// for another node; the server stops taking connections and finishes the calls in flight (at
    /// most 5 s), and the process exits: within 10 s of the drain.
    pub async fn run_until_terminated(self) -> std::io::Result<()> {
        let (handle, hub, jobs) = (self.server.handle(), self.state.hub.clone(), self.state.jobs.clone());
        let (grace, drain) = (self.job_stop_grace, self.drain);
        actix::spawn(async move {
            terminated().await;
            tracing::info!(?drain, "stopping: draining, then sockets go away, jobs in hand go back to the queue, calls in flight finish");
            hub.drain();
            tokio::time::sleep(drain).await;
            tokio::join!(hub.going_away(Duration::from_secs(3)), jobs.stop(grace));
            handle.stop(true).await;
        });
        self.run().await
    }

    /// Serves until the server is stopped (through its handle), then stores the usage events
    /// still queued.
    pub async fn run(self) -> std::io::Result<()> {
        let served = self.server.await;
        if !self.state.tracker.drain().await {
            tracing::warn!("the usage events still queued could not all be stored before stopping");
        }
        served
    }
}

/// SIGTERM (a deploy, `docker stop`) or SIGINT (Ctrl-C).
async fn terminated() {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).expect("SIGTERM can be handled");
    tokio::select! {
        _ = term.recv() => {}
        _ = tokio::signal::ctrl_c() => {}
    }
}

/// Replies a dead process left generating fail (a live one writes or touches them every second).
async fn ai_sweep(db: Db) {
    loop {
        if let Err(e) = storage::ai::fail_abandoned(&db, crate::assistant::ABANDONED_AFTER_MS).await {
            tracing::warn!(error = %e, "failing abandoned AI replies failed");
        }
        tokio::time::sleep(crate::assistant::SWEEP_EVERY).await;
    }
}

/// Deletes what is past its time: expired sessions, old login records, pushes past their retention.
async fn maintenance(db: Db, every: Duration, push_retention: Duration) {
    let retention_ms = i64::try_from(push_retention.as_millis()).unwrap_or(i64::MAX);
    loop {
        tokio::time::sleep(every).await;
        let results =
            (storage::sessions::purge_expired(&db).await, storage::login_guard::purge_old(&db).await, storage::push_log::prune(&db, retention_ms).await);
        if let (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) = results {
            tracing::warn!(error = %e, "maintenance failed");
        }
    }
}

/// Logs each request and records its latency under its matched route (not the raw path, so the
/// metric's cardinality stays bounded).
async fn observe(req: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.path().to_owned();
    let res = next.call(req).await?;
    let route = res.request().match_pattern().unwrap_or_else(|| "unmatched".into());
    let status = res.status();
    HTTP_LATENCY.with_label_values(&[route.as_str(), status.as_str()]).observe(started.elapsed().as_secs_f64());
    tracing::info!(%method, %path, status = status.as_u16(), ms = started.elapsed().as_millis() as u64, "request");
    Ok(res)
}

fn json_config() -> web::JsonConfig {
    web::JsonConfig::default().limit(JSON_LIMIT).error_handler(|err, _| {
        use actix_web::error::JsonPayloadError as E;
        let api = match &err {
            E::OverflowKnownLength { .. } | E::Overflow { .. } => ApiError::PayloadTooLarge,
            E::ContentType => ApiError::bad_request("请求体必须是 application/json"),
            E::Deserialize(e) => ApiError::bad_request(format!("请求体格式错误：{e}")),
            other => ApiError::bad_request(format!("请求体无法读取：{other}")),
        };
        api.into()
    })
}

fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|err, _| ApiError::bad_request(format!("查询参数错误：{err}")).into())
}

fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|err, _| ApiError::bad_request(format!("路径参数错误：{err}")).into())
}

async fn api_not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound("接口不存在".into()))
}

/// What the browser may do with our pages: scripts, styles and connections from this origin only
/// (inline styles for Mantine and the editors, WebAssembly for the upload checksums, images also
/// from https and data URLs; connections also to the desktop client on this computer, whose
/// local calls the web makes at http://127.0.0.1:{electronPort}), never framed; HSTS where cookies are Secure (behind TLS). A response
/// that sets its own header keeps it (the API description page).
fn security_headers(secure: bool) -> actix_web::middleware::DefaultHeaders {
    let headers = actix_web::middleware::DefaultHeaders::new()
        .add((
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; \
             media-src 'self' blob: https:; font-src 'self' data:; connect-src 'self' ws: wss: http://127.0.0.1:* http://localhost:*; object-src 'none'; base-uri 'self'; \
             form-action 'self'; frame-ancestors 'none'",
        ))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Referrer-Policy", "same-origin"));
    if secure {
        headers.add(("Strict-Transport-Security", "max-age=31536000; includeSubDomains"))
    } else {
        headers
    }
}

/// The web app: a file of the build when it exists (actix-files: conditional requests, ranges),
/// else `index.html` (history-mode routing). Hashed assets are cached for good; everything else
/// is revalidated, so a new deploy is seen at once.
fn web_app(web_dir: &Path) -> actix_files::Files {
    let index = web_dir.join("index.html");
    // Without a build there is nothing to serve: an empty directory, never the working one.
    let root = if web_dir.is_dir() { web_dir.to_path_buf() } else { std::env::temp_dir().join("eduhub-no-web") };
    let _ = std::fs::create_dir_all(&root);
    actix_files::Files::new("/", root).index_file("index.html").default_handler(fn_service(move |req: ServiceRequest| {
        let index = index.clone();
        async move {
            let (req, _) = req.into_parts();
            let response = match actix_files::NamedFile::open_async(&index).await {
                Ok(file) => file.into_response(&req),
                Err(_) => HttpResponse::NotFound().content_type("text/html; charset=utf-8").body(
                    "<!doctype html><meta charset=utf-8><title>EduHub</title><p>The web app is not built. Run <code>make run</code> (or <code>make web</code>).</p>",
                ),
            };
            Ok(ServiceResponse::new(req, response))
        }
    }))
}

/// Cache rules of the web app's files (see `web_app`).
async fn web_cache_headers(req: ServiceRequest, next: Next<impl MessageBody + 'static>) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let immutable = req.path().starts_with("/assets/");
    let mut res = next.call(req).await?;
    if res.status().is_success() || res.status() == actix_web::http::StatusCode::NOT_MODIFIED {
        res.headers_mut().insert(
            actix_web::http::header::CACHE_CONTROL,
            actix_web::http::header::HeaderValue::from_static(if immutable { "public, max-age=31536000, immutable" } else { "no-cache" }),
        );
    }
    Ok(res)
}

/// The version of the deployed web app: a digest of its `index.html` (which names the hashed
/// bundles), so every build is a new version.
fn web_version(web_dir: &Path) -> String {
    match std::fs::read(web_dir.join("index.html")) {
        Ok(bytes) => {
            let digest = Sha256::digest(&bytes);
            format!("{}-{}", env!("CARGO_PKG_VERSION"), hex::encode(&digest[..6]))
        }
        Err(_) => format!("{}-dev", env!("CARGO_PKG_VERSION")),
    }
}

/// Every `secs` seconds a drive sweep job is queued (unless one is pending): bin items past
/// their 30 days and uploads abandoned for a day are purged by the job engine.
fn drive_sweep(db: Db, jobs: hub::jobs::Jobs, secs: u64) {
    actix_web::rt::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(secs.max(1)));
        loop {
            tick.tick().await;
            match storage::document::job::queue_purge(&db).await {
                Ok(Some(id)) => jobs.submitted(storage::jobs::JobKind::DrivePurge, 0, id).await,
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, "queueing the drive sweep failed"),
            }
        }
    });
}

/// The generator's live mode (`EDUHUB_LIVE_RECORDS_SECS`): a lesson held every `secs` seconds,
/// signalled to every open socket like an import.
fn live_records(db: Db, hub: Hub, secs: u64) {
    actix_web::rt::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(secs));
        let mut pick = 0u64;
        loop {
            tick.tick().await;
            pick += 1;
            match storage::datacentre::generate::live_lesson(&db, pick, storage::now_ms()).await {
                Ok(0) => {}
                Ok(_) => {
                    let kinds = vec!["lessons".to_owned(), "attendance".to_owned()];
                    hub.signal_everyone(&protocol::push::PushMessage::records_changed(&protocol::push::RecordsChanged { kinds })).await;
                }
                Err(e) => tracing::warn!(error = %e, "the live generator could not write a lesson"),
            }
        }
    });
}
