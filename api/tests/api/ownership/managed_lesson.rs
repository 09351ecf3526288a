//! Lessons as the routes only managers and inspectors call see them: an inspector patrols the
//! online lessons of their schools and visits (听课) the offline ones; an operator of another
//! school finds neither. The owner is the inspector of school 1001 (the lessons are a teacher's
//! of that school), the stranger an operator of school 2001: a teacher would be refused by the
//! routes' role rule before the lesson is looked at.

use futures_util::FutureExt;
use serde_json::json;
use storage::datacentre::calendar::{day_of_ms, format_day};

use super::fixtures::{known_as, lesson_ahead, online_lesson, owner_class, Pick, DAY};
use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

/// How far ahead the offline lesson is (the lesson kind's is 60 days ahead).
const DAYS_AHEAD: i64 = 61;

pub fn kind() -> Kind {
    Kind {
        name: "managed lesson",
        owner: INSPECTOR,
        stranger: Stranger::Operator,
        // `lessonId` is the lesson kind's (which lists these routes as probed here).
        fields: &[],
        not_probed: vec![],
        // Two lessons of the demo teacher's first one-to-one class (school 1001), made in storage:
        // an offline one two months ahead (`id`, with the days around it for the list of its
        // visits) and an online one on now (`onlineLessonId`) of a new online class of school
        // 1001 with the class's student on its roster.
        create: |app, _owner| {
            async move {
                let teacher = known_as(app, TEACHER);
                let teacher_id = app.user_id(TEACHER).await;
                let (class, student) = owner_class(app, &teacher, storage::teaching::CLASS_ONE_TO_ONE, Pick::First).await;
                let lesson = lesson_ahead(app, &teacher, &class, DAYS_AHEAD, "矩阵听课课节").await;
                let online = online_lesson(app, teacher_id, student).await;
                let start = storage::now_ms() + DAYS_AHEAD * DAY;
                Vars::from([
                    ("id".to_owned(), json!(lesson)),
                    ("onlineLessonId".to_owned(), json!(online)),
                    ("from".to_owned(), json!(format_day(day_of_ms(start - DAY)))),
                    ("to".to_owned(), json!(format_day(day_of_ms(start + DAY)))),
                ])
            }
            .boxed_local()
        },
        // The online lesson's patrols and the offline lesson's visits, as the inspector reads
        // them.
        read: |owner, vars| {
            async move {
                let patrols = owner.post("/api/liveLesson/patrol/list", json!({"lessonId": vars["onlineLessonId"]})).await.1;
                let visits = owner.post("/api/recordTool/visits", json!({"lessonId": vars["id"], "from": vars["from"], "to": vars["to"]})).await.1;
                json!({"patrols": patrols, "visits": visits})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("POST /api/liveLesson/patrol/save", r#"{"lessonId": "{{onlineLessonId}}", "result": 1}"#),
            Probe::new("POST /api/recordTool/visit/start", r#"{"lessonId": "{{id}}"}"#),
        ],
    }
}
