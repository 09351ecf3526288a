//! The deployed web app version (`version` area, 01 §7): the update check.

use actix_web::http::Method;
use actix_web::http::StatusCode;
use actix_web::web;
use protocol::dto::version::VersionInfo;

use crate::access::Access;
use crate::reply::{RawJson, Reply};
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::GET, "/version.json", Access::Public, "version", "Deployed web app version (query t ignored)").spec(&["S025"]), version_plain);
    r.add(info(Method::GET, "/api/version.json", Access::Public, "version", "Deployed web app version, in the envelope"), version);
}

async fn version_plain(state: web::Data<AppState>) -> RawJson<VersionInfo> {
    RawJson(StatusCode::OK, VersionInfo { version: state.version.clone() })
}

async fn version(state: web::Data<AppState>) -> Reply<VersionInfo> {
    Reply(VersionInfo { version: state.version.clone() })
}
