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
    NewPush { user_id, type_code: TypeCode::Backstage002, content: PushContent { id: Some(n), time: n, ..Default::default() } }
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
}

async fn captcha_is_single_use(db: &Db) {
    let email = "teacher@demo.eduhub";
    assert!(!login_guard::take_captcha(db, email, "abcd").await.unwrap());
    login_guard::store_captcha(db, email, "AbCd").await.unwrap();
    assert!(login_guard::take_captcha(db, email, " abcd ").await.unwrap());
    assert!(!login_guard::take_captcha(db, email, "abcd").await.unwrap(), "used up");
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
