#!/usr/bin/env bash
# `atscheck scan` against `sslyze --targets_in` on the same loopback lab servers (a benchmark,
# not a test). Loopback only: every endpoint is a lab server on 127.0.0.1, reached under its own
# host name through --resolve (atscheck) and HOST:PORT{IP} (sslyze).
#
#   Benchmarks/scan-vs-sslyze.sh                  # release build, 200 endpoints, 3 interleaved runs each
#   SKIP_BUILD=1 RUNS=5 ENDPOINTS=200 LARGE=5000 Benchmarks/scan-vs-sslyze.sh
#
# sslyze is limited to the facts a verdict needs (--tlsv1 --tlsv1_1 --tlsv1_2 --tlsv1_3
# --certinfo). The endpoints are spread round-robin over LABS lab processes serving a mix of good
# and flawed profiles (each lab admits 64 connections at once). Reported: hosts/s and peak RSS
# (medians), the machine's handshake floor (full handshakes per second with `openssl s_time`,
# one client per core, against a lab server, divided by the 8 handshakes a verdict needs), and
# atscheck alone on LARGE endpoints.
#
# Environment: RUNS (default 3), ENDPOINTS (default 200), LARGE (default 5000, 0 to skip),
# LABS (default 4), CONCURRENCY (atscheck --concurrency, default its own), SKIP_BUILD=1,
# RESULTS (default Benchmarks/results/scan-vs-sslyze-<date>.txt, "-" for none).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/release-build.sh

RUNS=${RUNS:-3}
ENDPOINTS=${ENDPOINTS:-200}
LARGE=${LARGE:-5000}
LABS=${LABS:-4}
RESULTS=${RESULTS:-Benchmarks/results/scan-vs-sslyze-$(date -u +%Y-%m-%d).txt}
PROFILES=(good-rsa good-ecdsa tls10-only static-rsa-only no-san sha1-leaf wrong-host tls13-only)

python3 -c 'import sslyze' 2>/dev/null || { echo "python3 -m sslyze is not installed (pip install sslyze)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
if [ "${SKIP_BUILD:-0}" != 1 ]; then swift build "${RELEASE_FLAGS[@]}" --product atscheck >&2; fi
BIN="$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/atscheck"
[ -x "$BIN" ] || { echo "no release binary at $BIN" >&2; exit 2; }

TMP=$(mktemp -d)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
    rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- the labs --------------------------------------------------------------------------------
lab_args=()
for p in "${PROFILES[@]}"; do lab_args+=(--profile "$p"); done
PORTS=()
for ((l = 0; l < LABS; l++)); do
    "$BIN" lab --serve "${lab_args[@]}" >"$TMP/lab$l.log" 2>&1 &
    PIDS+=($!)
    disown $!
done
for ((l = 0; l < LABS; l++)); do
    for ((i = 0; i < 100; i++)); do
        grep -q "serving until interrupted" "$TMP/lab$l.log" && break
        sleep 0.1
    done
    for p in "${PROFILES[@]}"; do
        PORTS+=("$(awk -v p="$p" '$1 == p && $2 ~ /^[0-9]+$/ { print $2 }' "$TMP/lab$l.log")")
    done
done
ROOT_CA=$(awk '/lab CA/ { print $NF }' "$TMP/lab0.log")
[ -f "$ROOT_CA" ] || { cat "$TMP/lab0.log" >&2; echo "no lab CA" >&2; exit 1; }
RESOLVE=()
for port in "${PORTS[@]}"; do RESOLVE+=(--resolve "*:$port:127.0.0.1"); done

# --- the endpoint lists ----------------------------------------------------------------------
lists() {  # N: writes $TMP/urls-N.txt (atscheck) and $TMP/targets-N.txt (sslyze)
    local n=$1 i port
    : >"$TMP/urls-$n.txt"
    : >"$TMP/targets-$n.txt"
    for ((i = 0; i < n; i++)); do
        port=${PORTS[$((i % ${#PORTS[@]}))]}
        echo "https://h$i.atscheck.test:$port/" >>"$TMP/urls-$n.txt"
        echo "h$i.atscheck.test:$port{127.0.0.1}" >>"$TMP/targets-$n.txt"
    done
}
lists "$ENDPOINTS"

concurrency=()
[ -n "${CONCURRENCY:-}" ] && concurrency=(--concurrency "$CONCURRENCY")
# The two commands as scripts, so /usr/bin/time can run them (it cannot run shell functions).
scripts() {  # N
    { printf 'exec'; printf ' %q' "$BIN" scan --input "$TMP/urls-$1.txt" "${RESOLVE[@]}" "${concurrency[@]}" \
        --ca-file "$ROOT_CA" --no-system-roots --at 2025-06-01T00:00:00Z --timeout 10 --quiet --format jsonl \
        --output "$TMP/out-$1.jsonl"; echo; } >"$TMP/atscheck-$1.sh"
    { printf 'exec'; printf ' %q' python3 -m sslyze --targets_in "$TMP/targets-$1.txt" --tlsv1 --tlsv1_1 --tlsv1_2 \
        --tlsv1_3 --certinfo --quiet --json_out "$TMP/sslyze-$1.json"; echo; } >"$TMP/sslyze-$1.sh"
}
scripts "$ENDPOINTS"
atscheck_scan() { echo bash "$TMP/atscheck-$1.sh"; }
sslyze_scan() { echo bash "$TMP/sslyze-$1.sh"; }

# measure LABEL COMMAND...: appends "seconds peakKiB" to $TMP/LABEL.runs.
measure() {
    local label=$1; shift
    /usr/bin/time -f "%e %M" -o "$TMP/time.txt" "$@" >/dev/null 2>"$TMP/$label.stderr" || true
    [ "${DEBUG:-0}" = 1 ] && cat "$TMP/$label.stderr" >&2
    cat "$TMP/time.txt" >>"$TMP/$label.runs"
}
median() {  # FILE COLUMN
    awk -v c="$2" '{ print $c }' "$1" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

for ((r = 0; r < RUNS; r++)); do
    measure atscheck $(atscheck_scan "$ENDPOINTS")
    measure sslyze $(sslyze_scan "$ENDPOINTS")
done

# Verdicts of the last atscheck run, so a reader can see the mix was judged, not refused.
verdicts=$(python3 - "$TMP/out-$ENDPOINTS.jsonl" <<'EOF'
import json, sys
summary = [json.loads(l) for l in open(sys.argv[1]) if l.startswith('{"summary"')][-1]["summary"]
print(f'{summary["allowed"]} allowed, {summary["blocked"]} blocked, {summary["unknown"]} unknown, {summary["errors"]} errors; reasons {summary["reasons"]}')
EOF
)

# --- the handshake floor ---------------------------------------------------------------------
floor_port=${PORTS[0]}  # good-rsa of the first lab
cores=$(nproc)
for ((c = 0; c < cores; c++)); do
    openssl s_time -connect "127.0.0.1:$floor_port" -new -time 8 >"$TMP/stime$c.txt" 2>&1 &
done
wait
# "N connections in T real seconds, ..." per client: the rates add up.
handshakes=$(cat "$TMP"/stime*.txt | awk '/connections in [0-9]+ real seconds/ { if ($4 > 0) r += $1 / $4 } END { printf "%.1f", r }')

# --- atscheck alone on many endpoints --------------------------------------------------------
large_line="(skipped)"
if [ "$LARGE" -gt 0 ]; then
    lists "$LARGE"
    scripts "$LARGE"
    measure large $(atscheck_scan "$LARGE")
    large_seconds=$(median "$TMP/large.runs" 1)
    large_rss=$(median "$TMP/large.runs" 2)
    large_line=$(awk -v n="$LARGE" -v s="$large_seconds" -v m="$large_rss" 'BEGIN { printf "%d endpoints: %.1f s, %.1f hosts/s, peak RSS %.1f MiB", n, s, n / s, m / 1024 }')
fi

a_s=$(median "$TMP/atscheck.runs" 1); a_m=$(median "$TMP/atscheck.runs" 2)
s_s=$(median "$TMP/sslyze.runs" 1); s_m=$(median "$TMP/sslyze.runs" 2)
report=$(awk -v n="$ENDPOINTS" -v as="$a_s" -v am="$a_m" -v ss="$s_s" -v sm="$s_m" -v hs="$handshakes" -v runs="$RUNS" \
    -v large="$large_line" -v lr="${large_rss:-0}" -v verdicts="$verdicts" 'BEGIN {
    ah = n / as; sh = n / ss; floor = hs / 8
    printf "scan vs sslyze, %d endpoints on loopback lab servers, median of %d interleaved runs\n", n, runs
    printf "  atscheck scan:            %6.2f s  %7.1f hosts/s  peak RSS %7.1f MiB\n", as, ah, am / 1024
    printf "  sslyze (versions+cert):   %6.2f s  %7.1f hosts/s  peak RSS %7.1f MiB\n", ss, sh, sm / 1024
    printf "  ratios: hosts/s %.1fx sslyze (target >= 15x); peak RSS %.2fx sslyze (target <= 0.25x)\n", ah / sh, am / sm
    printf "  handshake floor: %.1f full handshakes/s (openssl s_time, one client per core) = %.1f verdicts/s at 8 handshakes;\n", hs, floor
    printf "    atscheck reaches %.0f%% of it (target >= 60%%)\n", 100 * ah / floor
    printf "  atscheck alone, %s\n", large
    if (lr > 0) printf "    peak RSS %.2fx the %d-endpoint run (target <= 1.5x)\n", lr / am, n
    printf "  last %d-endpoint atscheck run: %s\n", n, verdicts
}')
echo "$report"
if [ "$RESULTS" != "-" ]; then
    mkdir -p "$(dirname "$RESULTS")"
    { echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(git rev-parse --short HEAD) $(nproc) cores"; echo "$report"; } >"$RESULTS"
fi
