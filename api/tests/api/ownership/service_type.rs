//! The group's QC settings (服务类型, 提交标签): a service type (what staff owe their students, with
//! the form they fill; a column of every school's service statistics) and a submission tag are
//! the whole group's, no school's, and every school's punch records name them. `access::qc`
//! keeps the group's things (its QC rule, the course range, group project teams) to those who see
//! every school; by that rule an operator of one school must be refused (A0300) when they change
//! or delete a service type or a tag, for the change reaches the punch records and statistics of
//! every other school (a deleted tag is taken off them). The owner is an administrator, the
//! stranger an operator of school 2001; the fixture's punch record, of school 1001, names both.
//!
//! Reading a service type (`GET /api/service/detailById`) is every signed-in user's, as is the
//! list (staff pick the service they punch): a group-wide setting, not probed.

use futures_util::FutureExt;
use serde_json::{json, Value};

use super::qc_record::punch;
use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

pub fn kind() -> Kind {
    Kind {
        name: "qc setting",
        owner: ADMIN,
        stranger: Stranger::Operator,
        // `id` names some seventy other records (see the drive item kind): these routes are
        // listed here by their probes.
        fields: &[],
        not_probed: vec![],
        // A service type made through the API (`id`); a tag made in storage (`tagId`: tags come
        // with imported punch records, and no call makes one), with a name of its own (a tag's
        // name is unique); and a waiting punch record of school 1001 of that service carrying
        // that tag (`punchId`).
        create: |app, owner| {
            async move {
                let body = json!({
                    "name": "矩阵服务", "icon": "phone", "side": 0, "roleCodes": ["teacher"], "periodType": "week", "requiredTimes": 1, "enabled": true
                });
                let service = owner.post_data("/api/service/addOrUpdate", body).await;
                assert!(service["id"].is_i64(), "a service type id: {service}");
                let pool = app.state.db.pool();
                let n: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) + 1 FROM qc_tags").fetch_one(pool).await.unwrap();
                let tag: i64 = sqlx::query_scalar("INSERT INTO qc_tags (name, created_at) VALUES ($1, $2) RETURNING id")
                    .bind(format!("矩阵标签{n}"))
                    .bind(storage::now_ms())
                    .fetch_one(pool)
                    .await
                    .unwrap();
                let punch_id = punch(app, service["id"].as_i64().unwrap(), tag).await;
                Vars::from([("id".to_owned(), service["id"].clone()), ("tagId".to_owned(), json!(tag)), ("punchId".to_owned(), json!(punch_id))])
            }
            .boxed_local()
        },
        // The service type, the tag as listed (with its use) and the punch record that names
        // both, as the administrator reads them.
        read: |owner, vars| {
            async move {
                let service = owner.get(&format!("/api/service/detailById?id={}", vars["id"])).await.1;
                let tags = owner.data("/api/tag/list").await;
                let tag = tags.as_array().into_iter().flatten().find(|t| t["id"] == vars["tagId"]).cloned().unwrap_or(Value::Null);
                let punch = owner.get(&format!("/api/taskDetail/byPunchId?punchId={}", vars["punchId"])).await.1;
                json!({"service": service, "tag": tag, "punch": punch})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new(
                "POST /api/service/addOrUpdate",
                r#"{"id": "{{id}}", "name": "矩阵服务改", "icon": "message", "side": 1, "roleCodes": ["teacher"], "periodType": "month",
                    "requiredTimes": 2, "enabled": false}"#,
            ),
            // The type has a punch record: it is hidden, not removed (its records keep it).
            Probe::new("POST /api/service/del", r#"{"id": "{{id}}"}"#),
            Probe::new("POST /api/tag/del", r#"{"id": "{{tagId}}"}"#),
        ],
    }
}
