#!/usr/bin/env bash
# Stops the nginx that .ci/nginx/start.sh started (its pid file in the state directory), and
# removes the `ports` file so tests no longer find it. Safe to run when nothing is running.
# Logs stay in the state directory for inspection.
set -euo pipefail

state="${ATSCHECK_NGINX_DIR:-/tmp/atscheck-nginx}"
pidfile="$state/nginx.pid"
rm -f "$state/ports"
[ -f "$pidfile" ] || exit 0
pid="$(cat "$pidfile" 2>/dev/null || true)"
case "$pid" in ''|*[!0-9]*) rm -f "$pidfile"; exit 0 ;; esac

# Only an nginx master counts: a stale pid file may name an unrelated process by now.
if [ "$(cat "/proc/$pid/comm" 2>/dev/null || true)" = nginx ] && kill -0 "$pid" 2>/dev/null; then
    workers="$(pgrep -P "$pid" || true)"
    kill -QUIT "$pid" 2>/dev/null || true         # graceful: the master stops its workers
    for _ in $(seq 1 50); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
        kill -KILL "$pid" 2>/dev/null || true
    fi
    for worker in $workers; do kill -KILL "$worker" 2>/dev/null || true; done
    echo "stopped nginx (pid $pid)"
fi
rm -f "$pidfile"
