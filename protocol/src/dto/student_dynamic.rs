//! Student dynamics (`student-dynamic` area; the spec names the screens 学员动态跟进
//! `studentDynamicFollowup` and 学员动态管理 `studentDynamicManage` and no calls): what happened to
//! a student that their staff should follow up — a lesson missed, an online lesson neither
//! attended nor replayed, a refund, a school exam score fallen — read from the stored records in
//! the caller's data scope, and the follow-ups staff record against them.
//!
//! Times are epoch milliseconds; rates fractions, `-1` without a base.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::datacentre::DcSearch;

/// The longest follow-up note.
pub const MAX_FOLLOW_NOTE_CHARS: usize = 500;
/// A school exam score counts as fallen when it is this many points (of 100, after scaling by
/// the full marks) under the student's previous score in the subject.
pub const SCORE_DROP_POINTS: i64 = 10;

/// `studentDynamic/list` and `studentDynamic/statistics`: the period and school of the
/// data-centre search, and the dynamics' own filters. `-1` means all; unknown fields are refused.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct StudentDynamicSearch {
    #[serde(default)]
    #[ts(optional)]
    pub begin_time_start: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub begin_time_end: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub school_id: Option<i64>,
    /// A kind of `dictionary::STUDENT_DYNAMIC_KINDS`; absent or -1 all.
    #[serde(default)]
    #[ts(optional)]
    pub kind: Option<i64>,
    /// 0 to follow up, 1 followed up; absent or -1 both.
    #[serde(default)]
    #[ts(optional)]
    pub followed: Option<i64>,
    /// Part of the student's code or name.
    #[serde(default)]
    #[ts(optional)]
    pub student_no_and_name: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

impl StudentDynamicSearch {
    /// The data-centre part, checked by the same rules as every report's.
    pub fn base(&self) -> DcSearch {
        DcSearch {
            begin_time_start: self.begin_time_start.clone(),
            begin_time_end: self.begin_time_end.clone(),
            school_id: self.school_id,
            student_no_and_name: self.student_no_and_name.clone(),
            page_no: self.page_no,
            page_size: self.page_size,
            ..DcSearch::default()
        }
    }
}

/// One dynamic of a student, with its follow-up if there is one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentDynamicRow {
    pub kind: i64,
    pub kind_name: String,
    /// What it is in its records (e.g. `a:12:34` a lesson and student); with `kind` it names the
    /// dynamic for a follow-up.
    pub source_key: String,
    pub student_id: i64,
    pub student_code: String,
    pub student_name: String,
    /// The teacher of the lesson, class or subject.
    pub teacher_name: String,
    pub happened_at: i64,
    /// What happened, in words: the lesson missed, the refund and its reason, the scores.
    pub detail: String,
    pub followed: bool,
    /// 0 if not followed up.
    pub followed_at: i64,
    pub followed_by: String,
    /// `dictionary::FOLLOW_METHODS`; 0 none.
    pub method: i64,
    pub method_name: String,
    pub note: String,
}

/// `studentDynamic/follow`: a follow-up of one dynamic (a later one replaces it). Unknown
/// fields are refused.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct StudentDynamicFollow {
    pub kind: i64,
    pub source_key: String,
    pub method: i64,
    pub note: String,
}

/// One kind's figures: dynamics, followed up, the rate.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentDynamicStatRow {
    /// 0 on the total row.
    pub kind: i64,
    pub kind_name: String,
    pub total: i64,
    pub followed: i64,
    pub follow_rate: f64,
}
