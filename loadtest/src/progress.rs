//! The live progress line: redrawn every second on a terminal, a plain line every 5 s otherwise.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub struct Progress {
    task: Option<tokio::task::JoinHandle<()>>,
    terminal: bool,
}

impl Progress {
    /// Starts printing `line()` until the returned value is dropped; `quiet` prints nothing.
    pub fn start(scenario: &'static str, quiet: bool, line: impl Fn() -> String + Send + Sync + 'static) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        if quiet {
            return Progress { task: None, terminal };
        }
        let line = Arc::new(line);
        let started = Instant::now();
        let task = tokio::spawn(async move {
            let period = if terminal { Duration::from_secs(1) } else { Duration::from_secs(5) };
            let mut tick = tokio::time::interval(period);
            tick.tick().await;
            loop {
                tick.tick().await;
                let text = format!("[{scenario} {:>5.0}s] {}", started.elapsed().as_secs_f64(), line());
                let mut err = std::io::stderr().lock();
                if terminal {
                    let _ = write!(err, "\r\x1b[2K{text}");
                } else {
                    let _ = writeln!(err, "{text}");
                }
                let _ = err.flush();
            }
        });
        Progress { task: Some(task), terminal }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
            if self.terminal {
                eprintln!();
            }
        }
    }
}
