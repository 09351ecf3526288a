//! Learning-camp phase tasks made from uploaded files (01 §7 "Uploads": addPhaseTask,
//! updateTaskBizId). A retried upload changes its task's file (biz id) instead of adding a task.

use sqlx::FromRow;

use crate::{now_ms, Db, Result};

#[derive(Debug, Clone, FromRow)]
pub struct PhaseTask {
    pub id: i64,
    pub user_id: i64,
    pub camp_id: i64,
    pub phase_id: i64,
    pub biz_id: String,
    pub task_name: String,
    pub ext: String,
    pub task_type: i64,
}

pub struct NewTask<'a> {
    pub biz_id: &'a str,
    pub task_name: &'a str,
    pub ext: &'a str,
    pub task_type: i64,
}

const COLUMNS: &str = "id, user_id, camp_id, phase_id, biz_id, task_name, ext, task_type";

/// Adds the tasks to the camp phase in one transaction; answers them in order.
pub async fn add(db: &Db, user_id: i64, camp_id: i64, phase_id: i64, tasks: &[NewTask<'_>]) -> Result<Vec<PhaseTask>> {
    let now = now_ms();
    let _turn = db.write_turn().await;
    let mut tx = db.pool().begin().await?;
    let mut out = Vec::with_capacity(tasks.len());
    for task in tasks {
        let row: PhaseTask = sqlx::query_as(&format!(
            "INSERT INTO camp_phase_tasks (user_id, camp_id, phase_id, biz_id, task_name, ext, task_type, created_at, updated_at) \
             VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$8) RETURNING {COLUMNS}"
        ))
        .bind(user_id)
        .bind(camp_id)
        .bind(phase_id)
        .bind(task.biz_id)
        .bind(task.task_name)
        .bind(task.ext)
        .bind(task.task_type)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        out.push(row);
    }
    tx.commit().await?;
    Ok(out)
}

pub async fn by_id(db: &Db, id: i64) -> Result<Option<PhaseTask>> {
    Ok(sqlx::query_as(&format!("SELECT {COLUMNS} FROM camp_phase_tasks WHERE id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

pub async fn set_biz_id(db: &Db, id: i64, biz_id: &str) -> Result<()> {
    sqlx::query("UPDATE camp_phase_tasks SET biz_id = $1, updated_at = $2 WHERE id = $3").bind(biz_id).bind(now_ms()).bind(id).execute(db.pool()).await?;
    Ok(())
}

/// The caller's tasks of a camp phase, in order.
pub async fn of_phase(db: &Db, user_id: i64, camp_id: i64, phase_id: i64) -> Result<Vec<PhaseTask>> {
    Ok(sqlx::query_as(&format!("SELECT {COLUMNS} FROM camp_phase_tasks WHERE user_id = $1 AND camp_id = $2 AND phase_id = $3 ORDER BY id"))
        .bind(user_id)
        .bind(camp_id)
        .bind(phase_id)
        .fetch_all(db.pool())
        .await?)
}
