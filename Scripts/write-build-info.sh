#!/usr/bin/env bash
# Writes Sources/AtscheckCLI/BuildInfo.swift with the commit and day of this build, which
# `atscheck --version` prints; run it before a release build. `--reset` writes back the
# committed source-build file (nil: `atscheck --version` then says "(source build)").
#
# The commit is the checkout's HEAD (short hash, "-dirty" when tracked files other than
# BuildInfo.swift have changes); the day is $SOURCE_DATE_EPOCH's (reproducible builds), else
# today's, in UTC.
#
# Usage: Scripts/write-build-info.sh [--reset]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
file="Sources/AtscheckCLI/BuildInfo.swift"
if [ "${1:-}" = "--reset" ]; then
    commit=nil
    day=nil
elif [ $# -eq 0 ]; then
    hash="$(git -C "$root" rev-parse --short=12 HEAD)"
    if [ -n "$(git -C "$root" status --porcelain --untracked-files=no -- . ":(exclude)$file")" ]; then
        hash="$hash-dirty"
    fi
    epoch="${SOURCE_DATE_EPOCH:-$(date +%s)}"
    # GNU date takes -d @EPOCH, BSD date (macOS) -r EPOCH.
    day="$(date -u -d "@$epoch" +%Y-%m-%d 2>/dev/null || date -u -r "$epoch" +%Y-%m-%d)"
    commit="\"$hash\""
    day="\"$day\""
else
    echo "usage: $0 [--reset]" >&2
    exit 2
fi
cat > "$root/$file" <<SWIFT
// A source build keeps these nil; Scripts/write-build-info.sh rewrites this file before a
// release build (and \`--reset\` puts it back), so the commit and date come from the build.

/// Where this binary was built from, for \`atscheck --version\`.
enum BuildInfo {
    /// The commit built (short hash, \`-dirty\` when the tree had changes); nil for a source build.
    static let commit: String? = $commit
    /// The build day, \`YYYY-MM-DD\` in UTC (\`SOURCE_DATE_EPOCH\` when set); nil for a source build.
    static let date: String? = $day
}
SWIFT
echo "$file: commit $commit, date $day"
