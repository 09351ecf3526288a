#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo-fuzz, libFuzzer) of every decoder a client feeds, each target for
# FUZZ_SECONDS (default 60). Needs the nightly toolchain; cargo-fuzz is installed when missing.
# Not part of `make test`: a crash found becomes a regression test beside the decoder.
#
#   make fuzz                       # every target
#   FUZZ_TARGETS=doc_frames make fuzz
#
# The corpus grows in fuzz/corpus/<target> (seeded from fuzz/seeds/<target>); a crash is kept in
# fuzz/artifacts/<target>.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
TARGETS=${FUZZ_TARGETS:-"push_frames doc_frames report_filters upload_metadata xlsx_import"}

rustup toolchain list | grep -q '^nightly' || { echo "make fuzz needs the nightly toolchain (rustup toolchain install nightly)" >&2; exit 1; }
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
# The versions the server is built and tested with.
cp ../Cargo.lock Cargo.lock

for target in $TARGETS; do cargo +nightly fuzz build "$target"; done
# A failed allocation returns null, as it does in the server (a decoder's try_reserve of a huge
# claimed length is refused, not a crash). Memory is judged by what a run touches, -rss_limit_mb
# (1 GiB: a target idles near 130 MB): a reservation nobody writes (yrs reserving a VecDeque for
# the blocks an update claims) costs the server address space, not memory, while one that is
# written (a hash table's control bytes) shows in RSS. The largest such reservation a 32-bit
# claim can ask is 19.3 GB (found 2026-11-30): single allocations past 32 GiB are still reported.
export ASAN_OPTIONS=allocator_may_return_null=1
status=0
for target in $TARGETS; do
  mkdir -p "corpus/$target" logs
  seeds=()
  [ -d "seeds/$target" ] && seeds=("seeds/$target")
  echo "== $target: $SECONDS_PER_TARGET s"
  if ! cargo +nightly fuzz run "$target" "corpus/$target" "${seeds[@]}" -- \
    -max_total_time="$SECONDS_PER_TARGET" -rss_limit_mb=1024 -malloc_limit_mb=32768 -max_len=262144 -print_final_stats=1 >"logs/$target.log" 2>&1; then
    # The report of what was found (the stack of the crash or of the allocation).
    grep -E "ERROR|SUMMARY|^    #[0-9]+ .* in (hub|api|storage|protocol|yrs|calamine)|artifact" "logs/$target.log" | head -40 || true
    status=1
  fi
  grep -E "^stat::|^Done" "logs/$target.log" || true
done
exit $status
