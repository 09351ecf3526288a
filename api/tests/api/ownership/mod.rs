//! The authorization matrix's record columns: the owner and another school's user. For each
//! kind of record a teacher owns, the matrix creates one as its owner (a teacher of school 1001)
//! and calls every route that names such a record, with the record's id:
//!
//! - as a teacher of another school (2001), who must be refused (A0300) or find nothing (A0404),
//!   and must change nothing: the owner reads the record the same before and after (for routes
//!   only managers call, an operator of that school plays the part: see `Stranger`);
//! - as the owner, who must be served (or meet the answer the probe declares).
//!
//! A record is made afresh for each route, so a route that deletes or submits it leaves the next
//! one a record as new. Every route whose input carries one of a kind's id fields needs a probe
//! here (or a line in the kind's `not_probed` saying why not): a route added without one fails
//! the test. The figures are in `docs/reliability.md`.

mod ai_paper_task;
mod analysis_report;
mod camp;
mod camp_collection;
mod class;
mod collab_member;
mod conversation;
mod download_task;
mod drive_item;
mod exam_group;
mod exam_notice;
mod fixtures;
mod lesson;
mod lesson_task;
mod managed_lesson;
mod node;
mod online_class;
mod outline;
mod paper;
mod paper_collection;
mod qc_record;
mod question;
mod report;
mod service_type;
mod student;
mod team;
mod tree;
mod upload;
mod visit;
mod work_task;
mod wrong_question;

use std::collections::{BTreeMap, BTreeSet};

use futures_util::future::LocalBoxFuture;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_databases;

/// What a fixture is known by: `id` and whatever else its probes need (`lessonId`, `phaseId`…).
pub type Vars = BTreeMap<String, Value>;

/// Who calls the routes as another school's user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stranger {
    /// A teacher of school 2001 (`STRANGER`), granted the owner's whitelisted functions.
    Teacher,
    /// An operator (a QC inspector) of school 2001 (`OPERATOR_STRANGER`): for routes only
    /// managers and inspectors may call, where a teacher would be turned away by the route's role
    /// rule before the record is looked at.
    Operator,
}

impl Stranger {
    fn who(self) -> &'static str {
        match self {
            Stranger::Teacher => "another school's teacher",
            Stranger::Operator => "another school's operator",
        }
    }
}

/// A kind of record and every route that names one.
pub struct Kind {
    pub name: &'static str,
    /// The demo account that makes and owns the records (of school 1001: a teacher, or an
    /// inspector for the routes managers call).
    pub owner: &'static str,
    /// Who plays another school's user.
    pub stranger: Stranger,
    /// Input fields (query, body or path parameter names) that name a record of this kind
    /// wherever they appear: every route taking one has a probe or a `not_probed` line.
    pub fields: &'static [&'static str],
    /// `"METHOD /path"` of routes taking one of `fields` that are not probed, each with why.
    pub not_probed: Vec<(&'static str, &'static str)>,
    /// Makes one record as `owner`; its vars.
    pub create: for<'a> fn(&'a TestApp, &'a Client) -> LocalBoxFuture<'a, Vars>,
    /// What the owner reads of the record: it must be the same before and after a stranger's call.
    pub read: for<'a> fn(&'a Client, &'a Vars) -> LocalBoxFuture<'a, Value>,
    pub probes: Vec<Probe>,
}

/// One route called with a record's id.
pub struct Probe {
    /// `"METHOD /path?query"`; `{{name}}` is replaced by the fixture's var (a string without its
    /// quotes).
    pub call: &'static str,
    /// The JSON body, `""` for none. A quoted `"{{name}}"` becomes the var's JSON value (numbers
    /// stay numbers); `{{name}}` inside a longer string becomes its text.
    pub body: &'static str,
    /// The owner's answer when it is not success: the code (`A0409` for a call the record's state
    /// refuses, …).
    pub owner: Option<&'static str>,
    /// For a call that asks whether the caller may do something: a stranger may be answered
    /// (code '1') with `false` at this JSON pointer instead of being refused.
    pub stranger_told_no: Option<&'static str>,
}

impl Probe {
    pub const fn new(call: &'static str, body: &'static str) -> Probe {
        Probe { call, body, owner: None, stranger_told_no: None }
    }

    /// A stranger is answered `false` at `pointer` (a question of permission), not refused.
    pub const fn stranger_told_no(mut self, pointer: &'static str) -> Probe {
        self.stranger_told_no = Some(pointer);
        self
    }

    /// The owner meets `code` (with the reason in the probe's comment).
    pub const fn owner_meets(mut self, code: &'static str) -> Probe {
        self.owner = Some(code);
        self
    }

    fn method_and_path(&self) -> (&'static str, &'static str) {
        self.call.split_once(' ').unwrap_or_else(|| panic!("a probe's call is 'METHOD /path': {}", self.call))
    }
}

fn text_of(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// `template` with the vars put in: quoted placeholders as JSON values, others as text.
fn fill(template: &str, vars: &Vars) -> String {
    let mut out = template.to_owned();
    for (name, value) in vars {
        out = out.replace(&format!("\"{{{{{name}}}}}\""), &value.to_string());
        out = out.replace(&format!("{{{{{name}}}}}"), &text_of(value));
    }
    assert!(!out.contains("{{"), "a placeholder has no var: {out} (vars: {vars:?})");
    out
}

/// Calls the probe as `client`: HTTP status, the envelope's code (or ""), the body (or its start).
async fn send(client: &Client, probe: &Probe, vars: &Vars) -> (u16, String, String) {
    let (method, path) = probe.method_and_path();
    let url = format!("{}{}", client.base(), fill(path, vars));
    let mut req = client.http.request(reqwest::Method::from_bytes(method.as_bytes()).unwrap(), url);
    if let Some(token) = &client.token {
        req = req.bearer_auth(token);
    }
    if !probe.body.is_empty() {
        req = req.header("content-type", "application/json").body(fill(probe.body, vars));
    }
    let res = req.send().await.unwrap_or_else(|e| panic!("{}: {e}", probe.call));
    let status = res.status().as_u16();
    let text = res.text().await.unwrap_or_default();
    let code = serde_json::from_str::<Value>(&text).ok().and_then(|v| v["code"].as_str().map(str::to_owned)).unwrap_or_default();
    (status, code, text)
}

fn short(text: &str) -> String {
    text.chars().take(240).collect()
}

/// Whether a route path of the table (`/api/x/{id}`) is the probe's (`/api/x/{{teamId}}?…`).
fn same_route(route_path: &str, probe_path: &str) -> bool {
    let probe_path = probe_path.split('?').next().unwrap_or_default();
    let (a, b): (Vec<&str>, Vec<&str>) = (route_path.split('/').collect(), probe_path.split('/').collect());
    a.len() == b.len() && a.iter().zip(&b).all(|(r, p)| r == p || (r.starts_with('{') && r.ends_with('}')))
}

/// Each operation's input names (path and query parameters, the body's top-level fields), from
/// the OpenAPI document, by `"METHOD /path"`.
fn inputs() -> BTreeMap<String, BTreeSet<String>> {
    let doc: Value = serde_json::from_str(&api::openapi::document_json()).unwrap();
    let schemas = &doc["components"]["schemas"];
    fn fields(schema: &Value, schemas: &Value, out: &mut BTreeSet<String>, depth: usize) {
        if depth > 8 {
            return;
        }
        if let Some(name) = schema["$ref"].as_str().and_then(|r| r.rsplit('/').next()) {
            return fields(&schemas[name], schemas, out, depth + 1);
        }
        for key in ["allOf", "oneOf", "anyOf"] {
            for sub in schema[key].as_array().into_iter().flatten() {
                fields(sub, schemas, out, depth + 1);
            }
        }
        if let Some(props) = schema["properties"].as_object() {
            out.extend(props.keys().cloned());
        }
    }
    let mut all = BTreeMap::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let mut names = BTreeSet::new();
            for p in op["parameters"].as_array().into_iter().flatten() {
                names.insert(p["name"].as_str().unwrap_or_default().to_owned());
            }
            for content in op["requestBody"]["content"].as_object().into_iter().flat_map(|c| c.values()) {
                fields(&content["schema"], schemas, &mut names, 0);
            }
            all.insert(format!("{} {path}", method.to_uppercase()), names);
        }
    }
    all
}

/// The e-mail of the other school's teacher (a fixture may share something with them).
pub const STRANGER: &str = "stranger@school2001.example";
/// The e-mail of the other school's operator (a QC inspector of school 2001).
pub const OPERATOR_STRANGER: &str = "operator@school2001.example";
const STRANGER_PASSWORD: &str = "a-good-password";

/// Registers a teacher of school 2001 through the public call (registration is open in a demo).
async fn register_at_another_school(app: &TestApp, email: &str, mobile: &str, name: &str) {
    let client = app.client();
    let code = solved_captcha(app, &client, email).await;
    let body = json!({"email": email, "mobile": mobile, "name": name, "password": STRANGER_PASSWORD, "subject": 54, "edu": 4, "schoolId": 2001, "code": code});
    let (status, answer) = client.post("/api/account/login/regist", body).await;
    assert_eq!((status, answer["code"].as_str()), (200, Some("1")), "{email} registers: {answer}");
}

/// A teacher of school 2001.
async fn teacher_of_another_school(app: &TestApp) -> Client {
    register_at_another_school(app, STRANGER, "13912345670", "外校老师").await;
    app.client().login_with(STRANGER, STRANGER_PASSWORD).await
}

/// An operator (QC inspector) of school 2001 and of it only: registered as a teacher, then made
/// an operator by an administrator (the teacher role taken away, the current role becomes
/// "operator"), and signed in again.
async fn operator_of_another_school(app: &TestApp, admin: &Client) -> Client {
    register_at_another_school(app, OPERATOR_STRANGER, "13912345671", "外校质检").await;
    let user_id = app.user_id(OPERATOR_STRANGER).await;
    let update = json!({"userId": user_id, "name": "外校质检", "roles": ["operator"], "schoolIds": [2001], "subjects": [{"stage": 4, "subject": 54}]});
    let account = admin.post_data("/api/admin/account/update", update).await;
    assert_eq!((account["roles"].clone(), account["schoolIds"].clone()), (json!(["operator"]), json!([2001])), "the operator: {account}");
    app.client().login_with(OPERATOR_STRANGER, STRANGER_PASSWORD).await
}

/// Grants the stranger (`email`) every whitelisted function the owner has, so that only the
/// record's own rule can refuse them (not the route's guard).
async fn grant_like(admin: &Client, owner: &Client, email: &str) {
    let whitelist = owner.data("/api/pub/user/whitelist").await;
    for code in whitelist["authors"]["models"].as_array().into_iter().flatten() {
        admin.post_data("/api/admin/whitelist/grant", json!({"code": code, "email": email, "granted": true})).await;
    }
}

fn kinds() -> Vec<Kind> {
    vec![
        report::kind(),
        paper::kind(),
        camp::kind(),
        conversation::kind(),
        team::kind(),
        exam_group::kind(),
        outline::kind(),
        ai_paper_task::kind(),
        lesson_task::kind(),
        student::kind(),
        class::kind(),
        lesson::kind(),
        upload::kind(),
        question::kind(),
        paper_collection::kind(),
        camp_collection::kind(),
        node::kind(),
        drive_item::kind(),
        managed_lesson::kind(),
        visit::kind(),
        analysis_report::kind(),
        download_task::kind(),
        tree::kind(),
        work_task::kind(),
        wrong_question::kind(),
        exam_notice::kind(),
        collab_member::kind(),
        qc_record::kind(),
        online_class::kind(),
        service_type::kind(),
    ]
}

on_both_databases!(every_record_route_serves_its_owner_and_refuses_another_school);

async fn every_record_route_serves_its_owner_and_refuses_another_school(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let teacher = teacher_of_another_school(app).await;
    let operator = operator_of_another_school(app, &admin).await;
    let inputs = inputs();
    let table = api::routes::table();
    let mut mismatches = Vec::new();
    let mut figures = Vec::new();
    for kind in kinds() {
        let owner = app.login(kind.owner).await;
        let stranger = match kind.stranger {
            Stranger::Teacher => &teacher,
            Stranger::Operator => &operator,
        };
        let who = kind.stranger.who();
        grant_like(&admin, &owner, &stranger.email).await;
        // Every route that takes one of the kind's fields is probed or says why not.
        for route in &table {
            let key = format!("{} {}", route.method, route.path);
            let Some(names) = inputs.get(&key) else { continue };
            if !kind.fields.iter().any(|f| names.contains(*f)) {
                continue;
            }
            let probed = kind.probes.iter().any(|p| {
                let (method, path) = p.method_and_path();
                method == route.method.as_str() && same_route(route.path, path)
            });
            if !probed && !kind.not_probed.iter().any(|(k, _)| *k == key) {
                mismatches.push(format!("{}: {key} takes {:?} but has no probe", kind.name, kind.fields));
            }
        }
        let (mut refused, mut not_found, mut told) = (0, 0, 0);
        for probe in &kind.probes {
            assert!(
                table.iter().any(|r| {
                    let (method, path) = probe.method_and_path();
                    r.method.as_str() == method && same_route(r.path, path)
                }),
                "{}: the probe {} names no route",
                kind.name,
                probe.call
            );
            let vars = (kind.create)(app, &owner).await;
            let before = (kind.read)(&owner, &vars).await;
            let (status, code, text) = send(stranger, probe, &vars).await;
            let told_no = probe.stranger_told_no.is_some_and(|pointer| {
                status == 200 && code == "1" && serde_json::from_str::<Value>(&text).is_ok_and(|v| v.pointer(pointer) == Some(&Value::Bool(false)))
            });
            match code.as_str() {
                "A0300" if status == 403 => refused += 1,
                "A0404" if status == 404 => not_found += 1,
                _ if told_no => told += 1,
                _ => mismatches.push(format!("{}: {} as {who}: expected A0300/A0404, got {status} {}", kind.name, probe.call, short(&text))),
            }
            let after = (kind.read)(&owner, &vars).await;
            if before != after {
                mismatches.push(format!("{}: {} as {who} changed the record:\n  before {before}\n  after  {after}", kind.name, probe.call));
            }
            let (status, code, text) = send(&owner, probe, &vars).await;
            let expected = probe.owner.unwrap_or("1");
            if code != expected || (expected == "1" && status != 200) {
                mismatches.push(format!("{}: {} as the owner: expected {expected}, got {status} {}", kind.name, probe.call, short(&text)));
            }
        }
        figures.push(format!(
            "  {:<16} {:>3} routes: another school refused (A0300) {refused}, found nothing (A0404) {not_found}, told no {told}",
            kind.name,
            kind.probes.len()
        ));
    }
    println!("record matrix:\n{}", figures.join("\n"));
    assert!(mismatches.is_empty(), "{} record answers differ:\n{}", mismatches.len(), mismatches.join("\n"));
}
