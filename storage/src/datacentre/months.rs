//! Attendance over a period, read from its monthly rollup where it can be. `attendance_months`
//! (migration 0058, kept by triggers) holds, per China-time month, one row per (teacher,
//! student, class) and the facts reports filter by: a query that only needs which triples had
//! lessons reads the period's whole months from it and the days at the period's edges from
//! `attendance`. A school group's month is 290,000 attendance rows and 68,000 rollup rows.

use time::Date;

use super::calendar::{day_of_ms, day_start_ms, month_start, next_month};
use crate::reports::{Bind, Conditions};

/// `yyyymm` of a month's first day.
fn month_key(first: Date) -> i64 {
    i64::from(first.year()) * 100 + i64::from(u8::from(first.month()))
}

/// The whole months within `[from, to)` (milliseconds at China-time day starts): the first and
/// last as `yyyymm`, and the milliseconds where they begin and end. `None` when no month fits.
pub(crate) fn whole_months(from: i64, to: i64) -> Option<(i64, i64, i64, i64)> {
    let from_day = day_of_ms(from);
    let first = if day_start_ms(from_day) == from && from_day.day() == 1 { from_day } else { next_month(from_day) };
    // The month holding the last millisecond of the period ends at or after `to`: the whole
    // months end where that one begins.
    let end = month_start(day_of_ms(to - 1));
    let end = if day_start_ms(next_month(end)) == to { next_month(end) } else { end };
    if first >= end {
        return None;
    }
    let last = month_start(end - time::Duration::days(1));
    Some((month_key(first), month_key(last), day_start_ms(first), day_start_ms(end)))
}

/// Appends `(SELECT {select} FROM … a WHERE …)`: the rows of `attendance` (alias `a`) in
/// `[from, to)`, or of `attendance_months` for the whole months within it and of `attendance`
/// for the days around them. `conditions` appends the rest of the `WHERE` over `a` (it is called
/// once per source); it and `select` may use the columns both have: `teacher_id`, `student_id`,
/// `class_id`, `class_type`, `school_id`, `area_code`, `subject`, `grade_code`, `product_type`,
/// `product_group`, `manage_project`.
pub(crate) fn push_attendance(c: &mut Conditions, select: &str, from: i64, to: i64, conditions: impl Fn(&mut Conditions)) {
    match whole_months(from, to) {
        None => {
            c.sql.push_str(&format!("(SELECT {select} FROM attendance a WHERE 1 = 1"));
            c.push_range("a.start_at", Some(from), Some(to));
            conditions(c);
            c.sql.push(')');
        }
        Some((first, last, whole_from, whole_to)) => {
            c.sql.push_str(&format!("(SELECT {select} FROM attendance_months a WHERE 1 = 1"));
            c.push(" AND a.month >= ", Bind::Int(first));
            c.push(" AND a.month <= ", Bind::Int(last));
            conditions(c);
            // The edges, each only when the period has one (an empty range still costs a probe).
            for (start, end) in [(from, whole_from), (whole_to, to)] {
                if start < end {
                    c.sql.push_str(&format!(" UNION ALL SELECT {select} FROM attendance a WHERE 1 = 1"));
                    c.push_range("a.start_at", Some(start), Some(end));
                    conditions(c);
                }
            }
            c.sql.push(')');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datacentre::calendar::parse_day;

    fn ms(day: &str) -> i64 {
        day_start_ms(parse_day(day).unwrap())
    }

    #[test]
    fn whole_months_are_the_months_the_period_holds_entirely() {
        // 1 October to 30 November inclusive (to = 1 December): both months.
        assert_eq!(whole_months(ms("2026-10-01"), ms("2026-12-01")), Some((202610, 202611, ms("2026-10-01"), ms("2026-12-01"))));
        // 31 October to 29 November: none.
        assert_eq!(whole_months(ms("2026-10-31"), ms("2026-11-30")), None);
        // 15 September to 2 December: October and November, with edges on both sides.
        assert_eq!(whole_months(ms("2026-09-15"), ms("2026-12-03")), Some((202610, 202611, ms("2026-10-01"), ms("2026-12-01"))));
        // Across a year: December to February.
        assert_eq!(whole_months(ms("2026-11-20"), ms("2027-03-01")), Some((202612, 202702, ms("2026-12-01"), ms("2027-03-01"))));
        // One day, a week.
        assert_eq!(whole_months(ms("2026-11-01"), ms("2026-11-02")), None);
        assert_eq!(whole_months(ms("2026-11-01"), ms("2026-11-08")), None);
    }
}
