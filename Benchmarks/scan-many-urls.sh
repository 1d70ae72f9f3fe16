#!/usr/bin/env bash
# `atscheck scan` on one host with many URLs (a benchmark, not a test): a list and a HAR of N
# cleartext http:// URLs under one host, judged by the policy alone, so no network is used.
# Each result was once kept until its endpoint was done and every URL was held parsed
# (1,000,000 URLs: 2.74 GB); results are now written as they are judged and the list is kept
# compact. Prints seconds, peak memory and bytes per URL for each size.
#
#   Benchmarks/scan-many-urls.sh                       # release build; 100,000 and 1,000,000 URLs
#   SIZES="200000" SKIP_BUILD=1 Benchmarks/scan-many-urls.sh
#   BIN=/path/to/other/atscheck Benchmarks/scan-many-urls.sh   # e.g. an older build, to compare
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/release-build.sh

SIZES=${SIZES:-100000 1000000}
release_binary
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "atscheck $("$BIN" --version), machine: $(nproc) CPU(s), $(uname -sm)"
for size in $SIZES; do
    python3 - "$size" "$work/urls.txt" "$work/capture.har" <<'PY'
import json, sys
n, listPath, harPath = int(sys.argv[1]), sys.argv[2], sys.argv[3]
urls = [f"http://cdn.example.test/assets/img/{i}.png?v=3" for i in range(n)]
open(listPath, "w").write("".join(u + "\n" for u in urls))
entries = [{"request": {"method": "GET", "url": u, "headers": []}, "response": {"status": 200}} for u in urls]
json.dump({"log": {"version": "1.2", "entries": entries}}, open(harPath, "w"))
PY
    for kind in list har; do
        if [ "$kind" = list ]; then input=(--input "$work/urls.txt"); else input=(--har "$work/capture.har" --context urlsession); fi
        status=0
        /usr/bin/time -f "%e %M" -o "$work/time" "$BIN" scan "${input[@]}" --quiet --output "$work/out.jsonl" 2> /dev/null || status=$?
        if [ "$status" -ne 1 ]; then echo "atscheck scan exited $status at $size URLs ($kind)" >&2; exit 1; fi
        lines=$(wc -l < "$work/out.jsonl")
        if [ "$lines" -ne $((size + 1)) ]; then echo "$lines lines for $size URLs ($kind)" >&2; exit 1; fi
        read -r seconds kilobytes < <(tail -1 "$work/time")
        printf '%9d URLs (%s): %8.2f s, %8d KiB peak, %6d bytes a URL\n' "$size" "$kind" "$seconds" "$kilobytes" $((kilobytes * 1024 / size))
    done
done
