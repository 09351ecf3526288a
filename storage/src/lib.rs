//! Storage: the database (SQLite by default, PostgreSQL when `DATABASE_URL` says so), the push
//! bus (in-process by default, Redis when `REDIS_URL` is set) and, later, the file store.
//!
//! One repository API serves both databases: queries are written once in the SQL both accept
//! (`$n` parameters, `RETURNING`, `ON CONFLICT`), times are BIGINT milliseconds and flags are
//! BIGINT 0/1, so that the `Any` driver decodes the same Rust types from either backend.
//!
//! Architecture Invariant: nothing here knows about HTTP, actix or the envelope.

pub mod account_cache;
pub mod accounts;
pub mod admin;
pub mod ai;
pub mod analysis;
pub mod atlas;
pub mod bus;
pub mod camp;
pub mod class_plan;
pub mod content_feedback;
pub mod datacentre;
pub mod document;
pub mod documents;
pub mod downloads;
pub mod exam_group;
pub mod feedback;
pub mod home;
pub mod jobs;
pub mod knowledge_saves;
pub mod lesson_task;
pub mod live_lesson;
pub mod loadtest;
pub mod login_guard;
pub mod menus;
pub mod notices;
pub mod objects;
pub mod online_reminder;
pub mod orgs;
pub mod outline;
pub mod papers;
pub mod password;
pub mod push_log;
pub mod qc;
pub mod question;
pub mod record_tool;
pub mod reports;
pub mod secrets;
pub mod seed;
pub mod sessions;
pub mod student_dynamic;
pub mod teaching;
pub mod teaching_aid;
pub mod teaching_material;
pub mod team;
pub mod token;
pub mod tracking;
pub mod uploads;
pub mod whitelist;
pub mod work_task;
pub mod wrong_question;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sqlx::any::{AnyPoolOptions, AnyQueryResult};
use sqlx::{AnyPool, Executor};

/// Which database a [`Db`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A failure of the storage layer. Callers map `NotFound` and `Conflict` to client errors; the
/// others are server faults.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("not found")]
    NotFound,
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("unsupported database url (expected sqlite:// or postgres://): {0}")]
    UnsupportedUrl(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("bus: {0}")]
    Bus(String),
    #[error("password hashing: {0}")]
    Password(String),
    /// The file store has no room left (a full disk or quota): nothing of the write was kept.
    #[error("the file store is full: {0}")]
    StorageFull(String),
}

impl StorageError {
    /// The database could not be reached (down, restarting, unreachable, or no connection free
    /// within the pool's wait): the call may succeed later, unlike a refused or broken query.
    pub fn is_unavailable(&self) -> bool {
        matches!(
            self,
            StorageError::Database(sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::WorkerCrashed)
        )
    }
}

pub type Result<T, E = StorageError> = std::result::Result<T, E>;

/// The database handle every repository function takes.
#[derive(Clone, Debug)]
pub struct Db {
    pool: AnyPool,
    backend: Backend,
    /// SQLite has one writer: hot-path writers take turns here instead of colliding on the
    /// database lock, where SQLite's busy handler would put them to sleep (milliseconds each).
    write_turn: std::sync::Arc<tokio::sync::Mutex<()>>,
    /// The question bank's word statistics, kept a short while (`question::search`).
    pub(crate) word_stats: question::search::WordStats,
    /// The account tables every request reads (`account_cache`).
    pub(crate) accounts: std::sync::Arc<account_cache::AccountCache>,
}

impl Db {
    /// Connects to `url` (`sqlite://path?mode=rwc` or `postgres://…`).
    pub async fn connect(url: &str) -> Result<Db> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            return Err(StorageError::UnsupportedUrl(url.to_owned()));
        };
        let options = AnyPoolOptions::new().acquire_timeout(Duration::from_secs(10));
        let pool = match backend {
            Backend::Sqlite => {
                options
                    .max_connections(8)
                    .after_connect(|conn, _meta| {
                        Box::pin(async move {
                            // WAL lets readers run beside the one writer; busy_timeout makes writers queue.
                            conn.execute("PRAGMA journal_mode = WAL").await?;
                            conn.execute("PRAGMA synchronous = NORMAL").await?;
                            conn.execute("PRAGMA busy_timeout = 10000").await?;
                            conn.execute("PRAGMA foreign_keys = ON").await?;
                            Ok(())
                        })
                    })
                    .connect(url)
                    .await?
            }
            Backend::Postgres => {
                options
                    .max_connections(16)
                    .after_connect(|conn, _meta| {
                        Box::pin(async move {
                            // The reports' aggregates cost more than `jit_above_cost`, and PostgreSQL
                            // then spends longer compiling them than running them: on a school
                            // group's year of records, JIT added 100–400 ms to most report calls
                            // (docs/benchmarks.md).
                            conn.execute("SET jit = off").await?;
                            Ok(())
                        })
                    })
                    .connect(url)
                    .await?
            }
        };
        Ok(Db { pool, backend, write_turn: Default::default(), word_stats: Default::default(), accounts: Default::default() })
    }

    /// Waits for this process's turn to write (SQLite); `None` where writers do not collide
    /// (PostgreSQL). Hold the guard for the whole write transaction.
    pub async fn write_turn(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        match self.backend {
            Backend::Sqlite => Some(self.write_turn.lock().await),
            Backend::Postgres => None,
        }
    }

    /// Applies the migrations of this backend that have not run yet.
    pub async fn migrate(&self) -> Result<()> {
        match self.backend {
            Backend::Sqlite => sqlx::migrate!("migrations/sqlite").run(&self.pool).await?,
            Backend::Postgres => sqlx::migrate!("migrations/postgres").run(&self.pool).await?,
        }
        Ok(())
    }

    /// A transaction. On SQLite it takes the write lock at once (`BEGIN IMMEDIATE`): a deferred
    /// transaction that reads and then writes fails with SQLITE_BUSY_SNAPSHOT when another writer
    /// committed in between (the busy handler cannot wait that out), where an immediate one
    /// waits its turn under the busy timeout.
    pub async fn begin(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>> {
        Ok(match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await?,
            Backend::Postgres => self.pool.begin().await?,
        })
    }

    /// A write to the account tables committed outside their repository functions (a test's
    /// own SQL, an import): cached reads of them are dropped (`account_cache`).
    pub fn accounts_changed(&self) {
        self.accounts.changed_here();
    }

    /// Another server process changed the account tables, or word of such a change may have
    /// been lost (the bus resynced).
    pub fn accounts_changed_elsewhere(&self) {
        self.accounts.changed_elsewhere();
    }

    /// Counts this process's changes to the account tables; the hub tells the other processes.
    pub fn account_changes(&self) -> tokio::sync::watch::Receiver<u64> {
        self.accounts.local_changes()
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// True when the database answers.
    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// Ids for `IN (…)`; none is `-1`, which no row has (0 would match "no team" in shares).
pub(crate) fn id_list(ids: &[i64]) -> String {
    if ids.is_empty() {
        "-1".into()
    } else {
        ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
    }
}

pub(crate) fn affected(r: AnyQueryResult) -> u64 {
    r.rows_affected()
}

/// Maps a unique-constraint violation to [`StorageError::Conflict`] with `what`.
pub(crate) fn on_unique(err: sqlx::Error, what: &str) -> StorageError {
    if let sqlx::Error::Database(db) = &err {
        if db.is_unique_violation() {
            return StorageError::Conflict(what.to_owned());
        }
    }
    StorageError::Database(err)
}
