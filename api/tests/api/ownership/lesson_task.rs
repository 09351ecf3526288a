//! Lesson tasks (课后任务: a lesson's questions set to its students, their answer sheets and marks,
//! and the analyses read from them): their lesson's and class's teacher's, and readers within
//! the school's scope; nobody of another school.

use futures_util::FutureExt;
use serde_json::json;

use super::fixtures::{bank, lesson_ahead, owner_class, Pick, CAMP_TASKS, DAY};
use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

pub fn kind() -> Kind {
    Kind {
        name: "lesson task",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["taskId"],
        not_probed: [
            &[
                ("POST /api/ai/paper/task/addOrUpdate", "an AI paper task: the AI paper task kind probes it"),
                ("POST /api/ai/paper/task/delete", "an AI paper task: the AI paper task kind probes it"),
                ("POST /api/ai/paper/task/details", "an AI paper task: the AI paper task kind probes it"),
                ("POST /api/ai/paper/task/feedback", "an AI paper task: the AI paper task kind probes it"),
                ("POST /api/ai/paper/task/questions", "an AI paper task: the AI paper task kind probes it"),
                ("POST /api/ai/paper/task/recognize", "an AI paper task: the AI paper task kind probes it"),
                ("POST /api/ai/paper/task/relation", "an AI paper task: the AI paper task kind probes it"),
                ("POST /api/ai/paper/task/save", "an AI paper task: the AI paper task kind probes it"),
            ][..],
            CAMP_TASKS,
        ]
        .concat(),
        // A task is one per lesson, so each fixture has a lesson of its own: made in storage (no
        // call schedules lessons) on the owner's small group (two students), two months ahead. The
        // task is set through the API with one bank question of the class's subject (the bank is
        // filled as the paper kind fills it, when empty), for both students; the first student's
        // answer is recorded (so there is an answer to mark and a sheet to read). It is left open:
        // closing is a probe.
        create: |app, owner| {
            async move {
                let (class, _) = owner_class(app, owner, storage::teaching::CLASS_SMALL_GROUP, Pick::First).await;
                let lesson = lesson_ahead(app, owner, &class, 60, "矩阵任务课节").await;
                bank(app).await;
                let question: Option<i64> = sqlx::query_scalar(
                    "SELECT MIN(q.id) FROM questions q WHERE q.subject = $1 AND q.owner_id = 0 AND q.origin_id IS NULL AND q.deleted_at IS NULL",
                )
                .bind(class.subject)
                .fetch_one(app.state.db.pool())
                .await
                .unwrap();
                let question = question.expect("a bank question of the class's subject");
                let task = owner
                    .post_data(
                        "/api/task/submit",
                        json!({"lessonId": lesson, "name": "矩阵课后练习", "textContent": "请认真完成", "questions": [{"questionId": question, "score": 10}]}),
                    )
                    .await;
                let id = task["taskId"].clone();
                assert!(id.is_i64(), "a task id: {task}");
                let summary = owner.post_data("/api/task/studentSummaryInfo", json!({"taskId": id})).await;
                let student = summary["students"][0]["studentId"].clone();
                assert!(student.is_i64(), "a student of the task: {summary}");
                owner
                    .post_data("/api/task/answer/save", json!({"taskId": id, "studentId": student, "answers": [{"questionId": question, "answer": "A"}]}))
                    .await;
                let now = storage::now_ms();
                Vars::from([
                    ("id".to_owned(), id),
                    ("studentId".to_owned(), student),
                    ("questionId".to_owned(), json!(question)),
                    ("from".to_owned(), json!(now - 30 * DAY)),
                    ("to".to_owned(), json!(now + DAY)),
                ])
            }
            .boxed_local()
        },
        // The task (name, message, status, questions, students), every student's results, and the
        // answered student's sheet (answers, marks, comments).
        read: |owner, vars| {
            async move {
                let id = &vars["id"];
                let detail = owner.post_data("/api/task/detail", json!({"taskId": id})).await;
                let summary = owner.post_data("/api/task/studentSummaryInfo", json!({"taskId": id})).await;
                let sheet = owner.post_data("/api/task/answer/sheet", json!({"taskId": id, "studentId": vars["studentId"]})).await;
                json!({"detail": detail, "summary": summary, "sheet": sheet})
            }
            .boxed_local()
        },
        probes: vec![
            // Reads.
            Probe::new("POST /api/task/detail", r#"{"taskId": "{{id}}"}"#),
            Probe::new("POST /api/task/getTextContent", r#"{"taskId": "{{id}}"}"#),
            Probe::new("POST /api/task/checkTextContent", r#"{"taskId": "{{id}}", "textContent": "请在周五前完成"}"#),
            Probe::new("POST /api/task/studentSummaryInfo", r#"{"taskId": "{{id}}"}"#),
            Probe::new("POST /api/task/answer/sheet", r#"{"taskId": "{{id}}", "studentId": "{{studentId}}"}"#),
            Probe::new("POST /api/exam/analysis/paperByKnowledge", r#"{"taskId": "{{id}}"}"#),
            Probe::new("POST /api/exam/analysis/heatMapByKnowledge", r#"{"taskId": "{{id}}"}"#),
            Probe::new("POST /api/analysis/paper", r#"{"taskId": "{{id}}", "studentId": "{{studentId}}"}"#),
            // A single-paper stage report (template 3) on the task.
            Probe::new(
                "POST /api/analysis/report/create",
                r#"{"studentId": "{{studentId}}", "template": 3, "from": "{{from}}", "to": "{{to}}", "taskId": "{{id}}"}"#,
            ),
            // Changes: the message, answers, marks, and closing (the fixture is open).
            Probe::new("POST /api/task/updateTextContent", r#"{"taskId": "{{id}}", "textContent": "请在周五前完成。"}"#),
            Probe::new(
                "POST /api/task/answer/save",
                r#"{"taskId": "{{id}}", "studentId": "{{studentId}}", "answers": [{"questionId": "{{questionId}}", "answer": "B"}]}"#,
            ),
            Probe::new(
                "POST /api/task/answer/mark",
                r#"{"taskId": "{{id}}", "studentId": "{{studentId}}", "questionId": "{{questionId}}", "correct": true, "comment": "订正后正确"}"#,
            ),
            Probe::new("POST /api/task/close", r#"{"taskId": "{{id}}"}"#),
        ],
    }
}
