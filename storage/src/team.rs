//! Teams of the drive (`team` area, 03 §7.8): a team owns a space; members are owners, editors
//! or viewers.

use sqlx::FromRow;

use crate::{now_ms, Db, Result, StorageError};

pub const OWNER: i64 = 1;
pub const EDITOR: i64 = 2;
pub const VIEWER: i64 = 3;

/// Whether a role writes in the team's space.
pub fn writes(role: i64) -> bool {
    role == OWNER || role == EDITOR
}

#[derive(Debug, Clone, FromRow)]
pub struct TeamRow {
    pub id: i64,
    pub name: String,
    pub owner_id: i64,
    pub created_at: i64,
    pub role: i64,
    pub member_count: i64,
}

#[derive(Debug, Clone, FromRow)]
pub struct MemberRow {
    pub user_id: i64,
    pub name: String,
    pub email: String,
    pub role: i64,
    pub joined_at: i64,
}

const TEAM_SELECT: &str =
    "SELECT t.id, t.name, t.owner_id, t.created_at, m.role, (SELECT COUNT(*) FROM team_members c WHERE c.team_id = t.id) AS member_count \
     FROM teams t JOIN team_members m ON m.team_id = t.id";

/// The user's teams with their role, oldest first.
pub async fn of_user(db: &Db, user_id: i64) -> Result<Vec<TeamRow>> {
    Ok(sqlx::query_as(&format!("{TEAM_SELECT} WHERE m.user_id = $1 ORDER BY t.id")).bind(user_id).fetch_all(db.pool()).await?)
}

/// One of the user's teams (None: no such team, or not a member).
pub async fn membership(db: &Db, team_id: i64, user_id: i64) -> Result<Option<TeamRow>> {
    Ok(sqlx::query_as(&format!("{TEAM_SELECT} WHERE t.id = $1 AND m.user_id = $2")).bind(team_id).bind(user_id).fetch_optional(db.pool()).await?)
}

pub async fn name(db: &Db, team_id: i64) -> Result<Option<String>> {
    Ok(sqlx::query_scalar("SELECT name FROM teams WHERE id = $1").bind(team_id).fetch_optional(db.pool()).await?)
}

pub async fn create(db: &Db, owner_id: i64, name: &str) -> Result<i64> {
    let now = now_ms();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let id: i64 = sqlx::query_scalar("INSERT INTO teams (name, owner_id, created_at) VALUES ($1,$2,$3) RETURNING id")
        .bind(name)
        .bind(owner_id)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO team_members (team_id, user_id, role, joined_at) VALUES ($1,$2,$3,$4)")
        .bind(id)
        .bind(owner_id)
        .bind(OWNER)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(id)
}

pub async fn rename(db: &Db, team_id: i64, name: &str) -> Result<()> {
    let _turn = db.write_turn().await;
    sqlx::query("UPDATE teams SET name = $1 WHERE id = $2").bind(name).bind(team_id).execute(db.pool()).await?;
    Ok(())
}

/// Deletes a team whose space holds nothing (the bin included); refused otherwise.
pub async fn delete(db: &Db, team_id: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let held: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM resources WHERE team_id = $1").bind(team_id).fetch_one(&mut *tx).await?;
    if held > 0 {
        return Err(StorageError::Conflict("团队空间中还有文件（含回收站），请先清空".into()));
    }
    sqlx::query("DELETE FROM drive_shares WHERE receiver_team_id = $1").bind(team_id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM team_members WHERE team_id = $1").bind(team_id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM teams WHERE id = $1").bind(team_id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

pub async fn members(db: &Db, team_id: i64) -> Result<Vec<MemberRow>> {
    Ok(sqlx::query_as(
        "SELECT m.user_id, u.name, u.email, m.role, m.joined_at FROM team_members m JOIN users u ON u.id = m.user_id WHERE m.team_id = $1 ORDER BY m.role, m.joined_at, m.user_id",
    )
    .bind(team_id)
    .fetch_all(db.pool())
    .await?)
}

/// Member ids (the people a change of the team's space is pushed to).
pub async fn member_ids(db: &Db, team_id: i64) -> Result<Vec<i64>> {
    Ok(sqlx::query_scalar("SELECT user_id FROM team_members WHERE team_id = $1").bind(team_id).fetch_all(db.pool()).await?)
}

/// Adds people with a role (a member already there keeps theirs).
pub async fn add_members(db: &Db, team_id: i64, user_ids: &[i64], role: i64) -> Result<()> {
    let now = now_ms();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    for user in user_ids {
        sqlx::query("INSERT INTO team_members (team_id, user_id, role, joined_at) VALUES ($1,$2,$3,$4) ON CONFLICT (team_id, user_id) DO NOTHING")
            .bind(team_id)
            .bind(user)
            .bind(role)
            .bind(now)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Sets a member's role; making someone owner hands the team over (the old owner becomes editor).
pub async fn set_role(db: &Db, team_id: i64, user_id: i64, role: i64) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    if role == OWNER {
        sqlx::query("UPDATE team_members SET role = $1 WHERE team_id = $2 AND role = $3").bind(EDITOR).bind(team_id).bind(OWNER).execute(&mut *tx).await?;
        sqlx::query("UPDATE teams SET owner_id = $1 WHERE id = $2").bind(user_id).bind(team_id).execute(&mut *tx).await?;
    }
    let r =
        sqlx::query("UPDATE team_members SET role = $1 WHERE team_id = $2 AND user_id = $3").bind(role).bind(team_id).bind(user_id).execute(&mut *tx).await?;
    if r.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

pub async fn remove_member(db: &Db, team_id: i64, user_id: i64) -> Result<bool> {
    let _turn = db.write_turn().await;
    Ok(sqlx::query("DELETE FROM team_members WHERE team_id = $1 AND user_id = $2 AND role <> $3")
        .bind(team_id)
        .bind(user_id)
        .bind(OWNER)
        .execute(db.pool())
        .await?
        .rows_affected()
        > 0)
}
