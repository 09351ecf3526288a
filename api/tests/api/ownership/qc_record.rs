//! A school's service QC records (服务质检): a staff member's service punch record (打卡记录), a QC
//! team (质检组) and a project team (项目组). Each is its school's (`access::qc`): a punch record
//! is reached within the caller's data scope, a team by those who may pick its school. An
//! operator of another school finds no punch record of school 1001 (A0404), so can neither read,
//! pre-check, check nor delete it, and may neither change its teams nor move them into their own
//! school (A0300). The owner is the inspector of school 1001, the stranger an operator of school
//! 2001: a teacher would be refused by the routes' role rule before the record is looked at.

use futures_util::FutureExt;
use protocol::constants::role;
use serde_json::{json, Value};

use super::fixtures::{known_as, owner_class, Pick, HOUR};
use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

/// The service type named `name` (made in storage the first time: a service type is the group's,
/// and the QC setting kind, `service_type.rs`, probes the calls that change them): its id.
pub async fn service_type(app: &TestApp, name: &str) -> i64 {
    let pool = app.state.db.pool();
    let found: Option<i64> =
        sqlx::query_scalar("SELECT id FROM qc_services WHERE name = $1 AND deleted = 0 ORDER BY id LIMIT 1").bind(name).fetch_optional(pool).await.unwrap();
    if let Some(id) = found {
        return id;
    }
    sqlx::query_scalar(
        "INSERT INTO qc_services (name, icon, side, role_codes, period_type, required_times, form_fields, enabled, sort_no, updated_by, updated_at) \
         VALUES ($1, 'phone', 0, $2, 'week', 1, '[]', 1, 0, 0, $3) RETURNING id",
    )
    .bind(name)
    .bind(role::TEACHER)
    .bind(storage::now_ms())
    .fetch_one(pool)
    .await
    .unwrap()
}

/// A waiting (unchecked) punch record of school 1001 of `service`, carrying the tag `tag` (0 =
/// none): the demo teacher's for the first student of their first one-to-one class, an hour ago.
/// Made in storage: staff punch in the app, and no call stands for it here (imports aside). Its id.
pub async fn punch(app: &TestApp, service: i64, tag: i64) -> i64 {
    let teacher = known_as(app, TEACHER);
    let teacher_id = app.user_id(TEACHER).await;
    let (class, student) = owner_class(app, &teacher, storage::teaching::CLASS_ONE_TO_ONE, Pick::First).await;
    let pool = app.state.db.pool();
    // Punch ids are explicit where punches are written (the generator, imports): the next one.
    let id: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) + 1 FROM service_punches").fetch_one(pool).await.unwrap();
    sqlx::query(
        "INSERT INTO service_punches (id, service_id, student_id, class_id, teacher_id, role_code, school_id, area_code, subject, grade_code, \
         class_type, punched_at, channel, content, form_values, tag_id, check_status, result_status, classic_case, last_qc_at, last_qc_by) \
         VALUES ($1, $2, $3, $4, $5, $6, 1001, $7, 54, 11, $8, $9, 1, '矩阵打卡：电话回访家长，沟通本周的学习情况和作业完成情况。', '{}', $10, 0, 0, 0, 0, 0)",
    )
    .bind(id)
    .bind(service)
    .bind(student)
    .bind(class.id)
    .bind(teacher_id)
    .bind(role::TEACHER)
    .bind(storage::seed::DEMO_MANAGED_AREA)
    .bind(class.class_type)
    .bind(storage::now_ms() - HOUR)
    .bind(tag)
    .execute(pool)
    .await
    .unwrap();
    id
}

/// The row of a list's page (`records`) whose id is `id`, or null.
fn row(page: &Value, id: &Value) -> Value {
    page["records"].as_array().into_iter().flatten().find(|r| &r["id"] == id).cloned().unwrap_or(Value::Null)
}

pub fn kind() -> Kind {
    Kind {
        name: "qc record",
        owner: INSPECTOR,
        stranger: Stranger::Operator,
        // `id` names some seventy other records (see the drive item kind): the routes that name
        // a punch record or a team by it are listed here by their probes.
        fields: &["punchId", "punchIds"],
        not_probed: vec![],
        // A punch record of school 1001 (`id`, of a service type of the matrix's); a QC team of
        // school 1001 with the owner responsible for it (`qcGroupId`) and a project team of
        // school 1001 (`projectTeamId`), both made through the API by the owner. A project
        // team's name is unique in its school, so each fixture's names carry a number of their
        // own (`qcGroupName`, `projectTeamName`; the renames add to them).
        create: |app, owner| {
            async move {
                let service = service_type(app, "矩阵打卡服务").await;
                let punch_id = punch(app, service, 0).await;
                let inspector = app.user_id(&owner.email).await;
                let n: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) + 1 FROM project_groups").fetch_one(app.state.db.pool()).await.unwrap();
                let qc_group_name = format!("矩阵质检组{n}");
                let qc_group = owner
                    .post_data(
                        "/api/qcGroupConfig/addOrUpdate",
                        json!({"name": qc_group_name, "schoolId": 1001, "remark": "矩阵", "responsibleIds": [inspector]}),
                    )
                    .await;
                assert!(qc_group["id"].is_i64(), "a QC team id: {qc_group}");
                let team_name = format!("矩阵项目组{n}");
                let team = owner.post_data("/api/tfGroup/addOrUpdate", json!({"name": team_name, "schoolId": 1001, "remark": "矩阵"})).await;
                assert!(team["id"].is_i64(), "a project team id: {team}");
                Vars::from([
                    ("id".to_owned(), json!(punch_id)),
                    ("inspectorId".to_owned(), json!(inspector)),
                    ("qcGroupId".to_owned(), qc_group["id"].clone()),
                    ("qcGroupName".to_owned(), json!(qc_group_name)),
                    ("projectTeamId".to_owned(), team["id"].clone()),
                    ("projectTeamName".to_owned(), json!(team_name)),
                ])
            }
            .boxed_local()
        },
        // The punch's task detail (the record, what was written, every check) and both teams as
        // the owner lists them (name, school, remark, members, inspectors).
        read: |owner, vars| {
            async move {
                let punch = owner.get(&format!("/api/taskDetail/byPunchId?punchId={}", vars["id"])).await.1;
                let qc_groups = owner.post_data("/api/qcGroupConfig/list", json!({"schoolId": 1001, "keyword": vars["qcGroupName"]})).await;
                let teams = owner.post_data("/api/tfGroup/list", json!({"schoolId": 1001, "keyword": vars["projectTeamName"]})).await;
                json!({"punch": punch, "qcGroup": row(&qc_groups, &vars["qcGroupId"]), "projectTeam": row(&teams, &vars["projectTeamId"])})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("GET /api/taskDetail/byPunchId?punchId={{id}}", ""),
            Probe::new("GET /api/qc/aiDetail?punchId={{id}}", ""),
            // Qualified needs no comment (the default rule asks one for unqualified only).
            Probe::new("POST /api/qc/singleQc", r#"{"punchId": "{{id}}", "resultStatus": 1}"#),
            Probe::new("POST /api/qc/bathUpdateResultStatus", r#"{"punchIds": ["{{id}}"], "resultStatus": 1}"#),
            Probe::new("POST /api/qc/service/punchRecord/delete", r#"{"id": "{{id}}"}"#),
            // The stranger is refused for the team's school (1001) before the team is looked at;
            // the owner replaces it.
            Probe::new(
                "POST /api/qcGroupConfig/addOrUpdate",
                r#"{"id": "{{qcGroupId}}", "name": "{{qcGroupName}}改", "schoolId": 1001, "remark": "矩阵改", "responsibleIds": ["{{inspectorId}}"]}"#,
            ),
            // Moving the team into the stranger's own school: refused for the team itself. The
            // owner may not pick school 2001.
            Probe::new("POST /api/qcGroupConfig/addOrUpdate", r#"{"id": "{{qcGroupId}}", "name": "{{qcGroupName}}迁", "schoolId": 2001}"#).owner_meets("A0300"),
            Probe::new(
                "POST /api/tfGroup/addOrUpdate",
                r#"{"id": "{{projectTeamId}}", "name": "{{projectTeamName}}改", "schoolId": 1001, "remark": "矩阵改"}"#,
            ),
            // As for the QC team: the stranger's school, refused for the team; the owner's reach
            // has no school 2001.
            Probe::new("POST /api/tfGroup/addOrUpdate", r#"{"id": "{{projectTeamId}}", "name": "{{projectTeamName}}迁", "schoolId": 2001}"#)
                .owner_meets("A0300"),
        ],
    }
}
