//! The desktop client (`desktop` area, 01 §7, 03 §7.12): the version check that decides its
//! upgrade prompt. The other calls of the area are the desktop client's own, on this computer
//! (`protocol::dto::desktop::DESKTOP_LOCAL_CALLS`); the web's bridge makes them.

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::desktop::{DesktopVersion, DesktopVersionQuery};

use crate::access::Access;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::GET, "/api/desktop/version", Access::Public, "desktop", "Whether a desktop client of version ?current= should be upgraded")
            .spec(&["S101"]),
        version,
    );
}

/// A version's numbers (`1.2.10` → [1, 2, 10]); `None` when it is not one.
pub fn parse_version(v: &str) -> Option<Vec<u64>> {
    let v = v.trim().trim_start_matches(['v', 'V']);
    if v.is_empty() || v.len() > 32 {
        return None;
    }
    v.split('.').map(|part| part.parse::<u64>().ok()).collect()
}

fn older(a: &[u64], b: &[u64]) -> bool {
    let len = a.len().max(b.len());
    let at = |v: &[u64], i: usize| v.get(i).copied().unwrap_or(0);
    (0..len).map(|i| (at(a, i), at(b, i))).find(|(x, y)| x != y).is_some_and(|(x, y)| x < y)
}

async fn version(state: web::Data<AppState>, query: web::Query<DesktopVersionQuery>) -> ApiResult<Reply<DesktopVersion>> {
    let config = &state.config.desktop;
    // An old client that sends no version predates the check: it is older than any minimum.
    let current = if query.current.trim().is_empty() { Some(vec![0]) } else { parse_version(&query.current) };
    let current = current.ok_or_else(|| ApiError::bad_request("版本号格式应为 1.2.3"))?;
    let latest = parse_version(&config.latest).unwrap_or_default();
    let minimum = parse_version(&config.minimum).unwrap_or_default();
    Ok(Reply(DesktopVersion {
        current: query.current.trim().to_owned(),
        latest: config.latest.clone(),
        minimum: config.minimum.clone(),
        upgrade_required: older(&current, &minimum),
        upgrade_available: older(&current, &latest),
        download_url: config.download_url.clone(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_compare_by_number() {
        let v = |s| parse_version(s).unwrap();
        assert!(older(&v("1.2.9"), &v("1.2.10")));
        assert!(!older(&v("1.2.10"), &v("1.2.9")));
        assert!(!older(&v("1.2"), &v("1.2.0")));
        assert!(older(&v("1.2"), &v("1.2.1")));
        assert!(!older(&v("v2.0.0"), &v("1.9.9")));
        assert_eq!(parse_version("1.x"), None);
        assert_eq!(parse_version(""), None);
    }
}
