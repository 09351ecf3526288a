//! The cloud drive through HTTP and the push socket: the space tree, folders and files, moves
//! and copies of subtrees (a large copy on the job engine), the recycle bin, teams and their
//! rights, sharing with people and by link, quotas and the sweep, and changes reaching everyone
//! who sees them. Refusals: a move into the own subtree, another's item, a team one is not in, a
//! revoked share, over quota.

use std::time::Duration;

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_databases;

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

fn names(page: &Value) -> Vec<String> {
    page["records"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap().to_owned()).collect()
}

async fn folder(c: &Client, parent: i64, team: i64, name: &str) -> i64 {
    int(&c.post_data("/api/document/create", json!({"parentId": parent, "teamId": team, "name": name})).await["id"])
}

async fn list(c: &Client, id: i64, query: Value) -> Value {
    c.post_data(&format!("/api/document/list/v2/{id}"), query).await
}

/// A finished upload of `bytes` bytes named `name`: its file id.
async fn upload(app: &TestApp, c: &Client, name: &str, bytes: usize) -> String {
    let up = c.post_data("/api/resource/getUploadUrl", json!({"fileName": name})).await;
    let res = reqwest::Client::new().put(app.url(up["uploadUrl"].as_str().unwrap())).body(vec![5u8; bytes]).send().await.unwrap();
    assert!(res.status().is_success());
    up["fileId"].as_str().unwrap().to_owned()
}

async fn file(app: &TestApp, c: &Client, parent: i64, name: &str, bytes: usize) -> i64 {
    let file_id = upload(app, c, name, bytes).await;
    int(&c.post_data("/api/document/create", json!({"parentId": parent, "fileId": file_id})).await["id"])
}

fn refused(res: &(u16, Value), status: u16) {
    assert_eq!(res.0, status, "{}", res.1);
    assert_ne!(res.1["code"].as_str(), Some("1"));
}

/// Waits for a `magic_drive_changed` signal naming `folder` (other pushes are skipped).
async fn expect_change(socket: &mut PushSocket, folder: i64) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(3);
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        let push = socket.next_push(left).await.unwrap_or_else(|| panic!("no drive change of folder {folder} within 3 s"));
        if push.type_code == protocol::push::TypeCode::DriveChanged {
            let value = push.decode_content().unwrap().value.unwrap();
            if value["folderIds"].as_array().unwrap().iter().any(|f| f.as_i64() == Some(folder)) {
                assert_eq!(push.id, "", "a drive change is a signal, not a stored push");
                return value;
            }
        }
    }
}

on_both_databases!(
    folders_files_and_links,
    moves_copies_and_the_bin,
    teams_and_their_rights,
    sharing_with_people_and_links,
    changes_reach_every_viewer,
    rights_and_the_bin_across_spaces,
    team_owners_answer_for_shares_and_members_use_team_files
);

/// A file keeps its type whatever it is renamed to; a share ends with its sender's right; bin
/// entries stay in the space they were deleted in, and nested ones come back in place.
async fn rights_and_the_bin_across_spaces(app: &TestApp) {
    let owner = app.login("teacher@demo.eduhub").await;
    let editor = app.login("teacher2@demo.eduhub").await;
    let outsider = app.login("consultant@demo.eduhub").await;

    // Renamed to .html, an image stays an image, served in place only as one.
    let picture = file(app, &owner, 0, "a.png", 30).await;
    assert_eq!(owner.post_data("/api/document/rename", json!({"id": picture, "name": "a.html"})).await["name"], "a.html.png");
    let preview = owner.post_data("/api/document/preview", json!({"id": picture})).await;
    let res = reqwest::get(app.url(preview["url"].as_str().unwrap())).await.unwrap();
    assert_eq!(res.headers()["content-type"], "image/png");
    assert!(res.headers()["content-security-policy"].to_str().unwrap().starts_with("sandbox"));

    // An editor's share of a team folder ends when the editor leaves the team.
    let team_id = int(&owner.post_data("/api/team/create", json!({"name": "英语组"})).await["teamId"]);
    owner.post_data("/api/team/member/add", json!({"teamId": team_id, "emails": ["teacher2@demo.eduhub"], "role": 2})).await;
    let shelf = folder(&owner, 0, team_id, "资料").await;
    editor.post_data("/api/document/teamShareToPerson", json!({"id": shelf, "emails": ["consultant@demo.eduhub"]})).await;
    assert_eq!(names(&list(&outsider, -999, json!({})).await), vec!["资料"]);
    owner.post_data("/api/team/member/remove", json!({"teamId": team_id, "userId": app.user_id("teacher2@demo.eduhub").await})).await;
    assert_eq!(int(&list(&outsider, -999, json!({})).await["total"]), 0);
    refused(&outsider.post(&format!("/api/document/list/v2/{shelf}"), json!({})).await, 404);

    // P/X/c: c, then X, then P go to the bin; X comes back to the root (P is gone), then c into X.
    let p = folder(&owner, 0, 0, "P").await;
    let x = folder(&owner, p, 0, "X").await;
    let c = folder(&owner, x, 0, "c").await;
    for id in [c, x, p] {
        owner.post_data(&format!("/api/document/moveRecycle/{id}"), json!({})).await;
    }
    owner.post_data("/api/document/restore", json!({"ids": [x]})).await;
    owner.post_data("/api/document/restore", json!({"ids": [c]})).await;
    let inside = list(&owner, x, json!({})).await;
    assert_eq!((names(&inside), inside["records"][0]["path"].as_str()), (vec!["c".to_owned()], Some(format!("/{x}/{c}/").as_str())));

    // A folder moved into a team leaves its bin entries in the personal bin.
    let g = file(app, &owner, x, "g.pdf", 5).await;
    owner.post_data(&format!("/api/document/moveRecycle/{g}"), json!({})).await;
    owner.post_data("/api/document/move", json!({"id": x, "targetId": 0, "teamId": team_id})).await;
    owner.post_data("/api/team/member/add", json!({"teamId": team_id, "emails": ["teacher2@demo.eduhub"], "role": 2})).await;
    assert!(!names(&list(&editor, -99999, json!({})).await).contains(&"g.pdf".to_owned()), "a personal deletion stays out of the team's bin");
    owner.post_data("/api/document/restore", json!({"ids": [g]})).await;
    let root = list(&owner, 0, json!({})).await;
    let row = root["records"].as_array().unwrap().iter().find(|r| r["name"] == "g.pdf").expect("g.pdf comes back to the personal root");
    assert_eq!((int(&row["teamId"]), row["path"].as_str()), (0, Some(format!("/{g}/").as_str())));
}

async fn folders_files_and_links(app: &TestApp) {
    let t = app.login("teacher@demo.eduhub").await;
    let tree = t.post_data("/api/document/allDocuments", json!({})).await;
    let fixed: Vec<(i64, i64)> = tree["nodes"].as_array().unwrap().iter().map(|n| (int(&n["id"]), int(&n["location"]))).collect();
    assert_eq!(fixed, vec![(0, 1), (-90, 3), (-99999, 5)]);
    let shared = &tree["nodes"][1]["children"];
    assert_eq!((int(&shared[0]["id"]), int(&shared[0]["location"]), int(&shared[1]["id"]), int(&shared[1]["location"])), (-999, 3, -998, 4));
    assert_eq!(int(&tree["quota"]["used"]), 0);
    assert_eq!(int(&tree["quota"]["limit"]), 10 * 1024 * 1024 * 1024);

    let a = folder(&t, 0, 0, "教案").await;
    let again = t.post_data("/api/document/create", json!({"parentId": 0, "name": "教案"})).await;
    assert_eq!(again["name"], "教案 (1)", "a clashing name gets the next free number");
    let nested = folder(&t, a, 0, "第一单元").await;
    let pdf = file(app, &t, nested, "讲义.pdf", 300).await;
    let pdf2 = file(app, &t, nested, "讲义.pdf", 200).await;
    let item = list(&t, nested, json!({"orderType": 1})).await;
    assert_eq!(names(&item), vec!["讲义 (1).pdf", "讲义.pdf"], "a file's number goes before its extension");
    assert_eq!(item["crumbs"], json!([{"id": 0, "name": "我的空间"}, {"id": a, "name": "教案"}, {"id": nested, "name": "第一单元"}]));
    assert_eq!((item["canWrite"].as_bool(), int(&item["location"])), (Some(true), 1));
    let row = &item["records"][1];
    assert_eq!((int(&row["id"]), int(&row["typeCode"]), int(&row["iconCode"]), int(&row["size"])), (pdf, 1, 301, 300));
    assert_eq!(row["path"], format!("/{a}/{nested}/{pdf}/"));
    assert_eq!(int(&t.post_data("/api/document/allDocuments", json!({})).await["quota"]["used"]), 500, "the quota counts stored bytes");

    // Sorts and filters: folders first; size; the '-1 = all' rule; names.
    file(app, &t, 0, "big.docx", 900).await;
    let link = t.post_data("/api/document/linkImport", json!({"parentId": 0, "name": "课程标准", "url": "https://example.org/standard"})).await;
    assert_eq!((link["linkUrl"].as_str(), link["ext"].as_str()), (Some("https://example.org/standard"), Some("url")));
    let root = list(&t, 0, json!({"orderType": 3, "createTimeOrder": 2})).await;
    assert_eq!(names(&root), vec!["教案 (1)", "教案", "big.docx", "课程标准"], "folders first, then by size, largest first");
    assert_eq!(int(&root["total"]), 4);
    assert_eq!(int(&list(&t, 0, json!({"typeIds": [-1]})).await["total"]), 4);
    assert_eq!(names(&list(&t, 0, json!({"typeIds": [0], "orderType": 1})).await), vec!["教案", "教案 (1)"]);
    assert_eq!(names(&list(&t, 0, json!({"likeName": "big"})).await), vec!["big.docx"]);
    assert_eq!(list(&t, 0, json!({"pageNum": 2, "pageSize": 3})).await["records"].as_array().unwrap().len(), 1);

    // Rename: a clash and a bad name are refused; a good one sticks.
    refused(&t.post("/api/document/rename", json!({"id": pdf2, "name": "讲义.pdf"})).await, 409);
    refused(&t.post("/api/document/rename", json!({"id": pdf2, "name": "a/b"})).await, 400);
    refused(&t.post("/api/document/rename", json!({"id": pdf2, "name": "  "})).await, 400);
    assert_eq!(t.post_data("/api/document/rename", json!({"id": pdf2, "name": "练习.pdf"})).await["name"], "练习.pdf");
    refused(&t.post("/api/document/linkImport", json!({"parentId": 0, "name": "x", "url": "javascript:alert(1)"})).await, 400);
    refused(&t.post("/api/document/list/v2/0", json!({"orderType": 9})).await, 400);
    refused(&t.post("/api/document/list/v2/-5", json!({})).await, 404);
    refused(&t.post(&format!("/api/document/list/v2/{pdf}"), json!({})).await, 400);

    // Preview: a PDF opens in place from a signed link; a Word file downloads; a link opens.
    let preview = t.post_data("/api/document/preview", json!({"id": pdf})).await;
    assert_eq!(preview["kind"], "pdf");
    let res = reqwest::get(app.url(preview["url"].as_str().unwrap())).await.unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.headers()["content-disposition"].to_str().unwrap().starts_with("inline"));
    assert_eq!(res.bytes().await.unwrap().len(), 300);
    assert_eq!(t.post_data("/api/document/preview", json!({"id": int(&link["id"])})).await["url"], "https://example.org/standard");
    refused(&t.post("/api/document/preview", json!({"id": a})).await, 400);

    // The figures: counted from what this test stored.
    let stats = t.post_data("/api/document/statistics", json!({})).await;
    let personal = &stats["spaces"][0];
    let by_type: Vec<(i64, i64, i64)> =
        personal["byType"].as_array().unwrap().iter().map(|t| (int(&t["typeCode"]), int(&t["count"]), int(&t["bytes"]))).collect();
    let (folders, files, bytes) = (3, 4, 300 + 200 + 900);
    assert_eq!(by_type, vec![(0, folders, 0), (1, files, bytes)]);
    assert_eq!((int(&personal["items"]), int(&personal["bytes"]), int(&stats["quota"]["used"])), (folders + files, bytes, bytes));
    assert_eq!((int(&stats["received"]), int(&stats["sent"]), int(&stats["recycle"])), (0, 0, 0));

    // Another teacher guessing ids sees nothing.
    let other = app.login("teacher2@demo.eduhub").await;
    refused(&other.post(&format!("/api/document/list/v2/{a}"), json!({})).await, 404);
    refused(&other.post("/api/document/preview", json!({"id": pdf})).await, 404);
    refused(&other.post("/api/document/rename", json!({"id": pdf, "name": "x.pdf"})).await, 404);
    refused(&other.post("/api/document/create", json!({"parentId": a, "name": "x"})).await, 404);
    refused(&other.post("/api/resource/getDownloadUrl", json!({"id": pdf})).await, 404);
    assert_eq!(int(&list(&other, 0, json!({})).await["total"]), 0);
}

async fn moves_copies_and_the_bin(app: &TestApp) {
    let t = app.login("teacher@demo.eduhub").await;
    let a = folder(&t, 0, 0, "A").await;
    let b = folder(&t, a, 0, "B").await;
    let c = folder(&t, b, 0, "C").await;
    let f = file(app, &t, c, "f.pdf", 10).await;
    folder(&t, 0, 0, "B").await;

    refused(&t.post("/api/document/move", json!({"id": a, "targetId": c})).await, 409);
    refused(&t.post("/api/batch/move", json!({"ids": [b], "targetId": b})).await, 409);
    refused(&t.post("/api/batch/copy", json!({"ids": [a], "targetId": c})).await, 409);
    refused(&t.post("/api/document/move", json!({"id": a, "targetId": f})).await, 400);

    // B (with C and f) moves to the root, where a "B" already is.
    let moved = t.post_data("/api/document/move", json!({"id": b, "targetId": 0})).await;
    assert_eq!(int(&moved["count"]), 3);
    let root = list(&t, 0, json!({"orderType": 1})).await;
    assert_eq!(names(&root), vec!["A", "B", "B (1)"]);
    let inner = list(&t, c, json!({})).await;
    assert_eq!(inner["records"][0]["path"], format!("/{b}/{c}/{f}/"));
    assert_eq!(inner["crumbs"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect::<Vec<_>>(), vec!["我的空间", "B (1)", "C"]);
    assert_eq!(int(&list(&t, a, json!({})).await["total"]), 0);

    // A copy takes the whole subtree; the copy's paths are its own.
    let copied = t.post_data("/api/batch/copy", json!({"ids": [b], "targetId": a})).await;
    assert_eq!((int(&copied["count"]), copied["jobId"].is_null()), (3, true));
    let copy_b = int(&copied["ids"][0]);
    let copy_c = int(&list(&t, copy_b, json!({})).await["records"][0]["id"]);
    let copy_f = &list(&t, copy_c, json!({})).await["records"][0];
    assert_eq!(copy_f["path"], format!("/{a}/{copy_b}/{copy_c}/{}/", int(&copy_f["id"])));
    assert_eq!(copy_f["name"], "f.pdf");
    assert_eq!(int(&t.post_data("/api/document/allDocuments", json!({})).await["quota"]["used"]), 20, "a copy counts against the quota");

    // To the bin with its subtree; back with it.
    t.post_data(&format!("/api/document/moveRecycle/{c}"), json!({})).await;
    refused(&t.post(&format!("/api/document/list/v2/{c}"), json!({})).await, 404);
    refused(&t.post("/api/document/preview", json!({"id": f})).await, 404);
    t.post_data(&format!("/api/document/moveRecycle/{b}"), json!({})).await;
    let bin = list(&t, -99999, json!({})).await;
    assert_eq!(names(&bin), vec!["B (1)", "C"], "each deletion is one entry, newest first");
    assert!(bin["records"][0]["deletedTime"].is_i64());
    assert_eq!(names(&list(&t, 0, json!({"orderType": 1})).await), vec!["A", "B"]);
    // Purging B leaves C, deleted before it, in the bin; C then comes back to the root.
    t.post_data("/api/document/delete", json!({"id": b})).await;
    assert_eq!(names(&list(&t, -99999, json!({})).await), vec!["C"]);
    let restored = t.post_data("/api/document/restore", json!({"ids": [c]})).await;
    assert_eq!(int(&restored["count"]), 2);
    assert_eq!(names(&list(&t, 0, json!({"orderType": 1})).await), vec!["A", "B", "C"]);
    assert_eq!(list(&t, c, json!({})).await["records"][0]["path"], format!("/{c}/{f}/"));
    // A live item cannot be purged; the bin's entries only.
    refused(&t.post("/api/document/delete", json!({"id": c})).await, 404);

    // Batch to the bin, restore into a folder that still stands, empty the bin.
    let x = folder(&t, a, 0, "X").await;
    t.post_data("/api/batch/moveRecycle", json!({"ids": [x, c]})).await;
    t.post_data("/api/document/restore", json!({"ids": [x]})).await;
    assert!(names(&list(&t, a, json!({})).await).contains(&"X".to_owned()));
    let emptied = t.post_data("/api/document/emptyRecycle", json!({})).await;
    assert_eq!(int(&emptied["count"]), 2);
    assert_eq!(int(&list(&t, -99999, json!({})).await["total"]), 0);
    refused(&t.post("/api/batch/delete", json!({"ids": []})).await, 400);

    // A purged file's bytes go when nothing else holds them (its copy under A still does).
    assert_eq!(int(&t.post_data("/api/document/allDocuments", json!({})).await["quota"]["used"]), 10);
}

async fn teams_and_their_rights(app: &TestApp) {
    let owner = app.login("teacher@demo.eduhub").await;
    let member = app.login("teacher2@demo.eduhub").await;
    let outsider = app.login("consultant@demo.eduhub").await;
    let team = owner.post_data("/api/team/create", json!({"name": " 数学组 "})).await;
    let team_id = int(&team["teamId"]);
    assert_eq!((team["name"].as_str(), int(&team["role"]), int(&team["memberCount"])), (Some("数学组"), 1, 1));
    refused(&owner.post("/api/team/create", json!({"name": ""})).await, 400);
    let members = owner.post_data("/api/team/member/add", json!({"teamId": team_id, "emails": ["teacher2@demo.eduhub"], "role": 3})).await;
    assert_eq!(members.as_array().unwrap().len(), 2);
    refused(&owner.post("/api/team/member/add", json!({"teamId": team_id, "emails": ["nobody@x.cn"], "role": 3})).await, 400);
    refused(&owner.post("/api/team/member/add", json!({"teamId": team_id, "emails": ["consultant@demo.eduhub"], "role": 1})).await, 400);
    refused(&member.post("/api/team/member/add", json!({"teamId": team_id, "emails": ["consultant@demo.eduhub"], "role": 3})).await, 403);

    let shelf = folder(&owner, 0, team_id, "共享教案").await;
    let deep = folder(&owner, shelf, team_id, "期中").await;
    let tree = member.post_data("/api/document/allDocuments", json!({})).await;
    let node = tree["nodes"].as_array().unwrap().iter().find(|n| n["teamId"].as_i64() == Some(team_id)).expect("the team's space is in the member's tree");
    assert_eq!((int(&node["location"]), int(&node["teamRole"]), node["nodeName"].as_str()), (2, 3, Some("数学组")));
    let root = list(&member, 0, json!({"teamId": team_id})).await;
    assert_eq!((names(&root), root["canWrite"].as_bool()), (vec!["共享教案".to_owned()], Some(false)));
    assert_eq!(root["records"][0]["canWrite"], false);
    assert_eq!(int(&member.post_data("/api/team/getUserTeamRole", json!({"teamId": team_id})).await["role"]), 3);

    // A viewer reads, and may copy out, but does not write.
    refused(&member.post("/api/document/create", json!({"parentId": shelf, "name": "x"})).await, 403);
    refused(&member.post("/api/document/create", json!({"parentId": 0, "teamId": team_id, "name": "x"})).await, 403);
    refused(&member.post("/api/document/rename", json!({"id": shelf, "name": "x"})).await, 403);
    refused(&member.post(&format!("/api/document/moveRecycle/{shelf}"), json!({})).await, 403);
    let copied = member.post_data("/api/batch/copy", json!({"ids": [shelf], "targetId": 0})).await;
    assert_eq!(int(&copied["count"]), 2);
    assert_eq!(names(&list(&member, 0, json!({})).await), vec!["共享教案"]);

    // An editor writes.
    let promoted = owner.post_data("/api/team/member/role", json!({"teamId": team_id, "userId": app.user_id("teacher2@demo.eduhub").await, "role": 2})).await;
    assert_eq!(int(&promoted["role"]), 2);
    let mine = folder(&member, deep, team_id, "成员的").await;
    assert_eq!(int(&owner.post_data("/api/team/operate/getList", json!({})).await[0]["memberCount"]), 2);

    // Folder trees for the move dialog.
    let all = owner.post_data("/api/team/queryAllFolder", json!({"teamId": team_id})).await;
    assert_eq!((int(&all[0]["id"]), int(&all[0]["children"][0]["id"]), int(&all[0]["children"][0]["children"][0]["id"])), (shelf, deep, mine));
    let level = owner.post_data("/api/team/queryLevelAllFolder", json!({"teamId": team_id, "parentId": shelf})).await;
    assert_eq!((int(&level[0]["id"]), level[0]["hasChildren"].as_bool()), (deep, Some(true)));

    // Moving out of the team into the mover's own space makes the items theirs.
    member.post_data("/api/document/move", json!({"id": mine, "targetId": 0, "teamId": 0})).await;
    let root = list(&member, 0, json!({"orderType": 1})).await;
    assert!(names(&root).contains(&"成员的".to_owned()));
    refused(&owner.post(&format!("/api/document/list/v2/{mine}"), json!({})).await, 404);

    // Outsiders see nothing of the team, by any route.
    refused(&outsider.post("/api/document/list/v2/0", json!({"teamId": team_id})).await, 404);
    refused(&outsider.post(&format!("/api/document/list/v2/{shelf}"), json!({})).await, 404);
    refused(&outsider.post("/api/document/create", json!({"parentId": 0, "teamId": team_id, "name": "x"})).await, 404);
    refused(&outsider.post("/api/team/getUserTeamRole", json!({"teamId": team_id})).await, 404);
    refused(&outsider.post("/api/team/queryAllFolder", json!({"teamId": team_id})).await, 404);
    refused(&outsider.post("/api/batch/copy", json!({"ids": [shelf], "targetId": 0})).await, 404);

    // A removed member loses the space; a team with items cannot be deleted.
    owner.post_data("/api/team/member/remove", json!({"teamId": team_id, "userId": app.user_id("teacher2@demo.eduhub").await})).await;
    refused(&member.post(&format!("/api/document/list/v2/{shelf}"), json!({})).await, 404);
    refused(&owner.post("/api/team/delete", json!({"teamId": team_id})).await, 409);
    owner.post_data(&format!("/api/document/moveRecycle/{shelf}"), json!({})).await;
    refused(&owner.post("/api/team/delete", json!({"teamId": team_id})).await, 409);
    // Emptying one's bin leaves the team's entries (each purged on purpose).
    assert_eq!(int(&owner.post_data("/api/document/emptyRecycle", json!({})).await["count"]), 0);
    owner.post_data("/api/document/batchDelete", json!({"ids": [shelf]})).await;
    owner.post_data("/api/team/delete", json!({"teamId": team_id})).await;
    assert_eq!(owner.post_data("/api/team/operate/getList", json!({})).await, json!([]));
}

async fn sharing_with_people_and_links(app: &TestApp) {
    let sender = app.login("teacher@demo.eduhub").await;
    let receiver = app.login("teacher2@demo.eduhub").await;
    let outsider = app.login("consultant@demo.eduhub").await;
    let mut receiver_socket = receiver.socket(None).await;
    receiver_socket.expect_connected().await;
    let plan = folder(&sender, 0, 0, "教学计划").await;
    let doc = file(app, &sender, plan, "计划.pdf", 40).await;

    let candidates = sender.post_data("/api/document/shareCandidates", json!({"keyword": "teacher2"})).await;
    assert_eq!(candidates[0]["email"], "teacher2@demo.eduhub");
    refused(&sender.post("/api/document/teamShareToPerson", json!({"id": plan, "emails": []})).await, 400);
    refused(&sender.post("/api/document/teamShareToPerson", json!({"id": plan, "emails": ["teacher@demo.eduhub"]})).await, 400);
    refused(&receiver.post("/api/document/teamShareToPerson", json!({"id": plan, "emails": ["consultant@demo.eduhub"]})).await, 404);
    let shared = sender.post_data("/api/document/teamShareToPerson", json!({"id": plan, "emails": ["teacher2@demo.eduhub"]})).await;
    let share_id = int(&shared["shares"][0]["shareId"]);
    assert_eq!(shared["shares"][0]["receiverName"], "李老师");

    // The receiver is told (a notice, stored) and their "received" view reloads (a signal).
    let mut notice = false;
    let mut change = false;
    while !(notice && change) {
        let push = receiver_socket.next_push(Duration::from_secs(3)).await.expect("the share is pushed to the receiver");
        match push.type_code {
            protocol::push::TypeCode::NoticePublished => {
                assert!(push.decode_content().unwrap().value.unwrap().as_str().unwrap().contains("教学计划"));
                notice = true;
            }
            protocol::push::TypeCode::DriveChanged => change = true,
            _ => {}
        }
    }
    let received = list(&receiver, -999, json!({})).await;
    assert_eq!(names(&received), vec!["教学计划"]);
    assert_eq!((received["records"][0]["share"]["senderName"].as_str(), received["records"][0]["canWrite"].as_bool()), (Some("张老师"), Some(false)));
    let inside = list(&receiver, plan, json!({})).await;
    assert_eq!((names(&inside), inside["canWrite"].as_bool()), (vec!["计划.pdf".to_owned()], Some(false)));
    assert_eq!(inside["crumbs"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect::<Vec<_>>(), vec!["我收到的", "教学计划"]);
    assert_eq!(receiver.post_data("/api/document/preview", json!({"id": doc})).await["kind"], "pdf");
    refused(&receiver.post("/api/document/create", json!({"parentId": plan, "name": "x"})).await, 403);
    refused(&outsider.post(&format!("/api/document/list/v2/{plan}"), json!({})).await, 404);
    let copy = receiver.post_data("/api/batch/copy", json!({"ids": [plan], "targetId": 0, "teamId": 0})).await;
    assert_eq!(int(&copy["count"]), 2);
    assert_eq!(names(&list(&receiver, 0, json!({})).await), vec!["教学计划"]);
    let sent = list(&sender, -998, json!({})).await;
    assert_eq!((names(&sent), int(&sent["records"][0]["share"]["shareId"])), (vec!["教学计划".to_owned()], share_id));

    // Revoked: gone from "received", and the folder answers 404 again; the copy stays.
    refused(&receiver.post("/api/document/share/revoke", json!({"shareId": share_id})).await, 404);
    sender.post_data("/api/document/share/revoke", json!({"shareId": share_id})).await;
    expect_change(&mut receiver_socket, -999).await;
    assert_eq!(int(&list(&receiver, -999, json!({})).await["total"]), 0);
    refused(&receiver.post(&format!("/api/document/list/v2/{plan}"), json!({})).await, 404);
    refused(&receiver.post("/api/document/preview", json!({"id": doc})).await, 404);
    assert_eq!(int(&list(&receiver, 0, json!({})).await["total"]), 1);

    // A share link: any colleague opens it and saves a copy, until it is revoked.
    refused(&sender.post("/api/document/planShare", json!({"ids": [plan], "expireDays": 90})).await, 400);
    let link = sender.post_data("/api/document/planShare", json!({"ids": [plan, doc], "expireDays": 3})).await;
    let code = link["code"].as_str().unwrap().to_owned();
    assert_eq!(link["url"], format!("/knowledgeRepository/mainSpace?share={code}"));
    let info = outsider.post_data("/api/document/planShareInfo", json!({"code": code})).await;
    assert_eq!((info["senderName"].as_str(), info["items"].as_array().unwrap().len()), (Some("张老师"), 1), "an item inside another goes with it");
    let saved = outsider.post_data("/api/document/planShare/save", json!({"code": code})).await;
    assert_eq!(int(&saved["count"]), 2);
    refused(&outsider.post("/api/document/planShare/revoke", json!({"code": code})).await, 404);
    sender.post_data("/api/document/planShare/revoke", json!({"code": code})).await;
    refused(&outsider.post("/api/document/planShareInfo", json!({"code": code})).await, 404);
    refused(&outsider.post("/api/document/planShareInfo", json!({"code": "guess"})).await, 404);
}

async fn changes_reach_every_viewer(app: &TestApp) {
    let owner = app.login("teacher@demo.eduhub").await;
    let second_tab = app.login("teacher@demo.eduhub").await;
    let member = app.login("teacher2@demo.eduhub").await;
    let outsider = app.login("consultant@demo.eduhub").await;
    let team_id = int(&owner.post_data("/api/team/create", json!({"name": "语文组"})).await["teamId"]);
    owner.post_data("/api/team/member/add", json!({"teamId": team_id, "emails": ["teacher2@demo.eduhub"], "role": 3})).await;
    let mut tab = second_tab.socket(None).await;
    tab.expect_connected().await;
    let mut member_socket = member.socket(None).await;
    member_socket.expect_connected().await;
    let mut outsider_socket = outsider.socket(None).await;
    outsider_socket.expect_connected().await;

    let mine = folder(&owner, 0, 0, "私人").await;
    let value = expect_change(&mut tab, 0).await;
    assert_eq!(int(&value["teamId"]), 0);
    file(app, &owner, mine, "a.pdf", 5).await;
    expect_change(&mut tab, mine).await;

    let shelf = folder(&owner, 0, team_id, "组内").await;
    let value = expect_change(&mut member_socket, 0).await;
    assert_eq!(int(&value["teamId"]), team_id);
    owner.post_data("/api/document/rename", json!({"id": shelf, "name": "组内资料"})).await;
    expect_change(&mut member_socket, 0).await;
    owner.post_data(&format!("/api/document/moveRecycle/{shelf}"), json!({})).await;
    expect_change(&mut member_socket, 0).await;
    outsider_socket.expect_silence(Duration::from_millis(500)).await;
}

/// A team's owner sees and revokes the shares its editors made of the team's items; members play,
/// download and attach the team's files (the drive's rules, not the uploader's); files saved
/// outside the drive page reach open views of it.
async fn team_owners_answer_for_shares_and_members_use_team_files(app: &TestApp) {
    let owner = app.login(TEACHER).await;
    let editor = app.login(TEACHER2).await;
    let outsider = app.login(CONSULTANT).await;
    let team_id = int(&owner.post_data("/api/team/create", json!({"name": "英语组"})).await["teamId"]);
    owner.post_data("/api/team/member/add", json!({"teamId": team_id, "emails": [TEACHER2], "role": 2})).await;
    let video = upload(app, &editor, "听力.mp4", 64).await;
    let item = int(&editor.post_data("/api/document/create", json!({"parentId": 0, "teamId": team_id, "fileId": video})).await["id"]);

    // The editor shares the team's file; only the owner lists the team's shares.
    let share_id = int(&editor.post_data("/api/document/teamShareToPerson", json!({"id": item, "emails": [CONSULTANT]})).await["shares"][0]["shareId"]);
    assert_eq!(names(&list(&outsider, -999, json!({})).await), vec!["听力.mp4"]);
    refused(&editor.post("/api/team/shares", json!({"teamId": team_id})).await, 403);
    refused(&outsider.post("/api/team/shares", json!({"teamId": team_id})).await, 404);
    let shares = owner.post_data("/api/team/shares", json!({"teamId": team_id})).await;
    assert_eq!(shares.as_array().unwrap().len(), 1);
    assert_eq!((int(&shares[0]["shareId"]), shares[0]["itemName"].as_str(), shares[0]["senderName"].as_str()), (share_id, Some("听力.mp4"), Some("李老师")));
    // …and revokes it; the receiver no longer sees it, nor may anyone else revoke.
    refused(&outsider.post("/api/document/share/revoke", json!({"shareId": share_id})).await, 404);
    let mut outsider_socket = outsider.socket(None).await;
    outsider_socket.expect_connected().await;
    owner.post_data("/api/document/share/revoke", json!({"shareId": share_id})).await;
    expect_change(&mut outsider_socket, -999).await;
    assert_eq!(int(&list(&outsider, -999, json!({})).await["total"]), 0);
    assert_eq!(owner.post_data("/api/team/shares", json!({"teamId": team_id})).await, json!([]));

    // A member plays and downloads the team's file the editor uploaded; an outsider may not.
    let play = owner.post_data("/api/roombox/media/getPlayUrl", json!({"id": item})).await;
    let res = reqwest::get(app.url(play["url"].as_str().unwrap())).await.unwrap();
    assert_eq!((res.status().as_u16(), res.bytes().await.unwrap().len()), (200, 64));
    refused(&outsider.post("/api/roombox/media/getPlayToken", json!({"id": item})).await, 404);
    let mut socket = owner.socket(None).await;
    socket.expect_connected().await;
    let task = int(&owner.post_data("/api/download/teachingResource/submit", json!({"resourceId": item})).await["taskId"]);
    assert_eq!(ready_file(app, &owner, &mut socket, task).await, vec![5u8; 64]);
    refused(&outsider.post("/api/download/teachingResource/submit", json!({"resourceId": item})).await, 404);

    // A file saved through the older upload calls lands in the root of one's space, and open
    // views of it hear so.
    let mut tab = owner.socket(None).await;
    tab.expect_connected().await;
    let doc = upload(app, &owner, "教案.pdf", 10).await;
    owner.post_data("/api/resource/save", json!({"fileId": doc})).await;
    let value = expect_change(&mut tab, 0).await;
    assert_eq!(int(&value["teamId"]), 0);
}

#[actix_web::test]
async fn quota_and_the_sweep() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let database = TestDatabase::create(backend).await;
        let drive = api::config::DriveConfig { quota_bytes: 100, sweep_secs: 1 };
        let app = TestApp::spawn_on(database, SpawnOptions { drive, ..Default::default() }).await;
        let t = app.login("teacher@demo.eduhub").await;
        let over = upload(&app, &t, "b.pdf", 60).await;
        let first = file(&app, &t, 0, "a.pdf", 60).await;
        // A file is refused as its bytes pass what is left, and nothing of it is kept.
        let up = t.post_data("/api/resource/getUploadUrl", json!({"fileName": "c.pdf"})).await;
        let res = reqwest::Client::new().put(app.url(up["uploadUrl"].as_str().unwrap())).body(vec![5u8; 60]).send().await.unwrap();
        let status = res.status().as_u16();
        let body: Value = res.json().await.unwrap();
        assert_eq!((status, body["code"].as_str()), (409, Some("A0409")), "{body}");
        assert!(body["msg"].as_str().unwrap().contains("存储空间不足"), "{body}");
        let left = storage::uploads::by_id(&app.state.db, up["fileId"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!(left.status, storage::uploads::OPEN, "the upload stays open to be tried again");
        assert!(app.state.objects.size(&left.object_key).await.is_err(), "no partial file is kept");
        let res = t.post("/api/document/create", json!({"parentId": 0, "fileId": over})).await;
        refused(&res, 409);
        assert!(res.1["msg"].as_str().unwrap().contains("存储空间不足"), "{}", res.1);
        refused(&t.post("/api/resource/save", json!({"fileId": over})).await, 409);
        refused(&t.post("/api/batch/copy", json!({"ids": [first], "targetId": 0})).await, 409);
        // The bin still counts; purging frees the space.
        t.post_data(&format!("/api/document/moveRecycle/{first}"), json!({})).await;
        refused(&t.post("/api/document/create", json!({"parentId": 0, "fileId": over})).await, 409);

        // An item 31 days in the bin and an upload left open for two days are swept by a job.
        let old = storage::now_ms() - 31 * 24 * 3600 * 1000;
        sqlx::query("UPDATE resources SET trashed_at = $1 WHERE id = $2").bind(old).bind(first).execute(app.state.db.pool()).await.unwrap();
        let abandoned = t.post_data("/api/resource/getUploadUrl", json!({"fileName": "c.pdf"})).await;
        let abandoned_id = abandoned["fileId"].as_str().unwrap().to_owned();
        sqlx::query("UPDATE uploads SET created_at = $1 WHERE id = $2").bind(old).bind(&abandoned_id).execute(app.state.db.pool()).await.unwrap();
        let mut swept = false;
        for _ in 0..50 {
            tokio::time::sleep(Duration::from_millis(200)).await;
            let bin = int(&list(&t, -99999, json!({})).await["total"]);
            let upload_left = storage::uploads::by_id(&app.state.db, &abandoned_id).await.unwrap();
            if bin == 0 && upload_left.is_none() {
                swept = true;
                break;
            }
        }
        assert!(swept, "the sweep purged the old bin item and the abandoned upload");
        assert_eq!(int(&t.post_data("/api/document/allDocuments", json!({})).await["quota"]["used"]), 0);
        t.post_data("/api/document/create", json!({"parentId": 0, "fileId": over})).await;
        app.stop().await;
    }
}

#[actix_web::test]
async fn a_large_copy_is_one_job_with_progress_pushed() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let t = app.login("teacher@demo.eduhub").await;
    let user_id = app.user_id("teacher@demo.eduhub").await;
    let top = folder(&t, 0, 0, "题库").await;
    let top_row = storage::document::item(&app.state.db, top).await.unwrap().unwrap();
    // 30 folders of 20 files each: 631 items with the top.
    for i in 0..30 {
        let sub = storage::document::create(
            &app.state.db,
            storage::document::NewItem {
                owner_id: user_id,
                space: storage::document::Space::Personal(user_id),
                parent: Some(&top_row),
                name: &format!("第{i}章"),
                type_code: 0,
                ext: "",
                class: "folder",
                size: 0,
                object_key: "",
                subject_id: None,
                link_url: None,
            },
        )
        .await
        .unwrap();
        let sub_row = storage::document::item(&app.state.db, sub).await.unwrap().unwrap();
        for j in 0..20 {
            storage::document::create(
                &app.state.db,
                storage::document::NewItem {
                    owner_id: user_id,
                    space: storage::document::Space::Personal(user_id),
                    parent: Some(&sub_row),
                    name: &format!("{j}.pdf"),
                    type_code: 1,
                    ext: "pdf",
                    class: "document",
                    size: 1,
                    object_key: "k",
                    subject_id: None,
                    link_url: None,
                },
            )
            .await
            .unwrap();
        }
    }
    let mut socket = t.socket(None).await;
    socket.expect_connected().await;
    let started = t.post_data("/api/batch/copy", json!({"ids": [top], "targetId": 0})).await;
    assert_eq!(int(&started["count"]), 631);
    let job_id = int(&started["jobId"]);
    let mut percents = Vec::new();
    loop {
        let push = socket.next_push(Duration::from_secs(10)).await.expect("the copy's progress is pushed");
        if push.type_code != protocol::push::TypeCode::DriveJobProgress {
            continue;
        }
        let job = push.decode_content().unwrap().value.unwrap();
        assert_eq!(int(&job["jobId"]), job_id);
        percents.push(int(&job["percent"]));
        if int(&job["status"]) == 3 {
            break;
        }
        assert_ne!(int(&job["status"]), 4, "{job}");
    }
    assert!(percents.windows(2).all(|w| w[0] <= w[1]), "progress never goes back: {percents:?}");
    assert_eq!(percents.last(), Some(&100));
    assert_eq!(int(&t.post_data("/api/document/copyJob", json!({"id": job_id})).await["status"]), 3);
    let root = list(&t, 0, json!({"orderType": 1})).await;
    assert_eq!(names(&root), vec!["题库", "题库 (1)"]);
    let copy = int(&root["records"][1]["id"]);
    let chapters = list(&t, copy, json!({"pageSize": 100})).await;
    assert_eq!(int(&chapters["total"]), 30);
    let (n,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM resources WHERE path LIKE $1").bind(format!("/{copy}/%")).fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(n, 631, "every copied item's path lies under the copy");
    let other = app.login("teacher2@demo.eduhub").await;
    refused(&other.post("/api/document/copyJob", json!({"id": job_id})).await, 404);
    app.stop().await;
}
