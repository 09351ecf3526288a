//! Administration (issue 18) through HTTP and the push socket: the first start without demo data
//! (the set-up link makes the first super user and school), invitations and registration
//! through them, approval and invitation-only registration, disabling (sockets end at once),
//! reset links, the organisation, menus that change under an open session, banners, the bulk
//! import, and the append-only audit log with the sensitive user actions in it. Every
//! administration call refuses a non-administrator (A0300), read from the route table.

use protocol::push::TypeCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(a_fresh_database_is_set_up_then_a_teacher_is_invited_and_disabled);
on_both_databases!(self_registration_waits_for_approval_or_needs_an_invitation);
on_both_databases!(a_menu_change_reaches_an_open_session_and_its_rights);
on_both_databases!(the_organisation_is_edited_and_closed_schools_take_no_one);
on_both_databases!(the_audit_log_keeps_sensitive_actions_and_cannot_be_changed);
on_both_databases!(accounts_are_reset_updated_and_imported);
on_both_databases!(notices_reach_a_school_and_count_their_readers);

const ADMIN: &str = "admin@demo.eduhub";
const TEACHER: &str = "teacher@demo.eduhub";

/// Registers through the public call with a solved captcha; answers the envelope.
async fn register(app: &TestApp, email: &str, school_id: i64, invitation: Option<&str>) -> (u16, Value) {
    let client = app.client();
    let code = solved_captcha(app, &client, email).await;
    let mut body = json!({"email": email, "mobile": "13912345678", "name": "新老师", "password": "a-good-password", "subject": 54, "edu": 4, "schoolId": school_id, "code": code});
    if let Some(token) = invitation {
        body["invitation"] = json!(token);
    }
    client.post("/api/account/login/regist", body).await
}

fn token_of(path: &str) -> &str {
    path.split_once('=').map(|(_, t)| t).unwrap_or("")
}

async fn audit(admin: &Client, search: Value) -> Vec<Value> {
    admin.post_data("/api/admin/audit/search", with(&json!({"pageSize": 200}), search)).await["records"].as_array().unwrap().clone()
}

async fn a_fresh_database_is_set_up_then_a_teacher_is_invited_and_disabled(app: &TestApp) {
    // A server on an empty database without demo data, next to the demo one.
    let database = TestDatabase::create(if app.database.url.starts_with("postgres") { Backend::Postgres } else { Backend::Sqlite }).await;
    let fresh = TestApp::spawn_on(database, SpawnOptions { demo: false, ..SpawnOptions::default() }).await;
    let anyone = fresh.client();
    let state = anyone.data("/api/setup/state").await;
    assert_eq!(state["needed"], true);
    assert!(state["provinces"].as_array().unwrap().iter().any(|p| p["code"] == "110000"));
    // No one can register yet: no school exists.
    assert_eq!(fresh.client().get("/api/account/login/getRegistDict").await.1["data"]["schools"].as_array().unwrap().len(), 0);

    let path = api::handlers::admin::links::setup_link(&fresh.state.db).await.unwrap().expect("no account yet: a set-up link");
    let token = token_of(&path).to_owned();
    let setup = json!({"token": token, "email": "Boss@School.example", "name": "校长", "password": "first-admin-pass", "schoolName": "总部校区", "provinceCode": "110000"});
    let (status, body) = anyone.post("/api/setup", with(&setup, json!({"token": "not-the-token"}))).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{body}");
    let (status, body) = anyone.post("/api/setup", with(&setup, json!({"password": "short"}))).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{body}");
    assert_eq!(anyone.post_data("/api/setup", setup.clone()).await, true);
    // Once: the link is used up, and the set-up is no longer needed.
    let (status, _) = anyone.post("/api/setup", with(&setup, json!({"email": "second@school.example"}))).await;
    assert_eq!(status, 400);
    assert_eq!(anyone.data("/api/setup/state").await["needed"], false);
    assert!(api::handlers::admin::links::setup_link(&fresh.state.db).await.unwrap().is_none());

    let boss = fresh.client().login_with("boss@school.example", "first-admin-pass").await;
    let org = boss.data("/api/admin/org").await;
    let school = &org["schools"][0];
    assert_eq!((school["name"].as_str(), school["accounts"].as_i64()), (Some("总部校区"), Some(1)));
    let school_id = school["id"].as_i64().unwrap();

    // The super user invites a teacher; the link says what it is for.
    let invitation = json!({"email": "t1@school.example", "roles": ["teacher"], "schoolIds": [school_id], "subjects": [{"stage": 4, "subject": 54}]});
    let (status, body) = boss.post("/api/admin/account/invite", with(&invitation, json!({"roles": ["wizard"]}))).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("未知角色：wizard")));
    let link = boss.post_data("/api/admin/account/invite", invitation.clone()).await;
    let path = link["path"].as_str().unwrap();
    assert!(path.starts_with("/register?invitation="), "{path}");
    let invite_token = token_of(path).to_owned();
    let info = anyone.post_data("/api/account/link/info", json!({"token": invite_token})).await;
    assert_eq!((info["kind"].as_str(), info["email"].as_str()), (Some("invite"), Some("t1@school.example")));
    assert_eq!((info["roles"].clone(), info["schools"].clone()), (json!(["教师"]), json!(["总部校区"])));
    let listed = boss.post_data("/api/admin/account/invitations", json!({})).await;
    assert_eq!((listed["total"].as_i64(), listed["records"][0]["status"].as_str()), (Some(1), Some("open")));

    // Not a demo: registering without an invitation waits for approval; the invitation is for its e-mail only.
    let (status, body) = register(&fresh, "other@school.example", school_id, Some(&invite_token)).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("邀请链接只能用于被邀请的邮箱")), "{body}");
    let (status, body) = register(&fresh, "t1@school.example", school_id, Some(&invite_token)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["types"], json!([1]), "a teacher, signed in at once: {body}");
    let token = body["data"]["token"].as_str().expect("a session").to_owned();
    let res = reqwest::Client::new().get(fresh.url("/api/pub/user/info")).bearer_auth(&token).send().await.unwrap();
    assert_eq!(res.status(), 200, "the registration's session works");
    let (status, _) = register(&fresh, "t1b@school.example", school_id, Some(&invite_token)).await;
    assert_eq!(status, 400, "an invitation makes one account");
    let listed = boss.post_data("/api/admin/account/invitations", json!({})).await;
    assert_eq!(listed["records"][0]["status"], "used");

    // The teacher sees a teacher's menus and none of the administration.
    let teacher = fresh.client().login_with("t1@school.example", "a-good-password").await;
    let menus = teacher.data("/api/pub/user/menu-list").await;
    let top: Vec<&str> = menus.as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap()).collect();
    assert!(top.contains(&"EASYSERVER") && top.contains(&"AIASSISTANT") && !top.contains(&"DATACENTER"), "{top:?}");
    let (status, body) = teacher.get("/api/admin/org").await;
    assert_eq!((status, body["code"].as_str()), (403, Some("A0300")));

    // Disabling the teacher ends their sessions and closes their socket at once.
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    let teacher_id = fresh.user_id("t1@school.example").await;
    let (status, body) = boss.post("/api/admin/account/state", json!({"userId": boss_id(&fresh).await, "state": 2})).await;
    assert_eq!((status, body["msg"].as_str()), (409, Some("不能停用自己的账号")));
    let disabled = boss.post_data("/api/admin/account/state", json!({"userId": teacher_id, "state": 2})).await;
    assert_eq!(disabled["state"], 2);
    assert_eq!(socket.expect_close().await, Some(protocol::push::close_code::SESSION_ENDED));
    assert_eq!(teacher.get("/api/pub/user/info").await.0, 401);
    let (status, body) = fresh.client().post("/api/account/login/login", json!({"email": "t1@school.example", "password": "a-good-password"})).await;
    assert_eq!((status, body["msg"].as_str()), (403, Some("账号已停用，请联系管理员")));
    // The wrong password says nothing of the state.
    let (status, body) = fresh.client().post("/api/account/login/login", json!({"email": "t1@school.example", "password": "wrong-password"})).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0210")));
    boss.post_data("/api/admin/account/state", json!({"userId": teacher_id, "state": 1})).await;
    fresh.client().login_with("t1@school.example", "a-good-password").await;

    // Every step is in the audit log, newest first, with who did it.
    let entries = audit(&boss, json!({})).await;
    let actions: Vec<&str> = entries.iter().rev().map(|e| e["action"].as_str().unwrap()).collect();
    for expected in ["setup", "login", "account.invite", "register", "login", "account.disable", "login.failed", "login.failed", "account.enable", "login"] {
        assert!(actions.contains(&expected), "{expected} in {actions:?}");
    }
    let disable = entries.iter().find(|e| e["action"] == "account.disable").unwrap();
    assert_eq!(
        (disable["actorEmail"].as_str(), disable["target"].as_str(), disable["ok"].as_bool()),
        (Some("boss@school.example"), Some("t1@school.example"), Some(true))
    );
    assert_eq!(disable["detail"], "2 sessions ended", "the registration's and the sign-in's");
    let failed = audit(&boss, json!({"action": "login.failed"})).await;
    assert_eq!(failed.len(), 2, "{failed:?}");
    assert!(failed.iter().all(|e| e["ok"] == false && e["target"] == "t1@school.example"));
    fresh.stop().await;
}

async fn boss_id(app: &TestApp) -> i64 {
    app.user_id("boss@school.example").await
}

async fn self_registration_waits_for_approval_or_needs_an_invitation(app: &TestApp) {
    // The demo server registers openly (a demo); the same database with approval:
    let admin = app.login(ADMIN).await;
    let (status, body) = register(app, "open@demo.eduhub", 1001, None).await;
    assert_eq!((status, body["data"]["name"].as_str()), (200, Some("新老师")), "open in a demo: {body}");

    let database = TestDatabase::reuse(&app.database.url);
    let approval = TestApp::spawn_on(database, SpawnOptions { registration: Some(api::config::Registration::Approval), ..SpawnOptions::default() }).await;
    let (status, body) = register(&approval, "waiting@demo.eduhub", 1001, None).await;
    assert_eq!((status, body["code"].as_str(), body["data"].clone()), (200, Some("1"), Value::Null), "{body}");
    let (status, body) = approval.client().post("/api/account/login/login", json!({"email": "waiting@demo.eduhub", "password": "a-good-password"})).await;
    assert_eq!((status, body["msg"].as_str()), (403, Some("账号正在等待管理员审核，审核通过后即可登录")));
    let admin2 = approval.login(ADMIN).await;
    let waiting = admin2.post_data("/api/admin/account/search", json!({"state": 0})).await;
    assert_eq!(waiting["total"], 1);
    let id = waiting["records"][0]["id"].as_i64().unwrap();
    assert_eq!(admin2.post_data("/api/admin/account/state", json!({"userId": id, "state": 1})).await["state"], 1);
    approval.client().login_with("waiting@demo.eduhub", "a-good-password").await;
    // Refused: the registration is gone, and only a waiting one can be refused.
    register(&approval, "refused@demo.eduhub", 1001, None).await;
    let refused = approval.user_id("refused@demo.eduhub").await;
    assert_eq!(admin2.post_data("/api/admin/account/refuse", json!({"id": refused})).await, true);
    assert!(storage::accounts::by_email(&approval.state.db, "refused@demo.eduhub").await.unwrap().is_none());
    let (status, _) = admin2.post("/api/admin/account/refuse", json!({"id": id})).await;
    assert_eq!(status, 409);
    let approve = audit(&admin2, json!({"action": "account.approve"})).await;
    assert_eq!(approve[0]["target"], "waiting@demo.eduhub");
    approval.stop_keep_database().await;

    // Invitation only: nobody registers without one, an invitation still works.
    let database = TestDatabase::reuse(&app.database.url);
    let closed = TestApp::spawn_on(database, SpawnOptions { registration: Some(api::config::Registration::InvitationOnly), ..SpawnOptions::default() }).await;
    let (status, body) = register(&closed, "uninvited@demo.eduhub", 1001, None).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("A0300")), "{body}");
    let admin3 = closed.login(ADMIN).await;
    let link = admin3.post_data("/api/admin/account/invite", json!({"email": "invited@demo.eduhub", "roles": ["consultant"], "schoolIds": [1002]})).await;
    let (status, body) = register(&closed, "invited@demo.eduhub", 1001, Some(token_of(link["path"].as_str().unwrap()))).await;
    assert_eq!(status, 200, "{body}");
    let invited = admin3.post_data("/api/admin/account/search", json!({"keyword": "invited@"})).await;
    assert_eq!((invited["records"][0]["roles"].clone(), invited["records"][0]["schoolIds"].clone()), (json!(["consultant"]), json!([1002])));
    // An invitation revoked is no longer good.
    let link = admin3.post_data("/api/admin/account/invite", json!({"email": "late@demo.eduhub", "roles": ["teacher"], "schoolIds": [1001]})).await;
    let id = admin3.post_data("/api/admin/account/invitations", json!({})).await["records"][0]["id"].clone();
    assert_eq!(admin3.post_data("/api/admin/account/invitation/revoke", json!({"id": id})).await, true);
    let (status, _) = register(&closed, "late@demo.eduhub", 1001, Some(token_of(link["path"].as_str().unwrap()))).await;
    assert_eq!(status, 400);
    closed.stop_keep_database().await;
    drop(admin);
}

async fn a_menu_change_reaches_an_open_session_and_its_rights(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let teacher = app.login(TEACHER).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    assert_eq!(teacher.post("/api/teaching/students", json!({})).await.0, 200, "易服务 is the teacher's");

    let menus = admin.data("/api/admin/menus").await;
    let node = menus["nodes"].as_array().unwrap().iter().find(|n| n["code"] == "EASYSERVER").unwrap().clone();
    assert!(node["roles"].as_array().unwrap().contains(&json!("teacher")));
    // Hidden: gone from the teacher's menu, and with it the calls it gates; the open session is told.
    let change = json!({"code": "EASYSERVER", "name": node["name"], "sort": node["sort"], "hidden": true, "badge": ""});
    admin.post_data("/api/admin/menu/update", change.clone()).await;
    let signal = socket.wait_for(TypeCode::ShellChanged).await;
    assert_eq!(signal.decode_content().unwrap().value.unwrap()["what"], "menus");
    let codes = |tree: &Value| tree.as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
    assert!(!codes(&teacher.data("/api/pub/user/menu-list").await).contains(&"EASYSERVER".to_owned()));
    let (status, body) = teacher.post("/api/teaching/students", json!({})).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("A0300")));

    // Shown again with a badge and another name; then taken from the teacher's role.
    admin.post_data("/api/admin/menu/update", with(&change, json!({"hidden": false, "badge": "新", "name": "服务中心"}))).await;
    socket.wait_for(TypeCode::ShellChanged).await;
    let tree = teacher.data("/api/pub/user/menu-list").await;
    let shown = tree.as_array().unwrap().iter().find(|m| m["code"] == "EASYSERVER").unwrap();
    assert_eq!((shown["name"].as_str(), shown["badge"].as_str()), (Some("服务中心"), Some("新")));
    let (status, body) = admin.post("/api/admin/menu/update", with(&change, json!({"badge": "太长的角标"}))).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")));
    admin.post_data("/api/admin/menu/grant", json!({"code": "EASYSERVER", "role": "teacher", "granted": false})).await;
    socket.wait_for(TypeCode::ShellChanged).await;
    assert_eq!(teacher.post("/api/teaching/students", json!({})).await.0, 403);
    admin.post_data("/api/admin/menu/grant", json!({"code": "EASYSERVER", "role": "teacher", "granted": true})).await;
    assert_eq!(teacher.post("/api/teaching/students", json!({})).await.0, 200);
    // A restart does not give back what an administrator took away (nor take back what was given).
    admin.post_data("/api/admin/menu/grant", json!({"code": "AIASSISTANT", "role": "teacher", "granted": false})).await;
    storage::seed::reference(&app.state.db).await.unwrap();
    let grants = storage::menus::granted_codes(&app.state.db, "teacher").await.unwrap();
    assert!(!grants.contains(&"AIASSISTANT".to_owned()) && grants.contains(&"EASYSERVER".to_owned()), "{grants:?}");

    // The whitelist: a listed function (the demo lists exam groups) is for its granted e-mails only.
    admin.post_data("/api/admin/whitelist/grant", json!({"code": "TEACHER_GROUP", "email": TEACHER, "granted": false})).await;
    socket.wait_for(TypeCode::ShellChanged).await;
    let (status, _) = teacher.post("/api/exam/group/list", json!({})).await;
    assert_eq!(status, 403, "listed, not granted");
    admin.post_data("/api/admin/whitelist/grant", json!({"code": "TEACHER_GROUP", "email": TEACHER, "granted": true})).await;
    assert_eq!(teacher.post("/api/exam/group/list", json!({})).await.0, 200);
    let listed = admin.data("/api/admin/whitelist").await;
    let function = listed["functions"].as_array().unwrap().iter().find(|f| f["code"] == "TEACHER_GROUP").unwrap();
    assert_eq!(function["emails"], json!([ADMIN, TEACHER]));
    let (status, _) = admin.post("/api/admin/whitelist/function", json!({"code": "BAD CODE", "listed": true})).await;
    assert_eq!(status, 400);
    let actions: Vec<String> = audit(&admin, json!({"action": "menu."})).await.iter().map(|e| e["action"].as_str().unwrap().to_owned()).collect();
    assert_eq!(actions, ["menu.revoke", "menu.grant", "menu.revoke", "menu.update", "menu.update"]);
}

async fn the_organisation_is_edited_and_closed_schools_take_no_one(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let group = admin.post_data("/api/admin/org/group/save", json!({"name": "华北集团"})).await.as_i64().unwrap();
    let (status, body) = admin.post("/api/admin/org/group/save", json!({"name": "华北集团"})).await;
    assert_eq!((status, body["msg"].as_str()), (409, Some("集团名称已存在")));
    let school = admin
        .post_data("/api/admin/org/school/save", json!({"name": "新开校区", "provinceCode": "120000", "groupId": group, "localEdition": true}))
        .await
        .as_i64()
        .unwrap();
    let (status, _) = admin.post("/api/admin/org/school/save", json!({"name": "x", "provinceCode": "999999"})).await;
    assert_eq!(status, 400);
    let area = admin.post_data("/api/admin/org/area/save", json!({"schoolId": school, "name": "东区"})).await;
    admin.post_data("/api/admin/org/area/save", json!({"schoolId": school, "code": area, "name": "东区教学点"})).await;
    let dept = admin.post_data("/api/admin/org/department/save", json!({"schoolId": school, "name": "数学组"})).await.as_i64().unwrap();
    admin
        .post_data(
            "/api/admin/org/school/save",
            json!({"id": school, "name": "新开校区（津）", "provinceCode": "120000", "groupId": group, "localEdition": true}),
        )
        .await;

    let org = admin.data("/api/admin/org").await;
    let found = org["schools"].as_array().unwrap().iter().find(|s| s["id"] == school).unwrap().clone();
    assert_eq!((found["name"].as_str(), found["groupId"].as_i64(), found["localEdition"].as_bool()), (Some("新开校区（津）"), Some(group), Some(true)));
    assert_eq!(found["areas"], json!([{"code": area, "name": "东区教学点"}]));
    assert_eq!(found["departments"], json!([{"id": dept, "name": "数学组"}]));
    // Departments named by staff records (a generator or import writes them by name) are
    // adopted as the organisation's departments.
    let teacher_id = app.user_id(TEACHER).await;
    sqlx::query("INSERT INTO staff (user_id, school_id, dept_name, teaching_since, hired_at) VALUES ($1, 1001, '语文组', 0, 0)")
        .bind(teacher_id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(storage::admin::org::adopt_departments(&app.state.db).await.unwrap(), 1);
    assert_eq!(storage::admin::org::adopt_departments(&app.state.db).await.unwrap(), 0, "once");
    // The new school takes registrations; closed, it takes no one, and it keeps its place.
    let (status, _) = register(app, "new.school@demo.eduhub", school, None).await;
    assert_eq!(status, 200);
    admin.post_data("/api/admin/org/school/close", json!({"id": school, "closed": true})).await;
    let (status, body) = register(app, "closed.school@demo.eduhub", school, None).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("该校区已关闭，请选择其他校区")));
    let org = admin.data("/api/admin/org").await;
    assert!(org["schools"].as_array().unwrap().iter().any(|s| s["id"] == school && s["closedAt"].is_i64()));
    // A department with staff stays; renamed, its staff follow.
    let demo = org["schools"].as_array().unwrap().iter().find(|s| s["id"] == 1001).unwrap();
    assert!(demo["accounts"].as_i64().unwrap() >= 5, "{demo}");
    let used = demo["departments"].as_array().unwrap().iter().find(|d| d["name"] == "语文组").unwrap()["id"].clone();
    let (status, body) = admin.post("/api/admin/org/department/delete", json!({"id": used})).await;
    assert_eq!((status, body["msg"].as_str()), (409, Some("部门仍有 1 名员工，不能删除")));
    admin.post_data("/api/admin/org/department/save", json!({"schoolId": 1001, "id": used, "name": "语文教研组"})).await;
    let dept_name: String = sqlx::query_scalar("SELECT dept_name FROM staff WHERE user_id = $1").bind(teacher_id).fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(dept_name, "语文教研组");
    assert_eq!(admin.post_data("/api/admin/org/department/delete", json!({"id": dept})).await, true);
    assert_eq!(admin.post_data("/api/admin/org/area/delete", json!({"code": area})).await, true);
    assert_eq!(admin.post_data("/api/admin/org/group/delete", json!({"id": group})).await, true);
    let org = admin.data("/api/admin/org").await;
    assert!(org["schools"].as_array().unwrap().iter().any(|s| s["id"] == school && s["groupId"].is_null()), "the school stays, ungrouped");
    let actions: Vec<String> = audit(&admin, json!({"action": "org."})).await.iter().map(|e| e["action"].as_str().unwrap().to_owned()).collect();
    assert_eq!(actions.len(), 11, "{actions:?}");
}

async fn the_audit_log_keeps_sensitive_actions_and_cannot_be_changed(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let teacher = app.login(TEACHER).await;
    // A delete that finds nothing and one that works are both kept, with the call's body.
    let (status, _) = teacher.post("/api/ai/conversation/delete", json!({"conversationId": 999_999})).await;
    assert_eq!(status, 404);
    let (status, _) = teacher.post("/api/producer_api/submitExcelTask", json!({"excelType": "notices", "reqParams": {}, "businessName": "通知"})).await;
    assert_eq!(status, 200);
    let deletes = audit(&admin, json!({"action": "delete", "actor": "teacher@"})).await;
    assert_eq!(deletes.len(), 1, "{deletes:?}");
    assert_eq!((deletes[0]["target"].as_str(), deletes[0]["ok"].as_bool()), (Some("/api/ai/conversation/delete"), Some(false)));
    assert!(deletes[0]["detail"].as_str().unwrap().contains("999999"));
    let exports = audit(&admin, json!({"action": "export", "keyword": "notices"})).await;
    assert_eq!((exports.len(), exports[0]["actorEmail"].as_str()), (1, Some(TEACHER)));

    // A super user acting as the teacher is recorded with both.
    let (status, _) = admin.post("/api/pub/user/superuser/change?email=teacher@demo.eduhub", json!({})).await;
    assert_eq!(status, 200);
    let (status, _) = admin.post("/api/ai/conversation/delete", json!({"conversationId": 999_998})).await;
    assert_eq!(status, 404);
    let acted = audit(&admin, json!({"keyword": "999998"})).await;
    assert_eq!((acted[0]["actorEmail"].as_str(), acted[0]["actingAsId"].as_i64()), (Some(ADMIN), Some(app.user_id(TEACHER).await)));
    admin.post("/api/pub/user/superuser/change?email=admin@demo.eduhub", json!({})).await;
    assert_eq!(audit(&admin, json!({"action": "superuser.act"})).await.len(), 2);

    // Searches by time and pages agree with the stored rows; the export holds what the search finds.
    let all = admin.post_data("/api/admin/audit/search", json!({"pageSize": 2, "pageNo": 1})).await;
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM audit_log").fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!((all["total"].as_i64(), all["records"].as_array().unwrap().len()), (Some(stored), 2));
    let newest = all["records"][0]["at"].as_i64().unwrap();
    let later = admin.post_data("/api/admin/audit/search", json!({"from": newest + 1})).await;
    assert_eq!(later["total"], 0);
    let res =
        admin.http.post(app.url("/api/admin/audit/export")).bearer_auth(admin.token.as_ref().unwrap()).json(&json!({"action": "delete"})).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let bytes = res.bytes().await.unwrap().to_vec();
    let mut book = calamine::Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    use calamine::Reader;
    let sheet = book.worksheet_range_at(0).unwrap().unwrap();
    let rows: Vec<Vec<String>> = sheet.rows().map(|r| r.iter().map(|c| c.to_string()).collect()).collect();
    assert_eq!(rows[0][..4], ["时间", "操作人", "代登录账号", "操作"]);
    let stored_deletes: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'delete'").fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(rows.len() as i64 - 1, stored_deletes);
    assert!(rows[1..].iter().all(|r| r[3] == "delete"));

    // Append-only: the database refuses to change or remove an entry.
    assert!(sqlx::query("UPDATE audit_log SET action = 'nothing'").execute(app.state.db.pool()).await.is_err());
    assert!(sqlx::query("DELETE FROM audit_log").execute(app.state.db.pool()).await.is_err());
    let after: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'delete'").fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(after, stored_deletes);

    // Every administration call refuses a teacher (read from the route table).
    let mut checked = 0;
    for route in api::routes::table().iter().filter(|r| r.path.starts_with("/api/admin/")) {
        let path = route.path.replace("{kind}", "lessons");
        let (status, body) = match route.method.as_str() {
            "GET" => teacher.get(&path).await,
            _ => teacher.post(&path, json!({})).await,
        };
        assert_eq!((status, body["code"].as_str()), (403, Some("A0300")), "{} {path}: {body}", route.method);
        checked += 1;
    }
    assert!(checked >= 35, "{checked} administration routes");
}

async fn accounts_are_reset_updated_and_imported(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let teacher = app.login(TEACHER).await;
    let teacher_id = app.user_id(TEACHER).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;

    // A reset link: the owner sets a new password; every session of theirs ends.
    let link = admin.post_data("/api/admin/account/resetLink", json!({"id": teacher_id})).await;
    let token = token_of(link["path"].as_str().unwrap()).to_owned();
    let anyone = app.client();
    assert_eq!(anyone.post_data("/api/account/link/info", json!({"token": token})).await["kind"], "reset");
    let (status, _) = anyone.post("/api/account/password/reset", json!({"token": token, "password": "short"})).await;
    assert_eq!(status, 400);
    assert_eq!(anyone.post_data("/api/account/password/reset", json!({"token": token, "password": "my-new-password"})).await, true);
    assert_eq!(socket.expect_close().await, Some(protocol::push::close_code::SESSION_ENDED));
    assert_eq!(teacher.get("/api/pub/user/info").await.0, 401);
    let (status, _) = anyone.post("/api/account/password/reset", json!({"token": token, "password": "another-password"})).await;
    assert_eq!(status, 400, "used once");
    app.client().login_with(TEACHER, "my-new-password").await;

    // Roles, schools and subjects: the teacher becomes a consultant too; the current role stays.
    let update = json!({"userId": teacher_id, "name": "张老师", "roles": ["teacher", "consultant"], "schoolIds": [1001, 1002], "subjects": [{"stage": 4, "subject": 54}]});
    let updated = admin.post_data("/api/admin/account/update", update.clone()).await;
    assert_eq!((updated["roles"].clone(), updated["schoolIds"].clone()), (json!(["teacher", "consultant"]), json!([1001, 1002])));
    assert_eq!(storage::accounts::by_id(&app.state.db, teacher_id).await.unwrap().current_role, "teacher");
    // Taken away, the current role moves to the first one given.
    admin.post_data("/api/admin/account/update", with(&update, json!({"roles": ["consultant"]}))).await;
    let user = storage::accounts::by_id(&app.state.db, teacher_id).await.unwrap();
    assert_eq!(user.current_role, "consultant");
    let (status, body) = admin.post("/api/admin/account/update", with(&update, json!({"schoolIds": [424242]}))).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("校区不存在：424242")));
    // Only a super user makes super users; the last one stays.
    let admin_id = app.user_id(ADMIN).await;
    let (status, body) = admin
        .post(
            "/api/admin/account/update",
            json!({"userId": admin_id, "name": "王管理", "roles": ["admin"], "schoolIds": [1001], "subjects": [], "superuser": false}),
        )
        .await;
    assert_eq!((status, body["msg"].as_str()), (409, Some("这是最后一个超级用户，不能取消")));

    // A super user's act-as is checked at each use: made a super user, teacher2 acts as the
    // teacher; no longer one, teacher2 is back in their own account at the next call.
    let teacher2_id = app.user_id("teacher2@demo.eduhub").await;
    let promote = json!({"userId": teacher2_id, "name": "李老师", "roles": ["teacher"], "schoolIds": [1001], "subjects": [{"stage": 4, "subject": 54}], "superuser": true});
    assert_eq!(admin.post_data("/api/admin/account/update", promote.clone()).await["superuser"], true);
    let teacher2 = app.login("teacher2@demo.eduhub").await;
    assert_eq!(teacher2.post("/api/pub/user/superuser/change?email=admin@demo.eduhub", json!({})).await.0, 200);
    let acting: String = sqlx::query_scalar("SELECT u.email FROM sessions s JOIN users u ON u.id = s.acting_user_id WHERE s.user_id = $1")
        .bind(teacher2_id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(acting, ADMIN);
    assert_eq!(teacher2.get("/api/admin/org").await.0, 200, "acting as the administrator");
    admin.post_data("/api/admin/account/update", with(&promote, json!({"superuser": false}))).await;
    let (status, body) = teacher2.get("/api/admin/org").await;
    assert_eq!((status, body["code"].as_str()), (403, Some("A0300")), "back in their own account");
    let still: Option<i64> =
        sqlx::query_scalar("SELECT acting_user_id FROM sessions WHERE user_id = $1").bind(teacher2_id).fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(still, None);

    // An administrator who is not a super user manages no super user's account.
    let consultant_id = app.user_id("consultant@demo.eduhub").await;
    let make_admin = json!({"userId": consultant_id, "name": "赵顾问", "roles": ["consultant", "admin"], "schoolIds": [1001], "subjects": []});
    admin.post_data("/api/admin/account/update", make_admin).await;
    let plain_admin = app.login("consultant@demo.eduhub").await;
    for (path, body) in [
        ("/api/admin/account/state", json!({"userId": admin_id, "state": 2})),
        ("/api/admin/account/resetLink", json!({"id": admin_id})),
        ("/api/admin/account/update", json!({"userId": admin_id, "name": "王管理", "roles": ["teacher"], "schoolIds": [1001], "subjects": []})),
    ] {
        let (status, body) = plain_admin.post(path, body).await;
        assert_eq!((status, body["msg"].as_str()), (403, Some("只有超级用户可以管理超级用户账号")), "{path}");
    }
    assert!(storage::accounts::by_id(&app.state.db, admin_id).await.unwrap().is_active());
    // …but manages the others.
    plain_admin.post_data("/api/admin/account/resetLink", json!({"id": app.user_id("teacher2@demo.eduhub").await})).await;

    // Bulk import: each good row an invitation, each bad row refused with its line.
    let rows = [
        vec!["邮箱", "角色", "校区", "学段", "学科"],
        vec!["bulk1@demo.eduhub", "教师", "北京海淀校区", "高中", "数学"],
        vec!["bulk2@demo.eduhub", "顾问、学管", "北京海淀校区", "", ""],
        vec!["not-an-email", "教师", "北京海淀校区", "", ""],
        vec!["bulk1@demo.eduhub", "教师", "北京海淀校区", "", ""],
        vec!["bulk3@demo.eduhub", "魔法师", "北京海淀校区", "", ""],
        vec![TEACHER, "教师", "北京海淀校区", "", ""],
    ];
    let school_name: String = sqlx::query_scalar("SELECT name FROM schools WHERE id = 1001").fetch_one(app.state.db.pool()).await.unwrap();
    let rows: Vec<Vec<&str>> = rows.iter().map(|r| r.iter().map(|c| if *c == "北京海淀校区" { school_name.as_str() } else { c }).collect()).collect();
    let file = finished_upload(app, &admin, "账号.xlsx", xlsx(&rows)).await;
    let result = admin.post_data("/api/admin/account/import", json!({"fileId": file})).await;
    assert_eq!(result["total"], 6);
    let invited: Vec<&str> = result["invited"].as_array().unwrap().iter().map(|i| i["email"].as_str().unwrap()).collect();
    assert_eq!(invited, ["bulk1@demo.eduhub", "bulk2@demo.eduhub"]);
    let errors: Vec<(i64, String)> =
        result["errors"].as_array().unwrap().iter().map(|e| (e["line"].as_i64().unwrap(), e["reason"].as_str().unwrap().to_owned())).collect();
    assert_eq!(errors.iter().map(|e| e.0).collect::<Vec<_>>(), [4, 5, 6, 7], "{errors:?}");
    assert_eq!(errors[1].1, "与第2行的邮箱重复");
    assert_eq!(errors[2].1, "未知角色：魔法师");
    let second = result["invited"][1]["link"]["path"].as_str().unwrap();
    let info = app.client().post_data("/api/account/link/info", json!({"token": token_of(second)})).await;
    assert_eq!(info["roles"], json!(["顾问", "学管"]));
}

async fn notices_reach_a_school_and_count_their_readers(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let manager = app.login("manager@demo.eduhub").await;
    let mut socket = manager.socket(None).await;
    socket.expect_connected().await;
    let published = admin.post_data("/api/admin/notice/publish", json!({"title": "二校区停水", "content": "周三停水。", "type": 2, "schoolIds": [1002]})).await;
    let at_school: i64 = sqlx::query_scalar(
        "SELECT COUNT(DISTINCT us.user_id) FROM user_schools us JOIN users u ON u.id = us.user_id WHERE us.school_id = 1002 AND u.state = 1",
    )
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    assert_eq!(published["recipients"].as_i64(), Some(at_school));
    assert!(at_school >= 2, "the manager and the admin are placed there");
    let id = published["id"].as_i64().unwrap();
    assert_eq!(socket.wait_for(TypeCode::NoticePublished).await.decode_content().unwrap().id, Some(id));
    let (status, body) = admin.post("/api/admin/notice/publish", json!({"title": "x", "content": "y", "type": 2, "schoolIds": [424242]})).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("校区不存在：424242")));

    // Read by one of them: the list says how many of how many.
    manager.post_data(&format!("/api/exam/notice/read?id={id}"), json!({})).await;
    let list = admin.post_data("/api/admin/notice/list", json!({"pageNo": 1, "pageSize": 10})).await;
    let row = list["records"].as_array().unwrap().iter().find(|n| n["id"] == id).unwrap();
    assert_eq!((row["recipients"].as_i64(), row["read"].as_i64(), row["publishedBy"].as_str()), (Some(at_school), Some(1), Some(ADMIN)));
    admin.post_data("/api/admin/notice/withdraw", json!({"id": id})).await;
    let list = admin.post_data("/api/admin/notice/list", json!({})).await;
    assert!(list["records"].as_array().unwrap().iter().any(|n| n["id"] == id && n["withdrawnAt"].is_i64()));
    let logged: Vec<String> = audit(&admin, json!({"action": "notice."})).await.iter().map(|e| e["action"].as_str().unwrap().to_owned()).collect();
    assert_eq!(logged, ["notice.withdraw", "notice.publish"]);
}
