//! Staff as QC and project teams see them (`qcGroupConfig/getTeacherInfo*`, `tfGroup/*`): who
//! works where, and the project teams (`project_groups`, which the reports filter by) with their
//! members. `schools` is the caller's selectable schools (`None` = every school).

use std::collections::HashMap;

use protocol::constants::role;
use protocol::dto::common::CodeName;
use protocol::dto::qc::{ProjectTeamRow, SchoolDepts, SchoolTeams, StaffInfo};
use sqlx::FromRow;

use crate::reports::{Bind, Conditions};
use crate::{Db, Result, StorageError};

#[derive(FromRow)]
struct Found {
    user_id: i64,
    name: String,
    email: String,
    school_id: i64,
    school_name: String,
    area_name: String,
    dept_name: String,
    group_id: i64,
    group_name: String,
    qc_group_id: i64,
    qc_group_name: String,
    teaching_since: i64,
    hired_at: i64,
}

const STAFF_FROM: &str = "FROM staff st JOIN users u ON u.id = st.user_id LEFT JOIN schools sc ON sc.id = st.school_id \
    LEFT JOIN areas ar ON ar.code = st.area_code LEFT JOIN project_groups g ON g.id = st.project_group \
    LEFT JOIN qc_group_members m ON m.user_id = st.user_id LEFT JOIN qc_groups qg ON qg.id = m.group_id WHERE st.active = 1";
const STAFF_SELECT: &str = "SELECT st.user_id, u.name, u.email, st.school_id, COALESCE(sc.name, '') AS school_name, COALESCE(ar.name, '') AS area_name, \
    st.dept_name, COALESCE(g.id, 0) AS group_id, COALESCE(g.name, '') AS group_name, COALESCE(qg.id, 0) AS qc_group_id, \
    COALESCE(qg.name, '') AS qc_group_name, st.teaching_since, st.hired_at ";

/// `AND` the caller's schools over a school column.
pub(crate) fn push_schools(c: &mut Conditions, column: &str, schools: Option<&[i64]>) {
    if let Some(ids) = schools {
        super::push_ids(c, column, ids);
    }
}

async fn with_roles(db: &Db, found: Vec<Found>) -> Result<Vec<StaffInfo>> {
    let mut roles: HashMap<i64, Vec<CodeName>> = HashMap::new();
    if !found.is_empty() {
        let mut c = Conditions::new();
        c.sql.push_str(" WHERE 1 = 1");
        c.push_in("user_id", &found.iter().map(|f| f.user_id).collect::<Vec<_>>());
        let (sql, args) = c.finish("SELECT user_id, role FROM user_roles", " ORDER BY user_id, sort, role");
        let rows: Vec<(i64, String)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
        for (user, code) in rows {
            roles.entry(user).or_default().push(CodeName { name: role::name(&code).to_owned(), code });
        }
    }
    Ok(found
        .into_iter()
        .map(|f| StaffInfo {
            roles: roles.remove(&f.user_id).unwrap_or_default(),
            user_id: f.user_id,
            name: f.name,
            email: f.email,
            school_id: f.school_id,
            school_name: f.school_name,
            area_name: f.area_name,
            dept_name: f.dept_name,
            group_id: f.group_id,
            group_name: f.group_name,
            qc_group_id: f.qc_group_id,
            qc_group_name: f.qc_group_name,
            teaching_since: f.teaching_since,
            hired_at: f.hired_at,
        })
        .collect())
}

/// One staff member within the schools; `NotFound` otherwise.
pub async fn staff(db: &Db, user_id: i64, schools: Option<&[i64]>) -> Result<StaffInfo> {
    let mut c = Conditions::new();
    c.push(" AND st.user_id = ", Bind::Int(user_id));
    push_schools(&mut c, "st.school_id", schools);
    let (sql, args) = c.finish(&format!("{STAFF_SELECT}{STAFF_FROM}"), "");
    let found: Vec<Found> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    with_roles(db, found).await?.pop().ok_or(StorageError::NotFound)
}

/// A search of staff (members lists and pickers).
#[derive(Debug, Clone, Default)]
pub struct StaffQuery {
    pub school_id: Option<i64>,
    pub keyword: Option<String>,
    /// A project team; `Some(0)` = staff in none.
    pub group_id: Option<i64>,
    pub dept_name: Option<String>,
}

fn staff_conditions(q: &StaffQuery, schools: Option<&[i64]>) -> Conditions {
    let mut c = Conditions::new();
    push_schools(&mut c, "st.school_id", schools);
    if let Some(id) = q.school_id {
        c.push(" AND st.school_id = ", Bind::Int(id));
    }
    if let Some(g) = q.group_id {
        c.push(" AND st.project_group = ", Bind::Int(g));
    }
    if let Some(d) = &q.dept_name {
        c.push(" AND st.dept_name = ", Bind::Text(d.clone()));
    }
    if let Some(k) = &q.keyword {
        c.push_like_any(&["u.name", "u.email"], k);
    }
    c
}

pub async fn staff_page(db: &Db, q: &StaffQuery, schools: Option<&[i64]>, offset: i64, limit: i64) -> Result<(Vec<StaffInfo>, i64)> {
    let c = staff_conditions(q, schools);
    let (sql, args) = c.clone().finish(&format!("SELECT COUNT(*) {STAFF_FROM}"), "");
    let total: i64 = sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?;
    let (sql, args) = c.finish(&format!("{STAFF_SELECT}{STAFF_FROM}"), &format!(" ORDER BY st.school_id, u.name, st.user_id LIMIT {limit} OFFSET {offset}"));
    let found: Vec<Found> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok((with_roles(db, found).await?, total))
}

/// Who may be a QC team's responsible inspector: operators, admins and school managers of the
/// schools (by their accounts' schools), whose name or e-mail holds `keyword`; at most `limit`.
pub async fn inspector_candidates(db: &Db, keyword: Option<&str>, schools: Option<&[i64]>, limit: i64) -> Result<Vec<StaffInfo>> {
    let mut c = Conditions::new();
    c.sql.push_str(" AND u.id IN (SELECT user_id FROM user_roles WHERE role IN ('operator', 'admin', 'school_manager'))");
    if let Some(ids) = schools {
        c.sql.push_str(" AND u.id IN (SELECT user_id FROM user_schools WHERE 1 = 1");
        super::push_ids(&mut c, "school_id", ids);
        c.sql.push(')');
    }
    if let Some(k) = keyword {
        c.push_like_any(&["u.name", "u.email"], k);
    }
    let (sql, args) = c.finish(
        "SELECT u.id AS user_id, u.name, u.email, COALESCE(st.school_id, 0) AS school_id, COALESCE(sc.name, '') AS school_name, \
         COALESCE(ar.name, '') AS area_name, COALESCE(st.dept_name, '') AS dept_name, COALESCE(g.id, 0) AS group_id, COALESCE(g.name, '') AS group_name, \
         COALESCE(qg.id, 0) AS qc_group_id, COALESCE(qg.name, '') AS qc_group_name, COALESCE(st.teaching_since, 0) AS teaching_since, \
         COALESCE(st.hired_at, 0) AS hired_at FROM users u LEFT JOIN staff st ON st.user_id = u.id LEFT JOIN schools sc ON sc.id = st.school_id \
         LEFT JOIN areas ar ON ar.code = st.area_code LEFT JOIN project_groups g ON g.id = st.project_group \
         LEFT JOIN qc_group_members m ON m.user_id = u.id LEFT JOIN qc_groups qg ON qg.id = m.group_id WHERE 1 = 1",
        &format!(" ORDER BY u.name, u.id LIMIT {limit}"),
    );
    let found: Vec<Found> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    with_roles(db, found).await
}

/// Staff by e-mail (case-insensitive) within the schools: (found, e-mails of no one).
pub async fn staff_by_emails(db: &Db, emails: &[String], schools: Option<&[i64]>) -> Result<(Vec<StaffInfo>, Vec<String>)> {
    let lowered: Vec<String> = emails.iter().map(|e| e.to_lowercase()).collect();
    let mut found = Vec::new();
    for chunk in lowered.chunks(200) {
        let mut c = Conditions::new();
        push_schools(&mut c, "st.school_id", schools);
        c.push_in_text("LOWER(u.email)", chunk);
        let (sql, args) = c.finish(&format!("{STAFF_SELECT}{STAFF_FROM}"), " ORDER BY u.email");
        found.extend(sqlx::query_as_with::<_, Found, _>(&sql, args).fetch_all(db.pool()).await?);
    }
    let found = with_roles(db, found).await?;
    let missing = emails.iter().filter(|e| !found.iter().any(|f| f.email.eq_ignore_ascii_case(e))).cloned().collect();
    Ok((found, missing))
}

/// How many of `user_ids` are active staff within the schools.
pub async fn count_staff(db: &Db, user_ids: &[i64], schools: Option<&[i64]>) -> Result<i64> {
    if user_ids.is_empty() {
        return Ok(0);
    }
    let mut c = Conditions::new();
    c.sql.push_str("FROM staff st WHERE st.active = 1");
    push_schools(&mut c, "st.school_id", schools);
    c.push_in("st.user_id", user_ids);
    let (sql, args) = c.finish("SELECT COUNT(*) ", "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

/// Schools with their departments, within the schools.
pub async fn school_depts(db: &Db, schools: Option<&[i64]>) -> Result<Vec<SchoolDepts>> {
    let mut c = Conditions::new();
    push_schools(&mut c, "st.school_id", schools);
    let (sql, args) = c.finish(
        "SELECT DISTINCT st.school_id, COALESCE(sc.name, ''), st.dept_name FROM staff st LEFT JOIN schools sc ON sc.id = st.school_id WHERE st.active = 1",
        " ORDER BY st.school_id, st.dept_name",
    );
    let rows: Vec<(i64, String, String)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let mut out: Vec<SchoolDepts> = Vec::new();
    for (school_id, school_name, dept) in rows {
        if out.last().is_none_or(|s| s.school_id != school_id) {
            out.push(SchoolDepts { school_id, school_name, depts: Vec::new() });
        }
        if !dept.is_empty() {
            out.last_mut().expect("pushed above").depts.push(dept);
        }
    }
    Ok(out)
}

// Project teams. Team 0 is "no team"; teams of school 0 belong to the whole group.

const TEAM_SELECT: &str = "SELECT g.id, g.name, g.school_id, COALESCE(sc.name, '') AS school_name, g.remark, \
    (SELECT COUNT(*) FROM staff st WHERE st.project_group = g.id AND st.active = 1) AS member_count \
    FROM project_groups g LEFT JOIN schools sc ON sc.id = g.school_id WHERE 1 = 1";

#[derive(FromRow)]
struct Team {
    id: i64,
    name: String,
    school_id: i64,
    school_name: String,
    remark: String,
    member_count: i64,
}

fn team_wire(t: Team) -> ProjectTeamRow {
    ProjectTeamRow {
        id: t.id,
        name: t.name,
        school_id: t.school_id,
        school_name: if t.school_id == 0 { "集团".into() } else { t.school_name },
        remark: t.remark,
        member_count: t.member_count,
    }
}

/// Teams the caller sees: the group's and those of their schools.
fn team_conditions(schools: Option<&[i64]>, school_id: Option<i64>, keyword: Option<&str>) -> Conditions {
    let mut c = Conditions::new();
    if let Some(ids) = schools {
        let mut visible = ids.to_vec();
        visible.push(0);
        c.push_in("g.school_id", &visible);
    }
    if let Some(id) = school_id {
        c.push(" AND g.school_id = ", Bind::Int(id));
    }
    if let Some(k) = keyword {
        c.push_like("g.name", k);
    }
    c
}

pub async fn teams(db: &Db, schools: Option<&[i64]>, school_id: Option<i64>, keyword: Option<&str>) -> Result<Vec<ProjectTeamRow>> {
    let (sql, args) = team_conditions(schools, school_id, keyword).finish(TEAM_SELECT, " ORDER BY g.school_id, g.name, g.id");
    let found: Vec<Team> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(found.into_iter().map(team_wire).collect())
}

pub async fn teams_page(
    db: &Db,
    schools: Option<&[i64]>,
    school_id: Option<i64>,
    keyword: Option<&str>,
    offset: i64,
    limit: i64,
) -> Result<(Vec<ProjectTeamRow>, i64)> {
    let c = team_conditions(schools, school_id, keyword);
    let (sql, args) = c.clone().finish("SELECT COUNT(*) FROM project_groups g WHERE 1 = 1", "");
    let total: i64 = sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?;
    let (sql, args) = c.finish(TEAM_SELECT, &format!(" ORDER BY g.school_id, g.name, g.id LIMIT {limit} OFFSET {offset}"));
    let found: Vec<Team> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok((found.into_iter().map(team_wire).collect(), total))
}

/// Teams grouped by school (the group's first).
pub async fn teams_by_school(db: &Db, schools: Option<&[i64]>) -> Result<Vec<SchoolTeams>> {
    let mut out: Vec<SchoolTeams> = Vec::new();
    for team in teams(db, schools, None, None).await? {
        if out.last().is_none_or(|s| s.school_id != team.school_id) {
            out.push(SchoolTeams { school_id: team.school_id, school_name: team.school_name.clone(), teams: Vec::new() });
        }
        out.last_mut().expect("pushed above").teams.push(team);
    }
    Ok(out)
}

/// The school of a team (`None` when there is no such team).
pub async fn team_school(db: &Db, id: i64) -> Result<Option<i64>> {
    Ok(sqlx::query_scalar("SELECT school_id FROM project_groups WHERE id = $1").bind(id).fetch_optional(db.pool()).await?)
}

pub async fn team(db: &Db, id: i64) -> Result<ProjectTeamRow> {
    let found: Option<Team> = sqlx::query_as(&format!("{TEAM_SELECT} AND g.id = $1")).bind(id).fetch_optional(db.pool()).await?;
    found.map(team_wire).ok_or(StorageError::NotFound)
}

/// Creates or renames a team; a name is unique within its school (`Conflict`).
pub async fn save_team(db: &Db, id: Option<i64>, name: &str, school_id: i64, remark: &str) -> Result<ProjectTeamRow> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let clash: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM project_groups WHERE school_id = $1 AND name = $2 AND id <> $3")
        .bind(school_id)
        .bind(name)
        .bind(id.unwrap_or(0))
        .fetch_one(&mut *tx)
        .await?;
    if clash > 0 {
        return Err(StorageError::Conflict(format!("该校已有名为「{name}」的项目组")));
    }
    let id = match id {
        Some(id) => {
            let changed = sqlx::query("UPDATE project_groups SET name = $1, school_id = $2, remark = $3 WHERE id = $4")
                .bind(name)
                .bind(school_id)
                .bind(remark)
                .bind(id)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            if changed == 0 {
                return Err(StorageError::NotFound);
            }
            id
        }
        None => {
            // Team ids are explicit (the generator writes them); take the next under the write turn.
            let next: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) + 1 FROM project_groups").fetch_one(&mut *tx).await?;
            sqlx::query("INSERT INTO project_groups (id, name, school_id, remark) VALUES ($1, $2, $3, $4)")
                .bind(next)
                .bind(name)
                .bind(school_id)
                .bind(remark)
                .execute(&mut *tx)
                .await?;
            next
        }
    };
    tx.commit().await?;
    team(db, id).await
}

/// Deletes teams; their members belong to none.
pub async fn delete_teams(db: &Db, ids: &[i64]) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let mut gone = 0;
    for id in ids {
        sqlx::query("UPDATE staff SET project_group = 0 WHERE project_group = $1").bind(id).execute(&mut *tx).await?;
        gone += sqlx::query("DELETE FROM project_groups WHERE id = $1").bind(id).execute(&mut *tx).await?.rows_affected() as i64;
    }
    tx.commit().await?;
    Ok(gone)
}

/// Moves staff into a team (0 = none); how many moved.
pub async fn move_members(db: &Db, user_ids: &[i64], group_id: i64) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let mut moved = 0;
    for id in user_ids {
        moved += sqlx::query("UPDATE staff SET project_group = $1 WHERE user_id = $2").bind(group_id).bind(id).execute(&mut *tx).await?.rows_affected() as i64;
    }
    tx.commit().await?;
    Ok(moved)
}
