#!/usr/bin/env bash
# Builds atscheck's libFuzzer targets (ASan + libFuzzer) and runs each for a bounded time.
#
#   Fuzz/run.sh                 # every target, 60 s each
#   Fuzz/run.sh 300 FuzzPlist   # one target, 5 minutes
#   FUZZ_TOTAL_SECONDS=600 Fuzz/run.sh   # every target, 600 s shared between them (CI)
#   FUZZ_CONFIGURATION=debug Fuzz/run.sh 30   # debug build (slower, better stacks)
#
# Built in release by default (ASan and libFuzzer instrument it just the same, and it runs
# about 20 times faster than debug).
#
# Seeds: the repository's fixtures (Policies, Tests/Corpus, Tests/Hostile, TestCerts,
# Tests/ATSScanTests/Fixtures) and
# Fuzz/Seeds/<target>/, where every input that once crashed a target is kept. A crash, a leak
# in project code (Fuzz/lsan-suppressions.txt lists the toolchain's own) or an input that
# takes more than 10 s fails the run (exit 1); a crashing input is saved under
# $FUZZ_ARTIFACTS (default Fuzz/artifacts/) with the target's name as prefix. Prints the
# executions per target.
#
# Leaks are checked once, when the run ends (LeakSanitizer over everything still allocated),
# not after every input (libFuzzer's -detect_leaks): Foundation leaks CFErrors on its
# property-list error paths (suppressed; before ATSXML it also leaked one on every XML error),
# and the per-input check would then run on many inputs and cut the rate (from about 1,000 to
# 15 executions a second when every XML error leaked). A project leak still fails the run; the
# report's stack names the code, though not the input.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
seconds="${1:-60}"
shift || true
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=(FuzzPlist FuzzCertificates FuzzProxyHead FuzzPins FuzzPublicSuffix FuzzTransparency FuzzScanInput FuzzAppArchive FuzzYAML FuzzWhy FuzzCode)
# A fixed budget shared by every target: a new fuzzer takes time from the others, not from CI.
if [ -n "${FUZZ_TOTAL_SECONDS:-}" ]; then seconds=$(( FUZZ_TOTAL_SECONDS / ${#targets[@]} )); fi
artifacts="${FUZZ_ARTIFACTS:-$here/artifacts}"
mkdir -p "$artifacts"

flags=(--package-path "$here" -c "${FUZZ_CONFIGURATION:-release}" --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer)
# One product per call: swift build honours only the last --product it is given.
for target in "${targets[@]}"; do swift build "${flags[@]}" --product "$target" >&2; done
bin="$(swift build "${flags[@]}" --show-bin-path)"

# Inputs larger than this are cut down: small inputs keep the rate up, and the readers' size
# limits are covered by the unit tests.
max_len() {
    case "$1" in
        FuzzPlist|FuzzPins) echo 16384 ;;
        *) echo 65536 ;;
    esac
}

seeds() {
    case "$1" in
        FuzzPlist) echo "$root/Policies $root/Policies/fixtures $root/Policies/fixtures/formats $root/Tests/Corpus/plists $root/Tests/Hostile/plists" ;;
        FuzzCertificates) echo "$root/TestCerts $root/Tests/Corpus/certs" ;;
        FuzzProxyHead) echo "" ;;
        FuzzPins) echo "$root/Tests/Hostile/plists" ;;
        FuzzPublicSuffix) echo "" ;;
        FuzzTransparency) echo "$root/TestCerts" ;;
        FuzzScanInput) echo "$root/Tests/ATSScanTests/Fixtures" ;;
        FuzzAppArchive) echo "$root/Tests/ATSAppTests/Fixtures $root/Tests/ATSAppTests/Fixtures/cordova" ;;
        FuzzYAML) echo "" ;;
        FuzzWhy) echo "" ;;
        FuzzCode) echo "$root/Tests/Corpus/projects/Reader/iOS $root/Tests/Corpus/projects/Reader/ReaderKit $root/Tests/Golden/Inputs/app-project/App" ;;
    esac
}

work="$(mktemp -d "${TMPDIR:-/tmp}/atscheck-fuzz.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failed=0
for target in "${targets[@]}"; do
    corpus="$work/$target"
    mkdir -p "$corpus"
    for directory in $(seeds "$target") "$here/Seeds/$target"; do
        [ -d "$directory" ] || continue
        find "$directory" -maxdepth 1 -type f ! -name '*.md' ! -name '*.tsv' ! -name '*.sh' -exec cp {} "$corpus/" \;
    done
    log="$work/$target.log"
    status=0
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=1:abort_on_error=0" \
    LSAN_OPTIONS="suppressions=$here/lsan-suppressions.txt:print_suppressions=0" \
        "$bin/$target" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$(max_len "$target")" -detect_leaks=0 \
        -print_final_stats=1 -artifact_prefix="$artifacts/$target-" > "$log" 2>&1 || status=$?
    runs="$(grep -m1 'stat::number_of_executed_units' "$log" | awk '{print $2}' || true)"
    if [ "$status" -ne 0 ]; then
        failed=1
        echo "$target: FAILED (exit $status) after ${runs:-?} executions; artifacts in $artifacts" >&2
        # The input itself too (libFuzzer prints small ones in base64): a CI clone is deleted.
        grep -E 'ERROR|SUMMARY|Fatal error|deadly|Test unit written|^Base64:|^    #[0-9]+ .* in ' "$log" | head -40 >&2 || tail -20 "$log" >&2
    else
        echo "$target: ${runs:-?} executions in ${seconds} s, no crash, no leak, no timeout ($(ls "$corpus" | wc -l) corpus inputs)"
    fi
done
exit "$failed"
