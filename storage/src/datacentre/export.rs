//! Data-centre reports as exports (02 §2 "export button", §7.9): the same queries as the
//! screens, with the caller's scope and filters, written in the visible columns' order.

use serde_json::Value;

use super::filter::{Filter, Scope};
use super::{attendance, board, refunds, Side};
use crate::qc::PunchFilter;
use crate::reports::{format_time, Cell};
use crate::{Db, Result};

/// How a column's value is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Text,
    Number,
    /// Epoch ms as `YYYY-MM-DD HH:mm`; 0 as empty.
    Time,
    /// A fraction as a percentage with at most two decimals (02 §5); -1 as '/'.
    Rate,
}

/// (prop, header, kind).
pub type Column = (&'static str, &'static str, Kind);

const ATTENDANCE_COLUMNS: &[Column] = &[
    ("studentCode", "学员编号", Kind::Text),
    ("studentName", "学员姓名", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("areaName", "校区", Kind::Text),
    ("subjectName", "学科", Kind::Text),
    ("classTimeDesc", "上课时间", Kind::Text),
    ("attendanceStatusDesc", "出勤状态", Kind::Text),
    ("oneLessonMinutes", "单节课时长（分钟）", Kind::Number),
    ("clockInTimestamp", "打卡时间", Kind::Time),
    ("leaveStatusDesc", "请假状态", Kind::Text),
    ("lessonTypeDesc", "课程类型", Kind::Text),
    ("lessonId", "课节ID", Kind::Number),
    ("classCode", "班级编码", Kind::Text),
    ("className", "班级名称", Kind::Text),
    ("teacher", "老师", Kind::Text),
    ("lessonPackageCode", "课时包编码", Kind::Text),
];

const REFUND_COLUMNS: &[Column] = &[
    ("studentCode", "学员编号", Kind::Text),
    ("studentName", "学员姓名", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("areaName", "校区", Kind::Text),
    ("subjectName", "学科", Kind::Text),
    ("classCode", "班级编码", Kind::Text),
    ("className", "班级名称", Kind::Text),
    ("packageCode", "课时包编码", Kind::Text),
    ("teacher", "老师", Kind::Text),
    ("refundTimestamp", "退费时间", Kind::Time),
    ("refundAmount", "退费金额（元）", Kind::Number),
    ("refundLessonTotal", "退费课次", Kind::Number),
    ("refundReasonDesc", "退费原因类型", Kind::Text),
    ("refundReason", "退费原因", Kind::Text),
    ("refundReasonDetail", "原因说明", Kind::Text),
    ("classStartTimestamp", "开课时间", Kind::Time),
    ("leaveLesssonNo", "退出课次", Kind::Number),
];

const VIP_STUDENT_COLUMNS: &[Column] = &[
    ("studentCode", "学员编号", Kind::Text),
    ("studentName", "学员姓名", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("areaName", "校区", Kind::Text),
    ("gradeName", "年级", Kind::Text),
    ("packageCount", "课时包数", Kind::Number),
    ("lessonCount", "总课次", Kind::Number),
    ("consumedLessonNum", "已消耗课次", Kind::Number),
    ("leftCount", "剩余课次", Kind::Number),
    ("periodLessonCount", "期间上课次数", Kind::Number),
    ("lastLessonTime", "最近上课时间", Kind::Time),
    ("statusDesc", "状态", Kind::Text),
];

const PUNCH_COLUMNS: &[Column] = &[
    ("punchTime", "打卡时间", Kind::Time),
    ("punchOperator", "打卡人", Kind::Text),
    ("operatorEmail", "打卡人邮箱", Kind::Text),
    ("roleName", "角色", Kind::Text),
    ("serviceTypeName", "服务类型", Kind::Text),
    ("punchChannel", "打卡渠道", Kind::Text),
    ("submissionTag", "提交标签", Kind::Text),
    ("studentCode", "学员编号", Kind::Text),
    ("studentName", "学员姓名", Kind::Text),
    ("className", "班级", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("subjectName", "学科", Kind::Text),
    ("contentExcerpt", "服务内容", Kind::Text),
    ("checkStatusDesc", "质检状态", Kind::Text),
    ("resultStatusDesc", "质检结果", Kind::Text),
    ("lastQcTime", "最近质检时间", Kind::Time),
    ("lastQcOperator", "质检人", Kind::Text),
];

/// The data-centre reports that export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DcReport {
    AttendanceClass,
    AttendanceVip,
    RefundClass,
    RefundVip,
    VipStudents,
    /// Service details (serveDetails): the service punch records.
    ServicePunches,
}

impl DcReport {
    /// The report an export names by `excelType`.
    pub fn parse(name: &str) -> Option<DcReport> {
        Some(match name {
            "attendanceClass" => DcReport::AttendanceClass,
            "attendanceVip" => DcReport::AttendanceVip,
            "refundClass" => DcReport::RefundClass,
            "refundVip" => DcReport::RefundVip,
            "vipStudents" => DcReport::VipStudents,
            "servicePunches" => DcReport::ServicePunches,
            _ => return None,
        })
    }

    pub fn title(self) -> &'static str {
        match self {
            DcReport::AttendanceClass => "班课出勤明细",
            DcReport::AttendanceVip => "一对一出勤明细",
            DcReport::RefundClass => "班课退费明细",
            DcReport::RefundVip => "一对一退费明细",
            DcReport::VipStudents => "一对一学员",
            DcReport::ServicePunches => "服务明细",
        }
    }

    pub fn columns(self) -> &'static [Column] {
        match self {
            DcReport::AttendanceClass | DcReport::AttendanceVip => ATTENDANCE_COLUMNS,
            DcReport::RefundClass | DcReport::RefundVip => REFUND_COLUMNS,
            DcReport::VipStudents => VIP_STUDENT_COLUMNS,
            DcReport::ServicePunches => PUNCH_COLUMNS,
        }
    }

    /// The props the report sorts by on the server.
    pub fn sortable(self) -> Vec<&'static str> {
        let pairs = match self {
            DcReport::AttendanceClass | DcReport::AttendanceVip => attendance::SORTABLE,
            DcReport::RefundClass | DcReport::RefundVip => refunds::SORTABLE,
            DcReport::VipStudents => board::STUDENT_SORTABLE,
            DcReport::ServicePunches => crate::qc::punches::SORTABLE,
        };
        pairs.iter().map(|(prop, _)| *prop).collect()
    }

    /// The columns to write: those asked for (in that order), else all; an unknown one is
    /// refused by name.
    pub fn chosen_columns(self, asked: &[String]) -> std::result::Result<Vec<Column>, String> {
        if asked.is_empty() {
            return Ok(self.columns().to_vec());
        }
        asked.iter().map(|prop| self.columns().iter().find(|c| c.0 == prop).copied().ok_or_else(|| format!("columns 含该报表没有的列：{prop}"))).collect()
    }

    /// `pf` narrows the service punch records (the other reports ignore it).
    pub async fn count(self, db: &Db, scope: &Scope, f: &Filter, pf: &PunchFilter, now: i64) -> Result<i64> {
        match self {
            DcReport::AttendanceClass => attendance::count(db, Side::Class, scope, f, now).await,
            DcReport::AttendanceVip => attendance::count(db, Side::Vip, scope, f, now).await,
            DcReport::RefundClass => refunds::count(db, Side::Class, scope, f, now).await,
            DcReport::RefundVip => refunds::count(db, Side::Vip, scope, f, now).await,
            DcReport::VipStudents => board::students_count(db, scope, f, now).await,
            DcReport::ServicePunches => crate::qc::punches::count(db, scope, f, pf, now).await,
        }
    }

    /// Rows `offset..offset + limit` of `(offset, limit)` as JSON objects (the screen's rows).
    pub async fn rows(self, db: &Db, scope: &Scope, f: &Filter, pf: &PunchFilter, now: i64, (offset, limit): (i64, i64)) -> Result<Vec<Value>> {
        fn json<T: serde::Serialize>(rows: Vec<T>) -> Vec<Value> {
            rows.into_iter().map(|r| serde_json::to_value(r).unwrap_or(Value::Null)).collect()
        }
        Ok(match self {
            DcReport::AttendanceClass => json(attendance::page(db, Side::Class, scope, f, now, offset, limit).await?),
            DcReport::AttendanceVip => json(attendance::page(db, Side::Vip, scope, f, now, offset, limit).await?),
            DcReport::RefundClass => json(refunds::page(db, Side::Class, scope, f, now, offset, limit).await?),
            DcReport::RefundVip => json(refunds::page(db, Side::Vip, scope, f, now, offset, limit).await?),
            DcReport::VipStudents => json(board::students_page(db, scope, f, now, offset, limit).await?),
            DcReport::ServicePunches => json(crate::qc::punches::page(db, scope, f, pf, now, offset, limit).await?),
        })
    }
}

/// One cell of `row` for `column`.
pub fn cell(row: &Value, column: &Column) -> Cell {
    let value = &row[column.0];
    match column.2 {
        Kind::Text => Cell::Text(match value {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            other => other.to_string(),
        }),
        Kind::Number => value.as_f64().map(Cell::Number).unwrap_or(Cell::Text(String::new())),
        Kind::Time => match value.as_i64() {
            Some(ms) if ms > 0 => Cell::Text(format_time(ms)),
            _ => Cell::Text(String::new()),
        },
        Kind::Rate => Cell::Text(match value.as_f64() {
            Some(r) if r < 0.0 => "/".into(),
            Some(r) => percent(r),
            None => String::new(),
        }),
    }
}

/// A fraction as a percentage: ×100, two decimals, trailing zeros dropped (02 §5).
pub fn percent(fraction: f64) -> String {
    let text = format!("{:.2}", fraction * 100.0);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text}%")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_drops_trailing_zeros() {
        assert_eq!(percent(0.5), "50%");
        assert_eq!(percent(0.8567), "85.67%");
        assert_eq!(percent(0.805), "80.5%");
        assert_eq!(percent(0.0), "0%");
    }

    #[test]
    fn cells_follow_the_column_kind() {
        let row = serde_json::json!({"a": "x", "n": 3, "t": 0, "r": -1.0});
        assert_eq!(cell(&row, &("a", "", Kind::Text)), Cell::Text("x".into()));
        assert_eq!(cell(&row, &("n", "", Kind::Number)), Cell::Number(3.0));
        assert_eq!(cell(&row, &("t", "", Kind::Time)), Cell::Text(String::new()));
        assert_eq!(cell(&row, &("r", "", Kind::Rate)), Cell::Text("/".into()));
        assert!(DcReport::AttendanceVip.chosen_columns(&["nope".into()]).unwrap_err().contains("nope"));
        assert_eq!(DcReport::RefundVip.chosen_columns(&["teacher".into(), "studentCode".into()]).unwrap()[0].0, "teacher");
    }
}
