//! Learning camps (03 §3, §4, §7.6, §7.8): camps grouped in collections, their phases of tasks in
//! stored order, and the states a camp goes through. Students follow the *published* version, a
//! snapshot written at each publish (`published_snapshot`); the builder edits the working copy
//! (`camp_phases`, `camp_phase_tasks`). Editing a published camp moves it to "editing" until it
//! is published again or the edit is revoked, which restores the working copy from the snapshot.
//! Every change to a camp first updates its row, so concurrent changes of one camp (two tabs
//! reordering) take turns on that row and each sees the other's result.

pub mod generate;
pub mod members;
pub mod stats;
pub mod structure;

use protocol::dictionary as dict;
use serde::{Deserialize, Serialize};
use sqlx::{Any, FromRow, Transaction};

use crate::{now_ms, Db, Result, StorageError};

pub use dict::{CAMP_DRAFT as DRAFT, CAMP_EDITING as EDITING, CAMP_PAUSED as PAUSED, CAMP_PUBLISHED as PUBLISHED, CAMP_SHUT as SHUT};

pub const DAY_MS: i64 = 24 * 3600 * 1000;

#[derive(Debug, Clone, FromRow)]
pub struct CampRow {
    pub id: i64,
    pub owner_id: i64,
    pub collection_id: Option<i64>,
    pub name: String,
    pub description: String,
    pub status: i64,
    pub resume_status: i64,
    pub state_reason: String,
    pub publish_rule: i64,
    pub start_at: Option<i64>,
    pub interval_days: i64,
    pub published_version: i64,
    pub published_snapshot: Option<String>,
    pub published_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl CampRow {
    /// The structure students follow; empty before the first publish.
    pub fn snapshot(&self) -> Snapshot {
        self.published_snapshot.as_deref().and_then(|s| serde_json::from_str(s).ok()).unwrap_or_default()
    }

    /// The working copy's rule (the published one is the snapshot's).
    pub fn rule(&self) -> Rule {
        Rule { publish_rule: self.publish_rule, start_at: self.start_at, interval_days: self.interval_days }
    }

    /// Students can join and work (published, with or without edits in progress).
    pub fn is_live(&self) -> bool {
        matches!(self.status, PUBLISHED | EDITING)
    }
}

const CAMP_COLUMNS: &str = "id, owner_id, collection_id, name, description, status, resume_status, state_reason, publish_rule, start_at, interval_days, \
     published_version, published_snapshot, published_at, created_at, updated_at";

/// How phases open: the camp's rule with its opening day and interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rule {
    pub publish_rule: i64,
    pub start_at: Option<i64>,
    pub interval_days: i64,
}

impl Default for Rule {
    fn default() -> Rule {
        Rule { publish_rule: dict::CAMP_RULE_ALL, start_at: None, interval_days: 7 }
    }
}

/// The published version: phases, tasks and the rule as they were at the last publish.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub phases: Vec<SnapPhase>,
    #[serde(default)]
    pub rule: Rule,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SnapPhase {
    pub id: i64,
    pub name: String,
    pub seq_no: i64,
    pub tasks: Vec<structure::TaskRow>,
}

impl Snapshot {
    pub fn tasks(&self) -> impl Iterator<Item = (&SnapPhase, &structure::TaskRow)> {
        self.phases.iter().flat_map(|p| p.tasks.iter().map(move |t| (p, t)))
    }

    pub fn task(&self, id: i64) -> Option<(usize, &SnapPhase, &structure::TaskRow)> {
        self.phases.iter().enumerate().find_map(|(i, p)| p.tasks.iter().find(|t| t.id == id).map(|t| (i, p, t)))
    }

    pub fn task_count(&self) -> i64 {
        self.phases.iter().map(|p| p.tasks.len() as i64).sum()
    }
}

pub struct NewCamp<'a> {
    pub owner_id: i64,
    pub name: &'a str,
    pub description: &'a str,
    pub collection_id: Option<i64>,
}

pub async fn create(db: &Db, camp: &NewCamp<'_>) -> Result<CampRow> {
    let now = now_ms();
    Ok(sqlx::query_as(&format!(
        "INSERT INTO camps (owner_id, collection_id, name, description, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$5) RETURNING {CAMP_COLUMNS}"
    ))
    .bind(camp.owner_id)
    .bind(camp.collection_id)
    .bind(camp.name)
    .bind(camp.description)
    .bind(now)
    .fetch_one(db.pool())
    .await?)
}

pub async fn by_id(db: &Db, id: i64) -> Result<Option<CampRow>> {
    Ok(sqlx::query_as(&format!("SELECT {CAMP_COLUMNS} FROM camps WHERE id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// A camp with its counts, for lists and the builder's head.
#[derive(Debug, Clone, FromRow)]
pub struct CampCounts {
    pub phase_count: i64,
    pub task_count: i64,
    pub member_count: i64,
}

pub async fn counts(db: &Db, id: i64) -> Result<CampCounts> {
    Ok(sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM camp_phases WHERE camp_id = $1 AND deleted_at IS NULL) AS phase_count, \
         (SELECT COUNT(*) FROM camp_phase_tasks t JOIN camp_phases p ON p.id = t.phase_id \
            WHERE t.camp_id = $1 AND t.deleted_at IS NULL AND p.deleted_at IS NULL) AS task_count, \
         (SELECT COUNT(*) FROM camp_members WHERE camp_id = $1) AS member_count",
    )
    .bind(id)
    .fetch_one(db.pool())
    .await?)
}

#[derive(Debug, Clone, Default)]
pub struct CampFilter {
    pub collection_id: Option<i64>,
    pub keyword: Option<String>,
    pub status: Option<i64>,
}

/// The owner's camps, newest change first, with their counts (in the one query).
pub async fn list(db: &Db, owner_id: i64, filter: &CampFilter) -> Result<Vec<(CampRow, CampCounts)>> {
    #[derive(FromRow)]
    struct Listed {
        #[sqlx(flatten)]
        camp: CampRow,
        phase_count: i64,
        task_count: i64,
        member_count: i64,
    }
    let columns: Vec<String> = CAMP_COLUMNS.split(',').map(|c| format!("c.{}", c.trim())).collect();
    let mut sql = format!(
        "SELECT {}, (SELECT COUNT(*) FROM camp_phases p WHERE p.camp_id = c.id AND p.deleted_at IS NULL) AS phase_count, \
         (SELECT COUNT(*) FROM camp_phase_tasks t JOIN camp_phases p ON p.id = t.phase_id \
            WHERE t.camp_id = c.id AND t.deleted_at IS NULL AND p.deleted_at IS NULL) AS task_count, \
         (SELECT COUNT(*) FROM camp_members m WHERE m.camp_id = c.id) AS member_count FROM camps c WHERE c.owner_id = $1",
        columns.join(", ")
    );
    let mut n = 1;
    if filter.collection_id.is_some() {
        n += 1;
        sql.push_str(&format!(" AND c.collection_id = ${n}"));
    }
    if filter.keyword.is_some() {
        n += 1;
        sql.push_str(&format!(" AND LOWER(c.name) LIKE LOWER(${n}) ESCAPE '!'"));
    }
    if filter.status.is_some() {
        n += 1;
        sql.push_str(&format!(" AND c.status = ${n}"));
    }
    sql.push_str(" ORDER BY c.updated_at DESC, c.id DESC LIMIT 500");
    let mut query = sqlx::query_as::<_, Listed>(&sql).bind(owner_id);
    if let Some(c) = filter.collection_id {
        query = query.bind(c);
    }
    if let Some(k) = &filter.keyword {
        query = query.bind(format!("%{}%", crate::reports::like_escaped(k)));
    }
    if let Some(s) = filter.status {
        query = query.bind(s);
    }
    Ok(query
        .fetch_all(db.pool())
        .await?
        .into_iter()
        .map(|l| (l.camp, CampCounts { phase_count: l.phase_count, task_count: l.task_count, member_count: l.member_count }))
        .collect())
}

/// Renames the camp (and changes its description): students see it at once, so it is no edit
/// of the published version; a shut camp takes none.
pub async fn rename(db: &Db, id: i64, name: &str, description: Option<&str>) -> Result<CampRow> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let camp = begin_change(&mut tx, id, false).await?;
    if camp.status == SHUT {
        return Err(refuse("营地已关闭，不能修改"));
    }
    sqlx::query("UPDATE camps SET name = $1, description = $2 WHERE id = $3")
        .bind(name)
        .bind(description.unwrap_or(&camp.description))
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    by_id(db, id).await?.ok_or(StorageError::NotFound)
}

/// Locks the camp for a change (its row is updated first, so concurrent changes of one camp take
/// turns) and answers it. A structural change (`edits`) of a published camp moves it to editing; of
/// a paused one, makes it resume into editing; a shut camp takes none.
pub(crate) async fn begin_change(tx: &mut Transaction<'_, Any>, id: i64, edits: bool) -> Result<CampRow> {
    let camp: CampRow = sqlx::query_as(&format!("UPDATE camps SET updated_at = $1 WHERE id = $2 RETURNING {CAMP_COLUMNS}"))
        .bind(now_ms())
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?
        .ok_or(StorageError::NotFound)?;
    if !edits {
        return Ok(camp);
    }
    match camp.status {
        SHUT => Err(StorageError::Conflict("营地已关闭，不能修改".into())),
        PUBLISHED => {
            sqlx::query("UPDATE camps SET status = $1 WHERE id = $2").bind(EDITING).bind(id).execute(&mut **tx).await?;
            Ok(CampRow { status: EDITING, ..camp })
        }
        PAUSED if camp.resume_status == PUBLISHED => {
            sqlx::query("UPDATE camps SET resume_status = $1 WHERE id = $2").bind(EDITING).bind(id).execute(&mut **tx).await?;
            Ok(CampRow { resume_status: EDITING, ..camp })
        }
        _ => Ok(camp),
    }
}

/// The rule by which phases open (`/camp/rule`); a structural setting, so it starts an edit of
/// a published camp like any other.
pub async fn set_rule(db: &Db, id: i64, rule: i64, start_at: Option<i64>, interval_days: i64) -> Result<CampRow> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    begin_change(&mut tx, id, true).await?;
    sqlx::query("UPDATE camps SET publish_rule = $1, start_at = $2, interval_days = $3 WHERE id = $4")
        .bind(rule)
        .bind(start_at)
        .bind(interval_days)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    by_id(db, id).await?.ok_or(StorageError::NotFound)
}

fn refuse(text: &str) -> StorageError {
    StorageError::Conflict(text.to_owned())
}

/// Publishes the working copy: draft or editing → published. Refused for an empty camp, a phase
/// without tasks, and the by-date rule without its opening day.
pub async fn publish(db: &Db, id: i64) -> Result<CampRow> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let camp = begin_change(&mut tx, id, false).await?;
    match camp.status {
        DRAFT | EDITING => {}
        PUBLISHED => return Err(refuse("营地已发布，没有待发布的修改")),
        PAUSED => return Err(refuse("营地已暂停，请先恢复")),
        _ => return Err(refuse("营地已关闭，不能发布")),
    }
    let phases = structure::working_copy(&mut tx, id).await?;
    if phases.is_empty() {
        return Err(refuse("营地还没有阶段，不能发布"));
    }
    if let Some(empty) = phases.iter().find(|p| p.tasks.is_empty()) {
        return Err(StorageError::Conflict(format!("阶段「{}」还没有任务，不能发布", empty.name)));
    }
    if camp.publish_rule == dict::CAMP_RULE_BY_DATE && camp.start_at.is_none() {
        return Err(refuse("按日期解锁需要先设置开营日期"));
    }
    let snapshot = serde_json::to_string(&Snapshot { phases, rule: camp.rule() }).expect("snapshot serialises");
    let now = now_ms();
    sqlx::query(
        "UPDATE camps SET status = $1, published_snapshot = $2, published_version = published_version + 1, \
         published_at = COALESCE(published_at, $3), state_reason = '' WHERE id = $4",
    )
    .bind(PUBLISHED)
    .bind(snapshot)
    .bind(now)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    by_id(db, id).await?.ok_or(StorageError::NotFound)
}

/// Withdraws the publication (published or editing → draft), only while no student has joined:
/// afterwards students' records depend on it, and the camp can be paused or shut down instead.
pub async fn revoke(db: &Db, id: i64) -> Result<CampRow> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let camp = begin_change(&mut tx, id, false).await?;
    if !camp.is_live() {
        return Err(refuse(match camp.status {
            DRAFT => "营地尚未发布，无需撤回",
            PAUSED => "营地已暂停，不能撤回发布",
            _ => "营地已关闭，不能撤回发布",
        }));
    }
    let members: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM camp_members WHERE camp_id = $1").bind(id).fetch_one(&mut *tx).await?;
    if members > 0 {
        return Err(StorageError::Conflict(format!("已有{members}名学员加入，不能撤回发布；可暂停或关闭营地")));
    }
    sqlx::query("UPDATE camps SET status = $1, published_snapshot = NULL WHERE id = $2").bind(DRAFT).bind(id).execute(&mut *tx).await?;
    tx.commit().await?;
    by_id(db, id).await?.ok_or(StorageError::NotFound)
}

/// Drops the edits of a published camp (editing → published): the working copy is restored from
/// the published version.
pub async fn revoke_edit(db: &Db, id: i64) -> Result<CampRow> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let camp = begin_change(&mut tx, id, false).await?;
    let back_to = match (camp.status, camp.resume_status) {
        (EDITING, _) => PUBLISHED,
        (PAUSED, EDITING) => PAUSED,
        _ => return Err(refuse("营地没有未发布的修改")),
    };
    let snapshot = camp.snapshot();
    structure::restore(&mut tx, id, &snapshot).await?;
    sqlx::query("UPDATE camps SET status = $1, resume_status = $2, publish_rule = $3, start_at = $4, interval_days = $5 WHERE id = $6")
        .bind(back_to)
        .bind(PUBLISHED)
        .bind(snapshot.rule.publish_rule)
        .bind(snapshot.rule.start_at)
        .bind(snapshot.rule.interval_days)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    by_id(db, id).await?.ok_or(StorageError::NotFound)
}

/// Pauses a live camp: students see it but cannot go on.
pub async fn pause(db: &Db, id: i64, reason: &str) -> Result<CampRow> {
    set_state(db, id, reason, |camp| match camp.status {
        PUBLISHED | EDITING => Ok((PAUSED, camp.status)),
        DRAFT => Err("营地尚未发布，不能暂停"),
        PAUSED => Err("营地已暂停"),
        _ => Err("营地已关闭"),
    })
    .await
}

/// Resumes a paused camp into the state it was paused in.
pub async fn resume(db: &Db, id: i64) -> Result<CampRow> {
    set_state(db, id, "", |camp| match camp.status {
        PAUSED => Ok((camp.resume_status, PUBLISHED)),
        _ => Err("营地未暂停"),
    })
    .await
}

/// Shuts a published, editing or paused camp down for good.
pub async fn shut_down(db: &Db, id: i64, reason: &str) -> Result<CampRow> {
    set_state(db, id, reason, |camp| match camp.status {
        PUBLISHED | EDITING | PAUSED => Ok((SHUT, PUBLISHED)),
        DRAFT => Err("营地尚未发布，无需关闭"),
        _ => Err("营地已关闭"),
    })
    .await
}

async fn set_state(db: &Db, id: i64, reason: &str, next: impl FnOnce(&CampRow) -> std::result::Result<(i64, i64), &'static str>) -> Result<CampRow> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let camp = begin_change(&mut tx, id, false).await?;
    let (status, resume_status) = next(&camp).map_err(refuse)?;
    sqlx::query("UPDATE camps SET status = $1, resume_status = $2, state_reason = $3 WHERE id = $4")
        .bind(status)
        .bind(resume_status)
        .bind(reason)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    by_id(db, id).await?.ok_or(StorageError::NotFound)
}

#[derive(Debug, Clone, FromRow)]
pub struct CollectionRow {
    pub id: i64,
    pub owner_id: i64,
    pub name: String,
    pub camp_count: i64,
}

pub async fn create_collection(db: &Db, owner_id: i64, name: &str) -> Result<CollectionRow> {
    let id: i64 = sqlx::query_scalar("INSERT INTO camp_collections (owner_id, name, created_at) VALUES ($1,$2,$3) RETURNING id")
        .bind(owner_id)
        .bind(name)
        .bind(now_ms())
        .fetch_one(db.pool())
        .await?;
    Ok(CollectionRow { id, owner_id, name: name.to_owned(), camp_count: 0 })
}

pub async fn collection(db: &Db, id: i64) -> Result<Option<CollectionRow>> {
    Ok(sqlx::query_as(
        "SELECT c.id, c.owner_id, c.name, (SELECT COUNT(*) FROM camps WHERE collection_id = c.id) AS camp_count FROM camp_collections c WHERE c.id = $1",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await?)
}

pub async fn collections(db: &Db, owner_id: i64) -> Result<Vec<CollectionRow>> {
    Ok(sqlx::query_as(
        "SELECT c.id, c.owner_id, c.name, (SELECT COUNT(*) FROM camps WHERE collection_id = c.id) AS camp_count \
         FROM camp_collections c WHERE c.owner_id = $1 ORDER BY c.id",
    )
    .bind(owner_id)
    .fetch_all(db.pool())
    .await?)
}
