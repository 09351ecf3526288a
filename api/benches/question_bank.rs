//! The question bank and the atlas through HTTP on the real server (issue 21 targets): search
//! over 100,000 questions (≤ 50 ms p95), assembling a 30-question handout from the basket
//! (≤ 200 ms), moving an atlas node with a 1,000-node subtree (≤ 200 ms).
//!
//! `cargo bench -p api --bench question_bank` (SQLite in a temporary directory; PostgreSQL:
//! `EDUHUB_BENCH_DATABASE_URL=postgres://…`, an empty database). Besides criterion's figures it
//! prints p50/p95 of timed calls of each kind.

use std::time::{Duration, Instant};

use api::app::Application;
use api::config::Config;
use criterion::{criterion_group, criterion_main, Criterion};
use serde_json::{json, Value};
use storage::Db;

const QUESTIONS: usize = 100_000;
const SUBTREE: usize = 1_000;

struct Client {
    base: String,
    http: reqwest::Client,
    token: String,
}

impl Client {
    async fn post(&self, path: &str, body: Value) -> Value {
        let res = self.http.post(format!("{}{path}", self.base)).bearer_auth(&self.token).json(&body).send().await.unwrap();
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["code"], "1", "{path}: {body}");
        body["data"].clone()
    }
}

fn percentiles(name: &str, mut samples: Vec<Duration>) {
    samples.sort_unstable();
    let at = |p: f64| samples[((samples.len() as f64 * p) as usize).min(samples.len() - 1)].as_secs_f64() * 1000.0;
    println!("{name}: p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms ({} calls)", at(0.5), at(0.95), at(1.0), samples.len());
}

fn timed<'a>(
    rt: &tokio::runtime::Runtime,
    n: usize,
    mut call: impl FnMut() -> std::pin::Pin<Box<dyn std::future::Future<Output = Value> + 'a>>,
) -> Vec<Duration> {
    (0..n)
        .map(|_| {
            let started = Instant::now();
            rt.block_on(call());
            started.elapsed()
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("eduhub-bank-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = std::env::var("EDUHUB_BENCH_DATABASE_URL").unwrap_or_else(|_| format!("sqlite://{}/bench.db?mode=rwc", dir.display()));
    let config = Config {
        addr: "127.0.0.1:0".into(),
        database_url: url.clone(),
        data_dir: dir.join("data"),
        web_dir: dir.join("no-web"),
        demo_records: None,
        online_reminder_secs: None,
        live_records_secs: None,
        ..Config::from_env()
    };
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let app = Application::build(config, true).await.unwrap();
            tx.send(app.port()).unwrap();
            app.run().await.unwrap();
        })
    });
    let port = rx.recv().unwrap();
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let (client, picked, big, parents) = rt.block_on(async {
        let db = Db::connect(&url).await.unwrap();
        let started = Instant::now();
        storage::question::generate::generate(&db, 7, QUESTIONS).await.unwrap();
        println!("generated {QUESTIONS} questions in {:.1} s", started.elapsed().as_secs_f64());
        // A deployment's statistics are current and its loaded pages marked all-visible
        // (autovacuum vacuums and analyses tables after bulk inserts); a bench that queries a
        // table just loaded would measure the planner's guesses and heap visits instead.
        if db.backend() == storage::Backend::Postgres {
            sqlx::query("VACUUM ANALYZE").execute(db.pool()).await.unwrap();
        }
        let http = reqwest::Client::new();
        let base = format!("http://127.0.0.1:{port}");
        let login: Value = http
            .post(format!("{base}/api/account/login/login"))
            .json(&json!({"email": "teacher@demo.eduhub", "password": storage::seed::DEMO_PASSWORD, "type": 1}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let client = Client { base, http, token: login["data"]["token"].as_str().unwrap().to_owned() };
        let page = client.post("/api/paper/search", json!({"subject": 54, "stage": 4, "keyword": "函数", "pageSize": 30})).await;
        let picked: Vec<i64> = page["records"].as_array().unwrap().iter().map(|r| r["questionId"].as_i64().unwrap()).collect();
        assert_eq!(picked.len(), 30);
        client.post("/api/basket/add", json!({"questionIds": picked})).await;
        // An own tree with two top-level nodes and a node holding 1,000 descendants.
        let tree = client.post("/api/atlas/tree/add", json!({"name": "bench", "subject": 54, "stage": 4})).await;
        let tree_id = tree["treeId"].as_i64().unwrap();
        let row = storage::atlas::tree(&db, tree_id).await.unwrap().unwrap();
        let mut parents = Vec::new();
        for name in ["A", "B"] {
            parents.push(storage::atlas::add_node(&db, &row, 0, name, "", None, 0).await.unwrap().unwrap().id);
        }
        let big = storage::atlas::add_node(&db, &row, parents[0], "big", "", None, 0).await.unwrap().unwrap();
        let mut level = vec![big.id];
        let mut made = 0;
        while made < SUBTREE {
            let mut next = Vec::new();
            for parent in &level {
                for i in 0..10 {
                    if made == SUBTREE {
                        break;
                    }
                    next.push(storage::atlas::add_node(&db, &row, *parent, &format!("n{i}"), "", None, 0).await.unwrap().unwrap().id);
                    made += 1;
                }
            }
            level = next;
        }
        (client, picked, big.id, parents)
    });

    let searches = [
        ("search: one common word (函数), page 1 of 10", json!({"subject": 54, "stage": 4, "keyword": "函数"})),
        ("search: two words (导数 单调递减区间)", json!({"subject": 54, "stage": 4, "keyword": "导数 单调递减区间"})),
        ("search: filters only (chapter, single choice, page 3)", json!({"subject": 54, "stage": 4, "knowledgeIds": [110], "typeIds": [1], "pageNo": 3})),
        ("search: a word with filters (二次函数, difficulty 2-3)", json!({"subject": 54, "stage": 4, "keyword": "二次函数", "difficulties": [2, 3]})),
    ];
    for (name, body) in &searches {
        percentiles(name, timed(&rt, 200, || Box::pin(client.post("/api/paper/search", body.clone()))));
    }
    let assemble = json!({"subject": 54, "stage": 4, "title": "bench", "questionIds": picked, "keep": true});
    percentiles("assemble: a 30-question handout from the basket", timed(&rt, 50, || Box::pin(client.post("/api/basket/assemble", assemble.clone()))));
    let mut flip = 0usize;
    let mut move_body = move || {
        flip += 1;
        json!({"nodeId": big, "parentId": parents[flip % 2]})
    };
    percentiles("atlas: move a node with a 1,000-node subtree", timed(&rt, 100, || Box::pin(client.post("/api/atlas/node/move", move_body()))));

    let mut group = c.benchmark_group("question_bank");
    group.sample_size(30);
    for (name, body) in &searches {
        group.bench_function(*name, |b| b.iter(|| rt.block_on(client.post("/api/paper/search", body.clone()))));
    }
    group.bench_function("assemble: a 30-question handout from the basket", |b| b.iter(|| rt.block_on(client.post("/api/basket/assemble", assemble.clone()))));
    group.bench_function("atlas: move a node with a 1,000-node subtree", |b| b.iter(|| rt.block_on(client.post("/api/atlas/node/move", move_body()))));
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
