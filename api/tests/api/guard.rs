//! Every protected route answers A0201 without a session. The routes come from the route table
//! itself, so a route added without the right guard fails here.

use std::collections::BTreeSet;

use api::access::Access;
use api::routes::table;
use serde_json::Value;

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(every_protected_route_needs_a_session);

fn concrete(path: &str) -> String {
    path.split('/').map(|s| if s.starts_with('{') { "1" } else { s }).collect::<Vec<_>>().join("/")
}

async fn every_protected_route_needs_a_session(app: &TestApp) {
    let routes = table();
    assert!(routes.len() > 30, "the table lists the routes");
    let anonymous = app.client();
    let mut forged = app.client();
    forged.token = Some("not-a-real-session-token".into());
    let mut checked = 0;
    for route in &routes {
        let path = concrete(route.path);
        match route.access {
            Access::Public | Access::Token(_) => {}
            Access::SocketSession => {
                let mut socket = anonymous.socket_for("teacher@demo.eduhub", None).await;
                assert_eq!(socket.expect_close().await, Some(protocol::push::close_code::NO_SESSION), "{path}");
                checked += 1;
            }
            _ => {
                for client in [&anonymous, &forged] {
                    let method = reqwest::Method::from_bytes(route.method.as_str().as_bytes()).unwrap();
                    let req = client.http.request(method, app.url(&path));
                    let req = match &client.token {
                        Some(t) => req.bearer_auth(t),
                        None => req,
                    };
                    let res = req.header("content-type", "application/json").body("{}").send().await.unwrap();
                    let status = res.status().as_u16();
                    let body: Value = res.json().await.unwrap_or(Value::Null);
                    assert_eq!((status, body["code"].as_str()), (401, Some("A0201")), "{} {path} without a valid session: {body}", route.method);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 25);

    // The OpenAPI document lists exactly the table.
    let doc: Value = anonymous.http.get(app.url("/api/openapi.json")).send().await.unwrap().json().await.unwrap();
    let documented: BTreeSet<(String, String)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, item)| item.as_object().unwrap().keys().map(move |m| (m.to_uppercase(), path.clone())))
        .collect();
    let declared: BTreeSet<(String, String)> = routes.iter().map(|r| (r.method.to_string(), r.path.to_owned())).collect();
    assert_eq!(documented, declared);
    let docs = anonymous.http.get(app.url("/api/docs")).send().await.unwrap();
    assert_eq!(docs.status(), 200);
    assert!(docs.text().await.unwrap().contains("/api/openapi.json"));
}

/// A session token is taken from the query string only for socket upgrades, never for REST.
#[actix_web::test]
async fn rest_calls_take_no_token_from_the_query_string() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let teacher = app.login(TEACHER).await;
    let token = teacher.token.clone().unwrap();
    let bare = reqwest::Client::new();
    let res = bare.get(app.url(&format!("/api/pub/user/info?token={token}"))).send().await.unwrap();
    assert_eq!(res.status(), 401);
    let res = bare.get(app.url("/api/pub/user/info")).bearer_auth(&token).send().await.unwrap();
    assert_eq!(res.status(), 200);
    // The push socket still takes it (browsers cannot set headers there).
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("{}/socket/im/magic/{TEACHER}?token={token}", app.ws_base)).await.unwrap();
    let first = futures_util::StreamExt::next(&mut socket).await.unwrap().unwrap();
    assert_eq!(first.into_text().unwrap().as_str(), protocol::push::CONNECT_SUCCESS_TEXT, "the socket accepted the query token");
    app.stop().await;
}

/// `/metrics` answers only the addresses the deployment names (this machine by default).
#[actix_web::test]
async fn metrics_only_for_the_named_addresses() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let res = reqwest::get(app.url("/metrics")).await.unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.text().await.unwrap().contains("# TYPE"), "the counters in Prometheus' text format");
    let database = app.stop_keep_database().await;
    let app = TestApp::spawn_on(database, SpawnOptions { metrics_from: "10.1.2.0/24", ..Default::default() }).await;
    assert_eq!(reqwest::get(app.url("/metrics")).await.unwrap().status(), 403, "a peer outside the list gets nothing");
    app.stop().await;
}
