#!/usr/bin/env bash
# Wall time of `atscheck host` against sslscan and sslyze on the same loopback lab servers
# (a benchmark, not a test). Loopback only: every target is 127.0.0.1.
#
#   Benchmarks/host-vs-peers.sh                 # release build, 20 timed runs per tool and endpoint
#   RUNS=50 WARMUP=3 Benchmarks/host-vs-peers.sh
#   SKIP_BUILD=1 PROFILE=1 Benchmarks/host-vs-peers.sh
#
# Needs sslscan and `python3 -m sslyze` (apt-get install sslscan hyperfine; pip install sslyze).
# hyperfine is optional (TIMER=hyperfine).
#
# Environment: RUNS (timed runs per command, default 20), WARMUP (untimed runs first, default 2),
# TIMER (interleaved, the default: round-robin over the tools, timed in bash; or hyperfine),
# BASE_PORT (first of two consecutive loopback ports for the lab, default: a free pair),
# CONTEXT=0 to skip the two context lines (sslscan --no-groups; sslyze restricted to versions +
# certificate), which are timed but are not what the targets compare against,
# PROFILE=1 to add a perf profile of atscheck split into phases (needs perf),
# RESULTS (file for the raw numbers, default Benchmarks/results/host-vs-peers-<date>.txt, "-" for none),
# SKIP_BUILD=1 to use the existing release binary (built with --static-swift-stdlib, as the README
# says to build the release product), DYNAMIC_STDLIB=1 to also time a release build linked against
# the shared Swift libraries (built in DYNAMIC_SCRATCH, default /tmp/atscheck-dynamic-build; the
# checkout's .build is not touched).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/release-build.sh

RUNS=${RUNS:-20}
TIMER=${TIMER:-interleaved}
WARMUP=${WARMUP:-2}
CONTEXT=${CONTEXT:-1}
PROFILE=${PROFILE:-0}
RESULTS=${RESULTS:-Benchmarks/results/host-vs-peers-$(date -u +%Y-%m-%d).txt}
HOST_NAME=good.atscheck.test
PROFILES=(good-rsa tls10-only)

for tool in sslscan python3; do
    command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install sslscan; pip install sslyze)" >&2; exit 2; }
done
python3 -c 'import sslyze' 2>/dev/null || { echo "python3 -m sslyze is not installed (pip install sslyze)" >&2; exit 2; }

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    swift build "${RELEASE_FLAGS[@]}" --product atscheck >&2
fi
BIN="$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/atscheck"
[ -x "$BIN" ] || { echo "no release binary at $BIN" >&2; exit 2; }
DYNAMIC_BIN=
if [ "${DYNAMIC_STDLIB:-0}" = 1 ]; then
    DYNAMIC_SCRATCH=${DYNAMIC_SCRATCH:-/tmp/atscheck-dynamic-build}
    swift build -c release --product atscheck --scratch-path "$DYNAMIC_SCRATCH" >&2
    DYNAMIC_BIN="$(swift build -c release --scratch-path "$DYNAMIC_SCRATCH" --show-bin-path)/atscheck"
fi

TMP=$(mktemp -d)
LAB_PID=
cleanup() {
    if [ -n "$LAB_PID" ]; then kill -KILL "$LAB_PID" 2>/dev/null || true; fi
    rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM  # so that the EXIT trap kills the lab on Ctrl-C too

# --- the lab ---------------------------------------------------------------------------------
if [ -z "${BASE_PORT:-}" ]; then
    BASE_PORT=$(python3 - <<'EOF'
import random, socket
for _ in range(200):
    base = random.randrange(20000, 60000)
    try:
        for port in (base, base + 1):
            with socket.socket() as s:
                s.bind(("127.0.0.1", port))
        print(base); break
    except OSError:
        continue
EOF
)
fi
[ -n "$BASE_PORT" ] || { echo "no free loopback port pair found" >&2; exit 2; }

lab_args=()
for p in "${PROFILES[@]}"; do lab_args+=(--profile "$p"); done
"$BIN" lab --serve --port "$BASE_PORT" "${lab_args[@]}" >"$TMP/lab.log" 2>&1 &
LAB_PID=$!
disown "$LAB_PID"  # no job-control notice when the trap kills it

declare -A PORT
for ((i = 0; i < 100; i++)); do
    for p in "${PROFILES[@]}"; do
        [ -n "${PORT[$p]:-}" ] || PORT[$p]=$(awk -v p="$p" '$1 == p && $2 ~ /^[0-9]+$/ { print $2 }' "$TMP/lab.log")
    done
    ready=1
    for p in "${PROFILES[@]}"; do
        if [ -z "${PORT[$p]}" ] || ! (exec 3<>"/dev/tcp/127.0.0.1/${PORT[$p]}") 2>/dev/null; then ready=0; fi
    done
    [ "$ready" = 1 ] && break
    kill -0 "$LAB_PID" 2>/dev/null || { cat "$TMP/lab.log" >&2; echo "the lab exited" >&2; exit 1; }
    sleep 0.1
done
[ "$ready" = 1 ] || { cat "$TMP/lab.log" >&2; echo "the lab's ports never accepted" >&2; exit 1; }

# --- commands --------------------------------------------------------------------------------
# The atscheck line judges certificates as the lab expects (lab CA only, fixed instant).
atscheck_cmd() {  # PORT [BINARY]
    echo "${2:-$BIN} host $HOST_NAME --at 2025-06-01T00:00:00Z --ca-file TestCerts/root.pem --no-system-roots --address 127.0.0.1 --port $1 --format json"
}
sslscan_cmd() { echo "sslscan --no-colour --sni-name=$HOST_NAME 127.0.0.1:$1"; }
# Context: sslscan without its key-exchange group enumeration (FFDHE groups up to 8192 bits).
sslscan_nogroups_cmd() { echo "sslscan --no-colour --no-groups --sni-name=$HOST_NAME 127.0.0.1:$1"; }
# sslyze's HOST:PORT{IP} form: SNI and certificate checks for the host name, connections to 127.0.0.1.
sslyze_cmd() { echo "python3 -m sslyze $HOST_NAME:$1{127.0.0.1}"; }
sslyze_min_cmd() { echo "python3 -m sslyze --certinfo --tlsv1 --tlsv1_1 --tlsv1_2 --tlsv1_3 $HOST_NAME:$1{127.0.0.1}"; }

# time_group LABEL COMMAND [LABEL COMMAND]...: writes RUNS wall times (ms) per command to
# $TMP/LABEL.times. Exit codes are ignored (atscheck exits 1 for a blocked host, sslyze non-zero
# for a non-compliant one); output goes to /dev/null.
# TIMER=interleaved (default): WARMUP + RUNS rounds, each running every command once in turn (round i starting with command i, in rotation),
# timed with bash's $EPOCHREALTIME (no fork for the clock), so load from elsewhere on a shared
# machine falls on all tools alike. TIMER=hyperfine: hyperfine -N per command, one after another.
time_group() {
    local -a labels=() cmds=()
    while [ $# -gt 0 ]; do labels+=("$1"); cmds+=("$2"); shift 2; done
    local i j start end
    if [ "$TIMER" = hyperfine ]; then
        for j in "${!labels[@]}"; do
            hyperfine -N -i --style none --warmup "$WARMUP" --runs "$RUNS" --export-json "$TMP/${labels[j]}.json" \
                "${cmds[j]}" >/dev/null 2>&1
            python3 -c 'import json, sys
for t in json.load(open(sys.argv[1]))["results"][0]["times"]: print(f"{t * 1000:.3f}")' \
                "$TMP/${labels[j]}.json" >"$TMP/${labels[j]}.times"
        done
        return
    fi
    for j in "${!labels[@]}"; do : >"$TMP/${labels[j]}.times"; done
    local n=${#labels[@]} k
    for ((i = 0; i < WARMUP + RUNS; i++)); do
        # Each round starts with the next command, so that every command follows every other
        # equally often: a command that always ran right after sslyze (hundreds of connections
        # the lab is still closing, their TIME_WAIT entries) would carry sslyze's wake.
        for ((k = 0; k < n; k++)); do
            j=$(( (i + k) % n ))
            stamp; start=$STAMP
            ${cmds[j]} >/dev/null 2>&1 || true
            stamp; end=$STAMP
            [ "$i" -lt "$WARMUP" ] || printf '%d.%03d\n' $(( (end - start) / 1000 )) $(( (end - start) % 1000 )) >>"$TMP/${labels[j]}.times"
        done
    done
}
# stamp: microseconds since the epoch into STAMP, without a fork where bash has EPOCHREALTIME.
if [ -n "${EPOCHREALTIME:-}" ]; then
    stamp() { STAMP=${EPOCHREALTIME/[.,]/}; }
else
    stamp() { STAMP=$(( $(date +%s%N) / 1000 )); }
fi
median() { sort -g "$TMP/$1.times" | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
minmax() { sort -g "$TMP/$1.times" | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.1f-%.1f", lo, hi }'; }
# connections COMMAND: TCP connections the command opens to the lab (each one a handshake attempt).
connections() {
    local port=$1; shift
    if ! command -v strace >/dev/null; then echo "?"; return; fi
    strace -f -qq -e trace=connect -o "$TMP/strace.out" $* >/dev/null 2>&1 || true
    grep -c "htons($port)" "$TMP/strace.out" || true
}

# --- header ----------------------------------------------------------------------------------
{
    echo "# atscheck host vs sslscan vs sslyze, loopback lab ($(date -u +%Y-%m-%dT%H:%M:%SZ))"
    echo "machine: $(nproc) CPU(s), $(uname -sm), load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
    sslscan_version=$(sslscan --version 2>&1 | sed 's/\x1b\[[0-9;]*m//g')
    echo "atscheck $("$BIN" --version) (release build), sslscan $(awk 'NF { print $NF; exit }' <<<"$sslscan_version")" \
        "($(grep -m1 -o 'OpenSSL [0-9.a-z]*' <<<"$sslscan_version")),"
    echo "sslyze $(python3 -c 'import importlib.metadata as m; print(m.version("sslyze"), "(nassl", m.version("nassl") + ", cryptography", m.version("cryptography") + ")")'), $(python3 --version), timer: $TIMER$([ "$TIMER" != hyperfine ] || echo " ($(hyperfine --version))")"
    echo "runs: $RUNS timed after $WARMUP warm-up, per command$([ "$TIMER" = hyperfine ] || echo ', in interleaved rounds'); medians in ms; lab ports: $(for p in "${PROFILES[@]}"; do printf '%s=%s ' "$p" "${PORT[$p]}"; done)"
    echo "atscheck:     $(atscheck_cmd PORT | sed "s|$BIN|atscheck|") (output to /dev/null)"
    echo "sslscan:      $(sslscan_cmd PORT)"
    echo "sslyze:       $(sslyze_cmd PORT)   (default scan commands)"
    if [ "$CONTEXT" = 1 ]; then
        echo "sslscan-nogr: $(sslscan_nogroups_cmd PORT)   (context only)"
        echo "sslyze-min:   $(sslyze_min_cmd PORT)   (context only)"
    fi
    [ -z "$DYNAMIC_BIN" ] || echo "atsck-dynamic: the atscheck line, binary linked against the shared Swift libraries   (context only)"
} >"$TMP/header.txt"
cat "$TMP/header.txt"

# --- timings ---------------------------------------------------------------------------------
tools=(atscheck sslscan sslyze)
[ "$CONTEXT" = 1 ] && tools+=(sslscan-nogr sslyze-min)
[ -n "$DYNAMIC_BIN" ] && tools+=(atsck-dynamic)
cmd_for() {  # TOOL PORT
    case $1 in
        atscheck) atscheck_cmd "$2" ;;
        sslscan) sslscan_cmd "$2" ;;
        sslyze) sslyze_cmd "$2" ;;
        sslscan-nogr) sslscan_nogroups_cmd "$2" ;;
        sslyze-min) sslyze_min_cmd "$2" ;;
        atsck-dynamic) atscheck_cmd "$2" "$DYNAMIC_BIN" ;;
    esac
}
for p in "${PROFILES[@]}"; do
    port=${PORT[$p]}
    echo "timing $p (port $port, $TIMER)..." >&2
    group=()
    for tool in "${tools[@]}"; do group+=("$p.$tool" "$(cmd_for "$tool" "$port")"); done
    time_group "${group[@]}"

    # atscheck's own account of the same work: verdict, handshakes, in-process probing time.
    for ((i = 0; i < RUNS; i++)); do $(atscheck_cmd "$port") >"$TMP/$p.report.$i.json" || true; done
    python3 - "$TMP" "$p" "$RUNS" >"$TMP/$p.atscheck-detail" <<'EOF'
import json, statistics, sys
tmp, profile, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
reports = [json.load(open(f"{tmp}/{profile}.report.{i}.json")) for i in range(runs)]
def med(xs): return statistics.median(xs)
handshakes = sorted({r["timing"]["handshakes"] for r in reports})
print(f"verdict={reports[0]['verdict']} handshakes={'/'.join(map(str, handshakes))} "
      f"probe_ms_median={med([r['timing']['probeMilliseconds'] for r in reports]):.2f}")
names = [p["name"] for p in reports[0]["probes"]]
per = {n: med([next(p["milliseconds"] for p in r["probes"] if p["name"] == n) for r in reports]) for n in names}
outcome = {p["name"]: p["outcome"] for p in reports[0]["probes"]}
print("per-probe median ms: " + ", ".join(f"{n}={per[n]:.2f}({outcome[n]})" for n in names))
print(f"sum of per-probe medians={sum(per.values()):.2f}")
EOF
    for tool in "${tools[@]}"; do
        cmd=$(cmd_for "$tool" "$port")
        connections "$port" "$cmd" >"$TMP/$p.$tool.conns"
    done
done

# Where atscheck's time goes, without the network: the process floor, the argument parser, and
# a policy-only http:// verdict (options, --at, trust store, verdict, JSON; no connection).
floors=(floor.version "$BIN --version")
[ -z "$DYNAMIC_BIN" ] || floors+=(floor.dynamic-version "$DYNAMIC_BIN --version")
floors+=(floor.help "$BIN host --help"
    floor.http-at "$BIN host http://$HOST_NAME/ --at 2025-06-01T00:00:00Z --ca-file TestCerts/root.pem --no-system-roots --format json"
    floor.http "$BIN host http://$HOST_NAME/ --ca-file TestCerts/root.pem --no-system-roots --format json"
    floor.sslscan-version "sslscan --version"
    floor.sslyze-help "python3 -m sslyze --help")
echo "timing reference points..." >&2
time_group "${floors[@]}"

# --- report ----------------------------------------------------------------------------------
{
    echo
    printf '%-11s %-11s %10s %13s %9s %9s %12s\n' endpoint tool "median ms" "min-max ms" "x atsck" "atsck/x" "connections"
    for p in "${PROFILES[@]}"; do
        a=$(median "$p.atscheck")
        for tool in "${tools[@]}"; do
            m=$(median "$p.$tool")
            awk -v p="$p" -v t="$tool" -v m="$m" -v a="$a" -v r="$(minmax "$p.$tool")" -v c="$(cat "$TMP/$p.$tool.conns")" \
                'BEGIN { printf "%-11s %-11s %10.1f %13s %9.1f %9.3f %12s\n", p, t, m, r, m / a, a / m, c }'
        done
    done
    echo
    # Issue #13: <= 0.05x sslscan on good-rsa and <= 0.25x on tls10-only; earlier: <= 0.04x sslyze,
    # a verdict from <= 10 handshakes.
    echo "targets: atscheck <= 0.05x sslscan on good-rsa, <= 0.25x on tls10-only; <= 0.04x sslyze; verdict from <= 10 handshakes"
    for p in "${PROFILES[@]}"; do
        case $p in good-rsa) limit=0.05 ;; tls10-only) limit=0.25 ;; *) limit=0.1 ;; esac
        awk -v p="$p" -v a="$(median "$p.atscheck")" -v s="$(median "$p.sslscan")" -v y="$(median "$p.sslyze")" -v l="$limit" \
            -v hs="$(sed -n 's/.*handshakes=\([0-9/]*\).*/\1/p' "$TMP/$p.atscheck-detail")" 'BEGIN {
            printf "  %-11s vs sslscan %.3f (<= %s %s)   vs sslyze %.3f (%s)   handshakes %s (%s)\n", p,
                a / s, l, a / s <= l ? "met" : "MISSED", a / y, a / y <= 0.04 ? "met" : "MISSED", hs, hs + 0 <= 10 ? "met" : "MISSED" }'
    done
    echo
    echo "atscheck detail (from --format json, $RUNS runs per endpoint):"
    for p in "${PROFILES[@]}"; do sed "s/^/  $p: /" "$TMP/$p.atscheck-detail"; done
    echo
    echo "reference points (median ms):"
    for f in version dynamic-version help http-at http sslscan-version sslyze-help; do
        [ -f "$TMP/floor.$f.times" ] || continue
        case $f in
            version) what="atscheck --version (process floor: exec, loading, Swift runtime)" ;;
            dynamic-version) what="the same, binary linked against the shared Swift libraries" ;;
            help) what="atscheck host --help (argument parser + help text)" ;;
            http-at) what="atscheck host http://... --at ... (policy-only verdict: options, --at, trust store, verdict, JSON; no connection)" ;;
            http) what="the same without --at" ;;
            sslscan-version) what="sslscan --version" ;;
            sslyze-help) what="python3 -m sslyze --help (sslyze's start-up floor)" ;;
        esac
        printf '  %7.1f  %s\n' "$(median "floor.$f")" "$what"
    done
} >"$TMP/table.txt"
cat "$TMP/table.txt"

# --- optional profile ------------------------------------------------------------------------
if [ "$PROFILE" = 1 ]; then
    if command -v perf >/dev/null; then
        p=${PROFILES[0]}
        cmd=$(atscheck_cmd "${PORT[$p]}")
        n=$(( RUNS < 20 ? RUNS : 20 ))
        perf stat -r "$n" -o "$TMP/perfstat.txt" $cmd >/dev/null 2>&1 || true
        perf record -q -e cpu-clock -F 10000 --call-graph dwarf,16384 -o "$TMP/perf.data" -- \
            bash -c "for i in \$(seq $n); do $cmd >/dev/null || true; done" >/dev/null 2>&1 || true
        perf script -i "$TMP/perf.data" --comm atscheck -F comm,pid,tid,time,ip,sym,dso 2>/dev/null >"$TMP/perf.script" || true
        task=$(awk '/task-clock/ { print $1 }' "$TMP/perfstat.txt")
        {
            echo
            echo "perf profile of atscheck host on $p ($n runs; perf stat task-clock ${task:-?} ms CPU per run; phases scaled to it):"
            python3 Benchmarks/perf-phases.py "$TMP/perf.script" "$n" "${task:-0}"
        } | tee "$TMP/profile.txt"
    else
        echo "PROFILE=1: perf is not installed; skipped" >&2
    fi
fi

# --- raw numbers -----------------------------------------------------------------------------
if [ "$RESULTS" != - ]; then
    mkdir -p "$(dirname "$RESULTS")"
    {
        cat "$TMP/header.txt" "$TMP/table.txt"
        [ -f "$TMP/profile.txt" ] && cat "$TMP/profile.txt"
        echo
        echo "raw wall times, ms, in run order:"
        for f in "$TMP"/*.times; do
            label=$(basename "$f" .times)
            printf '%-22s %s\n' "$label" "$(awk '{ printf "%.1f ", $1 }' "$f")"
        done
    } >"$RESULTS"
    echo "raw numbers: $RESULTS" >&2
fi
