//! Admission: past capacity a call is refused at once (503, `Retry-After`) instead of waiting in
//! line for seconds. Before this, 4,000 `pub/user/info` calls a second offered to a process that
//! serves 2,800 left every call waiting 3–4 s for a database connection (docs/benchmarks.md).
//!
//! The bound is on calls in progress in this process (`EDUHUB_MAX_IN_FLIGHT`): a call in progress
//! beyond what the cores and the database serve only waits. Socket upgrades are not counted
//! (`routes::guard`), a streamed download only until its first byte.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Calls in progress, and the most that may be.
#[derive(Debug)]
pub struct Admission {
    in_flight: AtomicUsize,
    /// 0: no bound.
    limit: usize,
}

/// A call's place; given back when dropped.
pub struct Ticket(Arc<Admission>);

impl Drop for Ticket {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Admission {
    pub fn new(limit: usize) -> Arc<Admission> {
        Arc::new(Admission { in_flight: AtomicUsize::new(0), limit })
    }

    /// A place for one more call, or `None` when `limit` are in progress.
    pub fn enter(self: &Arc<Self>) -> Option<Ticket> {
        let before = self.in_flight.fetch_add(1, Ordering::AcqRel);
        let ticket = Ticket(self.clone());
        (self.limit == 0 || before < self.limit).then_some(ticket)
    }

    pub fn in_flight(&self) -> usize {
        self.in_flight.load(Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_past_the_limit_and_takes_calls_again_as_they_finish() {
        let admission = Admission::new(2);
        let a = admission.enter().expect("first");
        let _b = admission.enter().expect("second");
        assert!(admission.enter().is_none(), "a third waits for nobody: refused");
        assert_eq!(admission.in_flight(), 2, "a refused call holds no place");
        drop(a);
        assert!(admission.enter().is_some());
    }

    #[test]
    fn zero_means_no_bound() {
        let admission = Admission::new(0);
        let tickets: Vec<_> = (0..1000).map(|_| admission.enter().unwrap()).collect();
        assert_eq!(admission.in_flight(), 1000);
        drop(tickets);
        assert_eq!(admission.in_flight(), 0);
    }
}
