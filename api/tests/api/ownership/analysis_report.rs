//! Stage reports (阶段报告): a teacher writes one of a student they teach from a template; it is
//! theirs alone while a draft, and once published it is read (not changed) by whoever may read
//! the student. The routes are every teacher's (no role rule), so the stranger is another
//! school's teacher, who finds neither a draft nor a published report of a school-1001 student.

use futures_util::FutureExt;
use protocol::dto::analysis::{REPORT_PUBLISHED, TEMPLATE_POINTS};
use serde_json::json;

use super::fixtures::{lesson_ahead, marked_questions, owner_class, task_answered_wrong, Pick, DAY};
use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

/// How far ahead the fixture's lesson is (the other kinds' lessons are 60–63 days ahead).
const DAYS_AHEAD: i64 = 64;

pub fn kind() -> Kind {
    Kind {
        name: "stage report",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        // `id` names some seventy other records (see the drive item kind): the report's routes
        // are listed here by their probes.
        fields: &[],
        not_probed: vec![],
        // The first student of the owner's class (class type 3, which no other kind takes), and
        // for each fixture a lesson of that class made in storage (no call schedules lessons), with
        // a task set through the API on a few bank questions the student answered wrong: a report
        // may show only questions set to its student (`questionId`). Two knowledge-point reports
        // of the last 30 days are made through the API (that template starts with no questions, so
        // the fixture's question can be added): a draft with a summary (`id`, so that it can be
        // published; `updatedAt`, which a save must name) and a published one (`publishedId`). The
        // rule finds a draft for its teacher only and a published report for its student's
        // readers too: both must stay out of another school's reach.
        create: |app, owner| {
            async move {
                let (class, student) = owner_class(app, owner, storage::teaching::CLASS_CLASS, Pick::First).await;
                let lesson = lesson_ahead(app, owner, &class, DAYS_AHEAD, "矩阵阶段报告课节").await;
                let picked = marked_questions(app).await;
                task_answered_wrong(owner, lesson, student, &picked, "矩阵阶段练习").await;
                let now = storage::now_ms();
                let period = json!({"studentId": student, "template": TEMPLATE_POINTS, "from": now - 30 * DAY, "to": now + DAY});
                let mut drafts = Vec::new();
                for title in ["矩阵阶段报告", "矩阵已发布阶段报告"] {
                    let mut body = period.clone();
                    body["title"] = json!(title);
                    let report = owner.post_data("/api/analysis/report/create", body).await;
                    assert!(report["id"].is_i64(), "a report id: {report}");
                    let saved = owner
                        .post_data(
                            "/api/analysis/report/save",
                            json!({"id": report["id"], "title": title, "summary": "矩阵阶段总结", "updatedAt": report["updatedAt"]}),
                        )
                        .await;
                    drafts.push(saved);
                }
                let published = owner.post_data("/api/analysis/report/publish", json!({"id": drafts[1]["id"]})).await;
                assert_eq!(published["status"], json!(REPORT_PUBLISHED), "published: {published}");
                Vars::from([
                    ("id".to_owned(), drafts[0]["id"].clone()),
                    ("updatedAt".to_owned(), drafts[0]["updatedAt"].clone()),
                    ("publishedId".to_owned(), published["id"].clone()),
                    ("questionId".to_owned(), json!(picked[0])),
                ])
            }
            .boxed_local()
        },
        // Both reports as the owner reads them (title, texts, state, questions and the analysis;
        // a not-found answer once deleted).
        read: |owner, vars| {
            async move {
                let draft = owner.post("/api/analysis/report/detail", json!({"id": vars["id"]})).await.1;
                let published = owner.post("/api/analysis/report/detail", json!({"id": vars["publishedId"]})).await.1;
                json!({"draft": draft, "published": published})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("POST /api/analysis/report/detail", r#"{"id": "{{id}}"}"#),
            // A published report is read by its student's readers: not by another school's.
            Probe::new("POST /api/analysis/report/detail", r#"{"id": "{{publishedId}}"}"#),
            // The draft's texts and a question set to the student, over the version read.
            Probe::new(
                "POST /api/analysis/report/save",
                r#"{"id": "{{id}}", "title": "矩阵阶段报告（改）", "summary": "矩阵阶段总结", "comment": "继续保持", "questions": [{"questionId": "{{questionId}}", "note": "注意审题"}], "updatedAt": "{{updatedAt}}"}"#,
            ),
            Probe::new("POST /api/analysis/report/addQuestions", r#"{"id": "{{id}}", "questionIds": ["{{questionId}}"]}"#),
            // The draft has a summary: it may be published.
            Probe::new("POST /api/analysis/report/publish", r#"{"id": "{{id}}"}"#),
            Probe::new("POST /api/analysis/report/delete", r#"{"id": "{{id}}"}"#),
            // Its teacher deletes a published report too; its readers may not.
            Probe::new("POST /api/analysis/report/delete", r#"{"id": "{{publishedId}}"}"#),
        ],
    }
}
