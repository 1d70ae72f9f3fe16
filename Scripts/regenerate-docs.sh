#!/usr/bin/env bash
# Rewrites the console blocks of README.md and docs/tour.md marked `<!-- atscheck: checked -->`
# with what the built binary prints (Tests/CLITests/DocsConsoleTests.swift compares them on
# every test run). Review the diff afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
ATSCHECK_UPDATE_DOCS=1 swift test --skip-build --filter DocsConsoleTests
git --no-pager diff --stat -- README.md docs/tour.md
