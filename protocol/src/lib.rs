//! Wire types shared by the server and the web app.
//!
//! This crate is the one place that knows the wire format: the REST envelope and its error
//! catalogue, the push envelope and its type codes, the request and response bodies, the
//! business constants of the spec and the validation rules applied at the edge. TypeScript
//! types for `web/` are generated from these types by `ts-rs` (`make types`).
//!
//! Architecture Invariant: this crate knows nothing about actix, SQL or Redis.

pub mod constants;
pub mod dictionary;
pub mod dto;
pub mod envelope;
pub mod error;
pub mod push;
mod ts_codes;
pub mod validation;

pub use envelope::ApiEnvelope;
pub use error::ErrorCode;
