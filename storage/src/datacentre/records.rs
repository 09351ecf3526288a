//! Writing the data centre's source records in bulk: the generator and the importer both go
//! through here, inside one transaction each, so that a batch is stored whole or not at all.
//! Rows carry their ids (assigned by the writer from [`next_ids`]) so that one batch can refer
//! to records it creates; PostgreSQL's id sequences are moved past them afterwards.

use sqlx::{Any, Transaction};

use crate::reports::{Bind, Conditions};
use crate::{Backend, Db, Result};

/// Values per statement. SQLite: sqlx binds its parameters by name at a cost quadratic in their
/// number, so statements stay small (they are cheap: no round trip). PostgreSQL: a round trip per
/// statement, so thousands of values each. Every full statement of a table has the same text and
/// is prepared once per connection.
fn values_per_statement(tx: &mut Transaction<'_, Any>) -> usize {
    if (**tx).backend_name().eq_ignore_ascii_case("sqlite") {
        240
    } else {
        8_000
    }
}

/// A staff member the records name, with a login that cannot be used until a password is set.
#[derive(Debug, Clone)]
pub struct NewStaff {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub role: &'static str,
    pub school_id: i64,
    pub area_code: String,
    pub dept_name: String,
    pub project_group: i64,
    pub stage: i64,
    pub subject: i64,
    pub teaching_since: i64,
    pub hired_at: i64,
}

#[derive(Debug, Clone)]
pub struct NewStudent {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub grade_code: i64,
    pub school_id: i64,
    pub area_code: String,
    pub mobile: String,
    pub consultant_id: Option<i64>,
    pub learning_manager_id: Option<i64>,
    pub created_at: i64,
}

#[derive(Debug, Clone)]
pub struct NewClass {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub teacher_id: i64,
    pub school_id: i64,
    pub area_code: String,
    pub stage: i64,
    pub subject: i64,
    pub class_type: i64,
    pub grade_code: i64,
    pub product_type: String,
    pub product_group: i64,
    pub manage_project: i64,
    pub created_at: i64,
}

#[derive(Debug, Clone)]
pub struct NewMember {
    pub class_id: i64,
    pub student_id: i64,
    pub joined_at: i64,
    pub left_at: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct NewPackage {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub student_id: i64,
    pub school_id: i64,
    pub area_code: String,
    pub subject: i64,
    pub teacher_id: i64,
    pub grade_code: i64,
    pub product_type: String,
    pub product_group: i64,
    pub manage_project: i64,
    pub buy_count: i64,
    pub gift_lesson_num: i64,
    /// Fen.
    pub price: i64,
    pub bought_at: i64,
}

#[derive(Debug, Clone)]
pub struct NewLesson {
    pub id: i64,
    pub class_id: i64,
    pub teacher_id: i64,
    pub title: String,
    pub start_at: i64,
    pub end_at: i64,
    pub status: i64,
    pub lesson_no: i64,
}

/// One student at one lesson, with the lesson's facts (see the `attendance` table).
#[derive(Debug, Clone)]
pub struct NewAttendance {
    pub lesson_id: i64,
    pub student_id: i64,
    pub class_id: i64,
    pub class_type: i64,
    pub teacher_id: i64,
    pub school_id: i64,
    pub area_code: String,
    pub subject: i64,
    pub grade_code: i64,
    pub product_type: String,
    pub product_group: i64,
    pub manage_project: i64,
    pub package_id: Option<i64>,
    pub start_at: i64,
    pub minutes: i64,
    pub status: i64,
    pub clock_in_at: Option<i64>,
    pub leave_status: i64,
    pub lesson_type: i64,
}

#[derive(Debug, Clone)]
pub struct NewRefund {
    pub id: i64,
    pub student_id: i64,
    pub class_type: i64,
    pub class_id: Option<i64>,
    pub package_id: Option<i64>,
    pub teacher_id: i64,
    pub school_id: i64,
    pub area_code: String,
    pub subject: i64,
    pub grade_code: i64,
    pub product_type: String,
    pub product_group: i64,
    pub manage_project: i64,
    pub refunded_at: i64,
    /// Fen.
    pub amount: i64,
    pub lesson_total: i64,
    pub reason_type: i64,
    pub reason: String,
    pub reason_detail: String,
    pub class_start_at: i64,
    pub leave_lesson_no: i64,
}

/// The first free id of each table (one past the largest).
pub async fn next_id(db: &Db, table: &str) -> Result<i64> {
    let max: Option<i64> = sqlx::query_scalar(&format!("SELECT MAX(id) FROM {table}")).fetch_one(db.pool()).await?;
    Ok(max.unwrap_or(0) + 1)
}

/// Moves PostgreSQL's id sequences of the tables past the ids written explicitly.
pub async fn sync_sequences(db: &Db, tx: &mut Transaction<'_, Any>) -> Result<()> {
    if db.backend() != Backend::Postgres {
        return Ok(());
    }
    for table in [
        "users",
        "students",
        "classes",
        "lessons",
        "lesson_packages",
        "refunds",
        "service_punches",
        "qc_reviews",
        "trial_lessons",
        "first_lesson_steps",
        "training_exams",
    ] {
        sqlx::query(&format!("SELECT setval(pg_get_serial_sequence('{table}', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM {table}), 1))"))
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// `INSERT INTO table (columns) VALUES …` for every row, in statements of [`values_per_statement`].
pub(crate) async fn insert_rows(tx: &mut Transaction<'_, Any>, table: &str, columns: &[&str], rows: impl IntoIterator<Item = Vec<Bind>>) -> Result<()> {
    let head = format!("INSERT INTO {table} ({}) VALUES ", columns.join(", "));
    let per_statement = (values_per_statement(tx) / columns.len()).max(1);
    let mut c = Conditions::new();
    let mut count = 0;
    for row in rows {
        debug_assert_eq!(row.len(), columns.len(), "{table}");
        c.sql.push_str(if count == 0 { "(" } else { ", (" });
        for (i, value) in row.into_iter().enumerate() {
            c.push(if i == 0 { "" } else { ", " }, value);
        }
        c.sql.push(')');
        count += 1;
        if count == per_statement {
            let (sql, args) = std::mem::take(&mut c).finish(&head, "");
            sqlx::query_with(&sql, args).execute(&mut **tx).await?;
            count = 0;
        }
    }
    if count > 0 {
        let (sql, args) = c.finish(&head, "");
        sqlx::query_with(&sql, args).execute(&mut **tx).await?;
    }
    Ok(())
}

pub(crate) fn int(v: i64) -> Bind {
    Bind::Int(v)
}

pub(crate) fn text(v: &str) -> Bind {
    Bind::Text(v.to_owned())
}

/// Staff as users (role, school, subject; no usable password) with their staff record.
pub async fn insert_staff(tx: &mut Transaction<'_, Any>, staff: &[NewStaff], now: i64) -> Result<()> {
    insert_rows(
        tx,
        "users",
        &[
            "id",
            "email",
            "password_hash",
            "name",
            "mobile",
            "avatar",
            "teacher_code",
            "join_date",
            "superuser",
            "active_role",
            "selected_stage",
            "selected_subject",
            "selected_school_id",
            "created_at",
        ],
        staff.iter().map(|s| {
            vec![
                int(s.id),
                text(&s.email),
                // Not a password hash: no password verifies against it.
                text("!"),
                text(&s.name),
                text(""),
                text(""),
                text(&format!("T{:06}", s.id)),
                text(&crate::datacentre::calendar::format_day(crate::datacentre::calendar::day_of_ms(s.hired_at))),
                int(0),
                text(s.role),
                int(s.stage),
                int(s.subject),
                int(s.school_id),
                int(now),
            ]
        }),
    )
    .await?;
    insert_rows(tx, "user_roles", &["user_id", "role", "sort"], staff.iter().map(|s| vec![int(s.id), text(s.role), int(0)])).await?;
    insert_rows(tx, "user_schools", &["user_id", "school_id"], staff.iter().map(|s| vec![int(s.id), int(s.school_id)])).await?;
    insert_rows(tx, "user_subjects", &["user_id", "stage", "subject"], staff.iter().map(|s| vec![int(s.id), int(s.stage), int(s.subject)])).await?;
    insert_staff_records(tx, staff).await
}

/// The staff records of existing users (or of those just inserted).
pub async fn insert_staff_records(tx: &mut Transaction<'_, Any>, staff: &[NewStaff]) -> Result<()> {
    insert_rows(
        tx,
        "staff",
        &["user_id", "school_id", "area_code", "dept_name", "project_group", "teaching_since", "hired_at"],
        staff
            .iter()
            .map(|s| vec![int(s.id), int(s.school_id), text(&s.area_code), text(&s.dept_name), int(s.project_group), int(s.teaching_since), int(s.hired_at)]),
    )
    .await
}

pub async fn insert_students(tx: &mut Transaction<'_, Any>, students: &[NewStudent]) -> Result<()> {
    insert_rows(
        tx,
        "students",
        &["id", "code", "name", "grade", "school_id", "created_at", "area_code", "grade_code", "mobile", "consultant_id", "learning_manager_id"],
        students.iter().map(|s| {
            vec![
                int(s.id),
                text(&s.code),
                text(&s.name),
                text(protocol::dictionary::grade_name(s.grade_code)),
                int(s.school_id),
                int(s.created_at),
                text(&s.area_code),
                int(s.grade_code),
                text(&s.mobile),
                Bind::OptInt(s.consultant_id),
                Bind::OptInt(s.learning_manager_id),
            ]
        }),
    )
    .await
}

pub async fn insert_classes(tx: &mut Transaction<'_, Any>, classes: &[NewClass]) -> Result<()> {
    insert_rows(
        tx,
        "classes",
        &[
            "id",
            "code",
            "name",
            "teacher_id",
            "school_id",
            "area_code",
            "stage",
            "subject",
            "class_type",
            "grade_code",
            "product_type",
            "product_group",
            "manage_project",
            "created_at",
        ],
        classes.iter().map(|c| {
            vec![
                int(c.id),
                text(&c.code),
                text(&c.name),
                int(c.teacher_id),
                int(c.school_id),
                text(&c.area_code),
                int(c.stage),
                int(c.subject),
                int(c.class_type),
                int(c.grade_code),
                text(&c.product_type),
                int(c.product_group),
                int(c.manage_project),
                int(c.created_at),
            ]
        }),
    )
    .await
}

pub async fn insert_members(tx: &mut Transaction<'_, Any>, members: &[NewMember]) -> Result<()> {
    insert_rows(
        tx,
        "class_students",
        &["class_id", "student_id", "joined_at", "left_at"],
        members.iter().map(|m| vec![int(m.class_id), int(m.student_id), int(m.joined_at), Bind::OptInt(m.left_at)]),
    )
    .await
}

pub async fn insert_packages(tx: &mut Transaction<'_, Any>, packages: &[NewPackage]) -> Result<()> {
    insert_rows(
        tx,
        "lesson_packages",
        &[
            "id",
            "code",
            "name",
            "student_id",
            "school_id",
            "area_code",
            "subject",
            "teacher_id",
            "grade_code",
            "product_type",
            "product_group",
            "manage_project",
            "buy_count",
            "gift_lesson_num",
            "price",
            "bought_at",
        ],
        packages.iter().map(|p| {
            vec![
                int(p.id),
                text(&p.code),
                text(&p.name),
                int(p.student_id),
                int(p.school_id),
                text(&p.area_code),
                int(p.subject),
                int(p.teacher_id),
                int(p.grade_code),
                text(&p.product_type),
                int(p.product_group),
                int(p.manage_project),
                int(p.buy_count),
                int(p.gift_lesson_num),
                int(p.price),
                int(p.bought_at),
            ]
        }),
    )
    .await
}

pub async fn insert_lessons(tx: &mut Transaction<'_, Any>, lessons: &[NewLesson]) -> Result<()> {
    insert_rows(
        tx,
        "lessons",
        &["id", "class_id", "teacher_id", "title", "start_at", "end_at", "status", "lesson_no"],
        lessons
            .iter()
            .map(|l| vec![int(l.id), int(l.class_id), int(l.teacher_id), text(&l.title), int(l.start_at), int(l.end_at), int(l.status), int(l.lesson_no)]),
    )
    .await
}

pub async fn insert_attendance(tx: &mut Transaction<'_, Any>, rows: &[NewAttendance]) -> Result<()> {
    insert_rows(
        tx,
        "attendance",
        &[
            "lesson_id",
            "student_id",
            "class_id",
            "class_type",
            "teacher_id",
            "school_id",
            "area_code",
            "subject",
            "grade_code",
            "product_type",
            "product_group",
            "manage_project",
            "package_id",
            "start_at",
            "minutes",
            "status",
            "clock_in_at",
            "leave_status",
            "lesson_type",
        ],
        rows.iter().map(|a| {
            vec![
                int(a.lesson_id),
                int(a.student_id),
                int(a.class_id),
                int(a.class_type),
                int(a.teacher_id),
                int(a.school_id),
                text(&a.area_code),
                int(a.subject),
                int(a.grade_code),
                text(&a.product_type),
                int(a.product_group),
                int(a.manage_project),
                Bind::OptInt(a.package_id),
                int(a.start_at),
                int(a.minutes),
                int(a.status),
                Bind::OptInt(a.clock_in_at),
                int(a.leave_status),
                int(a.lesson_type),
            ]
        }),
    )
    .await
}

pub async fn insert_refunds(tx: &mut Transaction<'_, Any>, rows: &[NewRefund]) -> Result<()> {
    insert_rows(
        tx,
        "refunds",
        &[
            "id",
            "student_id",
            "class_type",
            "class_id",
            "package_id",
            "teacher_id",
            "school_id",
            "area_code",
            "subject",
            "grade_code",
            "product_type",
            "product_group",
            "manage_project",
            "refunded_at",
            "amount",
            "lesson_total",
            "reason_type",
            "reason",
            "reason_detail",
            "class_start_at",
            "leave_lesson_no",
        ],
        rows.iter().map(|r| {
            vec![
                int(r.id),
                int(r.student_id),
                int(r.class_type),
                Bind::OptInt(r.class_id),
                Bind::OptInt(r.package_id),
                int(r.teacher_id),
                int(r.school_id),
                text(&r.area_code),
                int(r.subject),
                int(r.grade_code),
                text(&r.product_type),
                int(r.product_group),
                int(r.manage_project),
                int(r.refunded_at),
                int(r.amount),
                int(r.lesson_total),
                int(r.reason_type),
                text(&r.reason),
                text(&r.reason_detail),
                int(r.class_start_at),
                int(r.leave_lesson_no),
            ]
        }),
    )
    .await
}

/// Areas of schools: (code, school, name).
pub async fn insert_areas(tx: &mut Transaction<'_, Any>, areas: &[(String, i64, String)]) -> Result<()> {
    insert_rows(tx, "areas", &["code", "school_id", "name"], areas.iter().map(|(code, school, name)| vec![text(code), int(*school), text(name)])).await
}

pub async fn insert_project_groups(tx: &mut Transaction<'_, Any>, groups: &[(i64, String)]) -> Result<()> {
    insert_rows(tx, "project_groups", &["id", "name"], groups.iter().map(|(id, name)| vec![int(*id), text(name)])).await
}
