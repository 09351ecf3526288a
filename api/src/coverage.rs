//! The spec's inventory of server calls (`docs/spec/calls.tsv`, compiled in) against the route
//! table's `spec` ids: what `make coverage` prints, and what the inventory tests check.

use std::collections::BTreeMap;

use crate::routes::RouteInfo;

/// The inventory, as copied from the spec.
pub const CALLS_TSV: &str = include_str!("../../docs/spec/calls.tsv");

/// One row of the inventory.
#[derive(Debug, Clone)]
pub struct SpecCall {
    pub id: String,
    pub area: String,
    pub method: String,
    pub path: String,
    pub notes: String,
}

/// The rows of the inventory, in order.
pub fn calls() -> Vec<SpecCall> {
    let mut lines = CALLS_TSV.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("calls.tsv has no column {name}"));
    let (id, area, method, path, notes) = (column("id"), column("area"), column("method"), column("path"), column("notes"));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            let cell = |i: usize| cells.get(i).copied().unwrap_or_default().to_owned();
            SpecCall { id: cell(id), area: cell(area), method: cell(method), path: cell(path), notes: cell(notes) }
        })
        .collect()
}

/// Per area: the rows implemented and the rows not.
pub struct AreaCoverage {
    pub area: String,
    pub implemented: Vec<SpecCall>,
    pub missing: Vec<SpecCall>,
}

/// Coverage of the inventory by the route table.
pub fn coverage(routes: &[RouteInfo]) -> Vec<AreaCoverage> {
    // The desktop client's local calls are made by the web, to the desktop client, not served
    // here: `protocol::dto::desktop::DESKTOP_LOCAL_CALLS` lists them and the web's bridge makes them.
    let client_calls = protocol::dto::desktop::DESKTOP_LOCAL_CALLS.map(|(id, _, _)| id);
    let claimed: std::collections::HashSet<&str> = routes.iter().flat_map(|r| r.spec.iter().copied()).chain(client_calls).collect();
    let mut areas: BTreeMap<String, AreaCoverage> = BTreeMap::new();
    for call in calls() {
        let entry = areas.entry(call.area.clone()).or_insert_with(|| AreaCoverage { area: call.area.clone(), implemented: vec![], missing: vec![] });
        if claimed.contains(call.id.as_str()) {
            entry.implemented.push(call);
        } else {
            entry.missing.push(call);
        }
    }
    areas.into_values().collect()
}

/// The report `make coverage` prints: a table per area, then the missing rows of each area.
pub fn report(routes: &[RouteInfo], with_missing: bool) -> String {
    use std::fmt::Write;
    let areas = coverage(routes);
    let mut out = String::new();
    let (mut done, mut total) = (0, 0);
    let _ = writeln!(out, "{:<20} {:>5} {:>5} {:>6}", "area", "done", "rows", "%");
    for a in &areas {
        let rows = a.implemented.len() + a.missing.len();
        done += a.implemented.len();
        total += rows;
        let _ = writeln!(out, "{:<20} {:>5} {:>5} {:>5.0}%", a.area, a.implemented.len(), rows, 100.0 * a.implemented.len() as f64 / rows as f64);
    }
    let _ = writeln!(out, "{:<20} {:>5} {:>5} {:>5.0}%", "total", done, total, 100.0 * done as f64 / total.max(1) as f64);
    if with_missing {
        for a in areas.iter().filter(|a| !a.missing.is_empty()) {
            let _ = writeln!(out, "\n{} — not implemented:", a.area);
            for c in &a.missing {
                let what = if c.path.is_empty() { c.notes.chars().take(90).collect::<String>() } else { c.path.clone() };
                let _ = writeln!(out, "  {} {:<5} {}", c.id, c.method, what);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use super::*;
    use crate::routes::{documented, table};

    #[test]
    fn the_inventory_has_unique_ids() {
        let calls = calls();
        assert!(calls.len() > 400, "calls.tsv is the spec's inventory");
        let ids: HashSet<&str> = calls.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids.len(), calls.len(), "ids are unique");
    }

    #[test]
    fn routes_claim_existing_ids_once() {
        let known: HashSet<String> = calls().into_iter().map(|c| c.id).collect();
        let mut claimed: HashMap<&str, &str> = HashMap::new();
        for route in table() {
            for id in route.spec {
                assert!(known.contains(*id), "{} {} names {id}, which is not in docs/spec/calls.tsv", route.method, route.path);
                if let Some(other) = claimed.insert(id, route.path) {
                    panic!("{id} is claimed by both {other} and {}", route.path);
                }
            }
        }
    }

    #[test]
    fn every_operation_has_its_schemas() {
        let mut faults = Vec::new();
        for (route, doc) in documented() {
            let at = format!("{} {}", route.method, route.path);
            if route.access == crate::access::Access::SocketSession {
                if doc.response.is_some() {
                    faults.push(format!("{at}: a socket upgrade answers no envelope"));
                }
                continue;
            }
            if doc.response.is_none() && route.raw.is_none() {
                faults.push(format!("{at}: the answer has no schema (a raw answer needs RouteInfo::raw)"));
            }
            if doc.response.is_some() && route.raw.is_some() {
                faults.push(format!("{at}: raw declared for an enveloped answer"));
            }
            let takes_input = doc.body.is_some() || !doc.query.is_empty() || route.path.contains('{');
            let changes_state = route.method == actix_web::http::Method::POST || route.method == actix_web::http::Method::PUT;
            if changes_state && !takes_input {
                faults.push(format!("{at}: a state change with no described input"));
            }
        }
        assert!(faults.is_empty(), "{}", faults.join("\n"));
    }

    #[test]
    fn the_report_counts_what_the_table_claims() {
        let routes = table();
        let claimed: usize = routes.iter().map(|r| r.spec.len()).sum::<usize>() + protocol::dto::desktop::DESKTOP_LOCAL_CALLS.len();
        let areas = coverage(&routes);
        assert_eq!(areas.iter().map(|a| a.implemented.len()).sum::<usize>(), claimed);
        assert_eq!(areas.iter().map(|a| a.implemented.len() + a.missing.len()).sum::<usize>(), calls().len());
        assert!(report(&routes, true).contains("total"));
    }
}
