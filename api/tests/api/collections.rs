//! Collections (published paper versions) through HTTP: the caller's list, the newest snapshot's
//! content, answer-area coordinates and their refusals, copies made from a version (not the live
//! paper); an outline downloaded as a Word document through the download centre; a teaching
//! resource offered to the library, audited and then readable by everyone.

use std::io::Read;

use protocol::push::TypeCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(collections_copy_and_coordinates, outline_downloads_and_resource_audit);

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

fn refused(res: &(u16, Value), status: u16) {
    assert_eq!(res.0, status, "{}", res.1);
    assert_ne!(res.1["code"].as_str(), Some("1"));
}

async fn collections_copy_and_coordinates(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let colleague = app.login(TEACHER2).await;
    let made = teacher.post_data("/api/paper/package", json!({"paperList": [{"atlasId": 120}], "subject": 54, "stage": 4, "paperType": 5, "treeId": 1})).await;
    let paper = int(&made["paperId"]);
    teacher.post_data("/api/paper/save", json!({"paperId": paper, "sections": {"homework": ["第一版作业"]}})).await;
    // No collection yet.
    assert!(teacher.post_data("/api/xeasy-srv-item/collection/snapshot/latest", json!({"paperId": paper})).await.is_null());
    teacher.post_data(&format!("/api/paper/createNewVersion?paperId={paper}"), json!({})).await;
    teacher.post_data("/api/paper/save", json!({"paperId": paper, "sections": {"homework": ["第二版作业"]}})).await;
    let second = teacher.post_data(&format!("/api/paper/createNewVersion?paperId={paper}"), json!({})).await;
    // The live paper moves on after the versions.
    teacher.post_data("/api/paper/save", json!({"paperId": paper, "sections": {"homework": ["未发布的修改"]}})).await;

    let list = teacher.post_data("/api/personal/collection/simpleList", json!({})).await;
    let mine: Vec<&Value> = list.as_array().unwrap().iter().filter(|c| int(&c["paperId"]) == paper).collect();
    assert_eq!(mine.iter().map(|c| int(&c["versionNo"])).collect::<Vec<_>>(), vec![2, 1], "newest first");
    assert_eq!(int(&mine[0]["collectionId"]), int(&second["versionId"]));
    assert!(teacher.post_data("/api/personal/collection/simpleList", json!({"keyword": "没有这个标题"})).await.as_array().unwrap().is_empty());
    assert!(colleague.post_data("/api/personal/collection/simpleList", json!({})).await.as_array().unwrap().iter().all(|c| int(&c["paperId"]) != paper));

    let latest = teacher.post_data("/api/xeasy-srv-item/collection/snapshot/latest", json!({"paperId": paper})).await;
    let detail = teacher.post_data("/api/paper/detail", json!({"paperId": paper, "ver": 2})).await;
    assert_eq!(latest["sections"], detail["sections"], "the snapshot is version 2's content");
    assert_eq!(latest["sections"]["homework"], json!(["第二版作业"]));
    refused(&colleague.post("/api/xeasy-srv-item/collection/snapshot/latest", json!({"paperId": paper})).await, 404);

    // Coordinates: checked, then kept with the collection.
    let collection = int(&latest["collectionId"]);
    let area = |index: i64, x: f64| json!({"questionIndex": index, "page": 1, "x": x, "y": 0.1, "width": 0.3, "height": 0.2});
    for bad in [
        json!([area(1, 0.8)]),
        json!([area(1, 0.1), area(1, 0.5)]),
        json!([{"questionIndex": 0, "page": 1, "x": 0.1, "y": 0.1, "width": 0.1, "height": 0.1}]),
        json!([{"questionIndex": 1, "page": 0, "x": 0.1, "y": 0.1, "width": 0.1, "height": 0.1}]),
        json!([{"questionIndex": 1, "page": 1, "x": 0.1, "y": 0.1, "width": 0.0, "height": 0.1}]),
    ] {
        refused(&teacher.post("/api/xeasy-srv-item/collection/updateCoordinate", json!({"collectionId": collection, "coordinates": bad})).await, 400);
    }
    refused(&colleague.post("/api/xeasy-srv-item/collection/updateCoordinate", json!({"collectionId": collection, "coordinates": [area(1, 0.1)]})).await, 404);
    let saved = teacher
        .post_data("/api/xeasy-srv-item/collection/updateCoordinate", json!({"collectionId": collection, "coordinates": [area(1, 0.1), area(2, 0.5)]}))
        .await;
    assert_eq!(saved["coordinates"], json!([area(1, 0.1), area(2, 0.5)]));
    let again = teacher.post_data("/api/xeasy-srv-item/collection/snapshot/latest", json!({"paperId": paper})).await;
    assert_eq!(again["coordinates"], saved["coordinates"]);

    // A copy of version 1 has version 1's content, not the live paper's.
    let first = int(&mine[1]["collectionId"]);
    let copy = teacher.post_data("/api/collection/basic/copy", json!({"collectionId": first})).await;
    let copied = teacher.post_data("/api/paper/detail", json!({"paperId": int(&copy["paperId"])})).await;
    assert_eq!(copied["sections"]["homework"], json!(["第一版作业"]));
    assert!(copy["paperName"].as_str().unwrap().ends_with("（副本）"));
    refused(&colleague.post("/api/collection/basic/copy", json!({"collectionId": first})).await, 404);
    refused(&teacher.post("/api/collection/basic/copy", json!({"collectionId": 999999})).await, 404);
}

/// The text of a .docx's main part.
fn docx_text(bytes: &[u8]) -> String {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a .docx is a zip package");
    let mut xml = String::new();
    archive.by_name("word/document.xml").expect("the main document part").read_to_string(&mut xml).unwrap();
    xml
}

async fn outline_downloads_and_resource_audit(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let teacher = app.login(TEACHER).await;
    let colleague = app.login(TEACHER2).await;

    // An outline, downloaded as a Word document whose text is the outline's.
    let units = json!([
        {"title": "函数", "lessons": [{"title": "单调性", "hours": 2, "knowledgeIds": [112]}, {"title": "指数函数", "knowledgeIds": [113]}]},
        {"title": "导数", "lessons": [{"title": "导数的概念", "knowledgeIds": [121]}]}
    ]);
    let made =
        admin.post_data("/api/teaching/outline/save", json!({"name": "高一数学班课大纲", "subject": 54, "stage": 4, "classType": 2, "units": units})).await;
    let outline = int(&made["outline"]["outlineId"]);
    refused(&teacher.post("/api/library/outline/download/submit", json!({"outlineId": outline})).await, 404);
    let mut socket = admin.socket(None).await;
    socket.expect_connected().await;
    let task = int(&admin.post_data("/api/library/outline/download/submit", json!({"outlineId": outline})).await["taskId"]);
    loop {
        let push = socket.expect_push().await;
        if push.type_code != TypeCode::DownloadStatusChanged {
            continue;
        }
        let content = push.decode_content().unwrap();
        assert_ne!(content.file_status, Some(5), "the task failed: {:?}", content.value);
        if content.id == Some(task) && content.file_status == Some(3) {
            break;
        }
    }
    let res = admin.http.get(app.url(&format!("/api/download/file/{task}"))).bearer_auth(admin.token.as_ref().unwrap()).send().await.unwrap();
    let text = docx_text(&res.bytes().await.unwrap());
    let point: String = sqlx::query_scalar("SELECT name FROM atlas_nodes WHERE id = 121").fetch_one(app.state.db.pool()).await.unwrap();
    for expected in ["高一数学班课大纲", "函数", "单调性", "2课时", "导数的概念", point.as_str(), "2个单元", "3节课", "4课时"] {
        assert!(text.contains(expected), "the document has {expected}");
    }

    // A teaching resource: the owner's until offered and approved, then everyone's.
    let bytes: Vec<u8> = (0..10_000u32).map(|i| (i % 251) as u8).collect();
    let url = teacher.post_data("/api/resource/getUploadUrl", json!({"fileName": "函数课件.pptx"})).await;
    reqwest::Client::new().put(app.url(url["uploadUrl"].as_str().unwrap())).body(bytes.clone()).send().await.unwrap();
    let resource = int(&teacher.post_data("/api/resource/save", json!({"fileId": url["fileId"]})).await["id"]);
    let info = teacher.data(&format!("/api/teachingResource/queryResourceInfo?resourceId={resource}")).await;
    assert_eq!(
        (info["name"].as_str(), int(&info["size"]), int(&info["auditStatus"]), info["isOwner"].as_bool()),
        (Some("函数课件.pptx"), 10_000, 0, Some(true))
    );
    refused(&colleague.get(&format!("/api/teachingResource/queryResourceInfo?resourceId={resource}")).await, 404);
    let audit = |status: i64, note: &str| json!({"resourceId": resource, "auditStatus": status, "note": note});
    refused(&teacher.post("/api/teachingResource/updateAuditStatus", audit(2, "")).await, 403);
    // A library editor does not see a file of someone's drive until it is offered.
    refused(&admin.post("/api/teachingResource/updateAuditStatus", audit(2, "")).await, 404);
    refused(&admin.get(&format!("/api/teachingResource/queryResourceInfo?resourceId={resource}")).await, 404);
    refused(&teacher.post("/api/teachingResource/updateAuditStatus", audit(7, "")).await, 400);
    assert_eq!(int(&teacher.post_data("/api/teachingResource/updateAuditStatus", audit(1, "")).await["auditStatus"]), 1);
    refused(&teacher.post("/api/teachingResource/updateAuditStatus", audit(1, "")).await, 409);
    refused(&admin.post("/api/teachingResource/updateAuditStatus", audit(3, "")).await, 400);
    let refused_once = admin.post_data("/api/teachingResource/updateAuditStatus", audit(3, "课件缺少例题")).await;
    assert_eq!((int(&refused_once["auditStatus"]), refused_once["auditNote"].as_str()), (3, Some("课件缺少例题")));
    refused(&colleague.get(&format!("/api/teachingResource/queryResourceInfo?resourceId={resource}")).await, 404);
    teacher.post_data("/api/teachingResource/updateAuditStatus", audit(1, "")).await;
    admin.post_data("/api/teachingResource/updateAuditStatus", audit(2, "")).await;
    let seen = colleague.data(&format!("/api/teachingResource/queryResourceInfo?resourceId={resource}")).await;
    assert_eq!((int(&seen["auditStatus"]), seen["isOwner"].as_bool(), seen["ownerName"].is_string()), (2, Some(false), true));
    // The owner takes it back: private again.
    teacher.post_data("/api/teachingResource/updateAuditStatus", audit(0, "")).await;
    refused(&colleague.get(&format!("/api/teachingResource/queryResourceInfo?resourceId={resource}")).await, 404);
}
