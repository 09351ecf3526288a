//! The measuring core: latency histograms (HdrHistogram, microseconds), per-second series, and
//! delivery accounting (what was expected at each receiver versus what arrived).

use std::sync::Mutex;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use hdrhistogram::Histogram;
use serde::{Deserialize, Serialize};

/// Microseconds since the Unix epoch: senders stamp it into payloads, receivers subtract.
pub fn now_us() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_micros() as u64).unwrap_or(0)
}

const MAX_TRACKABLE_US: u64 = 600_000_000;

/// A latency distribution in microseconds (1 µs … 10 min, 3 significant digits).
#[derive(Clone)]
pub struct Latency {
    hist: Histogram<u64>,
}

impl Default for Latency {
    fn default() -> Self {
        Latency::new()
    }
}

impl Latency {
    pub fn new() -> Latency {
        Latency { hist: Histogram::new_with_bounds(1, MAX_TRACKABLE_US, 3).expect("valid histogram bounds") }
    }

    /// Two significant digits: about 1/8 of the memory of [`Latency::new`] (22 KiB against
    /// 172 KiB), for the one-per-second distributions of a long run.
    pub fn coarse() -> Latency {
        Latency { hist: Histogram::new_with_bounds(1, MAX_TRACKABLE_US, 2).expect("valid histogram bounds") }
    }

    pub fn is_empty(&self) -> bool {
        self.hist.is_empty()
    }

    fn reset(&mut self) {
        self.hist.reset();
    }

    /// Records one sample; values beyond the range are clamped, never dropped.
    pub fn record_us(&mut self, us: u64) {
        self.hist.saturating_record(us.clamp(1, MAX_TRACKABLE_US));
    }

    pub fn merge(&mut self, other: &Latency) {
        // Same bounds on both sides, so adding cannot fail.
        let _ = self.hist.add(&other.hist);
    }

    pub fn count(&self) -> u64 {
        self.hist.len()
    }

    /// The samples recorded since `earlier` (a copy of this distribution taken before).
    pub fn minus(&self, earlier: &Latency) -> Latency {
        let mut hist = self.hist.clone();
        // `earlier` is a subset of `self`, so subtracting cannot underflow.
        let _ = hist.subtract(&earlier.hist);
        Latency { hist }
    }

    /// The value at quantile `q` (0..=1) in milliseconds; 0 when empty.
    pub fn quantile_ms(&self, q: f64) -> f64 {
        if self.hist.is_empty() {
            return 0.0;
        }
        self.hist.value_at_quantile(q) as f64 / 1000.0
    }

    pub fn summary(&self) -> LatencySummary {
        let empty = self.hist.is_empty();
        LatencySummary {
            count: self.count(),
            mean_ms: if empty { 0.0 } else { self.hist.mean() / 1000.0 },
            p50_ms: self.quantile_ms(0.50),
            p95_ms: self.quantile_ms(0.95),
            p99_ms: self.quantile_ms(0.99),
            p999_ms: self.quantile_ms(0.999),
            max_ms: if empty { 0.0 } else { self.hist.max() as f64 / 1000.0 },
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LatencySummary {
    pub count: u64,
    pub mean_ms: f64,
    pub p50_ms: f64,
    pub p95_ms: f64,
    pub p99_ms: f64,
    pub p999_ms: f64,
    pub max_ms: f64,
}

/// One second of a run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SeriesPoint {
    /// Seconds since the recorder started.
    pub t: u64,
    pub count: u64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

/// Latency overall and per second since `started`.
pub struct Recorder {
    started: Instant,
    total: Latency,
    seconds: Vec<Latency>,
}

impl Recorder {
    pub fn new(started: Instant) -> Recorder {
        Recorder { started, total: Latency::new(), seconds: Vec::new() }
    }

    pub fn record_us(&mut self, us: u64) {
        self.record_at(self.started.elapsed().as_secs() as usize, us);
    }

    fn record_at(&mut self, second: usize, us: u64) {
        self.second_mut(second).record_us(us);
        self.total.record_us(us);
    }

    fn second_mut(&mut self, second: usize) -> &mut Latency {
        if self.seconds.len() <= second {
            self.seconds.resize_with(second + 1, Latency::coarse);
        }
        &mut self.seconds[second]
    }

    pub fn merge(&mut self, other: &Recorder) {
        self.total.merge(&other.total);
        if self.seconds.len() < other.seconds.len() {
            self.seconds.resize_with(other.seconds.len(), Latency::coarse);
        }
        for (mine, theirs) in self.seconds.iter_mut().zip(&other.seconds) {
            mine.merge(theirs);
        }
    }

    pub fn total(&self) -> &Latency {
        &self.total
    }

    pub fn series(&self) -> Vec<SeriesPoint> {
        self.seconds
            .iter()
            .enumerate()
            .map(|(t, l)| {
                let s = l.summary();
                SeriesPoint { t: t as u64, count: s.count, p50_ms: s.p50_ms, p99_ms: s.p99_ms, max_ms: s.max_ms }
            })
            .collect()
    }
}

/// A recorder split into shards so thousands of connection tasks record without contending.
///
/// A shard keeps its overall distribution and only the current second's; when it records in a
/// later second it hands the finished one to the shared series. A run's memory is then the
/// shards plus one coarse distribution per second, whatever its length (keeping every second in
/// every shard took 64 × 172 KiB a second: 18 GiB in a 30-minute soak).
pub struct ShardedRecorder {
    shards: Vec<Mutex<Shard>>,
    /// The seconds the shards have handed over.
    seconds: Mutex<Vec<Latency>>,
    started: Instant,
}

struct Shard {
    total: Latency,
    /// The second `current` holds.
    second: usize,
    current: Latency,
}

impl ShardedRecorder {
    pub fn new(started: Instant, shards: usize) -> ShardedRecorder {
        let shard = || Mutex::new(Shard { total: Latency::new(), second: 0, current: Latency::coarse() });
        ShardedRecorder { shards: (0..shards.max(1)).map(|_| shard()).collect(), seconds: Mutex::new(Vec::new()), started }
    }

    pub fn record_us(&self, shard: usize, us: u64) {
        self.record_at(shard, self.started.elapsed().as_secs() as usize, us);
    }

    fn record_at(&self, shard: usize, second: usize, us: u64) {
        let mut shard = self.shards[shard % self.shards.len()].lock().unwrap_or_else(|e| e.into_inner());
        if shard.second != second {
            if !shard.current.is_empty() {
                let mut seconds = self.seconds.lock().unwrap_or_else(|e| e.into_inner());
                if seconds.len() <= shard.second {
                    seconds.resize_with(shard.second + 1, Latency::coarse);
                }
                seconds[shard.second].merge(&shard.current);
                shard.current.reset();
            }
            shard.second = second;
        }
        shard.current.record_us(us);
        shard.total.record_us(us);
    }

    /// Everything recorded so far: the handed-over seconds and what the shards still hold.
    pub fn merged(&self) -> Recorder {
        let mut all = Recorder::new(self.started);
        all.seconds = self.seconds.lock().unwrap_or_else(|e| e.into_inner()).clone();
        for shard in &self.shards {
            let shard = shard.lock().unwrap_or_else(|e| e.into_inner());
            all.total.merge(&shard.total);
            if !shard.current.is_empty() {
                all.second_mut(shard.second).merge(&shard.current);
            }
        }
        all
    }

    /// The latency of the last complete second, for the progress line.
    pub fn last_second(&self) -> LatencySummary {
        let second = self.started.elapsed().as_secs().saturating_sub(1) as usize;
        let mut l = Latency::coarse();
        if let Some(s) = self.seconds.lock().unwrap_or_else(|e| e.into_inner()).get(second) {
            l.merge(s);
        }
        for shard in &self.shards {
            let shard = shard.lock().unwrap_or_else(|e| e.into_inner());
            if shard.second == second {
                l.merge(&shard.current);
            }
        }
        l.summary()
    }
}

/// What reached one receiver, against what was sent to it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Delivery {
    /// Messages the server accepted for the receiver.
    pub expected: u64,
    /// Distinct expected messages that arrived.
    pub delivered: u64,
    /// Expected messages that never arrived.
    pub lost: u64,
    /// Extra copies of messages that had already arrived.
    pub duplicates: u64,
    /// Arrivals that were never sent to this receiver.
    pub unexpected: u64,
}

impl Delivery {
    /// Compares ids sent to a receiver with the ids it received (any order, repeats allowed in
    /// `received`; `expected` ids are distinct).
    pub fn account(expected: &mut Vec<u64>, received: &mut Vec<u64>) -> Delivery {
        expected.sort_unstable();
        expected.dedup();
        received.sort_unstable();
        let arrivals = received.len() as u64;
        received.dedup();
        let duplicates = arrivals - received.len() as u64;
        let (mut i, mut j, mut matched) = (0, 0, 0u64);
        while i < expected.len() && j < received.len() {
            match expected[i].cmp(&received[j]) {
                std::cmp::Ordering::Equal => {
                    matched += 1;
                    i += 1;
                    j += 1;
                }
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
            }
        }
        Delivery {
            expected: expected.len() as u64,
            delivered: matched,
            lost: expected.len() as u64 - matched,
            duplicates,
            unexpected: received.len() as u64 - matched,
        }
    }

    pub fn add(&mut self, other: Delivery) {
        self.expected += other.expected;
        self.delivered += other.delivered;
        self.lost += other.lost;
        self.duplicates += other.duplicates;
        self.unexpected += other.unexpected;
    }

    /// Lost messages as a fraction of expected ones.
    pub fn loss_ratio(&self) -> f64 {
        if self.expected == 0 {
            0.0
        } else {
            self.lost as f64 / self.expected as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_of_a_known_distribution() {
        let mut l = Latency::new();
        for ms in 1..=100u64 {
            l.record_us(ms * 1000);
        }
        let s = l.summary();
        assert_eq!(s.count, 100);
        assert!((s.p50_ms - 50.0).abs() < 0.1, "{s:?}");
        assert!((s.p95_ms - 95.0).abs() < 0.1, "{s:?}");
        assert!((s.p99_ms - 99.0).abs() < 0.1, "{s:?}");
        assert!((s.max_ms - 100.0).abs() < 0.1, "{s:?}");
        assert!((s.mean_ms - 50.5).abs() < 0.1, "{s:?}");
    }

    #[test]
    fn a_slow_tail_shows_in_p99_not_p50() {
        let mut l = Latency::new();
        for _ in 0..990 {
            l.record_us(2_000);
        }
        for _ in 0..10 {
            l.record_us(900_000);
        }
        let s = l.summary();
        assert!((s.p50_ms - 2.0).abs() < 0.01);
        assert!(s.p99_ms < 3.0, "exactly 1% is slow: p99 is still the fast value");
        assert!(s.p999_ms > 890.0 && s.max_ms > 890.0);
    }

    #[test]
    fn minus_leaves_the_later_samples() {
        let mut l = Latency::new();
        l.record_us(1000);
        let before = l.clone();
        l.record_us(5000);
        l.record_us(7000);
        let later = l.minus(&before);
        assert_eq!(later.count(), 2);
        assert!((later.quantile_ms(0.0) - 5.0).abs() < 0.01);
    }

    #[test]
    fn an_empty_distribution_reports_zeros() {
        assert_eq!(Latency::new().summary(), LatencySummary::default());
    }

    #[test]
    fn out_of_range_samples_are_clamped_not_dropped() {
        let mut l = Latency::new();
        l.record_us(0);
        l.record_us(u64::MAX);
        assert_eq!(l.count(), 2);
    }

    #[test]
    fn merging_recorders_keeps_every_sample_and_second() {
        let started = Instant::now();
        let mut a = Recorder::new(started);
        let mut b = Recorder::new(started);
        a.record_at(0, 1000);
        b.record_at(2, 3000);
        b.record_at(2, 5000);
        a.merge(&b);
        assert_eq!(a.total().count(), 3);
        let series = a.series();
        assert_eq!(series.iter().map(|p| p.count).collect::<Vec<_>>(), [1, 0, 2]);
        // Seconds are kept to two significant digits.
        assert!((series[2].max_ms - 5.0).abs() < 0.05, "{}", series[2].max_ms);
    }

    #[test]
    fn sharded_recorder_merges_all_shards() {
        let r = ShardedRecorder::new(Instant::now(), 4);
        for i in 0..100 {
            r.record_us(i, 1000 + i as u64);
        }
        assert_eq!(r.merged().total().count(), 100);
    }

    #[test]
    fn sharded_recorder_keeps_each_second_whether_handed_over_or_held() {
        let r = ShardedRecorder::new(Instant::now(), 2);
        // Shard 0 moves on (handing seconds 0 and 2 over); shard 1 still holds its second 2.
        r.record_at(0, 0, 1000);
        r.record_at(0, 2, 2000);
        r.record_at(1, 2, 3000);
        r.record_at(0, 5, 4000);
        let merged = r.merged();
        assert_eq!(merged.total().count(), 4);
        assert_eq!(merged.series().iter().map(|p| p.count).collect::<Vec<_>>(), [1, 0, 2, 0, 0, 1]);
        assert!((merged.series()[2].max_ms - 3.0).abs() < 0.05);
    }

    #[test]
    fn delivery_counts_losses_duplicates_and_strays() {
        let mut expected = vec![5, 1, 2, 3, 4];
        let mut received = vec![2, 1, 1, 4, 9, 4, 4];
        let d = Delivery::account(&mut expected, &mut received);
        assert_eq!(d, Delivery { expected: 5, delivered: 3, lost: 2, duplicates: 3, unexpected: 1 });
        assert!((d.loss_ratio() - 0.4).abs() < 1e-9);
    }

    #[test]
    fn perfect_delivery_and_nothing_expected() {
        let d = Delivery::account(&mut vec![3, 1, 2], &mut vec![1, 2, 3]);
        assert_eq!((d.delivered, d.lost, d.duplicates, d.unexpected), (3, 0, 0, 0));
        let none = Delivery::account(&mut Vec::new(), &mut Vec::new());
        assert_eq!(none, Delivery::default());
        assert_eq!(none.loss_ratio(), 0.0);
    }

    #[test]
    fn deliveries_add_up() {
        let mut total = Delivery::default();
        total.add(Delivery { expected: 2, delivered: 1, lost: 1, duplicates: 0, unexpected: 0 });
        total.add(Delivery { expected: 3, delivered: 3, lost: 0, duplicates: 2, unexpected: 1 });
        assert_eq!(total, Delivery { expected: 5, delivered: 4, lost: 1, duplicates: 2, unexpected: 1 });
    }
}
