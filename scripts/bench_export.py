#!/usr/bin/env python3
"""Times report exports of about 100,000 rows end to end (issue 13: each within 5 s).

For each report: pick the last N days whose row count (the list's own `total`) is the largest at
most 100,000 (the export limit), submit `submitExcelTask` with that search, poll the download list
until the task is ready, fetch the .xlsx and count its data rows. Prints one line per report and,
with --json, writes the figures. Usage (a running server, the admin's password):

    scripts/bench_export.py --server http://127.0.0.1:18080 [--json out.json]
"""
import argparse
import datetime
import io
import json
import re
import sys
import time
import urllib.request
import zipfile

LIMIT = 100_000
# (excelType, the list call whose `total` the export writes)
REPORTS = [
    ("attendanceClass", "/api/attendance/detail/class"),
    ("attendanceVip", "/api/attendance/detail/vip"),
    ("feedbackDetail", "/api/feedback/statistics/detail"),
]


def call(base, path, body, token=None, raw=False):
    req = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(), method="POST" if body is not None else "GET")
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(req, timeout=120) as res:
        data = res.read()
    if raw:
        return data
    env = json.loads(data)
    if env.get("code") != "1":
        raise SystemExit(f"{path}: {env}")
    return env.get("data")


def search(days):
    today = datetime.date.today()
    first = today - datetime.timedelta(days=days - 1)
    return {"beginTimeStart": first.isoformat(), "beginTimeEnd": today.isoformat(), "pageNo": 1, "pageSize": 1}


def xlsx_rows(data):
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        sheet = next(n for n in z.namelist() if n.startswith("xl/worksheets/sheet"))
        return len(re.findall(rb"<row[ >]", z.read(sheet))) - 1  # the header row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default="http://127.0.0.1:18080")
    ap.add_argument("--email", default="admin@demo.eduhub")
    ap.add_argument("--password", default="eduhub-demo")
    ap.add_argument("--json")
    args = ap.parse_args()
    base = args.server.rstrip("/")
    token = call(base, "/api/account/login/login", {"email": args.email, "password": args.password, "type": 1})["token"]
    results = {}
    for excel_type, list_path in REPORTS:
        # The most days whose rows fit the limit (a binary search over 1..400 days).
        lo, hi, rows = 1, 400, 0
        while lo <= hi:
            mid = (lo + hi) // 2
            total = call(base, list_path, search(mid), token)["total"]
            if total <= LIMIT:
                lo, rows, days = mid + 1, total, mid
            else:
                hi = mid - 1
        params = {k: v for k, v in search(days).items() if k not in ("pageNo", "pageSize")}
        # The file is named after the business name (without spaces) and the time of asking.
        name = f"bench{excel_type}{int(time.time())}"
        started = time.monotonic()
        call(base, "/api/producer_api/submitExcelTask", {"excelType": excel_type, "businessName": name, "reqParams": params}, token)
        task = None
        while task is None:
            if time.monotonic() - started > 300:
                raise SystemExit(f"{excel_type}: not ready after 300 s")
            time.sleep(0.05)
            page = call(base, "/api/download/downloadList", {"pageNo": 1, "pageSize": 5}, token)
            for t in page["records"]:
                if t["fileName"].startswith(name) and t["fileStatus"] in (3, 4, 5):
                    task = t
                    break
        ready = time.monotonic() - started
        if task["fileStatus"] == 5:
            raise SystemExit(f"{excel_type}: the export failed: {task['error']}")
        data = call(base, task["filePath"], None, token, raw=True)
        written = xlsx_rows(data)
        results[excel_type] = {"days": days, "rows": rows, "written": written, "seconds": round(ready, 2), "bytes": len(data)}
        print(f"{excel_type:18} {days:4} days  {rows:7} rows  written {written:7}  ready in {ready:6.2f} s  {len(data) / 1e6:6.1f} MB", flush=True)
        if written != rows:
            raise SystemExit(f"{excel_type}: {written} rows written, the list counts {rows}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)


if __name__ == "__main__":
    sys.exit(main())
