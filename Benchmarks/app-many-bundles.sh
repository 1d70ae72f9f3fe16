#!/usr/bin/env bash
# `atscheck app --offline` on an .app directory with thousands of app extensions (a benchmark,
# not a test): files were given to their bundle by testing every bundle's folder, and each
# bundle's frameworks by asking every bundle's owner again (issue 28: an .ipa with 16,000
# extensions took 33-52 s). Prints seconds and peak memory per size: linear now.
#
#   Benchmarks/app-many-bundles.sh                      # release build; 2,000, 4,000, 8,000 extensions
#   SIZES="16000" SKIP_BUILD=1 Benchmarks/app-many-bundles.sh
#   BIN=/path/to/other/atscheck Benchmarks/app-many-bundles.sh   # an older build, to compare
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/release-build.sh

SIZES=${SIZES:-2000 4000 8000}
release_binary
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "atscheck $("$BIN" --version), machine: $(nproc) CPU(s), $(uname -sm)"
for size in $SIZES; do
    rm -rf "$work/Big.app"
    python3 - "$size" "$work/Big.app" <<'PY'
import os, sys
count, app = int(sys.argv[1]), sys.argv[2]
info = ('<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>{id}</string>'
        '<key>CFBundleExecutable</key><string>{exe}</string><key>CFBundlePackageType</key><string>{kind}</string></dict></plist>')
os.makedirs(f"{app}/PlugIns")
open(f"{app}/Info.plist", "w").write(info.format(id="com.example.big", exe="Big", kind="APPL"))
open(f"{app}/Big", "wb").write(b"\x00ELF https://api.example.com/v1 \x00")
for i in range(count):
    folder = f"{app}/PlugIns/E{i}.appex"
    os.makedirs(folder)
    open(f"{folder}/Info.plist", "w").write(info.format(id=f"com.example.big.e{i}", exe=f"E{i}", kind="XPC!"))
    open(f"{folder}/E{i}", "wb").write(f"\x00ELF https://e{i}.example.com/feed \x00".encode())
PY
    status=0
    /usr/bin/time -f "%e %M" -o "$work/time" "$BIN" app "$work/Big.app" --offline --format json > /dev/null 2>&1 || status=$?
    if [ "$status" -gt 1 ] && [ "$status" -ne 3 ]; then echo "atscheck app exited $status at $size extensions" >&2; exit 1; fi
    read -r seconds kilobytes < <(tail -1 "$work/time")
    printf '%8d app extensions: %8.2f s, %7d KiB peak\n' "$size" "$seconds" "$kilobytes"
done
