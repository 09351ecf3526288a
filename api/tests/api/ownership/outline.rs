//! Teaching outlines and the lecture library: one kind of record (`storage::outline`), whether
//! named by a `/api/teaching/outline/*` or a `/api/library/*` route. No teacher owns one: library
//! editors (admins, operators, super users) write them for the whole centre, and teachers read
//! the valid, published ones their school's lecture library holds. So the owner here is the demo
//! admin (school 1001), who makes them in the API tests; the teacher `TEACHER` cannot
//! (`/api/teaching/outline/save` refuses them, A0300).
//!
//! Another school's teacher is refused every changing route by role before the outline is even
//! looked up (`require_editor`, A0300), whatever the record; the reading routes (tree, data,
//! configuration, handout copy, download) are where the record's own rule answers: the fixture is
//! in use and published to school 1001's library only, so school 2001 finds nothing (A0404).

use futures_util::FutureExt;
use serde_json::json;

use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

pub fn kind() -> Kind {
    Kind {
        name: "outline",
        owner: ADMIN,
        stranger: Stranger::Teacher,
        fields: &["outlineId"],
        not_probed: vec![],
        // Written with units and lessons (as libraries.rs does, without a handout), put in use and
        // published to school 1001 alone: readable by that school's teachers, not by 2001's. Being
        // in use and published, it refuses the owner's changes of its units and its deletion
        // (A0409 below, after the outline was found theirs to edit).
        create: |_app, owner| {
            async move {
                let units = json!([
                    {"title": "函数", "lessons": [{"title": "单调性", "hours": 2, "knowledgeIds": [112]}, {"title": "指数函数", "knowledgeIds": [113]}]}
                ]);
                let outline = json!({"name": "矩阵大纲", "subject": 54, "stage": 4, "classType": 2, "units": units});
                let made = owner.post_data("/api/teaching/outline/save", outline).await;
                let id = made["outline"]["outlineId"].clone();
                assert!(id.is_i64(), "an outline id: {made}");
                owner.post_data("/api/teaching/outline/valid/edit", json!({"outlineId": id, "valid": true})).await;
                owner.post_data("/api/library/transferSchoolInfo", json!({"outlineId": id, "schoolIds": [1001]})).await;
                owner.post_data("/api/library/updateStatus", json!({"outlineId": id, "status": 1})).await;
                Vars::from([("id".to_owned(), id)])
            }
            .boxed_local()
        },
        // The outline (name, validity, status, schools, counts), its configuration and units.
        read: |owner, vars| {
            async move {
                let id = &vars["id"];
                owner.post_data("/api/library/queryOutlineData", json!({"outlineId": id})).await
            }
            .boxed_local()
        },
        probes: vec![
            // The teaching outline routes (editors only).
            Probe::new("POST /api/teaching/outline/copy", r#"{"outlineId": "{{id}}"}"#),
            // Published to a library: withdrawn first.
            Probe::new("POST /api/teaching/outline/del", r#"{"outlineId": "{{id}}"}"#).owner_meets("A0409"),
            Probe::new("POST /api/teaching/outline/name/edit", r#"{"outlineId": "{{id}}", "name": "改名的大纲"}"#),
            // In use: set back to editing first.
            Probe::new("POST /api/teaching/outline/save", r#"{"outlineId": "{{id}}", "name": "改过的大纲", "subject": 54, "stage": 4, "classType": 2}"#)
                .owner_meets("A0409"),
            Probe::new("POST /api/teaching/outline/valid/edit", r#"{"outlineId": "{{id}}", "valid": false}"#),
            // The lecture library routes: editors' changes…
            Probe::new("POST /api/library/updateStatus", r#"{"outlineId": "{{id}}", "status": 0}"#),
            Probe::new("POST /api/library/transferSchoolInfo", r#"{"outlineId": "{{id}}", "schoolIds": [1001, 1002]}"#),
            Probe::new(
                "POST /api/library/outline/config/update",
                r#"{"outlineId": "{{id}}", "config": {"lessonMinutes": 120, "lessonsPerWeek": 1, "weeks": 18, "note": "矩阵"}}"#,
            ),
            // In use: set back to editing first.
            Probe::new(
                "POST /api/library/outline/update",
                r#"{"outlineId": "{{id}}", "units": [{"title": "导数", "lessons": [{"title": "导数的概念", "knowledgeIds": [121]}]}]}"#,
            )
            .owner_meets("A0409"),
            // …and readers' calls (the library's schools and editors).
            Probe::new("POST /api/library/queryOutlineData", r#"{"outlineId": "{{id}}"}"#),
            Probe::new("POST /api/library/outline/tree", r#"{"outlineId": "{{id}}"}"#),
            Probe::new("POST /api/library/outline/config/detail", r#"{"outlineId": "{{id}}"}"#),
            // No lesson has a handout: the owner copies none (an empty list).
            Probe::new("POST /api/library/copy", r#"{"outlineId": "{{id}}"}"#),
            Probe::new("POST /api/library/outline/download/submit", r#"{"outlineId": "{{id}}"}"#),
        ],
    }
}
