//! Papers and handouts: assembled from the atlas, edited through the live document, versioned,
//! restored as a new edit that open editors see, copied; header and layout settings; access.

use std::time::Duration;

use serde_json::json;

use crate::collab::YClient;
use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(handouts_assemble_version_restore_and_copy, paper_calls_check_access_and_input);

async fn handouts_assemble_version_restore_and_copy(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let atlas = teacher.post_data("/api/atlas/tree", json!({"subject": 54, "stage": 4})).await;
    let chapters = atlas.as_array().unwrap();
    assert_eq!(chapters.len(), 3);
    let derivatives = chapters.iter().find(|c| c["name"] == "导数及其应用").unwrap();
    assert_eq!(derivatives["children"].as_array().unwrap().len(), 4);
    let chapter_id = derivatives["id"].as_i64().unwrap();
    let outline = teacher.post_data("/api/teaching/plan/knw/tree", json!({"subject": 54, "stage": 3})).await;
    assert_eq!(outline.as_array().unwrap().len(), 2, "the course outline's knowledge points: the junior atlas");

    let package = json!({"paperList": [{"atlasId": chapter_id}], "parentAtlasId": chapter_id, "subject": 54, "stage": 4, "paperType": 5, "treeId": 1});
    let made = teacher.post_data("/api/paper/package", package).await;
    let id = made["paperId"].as_i64().unwrap();
    assert_eq!(made["paperList"][0]["paperName"], "导数及其应用讲义");

    let detail = teacher.post_data("/api/paper/detail", json!({"paperId": id, "ver": 0})).await;
    assert_eq!((detail["canEdit"].as_bool(), detail["isOwner"].as_bool(), detail["paperType"].as_i64()), (Some(true), Some(true), Some(5)));
    let review: Vec<String> = serde_json::from_value(detail["sections"]["knowledgeReview"].clone()).unwrap();
    assert_eq!(review[0], "导数及其应用");
    assert!(review.contains(&"导数的概念".to_owned()) && review.iter().any(|p| p.contains("切线的斜率")), "{review:?}");
    assert_eq!(detail["sections"]["handoutTitle"], json!(["导数及其应用讲义"]));

    // An editor has the document open through all of what follows.
    let mut editor = YClient::connect(app, &teacher, &format!("handout/{id}")).await;
    assert!(editor.wait_until(Duration::from_secs(5), |y| y.fragment("knowledgeReview").contains("导数的运算")).await);
    assert!(editor.fragment("knowledgeReview").contains("<heading level=\"3\">"), "{}", editor.fragment("knowledgeReview"));

    let v1 = teacher.post_data(&format!("/api/paper/createNewVersion?paperId={id}"), json!({})).await;
    assert_eq!((v1["versionNo"].as_i64(), v1["createdBy"].as_str()), (Some(1), Some("张老师")));
    let saved = teacher.post_data("/api/paper/save", json!({"paperId": id, "paperTitle": " 导数复习 ", "sections": {"homework": ["作业一", "作业二"]}})).await;
    assert_eq!(saved["paperTitle"], "导数复习");
    assert_eq!(saved["sections"]["homework"], json!(["作业一", "作业二"]));
    assert!(editor.wait_until(Duration::from_secs(5), |y| y.fragment("homework").contains("作业二")).await, "a REST save reaches the open editor");
    let v2 = teacher.post_data(&format!("/api/paper/createNewVersion?paperId={id}"), json!({})).await;
    assert_eq!(v2["versionNo"], 2);
    let list = teacher.post_data("/api/paper/version/list", json!({"paperId": id})).await;
    assert_eq!(list.as_array().unwrap().iter().map(|v| v["versionNo"].as_i64().unwrap()).collect::<Vec<_>>(), [2, 1]);
    assert_eq!(teacher.data(&format!("/api/paper/latestPublishedCollectionId?paperId={id}")).await, v2["versionId"]);

    let old = teacher.post_data("/api/paper/detail", json!({"paperId": id, "ver": 1})).await;
    assert_eq!((old["ver"].as_i64(), old["canEdit"].as_bool()), (Some(1), Some(false)));
    assert_eq!(old["sections"]["homework"], json!([]));

    let restored = teacher.post_data("/api/paper/restore", json!({"paperId": id, "versionNo": 1})).await;
    assert_eq!(restored["sections"]["homework"], json!([]));
    assert_eq!(restored["sections"]["knowledgeReview"], detail["sections"]["knowledgeReview"]);
    assert!(editor.wait_until(Duration::from_secs(5), |y| !y.fragment("homework").contains("作业")).await, "the restore is a live edit");
    assert_eq!(teacher.post_data("/api/paper/version/list", json!({"paperId": id})).await.as_array().unwrap().len(), 2, "restoring adds no version");

    let copy = teacher.post_data("/api/paper/copy", json!({"paperId": id})).await;
    let copy_id = copy["paperId"].as_i64().unwrap();
    assert_ne!(copy_id, id);
    assert_eq!(copy["paperName"], "导数复习（副本）");
    let copied = teacher.post_data("/api/paper/detail", json!({"paperId": copy_id})).await;
    assert_eq!(copied["sections"], restored["sections"]);

    let header = teacher.post_data("/api/paper/headerInfo", json!({"paperId": id})).await;
    assert_eq!((header["title"].as_str(), header["teacherName"].as_str()), (Some("导数及其应用讲义"), Some("张老师")));
    let new_header = json!({"title": "导数专题", "subtitle": "第一讲", "teacherName": "张老师", "studentName": "", "className": "高二1班", "lessonDate": "2026-11-22", "showLogo": true});
    teacher.post_data("/api/paper/headerInfoSave", json!({"paperId": id, "headerInfo": new_header})).await;
    assert_eq!(teacher.post_data("/api/paper/headerInfo", json!({"paperId": id})).await, new_header);
    let settings = teacher.post_data("/api/paper/globalsetting/save", json!({"paperId": id, "fontFamily": "KaiTi", "fontSize": 16, "lineHeight": 1.8})).await;
    assert_eq!(settings["fontFamily"], "KaiTi");
    assert_eq!(teacher.post_data("/api/paper/detail", json!({"paperId": id})).await["globalSettings"]["fontSize"], 16);

    // The demo handout is a paper too.
    assert_eq!(teacher.post_data("/api/paper/detail", json!({"paperId": 1})).await["paperTitle"], "函数与导数讲义（演示）");
}

async fn paper_calls_check_access_and_input(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let other = app.login(TEACHER2).await;
    let package = json!({"paperList": [{"atlasId": 111}], "subject": 54, "stage": 4, "paperType": 5, "treeId": 1});
    let id = teacher.post_data("/api/paper/package", package.clone()).await["paperId"].as_i64().unwrap();

    for (path, body) in [
        ("/api/paper/detail", json!({"paperId": id})),
        ("/api/paper/save", json!({"paperId": id, "paperTitle": "x"})),
        ("/api/paper/copy", json!({"paperId": id})),
        ("/api/paper/restore", json!({"paperId": id, "versionNo": 1})),
        ("/api/paper/headerInfo", json!({"paperId": id})),
    ] {
        let (status, body) = other.post(path, body).await;
        assert_eq!((status, body["code"].as_str()), (404, Some("A0404")), "{path}: another teacher's paper is not there for them");
    }
    let (status, _) = other.post(&format!("/api/paper/createNewVersion?paperId={id}"), json!({})).await;
    assert_eq!(status, 404);

    // A reader may look and copy, not change.
    teacher.post_data("/api/collab/member/save", json!({"docType": "handout", "id": id, "email": TEACHER2, "canEdit": false})).await;
    assert_eq!(other.post_data("/api/paper/detail", json!({"paperId": id})).await["canEdit"], false);
    let (status, body) = other.post("/api/paper/save", json!({"paperId": id, "paperTitle": "x"})).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("A0300")));
    assert!(other.post_data("/api/paper/copy", json!({"paperId": id})).await["paperId"].as_i64().is_some());

    for bad in [
        json!({"paperList": [{"atlasId": 111}], "subject": 54, "stage": 4, "paperType": 7, "treeId": 1}),
        json!({"paperList": [], "subject": 54, "stage": 4, "paperType": 5, "treeId": 1}),
        json!({"paperList": [{"atlasId": 111}], "subject": 54, "stage": 3, "paperType": 5, "treeId": 1}),
        json!({"paperList": "x"}),
    ] {
        let (status, body) = teacher.post("/api/paper/package", bad.clone()).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{bad}");
    }
    // A node that does not exist reads as absent, like one of a tree the caller may not read.
    let missing = json!({"paperList": [{"atlasId": 99999}], "subject": 54, "stage": 4, "paperType": 5, "treeId": 1});
    let (status, body) = teacher.post("/api/paper/package", missing).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("A0404")), "{body}");
    for bad in [
        json!({"paperId": id, "sections": {"nope": ["x"]}}),
        json!({"paperId": id, "paperTitle": "  "}),
        json!({"paperId": id, "paperTitle": "长".repeat(101)}),
    ] {
        let (status, body) = teacher.post("/api/paper/save", bad.clone()).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{bad}");
    }
    let (status, _) = teacher.post("/api/paper/restore", json!({"paperId": id, "versionNo": 99})).await;
    assert_eq!(status, 404);
    let (status, _) = teacher.post("/api/paper/detail", json!({"paperId": id, "ver": 5})).await;
    assert_eq!(status, 404);
    for bad in [
        json!({"paperId": id, "fontFamily": "Comic Sans", "fontSize": 14, "lineHeight": 1.5}),
        json!({"paperId": id, "fontFamily": "SimSun", "fontSize": 50, "lineHeight": 1.5}),
    ] {
        let (status, _) = teacher.post("/api/paper/globalsetting/save", bad).await;
        assert_eq!(status, 400);
    }
    let long = json!({"paperId": id, "headerInfo": {"title": "长".repeat(101)}});
    assert_eq!(teacher.post("/api/paper/headerInfoSave", long).await.0, 400);
    assert_eq!(teacher.post_data("/api/paper/detail", json!({"paperId": id})).await["paperTitle"], "函数的概念与表示讲义", "refused calls changed nothing");
}
