#!/usr/bin/env python3
"""Writes the soak's figures (scripts/soak.sh) into docs/reliability.md and its chart as an SVG.

usage: soak_report.py OUT_DIR RELIABILITY_MD CHART_SVG

"Flat" is judged on the samples after the first ten minutes (the push log fills up to its
retention in the first five, the caches and pools warm up): the last five minutes against minutes
10–15. A figure whose late median is more than 10% (or, for open files, 2%) above the early one
is growth, and the report says so.
"""
import csv
import datetime
import json
import os
import statistics
import sys

out_dir, doc_path, svg_path = sys.argv[1:4]
BEGIN, END = "<!-- soak:begin (written by scripts/soak_report.py) -->", "<!-- soak:end -->"

rows = []
with open(os.path.join(out_dir, "samples.csv")) as f:
    for r in csv.DictReader(f):
        try:
            rows.append({k: float(v) for k, v in r.items() if v != ""})
        except ValueError:
            continue
rows = [r for r in rows if "rss_kib" in r]
if len(rows) < 10:
    sys.exit(f"only {len(rows)} samples in {out_dir}/samples.csv")


def load(name):
    with open(os.path.join(out_dir, name)) as f:
        return json.load(f)


push, coedit, rest = load("push.json"), load("coedit.json"), load("rest.json")
run_s = rows[-1]["t_s"]

# (column, label, scale, unit, tolerance, how): the logs are saw-teeth (pruned every minute,
# compacted every few hundred updates), so their windows are compared by their peaks; the rest by
# their medians. A tolerance of None: shown, not judged. The load client's RSS is there to show
# the client is not what runs out; it grows by design (it keeps every push's sequence number to
# count losses and duplicates at the end).
SERIES = [
    ("rss_kib", "server RSS", lambda v: v / 1024, "MiB", 0.10, "median"),
    ("open_files", "open files", lambda v: v, "", 0.02, "median"),
    ("db_bytes", "database (file + WAL)", lambda v: v / 1048576, "MiB", 0.10, "median"),
    ("push_rows", "push log rows", lambda v: v, "", 0.10, "peak"),
    ("doc_update_rows", "document log rows", lambda v: v, "", 0.10, "peak"),
    ("load_rss_kib", "load client RSS", lambda v: v / 1024, "MiB", None, "median"),
]


def window(key, lo, hi, how="median"):
    vals = [r[key] for r in rows if lo <= r["t_s"] < hi and key in r]
    if not vals:
        return None
    return max(vals) if how == "peak" else statistics.median(vals)


load_end = run_s - 70  # the script samples one maintenance pass after the load
early = (600, 900)
late = (load_end - 300, load_end)
verdicts = []
table = ["| figure | at 1 min | minutes 10–15 | last 5 min of load | highest | change | flat |", "|---|---|---|---|---|---|---|"]
for key, label, scale, unit, tolerance, how in SERIES:
    first = window(key, 50, 70)
    a, b = window(key, *early, how), window(key, *late, how)
    label = f"{label} ({'peak' if how == 'peak' else 'median'})"
    top = max((r[key] for r in rows if key in r), default=None)
    if a is None or b is None:
        continue
    change = (b - a) / a if a else 0.0
    if tolerance is None:
        verdict = "– (not judged)"
    else:
        flat = change <= tolerance
        verdicts.append(flat)
        verdict = "yes" if flat else "**no**"
    fmt = (lambda v: f"{scale(v):,.1f} {unit}".strip()) if unit else (lambda v: f"{scale(v):,.0f}")
    table.append(f"| {label} | {fmt(first) if first is not None else '–'} | {fmt(a)} | {fmt(b)} | {fmt(top)} | {change * 100:+.1f}% | {verdict} |")

pr, cr, rr = push["results"], coedit["results"], rest["results"]
# With churn the editors move to new documents every round: `documents` counts them all.
rounds = int(cr.get("rounds", 1))
open_docs = int(cr["documents"]) // max(rounds, 1)
churned = f", new ones every {coedit['parameters']['churn'] / 60:.0f} min ({int(cr['documents']):,} in all)" if rounds > 1 else ""
rest_step = dict(rest["steps"][0]["figures"], offered_rps=rest["steps"][0]["level"]) if rest.get("steps") else {}
loads = [
    "| load | asked | done | p50 / p99 ms | lost, duplicated, errors |",
    "|---|---|---|---|---|",
    f"| targeted pushes, {int(pr['sessions_connected'])} sessions | {pr['pushes_offered_per_s']:,.0f}/s | {pr['delivered_per_s']:,.0f}/s delivered | "
    f"{push['latency']['p50Ms']:.1f} / {push['latency']['p99Ms']:.1f} | {int(pr['lost'])} lost, {int(pr['duplicates'])} duplicated |",
    f"| co-editing, {open_docs:,} documents × {int(cr['editors_per_document'])} editors{churned} | {open_docs * cr['editors_per_document'] * float(coedit['parameters']['rate']):,.0f} updates/s | "
    f"{cr['updates_per_s']:,.0f} updates/s, {int(cr['documents_converged'])}/{int(cr['documents'])} converged | "
    f"{coedit['latency']['p50Ms']:.1f} / {coedit['latency']['p99Ms']:.1f} | {int(cr.get('observations_missing', 0))} keystrokes unseen |",
    f"| REST (user info, banner, counts, download check) | {rest_step.get('offered_rps', 0):,.0f} rps | {rest_step.get('achieved_rps', 0):,.0f} rps | "
    f"{rest['latency']['p50Ms']:.1f} / {rest['latency']['p99Ms']:.1f} | {int(rest_step.get('errors', 0) + rest_step.get('client_overloaded', 0))} errors |",
]

# Stalls: the seconds whose p99 passed 100 ms (a periodic pause of the writer shows as a run of
# them at a fixed period), and the worst second of each load.
def stalls(name, report):
    series = [p for p in report.get("series", []) if p.get("count")]
    slow = sorted((p for p in series if p["p99Ms"] > 100), key=lambda p: p["t"])
    worst = max(series, key=lambda p: p["p99Ms"], default=None)
    at = ", ".join(f"{p['t'] // 60}:{p['t'] % 60:02d}" for p in slow[:12]) + (" …" if len(slow) > 12 else "")
    worst_text = f"{worst['p99Ms']:.0f} ms at {worst['t'] // 60}:{worst['t'] % 60:02d}" if worst else "–"
    return f"| {name} | {len(series):,} | {len(slow)} | {at or '–'} | {worst_text} |"


stall_table = [
    "| load | seconds | seconds with p99 > 100 ms | at (min:s) | worst second's p99 |",
    "|---|---|---|---|---|",
    stalls("targeted pushes", push),
    stalls("co-editing", coedit),
    stalls("REST", rest),
]

# The chart: one panel per figure, time across.
W, H, PAD, PANEL = 760, 150, 48, 5
svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H * len(SERIES) + 20}" font-family="sans-serif" font-size="11">',
       '<rect width="100%" height="100%" fill="white"/>']
for i, (key, label, scale, unit, _, _) in enumerate(SERIES):
    pts = [(r["t_s"], scale(r[key])) for r in rows if key in r]
    if not pts:
        continue
    top = max(v for _, v in pts) * 1.1 or 1
    y0 = i * H + 20
    x = lambda t: PAD + (W - PAD - 10) * t / max(run_s, 1)
    y = lambda v: y0 + H - 30 - (H - 45) * v / top
    svg.append(f'<text x="{PAD}" y="{y0 + 5}" font-weight="bold">{label}{" (" + unit + ")" if unit else ""}</text>')
    svg.append(f'<line x1="{PAD}" y1="{y(0)}" x2="{W - 10}" y2="{y(0)}" stroke="#999"/>')
    svg.append(f'<line x1="{PAD}" y1="{y(0)}" x2="{PAD}" y2="{y(top)}" stroke="#999"/>')
    for frac in (0.5, 1.0):
        v = top / 1.1 * frac
        svg.append(f'<text x="{PAD - 4}" y="{y(v) + 4}" text-anchor="end">{v:,.0f}</text>')
        svg.append(f'<line x1="{PAD}" y1="{y(v)}" x2="{W - 10}" y2="{y(v)}" stroke="#eee"/>')
    for minute in range(0, int(run_s / 60) + 1, 5):
        svg.append(f'<text x="{x(minute * 60)}" y="{y(0) + 14}" text-anchor="middle">{minute} min</text>')
    line = " ".join(f"{x(t):.1f},{y(v):.1f}" for t, v in pts)
    svg.append(f'<polyline fill="none" stroke="#1c7ed6" stroke-width="1.5" points="{line}"/>')
svg.append("</svg>")
with open(svg_path, "w") as f:
    f.write("\n".join(svg) + "\n")

with open(os.path.join(out_dir, "command.txt")) as f:
    commands = f.read().strip()
when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
section = [
    BEGIN,
    f"Run {when}, {run_s / 60:.0f} minutes sampled every 10 s ({len(rows)} samples), release build, SQLite, server and load pinned to different cores:",
    "",
    "```",
    commands,
    "```",
    "",
    *loads,
    "",
    *stall_table,
    "",
    *table,
    "",
    f"![The soak's figures over time]({os.path.relpath(svg_path, os.path.dirname(doc_path))})",
    "",
    f"**{'Flat' if verdicts and all(verdicts) else 'Not flat'}**: {sum(verdicts)} of {len(verdicts)} figures within their tolerance "
    "(10%, open files 2%) between minutes 10–15 and the last five minutes of load; the load client's RSS is shown, not judged.",
    END,
]
with open(doc_path) as f:
    doc = f.read()
if BEGIN in doc:
    head, rest_of = doc.split(BEGIN, 1)
    doc = head + "\n".join(section) + rest_of.split(END, 1)[1]
else:
    doc = doc.rstrip() + "\n\n## Soak\n\n" + "\n".join(section) + "\n"
with open(doc_path, "w") as f:
    f.write(doc)
print("\n".join(loads + [""] + table))
