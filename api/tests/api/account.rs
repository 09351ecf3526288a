//! Sign-in: password, captcha after failures, rate limits, sessions by cookie and bearer, expiry,
//! and bad input at the edge.

use serde_json::json;

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(
    login_by_cookie_and_bearer,
    wrong_password_then_captcha_then_rate_limit,
    expired_and_forged_sessions,
    bad_bodies_get_clear_errors,
    register_and_dictionary,
    logout_ends_the_session,
    legacy_login_signs_in_the_same_way
);

async fn legacy_login_signs_in_the_same_way(app: &TestApp) {
    let client = app.client();
    let (status, body) = client.post("/api/account/login/legacy", json!({"userName": TEACHER, "passWord": DEMO_PASSWORD, "checkCode": ""})).await;
    assert_eq!((status, body["code"].as_str(), body["status"].as_i64()), (200, Some("1"), Some(1)), "{body}");
    assert_eq!(body["data"]["email"], TEACHER);
    assert_eq!(client.data("/api/pub/user/info").await["userEmail"], TEACHER, "the cookie carries the session");
    // Wrong passwords count as for the login: the captcha follows.
    let other = app.client();
    for _ in 0..3 {
        let (status, body) = other.post("/api/account/login/legacy", json!({"userName": TEACHER2, "passWord": "wrong"})).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("A0210")));
    }
    let (status, body) = other.post("/api/account/login/legacy", json!({"userName": TEACHER2, "passWord": DEMO_PASSWORD})).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0240")), "{body}");
    assert_eq!(other.post("/api/account/login/legacy", json!({"userName": TEACHER2})).await.0, 400);
}

async fn login_by_cookie_and_bearer(app: &TestApp) {
    // The session cookie is HttpOnly and SameSite=Strict: no request another site starts carries it.
    let raw = app
        .client()
        .http
        .post(app.url("/api/account/login/login"))
        .json(&json!({"email": TEACHER2, "password": DEMO_PASSWORD, "type": 1}))
        .send()
        .await
        .unwrap();
    let cookie = raw.headers().get("set-cookie").unwrap().to_str().unwrap().to_owned();
    assert!(cookie.starts_with("eduhub_session=") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "{cookie}");
    let mut client = app.client();
    let (status, body) = client
        .post("/api/account/login/login", json!({"email": "Teacher@Demo.EduHub", "password": DEMO_PASSWORD, "code": "", "type": 1, "skipBlocker": true}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["code"], "1");
    assert_eq!(body["status"], 1);
    assert_eq!(body["data"]["email"], TEACHER);
    assert_eq!(body["data"]["schoolName"], "北京海淀校区");
    assert_eq!(body["data"]["subjectAndEdu"], "4_54");
    assert_eq!(body["data"]["first"], true);
    let token = body["data"]["token"].as_str().unwrap().to_owned();

    // The cookie jar alone carries the session.
    let info = client.data("/api/pub/user/info").await;
    assert_eq!(info["userEmail"], TEACHER);

    // The bearer token alone carries it too.
    let other = app.client();
    let res = other.http.get(app.url("/api/pub/user/info")).bearer_auth(&token).send().await.unwrap();
    assert_eq!(res.status(), 200);

    // user/check answers the account summary with status 1; a second login is not the first.
    client.token = Some(token);
    let check = client.get("/api/account/login/user/check?product=1&roleType=1").await;
    assert_eq!((check.1["code"].as_str(), check.1["status"].as_i64()), (Some("1"), Some(1)));
    let again = app.login(TEACHER).await;
    let check = again.data("/api/account/login/user/check?product=1").await;
    assert_eq!(check["first"], false);
}

async fn wrong_password_then_captcha_then_rate_limit(app: &TestApp) {
    let client = app.client();
    let login = |password: &'static str, code: Option<&'static str>| {
        let client = &client;
        async move { client.post("/api/account/login/login", json!({"email": TEACHER2, "password": password, "code": code, "type": 1})).await }
    };
    // Unknown e-mail and wrong password read the same.
    let (status, unknown) = client.post("/api/account/login/login", json!({"email": "nobody@demo.eduhub", "password": "x", "type": 1})).await;
    assert_eq!((status, unknown["code"].as_str()), (400, Some("A0210")));
    let (status, first) = login("wrong-1", None).await;
    assert_eq!((status, first["code"].as_str()), (400, Some("A0210")));
    assert_eq!(first["msg"], unknown["msg"]);
    assert!(first["data"].is_null());
    login("wrong-2", None).await;
    let (_, third) = login("wrong-3", None).await;
    assert_eq!(third["code"], "A0210");
    assert_eq!(third["data"]["captchaRequired"], true, "the third failure announces the captcha");

    // Now even the right password needs the captcha.
    let (status, needs) = login(DEMO_PASSWORD, None).await;
    assert_eq!((status, needs["code"].as_str()), (400, Some("A0240")));
    assert_eq!(needs["data"]["captchaRequired"], true);

    // The captcha is a real PNG image.
    let res = client.http.get(app.url(&format!("/api/account/login/VerifyCode?email={TEACHER2}"))).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "image/png");
    let png = res.bytes().await.unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert!(png.len() > 500);

    // A wrong answer is refused and uses the captcha up.
    let (status, wrong) = login(DEMO_PASSWORD, Some("zzzz")).await;
    assert_eq!((status, wrong["code"].as_str()), (400, Some("A0240")));

    // The right answer (arranged through storage: the image is for eyes) lets the login through.
    fetch_captcha(app, &client, TEACHER2).await;
    answer_is(app, TEACHER2, "AbC9").await;
    let (status, ok) = login(DEMO_PASSWORD, Some("abc9")).await;
    assert_eq!((status, ok["code"].as_str()), (200, Some("1")), "{ok}");
    // A success resets the failure count: no captcha needed now.
    let (status, _) = login(DEMO_PASSWORD, None).await;
    assert_eq!(status, 200);

    // Many failures (someone guessing) never lock the owner out: the right password and a solved
    // captcha still get in. Wrong captchas do not count against the e-mail, and another client
    // asking for a captcha for it does not replace the owner's.
    for _ in 0..20 {
        storage::login_guard::record_attempt(&app.state.db, TEACHER2, "10.0.0.9", false).await.unwrap();
    }
    let failures = storage::login_guard::recent_failures(&app.state.db, TEACHER2).await.unwrap();
    fetch_captcha(app, &client, TEACHER2).await;
    answer_is(app, TEACHER2, "Ok42").await;
    let attacker = app.client();
    fetch_captcha(app, &attacker, TEACHER2).await;
    for _ in 0..3 {
        let (status, _) = attacker.post("/api/account/login/login", json!({"email": TEACHER2, "password": "guess", "code": "xxxx"})).await;
        assert_eq!(status, 400);
    }
    assert_eq!(storage::login_guard::recent_failures(&app.state.db, TEACHER2).await.unwrap(), failures, "wrong captchas are not failures of the e-mail");
    let (status, ok) = login(DEMO_PASSWORD, Some("ok42")).await;
    assert_eq!((status, ok["code"].as_str()), (200, Some("1")), "the owner gets in: {ok}");

    // One address trying many e-mails is limited too.
    for _ in 0..storage::login_guard::IP_ATTEMPT_LIMIT {
        storage::login_guard::record_attempt(&app.state.db, "spray@demo.eduhub", "127.0.0.1", false).await.unwrap();
    }
    let (status, limited) = client.post("/api/account/login/login", json!({"email": MANAGER, "password": DEMO_PASSWORD})).await;
    assert_eq!((status, limited["code"].as_str()), (429, Some("A0429")));
}

async fn expired_and_forged_sessions(app: &TestApp) {
    let client = app.login(TEACHER).await;
    assert_eq!(client.get("/api/pub/user/info").await.0, 200);
    storage::sessions::expire(&app.state.db, &storage::token::digest(client.token.as_ref().unwrap())).await.unwrap();
    let (status, body) = client.get("/api/pub/user/info").await;
    assert_eq!((status, body["code"].as_str(), body["msg"].as_str()), (401, Some("A0201"), Some("登录过期，请重新登录")));

    let mut forged = app.client();
    forged.token = Some("forged-token-that-was-never-issued".into());
    let (status, body) = forged.get("/api/pub/user/info").await;
    assert_eq!((status, body["code"].as_str()), (401, Some("A0201")));
    let res = app.client().http.get(app.url("/api/pub/user/info")).header("cookie", "eduhub_session=garbage%00%%").send().await.unwrap();
    assert_eq!(res.status(), 401);
}

async fn bad_bodies_get_clear_errors(app: &TestApp) {
    let client = app.client();
    let (status, body) = client.post_raw("/api/account/login/login", "application/json", b"{not json".to_vec()).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")));
    assert!(body["msg"].as_str().unwrap().contains("请求体格式错误"), "{body}");
    let (status, body) = client.post("/api/account/login/login", json!({"email": 42, "password": true})).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")));
    let (status, body) = client.post("/api/account/login/login", json!({"password": "x"})).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")));
    let (status, body) = client.post_raw("/api/account/login/login", "text/plain", b"email=x".to_vec()).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")));
    let big = format!("{{\"email\":\"a@b.c\",\"password\":\"{}\"}}", "x".repeat(api::app::JSON_LIMIT + 10));
    let (status, body) = client.post_raw("/api/account/login/login", "application/json", big.into_bytes()).await;
    assert_eq!((status, body["code"].as_str()), (413, Some("A0413")));
    let (status, body) = client.post("/api/account/login/login", json!({"email": "not-an-email", "password": "x"})).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("请输入正确的邮箱")));
    // Unknown API paths and wrong methods answer in the envelope.
    let (status, body) = client.get("/api/no/such/call").await;
    assert_eq!((status, body["code"].as_str()), (404, Some("A0404")));
    let (status, body) = client.get("/api/account/login/login").await;
    assert_eq!((status, body["code"].as_str(), body["msg"].as_str()), (405, Some("A0405"), Some("request方法不存在")));
    // A query of the wrong type.
    let signed_in = app.login(TEACHER).await;
    let (status, body) = signed_in.get("/api/exam/notice/detail?id=abc").await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")));
    let (status, body) = signed_in.get("/api/exam/notice/personal/list?pageNo=1&pageSize=100000").await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")));
    // Nothing was lost: the server still answers.
    assert_eq!(signed_in.get("/api/pub/user/info").await.0, 200);
}

async fn register_and_dictionary(app: &TestApp) {
    let client = app.client();
    let dict = client.get("/api/account/login/getRegistDict").await.1;
    assert_eq!(dict["status"], 1);
    assert!(dict["data"]["schools"].as_array().unwrap().iter().any(|s| s["id"] == 1001));
    let senior = &dict["data"]["stages"][0];
    assert_eq!(senior["code"], 4);
    assert!(senior["subjects"].as_array().unwrap().iter().any(|s| s["code"] == 62));
    assert!(!dict["data"]["stages"][1]["subjects"].as_array().unwrap().iter().any(|s| s["code"] == 62), "science is senior-only");

    let new = json!({"email": "new.teacher@demo.eduhub", "mobile": "13912345678", "name": "新老师", "password": "a-good-password", "subject": 53, "edu": 3, "project": ["1v1"], "schoolId": 1002});
    // A solved captcha is required (drawn for this client and e-mail).
    let (status, body) = client.post("/api/account/login/regist", new.clone()).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0240")), "{body}");
    let mut solved = new.clone();
    solved["code"] = json!("r2d2");
    fetch_captcha(app, &client, "new.teacher@demo.eduhub").await;
    answer_is(app, "new.teacher@demo.eduhub", "R2D2").await;
    let (status, body) = client.post("/api/account/login/regist", solved.clone()).await;
    assert_eq!((status, body["status"].as_i64()), (200, Some(1)), "{body}");
    assert_eq!(body["data"]["subjectAndEdu"], "3_53");
    // A taken e-mail is said so only after a solved captcha.
    let (status, body) = client.post("/api/account/login/regist", solved.clone()).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0240")), "the captcha was used up: {body}");
    fetch_captcha(app, &client, "new.teacher@demo.eduhub").await;
    answer_is(app, "new.teacher@demo.eduhub", "R2D2").await;
    let (status, body) = client.post("/api/account/login/regist", solved.clone()).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("A0409")));
    // An e-mail tried too often (five times in the window) is refused for a while.
    assert_eq!(client.post("/api/account/login/regist", solved.clone()).await.1["code"], "A0240");
    let (status, body) = client.post("/api/account/login/regist", solved.clone()).await;
    assert_eq!((status, body["code"].as_str()), (429, Some("A0429")), "{body}");
    for (field, value) in [("mobile", json!("123")), ("password", json!("short")), ("subject", json!(62)), ("schoolId", json!(999)), ("email", json!("x"))] {
        let mut bad = new.clone();
        bad[field] = value;
        bad["email"] = if field == "email" { bad["email"].clone() } else { json!(format!("{field}@demo.eduhub")) };
        let (status, body) = client.post("/api/account/login/regist", bad).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{field}: {body}");
    }
    let me = app.client();
    let (status, body) = me.post("/api/account/login/login", json!({"email": "new.teacher@demo.eduhub", "password": "a-good-password"})).await;
    assert_eq!(status, 200, "{body}");
}

async fn logout_ends_the_session(app: &TestApp) {
    let client = app.login(TEACHER).await;
    let mut socket = client.socket(None).await;
    socket.expect_connected().await;
    let (status, body) = client.post("/api/pub/web/logout", json!({})).await;
    assert_eq!((status, body["status"].as_i64()), (200, Some(1)));
    assert_eq!(client.get("/api/pub/user/info").await.0, 401);
    assert_eq!(socket.expect_close().await, Some(protocol::push::close_code::SESSION_ENDED));
    // Logging out twice, or without a session, is fine.
    assert_eq!(client.post("/api/account/login/logout", json!({})).await.0, 200);
}

/// Behind a trusted proxy each client is limited by its own address; from any other peer a
/// forwarded address is ignored, so a client cannot escape the limit by sending one.
async fn attempts_from(app: &TestApp, forwarded: &str, n: usize) -> Vec<u16> {
    let http = reqwest::Client::new();
    let mut statuses = Vec::new();
    for i in 0..n {
        let res = http
            .post(app.url("/api/account/login/login"))
            .header("x-forwarded-for", forwarded)
            .json(&json!({"email": format!("nobody{i}@{forwarded}.example"), "password": "x", "type": 1}))
            .send()
            .await
            .unwrap();
        statuses.push(res.status().as_u16());
    }
    statuses
}

#[actix_web::test]
async fn the_address_limit_follows_the_client_behind_a_trusted_proxy() {
    let limit = storage::login_guard::IP_ATTEMPT_LIMIT as usize;
    let proxied = TestApp::spawn_on(TestDatabase::create(Backend::Sqlite).await, SpawnOptions { trusted_proxies: "127.0.0.1", ..Default::default() }).await;
    let first = attempts_from(&proxied, "203.0.113.7", limit + 1).await;
    assert!(first[..limit].iter().all(|s| *s == 400) && first[limit] == 429, "{first:?}");
    let other = attempts_from(&proxied, "198.51.100.9", 1).await;
    assert_eq!(other, [400], "another client behind the proxy is not limited by the first");
    proxied.stop().await;

    let direct = TestApp::spawn(Backend::Sqlite).await;
    let spoofing: Vec<u16> = [attempts_from(&direct, "203.0.113.7", limit).await, attempts_from(&direct, "198.51.100.9", 1).await].concat();
    assert_eq!(spoofing[limit], 429, "a forwarded address from an untrusted peer changes nothing");
    direct.stop().await;
}

/// Asks for a captcha for `email` as `client` (its cookie jar keeps the captcha cookie).
async fn fetch_captcha(app: &TestApp, client: &Client, email: &str) {
    let res = client.http.get(app.url(&format!("/api/account/login/VerifyCode?email={email}"))).send().await.unwrap();
    assert_eq!(res.status(), 200);
}

/// Sets the answer of the newest captcha drawn for `email` (the image is for eyes).
async fn answer_is(app: &TestApp, email: &str, answer: &str) {
    let hash = storage::token::digest(&answer.to_lowercase());
    sqlx::query("UPDATE captchas SET code_hash = $1 WHERE email = $2 AND expires_at = (SELECT MAX(expires_at) FROM captchas WHERE email = $2)")
        .bind(hash)
        .bind(email)
        .execute(app.state.db.pool())
        .await
        .unwrap();
}

/// A deployment that is not a demo does not start while a demo account keeps the published
/// password (anyone could sign in as its super user), unless it says it is a demo.
#[actix_web::test]
async fn a_real_deployment_refuses_the_published_demo_password() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let database = app.stop_keep_database().await;
    let refused = api::Application::build(TestApp::config(&database, SpawnOptions::default()), false).await;
    let error = refused.err().expect("the start fails").to_string();
    assert!(error.contains("still has the published demo password"), "{error}");

    let mut config = TestApp::config(&database, SpawnOptions::default());
    config.demo_deployment = true;
    stop(api::Application::build(config, false).await.expect("a declared demo starts")).await;

    // Once every demo password is changed, it starts as any deployment.
    let db = storage::Db::connect(&database.url).await.unwrap();
    let hash = storage::password::hash("a-changed-passphrase").unwrap();
    sqlx::query("UPDATE users SET password_hash = $1").bind(hash).execute(db.pool()).await.unwrap();
    db.close().await;
    stop(api::Application::build(TestApp::config(&database, SpawnOptions::default()), false).await.expect("no published password left")).await;
}

/// Runs a server that was built, then stops it (a server never run cannot be stopped).
async fn stop(app: api::Application) {
    let (handle, state) = (app.server_handle(), app.state());
    actix_web::rt::spawn(app.run());
    handle.stop(false).await;
    state.db.close().await;
}
