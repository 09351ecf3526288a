//! Importing source records from CSV (`eduhub import <kind> FILE.csv`, `POST
//! /api/admin/records/import/{kind}`; formats in `docs/import.md`). Every row is checked; the good
//! rows are stored together in one transaction, a bad row not at all and reported with its line
//! and reason. A file that is not CSV, or whose header lacks a required column or has an unknown
//! one, is refused whole.

use std::collections::{HashMap, HashSet};

use protocol::dictionary as dict;
use protocol::dto::admin::{ImportResult, ImportRowError};
use sqlx::FromRow;

use super::calendar;
use super::first_lesson::NewTrial;
use super::records::{self, NewAttendance, NewLesson, NewRefund};
use crate::qc::punches::NewPunch;
use crate::{Db, StorageError};

/// The most data rows one import takes.
pub const MAX_ROWS: usize = 200_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImportKind {
    Lessons,
    Attendance,
    Refunds,
    /// Service punch records (service QC).
    Services,
    /// Held lessons' preparation (resources bound, published, collected back).
    Preps,
    /// Trial lessons (试听课) under trial orders.
    Trials,
}

impl std::str::FromStr for ImportKind {
    type Err = String;
    fn from_str(s: &str) -> Result<ImportKind, String> {
        match s {
            "lessons" => Ok(ImportKind::Lessons),
            "attendance" => Ok(ImportKind::Attendance),
            "refunds" => Ok(ImportKind::Refunds),
            "services" => Ok(ImportKind::Services),
            "preps" => Ok(ImportKind::Preps),
            "trials" => Ok(ImportKind::Trials),
            other => Err(format!("未知的导入类型：{other}（可用：lessons、attendance、refunds、services、preps、trials）")),
        }
    }
}

impl ImportKind {
    pub fn name(self) -> &'static str {
        match self {
            ImportKind::Lessons => "lessons",
            ImportKind::Attendance => "attendance",
            ImportKind::Refunds => "refunds",
            ImportKind::Services => "services",
            ImportKind::Preps => "preps",
            ImportKind::Trials => "trials",
        }
    }

    /// (column, required).
    pub fn columns(self) -> &'static [(&'static str, bool)] {
        match self {
            ImportKind::Lessons => {
                &[("class_code", true), ("lesson_no", true), ("start", true), ("minutes", true), ("teacher_email", false), ("status", false), ("title", false)]
            }
            ImportKind::Attendance => &[
                ("class_code", true),
                ("lesson_no", true),
                ("student_code", true),
                ("status", true),
                ("clock_in", false),
                ("leave_status", false),
                ("lesson_type", false),
                ("package_code", false),
            ],
            ImportKind::Refunds => &[
                ("student_code", true),
                ("class_code", false),
                ("package_code", false),
                ("refunded_at", true),
                ("amount", true),
                ("lesson_total", true),
                ("reason_type", true),
                ("reason", false),
                ("reason_detail", false),
                ("leave_lesson_no", false),
            ],
            ImportKind::Services => &[
                ("student_code", true),
                ("service", true),
                ("staff_email", true),
                ("punched_at", true),
                ("content", true),
                ("class_code", false),
                ("channel", false),
                ("tag", false),
                ("form", false),
            ],
            ImportKind::Preps => &[
                ("class_code", true),
                ("lesson_no", true),
                ("bound_resources", true),
                ("published_resources", true),
                ("recycled_resources", true),
                ("recycle_collections", true),
                ("no_recycle_cause", false),
            ],
            ImportKind::Trials => &[
                ("order_code", true),
                ("student_code", true),
                ("teacher_email", true),
                ("subject", true),
                ("lesson_at", true),
                ("minutes", false),
                ("area_code", false),
                ("product_group", false),
                ("manage_project", false),
            ],
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file as a whole cannot be read.
    #[error("{0}")]
    File(String),
    #[error(transparent)]
    Storage(#[from] StorageError),
}

impl From<sqlx::Error> for ImportError {
    fn from(e: sqlx::Error) -> ImportError {
        ImportError::Storage(e.into())
    }
}

/// A class's reporting facts.
#[derive(Debug, Clone, FromRow)]
struct ClassFacts {
    id: i64,
    class_type: i64,
    teacher_id: i64,
    school_id: i64,
    area_code: String,
    subject: i64,
    grade_code: i64,
    product_type: String,
    product_group: i64,
    manage_project: i64,
}

#[derive(Debug, Clone, FromRow)]
struct LessonFacts {
    id: i64,
    start_at: i64,
    end_at: i64,
    teacher_id: i64,
    status: i64,
}

#[derive(Debug, Clone, FromRow)]
struct PackageFacts {
    id: i64,
    student_id: i64,
    teacher_id: i64,
    school_id: i64,
    area_code: String,
    subject: i64,
    grade_code: i64,
    product_type: String,
    product_group: i64,
    manage_project: i64,
    bought_at: i64,
}

/// Lookups of the records rows refer to, each asked of the database once per import.
struct Lookups<'a> {
    db: &'a Db,
    classes: HashMap<String, Option<ClassFacts>>,
    students: HashMap<String, Option<i64>>,
    teachers: HashMap<String, Option<i64>>,
    lessons: HashMap<(i64, i64), Option<LessonFacts>>,
    packages: HashMap<String, Option<PackageFacts>>,
    /// The students already recorded at a lesson.
    attended: HashMap<i64, HashSet<i64>>,
    /// The first lesson's start of a class.
    class_starts: HashMap<i64, Option<i64>>,
    /// Students' (school, area, grade).
    student_facts: HashMap<i64, Option<(i64, String, i64)>>,
    /// Service types by name: (id, roles).
    services: HashMap<String, Option<(i64, Vec<String>)>>,
    /// Staff's roles.
    roles: HashMap<i64, Vec<String>>,
    /// Students' (consultant, learning manager).
    advisers: HashMap<i64, (Option<i64>, Option<i64>)>,
    /// Areas' schools.
    area_schools: HashMap<String, Option<i64>>,
}

impl<'a> Lookups<'a> {
    fn new(db: &'a Db) -> Lookups<'a> {
        Lookups {
            db,
            classes: HashMap::new(),
            students: HashMap::new(),
            teachers: HashMap::new(),
            lessons: HashMap::new(),
            packages: HashMap::new(),
            attended: HashMap::new(),
            class_starts: HashMap::new(),
            student_facts: HashMap::new(),
            services: HashMap::new(),
            roles: HashMap::new(),
            advisers: HashMap::new(),
            area_schools: HashMap::new(),
        }
    }

    async fn advisers(&mut self, student_id: i64) -> Result<(Option<i64>, Option<i64>), ImportError> {
        if let std::collections::hash_map::Entry::Vacant(entry) = self.advisers.entry(student_id) {
            let found: Option<(Option<i64>, Option<i64>)> =
                sqlx::query_as("SELECT consultant_id, learning_manager_id FROM students WHERE id = $1").bind(student_id).fetch_optional(self.db.pool()).await?;
            entry.insert(found.unwrap_or_default());
        }
        Ok(self.advisers[&student_id])
    }

    async fn area_school(&mut self, code: &str) -> Result<Option<i64>, ImportError> {
        if !self.area_schools.contains_key(code) {
            let school: Option<i64> = sqlx::query_scalar("SELECT school_id FROM areas WHERE code = $1").bind(code).fetch_optional(self.db.pool()).await?;
            self.area_schools.insert(code.to_owned(), school);
        }
        Ok(self.area_schools[code])
    }

    async fn student_facts(&mut self, id: i64) -> Result<Option<(i64, String, i64)>, ImportError> {
        if let std::collections::hash_map::Entry::Vacant(entry) = self.student_facts.entry(id) {
            let found = sqlx::query_as("SELECT school_id, area_code, grade_code FROM students WHERE id = $1").bind(id).fetch_optional(self.db.pool()).await?;
            entry.insert(found);
        }
        Ok(self.student_facts[&id].clone())
    }

    async fn service(&mut self, name: &str) -> Result<Option<(i64, Vec<String>)>, ImportError> {
        if !self.services.contains_key(name) {
            let found: Option<(i64, String)> = sqlx::query_as("SELECT id, role_codes FROM qc_services WHERE name = $1 AND deleted = 0 ORDER BY id LIMIT 1")
                .bind(name)
                .fetch_optional(self.db.pool())
                .await?;
            self.services.insert(name.to_owned(), found.map(|(id, roles)| (id, roles.split(',').map(str::to_owned).collect())));
        }
        Ok(self.services[name].clone())
    }

    async fn roles(&mut self, user_id: i64) -> Result<Vec<String>, ImportError> {
        if let std::collections::hash_map::Entry::Vacant(entry) = self.roles.entry(user_id) {
            let roles: Vec<String> =
                sqlx::query_scalar("SELECT role FROM user_roles WHERE user_id = $1 ORDER BY sort, role").bind(user_id).fetch_all(self.db.pool()).await?;
            entry.insert(roles);
        }
        Ok(self.roles[&user_id].clone())
    }

    async fn class(&mut self, code: &str) -> Result<Option<ClassFacts>, ImportError> {
        if !self.classes.contains_key(code) {
            let found: Option<ClassFacts> = sqlx::query_as(
                "SELECT id, class_type, teacher_id, school_id, area_code, subject, grade_code, product_type, product_group, manage_project \
                 FROM classes WHERE code = $1 ORDER BY id LIMIT 1",
            )
            .bind(code)
            .fetch_optional(self.db.pool())
            .await?;
            self.classes.insert(code.to_owned(), found);
        }
        Ok(self.classes[code].clone())
    }

    async fn student(&mut self, code: &str) -> Result<Option<i64>, ImportError> {
        if !self.students.contains_key(code) {
            let found: Option<i64> = sqlx::query_scalar("SELECT id FROM students WHERE code = $1").bind(code).fetch_optional(self.db.pool()).await?;
            self.students.insert(code.to_owned(), found);
        }
        Ok(self.students[code])
    }

    async fn teacher(&mut self, email: &str) -> Result<Option<i64>, ImportError> {
        let email = email.to_lowercase();
        if !self.teachers.contains_key(&email) {
            let found: Option<i64> = sqlx::query_scalar("SELECT id FROM users WHERE email = $1").bind(&email).fetch_optional(self.db.pool()).await?;
            self.teachers.insert(email.clone(), found);
        }
        Ok(self.teachers[&email])
    }

    async fn lesson(&mut self, class_id: i64, lesson_no: i64) -> Result<Option<LessonFacts>, ImportError> {
        if let std::collections::hash_map::Entry::Vacant(entry) = self.lessons.entry((class_id, lesson_no)) {
            let found: Option<LessonFacts> =
                sqlx::query_as("SELECT id, start_at, end_at, teacher_id, status FROM lessons WHERE class_id = $1 AND lesson_no = $2 ORDER BY id LIMIT 1")
                    .bind(class_id)
                    .bind(lesson_no)
                    .fetch_optional(self.db.pool())
                    .await?;
            entry.insert(found);
        }
        Ok(self.lessons[&(class_id, lesson_no)].clone())
    }

    /// Whether the student's attendance at the lesson is stored (one query per lesson).
    async fn attended(&mut self, lesson_id: i64, student_id: i64) -> Result<bool, ImportError> {
        if let std::collections::hash_map::Entry::Vacant(entry) = self.attended.entry(lesson_id) {
            let students: Vec<i64> =
                sqlx::query_scalar("SELECT student_id FROM attendance WHERE lesson_id = $1").bind(lesson_id).fetch_all(self.db.pool()).await?;
            entry.insert(students.into_iter().collect());
        }
        Ok(self.attended[&lesson_id].contains(&student_id))
    }

    async fn class_start(&mut self, class_id: i64) -> Result<Option<i64>, ImportError> {
        if let std::collections::hash_map::Entry::Vacant(entry) = self.class_starts.entry(class_id) {
            let start: Option<i64> =
                sqlx::query_scalar("SELECT MIN(start_at) FROM lessons WHERE class_id = $1").bind(class_id).fetch_one(self.db.pool()).await?;
            entry.insert(start);
        }
        Ok(self.class_starts[&class_id])
    }

    async fn package(&mut self, code: &str) -> Result<Option<PackageFacts>, ImportError> {
        if !self.packages.contains_key(code) {
            let found: Option<PackageFacts> = sqlx::query_as(
                "SELECT id, student_id, teacher_id, school_id, area_code, subject, grade_code, product_type, product_group, manage_project, bought_at \
                 FROM lesson_packages WHERE code = $1",
            )
            .bind(code)
            .fetch_optional(self.db.pool())
            .await?;
            self.packages.insert(code.to_owned(), found);
        }
        Ok(self.packages[code].clone())
    }
}

/// One data row: its line and its fields by column.
struct Row {
    line: i64,
    fields: HashMap<&'static str, String>,
}

impl Row {
    fn text(&self, column: &str) -> &str {
        self.fields.get(column).map_or("", |v| v.as_str())
    }

    fn int(&self, column: &str, default: Option<i64>, range: std::ops::RangeInclusive<i64>) -> Result<i64, String> {
        match self.text(column) {
            "" => default.ok_or_else(|| format!("{column} 不能为空")),
            text => text
                .parse::<i64>()
                .ok()
                .filter(|v| range.contains(v))
                .ok_or_else(|| format!("{column} 必须是 {} 到 {} 的整数：{text}", range.start(), range.end())),
        }
    }

    /// `YYYY-MM-DD HH:MM` (or `YYYY-MM-DD` when `day_only` allowed), China time, as epoch ms.
    fn time(&self, column: &str, day_only: bool) -> Result<i64, String> {
        let text = self.text(column);
        let bad = || format!("{column} 必须是 YYYY-MM-DD HH:MM 格式的时间：{text}");
        let (day, clock) = match text.split_once(' ') {
            Some((day, clock)) => (day, Some(clock.trim())),
            None if day_only => (text, None),
            None => return Err(bad()),
        };
        let day = calendar::parse_day(day).ok_or_else(bad)?;
        let minutes = match clock {
            Some(clock) => clock_minutes(clock).ok_or_else(bad)?,
            None => 0,
        };
        Ok(calendar::day_start_ms(day) + minutes * 60_000)
    }
}

/// `HH:MM` as minutes after midnight.
fn clock_minutes(text: &str) -> Option<i64> {
    let (h, m) = text.split_once(':')?;
    let (h, m) = (h.parse::<i64>().ok()?, m.parse::<i64>().ok()?);
    ((0..24).contains(&h) && (0..60).contains(&m) && text.len() == 5).then_some(h * 60 + m)
}

/// Reads the rows of `data` for `kind` (the header checked).
fn read_rows(kind: ImportKind, data: &[u8]) -> Result<Vec<Row>, ImportError> {
    let data = data.strip_prefix("\u{feff}".as_bytes()).unwrap_or(data);
    let mut reader = csv::ReaderBuilder::new().trim(csv::Trim::All).flexible(false).from_reader(data);
    let headers = reader.headers().map_err(|e| ImportError::File(format!("无法读取表头：{e}")))?.clone();
    let columns = kind.columns();
    let mut index: Vec<(usize, &'static str)> = Vec::new();
    for (i, header) in headers.iter().enumerate() {
        let Some((name, _)) = columns.iter().find(|(c, _)| *c == header) else {
            return Err(ImportError::File(format!(
                "表头含未知列：{header}（{} 可用：{}）",
                kind.name(),
                columns.iter().map(|c| c.0).collect::<Vec<_>>().join("、")
            )));
        };
        if index.iter().any(|(_, n)| n == name) {
            return Err(ImportError::File(format!("表头重复的列：{header}")));
        }
        index.push((i, name));
    }
    if let Some((missing, _)) = columns.iter().find(|(c, required)| *required && !index.iter().any(|(_, n)| n == c)) {
        return Err(ImportError::File(format!("表头缺少必需的列：{missing}")));
    }
    let mut rows = Vec::new();
    for (n, record) in reader.records().enumerate() {
        let record = record.map_err(|e| ImportError::File(format!("第 {} 行无法读取：{e}", n + 2)))?;
        if rows.len() == MAX_ROWS {
            return Err(ImportError::File(format!("一次最多导入 {MAX_ROWS} 行")));
        }
        let fields = index.iter().map(|(i, name)| (*name, record.get(*i).unwrap_or("").to_owned())).collect();
        rows.push(Row { line: n as i64 + 2, fields });
    }
    Ok(rows)
}

/// Imports `data` as records of `kind`.
pub async fn import(db: &Db, kind: ImportKind, data: &[u8]) -> Result<ImportResult, ImportError> {
    let rows = read_rows(kind, data)?;
    let mut lookups = Lookups::new(db);
    let mut errors = Vec::new();
    let mut lessons = Vec::new();
    let mut attendance = Vec::new();
    let mut refunds = Vec::new();
    let mut punches: Vec<(NewPunch, String)> = Vec::new();
    let mut preps: Vec<PrepValues> = Vec::new();
    let mut trials: Vec<NewTrial> = Vec::new();
    let mut next_trial = records::next_id(db, "trial_lessons").await?;
    let mut next_punch = records::next_id(db, "service_punches").await?;
    let mut next_lesson = records::next_id(db, "lessons").await?;
    let mut next_refund = records::next_id(db, "refunds").await?;
    let mut seen: HashSet<(i64, i64)> = HashSet::new();
    for row in &rows {
        let checked = match kind {
            ImportKind::Lessons => lesson_row(&mut lookups, row, &mut seen).await?.map(|mut l| {
                l.id = next_lesson;
                next_lesson += 1;
                lessons.push(l);
            }),
            ImportKind::Attendance => attendance_row(&mut lookups, row, &mut seen).await?.map(|a| attendance.push(a)),
            ImportKind::Refunds => refund_row(&mut lookups, row).await?.map(|mut r| {
                r.id = next_refund;
                next_refund += 1;
                refunds.push(r);
            }),
            ImportKind::Services => punch_row(&mut lookups, row).await?.map(|(mut p, tag)| {
                p.id = next_punch;
                next_punch += 1;
                punches.push((p, tag));
            }),
            ImportKind::Preps => prep_row(&mut lookups, row, &mut seen).await?.map(|p| preps.push(p)),
            ImportKind::Trials => trial_row(&mut lookups, row).await?.map(|mut t| {
                t.id = next_trial;
                next_trial += 1;
                trials.push(t);
            }),
        };
        if let Err(reason) = checked {
            errors.push(ImportRowError { line: row.line, reason });
        }
    }
    let stored = lessons.len() + attendance.len() + refunds.len() + punches.len() + preps.len() + trials.len();
    if stored > 0 {
        let _turn = db.write_turn().await;
        let mut tx = db.begin().await?;
        records::insert_lessons(&mut tx, &lessons).await?;
        // Held lessons count in the lesson-preparation and usage reports from the start.
        super::prep::insert_empty(&mut tx, &lessons.iter().map(|l| l.id).collect::<Vec<_>>()).await?;
        records::insert_attendance(&mut tx, &attendance).await?;
        records::insert_refunds(&mut tx, &refunds).await?;
        // First lessons follow the lessons and refunds of their packages; trials what the
        // students bought afterwards.
        let packages: Vec<i64> = attendance.iter().filter_map(|a| a.package_id).chain(refunds.iter().filter_map(|r| r.package_id)).collect();
        super::first_lesson::refresh(&mut tx, &packages).await?;
        super::first_lesson::insert_trials(&mut tx, &trials).await?;
        let students: Vec<i64> =
            trials.iter().map(|t| t.student_id).chain(attendance.iter().filter(|a| a.package_id.is_some()).map(|a| a.student_id)).collect();
        super::first_lesson::refresh_trials(&mut tx, &students).await?;
        let now = crate::now_ms();
        let mut tags: HashMap<String, i64> = HashMap::new();
        let mut written = Vec::with_capacity(punches.len());
        for (mut punch, tag) in punches {
            if !tag.is_empty() {
                if !tags.contains_key(&tag) {
                    let id = crate::qc::punches::tag_id(&mut tx, &tag, now).await?;
                    tags.insert(tag.clone(), id);
                }
                punch.tag_id = tags[&tag];
            }
            written.push(punch);
        }
        crate::qc::punches::insert(&mut tx, &written).await?;
        // A preparation replaces what was recorded of the lesson (an empty one, at first).
        super::prep::insert_empty(&mut tx, &preps.iter().map(|p| p.lesson_id).collect::<Vec<_>>()).await?;
        for p in &preps {
            sqlx::query(
                "UPDATE lesson_preps SET bound_resources = $1, published_resources = $2, recycled_resources = $3, recycle_collections = $4, \
                 no_recycle_cause = $5 WHERE lesson_id = $6",
            )
            .bind(p.bound)
            .bind(p.published)
            .bind(p.recycled)
            .bind(p.collections)
            .bind(p.cause)
            .bind(p.lesson_id)
            .execute(&mut *tx)
            .await?;
        }
        records::sync_sequences(db, &mut tx).await?;
        tx.commit().await?;
    }
    Ok(ImportResult { kind: kind.name().into(), total: rows.len() as i64, stored: stored as i64, errors })
}

async fn trial_row(lookups: &mut Lookups<'_>, row: &Row) -> Result<Result<NewTrial, String>, ImportError> {
    let student_code = row.text("student_code");
    let Some(student_id) = lookups.student(student_code).await? else { return Ok(Err(format!("学员不存在：{student_code}"))) };
    let email = row.text("teacher_email");
    let Some(teacher_id) = lookups.teacher(email).await? else { return Ok(Err(format!("老师不存在：{email}"))) };
    let order_code = row.text("order_code");
    let checked = (|| {
        if order_code.is_empty() || order_code.chars().count() > 32 {
            return Err("order_code 不能为空，且不超过 32 字".to_owned());
        }
        let subject = row.int("subject", None, 1..=10_000)?;
        if protocol::constants::subject(subject).is_none() {
            return Err(format!("subject 不是已知的学科编号：{subject}"));
        }
        let day_at = row.time("lesson_at", false)?;
        let minutes = row.int("minutes", Some(60), 1..=600)?;
        let product_group = row.int("product_group", Some(0), 0..=1_000)?;
        if product_group > 0 && dict::name_of(&dict::PRODUCT_GROUPS, product_group).is_empty() {
            return Err(format!("product_group 不是已知的产品组：{product_group}"));
        }
        let manage_project = row.int("manage_project", Some(1), 1..=1_000)?;
        if dict::name_of(&dict::MANAGE_PROJECTS, manage_project).is_empty() {
            return Err(format!("manage_project 不是已知的管理项目：{manage_project}"));
        }
        Ok::<_, String>((subject, day_at, minutes, product_group, manage_project))
    })();
    let (subject, day_at, minutes, product_group, manage_project) = match checked {
        Ok(v) => v,
        Err(e) => return Ok(Err(e)),
    };
    let Some((school_id, student_area, grade_code)) = lookups.student_facts(student_id).await? else {
        return Ok(Err(format!("学员不存在：{student_code}")));
    };
    let area_code = match row.text("area_code") {
        "" => student_area,
        code => {
            if lookups.area_school(code).await? != Some(school_id) {
                return Ok(Err(format!("area_code 不是该学员学校的校区：{code}")));
            }
            code.to_owned()
        }
    };
    let (consultant_id, learning_manager_id) = lookups.advisers(student_id).await?;
    Ok(Ok(NewTrial {
        id: 0,
        order_code: order_code.to_owned(),
        student_id,
        teacher_id,
        consultant_id: consultant_id.unwrap_or(0),
        learning_manager_id: learning_manager_id.unwrap_or(0),
        school_id,
        area_code,
        subject,
        grade_code,
        product_group,
        manage_project,
        day_at,
        minutes,
    }))
}

/// A held lesson's preparation as imported.
struct PrepValues {
    lesson_id: i64,
    bound: i64,
    published: i64,
    recycled: i64,
    collections: i64,
    cause: i64,
}

async fn prep_row(lookups: &mut Lookups<'_>, row: &Row, seen: &mut HashSet<(i64, i64)>) -> Result<Result<PrepValues, String>, ImportError> {
    let code = row.text("class_code");
    let Some(class) = lookups.class(code).await?.filter(|_| !code.is_empty()) else { return Ok(Err(format!("班级不存在：{code}"))) };
    let checked = (|| {
        let lesson_no = row.int("lesson_no", None, 1..=10_000)?;
        let bound = row.int("bound_resources", None, 0..=1_000)?;
        let published = row.int("published_resources", None, 0..=1_000)?;
        let recycled = row.int("recycled_resources", None, 0..=1_000)?;
        let collections = row.int("recycle_collections", None, 0..=100_000)?;
        let cause = row.int("no_recycle_cause", Some(0), 0..=protocol::dictionary::NO_RECYCLE_CAUSES.len() as i64)?;
        if cause > 0 && collections > 0 {
            return Err("no_recycle_cause 只在 recycle_collections 为 0 时填写".to_owned());
        }
        Ok::<_, String>((lesson_no, bound, published, recycled, collections, cause))
    })();
    let (lesson_no, bound, published, recycled, collections, cause) = match checked {
        Ok(v) => v,
        Err(e) => return Ok(Err(e)),
    };
    let Some(lesson) = lookups.lesson(class.id, lesson_no).await? else { return Ok(Err(format!("课节不存在：{code} 第 {lesson_no} 讲"))) };
    if lesson.status != 1 {
        return Ok(Err(format!("课节未上：{code} 第 {lesson_no} 讲")));
    }
    if !seen.insert((class.id, lesson_no)) {
        return Ok(Err(format!("同一课节重复：{code} 第 {lesson_no} 讲")));
    }
    Ok(Ok(PrepValues { lesson_id: lesson.id, bound, published, recycled, collections, cause }))
}

async fn lesson_row(lookups: &mut Lookups<'_>, row: &Row, seen: &mut HashSet<(i64, i64)>) -> Result<Result<NewLesson, String>, ImportError> {
    let code = row.text("class_code");
    let Some(class) = lookups.class(code).await?.filter(|_| !code.is_empty()) else { return Ok(Err(format!("班级不存在：{code}"))) };
    let checked = (|| {
        let lesson_no = row.int("lesson_no", None, 1..=10_000)?;
        let start_at = row.time("start", false)?;
        let minutes = row.int("minutes", None, 1..=600)?;
        let status = row.int("status", Some(1), 0..=2)?;
        Ok::<_, String>((lesson_no, start_at, minutes, status))
    })();
    let (lesson_no, start_at, minutes, status) = match checked {
        Ok(v) => v,
        Err(e) => return Ok(Err(e)),
    };
    let teacher_id = match row.text("teacher_email") {
        "" => class.teacher_id,
        email => match lookups.teacher(email).await? {
            Some(id) => id,
            None => return Ok(Err(format!("老师不存在：{email}"))),
        },
    };
    if lookups.lesson(class.id, lesson_no).await?.is_some() || !seen.insert((class.id, lesson_no)) {
        return Ok(Err(format!("课节已存在：{code} 第 {lesson_no} 讲")));
    }
    let title = match row.text("title") {
        "" => format!("第{lesson_no}讲"),
        t if t.chars().count() > 100 => return Ok(Err("title 不能超过 100 字".into())),
        t => t.to_owned(),
    };
    Ok(Ok(NewLesson { id: 0, class_id: class.id, teacher_id, title, start_at, end_at: start_at + minutes * 60_000, status, lesson_no }))
}

async fn attendance_row(lookups: &mut Lookups<'_>, row: &Row, seen: &mut HashSet<(i64, i64)>) -> Result<Result<NewAttendance, String>, ImportError> {
    let code = row.text("class_code");
    let Some(class) = lookups.class(code).await?.filter(|_| !code.is_empty()) else { return Ok(Err(format!("班级不存在：{code}"))) };
    let lesson_no = match row.int("lesson_no", None, 1..=10_000) {
        Ok(n) => n,
        Err(e) => return Ok(Err(e)),
    };
    let Some(lesson) = lookups.lesson(class.id, lesson_no).await? else {
        return Ok(Err(format!("课节不存在：{code} 第 {lesson_no} 讲（请先导入课节）")));
    };
    if lesson.status != 1 {
        return Ok(Err(format!("课节未上课或已取消：{code} 第 {lesson_no} 讲")));
    }
    let student_code = row.text("student_code");
    let Some(student_id) = lookups.student(student_code).await? else { return Ok(Err(format!("学员不存在：{student_code}"))) };
    let status = match row.text("status") {
        "出勤" => Ok(dict::ATTEND_PRESENT),
        "迟到" => Ok(dict::ATTEND_LATE),
        "缺勤" => Ok(dict::ATTEND_ABSENT),
        "请假" => Ok(dict::ATTEND_LEAVE),
        _ => row.int("status", None, 1..=4),
    };
    let checked = (|| {
        let status = status?;
        let leave_status = row.int("leave_status", Some(0), 0..=2)?;
        let lesson_type = row.int("lesson_type", Some(1), 1..=3)?;
        let clock_in_at = match row.text("clock_in") {
            "" => None,
            text => Some(
                calendar::day_start_ms(calendar::day_of_ms(lesson.start_at))
                    + clock_minutes(text).ok_or_else(|| format!("clock_in 必须是 HH:MM：{text}"))? * 60_000,
            ),
        };
        if clock_in_at.is_some() && !matches!(status, dict::ATTEND_PRESENT | dict::ATTEND_LATE) {
            return Err("只有出勤或迟到的学员有打卡时间".to_owned());
        }
        Ok((status, leave_status, lesson_type, clock_in_at))
    })();
    let (status, leave_status, lesson_type, clock_in_at) = match checked {
        Ok(v) => v,
        Err(e) => return Ok(Err(e)),
    };
    let package_id = match (class.class_type, row.text("package_code")) {
        (1, "") => return Ok(Err("一对一课节需要 package_code".into())),
        (1, package_code) => match lookups.package(package_code).await? {
            Some(p) if p.student_id == student_id => Some(p.id),
            Some(_) => return Ok(Err(format!("课时包不属于该学员：{package_code}"))),
            None => return Ok(Err(format!("课时包不存在：{package_code}"))),
        },
        (_, "") => None,
        (_, _) => return Ok(Err("班课的出勤没有 package_code".into())),
    };
    if !seen.insert((lesson.id, student_id)) || lookups.attended(lesson.id, student_id).await? {
        return Ok(Err(format!("出勤记录已存在：{code} 第 {lesson_no} 讲 {student_code}")));
    }
    Ok(Ok(NewAttendance {
        lesson_id: lesson.id,
        student_id,
        class_id: class.id,
        class_type: class.class_type,
        teacher_id: lesson.teacher_id,
        school_id: class.school_id,
        area_code: class.area_code,
        subject: class.subject,
        grade_code: class.grade_code,
        product_type: class.product_type,
        product_group: class.product_group,
        manage_project: class.manage_project,
        package_id,
        start_at: lesson.start_at,
        minutes: (lesson.end_at - lesson.start_at) / 60_000,
        status,
        clock_in_at,
        leave_status,
        lesson_type,
    }))
}

/// A punch record and its tag's name.
async fn punch_row(lookups: &mut Lookups<'_>, row: &Row) -> Result<Result<(NewPunch, String), String>, ImportError> {
    let student_code = row.text("student_code");
    let Some(student_id) = lookups.student(student_code).await? else { return Ok(Err(format!("学员不存在：{student_code}"))) };
    let Some((school_id, area_code, grade_code)) = lookups.student_facts(student_id).await? else {
        return Ok(Err(format!("学员不存在：{student_code}")));
    };
    let name = row.text("service");
    let Some((service_id, service_roles)) = lookups.service(name).await? else { return Ok(Err(format!("服务类型不存在：{name}"))) };
    let email = row.text("staff_email");
    let Some(staff_id) = lookups.teacher(email).await? else { return Ok(Err(format!("员工不存在：{email}"))) };
    let Some(role_code) = lookups.roles(staff_id).await?.into_iter().find(|r| service_roles.contains(r)) else {
        return Ok(Err(format!("{email} 没有执行「{name}」的角色（{}）", service_roles.join("、"))));
    };
    let (class_id, class_type, subject) = match row.text("class_code") {
        "" => (0, 0, 0),
        code => match lookups.class(code).await? {
            Some(class) => (class.id, class.class_type, class.subject),
            None => return Ok(Err(format!("班级不存在：{code}"))),
        },
    };
    let checked = (|| {
        let punched_at = row.time("punched_at", false)?;
        if punched_at > crate::now_ms() {
            return Err(format!("punched_at 不能晚于现在：{}", row.text("punched_at")));
        }
        let channel = match row.text("channel") {
            "网页端" => 1,
            "App" | "app" => 2,
            "企业微信" => 3,
            _ => row.int("channel", Some(1), 1..=3)?,
        };
        let content = row.text("content");
        if content.chars().count() > 5000 {
            return Err("content 不能超过 5000 字".into());
        }
        let tag = row.text("tag");
        if tag.chars().count() > 20 {
            return Err("tag 不能超过 20 字".into());
        }
        let form = match row.text("form") {
            "" => "{}".to_owned(),
            text => match serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(text) {
                Ok(map) if map.values().all(|v| v.is_string()) && text.len() <= 10_000 => text.to_owned(),
                _ => return Err("form 必须是值为文本的 JSON 对象（至多 10000 字节）".into()),
            },
        };
        Ok::<_, String>((punched_at, channel, content.to_owned(), tag.to_owned(), form))
    })();
    let (punched_at, channel, content, tag, form_values) = match checked {
        Ok(v) => v,
        Err(e) => return Ok(Err(e)),
    };
    Ok(Ok((
        NewPunch {
            id: 0,
            service_id,
            student_id,
            class_id,
            teacher_id: staff_id,
            role_code,
            school_id,
            area_code,
            subject,
            grade_code,
            class_type,
            punched_at,
            channel,
            content,
            form_values,
            tag_id: 0,
            check_status: dict::QC_UNCHECKED,
            result_status: dict::QC_RESULT_NONE,
            classic_case: 0,
            last_qc_at: 0,
            last_qc_by: 0,
        },
        tag,
    )))
}

async fn refund_row(lookups: &mut Lookups<'_>, row: &Row) -> Result<Result<NewRefund, String>, ImportError> {
    let student_code = row.text("student_code");
    let Some(student_id) = lookups.student(student_code).await? else { return Ok(Err(format!("学员不存在：{student_code}"))) };
    let checked = (|| {
        let refunded_at = row.time("refunded_at", true)?;
        let amount = parse_yuan(row.text("amount")).ok_or_else(|| format!("amount 必须是不小于 0、至多两位小数的金额：{}", row.text("amount")))?;
        let lesson_total = row.int("lesson_total", None, 0..=10_000)?;
        let reason_type = row.int("reason_type", None, 1..=6)?;
        let leave_lesson_no = row.int("leave_lesson_no", Some(1), 1..=10_000)?;
        for column in ["reason", "reason_detail"] {
            if row.text(column).chars().count() > 200 {
                return Err(format!("{column} 不能超过 200 字"));
            }
        }
        Ok::<_, String>((refunded_at, amount, lesson_total, reason_type, leave_lesson_no))
    })();
    let (refunded_at, amount, lesson_total, reason_type, leave_lesson_no) = match checked {
        Ok(v) => v,
        Err(e) => return Ok(Err(e)),
    };
    let reason = match row.text("reason") {
        "" => dict::name_of(&dict::REFUND_REASON_TYPES, reason_type).to_owned(),
        text => text.to_owned(),
    };
    let refund = |class_type,
                  class_id,
                  package_id,
                  teacher_id,
                  school_id,
                  area_code: String,
                  subject,
                  grade_code,
                  product_type: String,
                  product_group,
                  manage_project,
                  class_start_at| NewRefund {
        id: 0,
        student_id,
        class_type,
        class_id,
        package_id,
        teacher_id,
        school_id,
        area_code,
        subject,
        grade_code,
        product_type,
        product_group,
        manage_project,
        refunded_at,
        amount,
        lesson_total,
        reason_type,
        reason: reason.clone(),
        reason_detail: row.text("reason_detail").to_owned(),
        class_start_at,
        leave_lesson_no,
    };
    let (class_code, package_code) = (row.text("class_code"), row.text("package_code"));
    if class_code.is_empty() == package_code.is_empty() {
        return Ok(Err("class_code 与 package_code 填且只填一个".into()));
    }
    if !class_code.is_empty() {
        let Some(class) = lookups.class(class_code).await? else { return Ok(Err(format!("班级不存在：{class_code}"))) };
        if class.class_type == 1 {
            return Ok(Err(format!("一对一的退费请填 package_code：{class_code}")));
        }
        let start = lookups.class_start(class.id).await?;
        return Ok(Ok(refund(
            class.class_type,
            Some(class.id),
            None,
            class.teacher_id,
            class.school_id,
            class.area_code,
            class.subject,
            class.grade_code,
            class.product_type,
            class.product_group,
            class.manage_project,
            start.unwrap_or(refunded_at),
        )));
    }
    let Some(p) = lookups.package(package_code).await? else { return Ok(Err(format!("课时包不存在：{package_code}"))) };
    if p.student_id != student_id {
        return Ok(Err(format!("课时包不属于该学员：{package_code}")));
    }
    Ok(Ok(refund(
        1,
        None,
        Some(p.id),
        p.teacher_id,
        p.school_id,
        p.area_code,
        p.subject,
        p.grade_code,
        p.product_type,
        p.product_group,
        p.manage_project,
        p.bought_at,
    )))
}

/// Yuan with at most two decimals, as fen.
fn parse_yuan(text: &str) -> Option<i64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || !whole.chars().all(|c| c.is_ascii_digit()) || fraction.len() > 2 || !fraction.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let fen = format!("{fraction:0<2}").parse::<i64>().ok()?;
    whole.parse::<i64>().ok()?.checked_mul(100)?.checked_add(fen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_and_clocks() {
        assert_eq!(parse_yuan("12.5"), Some(1250));
        assert_eq!(parse_yuan("0"), Some(0));
        assert_eq!(parse_yuan("3.05"), Some(305));
        for bad in ["", "-1", "1.234", "1,5", "abc", ".5"] {
            assert_eq!(parse_yuan(bad), None, "{bad}");
        }
        assert_eq!(clock_minutes("09:05"), Some(545));
        assert_eq!(clock_minutes("24:00"), None);
        assert_eq!(clock_minutes("9:05"), None);
    }

    #[test]
    fn headers_are_checked() {
        let error = |csv: &str| match read_rows(ImportKind::Refunds, csv.as_bytes()) {
            Err(ImportError::File(e)) => e,
            _ => panic!("refused: {csv}"),
        };
        assert!(error("student_code,refunded_at,amount,lesson_total,salary\n").contains("salary"));
        assert!(error("student_code,refunded_at,amount\n").contains("lesson_total"));
        let rows =
            read_rows(ImportKind::Refunds, "\u{feff}student_code,refunded_at,amount,lesson_total,reason_type\n S1 ,2026-01-01,1,1,1\n".as_bytes()).unwrap();
        assert_eq!((rows[0].line, rows[0].text("student_code")), (2, "S1"));
    }
}
