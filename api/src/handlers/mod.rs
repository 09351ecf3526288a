//! Route handlers, one module per area of the spec; each declares its routes with `routes()`.

pub mod account;
pub mod admin;
pub mod collab;
pub mod config;
pub mod downloads;
pub mod feedback;
pub mod feedback_items;
pub mod files;
pub mod home;
pub mod library;
pub mod loadtest;
pub mod notice;
pub mod paper;
pub mod socket;
pub mod system;
pub mod user;
