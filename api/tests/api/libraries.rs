//! Textbooks and teaching aids through HTTP: library editors (admins, operators) write them,
//! teachers read what is published; chapters initialised from a knowledge tree and bound to
//! knowledge points with the bank's question counts; series in the library's order; an aid's
//! paper edited by editors and read by teachers once published.

use std::collections::HashSet;

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(textbooks_and_chapters, teaching_aid_series_and_papers, outlines_and_the_lecture_library);

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

fn refused(res: &(u16, Value), status: u16) {
    assert_eq!(res.0, status, "{}", res.1);
    assert_ne!(res.1["code"].as_str(), Some("1"));
}

fn names(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap().to_owned()).collect()
}

async fn textbooks_and_chapters(app: &TestApp) {
    storage::question::generate::generate(&app.state.db, 7, 300).await.unwrap();
    let admin = app.login(ADMIN).await;
    let operator = app.login(INSPECTOR).await;
    let teacher = app.login(TEACHER).await;
    let book = json!({"name": "人教版高中数学必修一", "subject": 54, "stage": 4, "edition": "人教版", "grade": "高一", "classTypes": [2, 1]});
    refused(&teacher.post("/api/teachingMaterial/addOrUpdate", book.clone()).await, 403);
    for bad in
        [with(&book, json!({"name": " "})), with(&book, json!({"subject": 99})), with(&book, json!({"classTypes": [9]})), with(&book, json!({"status": 3}))]
    {
        refused(&admin.post("/api/teachingMaterial/addOrUpdate", bad).await, 400);
    }
    let made = admin.post_data("/api/teachingMaterial/addOrUpdate", book.clone()).await;
    let id = int(&made["id"]);
    assert_eq!((made["status"].as_i64(), made["classTypes"].clone(), made["canEdit"].as_bool()), (Some(0), json!([1, 2]), Some(true)));
    refused(&teacher.get(&format!("/api/teachingMaterial/queryInfoById?id={id}")).await, 404);
    assert_eq!(int(&teacher.post_data("/api/teachingMaterial/queryList", json!({"subject": 54})).await["total"]), 0, "drafts stay with editors");

    // Chapters from the senior-high mathematics tree: its chapters and their points as sections.
    refused(&admin.post("/api/teachingMaterial/chapter/init", json!({"textbookId": id, "treeId": 3})).await, 400);
    let init = admin.post_data("/api/teachingMaterial/chapter/init", json!({"textbookId": id, "treeId": 1})).await;
    assert_eq!(names(&init["chapters"]), ["函数", "导数及其应用", "三角函数"]);
    assert_eq!(names(&init["chapters"][0]["children"]), ["函数的概念与表示", "函数的单调性与最值", "指数函数", "对数函数"]);
    refused(&admin.post("/api/teachingMaterial/chapter/init", json!({"textbookId": id, "treeId": 1})).await, 409);
    let on = |nodes: &[i64]| {
        let nodes: HashSet<i64> = nodes.iter().copied().collect();
        async move {
            let rows: Vec<(i64, i64)> = sqlx::query_as("SELECT question_id, node_id FROM question_points").fetch_all(app.state.db.pool()).await.unwrap();
            rows.iter().filter(|(_, n)| nodes.contains(n)).map(|(q, _)| *q).collect::<HashSet<i64>>().len() as i64
        }
    };
    let section = &init["chapters"][0]["children"][1];
    assert_eq!(int(&section["questionCount"]), on(&[112]).await);
    assert_eq!(section["knowledgePoints"][0]["name"], "函数的单调性与最值");

    // Hand-written chapters and sections, bound to points; a section holds no sections.
    let chapter = operator.post_data("/api/teachingMaterial/chapter/save", json!({"textbookId": id, "name": "复习", "knowledgeIds": [112, 121, 112]})).await;
    let chapter_id = int(&chapter["id"]);
    assert_eq!(chapter["knowledgePoints"].as_array().unwrap().len(), 2);
    assert_eq!(int(&chapter["questionCount"]), on(&[112, 121]).await);
    let part = operator.post_data("/api/teachingMaterial/chapter/save", json!({"textbookId": id, "parentId": chapter_id, "name": "小测"})).await;
    refused(&operator.post("/api/teachingMaterial/chapter/save", json!({"textbookId": id, "parentId": int(&part["id"]), "name": "x"})).await, 400);
    refused(&operator.post("/api/teachingMaterial/chapter/save", json!({"textbookId": id, "name": "x", "knowledgeIds": [211]})).await, 400);
    refused(&teacher.post("/api/teachingMaterial/chapter/save", json!({"textbookId": id, "name": "x"})).await, 403);
    let renamed = operator
        .post_data("/api/teachingMaterial/chapter/save", json!({"textbookId": id, "chapterId": chapter_id, "name": "期末复习", "knowledgeIds": [121]}))
        .await;
    assert_eq!((renamed["name"].as_str(), renamed["children"].as_array().unwrap().len()), (Some("期末复习"), 1));
    assert_eq!(
        operator.post_data("/api/teachingMaterial/chapter/query", json!({"chapterId": chapter_id})).await["knowledgePoints"],
        json!([{"id": 121, "name": "导数的概念"}])
    );
    assert_eq!(int(&operator.post_data("/api/teachingMaterial/chapter/delete", json!({"chapterId": chapter_id})).await), 2);

    // Published, teachers find it by subject, name and class type, and in the book tree.
    admin.post_data("/api/teachingMaterial/addOrUpdate", with(&book, json!({"id": id, "status": 1}))).await;
    let found = teacher.post_data("/api/teachingMaterial/queryListForPrepareLesson", json!({"subject": 54, "stage": 4, "name": "必修", "classType": 2})).await;
    assert_eq!(int(&found["total"]), 1);
    assert_eq!(found["records"][0]["canEdit"], false);
    assert_eq!(int(&teacher.post_data("/api/teachingMaterial/queryList", json!({"classType": 3})).await["total"]), 0);
    let tree = teacher.post_data("/api/book/bookTree", json!({})).await;
    assert_eq!(tree[0]["name"], "高中");
    assert_eq!(int(&tree[0]["children"][0]["children"][0]["textbookId"]), id);
    let chapters = teacher.post_data("/api/book/chapterTree", json!({"textbookId": id})).await;
    assert_eq!(chapters["chapters"].as_array().unwrap().len(), 3);
    assert_eq!(teacher.data("/api/teachingMaterial/queryConfigClassTypeList").await.as_array().unwrap().len(), 4);
}

async fn teaching_aid_series_and_papers(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let teacher = app.login(TEACHER).await;
    let series = |name: &str| json!({"name": name, "subject": 54, "stage": 4});
    refused(&teacher.post("/api/teachingAuxiliary/addOrUpdateSeries", series("x")).await, 403);
    let a = int(&admin.post_data("/api/teachingAuxiliary/addOrUpdateSeries", series("五三")).await["id"]);
    let b = int(&admin.post_data("/api/teachingAuxiliary/addOrUpdateSeries", series("必刷题")).await["id"]);
    let c = int(&admin.post_data("/api/teachingAuxiliary/addOrUpdateSeries", series("空系列")).await["id"]);
    let sorted = admin.post_data("/api/teachingAuxiliary/updateSeriesSort", json!({"ids": [b, c, a]})).await;
    assert_eq!(names(&sorted), ["必刷题", "空系列", "五三"]);
    refused(&admin.post("/api/teachingAuxiliary/updateSeriesSort", json!({"ids": [b, a]})).await, 409);
    let page = teacher.post_data("/api/teachingAuxiliary/querySeriesListByPage", json!({"subject": 54, "stage": 4})).await;
    assert_eq!(names(&page["records"]), ["必刷题", "空系列", "五三"]);

    // An aid comes with its paper; teachers see neither until it is published.
    refused(&teacher.post("/api/teachingAuxiliary/addOrUpdate", json!({"seriesId": a, "title": "x"})).await, 403);
    let aid = admin.post_data("/api/teachingAuxiliary/addOrUpdate", json!({"seriesId": a, "title": "函数专题", "description": "单调性与最值"})).await;
    let (aid_id, paper_id) = (int(&aid["id"]), int(&aid["paperId"]));
    assert_eq!((aid["seriesName"].as_str(), aid["status"].as_i64()), (Some("五三"), Some(0)));
    let detail = admin.post_data("/api/paper/detail", json!({"paperId": paper_id})).await;
    assert_eq!((detail["paperType"].as_i64(), detail["canEdit"].as_bool()), (Some(3), Some(true)));
    refused(&teacher.get(&format!("/api/teachingAuxiliary/queryInfoById?id={aid_id}")).await, 404);
    refused(&teacher.post("/api/paper/detail", json!({"paperId": paper_id})).await, 404);
    assert_eq!(int(&teacher.post_data("/api/teachingAuxiliary/queryListForPrepareLesson", json!({})).await["total"]), 0);

    admin.post_data("/api/teachingAuxiliary/addOrUpdate", json!({"id": aid_id, "seriesId": b, "title": "函数专题", "status": 1})).await;
    let info = teacher.data(&format!("/api/teachingAuxiliary/queryInfoById?id={aid_id}")).await;
    assert_eq!((info["seriesName"].as_str(), info["canEdit"].as_bool()), (Some("必刷题"), Some(false)));
    let read = teacher.post_data("/api/paper/detail", json!({"paperId": paper_id})).await;
    assert_eq!(read["canEdit"], false);
    refused(&teacher.post("/api/paper/save", json!({"paperId": paper_id, "paperTitle": "改"})).await, 403);
    let found = teacher.post_data("/api/teachingAuxiliary/queryList", json!({"keyword": "函数", "seriesId": b})).await;
    assert_eq!(int(&found["total"]), 1);

    refused(&admin.post("/api/teachingAuxiliary/deleteSeries", json!({"id": b})).await, 409);
    assert_eq!(admin.post_data("/api/teachingAuxiliary/deleteSeries", json!({"id": c})).await, true);
    refused(&admin.post("/api/teachingAuxiliary/addOrUpdate", json!({"seriesId": c, "title": "x"})).await, 404);
}

/// Editors write an outline's units and lessons (points and handouts checked), put it in use,
/// publish it to some schools' lecture library; teachers of those schools read it and copy its
/// handouts; everyone else sees nothing.
async fn outlines_and_the_lecture_library(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let teacher = app.login(TEACHER).await;
    let consultant = app.login(CONSULTANT).await;
    let handout = admin.post_data("/api/paper/package", json!({"paperList": [{"atlasId": 112}], "subject": 54, "stage": 4, "paperType": 5, "treeId": 1})).await;
    let paper_id = int(&handout["paperId"]);
    let units = json!([
        {"title": "函数", "lessons": [{"title": "单调性", "hours": 2, "knowledgeIds": [112], "paperId": paper_id}, {"title": "指数函数", "knowledgeIds": [113]}]},
        {"title": "导数", "lessons": [{"title": "导数的概念", "knowledgeIds": [121]}]}
    ]);
    let outline = json!({"name": "高一数学班课大纲", "subject": 54, "stage": 4, "classType": 2, "units": units});
    refused(&teacher.post("/api/teaching/outline/save", outline.clone()).await, 403);
    refused(&admin.post("/api/teaching/outline/save", with(&outline, json!({"classType": 9}))).await, 400);
    refused(
        &admin.post("/api/teaching/outline/save", with(&outline, json!({"units": [{"title": "x", "lessons": [{"title": "y", "knowledgeIds": [211]}]}]}))).await,
        400,
    );
    let made = admin.post_data("/api/teaching/outline/save", outline.clone()).await;
    let id = int(&made["outline"]["outlineId"]);
    assert_eq!(
        (made["outline"]["unitCount"].as_i64(), made["outline"]["lessonCount"].as_i64(), made["outline"]["totalHours"].as_i64()),
        (Some(2), Some(3), Some(4))
    );
    assert_eq!(made["units"][0]["lessons"][0]["paperTitle"], handout["paperList"][0]["paperName"]);
    assert_eq!(made["units"][0]["lessons"][0]["knowledgePoints"][0]["name"], "函数的单调性与最值");

    // Configuration, rename, copy; a copy is an editable draft of its own.
    let config = admin
        .post_data(
            "/api/library/outline/config/update",
            json!({"outlineId": id, "config": {"lessonMinutes": 120, "lessonsPerWeek": 1, "weeks": 18, "note": " 寒假 "}}),
        )
        .await;
    assert_eq!(config["note"], "寒假");
    refused(&admin.post("/api/library/outline/config/update", json!({"outlineId": id, "config": {"lessonMinutes": 5}})).await, 400);
    assert_eq!(admin.post_data("/api/library/outline/config/detail", json!({"outlineId": id})).await["weeks"], 18);
    admin.post_data("/api/teaching/outline/name/edit", json!({"outlineId": id, "name": "高一数学秋季班课"})).await;
    let copy = admin.post_data("/api/teaching/outline/copy", json!({"outlineId": id})).await;
    assert_eq!((copy["name"].as_str(), copy["lessonCount"].as_i64()), (Some("高一数学秋季班课（副本）"), Some(3)));
    assert_eq!(admin.post_data("/api/teaching/outline/del", json!({"outlineId": int(&copy["outlineId"])})).await, true);

    // Not yet in use: not publishable; in use: not editable.
    refused(&admin.post("/api/library/updateStatus", json!({"outlineId": id, "status": 1})).await, 409);
    admin.post_data("/api/teaching/outline/valid/edit", json!({"outlineId": id, "valid": true})).await;
    refused(&admin.post("/api/library/outline/update", json!({"outlineId": id, "units": []})).await, 409);
    let schools = admin.post_data("/api/library/transferSchoolInfo", json!({"outlineId": id, "schoolIds": [1002, 1001, 1001]})).await;
    assert_eq!(schools.as_array().unwrap().iter().map(|s| s["code"].as_str().unwrap()).collect::<Vec<_>>(), ["1001", "1002"]);
    refused(&admin.post("/api/library/transferSchoolInfo", json!({"outlineId": id, "schoolIds": [999]})).await, 400);
    refused(&teacher.post("/api/library/queryOutlineData", json!({"outlineId": id})).await, 404);
    admin.post_data("/api/library/updateStatus", json!({"outlineId": id, "status": 1})).await;

    // The teacher's school (1001) holds it now.
    let tree = teacher.post_data("/api/library/queryLibraryTreeList", json!({"subject": 54, "stage": 4})).await;
    assert_eq!((tree[0]["name"].as_str(), tree[0]["children"][0]["outlineId"].as_i64()), (Some("班课"), Some(id)));
    let listed = teacher.post_data("/api/teaching/outline/list", json!({"subject": 54})).await;
    assert_eq!((int(&listed["total"]), listed["records"][0]["canEdit"].as_bool()), (1, Some(false)));
    let data = teacher.post_data("/api/library/outline/tree", json!({"outlineId": id})).await;
    let lesson_id = int(&data["units"][0]["lessons"][0]["lessonId"]);
    let content = teacher.post_data("/api/library/outline/content", json!({"lessonId": lesson_id})).await;
    assert_eq!(content["unitTitle"], "函数");
    assert!(content["sections"].is_null(), "the handout is the editor's own until shared: {content}");
    refused(&teacher.post("/api/teaching/outline/valid/edit", json!({"outlineId": id, "valid": false})).await, 403);
    refused(&teacher.post("/api/library/outline/paper/update", json!({"lessonId": lesson_id})).await, 403);

    // Approved into the library, the handout is readable and copied into the teacher's own.
    admin.post_data("/api/paper/audit/post", json!({"paperId": paper_id})).await;
    admin.post_data("/api/paper/audit/judge", json!({"paperId": paper_id, "approve": true})).await;
    let content = teacher.post_data("/api/library/outline/content", json!({"lessonId": lesson_id})).await;
    assert!(content["sections"]["knowledgeReview"].as_array().unwrap().iter().any(|p| p == "函数的单调性与最值"));
    let copies = teacher.post_data("/api/library/copy", json!({"outlineId": id})).await;
    assert_eq!(copies.as_array().unwrap().len(), 1);
    let mine = teacher.post_data("/api/paper/detail", json!({"paperId": int(&copies[0]["paperId"])})).await;
    assert_eq!((mine["canEdit"].as_bool(), mine["isOwner"].as_bool()), (Some(true), Some(true)));

    // Another school's staff see none of it.
    sqlx::query("UPDATE users SET selected_school_id = 3001 WHERE email = $1").bind(CONSULTANT).execute(app.state.db.pool()).await.unwrap();
    app.state.db.accounts_changed();
    assert!(consultant.post_data("/api/library/queryLibraryTreeList", json!({"subject": 54, "stage": 4})).await.as_array().unwrap().is_empty());
    refused(&consultant.post("/api/library/queryOutlineData", json!({"outlineId": id})).await, 404);

    // The layout of the library page is the user's own.
    assert_eq!(teacher.post_data("/api/layoutSettings/query", json!({})).await["viewMode"], "card");
    teacher.post_data("/api/layoutSettings/update", json!({"viewMode": "list", "pageSize": 50, "sortBy": "name"})).await;
    assert_eq!(teacher.post_data("/api/layoutSettings/query", json!({})).await["sortBy"], "name");
    assert_eq!(admin.post_data("/api/layoutSettings/query", json!({})).await["viewMode"], "card");
    refused(&teacher.post("/api/layoutSettings/update", json!({"viewMode": "grid"})).await, 400);
    refused(&admin.post("/api/teaching/outline/del", json!({"outlineId": id})).await, 409);
}
