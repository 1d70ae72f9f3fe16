#!/usr/bin/env bash
# `atscheck why` on one long line built to make its patterns backtrack (a benchmark, not a
# test): each shape's line is doubled from 10 KB to 1.28 MB (or SIZES) and the seconds per size
# printed, so linearity shows (the time doubles with the line, it does not quadruple). Issue 43:
# a 40 KB line of `“` took over 60 s, 126 KB of repeated `didFailProvisionalLoadForFrame:` 54 s.
#
#   Benchmarks/why-long-line.sh                                   # release build; every shape
#   SHAPES="quotes didfail" SIZES="40000 80000" SKIP_BUILD=1 Benchmarks/why-long-line.sh
#   BIN=.build/debug/atscheck Benchmarks/why-long-line.sh         # another build, to compare
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/release-build.sh

SHAPES=${SHAPES:-quotes didfail certificate failedload trust urlkey triggers}
SIZES=${SIZES:-10000 20000 40000 80000 160000 320000 640000 1280000}
TIMEOUT=${TIMEOUT:-120}
release_binary
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "atscheck $("$BIN" --version), machine: $(nproc) CPU(s), $(uname -sm)"
for shape in $SHAPES; do
    for size in $SIZES; do
        python3 - "$shape" "$size" "$work/paste.txt" <<'PY'
import sys
shape, size, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
# A fragment repeated to the size, then the real line of its kind (the answer must not change).
fragments = {
    "quotes": ("Error “", 'Error Domain=NSOSStatusErrorDomain Code=-67818 "“pos.example.net” certificate is expired"'),
    "didfail": ("WebPageProxy::didFailProvisionalLoadForFrame: frameID=1, ", "didFailProvisionalLoadForFrame: frameID=1, domain=NSURLErrorDomain, code=-1022"),
    "certificate": ("Certificate 0 “", 'Error Domain=NSOSStatusErrorDomain Code=-67818 "Certificate 1 “R3” has errors: Certificate is not temporally valid;"'),
    "failedload": ("Failed to load resource: (", "[Error] Failed to load resource: An SSL error has occurred and a secure connection to the server cannot be made. (https://localhost:3000/a.js, line 0)"),
    "trust": ("Trust evaluate failure: [leaf ", "Trust evaluate failure: [leaf SSLHostname]"),
    "urlkey": ("NSErrorFailingURLKey=a", 'Error Domain=NSURLErrorDomain Code=-1022 "x" UserInfo={NSErrorFailingURLKey=http://api.example.com/}'),
    "triggers": ("rror ail ATS lert rust Optional( conform SSL ode interface [-1 [3: ", "Task <A>.<1> HTTP load failed, 0/0 bytes (error code: -1200 [3:-9836])"),
}
noise, line = fragments[shape]
with open(path, "w") as out:
    out.write(noise * (size // len(noise.encode())) + " " + line + "\n")
PY
        status=0
        start=$(date +%s.%N)
        timeout "$TIMEOUT" "$BIN" why < "$work/paste.txt" > /dev/null 2>&1 || status=$?
        end=$(date +%s.%N)
        if [ "$status" -eq 124 ]; then
            printf '%-12s %9d bytes: over %d s (stopped)\n' "$shape" "$size" "$TIMEOUT"
            break
        fi
        if [ "$status" -ne 0 ]; then echo "atscheck why exited $status on $shape at $size bytes (the error was not decoded)" >&2; exit 1; fi
        printf '%-12s %9d bytes: %8.2f s\n' "$shape" "$size" "$(echo "$end - $start" | bc)"
    done
done
