//! The caller's students: a page of them, one student's page (classes, one-on-one packages,
//! exams) and the student's lessons page by page.

use protocol::dictionary as dict;
use protocol::dto::teaching::{MyStudentRow, StudentClass, StudentDetail, StudentExamScore, StudentLessonRow, StudentPackage};
use sqlx::FromRow;

use super::mine::Mine;
use super::schedule::grade_of;
use crate::datacentre::calendar::DAY_MS;
use crate::datacentre::{subject_name, Scope};
use crate::reports::{Bind, Conditions};
use crate::{Db, Result};

/// How far back "recent" lessons reach on the student list.
pub const RECENT_DAYS: i64 = 30;

/// What the student list may be narrowed by.
#[derive(Debug, Clone, Default)]
pub struct StudentQuery {
    pub keyword: Option<String>,
    /// `CLASS_TYPES`: students in one of my classes of this type (4: online).
    pub class_type: Option<i64>,
    pub grade: Option<i64>,
}

#[derive(FromRow)]
struct StudentFacts {
    id: i64,
    code: String,
    name: String,
    grade_code: i64,
    grade: String,
    mobile: String,
    school_name: Option<String>,
    area_name: Option<String>,
    consultant_name: Option<String>,
    learning_manager_name: Option<String>,
    class_count: i64,
    recent_lessons: i64,
    recent_attended: i64,
    last_lesson_at: Option<i64>,
    next_lesson_at: Option<i64>,
}

impl StudentFacts {
    fn into_row(self) -> (MyStudentRow, String) {
        (
            MyStudentRow {
                id: self.id,
                code: self.code,
                name: self.name,
                grade_name: grade_of(self.grade_code, &self.grade),
                school_name: self.school_name.unwrap_or_default(),
                area_name: self.area_name.unwrap_or_default(),
                consultant_name: self.consultant_name.unwrap_or_default(),
                learning_manager_name: self.learning_manager_name.unwrap_or_default(),
                class_count: self.class_count,
                recent_lessons: self.recent_lessons,
                recent_attended: self.recent_attended,
                last_lesson_time: self.last_lesson_at.unwrap_or(0),
                next_lesson_time: self.next_lesson_at.unwrap_or(0),
            },
            self.mobile,
        )
    }
}

/// The columns of a student row at `now` (integers we computed, written in as numbers).
fn select(now: i64) -> String {
    let recent_from = now - RECENT_DAYS * DAY_MS;
    format!(
        "SELECT s.id, s.code, s.name, s.grade_code, s.grade, s.mobile, sc.name AS school_name, ar.name AS area_name, \
         cu.name AS consultant_name, lm.name AS learning_manager_name, \
         (SELECT COUNT(*) FROM class_students cs WHERE cs.student_id = s.id AND cs.left_at IS NULL) \
           + (SELECT COUNT(*) FROM online_roster r WHERE r.student_id = s.id AND r.left_at IS NULL) AS class_count, \
         (SELECT COUNT(*) FROM attendance a WHERE a.student_id = s.id AND a.start_at >= {recent_from} AND a.start_at < {now}) AS recent_lessons, \
         (SELECT COUNT(*) FROM attendance a WHERE a.student_id = s.id AND a.start_at >= {recent_from} AND a.start_at < {now} AND a.status IN (1, 2)) \
           AS recent_attended, \
         (SELECT MAX(a.start_at) FROM attendance a WHERE a.student_id = s.id) AS last_lesson_at, \
         (SELECT MIN(l.start_at) FROM lessons l JOIN class_students cs ON cs.class_id = l.class_id AND cs.student_id = s.id AND cs.left_at IS NULL \
           WHERE l.start_at >= {now} AND l.status = 0) AS next_lesson_at \
         FROM students s LEFT JOIN schools sc ON sc.id = s.school_id LEFT JOIN areas ar ON ar.code = s.area_code \
         LEFT JOIN users cu ON cu.id = s.consultant_id LEFT JOIN users lm ON lm.id = s.learning_manager_id WHERE 1 = 1"
    )
}

/// `AND` the student (aliased `s`) is in one of my classes of `class_type`.
fn in_class_type(mine: Mine, class_type: i64) -> String {
    if class_type == 4 {
        return format!(
            " AND s.id IN (SELECT r.student_id FROM online_roster r JOIN online_classes oc ON oc.id = r.class_id WHERE 1 = 1{})",
            mine.online_classes("oc")
        );
    }
    format!(
        " AND s.id IN (SELECT cs.student_id FROM class_students cs JOIN classes cl ON cl.id = cs.class_id WHERE cl.class_type = {class_type}{})",
        mine.classes("cl")
    )
}

/// A page of my students (by code), with the total.
pub async fn page(db: &Db, mine: Mine, query: &StudentQuery, now: i64, page_no: i64, page_size: i64) -> Result<(Vec<MyStudentRow>, i64)> {
    let mut c = Conditions::new();
    c.sql.push_str(&mine.students("s.id"));
    if let Some(keyword) = &query.keyword {
        c.push_like_any(&["s.name", "s.code"], keyword);
    }
    if let Some(grade) = query.grade {
        c.push(" AND s.grade_code = ", Bind::Int(grade));
    }
    if let Some(class_type) = query.class_type {
        c.sql.push_str(&in_class_type(mine, class_type));
    }
    let (count_sql, count_args) = c.clone().finish("SELECT COUNT(*) FROM students s WHERE 1 = 1", "");
    let total: i64 = sqlx::query_scalar_with(&count_sql, count_args).fetch_one(db.pool()).await?;
    let (sql, args) = c.finish(&select(now), &format!(" ORDER BY s.code LIMIT {page_size} OFFSET {}", (page_no - 1).max(0) * page_size));
    let rows: Vec<StudentFacts> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok((rows.into_iter().map(|r| r.into_row().0).collect(), total))
}

/// Whether the caller may open the student's page: one of theirs, or within their scope.
pub async fn visible(db: &Db, mine: Mine, scope: &Scope, student_id: i64) -> Result<bool> {
    let condition = Mine::or_within(mine.students("s.id"), scope, "s");
    let found: Option<i64> =
        sqlx::query_scalar(&format!("SELECT s.id FROM students s WHERE s.id = $1{condition}")).bind(student_id).fetch_optional(db.pool()).await?;
    Ok(found.is_some())
}

#[derive(FromRow)]
struct ClassPlace {
    class_id: i64,
    class_code: String,
    class_name: String,
    class_type: i64,
    subject: i64,
    teacher_name: String,
    joined_at: i64,
    left_at: Option<i64>,
    due_lessons: i64,
    attended_lessons: i64,
}

impl ClassPlace {
    fn into_class(self, online: bool) -> StudentClass {
        StudentClass {
            class_id: self.class_id,
            online,
            class_code: self.class_code,
            class_name: self.class_name,
            class_type: self.class_type,
            subject_name: subject_name(self.subject),
            teacher_name: self.teacher_name,
            joined_time: self.joined_at,
            left_time: self.left_at.unwrap_or(0),
            due_lessons: self.due_lessons,
            attended_lessons: self.attended_lessons,
        }
    }
}

#[derive(FromRow)]
struct PackageFacts {
    id: i64,
    code: String,
    name: String,
    subject: i64,
    teacher_name: Option<String>,
    buy_count: i64,
    gift_lesson_num: i64,
    used_count: i64,
    bought_at: i64,
}

#[derive(FromRow)]
struct ExamFacts {
    exam_id: i64,
    name: String,
    exam_at: i64,
    exam_type: i64,
    subject: i64,
    score: Option<i64>,
    full_marks: i64,
    class_rank: Option<i64>,
    grade_rank: Option<i64>,
}

/// The student's page (the caller's right to open it is checked by [`visible`]).
pub async fn detail(db: &Db, student_id: i64, now: i64) -> Result<Option<StudentDetail>> {
    let Some(facts) = sqlx::query_as::<_, StudentFacts>(&format!("{} AND s.id = $1", select(now))).bind(student_id).fetch_optional(db.pool()).await? else {
        return Ok(None);
    };
    let (student, mobile) = facts.into_row();
    // Held lessons the student was recorded at count as due; present or late as attended.
    let offline: Vec<ClassPlace> = sqlx::query_as(
        "SELECT cl.id AS class_id, cl.code AS class_code, cl.name AS class_name, cl.class_type, cl.subject, u.name AS teacher_name, cs.joined_at, cs.left_at, \
         (SELECT COUNT(*) FROM attendance a WHERE a.class_id = cl.id AND a.student_id = cs.student_id) AS due_lessons, \
         (SELECT COUNT(*) FROM attendance a WHERE a.class_id = cl.id AND a.student_id = cs.student_id AND a.status IN (1, 2)) AS attended_lessons \
         FROM class_students cs JOIN classes cl ON cl.id = cs.class_id JOIN users u ON u.id = cl.teacher_id WHERE cs.student_id = $1 \
         ORDER BY cs.left_at IS NOT NULL, cs.joined_at DESC, cl.id DESC",
    )
    .bind(student_id)
    .fetch_all(db.pool())
    .await?;
    let online: Vec<ClassPlace> = sqlx::query_as(
        "SELECT oc.id AS class_id, oc.code AS class_code, oc.name AS class_name, 4 AS class_type, oc.subject, u.name AS teacher_name, r.joined_at, r.left_at, \
         (SELECT COUNT(*) FROM online_attendance a WHERE a.class_id = oc.id AND a.student_id = r.student_id) AS due_lessons, \
         (SELECT COUNT(*) FROM online_attendance a WHERE a.class_id = oc.id AND a.student_id = r.student_id AND a.live_seconds > 0) AS attended_lessons \
         FROM online_roster r JOIN online_classes oc ON oc.id = r.class_id JOIN users u ON u.id = oc.teacher_id WHERE r.student_id = $1 \
         ORDER BY r.left_at IS NOT NULL, r.joined_at DESC, oc.id DESC",
    )
    .bind(student_id)
    .fetch_all(db.pool())
    .await?;
    // A package's lessons are used by the lessons the student attended on it (present or late).
    let packages: Vec<PackageFacts> = sqlx::query_as(
        "SELECT p.id, p.code, p.name, p.subject, u.name AS teacher_name, p.buy_count, p.gift_lesson_num, \
         (SELECT COUNT(*) FROM attendance a WHERE a.package_id = p.id AND a.status IN (1, 2)) AS used_count, p.bought_at \
         FROM lesson_packages p LEFT JOIN users u ON u.id = p.teacher_id WHERE p.student_id = $1 ORDER BY p.bought_at DESC, p.id DESC",
    )
    .bind(student_id)
    .fetch_all(db.pool())
    .await?;
    let exams: Vec<ExamFacts> = sqlx::query_as(
        "SELECT e.id AS exam_id, e.name, e.exam_at, e.exam_type, x.subject, x.score, x.full_marks, x.class_rank, x.grade_rank \
         FROM student_exams e JOIN student_exam_scores x ON x.exam_id = e.id WHERE e.student_id = $1 ORDER BY e.exam_at DESC, e.id DESC, x.subject",
    )
    .bind(student_id)
    .fetch_all(db.pool())
    .await?;
    Ok(Some(StudentDetail {
        student,
        mobile,
        classes: offline.into_iter().map(|c| c.into_class(false)).chain(online.into_iter().map(|c| c.into_class(true))).collect(),
        packages: packages
            .into_iter()
            .map(|p| StudentPackage {
                remaining_count: (p.buy_count + p.gift_lesson_num - p.used_count).max(0),
                id: p.id,
                code: p.code,
                name: p.name,
                subject_name: subject_name(p.subject),
                teacher_name: p.teacher_name.unwrap_or_default(),
                buy_count: p.buy_count,
                gift_count: p.gift_lesson_num,
                used_count: p.used_count,
                bought_time: p.bought_at,
            })
            .collect(),
        exams: exams
            .into_iter()
            .map(|e| StudentExamScore {
                exam_id: e.exam_id,
                exam_name: e.name,
                exam_time: e.exam_at,
                exam_type_name: dict::name_of(&dict::EXAM_TYPES, e.exam_type).to_owned(),
                subject_name: subject_name(e.subject),
                score: e.score.unwrap_or(-1),
                full_marks: e.full_marks,
                class_rank: e.class_rank.unwrap_or(-1),
                grade_rank: e.grade_rank.unwrap_or(-1),
            })
            .collect(),
    }))
}

#[derive(FromRow)]
struct LessonRecord {
    lesson_id: i64,
    class_id: i64,
    class_name: String,
    class_type: i64,
    subject: i64,
    teacher_name: String,
    start_at: i64,
    minutes: i64,
    status: i64,
    clock_in_at: Option<i64>,
    leave_status: i64,
    lesson_type: i64,
}

/// A page of the student's recorded lessons, newest first (only those clocked in at when
/// `clocked_in`), with the total.
pub async fn lessons(db: &Db, student_id: i64, clocked_in: bool, page_no: i64, page_size: i64) -> Result<(Vec<StudentLessonRow>, i64)> {
    let clock = if clocked_in { " AND a.clock_in_at IS NOT NULL" } else { "" };
    let total: i64 =
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM attendance a WHERE a.student_id = $1{clock}")).bind(student_id).fetch_one(db.pool()).await?;
    let rows: Vec<LessonRecord> = sqlx::query_as(&format!(
        "SELECT a.lesson_id, a.class_id, cl.name AS class_name, a.class_type, a.subject, u.name AS teacher_name, a.start_at, a.minutes, a.status, \
         a.clock_in_at, a.leave_status, a.lesson_type \
         FROM attendance a JOIN classes cl ON cl.id = a.class_id JOIN users u ON u.id = a.teacher_id WHERE a.student_id = $1{clock} \
         ORDER BY a.start_at DESC, a.lesson_id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(student_id)
    .bind(page_size)
    .bind((page_no - 1).max(0) * page_size)
    .fetch_all(db.pool())
    .await?;
    Ok((
        rows.into_iter()
            .map(|r| StudentLessonRow {
                lesson_id: r.lesson_id,
                class_id: r.class_id,
                class_name: r.class_name,
                class_type: r.class_type,
                subject_name: subject_name(r.subject),
                teacher_name: r.teacher_name,
                start_time: r.start_at,
                minutes: r.minutes,
                attendance_name: dict::name_of(&dict::ATTENDANCE_STATUSES, r.status).to_owned(),
                clock_in_time: r.clock_in_at.unwrap_or(0),
                leave_name: match r.leave_status {
                    0 => String::new(),
                    v => dict::name_of(&dict::LEAVE_STATUSES, v).to_owned(),
                },
                lesson_type_name: dict::name_of(&dict::LESSON_TYPES, r.lesson_type).to_owned(),
            })
            .collect(),
        total,
    ))
}
