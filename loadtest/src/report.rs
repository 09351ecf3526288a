//! A run's report: one JSON document, and a self-contained HTML page with latency charts over
//! time (inline SVG, no scripts, readable offline).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::stats::{LatencySummary, SeriesPoint};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub scenario: String,
    /// The server URL(s) driven.
    pub target: String,
    /// Unix milliseconds at the start.
    pub started_at: u64,
    pub duration_s: f64,
    pub machine: Machine,
    /// The scenario's parameters as given.
    pub parameters: serde_json::Value,
    /// Headline figures (scenario specific, flat: name → number).
    pub results: BTreeMap<String, f64>,
    pub latency: LatencySummary,
    /// Per-second latency and counts of the measured phase.
    pub series: Vec<SeriesPoint>,
    /// Step scenarios (broadcast-rtt, rest at several rates): one row per step.
    pub steps: Vec<StepRow>,
    /// Error kind → count.
    pub errors: BTreeMap<String, u64>,
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StepRow {
    /// Clients held (broadcast-rtt) or requests per second offered (rest).
    pub level: f64,
    pub latency: LatencySummary,
    /// Extra figures of the step (losses, achieved rate, …).
    pub figures: BTreeMap<String, f64>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Machine {
    pub cores: usize,
    pub os: String,
    pub tool_version: String,
}

impl Machine {
    pub fn current() -> Machine {
        Machine {
            cores: std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
            os: std::env::consts::OS.into(),
            tool_version: env!("CARGO_PKG_VERSION").into(),
        }
    }
}

impl Report {
    pub fn new(scenario: &str, target: &str, parameters: serde_json::Value) -> Report {
        Report {
            scenario: scenario.into(),
            target: target.into(),
            started_at: crate::stats::now_us() / 1000,
            machine: Machine::current(),
            parameters,
            ..Report::default()
        }
    }

    pub fn set(&mut self, name: &str, value: f64) {
        self.results.insert(name.into(), value);
    }

    pub fn error(&mut self, kind: &str, count: u64) {
        if count > 0 {
            *self.errors.entry(kind.into()).or_default() += count;
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    pub fn write(&self, json: Option<&Path>, html: Option<&Path>) -> std::io::Result<()> {
        if let Some(path) = json {
            std::fs::write(path, self.to_json())?;
        }
        if let Some(path) = html {
            std::fs::write(path, self.to_html())?;
        }
        Ok(())
    }

    /// A one-screen plain-text summary for the terminal.
    pub fn to_text(&self) -> String {
        let mut out = format!("== {} against {} ({:.1} s)\n", self.scenario, self.target, self.duration_s);
        for (k, v) in &self.results {
            let _ = writeln!(out, "  {k:<28} {}", number(*v));
        }
        let l = &self.latency;
        let _ = writeln!(out, "  latency ms: n={} p50={:.2} p95={:.2} p99={:.2} max={:.2}", l.count, l.p50_ms, l.p95_ms, l.p99_ms, l.max_ms);
        for row in &self.steps {
            let _ = writeln!(
                out,
                "  step {:>8}: p50={:.2} p95={:.2} p99={:.2} max={:.2} {:?}",
                number(row.level),
                row.latency.p50_ms,
                row.latency.p95_ms,
                row.latency.p99_ms,
                row.latency.max_ms,
                row.figures
            );
        }
        for (k, v) in &self.errors {
            let _ = writeln!(out, "  error {k}: {v}");
        }
        for n in &self.notes {
            let _ = writeln!(out, "  note: {n}");
        }
        out
    }

    pub fn to_html(&self) -> String {
        let mut h = String::new();
        let title = format!("eduhub-load: {}", self.scenario);
        let _ = write!(
            h,
            "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>{}</title>\
             <style>body{{font:14px system-ui,sans-serif;margin:2em;max-width:1000px}}table{{border-collapse:collapse;margin:1em 0}}\
             td,th{{border:1px solid #ccc;padding:4px 8px;text-align:right}}th{{background:#f4f4f4}}td:first-child,th:first-child{{text-align:left}}\
             .legend span{{margin-right:1em}}</style><h1>{}</h1><p>Target <code>{}</code>, {:.1} s, {} cores, started {} (Unix ms).</p>",
            esc(&title),
            esc(&title),
            esc(&self.target),
            self.duration_s,
            self.machine.cores,
            self.started_at
        );
        h.push_str("<h2>Results</h2><table><tr><th>figure</th><th>value</th></tr>");
        for (k, v) in &self.results {
            let _ = write!(h, "<tr><td>{}</td><td>{}</td></tr>", esc(k), number(*v));
        }
        h.push_str("</table><h2>Latency (ms)</h2><table><tr><th>count</th><th>mean</th><th>p50</th><th>p95</th><th>p99</th><th>p99.9</th><th>max</th></tr>");
        let l = &self.latency;
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td></tr></table>",
            l.count, l.mean_ms, l.p50_ms, l.p95_ms, l.p99_ms, l.p999_ms, l.max_ms
        );
        if !self.series.is_empty() {
            h.push_str("<h2>Latency over time</h2>");
            let t: Vec<f64> = self.series.iter().map(|p| p.t as f64).collect();
            h.push_str(&chart(
                "seconds",
                "ms",
                &t,
                &[
                    ("p50", "#2b8a3e", self.series.iter().map(|p| p.p50_ms).collect()),
                    ("p99", "#e67700", self.series.iter().map(|p| p.p99_ms).collect()),
                    ("max", "#c92a2a", self.series.iter().map(|p| p.max_ms).collect()),
                ],
            ));
            h.push_str("<h2>Throughput over time</h2>");
            h.push_str(&chart("seconds", "per second", &t, &[("measured", "#1971c2", self.series.iter().map(|p| p.count as f64).collect())]));
        }
        if !self.steps.is_empty() {
            h.push_str("<h2>Steps</h2>");
            let x: Vec<f64> = self.steps.iter().map(|s| s.level).collect();
            h.push_str(&chart(
                "level",
                "ms",
                &x,
                &[
                    ("p50", "#2b8a3e", self.steps.iter().map(|s| s.latency.p50_ms).collect()),
                    ("p95", "#5f3dc4", self.steps.iter().map(|s| s.latency.p95_ms).collect()),
                    ("p99", "#e67700", self.steps.iter().map(|s| s.latency.p99_ms).collect()),
                ],
            ));
            h.push_str("<table><tr><th>level</th><th>n</th><th>p50</th><th>p95</th><th>p99</th><th>max</th><th>figures</th></tr>");
            for s in &self.steps {
                let figures: Vec<String> = s.figures.iter().map(|(k, v)| format!("{k}={}", number(*v))).collect();
                let _ = write!(
                    h,
                    "<tr><td>{}</td><td>{}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{}</td></tr>",
                    number(s.level),
                    s.latency.count,
                    s.latency.p50_ms,
                    s.latency.p95_ms,
                    s.latency.p99_ms,
                    s.latency.max_ms,
                    esc(&figures.join(" "))
                );
            }
            h.push_str("</table>");
        }
        if !self.errors.is_empty() {
            h.push_str("<h2>Errors</h2><table><tr><th>kind</th><th>count</th></tr>");
            for (k, v) in &self.errors {
                let _ = write!(h, "<tr><td>{}</td><td>{v}</td></tr>", esc(k));
            }
            h.push_str("</table>");
        }
        if !self.notes.is_empty() {
            h.push_str("<h2>Notes</h2><ul>");
            for n in &self.notes {
                let _ = write!(h, "<li>{}</li>", esc(n));
            }
            h.push_str("</ul>");
        }
        let _ = write!(h, "<h2>Parameters</h2><pre>{}</pre></html>", esc(&serde_json::to_string_pretty(&self.parameters).unwrap_or_default()));
        h
    }
}

fn number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v:.3}")
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A line chart of several series over shared x values, as inline SVG.
fn chart(x_label: &str, y_label: &str, x: &[f64], lines: &[(&str, &str, Vec<f64>)]) -> String {
    let (w, hgt, pad) = (900.0, 260.0, 48.0);
    let x_max = x.iter().cloned().fold(0.0, f64::max).max(1.0);
    let x_min = x.iter().cloned().fold(f64::INFINITY, f64::min).min(x_max);
    let y_max = lines.iter().flat_map(|(_, _, v)| v.iter().cloned()).fold(0.0, f64::max).max(1e-3) * 1.1;
    let sx = |v: f64| pad + (v - x_min) / (x_max - x_min).max(1e-9) * (w - 2.0 * pad);
    let sy = |v: f64| hgt - pad + -(v / y_max) * (hgt - 2.0 * pad);
    let mut svg =
        format!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{hgt}\" role=\"img\" aria-label=\"{} by {}\">", esc(y_label), esc(x_label));
    let _ = write!(svg, "<rect x=\"{pad}\" y=\"{pad}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#999\"/>", w - 2.0 * pad, hgt - 2.0 * pad);
    for i in 0..=4 {
        let v = y_max * i as f64 / 4.0;
        let _ = write!(svg, "<text x=\"4\" y=\"{:.1}\" font-size=\"11\">{:.1}</text>", sy(v) + 4.0, v);
    }
    let _ = write!(svg, "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\">{} {}</text>", pad, hgt - 12.0, esc(x_label), number(x_min));
    let _ = write!(svg, "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{}</text>", w - pad, hgt - 12.0, number(x_max));
    let _ = write!(svg, "<text x=\"{pad}\" y=\"16\" font-size=\"11\">{}</text>", esc(y_label));
    for (i, (name, color, values)) in lines.iter().enumerate() {
        let points: Vec<String> = x.iter().zip(values).map(|(x, y)| format!("{:.1},{:.1}", sx(*x), sy(*y))).collect();
        let _ = write!(svg, "<polyline fill=\"none\" stroke=\"{color}\" stroke-width=\"1.5\" points=\"{}\"/>", points.join(" "));
        let _ = write!(svg, "<text x=\"{:.1}\" y=\"16\" font-size=\"12\" fill=\"{color}\">{}</text>", w - pad - 200.0 + i as f64 * 60.0, esc(name));
    }
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_has_charts_tables_and_escapes_text() {
        let mut r = Report::new("push", "http://x/<y>", serde_json::json!({"n": 1}));
        r.set("lost", 3.0);
        r.series = vec![
            SeriesPoint { t: 0, count: 10, p50_ms: 1.0, p99_ms: 2.0, max_ms: 3.0 },
            SeriesPoint { t: 1, count: 20, p50_ms: 1.5, p99_ms: 2.5, max_ms: 9.0 },
        ];
        r.error("connect", 2);
        r.error("none", 0);
        let html = r.to_html();
        assert!(html.contains("<svg") && html.contains("polyline"));
        assert!(html.contains("http://x/&lt;y&gt;"));
        assert!(html.contains("<td>lost</td><td>3</td>"));
        assert_eq!(r.errors.len(), 1, "zero counts are not errors");
        let back: Report = serde_json::from_str(&r.to_json()).unwrap();
        assert_eq!(back.results["lost"], 3.0);
        assert_eq!(back.series.len(), 2);
    }
}
