//! Classes (of the owner's school): their tasks and wrong questions are their teacher's (and of
//! those whose scope holds the class); another school's teacher reads and sends nothing for them.

use futures_util::FutureExt;
use serde_json::json;

use super::fixtures::{lesson_ahead, marked_questions, owner_class, task_answered_wrong, Pick};
use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

pub fn kind() -> Kind {
    Kind {
        name: "class",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["classId"],
        not_probed: vec![("POST /api/camp/statistics/condition/student/list", "the camp kind probes it")],
        // The owner's small group of the demo seed (the student kind takes a one-to-one class,
        // apart from this one), and for each fixture a lesson of it made in storage (no call
        // schedules lessons), two months ahead, with a task set through the API on a few bank
        // questions, answered wrong by the group's first student: a task with answers in and open
        // wrong questions to send practice for. The seed class is never deleted: no probe here
        // can.
        create: |app, owner| {
            async move {
                let (class, student) = owner_class(app, owner, storage::teaching::CLASS_SMALL_GROUP, Pick::First).await;
                let lesson = lesson_ahead(app, owner, &class, 63, "矩阵班级课节").await;
                let questions = marked_questions(app).await;
                task_answered_wrong(owner, lesson, student, &questions, "矩阵班级练习").await;
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
