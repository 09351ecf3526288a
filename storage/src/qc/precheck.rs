//! The automatic pre-check of a punch record (`qc/aiDetail`) against the school's QC rule: what
//! was written, the required form fields, the time of day and repeated punches. It suggests a
//! result; the inspector decides.

use protocol::dictionary as dict;
use protocol::dto::qc::{AiDetail, FormField, PrecheckFinding, QcRuleSettings};

use super::punches::Facts;

const HOUR_MS: i64 = 3_600_000;

/// The hour and minute of `ms` in China time.
fn china_clock(ms: i64) -> (i64, i64) {
    let minutes = (ms.div_euclid(60_000) + 8 * 60).rem_euclid(24 * 60);
    (minutes / 60, minutes % 60)
}

/// `neighbours`: the times of the same service's punches for the same student within the
/// rule's duplicate window.
pub fn precheck(facts: &Facts, fields: &[FormField], rule: &QcRuleSettings, neighbours: &[i64]) -> AiDetail {
    let mut findings = Vec::new();
    let chars = facts.content.trim().chars().count() as i64;
    findings.push(PrecheckFinding {
        item: "内容字数".into(),
        passed: chars >= rule.min_content_chars,
        detail: format!("共 {chars} 字，要求不少于 {} 字", rule.min_content_chars),
    });
    let values: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&facts.form_values).unwrap_or_default();
    let missing: Vec<&str> = fields
        .iter()
        .filter(|f| f.required)
        .filter(|f| values.get(&f.key).is_none_or(|v| v.is_null() || v.as_str().is_some_and(|s| s.trim().is_empty())))
        .map(|f| f.label.as_str())
        .collect();
    findings.push(PrecheckFinding {
        item: "必填项".into(),
        passed: missing.is_empty(),
        detail: if missing.is_empty() { "必填项均已填写".into() } else { format!("未填写：{}", missing.join("、")) },
    });
    let (hour, minute) = china_clock(facts.punched_at);
    findings.push(PrecheckFinding {
        item: "打卡时间".into(),
        passed: hour >= rule.working_hour_from && hour < rule.working_hour_to,
        detail: format!("打卡于 {hour:02}:{minute:02}，规则时段 {:02}:00-{:02}:00", rule.working_hour_from, rule.working_hour_to),
    });
    let duplicates = if rule.duplicate_window_hours == 0 { 0 } else { neighbours.len() };
    findings.push(PrecheckFinding {
        item: "重复打卡".into(),
        passed: duplicates == 0,
        detail: if rule.duplicate_window_hours == 0 {
            "规则未设重复检查".into()
        } else if duplicates == 0 {
            format!("{} 小时内没有同一服务的其他打卡", rule.duplicate_window_hours)
        } else {
            format!("{} 小时内同一学员同一服务另有 {duplicates} 次打卡", rule.duplicate_window_hours)
        },
    });
    let suggested = if findings.iter().all(|f| f.passed) { dict::QC_QUALIFIED } else { dict::QC_UNQUALIFIED };
    AiDetail {
        punch_id: facts.id,
        suggested_result_status: suggested,
        suggested_result_desc: dict::name_of(&dict::QC_RESULT_STATUSES, suggested).to_owned(),
        findings,
    }
}

/// The duplicate window of a rule in ms.
pub fn window_ms(rule: &QcRuleSettings) -> i64 {
    rule.duplicate_window_hours * HOUR_MS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(content: &str, form: &str, at: i64) -> Facts {
        Facts { id: 7, service_id: 1, student_id: 2, school_id: 3, punched_at: at, content: content.into(), form_values: form.into() }
    }

    fn field(key: &str, required: bool) -> FormField {
        FormField { key: key.into(), label: format!("L{key}"), kind: "text".into(), required, options: vec![] }
    }

    // 2026-11-24 10:30 China time = 02:30 UTC.
    const MORNING: i64 = 1_795_487_400_000;

    #[test]
    fn a_good_punch_passes_every_item() {
        let rule = QcRuleSettings::default();
        assert_eq!(china_clock(MORNING), (10, 30));
        let d = precheck(&facts(&"很".repeat(20), r#"{"a":"x"}"#, MORNING), &[field("a", true), field("b", false)], &rule, &[]);
        assert!(d.findings.iter().all(|f| f.passed), "{d:?}");
        assert_eq!(d.suggested_result_status, dict::QC_QUALIFIED);
    }

    #[test]
    fn each_rule_item_can_fail() {
        let rule = QcRuleSettings::default();
        let late = MORNING + 13 * HOUR_MS; // 23:30
        let d = precheck(&facts("短", r#"{"a":"  "}"#, late), &[field("a", true)], &rule, &[late - HOUR_MS]);
        assert_eq!(d.findings.iter().filter(|f| !f.passed).count(), 4, "{d:?}");
        assert!(d.findings[1].detail.contains("La"));
        assert_eq!(d.suggested_result_status, dict::QC_UNQUALIFIED);
        let lenient = QcRuleSettings { min_content_chars: 0, duplicate_window_hours: 0, working_hour_from: 0, working_hour_to: 24, ..rule };
        let d = precheck(&facts("短", r#"{"a":"ok"}"#, late), &[field("a", true)], &lenient, &[late - HOUR_MS]);
        assert!(d.findings.iter().all(|f| f.passed), "{d:?}");
    }
}
