//! QC settings: each school's QC rule (schools without one follow the group's, school -1) and
//! the course range the statistics count students of. Stored as JSON by key.

use protocol::dictionary as dict;
use protocol::dto::qc::{CourseRange, CourseRangeSave, QcRule, QcRuleSettings};
use serde::{de::DeserializeOwned, Serialize};

use crate::{now_ms, Db, Result, StorageError};

/// The group's rule.
pub const GROUP: i64 = -1;
const COURSE_RANGE: &str = "courseRange";

fn rule_key(school_id: i64) -> String {
    format!("rule:{school_id}")
}

/// (value, updated by name, updated at).
async fn read<T: DeserializeOwned>(db: &Db, key: &str) -> Result<Option<(T, String, i64)>> {
    let row: Option<(String, String, i64)> =
        sqlx::query_as("SELECT s.value, COALESCE(u.name, ''), s.updated_at FROM qc_settings s LEFT JOIN users u ON u.id = s.updated_by WHERE s.key = $1")
            .bind(key)
            .fetch_optional(db.pool())
            .await?;
    // Written by `write` from checked values; an unreadable value (a hand edit) reads as unset.
    Ok(row.and_then(|(value, by, at)| serde_json::from_str(&value).ok().map(|v| (v, by, at))))
}

async fn write<T: Serialize>(db: &Db, key: &str, value: &T, by: i64) -> Result<()> {
    let json = serde_json::to_string(value).map_err(|e| StorageError::Conflict(e.to_string()))?;
    sqlx::query(
        "INSERT INTO qc_settings (key, value, updated_by, updated_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at",
    )
    .bind(key)
    .bind(json)
    .bind(by)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// A school's rule, else the group's, else the defaults.
pub async fn rule(db: &Db, school_id: i64) -> Result<QcRule> {
    if school_id != GROUP {
        if let Some((settings, by, at)) = read::<QcRuleSettings>(db, &rule_key(school_id)).await? {
            return Ok(QcRule { school_id, inherited: false, settings, updated_at: at, updated_by: by });
        }
    }
    Ok(match read::<QcRuleSettings>(db, &rule_key(GROUP)).await? {
        Some((settings, by, at)) => QcRule { school_id, inherited: school_id != GROUP, settings, updated_at: at, updated_by: by },
        None => QcRule { school_id, inherited: school_id != GROUP, settings: QcRuleSettings::default(), updated_at: 0, updated_by: String::new() },
    })
}

/// Checks a rule; the error names the field.
pub fn check_rule(s: &QcRuleSettings) -> std::result::Result<(), String> {
    if !(0..=2000).contains(&s.min_content_chars) {
        return Err("minContentChars 必须在 0 到 2000 之间".into());
    }
    if !(0..=720).contains(&s.duplicate_window_hours) {
        return Err("duplicateWindowHours 必须在 0 到 720 之间".into());
    }
    if !(0..=24).contains(&s.working_hour_from) || !(0..=24).contains(&s.working_hour_to) {
        return Err("workingHourFrom、workingHourTo 必须在 0 到 24 之间".into());
    }
    if s.working_hour_from >= s.working_hour_to {
        return Err("workingHourFrom 必须早于 workingHourTo".into());
    }
    if !(0..=100).contains(&s.sample_rate_percent) {
        return Err("sampleRatePercent 必须在 0 到 100 之间".into());
    }
    Ok(())
}

pub async fn save_rule(db: &Db, school_id: i64, settings: &QcRuleSettings, by: i64) -> Result<QcRule> {
    write(db, &rule_key(school_id), settings, by).await?;
    rule(db, school_id).await
}

pub async fn course_range(db: &Db) -> Result<CourseRange> {
    Ok(match read::<CourseRangeSave>(db, COURSE_RANGE).await? {
        Some((r, by, at)) => {
            CourseRange { product_types: r.product_types, class_types: r.class_types, grade_codes: r.grade_codes, updated_at: at, updated_by: by }
        }
        None => CourseRange::default(),
    })
}

/// Checks a course range; the error names the field. Lists come back sorted without repeats.
pub fn check_course_range(r: &CourseRangeSave) -> std::result::Result<CourseRangeSave, String> {
    let mut out = r.clone();
    if let Some(bad) = out.product_types.iter().find(|t| !dict::PRODUCT_TYPES.iter().any(|(c, _)| c == t)) {
        return Err(format!("productTypes 含未知编号：{bad}"));
    }
    if let Some(bad) = out.class_types.iter().find(|t| !(1..=3).contains(*t)) {
        return Err(format!("classTypes 只能是 1、2、3：{bad}"));
    }
    if let Some(bad) = out.grade_codes.iter().find(|g| !dict::GRADES.iter().any(|(c, _, _)| c == *g)) {
        return Err(format!("gradeCodes 含未知编号：{bad}"));
    }
    out.product_types.sort();
    out.product_types.dedup();
    out.class_types.sort_unstable();
    out.class_types.dedup();
    out.grade_codes.sort_unstable();
    out.grade_codes.dedup();
    Ok(out)
}

pub async fn save_course_range(db: &Db, range: &CourseRangeSave, by: i64) -> Result<CourseRange> {
    write(db, COURSE_RANGE, range, by).await?;
    course_range(db).await
}
