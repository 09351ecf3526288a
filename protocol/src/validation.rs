//! Validation and normalisation rules of 01 §5, applied once at the edge.

use serde::Serialize;
use ts_rs::TS;

use crate::constants::limits::{DOWNLOAD_FILE_NAME_LIMIT, UPLOAD_FILE_NAME_LIMIT};

/// The classes of accepted uploads (01 §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum UploadClass {
    Image,
    Document,
    Video,
    Audio,
}

pub const ACCEPTED_UPLOAD_EXTENSIONS: [&str; 17] =
    ["mp4", "flv", "avi", "mov", "mp3", "aac", "jpg", "png", "jpeg", "bmp", "ppt", "pptx", "pdf", "xls", "xlsx", "doc", "docx"];

/// Classifies an upload by its extension; `None` for a type that is not accepted.
pub fn upload_class(file_name: &str) -> Option<UploadClass> {
    let ext = extension(file_name)?.to_ascii_lowercase();
    match ext.as_str() {
        "jpg" | "png" | "jpeg" | "bmp" => Some(UploadClass::Image),
        "ppt" | "pptx" | "pdf" | "xls" | "xlsx" | "doc" | "docx" => Some(UploadClass::Document),
        "mp4" | "flv" | "avi" | "mov" => Some(UploadClass::Video),
        "mp3" | "aac" => Some(UploadClass::Audio),
        _ => None,
    }
}

fn extension(file_name: &str) -> Option<&str> {
    let (stem, ext) = file_name.rsplit_once('.')?;
    (!stem.is_empty() && !ext.is_empty()).then_some(ext)
}

fn split_name(name: &str) -> (&str, Option<&str>) {
    match name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() && !ext.is_empty() && ext.chars().all(|c| c.is_ascii_alphanumeric()) => (stem, Some(ext)),
        _ => (name, None),
    }
}

fn join_truncated(stem: String, ext: Option<&str>, limit: usize) -> String {
    let ext_len = ext.map(|e| e.chars().count() + 1).unwrap_or(0);
    let keep = limit.saturating_sub(ext_len).max(1);
    let stem: String = stem.chars().take(keep).collect();
    match ext {
        Some(ext) => format!("{stem}.{ext}"),
        None => stem,
    }
}

/// Upload file names: every non-word character (anything but letters, digits and `_`, in any
/// script) becomes `_`; the result is cut to 95 characters including the extension. Path
/// separators are non-word characters, so no name can climb out of its folder.
pub fn upload_file_name(name: &str) -> String {
    let (stem, ext) = split_name(name.trim());
    let stem: String = stem.chars().map(|c| if c.is_alphanumeric() || c == '_' { c } else { '_' }).collect();
    join_truncated(stem, ext, UPLOAD_FILE_NAME_LIMIT)
}

/// Download file names: inner spaces removed, punctuation replaced by `_`, cut to 100 characters
/// including the extension.
pub fn download_file_name(name: &str) -> String {
    let (stem, ext) = split_name(name.trim());
    let stem: String = stem.chars().filter(|c| !c.is_whitespace()).map(|c| if c.is_alphanumeric() || c == '_' || c == '-' { c } else { '_' }).collect();
    join_truncated(stem, ext, DOWNLOAD_FILE_NAME_LIMIT)
}

/// The fiscal year runs June to May: Q1 Jun–Aug, Q2 Sep–Nov, Q3 Dec–Feb, Q4 Mar–May; months
/// 6–12 belong to the calendar year that starts the fiscal year.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FiscalPeriod {
    pub current_fiscal_year: i32,
    pub current_month: u32,
    pub current_quarter: u32,
}

impl FiscalPeriod {
    /// `month` is 1–12.
    pub fn of(year: i32, month: u32) -> FiscalPeriod {
        assert!((1..=12).contains(&month), "month out of range: {month}");
        let fiscal_year = if month >= 6 { year } else { year - 1 };
        let quarter = match month {
            6..=8 => 1,
            9..=11 => 2,
            12 | 1 | 2 => 3,
            _ => 4,
        };
        FiscalPeriod { current_fiscal_year: fiscal_year, current_month: month, current_quarter: quarter }
    }
}

/// A plausible e-mail address: one `@`, a non-empty local part, a dotted domain, no spaces.
pub fn is_email(s: &str) -> bool {
    let s = s.trim();
    if s.len() > 254 || s.chars().any(|c| c.is_whitespace()) {
        return false;
    }
    match s.split_once('@') {
        Some((local, domain)) => !local.is_empty() && !domain.contains('@') && domain.contains('.') && !domain.starts_with('.') && !domain.ends_with('.'),
        None => false,
    }
}

/// A mainland mobile number: 11 digits starting with 1.
pub fn is_mobile(s: &str) -> bool {
    s.len() == 11 && s.starts_with('1') && s.chars().all(|c| c.is_ascii_digit())
}

/// Passwords for registration: 8–64 characters.
/// What keeps a task's message to students and families from being sent (03 §7.5
/// `task/checkTextContent`): over-long text, and contact details — a mobile number, a link, a
/// chat handle — which families must get through the school, not the message. Empty when fine.
pub fn task_text_problems(text: &str, max_chars: usize) -> Vec<String> {
    let mut problems = Vec::new();
    let chars = text.chars().count();
    if chars > max_chars {
        problems.push(format!("内容不能超过{max_chars}个字（现{chars}个字）"));
    }
    let digits: Vec<char> = text.chars().collect();
    let has_mobile = digits.windows(11).enumerate().any(|(i, w)| {
        let before = i.checked_sub(1).and_then(|j| digits.get(j)).is_some_and(|c| c.is_ascii_digit());
        let after = digits.get(i + 11).is_some_and(|c| c.is_ascii_digit());
        !before && !after && w[0] == '1' && w.iter().all(|c| c.is_ascii_digit())
    });
    if has_mobile {
        problems.push("内容不能包含手机号".to_owned());
    }
    let lower = text.to_lowercase();
    if ["http://", "https://", "www."].iter().any(|p| lower.contains(p)) {
        problems.push("内容不能包含网址链接".to_owned());
    }
    if ["微信", "vx:", "vx：", "wechat", "qq:", "qq："].iter().any(|p| lower.contains(p)) {
        problems.push("内容不能包含微信、QQ等联系方式".to_owned());
    }
    problems
}

pub fn password_problem(password: &str) -> Option<&'static str> {
    let n = password.chars().count();
    if n < 8 {
        Some("密码至少需要 8 位")
    } else if n > 64 {
        Some("密码不能超过 64 位")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upload_names() {
        assert_eq!(upload_file_name("my lesson (1).pdf"), "my_lesson__1_.pdf");
        assert_eq!(upload_file_name("../../etc/passwd"), "______etc_passwd");
        assert_eq!(upload_file_name("第一讲 函数.docx"), "第一讲_函数.docx");
        let long = format!("{}.pptx", "a".repeat(200));
        let cut = upload_file_name(&long);
        assert_eq!(cut.chars().count(), 95);
        assert!(cut.ends_with(".pptx"));
    }

    #[test]
    fn download_names() {
        assert_eq!(download_file_name("期中 试卷, 第二版!.pdf"), "期中试卷_第二版_.pdf");
        let long = format!("{}.xlsx", "数".repeat(150));
        let cut = download_file_name(&long);
        assert_eq!(cut.chars().count(), 100);
        assert!(cut.ends_with(".xlsx"));
    }

    #[test]
    fn upload_classes() {
        assert_eq!(upload_class("a.JPG"), Some(UploadClass::Image));
        assert_eq!(upload_class("a.docx"), Some(UploadClass::Document));
        assert_eq!(upload_class("a.mov"), Some(UploadClass::Video));
        assert_eq!(upload_class("a.aac"), Some(UploadClass::Audio));
        assert_eq!(upload_class("a.exe"), None);
        assert_eq!(upload_class("pdf"), None);
        assert_eq!(upload_class(".pdf"), None);
        for ext in ACCEPTED_UPLOAD_EXTENSIONS {
            assert!(upload_class(&format!("x.{ext}")).is_some(), "{ext}");
        }
    }

    #[test]
    fn fiscal_year() {
        assert_eq!(FiscalPeriod::of(2026, 6), FiscalPeriod { current_fiscal_year: 2026, current_month: 6, current_quarter: 1 });
        assert_eq!(FiscalPeriod::of(2026, 11).current_quarter, 2);
        assert_eq!(FiscalPeriod::of(2026, 12).current_quarter, 3);
        assert_eq!(FiscalPeriod::of(2027, 1), FiscalPeriod { current_fiscal_year: 2026, current_month: 1, current_quarter: 3 });
        assert_eq!(FiscalPeriod::of(2027, 2).current_quarter, 3);
        assert_eq!(FiscalPeriod::of(2027, 3).current_quarter, 4);
        assert_eq!(FiscalPeriod::of(2027, 5), FiscalPeriod { current_fiscal_year: 2026, current_month: 5, current_quarter: 4 });
    }

    #[test]
    fn emails_and_mobiles() {
        assert!(is_email("teacher@demo.eduhub"));
        assert!(!is_email("teacher@"));
        assert!(!is_email("a b@c.d"));
        assert!(!is_email("a@b@c.d"));
        assert!(is_mobile("13800138000"));
        assert!(!is_mobile("2380013800"));
        assert!(password_problem("short").is_some());
        assert!(password_problem("long enough").is_none());
    }

    #[test]
    fn task_text_refuses_contact_details_and_long_text() {
        assert!(task_text_problems("今天学习了二次函数，请完成练习。", 100).is_empty());
        assert_eq!(task_text_problems("联系我 13812345678", 100), vec!["内容不能包含手机号".to_owned()]);
        // A 12-digit number is not a mobile number; an 11-digit one not starting with 1 neither.
        assert!(task_text_problems("订单 138123456789 与 23812345678", 100).is_empty());
        assert_eq!(task_text_problems("见 https://x.cn", 100), vec!["内容不能包含网址链接".to_owned()]);
        assert_eq!(task_text_problems("加微信", 100), vec!["内容不能包含微信、QQ等联系方式".to_owned()]);
        assert_eq!(task_text_problems("一二三", 2).len(), 1);
    }
}
