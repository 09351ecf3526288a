//! Days and fiscal periods in China Standard Time (UTC+8), the time the organisation works in.
//! The fiscal year runs June to May (02 §5): fiscal year 2026 is 1 June 2026 to 31 May 2027.

use time::{Date, Duration, Month};

pub const DAY_MS: i64 = 86_400_000;
const CST_OFFSET_MS: i64 = 8 * 3_600_000;
/// The Julian day number of 1970-01-01.
const EPOCH_JULIAN_DAY: i64 = 2_440_588;

/// The first millisecond of `day` in China time.
pub fn day_start_ms(day: Date) -> i64 {
    (i64::from(day.to_julian_day()) - EPOCH_JULIAN_DAY) * DAY_MS - CST_OFFSET_MS
}

/// The China-time day holding `ms`.
pub fn day_of_ms(ms: i64) -> Date {
    let days = (ms + CST_OFFSET_MS).div_euclid(DAY_MS);
    Date::from_julian_day((days + EPOCH_JULIAN_DAY) as i32).unwrap_or(Date::MIN)
}

/// Today in China time.
pub fn today() -> Date {
    day_of_ms(crate::now_ms())
}

/// `YYYY-MM-DD`.
pub fn parse_day(text: &str) -> Option<Date> {
    let mut parts = text.trim().splitn(3, '-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return None;
    }
    let month = Month::try_from(m.parse::<u8>().ok()?).ok()?;
    Date::from_calendar_date(y.parse().ok()?, month, d.parse().ok()?).ok().filter(|day| (1900..=9999).contains(&day.year()))
}

pub fn format_day(day: Date) -> String {
    format!("{:04}-{:02}-{:02}", day.year(), u8::from(day.month()), day.day())
}

fn first_of(year: i32, month: u8) -> Date {
    Date::from_calendar_date(year, Month::try_from(month).unwrap_or(Month::January), 1).unwrap_or(Date::MIN)
}

/// The first day of the month after `day`'s month.
pub fn next_month(day: Date) -> Date {
    match day.month() {
        Month::December => first_of(day.year() + 1, 1),
        m => first_of(day.year(), u8::from(m) + 1),
    }
}

pub fn month_start(day: Date) -> Date {
    first_of(day.year(), u8::from(day.month()))
}

/// The Monday of `day`'s week.
pub fn week_start(day: Date) -> Date {
    day - Duration::days(i64::from(day.weekday().number_days_from_monday()))
}

/// The fiscal year a day belongs to.
pub fn fiscal_year_of(day: Date) -> i32 {
    if u8::from(day.month()) >= 6 {
        day.year()
    } else {
        day.year() - 1
    }
}

/// Days `[start, end)` of fiscal year `year`.
pub fn fiscal_year(year: i32) -> (Date, Date) {
    (first_of(year, 6), first_of(year + 1, 6))
}

/// Days `[start, end)` of quarter 1–4 of fiscal year `year` (Q1 Jun–Aug … Q4 Mar–May).
pub fn fiscal_quarter(year: i32, quarter: u8) -> (Date, Date) {
    let start = match quarter {
        1 => first_of(year, 6),
        2 => first_of(year, 9),
        3 => first_of(year, 12),
        _ => first_of(year + 1, 3),
    };
    let end = next_month(next_month(next_month(start)));
    (start, end)
}

/// Days `[start, end)` of calendar month 1–12 within fiscal year `year` (June–December in
/// `year`, January–May in `year + 1`).
pub fn fiscal_month(year: i32, month: u8) -> (Date, Date) {
    let start = first_of(if month >= 6 { year } else { year + 1 }, month);
    (start, next_month(start))
}

/// Days `[start, end)` of fiscal week 1–53: week 1 is the Monday-to-Sunday week holding 1 June.
pub fn fiscal_week(year: i32, week: u8) -> (Date, Date) {
    let start = week_start(first_of(year, 6)) + Duration::weeks(i64::from(week) - 1);
    (start, start + Duration::weeks(1))
}

/// The fiscal weeks (number, days `[start, end)`) meeting calendar month `month` of fiscal year
/// `year` (`/period` month-week list).
pub fn fiscal_weeks_of_month(year: i32, month: u8) -> Vec<(u8, Date, Date)> {
    let (from, to) = fiscal_month(year, month);
    (1..=53u8).map(|w| (w, fiscal_week(year, w))).filter(|(_, (start, end))| *start < to && *end > from).map(|(w, (s, e))| (w, s, e)).collect()
}

/// The calendar months of quarter 1–4 of a fiscal year, in order.
pub fn months_of_quarter(quarter: u8) -> [u8; 3] {
    match quarter {
        1 => [6, 7, 8],
        2 => [9, 10, 11],
        3 => [12, 1, 2],
        _ => [3, 4, 5],
    }
}

/// The quarter 1–4 of a calendar month.
pub fn quarter_of_month(month: u8) -> u8 {
    match month {
        6..=8 => 1,
        9..=11 => 2,
        12 | 1 | 2 => 3,
        _ => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> Date {
        parse_day(text).unwrap()
    }

    #[test]
    fn days_are_china_days() {
        assert_eq!(day_start_ms(d("1970-01-01")), -8 * 3_600_000);
        assert_eq!(day_of_ms(0), d("1970-01-01"));
        assert_eq!(day_of_ms(16 * 3_600_000 - 1), d("1970-01-01"));
        assert_eq!(day_of_ms(16 * 3_600_000), d("1970-01-02"));
        assert_eq!(day_of_ms(day_start_ms(d("2026-11-24"))), d("2026-11-24"));
        assert_eq!(format_day(d("2027-02-28")), "2027-02-28");
        for bad in ["2026-13-01", "2026-02-30", "26-01-01", "2026-1-01", "x", ""] {
            assert_eq!(parse_day(bad), None, "{bad}");
        }
    }

    #[test]
    fn fiscal_periods_run_june_to_may() {
        assert_eq!(fiscal_year(2026), (d("2026-06-01"), d("2027-06-01")));
        assert_eq!(fiscal_year_of(d("2027-05-31")), 2026);
        assert_eq!(fiscal_year_of(d("2026-06-01")), 2026);
        assert_eq!(fiscal_quarter(2026, 1), (d("2026-06-01"), d("2026-09-01")));
        assert_eq!(fiscal_quarter(2026, 3), (d("2026-12-01"), d("2027-03-01")));
        assert_eq!(fiscal_quarter(2026, 4), (d("2027-03-01"), d("2027-06-01")));
        assert_eq!(fiscal_month(2026, 11), (d("2026-11-01"), d("2026-12-01")));
        assert_eq!(fiscal_month(2026, 2), (d("2027-02-01"), d("2027-03-01")));
        // 1 June 2026 is a Monday; 1 June 2027 a Tuesday.
        assert_eq!(fiscal_week(2026, 1), (d("2026-06-01"), d("2026-06-08")));
        assert_eq!(fiscal_week(2027, 2).0, d("2027-06-07"));
        assert_eq!(quarter_of_month(12), 3);
        let weeks = fiscal_weeks_of_month(2026, 11);
        assert_eq!(weeks.first().map(|w| (w.0, w.1)), Some((22, d("2026-10-26"))));
        assert_eq!(weeks.last().map(|w| (w.0, w.2)), Some((27, d("2026-12-07"))));
        assert_eq!(weeks.len(), 6);
        assert_eq!(fiscal_weeks_of_month(2026, 6).first().map(|w| w.0), Some(1));
        assert_eq!(months_of_quarter(3), [12, 1, 2]);
        assert_eq!(week_start(d("2026-11-29")), d("2026-11-23"));
    }
}
