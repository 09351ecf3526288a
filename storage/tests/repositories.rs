//! Repository tests on both databases: a fresh SQLite file, and a new PostgreSQL database.

use std::collections::BTreeSet;

use protocol::push::{PushContent, TypeCode};
use storage::push_log::{self, NewPush};
use storage::{accounts, login_guard, notices, seed, sessions, Db};

async fn sqlite() -> (Db, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::connect(&format!("sqlite://{}/t.db?mode=rwc", dir.path().display())).await.unwrap();
    db.migrate().await.unwrap();
    seed::demo(&db).await.unwrap();
    (db, dir)
}

async fn postgres() -> (Db, String) {
    let admin_url = std::env::var("EDUHUB_TEST_PG_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
    let mut bytes = [0u8; 6];
    getrandom::fill(&mut bytes).unwrap();
    let name = format!("eduhub_s_{}", bytes.iter().map(|b| format!("{b:02x}")).collect::<String>());
    let admin = Db::connect(&admin_url).await.expect("PostgreSQL is reachable");
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(admin.pool()).await.unwrap();
    let db = Db::connect(&format!("{}/{name}", admin_url.rsplit_once('/').unwrap().0)).await.unwrap();
    db.migrate().await.unwrap();
    seed::demo(&db).await.unwrap();
    (db, name)
}

async fn drop_pg(db: Db, name: String) {
    db.close().await;
    let admin_url = std::env::var("EDUHUB_TEST_PG_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
    let admin = Db::connect(&admin_url).await.unwrap();
    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(admin.pool()).await;
}

macro_rules! on_both {
    ($($name:ident),*) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let (db, _dir) = super::sqlite().await;
                super::$name(&db).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let (db, name) = super::postgres().await;
                super::$name(&db).await;
                super::drop_pg(db, name).await;
            }
        }
    )*};
}

on_both!(concurrent_pushes_get_gapless_sequences, sessions_resolve_and_expire, captcha_is_single_use, notices_are_per_recipient, seeding_is_idempotent);

fn push(user_id: i64, n: i64) -> NewPush {
    NewPush { user_id, type_code: TypeCode::NoticePublished, content: PushContent { id: Some(n), time: n, ..Default::default() } }
}

async fn concurrent_pushes_get_gapless_sequences(db: &Db) {
    let user = accounts::by_email(db, "teacher@demo.eduhub").await.unwrap().unwrap().id;
    let other = accounts::by_email(db, "teacher2@demo.eduhub").await.unwrap().unwrap().id;
    let mut tasks = Vec::new();
    for i in 0..8 {
        let db = db.clone();
        tasks.push(tokio::spawn(async move {
            let mut seqs = Vec::new();
            for j in 0..10 {
                let stored = push_log::append(&db, &[push(user, i * 100 + j), push(other, j)]).await.unwrap();
                seqs.push(stored[0].seq);
            }
            seqs
        }));
    }
    let mut all = BTreeSet::new();
    for t in tasks {
        for seq in t.await.unwrap() {
            assert!(all.insert(seq), "sequence {seq} handed out twice");
        }
    }
    assert_eq!(all, (1..=80).collect::<BTreeSet<i64>>());
    assert_eq!(push_log::current_seq(db, user).await.unwrap(), 80);
    assert_eq!(push_log::current_seq(db, other).await.unwrap(), 80);
    let range = push_log::page(db, user, 70, 80, 100).await.unwrap();
    assert_eq!(push_log::page(db, user, 0, 80, 5).await.unwrap().iter().map(|r| r.seq).collect::<Vec<_>>(), vec![1, 2, 3, 4, 5]);
    assert_eq!(push_log::replay_start(3, 5000), 5000 - push_log::MAX_REPLAY);
    assert_eq!(range.iter().map(|r| r.seq).collect::<Vec<_>>(), (71..=80).collect::<Vec<_>>());
    assert!(range.iter().all(|r| r.user_id == user && r.frame.contains("backstage_002")));
    assert_eq!(push_log::ack_many(db, &[(user, 5), (other, 7), (user, 500)]).await.unwrap(), 2, "unknown pushes change nothing");
    assert!(push_log::is_delivered(db, user, 5).await.unwrap() && push_log::is_delivered(db, other, 7).await.unwrap());
    assert!(!push_log::is_delivered(db, user, 6).await.unwrap());
    assert_eq!(push_log::ack_many(db, &[(user, 5)]).await.unwrap(), 0, "acknowledged once");
    // Batches larger than one statement.
    let many: Vec<(i64, i64)> = (1..=80).filter(|s| *s != 5).map(|s| (user, s)).collect();
    assert_eq!(push_log::ack_many(db, &many).await.unwrap(), 79);

    // Pruning drops what is past the retention and nothing newer; the sequences go on.
    assert_eq!(push_log::prune(db, push_log::RETENTION_MS).await.unwrap(), 0);
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    // In batches of 50: the last one short.
    assert!(push_log::prune_in_batches(db, 1, 50).await.unwrap() >= 160);
    assert!(push_log::page(db, user, 0, 80, 100).await.unwrap().is_empty());
    assert_eq!(push_log::current_seq(db, user).await.unwrap(), 80);
    assert_eq!(push_log::append(db, &[push(user, 1)]).await.unwrap()[0].seq, 81);
}

async fn sessions_resolve_and_expire(db: &Db) {
    let user = accounts::by_email(db, "admin@demo.eduhub").await.unwrap().unwrap();
    let teacher = accounts::by_email(db, "teacher@demo.eduhub").await.unwrap().unwrap();
    let token = sessions::create(db, user.id).await.unwrap();
    let row = sessions::resolve(db, &token).await.unwrap().unwrap();
    assert_eq!(row.effective_user_id(), user.id);
    sessions::set_acting(db, &row.token_hash, Some(teacher.id)).await.unwrap();
    assert_eq!(sessions::resolve(db, &token).await.unwrap().unwrap().effective_user_id(), teacher.id);
    assert!(sessions::resolve(db, "other").await.unwrap().is_none());
    assert!(sessions::expire(db, &row.token_hash).await.unwrap());
    assert!(sessions::resolve(db, &token).await.unwrap().is_none());
    assert_eq!(sessions::purge_expired(db).await.unwrap(), 1);

    // Sliding expiry stops at the absolute end: a session signed in long ago ends however active.
    let old = sessions::create(db, user.id).await.unwrap();
    let now = storage::now_ms();
    let signed_in = now - sessions::SESSION_MAX_AGE_MS + 60_000;
    sqlx::query("UPDATE sessions SET created_at = $1, expires_at = $2 WHERE token_hash = $3")
        .bind(signed_in)
        .bind(now + 1_000)
        .bind(storage::token::digest(&old))
        .execute(db.pool())
        .await
        .unwrap();
    // Written behind the repository's back: its cached reads are dropped as a write of its own would.
    db.accounts_changed();
    let row = sessions::resolve(db, &old).await.unwrap().expect("still within its lifetime");
    sessions::touch(db, &row).await.unwrap();
    let touched = sessions::resolve(db, &old).await.unwrap().unwrap();
    assert_eq!(touched.expires_at, signed_in + sessions::SESSION_MAX_AGE_MS, "extended only to the absolute end");
    sqlx::query("UPDATE sessions SET created_at = $1, expires_at = $2 WHERE token_hash = $3")
        .bind(now - sessions::SESSION_MAX_AGE_MS - 1)
        .bind(now + sessions::SESSION_TTL_MS)
        .bind(storage::token::digest(&old))
        .execute(db.pool())
        .await
        .unwrap();
    // Written behind the repository's back: its cached reads are dropped as a write of its own would.
    db.accounts_changed();
    assert!(sessions::resolve(db, &old).await.unwrap().is_none(), "past its absolute end");
}

async fn captcha_is_single_use(db: &Db) {
    let email = "teacher@demo.eduhub";
    assert!(!login_guard::take_captcha(db, "client-a", email, "abcd").await.unwrap());
    login_guard::store_captcha(db, "client-a", email, "AbCd").await.unwrap();
    // Another client asking for the same e-mail does not replace it, nor can it answer it.
    login_guard::store_captcha(db, "client-b", email, "ZZZZ").await.unwrap();
    assert!(!login_guard::take_captcha(db, "client-b", email, "abcd").await.unwrap());
    assert!(login_guard::take_captcha(db, "client-a", email, " abcd ").await.unwrap());
    assert!(!login_guard::take_captcha(db, "client-a", email, "abcd").await.unwrap(), "used up");
    for _ in 0..3 {
        login_guard::record_attempt(db, email, "1.2.3.4", false).await.unwrap();
    }
    assert_eq!(login_guard::recent_failures(db, email).await.unwrap(), 3);
    login_guard::record_attempt(db, email, "1.2.3.4", true).await.unwrap();
    assert_eq!(login_guard::recent_failures(db, email).await.unwrap(), 0);
    assert_eq!(login_guard::recent_attempts_from(db, "1.2.3.4").await.unwrap(), 4);
}

async fn notices_are_per_recipient(db: &Db) {
    let recipients = accounts::recipients(db, &["consultant".into()], &["teacher@demo.eduhub".into(), "admin@demo.eduhub".into()]).await.unwrap();
    let teacher = accounts::by_email(db, "teacher@demo.eduhub").await.unwrap().unwrap().id;
    let admin = accounts::by_email(db, "admin@demo.eduhub").await.unwrap().unwrap().id;
    assert!(recipients.contains(&(teacher, String::new())));
    assert!(recipients.contains(&(admin, String::new())), "named by e-mail wins over the role");
    assert_eq!(recipients.len(), 3);
    let id = notices::publish(db, admin, "t", "c", 1, &recipients).await.unwrap();
    assert!(notices::detail(db, teacher, id).await.unwrap().is_some());
    let teacher2 = accounts::by_email(db, "teacher2@demo.eduhub").await.unwrap().unwrap().id;
    assert!(notices::detail(db, teacher2, id).await.unwrap().is_none());
    assert!(!notices::mark_read(db, teacher2, id).await.unwrap());
    assert!(notices::mark_read(db, teacher, id).await.unwrap());
    assert_eq!(notices::withdraw(db, id).await.unwrap().len(), 3);
    assert!(notices::detail(db, teacher, id).await.unwrap().is_none());
}

async fn seeding_is_idempotent(db: &Db) {
    assert!(!seed::demo(db).await.unwrap());
    seed::reference(db).await.unwrap();
    assert_eq!(accounts::count(db).await.unwrap(), seed::DEMO_ACCOUNTS.len() as i64);
    let admin = accounts::by_email(db, "ADMIN@demo.eduhub").await.unwrap().unwrap();
    assert!(admin.is_superuser());
    assert_eq!(accounts::roles(db, admin.id).await.unwrap(), vec!["admin", "teacher", "consultant", "1v1_xg"]);
}

on_both!(jobs_are_claimed_in_turn_capped_and_recovered);

fn export_task(user_id: i64, name: &str) -> storage::downloads::NewTask<'_> {
    storage::downloads::NewTask {
        user_id,
        file_name: name,
        file_type: 3,
        ext: "xlsx",
        business_type: "excelExport",
        business_id: "",
        business_name: name,
        params: "{}",
    }
}

async fn jobs_are_claimed_in_turn_capped_and_recovered(db: &Db) {
    use storage::downloads;
    use storage::jobs::{self, JobKind, Outcome, Recovered};
    let a = accounts::by_email(db, "teacher@demo.eduhub").await.unwrap().unwrap().id;
    let b = accounts::by_email(db, "teacher2@demo.eduhub").await.unwrap().unwrap().id;
    let mut a_tasks = Vec::new();
    for name in ["a1", "a2", "a3"] {
        a_tasks.push(downloads::create(db, &export_task(a, name), 10).await.unwrap().unwrap());
    }
    let b1 = downloads::create(db, &export_task(b, "b1"), 10).await.unwrap().unwrap();
    let lease = 60_000;

    // Nobody served yet: the oldest. Its record is marked generating with the attempt.
    let first = jobs::claim(db, lease).await.unwrap().unwrap();
    assert_eq!((first.kind, first.subject_id, first.user_id, first.attempt), (JobKind::Download, a_tasks[0], a, 1));
    let task = downloads::by_id(db, a_tasks[0]).await.unwrap().unwrap();
    assert_eq!((task.status, task.attempts), (downloads::GENERATING, 1));
    assert!(jobs::finish(db, &first, &Outcome::File { key: "k/a1".into(), size: 7 }).await.unwrap());
    let task = downloads::by_id(db, a_tasks[0]).await.unwrap().unwrap();
    assert_eq!((task.status, task.file_path.as_str(), task.file_size), (downloads::READY, "k/a1", 7));

    // The user served least recently goes next, although the other's jobs are older.
    let second = jobs::claim(db, lease).await.unwrap().unwrap();
    assert_eq!(second.subject_id, b1);
    // While b1 runs, the user with fewer running jobs is served.
    let third = jobs::claim(db, lease).await.unwrap().unwrap();
    assert_eq!(third.subject_id, a_tasks[1]);
    let fourth = jobs::claim(db, lease).await.unwrap().unwrap();
    assert_eq!(fourth.subject_id, a_tasks[2]);
    assert!(jobs::claim(db, lease).await.unwrap().is_none());
    assert_eq!(jobs::counts(db, a).await.unwrap(), (0, 2));

    // A claim is its attempt: a stale one renews and records nothing.
    let stale = jobs::Job { attempt: 0, ..third.clone() };
    assert!(!jobs::renew(db, &stale, lease).await.unwrap());
    assert!(!jobs::finish(db, &stale, &Outcome::Failed("x".into())).await.unwrap());
    assert!(jobs::renew(db, &third, lease).await.unwrap());
    assert!(jobs::finish(db, &third, &Outcome::Failed("坏了".into())).await.unwrap());
    let task = downloads::by_id(db, a_tasks[1]).await.unwrap().unwrap();
    assert_eq!((task.status, task.error.as_str()), (downloads::RETRY, "坏了"));
    assert!(!jobs::finish(db, &third, &Outcome::File { key: "late".into(), size: 1 }).await.unwrap(), "recorded once");

    // A retried task is queued again from its first attempt.
    assert_eq!(downloads::requeue(db, &task, 10).await.unwrap(), downloads::Requeued::Queued);
    assert_eq!(downloads::requeue(db, &task, 10).await.unwrap(), downloads::Requeued::NotFailed);
    let again = jobs::claim(db, lease).await.unwrap().unwrap();
    assert_eq!((again.subject_id, again.attempt), (a_tasks[1], 1));

    // Leases that ran out: back to waiting, or failed after the last attempt.
    sqlx::query("UPDATE jobs SET lease_until = 0 WHERE state = 2").execute(db.pool()).await.unwrap();
    sqlx::query("UPDATE jobs SET attempts = $1 WHERE kind = 'download' AND subject_id = $2")
        .bind(jobs::MAX_ATTEMPTS)
        .bind(b1)
        .execute(db.pool())
        .await
        .unwrap();
    let mut recovered: Vec<(i64, Recovered)> = jobs::recover(db).await.unwrap().into_iter().map(|(j, r)| (j.subject_id, r)).collect();
    recovered.sort_by_key(|(id, _)| *id);
    let mut expected = vec![(b1, Recovered::GaveUp), (a_tasks[1], Recovered::Requeued), (a_tasks[2], Recovered::Requeued)];
    expected.sort_by_key(|(id, _)| *id);
    assert_eq!(recovered, expected);
    assert_eq!(downloads::by_id(db, b1).await.unwrap().unwrap().status, downloads::RETRY);
    assert_eq!(downloads::by_id(db, a_tasks[2]).await.unwrap().unwrap().status, downloads::WAITING);
    assert!(jobs::recover(db).await.unwrap().is_empty(), "nothing twice");

    // The cap counts waiting jobs: a refused record is not stored.
    let (waiting, _) = jobs::counts(db, a).await.unwrap();
    assert_eq!(waiting, 2);
    assert!(downloads::create(db, &export_task(a, "a4"), 3).await.unwrap().is_some());
    assert!(downloads::create(db, &export_task(a, "a5"), 3).await.unwrap().is_none());
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM download_tasks WHERE file_name = 'a5'").fetch_one(db.pool()).await.unwrap();
    assert_eq!(stored, 0);

    // Deleting a record removes its job: its worker's claim is lost.
    let held = jobs::claim(db, lease).await.unwrap().unwrap();
    downloads::delete(db, held.subject_id).await.unwrap();
    assert!(!jobs::renew(db, &held, lease).await.unwrap());
}
