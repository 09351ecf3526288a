//! Route handlers, one module per area of the spec (`docs/spec/calls.tsv`, `-` → `_`), named as
//! the area's wire types in `protocol::dto`; each declares its routes with `routes()`. Modules
//! for calls of our own: `admin` (back office), `collab` (document members), `config` (shell
//! links), `loadtest` (the load tool's setup), `system` (health, metrics, API description).

pub mod account;
pub mod admin;
pub mod atlas;
pub mod camp;
pub mod collab;
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
pub mod realtime;
pub mod resource;
pub mod system;
pub mod teaching;
pub mod upload;
pub mod user;
pub mod version;
