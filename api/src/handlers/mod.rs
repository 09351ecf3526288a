//! Route handlers, one module per area of the spec (`docs/spec/calls.tsv`, `-` → `_`), named as
//! the area's wire types in `protocol::dto`; each declares its routes with `routes()`. Modules
//! for calls of our own: `admin` (back office), `analysis` (learning analysis and stage reports), `class_plan` (one-on-one course plans), `collab` (document members), `config` (shell
//! links), `loadtest` (the load tool's setup), `system` (health, metrics, API description), `teaching`
//! (the teaching service's own calls).

pub mod account;
pub mod admin;
pub mod ai;
pub mod analysis;
pub mod atlas;
pub mod basket;
pub mod camp;
pub mod class_plan;
pub mod collab;
pub mod config;
pub mod datacentre;
pub mod desktop;
pub mod dict;
pub mod document;
pub mod download;
pub mod exam_group;
pub mod export;
pub mod feedback;
pub mod feedback_report;
pub mod home;
pub mod knowledge_base;
pub mod lesson_task;
pub mod library;
pub mod live_lesson;
pub mod loadtest;
pub mod notice;
pub mod online_reminder;
pub mod outline;
pub mod paper;
pub mod qc;
pub mod question;
pub mod realtime;
pub mod record_tool;
pub mod resource;
pub mod student_dynamic;
pub mod system;
pub mod teaching;
pub mod teaching_aid;
pub mod teaching_material;
pub mod team;
pub mod tracking;
pub mod upload;
pub mod user;
pub mod version;
pub mod work_task;
pub mod wrong_question;

use crate::error::{ApiError, ApiResult};

/// A name or title: trimmed, 1 to `max` characters, else refused naming it as `label`.
pub(crate) fn bounded_text(text: &str, max: usize, label: &str) -> ApiResult<String> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > max {
        return Err(ApiError::bad_request(format!("{label}需为1到{max}个字")));
    }
    Ok(text.to_owned())
}

/// A list's search keyword: trimmed, absent when empty, at most `max` characters.
pub(crate) fn keyword(text: Option<&str>, max: usize) -> ApiResult<Option<String>> {
    let Some(k) = text.map(str::trim).filter(|k| !k.is_empty()) else { return Ok(None) };
    if k.chars().count() > max {
        return Err(ApiError::bad_request(format!("keyword 最多 {max} 字")));
    }
    Ok(Some(k.to_owned()))
}
