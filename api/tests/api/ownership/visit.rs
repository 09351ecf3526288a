//! Lesson visits (听课记录): a visit is its visitor's, an inspector of the lesson's school. An
//! operator of another school can neither read, record, rate, finish nor delete it; the visitor
//! can (finishing an unscored visit is refused by its state, not by its owner).

use futures_util::FutureExt;
use serde_json::json;

use super::fixtures::{known_as, lesson_ahead, owner_class, Pick};
use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

/// How far ahead the visited lesson is (the managed lesson kind's is 61 days ahead).
const DAYS_AHEAD: i64 = 62;

pub fn kind() -> Kind {
    Kind {
        name: "visit",
        owner: INSPECTOR,
        stranger: Stranger::Operator,
        // `id` names some seventy other records (see the drive item kind): the visit's routes
        // are listed here by their probes.
        fields: &[],
        not_probed: vec![],
        // The inspector's visit of a new lesson of the demo teacher's first one-to-one class
        // (school 1001), with the class's student (`studentId`).
        create: |app, owner| {
            async move {
                let teacher = known_as(app, TEACHER);
                let (class, student) = owner_class(app, &teacher, storage::teaching::CLASS_ONE_TO_ONE, Pick::First).await;
                let lesson = lesson_ahead(app, &teacher, &class, DAYS_AHEAD, "矩阵听课记录").await;
                let visit = owner.post_data("/api/recordTool/visit/start", json!({"lessonId": lesson})).await;
                Vars::from([("id".to_owned(), visit["id"].clone()), ("studentId".to_owned(), json!(student))])
            }
            .boxed_local()
        },
        read: |owner, vars| {
            async move {
                let detail = owner.post("/api/recordTool/visit/detail", json!({"id": vars["id"]})).await.1;
                let students = owner.post("/api/recordTool/visit/students", json!({"id": vars["id"]})).await.1;
                json!({"detail": detail, "students": students})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("POST /api/recordTool/visit/detail", r#"{"id": "{{id}}"}"#),
            Probe::new("POST /api/recordTool/visit/students", r#"{"id": "{{id}}"}"#),
            Probe::new("POST /api/recordTool/visit/save", r#"{"id": "{{id}}", "scores": [], "notes": [{"minute": 5, "text": "矩阵"}], "summary": "矩阵总评"}"#),
            Probe::new("POST /api/recordTool/visit/student/save", r#"{"id": "{{id}}", "studentId": "{{studentId}}", "attention": 1, "note": "矩阵"}"#),
            // A new visit has no scores: finishing it is refused for what it lacks.
            Probe::new("POST /api/recordTool/visit/finish", r#"{"id": "{{id}}"}"#).owner_meets("A0400"),
            Probe::new("POST /api/recordTool/visit/delete", r#"{"id": "{{id}}"}"#),
        ],
    }
}
