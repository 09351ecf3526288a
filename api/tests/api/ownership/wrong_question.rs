//! Batch sends of similar practice (错题相似题批量发送): a teacher sends practice for the open wrong
//! questions of a class they teach, as a batch (a job); the batch is its sender's alone, read by
//! nobody else. The route is every teacher's (no role rule), so the stranger is another school's
//! teacher.

use std::time::Duration;

use futures_util::FutureExt;
use protocol::dto::wrong_question::{BATCH_PARTLY_FAILED, BATCH_SENT};
use serde_json::{json, Value};

use super::fixtures::{lesson_ahead, marked_questions, owner_class, task_answered_wrong, Pick};
use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

/// How far ahead the fixture's lesson is (the student kind's, on the same class, is 62 days
/// ahead).
const DAYS_AHEAD: i64 = 65;

/// Waits until the batch's job has ended (all sent, or some failed for want of a similar
/// question): a batch still sending changes as the owner reads it, whatever a stranger does, and
/// the class's next batch would be refused while one is under way.
async fn sent(owner: &Client, id: &Value) {
    for _ in 0..300 {
        let batch = owner.post_data("/api/wrongQuestion/similar/batch", json!({"id": id})).await;
        if matches!(batch["status"].as_i64(), Some(BATCH_SENT | BATCH_PARTLY_FAILED)) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the batch {id} was still being sent after 30 s");
}

pub fn kind() -> Kind {
    Kind {
        name: "similar batch",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        // `id` names some seventy other records (see the drive item kind): the batch's route is
        // listed here by its probe. `POST /api/resendBatch/{id}` names a batch too but is not
        // probed: the owner's answer depends on whether the bank had a similar question for each
        // wrong one (a batch with failures is resent, and its job then runs on past the probe; a
        // batch all sent is refused with A0409), which the matrix's generated bank does not fix.
        fields: &[],
        not_probed: vec![],
        // The student of the owner's last one-to-one class (the student kind's: the class kind
        // sends from the small group, whose batch may still be under way), and for each fixture a
        // lesson of that class made in storage (no call schedules lessons), with a task set
        // through the API on a few bank questions the student answered wrong (opening those wrong
        // questions again if an earlier batch sent them). The batch is sent through the API for
        // that student, and left once its job has ended.
        create: |app, owner| {
            async move {
                let (class, student) = owner_class(app, owner, storage::teaching::CLASS_ONE_TO_ONE, Pick::Last).await;
                let lesson = lesson_ahead(app, owner, &class, DAYS_AHEAD, "矩阵错题课节").await;
                let picked = marked_questions(app).await;
                task_answered_wrong(owner, lesson, student, &picked, "矩阵错题练习").await;
                let batch = owner.post_data("/api/wrongQuestion/similar/batchSend", json!({"classId": class.id, "studentIds": [student]})).await;
                let id = batch["batchId"].clone();
                assert!(id.is_i64(), "a batch id: {batch}");
                sent(owner, &id).await;
                Vars::from([("id".to_owned(), id)])
            }
            .boxed_local()
        },
        // The batch as its sender reads it: state, counts and failures.
        read: |owner, vars| async move { owner.post("/api/wrongQuestion/similar/batch", json!({"id": vars["id"]})).await.1 }.boxed_local(),
        probes: vec![Probe::new("POST /api/wrongQuestion/similar/batch", r#"{"id": "{{id}}"}"#)],
    }
}
