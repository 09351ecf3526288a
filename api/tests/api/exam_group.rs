//! Exam groups through HTTP: groups and members within the teacher's schools, an import with bad
//! rows reported by number (and files refused whole), the export through the download queue,
//! the selection, publishing, results, sharing, and the withdrawal rule with its picture code.

use std::time::Duration;

use calamine::Reader;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_databases;

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

/// Students of the teacher's school (1001) and one of another school.
async fn students(app: &TestApp) -> (Vec<(i64, String, String)>, i64) {
    let db = &app.state.db;
    let mut ours = Vec::new();
    for i in 0..6 {
        let (code, name) = (format!("EXG{i:03}"), format!("考生{i}"));
        let id = storage::teaching::add_student(db, &code, &name, "初二", 1001).await.unwrap();
        ours.push((id, code, name));
    }
    let stranger = storage::teaching::add_student(db, "EXGX01", "外校生", "初二", 3001).await.unwrap();
    (ours, stranger)
}

async fn group_count(app: &TestApp, owner: i64) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM exam_groups WHERE owner_id = $1").bind(owner).fetch_one(app.state.db.pool()).await.unwrap()
}

on_both_databases!(groups_and_their_members, import_and_export_of_a_group, exams_published_to_a_selection);

async fn groups_and_their_members(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let (ours, stranger) = students(app).await;
    // The groups need the teacher-group whitelist.
    let outsider = app.login(TEACHER2).await;
    assert_eq!(outsider.post("/api/exam/group/list", json!({})).await.0, 403);

    let group = teacher.post_data("/api/exam/group/save", json!({"groupName": " 初二（1）班 "})).await;
    assert_eq!((group["groupName"].as_str(), group["memberCount"].as_i64()), (Some("初二（1）班"), Some(0)));
    let gid = int(&group["id"]);
    let (status, body) = teacher.post("/api/exam/group/save", json!({"groupName": "初二（1）班"})).await;
    assert_eq!((status, body["msg"].as_str()), (409, Some("已有名为「初二（1）班」的分组")));
    assert_eq!(teacher.post("/api/exam/group/save", json!({"groupName": ""})).await.0, 400);

    // Search finds students of the teacher's schools only, and marks those in the group.
    let found = teacher.post_data("/api/exam/group/member/user/search", json!({"keyword": "EXG", "groupId": gid})).await;
    let codes: Vec<&str> = found.as_array().unwrap().iter().map(|s| s["studentCode"].as_str().unwrap()).collect();
    assert_eq!(codes, ours.iter().map(|s| s.1.as_str()).collect::<Vec<_>>());
    assert!(found.as_array().unwrap().iter().all(|s| s["inGroup"] == false));
    assert_eq!(teacher.post("/api/exam/group/member/user/search", json!({"keyword": " "})).await.0, 400);

    let ids: Vec<i64> = ours.iter().map(|s| s.0).collect();
    let added = teacher.post_data("/api/exam/group/member/add", json!({"groupId": gid, "studentIds": ids[..4]})).await;
    assert_eq!((int(&added["changed"]), int(&added["total"])), (4, 4));
    let again = teacher.post_data("/api/exam/group/member/add", json!({"groupId": gid, "studentIds": [ids[0], ids[4]]})).await;
    assert_eq!((int(&again["changed"]), int(&again["total"])), (1, 5), "those already in are skipped");
    let (status, _) = teacher.post("/api/exam/group/member/add", json!({"groupId": gid, "studentIds": [ids[5], stranger]})).await;
    assert_eq!(status, 404, "a student of another school is not the teacher's to add");
    let listed = teacher.post_data("/api/exam/group/list", json!({"keyword": "初二（1）"})).await;
    assert_eq!((listed.as_array().unwrap().len(), int(&listed[0]["memberCount"])), (1, 5), "nothing of a refused add was kept");
    let page = teacher.post_data("/api/exam/group/member/list", json!({"groupId": gid, "pageSize": 2, "pageNo": 3})).await;
    assert_eq!((int(&page["total"]), page["records"].as_array().unwrap().len()), (5, 1));
    let filtered = teacher.post_data("/api/exam/group/member/list", json!({"groupId": gid, "keyword": "考生4"})).await;
    assert_eq!(filtered["records"][0]["studentId"].as_i64(), Some(ids[4]));
    let removed = teacher.post_data("/api/exam/group/member/remove", json!({"groupId": gid, "studentIds": [ids[0], ids[5]]})).await;
    assert_eq!((int(&removed["changed"]), int(&removed["total"])), (1, 4));

    // Another teacher's group reads as absent.
    let admin = app.login(ADMIN).await;
    assert_eq!(admin.post("/api/exam/group/member/list", json!({"groupId": gid})).await.0, 404);
    assert_eq!(admin.post("/api/exam/group/delete", json!({"groupId": gid})).await.0, 404);
    let renamed = teacher.post_data("/api/exam/group/save", json!({"id": gid, "groupName": "初二（2）班"})).await;
    assert_eq!(renamed["groupName"], "初二（2）班");
    let before = teacher.post_data("/api/exam/group/list", json!({})).await.as_array().unwrap().len();
    teacher.post_data("/api/exam/group/delete", json!({"groupId": gid})).await;
    let after = teacher.post_data("/api/exam/group/list", json!({})).await;
    assert_eq!(after.as_array().unwrap().len(), before - 1);
    assert!(after.as_array().unwrap().iter().all(|g| int(&g["id"]) != gid));
}

async fn import_and_export_of_a_group(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let owner = app.user_id(TEACHER).await;
    let (ours, _) = students(app).await;
    let rows = vec![
        vec!["序号", "学号", "姓名"],
        vec!["1", ours[0].1.as_str(), ours[0].2.as_str()],
        vec!["2", "", "无学号"],
        vec!["3", ours[1].1.as_str(), "别人"],
        vec!["4", "NOPE01", "查无此人"],
        vec!["", "", ""],
        vec!["6", ours[2].1.as_str(), ours[2].2.as_str()],
        vec!["7", ours[0].1.as_str(), ours[0].2.as_str()],
        vec!["8", "EXGX01", "外校生"],
        vec!["9", ours[3].1.as_str(), ""],
    ];
    let file = finished_upload(app, &teacher, "名单.xlsx", xlsx(&rows)).await;
    let result = teacher.post_data("/api/exam/group/import", json!({"fileId": file, "groupName": "导入组"})).await;
    assert_eq!((int(&result["added"]), int(&result["group"]["memberCount"])), (2, 2));
    let errors: Vec<(i64, String)> = result["errors"].as_array().unwrap().iter().map(|e| (int(&e["row"]), e["reason"].as_str().unwrap().to_owned())).collect();
    assert_eq!(
        errors,
        vec![
            (3, "学号为空".to_owned()),
            (4, format!("姓名与学号{}不符", ours[1].1)),
            (5, "学号NOPE01不存在或不是本校区的学生".to_owned()),
            (8, "与第2行的学号重复".to_owned()),
            (9, "学号EXGX01不存在或不是本校区的学生".to_owned()),
            (10, "姓名为空".to_owned()),
        ]
    );
    let gid = int(&result["group"]["id"]);

    // Files refused whole: nothing of them is kept.
    let before = group_count(app, owner).await;
    let not_xlsx = finished_upload(app, &teacher, "名单2.xlsx", b"just text, not a workbook".to_vec()).await;
    let (status, body) = teacher.post("/api/exam/group/import", json!({"fileId": not_xlsx, "groupName": "坏文件"})).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("不是有效的 Excel（.xlsx）文件")));
    let mut junk: Vec<Vec<&str>> = vec![vec!["学号", "姓名"]];
    junk.extend(std::iter::repeat_n(vec!["垃圾", "数据"], 2_001));
    let big = finished_upload(app, &teacher, "名单3.xlsx", xlsx(&junk)).await;
    let (status, body) = teacher.post("/api/exam/group/import", json!({"fileId": big, "groupName": "大文件"})).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("最多导入2000行学生（文件有2001行）")));
    let bad_only = finished_upload(app, &teacher, "名单4.xlsx", xlsx(&[vec!["学号", "姓名"], vec!["NOPE02", "谁"]])).await;
    assert_eq!(teacher.post("/api/exam/group/import", json!({"fileId": bad_only, "groupName": "全错"})).await.0, 400);
    let no_header = finished_upload(app, &teacher, "名单5.xlsx", xlsx(&[vec!["code", "name"], vec![ours[0].1.as_str(), ours[0].2.as_str()]])).await;
    assert_eq!(teacher.post("/api/exam/group/import", json!({"fileId": no_header, "groupName": "无表头"})).await.0, 400);
    let (status, _) = teacher.post("/api/exam/group/import", json!({"fileId": file, "groupName": "导入组"})).await;
    assert_eq!(status, 409, "the name is taken: no second group, no members added");
    assert_eq!(group_count(app, owner).await, before);
    let other = app.login(ADMIN).await;
    assert_eq!(other.post("/api/exam/group/import", json!({"fileId": file, "groupName": "别人的文件"})).await.0, 404);

    // The export goes through the download queue; the workbook lists the members.
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    teacher.post_data("/api/exam/group/export", json!({"groupId": gid})).await;
    let task_id = loop {
        let push = socket.next_push(Duration::from_secs(10)).await.expect("the export's status is pushed");
        let content = push.decode_content().unwrap();
        if push.type_code == protocol::push::TypeCode::DownloadStatusChanged && content.file_status == Some(3) {
            break content.id.unwrap();
        }
    };
    let auth = format!("Bearer {}", teacher.token.as_ref().unwrap());
    let bytes = teacher.http.get(app.url(&format!("/api/download/file/{task_id}"))).header("Authorization", &auth).send().await.unwrap().bytes().await.unwrap();
    let mut book = calamine::Xlsx::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let sheet = book.worksheet_range_at(0).unwrap().unwrap();
    let exported: Vec<Vec<String>> = sheet.rows().map(|r| r.iter().map(|c| c.to_string()).collect()).collect();
    assert_eq!(exported[0][..2], ["学号".to_owned(), "姓名".to_owned()]);
    let mut listed: Vec<(String, String)> = exported[1..].iter().map(|r| (r[0].clone(), r[1].clone())).collect();
    listed.sort();
    assert_eq!(listed, vec![(ours[0].1.clone(), ours[0].2.clone()), (ours[2].1.clone(), ours[2].2.clone())]);
    assert_eq!(other.post("/api/exam/group/export", json!({"groupId": gid})).await.0, 404);
    socket.close().await;
}

async fn exams_published_to_a_selection(app: &TestApp) {
    let db = &app.state.db;
    let teacher = app.login(TEACHER).await;
    let colleague = app.login(TEACHER2).await;
    let (ours, stranger) = students(app).await;
    let ids: Vec<i64> = ours.iter().map(|s| s.0).collect();
    let gid = int(&teacher.post_data("/api/exam/group/save", json!({"groupName": "冲刺组"})).await["id"]);
    teacher.post_data("/api/exam/group/member/add", json!({"groupId": gid, "studentIds": ids[..3]})).await;
    let now = storage::now_ms();
    let exam = |name: &str| json!({"examName": name, "startTime": now, "endTime": now + 7_200_000, "fullScore": 120});
    let (status, body) = teacher.post("/api/exam/api/collections_suit/publish/gdk/pub", exam("空考试")).await;
    assert_eq!((status, body["msg"].as_str()), (409, Some("还没有选择考试的学生")));

    // The selection: a group and two students one by one (one of them already picked).
    let picked = teacher.post_data("/api/exam/group/member/select/save/v2", json!({"groupIds": [gid]})).await;
    assert_eq!(int(&picked["total"]), 3);
    let picked = teacher.post_data("/api/exam/group/member/select/save", json!({"studentIds": [ids[2], ids[3]]})).await;
    assert_eq!((int(&picked["changed"]), int(&picked["total"])), (1, 4));
    assert_eq!(teacher.post("/api/exam/group/member/select/save", json!({"studentIds": [stranger]})).await.0, 404);
    teacher.post_data("/api/exam/group/member/select/remove", json!({"studentIds": [ids[1]]})).await;
    let selection = teacher.post_data("/api/exam/group/member/select/list", json!({})).await;
    let selected: Vec<i64> = selection.as_array().unwrap().iter().map(|s| int(&s["studentId"])).collect();
    assert_eq!(selected, vec![ids[0], ids[2], ids[3]]);
    assert_eq!(selection[0]["groupName"], "冲刺组");
    for bad in [
        json!({"examName": "", "startTime": now, "endTime": now + 1}),
        json!({"examName": "x", "startTime": now, "endTime": now}),
        json!({"examName": "x", "startTime": now, "endTime": now + 40 * 86_400_000i64}),
        json!({"examName": "x", "startTime": now, "endTime": now + 1, "fullScore": 0}),
    ] {
        assert_eq!(teacher.post("/api/exam/api/collections_suit/publish/gdk/pub", bad).await.0, 400);
    }
    let published = teacher.post_data("/api/exam/api/collections_suit/publish/gdk/pub", exam("期中模拟")).await;
    let exam_id = int(&published["examId"]);
    assert_eq!((int(&published["memberCount"]), published["status"].as_i64()), (3, Some(1)));
    assert_eq!(teacher.post_data("/api/exam/group/member/select/list", json!({})).await, json!([]), "publishing empties the selection");
    let added = teacher.post_data("/api/exam/collections/member/gdk/add/userList", json!({"examId": exam_id, "studentIds": [ids[4], ids[0]]})).await;
    assert_eq!((int(&added["changed"]), int(&added["total"])), (1, 4));

    // Shared with a colleague: they read it and record results, but do not manage it.
    assert_eq!(colleague.post("/api/exam/detail", json!({"examId": exam_id})).await.0, 404);
    let (status, _) = teacher.post("/api/exam/share", json!({"examId": exam_id, "emails": ["nobody@demo.eduhub"]})).await;
    assert_eq!(status, 400);
    teacher.post_data("/api/exam/share", json!({"examId": exam_id, "emails": [TEACHER2]})).await;
    let shared = colleague.post_data("/api/exam/share/list", json!({})).await;
    assert_eq!((shared[0]["examId"].as_i64(), shared[0]["mine"].as_bool()), (Some(exam_id), Some(false)));
    assert_eq!(colleague.post("/api/exam/collections/member/gdk/add/userList", json!({"examId": exam_id, "studentIds": [ids[5]]})).await.0, 403);
    assert_eq!(colleague.post("/api/exam/api/collections_suit/checkIfCanRevoke", json!({"examId": exam_id})).await.0, 403);
    let scores = [(ids[0], 96.5), (ids[3], 71.0)];
    let row = colleague
        .post_data(
            "/api/exam/score/save",
            json!({"examId": exam_id, "scores": scores.iter().map(|(s, v)| json!({"studentId": s, "score": v})).collect::<Vec<_>>()}),
        )
        .await;
    assert_eq!((int(&row["submittedCount"]), row["averageScore"].as_f64()), (2, Some(((96.5 + 71.0) / 2.0 * 10.0_f64).round() / 10.0)));
    assert_eq!(teacher.post("/api/exam/score/save", json!({"examId": exam_id, "scores": [{"studentId": ids[2], "score": 121}]})).await.0, 400);
    assert_eq!(teacher.post("/api/exam/score/save", json!({"examId": exam_id, "scores": [{"studentId": ids[5], "score": 60}]})).await.0, 409);
    let not_in: Vec<i64> = teacher
        .post_data("/api/exam/group/member/select/noSubmit/list", json!({"examId": exam_id}))
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|m| int(&m["studentId"]))
        .collect();
    let mut expected = vec![ids[2], ids[4]];
    expected.sort_by_key(|id| ours.iter().find(|s| s.0 == *id).unwrap().1.clone());
    assert_eq!(not_in, expected);
    let detail = teacher.post_data("/api/exam/detail", json!({"examId": exam_id})).await;
    assert_eq!((detail["members"].as_array().unwrap().len(), detail["canManage"].as_bool()), (4, Some(true)));
    assert_eq!(detail["sharedWith"][0]["email"], TEACHER2);

    // The withdrawal rule: not once a member has handed in.
    let check = teacher.post_data("/api/exam/api/collections_suit/checkIfCanRevoke", json!({"examId": exam_id})).await;
    assert_eq!((check["canRevoke"].as_bool(), check["reason"].as_str()), (Some(false), Some("已有2名学生提交成绩，不能撤回")));
    // Clearing the results makes it withdrawable again.
    teacher
        .post_data("/api/exam/score/save", json!({"examId": exam_id, "scores": [{"studentId": ids[0], "score": null}, {"studentId": ids[3], "score": null}]}))
        .await;
    let check = teacher.post_data("/api/exam/api/collections_suit/checkIfCanRevoke", json!({"examId": exam_id})).await;
    assert_eq!((check["canRevoke"].as_bool(), check["reason"].as_str()), (Some(true), Some("")));
    // A picture confirms it: a real PNG; a wrong code is refused and uses the picture up.
    let auth = format!("Bearer {}", teacher.token.as_ref().unwrap());
    let picture = teacher.http.get(app.url(&format!("/api/exam/achieveVerifyCode?examId={exam_id}"))).header("Authorization", &auth).send().await.unwrap();
    assert_eq!(picture.headers()["content-type"], "image/png");
    assert!(picture.bytes().await.unwrap().starts_with(b"\x89PNG"));
    let (status, _) = teacher.post("/api/exam/api/collections_suit/executeRevoke", json!({"examId": exam_id, "verifyCode": "zzzz"})).await;
    assert_eq!(status, 400);
    // The picture's answer is kept only as a digest; the test stores one it knows, as drawing does.
    let teacher_id = app.user_id(TEACHER).await;
    storage::login_guard::store_captcha(db, &format!("exam-revoke:{teacher_id}"), &format!("exam:{exam_id}"), "k7Qp").await.unwrap();
    let revoked = teacher.post_data("/api/exam/api/collections_suit/executeRevoke", json!({"examId": exam_id, "verifyCode": "K7QP"})).await;
    assert_eq!(revoked["status"], 2);
    assert_eq!(teacher.post("/api/exam/score/save", json!({"examId": exam_id, "scores": [{"studentId": ids[0], "score": 50}]})).await.0, 409);
    let check = teacher.post_data("/api/exam/api/collections_suit/checkIfCanRevoke", json!({"examId": exam_id})).await;
    assert_eq!(check["reason"], "考试已撤回");
    let list = teacher.post_data("/api/exam/list", json!({"status": 2})).await;
    assert_eq!(int(&list["total"]), 1);
}
