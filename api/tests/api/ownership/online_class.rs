//! Online (live) classes as the data centre's statistics open them (在线班课统计): a class's
//! lessons, students, groups, renewals and device checks, and a lesson's students, leaves and
//! replay knowledge points. A class opens to whoever's data scope holds it
//! (`access::records::online_class`): its main teacher, its groups' auxiliary teachers, its
//! students' consultants and learning managers, the managers and inspectors of its school. To
//! anyone else it, and each of its lessons, is absent (A0404), not an empty list. The routes are
//! every signed-in user's; the owner is the inspector of school 1001 (the class is a teacher's of
//! that school) and the stranger an operator of school 2001, whose scope is their school's.

use futures_util::FutureExt;
use serde_json::json;

use super::fixtures::{known_as, online_lesson, owner_class, Pick};
use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

pub fn kind() -> Kind {
    Kind {
        name: "online class",
        owner: INSPECTOR,
        stranger: Stranger::Operator,
        // The path's `id` names some seventy other records (see the drive item kind): these
        // routes are listed here by their probes.
        fields: &[],
        not_probed: vec![],
        // A new online class of school 1001 (`id`) of the demo teacher's, with the first student
        // of their first one-to-one class in its one group, and its lesson on now (`lessonId`),
        // made in storage: no call makes online classes.
        create: |app, _owner| {
            async move {
                let teacher = known_as(app, TEACHER);
                let teacher_id = app.user_id(TEACHER).await;
                let (_, student) = owner_class(app, &teacher, storage::teaching::CLASS_ONE_TO_ONE, Pick::First).await;
                let lesson = online_lesson(app, teacher_id, student).await;
                let class: i64 =
                    sqlx::query_scalar("SELECT class_id FROM online_lessons WHERE id = $1").bind(lesson).fetch_one(app.state.db.pool()).await.unwrap();
                Vars::from([("id".to_owned(), json!(class)), ("lessonId".to_owned(), json!(lesson))])
            }
            .boxed_local()
        },
        // The class's lessons and students and the lesson's students as the inspector reads
        // them (the routes only read: nothing should differ).
        read: |owner, vars| {
            async move {
                let lessons = owner.post(&format!("/api/online/class/{}/lessons", vars["id"]), json!({})).await.1;
                let students = owner.post(&format!("/api/online/class/{}/students", vars["id"]), json!({})).await.1;
                let lesson = owner.post(&format!("/api/online/lesson/{}/students", vars["lessonId"]), json!({})).await.1;
                json!({"lessons": lessons, "students": students, "lessonStudents": lesson})
            }
            .boxed_local()
        },
        // The drill-downs take no body: the class or lesson is the path's.
        probes: vec![
            Probe::new("POST /api/online/class/{{id}}/lessons", ""),
            Probe::new("POST /api/online/class/{{id}}/students", ""),
            Probe::new("POST /api/online/class/{{id}}/groups", ""),
            Probe::new("POST /api/online/class/{{id}}/renewals", ""),
            Probe::new("POST /api/online/class/{{id}}/devices", ""),
            Probe::new("POST /api/online/lesson/{{lessonId}}/students", ""),
            Probe::new("POST /api/online/lesson/{{lessonId}}/leaves", ""),
            Probe::new("POST /api/online/lesson/{{lessonId}}/replayPoints", ""),
        ],
    }
}
