#!/usr/bin/env bash
# Two atscheck binaries side by side on the same inputs: host, scan, lint and app, interleaved
# round by round so that load from elsewhere falls on both alike (a benchmark, not a test).
# Used for refactorings that must not cost time (issue 44: "within 5 % of today's time").
#
#   BEFORE=/path/to/old/atscheck Benchmarks/before-after.sh            # AFTER: this checkout's release build
#   BEFORE=old AFTER=new RUNS=30 APP_DIR=~/src/SomeApp Benchmarks/before-after.sh
#
# Environment: BEFORE (required), AFTER (default: the release binary, built unless SKIP_BUILD=1),
# RUNS (timed rounds, default 20), WARMUP (untimed rounds, default 2), APP_DIR (a project
# directory for `app`, default the corpus's Reader project), SCAN_URLS (lab URLs in the scan
# list, default 40). Prints the median milliseconds of each and the ratio after/before.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/release-build.sh

: "${BEFORE:?set BEFORE to the older atscheck binary}"
RUNS=${RUNS:-20}
WARMUP=${WARMUP:-2}
SCAN_URLS=${SCAN_URLS:-40}
APP_DIR=${APP_DIR:-Tests/Corpus/projects/Reader}
if [ -z "${AFTER:-}" ]; then
    [ "${SKIP_BUILD:-0}" = 1 ] || swift build "${RELEASE_FLAGS[@]}" --product atscheck >&2
    AFTER="$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/atscheck"
fi
for bin in "$BEFORE" "$AFTER"; do [ -x "$bin" ] || { echo "not an executable: $bin" >&2; exit 2; }; done

TMP=$(mktemp -d)
LAB_PID=
cleanup() {
    if [ -n "$LAB_PID" ]; then kill -KILL "$LAB_PID" 2>/dev/null || true; fi
    rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The lab (good-rsa), served by the AFTER binary for both.
: >"$TMP/lab.log"
"$AFTER" lab --serve --profile good-rsa >"$TMP/lab.log" 2>&1 &
LAB_PID=$!
disown "$LAB_PID"
PORT=
for ((i = 0; i < 100; i++)); do
    PORT=$(awk '$1 == "good-rsa" && $2 ~ /^[0-9]+$/ { print $2 }' "$TMP/lab.log")
    if [ -n "$PORT" ] && (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then break; fi
    PORT=
    sleep 0.1
done
[ -n "$PORT" ] || { cat "$TMP/lab.log" >&2; echo "the lab never accepted" >&2; exit 1; }

TRUST=(--at 2025-06-01T00:00:00Z --ca-file TestCerts/root.pem --no-system-roots)
for ((i = 1; i <= SCAN_URLS; i++)); do echo "https://good.atscheck.test:$PORT/$i"; done >"$TMP/urls.txt"
PLIST=Tests/Corpus/plists/$(ls Tests/Corpus/plists | grep -i 'plist$' | head -1)

# command NAME BINARY: the argument vector of one measured command.
command_line() {
    case $1 in
        host) echo "$2 host good.atscheck.test ${TRUST[*]} --address 127.0.0.1 --port $PORT --format json" ;;
        scan) echo "$2 scan --input $TMP/urls.txt ${TRUST[*]} --resolve *:$PORT:127.0.0.1 --quiet --format jsonl" ;;
        lint) echo "$2 lint $PLIST --format json --no-config" ;;
        app) echo "$2 app $APP_DIR --format json --no-config" ;;
    esac
}

now_ms() { echo "${EPOCHREALTIME/./}" ; }
declare -A FILE
for name in host scan lint app; do
    for side in before after; do FILE[$name-$side]="$TMP/$name-$side.times"; : >"${FILE[$name-$side]}"; done
done
for ((round = 0; round < WARMUP + RUNS; round++)); do
    for name in host scan lint app; do
        sides=(before after)
        (( round % 2 )) && sides=(after before)
        for side in "${sides[@]}"; do
            bin=$BEFORE; [ "$side" = after ] && bin=$AFTER
            # shellcheck disable=SC2046
            start=$(now_ms); $(command_line "$name" "$bin") >/dev/null 2>&1 || true; end=$(now_ms)
            (( round < WARMUP )) || echo $(( (end - start) )) >>"${FILE[$name-$side]}"
        done
    done
done

median() { sort -n "$1" | awk '{ a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.1f", m / 1000 }'; }
printf '%-6s %12s %12s %8s\n' command "before ms" "after ms" ratio
for name in host scan lint app; do
    b=$(median "${FILE[$name-before]}"); a=$(median "${FILE[$name-after]}")
    printf '%-6s %12s %12s %8s\n' "$name" "$b" "$a" "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", a / b }')"
done
echo "(median of $RUNS interleaved rounds; before: $BEFORE; after: $AFTER)"
