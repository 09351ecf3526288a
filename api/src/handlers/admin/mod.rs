//! Administration (issue 18), for administrators and super users (`Access::Admin`): the
//! organisation, accounts and their one-time links, menus and the whitelist, notices and banners,
//! the data centre's record imports and the audit log. Every change is written to the audit log
//! by its handler, with its target and what changed.

mod accounts;
mod audit_log;
mod banners;
pub mod links;
mod menus;
mod notices;
mod org;
mod records;

use crate::error::{ApiError, ApiResult};
use crate::routes::RouteSink;

pub fn routes(r: &mut impl RouteSink) {
    org::routes(r);
    accounts::routes(r);
    links::routes(r);
    menus::routes(r);
    notices::routes(r);
    banners::routes(r);
    records::routes(r);
    audit_log::routes(r);
}

/// A name: trimmed, not empty, at most `max` characters.
fn name(text: &str, max: usize, what: &str) -> ApiResult<String> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > max || text.chars().any(char::is_control) {
        return Err(ApiError::bad_request(format!("{what}不能为空且不超过 {max} 字")));
    }
    Ok(text.to_owned())
}
