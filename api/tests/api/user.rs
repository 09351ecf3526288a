//! User info, menus per role, role and account switching, selections and flags.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(
    menus_follow_the_current_role,
    role_switch_only_to_held_roles,
    super_user_acts_as_another_account,
    selections_are_validated,
    flags_whitelist_time_and_version,
    set_role_reported_selection_dictionaries_and_whitelist_query
);

fn top_codes(menu: &Value) -> Vec<String> {
    menu.as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap().to_owned()).collect()
}

async fn menus_follow_the_current_role(app: &TestApp) {
    let teacher = top_codes(&app.login(TEACHER).await.data("/api/pub/user/menu-list").await);
    assert!(teacher.contains(&"KNOWLEDGEREPOSITORY".into()) && teacher.contains(&"AIASSISTANT".into()));
    assert!(!teacher.contains(&"DATACENTER".into()) && !teacher.contains(&"QUALITYCHECKMANAGEMENT".into()));
    let consultant = top_codes(&app.login(CONSULTANT).await.data("/api/pub/user/menu-list").await);
    assert_eq!(consultant, vec!["EASYSERVER", "DATACENTER"]);
    let inspector = top_codes(&app.login(INSPECTOR).await.data("/api/pub/user/menu-list").await);
    assert!(inspector.contains(&"QUALITYCHECKMANAGEMENT".into()) && !inspector.contains(&"KNOWLEDGEREPOSITORY".into()));
    let admin = app.login(ADMIN).await.data("/api/pub/user/menu-list").await;
    // The spec's groups and, for administrators, the administration section.
    assert_eq!(top_codes(&admin).len(), protocol::constants::MENU_GROUPS.len() + 1);
    assert_eq!(top_codes(&admin).last().map(String::as_str), Some("ADMINISTRATION"));
    // Children come with their group, each with code, name, url and level.
    let kr = &admin[0];
    assert_eq!((kr["code"].as_str(), kr["level"].as_i64()), (Some("KNOWLEDGEREPOSITORY"), Some(1)));
    assert_eq!(kr["children"][0]["url"], "mainSpace");
    assert_eq!(kr["children"][0]["level"], 2);

    let info = app.login(TEACHER).await.data("/api/pub/user/info").await;
    for field in [
        "e2uid",
        "userAvatar",
        "userName",
        "userEmail",
        "subjectList",
        "selectedStage",
        "stageList",
        "roleList",
        "roleTags",
        "schoolAreaCodesMap",
        "superuser",
        "superUserEmail",
        "superUserName",
        "selectedProvince",
        "schoolList",
        "selectedSchool",
        "selectedSubject",
        "e2qwuid",
    ] {
        assert!(info.get(field).is_some(), "user info has {field}");
    }
    assert_eq!(info["roleTags"], json!(["TYPE_1", "EDU_4", "SUBJECT_MATH"]));
    assert_eq!(info["selectedProvince"]["name"], "北京");
}

async fn role_switch_only_to_held_roles(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let before = top_codes(&admin.data("/api/pub/user/menu-list").await);
    assert!(before.contains(&"QUALITYCHECKMANAGEMENT".into()));
    admin.post_data("/api/pub/user/change/role?role=teacher", json!({})).await;
    let info = admin.data("/api/pub/user/info").await;
    let current: Vec<&str> = info["roleList"].as_array().unwrap().iter().filter(|r| r["current"] == true).map(|r| r["code"].as_str().unwrap()).collect();
    assert_eq!(current, vec!["teacher"]);
    assert_eq!(info["roleList"].as_array().unwrap().len(), 4);
    let after = top_codes(&admin.data("/api/pub/user/menu-list").await);
    assert_ne!(before, after);
    assert!(!after.contains(&"QUALITYCHECKMANAGEMENT".into()));
    // The profile card follows the current role.
    assert_eq!(admin.get("/api/pub/user/teacher-info").await.0, 200);
    admin.post_data("/api/pub/user/change/role?role=consultant", json!({})).await;
    let (status, body) = admin.get("/api/pub/user/teacher-info").await;
    assert_eq!((status, body["code"].as_str()), (403, Some("A0300")));

    let teacher = app.login(TEACHER).await;
    let card = teacher.data("/api/pub/user/teacher-info").await;
    assert_eq!(card["teacherCode"], "T10001");
    assert_eq!(card["subjectDesc"], "高中数学、初中数学");
    let (status, body) = teacher.post("/api/pub/user/change/role?role=admin", json!({})).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("A0300")));
    let (status, body) = teacher.post("/api/pub/user/change/role", json!({})).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")));
    // Admin calls need the admin role.
    let (status, body) = teacher.post("/api/admin/notice/publish", json!({"title": "t", "content": "c", "type": 1, "roles": ["teacher"]})).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("A0300")));
}

async fn super_user_acts_as_another_account(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let info = admin.data("/api/pub/user/info").await;
    assert_eq!((info["superuser"].as_bool(), info["superUserEmail"].is_null()), (Some(true), true));
    let mut socket = admin.socket(None).await;
    socket.expect_connected().await;

    admin.post_data(&format!("/api/pub/user/superuser/change?email={TEACHER}"), json!({})).await;
    let info = admin.data("/api/pub/user/info").await;
    assert_eq!(info["userEmail"], TEACHER);
    assert_eq!(info["superUserEmail"], ADMIN);
    assert_eq!(info["superUserName"], "王管理");
    assert_eq!(info["superuser"], true, "the super user can still come back");
    assert_eq!(top_codes(&admin.data("/api/pub/user/menu-list").await), top_codes(&app.login(TEACHER).await.data("/api/pub/user/menu-list").await));
    // The socket of the previous account is closed; a socket for the new one opens.
    assert_eq!(socket.expect_close().await, Some(protocol::push::close_code::SESSION_ENDED));
    let mut as_teacher = admin.socket_for(TEACHER, None).await;
    as_teacher.expect_connected().await;

    admin.post_data(&format!("/api/pub/user/superuser/change?email={ADMIN}"), json!({})).await;
    let info = admin.data("/api/pub/user/info").await;
    assert_eq!((info["userEmail"].as_str(), info["superUserEmail"].is_null()), (Some(ADMIN), true));

    let (status, body) = admin.post("/api/pub/user/superuser/change?email=nobody@demo.eduhub", json!({})).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("A0404")));
    let teacher = app.login(TEACHER).await;
    let (status, body) = teacher.post(&format!("/api/pub/user/superuser/change?email={ADMIN}"), json!({})).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("A0300")));
}

async fn selections_are_validated(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    admin.post_data("/api/pub/user/select", json!({"schoolId": 2001})).await;
    assert_eq!(admin.data("/api/pub/user/info").await["selectedSchool"]["name"], "上海浦东校区");
    admin.post_data("/api/pub/user/select", json!({"stage": 4, "subject": 56})).await;
    assert_eq!(admin.data("/api/pub/user/info").await["selectedSubject"]["name"], "物理");
    let (status, body) = admin.post("/api/pub/user/select", json!({"schoolId": 3001})).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("A0300")), "a school the user does not belong to");
    let (status, body) = admin.post("/api/pub/user/select", json!({"stage": 3, "subject": 62})).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")));
    let (status, _) = admin.post("/api/pub/user/select", json!({})).await;
    assert_eq!(status, 400);

    let teacher = app.login(TEACHER).await;
    teacher.post_data("/api/pub/user/select", json!({"stage": 3})).await;
    let info = teacher.data("/api/pub/user/info").await;
    assert_eq!((info["selectedStage"]["code"].as_i64(), info["selectedSubject"]["code"].as_i64()), (Some(3), Some(54)));
    let (status, body) = teacher.post("/api/account/login/saveSubject", json!({"subject": 57})).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")));
    let saved = teacher.post("/api/account/login/saveSubject", json!({"subject": 54})).await;
    assert_eq!(saved.1["status"], 1);

    let region = teacher.data("/api/pub/user/region-info?subject=54").await;
    assert_eq!(region["selectedProvince"]["code"], "110000");
    let areas = region["paperAreas"].as_array().unwrap();
    assert!(areas.iter().any(|a| a["name"] == "华东"));
    let selected: Vec<&Value> = areas.iter().flat_map(|a| a["provinces"].as_array().unwrap()).filter(|p| p["selected"] == true).collect();
    assert_eq!(selected.len(), 1);
    teacher.post_data("/api/pub/user/province/select?code=310000", json!({})).await;
    assert_eq!(teacher.data("/api/pub/user/info").await["selectedProvince"]["name"], "上海");
    assert_eq!(teacher.post("/api/pub/user/province/select?code=999", json!({})).await.0, 400);
    assert_eq!(teacher.get("/api/pub/user/region-info?subject=1").await.0, 400);
    let stages = teacher.data("/api/pub/user/subjects").await;
    assert_eq!(stages.as_array().unwrap().len(), 2);
}

async fn flags_whitelist_time_and_version(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let flag = teacher.data("/api/pub/index/user/bootstrap?scene=knowledgebase1_bootstrap").await;
    assert_eq!(flag, json!([{"scene": "knowledgebase1_bootstrap", "bootstrap": true}]));
    teacher.post_data("/api/pub/index/user/bootstrap-turn-off?scene=knowledgebase1_bootstrap", json!({})).await;
    assert_eq!(teacher.data("/api/pub/index/user/bootstrap?scene=knowledgebase1_bootstrap").await[0]["bootstrap"], false);
    assert_eq!(teacher.get("/api/pub/index/user/bootstrap?scene=bad%20scene").await.0, 400);
    // Another user's flag is untouched.
    assert_eq!(app.login(TEACHER2).await.data("/api/pub/index/user/bootstrap").await[0]["bootstrap"], true);

    assert_eq!(teacher.post_data("/api/teacher/group/white/check", json!({"email": TEACHER})).await["showFlag"], true);
    let teacher2 = app.login(TEACHER2).await;
    assert_eq!(teacher2.post_data("/api/teacher/group/white/check", json!({"email": TEACHER2})).await["showFlag"], false);
    assert_eq!(teacher2.post("/api/teacher/group/white/check", json!({"email": TEACHER})).await.0, 403);
    let list = teacher.data("/api/pub/user/whitelist").await;
    assert_eq!(list["authors"]["models"], json!(["TEACHER_GROUP"]));
    assert_eq!(list["fuctions"], json!([{"code": "TEACHER_GROUP"}]));

    let time = teacher.data("/api/current/time").await;
    let expected = api::handlers::dict::fiscal_now();
    assert_eq!(time["currentFiscalYear"].as_i64(), Some(expected.current_fiscal_year as i64));
    assert!((1..=4).contains(&time["currentQuarter"].as_i64().unwrap()));

    let res = app.client().http.get(app.url("/version.json?t=123")).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let version: Value = res.json().await.unwrap();
    assert!(version["version"].as_str().unwrap().starts_with(env!("CARGO_PKG_VERSION")));
}

async fn set_role_reported_selection_dictionaries_and_whitelist_query(app: &TestApp) {
    // The route guard's set-role call switches to a held role only.
    let admin = app.login(ADMIN).await;
    admin.post_data("/api/pub/user/role/set", json!({"role": "teacher"})).await;
    let info = admin.data("/api/pub/user/info").await;
    let current: Vec<&str> = info["roleList"].as_array().unwrap().iter().filter(|r| r["current"] == true).map(|r| r["code"].as_str().unwrap()).collect();
    assert_eq!(current, vec!["teacher"]);
    let teacher = app.login(TEACHER).await;
    assert_eq!(teacher.post("/api/pub/user/role/set", json!({"role": "admin"})).await.0, 403);
    assert_eq!(teacher.post("/api/pub/user/role/set", json!({"role": " "})).await.0, 400);
    assert_eq!(teacher.post("/api/pub/user/role/set", json!({})).await.0, 400);

    // A reported selection is stored when the user has that stage and subject (and school).
    teacher.post_data("/api/pub/user/selected/report", json!({"subject": 54, "stage": 3, "schoolId": 1001})).await;
    let info = teacher.data("/api/pub/user/info").await;
    assert_eq!((info["selectedStage"]["code"].as_i64(), info["selectedSubject"]["code"].as_i64()), (Some(3), Some(54)));
    let (status, body) = teacher.post("/api/pub/user/selected/report", json!({"subject": 56, "stage": 4})).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "a subject the teacher does not teach");
    assert_eq!(teacher.post("/api/pub/user/selected/report", json!({"subject": 54, "stage": 4, "schoolId": 3001})).await.0, 403);
    assert_eq!(teacher.data("/api/pub/user/info").await["selectedStage"]["code"], 3, "a refused report changes nothing");

    // The subject and edu lists: every stage with its subjects (science for senior high only).
    let stages = teacher.data("/api/pub/dict/subjectAndEdu").await;
    let codes = |stage: &Value| stage["subjects"].as_array().unwrap().iter().map(|s| s["code"].as_i64().unwrap()).collect::<Vec<_>>();
    let all: Vec<i64> = protocol::constants::SUBJECTS.iter().map(|s| s.code).collect();
    assert_eq!(stages.as_array().unwrap().iter().map(|s| s["code"].as_i64().unwrap()).collect::<Vec<_>>(), vec![4, 3]);
    assert_eq!(codes(&stages[0]), all);
    assert_eq!(codes(&stages[1]), all.iter().copied().filter(|c| *c != protocol::constants::SUBJECT_SCIENCE).collect::<Vec<_>>());
    // The school list is the organisation's, as the registration dictionary has it.
    let schools = teacher.data("/api/pub/dict/schools").await;
    let dict = app.client().get("/api/account/login/getRegistDict").await.1;
    assert_eq!(schools, dict["data"]["schools"]);
    assert!(schools.as_array().unwrap().len() >= 3);

    // The whitelist call: one's own e-mail (with a held role type), or anyone's for a super user.
    let own = teacher.post_data("/api/pub/user/whitelist/query", json!({"email": TEACHER, "roleType": 1})).await;
    assert_eq!(own, teacher.data("/api/pub/user/whitelist").await);
    assert_eq!(teacher.post("/api/pub/user/whitelist/query", json!({"email": TEACHER, "roleType": 5})).await.0, 400, "not the teacher's role");
    assert_eq!(teacher.post("/api/pub/user/whitelist/query", json!({"email": TEACHER2})).await.0, 403);
    assert_eq!(teacher.post("/api/pub/user/whitelist/query", json!({"email": "not-an-email"})).await.0, 400);
    let by_admin = admin.post_data("/api/pub/user/whitelist/query", json!({"email": TEACHER})).await;
    assert_eq!(by_admin, own);
}
