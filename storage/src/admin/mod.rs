//! Administration (issue 18): the organisation as an operator edits it, the accounts'
//! administration and one-time links, and the append-only audit log. Menus, the whitelist,
//! notices and banners keep their own modules (`menus`, `whitelist`, `notices`, `home`).

pub mod accounts;
pub mod audit;
pub mod links;
pub mod org;
