//! The lease on a running job (a download being generated, a save-to-knowledge copy): the worker
//! renews it while it works, so a job whose lease ran out belongs to a process that died, and
//! any process takes it over. Shorter leases take over sooner after a crash and write more often.

use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JobLease(Duration);

impl JobLease {
    /// `EDUHUB_JOB_LEASE_SECS` unset.
    pub const DEFAULT: JobLease = JobLease(Duration::from_secs(30));
    /// Shorter leases would be renewed faster than a busy database answers.
    const MIN: Duration = Duration::from_secs(1);

    pub fn new(length: Duration) -> JobLease {
        JobLease(length.max(JobLease::MIN))
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
}

impl Default for JobLease {
    fn default() -> JobLease {
        JobLease::DEFAULT
    }
}
