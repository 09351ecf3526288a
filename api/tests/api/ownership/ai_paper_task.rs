//! AI paper tasks (a photo or PDF of a paper recognised into questions): their teacher's own,
//! nobody else's.

use futures_util::FutureExt;
use serde_json::json;

use super::fixtures::CAMP_TASKS;
use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

pub fn kind() -> Kind {
    Kind {
        name: "AI paper task",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["taskId"],
        not_probed: [
            &[
                ("POST /api/analysis/paper", "a lesson task: the lesson task kind probes it"),
                ("POST /api/analysis/report/create", "a lesson task: the lesson task kind probes it"),
                ("POST /api/exam/analysis/heatMapByKnowledge", "a lesson task: the lesson task kind probes it"),
                ("POST /api/exam/analysis/paperByKnowledge", "a lesson task: the lesson task kind probes it"),
                ("POST /api/task/answer/mark", "a lesson task: the lesson task kind probes it"),
                ("POST /api/task/answer/save", "a lesson task: the lesson task kind probes it"),
                ("POST /api/task/answer/sheet", "a lesson task: the lesson task kind probes it"),
                ("POST /api/task/checkTextContent", "a lesson task: the lesson task kind probes it"),
                ("POST /api/task/close", "a lesson task: the lesson task kind probes it"),
                ("POST /api/task/detail", "a lesson task: the lesson task kind probes it"),
                ("POST /api/task/getTextContent", "a lesson task: the lesson task kind probes it"),
                ("POST /api/task/studentSummaryInfo", "a lesson task: the lesson task kind probes it"),
                ("POST /api/task/updateTextContent", "a lesson task: the lesson task kind probes it"),
            ][..],
            CAMP_TASKS,
        ]
        .concat(),
        // A task on an uploaded photo of the owner's, with two questions (as the teacher would edit
        // them) on knowledge point 112, then marked recognised in storage, as a recognition would
        // leave it: the matrix's server has no AI provider (a recognition asked by the owner meets
        // C0001 below, after the task was found theirs), and saving and feedback need a recognised
        // task.
        create: |app, owner| {
            async move {
                let (status, upload) = owner.post_raw("/api/cos/upload?fileName=paper.png", "application/octet-stream", vec![7u8; 1000]).await;
                assert_eq!(status, 200, "the paper's upload: {upload}");
                let file = upload["data"]["fileId"].clone();
                assert!(file.is_string(), "an upload id: {upload}");
                let questions = json!([
                    {"questionType": 1, "stem": "函数 $f(x)=x^2$ 的最小值是", "options": ["$-1$", "$0$", "$1$", "$2$"], "answer": "B", "analysis": "配方", "difficulty": 2},
                    {"questionType": 4, "stem": "求 $y=x^2-4x+3$ 的顶点坐标", "answer": "$(2,-1)$"},
                ]);
                let body = json!({"title": "矩阵试卷", "subject": 54, "stage": 4, "fileId": file, "knowledgeIds": [112], "questions": questions});
                let task = owner.post_data("/api/ai/paper/task/addOrUpdate", body).await;
                let id = task["taskId"].clone();
                assert!(id.is_i64(), "a task id: {task}");
                sqlx::query("UPDATE ai_paper_tasks SET status = 3, progress = 100 WHERE id = $1")
                    .bind(id.as_i64().unwrap())
                    .execute(app.state.db.pool())
                    .await
                    .unwrap();
                let page = owner.post_data("/api/ai/paper/task/questions", json!({"taskId": id})).await;
                let item = page["records"][0]["itemId"].clone();
                assert!(item.is_i64(), "a task question: {page}");
                Vars::from([("id".to_owned(), id), ("fileId".to_owned(), file), ("itemId".to_owned(), item)])
            }
            .boxed_local()
        },
        // The task (title, file, points, status, counts, feedback) and its questions, each with the
        // bank question it became.
        read: |owner, vars| {
            async move {
                let task = owner.post_data("/api/ai/paper/task/details", json!({"taskId": vars["id"]})).await;
                let questions = owner.post_data("/api/ai/paper/task/questions", json!({"taskId": vars["id"], "pageSize": 100})).await;
                json!({"task": task, "questions": questions})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("POST /api/ai/paper/task/details", r#"{"taskId": "{{id}}"}"#),
            Probe::new("POST /api/ai/paper/task/questions", r#"{"taskId": "{{id}}", "pageNo": 1, "pageSize": 20}"#),
            Probe::new("POST /api/ai/paper/task/relation", r#"{"taskId": "{{id}}"}"#),
            Probe::new(
                "POST /api/ai/paper/task/addOrUpdate",
                r#"{"taskId": "{{id}}", "title": "矩阵试卷（订正）", "subject": 54, "stage": 4, "fileId": "{{fileId}}", "knowledgeIds": [112]}"#,
            ),
            // No provider here: the owner's recognition is refused for that, after the task was
            // found theirs.
            Probe::new("POST /api/ai/paper/task/recognize", r#"{"taskId": "{{id}}"}"#).owner_meets("C0001"),
            Probe::new("POST /api/ai/paper/task/save", r#"{"taskId": "{{id}}", "itemIds": ["{{itemId}}"]}"#),
            Probe::new("POST /api/ai/paper/task/feedback", r#"{"taskId": "{{id}}", "useful": true, "tags": ["识别准确"]}"#),
            Probe::new("POST /api/ai/paper/task/delete", r#"{"taskId": "{{id}}"}"#),
        ],
    }
}
