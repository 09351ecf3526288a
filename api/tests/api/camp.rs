//! Learning camps through HTTP and the push socket: a camp's life from creation to statistics
//! (built, published, edited and restored, joined by students through its signed link, worked
//! through, paused, shut down), the statistics checked against figures this test computes from
//! what its students did; the phase rules; concurrent reorders from two tabs; the refusals.

use std::collections::HashMap;
use std::time::Duration;

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_databases;

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

fn ids(phases: &Value) -> Vec<i64> {
    phases.as_array().unwrap().iter().map(|p| int(&p["phaseId"])).collect()
}

fn task_ids(phase: &Value) -> Vec<i64> {
    phase["tasks"].as_array().unwrap().iter().map(|t| int(&t["taskId"])).collect()
}

fn questions() -> Value {
    json!([
        {"stem": "1+1=", "options": ["1", "2", "3"], "answer": 1},
        {"stem": "2×3=", "options": ["5", "6"], "answer": 1},
        {"stem": "9-4=", "options": ["5", "4", "3", "2"], "answer": 0},
        {"stem": "8÷2=", "options": ["2", "4"], "answer": 1},
    ])
}

/// A camp of the teacher: phase A (a question set, flash cards), phase B (a document).
async fn build(app: &TestApp, teacher: &Client) -> (i64, Vec<i64>, [i64; 3]) {
    let collection = teacher.post_data("/api/collection/create", json!({"collectionName": "暑期营"})).await;
    let camp =
        teacher.post_data("/api/camp/create", json!({"campName": "  分数训练营 ", "description": "两周", "collectionId": collection["collectionId"]})).await;
    assert_eq!((camp["campName"].as_str(), camp["status"].as_i64()), (Some("分数训练营"), Some(0)));
    let camp_id = int(&camp["campId"]);
    let a = int(&teacher.post_data("/api/camp/add-phase", json!({"campId": camp_id, "phaseName": "阶段A"})).await["phaseId"]);
    let b = int(&teacher.post_data("/api/camp/add-phase", json!({"campId": camp_id, "phaseName": "阶段B"})).await["phaseId"]);
    let added = teacher
        .post_data(
            "/api/camp/add-phase-task",
            json!({"campId": camp_id, "phaseId": a, "taskList": [
                {"taskName": "小测", "taskType": 3, "questions": questions()},
                {"taskName": "闪卡", "taskType": 4, "cards": [{"front": "分子", "back": "横线上面的数"}]},
            ]}),
        )
        .await;
    let (quiz, cards) = (int(&added[0]["taskId"]), int(&added[1]["taskId"]));
    assert_eq!((added[0]["taskType"].as_i64(), added[1]["taskType"].as_i64()), (Some(3), Some(4)));
    let upload = teacher.post_data("/api/resource/getUploadUrl", json!({"fileName": "讲义.pdf"})).await;
    let res = reqwest::Client::new().put(app.url(upload["uploadUrl"].as_str().unwrap())).body(vec![7u8; 64]).send().await.unwrap();
    assert!(res.status().is_success());
    let doc = teacher
        .post_data(
            "/api/camp/add-phase-task",
            json!({"campId": camp_id, "phaseId": b, "taskList": [{"bizId": upload["fileId"], "taskName": "讲义", "ext": "pdf", "taskType": 2}]}),
        )
        .await;
    assert_eq!(doc[0]["taskType"], 1, "a file task's kind follows the file");
    (camp_id, vec![a, b], [quiz, cards, int(&doc[0]["taskId"])])
}

fn token_of(url: &str) -> String {
    url.split("token=").nth(1).unwrap().to_owned()
}

async fn join(anyone: &Client, token: &str, code: &str, name: &str) -> String {
    let joined = anyone.post_data("/api/camp/student/join", json!({"token": token, "studentCode": code, "studentName": name})).await;
    joined["memberToken"].as_str().unwrap().to_owned()
}

on_both_databases!(a_camps_life_from_building_to_statistics);

async fn a_camps_life_from_building_to_statistics(app: &TestApp) {
    let db = &app.state.db;
    let teacher = app.login(TEACHER).await;
    let other = app.login(TEACHER2).await;
    let anyone = app.client();
    let (camp_id, phases, [quiz, cards, doc]) = build(app, &teacher).await;
    let (a, b) = (phases[0], phases[1]);

    // Someone else's camp reads as absent.
    for path in ["/api/camp/info", "/api/camp/phase", "/api/camp/publish", "/api/camp/statistics/overview"] {
        assert_eq!(other.post(path, json!({"campId": camp_id})).await.0, 404, "{path}");
    }
    assert_eq!(other.post("/api/camp/delete-phase-task", json!({"campId": camp_id, "taskId": quiz})).await.0, 404);

    // Bad input, refused by name.
    let bad_questions = [
        json!([]),
        json!([{"stem": "", "options": ["a", "b"], "answer": 0}]),
        json!([{"stem": "x", "options": ["a"], "answer": 0}]),
        json!([{"stem": "x", "options": ["a", "b"], "answer": 2}]),
    ];
    for q in bad_questions {
        let (status, body) = teacher
            .post("/api/camp/add-phase-task", json!({"campId": camp_id, "phaseId": a, "taskList": [{"taskName": "坏题", "taskType": 3, "questions": q}]}))
            .await;
        assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{body}");
    }
    assert_eq!(teacher.post("/api/camp/add-phase-task", json!({"campId": camp_id, "phaseId": a, "taskList": [{"taskName": "x", "taskType": 9}]})).await.0, 400);
    assert_eq!(teacher.post("/api/camp/add-phase", json!({"campId": camp_id, "phaseName": " "})).await.0, 400);
    assert_eq!(teacher.post("/api/camp/rule", json!({"campId": camp_id, "publishRule": 3})).await.0, 400, "by date needs its day");
    assert_eq!(teacher.post("/api/camp/rule", json!({"campId": camp_id, "publishRule": 1, "intervalDays": 0})).await.0, 400);
    // A reorder naming a task of another phase, or a stale list, is refused; nothing moves.
    let before = teacher.post_data("/api/camp/phase", json!({"campId": camp_id})).await;
    let (status, body) = teacher.post("/api/camp/update-phase-task-seqno", json!({"campId": camp_id, "phaseId": a, "taskIds": [cards, doc]})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("A0409")), "{body}");
    assert_eq!(teacher.post("/api/camp/update-phase-task-seqno", json!({"campId": camp_id, "phaseId": a, "taskIds": [cards]})).await.0, 409);
    assert_eq!(teacher.post("/api/camp/update-phase-task-seqno", json!({"campId": camp_id, "phaseId": a, "taskIds": [cards, cards]})).await.0, 409);
    assert_eq!(teacher.post("/api/camp/update-phase-seqno", json!({"campId": camp_id, "phaseIds": [a]})).await.0, 409);
    assert_eq!(teacher.post_data("/api/camp/phase", json!({"campId": camp_id})).await, before);
    // A join link only for a published camp.
    assert_eq!(teacher.get(&format!("/api/camp/publish/qrCode/getQrCode?campId={camp_id}")).await.0, 409);

    // Publishing an empty camp, or one with an empty phase, is refused.
    let empty = int(&teacher.post_data("/api/camp/create", json!({"campName": "空营"})).await["campId"]);
    let (status, body) = teacher.post("/api/camp/publish", json!({"campId": empty})).await;
    assert_eq!((status, body["msg"].as_str()), (409, Some("营地还没有阶段，不能发布")));
    teacher.post_data("/api/camp/add-phase", json!({"campId": empty, "phaseName": "空阶段"})).await;
    let (status, body) = teacher.post("/api/camp/publish", json!({"campId": empty})).await;
    assert_eq!((status, body["msg"].as_str()), (409, Some("阶段「空阶段」还没有任务，不能发布")));

    // The order stored is the order shown: tasks of A swapped, phases swapped.
    teacher.post_data("/api/camp/update-phase-task-seqno", json!({"campId": camp_id, "phaseId": a, "taskIds": [cards, quiz]})).await;
    let after = teacher.post_data("/api/camp/update-phase-seqno", json!({"campId": camp_id, "phaseIds": [b, a]})).await;
    assert_eq!(ids(&after), vec![b, a]);
    assert_eq!(task_ids(&after[1]), vec![cards, quiz]);
    teacher.post_data("/api/camp/update-phase-seqno", json!({"campId": camp_id, "phaseIds": [a, b]})).await;
    teacher.post_data("/api/camp/rule", json!({"campId": camp_id, "publishRule": 1})).await;

    // Publish; the rule's stages; the distribution points and their links.
    let published = teacher.post_data("/api/camp/publish", json!({"campId": camp_id})).await;
    assert_eq!((published["status"].as_i64(), published["publishedVersion"].as_i64()), (Some(1), Some(1)));
    // A new name is no edit of the published version: students see it at once.
    let renamed = teacher.post_data("/api/camp/rename", json!({"campId": camp_id, "campName": "分数训练营（春）"})).await;
    assert_eq!((renamed["status"].as_i64(), renamed["hasEdits"].as_bool()), (Some(1), Some(false)));
    teacher.post_data("/api/camp/rename", json!({"campId": camp_id, "campName": "分数训练营"})).await;
    assert_eq!(teacher.post("/api/camp/publish", json!({"campId": camp_id})).await.0, 409, "nothing to publish");
    assert_eq!(teacher.post("/api/camp/edit-revoke", json!({"campId": camp_id})).await.0, 409, "no edit to revoke");
    let stages = teacher.post_data("/api/camp/staging-rule", json!({"campId": camp_id})).await;
    assert_eq!(stages.as_array().unwrap().len(), 2);
    let dps = teacher.data(&format!("/api/camp/publish/qrCode/getDpList?campId={camp_id}")).await;
    let teacher_id = app.user_id(TEACHER).await;
    let classes: Vec<(i64, String)> =
        sqlx::query_as("SELECT id, name FROM classes WHERE teacher_id = $1 ORDER BY id").bind(teacher_id).fetch_all(db.pool()).await.unwrap();
    assert_eq!(dps.as_array().unwrap().len(), classes.len() + 1, "the general code and each class of the teacher");
    let class_id = classes[0].0;
    let general = teacher.data(&format!("/api/camp/publish/qrCode/getQrCode?campId={camp_id}&dpId=0")).await;
    assert!(general["qrcode"].as_str().unwrap().starts_with("data:image/svg+xml;base64,"));
    let general = token_of(general["url"].as_str().unwrap());
    let class_link = token_of(teacher.data(&format!("/api/camp/publish/qrCode/getQrCode?campId={camp_id}&dpId={class_id}")).await["url"].as_str().unwrap());
    assert_eq!(teacher.get(&format!("/api/camp/publish/qrCode/getQrCode?campId={camp_id}&dpId=999999")).await.0, 404);

    // Forged, tampered and expired links are refused; a wrong name is refused.
    let info = anyone.post_data("/api/camp/student/join/info", json!({"token": class_link})).await;
    assert_eq!((info["campName"].as_str(), info["dpName"].as_str()), (Some("分数训练营"), Some(classes[0].1.as_str())));
    let key = storage::secrets::signing_key(db).await.unwrap();
    let expired = api::signing::token(&key, "camp-join", &format!("{camp_id}-0"), storage::now_ms() - 1);
    let (status, body) = anyone.post("/api/camp/student/join/info", json!({"token": expired})).await;
    assert_eq!((status, body["msg"].as_str()), (403, Some("链接已过期，请重新获取")));
    let forged = general.replacen(&format!("{camp_id}-0"), &format!("{}-0", camp_id + 1), 1);
    assert_eq!(anyone.post("/api/camp/student/join/info", json!({"token": forged})).await.0, 403);
    let mut students = Vec::new();
    for i in 0..5 {
        let code = format!("CAMP{i:03}");
        let name = format!("学生{i}");
        storage::teaching::add_student(db, &code, &name, "五年级", 1001).await.unwrap();
        students.push((code, name));
    }
    let (status, body) = anyone.post("/api/camp/student/join", json!({"token": general, "studentCode": "CAMP000", "studentName": "别人"})).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("学号或姓名不正确")));

    // Students join: 0–2 through the class's code, 3–4 through the general one. The teacher's
    // open page hears each join and each finished task.
    let mut page = teacher.socket(None).await;
    page.expect_connected().await;
    let mut tokens = Vec::new();
    for (i, (code, name)) in students.iter().enumerate() {
        tokens.push(join(&anyone, if i < 3 { &class_link } else { &general }, code, name).await);
    }
    let push = page.expect_push().await;
    assert_eq!(push.type_code, protocol::push::TypeCode::CampChanged);
    let change: protocol::push::CampChange = push.decode_content().unwrap().value.map(|v| serde_json::from_value(v).unwrap()).unwrap();
    assert_eq!((change.camp_id, change.kind.as_str()), (camp_id, "progress"));
    // Joining again answers the same membership.
    let again = anyone.post_data("/api/camp/student/join", json!({"token": general, "studentCode": "CAMP000", "studentName": "学生0"})).await;
    let first_view = anyone.post_data("/api/camp/student/view", json!({"memberToken": tokens[0]})).await;
    assert_eq!(again["campId"], camp_id, "the same membership (the member count below stays 5)");
    assert_eq!(first_view["taskCount"], 3);
    assert!(first_view["phases"][0]["tasks"][0].get("rightAnswers").is_none(), "no answers before answering");
    assert_eq!(first_view["phases"][0]["tasks"][0]["taskId"].as_i64(), Some(cards), "the published order");

    // Who does what: answers per student (None: not answered), cards done, document done.
    let answers: [Option<[i64; 4]>; 5] = [Some([1, 1, 0, 1]), Some([1, 0, 0, 0]), Some([0, 0, 1, 0]), None, Some([1, 1, 0, 0])];
    let did_cards = [true, true, false, false, true];
    let did_doc = [true, false, false, false, true];
    let right = [1i64, 1, 0, 1];
    for (i, token) in tokens.iter().enumerate() {
        if let Some(a) = answers[i] {
            let done = anyone.post_data("/api/camp/student/task/answer", json!({"memberToken": token, "taskId": quiz, "answers": a})).await;
            let correct = a.iter().zip(right).filter(|(x, y)| **x == *y).count() as i64;
            assert_eq!(done["score"].as_i64(), Some((correct as f64 * 100.0 / 4.0).round() as i64));
            assert_eq!(done["rightAnswers"], json!(right));
        }
        if did_cards[i] {
            anyone.post_data("/api/camp/student/task/done", json!({"memberToken": token, "taskId": cards})).await;
        }
        if did_doc[i] {
            let file = anyone.post_data("/api/camp/student/task/file", json!({"memberToken": token, "taskId": doc})).await;
            let bytes = reqwest::get(app.url(file["url"].as_str().unwrap())).await.unwrap().bytes().await.unwrap();
            assert_eq!(bytes.to_vec(), vec![7u8; 64]);
            anyone.post_data("/api/camp/student/task/done", json!({"memberToken": token, "taskId": doc})).await;
        }
    }
    let push = page.expect_push().await;
    assert_eq!(push.type_code, protocol::push::TypeCode::CampChanged);
    // Answering twice, a question set through "done", wrong answer counts, a forged member token.
    let (status, body) = anyone.post("/api/camp/student/task/answer", json!({"memberToken": tokens[0], "taskId": quiz, "answers": [0, 0, 0, 0]})).await;
    assert_eq!((status, body["msg"].as_str()), (409, Some("已提交过答案")));
    assert_eq!(anyone.post("/api/camp/student/task/done", json!({"memberToken": tokens[3], "taskId": quiz})).await.0, 400);
    assert_eq!(anyone.post("/api/camp/student/task/answer", json!({"memberToken": tokens[3], "taskId": quiz, "answers": [0, 0]})).await.0, 400);
    assert_eq!(anyone.post("/api/camp/student/task/answer", json!({"memberToken": tokens[3], "taskId": quiz, "answers": [0, 0, 9, 0]})).await.0, 400);
    assert_eq!(anyone.post("/api/camp/student/view", json!({"memberToken": format!("{}x", tokens[3])})).await.0, 403);
    let view = anyone.post_data("/api/camp/student/view", json!({"memberToken": tokens[0]})).await;
    assert_eq!((view["doneCount"].as_i64(), view["phases"][0]["tasks"][1]["myAnswers"].clone()), (Some(3), json!([1, 1, 0, 1])));

    // Statistics, against figures computed here.
    let tasks = 3i64;
    let done_per: Vec<i64> = (0..5).map(|i| answers[i].is_some() as i64 + did_cards[i] as i64 + did_doc[i] as i64).collect();
    let scores: Vec<i64> =
        answers.iter().flatten().map(|a| ((a.iter().zip(right).filter(|(x, y)| **x == *y).count() as f64) * 100.0 / 4.0).round() as i64).collect();
    let mean = |v: &[i64]| ((v.iter().sum::<i64>() as f64 / v.len() as f64) * 10.0).round() / 10.0;
    let overview = teacher.post_data("/api/camp/statistics/overview", json!({"campId": camp_id})).await;
    assert_eq!(int(&overview["memberCount"]), 5);
    assert_eq!(int(&overview["doneCount"]), done_per.iter().sum::<i64>());
    assert_eq!(int(&overview["startedMembers"]), done_per.iter().filter(|d| **d > 0).count() as i64);
    assert_eq!(int(&overview["completedMembers"]), done_per.iter().filter(|d| **d == tasks).count() as i64);
    assert!((overview["completionRate"].as_f64().unwrap() - done_per.iter().sum::<i64>() as f64 / 15.0).abs() < 1e-9);
    assert_eq!(overview["averageScore"].as_f64(), Some(mean(&scores)));
    let today = overview["days"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((int(&today["doneCount"]), int(&today["activeMembers"])), (done_per.iter().sum::<i64>(), 4));
    let phase_stats = teacher.post_data("/api/camp/statistics/phase/list", json!({"campId": camp_id})).await;
    let a_done: i64 = (0..5).map(|i| answers[i].is_some() as i64 + did_cards[i] as i64).sum();
    assert_eq!(
        (int(&phase_stats[0]["doneCount"]), int(&phase_stats[0]["completedMembers"])),
        (a_done, (0..5).filter(|i| answers[*i].is_some() && did_cards[*i]).count() as i64)
    );
    assert_eq!(int(&phase_stats[1]["doneCount"]), did_doc.iter().filter(|d| **d).count() as i64);
    let class_stats = teacher.post_data("/api/camp/statistics/class/list", json!({"campId": camp_id})).await;
    let by_class: HashMap<i64, (i64, i64)> =
        class_stats.as_array().unwrap().iter().map(|c| (int(&c["classId"]), (int(&c["memberCount"]), int(&c["doneCount"])))).collect();
    assert_eq!(by_class[&class_id], (3, done_per[..3].iter().sum()));
    assert_eq!(by_class[&0], (2, done_per[3..].iter().sum()));
    let summary = teacher.post_data("/api/camp/statistics/task/student/summary", json!({"campId": camp_id, "taskId": quiz})).await;
    assert_eq!((int(&summary["doneCount"]), int(&summary["notDoneCount"])), (4, 1));
    for (q, stat) in summary["questions"].as_array().unwrap().iter().enumerate() {
        let correct = answers.iter().flatten().filter(|a| a[q] == right[q]).count() as i64;
        assert_eq!((int(&stat["answered"]), int(&stat["correct"])), (4, correct), "question {q}");
    }
    let not_done = teacher.post_data("/api/camp/statistics/task/student/detail/list", json!({"campId": camp_id, "taskId": doc, "status": 0})).await;
    assert_eq!(int(&not_done["total"]), did_doc.iter().filter(|d| !**d).count() as i64);
    let completed = teacher.post_data("/api/camp/statistics/condition/student/list", json!({"campId": camp_id, "progress": 2})).await;
    let completed_names: Vec<&str> = completed["records"].as_array().unwrap().iter().map(|m| m["studentName"].as_str().unwrap()).collect();
    let expected: Vec<String> = (0..5).filter(|i| done_per[*i] == tasks).map(|i| format!("学生{i}")).collect();
    assert_eq!(completed_names, expected);
    let in_class = teacher.post_data("/api/camp/statistics/condition/student/list", json!({"campId": camp_id, "classId": class_id, "pageSize": 2})).await;
    assert_eq!((int(&in_class["total"]), in_class["records"].as_array().unwrap().len()), (3, 2));
    let member = int(&completed["records"][0]["memberId"]);
    let head = teacher.post_data("/api/camp/statistics/student/detail/head", json!({"campId": camp_id, "memberId": member})).await;
    assert_eq!((int(&head["doneCount"]), head["progress"].as_i64()), (3, Some(2)));
    let rows = teacher.post_data("/api/camp/statistics/student/detail/list", json!({"campId": camp_id, "memberId": member})).await;
    assert_eq!(rows.as_array().unwrap().len(), 3);
    let poster = teacher.post_data("/api/camp/statistics/praise/poster", json!({"campId": camp_id, "memberId": member})).await;
    let svg = String::from_utf8(base64_decode(poster["image"].as_str().unwrap().trim_start_matches("data:image/svg+xml;base64,"))).unwrap();
    assert!(svg.contains("学生0") && poster["achievement"].as_str().unwrap().contains("全部3个任务"), "{svg}");
    let idle =
        int(&teacher.post_data("/api/camp/statistics/condition/student/list", json!({"campId": camp_id, "progress": 0})).await["records"][0]["memberId"]);
    assert_eq!(teacher.post("/api/camp/statistics/praise/poster", json!({"campId": camp_id, "memberId": idle})).await.0, 409);
    assert_eq!(other.post("/api/camp/statistics/praise/poster", json!({"campId": camp_id, "memberId": member})).await.0, 404);

    // Editing a published camp: students keep the published version until it is published
    // again, or the edit is revoked and the working copy is the published one again.
    let renamed = teacher.post_data("/api/camp/update-phase-name", json!({"campId": camp_id, "phaseId": a, "phaseName": "阶段A（新）"})).await;
    assert_eq!(renamed[0]["phaseName"], "阶段A（新）");
    teacher.post_data("/api/camp/delete-phase-task", json!({"campId": camp_id, "taskId": cards})).await;
    let info = teacher.post_data("/api/camp/info", json!({"campId": camp_id})).await;
    assert_eq!((info["status"].as_i64(), info["hasEdits"].as_bool()), (Some(2), Some(true)));
    let student = anyone.post_data("/api/camp/student/view", json!({"memberToken": tokens[4]})).await;
    assert_eq!((student["phases"][0]["phaseName"].as_str(), student["taskCount"].as_i64()), (Some("阶段A"), Some(3)));
    // A file replaced while editing reaches students only when published: they read the
    // published file, the owner's preview the new one.
    let upload = teacher.post_data("/api/resource/getUploadUrl", json!({"fileName": "讲义v2.pdf"})).await;
    let put = reqwest::Client::new().put(app.url(upload["uploadUrl"].as_str().unwrap())).body(vec![8u8; 32]).send().await.unwrap();
    assert!(put.status().is_success());
    teacher.post_data("/api/camp/update-task-bizId", json!({"taskId": doc, "bizId": upload["fileId"]})).await;
    let theirs = anyone.post_data("/api/camp/student/task/file", json!({"memberToken": tokens[4], "taskId": doc})).await;
    assert_eq!(reqwest::get(app.url(theirs["url"].as_str().unwrap())).await.unwrap().bytes().await.unwrap().to_vec(), vec![7u8; 64]);
    let preview = teacher.post_data("/api/camp/task/doc-info", json!({"campId": camp_id, "taskId": doc})).await;
    assert_eq!(reqwest::get(app.url(preview["url"].as_str().unwrap())).await.unwrap().bytes().await.unwrap().to_vec(), vec![8u8; 32]);
    let tampered = theirs["url"].as_str().unwrap().replace("/published?", "/working?");
    assert_eq!(reqwest::get(app.url(&tampered)).await.unwrap().status(), 403, "a link signs which copy it serves");
    let restored = teacher.post_data("/api/camp/edit-revoke", json!({"campId": camp_id})).await;
    assert_eq!((restored["status"].as_i64(), restored["hasEdits"].as_bool()), (Some(1), Some(false)));
    let working = teacher.post_data("/api/camp/phase", json!({"campId": camp_id})).await;
    assert_eq!((working[0]["phaseName"].as_str(), task_ids(&working[0])), (Some("阶段A"), vec![cards, quiz]));
    // Revoking the publication is refused once students joined.
    let (status, body) = teacher.post("/api/camp/revoke", json!({"campId": camp_id})).await;
    assert_eq!((status, body["msg"].as_str()), (409, Some("已有5名学员加入，不能撤回发布；可暂停或关闭营地")));

    // Pause: students see why and cannot go on; resume; shut down for good.
    teacher.post_data("/api/camp/pause", json!({"campId": camp_id, "reason": "期中考试周"})).await;
    let (status, body) = anyone.post("/api/camp/student/task/done", json!({"memberToken": tokens[3], "taskId": cards})).await;
    assert_eq!((status, body["msg"].as_str()), (409, Some("营地已暂停：期中考试周")));
    assert_eq!(anyone.post_data("/api/camp/student/view", json!({"memberToken": tokens[3]})).await["notice"], "营地已暂停：期中考试周");
    assert_eq!(anyone.post("/api/camp/student/join", json!({"token": general, "studentCode": "CAMP000", "studentName": "学生0"})).await.0, 409);
    assert_eq!(teacher.post_data("/api/camp/resume", json!({"campId": camp_id})).await["status"], 1);
    anyone.post_data("/api/camp/student/task/done", json!({"memberToken": tokens[3], "taskId": cards})).await;
    assert_eq!(teacher.post_data("/api/camp/shutdown", json!({"campId": camp_id})).await["status"], 4);
    for (path, body) in [
        ("/api/camp/add-phase", json!({"campId": camp_id, "phaseName": "新"})),
        ("/api/camp/publish", json!({"campId": camp_id})),
        ("/api/camp/pause", json!({"campId": camp_id})),
        ("/api/camp/shutdown", json!({"campId": camp_id})),
    ] {
        assert_eq!(teacher.post(path, body).await.0, 409, "{path} after shutdown");
    }
    assert_eq!(anyone.post("/api/camp/student/task/done", json!({"memberToken": tokens[3], "taskId": doc})).await.0, 409);
    // The figures stay readable.
    assert_eq!(int(&teacher.post_data("/api/camp/statistics/overview", json!({"campId": camp_id})).await["doneCount"]), done_per.iter().sum::<i64>() + 1);
    // The camp list knows it.
    let list = teacher.post_data("/api/camp/statistics/campListByCollectionId", json!({"status": 4})).await;
    assert_eq!(list.as_array().unwrap().iter().map(|c| int(&c["campId"])).collect::<Vec<_>>(), vec![camp_id]);
    page.close().await;
}

fn base64_decode(text: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.decode(text).unwrap()
}

on_both_databases!(phases_open_by_the_camps_rule);

async fn phases_open_by_the_camps_rule(app: &TestApp) {
    let db = &app.state.db;
    let teacher = app.login(TEACHER).await;
    let anyone = app.client();
    let (camp_id, phases, [quiz, cards, doc]) = build(app, &teacher).await;
    storage::teaching::add_student(db, "RULE01", "规则生", "五年级", 1001).await.unwrap();
    // In order: B opens once every task of A is done.
    teacher.post_data("/api/camp/rule", json!({"campId": camp_id, "publishRule": 2})).await;
    teacher.post_data("/api/camp/publish", json!({"campId": camp_id})).await;
    let link = token_of(teacher.data(&format!("/api/camp/publish/qrCode/getQrCode?campId={camp_id}")).await["url"].as_str().unwrap());
    let token = join(&anyone, &link, "RULE01", "规则生").await;
    let view = anyone.post_data("/api/camp/student/view", json!({"memberToken": token})).await;
    assert_eq!((view["phases"][0]["open"].as_bool(), view["phases"][1]["open"].as_bool()), (Some(true), Some(false)));
    let (status, body) = anyone.post("/api/camp/student/task/done", json!({"memberToken": token, "taskId": doc})).await;
    assert_eq!((status, body["msg"].as_str()), (409, Some("该阶段尚未开放：完成上一阶段的全部任务后开放")));
    anyone.post_data("/api/camp/student/task/done", json!({"memberToken": token, "taskId": cards})).await;
    anyone.post_data("/api/camp/student/task/answer", json!({"memberToken": token, "taskId": quiz, "answers": [1, 1, 0, 1]})).await;
    anyone.post_data("/api/camp/student/task/done", json!({"memberToken": token, "taskId": doc})).await;
    assert_eq!(anyone.post_data("/api/camp/student/view", json!({"memberToken": token})).await["doneCount"], 3);

    // By date: a start next week keeps every phase closed; publishing the rule opens them by it.
    let start = storage::now_ms() + 7 * 86_400_000;
    let info = teacher.post_data("/api/camp/rule", json!({"campId": camp_id, "publishRule": 3, "startTime": start, "intervalDays": 3})).await;
    assert_eq!(info["status"], 2, "a rule change is an edit");
    let view = anyone.post_data("/api/camp/student/view", json!({"memberToken": token})).await;
    assert_eq!(view["phases"][1]["open"], true, "students follow the published rule until the new one is published");
    let restored = teacher.post_data("/api/camp/edit-revoke", json!({"campId": camp_id})).await;
    assert_eq!((restored["publishRule"].as_i64(), restored["startTime"].clone()), (Some(2), Value::Null), "revoking the edit restores the rule");
    teacher.post_data("/api/camp/rule", json!({"campId": camp_id, "publishRule": 3, "startTime": start, "intervalDays": 3})).await;
    let stages = teacher.post_data("/api/camp/staging-rule", json!({"campId": camp_id})).await;
    assert_eq!(int(&stages[1]["openTime"]) - int(&stages[0]["openTime"]), 3 * 86_400_000);
    teacher.post_data("/api/camp/publish", json!({"campId": camp_id})).await;
    let view = anyone.post_data("/api/camp/student/view", json!({"memberToken": token})).await;
    assert_eq!((view["phases"][0]["open"].as_bool(), view["phases"][1]["open"].as_bool()), (Some(false), Some(false)));
    assert!(view["phases"][0]["tasks"][0].get("cards").is_none(), "a closed phase shows no content");
    let _ = phases;
}

on_both_databases!(two_tabs_reordering_end_in_one_order);

async fn two_tabs_reordering_end_in_one_order(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let second_tab = app.login(TEACHER).await;
    let camp_id = int(&teacher.post_data("/api/camp/create", json!({"campName": "排序营"})).await["campId"]);
    let mut phases = Vec::new();
    for i in 0..6 {
        phases.push(int(&teacher.post_data("/api/camp/add-phase", json!({"campId": camp_id, "phaseName": format!("阶段{i}")})).await["phaseId"]));
    }
    let mut watcher = second_tab.socket(None).await;
    watcher.expect_connected().await;
    let forward = phases.clone();
    let backward: Vec<i64> = phases.iter().rev().copied().collect();
    for round in 0..10 {
        let (x, y) = (forward.clone(), backward.clone());
        let (a, b) = futures_util::join!(
            teacher.post("/api/camp/update-phase-seqno", json!({"campId": camp_id, "phaseIds": x})),
            second_tab.post("/api/camp/update-phase-seqno", json!({"campId": camp_id, "phaseIds": y})),
        );
        assert_eq!((a.0, b.0), (200, 200), "round {round}");
        // Both tabs read one order, and it is one of the two asked for, never a mix.
        let seen_a = ids(&teacher.post_data("/api/camp/phase", json!({"campId": camp_id})).await);
        let seen_b = ids(&second_tab.post_data("/api/camp/phase", json!({"campId": camp_id})).await);
        assert_eq!(seen_a, seen_b);
        assert!(seen_a == forward || seen_a == backward, "round {round}: {seen_a:?}");
    }
    // The other tab hears each change.
    let push = watcher.next_push(Duration::from_secs(5)).await.expect("a structure push");
    assert_eq!(push.type_code, protocol::push::TypeCode::CampChanged);
    watcher.close().await;
}

on_both_databases!(camp_files_saved_into_the_drive);

async fn camp_files_saved_into_the_drive(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let (camp_id, _, [quiz, _, doc]) = build(app, &teacher).await;
    let collection = teacher.post_data("/api/camp/info", json!({"campId": camp_id})).await["collectionId"].clone();
    let before = int(&teacher.post_data("/api/resource/list", json!({})).await["total"]);
    let saved = teacher.post_data("/api/category/resource/save/knowledge/base", json!({"campId": camp_id, "taskIds": [doc]})).await;
    assert_eq!((int(&saved["savedCount"]), int(&saved["skippedCount"]), int(&saved["status"])), (1, 0, 2));
    let resources = teacher.post_data("/api/resource/list", json!({})).await;
    assert_eq!(int(&resources["total"]), before + 1);
    let resource = resources["records"].as_array().unwrap().iter().find(|r| r["id"] == saved["resourceIds"][0]).unwrap().clone();
    assert_eq!((resource["name"].as_str(), resource["size"].as_i64()), (Some("讲义.pdf"), Some(64)));
    // The saved file is the task's: its download gives the same bytes.
    let link = teacher.post_data("/api/resource/getDownloadUrl", json!({"id": resource["id"]})).await;
    assert_eq!(reqwest::get(app.url(link["url"].as_str().unwrap())).await.unwrap().bytes().await.unwrap().to_vec(), vec![7u8; 64]);
    // Saving again (the whole collection) skips what the drive holds.
    let again = teacher.post_data("/api/collection/save/knowledge/base", json!({"collectionId": collection})).await;
    assert_eq!((int(&again["savedCount"]), int(&again["skippedCount"])), (0, 1));
    let status = teacher.post_data("/api/category/resource/save/knowledge/base/status", json!({"recordId": saved["recordId"]})).await;
    assert_eq!(status["resourceIds"], saved["resourceIds"]);
    // Refusals: a question set is no file, a task of nowhere, another user's camp, record, collection.
    assert_eq!(teacher.post("/api/category/resource/save/knowledge/base", json!({"campId": camp_id, "taskIds": [quiz]})).await.0, 400);
    assert_eq!(teacher.post("/api/category/resource/save/knowledge/base", json!({"campId": camp_id, "taskIds": [doc + 999]})).await.0, 404);
    let other = app.login(TEACHER2).await;
    assert_eq!(other.post("/api/category/resource/save/knowledge/base", json!({"campId": camp_id})).await.0, 404);
    assert_eq!(other.post("/api/category/resource/save/knowledge/base/status", json!({"recordId": saved["recordId"]})).await.0, 404);
    assert_eq!(other.post("/api/collection/save/knowledge/base", json!({"collectionId": collection})).await.0, 404);
}
