//! Exam groups (the teacher's groups of students for offline exams): a teacher's own, nobody
//! else's. The routes need the teacher-group whitelist, which the matrix grants the other
//! school's teacher too; the handlers then find only the caller's own groups.

use std::sync::atomic::{AtomicUsize, Ordering};

use futures_util::FutureExt;
use serde_json::{json, Value};

use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

/// Group names are unique per owner: each fixture gets its own.
static NEXT: AtomicUsize = AtomicUsize::new(1);

pub fn kind() -> Kind {
    Kind {
        name: "exam group",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["groupId"],
        not_probed: vec![
            ("POST /api/admin/org/school/save", "groupId names the school's group (organisation), not an exam group"),
            ("POST /api/qc/service/detail/list", "groupId names a QC team (a search filter), not an exam group"),
            ("POST /api/qcCheck/list", "groupId names a QC team (a search filter), not an exam group"),
            ("POST /api/qcGroupConfig/list", "groupId names a QC/project team (a search filter), not an exam group"),
            ("POST /api/serviceStatistics/class", "groupId names a QC team (a statistics filter), not an exam group"),
            ("POST /api/serviceStatistics/service", "groupId names a QC team (a statistics filter), not an exam group"),
            ("POST /api/serviceStatistics/student", "groupId names a QC team (a statistics filter), not an exam group"),
            ("POST /api/serviceStatistics/vip", "groupId names a QC team (a statistics filter), not an exam group"),
            ("POST /api/tfGroup/batchChangeGroup", "groupId names a project team staff are moved into, not an exam group"),
            ("POST /api/tfGroup/changeGroup", "groupId names a project team a staff member is moved into, not an exam group"),
            ("POST /api/tfGroup/list", "groupId names a project team (a search filter), not an exam group"),
            ("POST /api/tfGroup/memberList", "groupId names a project team (a search filter), not an exam group"),
            ("POST /api/tfGroup/memberListV2", "groupId names a project team (a search filter), not an exam group"),
        ],
        // A group of two of the demo students of school 1001 (codes S2000x), with a third one
        // of them left out for the add probe.
        create: |_app, owner| {
            async move {
                let n = NEXT.fetch_add(1, Ordering::Relaxed);
                let group = owner.post_data("/api/exam/group/save", json!({"groupName": format!("矩阵分组{n}")})).await;
                let id = group["id"].clone();
                let found = owner.post_data("/api/exam/group/member/user/search", json!({"keyword": "S200"})).await;
                let students: Vec<Value> = found.as_array().expect("a list of students").iter().map(|s| s["studentId"].clone()).collect();
                assert!(students.len() >= 3, "the demo students of school 1001: {found}");
                owner.post_data("/api/exam/group/member/add", json!({"groupId": id, "studentIds": [students[0], students[1]]})).await;
                Vars::from([("id".to_owned(), id), ("memberId".to_owned(), students[0].clone()), ("otherId".to_owned(), students[2].clone())])
            }
            .boxed_local()
        },
        // The group as the owner's list shows it (name, member count; null once deleted) and its
        // members.
        read: |owner, vars| {
            async move {
                let groups = owner.post_data("/api/exam/group/list", json!({})).await;
                let group = groups.as_array().expect("a list of groups").iter().find(|g| g["id"] == vars["id"]).cloned().unwrap_or(Value::Null);
                let members = owner.post("/api/exam/group/member/list", json!({"groupId": vars["id"], "pageSize": 100})).await.1;
                json!({"group": group, "members": members})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("POST /api/exam/group/member/list", r#"{"groupId": "{{id}}", "pageNo": 1, "pageSize": 20}"#),
            Probe::new("POST /api/exam/group/member/user/search", r#"{"keyword": "S200", "groupId": "{{id}}"}"#),
            Probe::new("POST /api/exam/group/member/add", r#"{"groupId": "{{id}}", "studentIds": ["{{otherId}}"]}"#),
            Probe::new("POST /api/exam/group/member/remove", r#"{"groupId": "{{id}}", "studentIds": ["{{memberId}}"]}"#),
            Probe::new("POST /api/exam/group/export", r#"{"groupId": "{{id}}"}"#),
            // The group as `id`: renaming (the name carries the id, so it is free).
            Probe::new("POST /api/exam/group/save", r#"{"id": "{{id}}", "groupName": "改名{{id}}"}"#),
            // The group as one of `groupIds`: its members picked into the caller's selection.
            Probe::new("POST /api/exam/group/member/select/save/v2", r#"{"groupIds": ["{{id}}"]}"#),
            Probe::new("POST /api/exam/group/delete", r#"{"groupId": "{{id}}"}"#),
        ],
    }
}
