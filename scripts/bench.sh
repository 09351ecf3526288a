#!/usr/bin/env bash
# `make bench`: EduHub (release, embedded default) and @y/websocket-server under the same load,
# driven by eduhub-load; figures go to docs/benchmarks.md (between the bench markers) with the
# commands that produced them. Not part of `make test`.
#
#   BENCH_QUICK=1   shorter steps and smaller counts (a smoke run of the whole pipeline)
#   BENCH_ONLY="coedit push rest upload drive"   run a subset; "reports" (not in the default set:
#                   it generates the `large` records on PostgreSQL once, minutes) runs every report
#                   call of the data centre and QC on SQLite `small` and on PostgreSQL `large`
#   BENCH_NO_BUILD=1 use the release binaries already built
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=target/bench
mkdir -p "$OUT"
ONLY=${BENCH_ONLY:-"coedit push rest upload drive"}
# Only the parts run now are replaced: the report keeps the figures of the others.
for part in $ONLY; do rm -f "$OUT/$part"-*.json "$OUT/$part"-*.html "$OUT/$part"-*.txt "$OUT/commands-$part.log"; done
EDUHUB_PORT=18080
YWS_PORT=18081
WS_PEER_PORT=18082
SERVER=http://127.0.0.1:$EDUHUB_PORT
QUICK=${BENCH_QUICK:-0}
STEP_SECONDS=$([ "$QUICK" = 1 ] && echo 5 || echo 15)
LOAD=./target/release/eduhub-load
CORES=$(nproc)
# Server on core 0, load client on core 1 ("pinned"), or wherever the kernel puts them.
PIN_SERVER=""; PIN_CLIENT=""
if [ "$CORES" -ge 2 ]; then PIN_SERVER="taskset -c 0"; PIN_CLIENT="taskset -c 1"; fi

[ "${BENCH_NO_BUILD:-0}" = 1 ] || cargo build --release --bin eduhub --bin eduhub-load
(cd bench/peers && npm ci --no-audit --no-fund --loglevel=error)

SERVER_PID=""
S3_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""; fi
}
stop_s3() {
  if [ -n "$S3_PID" ]; then kill "$S3_PID" 2>/dev/null || true; wait "$S3_PID" 2>/dev/null || true; S3_PID=""; fi
}
trap 'stop_server; stop_s3' EXIT
# Extra environment for the next EduHub started (e.g. its S3 bucket).
SERVER_ENV=()

# start_eduhub PINNED(0|1)
start_eduhub() {
  stop_server
  rm -rf "$OUT/data"
  local pin=""; [ "$1" = 1 ] && pin=$PIN_SERVER
  env "${SERVER_ENV[@]}" EDUHUB_DATA_DIR=$OUT/data EDUHUB_ADDR=127.0.0.1:$EDUHUB_PORT EDUHUB_LOAD_TEST=1 EDUHUB_WEB_DIR=$OUT/no-web RUST_LOG=warn \
    $pin ./target/release/eduhub serve --demo >"$OUT/eduhub.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 100); do curl -sf "$SERVER/healthz" >/dev/null && return 0; sleep 0.1; done
  echo "EduHub did not start" >&2; cat "$OUT/eduhub.log" >&2; exit 1
}

start_yws() {
  stop_server
  local pin=""; [ "$1" = 1 ] && pin=$PIN_SERVER
  HOST=127.0.0.1 PORT=$YWS_PORT $pin node bench/peers/node_modules/@y/websocket-server/src/server.js >"$OUT/yws.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 100); do (exec 3<>/dev/tcp/127.0.0.1/$YWS_PORT) 2>/dev/null && return 0; sleep 0.1; done
  echo "y-websocket server did not start" >&2; exit 1
}

# websocket-shootout's broadcast server on Node's `ws`, the broadcast round trip's peer.
start_ws_peer() {
  stop_server
  local pin=""; [ "$1" = 1 ] && pin=$PIN_SERVER
  HOST=127.0.0.1 PORT=$WS_PEER_PORT $pin node bench/peers/ws-broadcast.js >"$OUT/ws-peer.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 100); do (exec 3<>/dev/tcp/127.0.0.1/$WS_PEER_PORT) 2>/dev/null && return 0; sleep 0.1; done
  echo "ws broadcast peer did not start" >&2; exit 1
}

# load NAME PINNED ARGS…: one eduhub-load run, its command logged, its report kept as NAME.json/html.
load() {
  local name=$1 pinned=$2; shift 2
  local pin=""; [ "$pinned" = 1 ] && pin=$PIN_CLIENT
  echo "$name: $pin $LOAD $*" | sed -E 's/--server-pid [0-9]+/--server-pid <pid>/' >>"$OUT/commands-$PART.log"
  $pin $LOAD "$@" --quiet --json "$OUT/$name.json" --html "$OUT/$name.html" | tee -a "$OUT/summary.txt"
}

has() { [[ " $ONLY " == *" $1 "* ]]; }

if has coedit; then
  PART=coedit
  DOCS=$([ "$QUICK" = 1 ] && echo 100 || echo 1000)
  for pinned in 1 0; do
    start_eduhub $pinned
    load "coedit-eduhub-fixed-p$pinned" $pinned coedit --server $SERVER --docs $DOCS --editors 5 --rate 0.5 --duration $STEP_SECONDS --server-pid $SERVER_PID
    start_yws $pinned
    load "coedit-yws-fixed-p$pinned" $pinned coedit --ws-template "ws://127.0.0.1:$YWS_PORT/load-{doc}" --docs $DOCS --editors 5 --rate 0.5 --duration $STEP_SECONDS --server-pid $SERVER_PID
  done
  # Idle small documents: one editor each, a keystroke every 10 s; memory per open document.
  IDLE_DOCS=$([ "$QUICK" = 1 ] && echo 500 || echo 2000)
  start_eduhub 1
  load "coedit-eduhub-idle" 1 coedit --server $SERVER --docs $IDLE_DOCS --editors 1 --rate 0.1 --duration 5 --server-pid $SERVER_PID
  start_yws 1
  load "coedit-yws-idle" 1 coedit --ws-template "ws://127.0.0.1:$YWS_PORT/load-{doc}" --docs $IDLE_DOCS --editors 1 --rate 0.1 --duration 5 --server-pid $SERVER_PID
  # Step-up (pinned): double each editor's rate until p99 passes 50 ms, then try three rates
  # between the last that passed and the first that failed.
  step() { # TARGET RATE
    if [ "$1" = eduhub ]; then
      start_eduhub 1
      load "coedit-$1-step-r$2" 1 coedit --server $SERVER --docs $DOCS --editors 5 --rate $2 --duration $STEP_SECONDS
    else
      start_yws 1
      load "coedit-$1-step-r$2" 1 coedit --ws-template "ws://127.0.0.1:$YWS_PORT/load-{doc}" --docs $DOCS --editors 5 --rate $2 --duration $STEP_SECONDS
    fi
    awk "BEGIN{exit !($(jq '.latency.p99Ms' "$OUT/coedit-$1-step-r$2.json") <= 50)}"
  }
  for target in eduhub yws; do
    passed=0
    for rate in 0.125 0.25 0.5 1 2 4 8; do
      if step $target $rate; then passed=$rate; else break; fi
    done
    if [ "$passed" != 0 ]; then
      for k in 1.25 1.5 1.75; do
        step $target "$(echo "$passed * $k" | bc -l | sed -E 's/0+$//; s/\.$//; s/^\./0./')" || break
      done
    fi
  done
fi

if has push; then
  PART=push
  # One process may hold at most the hard open-files limit of sockets (client and server alike).
  LIMIT=$(ulimit -Hn)
  MAX_SESSIONS=$(( LIMIT - 1000 ))
  for n in 10000 50000 100000; do
    [ "$QUICK" = 1 ] && [ $n -gt 10000 ] && continue
    if [ $n -gt $MAX_SESSIONS ]; then echo "idle-$n: skipped, open-files hard limit is $LIMIT" >>"$OUT/commands-$PART.log"; continue; fi
    start_eduhub 1
    load "push-idle-$n" 1 push --server $SERVER --sessions $n --rate 0 --duration 5 --source-addrs 127.0.0.1-127.0.0.8 --server-pid $SERVER_PID
  done
  if [ $MAX_SESSIONS -lt 50000 ] && [ "$QUICK" != 1 ]; then
    start_eduhub 1
    load "push-idle-max" 1 push --server $SERVER --sessions $MAX_SESSIONS --rate 0 --duration 5 --source-addrs 127.0.0.1-127.0.0.8 --server-pid $SERVER_PID
  fi
  start_eduhub 1
  RTT_ARGS=(--step $([ "$QUICK" = 1 ] && echo 1000 || echo 2000) --max-clients $([ "$QUICK" = 1 ] && echo 4000 || echo $MAX_SESSIONS) --source-addrs 127.0.0.1-127.0.0.8)
  load "push-broadcast-rtt" 1 broadcast-rtt --server $SERVER "${RTT_ARGS[@]}"
  # The same steps against websocket-shootout's Node `ws` server, on the same core.
  start_ws_peer 1
  load "push-broadcast-rtt-ws" 1 broadcast-rtt --peer-url ws://127.0.0.1:$WS_PEER_PORT/ "${RTT_ARGS[@]}"
  SESSIONS=$([ "$QUICK" = 1 ] && echo 2000 || echo 10000)
  for rate in 5000 10000 15000 20000 30000 40000 80000; do
    start_eduhub 1
    load "push-targeted-r$rate" 1 push --server $SERVER --sessions $SESSIONS --rate $rate --duration $STEP_SECONDS --in-flight 8 --source-addrs 127.0.0.1-127.0.0.8 --server-pid $SERVER_PID
    p99=$(jq '.latency.p99Ms' "$OUT/push-targeted-r$rate.json")
    lost=$(jq '.results.lost' "$OUT/push-targeted-r$rate.json")
    if awk "BEGIN{exit !($p99 > 50 || $lost > 0)}"; then break; fi
  done
fi

if has rest; then
  PART=rest
  start_eduhub 1
  # Open loop (latency from when each call was due): the hot call alone, then the web app's mix
  # of hot calls (database reads among them) past what one core serves, where calls beyond the
  # process's bound are refused at once (503, Retry-After) instead of waiting in line.
  load "rest-user-info" 1 rest --server $SERVER --mix user-info:1 --rps 2000,4000,8000,16000,24000,32000 --duration $STEP_SECONDS
  load "rest-mix" 1 rest --server $SERVER --rps 2000,4000,8000,16000 --duration $STEP_SECONDS
  # Closed loop with wrk, the framework's floor beside it in the same run: `/livez` does no work,
  # `pub/user/info` resolves the session and answers the user's data (from the account cache).
  if command -v wrk >/dev/null; then
    TOKEN=$(curl -sf -X POST "$SERVER/api/account/login/login" -H 'content-type: application/json' \
      -d '{"email":"admin@demo.eduhub","password":"eduhub-demo","type":1}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
    for target in livez user-info; do
      path=/livez; [ "$target" = user-info ] && path=/api/pub/user/info
      echo "rest-wrk-$target: $PIN_CLIENT wrk -t1 -c50 -d${STEP_SECONDS}s --latency -H 'Authorization: Bearer <token>' $SERVER$path" >>"$OUT/commands-$PART.log"
      $PIN_CLIENT wrk -t1 -c50 -d${STEP_SECONDS}s --latency -H "Authorization: Bearer $TOKEN" "$SERVER$path" >"$OUT/rest-wrk-$target.txt"
    done
  else
    echo "wrk is not installed (apt-get install wrk): the framework's floor is not measured" | tee -a "$OUT/summary.txt"
  fi
fi
if has reports; then
  PART=reports
  # Every report call of the data centre and QC (`--mix reports`, the last 30 days, first page and
  # summary) as the admin, who sees every school: on SQLite with `small` (what `make run` seeds)…
  start_eduhub 1
  load "reports-sqlite-small" 1 rest --server $SERVER --as-admin --mix reports --days 30 --rps 2 --duration $((STEP_SECONDS * 4))
  # …and on PostgreSQL with a school group's year (`large`), generated once into its own database.
  PG_DB=${BENCH_PG_DB:-eduhub_bench_large}
  PG_URL="postgres://postgres@127.0.0.1:5432/$PG_DB"
  if ! psql -h 127.0.0.1 -U postgres -d "$PG_DB" -tAc "SELECT 1 FROM attendance LIMIT 1" 2>/dev/null | grep -q 1; then
    psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $PG_DB" -c "CREATE DATABASE $PG_DB"
    /usr/bin/time -f "seed-demo large: %e s, %M KiB" env DATABASE_URL=$PG_URL ./target/release/eduhub seed-demo --scale large 2>&1 | tail -3
  fi
  # Migrations newer than the generated database (an index can take a minute here).
  DATABASE_URL=$PG_URL ./target/release/eduhub migrate
  SERVER_ENV=(DATABASE_URL=$PG_URL EDUHUB_DEMO_RECORDS=none)
  start_eduhub 1
  # 39 calls at 2 a second: five minutes give each call about 15 samples for its p95.
  load "reports-postgres-large" 1 rest --server $SERVER --as-admin --mix reports --days 30 --rps 2 --duration $((STEP_SECONDS * 20))
  # Exports of about 100,000 rows (the most recent days that fit the export limit), each timed
  # from submitExcelTask until the task is ready, its .xlsx fetched and its rows counted.
  echo "exports-postgres-large: $PIN_CLIENT python3 scripts/bench_export.py --server $SERVER" >>"$OUT/commands-$PART.log"
  $PIN_CLIENT python3 scripts/bench_export.py --server $SERVER --json "$OUT/exports-postgres-large.json" | tee -a "$OUT/summary.txt"
  SERVER_ENV=()
fi
if has drive; then
  PART=drive
  # 1,000 open views of one team folder (500 members, two tabs each) while its owner changes it.
  start_eduhub 1
  load "drive-viewers" 1 drive-viewers --server $SERVER --viewers 1000 --tabs 2 --changes $([ "$QUICK" = 1 ] && echo 10 || echo 50) --source-addrs 127.0.0.1-127.0.0.8
fi
# upload_1g NAME: a 1 GiB PUT streamed from /dev/zero while the server's resident memory is sampled.
upload_1g() {
  local name=$1
  start_eduhub 1
  TOKEN=$(curl -s -X POST "$SERVER/api/account/login/login" -H 'content-type: application/json' \
    -d '{"email":"teacher@demo.eduhub","password":"eduhub-demo","type":1}' | jq -r .data.token)
  URL=$(curl -s -X POST "$SERVER/api/resource/getUploadUrl" -H "authorization: Bearer $TOKEN" -H 'content-type: application/json' \
    -d '{"fileName":"bench.mp4"}' | jq -r .data.uploadUrl)
  BEFORE=$(awk '/VmRSS/{print $2}' /proc/$SERVER_PID/status)
  PEAK=$BEFORE
  ( head -c 1073741824 /dev/zero | curl -s -T - "$SERVER$URL" -o "$OUT/upload-answer.json" ) &
  UPLOADER=$!
  STARTED=$(date +%s.%N)
  while kill -0 $UPLOADER 2>/dev/null; do
    RSS=$(awk '/VmRSS/{print $2}' /proc/$SERVER_PID/status); [ "$RSS" -gt "$PEAK" ] && PEAK=$RSS; sleep 0.05
  done
  SECONDS_TAKEN=$(echo "$(date +%s.%N) - $STARTED" | bc)
  echo "$name: ${SERVER_ENV[*]} head -c 1073741824 /dev/zero | curl -T - <signed PUT URL>   (RSS sampled every 50 ms)" >>"$OUT/commands-$PART.log"
  jq -n --argjson before "$BEFORE" --argjson peak "$PEAK" --arg seconds "$SECONDS_TAKEN" --slurpfile answer "$OUT/upload-answer.json" \
    '{rssBeforeKiB: $before, rssPeakKiB: $peak, seconds: ($seconds|tonumber), size: $answer[0].data.size}' >"$OUT/$name.json"
  cat "$OUT/$name.json" | tee -a "$OUT/summary.txt"
}

if has upload; then
  PART=upload
  upload_1g upload-1g
  # The same into an S3 bucket: s3s-fs (an S3 server over a directory) on core 1 beside curl.
  S3S=target/bench-tools/bin/s3s-fs
  [ -x "$S3S" ] || cargo install s3s-fs --version 0.14.1 --features binary --root target/bench-tools
  rm -rf "$OUT/s3" && mkdir -p "$OUT/s3/bench"
  $PIN_CLIENT "$S3S" --host 127.0.0.1 --port 18082 --access-key bench-key --secret-key bench-secret-0123456789 "$OUT/s3" >"$OUT/s3s.log" 2>&1 &
  S3_PID=$!
  for _ in $(seq 1 100); do (exec 3<>/dev/tcp/127.0.0.1/18082) 2>/dev/null && break; sleep 0.1; done
  SERVER_ENV=(EDUHUB_S3_BUCKET=bench EDUHUB_S3_ENDPOINT=http://127.0.0.1:18082 EDUHUB_S3_REGION=us-east-1
    EDUHUB_S3_ACCESS_KEY_ID=bench-key EDUHUB_S3_SECRET_ACCESS_KEY=bench-secret-0123456789)
  upload_1g upload-1g-s3
  SERVER_ENV=()
  stop_server
  stop_s3
fi
stop_server

python3 scripts/bench_report.py "$OUT" docs/benchmarks.md
echo "reports: $OUT/*.html; figures written to docs/benchmarks.md"
