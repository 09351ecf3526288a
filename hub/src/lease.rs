//! The lease on a running job (a download being generated, a save-to-knowledge copy): the worker
//! renews it while it works, so a job whose lease ran out belongs to a process that died, and
//! any process takes it over. Shorter leases take over sooner after a crash and write more often.

use std::future::Future;
use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JobLease(Duration);

impl JobLease {
    /// `EDUHUB_JOB_LEASE_SECS` unset.
    pub const DEFAULT: JobLease = JobLease(Duration::from_secs(30));
    /// Shorter leases would be renewed faster than a busy database answers.
    const MIN: Duration = Duration::from_secs(1);
    /// Longer ones would leave a dead process's jobs waiting for hours.
    const MAX: Duration = Duration::from_secs(3600);

    /// `length` held between one second and one hour.
    pub fn new(length: Duration) -> JobLease {
        JobLease(length.clamp(JobLease::MIN, JobLease::MAX))
    }

    pub fn millis(self) -> i64 {
        self.0.as_millis() as i64
    }

    /// How often a worker renews its lease: three renewals fit in one lease.
    pub fn renewal(self) -> Duration {
        self.0 / 3
    }

    /// How often each process looks for jobs whose lease ran out.
    pub fn sweep(self) -> Duration {
        self.0 / 6
    }

    /// Renews a claim at every renewal tick with `renew` (true: still held) and returns when
    /// the claim is lost; a failed renewal is logged and tried again at the next tick. `job`
    /// names the job in the log.
    pub async fn hold<F, Fut>(self, job: &str, mut renew: F)
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = storage::Result<bool>>,
    {
        let mut tick = tokio::time::interval(self.renewal());
        tick.tick().await;
        loop {
            tick.tick().await;
            match renew().await {
                Ok(true) => {}
                Ok(false) => return,
                Err(e) => tracing::warn!(error = %e, job, "renewing a job's lease failed"),
            }
        }
    }
}

impl Default for JobLease {
    fn default() -> JobLease {
        JobLease::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::JobLease;

    #[test]
    fn leases_are_held_within_bounds() {
        assert_eq!(JobLease::new(Duration::ZERO).millis(), 1_000);
        assert_eq!(JobLease::new(Duration::from_secs(u64::MAX)).millis(), 3_600_000);
        let lease = JobLease::DEFAULT;
        assert_eq!((lease.millis(), lease.renewal(), lease.sweep()), (30_000, Duration::from_secs(10), Duration::from_secs(5)));
    }
}
