//! Request and response bodies of the REST calls (field names as the spec gives them), one
//! module per area of the spec (`docs/spec/calls.tsv`), named as the area (`-` → `_`); the handlers
//! (`api/src/handlers/<area>`) and the web features (`web/src/features/<area>`) use the same names.
//!
//! Every type derives `TS` (TypeScript in `web/src/generated/`) and `ToSchema` (the OpenAPI
//! document's schemas).

pub mod account;
pub mod admin;
pub mod ai;
pub mod analysis;
pub mod atlas;
pub mod basket;
pub mod camp;
pub mod class_plan;
pub mod collab;
pub mod common;
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

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    /// Every exported type writes `web/src/generated/<Name>.ts`: two types of one name (in
    /// different areas) would silently overwrite each other's file.
    #[test]
    fn exported_type_names_are_unique() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut seen: HashMap<String, String> = HashMap::new();
        let mut files = vec![root];
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let mut exported = false;
            for line in text.lines().map(str::trim) {
                if line.starts_with("#[ts(export") {
                    exported = true;
                } else if exported && (line.starts_with("pub struct ") || line.starts_with("pub enum ")) {
                    let name: String = line.split_whitespace().nth(2).unwrap().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    let place = path.display().to_string();
                    if let Some(other) = seen.insert(name.clone(), place.clone()) {
                        panic!("{name} is exported from both {other} and {place}");
                    }
                    exported = false;
                }
            }
        }
        assert!(seen.len() > 200, "the protocol's exported types were read: {}", seen.len());
    }
}
