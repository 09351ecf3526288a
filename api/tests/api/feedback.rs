//! Feedback reports over REST, with live editors on the same document.

use std::time::Duration;

use serde_json::json;

use crate::collab::YClient;
use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(rest_saves_and_live_editors_never_diverge, lifecycle_preview_and_access);

async fn rest_saves_and_live_editors_never_diverge(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let detail = teacher.post_data("/api/report/feedback/v2/detail", json!({"reportId": 1})).await;
    assert_eq!(detail["report"]["status"], 0);
    assert_eq!(detail["canEdit"], true);
    assert_eq!(detail["sections"]["courseSummary"], "");

    // A live editor sees a REST save at once, in the section's fragment.
    let mut editor = YClient::connect(app, &teacher, "feedback/1").await;
    editor.settle(Duration::from_millis(200)).await;
    teacher.post_data("/api/report/feedback/course/summary/save", json!({"reportId": 1, "content": "掌握了导数的定义\n能求简单函数的导数"})).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(3);
    let summary = loop {
        editor.settle(Duration::from_millis(100)).await;
        let text = hub::doc::content::read_text(&editor.doc, "courseSummary");
        if !text.is_empty() || std::time::Instant::now() > deadline {
            break text;
        }
    };
    assert_eq!(summary, "掌握了导数的定义\n能求简单函数的导数");

    // And what an editor types is what REST reads.
    {
        use yrs::{Transact, XmlFragment};
        let frag = editor.doc.get_or_insert_xml_fragment("teacherMessage");
        let before = editor.doc.transact().state_vector();
        {
            let mut txn = editor.doc.transact_mut();
            frag.insert(&mut txn, 0, yrs::XmlElementPrelim::new("paragraph", [yrs::XmlTextPrelim::new("继续加油！").into()]));
        }
        use yrs::ReadTxn;
        let update = editor.doc.transact().encode_state_as_update_v1(&before);
        use yrs::updates::encoder::Encode;
        editor.send_raw(tokio_tungstenite::tungstenite::Message::binary(yrs::sync::Message::Sync(yrs::sync::SyncMessage::Update(update)).encode_v1())).await;
    }
    editor.settle(Duration::from_millis(300)).await;
    let detail = teacher.post_data("/api/report/feedback/v2/detail", json!({"reportId": 1})).await;
    assert_eq!(detail["sections"]["teacherMessage"], "继续加油！");
    assert_eq!(detail["sections"]["courseSummary"], "掌握了导数的定义\n能求简单函数的导数");

    // List-like sections and formulas.
    teacher.post_data("/api/report/feedback/lastReview/save", json!({"reportId": 1, "items": ["复习第一章", "完成练习册"]})).await;
    assert_eq!(teacher.post_data("/api/report/feedback/lastReview/todoList", json!({"reportId": 1})).await, json!(["复习第一章", "完成练习册"]));
    assert_eq!(teacher.post_data("/api/report/feedback/lastTime/todoList", json!({"reportId": 1})).await, json!([]));
    let saved = teacher.post_data("/api/report/feedback/formula/save", json!({"reportId": 1, "latex": "f'(x)=2x"})).await;
    let id = saved["id"].as_str().unwrap().to_owned();
    teacher.post_data("/api/report/feedback/formula/save", json!({"reportId": 1, "id": id, "latex": "f'(x)=3x^2"})).await;
    let formulas = teacher.post_data("/api/report/feedback/formula/list", json!({"reportId": 1})).await;
    assert_eq!(formulas, json!([{"id": id, "latex": "f'(x)=3x^2"}]));
    teacher.post_data("/api/report/feedback/formula/remove", json!({"reportId": 1, "id": id})).await;
    assert_eq!(teacher.post("/api/report/feedback/formula/remove", json!({"reportId": 1, "id": id})).await.0, 404);

    // Bad input.
    let (status, _) = teacher.post("/api/report/feedback/course/summary/save", json!({"reportId": 1, "content": "字".repeat(5001)})).await;
    assert_eq!(status, 400);
    let (status, _) = teacher.post("/api/report/feedback/course/summary/save", json!({"reportId": "x"})).await;
    assert_eq!(status, 400);
    let (status, _) = teacher.post("/api/report/feedback/lastReview/save", json!({"reportId": 1, "items": ["a\nb"]})).await;
    assert_eq!(status, 400);
    assert_eq!(teacher.post("/api/report/feedback/v2/detail", json!({"reportId": 999})).await.0, 404);

    // Every save was durable: the stored document has them.
    let stored = storage::documents::load(&app.state.db, "feedback/1").await.unwrap();
    let core = hub::doc::core::DocCore::load(stored.snapshot_v2.as_deref(), &stored.updates_v1).unwrap();
    assert_eq!(hub::doc::content::read_text(core.doc(), "lastReviewTodo"), "复习第一章\n完成练习册");
}

async fn lifecycle_preview_and_access(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let teacher2 = app.login(TEACHER2).await;
    let manager = app.login(MANAGER).await;
    let consultant = app.login(CONSULTANT).await;

    // Init finds or creates the report of a lesson and a student of its class.
    let lessons = teacher.post_data("/api/home/lesson/list", json!({"days": 3})).await;
    let group = lessons.as_array().unwrap().iter().find(|l| l["classType"] == 2).unwrap().clone();
    let students = teacher.post_data("/api/home/vip/studentList", json!({})).await;
    let outsider_student = students["records"][0]["id"].as_i64().unwrap();
    let (status, _) = teacher.post("/api/report/feedback/v2/init", json!({"lessonId": group["id"], "studentId": outsider_student})).await;
    assert_eq!(status, 404, "the one-to-one student is not in the group");
    let member: i64 = sqlx::query_scalar("SELECT student_id FROM class_students WHERE class_id = $1 ORDER BY student_id LIMIT 1")
        .bind(group["classId"].as_i64().unwrap())
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    let created = teacher.post_data("/api/report/feedback/v2/init", json!({"lessonId": group["id"], "studentId": member})).await;
    let again = teacher.post_data("/api/report/feedback/v2/init", json!({"lessonId": group["id"], "studentId": member})).await;
    assert_eq!(created["reportId"], again["reportId"]);
    let overview = teacher.post_data("/api/report/feedback/overview", json!({"lessonId": group["id"]})).await;
    assert_eq!(overview.as_array().unwrap().len(), 1);
    // Another teacher's lesson, none of whose reports is shared with them, reads as absent.
    let (status, body) = teacher2.post("/api/report/feedback/overview", json!({"lessonId": group["id"]})).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("A0404")), "{body}");
    let (status, _) = teacher2.post("/api/report/feedback/v2/init", json!({"lessonId": group["id"], "studentId": member})).await;
    assert_eq!(status, 404, "not teacher2's lesson");

    // Access: a co-editor writes, a reader reads, others see nothing.
    teacher2.post_data("/api/report/feedback/homework/save", json!({"reportId": 1, "content": "练习册第 3 页"})).await;
    assert_eq!(manager.post_data("/api/report/feedback/v2/detail", json!({"reportId": 1})).await["canEdit"], false);
    assert_eq!(manager.post("/api/report/feedback/homework/save", json!({"reportId": 1, "content": "x"})).await.0, 403);
    assert_eq!(consultant.post("/api/report/feedback/v2/detail", json!({"reportId": 1})).await.0, 404);
    assert_eq!(teacher2.post("/api/report/feedback/confirm", json!({"reportId": 1})).await.0, 403, "only the owner confirms");

    // Lifecycle: draft → confirmed → submitted; then no more edits.
    assert_eq!(teacher.post("/api/report/feedback/confirm", json!({"reportId": 1, "fullSubmit": true})).await.0, 409, "submit needs a confirm first");
    assert_eq!(teacher.post_data("/api/report/feedback/confirm", json!({"reportId": 1})).await, 1);
    assert_eq!(teacher.post("/api/report/feedback/confirm", json!({"reportId": 1})).await.0, 409);
    let mut live = YClient::connect(app, &teacher, "feedback/1").await;
    live.settle(Duration::from_millis(200)).await;
    assert_eq!(teacher.post_data("/api/report/feedback/confirm", json!({"reportId": 1, "fullSubmit": true})).await, 2);
    // Open editors are told to reconnect, and come back read-only.
    let (code, _) = live.wait_closed(Duration::from_secs(2)).await.expect("submitting closes open editors");
    assert_eq!(code, Some(protocol::push::close_code::ACCESS_CHANGED));
    let mut after = YClient::connect(app, &teacher, "feedback/1").await;
    after.settle(Duration::from_millis(200)).await;
    after.type_at(0, "提交后").await;
    after.settle(Duration::from_millis(300)).await;
    let detail = teacher.post_data("/api/report/feedback/v2/detail", json!({"reportId": 1})).await;
    assert!(!detail.to_string().contains("提交后"), "socket edits after submitting are dropped");
    assert_eq!(detail["canEdit"], false);
    let (status, body) = teacher.post("/api/report/feedback/teacherMessage/save", json!({"reportId": 1, "content": "晚了"})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("A0409")));
    let expire = teacher.post_data("/api/report/feedback/v2/expireTime/get", json!({"reportId": 1})).await.as_i64().unwrap();
    assert!(expire > storage::now_ms());

    // The preview link: a real QR code of a signed link that opens without login.
    let qr = teacher.post_data("/api/report/feedback/qrcode/generate", json!({"reportId": 1})).await;
    assert!(qr["qrcode"].as_str().unwrap().starts_with("data:image/svg+xml;base64,"));
    assert!(qr["url"].as_str().unwrap().contains("/feedbackPreviewPc?token="));
    let token = qr["token"].as_str().unwrap();
    let anonymous = app.client();
    let preview = anonymous.data(&format!("/api/report/feedback/v2/detail/preview?token={token}")).await;
    assert_eq!(preview["sections"]["homework"], "练习册第 3 页");
    assert_eq!(preview["canEdit"], false);
    assert_eq!(anonymous.get("/api/report/feedback/v2/detail/preview?token=1.99999999999999.forged").await.0, 403);
    assert_eq!(anonymous.get("/api/report/feedback/v2/detail/preview").await.0, 403);
    // Revoked, every link given out so far stops working; a new one works.
    assert_eq!(teacher.post_data("/api/report/feedback/shareLink/revoke", json!({"reportId": 1})).await, 1);
    let (status, body) = anonymous.get(&format!("/api/report/feedback/v2/detail/preview?token={token}")).await;
    assert_eq!((status, body["msg"].as_str()), (403, Some("该预览链接已被撤销，请向老师索取新的链接")));
    let fresh = teacher.post_data("/api/report/feedback/qrcode/generate", json!({"reportId": 1})).await;
    assert_ne!(fresh["token"], qr["token"]);
    assert_eq!(anonymous.data(&format!("/api/report/feedback/v2/detail/preview?token={}", fresh["token"].as_str().unwrap())).await["canEdit"], false);
    let (status, _) = app.login("teacher2@demo.eduhub").await.post("/api/report/feedback/shareLink/revoke", json!({"reportId": 1})).await;
    assert!(status == 403 || status == 404, "another teacher cannot end the links: {status}");
    let revoked = storage::admin::audit::latest(&app.state.db, "share", 5).await.unwrap();
    assert!(revoked.iter().any(|e| e.target == "/api/report/feedback/shareLink/revoke" && e.ok == 1), "revoking links is a share action in the audit log");
    let config = teacher.data("/api/report/feedback/v2/common/config").await;
    assert_eq!(config["sections"].as_array().unwrap().len(), 9);
}
