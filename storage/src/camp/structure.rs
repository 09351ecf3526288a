//! A camp's working copy: phases and their tasks in stored order (`seq_no`), changed only inside
//! a camp change (`begin_change`), so reorders from two tabs end in one order. Deleting keeps the
//! row (`deleted_at`) until the next publish has no use for it: revoking an edit restores the
//! published phases and tasks with their ids, which students' records point at.

use serde::{Deserialize, Serialize};
use sqlx::{Any, FromRow, Transaction};

use super::{begin_change, SnapPhase, Snapshot};
use crate::{now_ms, Db, Result, StorageError};

#[derive(Debug, Clone, PartialEq, FromRow, Serialize, Deserialize)]
pub struct TaskRow {
    pub id: i64,
    pub user_id: i64,
    pub camp_id: i64,
    pub phase_id: i64,
    pub biz_id: String,
    pub task_name: String,
    pub ext: String,
    pub task_type: i64,
    pub seq_no: i64,
    /// A question set's questions or the flash cards, as JSON (`TaskContent`).
    pub content: String,
    pub file_key: String,
    pub file_name: String,
    pub file_size: i64,
}

#[derive(Debug, Clone, FromRow)]
struct PhaseRow {
    id: i64,
    name: String,
    seq_no: i64,
}

const TASK_COLUMNS: &str = "id, user_id, camp_id, phase_id, biz_id, task_name, ext, task_type, seq_no, content, file_key, file_name, file_size";

/// What a task holds besides a file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TaskContent {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub questions: Option<Vec<protocol::dto::camp::CampQuestion>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<protocol::dto::camp::FlashCard>>,
}

impl TaskContent {
    pub fn parse(text: &str) -> TaskContent {
        serde_json::from_str(text).unwrap_or_default()
    }

    pub fn to_text(&self) -> String {
        if self.questions.is_none() && self.cards.is_none() {
            return String::new();
        }
        serde_json::to_string(self).expect("task content serialises")
    }
}

/// A new task: a file (`biz_id` with its store key, name and size) or content.
pub struct NewTask<'a> {
    pub biz_id: &'a str,
    pub task_name: &'a str,
    pub ext: &'a str,
    pub task_type: i64,
    pub content: String,
    pub file_key: &'a str,
    pub file_name: &'a str,
    pub file_size: i64,
}

/// The working copy's phases with their tasks, in order.
pub(crate) async fn working_copy(tx: &mut Transaction<'_, Any>, camp_id: i64) -> Result<Vec<SnapPhase>> {
    let phases: Vec<PhaseRow> = sqlx::query_as("SELECT id, name, seq_no FROM camp_phases WHERE camp_id = $1 AND deleted_at IS NULL ORDER BY seq_no, id")
        .bind(camp_id)
        .fetch_all(&mut **tx)
        .await?;
    let tasks: Vec<TaskRow> =
        sqlx::query_as(&format!("SELECT {TASK_COLUMNS} FROM camp_phase_tasks WHERE camp_id = $1 AND deleted_at IS NULL ORDER BY seq_no, id"))
            .bind(camp_id)
            .fetch_all(&mut **tx)
            .await?;
    Ok(assemble(phases, tasks))
}

fn assemble(phases: Vec<PhaseRow>, tasks: Vec<TaskRow>) -> Vec<SnapPhase> {
    let mut out: Vec<SnapPhase> = phases.into_iter().map(|p| SnapPhase { id: p.id, name: p.name, seq_no: p.seq_no, tasks: Vec::new() }).collect();
    for task in tasks {
        if let Some(phase) = out.iter_mut().find(|p| p.id == task.phase_id) {
            phase.tasks.push(task);
        }
    }
    out
}

/// The working copy as the builder shows it.
pub async fn phases(db: &Db, camp_id: i64) -> Result<Vec<SnapPhase>> {
    let mut conn = db.begin().await?;
    let out = working_copy(&mut conn, camp_id).await?;
    conn.rollback().await?;
    Ok(out)
}

pub async fn task(db: &Db, id: i64) -> Result<Option<TaskRow>> {
    Ok(sqlx::query_as(&format!("SELECT {TASK_COLUMNS} FROM camp_phase_tasks WHERE id = $1 AND deleted_at IS NULL")).bind(id).fetch_optional(db.pool()).await?)
}

/// A task's camp and its working copy's file (store key and name), deleted from the working copy or not.
pub async fn file_of(db: &Db, id: i64) -> Result<Option<(i64, String, String)>> {
    Ok(sqlx::query_as("SELECT camp_id, file_key, file_name FROM camp_phase_tasks WHERE id = $1").bind(id).fetch_optional(db.pool()).await?)
}

async fn live_phase(tx: &mut Transaction<'_, Any>, camp_id: i64, phase_id: i64) -> Result<PhaseRow> {
    sqlx::query_as("SELECT id, name, seq_no FROM camp_phases WHERE id = $1 AND camp_id = $2 AND deleted_at IS NULL")
        .bind(phase_id)
        .bind(camp_id)
        .fetch_optional(&mut **tx)
        .await?
        .ok_or_else(|| StorageError::Conflict("阶段不存在或已删除".into()))
}

pub async fn add_phase(db: &Db, camp_id: i64, name: &str, max_phases: i64) -> Result<SnapPhase> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    begin_change(&mut tx, camp_id, true).await?;
    let (count, last): (i64, Option<i64>) =
        sqlx::query_as("SELECT COUNT(*), MAX(seq_no) FROM camp_phases WHERE camp_id = $1 AND deleted_at IS NULL").bind(camp_id).fetch_one(&mut *tx).await?;
    if count >= max_phases {
        return Err(StorageError::Conflict(format!("一个营地最多{max_phases}个阶段")));
    }
    let seq_no = last.unwrap_or(0) + 1;
    let id: i64 = sqlx::query_scalar("INSERT INTO camp_phases (camp_id, name, seq_no, created_at) VALUES ($1,$2,$3,$4) RETURNING id")
        .bind(camp_id)
        .bind(name)
        .bind(seq_no)
        .bind(now_ms())
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(SnapPhase { id, name: name.to_owned(), seq_no, tasks: Vec::new() })
}

pub async fn rename_phase(db: &Db, camp_id: i64, phase_id: i64, name: &str) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    begin_change(&mut tx, camp_id, true).await?;
    live_phase(&mut tx, camp_id, phase_id).await?;
    sqlx::query("UPDATE camp_phases SET name = $1 WHERE id = $2").bind(name).bind(phase_id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

/// Deletes a phase and its tasks.
pub async fn delete_phase(db: &Db, camp_id: i64, phase_id: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    begin_change(&mut tx, camp_id, true).await?;
    live_phase(&mut tx, camp_id, phase_id).await?;
    let now = now_ms();
    sqlx::query("UPDATE camp_phases SET deleted_at = $1 WHERE id = $2").bind(now).bind(phase_id).execute(&mut *tx).await?;
    sqlx::query("UPDATE camp_phase_tasks SET deleted_at = $1 WHERE phase_id = $2 AND deleted_at IS NULL").bind(now).bind(phase_id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

/// Checks that `ids` name exactly the current `current` items (any order): an id of something else
/// is refused as not belonging, a missing or repeated one as a stale view.
fn check_order(ids: &[i64], current: &[i64], what: &str) -> Result<()> {
    if let Some(stranger) = ids.iter().find(|id| !current.contains(id)) {
        return Err(StorageError::Conflict(format!("{what}{stranger}不属于这里，请刷新后重试")));
    }
    let mut sorted = ids.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != ids.len() || ids.len() != current.len() {
        return Err(StorageError::Conflict(format!("{what}已有变化，请刷新后重试")));
    }
    Ok(())
}

/// Stores the phases' new order: `ids` must be every phase of the camp.
pub async fn reorder_phases(db: &Db, camp_id: i64, ids: &[i64]) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    begin_change(&mut tx, camp_id, true).await?;
    let current: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM camp_phases WHERE camp_id = $1 AND deleted_at IS NULL").bind(camp_id).fetch_all(&mut *tx).await?;
    check_order(ids, &current, "阶段")?;
    for (i, id) in ids.iter().enumerate() {
        sqlx::query("UPDATE camp_phases SET seq_no = $1 WHERE id = $2").bind(i as i64 + 1).bind(id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Stores the tasks' new order within a phase: `ids` must be every task of that phase.
pub async fn reorder_tasks(db: &Db, camp_id: i64, phase_id: i64, ids: &[i64]) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    begin_change(&mut tx, camp_id, true).await?;
    live_phase(&mut tx, camp_id, phase_id).await?;
    let current: Vec<i64> = sqlx::query_scalar("SELECT id FROM camp_phase_tasks WHERE camp_id = $1 AND phase_id = $2 AND deleted_at IS NULL")
        .bind(camp_id)
        .bind(phase_id)
        .fetch_all(&mut *tx)
        .await?;
    check_order(ids, &current, "任务")?;
    for (i, id) in ids.iter().enumerate() {
        sqlx::query("UPDATE camp_phase_tasks SET seq_no = $1 WHERE id = $2").bind(i as i64 + 1).bind(id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Adds tasks at the end of a phase, in one transaction; answers them in order.
pub async fn add_tasks(db: &Db, user_id: i64, camp_id: i64, phase_id: i64, tasks: &[NewTask<'_>], max_tasks: i64) -> Result<Vec<TaskRow>> {
    let now = now_ms();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    begin_change(&mut tx, camp_id, true).await?;
    live_phase(&mut tx, camp_id, phase_id).await?;
    let (count, last): (i64, Option<i64>) = sqlx::query_as("SELECT COUNT(*), MAX(seq_no) FROM camp_phase_tasks WHERE phase_id = $1 AND deleted_at IS NULL")
        .bind(phase_id)
        .fetch_one(&mut *tx)
        .await?;
    if count + tasks.len() as i64 > max_tasks {
        return Err(StorageError::Conflict(format!("一个阶段最多{max_tasks}个任务")));
    }
    let mut seq_no = last.unwrap_or(0);
    let mut out = Vec::with_capacity(tasks.len());
    for task in tasks {
        seq_no += 1;
        let row: TaskRow = sqlx::query_as(&format!(
            "INSERT INTO camp_phase_tasks (user_id, camp_id, phase_id, biz_id, task_name, ext, task_type, seq_no, content, file_key, file_name, file_size, \
             created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$13) RETURNING {TASK_COLUMNS}"
        ))
        .bind(user_id)
        .bind(camp_id)
        .bind(phase_id)
        .bind(task.biz_id)
        .bind(task.task_name)
        .bind(task.ext)
        .bind(task.task_type)
        .bind(seq_no)
        .bind(&task.content)
        .bind(task.file_key)
        .bind(task.file_name)
        .bind(task.file_size)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        out.push(row);
    }
    tx.commit().await?;
    Ok(out)
}

async fn live_task(tx: &mut Transaction<'_, Any>, camp_id: i64, task_id: i64) -> Result<TaskRow> {
    sqlx::query_as(&format!("SELECT {TASK_COLUMNS} FROM camp_phase_tasks WHERE id = $1 AND camp_id = $2 AND deleted_at IS NULL"))
        .bind(task_id)
        .bind(camp_id)
        .fetch_optional(&mut **tx)
        .await?
        .ok_or_else(|| StorageError::Conflict("任务不存在或已删除".into()))
}

pub async fn delete_task(db: &Db, camp_id: i64, task_id: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    begin_change(&mut tx, camp_id, true).await?;
    live_task(&mut tx, camp_id, task_id).await?;
    sqlx::query("UPDATE camp_phase_tasks SET deleted_at = $1 WHERE id = $2").bind(now_ms()).bind(task_id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

/// Renames a task and, for a question set or flash cards, replaces its content.
pub async fn update_task(db: &Db, camp_id: i64, task_id: i64, name: &str, content: Option<String>) -> Result<TaskRow> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    begin_change(&mut tx, camp_id, true).await?;
    let task = live_task(&mut tx, camp_id, task_id).await?;
    let content = content.unwrap_or(task.content.clone());
    sqlx::query("UPDATE camp_phase_tasks SET task_name = $1, content = $2, updated_at = $3 WHERE id = $4")
        .bind(name)
        .bind(&content)
        .bind(now_ms())
        .bind(task_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(TaskRow { task_name: name.to_owned(), content, ..task })
}

/// Points a file task at another file (a retried upload).
pub async fn set_file(db: &Db, camp_id: i64, task_id: i64, biz_id: &str, file_key: &str, file_name: &str, file_size: i64) -> Result<TaskRow> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    begin_change(&mut tx, camp_id, true).await?;
    let task = live_task(&mut tx, camp_id, task_id).await?;
    sqlx::query("UPDATE camp_phase_tasks SET biz_id = $1, file_key = $2, file_name = $3, file_size = $4, updated_at = $5 WHERE id = $6")
        .bind(biz_id)
        .bind(file_key)
        .bind(file_name)
        .bind(file_size)
        .bind(now_ms())
        .bind(task_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(TaskRow { biz_id: biz_id.to_owned(), file_key: file_key.to_owned(), file_name: file_name.to_owned(), file_size, ..task })
}

/// Makes the working copy the published version again: its phases and tasks come back with their
/// ids, names, order and files; what was added since is removed.
pub(crate) async fn restore(tx: &mut Transaction<'_, Any>, camp_id: i64, snapshot: &Snapshot) -> Result<()> {
    let phase_ids: Vec<i64> = snapshot.phases.iter().map(|p| p.id).collect();
    let task_ids: Vec<i64> = snapshot.tasks().map(|(_, t)| t.id).collect();
    let stored_tasks: Vec<i64> = sqlx::query_scalar("SELECT id FROM camp_phase_tasks WHERE camp_id = $1").bind(camp_id).fetch_all(&mut **tx).await?;
    for id in stored_tasks.iter().filter(|id| !task_ids.contains(id)) {
        sqlx::query("DELETE FROM camp_phase_tasks WHERE id = $1").bind(id).execute(&mut **tx).await?;
    }
    let stored_phases: Vec<i64> = sqlx::query_scalar("SELECT id FROM camp_phases WHERE camp_id = $1").bind(camp_id).fetch_all(&mut **tx).await?;
    for id in stored_phases.iter().filter(|id| !phase_ids.contains(id)) {
        sqlx::query("DELETE FROM camp_phases WHERE id = $1").bind(id).execute(&mut **tx).await?;
    }
    for phase in &snapshot.phases {
        sqlx::query("UPDATE camp_phases SET name = $1, seq_no = $2, deleted_at = NULL WHERE id = $3")
            .bind(&phase.name)
            .bind(phase.seq_no)
            .bind(phase.id)
            .execute(&mut **tx)
            .await?;
        for task in &phase.tasks {
            sqlx::query(
                "UPDATE camp_phase_tasks SET phase_id = $1, biz_id = $2, task_name = $3, ext = $4, task_type = $5, seq_no = $6, content = $7, \
                 file_key = $8, file_name = $9, file_size = $10, deleted_at = NULL WHERE id = $11",
            )
            .bind(phase.id)
            .bind(&task.biz_id)
            .bind(&task.task_name)
            .bind(&task.ext)
            .bind(task.task_type)
            .bind(task.seq_no)
            .bind(&task.content)
            .bind(&task.file_key)
            .bind(&task.file_name)
            .bind(task.file_size)
            .bind(task.id)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}
