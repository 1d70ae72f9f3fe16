#!/usr/bin/env bash
# `atscheck lint` on one Info.plist with many NSExceptionDomains and NSPinnedDomains entries
# (a benchmark, not a test): the duplicate-domain and shadowed-domain rules once compared every
# pair of entries (40,000 entries: 67 s). Prints seconds and peak memory per size, so the
# growth can be read off: linear now.
#
#   Benchmarks/lint-many-domains.sh                  # release build, 10,000 to 40,000 entries
#   SIZES="5000 50000" SKIP_BUILD=1 Benchmarks/lint-many-domains.sh
#   BIN=/path/to/other/atscheck Benchmarks/lint-many-domains.sh   # e.g. an older build, to compare
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/release-build.sh

SIZES=${SIZES:-10000 20000 40000}
release_binary
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "atscheck $("$BIN" --version), machine: $(nproc) CPU(s), $(uname -sm)"
for size in $SIZES; do
    # Exception entries under 100 parents with NSIncludesSubdomains (every child shadowed),
    # 100 case variants of the parents, and a tenth as many pinned entries under 50 parents.
    python3 - "$size" "$work/many.plist" <<'PY'
import plistlib, sys
n, path = int(sys.argv[1]), sys.argv[2]
domains = {f"h{i}.example{i % 100}.com": {"NSIncludesSubdomains": True, "NSExceptionMinimumTLSVersion": "TLSv1.0"} for i in range(n)}
domains.update({f"example{i}.com": {"NSIncludesSubdomains": True} for i in range(100)})
domains.update({f"Example{i}.com": {"NSIncludesSubdomains": False} for i in range(100)})
pin = [{"SPKI-SHA256-BASE64": "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="}]
pins = {f"p{i}.pin{i % 50}.com": {"NSIncludesSubdomains": True, "NSPinnedLeafIdentities": pin} for i in range(n // 10)}
pins.update({f"pin{i}.com": {"NSIncludesSubdomains": True, "NSPinnedCAIdentities": pin} for i in range(50)})
plistlib.dump({"NSAppTransportSecurity": {"NSExceptionDomains": domains, "NSPinnedDomains": pins}}, open(path, "wb"), fmt=plistlib.FMT_BINARY)
PY
    status=0
    /usr/bin/time -f "%e %M" -o "$work/time" "$BIN" lint "$work/many.plist" --format json > /dev/null 2>&1 || status=$?
    if [ "$status" -gt 1 ]; then echo "atscheck lint exited $status at $size entries" >&2; exit 1; fi
    read -r seconds kilobytes < <(tail -1 "$work/time")
    printf '%8d exception entries, %6d pinned: %8.2f s, %7d KiB peak\n' "$size" $((size / 10)) "$seconds" "$kilobytes"
done
