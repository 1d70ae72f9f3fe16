#!/usr/bin/env bash
# Lint throughput of `atscheck lint` over the repository's plist corpus (Tests/Corpus/plists) (a benchmark, not a test).
#
#   Benchmarks/lint-throughput.sh            # release build, 200 passes, text output
#   ITERATIONS=50 FORMAT=sarif Benchmarks/lint-throughput.sh
#
# Environment: CORPUS (directory of *.plist, default Tests/Corpus/plists),
# ITERATIONS (passes for the repeated measurements, default 200), FORMAT (text, json,
# sarif, github; default text), PER_FILE_PASSES (passes of one process per file, default 5),
# SKIP_BUILD=1 to use the existing release binary.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/release-build.sh

CORPUS=${CORPUS:-Tests/Corpus/plists}
ITERATIONS=${ITERATIONS:-200}
FORMAT=${FORMAT:-text}
PER_FILE_PASSES=${PER_FILE_PASSES:-5}

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    swift build "${RELEASE_FLAGS[@]}" --product atscheck >&2
fi
BIN="$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/atscheck"
[ -x "$BIN" ] || { echo "no release binary at $BIN" >&2; exit 2; }

# Paths relative to the corpus directory keep the repeated argument list short.
cd "$CORPUS"
files=(*.plist)
count=${#files[@]}
[ "$count" -gt 0 ] || { echo "no *.plist in $CORPUS" >&2; exit 2; }
bytes=$(cat "${files[@]}" | wc -c)

now() { date +%s.%N; }
# lint ARGS...: run atscheck lint, discard output; exit 0 and 1 (findings) are both fine.
lint() {
    local status=0
    "$BIN" lint "$@" --format "$FORMAT" >/dev/null 2>&1 || status=$?
    if [ "$status" -gt 1 ]; then echo "atscheck lint exited $status" >&2; exit 1; fi
}
report() {  # report LABEL FILES SECONDS PROCESSES
    awk -v label="$1" -v files="$2" -v seconds="$3" -v processes="$4" 'BEGIN {
        printf "%-44s %8d files %6d processes %9.3f s %10.0f files/s %8.2f ms/process\n",
               label, files, processes, seconds, files / seconds, seconds * 1000 / processes }'
}

echo "atscheck $("$BIN" --version), $("$BIN" lint --list-rules | tail -1), corpus: $count files, $bytes bytes, format: $FORMAT"
echo "machine: $(nproc) CPU(s), $(uname -sm)"

lint "${files[@]}"  # warm-up (page cache, dynamic loader)

start=$(now); lint "${files[@]}"; end=$(now)
report "one process, whole corpus once" "$count" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" 1

start=$(now)
for ((i = 0; i < ITERATIONS; i++)); do lint "${files[@]}"; done
end=$(now)
report "$ITERATIONS processes, whole corpus each" $((count * ITERATIONS)) \
    "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" "$ITERATIONS"

repeated=()
for ((i = 0; i < ITERATIONS; i++)); do repeated+=("${files[@]}"); done
start=$(now); lint "${repeated[@]}"; end=$(now)
report "one process, corpus repeated ${ITERATIONS}x" "${#repeated[@]}" \
    "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" 1

start=$(now)
for ((i = 0; i < PER_FILE_PASSES; i++)); do
    for file in "${files[@]}"; do lint "$file"; done
done
end=$(now)
report "one process per file, $PER_FILE_PASSES passes" $((count * PER_FILE_PASSES)) \
    "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" $((count * PER_FILE_PASSES))
