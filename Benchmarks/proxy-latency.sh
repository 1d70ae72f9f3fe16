#!/usr/bin/env bash
# Added latency of `atscheck proxy` per request against a direct connection, on loopback:
# N HTTPS requests to the lab's good-rsa server with curl, direct and through the proxy
# (CONNECT tunnel; the verdict is cached after the first request, which is timed separately).
# Needs curl and faketime (the lab certificates are valid around 2025-06-01).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/release-build.sh
N=${N:-200}
LAB_PORT=${LAB_PORT:-29443}
PROXY_PORT=${PROXY_PORT:-28080}
[ "${SKIP_BUILD:-}" = 1 ] || swift build "${RELEASE_FLAGS[@]}" --product atscheck >/dev/null
BIN=.build/release/atscheck
pids=()
trap 'for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done' EXIT
"$BIN" lab --serve --port "$LAB_PORT" --profile good-rsa >/dev/null 2>&1 & pids+=($!)
"$BIN" proxy --listen "127.0.0.1:$PROXY_PORT" --ca-file TestCerts/root.pem --no-system-roots \
    --at 2025-06-01T00:00:00Z --resolve "good.atscheck.test:$LAB_PORT=127.0.0.1" >/dev/null 2>&1 & pids+=($!)
for _ in $(seq 50); do
    (exec 3<>"/dev/tcp/127.0.0.1/$PROXY_PORT") 2>/dev/null && (exec 3<>"/dev/tcp/127.0.0.1/$LAB_PORT") 2>/dev/null && break
    sleep 0.1
done
URL="https://good.atscheck.test:$LAB_PORT/"
curl_once() { faketime '2025-06-01 00:00:00' curl -s -o /dev/null --cacert TestCerts/root.pem "$@" -w '%{time_total}\n'; }
first=$(curl_once -x "http://127.0.0.1:$PROXY_PORT" "$URL")
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2) * 1000}'; }
direct=$(for _ in $(seq "$N"); do curl_once --resolve "good.atscheck.test:$LAB_PORT:127.0.0.1" "$URL"; done | median)
proxied=$(for _ in $(seq "$N"); do curl_once -x "http://127.0.0.1:$PROXY_PORT" "$URL"; done | median)
printf 'requests per mode:            %d\n' "$N"
printf 'first request via proxy:      %.1f ms (probes + verdict, then tunnel)\n' "$(echo "$first * 1000" | bc -l)"
printf 'direct, median:               %.2f ms\n' "$direct"
printf 'via proxy (cached), median:   %.2f ms\n' "$proxied"
printf 'added per request:            %.2f ms\n' "$(echo "$proxied - $direct" | bc -l)"
