//! Service quality checks (02 §3.2, §7.6): the service types staff owe their students, the
//! punch records that say a service was done, the checks QC inspectors make of them, QC teams,
//! project teams, settings, and the coverage and quality statistics.
//!
//! Punch records carry the facts of the student's lesson (school, area, subject, grade, class
//! type, teacher) like attendance rows, so the caller's [`Scope`](crate::datacentre::Scope) and
//! the data-centre [`Filter`](crate::datacentre::Filter) apply to them unchanged.

pub mod comments;
pub mod exam_grades;
pub mod generate;
pub mod groups;
pub mod precheck;
pub mod punches;
pub mod reviews;
pub mod services;
pub mod settings;
pub mod stats;
pub mod teams;

/// A QC-specific narrowing of the punch records, on top of the data-centre filter.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PunchFilter {
    pub service_ids: Vec<i64>,
    pub group_id: Option<i64>,
    pub teacher_id: Option<i64>,
    pub check_status: Option<i64>,
    pub result_status: Option<i64>,
    pub classic_case: Option<i64>,
    pub channel: Option<i64>,
    pub tag_ids: Vec<i64>,
}

impl PunchFilter {
    /// `AND` these conditions over punch records aliased `p`.
    pub(crate) fn push(&self, c: &mut crate::reports::Conditions, p: &str) {
        use crate::reports::Bind;
        c.push_in(&format!("{p}.service_id"), &self.service_ids);
        c.push_in(&format!("{p}.tag_id"), &self.tag_ids);
        if let Some(group) = self.group_id {
            c.push(&format!(" AND {p}.teacher_id IN (SELECT user_id FROM qc_group_members WHERE group_id = "), Bind::Int(group));
            c.sql.push(')');
        }
        for (column, value) in [
            ("teacher_id", self.teacher_id),
            ("check_status", self.check_status),
            ("result_status", self.result_status),
            ("classic_case", self.classic_case),
            ("channel", self.channel),
        ] {
            if let Some(v) = value {
                c.push(&format!(" AND {p}.{column} = "), Bind::Int(v));
            }
        }
    }
}

/// `AND column IN (ids)`; an empty list matches nothing (unlike `push_in`, which skips it).
pub(crate) fn push_ids(c: &mut crate::reports::Conditions, column: &str, ids: &[i64]) {
    if ids.is_empty() {
        c.sql.push_str(" AND 1 = 0");
    } else {
        c.push_in(column, ids);
    }
}

/// The statistics' views.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Teacher,
    Class,
    Student,
    Service,
}

impl View {
    pub fn parse(name: Option<&str>, default: View) -> Result<View, String> {
        Ok(match name.map(str::trim) {
            None | Some("") => default,
            Some("teacher") => View::Teacher,
            Some("class") => View::Class,
            Some("student") => View::Student,
            Some("service") => View::Service,
            Some(other) => return Err(format!("view 只能是 teacher、class、student 或 service：{other}")),
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            View::Teacher => "teacher",
            View::Class => "class",
            View::Student => "student",
            View::Service => "service",
        }
    }
}

/// Checks the QC part of a search; the error names the field.
pub fn parse_punch_filter(search: &protocol::dto::qc::QcSearch) -> Result<PunchFilter, String> {
    fn code(name: &str, value: Option<i64>, allowed: &[i64]) -> Result<Option<i64>, String> {
        match value {
            None | Some(-1) => Ok(None),
            Some(v) if allowed.contains(&v) => Ok(Some(v)),
            Some(v) => Err(format!("{name} 只能是 {}（或 -1 全部）：{v}", allowed.iter().map(i64::to_string).collect::<Vec<_>>().join("、"))),
        }
    }
    fn ids(name: &str, values: &[i64]) -> Result<Vec<i64>, String> {
        let mut out: Vec<i64> = Vec::new();
        for v in values {
            match *v {
                -1 => {}
                v if v > 0 => out.push(v),
                v => return Err(format!("{name} 含无效编号：{v}")),
            }
        }
        if out.len() > 200 {
            return Err(format!("{name} 最多 200 项"));
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }
    let positive = |name: &str, value: Option<i64>| match value {
        None | Some(-1) => Ok(None),
        Some(v) if v > 0 => Ok(Some(v)),
        Some(v) => Err(format!("{name} 无效：{v}")),
    };
    Ok(PunchFilter {
        service_ids: ids("serviceIds", &search.service_ids)?,
        group_id: positive("groupId", search.group_id)?,
        teacher_id: positive("teacherId", search.teacher_id)?,
        check_status: code("checkStatus", search.check_status, &[0, 1])?,
        result_status: code("resultStatus", search.result_status, &[0, 1, 2])?,
        classic_case: code("classicCase", search.classic_case, &[0, 1])?,
        channel: code("punchChannel", search.punch_channel, &[1, 2, 3])?,
        tag_ids: ids("tagIds", &search.tag_ids)?,
    })
}
