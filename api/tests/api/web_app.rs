//! The built web app as the server serves it: files of the build, `index.html` for every other
//! path (history-mode routing), hashed assets cached for good, the rest revalidated, ranges.

use crate::helpers::*;

#[actix_web::test]
async fn the_web_app_is_served_with_history_fallback_and_cache_rules() {
    let web = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(web.path().join("assets")).unwrap();
    std::fs::write(web.path().join("index.html"), "<!doctype html><title>EduHub</title>").unwrap();
    let script = "console.log('eduhub');".repeat(10);
    std::fs::write(web.path().join("assets/app-1a2b.js"), &script).unwrap();
    let app =
        TestApp::spawn_on(TestDatabase::create(Backend::Sqlite).await, SpawnOptions { web_dir: Some(web.path().to_path_buf()), ..Default::default() }).await;
    let http = reqwest::Client::new();

    for path in ["/", "/easyServer/feedbackEdit?id=3", "/knowledgeRepository/mainSpace"] {
        let res = http.get(app.url(path)).send().await.unwrap();
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(res.headers()["cache-control"], "no-cache", "{path}");
        assert!(res.text().await.unwrap().contains("<title>EduHub</title>"), "{path}");
    }
    let page = http.get(app.url("/")).send().await.unwrap();
    let csp = page.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self' 'wasm-unsafe-eval'"), "{csp}");
    // The desktop client's local calls (127.0.0.1:{electronPort}) may be made from the page.
    assert!(csp.contains("connect-src 'self' ws: wss: http://127.0.0.1:*"), "{csp}");
    assert_eq!(page.headers()["x-frame-options"], "DENY");
    assert_eq!(page.headers()["x-content-type-options"], "nosniff");
    assert!(page.headers().get("strict-transport-security").is_none(), "no HSTS without TLS");
    let docs = http.get(app.url("/api/docs")).send().await.unwrap();
    assert!(docs.headers()["content-security-policy"].to_str().unwrap().contains("'unsafe-inline'"), "the API page keeps its own policy");
    let asset = http.get(app.url("/assets/app-1a2b.js")).send().await.unwrap();
    assert_eq!(asset.status(), 200);
    assert_eq!(asset.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert!(asset.headers()["content-type"].to_str().unwrap().contains("javascript"));
    assert_eq!(asset.text().await.unwrap(), script);
    let part = http.get(app.url("/assets/app-1a2b.js")).header("Range", "bytes=0-6").send().await.unwrap();
    assert_eq!(part.status(), 206);
    assert_eq!(part.text().await.unwrap(), "console");
    // Paths out of the build are not files of it; API paths answer the envelope.
    let escape = http.get(app.url("/assets/../../etc/passwd")).send().await.unwrap();
    assert!(!escape.text().await.unwrap().contains("root:"), "nothing outside the build is served");
    let api = http.get(app.url("/api/nothing/here")).send().await.unwrap();
    assert_eq!(api.status(), 404);
    assert_eq!(api.json::<serde_json::Value>().await.unwrap()["code"], "A0404");
    app.stop().await;

    // Without a build, a page says how to make one.
    let bare = TestApp::spawn(Backend::Sqlite).await;
    let res = http.get(bare.url("/some/page")).send().await.unwrap();
    assert_eq!(res.status(), 404);
    assert!(res.text().await.unwrap().contains("make run"));
    bare.stop().await;
}
