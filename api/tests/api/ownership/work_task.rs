//! Work tasks (我的任务): the service steps of first and trial lessons, each done by its executor —
//! here a teacher's feedback after a first lesson. The executor reads and finishes it; whoever's
//! data scope holds its lesson reads it too (a teacher's scope is their own lessons), nobody of
//! another school. The routes are every signed-in user's (no role rule), so the stranger is
//! another school's teacher.

use futures_util::FutureExt;
use protocol::constants::role;
use serde_json::json;

use super::fixtures::{owner_class, Pick, HOUR};
use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

pub fn kind() -> Kind {
    Kind {
        name: "work task",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        // `id` names some seventy other records (see the drive item kind): the work task's
        // routes are listed here by their probes.
        fields: &[],
        not_probed: vec![],
        // Made in storage: work tasks come from the first-lesson records (the generator, imports),
        // and no call makes one. The owner's feedback step after the first lesson of their first
        // one-to-one class's student in school 1001 (at one of its teaching points), held two hours
        // ago: due within a day, as the generator sets it, so it stays "to do" through the test.
        // It names no first-lesson record (`ref_id` 0), so no statistics count it.
        create: |app, owner| {
            async move {
                let (_, student) = owner_class(app, owner, storage::teaching::CLASS_ONE_TO_ONE, Pick::First).await;
                let teacher = app.user_id(&owner.email).await;
                let lesson_at = storage::now_ms() - 2 * HOUR;
                let id: i64 = sqlx::query_scalar(
                    "INSERT INTO first_lesson_steps (course_type, ref_id, student_id, teacher_id, school_id, area_code, subject, grade_code, \
                     product_type, product_group, manage_project, day_at, step_code, executor_id, executor_role, start_at, end_at) \
                     VALUES (1, 0, $1, $2, 1001, $3, 54, 11, 'ZJK', 1, 1, $4, 'feedback', $2, $5, $6, $7) RETURNING id",
                )
                .bind(student)
                .bind(teacher)
                .bind(storage::seed::DEMO_MANAGED_AREA)
                .bind(lesson_at)
                .bind(role::TEACHER)
                .bind(lesson_at + 2 * HOUR)
                .bind(lesson_at + 26 * HOUR)
                .fetch_one(app.state.db.pool())
                .await
                .unwrap();
                Vars::from([("id".to_owned(), json!(id))])
            }
            .boxed_local()
        },
        // The task as its executor reads it (state, note, finishing time).
        read: |owner, vars| async move { owner.post("/api/workTask/detail", json!({"id": vars["id"]})).await.1 }.boxed_local(),
        probes: vec![
            Probe::new("POST /api/workTask/detail", r#"{"id": "{{id}}"}"#),
            // The fixture is to do: its executor finishes it.
            Probe::new("POST /api/workTask/finish", r#"{"id": "{{id}}", "note": "已电话沟通，反馈已发送"}"#),
        ],
    }
}
