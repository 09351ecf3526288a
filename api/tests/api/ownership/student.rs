//! Students (of the owner's school): what a teacher reads and records of a student they teach —
//! the answer sheets of the tasks they set, the analysis of the student's learning, stage and
//! feedback reports, wrong questions. Another school's teacher reads and records none of it.

use futures_util::FutureExt;
use serde_json::json;

use super::fixtures::{lesson_ahead, marked_questions, owner_class, task_answered_wrong, Pick, DAY};
use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

pub fn kind() -> Kind {
    Kind {
        name: "student",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["studentId"],
        not_probed: vec![
            (
                "POST /api/liveLesson/presence",
                "the online lesson (lessonId) decides it, its teachers only (access::live_lesson::taught); the matrix's server has no online classes",
            ),
            (
                "POST /api/recordTool/visit/student/save",
                "visitors only (admin, operator, school or area manager), which a teacher owner is not; the visit (id) decides it: \
                 the visit kind probes it (owner: an inspector of school 1001, stranger: an operator of school 2001)",
            ),
        ],
        // The student of the owner's last one-to-one class of the demo seed (the feedback report
        // kind takes the first one's), and for each fixture a lesson of that class made in storage
        // (no call schedules lessons), two months ahead, with a task set through the API on a few
        // bank questions answered wrong by the student: an answer sheet, wrong questions, an
        // analysis. The seed student is never deleted: no probe here can.
        create: |app, owner| {
            async move {
                let (class, student) = owner_class(app, owner, storage::teaching::CLASS_ONE_TO_ONE, Pick::Last).await;
                let lesson = lesson_ahead(app, owner, &class, 62, "矩阵学生课节").await;
                let picked = marked_questions(app).await;
                let node: i64 = sqlx::query_scalar("SELECT node_id FROM question_points WHERE question_id = $1 ORDER BY node_id LIMIT 1")
                    .bind(picked[0])
                    .fetch_one(app.state.db.pool())
                    .await
                    .unwrap();
                let task_id = task_answered_wrong(owner, lesson, student, &picked, "矩阵课后练习").await;
                let now = storage::now_ms();
                Vars::from([
                    ("id".to_owned(), json!(student)),
                    ("lessonId".to_owned(), json!(lesson)),
                    ("taskId".to_owned(), task_id),
                    ("questionId".to_owned(), json!(picked[0])),
                    ("nodeId".to_owned(), json!(node)),
                    ("from".to_owned(), json!(now - 30 * DAY)),
                    ("to".to_owned(), json!(now + DAY)),
                ])
            }
            .boxed_local()
        },
        // The fixture task's answer sheet, the student's stage reports and feedback reports, and
        // their wrong questions (what the probes could record or change).
        read: |owner, vars| {
            async move {
                let id = &vars["id"];
                let sheet = owner.post_data("/api/task/answer/sheet", json!({"taskId": vars["taskId"], "studentId": id})).await;
                let stage_reports = owner.post_data("/api/analysis/report/list", json!({"studentId": id})).await;
                let feedback_reports = owner.post_data("/api/teaching/reports", json!({"studentId": id, "pageSize": 100})).await;
                let wrong = owner.post_data("/api/wrongQuestion/student/list", json!({"studentId": id})).await;
                json!({"sheet": sheet, "stageReports": stage_reports, "feedbackReports": feedback_reports, "wrong": wrong})
            }
            .boxed_local()
        },
        probes: vec![
            // Learning analysis and stage reports.
            Probe::new("POST /api/analysis/student", r#"{"studentId": "{{id}}"}"#),
            Probe::new("POST /api/analysis/paper", r#"{"taskId": "{{taskId}}", "studentId": "{{id}}"}"#),
            Probe::new("POST /api/analysis/wrongQuestions", r#"{"studentId": "{{id}}", "nodeId": "{{nodeId}}"}"#),
            Probe::new("POST /api/analysis/report/list", r#"{"studentId": "{{id}}"}"#),
            Probe::new(
                "POST /api/analysis/report/create",
                r#"{"studentId": "{{id}}", "template": 3, "taskId": "{{taskId}}", "from": "{{from}}", "to": "{{to}}"}"#,
            ),
            // The task's answer sheet: read, recorded, marked.
            Probe::new("POST /api/task/answer/sheet", r#"{"taskId": "{{taskId}}", "studentId": "{{id}}"}"#),
            Probe::new(
                "POST /api/task/answer/save",
                r#"{"taskId": "{{taskId}}", "studentId": "{{id}}", "answers": [{"questionId": "{{questionId}}", "answer": "A"}]}"#,
            ),
            Probe::new("POST /api/task/answer/mark", r#"{"taskId": "{{taskId}}", "studentId": "{{id}}", "questionId": "{{questionId}}", "correct": true}"#),
            // The teaching service's pages of the student.
            Probe::new("POST /api/teaching/student/lessons", r#"{"studentId": "{{id}}"}"#),
            // The caller's own feedback reports, of this student: another school's teacher has
            // none of theirs, but is not to be answered about the student at all.
            Probe::new("POST /api/teaching/reports", r#"{"studentId": "{{id}}"}"#),
            Probe::new("POST /api/wrongQuestion/student/list", r#"{"studentId": "{{id}}"}"#),
            // The feedback report of the fixture's lesson and the student, made on first use.
            Probe::new("POST /api/report/feedback/v2/init", r#"{"lessonId": "{{lessonId}}", "studentId": "{{id}}"}"#),
        ],
    }
}
