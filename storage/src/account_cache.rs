//! A read cache of the account tables that every request reads: sessions, users with their
//! roles, schools and subjects, the organisation's schools and provinces, the whitelist and the
//! role menus. With it, resolving a caller and answering `pub/user/info` cost no database round
//! trip (issue 20: the hot REST call read the database seven times).
//!
//! Invalidation is by generation. Every write to those tables bumps one counter
//! ([`Db::accounts_changed`]) after it commits, and an entry counts only while the counter still
//! holds the value read *before* the entry was loaded, so a load that raced a write is never
//! served. Other server processes hear of a change through the bus (the hub publishes
//! `AccountsChanged`, and bumps on a lost-traffic resync); a process that cannot hear them (a CLI
//! import beside the server) is caught by the entries' lifetime, [`KEPT`].
//!
//! A session's sliding expiry is the one write that does not bump: [`crate::sessions::touch`]
//! refreshes its own entry, and an entry that looks expired is looked up again (another process
//! may have extended it), so a stale entry can only err towards the database.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use protocol::dto::user::MenuItem;

use crate::accounts::User;
use crate::orgs::{Province, School};
use crate::sessions::SessionRow;
use crate::Result;

/// The longest an entry is served without being read again, whatever the generation says.
pub const KEPT: Duration = Duration::from_secs(10);
/// Entries per table before the table is emptied (a bound on memory, not an eviction policy:
/// it is reached only with more live sessions than this in `KEPT`).
const MAX_ENTRIES: usize = 100_000;

tokio::task_local! {
    /// Set while a caller is resolved for a WebSocket's whole life (`reading_once`).
    static READ_ONCE: ();
}

/// Runs `f` with its account reads served from the cache where they are there, but what it loads
/// not kept: a WebSocket upgrade resolves its caller once for the socket's whole life, so keeping
/// its entries would only cost memory (about 1 KiB for each idle push session).
pub async fn reading_once<F: Future>(f: F) -> F::Output {
    READ_ONCE.scope((), f).await
}

fn keeping() -> bool {
    READ_ONCE.try_with(|_| ()).is_err()
}

/// One cached table: values by key, each with the generation it was loaded under.
pub(crate) struct Memo<K, V> {
    entries: Mutex<HashMap<K, Slot<V>>>,
}

struct Slot<V> {
    generation: u64,
    loaded: Instant,
    value: V,
}

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo { entries: Mutex::new(HashMap::new()) }
    }
}

impl<K: Eq + Hash, V: Clone> Memo<K, V> {
    fn get<Q: Eq + Hash + ?Sized>(&self, generation: u64, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
    {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.get(key).filter(|s| s.generation == generation && s.loaded.elapsed() < KEPT).map(|s| s.value.clone())
    }

    fn put(&self, generation: u64, key: K, value: V) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= MAX_ENTRIES && !entries.contains_key(&key) {
            entries.retain(|_, s| s.generation == generation && s.loaded.elapsed() < KEPT);
            if entries.len() >= MAX_ENTRIES {
                entries.clear();
            }
        }
        entries.insert(key, Slot { generation, loaded: Instant::now(), value });
    }

    /// Replaces a value that is current, keeping its load time (a session's new expiry).
    fn refresh<Q: Eq + Hash + ?Sized>(&self, generation: u64, key: &Q, update: impl FnOnce(&mut V))
    where
        K: Borrow<Q>,
    {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(slot) = entries.get_mut(key).filter(|s| s.generation == generation) {
            update(&mut slot.value);
        }
    }

    /// Drops the entries no read may serve any more.
    fn sweep(&self, generation: u64) {
        self.entries.lock().unwrap_or_else(|e| e.into_inner()).retain(|_, s| s.generation == generation && s.loaded.elapsed() < KEPT);
    }

    fn len(&self) -> usize {
        self.entries.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

/// The cached tables and their generation; one per [`crate::Db`] (shared by its clones).
#[derive(Default)]
pub(crate) struct AccountCache {
    generation: AtomicU64,
    /// When the tables were last rid of entries past serving (`sweep_now_and_then`).
    swept: Mutex<Option<Instant>>,
    /// Changes made by this process, for the hub to tell the others.
    local_changes: tokio::sync::watch::Sender<u64>,
    pub(crate) sessions: Memo<String, SessionRow>,
    pub(crate) users: Memo<i64, User>,
    pub(crate) roles: Memo<i64, Vec<String>>,
    pub(crate) school_ids: Memo<i64, Vec<i64>>,
    pub(crate) subjects: Memo<i64, Vec<(i64, i64)>>,
    pub(crate) schools: Memo<(), Vec<School>>,
    pub(crate) provinces: Memo<String, Option<Province>>,
    pub(crate) whitelist_functions: Memo<(), Vec<String>>,
    pub(crate) whitelist_grants: Memo<String, Vec<String>>,
    pub(crate) menus: Memo<String, Vec<MenuItem>>,
}

impl std::fmt::Debug for AccountCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AccountCache").field("generation", &self.generation()).field("sessions", &self.sessions.len()).finish_non_exhaustive()
    }
}

impl AccountCache {
    pub(crate) fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// A write of this process committed.
    pub(crate) fn changed_here(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.local_changes.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// Another process wrote, or this one may have missed word of it.
    pub(crate) fn changed_elsewhere(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    pub(crate) fn local_changes(&self) -> tokio::sync::watch::Receiver<u64> {
        self.local_changes.subscribe()
    }

    /// The cached value of `key` in `memo`, or `load`'s, cached under the generation read
    /// before loading.
    pub(crate) async fn read<K, V, F>(&self, memo: &Memo<K, V>, key: K, load: F) -> Result<V>
    where
        K: Eq + Hash,
        V: Clone,
        F: Future<Output = Result<V>>,
    {
        let generation = self.generation();
        if let Some(value) = memo.get(generation, &key) {
            return Ok(value);
        }
        self.sweep_now_and_then(generation);
        let value = load.await?;
        if keeping() {
            memo.put(generation, key, value.clone());
        }
        Ok(value)
    }

    /// Every `KEPT`, on a miss, drops what can no longer be served, so the tables hold about the
    /// accounts of the last `KEPT`'s calls rather than of everyone since the start.
    fn sweep_now_and_then(&self, generation: u64) {
        {
            let mut swept = self.swept.lock().unwrap_or_else(|e| e.into_inner());
            if swept.is_some_and(|at| at.elapsed() < KEPT) {
                return;
            }
            *swept = Some(Instant::now());
        }
        self.sessions.sweep(generation);
        self.users.sweep(generation);
        self.roles.sweep(generation);
        self.school_ids.sweep(generation);
        self.subjects.sweep(generation);
        self.schools.sweep(generation);
        self.provinces.sweep(generation);
        self.whitelist_functions.sweep(generation);
        self.whitelist_grants.sweep(generation);
        self.menus.sweep(generation);
    }

    /// A cached session row, if one is current and not past its expiry.
    pub(crate) fn session(&self, token_hash: &str, now: i64, oldest_created: i64) -> Option<SessionRow> {
        let generation = self.generation();
        let row = self.sessions.get(generation, token_hash).filter(|s| s.expires_at > now && s.created_at > oldest_created);
        if row.is_none() {
            self.sweep_now_and_then(generation);
        }
        row
    }

    pub(crate) fn put_session(&self, generation: u64, row: SessionRow) {
        if !keeping() {
            return;
        }
        self.sessions.put(generation, row.token_hash.clone(), row);
    }

    pub(crate) fn session_extended(&self, token_hash: &str, expires_at: i64) {
        self.sessions.refresh(self.generation(), token_hash, |row| row.expires_at = row.expires_at.max(expires_at));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_write_during_a_load_is_never_served_from_the_cache() {
        let cache = AccountCache::default();
        // The load reads the old value; a write commits (and bumps) before the load returns.
        let value = cache
            .read(&cache.roles, 1, async {
                cache.changed_here();
                Ok(vec!["old".to_owned()])
            })
            .await
            .unwrap();
        assert_eq!(value, ["old"]);
        // The next read loads again and sees the write.
        let value = cache.read(&cache.roles, 1, async { Ok(vec!["new".to_owned()]) }).await.unwrap();
        assert_eq!(value, ["new"]);
        let value = cache.read(&cache.roles, 1, async { Ok(vec!["never loaded".to_owned()]) }).await.unwrap();
        assert_eq!(value, ["new"]);
    }

    #[tokio::test]
    async fn another_process_change_empties_the_cache_and_is_not_told_again() {
        let cache = AccountCache::default();
        let changes = cache.local_changes();
        cache.read(&cache.roles, 1, async { Ok(vec!["a".to_owned()]) }).await.unwrap();
        cache.changed_elsewhere();
        assert!(!changes.has_changed().unwrap(), "a change heard from elsewhere is not published again");
        let value = cache.read(&cache.roles, 1, async { Ok(vec!["b".to_owned()]) }).await.unwrap();
        assert_eq!(value, ["b"]);
        cache.changed_here();
        assert!(changes.has_changed().unwrap());
    }

    #[test]
    fn an_expired_session_is_not_served_and_an_extension_is_kept() {
        let cache = AccountCache::default();
        let row = SessionRow { token_hash: "t".into(), user_id: 1, acting_user_id: None, created_at: 100, expires_at: 1_000 };
        cache.put_session(cache.generation(), row);
        assert!(cache.session("t", 500, 0).is_some());
        assert!(cache.session("t", 1_000, 0).is_none(), "expired");
        assert!(cache.session("t", 500, 100).is_none(), "past its absolute age");
        cache.session_extended("t", 2_000);
        assert_eq!(cache.session("t", 1_500, 0).map(|s| s.expires_at), Some(2_000));
    }

    #[tokio::test]
    async fn entries_past_serving_are_swept_on_a_miss() {
        let cache = AccountCache::default();
        cache.roles.put(cache.generation(), 1, vec!["a".to_owned()]);
        cache.changed_here();
        // The first miss sweeps (nothing was swept yet): the entry of the old generation goes.
        cache.read(&cache.roles, 2, async { Ok(vec!["b".to_owned()]) }).await.unwrap();
        assert_eq!(cache.roles.len(), 1);
    }

    #[tokio::test]
    async fn what_a_socket_reads_once_is_served_but_not_kept() {
        let cache = AccountCache::default();
        cache.read(&cache.roles, 1, async { Ok(vec!["kept".to_owned()]) }).await.unwrap();
        let (one, two) = reading_once(async {
            let one = cache.read(&cache.roles, 1, async { Ok(vec!["not read".to_owned()]) }).await.unwrap();
            let two = cache.read(&cache.roles, 2, async { Ok(vec!["read once".to_owned()]) }).await.unwrap();
            (one, two)
        })
        .await;
        assert_eq!((one, two), (vec!["kept".to_owned()], vec!["read once".to_owned()]));
        assert_eq!(cache.roles.len(), 1, "the socket's own read is not kept");
    }

    #[test]
    fn the_table_is_bounded() {
        let memo: Memo<i64, i64> = Memo::default();
        for i in 0..(MAX_ENTRIES as i64 + 10) {
            memo.put(0, i, i);
        }
        assert!(memo.len() <= MAX_ENTRIES);
        assert_eq!(memo.get(0, &(MAX_ENTRIES as i64 + 9)), Some(MAX_ENTRIES as i64 + 9));
    }
}
