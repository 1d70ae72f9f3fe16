#!/usr/bin/env bash
# What Apple's CT evaluation costs `atscheck cert` (a benchmark, not a test; no network):
# median wall time of RUNS runs of each command on a corpus chain with two embedded SCTs.
#
#   Benchmarks/ct-cost.sh               # release build, 20 runs per command
#   SKIP_BUILD=1 RUNS=50 Benchmarks/ct-cost.sh
#
# Lines: fields only (no trust evaluation); trust evaluation with the SCTs judged against the
# two-log test list (so Apple's list is never read); the same against Apple's newest snapshot
# (its list parsed and its 132 keys loaded into OpenSSL, two signatures verified); and with
# `--no-system-roots --ca-file` (no Apple roots to load, CT still judged) to separate the
# root-store cost from the CT cost.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/release-build.sh
RUNS=${RUNS:-20}
if [ "${SKIP_BUILD:-0}" != 1 ]; then swift build "${RELEASE_FLAGS[@]}" --product atscheck >&2; fi
BIN="$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/atscheck"
CHAIN=Tests/Corpus/certs/001-google.com-gts-wr2-chain-137-sans-sct.pem
ROOT_OF_CHAIN=$(mktemp); trap 'rm -f "$ROOT_OF_CHAIN"' EXIT
awk '/BEGIN CERT/{n++} n==3' "$CHAIN" > "$ROOT_OF_CHAIN"   # GTS Root R1, the chain's own root
AT=2026-02-03T00:00:00Z

median() {  # median wall ms of "$@" over RUNS runs
    python3 - "$RUNS" "$@" <<'PY'
import subprocess, sys, time
runs, cmd = int(sys.argv[1]), sys.argv[2:]
subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # warm-up
times = []
for _ in range(runs):
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times.append((time.perf_counter() - start) * 1000)
times.sort()
print(f"{times[len(times) // 2]:8.1f}")
PY
}

printf '%8s  %s\n' "ms" "command (median of $RUNS runs, release build)"
printf '%s  fields only: cert CHAIN\n' "$(median "$BIN" cert "$CHAIN")"
printf '%s  Apple roots, CT against the 2-log test list: cert CHAIN --host ... --ct-log-list TestCerts/ct-test-log-list.json\n' \
    "$(median "$BIN" cert "$CHAIN" --host www.google.com --at $AT --ct-log-list TestCerts/ct-test-log-list.json)"
printf '%s  Apple roots, CT against Apple'"'"'s list: cert CHAIN --host ...\n' \
    "$(median "$BIN" cert "$CHAIN" --host www.google.com --at $AT)"
printf '%s  own root only, CT against Apple'"'"'s list: cert CHAIN --host ... --system-roots ROOT\n' \
    "$(median "$BIN" cert "$CHAIN" --host www.google.com --at $AT --system-roots "$ROOT_OF_CHAIN")"
printf '%s  own root only, CT against the test list: ... --system-roots ROOT --ct-log-list TestCerts/ct-test-log-list.json\n' \
    "$(median "$BIN" cert "$CHAIN" --host www.google.com --at $AT --system-roots "$ROOT_OF_CHAIN" --ct-log-list TestCerts/ct-test-log-list.json)"
