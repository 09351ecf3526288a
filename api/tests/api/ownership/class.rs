//! Classes (of the owner's school): their tasks and wrong questions are their teacher's (and of
//! those whose scope holds the class); another school's teacher reads and sends nothing for them.

use futures_util::FutureExt;
use serde_json::{json, Value};

use super::{Kind, Probe, Vars};
use crate::helpers::*;

const DAY: i64 = 24 * 3600 * 1000;

pub fn kind() -> Kind {
    Kind {
        name: "class",
        owner: TEACHER,
        fields: &["classId"],
        not_probed: &[("POST /api/camp/statistics/condition/student/list", "the camp kind probes it")],
        // The owner's small group of the demo seed (the student kind takes a one-to-one class,
        // apart from this one), and for each fixture a lesson of it made in storage (no call
        // schedules lessons), two months ahead, with a task set through the API on a few bank
        // questions, answered wrong by the group's first student: a task with answers in and open
        // wrong questions to send practice for. The seed class is never deleted: no probe here
        // can.
        create: |app, owner| {
            async move {
                let db = &app.state.db;
                let teacher = app.user_id(&owner.email).await;
                let class = storage::teaching::classes_of(db, teacher, Some(storage::teaching::CLASS_SMALL_GROUP))
                    .await
                    .unwrap()
                    .into_iter()
                    .next()
                    .expect("the owner has a small group");
                let student: i64 = sqlx::query_scalar("SELECT student_id FROM class_students WHERE class_id = $1 ORDER BY student_id LIMIT 1")
                    .bind(class.id)
                    .fetch_one(db.pool())
                    .await
                    .unwrap();
                let start = storage::now_ms() + 63 * DAY;
                let lesson = storage::teaching::add_lesson(db, class.id, teacher, "矩阵班级课节", start, start + 2 * 3600 * 1000).await.unwrap();

                // No call fills the question bank: the demo's is generated only with the records.
                storage::question::generate::generate(db, 7, 50).await.unwrap();
                // Questions marked on entry (choice, fill-in), so that a wrong answer is a wrong
                // question at once.
                let picked: Vec<i64> = sqlx::query_scalar(
                    "SELECT q.id FROM questions q WHERE q.subject = 54 AND q.stage = 4 AND q.owner_id = 0 AND q.origin_id IS NULL \
                     AND q.question_type IN (1, 2, 3) AND EXISTS (SELECT 1 FROM question_points p WHERE p.question_id = q.id) ORDER BY q.id LIMIT 3",
                )
                .fetch_all(db.pool())
                .await
                .unwrap();
                assert!(!picked.is_empty(), "bank questions of senior-high mathematics");
                let questions: Vec<Value> = picked.iter().map(|id| json!({"questionId": id})).collect();
                let task = owner.post_data("/api/task/submit", json!({"lessonId": lesson, "name": "矩阵班级练习", "questions": questions})).await;
                let task_id = task["taskId"].clone();
                assert!(task_id.is_i64(), "a task id: {task}");
                let answers: Vec<Value> = picked.iter().map(|id| json!({"questionId": id, "answer": "不会"})).collect();
                owner.post_data("/api/task/answer/save", json!({"taskId": task_id, "studentId": student, "answers": answers})).await;
                Vars::from([("id".to_owned(), json!(class.id)), ("studentId".to_owned(), json!(student))])
            }
            .boxed_local()
        },
        // The class's tasks, its students' wrong questions counted, and whether practice is to be
        // (or being) sent.
        read: |owner, vars| {
            async move {
                let class = json!({"classId": vars["id"]});
                let tasks = owner.post_data("/api/task/class/list", json!({"classId": vars["id"], "pageSize": 100})).await;
                let students = owner.post_data("/api/wrongQuestion/task/studentSummaryInfo", class.clone()).await;
                let exist = owner.post_data("/api/wrongQuestion/exist/status", class).await;
                json!({"tasks": tasks, "students": students, "exist": exist})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("POST /api/task/class/list", r#"{"classId": "{{id}}"}"#),
            Probe::new("POST /api/task/class/student/limit", r#"{"classId": "{{id}}"}"#),
            // The caller's own tasks with answers in, of this class: another school's teacher
            // has none, but is not to be answered about the class at all.
            Probe::new("POST /api/lesson/report/hasAnswer/list", r#"{"classId": "{{id}}"}"#),
            Probe::new("POST /api/lesson/report/hasAnswer/list/v2", r#"{"classId": "{{id}}", "pageNo": 1, "pageSize": 10}"#),
            Probe::new("POST /api/wrongQuestion/task/studentSummaryInfo", r#"{"classId": "{{id}}", "studentIds": ["{{studentId}}"]}"#),
            Probe::new("POST /api/wrongQuestion/exist/status", r#"{"classId": "{{id}}", "studentIds": ["{{studentId}}"]}"#),
            // Last: the send is a job that goes on after the call (on this class's wrong
            // questions only), and the class is the seed's, the same for every fixture.
            Probe::new("POST /api/wrongQuestion/similar/batchSend", r#"{"classId": "{{id}}", "studentIds": ["{{studentId}}"]}"#),
        ],
    }
}
