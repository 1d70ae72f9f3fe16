# Sourced by every benchmark (from the repository root): the release product exactly as the
# README builds it.
#   --static-swift-stdlib: the Swift runtime and Foundation linked in (no shared-library start-up).
#   -disable-concrete-type-metadata-mangled-name-accessors: concrete generic types (the Codable
#     containers of every report, above all) are reached through their metadata accessors instead
#     of by demangling their names at run time, which also looked each conformance up by a scan of
#     every conformance record in the binary; about 15 % of a `host` run's instructions.
# A benchmark measures the command, not a fetch of Apple's CT log list (a stale list is
# refreshed by host, scan and proxy): keep every run on loopback.
export ATSCHECK_CT_LOG_LIST_URL="${ATSCHECK_CT_LOG_LIST_URL:-off}"

RELEASE_FLAGS=(-c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)

# Sets BIN to the binary to measure: $BIN when the caller gives one (an older build, to
# compare), else the release product, built first unless SKIP_BUILD=1.
release_binary() {
    if [ -z "${BIN:-}" ]; then
        if [ "${SKIP_BUILD:-0}" != 1 ]; then swift build "${RELEASE_FLAGS[@]}" --product atscheck >&2; fi
        BIN="$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/atscheck"
    fi
}
