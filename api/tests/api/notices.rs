//! Notices: publishing reaches every open tab of each addressee and no one else; read state.

use std::time::Duration;

use protocol::push::TypeCode;
use serde_json::json;

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(
    published_notice_reaches_each_tab_of_each_addressee_only,
    read_state_and_counts_agree,
    withdraw_clears_and_bad_publishes_are_refused,
    error_book_messages_are_the_users_error_report_notices
);

async fn published_notice_reaches_each_tab_of_each_addressee_only(app: &TestApp) {
    let teacher_a = app.login(TEACHER).await;
    let teacher_b = app.login(TEACHER).await; // a second browser of the same user
    let teacher2 = app.login(TEACHER2).await;
    let consultant = app.login(CONSULTANT).await;
    let manager = app.login(MANAGER).await;
    let mut tab1 = teacher_a.socket(None).await;
    let mut tab2 = teacher_a.socket(None).await;
    let mut tab3 = teacher_b.socket(None).await;
    let mut other_teacher = teacher2.socket(None).await;
    let mut outsider = consultant.socket(None).await;
    let mut by_email = manager.socket(None).await;
    for s in [&mut tab1, &mut tab2, &mut tab3, &mut other_teacher, &mut outsider, &mut by_email] {
        s.expect_connected().await;
    }

    let admin = app.login(ADMIN).await;
    let published = admin
        .post_data(
            "/api/admin/notice/publish",
            json!({"title": "期末安排", "content": "下周一开始期末考试。", "type": 1, "roles": ["teacher"], "emails": [MANAGER]}),
        )
        .await;
    let notice_id = published["id"].as_i64().unwrap();
    // teacher, teacher2, the admin (holds teacher) and the manager by e-mail.
    assert_eq!(published["recipients"], 4);

    for tab in [&mut tab1, &mut tab2, &mut tab3, &mut other_teacher] {
        let push = tab.expect_push().await;
        assert_eq!(push.type_code, TypeCode::PopupNoticePublished);
        let content = push.decode_content().unwrap();
        assert_eq!((content.role.as_str(), content.kind, content.id), ("teacher", Some(1), Some(notice_id)));
        assert_eq!(content.value, Some(json!("期末安排")));
        assert!(content.time > 0);
    }
    let push = by_email.expect_push().await;
    assert_eq!(push.decode_content().unwrap().role, "", "addressed by e-mail: for any role");
    outsider.expect_silence(Duration::from_millis(500)).await;

    // Each user's tabs see the same id; the REST view agrees.
    let detail = teacher_a.data(&format!("/api/exam/notice/detail?id={notice_id}")).await;
    assert_eq!((detail["title"].as_str(), detail["read"].as_bool()), (Some("期末安排"), Some(false)));
    let (status, body) = consultant.get(&format!("/api/exam/notice/detail?id={notice_id}")).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("A0404")), "a notice is only readable by its addressees");
    assert_eq!(consultant.data("/api/exam/notice/personal/unread").await, json!([]));
}

async fn read_state_and_counts_agree(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let mut ids = Vec::new();
    for (title, kind) in [("一", 1), ("二", 2), ("三", 1), ("四", 7)] {
        ids.push(
            admin.post_data("/api/admin/notice/publish", json!({"title": title, "content": "内容", "type": kind, "emails": [TEACHER]})).await["id"]
                .as_i64()
                .unwrap(),
        );
    }
    let teacher = app.login(TEACHER).await;
    let info = teacher.data("/api/exam/notice/info").await;
    assert_eq!(info["unreadNum"], 4);
    assert_eq!(info["unreadInfo"]["title"], "四");
    assert_eq!(teacher.data("/api/exam/notice/personal/unread").await.as_array().unwrap().len(), 4);
    assert_eq!(
        teacher.data("/api/exam/notice/personal/unread/type/count").await,
        json!([{"type": 1, "count": 2}, {"type": 2, "count": 1}, {"type": 7, "count": 1}])
    );
    assert_eq!(teacher.data("/api/exam/notice/detail/latest").await["title"], "三");

    teacher.post_data(&format!("/api/exam/notice/read?id={}", ids[2]), json!({})).await;
    assert_eq!(teacher.data("/api/exam/notice/info").await["unreadNum"], 3);
    assert_eq!(teacher.data("/api/exam/notice/detail/latest").await["title"], "一");
    teacher.post_data("/api/exam/notice/update/param", json!({"id": ids[0], "popupClosed": true})).await;
    assert!(teacher.data("/api/exam/notice/detail/latest").await.is_null(), "closed popups are not offered again");
    assert_eq!(teacher.data("/api/exam/notice/info").await["unreadNum"], 3, "closing the popup does not read it");

    let page = teacher.data("/api/exam/notice/personal/list?pageNo=1&pageSize=3").await;
    assert_eq!((page["total"].as_i64(), page["records"].as_array().unwrap().len()), (Some(4), 3));
    let page2 = teacher.data("/api/exam/notice/personal/list?pageNo=2&pageSize=3").await;
    assert_eq!(page2["records"].as_array().unwrap().len(), 1);
    let v2 = teacher.data("/api/exam/notice/personal/list/v2?pageNo=1&pageSize=10&type=1").await;
    assert_eq!(v2["total"], 2);

    assert_eq!(teacher.post_data("/api/exam/notice/readAll", json!({})).await, 3);
    assert_eq!(teacher.data("/api/exam/notice/info").await["unreadNum"], 0);
    assert_eq!(teacher.data("/api/exam/notice/personal/unread/type/count").await, json!([]));
    // Reading someone else's notice is not possible.
    let teacher2 = app.login(TEACHER2).await;
    assert_eq!(teacher2.post(&format!("/api/exam/notice/read?id={}", ids[1]), json!({})).await.0, 404);
    assert_eq!(teacher2.post("/api/exam/notice/update/param", json!({"id": ids[1], "read": true})).await.0, 404);
}

async fn withdraw_clears_and_bad_publishes_are_refused(app: &TestApp) {
    let admin = app.login(ADMIN).await;
    let teacher = app.login(TEACHER).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    let id = admin.post_data("/api/admin/notice/publish", json!({"title": "撤回测试", "content": "x", "type": 2, "roles": ["teacher"]})).await["id"]
        .as_i64()
        .unwrap();
    assert_eq!(socket.expect_push().await.type_code, TypeCode::NoticePublished);
    admin.post_data("/api/admin/notice/withdraw", json!({"id": id})).await;
    let push = socket.expect_push().await;
    assert_eq!(push.type_code, TypeCode::NoticeWithdrawn);
    assert_eq!(push.decode_content().unwrap().id, Some(id));
    assert_eq!(teacher.get(&format!("/api/exam/notice/detail?id={id}")).await.0, 404);
    assert_eq!(admin.post("/api/admin/notice/withdraw", json!({"id": id})).await.0, 404);

    admin.post_data("/api/admin/notice/publish", json!({"title": "横幅", "content": "x", "type": 7, "emails": [TEACHER]})).await;
    assert_eq!(socket.expect_push().await.type_code, TypeCode::NoticeType7Published);
    admin.post_data("/api/admin/notice/withdraw", json!({"id": -1})).await;
    assert_eq!(socket.expect_push().await.decode_content().unwrap().id, Some(-1));

    for bad in [
        json!({"title": "", "content": "x", "type": 1, "roles": ["teacher"]}),
        json!({"title": "t", "content": "x", "type": 3, "roles": ["teacher"]}),
        json!({"title": "t", "content": "x", "type": 1, "roles": ["wizard"]}),
        json!({"title": "t", "content": "x", "type": 1, "emails": ["nope"]}),
        json!({"title": "t", "content": "x", "type": 1}),
        json!({"title": "t", "type": 1, "roles": ["teacher"]}),
    ] {
        let (status, body) = admin.post("/api/admin/notice/publish", bad.clone()).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{bad}: {body}");
    }
    socket.expect_silence(std::time::Duration::from_millis(300)).await;
}

async fn error_book_messages_are_the_users_error_report_notices(app: &TestApp) {
    let teacher = app.user_id(TEACHER).await;
    let admin = app.user_id(ADMIN).await;
    let to_teacher = [(teacher, "teacher".to_owned())];
    let report = storage::notices::publish(&app.state.db, admin, "错题反馈已确认", "第3题答案已更正", 6, &to_teacher).await.unwrap();
    let plain = storage::notices::publish(&app.state.db, admin, "普通通知", "内容", 2, &to_teacher).await.unwrap();
    let theirs = storage::notices::publish(&app.state.db, admin, "文件报错", "内容", 3, &[(app.user_id(TEACHER2).await, "teacher".to_owned())]).await.unwrap();
    let client = app.login(TEACHER).await;
    let detail = client.data(&format!("/api/exam/notice/errorBook/detail?id={report}")).await;
    assert_eq!((detail["title"].as_str(), detail["type"].as_i64()), (Some("错题反馈已确认"), Some(6)));
    for id in [plain, theirs] {
        let (status, body) = client.get(&format!("/api/exam/notice/errorBook/detail?id={id}")).await;
        assert_eq!((status, body["code"].as_str()), (404, Some("A0404")), "notice {id}");
    }
    assert_eq!(client.get("/api/exam/notice/errorBook/detail").await.0, 400);
    // The unread notice list (S047, S052) is an array holding both of the teacher's.
    let unread = client.data("/api/exam/notice/personal/unread").await;
    let ids: Vec<i64> = unread.as_array().unwrap().iter().map(|n| n["id"].as_i64().unwrap()).collect();
    assert!(ids.contains(&report) && ids.contains(&plain) && !ids.contains(&theirs), "{ids:?}");
}
