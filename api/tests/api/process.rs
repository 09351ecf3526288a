//! The `eduhub` binary run as a child process, for the tests that signal or kill it (an
//! in-process server cannot be killed without taking the test with it).

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `eduhub serve --demo` on the embedded default (SQLite, in-process bus, local files) in a
/// directory of its own, unless `env` says otherwise; killed when dropped.
pub struct ServerProcess {
    pub child: Child,
    pub base: String,
}

impl ServerProcess {
    /// Starts the binary on `port` with `env` over the defaults and waits until it answers
    /// `/healthz`. Its log goes to `dir/server.log`.
    pub async fn start(dir: &Path, port: u16, env: &[(&str, &str)]) -> ServerProcess {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(dir.join("server.log"))
            .unwrap_or_else(|e| panic!("a log file in {}: {e}", dir.display()));
        let child = Command::new(env!("CARGO_BIN_EXE_eduhub"))
            .args(["serve", "--demo"])
            .env("EDUHUB_DATA_DIR", dir.join("data"))
            .env("EDUHUB_WEB_DIR", dir.join("no-web"))
            .env("EDUHUB_ADDR", format!("127.0.0.1:{port}"))
            .env("RUST_LOG", "warn")
            .env_remove("DATABASE_URL")
            .env_remove("REDIS_URL")
            .env_remove("EDUHUB_S3_BUCKET")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("the eduhub binary starts");
        let mut server = ServerProcess { child, base: format!("http://127.0.0.1:{port}") };
        let health = format!("{}/healthz", server.base);
        let http = reqwest::Client::new();
        let deadline = Instant::now() + Duration::from_secs(60);
        while !http.get(&health).send().await.is_ok_and(|r| r.status().is_success()) {
            let log = || std::fs::read_to_string(dir.join("server.log")).unwrap_or_default();
            if let Some(exit) = server.child.try_wait().expect("the child's state can be read") {
                panic!("the server exited ({exit}) before answering /healthz; its log:\n{}", log());
            }
            assert!(Instant::now() < deadline, "the server answers /healthz; its log:\n{}", log());
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        server
    }

    /// SIGTERM, as `docker stop` or a deploy sends it: when it was sent.
    pub fn terminate(&self) -> Instant {
        let sent = Instant::now();
        let status = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().expect("kill runs");
        assert!(status.success(), "the signal was delivered");
        sent
    }

    /// Waits for a clean exit within `within` of `sent` (when it was signalled): how long it took.
    pub async fn expect_clean_exit(&mut self, sent: Instant, within: Duration) -> Duration {
        loop {
            if let Some(exit) = self.child.try_wait().expect("the child's state can be read") {
                assert!(exit.success(), "a clean exit: {exit}");
                return sent.elapsed();
            }
            assert!(sent.elapsed() < within, "the process exits within {within:?} of the signal");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// SIGKILL: no shutdown code runs, as when the machine or the process dies.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A port nothing listens on now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}
