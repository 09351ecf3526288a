#!/usr/bin/env bash
# `make soak`: mixed load at half the measured capacity for SOAK_MINUTES (default 30) against the
# release build on the embedded default (SQLite, in-process bus), sampling the server's RSS, open
# files and database every 10 s. The figures and a chart go to docs/reliability.md (between the
# soak markers) and docs/soak.svg. Not part of `make test`.
#
# Half the measured capacity (docs/benchmarks.md: 9,982 targeted pushes/s, 3,727 co-edit
# updates/s, 2,000 rps of `pub/user/info`), shared out: each of the three loads runs at a sixth
# of its own capacity, so together they ask half of what the server can do.
#
#   SOAK_MINUTES=30   how long the load runs
#   SOAK_NO_BUILD=1   use the release binaries already built
#   SOAK_DOC=FILE     write the figures there instead of docs/reliability.md (a trial run)
#   SOAK_COEDIT_CHURN=300  seconds before the editors move to new documents
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=target/soak
rm -rf "$OUT"
mkdir -p "$OUT"
MINUTES=${SOAK_MINUTES:-30}
SECS=$((MINUTES * 60))
PORT=18090
SERVER=http://127.0.0.1:$PORT
LOAD=./target/release/eduhub-load
# The loads, a sixth of each capacity.
PUSH_SESSIONS=2000
PUSH_RATE=1650
COEDIT_DOCS=250
COEDIT_RATE=0.5 # per editor, 5 editors: 625 updates/s
COEDIT_KEEP=2000 # characters a document keeps (edited, not grown for half an hour)
# The editors move to new documents every 5 minutes, as teachers finish one report and open the
# next: the rooms left unload, and the soak shows their memory comes back (with the same rooms
# open all along, yrs keeps every edit and tombstone and RSS cannot be flat).
COEDIT_CHURN=${SOAK_COEDIT_CHURN:-300}
REST_RPS=330
# Pushes are kept 5 minutes (7 days in production) and pruned every minute, so that the log
# reaches its steady size within the run: the soak shows it stays there.
RETENTION_SECS=300
PIN_SERVER=""; PIN_CLIENT=""
if [ "$(nproc)" -ge 2 ]; then PIN_SERVER="taskset -c 0"; PIN_CLIENT="taskset -c 1"; fi

[ "${SOAK_NO_BUILD:-0}" = 1 ] || cargo build --release --bin eduhub --bin eduhub-load

SERVER_PID=""
SAMPLER_PID=""
cleanup() {
  [ -z "$SAMPLER_PID" ] || kill "$SAMPLER_PID" 2>/dev/null || true
  [ -z "$SERVER_PID" ] || kill "$SERVER_PID" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap cleanup EXIT

env EDUHUB_DATA_DIR=$OUT/data EDUHUB_ADDR=127.0.0.1:$PORT EDUHUB_LOAD_TEST=1 EDUHUB_WEB_DIR=$OUT/no-web \
  EDUHUB_DEMO_RECORDS=small EDUHUB_PUSH_RETENTION_SECS=$RETENTION_SECS EDUHUB_MAINTENANCE_SECS=60 RUST_LOG=warn \
  $PIN_SERVER ./target/release/eduhub serve --demo >"$OUT/eduhub.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 600); do curl -sf "$SERVER/healthz" >/dev/null && break; sleep 0.1; done
curl -sf "$SERVER/healthz" >/dev/null || { echo "EduHub did not start" >&2; cat "$OUT/eduhub.log" >&2; exit 1; }

DB=$OUT/data/eduhub.db
# seconds, RSS KiB, open files, database bytes (file + WAL), push log rows, document log rows,
# and the load processes' RSS KiB together (the client must not be what runs out)
sample() {
  local start=$1
  echo "t_s,rss_kib,open_files,db_bytes,push_rows,doc_update_rows,load_rss_kib" >"$OUT/samples.csv"
  while kill -0 "$SERVER_PID" 2>/dev/null; do
    local rss fds bytes pushes updates load
    rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$SERVER_PID/status")
    load=$(for p in $(pgrep -f "$LOAD "); do awk '/^VmRSS:/ {print $2}' "/proc/$p/status" 2>/dev/null; done | awk '{s += $1} END {print s + 0}')
    fds=$(find "/proc/$SERVER_PID/fd" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)
    bytes=$(cat "$DB" "$DB-wal" 2>/dev/null | wc -c)
    pushes=$(sqlite3 -readonly "$DB" "PRAGMA busy_timeout=2000; SELECT count(*) FROM push_log;" 2>/dev/null | tail -1)
    updates=$(sqlite3 -readonly "$DB" "PRAGMA busy_timeout=2000; SELECT count(*) FROM doc_updates;" 2>/dev/null | tail -1)
    echo "$(($(date +%s) - start)),$rss,$fds,$bytes,${pushes:-},${updates:-},$load" >>"$OUT/samples.csv"
    sleep 10
  done
}
sample "$(date +%s)" &
SAMPLER_PID=$!

COMMON=(--server "$SERVER" --quiet)
echo "soak: ${MINUTES} min; pushes ${PUSH_RATE}/s to ${PUSH_SESSIONS} sessions, ${COEDIT_DOCS} documents × 5 editors at ${COEDIT_RATE}/s, REST ${REST_RPS} rps"
$PIN_CLIENT $LOAD push "${COMMON[@]}" --prefix soakp- --sessions $PUSH_SESSIONS --rate $PUSH_RATE --duration $SECS \
  --server-pid $SERVER_PID --json "$OUT/push.json" >"$OUT/push.log" 2>&1 &
PUSH=$!
$PIN_CLIENT $LOAD coedit "${COMMON[@]}" --prefix soakc- --docs $COEDIT_DOCS --editors 5 --rate $COEDIT_RATE \
  --keep-chars $COEDIT_KEEP --churn $COEDIT_CHURN --duration $SECS --json "$OUT/coedit.json" >"$OUT/coedit.log" 2>&1 &
COEDIT=$!
$PIN_CLIENT $LOAD rest "${COMMON[@]}" --prefix soakr- --users 20 --rps $REST_RPS --duration $SECS \
  --json "$OUT/rest.json" >"$OUT/rest.log" 2>&1 &
REST=$!
status=0
for pid in $PUSH $COEDIT $REST; do wait $pid || status=1; done
# One more maintenance pass and a last sample after the load.
sleep 70
kill "$SAMPLER_PID" 2>/dev/null || true
wait "$SAMPLER_PID" 2>/dev/null || true
SAMPLER_PID=""
[ $status = 0 ] || { echo "a load process failed:" >&2; tail -5 "$OUT"/*.log >&2; exit 1; }

cat >"$OUT/command.txt" <<EOF
SOAK_MINUTES=$MINUTES make soak
server: EDUHUB_PUSH_RETENTION_SECS=$RETENTION_SECS EDUHUB_MAINTENANCE_SECS=60 $PIN_SERVER eduhub serve --demo
$PIN_CLIENT eduhub-load push --sessions $PUSH_SESSIONS --rate $PUSH_RATE --duration $SECS
$PIN_CLIENT eduhub-load coedit --docs $COEDIT_DOCS --editors 5 --rate $COEDIT_RATE --keep-chars $COEDIT_KEEP --churn $COEDIT_CHURN --duration $SECS
$PIN_CLIENT eduhub-load rest --users 20 --rps $REST_RPS --duration $SECS
EOF
if [ -n "${SOAK_DOC:-}" ]; then
  # A trial's file starts as just the markers the report writes between.
  [ -f "$SOAK_DOC" ] || printf '<!-- soak:begin (written by scripts/soak_report.py) -->\n<!-- soak:end -->\n' >"$SOAK_DOC"
  python3 scripts/soak_report.py "$OUT" "$SOAK_DOC" "$OUT/soak.svg"
else
  python3 scripts/soak_report.py "$OUT" docs/reliability.md docs/soak.svg
fi
