//! Whose students, classes and lessons the teaching service shows as the caller's own ("my"
//! students, classes, schedule), and whether the caller may open one of them.
//!
//! The teaching service is a workspace, not a report: a teacher (or online tutor, or a manager
//! who also teaches) sees what they teach — their classes, the lessons they give, the groups
//! they lead in online classes, and the students in those; a consultant or learning manager
//! sees the students they advise or look after and those students' classes. Opening one record
//! (a student's, class's or lesson's page) is also allowed within the caller's data-centre scope,
//! so a school manager can follow a link from a report.
//!
//! The ids are integers from the session, written into the SQL as numbers.

use crate::datacentre::Scope;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mine {
    Teacher(i64),
    Consultant(i64),
    LearningManager(i64),
}

impl Mine {
    /// The caller's own records, from their data-centre scope.
    pub fn of(scope: &Scope, user_id: i64) -> Mine {
        match scope {
            Scope::Consultant(id) => Mine::Consultant(*id),
            Scope::LearningManager(id) => Mine::LearningManager(*id),
            _ => Mine::Teacher(user_id),
        }
    }

    /// The column of `students` naming the adviser, for the advising roles.
    fn adviser_column(self) -> Option<(&'static str, i64)> {
        match self {
            Mine::Teacher(_) => None,
            Mine::Consultant(id) => Some(("consultant_id", id)),
            Mine::LearningManager(id) => Some(("learning_manager_id", id)),
        }
    }

    /// `AND` the student id expression `student` is one of mine.
    pub(crate) fn students(self, student: &str) -> String {
        match (self, self.adviser_column()) {
            (Mine::Teacher(t), _) => format!(
                " AND {student} IN (SELECT cs.student_id FROM class_students cs JOIN classes c ON c.id = cs.class_id WHERE c.teacher_id = {t} \
                 UNION SELECT r.student_id FROM online_roster r JOIN online_groups g ON g.id = r.group_id JOIN online_classes oc ON oc.id = r.class_id \
                 WHERE oc.teacher_id = {t} OR g.assistant_id = {t} OR g.assistant2_id = {t})"
            ),
            (_, Some((column, id))) => format!(" AND {student} IN (SELECT id FROM students WHERE {column} = {id})"),
            _ => unreachable!("the advising roles have an adviser column"),
        }
    }

    /// `AND` the offline class aliased `cl` is one of mine.
    pub(crate) fn classes(self, cl: &str) -> String {
        match (self, self.adviser_column()) {
            (Mine::Teacher(t), _) => format!(" AND {cl}.teacher_id = {t}"),
            (_, Some((column, id))) => {
                format!(" AND {cl}.id IN (SELECT cs.class_id FROM class_students cs JOIN students s ON s.id = cs.student_id WHERE s.{column} = {id})")
            }
            _ => unreachable!("the advising roles have an adviser column"),
        }
    }

    /// `AND` the online class aliased `oc` is one of mine.
    pub(crate) fn online_classes(self, oc: &str) -> String {
        match (self, self.adviser_column()) {
            (Mine::Teacher(t), _) => {
                format!(" AND ({oc}.teacher_id = {t} OR {oc}.id IN (SELECT class_id FROM online_groups WHERE assistant_id = {t} OR assistant2_id = {t}))")
            }
            (_, Some((column, id))) => {
                format!(" AND {oc}.id IN (SELECT r.class_id FROM online_roster r JOIN students s ON s.id = r.student_id WHERE s.{column} = {id})")
            }
            _ => unreachable!("the advising roles have an adviser column"),
        }
    }

    /// `AND` the offline lesson aliased `l` of the class aliased `cl` is one of mine: a teacher's
    /// are the lessons they give (a substitute's lesson is theirs, not the class teacher's).
    pub(crate) fn lessons(self, l: &str, cl: &str) -> String {
        match self {
            Mine::Teacher(t) => format!(" AND {l}.teacher_id = {t}"),
            _ => self.classes(cl),
        }
    }

    /// `condition` (one of the `AND …` of mine), widened to records under alias `a` (with
    /// `school_id` and `area_code` columns) within the scope's schools or areas, for scopes
    /// that reach beyond "mine".
    pub(crate) fn or_within(condition: String, scope: &Scope, a: &str) -> String {
        match reach(scope, a) {
            Some(reach) => format!(" AND ((1 = 1{condition}) OR (1 = 1{reach}))"),
            None => condition,
        }
    }
}

/// `AND` the record aliased `a` (with `school_id` and `area_code`) lies within a manager's
/// scope: everything for `All` (an empty condition), their schools or areas; `None` for the
/// scopes of people (a teacher's, an adviser's) and for a manager bound to nothing.
pub fn reach(scope: &Scope, a: &str) -> Option<String> {
    match scope {
        Scope::All => Some(String::new()),
        Scope::Schools(ids) if !ids.is_empty() => Some(format!(" AND {a}.school_id IN ({})", ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", "))),
        Scope::Areas(codes) if !codes.is_empty() => Some(format!(
            " AND {a}.area_code IN ({})",
            // Area codes are ours (letters and digits); quotes are doubled all the same.
            codes.iter().map(|c| format!("'{}'", c.replace('\'', "''"))).collect::<Vec<_>>().join(", ")
        )),
        _ => None,
    }
}
