//! Notices (通知; the routes keep the old `/exam/notice` prefix): what an administrator publishes,
//! or the system sends (an error report settled, a batch send failed), is its addressees' to read,
//! each with their own read state and popup. A notice is found only through its addressee
//! (`notices::detail` joins the recipients on the caller): another school's teacher, addressed by
//! neither fixture, finds neither notice, and can neither read it, mark it read nor close its
//! popup for the owner.

use futures_util::FutureExt;
use serde_json::json;

use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

/// An error-book message is a notice of type 3, 4 or 6: 6 is the one a settled error report on a
/// question or paper sends its reporter.
const ITEM_REPORT_CONFIRMED: i64 = 6;

pub fn kind() -> Kind {
    Kind {
        name: "notice",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        // `id` names some seventy other records (see the drive item kind): the notice routes are
        // listed here by their probes.
        fields: &[],
        not_probed: vec![],
        // Two notices addressed to the owner alone: a popup notice (type 1) the administrator
        // publishes to the owner's e-mail (`id`: it is offered as the newest popup until read or
        // closed, so the owner sees both), and an error-book message (`errorBookId`), stored as
        // the feedback handler sends one when an editor settles the owner's report (no call of a
        // teacher's makes one without an editor's handling it).
        create: |app, owner| {
            async move {
                let admin = app.login(ADMIN).await;
                let published = admin
                    .post_data("/api/admin/notice/publish", json!({"title": "矩阵通知", "content": "归属矩阵的弹窗通知", "type": 1, "emails": [owner.email]}))
                    .await;
                // By e-mail only: the other school's teacher is no addressee.
                assert_eq!(published["recipients"], json!(1), "addressed to the owner alone: {published}");
                let to_owner = [(app.user_id(&owner.email).await, "teacher".to_owned())];
                let from = app.user_id(ADMIN).await;
                let error_book =
                    storage::notices::publish(&app.state.db, from, "矩阵错题反馈已确认", "第1题答案已更正", ITEM_REPORT_CONFIRMED, &to_owner).await.unwrap();
                Vars::from([("id".to_owned(), published["id"].clone()), ("errorBookId".to_owned(), json!(error_book))])
            }
            .boxed_local()
        },
        // Both notices as the owner reads them (title, content, read or not), and the popup the
        // owner is offered: the fixture's while it is unread and not closed (it is the newest).
        read: |owner, vars| {
            async move {
                let notice = owner.get(&format!("/api/exam/notice/detail?id={}", vars["id"])).await.1;
                let error_book = owner.get(&format!("/api/exam/notice/errorBook/detail?id={}", vars["errorBookId"])).await.1;
                let popup = owner.get("/api/exam/notice/detail/latest").await.1;
                json!({"notice": notice, "errorBook": error_book, "popup": popup})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("GET /api/exam/notice/detail?id={{id}}", ""),
            Probe::new("GET /api/exam/notice/errorBook/detail?id={{errorBookId}}", ""),
            // The id is in the query; the call has no body.
            Probe::new("POST /api/exam/notice/read?id={{id}}", ""),
            // Closing the popup and reading the notice: both show in what the owner reads.
            Probe::new("POST /api/exam/notice/update/param", r#"{"id": "{{id}}", "popupClosed": true, "read": true}"#),
        ],
    }
}
