#!/usr/bin/env python3
"""Turns the JSON reports of `make bench` into the figures section of docs/benchmarks.md."""
import glob
import json
import os
import platform
import re
import sys
import time

out_dir, doc = sys.argv[1], sys.argv[2]


def load(name):
    path = os.path.join(out_dir, name + ".json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def ms(v):
    return f"{v:.1f}"


def cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


RUN_LINE = (f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on {os.cpu_count()} cores ({cpu_model()}), "
            f"Linux {platform.release()}; server and load client pinned to different cores (`taskset`) unless a row says unpinned. "
            f"Reports (HTML with latency over time) were in `target/bench/`.")
lines = []
add = lines.append
add(RUN_LINE)
add("")

fixed = [(n, load(n)) for n in ["coedit-eduhub-fixed-p1", "coedit-yws-fixed-p1", "coedit-eduhub-fixed-p0", "coedit-yws-fixed-p0"]]
if any(r for _, r in fixed):
    add("### Co-editing, fixed load")
    add("")
    add("| server | pinned | docs × editors | updates/s | p50 ms | p99 ms | max ms | converged | server RSS per doc (incl. its 5 connections) |")
    add("|---|---|---|---|---|---|---|---|---|")
    for name, r in fixed:
        if not r:
            continue
        res = r["results"]
        server = "EduHub" if "eduhub" in name else "@y/websocket-server 0.1.1"
        rss = res.get("server_rss_per_document_bytes")
        add(f"| {server} | {'yes' if name.endswith('p1') else 'no'} | {int(res['documents'])} × {int(res['editors_per_document'])} | "
            f"{res['updates_per_s']:.0f} | {ms(r['latency']['p50Ms'])} | {ms(r['latency']['p99Ms'])} | {ms(r['latency']['maxMs'])} | "
            f"{int(res['documents_converged'])}/{int(res['documents'])} | {f'{rss/1024:.1f} KiB' if rss else '—'} |")
    add("")

idle_docs = [(n, load(n)) for n in ["coedit-eduhub-idle", "coedit-yws-idle"]]
if any(r for _, r in idle_docs):
    add("### Idle small documents (one editor each, a keystroke every 10 s)")
    add("")
    add("| server | documents | server RSS | RSS per document (incl. its connection) |")
    add("|---|---|---|---|")
    for name, r in idle_docs:
        if not r:
            continue
        res = r["results"]
        server = "EduHub" if "eduhub" in name else "@y/websocket-server 0.1.1"
        per = res.get("server_rss_per_document_bytes")
        add(f"| {server} | {int(res['documents'])} | {res.get('server_rss_bytes', 0) / 2**20:.0f} MiB | {f'{per/1024:.1f} KiB' if per else '—'} |")
    add("")

best = {}
for target, label in [("eduhub", "EduHub"), ("yws", "@y/websocket-server 0.1.1")]:
    steps = sorted(glob.glob(os.path.join(out_dir, f"coedit-{target}-step-r*.json")), key=lambda p: float(re.search(r"-r([\d.]+)\.json$", p).group(1)))
    if not steps:
        continue
    if not best:
        add("### Co-editing, step-up (per-editor rate doubled until p99 > 50 ms, then refined between the last pass and the first failure)")
        add("")
        add("| server | rate per editor | updates/s | p50 ms | p99 ms | observations missing | converged |")
        add("|---|---|---|---|---|---|---|")
    best[label] = 0
    for p in steps:
        r = json.load(open(p))
        res = r["results"]
        rate = re.search(r"-r([\d.]+)\.json$", p).group(1)
        add(f"| {label} | {rate}/s | {res['updates_per_s']:.0f} | {ms(r['latency']['p50Ms'])} | {ms(r['latency']['p99Ms'])} | "
            f"{int(res['observations_missing'])} | {int(res['documents_converged'])}/{int(res['documents'])} |")
        if r["latency"]["p99Ms"] <= 50 and res["documents_converged"] == res["documents"]:
            best[label] = max(best[label], res["updates_per_s"])
if best:
    add("")
    for label, v in best.items():
        add(f"- {label}: **{v:.0f} updates/s** at p99 ≤ 50 ms")
    if len(best) == 2 and list(best.values())[1] > 0:
        a, b = list(best.values())
        add(f"- EduHub / y-websocket-server: **{a / b:.2f}×** (target ≥ 3×)")
    add("")

idle = sorted(glob.glob(os.path.join(out_dir, "push-idle-*.json")))
if idle:
    add("### Idle push sessions")
    add("")
    add("| sessions requested | connected | failed | server RSS | RSS per session |")
    add("|---|---|---|---|---|")
    for p in idle:
        res = json.load(open(p))["results"]
        per = res.get("server_rss_per_session_bytes")
        add(f"| {int(res['sessions_requested'])} | {int(res['sessions_connected'])} | {int(res['sessions_failed'])} | "
            f"{res.get('server_rss_bytes', 0) / 2**20:.0f} MiB | {f'{per/1024:.1f} KiB' if per else '—'} |")
    add("")

rtt, rtt_ws = load("push-broadcast-rtt"), load("push-broadcast-rtt-ws")
if rtt:
    add("### Broadcast round trip (websocket-shootout style)")
    add("")
    held = int(rtt['results']['clients_held_within_limit'])
    add(f"Clients held with p95 ≤ {rtt['results']['limit_p95_ms']:.0f} ms: EduHub **{held}** (every copy durable before it is sent); lost copies {int(rtt['results']['lost'])}.")
    if rtt_ws:
        peer = int(rtt_ws['results']['clients_held_within_limit'])
        ratio = f"{held / peer:.2f}×" if peer else "—"
        add(f"websocket-shootout's Node `ws` server (`bench/peers/ws-broadcast.js`, stores nothing) in the same run: **{peer}**; EduHub / peer: **{ratio}** (target ≥ 2×).")
    add("")
    add("| clients | EduHub p50 ms | p95 ms | p99 ms | max ms | lost | Node `ws` p50 ms | p95 ms | p99 ms | lost |")
    add("|---|---|---|---|---|---|---|---|---|---|")
    peer_steps = {int(s['level']): s for s in (rtt_ws or {}).get("steps", [])}
    for s in rtt["steps"]:
        p = peer_steps.get(int(s['level']))
        peer_cells = (f"{ms(p['latency']['p50Ms'])} | {ms(p['latency']['p95Ms'])} | {ms(p['latency']['p99Ms'])} | {int(p['figures'].get('lost', 0))}"
                      if p else "– | – | – | –")
        add(f"| {int(s['level'])} | {ms(s['latency']['p50Ms'])} | {ms(s['latency']['p95Ms'])} | {ms(s['latency']['p99Ms'])} | {ms(s['latency']['maxMs'])} | {int(s['figures'].get('lost', 0))} | {peer_cells} |")
    for level, p in sorted(peer_steps.items()):
        if level > max(int(s['level']) for s in rtt["steps"]):
            add(f"| {level} | – | – | – | – | – | {ms(p['latency']['p50Ms'])} | {ms(p['latency']['p95Ms'])} | {ms(p['latency']['p99Ms'])} | {int(p['figures'].get('lost', 0))} |")
    add("")

targeted = sorted(glob.glob(os.path.join(out_dir, "push-targeted-r*.json")), key=lambda p: int(re.search(r"r(\d+)\.json$", p).group(1)))
if targeted:
    add("### Targeted pushes")
    add("")
    add("| offered/s | sessions | accepted/s | delivered/s | p50 ms | p99 ms | max ms | lost | duplicates |")
    add("|---|---|---|---|---|---|---|---|---|")
    best_push = 0
    for p in targeted:
        r = json.load(open(p))
        res = r["results"]
        add(f"| {res['pushes_offered_per_s']:.0f} | {int(res['sessions_connected'])} | {res['pushes_accepted_per_s']:.0f} | {res['delivered_per_s']:.0f} | "
            f"{ms(r['latency']['p50Ms'])} | {ms(r['latency']['p99Ms'])} | {ms(r['latency']['maxMs'])} | {int(res['lost'])} | {int(res['duplicates'])} |")
        if r["latency"]["p99Ms"] <= 50 and res["lost"] == 0:
            best_push = max(best_push, res["delivered_per_s"])
    add("")
    add(f"- **{best_push:.0f} targeted pushes/s** delivered at p99 ≤ 50 ms with no loss (target ≥ 100 k/s)")
    add("")

def wrk(name):
    """Requests/s and latency percentiles (ms) of a `wrk --latency` output, or None."""
    path = os.path.join(out_dir, f"{name}.txt")
    if not os.path.exists(path):
        return None
    text = open(path).read()
    def to_ms(v):
        v = v.strip()
        for unit, scale in (("us", 0.001), ("ms", 1.0), ("s", 1000.0)):
            if v.endswith(unit):
                return float(v[: -len(unit)]) * scale
        return float(v)
    out = {}
    for line in text.splitlines():
        parts = line.split()
        if line.startswith("Requests/sec:"):
            out["rps"] = float(parts[1])
        elif len(parts) == 2 and parts[0] in ("50%", "99%"):
            out[parts[0]] = to_ms(parts[1])
        elif line.strip().startswith("Non-2xx"):
            out["non2xx"] = int(parts[-1])
    return out if "rps" in out else None


for name, title in [("rest-user-info", "REST `/api/pub/user/info` (open loop)"), ("rest-mix", "REST: the web app's hot calls (`--mix` default, open loop)")]:
    rest = load(name)
    if not rest:
        continue
    add(f"### {title}")
    add("")
    add("| offered rps | achieved rps | p50 ms | p99 ms | max ms | errors | refused (503) | refusal p99 ms |")
    add("|---|---|---|---|---|---|---|---|")
    for s in rest["steps"]:
        f = s["figures"]
        refused = int(f.get("refused", 0))
        add(f"| {s['level']:.0f} | {f['achieved_rps']:.0f} | {ms(s['latency']['p50Ms'])} | {ms(s['latency']['p99Ms'])} | {ms(s['latency']['maxMs'])} "
            f"| {int(f['errors'] + f['client_overloaded'])} | {refused} | {ms(f['refused_p99_ms']) if refused else '—'} |")
    add("")

floor, info = wrk("rest-wrk-livez"), wrk("rest-wrk-user-info")
if floor and info:
    add("### REST against the framework's floor (wrk, 50 connections, closed loop, same run)")
    add("")
    add("| call | requests/s | p50 ms | p99 ms | non-2xx |")
    add("|---|---|---|---|---|")
    for label, w in [("`/livez` (no work: the floor)", floor), ("`/api/pub/user/info`", info)]:
        add(f"| {label} | {w['rps']:.0f} | {w.get('50%', 0):.2f} | {w.get('99%', 0):.2f} | {w.get('non2xx', 0)} |")
    add("")
    add(f"- `pub/user/info` at **{info['rps'] / floor['rps']:.2f}×** the floor (target ≥ 0.67× at p99 ≤ 5 ms)")
    add("")

for name, store in [("upload-1g", "the local file store"), ("upload-1g-s3", "an S3 bucket (s3s-fs on this machine)")]:
    upload = load(name)
    if not upload:
        continue
    add(f"### 1 GiB upload (signed PUT, streamed to {store})")
    add("")
    add(f"{upload['size'] / 2**30:.2f} GiB in {upload['seconds']:.1f} s; server RSS {upload['rssBeforeKiB'] / 1024:.0f} MiB before, "
        f"peak {upload['rssPeakKiB'] / 1024:.0f} MiB during (+{(upload['rssPeakKiB'] - upload['rssBeforeKiB']) / 1024:.1f} MiB): memory stays flat.")
    add("")

drive = load("drive-viewers")
if drive:
    res = drive["results"]
    add("### Drive: one team folder open in many views")
    add("")
    add(f"{res['views_open']:.0f} views ({res['members']:.0f} members) × {res['changes']:.0f} changes: a change reached every view at "
        f"p50 {ms(drive['latency']['p50Ms'])} ms, p99 {ms(drive['latency']['p99Ms'])} ms, max {ms(drive['latency']['maxMs'])} ms; "
        f"{res['lost']:.0f} lost (target: p99 ≤ 1 s).")
    add("")

reports = [(name, load(f"reports-{name}")) for name in ["sqlite-small", "postgres-large"]]
reports = [(name, r) for name, r in reports if r]
report_lines = []
if reports:
    add = report_lines.append
    add(RUN_LINE)
    add("")
    add("### Report calls of the data centre and QC (`--mix reports`, the admin, the last 30 days)")
    add("")
    add("p95 per call in ms over the whole run (targets: SQLite `small` ≤ 50, PostgreSQL `large` ≤ 200).")
    add("")
    add("| call | " + " | ".join(name for name, _ in reports) + " |")
    add("|---|" + "---|" * len(reports))
    calls = sorted({k[: -len(".p95_ms")] for _, r in reports for k in r["results"] if k.endswith(".p95_ms")})
    for call in calls:
        cells = [ms(r["results"][f"{call}.p95_ms"]) if f"{call}.p95_ms" in r["results"] else "—" for _, r in reports]
        add(f"| {call} | " + " | ".join(cells) + " |")
    add("| **all** (p50 / p95 / p99; errors) | " + " | ".join(
        f"{ms(r['latency']['p50Ms'])} / {ms(r['latency']['p95Ms'])} / {ms(r['latency']['p99Ms'])}; {int(r['results'].get('errors', 0))}" for _, r in reports) + " |")
    add("")

    exports = load("exports-postgres-large")
    if exports:
        add("### Exports of about 100,000 rows (PostgreSQL `large`, the admin; target ≤ 5 s)")
        add("")
        add("The most recent days whose rows fit the export limit, from `submitExcelTask` until the task is ready; the .xlsx fetched and its rows counted.")
        add("")
        add("| excelType | days | rows written | ready in | file |")
        add("|---|---|---|---|---|")
        for name, e in exports.items():
            add(f"| {name} | {e['days']} | {e['written']:,} | {e['seconds']:.2f} s | {e['bytes'] / 1e6:.1f} MB |")
        add("")

    if os.path.exists(os.path.join(out_dir, "commands-reports.log")):
        add("Commands (`BENCH_ONLY=reports make bench`, each against a freshly started server):")
        add("")
        add("```")
        report_lines.extend(open(os.path.join(out_dir, "commands-reports.log")).read().rstrip().splitlines())
        add("```")
    add = lines.append

command_logs = [os.path.join(out_dir, f"commands-{part}.log") for part in ["coedit", "push", "rest", "upload", "drive"]]
command_logs = [p for p in command_logs if os.path.exists(p)]
if command_logs:
    add("Commands (`scripts/bench.sh`, each against a freshly started server):")
    add("")
    add("```")
    for p in command_logs:
        lines.extend(open(p).read().rstrip().splitlines())
    add("```")

def replace_section(text, marker, heading, body):
    """Replaces the text between `marker`'s begin and end comments, or appends it under `heading`."""
    section = f"<!-- {marker}:begin (written by scripts/bench_report.py) -->\n" + "\n".join(body) + f"\n<!-- {marker}:end -->"
    pattern = re.compile(rf"<!-- {marker}:begin.*?<!-- {marker}:end -->", re.S)
    if pattern.search(text):
        return pattern.sub(lambda _: section, text)
    return text.rstrip() + f"\n\n## {heading}\n\n" + section + "\n"


text = open(doc).read() if os.path.exists(doc) else "# Benchmarks\n"
# A section is rewritten only when this run has figures for it (a run of one part keeps the others).
if len(lines) > 2:
    text = replace_section(text, "bench", "Load tool figures (`make bench`)", lines)
if report_lines:
    text = replace_section(text, "bench-reports", "Report calls (`BENCH_ONLY=reports make bench`)", report_lines)
open(doc, "w").write(text)
