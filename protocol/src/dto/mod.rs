//! Request and response bodies of the REST calls (field names as the spec gives them), one
//! module per area of the spec (`docs/spec/calls.tsv`), named as the area (`-` → `_`); the handlers
//! (`api/src/handlers/<area>`) and the web features (`web/src/features/<area>`) use the same names.
//!
//! Every type derives `TS` (TypeScript in `web/src/generated/`) and `ToSchema` (the OpenAPI
//! document's schemas).

pub mod account;
pub mod admin;
pub mod atlas;
pub mod camp;
pub mod collab;
pub mod common;
pub mod config;
pub mod datacentre;
pub mod dict;
pub mod download;
pub mod exam_group;
pub mod export;
pub mod feedback_report;
pub mod home;
pub mod knowledge_base;
pub mod library;
pub mod loadtest;
pub mod notice;
pub mod paper;
pub mod qc;
pub mod resource;
pub mod system;
pub mod upload;
pub mod user;
pub mod version;
