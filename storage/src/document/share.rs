//! Shares of drive items with people and teams, and share links (plan share).

use sqlx::FromRow;

use crate::{now_ms, token, Db, Result};

#[derive(Debug, Clone, FromRow)]
pub struct ShareRow {
    pub id: i64,
    pub item_id: i64,
    pub sender_id: i64,
    pub sender_name: String,
    pub receiver_id: i64,
    pub receiver_team_id: i64,
    pub receiver_name: String,
    pub created_at: i64,
    pub item_name: String,
}

const SHARE_SELECT: &str = "SELECT s.id, s.item_id, s.sender_id, COALESCE(su.name, '') AS sender_name, s.receiver_id, s.receiver_team_id, \
     COALESCE(ru.name, t.name, '') AS receiver_name, s.created_at, COALESCE(r.name, '') AS item_name FROM drive_shares s \
     LEFT JOIN users su ON su.id = s.sender_id LEFT JOIN users ru ON ru.id = s.receiver_id LEFT JOIN teams t ON t.id = s.receiver_team_id \
     LEFT JOIN resources r ON r.id = s.item_id";

pub async fn by_id(db: &Db, id: i64) -> Result<Option<ShareRow>> {
    Ok(sqlx::query_as(&format!("{SHARE_SELECT} WHERE s.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// The shares of a team's items, whoever made them (newest first, at most `limit`).
pub async fn of_team(db: &Db, team_id: i64, limit: i64) -> Result<Vec<ShareRow>> {
    Ok(sqlx::query_as(&format!("{SHARE_SELECT} WHERE r.team_id = $1 ORDER BY s.id DESC LIMIT $2")).bind(team_id).bind(limit).fetch_all(db.pool()).await?)
}

/// The first share of the item with the user or one of their teams.
pub async fn first_for(db: &Db, item_id: i64, user_id: i64, team_ids: &[i64]) -> Result<Option<ShareRow>> {
    Ok(sqlx::query_as(&format!(
        "{SHARE_SELECT} WHERE s.item_id = $1 AND (s.receiver_id = $2 OR s.receiver_team_id IN ({})) ORDER BY s.id LIMIT 1",
        super::id_list(team_ids)
    ))
    .bind(item_id)
    .bind(user_id)
    .fetch_optional(db.pool())
    .await?)
}

/// A receiver: a person or a team.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Receiver {
    Person(i64),
    Team(i64),
}

/// Shares each item with each receiver (an existing share is kept); answers the shares.
pub async fn share(db: &Db, sender_id: i64, item_ids: &[i64], receivers: &[Receiver]) -> Result<Vec<ShareRow>> {
    let now = now_ms();
    let mut ids = Vec::new();
    {
        let _turn = db.write_turn().await;
        let mut tx = db.begin().await?;
        for item in item_ids {
            for receiver in receivers {
                let (person, team) = match receiver {
                    Receiver::Person(p) => (*p, 0),
                    Receiver::Team(t) => (0, *t),
                };
                sqlx::query(
                    "INSERT INTO drive_shares (item_id, sender_id, receiver_id, receiver_team_id, created_at) VALUES ($1,$2,$3,$4,$5) \
                     ON CONFLICT (item_id, receiver_id, receiver_team_id) DO NOTHING",
                )
                .bind(item)
                .bind(sender_id)
                .bind(person)
                .bind(team)
                .bind(now)
                .execute(&mut *tx)
                .await?;
                let id: i64 = sqlx::query_scalar("SELECT id FROM drive_shares WHERE item_id = $1 AND receiver_id = $2 AND receiver_team_id = $3")
                    .bind(item)
                    .bind(person)
                    .bind(team)
                    .fetch_one(&mut *tx)
                    .await?;
                ids.push(id);
            }
        }
        tx.commit().await?;
    }
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(row) = by_id(db, id).await? {
            out.push(row);
        }
    }
    Ok(out)
}

pub async fn revoke(db: &Db, id: i64) -> Result<bool> {
    let _turn = db.write_turn().await;
    Ok(sqlx::query("DELETE FROM drive_shares WHERE id = $1").bind(id).execute(db.pool()).await?.rows_affected() > 0)
}

#[derive(Debug, Clone, FromRow)]
pub struct LinkRow {
    pub code: String,
    pub sender_id: i64,
    pub sender_name: String,
    pub item_ids: String,
    pub expires_at: i64,
    pub revoked: i64,
}

impl LinkRow {
    pub fn ids(&self) -> Vec<i64> {
        serde_json::from_str(&self.item_ids).unwrap_or_default()
    }
}

pub async fn create_link(db: &Db, sender_id: i64, item_ids: &[i64], expires_at: i64) -> Result<String> {
    let code = token::new_token();
    let _turn = db.write_turn().await;
    sqlx::query("INSERT INTO drive_share_links (code, sender_id, item_ids, expires_at, created_at) VALUES ($1,$2,$3,$4,$5)")
        .bind(&code)
        .bind(sender_id)
        .bind(serde_json::to_string(item_ids).expect("ids serialise"))
        .bind(expires_at)
        .bind(now_ms())
        .execute(db.pool())
        .await?;
    Ok(code)
}

pub async fn link(db: &Db, code: &str) -> Result<Option<LinkRow>> {
    Ok(sqlx::query_as(
        "SELECT l.code, l.sender_id, COALESCE(u.name, '') AS sender_name, l.item_ids, l.expires_at, l.revoked FROM drive_share_links l \
         LEFT JOIN users u ON u.id = l.sender_id WHERE l.code = $1",
    )
    .bind(code)
    .fetch_optional(db.pool())
    .await?)
}

pub async fn revoke_link(db: &Db, code: &str) -> Result<()> {
    let _turn = db.write_turn().await;
    sqlx::query("UPDATE drive_share_links SET revoked = 1 WHERE code = $1").bind(code).execute(db.pool()).await?;
    Ok(())
}
