//! The drive's tree on SQLite (issue 15 targets): a page of 30 of a folder of 10,000 items
//! (list/v2, sorted), moving a subtree of 10,000 items, copying it.
//!
//! `cargo bench -p hub --bench drive_tree` (PostgreSQL: `EDUHUB_BENCH_DATABASE_URL=postgres://…`,
//! an empty database).

use criterion::{criterion_group, criterion_main, Criterion};
use storage::accounts::{self, NewUser};
use storage::document::{self, CopyPlan, Filter, ItemRow, Listing, NewItem, Space, Target};
use storage::Db;

const ITEMS: i64 = 10_000;

async fn folder(db: &Db, user: i64, parent: Option<&ItemRow>, name: &str) -> ItemRow {
    let item = NewItem {
        owner_id: user,
        space: Space::Personal(user),
        parent,
        name,
        type_code: document::FOLDER,
        ext: "",
        class: "folder",
        size: 0,
        object_key: "",
        subject_id: None,
        link_url: None,
    };
    let id = document::create(db, item).await.unwrap();
    document::item(db, id).await.unwrap().unwrap()
}

/// Fills `parent` with `ITEMS` files in one statement (a generated series), then their paths.
async fn fill(db: &Db, user: i64, parent: &ItemRow) {
    sqlx::query(
        "INSERT INTO resources (user_id, name, ext, class, size, object_key, created_at, parent_id, team_id, type_code, path, depth, updated_at) \
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1) \
         SELECT $2, 'f' || i || '.pdf', 'pdf', 'document', i, 'bench/k', i, $3, 0, 1, '', $4, i FROM n",
    )
    .bind(ITEMS)
    .bind(user)
    .bind(parent.id)
    .bind(parent.depth + 1)
    .execute(db.pool())
    .await
    .unwrap();
    sqlx::query("UPDATE resources SET path = $1 || id || '/' WHERE parent_id = $2").bind(&parent.path).bind(parent.id).execute(db.pool()).await.unwrap();
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let dir = std::env::temp_dir().join(format!("eduhub-drive-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = std::env::var("EDUHUB_BENCH_DATABASE_URL").unwrap_or_else(|_| format!("sqlite://{}/bench.db?mode=rwc", dir.display()));
    let (db, user, big, subtree, a, b, copies) = rt.block_on(async {
        let db = Db::connect(&url).await.unwrap();
        db.migrate().await.unwrap();
        let new = NewUser {
            email: format!("drive-bench-{}@bench", storage::now_ms()),
            password_hash: String::new(),
            name: "bench".into(),
            mobile: String::new(),
            avatar: String::new(),
            teacher_code: String::new(),
            join_date: String::new(),
            teacher_level: String::new(),
            division_age_desc: String::new(),
            school_age_desc: String::new(),
            superuser: false,
            roles: vec!["teacher".into()],
            school_ids: vec![],
            subjects: vec![],
            province: String::new(),
            pending: false,
        };
        let user = accounts::create(&db, &new).await.unwrap().id;
        let big = folder(&db, user, None, "big").await;
        fill(&db, user, &big).await;
        let a = folder(&db, user, None, "A").await;
        let b = folder(&db, user, None, "B").await;
        let copies = folder(&db, user, None, "copies").await;
        let subtree = folder(&db, user, Some(&a), "subtree").await;
        fill(&db, user, &subtree).await;
        (db, user, big, subtree, a, b, copies)
    });

    let mut group = c.benchmark_group("drive_tree");
    group.sample_size(20);
    let filter = Filter { order_type: 2, ..Default::default() };
    group.bench_function("list/v2: a page of 30 of a folder of 10,000 items, newest first", |bench| {
        bench.iter(|| rt.block_on(document::list(&db, &Listing::Folder(big.id), &filter, 1, 30)).unwrap())
    });
    let by_name = Filter { order_type: 1, ..Default::default() };
    group.bench_function("list/v2: page 200 of 30 of a folder of 10,000 items, by name", |bench| {
        bench.iter(|| rt.block_on(document::list(&db, &Listing::Folder(big.id), &by_name, 200, 30)).unwrap())
    });
    let mut into_b = true;
    group.bench_function("move: a subtree of 10,001 items into another folder", |bench| {
        bench.iter(|| {
            let target = if into_b { &b } else { &a };
            into_b = !into_b;
            let current = rt.block_on(document::item(&db, subtree.id)).unwrap().unwrap();
            let moved = rt.block_on(document::move_items(&db, &[current], Target { space: Space::Personal(user), folder: Some(target) })).unwrap();
            assert_eq!(moved, ITEMS + 1);
        })
    });
    group.sample_size(10);
    group.bench_function("copy: a subtree of 10,001 items", |bench| {
        bench.iter(|| {
            let current = rt.block_on(document::item(&db, subtree.id)).unwrap().unwrap();
            let plan =
                CopyPlan { items: std::slice::from_ref(&current), target: Target { space: Space::Personal(user), folder: Some(&copies) }, owner_id: user };
            let (_, n) = rt.block_on(document::copy_items(&db, plan, |_| {})).unwrap();
            assert_eq!(n, ITEMS + 1);
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
