//! One-on-one course plans: a package's goal and planned lessons, and the package's lessons as the
//! attendance records have them (progress is read from those, never stored).

use protocol::dto::class_plan::{PLAN_CONFIRMED, PLAN_DRAFT};
use sqlx::FromRow;

use crate::datacentre::Scope;
use crate::teaching::mine::Mine;
use crate::{Db, Result};

/// A package with its student, teacher and plan.
#[derive(Debug, Clone, FromRow)]
pub struct PackageRow {
    pub package_id: i64,
    pub code: String,
    pub name: String,
    pub subject: i64,
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub grade: String,
    pub teacher_id: i64,
    pub teacher_name: String,
    pub buy_count: i64,
    pub gift_lesson_num: i64,
    pub used_lessons: i64,
    pub bought_at: i64,
    /// 0 when no plan was written.
    pub plan_status: i64,
    pub planned_items: i64,
    pub goal: String,
    pub updated_at: i64,
    pub confirmed_at: Option<i64>,
}

/// Attendance statuses that use a lesson of the package.
const USED: &str = "(1, 2)";

fn select() -> String {
    format!(
        "SELECT p.id AS package_id, p.code, p.name, p.subject, p.student_id, s.code AS student_code, s.name AS student_name, s.grade, \
         p.teacher_id, COALESCE(u.name, '') AS teacher_name, p.buy_count, p.gift_lesson_num, \
         (SELECT COUNT(*) FROM attendance a WHERE a.package_id = p.id AND a.status IN {USED}) AS used_lessons, p.bought_at, \
         COALESCE(cp.status, 0) AS plan_status, (SELECT COUNT(*) FROM class_plan_items i WHERE i.package_id = p.id) AS planned_items, \
         COALESCE(cp.goal, '') AS goal, COALESCE(cp.updated_at, 0) AS updated_at, cp.confirmed_at \
         FROM lesson_packages p JOIN students s ON s.id = p.student_id LEFT JOIN users u ON u.id = p.teacher_id \
         LEFT JOIN class_plans cp ON cp.package_id = p.id"
    )
}

/// `AND` the package aliased `p` is one of the caller's own: a teacher's are those they teach, an
/// adviser's those of the students they advise.
fn mine_condition(mine: Mine) -> String {
    match mine {
        Mine::Teacher(t) => format!(" AND p.teacher_id = {t}"),
        _ => mine.students("p.student_id"),
    }
}

/// The caller's packages, newest first: `keyword` in the student's name or code or the package's
/// name, `status` the plan's (-1 all). At most 500.
pub async fn packages(db: &Db, mine: Mine, keyword: &str, status: i64) -> Result<Vec<PackageRow>> {
    let keyword = keyword.trim();
    let pattern = if keyword.is_empty() { String::new() } else { format!("%{}%", crate::reports::like_escaped(keyword)) };
    Ok(sqlx::query_as(&format!(
        "{} WHERE 1 = 1{} AND ($1 = '' OR s.name LIKE $1 ESCAPE '!' OR s.code LIKE $1 ESCAPE '!' OR p.name LIKE $1 ESCAPE '!') \
         AND ($2 < 0 OR COALESCE(cp.status, 0) = $2) ORDER BY p.bought_at DESC, p.id DESC LIMIT 500",
        select(),
        mine_condition(mine)
    ))
    .bind(pattern)
    .bind(status)
    .fetch_all(db.pool())
    .await?)
}

pub async fn package(db: &Db, package_id: i64) -> Result<Option<PackageRow>> {
    Ok(sqlx::query_as(&format!("{} WHERE p.id = $1", select())).bind(package_id).fetch_optional(db.pool()).await?)
}

/// Whether the caller may read the package's plan: their own (as in `packages`), or one within
/// their data-centre scope (a manager's schools or areas).
pub async fn readable(db: &Db, mine: Mine, scope: &Scope, package_id: i64) -> Result<bool> {
    let condition = Mine::or_within(mine_condition(mine), scope, "p");
    let found: Option<i64> =
        sqlx::query_scalar(&format!("SELECT p.id FROM lesson_packages p WHERE p.id = $1{condition}")).bind(package_id).fetch_optional(db.pool()).await?;
    Ok(found.is_some())
}

#[derive(Debug, Clone, FromRow)]
pub struct ItemRow {
    pub position: i64,
    pub title: String,
    pub point_ids: String,
    pub note: String,
}

impl ItemRow {
    pub fn point_list(&self) -> Vec<i64> {
        serde_json::from_str(&self.point_ids).unwrap_or_default()
    }
}

pub async fn items(db: &Db, package_id: i64) -> Result<Vec<ItemRow>> {
    Ok(sqlx::query_as("SELECT position, title, point_ids, note FROM class_plan_items WHERE package_id = $1 ORDER BY position")
        .bind(package_id)
        .fetch_all(db.pool())
        .await?)
}

/// A lesson recorded on the package.
#[derive(Debug, Clone, FromRow)]
pub struct LessonRow {
    pub lesson_id: i64,
    pub start_at: i64,
    pub end_at: i64,
    pub status: i64,
}

/// The package's lessons as recorded for its student, oldest first.
pub async fn lessons(db: &Db, package_id: i64) -> Result<Vec<LessonRow>> {
    Ok(sqlx::query_as(
        "SELECT a.lesson_id, a.start_at, a.start_at + a.minutes * 60000 AS end_at, a.status FROM attendance a WHERE a.package_id = $1 ORDER BY a.start_at, a.lesson_id",
    )
    .bind(package_id)
    .fetch_all(db.pool())
    .await?)
}

/// An item as stored.
pub struct NewItem<'a> {
    pub title: &'a str,
    pub point_ids: &'a [i64],
    pub note: &'a str,
}

/// Writes the whole plan if it is as read (`read_at`: its `updated_at`, 0 for none yet); `false`
/// when it changed meanwhile. A confirmed plan stays confirmed.
pub async fn save(db: &Db, package_id: i64, teacher_id: i64, goal: &str, items: &[NewItem<'_>], read_at: i64, now: i64) -> Result<bool> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let current: Option<i64> = sqlx::query_scalar("SELECT updated_at FROM class_plans WHERE package_id = $1").bind(package_id).fetch_optional(&mut *tx).await?;
    match current {
        None if read_at != 0 => return Ok(false),
        None => {
            sqlx::query("INSERT INTO class_plans (package_id, teacher_id, goal, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)")
                .bind(package_id)
                .bind(teacher_id)
                .bind(goal)
                .bind(PLAN_DRAFT)
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
        Some(at) if at != read_at => return Ok(false),
        Some(at) => {
            sqlx::query("UPDATE class_plans SET goal = $2, teacher_id = $3, updated_at = $4 WHERE package_id = $1")
                .bind(package_id)
                .bind(goal)
                .bind(teacher_id)
                // Saved twice within a millisecond, the second would look unchanged.
                .bind(now.max(at + 1))
                .execute(&mut *tx)
                .await?;
        }
    }
    sqlx::query("DELETE FROM class_plan_items WHERE package_id = $1").bind(package_id).execute(&mut *tx).await?;
    for (i, item) in items.iter().enumerate() {
        sqlx::query("INSERT INTO class_plan_items (package_id, position, title, point_ids, note) VALUES ($1, $2, $3, $4, $5)")
            .bind(package_id)
            .bind(i as i64 + 1)
            .bind(item.title)
            .bind(serde_json::to_string(item.point_ids).expect("ids serialise"))
            .bind(item.note)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Confirms a draft plan (`false`: there is none, or it was confirmed already).
pub async fn confirm(db: &Db, package_id: i64, now: i64) -> Result<bool> {
    let _turn = db.write_turn().await;
    let changed = sqlx::query(
        "UPDATE class_plans SET status = $2, confirmed_at = $3, updated_at = CASE WHEN updated_at >= $3 THEN updated_at + 1 ELSE $3 END \
         WHERE package_id = $1 AND status = $4",
    )
    .bind(package_id)
    .bind(PLAN_CONFIRMED)
    .bind(now)
    .bind(PLAN_DRAFT)
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(changed == 1)
}
