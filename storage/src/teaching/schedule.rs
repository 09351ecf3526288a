//! The caller's schedule (offline and online lessons of a span of days) and an offline lesson's
//! page: its students with their attendance and feedback reports.

use protocol::dictionary as dict;
use protocol::dto::teaching::{LessonDetail, LessonStudent, ScheduleLesson};
use sqlx::FromRow;

use super::mine::Mine;
use super::report_stage;
use crate::datacentre::{subject_name, Scope};
use crate::{Db, Result};

/// A lesson as the queries below read it.
#[derive(Debug, FromRow)]
pub(crate) struct LessonFacts {
    pub(crate) id: i64,
    class_id: i64,
    class_code: String,
    class_name: String,
    class_type: i64,
    subject: i64,
    grade_code: i64,
    pub(crate) teacher_id: i64,
    teacher_name: String,
    title: String,
    lesson_no: i64,
    start_at: i64,
    end_at: i64,
    status: i64,
    student_count: i64,
    present_count: i64,
    report_count: i64,
    submitted_count: i64,
    pub(crate) school_id: i64,
    area_code: String,
}

impl LessonFacts {
    pub(crate) fn into_lesson(self, online: bool) -> ScheduleLesson {
        ScheduleLesson {
            id: self.id,
            online,
            class_id: self.class_id,
            class_code: self.class_code,
            class_name: self.class_name,
            class_type: self.class_type,
            subject_name: subject_name(self.subject),
            grade_name: dict::grade_name(self.grade_code).to_owned(),
            teacher_name: self.teacher_name,
            title: self.title,
            lesson_no: self.lesson_no,
            start_time: self.start_at,
            end_time: self.end_at,
            status: self.status,
            status_name: dict::name_of(&dict::LESSON_STATUSES, self.status).to_owned(),
            student_count: self.student_count,
            present_count: self.present_count,
            report_count: self.report_count,
            submitted_count: self.submitted_count,
        }
    }
}

/// Offline lessons (`lessons l` of `classes cl`): students are the class's members at the
/// lesson's start, or those recorded at it.
pub(crate) const OFFLINE_LESSONS: &str = "SELECT l.id, cl.id AS class_id, cl.code AS class_code, cl.name AS class_name, cl.class_type, cl.subject, \
    cl.grade_code, l.teacher_id, u.name AS teacher_name, l.title, l.lesson_no, l.start_at, l.end_at, l.status, \
    (SELECT COUNT(*) FROM class_students cs WHERE cs.class_id = cl.id AND cs.joined_at <= l.start_at AND (cs.left_at IS NULL OR cs.left_at > l.start_at)) AS student_count, \
    (SELECT COUNT(*) FROM attendance a WHERE a.lesson_id = l.id AND a.status IN (1, 2)) AS present_count, \
    (SELECT COUNT(*) FROM feedback_reports r WHERE r.lesson_id = l.id) AS report_count, \
    (SELECT COUNT(*) FROM feedback_reports r WHERE r.lesson_id = l.id AND r.status = 2) AS submitted_count, \
    cl.school_id, cl.area_code \
    FROM lessons l JOIN classes cl ON cl.id = l.class_id JOIN users u ON u.id = l.teacher_id WHERE 1 = 1";

/// Online lessons (`online_lessons ol` of `online_classes oc`), class type 4; present is live
/// attendance (any time in the live room).
const ONLINE_LESSONS: &str = "SELECT ol.id, oc.id AS class_id, oc.code AS class_code, oc.name AS class_name, 4 AS class_type, oc.subject, \
    oc.grade_code, oc.teacher_id, u.name AS teacher_name, ol.name AS title, ol.lesson_no, ol.start_at, ol.start_at + ol.minutes * 60000 AS end_at, ol.status, \
    (SELECT COUNT(*) FROM online_roster r WHERE r.class_id = oc.id AND r.joined_at <= ol.start_at AND (r.left_at IS NULL OR r.left_at > ol.start_at)) AS student_count, \
    (SELECT COUNT(*) FROM online_attendance a WHERE a.lesson_id = ol.id AND a.live_seconds > 0) AS present_count, \
    0 AS report_count, 0 AS submitted_count, oc.school_id, oc.area_code \
    FROM online_lessons ol JOIN online_classes oc ON oc.id = ol.class_id JOIN users u ON u.id = oc.teacher_id WHERE 1 = 1";

/// The caller's lessons starting in `[from, to)`, offline and online, in time order.
pub async fn schedule(db: &Db, mine: Mine, from: i64, to: i64) -> Result<Vec<ScheduleLesson>> {
    let offline: Vec<LessonFacts> = sqlx::query_as(&format!("{OFFLINE_LESSONS} AND l.start_at >= $1 AND l.start_at < $2{}", mine.lessons("l", "cl")))
        .bind(from)
        .bind(to)
        .fetch_all(db.pool())
        .await?;
    let online: Vec<LessonFacts> = sqlx::query_as(&format!("{ONLINE_LESSONS} AND ol.start_at >= $1 AND ol.start_at < $2{}", mine.online_classes("oc")))
        .bind(from)
        .bind(to)
        .fetch_all(db.pool())
        .await?;
    let mut lessons: Vec<ScheduleLesson> = offline.into_iter().map(|l| l.into_lesson(false)).chain(online.into_iter().map(|l| l.into_lesson(true))).collect();
    lessons.sort_by_key(|l| (l.start_time, l.online, l.id));
    Ok(lessons)
}

#[derive(FromRow)]
struct StudentAtLesson {
    id: i64,
    code: String,
    name: String,
    grade_code: i64,
    grade: String,
    status: Option<i64>,
    clock_in_at: Option<i64>,
    leave_status: Option<i64>,
    report_id: Option<i64>,
    report_status: Option<i64>,
    exported_at: Option<i64>,
    opened_at: Option<i64>,
}

/// Grade by code, or the free text of students recorded without one.
pub(crate) fn grade_of(code: i64, text: &str) -> String {
    match dict::grade_name(code) {
        "" => text.to_owned(),
        name => name.to_owned(),
    }
}

/// An offline lesson's page, if the caller may open it (`None`: unknown or not theirs).
pub async fn lesson_detail(db: &Db, mine: Mine, scope: &Scope, caller_id: i64, lesson_id: i64) -> Result<Option<LessonDetail>> {
    // One of the caller's lessons, or one within their scope.
    let visible = Mine::or_within(mine.lessons("l", "cl"), scope, "cl");
    let Some(facts) = sqlx::query_as::<_, LessonFacts>(&format!("{OFFLINE_LESSONS} AND l.id = $1{visible}")).bind(lesson_id).fetch_optional(db.pool()).await?
    else {
        return Ok(None);
    };
    let (school_name, area_name): (Option<String>, Option<String>) =
        sqlx::query_as("SELECT (SELECT name FROM schools WHERE id = $1), (SELECT name FROM areas WHERE code = $2)")
            .bind(facts.school_id)
            .bind(&facts.area_code)
            .fetch_one(db.pool())
            .await?;
    let students: Vec<StudentAtLesson> = sqlx::query_as(
        "SELECT s.id, s.code, s.name, s.grade_code, s.grade, a.status, a.clock_in_at, a.leave_status, r.id AS report_id, r.status AS report_status, \
         r.exported_at, r.opened_at \
         FROM students s LEFT JOIN attendance a ON a.lesson_id = $1 AND a.student_id = s.id \
         LEFT JOIN feedback_reports r ON r.lesson_id = $1 AND r.student_id = s.id \
         WHERE s.id IN (SELECT cs.student_id FROM class_students cs WHERE cs.class_id = $2 AND cs.joined_at <= $3 AND (cs.left_at IS NULL OR cs.left_at > $3) \
         UNION SELECT x.student_id FROM attendance x WHERE x.lesson_id = $1) ORDER BY s.code",
    )
    .bind(lesson_id)
    .bind(facts.class_id)
    .bind(facts.start_at)
    .fetch_all(db.pool())
    .await?;
    let can_write_feedback = facts.teacher_id == caller_id && facts.status != 2;
    Ok(Some(LessonDetail {
        lesson: facts.into_lesson(false),
        school_name: school_name.unwrap_or_default(),
        area_name: area_name.unwrap_or_default(),
        can_write_feedback,
        students: students
            .into_iter()
            .map(|s| {
                let stage = s.report_status.map(|status| report_stage(status, s.exported_at, s.opened_at));
                LessonStudent {
                    student_id: s.id,
                    student_code: s.code,
                    student_name: s.name,
                    grade_name: grade_of(s.grade_code, &s.grade),
                    attendance_status: s.status.unwrap_or(0),
                    attendance_name: s.status.map(|v| dict::name_of(&dict::ATTENDANCE_STATUSES, v).to_owned()).unwrap_or_default(),
                    clock_in_time: s.clock_in_at.unwrap_or(0),
                    leave_name: match s.leave_status.unwrap_or(0) {
                        0 => String::new(),
                        v => dict::name_of(&dict::LEAVE_STATUSES, v).to_owned(),
                    },
                    report_id: s.report_id.unwrap_or(0),
                    report_stage: stage.map(|(key, _)| key.to_owned()).unwrap_or_default(),
                    report_stage_name: stage.map(|(_, name)| name.to_owned()).unwrap_or_default(),
                }
            })
            .collect(),
    }))
}
