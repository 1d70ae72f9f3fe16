#!/usr/bin/env bash
# `atscheck app --offline` on a generated ~100 MB .ipa: wall time and peak RSS (a benchmark,
# not a test; no network: --offline makes no connection).
#
#   Benchmarks/app-archive.sh                 # release build, 3 runs
#   SKIP_BUILD=1 RUNS=5 SIZE_MB=200 Benchmarks/app-archive.sh
#
# The archive (made once per run of this script in a temporary directory, by Python's
# zipfile): an app whose executable is SIZE_MB*0.48 of incompressible bytes with 2,000 URLs
# among them, 20 frameworks of SIZE_MB*0.02 each with 50 URLs, 400 HTML pages with 5 URLs
# each, SIZE_MB*0.1 of images (not read: no role), an app extension, a binary-plist
# Info.plist with exceptions. Executables and images are stored, text deflated, as Xcode's
# export does for already-compressed data.
#
# Environment: RUNS (default 3), SIZE_MB (default 100), SKIP_BUILD=1,
# RESULTS (default Benchmarks/results/app-archive-<date>.txt, "-" for none).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/release-build.sh

RUNS=${RUNS:-3}
SIZE_MB=${SIZE_MB:-100}
RESULTS=${RESULTS:-Benchmarks/results/app-archive-$(date -u +%Y-%m-%d).txt}
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
if [ "${SKIP_BUILD:-0}" != 1 ]; then swift build "${RELEASE_FLAGS[@]}" --product atscheck >&2; fi
BIN="$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/atscheck"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
python3 - "$TMP/Big.ipa" "$SIZE_MB" <<'PY'
import os, plistlib, random, sys, zipfile
path, size_mb = sys.argv[1], int(sys.argv[2])
rng = random.Random(20251201)
def binary(megabytes, urls, tag):
    # Bytes >= 0x80 only (no printable text), with the URLs NUL-separated at spread offsets.
    data = bytearray(rng.getrandbits(8) | 0x80 for _ in range(int(megabytes * (1 << 20)) // 64)) * 64
    step = max(1, len(data) // (len(urls) + 1))
    for i, url in enumerate(urls):
        blob = b"\0" + url.encode() + b"\0"
        data[(i + 1) * step:(i + 1) * step + len(blob)] = blob
    return bytes(data)
def when(info):
    info.date_time = (2025, 6, 1, 0, 0, 0)
    return info
with zipfile.ZipFile(path, "w") as z:
    app = "Payload/Big.app/"
    info = {"CFBundleIdentifier": "test.atscheck.big", "CFBundleExecutable": "Big", "CFBundlePackageType": "APPL",
            "NSAppTransportSecurity": {"NSExceptionDomains": {"legacy.atscheck.test": {"NSExceptionAllowsInsecureHTTPLoads": True}}}}
    z.writestr(when(zipfile.ZipInfo(app + "Info.plist")), plistlib.dumps(info, fmt=plistlib.FMT_BINARY), zipfile.ZIP_DEFLATED)
    urls = [f"{'http' if i % 3 == 0 else 'https'}://host{i % 400}.atscheck.test/api/{i}" for i in range(2000)]
    z.writestr(when(zipfile.ZipInfo(app + "Big")), binary(size_mb * 0.48, urls, "main"), zipfile.ZIP_STORED)
    for f in range(20):
        fw = f"{app}Frameworks/F{f}.framework/"
        z.writestr(when(zipfile.ZipInfo(fw + "Info.plist")), plistlib.dumps({"CFBundleIdentifier": f"test.f{f}", "CFBundlePackageType": "FMWK"}), zipfile.ZIP_DEFLATED)
        z.writestr(when(zipfile.ZipInfo(fw + f"F{f}")), binary(size_mb * 0.02, [f"https://sdk{f}.atscheck.test/e/{j}" for j in range(50)], "fw"), zipfile.ZIP_STORED)
    for p in range(400):
        html = "<html><body>\n" + "".join(f'<img src="http://cdn{p % 40}.atscheck.test/img/{p}-{k}.png">\n' for k in range(5)) + "</body></html>\n"
        z.writestr(when(zipfile.ZipInfo(f"{app}web/page{p}.html")), html, zipfile.ZIP_DEFLATED)
    for i in range(50):
        z.writestr(when(zipfile.ZipInfo(f"{app}Assets/image{i}.png")), os.urandom(int(size_mb * 0.1 * (1 << 20)) // 50), zipfile.ZIP_STORED)
    ext = app + "PlugIns/Widget.appex/"
    z.writestr(when(zipfile.ZipInfo(ext + "Info.plist")), plistlib.dumps({"CFBundleIdentifier": "test.atscheck.big.widget", "CFBundleExecutable": "Widget", "CFBundlePackageType": "XPC!"}), zipfile.ZIP_DEFLATED)
    z.writestr(when(zipfile.ZipInfo(ext + "Widget")), binary(2, ["http://legacy.atscheck.test/w"], "ext"), zipfile.ZIP_STORED)
PY
archive_mb=$(python3 -c "import os,sys; print(round(os.path.getsize(sys.argv[1]) / 1048576, 1))" "$TMP/Big.ipa")

walls=(); rss=()
for _ in $(seq "$RUNS"); do
    /usr/bin/time -f "%e %M" -o "$TMP/time" "$BIN" app "$TMP/Big.ipa" --offline --format json > "$TMP/report.json" || [ $? -eq 1 ]
    # time(1) puts "Command exited with non-zero status 1" first when a URL is blocked.
    read -r wall kb < <(tail -n 1 "$TMP/time")
    walls+=("$wall"); rss+=("$kb")
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
summary=$(python3 -c "import json,sys; s=json.load(open(sys.argv[1]))['summary']; print(', '.join(f'{k} {v}' for k, v in s.items()))" "$TMP/report.json")
{
    echo "# atscheck app --offline on a generated .ipa ($(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores)"
    echo "archive: ${archive_mb} MB on disk; runs: $RUNS"
    echo "wall s: ${walls[*]}  (median $(median "${walls[@]}"))"
    echo "peak RSS KiB: ${rss[*]}  (median $(median "${rss[@]}"))"
    echo "report summary: $summary"
} | tee >( [ "$RESULTS" = - ] && cat >/dev/null || cat > "$RESULTS" )
