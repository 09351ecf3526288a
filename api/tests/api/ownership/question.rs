//! A teacher's own questions of the bank: theirs alone (the bank's questions are everyone's to
//! read, so the matrix takes an own question). Anyone else finds none (`question_for`), wherever
//! a route names one: its detail, look-alikes, changes, tags, the basket, error reports.

use futures_util::FutureExt;
use serde_json::json;

use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

pub fn kind() -> Kind {
    Kind {
        name: "question",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["questionId"],
        not_probed: vec![
            ("POST /api/task/answer/mark", "a question of a lesson task (taskId decides): the lesson task and student kinds probe it"),
            ("POST /api/report/feedback/v2/question/show/set", "a practice item of a feedback report (reportId decides): the feedback report kind probes it"),
            ("POST /api/dataCollector/1v1/single/submit", "a practice item of a feedback report (reportId decides): the feedback report kind probes it"),
        ],
        // A single-choice question of the owner's own on a centre knowledge point (112), made
        // through the API.
        create: |_app, owner| {
            async move {
                let content = json!({"questionType": 1, "stem": "矩阵自编题：1+1=", "options": ["1", "2", "3", "4"], "answer": "B", "analysis": "略",
                    "difficulty": 3, "knowledgeIds": [112]});
                let question = owner.post_data("/api/question/save", json!({"subject": 54, "stage": 4, "content": content})).await;
                let id = question["questionId"].clone();
                assert!(id.is_i64(), "a question id: {question}");
                Vars::from([("id".to_owned(), id)])
            }
            .boxed_local()
        },
        // The question as the owner reads it (stem, answer, points, their tags, whether it is in
        // their basket; absent once deleted) and the error reports on it.
        read: |owner, vars| {
            async move {
                let detail = owner.post("/api/question/xueke/detail", json!({"questionId": vars["id"]})).await.1;
                let reports = owner.post("/api/feedback/queryCommonData", json!({"targetType": 1, "targetId": vars["id"]})).await.1;
                json!({"detail": detail, "reports": reports})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("POST /api/question/xueke/detail", r#"{"questionId": "{{id}}"}"#),
            Probe::new("POST /api/paper/copySimilarQuestion", r#"{"questionId": "{{id}}", "count": 1}"#),
            Probe::new(
                "POST /api/question/save",
                r#"{"questionId": "{{id}}", "subject": 54, "stage": 4, "content": {"questionType": 4, "stem": "矩阵改题", "answer": "$x=1$", "difficulty": 3, "knowledgeIds": [112]}}"#,
            ),
            Probe::new("POST /api/question/delete", r#"{"questionId": "{{id}}"}"#),
            // Re-editing is for the bank's questions: the owner changes their own directly, and is
            // told so after the question was found theirs.
            Probe::new(
                "POST /api/question/reedit",
                r#"{"questionId": "{{id}}", "content": {"questionType": 4, "stem": "矩阵改题", "answer": "$x=1$", "difficulty": 3, "knowledgeIds": [112]}}"#,
            )
            .owner_meets("A0400"),
            // The question named inside the body.
            Probe::new("POST /api/question/tags/batch", r#"{"operations": [{"questionId": "{{id}}", "actions": [{"action": "add", "tag": "矩阵"}]}]}"#),
            Probe::new("POST /api/basket/add", r#"{"questionIds": ["{{id}}"]}"#),
            // Error reports on the question (target type 1).
            Probe::new("POST /api/feedback/queryCommonData", r#"{"targetType": 1, "targetId": "{{id}}"}"#),
            Probe::new("POST /api/feedback/submit", r#"{"targetType": 1, "targetId": "{{id}}", "tags": ["stem"], "content": "矩阵反馈"}"#),
            // Only library editors (and a file's owner) read the reports' summary: the owner, a
            // teacher, is refused after the question was found theirs.
            Probe::new("GET /api/feedback/more/ai/summary?targetType=1&targetId={{id}}", "").owner_meets("A0300"),
        ],
    }
}
