#!/usr/bin/env bash
# Latency of a legitimate request through `atscheck proxy` while a slowloris trickles, on
# loopback: 100 connections from 127.0.0.1 each send one byte of a request head every 5 s
# (TRICKLE, INTERVAL), and N requests from 127.0.0.2 (curl --interface) ask the proxy for an
# http:// URL that full ATS refuses, which the proxy answers itself (403, no upstream). Prints
# the median and 95th percentile with and without the trickle, and what became of the
# trickling connections (503 at once beyond 64 from one address, 408 at the head deadline).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/release-build.sh
N=${N:-200}
TRICKLE=${TRICKLE:-100}
INTERVAL=${INTERVAL:-5}
PROXY_PORT=${PROXY_PORT:-28081}
[ "${SKIP_BUILD:-}" = 1 ] || swift build "${RELEASE_FLAGS[@]}" --product atscheck >/dev/null
BIN=.build/release/atscheck
pids=()
trap 'for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done' EXIT
"$BIN" proxy --listen "127.0.0.1:$PROXY_PORT" --timeout 10 >/dev/null 2>/tmp/atscheck-slowloris-proxy.log & pids+=($!)
for _ in $(seq 50); do (exec 3<>"/dev/tcp/127.0.0.1/$PROXY_PORT") 2>/dev/null && break; sleep 0.1; done

request() { curl -s -o /dev/null --interface 127.0.0.2 -x "http://127.0.0.1:$PROXY_PORT" --max-time 60 \
    -w '%{http_code} %{time_total}\n' http://blocked.example/; }
stats() { sort -k2 -g | awk '{ if ($1 != "403") bad++; t[NR] = $2 * 1000 } END {
    n = NR; printf "median %.2f ms, p95 %.2f ms, max %.2f ms, non-403 answers %d of %d", t[int((n+1)/2)], t[int(n*0.95)], t[n], bad + 0, n }'; }

baseline=$(for _ in $(seq "$N"); do request; done | stats)

python3 - "$PROXY_PORT" "$TRICKLE" "$INTERVAL" > /tmp/atscheck-slowloris-trickle.txt <<'PY' & pids+=($!)
import socket, sys, time
port, count, interval = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
head = b"GET http://slow.example/ HTTP/1.1\r\nHost: slow.example\r\n"
socks = []
for _ in range(count):
    s = socket.create_connection(("127.0.0.1", port)); s.setblocking(False); socks.append(s)
answers = {}
sent = 0
deadline = time.time() + 60
while time.time() < deadline and len(answers) < count:
    for i, s in enumerate(socks):
        if i in answers: continue
        try:
            s.send(head[sent % len(head):sent % len(head) + 1])
            data = s.recv(64)
            answers[i] = data.split(b"\r\n")[0].decode(errors="replace") if data else "closed"
        except BlockingIOError: pass
        except OSError: answers[i] = "reset"
    sent += 1
    time.sleep(interval if sent > 1 else 0.2)
summary = {}
for a in answers.values(): summary[a] = summary.get(a, 0) + 1
print(", ".join(f"{v} x {k}" for k, v in sorted(summary.items())), f"({count - len(answers)} still open)")
PY
sleep 1
during=$(for _ in $(seq "$N"); do request; done | stats)
wait "${pids[-1]}" 2>/dev/null || true

printf 'requests from 127.0.0.2 per run: %d\n' "$N"
printf 'no trickle:                       %s\n' "$baseline"
printf 'during %d trickling connections:  %s\n' "$TRICKLE" "$during"
printf 'what the trickling connections got: %s\n' "$(cat /tmp/atscheck-slowloris-trickle.txt)"
