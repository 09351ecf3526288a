//! Drive teams (团队空间): a team, its members and its space are its members'; only its owner
//! manages it. Another school's teacher is in none of them.

use futures_util::FutureExt;
use serde_json::{json, Value};

use super::{Kind, Probe, Stranger, Vars, STRANGER};
use crate::helpers::*;

pub fn kind() -> Kind {
    Kind {
        name: "drive team",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["teamId"],
        not_probed: vec![],
        // A team with a second member (a viewer, for the member probes) and an empty space (so
        // its owner may delete it); and a folder of the owner's personal space shared with the
        // stranger, which the copy and move probes put into the team: the stranger reads that
        // folder, so a copy of it into the team is refused for the team alone.
        create: |app, owner| {
            async move {
                let team = owner.post_data("/api/team/create", json!({"name": "矩阵团队"})).await;
                let id = team["teamId"].clone();
                assert!(id.is_i64(), "a team id: {team}");
                owner.post_data("/api/team/member/add", json!({"teamId": id, "emails": [TEACHER2], "role": 3})).await;
                let member = app.user_id(TEACHER2).await;
                let folder = owner.post_data("/api/document/create", json!({"parentId": 0, "name": "矩阵资料"})).await["id"].clone();
                owner.post_data("/api/document/teamShareToPerson", json!({"id": folder, "emails": [STRANGER]})).await;
                Vars::from([("id".to_owned(), id), ("memberId".to_owned(), json!(member)), ("folderId".to_owned(), folder)])
            }
            .boxed_local()
        },
        // The team as its owner lists it, its members, what its space holds and the shares of
        // its items.
        read: |owner, vars| {
            async move {
                let id = &vars["id"];
                let teams = owner.post_data("/api/team/operate/getList", json!({})).await;
                let team = teams.as_array().into_iter().flatten().find(|t| &t["teamId"] == id).cloned().unwrap_or(Value::Null);
                json!({
                    "team": team,
                    "members": owner.post_data("/api/team/members", json!({"teamId": id})).await,
                    "root": owner.post_data("/api/document/list/v2/0", json!({"teamId": id})).await["records"],
                    "folders": owner.post_data("/api/team/queryAllFolder", json!({"teamId": id})).await,
                    "shares": owner.post_data("/api/team/shares", json!({"teamId": id})).await,
                })
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("POST /api/team/getUserTeamRole", r#"{"teamId": "{{id}}"}"#),
            Probe::new("POST /api/team/members", r#"{"teamId": "{{id}}"}"#),
            Probe::new("POST /api/team/shares", r#"{"teamId": "{{id}}"}"#),
            Probe::new("POST /api/team/rename", r#"{"teamId": "{{id}}", "name": "矩阵团队改名"}"#),
            Probe::new("POST /api/team/member/add", r#"{"teamId": "{{id}}", "emails": ["consultant@demo.eduhub"], "role": 3}"#),
            Probe::new("POST /api/team/member/role", r#"{"teamId": "{{id}}", "userId": "{{memberId}}", "role": 2}"#),
            Probe::new("POST /api/team/member/remove", r#"{"teamId": "{{id}}", "userId": "{{memberId}}"}"#),
            Probe::new("POST /api/team/queryAllFolder", r#"{"teamId": "{{id}}"}"#),
            Probe::new("POST /api/team/queryLevelAllFolder", r#"{"teamId": "{{id}}", "parentId": 0}"#),
            // The team's space root (a folder id names its own space; teamId counts for 0 only).
            Probe::new("POST /api/document/list/v2/0", r#"{"teamId": "{{id}}"}"#),
            Probe::new("POST /api/document/create", r#"{"parentId": 0, "teamId": "{{id}}", "name": "矩阵文件夹"}"#),
            Probe::new("POST /api/document/linkImport", r#"{"parentId": 0, "teamId": "{{id}}", "name": "矩阵链接", "url": "https://example.org/matrix"}"#),
            // The stranger reads the shared folder: refused for the target team (404).
            Probe::new("POST /api/batch/copy", r#"{"ids": ["{{folderId}}"], "targetId": 0, "teamId": "{{id}}"}"#),
            // The stranger only reads the shared folder: refused for writing it (403) first.
            Probe::new("POST /api/batch/move", r#"{"ids": ["{{folderId}}"], "targetId": 0, "teamId": "{{id}}"}"#),
            Probe::new("POST /api/document/move", r#"{"id": "{{folderId}}", "targetId": 0, "teamId": "{{id}}"}"#),
            // The team's space is empty (the copy and move probes' folder is personal).
            Probe::new("POST /api/team/delete", r#"{"teamId": "{{id}}"}"#),
        ],
    }
}
