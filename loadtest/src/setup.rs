//! EduHub's REST calls the tool needs: the admin login, the load-test setup calls, and pushes.

use anyhow::{anyhow, bail, Context};
use protocol::dto::loadtest::{LoadDocumentsRequest, LoadDocumentsResult, LoadPushItem, LoadPushRequest, LoadPushResult, LoadUser, LoadUsersRequest};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

/// The largest batch of accounts one setup call makes.
const USERS_PER_CALL: i64 = 5000;
const DOCS_PER_CALL: usize = 2000;

#[derive(Clone)]
pub struct Admin {
    http: reqwest::Client,
    base: String,
    token: String,
}

/// `http://host:port` of the server, without a trailing slash.
pub fn http_base(server: &str) -> String {
    server.trim_end_matches('/').to_owned()
}

/// `ws://host:port` of the same server.
pub fn ws_base(server: &str) -> String {
    http_base(server).replacen("https://", "wss://", 1).replacen("http://", "ws://", 1)
}

pub fn client() -> reqwest::Client {
    reqwest::Client::builder().tcp_nodelay(true).pool_max_idle_per_host(256).build().expect("an HTTP client")
}

/// The `data` of a successful envelope (code '1', or status 1 for account calls).
pub fn envelope_data<T: DeserializeOwned>(body: &Value) -> anyhow::Result<T> {
    let ok = body["code"] == "1" || body["status"] == 1;
    if !ok {
        bail!("{} {}", body["code"].as_str().unwrap_or("?"), body["msg"].as_str().unwrap_or(""));
    }
    serde_json::from_value(body["data"].clone()).context("unexpected data in the envelope")
}

impl Admin {
    pub async fn login(server: &str, email: &str, password: &str) -> anyhow::Result<Admin> {
        let http = client();
        let base = http_base(server);
        let body: Value = http
            .post(format!("{base}/api/account/login/login"))
            .json(&json!({"email": email, "password": password, "type": 1}))
            .send()
            .await
            .with_context(|| format!("cannot reach {base}"))?
            .json()
            .await?;
        let data: Value = envelope_data(&body).with_context(|| format!("logging in as {email}"))?;
        let token = data["token"].as_str().ok_or_else(|| anyhow!("the login answer has no token"))?.to_owned();
        Ok(Admin { http, base, token })
    }

    /// The admin's session token.
    pub fn token(&self) -> &str {
        &self.token
    }

    async fn post<T: DeserializeOwned>(&self, path: &str, body: &impl serde::Serialize) -> anyhow::Result<T> {
        let res = self.http.post(format!("{}{path}", self.base)).bearer_auth(&self.token).json(body).send().await?;
        let value: Value = res.json().await?;
        envelope_data(&value).with_context(|| format!("POST {path}"))
    }

    /// Load-test accounts `{prefix}{start..start+count}` with fresh sessions.
    pub async fn users(&self, prefix: &str, start: i64, count: i64) -> anyhow::Result<Vec<LoadUser>> {
        let mut users = Vec::with_capacity(count as usize);
        let mut n = start;
        while n < start + count {
            let batch = USERS_PER_CALL.min(start + count - n);
            let req = LoadUsersRequest { start: Some(n), count: batch, prefix: Some(prefix.to_owned()) };
            users.extend(self.post::<Vec<LoadUser>>("/api/admin/loadtest/users", &req).await?);
            n += batch;
        }
        Ok(users)
    }

    pub async fn push(&self, items: Vec<LoadPushItem>) -> anyhow::Result<i64> {
        Ok(self.post::<LoadPushResult>("/api/admin/loadtest/push", &LoadPushRequest { items }).await?.accepted)
    }

    /// Handouts, one per editor group; returns their ids.
    pub async fn documents(&self, groups: Vec<Vec<i64>>) -> anyhow::Result<Vec<i64>> {
        let mut ids = Vec::with_capacity(groups.len());
        for chunk in groups.chunks(DOCS_PER_CALL) {
            let req = LoadDocumentsRequest { docs: chunk.to_vec() };
            ids.extend(self.post::<LoadDocumentsResult>("/api/admin/loadtest/documents", &req).await?.doc_ids);
        }
        Ok(ids)
    }
}

/// The push socket URL of a load-test user.
pub fn push_socket_url(server: &str, user: &LoadUser) -> String {
    format!("{}/socket/im/magic/{}?token={}", ws_base(server), user.email, user.token)
}

/// Resident memory of a process in bytes (Linux `/proc`), if readable.
pub fn rss_bytes(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bases_and_envelopes() {
        assert_eq!(ws_base("http://127.0.0.1:8080/"), "ws://127.0.0.1:8080");
        assert_eq!(ws_base("https://h"), "wss://h");
        let ok: i64 = envelope_data(&json!({"code": "1", "data": 5})).unwrap();
        assert_eq!(ok, 5);
        let account: i64 = envelope_data(&json!({"status": 1, "data": 6})).unwrap();
        assert_eq!(account, 6);
        let err = envelope_data::<i64>(&json!({"code": "A0300", "msg": "暂无权限"})).unwrap_err();
        assert!(err.to_string().contains("A0300"));
    }

    #[test]
    fn own_rss_is_readable() {
        assert!(rss_bytes(std::process::id()).unwrap() > 1024);
    }
}
