//! The EduHub server: REST in the spec's envelope, the WebSocket endpoints and the static web app.
//!
//! Modules: `app` builds and runs the server; `routes` is the route table (every route with its
//! access); `access` holds every permission rule; `auth` resolves sessions; `error` is the one
//! error type mapped to the envelope; `handlers` has one module per area of the spec;
//! `openapi` derives the API description from the route table.

pub mod access;
pub mod admission;
pub mod ai;
pub mod app;
pub mod assistant;
pub mod audit;
pub mod auth;
pub mod client_addr;
pub mod config;
pub mod coverage;
pub mod error;
pub mod extract;
pub mod handlers;
pub mod object_response;
pub mod openapi;
pub mod paging;
pub mod paper_recognition;
pub mod qr;
pub mod reply;
pub mod routes;
pub mod sheet;
pub mod signing;
pub mod state;
pub mod tracking;

pub use app::Application;
pub use config::Config;
