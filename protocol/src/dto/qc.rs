//! Service quality checks (`qc` area, 02 §2, §3.2, §7.6): the services staff owe their students,
//! the punch records that show a service was done, the checks QC inspectors make of them, the QC
//! and project teams, and the statistics of coverage and quality.
//!
//! Rates are fractions (0.25 = 25 %) and `-1` where the rate has no base (shown '/'); times are
//! epoch milliseconds (0 = never); empty text is `""` (shown '-').

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::common::CodeName;
use super::datacentre::{DcSearch, SortInfo};

/// The search of the QC lists and statistics: the data-centre period and dimensions (02 §3.1)
/// and the QC filters. `-1` and lists of only `-1` mean "all"; unknown fields are refused.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct QcSearch {
    #[serde(default)]
    #[ts(optional)]
    pub date_val: Option<Vec<String>>,
    #[serde(default)]
    #[ts(optional)]
    pub begin_time_start: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub begin_time_end: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub fiscal_year: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub quarter_code: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub month: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub fweek_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub school_id: Option<i64>,
    #[serde(default)]
    pub area_codes: Vec<String>,
    #[serde(default)]
    pub subjects: Vec<i64>,
    #[serde(default)]
    pub grade_codes: Vec<i64>,
    /// Part of the e-mail or name of the staff member who punched.
    #[serde(default)]
    #[ts(optional)]
    pub teacher_email: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub student_no_and_name: Option<String>,
    /// Statistics: `teacher` (default), `class`, `student` or `service`.
    #[serde(default)]
    #[ts(optional)]
    pub view: Option<String>,
    /// Service types (`/service/listByCondition`).
    #[serde(default)]
    pub service_ids: Vec<i64>,
    /// A QC team (`/qcGroupConfig/groupSimpleList`).
    #[serde(default)]
    #[ts(optional)]
    pub group_id: Option<i64>,
    /// One staff member's punches (the QC list's drill-down).
    #[serde(default)]
    #[ts(optional)]
    pub teacher_id: Option<i64>,
    /// 0 waiting, 1 checked, -1 all.
    #[serde(default)]
    #[ts(optional)]
    pub check_status: Option<i64>,
    /// 0 none, 1 qualified, 2 unqualified, -1 all.
    #[serde(default)]
    #[ts(optional)]
    pub result_status: Option<i64>,
    /// 1 classic cases only, 0 the others, -1 all.
    #[serde(default)]
    #[ts(optional)]
    pub classic_case: Option<i64>,
    /// 1 web, 2 app, 3 enterprise messenger, -1 all.
    #[serde(default)]
    #[ts(optional)]
    pub punch_channel: Option<i64>,
    /// Submission tags (`/tag/list`).
    #[serde(default)]
    pub tag_ids: Vec<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub sort_info: Option<SortInfo>,
    /// Exports: the visible columns' `prop`s in the order shown; absent = every column.
    #[serde(default)]
    #[ts(optional)]
    pub columns: Option<Vec<String>>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

impl QcSearch {
    /// The data-centre part of the search, checked by the same rules as every report's.
    pub fn base(&self) -> DcSearch {
        DcSearch {
            date_val: self.date_val.clone(),
            begin_time_start: self.begin_time_start.clone(),
            begin_time_end: self.begin_time_end.clone(),
            fiscal_year: self.fiscal_year,
            quarter_code: self.quarter_code,
            month: self.month,
            fweek_id: self.fweek_id,
            school_id: self.school_id,
            area_codes: self.area_codes.clone(),
            subjects: self.subjects.clone(),
            grade_codes: self.grade_codes.clone(),
            teacher_email: self.teacher_email.clone(),
            student_no_and_name: self.student_no_and_name.clone(),
            sort_info: self.sort_info.clone(),
            columns: self.columns.clone().unwrap_or_default(),
            page_no: self.page_no,
            page_size: self.page_size,
            ..DcSearch::default()
        }
    }
}

/// One service punch record (02 §3.2 "Service punch"): a staff member records that they did a
/// service for a student.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ServicePunchRow {
    pub punch_id: i64,
    pub punch_time: i64,
    pub punch_operator: String,
    pub operator_id: i64,
    pub operator_email: String,
    pub role_name: String,
    pub service_id: i64,
    pub service_type_name: String,
    pub service_icon: String,
    /// The channel's name (网页端, App, 企业微信).
    pub punch_channel: String,
    /// The submission tag's name, `""` without one.
    pub submission_tag: String,
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub class_name: String,
    /// The school whose QC rule applies.
    pub school_id: i64,
    pub school_name: String,
    pub subject_name: String,
    /// The first 120 characters of what was written.
    pub content_excerpt: String,
    pub check_status: i64,
    pub check_status_desc: String,
    pub result_status: i64,
    pub result_status_desc: String,
    pub classic_case: bool,
    pub last_qc_time: i64,
    pub last_qc_operator: String,
}

/// A form field's value in a punch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FormValue {
    pub key: String,
    pub label: String,
    pub value: String,
}

/// One check of a punch record by an inspector.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QcReview {
    pub id: i64,
    pub punch_id: i64,
    pub inspector: String,
    pub result_status: i64,
    pub result_status_desc: String,
    pub classic_case: bool,
    pub comment: String,
    /// `single` (one check) or `batch` (a batch result change).
    pub source: String,
    pub created_at: i64,
}

/// The task behind a punch (`taskDetail`): the record, everything written, every check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PunchDetail {
    pub punch: ServicePunchRow,
    pub content: String,
    pub form_values: Vec<FormValue>,
    pub reviews: Vec<QcReview>,
}

/// `?punchId=`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PunchIdQuery {
    #[serde(default)]
    #[ts(optional)]
    pub punch_id: Option<i64>,
}

/// A staff member in the QC list (02 §3.2 "QC list"), over the searched period.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QcEmployeeRow {
    pub employee_id: i64,
    pub employee_name: String,
    pub email: String,
    /// The roles of the punches in the period, by name, joined with '、'.
    pub role_code_str: String,
    pub school_id: i64,
    pub school_name: String,
    pub group_id: i64,
    pub group_name: String,
    pub responsible_list: Vec<String>,
    pub service_count: i64,
    pub checked_count: i64,
    pub unqualified_count: i64,
    /// Checks made of this member's punches in the period.
    pub qc_count: i64,
    /// 已质检 once any punch of the period is checked, else 待质检.
    pub check_status_str: String,
    /// 不合格 if any checked punch is unqualified, 合格 if all checked ones are qualified, '' if none.
    pub result_status_str: String,
    /// 是 when a punch of the period is a classic case.
    pub classic_case_str: String,
    pub last_qc_time: i64,
    pub last_qc_operator: String,
}

/// One check (`qc/singleQc`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct SingleQc {
    pub punch_id: i64,
    /// 1 qualified, 2 unqualified.
    pub result_status: i64,
    #[serde(default)]
    pub classic_case: bool,
    #[serde(default)]
    pub comment: String,
}

/// A batch change of results (`qc/bathUpdateResultStatus`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct BatchResultStatus {
    pub punch_ids: Vec<i64>,
    /// 1 qualified, 2 unqualified.
    pub result_status: i64,
    #[serde(default)]
    pub comment: String,
}

/// How many records a batch changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Changed {
    pub changed: i64,
}

/// One item of the automatic pre-check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PrecheckFinding {
    pub item: String,
    pub passed: bool,
    pub detail: String,
}

/// The automatic pre-check of a punch (`qc/aiDetail`) against the school's QC rule: the findings
/// and the result they suggest. The inspector decides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AiDetail {
    pub punch_id: i64,
    pub suggested_result_status: i64,
    pub suggested_result_desc: String,
    pub findings: Vec<PrecheckFinding>,
}

/// An inspector's quick comment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FastComment {
    pub id: i64,
    pub content: String,
    pub created_at: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct FastCommentAdd {
    pub content: String,
}

/// A staff member, briefly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StaffBrief {
    pub user_id: i64,
    pub name: String,
    pub email: String,
}

/// A staff member with where they work (`getTeacherInfo`, keyword search, team members).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StaffInfo {
    pub user_id: i64,
    pub name: String,
    pub email: String,
    pub school_id: i64,
    pub school_name: String,
    pub area_name: String,
    pub dept_name: String,
    /// The project team, 0 / `""` without one.
    pub group_id: i64,
    pub group_name: String,
    pub qc_group_id: i64,
    pub qc_group_name: String,
    pub roles: Vec<CodeName>,
    pub teaching_since: i64,
    pub hired_at: i64,
}

/// A QC team: the staff it checks and the inspectors responsible (`qcGroupConfig`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QcGroupRow {
    pub id: i64,
    pub name: String,
    pub school_id: i64,
    pub school_name: String,
    pub remark: String,
    pub members: Vec<StaffBrief>,
    pub responsible_list: Vec<StaffBrief>,
    pub updated_at: i64,
    pub updated_by: String,
}

/// Creates (no `id`) or replaces a QC team. A staff member is checked by one team: adding them
/// here moves them out of another.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct QcGroupSave {
    #[serde(default)]
    #[ts(optional)]
    pub id: Option<i64>,
    pub name: String,
    pub school_id: i64,
    #[serde(default)]
    pub remark: String,
    #[serde(default)]
    pub member_ids: Vec<i64>,
    #[serde(default)]
    pub responsible_ids: Vec<i64>,
}

/// Lists of teams and staff: a school (-1 / absent = all the caller sees), a keyword, a page.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct TeamSearch {
    #[serde(default)]
    #[ts(optional)]
    pub school_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
    /// Members: one project team (0 = staff in none).
    #[serde(default)]
    #[ts(optional)]
    pub group_id: Option<i64>,
    /// Members: one department.
    #[serde(default)]
    #[ts(optional)]
    pub dept_name: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// `?userId=`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UserIdQuery {
    #[serde(default)]
    #[ts(optional)]
    pub user_id: Option<i64>,
}

/// `?keyword=&schoolId=&inspectors=`: staff whose name or e-mail holds the keyword (at most 20).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StaffKeywordQuery {
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub school_id: Option<i64>,
    /// `true`: the people who may be a QC team's responsible inspectors instead (operators,
    /// admins and school managers of the schools the caller may pick).
    #[serde(default)]
    #[ts(optional)]
    pub inspectors: Option<bool>,
}

/// A project team of staff (`tfGroup`); reports filter by it (`projectGroup`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ProjectTeamRow {
    pub id: i64,
    pub name: String,
    pub school_id: i64,
    pub school_name: String,
    pub remark: String,
    pub member_count: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ProjectTeamSave {
    #[serde(default)]
    #[ts(optional)]
    pub id: Option<i64>,
    pub name: String,
    pub school_id: i64,
    #[serde(default)]
    pub remark: String,
}

/// A school's project teams (`findGroupListV2`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SchoolTeams {
    pub school_id: i64,
    pub school_name: String,
    pub teams: Vec<ProjectTeamRow>,
}

/// Moves one staff member into a project team (0 = out of every team).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ChangeGroup {
    pub user_id: i64,
    pub group_id: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct BatchChangeGroup {
    pub user_ids: Vec<i64>,
    pub group_id: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct UserIdsRequest {
    pub user_ids: Vec<i64>,
}

/// A school with its departments (`getSchoolDeptList`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SchoolDepts {
    pub school_id: i64,
    pub school_name: String,
    pub depts: Vec<String>,
}

/// Staff by a pasted list of e-mails (`tfGroup` e-mail lookups); at most 500.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct EmailList {
    pub emails: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct EmailListResult {
    pub found: Vec<StaffInfo>,
    /// The e-mails of no staff member the caller may see.
    pub missing: Vec<String>,
}

/// A field of a service's follow-up form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct FormField {
    pub key: String,
    pub label: String,
    /// `text`, `textarea`, `select`, `date`, `number`.
    pub kind: String,
    #[serde(default)]
    pub required: bool,
    /// The choices of a `select`.
    #[serde(default)]
    pub options: Vec<String>,
}

/// A service type staff owe their students (`service`, serveConfig).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ServiceType {
    pub id: i64,
    pub name: String,
    pub icon: String,
    /// 0 all, 1 one-on-one, 2 classes.
    pub side: i64,
    pub side_desc: String,
    /// The roles that perform it.
    pub role_codes: Vec<String>,
    pub role_names: Vec<String>,
    /// `week`, `month` or `once`.
    pub period_type: String,
    pub period_type_desc: String,
    /// Times due per student per period.
    pub required_times: i64,
    pub form_fields: Vec<FormField>,
    pub enabled: bool,
    pub sort_no: i64,
    pub punch_count: i64,
    pub updated_at: i64,
}

/// Creates (no `id`) or replaces a service type.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ServiceSave {
    #[serde(default)]
    #[ts(optional)]
    pub id: Option<i64>,
    pub name: String,
    pub icon: String,
    pub side: i64,
    pub role_codes: Vec<String>,
    pub period_type: String,
    pub required_times: i64,
    #[serde(default)]
    pub form_fields: Vec<FormField>,
    pub enabled: bool,
    #[serde(default)]
    pub sort_no: i64,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ServiceSearch {
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
    /// 1 enabled, 0 disabled, -1 all.
    #[serde(default)]
    #[ts(optional)]
    pub enabled: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// The enabled services for a side and a role (pickers).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ServiceCondition {
    #[serde(default)]
    #[ts(optional)]
    pub side: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub role_code: Option<String>,
}

/// `?serviceId=`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ServiceIdQuery {
    #[serde(default)]
    #[ts(optional)]
    pub service_id: Option<i64>,
}

/// The form staff fill when they follow a student up with a service.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FollowForm {
    pub service_id: i64,
    pub service_name: String,
    pub fields: Vec<FormField>,
}

/// A submission tag with how many punches carry it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TagRow {
    pub id: i64,
    pub name: String,
    pub use_count: i64,
}

/// A school's QC rule (`rule/getRule`); schools without their own follow the group's (school -1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QcRule {
    pub school_id: i64,
    /// The rule shown is the group's, the school having none of its own.
    pub inherited: bool,
    #[serde(flatten)]
    pub settings: QcRuleSettings,
    pub updated_at: i64,
    pub updated_by: String,
}

/// What a QC rule sets (`rule/saveOrUpdate`, with `schoolId`). Read only as part of a
/// [`QcRule`] (flattened): no `deny_unknown_fields`, which would forbid the rule's own fields in
/// its schema.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QcRuleSettings {
    /// A punch's text shorter than this is flagged (0–2000).
    pub min_content_chars: i64,
    /// A second punch of the same service for the same student within this many hours is
    /// flagged as a duplicate (0 = never).
    pub duplicate_window_hours: i64,
    /// Punches outside these hours (China time, 0–24) are flagged.
    pub working_hour_from: i64,
    pub working_hour_to: i64,
    /// The share of punches inspectors aim to check, in percent (statistics show it).
    pub sample_rate_percent: i64,
    /// An unqualified result must say why.
    pub comment_required_when_unqualified: bool,
}

impl Default for QcRuleSettings {
    fn default() -> Self {
        QcRuleSettings {
            min_content_chars: 20,
            duplicate_window_hours: 12,
            working_hour_from: 7,
            working_hour_to: 23,
            sample_rate_percent: 20,
            comment_required_when_unqualified: true,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct QcRuleSave {
    /// -1 = the group's rule.
    pub school_id: i64,
    pub min_content_chars: i64,
    pub duplicate_window_hours: i64,
    pub working_hour_from: i64,
    pub working_hour_to: i64,
    pub sample_rate_percent: i64,
    pub comment_required_when_unqualified: bool,
}

/// `?schoolId=` (-1 / absent = the group).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RuleQuery {
    #[serde(default)]
    #[ts(optional)]
    pub school_id: Option<i64>,
}

/// Which lessons' students the service statistics count as taken (`courseRange`): empty lists
/// mean all.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CourseRange {
    pub product_types: Vec<String>,
    pub class_types: Vec<i64>,
    pub grade_codes: Vec<i64>,
    pub updated_at: i64,
    pub updated_by: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct CourseRangeSave {
    #[serde(default)]
    pub product_types: Vec<String>,
    /// 1 one-on-one, 2 small group, 3 class.
    #[serde(default)]
    pub class_types: Vec<i64>,
    #[serde(default)]
    pub grade_codes: Vec<i64>,
}

/// `?fiscalYear=&month=` (weeks of a month) or `?fiscalYear=&quarterCode=` (months of a quarter).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PeriodQuery {
    #[serde(default)]
    #[ts(optional)]
    pub fiscal_year: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub month: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub quarter_code: Option<i64>,
}

/// A fiscal week (`id` = `fweekId`) or month (`id` = calendar month) with its days.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PeriodItem {
    pub id: i64,
    pub name: String,
    /// `YYYY-MM-DD`, inclusive.
    pub start_date: String,
    pub end_date: String,
}

/// A column the statistics add per service type (02 §2: after `overallCoverageRate`, or after
/// `serviceCount` in the student view).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DynamicColumn {
    /// The key of the value in each row's `serviceValues`.
    pub prop: String,
    pub label: String,
    /// `rate` (a fraction, shown as a percentage) or `count`.
    pub kind: String,
}

/// A row of the service statistics (02 §3.2 "QC statistics"); which fields apply depends on
/// the view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QcStatRow {
    /// The teacher, class, student or service type; 0 in the summary.
    pub id: i64,
    pub name: String,
    /// E-mail, class code or student code.
    pub code: String,
    pub school_name: String,
    /// Teachers of the class or of the student.
    pub teacher_names: String,
    pub take_student_count: i64,
    pub class_count: i64,
    pub serviced_student_count: i64,
    pub service_count: i64,
    pub overall_coverage_rate: f64,
    pub qc_checked_count: i64,
    pub qc_check_qualified_count: i64,
    pub qc_check_un_qualified_count: i64,
    pub qc_check_rate: f64,
    pub qc_check_qualified_rate: f64,
    pub qc_check_un_qualified_rate: f64,
    /// Per service type (`service_{id}`): its coverage rate, or in the student view its count.
    pub service_values: BTreeMap<String, f64>,
}

/// The service statistics of a view: the dynamic columns, the totals and a page of rows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QcStatPage {
    pub view: String,
    pub columns: Vec<DynamicColumn>,
    pub summary: QcStatRow,
    /// The share of punches the QC rule aims to check (percent).
    pub sample_rate_percent: i64,
    pub records: Vec<QcStatRow>,
    pub total: i64,
    pub page_no: i64,
    pub page_size: i64,
}

/// A student's score in one subject of a school exam (02 §3.2 "Exam", screen examGrades). The
/// exam's facts repeat on each of its subjects' rows; a subject not entered yet has no score
/// (-1, shown '-').
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExamGradeRow {
    pub exam_id: i64,
    pub student_code: String,
    pub student_name: String,
    pub school_name: String,
    pub grade_name: String,
    pub subject_name: String,
    pub teacher_name: String,
    pub exam_name: String,
    /// Epoch ms.
    pub exam_date: i64,
    pub exam_type_name: String,
    pub term_type_name: String,
    pub school_type_name: String,
    /// The exam's entered scores summed, over its subjects.
    pub total_exam_score: i64,
    pub exam_score: i64,
    pub full_marks: i64,
    /// -1 where the subject is not converted.
    pub assign_score: i64,
    /// A–D by the score's share of the full marks; "" without a score.
    pub exam_score_level: String,
    /// Place in the class and in the grade; -1 when not known.
    pub exam_rank: i64,
    pub grade_rank: i64,
    /// 优秀, 待提升, 进步, 退步 (、-separated).
    pub score_tags: String,
    /// Score over full marks, a fraction; -1 without a score.
    pub exam_score_percent: f64,
    /// 是 / 否.
    pub score_image_uploaded: String,
    pub modified_source_name: String,
    /// The exam's subjects with and without a score (、-separated).
    pub finished_subjects: String,
    pub unfinished_subjects: String,
}
