//! Exam groups (03 §7.7): a teacher's groups of students; the selection (the students the next
//! offline exam goes to, picked one by one or as whole groups); the exams published to a
//! selection, their members and results; the colleagues an exam is shared with.

use protocol::dictionary as dict;
use sqlx::FromRow;

use crate::reports::like_escaped;
use crate::{now_ms, Db, Result, StorageError};

/// `%keyword%` for `LOWER(column) LIKE LOWER(pattern) ESCAPE '!'`: the keyword taken literally.
fn contains(keyword: &str) -> String {
    format!("%{}%", like_escaped(keyword))
}

#[derive(Debug, Clone, FromRow)]
pub struct GroupRow {
    pub id: i64,
    pub owner_id: i64,
    pub name: String,
    pub member_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

const GROUP_SELECT: &str =
    "SELECT g.id, g.owner_id, g.name, (SELECT COUNT(*) FROM exam_group_members m WHERE m.group_id = g.id) AS member_count, g.created_at, g.updated_at FROM exam_groups g";

fn name_taken(e: sqlx::Error, name: &str) -> StorageError {
    match &e {
        sqlx::Error::Database(db) if db.is_unique_violation() => StorageError::Conflict(format!("已有名为「{name}」的分组")),
        _ => StorageError::Database(e),
    }
}

pub async fn create_group(db: &Db, owner_id: i64, name: &str, max_groups: i64) -> Result<GroupRow> {
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM exam_groups WHERE owner_id = $1").bind(owner_id).fetch_one(db.pool()).await?;
    if count >= max_groups {
        return Err(StorageError::Conflict(format!("分组已达上限（{max_groups}个）")));
    }
    let now = now_ms();
    let id: i64 = sqlx::query_scalar("INSERT INTO exam_groups (owner_id, name, created_at, updated_at) VALUES ($1,$2,$3,$3) RETURNING id")
        .bind(owner_id)
        .bind(name)
        .bind(now)
        .fetch_one(db.pool())
        .await
        .map_err(|e| name_taken(e, name))?;
    group(db, id).await?.ok_or(StorageError::NotFound)
}

pub async fn rename_group(db: &Db, id: i64, name: &str) -> Result<GroupRow> {
    sqlx::query("UPDATE exam_groups SET name = $1, updated_at = $2 WHERE id = $3")
        .bind(name)
        .bind(now_ms())
        .bind(id)
        .execute(db.pool())
        .await
        .map_err(|e| name_taken(e, name))?;
    group(db, id).await?.ok_or(StorageError::NotFound)
}

pub async fn group(db: &Db, id: i64) -> Result<Option<GroupRow>> {
    Ok(sqlx::query_as(&format!("{GROUP_SELECT} WHERE g.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

pub async fn groups(db: &Db, owner_id: i64, keyword: Option<&str>) -> Result<Vec<GroupRow>> {
    let filter = if keyword.is_some() { " AND LOWER(g.name) LIKE LOWER($2) ESCAPE '!'" } else { "" };
    let sql = format!("{GROUP_SELECT} WHERE g.owner_id = $1{filter} ORDER BY g.id");
    let mut q = sqlx::query_as::<_, GroupRow>(&sql).bind(owner_id);
    if let Some(k) = keyword {
        q = q.bind(contains(k));
    }
    Ok(q.fetch_all(db.pool()).await?)
}

/// Deletes a group; the exams published from it keep their members.
pub async fn delete_group(db: &Db, id: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    sqlx::query("DELETE FROM exam_group_members WHERE group_id = $1").bind(id).execute(&mut *tx).await?;
    sqlx::query("UPDATE exam_selections SET group_id = 0 WHERE group_id = $1").bind(id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM exam_groups WHERE id = $1").bind(id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

#[derive(Debug, Clone, FromRow)]
pub struct StudentRow {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub grade: String,
    pub school_name: Option<String>,
    /// When they joined the group, or were picked.
    pub at: Option<i64>,
    pub group_name: Option<String>,
}

/// Students of `schools` whose name or code holds `keyword` (at most 50).
pub async fn search_students(db: &Db, schools: &[i64], keyword: &str) -> Result<Vec<StudentRow>> {
    if schools.is_empty() {
        return Ok(Vec::new());
    }
    let marks: Vec<String> = (0..schools.len()).map(|i| format!("${}", i + 2)).collect();
    let sql = format!(
        "SELECT s.id, s.code, s.name, s.grade, o.name AS school_name, NULL AS at, NULL AS group_name FROM students s \
         LEFT JOIN schools o ON o.id = s.school_id WHERE (LOWER(s.name) LIKE LOWER($1) ESCAPE '!' OR LOWER(s.code) LIKE LOWER($1) ESCAPE '!') AND s.school_id IN ({}) ORDER BY s.code LIMIT 50",
        marks.join(",")
    );
    let mut q = sqlx::query_as::<_, StudentRow>(&sql).bind(contains(keyword));
    for s in schools {
        q = q.bind(*s);
    }
    Ok(q.fetch_all(db.pool()).await?)
}

/// The students among `ids` that belong to `schools` (the others are not the caller's to add).
pub async fn students_within(db: &Db, schools: &[i64], ids: &[i64]) -> Result<Vec<i64>> {
    let mut out = Vec::new();
    for chunk in ids.chunks(200) {
        let marks: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 1)).collect();
        let sql = format!("SELECT id, school_id FROM students WHERE id IN ({})", marks.join(","));
        let mut q = sqlx::query_as::<_, (i64, i64)>(&sql);
        for id in chunk {
            q = q.bind(*id);
        }
        out.extend(q.fetch_all(db.pool()).await?.into_iter().filter(|(_, s)| schools.contains(s)).map(|(id, _)| id));
    }
    Ok(out)
}

/// A student of `schools` with this code, and their name.
pub async fn student_by_code(db: &Db, schools: &[i64], code: &str) -> Result<Option<(i64, String)>> {
    let found: Option<(i64, String, i64)> =
        sqlx::query_as("SELECT id, name, school_id FROM students WHERE code = $1").bind(code).fetch_optional(db.pool()).await?;
    Ok(found.filter(|(_, _, s)| schools.contains(s)).map(|(id, name, _)| (id, name)))
}

const MEMBER_SELECT: &str = "SELECT s.id, s.code, s.name, s.grade, o.name AS school_name, m.added_at AS at, NULL AS group_name \
     FROM exam_group_members m JOIN students s ON s.id = m.student_id LEFT JOIN schools o ON o.id = s.school_id";

/// A page of a group's members (name or code holding `keyword`), in the order they were added.
pub async fn members(db: &Db, group_id: i64, keyword: Option<&str>, page_no: i64, page_size: i64) -> Result<(Vec<StudentRow>, i64)> {
    let filter = if keyword.is_some() { " AND (LOWER(s.name) LIKE LOWER($2) ESCAPE '!' OR LOWER(s.code) LIKE LOWER($2) ESCAPE '!')" } else { "" };
    let like = keyword.map(contains);
    let count_sql = format!("SELECT COUNT(*) FROM exam_group_members m JOIN students s ON s.id = m.student_id WHERE m.group_id = $1{filter}");
    let mut count = sqlx::query_scalar::<_, i64>(&count_sql).bind(group_id);
    let rows_sql = format!("{MEMBER_SELECT} WHERE m.group_id = $1{filter} ORDER BY m.added_at, s.id LIMIT {page_size} OFFSET {}", (page_no - 1) * page_size);
    let mut rows = sqlx::query_as::<_, StudentRow>(&rows_sql).bind(group_id);
    if let Some(like) = &like {
        count = count.bind(like.clone());
        rows = rows.bind(like.clone());
    }
    Ok((rows.fetch_all(db.pool()).await?, count.fetch_one(db.pool()).await?))
}

pub async fn member_ids(db: &Db, group_id: i64) -> Result<Vec<i64>> {
    Ok(sqlx::query_scalar("SELECT student_id FROM exam_group_members WHERE group_id = $1 ORDER BY added_at, student_id")
        .bind(group_id)
        .fetch_all(db.pool())
        .await?)
}

/// Adds students to a group (those already in it are skipped); answers how many were added.
pub async fn add_members(db: &Db, group_id: i64, students: &[i64], max_members: i64) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let added = add_members_in(&mut tx, group_id, students, max_members).await?;
    tx.commit().await?;
    Ok(added)
}

async fn add_members_in(tx: &mut sqlx::Transaction<'_, sqlx::Any>, group_id: i64, students: &[i64], max_members: i64) -> Result<i64> {
    let now = now_ms();
    let mut added = 0;
    for student in students {
        added += sqlx::query("INSERT INTO exam_group_members (group_id, student_id, added_at) VALUES ($1,$2,$3) ON CONFLICT (group_id, student_id) DO NOTHING")
            .bind(group_id)
            .bind(student)
            .bind(now)
            .execute(&mut **tx)
            .await?
            .rows_affected() as i64;
    }
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM exam_group_members WHERE group_id = $1").bind(group_id).fetch_one(&mut **tx).await?;
    if total > max_members {
        return Err(StorageError::Conflict(format!("一个分组最多{max_members}名学生")));
    }
    sqlx::query("UPDATE exam_groups SET updated_at = $1 WHERE id = $2").bind(now).bind(group_id).execute(&mut **tx).await?;
    Ok(added)
}

pub async fn remove_members(db: &Db, group_id: i64, students: &[i64]) -> Result<i64> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let mut removed = 0;
    for student in students {
        removed += sqlx::query("DELETE FROM exam_group_members WHERE group_id = $1 AND student_id = $2")
            .bind(group_id)
            .bind(student)
            .execute(&mut *tx)
            .await?
            .rows_affected() as i64;
    }
    sqlx::query("UPDATE exam_groups SET updated_at = $1 WHERE id = $2").bind(now_ms()).bind(group_id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(removed)
}

/// A new group with its members, in one transaction: an import leaves no half-made group.
pub async fn create_group_with(db: &Db, owner_id: i64, name: &str, students: &[i64], max_groups: i64, max_members: i64) -> Result<GroupRow> {
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM exam_groups WHERE owner_id = $1").bind(owner_id).fetch_one(db.pool()).await?;
    if count >= max_groups {
        return Err(StorageError::Conflict(format!("分组已达上限（{max_groups}个）")));
    }
    let id = {
        let _turn = db.write_turn().await;
        let mut tx = db.begin().await?;
        let now = now_ms();
        let id: i64 = sqlx::query_scalar("INSERT INTO exam_groups (owner_id, name, created_at, updated_at) VALUES ($1,$2,$3,$3) RETURNING id")
            .bind(owner_id)
            .bind(name)
            .bind(now)
            .fetch_one(&mut *tx)
            .await
            .map_err(|e| name_taken(e, name))?;
        add_members_in(&mut tx, id, students, max_members).await?;
        tx.commit().await?;
        id
    };
    group(db, id).await?.ok_or(StorageError::NotFound)
}

/// The caller's selection, in the order picked.
pub async fn selection(db: &Db, owner_id: i64) -> Result<Vec<StudentRow>> {
    Ok(sqlx::query_as(
        "SELECT s.id, s.code, s.name, s.grade, NULL AS school_name, x.selected_at AS at, g.name AS group_name FROM exam_selections x \
         JOIN students s ON s.id = x.student_id LEFT JOIN exam_groups g ON g.id = x.group_id WHERE x.owner_id = $1 ORDER BY x.selected_at, s.id",
    )
    .bind(owner_id)
    .fetch_all(db.pool())
    .await?)
}

/// Picks students (from `group_id`, 0 alone); those already picked stay as they were.
pub async fn select(db: &Db, owner_id: i64, picks: &[(i64, i64)]) -> Result<i64> {
    let now = now_ms();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    let mut added = 0;
    for (student, group) in picks {
        added += sqlx::query(
            "INSERT INTO exam_selections (owner_id, student_id, group_id, selected_at) VALUES ($1,$2,$3,$4) ON CONFLICT (owner_id, student_id) DO NOTHING",
        )
        .bind(owner_id)
        .bind(student)
        .bind(group)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected() as i64;
    }
    tx.commit().await?;
    Ok(added)
}

pub async fn unselect(db: &Db, owner_id: i64, students: Option<&[i64]>) -> Result<i64> {
    let _turn = db.write_turn().await;
    let Some(students) = students else {
        return Ok(sqlx::query("DELETE FROM exam_selections WHERE owner_id = $1").bind(owner_id).execute(db.pool()).await?.rows_affected() as i64);
    };
    let mut tx = db.begin().await?;
    let mut removed = 0;
    for chunk in students.chunks(200) {
        let marks: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 2)).collect();
        let sql = format!("DELETE FROM exam_selections WHERE owner_id = $1 AND student_id IN ({})", marks.join(","));
        let mut q = sqlx::query(&sql).bind(owner_id);
        for s in chunk {
            q = q.bind(*s);
        }
        removed += q.execute(&mut *tx).await?.rows_affected() as i64;
    }
    tx.commit().await?;
    Ok(removed)
}

/// How many students the owner's selection holds.
pub async fn selection_count(db: &Db, owner_id: i64) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM exam_selections WHERE owner_id = $1").bind(owner_id).fetch_one(db.pool()).await?)
}

#[derive(Debug, Clone, FromRow)]
pub struct ExamRowData {
    pub id: i64,
    pub owner_id: i64,
    pub owner_name: String,
    pub name: String,
    pub paper_id: Option<i64>,
    pub paper_title: Option<String>,
    pub start_at: i64,
    pub end_at: i64,
    pub full_score: f64,
    pub status: i64,
    pub published_at: i64,
    pub member_count: i64,
    pub submitted_count: i64,
    pub average_score: Option<f64>,
}

const EXAM_SELECT: &str = "SELECT e.id, e.owner_id, u.name AS owner_name, e.name, e.paper_id, p.title AS paper_title, e.start_at, e.end_at, e.full_score, \
     e.status, e.published_at, (SELECT COUNT(*) FROM exam_members m WHERE m.exam_id = e.id) AS member_count, \
     (SELECT COUNT(*) FROM exam_members m WHERE m.exam_id = e.id AND m.submitted_at IS NOT NULL) AS submitted_count, \
     (SELECT AVG(m.score) FROM exam_members m WHERE m.exam_id = e.id AND m.submitted_at IS NOT NULL) AS average_score \
     FROM exams e JOIN users u ON u.id = e.owner_id LEFT JOIN papers p ON p.id = e.paper_id";

pub struct NewExam<'a> {
    pub owner_id: i64,
    pub name: &'a str,
    pub paper_id: Option<i64>,
    pub start_at: i64,
    pub end_at: i64,
    pub full_score: f64,
}

/// Publishes an exam to the owner's selection, which it empties, in one transaction; refused
/// when nothing is selected.
pub async fn publish(db: &Db, exam: &NewExam<'_>) -> Result<i64> {
    let now = now_ms();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    // Taken in one statement: a student picked in another tab meanwhile stays selected for the next exam.
    let picked: Vec<(i64, i64)> =
        sqlx::query_as("DELETE FROM exam_selections WHERE owner_id = $1 RETURNING student_id, group_id").bind(exam.owner_id).fetch_all(&mut *tx).await?;
    if picked.is_empty() {
        return Err(StorageError::Conflict("还没有选择考试的学生".into()));
    }
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO exams (owner_id, name, paper_id, start_at, end_at, full_score, status, published_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING id",
    )
    .bind(exam.owner_id)
    .bind(exam.name)
    .bind(exam.paper_id)
    .bind(exam.start_at)
    .bind(exam.end_at)
    .bind(exam.full_score)
    .bind(dict::EXAM_PUBLISHED)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    for (student, group) in &picked {
        sqlx::query("INSERT INTO exam_members (exam_id, student_id, group_id, added_at) VALUES ($1,$2,$3,$4)")
            .bind(id)
            .bind(student)
            .bind(group)
            .bind(now)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(id)
}

pub async fn exam(db: &Db, id: i64) -> Result<Option<ExamRowData>> {
    Ok(sqlx::query_as(&format!("{EXAM_SELECT} WHERE e.id = $1")).bind(id).fetch_optional(db.pool()).await?)
}

/// Whether the exam is shared with the user.
pub async fn shared_with(db: &Db, exam_id: i64, user_id: i64) -> Result<bool> {
    let n: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM exam_shares WHERE exam_id = $1 AND user_id = $2").bind(exam_id).bind(user_id).fetch_one(db.pool()).await?;
    Ok(n > 0)
}

/// The user's exams (published by them, or shared with them when `shared`), newest first.
pub async fn exams(db: &Db, user_id: i64, shared: bool, keyword: Option<&str>, status: Option<i64>) -> Result<Vec<ExamRowData>> {
    let mut sql = format!("{EXAM_SELECT} WHERE {}", if shared { "e.id IN (SELECT exam_id FROM exam_shares WHERE user_id = $1)" } else { "e.owner_id = $1" });
    let mut n = 1;
    if keyword.is_some() {
        n += 1;
        sql.push_str(&format!(" AND LOWER(e.name) LIKE LOWER(${n}) ESCAPE '!'"));
    }
    if status.is_some() {
        n += 1;
        sql.push_str(&format!(" AND e.status = ${n}"));
    }
    sql.push_str(" ORDER BY e.published_at DESC, e.id DESC");
    let mut q = sqlx::query_as::<_, ExamRowData>(&sql).bind(user_id);
    if let Some(k) = keyword {
        q = q.bind(contains(k));
    }
    if let Some(s) = status {
        q = q.bind(s);
    }
    Ok(q.fetch_all(db.pool()).await?)
}

#[derive(Debug, Clone, FromRow)]
pub struct ExamMemberRow {
    pub student_id: i64,
    pub code: String,
    pub name: String,
    pub grade: String,
    pub group_name: Option<String>,
    pub score: Option<f64>,
    pub submitted_at: Option<i64>,
}

pub async fn exam_members(db: &Db, exam_id: i64) -> Result<Vec<ExamMemberRow>> {
    Ok(sqlx::query_as(
        "SELECT s.id AS student_id, s.code, s.name, s.grade, g.name AS group_name, m.score, m.submitted_at FROM exam_members m \
         JOIN students s ON s.id = m.student_id LEFT JOIN exam_groups g ON g.id = m.group_id WHERE m.exam_id = $1 ORDER BY s.code",
    )
    .bind(exam_id)
    .fetch_all(db.pool())
    .await?)
}

/// Locks a published exam's row for a change (scores, members and a withdrawal take turns on it);
/// refused once it is withdrawn.
async fn lock_published(tx: &mut sqlx::Transaction<'_, sqlx::Any>, exam_id: i64) -> Result<()> {
    let status: Option<i64> =
        sqlx::query_scalar("UPDATE exams SET status = status WHERE id = $1 RETURNING status").bind(exam_id).fetch_optional(&mut **tx).await?;
    match status {
        None => Err(StorageError::NotFound),
        Some(dict::EXAM_PUBLISHED) => Ok(()),
        Some(_) => Err(StorageError::Conflict("考试已撤回".into())),
    }
}

/// Adds students to a published exam; answers how many were new.
pub async fn add_exam_members(db: &Db, exam_id: i64, students: &[i64]) -> Result<i64> {
    let now = now_ms();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    lock_published(&mut tx, exam_id).await?;
    let mut added = 0;
    for s in students {
        added +=
            sqlx::query("INSERT INTO exam_members (exam_id, student_id, group_id, added_at) VALUES ($1,$2,0,$3) ON CONFLICT (exam_id, student_id) DO NOTHING")
                .bind(exam_id)
                .bind(s)
                .bind(now)
                .execute(&mut *tx)
                .await?
                .rows_affected() as i64;
    }
    tx.commit().await?;
    Ok(added)
}

/// Records members' results (a score marks the paper handed in; none clears it). Every student
/// named must be a member; refused for a withdrawn exam.
pub async fn record_scores(db: &Db, exam_id: i64, scores: &[(i64, Option<f64>)]) -> Result<()> {
    let now = now_ms();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    lock_published(&mut tx, exam_id).await?;
    for (student, score) in scores {
        let changed = sqlx::query("UPDATE exam_members SET score = $1, submitted_at = $2 WHERE exam_id = $3 AND student_id = $4")
            .bind(*score)
            .bind(score.map(|_| now))
            .bind(exam_id)
            .bind(student)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if changed == 0 {
            return Err(StorageError::Conflict(format!("学生{student}不是这场考试的考生")));
        }
    }
    tx.commit().await?;
    Ok(())
}

/// The rule of withdrawing an exam: only a published exam no member has handed in yet; answers
/// the reason it cannot be, if it cannot.
pub fn revoke_refusal(exam: &ExamRowData) -> Option<String> {
    if exam.status != dict::EXAM_PUBLISHED {
        return Some("考试已撤回".into());
    }
    if exam.submitted_count > 0 {
        return Some(format!("已有{}名学生提交成绩，不能撤回", exam.submitted_count));
    }
    None
}

/// Withdraws the exam if the rule allows it at this moment (checked again inside the write).
pub async fn revoke(db: &Db, exam_id: i64) -> Result<()> {
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    // The exam's row first: results being recorded now are in before the count below is read.
    lock_published(&mut tx, exam_id).await?;
    let handed_in: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM exam_members WHERE exam_id = $1 AND submitted_at IS NOT NULL").bind(exam_id).fetch_one(&mut *tx).await?;
    if handed_in > 0 {
        return Err(StorageError::Conflict(format!("已有{handed_in}名学生提交成绩，不能撤回")));
    }
    sqlx::query("UPDATE exams SET status = $1, revoked_at = $2 WHERE id = $3").bind(dict::EXAM_REVOKED).bind(now_ms()).bind(exam_id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

/// Replaces the colleagues the exam is shared with.
pub async fn set_shares(db: &Db, exam_id: i64, users: &[i64]) -> Result<()> {
    let now = now_ms();
    let _turn = db.write_turn().await;
    let mut tx = db.begin().await?;
    sqlx::query("DELETE FROM exam_shares WHERE exam_id = $1").bind(exam_id).execute(&mut *tx).await?;
    for u in users {
        sqlx::query("INSERT INTO exam_shares (exam_id, user_id, shared_at) VALUES ($1,$2,$3) ON CONFLICT (exam_id, user_id) DO NOTHING")
            .bind(exam_id)
            .bind(u)
            .bind(now)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// (email, name) of the colleagues the exam is shared with.
pub async fn shares(db: &Db, exam_id: i64) -> Result<Vec<(String, String)>> {
    Ok(sqlx::query_as("SELECT u.email, u.name FROM exam_shares x JOIN users u ON u.id = x.user_id WHERE x.exam_id = $1 ORDER BY u.email")
        .bind(exam_id)
        .fetch_all(db.pool())
        .await?)
}
