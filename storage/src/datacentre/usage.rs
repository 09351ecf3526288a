//! Platform usage (02 §3.2, §7.5): per teacher, the lessons they gave and how many had
//! resources bound, the students they served, the reports they sent, and their days on the
//! platform (`teacher_days`: sign-ins, collections, AR courseware). A teacher's usage is valid
//! when at least [`dict::USAGE_VALID_PERCENT`] of their lessons had resources bound.
//!
//! Views: one-on-one (class type 1), class (3), group (2), full day (every lesson) and system
//! (every teacher in scope, lessons or not, with the department summary).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use protocol::constants::role;
use protocol::dictionary as dict;
use protocol::dto::datacentre::{DeptUsageRow, UsageStudentRow, UsageTeacherRow, UsageValidSummary};

use super::filter::{push_filter, push_scope, Filter, Scope, UsageType};
use super::prep::{people, Person};
use super::{rate, sum};
use crate::reports::{Bind, Conditions};
use crate::{Db, Result};

pub const TEACHER_SORTABLE: &[&str] =
    &["totalLessonCnt", "totalServiceStuCnt", "totalUsageCollectionCnt", "totalUsageArCnt", "totalBindResourceCnt", "totalFeedbackCnt", "totalLoginDayCnt"];
pub const STUDENT_SORTABLE: &[(&str, &str)] = &[("totalLessonCnt", "t.lessons"), ("totalBindResourceCnt", "t.resources"), ("totalFeedbackCnt", "t.sent")];

/// Which lessons a view counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Vip,
    Class(UsageType),
}

impl View {
    /// The class types of the view's lessons (empty = all).
    fn class_types(self) -> &'static [i64] {
        match self {
            View::Vip => &[1],
            View::Class(UsageType::Class) => &[3],
            View::Class(UsageType::Group) => &[2],
            View::Class(UsageType::FullDay | UsageType::System) => &[],
        }
    }

    fn lists_every_teacher(self) -> bool {
        self == View::Class(UsageType::System)
    }
}

/// 1 valid, 0 not, -1 no lessons.
pub fn validity(lessons: i64, bound_lessons: i64) -> i64 {
    if lessons <= 0 {
        -1
    } else {
        i64::from(bound_lessons * 100 >= lessons * dict::USAGE_VALID_PERCENT)
    }
}

fn validity_str(valid: i64) -> String {
    if valid < 0 {
        "/".into()
    } else {
        dict::name_of(&dict::USAGE_VALID, valid).to_owned()
    }
}

/// Records a sign-in on today's usage day of a staff member (others have no usage record).
pub async fn record_login(db: &Db, user_id: i64, now: i64) -> Result<()> {
    let day = super::calendar::day_start_ms(super::calendar::day_of_ms(now));
    sqlx::query(
        "INSERT INTO teacher_days (teacher_id, day, school_id, area_code, logged_in) SELECT user_id, $1, school_id, area_code, 1 FROM staff WHERE user_id = $2 \
         ON CONFLICT (teacher_id, day) DO UPDATE SET logged_in = 1",
    )
    .bind(day)
    .bind(user_id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The teachers of the system view: active staff with the teacher role within scope and the
/// filter's school, areas, teacher and project team.
async fn every_teacher(db: &Db, scope: &Scope, f: &Filter) -> Result<Vec<i64>> {
    let mut c = Conditions::new();
    c.sql.push_str(
        " FROM (SELECT st.user_id AS teacher_id, 0 AS student_id, st.school_id, st.area_code, st.project_group FROM staff st \
         WHERE st.active = 1 AND st.user_id IN (SELECT user_id FROM user_roles WHERE role = ",
    );
    c.push("", Bind::Text(role::TEACHER.into()));
    c.sql.push_str(")) e JOIN users u ON u.id = e.teacher_id WHERE 1 = 1");
    push_scope(&mut c, "e", scope);
    if let Some(id) = f.school_id {
        c.push(" AND e.school_id = ", Bind::Int(id));
    }
    c.push_in_text("e.area_code", &f.areas);
    if let Some(g) = f.project_group {
        c.push(" AND e.project_group = ", Bind::Int(g));
    }
    if let Some(t) = &f.teacher {
        c.push_like_any(&["u.name", "u.email"], t);
    }
    let (sql, args) = c.finish("SELECT e.teacher_id", " ORDER BY e.teacher_id");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_all(db.pool()).await?)
}

/// Per teacher: distinct students present (or late) at their lessons of the view (key 0: all).
async fn served(db: &Db, view: View, scope: &Scope, f: &Filter, now: i64, total: bool) -> Result<HashMap<i64, i64>> {
    let mut c = Conditions::new();
    c.sql.push_str(&format!(" WHERE a.status IN ({}, {})", dict::ATTEND_PRESENT, dict::ATTEND_LATE));
    c.push_in("a.class_type", view.class_types());
    push_scope(&mut c, "a", scope);
    push_filter(&mut c, "a", "start_at", f, now);
    super::filter::push_lesson_minutes(&mut c, "a", f);
    let key = if total { "0" } else { "a.teacher_id" };
    let (sql, args) = c.finish(&format!("SELECT {key}, COUNT(DISTINCT a.student_id) FROM attendance a"), if total { "" } else { " GROUP BY a.teacher_id" });
    let rows: Vec<(i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    Ok(rows.into_iter().collect())
}

/// Per teacher of `ids`: (sign-in days, collections, AR uses) over the period.
async fn days(db: &Db, ids: &[i64], f: &Filter) -> Result<HashMap<i64, (i64, i64, i64)>> {
    let mut out = HashMap::new();
    for chunk in ids.chunks(1000) {
        let mut c = Conditions::new();
        c.sql.push_str(" WHERE 1 = 1");
        c.push_range("d.day", Some(f.from_ms()), Some(f.to_ms()));
        c.push_in("d.teacher_id", chunk);
        let (sql, args) = c.finish(
            &format!("SELECT d.teacher_id, {}, {}, {} FROM teacher_days d", sum("d.logged_in"), sum("d.collections"), sum("d.ar_uses")),
            " GROUP BY d.teacher_id",
        );
        let rows: Vec<(i64, i64, i64, i64)> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
        out.extend(rows.into_iter().map(|(t, a, b, c)| (t, (a, b, c))));
    }
    Ok(out)
}

/// Every teacher row of a view (unsorted): the caller sorts and pages.
pub async fn teachers(db: &Db, view: View, scope: &Scope, f: &Filter, now: i64) -> Result<Vec<UsageTeacherRow>> {
    // Independent reads of the period: at once, on three connections.
    let everyone = async {
        if view.lists_every_teacher() {
            every_teacher(db, scope, f).await
        } else {
            Ok(Vec::new())
        }
    };
    let (lessons, served, everyone) =
        futures_util::try_join!(super::prep::usage_figures(db, view.class_types(), scope, f, now), served(db, view, scope, f, now, false), everyone)?;
    let mut ids: BTreeSet<i64> = lessons.keys().copied().collect();
    ids.extend(everyone);
    let ids: Vec<i64> = ids.into_iter().collect();
    let days = days(db, &ids, f).await?;
    let people = people(db, &ids, now).await?;
    Ok(ids
        .into_iter()
        .map(|id| {
            let (lesson_cnt, bound_lessons, bound, sent) = lessons.get(&id).copied().unwrap_or_default();
            let (logins, collections, ar) = days.get(&id).copied().unwrap_or_default();
            let person: Person = people.get(&id).cloned().unwrap_or_default();
            let valid = validity(lesson_cnt, bound_lessons);
            UsageTeacherRow {
                teacher_id: id,
                teacher_name: person.name,
                teacher_email: person.email,
                school_name: person.school_name,
                dept_name: person.dept_name,
                platform_usage_valid: valid,
                platform_usage_valid_str: validity_str(valid),
                total_lesson_cnt: lesson_cnt,
                total_bind_res_lesson_cnt: bound_lessons,
                total_service_stu_cnt: served.get(&id).copied().unwrap_or(0),
                total_usage_collection_cnt: collections,
                total_usage_ar_cnt: ar,
                total_bind_resource_cnt: bound,
                total_feedback_cnt: sent,
                total_login_day_cnt: logins,
                teacher_status: if person.active { "在职" } else { "离职" }.into(),
            }
        })
        .collect())
}

/// Sorts teacher rows by a sortable prop (default: most lessons first), ties by id.
pub fn sort_teachers(rows: &mut [UsageTeacherRow], sort: Option<&(String, bool)>) {
    let value = |r: &UsageTeacherRow, field: &str| -> i64 {
        match field {
            "totalServiceStuCnt" => r.total_service_stu_cnt,
            "totalUsageCollectionCnt" => r.total_usage_collection_cnt,
            "totalUsageArCnt" => r.total_usage_ar_cnt,
            "totalBindResourceCnt" => r.total_bind_resource_cnt,
            "totalFeedbackCnt" => r.total_feedback_cnt,
            "totalLoginDayCnt" => r.total_login_day_cnt,
            _ => r.total_lesson_cnt,
        }
    };
    let (field, asc) = sort.map(|(f, a)| (f.as_str(), *a)).unwrap_or(("totalLessonCnt", false));
    rows.sort_by(|a, b| {
        let order = value(a, field).cmp(&value(b, field));
        (if asc { order } else { order.reverse() }).then(a.teacher_id.cmp(&b.teacher_id))
    });
}

/// The totals of a view's teacher rows (students served counted once across teachers).
pub async fn summary(db: &Db, view: View, scope: &Scope, f: &Filter, now: i64) -> Result<UsageValidSummary> {
    let (rows, mut served) = futures_util::try_join!(teachers(db, view, scope, f, now), served(db, view, scope, f, now, true))?;
    let teaching: Vec<&UsageTeacherRow> = rows.iter().filter(|r| r.total_lesson_cnt > 0).collect();
    let valid = teaching.iter().filter(|r| r.platform_usage_valid == 1).count() as i64;
    let served = served.remove(&0).unwrap_or(0);
    Ok(UsageValidSummary {
        teacher_cnt: rows.len() as i64,
        valid_teacher_cnt: valid,
        total_platform_usage_valid_rate: rate(valid, teaching.len() as i64),
        total_lesson_cnt: rows.iter().map(|r| r.total_lesson_cnt).sum(),
        total_bind_res_lesson_cnt: rows.iter().map(|r| r.total_bind_res_lesson_cnt).sum(),
        total_service_stu_cnt: served,
        total_feedback_cnt: rows.iter().map(|r| r.total_feedback_cnt).sum(),
        total_login_day_cnt: rows.iter().map(|r| r.total_login_day_cnt).sum(),
    })
}

/// The departments of the system view's teacher rows, by school and department name.
pub fn departments(rows: &[UsageTeacherRow]) -> Vec<DeptUsageRow> {
    let mut by: BTreeMap<(String, String), DeptUsageRow> = BTreeMap::new();
    for r in rows {
        let d = by.entry((r.school_name.clone(), r.dept_name.clone())).or_insert_with(|| DeptUsageRow {
            school_name: r.school_name.clone(),
            dept_name: r.dept_name.clone(),
            teacher_cnt: 0,
            teaching_teacher_cnt: 0,
            valid_teacher_cnt: 0,
            login_teacher_cnt: 0,
            total_platform_usage_valid_rate: -1.0,
        });
        d.teacher_cnt += 1;
        d.teaching_teacher_cnt += i64::from(r.total_lesson_cnt > 0);
        d.valid_teacher_cnt += i64::from(r.platform_usage_valid == 1);
        d.login_teacher_cnt += i64::from(r.total_login_day_cnt > 0);
    }
    by.into_values()
        .map(|mut d| {
            d.total_platform_usage_valid_rate = rate(d.valid_teacher_cnt, d.teaching_teacher_cnt);
            d
        })
        .collect()
}

/// The (teacher, student) pairs of a view: attendance rows within scope and filter joined to
/// their lessons' preparation, grouped; `select` over `lessons`, `bound`, `resources`, `sent`
/// (reports sent: the attendance row's copy of its report's dates, migration 0051).
fn pairs(view: View, scope: &Scope, f: &Filter, now: i64) -> Conditions {
    let mut c = Conditions::new();
    c.sql.push_str(&format!(
        " FROM (SELECT a.teacher_id, a.student_id, COUNT(*) AS lessons, {} AS bound, {} AS resources, {} AS sent \
         FROM attendance a JOIN lesson_preps p ON p.lesson_id = a.lesson_id WHERE a.status IN ({}, {})",
        sum("CASE WHEN p.bound_resources > 0 THEN 1 ELSE 0 END"),
        sum("p.bound_resources"),
        sum("CASE WHEN a.report_submitted_at IS NOT NULL THEN 1 ELSE 0 END"),
        dict::ATTEND_PRESENT,
        dict::ATTEND_LATE,
    ));
    // A lesson's preparation has the lesson's time: the same range over it lets the join read the
    // period's preparations instead of hashing them all (docs/benchmarks.md).
    c.push_range("p.start_at", Some(f.from_ms()), Some(f.to_ms()));
    c.push_in("a.class_type", view.class_types());
    push_scope(&mut c, "a", scope);
    push_filter(&mut c, "a", "start_at", f, now);
    super::filter::push_lesson_minutes(&mut c, "a", f);
    c.sql.push_str(" GROUP BY a.teacher_id, a.student_id) t");
    c
}

/// The count of a view's (teacher, student) rows and the filter's page of them, read at once.
pub async fn students(db: &Db, view: View, scope: &Scope, f: &Filter, now: i64) -> Result<(i64, Vec<UsageStudentRow>)> {
    futures_util::try_join!(students_count(db, view, scope, f, now), students_page(db, view, scope, f, now, f.offset(), f.page_size))
}

pub async fn students_count(db: &Db, view: View, scope: &Scope, f: &Filter, now: i64) -> Result<i64> {
    let (sql, args) = pairs(view, scope, f, now).finish("SELECT COUNT(*)", "");
    Ok(sqlx::query_scalar_with(&sql, args).fetch_one(db.pool()).await?)
}

/// (teacher, student, code, name, lessons, bound lessons, resources, sent).
type PairRow = (i64, i64, String, String, i64, i64, i64, i64);

/// (teacher, student) rows `offset..offset + limit` in the asked order.
pub async fn students_page(db: &Db, view: View, scope: &Scope, f: &Filter, now: i64, offset: i64, limit: i64) -> Result<Vec<UsageStudentRow>> {
    let order = f.order_by(STUDENT_SORTABLE, "t.lessons DESC, t.teacher_id, t.student_id");
    let mut c = pairs(view, scope, f, now);
    c.sql.push_str(" JOIN students s ON s.id = t.student_id");
    let (sql, args) = c.finish(
        "SELECT t.teacher_id, t.student_id, s.code, s.name, t.lessons, t.bound, t.resources, t.sent",
        &format!(" ORDER BY {order} LIMIT {limit} OFFSET {offset}"),
    );
    let rows: Vec<PairRow> = sqlx::query_as_with(&sql, args).fetch_all(db.pool()).await?;
    let mut ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
    ids.sort_unstable();
    ids.dedup();
    let people = people(db, &ids, now).await?;
    Ok(rows
        .into_iter()
        .map(|(teacher, _, code, name, lessons, bound, resources, sent)| {
            let person = people.get(&teacher).cloned().unwrap_or_default();
            let valid = validity(lessons, bound);
            UsageStudentRow {
                teacher_id: teacher,
                teacher_name: person.name,
                teacher_email: person.email,
                student_code: code,
                student_name: name,
                school_name: person.school_name,
                platform_usage_valid: valid,
                platform_usage_valid_str: validity_str(valid),
                total_lesson_cnt: lessons,
                total_bind_res_lesson_cnt: bound,
                total_bind_resource_cnt: resources,
                total_feedback_cnt: sent,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_from_half_the_lessons_bound() {
        assert_eq!(validity(0, 0), -1);
        assert_eq!(validity(4, 2), 1);
        assert_eq!(validity(5, 2), 0);
        assert_eq!(validity(5, 3), 1);
        assert_eq!(validity_str(-1), "/");
        assert_eq!(validity_str(1), "达标");
    }
}
