#!/usr/bin/env bash
# Hostile inputs, round 4 (issue 43): each case of the issue rebuilt from nothing in a temp
# directory, run once through BIN, one TSV line per case. A measurement, not a test: compare a
# build before the round with one after it.
#
#   Benchmarks/hostile-round4.sh BIN OUTDIR
#   Benchmarks/hostile-round4.sh .build/release/atscheck /tmp/r4-after
#   CASES="H1 H4 M10" Benchmarks/hostile-round4.sh BIN OUTDIR     # only some cases
#
# Output (stdout and OUTDIR/results.tsv), tab-separated:
#   id  description  exit  seconds  peak-KB  why (first telling line of stderr/stdout; extra
#   observations such as connections counted or files created, after " | ")
# exit is BIN's status: 124 = stopped by `timeout 60`, 139 = SIGSEGV, 134 = SIGABRT (an
# allocation past the MEM_KB address-space cap, 4 GiB by default, also ends as 134 or 139).
# OUTDIR/raw/ID.out and ID.err keep each run's full output.
#
# Needs bash, python3 (generators and loopback listeners), GNU time (/usr/bin/time),
# coreutils timeout, and openssl for the AIA case (M5, skipped without it). Nothing is
# fetched: URLs are http:// (judged by policy alone), .test/.example names, or loopback
# listeners this script starts and stops. Every run gets
# ATSCHECK_CT_LOG_LIST_URL=off and its own XDG_CACHE_HOME. Under a minute on the build after
# issue 43, about 8 minutes on the one before it (six cases run into the 60 s timeout).
set -uo pipefail

BIN=$(realpath "${1:?usage: $0 BIN OUTDIR}")
OUT=$(mkdir -p "${2:?usage: $0 BIN OUTDIR}" && realpath "$2")
TIMEOUT=${TIMEOUT:-60}
MEM_KB=${MEM_KB:-4194304}
CASES=${CASES:-}
mkdir -p "$OUT/raw"
: > "$OUT/results.tsv"
umask 022          # a configuration others may write is refused after the round
W=$(mktemp -d /tmp/hostile43.XXXXXX)
LISTENER_PID=
BG_PIDS=
cleanup() { [ -n "$LISTENER_PID$BG_PIDS" ] && kill $LISTENER_PID $BG_PIDS 2>/dev/null; rm -rf "$W"; }
trap cleanup EXIT
# A stray .atscheck.yml above the temp directory would change the "before" runs.
for d in /tmp /; do [ -e "$d/.atscheck.yml" ] && echo "warning: $d/.atscheck.yml exists and may be read" >&2; done

GEN="$W/gen43.py"
cat > "$GEN" <<'GEN_PY'
#!/usr/bin/env python3
"""Case generator for hostile-round4.sh (issue 43). Every file is generated here, small on
disk (except the 33 MiB padded project, which is the point of that case).

    gen43.py SHAPE DIR [ARG...]
"""
import json, os, plistlib, sys

ARBITRARY = ('<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>'
             '<key>CFBundlePackageType</key><string>APPL</string>'
             '<key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict></dict></plist>\n')
DECOY = ('<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>'
         '<key>CFBundlePackageType</key><string>APPL</string><key>CFBundleExecutable</key><string>App</string></dict></plist>\n')
NET_SWIFT = 'let task = URLSession.shared.dataTask(with: URL(string: "http://api.atscheck.test/v1")!)\n'


def write(root, path, text, mode="w"):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full) or ".", exist_ok=True)
    with open(full, mode) as f:
        f.write(text)


def pbxproj(targets, files=(), project_settings="SDKROOT = iphoneos;"):
    """An Xcode project text in the shape of Tests/ATSAppTests/XcodeProjectFixtures.project.
    targets: [(id, name, settings_text, base_xcconfig_file_id_or_None)];
    files: [(id, path)] file references in the main group."""
    out = ["// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 77;\n\tobjects = {\n"]
    out.append("\t\tP0 /* Project object */ = {\n\t\t\tisa = PBXProject;\n\t\t\tbuildConfigurationList = PL;\n\t\t\tmainGroup = G0;\n\t\t\ttargets = (\n")
    out += ["\t\t\t\t%s,\n" % t[0] for t in targets]
    out.append("\t\t\t);\n\t\t};\n\t\tG0 = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n")
    out += ["\t\t\t\t%s,\n" % f[0] for f in files]
    out.append('\t\t\t);\n\t\t\tsourceTree = "<group>";\n\t\t};\n')
    out.append("\t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, PR, ); defaultConfigurationName = Release; };\n")
    out.append("\t\tPD = {isa = XCBuildConfiguration; buildSettings = {%s}; name = Debug; };\n" % project_settings)
    out.append("\t\tPR = {isa = XCBuildConfiguration; buildSettings = {%s}; name = Release; };\n" % project_settings)
    for fid, path in files:
        out.append('\t\t%s = {isa = PBXFileReference; path = "%s"; sourceTree = "<group>"; };\n' % (fid, path))
    for tid, name, settings, base in targets:
        basefield = ("baseConfigurationReference = %s; " % base) if base else ""
        out.append('\t\t%s = {isa = PBXNativeTarget; buildConfigurationList = %sL; buildPhases = (); name = "%s"; '
                   'productType = "com.apple.product-type.application"; };\n' % (tid, tid, name))
        out.append("\t\t%sL = {isa = XCConfigurationList; buildConfigurations = (%sR, ); defaultConfigurationName = Release; };\n" % (tid, tid))
        out.append("\t\t%sR = {isa = XCBuildConfiguration; %sbuildSettings = {%s}; name = Release; };\n" % (tid, basefield, settings))
    out.append("\t};\n\trootObject = P0 /* Project object */;\n}\n")
    return "".join(out)


def xcconfig_project(root, xcconfigs, ntargets=1, settings='INFOPLIST_FILE = "$(K)App/Info.plist";'):
    """ntargets app targets based on a.xcconfig; the plist turns ATS off, code loads http://."""
    targets = [("T%d" % i, "App%d" % i, settings, "X1") for i in range(ntargets)]
    write(root, "App.xcodeproj/project.pbxproj", pbxproj(targets, [("X1", "a.xcconfig")]))
    for name, text in xcconfigs.items():
        write(root, name, text)
    write(root, "App/Info.plist", ARBITRARY)
    write(root, "App/Net.swift", NET_SWIFT)


def preprocessed_project(root, directives, body=""):
    """One target with INFOPLIST_PREPROCESS = YES; the Info.plist holds `directives`."""
    plist = ('<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>\n' + directives + "\n" + body +
             '<key>CFBundlePackageType</key><string>APPL</string>\n'
             '<key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>\n</dict></plist>\n')
    settings = 'INFOPLIST_FILE = "App/Info.plist"; INFOPLIST_PREPROCESS = YES;'
    write(root, "App.xcodeproj/project.pbxproj", pbxproj([("T0", "App", settings, None)]))
    write(root, "App/Info.plist", plist)
    write(root, "App/Net.swift", NET_SWIFT)


def unreadable_project(root, kind, real="App/App-Info.plist"):
    """Target INFOPLIST_FILE App/App-Info.plist (ATS off) plus a decoy App/Info.plist; the
    project file a binary plist (kind=binary) or text padded past 32 MiB (kind=padded)."""
    # The issue's shape names the real plist with no "Info.plist" in it and no bundle keys.
    write(root, real, ARBITRARY if real.endswith("Info.plist") else
          '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>NSAppTransportSecurity</key>'
          '<dict><key>NSAllowsArbitraryLoads</key><true/></dict></dict></plist>\n')
    write(root, "App/Info.plist", DECOY)
    write(root, "App/Net.swift", NET_SWIFT)
    if kind == "binary":
        objects = {
            "P0": {"isa": "PBXProject", "mainGroup": "G0", "targets": ["T0"], "buildConfigurationList": "PL"},
            "G0": {"isa": "PBXGroup", "children": [], "sourceTree": "<group>"},
            "PL": {"isa": "XCConfigurationList", "buildConfigurations": ["PR"]},
            "PR": {"isa": "XCBuildConfiguration", "buildSettings": {}, "name": "Release"},
            "T0": {"isa": "PBXNativeTarget", "name": "App", "productType": "com.apple.product-type.application",
                   "buildConfigurationList": "TL", "buildPhases": []},
            "TL": {"isa": "XCConfigurationList", "buildConfigurations": ["TR"]},
            "TR": {"isa": "XCBuildConfiguration", "buildSettings": {"INFOPLIST_FILE": real}, "name": "Release"},
        }
        doc = {"archiveVersion": "1", "objectVersion": "56", "objects": objects, "rootObject": "P0"}
        write(root, "App.xcodeproj/project.pbxproj", plistlib.dumps(doc, fmt=plistlib.FMT_BINARY), "wb")
    else:
        text = pbxproj([("T0", "App", 'INFOPLIST_FILE = "%s";' % real, None)])
        header, rest = text.split("\n", 1)
        padded = header + "\n/* " + "x" * (33 << 20) + " */\n" + rest
        write(root, "App.xcodeproj/project.pbxproj", padded)


def main():
    shape, root = sys.argv[1], sys.argv[2]
    args = sys.argv[3:]
    os.makedirs(root, exist_ok=True)
    if shape == "fanout":
        # a includes b N times, b includes c N times, c sets N values: N^3 assignments inlined.
        n = int(args[0]) if args else 900
        xcconfig_project(root, {
            "a.xcconfig": "K =\n" + '#include "b.xcconfig"\n' * n,
            "b.xcconfig": '#include "c.xcconfig"\n' * n,
            "c.xcconfig": "".join("S%d = v%d\n" % (i, i) for i in range(n)),
        })
    elif shape == "inherited-file":
        xcconfig_project(root, {"a.xcconfig": "K = x\n" + "K = $(inherited)$(inherited)\n" * 34})
    elif shape == "inherited-chain":
        # a.xcconfig sets K, then includes d1 → d2 → … → d34, each doubling K.
        files = {"a.xcconfig": 'K = x\n#include "d1.xcconfig"\n'}
        for i in range(1, 35):
            files["d%d.xcconfig" % i] = "K = $(inherited)$(inherited)\n" + ('#include "d%d.xcconfig"\n' % (i + 1) if i < 34 else "")
        xcconfig_project(root, files)
    elif shape == "long-name":
        # $(Q_$(A)) referenced by REFS settings that a list setting reads, in 5 targets. Default:
        # A is 60 KB (under the 64 KiB value cap) and 30,000 references make ~0.9 MB.
        alen = int(args[0]) if args else 60_000
        refs = int(args[1]) if len(args) > 1 else 30_000
        targets = 5
        text = ("K =\nA = " + "z" * alen + "\n" + "".join("R%d = $(Q_$(A))\n" % i for i in range(refs)) +
                "GCC_PREPROCESSOR_DEFINITIONS = " + "".join("$(R%d)" % i for i in range(refs)) + "\n")
        xcconfig_project(root, {"a.xcconfig": text}, ntargets=targets)
    elif shape == "many-targets":
        # 1,000 targets sharing an xcconfig of 40,000 settings (the shape of
        # XcodeSettingsBudgetTests.manyTargetsLargeXCConfig).
        text = "K =\n" + "".join("W%d = $(W%d)w\n" % (i, max(0, i - 1)) for i in range(40_000))
        xcconfig_project(root, {"a.xcconfig": text}, ntargets=1000)
    elif shape == "pp-parens":
        preprocessed_project(root, "#if " + "(" * 10_000 + "1" + ")" * 10_000 + "\n#endif")
    elif shape == "pp-bangs":
        preprocessed_project(root, "#if " + "!" * 500_000 + "1\n#endif")
    elif shape == "pp-mchain":
        chain = "#define M0 qq\n" + "\n".join("#define M%d M%d M%d" % (i, i - 1, i - 1) for i in range(1, 31))
        preprocessed_project(root, chain, "<key>K</key><string>M30</string>\n")
    elif shape == "pp-cchain":
        chain = "#define C0 1\n" + "\n".join("#define C%d (C%d+C%d)" % (i, i - 1, i - 1) for i in range(1, 31))
        preprocessed_project(root, chain + "\n#if C30\n<key>KEPT</key><true/>\n#endif")
    elif shape == "pbx-binary":
        unreadable_project(root, "binary", *args)
    elif shape == "pbx-padded":
        unreadable_project(root, "padded", *args)
    elif shape == "bundle":
        # An .app whose executable holds the URLs given (AppPrivateProbeTests.bundle).
        app = os.path.join(root, "Private.app")
        write(app, "Info.plist", '<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>'
              '<key>CFBundleIdentifier</key><string>test.private</string></dict></plist>')
        blob = bytes([0xCF, 0xFA, 0xED, 0xFE, 0]) + b"".join(u.encode() + bytes([0, 0x90]) for u in args)
        write(app, "Private", blob, "wb")
    elif shape == "why-line":
        # why-long-line.sh's fragments: NAME SIZE → paste.txt
        kind, size = args[0], int(args[1])
        fragments = {
            "quotes": ("Error \u201c", 'Error Domain=NSOSStatusErrorDomain Code=-67818 "\u201cpos.example.net\u201d certificate is expired"'),
            "didfail": ("WebPageProxy::didFailProvisionalLoadForFrame: frameID=1, ", "didFailProvisionalLoadForFrame: frameID=1, domain=NSURLErrorDomain, code=-1022"),
            "triggers": ("rror ail ATS lert rust Optional( conform SSL ode interface [-1 [3: ", "Task <A>.<1> HTTP load failed, 0/0 bytes (error code: -1200 [3:-9836])"),
        }
        noise, line = fragments[kind]
        if kind == "triggers":
            # ~5 MB of lines full of trigger words (each line passes the cheap filter).
            row = noise * 3 + "\n"
            text = row * (size // len(row.encode())) + line + "\n"
        elif len(args) > 2 and args[2] == "bare":
            # The fragments alone, no real error after them (the issue's shape).
            text = noise * (size // len(noise.encode())) + "\n"
        else:
            text = noise * (size // len(noise.encode())) + " " + line + "\n"
        write(root, "paste.txt", text)
    elif shape == "har-malformed":
        write(root, "capture.har", json.dumps({"log": {"version": "1.2", "entries": [
            {"request": {}}, {"request": {"url": 5}}, {"request": {"url": "data:text/plain,x"}}, {"nothing": True}]}}))
    elif shape == "utf16":
        text = "# two URLs\r\nhttp://a.example.net/1\r\nhttp://b.example.org/2\r\n"
        write(root, "bom.txt", b"\xff\xfe" + text.encode("utf-16-le"), "wb")
        write(root, "nobom.txt", text.encode("utf-16-le"), "wb")
    else:
        sys.exit("unknown shape " + shape)


main()
GEN_PY

# ---------------------------------------------------------------------------------------------
# Running one case
# ---------------------------------------------------------------------------------------------

# wanted ID: true when CASES is empty or names ID.
wanted() { [ -z "$CASES" ] || [[ " $CASES " == *" $1 "* ]]; }

# casedir ID: a fresh directory for a case's files.
casedir() { local d="$W/case-$1"; rm -rf "$d"; mkdir -p "$d"; echo "$d"; }

# run ID DIR ARG...: BIN ARG... in DIR under timeout and GNU time; stdin from $STDIN (or
# /dev/null). Sets STATUS, SECONDS_USED, PEAK_KB and writes raw/ID.out, raw/ID.err.
run() {
    local id=$1 dir=$2; shift 2
    local stdin=${STDIN:-/dev/null}
    mkdir -p "$W/cache-$id"
    (
        cd "$dir" || exit 99
        ulimit -v "$MEM_KB"
        exec env ATSCHECK_CT_LOG_LIST_URL=off XDG_CACHE_HOME="$W/cache-$id" \
            /usr/bin/time -f '%e %M' -o "$W/time-$id" \
            timeout -k 5 "$TIMEOUT" "$BIN" "$@" < "$stdin" > "$OUT/raw/$id.out" 2> "$OUT/raw/$id.err"
    )
    STATUS=$?
    read -r SECONDS_USED PEAK_KB < <(tail -n 1 "$W/time-$id")
}

# why ID [REGEX...]: the first line of stderr, then stdout, matching the first REGEX that
# matches any (default: any non-empty stderr line that is not the "configuration:" notice,
# else the first stdout line).
why() {
    local id=$1 re line=; shift
    for re in "$@"; do
        line=$(cat "$OUT/raw/$id.err" "$OUT/raw/$id.out" | grep -m1 -E -- "$re")
        [ -n "$line" ] && break
    done
    [ -z "$line" ] && line=$(grep -m1 -v -E '^\s*$|^atscheck: configuration: ' "$OUT/raw/$id.err")
    [ -z "$line" ] && line=$(grep -m1 -v -E '^\s*$' "$OUT/raw/$id.out")
    [ -z "$line" ] && line=$(grep -m1 -v -E '^\s*$' "$OUT/raw/$id.err")
    line=$(printf '%s' "$line" | sed -E 's/^ +//')
    printf '%s' "${line:0:220}" | tr '\t\r' '  ' | LC_ALL=C tr '\000-\037' ' '
}

# emit ID DESCRIPTION WHY: one TSV line.
emit() {
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$STATUS" "$SECONDS_USED" "$PEAK_KB" "$3" | tee -a "$OUT/results.tsv"
}

# case_project ID DESCRIPTION "SHAPE [GENERATOR-ARG...]" [COMMAND...]: a generated project in
# DIR/proj, judged with `app proj` (or COMMAND proj).
case_project() {
    local id=$1 desc=$2 shape=$3; shift 3
    wanted "$id" || return 0
    local d; d=$(casedir "$id")
    local gen; read -r -a gen <<< "$shape"
    python3 "$GEN" "${gen[0]}" "$d/proj" "${gen[@]:1}" || { echo "generator $shape failed" >&2; return 0; }
    local command=("${@:-app}")
    run "$id" "$d" "${command[@]}" proj
    local more=; [[ $id == H8* ]] && more=" | $(h8_extra "$id")"
    [[ $id == H8[aceg] ]] || more="$more | $(loads "$id")"
    emit "$id" "$desc" "$(why "$id" 'Fatal|fatal|[0-9]+ +0x' ': line [0-9]+: |included more than|is longer than' \
        'more than|longer than|deep|replacements|budget|expands' 'error:|not read|cannot|binary|32 MiB' '[0-9]+ URLs in')$more"
}

# h8_extra ID: for the unreadable-project cases, what lint found or which policies app used.
h8_extra() {
    local f="$OUT/raw/$1.out"
    if [[ $1 == H8[aceg] ]]; then
        echo "arbitrary-loads findings: $(grep -c 'arbitrary-loads' "$f"); $(grep -m1 -E '[0-9]+ errors?, ' "$f")"
    else
        echo "policies: $(grep -o -E '^  policy: [^ ]*' "$f" | sed 's/^  policy: //' | tr '\n' ' ')"
    fi
}

# loads ID: app's summary of the loads ("loads 0 blocked, 1 unknown, 0 allowed").
loads() { grep -h -o -E 'loads [0-9]+ blocked, [0-9]+ unknown, [0-9]+ allowed' "$OUT/raw/$1.out" | head -n 1; }

# A loopback TCP listener that accepts and closes each connection, counting them in
# $W/conns (its port in $W/port).
start_listener() {
    rm -f "$W/conns" "$W/port"
    python3 - "$W" <<'PY' &
import socket, sys, os
w = sys.argv[1]
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 0)); s.listen(256)
open(os.path.join(w, "port.tmp"), "w").write(str(s.getsockname()[1])); os.rename(os.path.join(w, "port.tmp"), os.path.join(w, "port"))
n = 0
open(os.path.join(w, "conns"), "w").write("0")
while True:
    c, _ = s.accept(); n += 1; c.close()
    open(os.path.join(w, "conns"), "w").write(str(n))
PY
    LISTENER_PID=$!
    for _ in $(seq 50); do [ -s "$W/port" ] && break; sleep 0.1; done
    PORT=$(cat "$W/port")
}
stop_listener() { kill "$LISTENER_PID" 2>/dev/null; wait "$LISTENER_PID" 2>/dev/null; LISTENER_PID=; }

# A failure line of a pasted log naming URL (WhyChecksCommandTests.trustFailure).
trust_failure() {
    printf '%s' "Task <A1B2C3D4-0000-4000-8000-000000000001>.<1> finished with error [-1200] Error Domain=NSURLErrorDomain Code=-1200 \"An SSL error has occurred and a secure connection to the server cannot be made.\" UserInfo={_kCFStreamErrorCodeKey=-9802, NSErrorFailingURLStringKey=$1, _kCFStreamErrorDomainKey=3}"
}

# accepted_urls FILE: the URLs of the jsonl records that carry an acceptance.
accepted_urls() {
    python3 - "$1" <<'PY'
import json, sys
urls = []
for line in open(sys.argv[1]):
    try:
        r = json.loads(line)
    except ValueError:
        continue
    if isinstance(r, dict) and r.get("accepted") and "url" in r:
        urls.append(r["url"])
print(" ".join(urls) or "none")
PY
}

ARBITRARY_PLIST='<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict></dict></plist>'

# ---------------------------------------------------------------------------------------------
# High: project readers (a small file on the default CI path)
# ---------------------------------------------------------------------------------------------

case_project H1 "xcconfig #include fan-out 900x900x900 (51 KB of xcconfig), app DIR" fanout
case_project H2a "K = \$(inherited)\$(inherited) x34 in one xcconfig, app DIR" inherited-file
case_project H2b "K = \$(inherited)\$(inherited) x34 through a 34-file include chain, app DIR" inherited-chain
case_project H3a "\$(Q_\$(A)) with A 0.9 MB, 1,000 refs, 5 targets, app DIR" "long-name 900000 1000"
case_project H3b "\$(Q_\$(A)) with A 60 KB, 30,000 refs (0.9 MB), 5 targets, app DIR" "long-name 60000 30000"
case_project H4 "INFOPLIST_PREPROCESS #if with 10,000 '(', app DIR" pp-parens
case_project H5 "INFOPLIST_PREPROCESS #if with 500,000 '!', app DIR" pp-bangs
case_project H6 "#define Mi M(i-1) M(i-1) to M30 in the text, app DIR" pp-mchain
case_project H7 "#define Ci (C(i-1)+C(i-1)) to C30, #if C30, app DIR" pp-cchain
case_project H8a "binary project.pbxproj, real plist App-Info.plist + decoy: lint DIR --fail-on warning" pbx-binary lint --fail-on warning
case_project H8b "binary project.pbxproj, real plist App-Info.plist + decoy: app DIR" pbx-binary app
case_project H8c "project.pbxproj padded past 32 MiB: lint DIR --fail-on warning" pbx-padded lint --fail-on warning
case_project H8d "project.pbxproj padded past 32 MiB: app DIR" pbx-padded app
# The issue's own shape: the real INFOPLIST_FILE named with no "Info.plist" in it.
case_project H8e "binary project.pbxproj, real plist Config/App.plist + decoy: lint DIR --fail-on warning" "pbx-binary Config/App.plist" lint --fail-on warning
case_project H8f "binary project.pbxproj, real plist Config/App.plist + decoy: app DIR" "pbx-binary Config/App.plist" app
case_project H8g "padded project.pbxproj, real plist Config/App.plist + decoy: lint DIR --fail-on warning" "pbx-padded Config/App.plist" lint --fail-on warning
case_project H8h "padded project.pbxproj, real plist Config/App.plist + decoy: app DIR" "pbx-padded Config/App.plist" app


# ---------------------------------------------------------------------------------------------
# Medium: configuration, fetches and probes, why, nothing judged, many targets
# ---------------------------------------------------------------------------------------------

if wanted M1; then
    d=$(casedir M1)
    mkdir -p "$d/parent/repo/.git"
    printf 'rules:\n  arbitrary-loads:\n    severity: off\n' > "$d/parent/.atscheck.yml"
    printf '%s\n' "$ARBITRARY_PLIST" > "$d/parent/repo/Info.plist"
    run M1 "$d/parent/repo" lint --fail-on warning Info.plist
    emit M1 ".atscheck.yml (rules off) in a parent of the repo: lint --fail-on warning in the repo" \
        "$(why M1 'configuration|arbitrary-loads|warning') | config named on stderr: $(grep -c 'configuration' "$OUT/raw/M1.err")"
fi

if wanted M2; then
    d=$(casedir M2)
    mkdir -p "$d/repo/.git"
    printf 'lint:\n  write-baseline: ../escaped.json\n' > "$d/repo/.atscheck.yml"
    printf '%s\n' "$ARBITRARY_PLIST" > "$d/repo/Info.plist"
    run M2 "$d/repo" lint --fail-on warning Info.plist
    written=no; [ -e "$d/escaped.json" ] && written=yes
    emit M2 "config write-baseline: ../escaped.json, lint --fail-on warning on the command line" \
        "$(why M2 'outside|baseline|arbitrary') | ../escaped.json written: $written"
fi

if wanted M3; then
    d=$(casedir M3)
    mkdir -p "$d/a/repo/.git"
    printf 'machine x login u password p4ssw0rd\nhttp://deploy:s3cret@api.example.com/\n' > "$d/secret"
    printf 'scan:\n  input: [../../secret]\n' > "$d/a/repo/.atscheck.yml"
    run M3 "$d/a/repo" scan
    emit M3 "config scan: input: [../../secret] (netrc line + credential URL), scan" \
        "$(why M3 'outside|input|secret') | secrets printed: $(cat "$OUT/raw/M3.out" "$OUT/raw/M3.err" | grep -o -E 'p4ssw0rd|s3cret' | wc -l)"
fi

if wanted M4; then
    d=$(casedir M4)
    mkdir -p "$d/repo/.git"
    printf 'update:\n  from: list.json\n' > "$d/repo/.atscheck.yml"
    # One log, enough to be a list (the shape of Apple's log_list v5).
    cat > "$d/repo/list.json" <<'JSON'
{"operators": [{"name": "Poison", "email": ["x@example.com"], "logs": [{"description": "poison log", "key": "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAESPNZ8/YFGNPbsu1Gfs/IEbVXsajWTOaft0oaFIZDqUiwy1o/PErK38SCFFWa+PeOQFXc9NKv6nV0+05/YIYuUQ==", "log_id": "NLtq1sPfnAPuqKSZ/3iRSGydXlysktAfe/0bzhnbSO8=", "mmd": 86400, "state": {"usable": {"timestamp": "2022-05-02T17:41:23Z"}}, "url": "https://ct.example.com/"}], "tiled_logs": []}]}
JSON
    run M4 "$d/repo" update
    emit M4 "config update: from: list.json, update" \
        "$(why M4 'from|refus|updated|wrote|log list') | files in the user cache after: $(find "$W/cache-M4" -type f | wc -l)"
fi

# M5: a server on loopback sends its leaf alone; the leaf's caIssuers URL names a loopback HTTP
# server holding the intermediate. `host` completes the chain by fetching it (trustd does);
# GETs are counted. The refusal of metadata/private addresses cannot be shown end to end here:
# after the round a fetch to a non-public address is allowed when the server checked is itself
# at one, and on a loopback-only machine it always is (IssuerFetchAddressTests covers it).
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
if wanted M5 && command -v openssl > /dev/null; then
    d=$(casedir M5)
    hp=$(free_port); tp=$(free_port)
    (
        cd "$d" || exit 1
        ec() { echo "-newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes"; }
        openssl req -x509 $(ec) -keyout root.key -out root.pem -days 3650 -subj "/CN=Round4 Root" \
            -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
        openssl req $(ec) -keyout int.key -out int.csr -subj "/CN=Round4 Intermediate"
        printf 'basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n' > int.ext
        openssl x509 -req -in int.csr -CA root.pem -CAkey root.key -CAcreateserial -out int.pem -days 3650 -extfile int.ext
        mkdir -p www && openssl x509 -in int.pem -outform DER -out www/int.cer
        openssl req $(ec) -keyout leaf.key -out leaf.csr -subj "/CN=127.0.0.1"
        printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1\nauthorityInfoAccess=caIssuers;URI:http://127.0.0.1:%s/int.cer\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n' "$hp" > leaf.ext
        openssl x509 -req -in leaf.csr -CA int.pem -CAkey int.key -CAcreateserial -out leaf.pem -days 365 -extfile leaf.ext
    ) > "$d/openssl.log" 2>&1
    python3 -m http.server "$hp" --bind 127.0.0.1 --directory "$d/www" > "$d/http.log" 2>&1 &
    http_pid=$!
    openssl s_server -accept "127.0.0.1:$tp" -cert "$d/leaf.pem" -key "$d/leaf.key" -www -quiet > /dev/null 2>&1 &
    tls_pid=$!
    BG_PIDS="$http_pid $tls_pid"
    sleep 1
    run M5 "$d" host "https://127.0.0.1:$tp/" --ca-file root.pem --no-system-roots --timeout 10
    kill $BG_PIDS 2>/dev/null; wait $BG_PIDS 2>/dev/null; BG_PIDS=
    emit M5 "AIA caIssuers to a loopback http server (server checked on loopback), host" \
        "$(why M5 'ALLOWED|BLOCKED|UNKNOWN') | GETs to the caIssuers server: $(grep -c '"GET ' "$d/http.log"); $(grep -m1 -o -E 'not fetched[^;)]*|completed from the network' "$OUT/raw/M5.out")"
fi

if wanted M6; then
    d=$(casedir M6)
    start_listener
    python3 "$GEN" bundle "$d" "https://127.0.0.1:$PORT/a" "https://127.0.0.1:$PORT/b" "https://127.0.0.1:$PORT/admin"
    run M6 "$d" app Private.app --timeout 2
    sleep 0.3
    emit M6 "app X.app holding https://127.0.0.1:PORT URLs (no --probe)" \
        "$(why M6 'contacting|not probed') | $(loads M6); loopback connections: $(cat "$W/conns")"
    stop_listener
fi

why_line_case() {
    local id=$1 desc=$2 kind=$3 size=$4 bare=${5:-}
    wanted "$id" || return 0
    local d; d=$(casedir "$id")
    python3 "$GEN" why-line "$d" "$kind" "$size" $bare
    STDIN="$d/paste.txt" run "$id" "$d" why
    emit "$id" "$desc ($(stat -c %s "$d/paste.txt") B)" "$(why "$id" '^[0-9]+\. |error|Error')"
}
why_line_case M7 "why: one 40 KB line of “ then a real error" quotes 40000
why_line_case M7b "why: one 40 KB line of “ fragments alone" quotes 40000 bare
why_line_case M8 "why: 126 KB line of didFailProvisionalLoadForFrame: repeats then a real error" didfail 126000
why_line_case M8b "why: 126 KB line of didFailProvisionalLoadForFrame: repeats, no domain= after" didfail 126000 bare
why_line_case M9 "why: ~5 MB of lines full of trigger words" triggers 5000000

if wanted M10; then
    d=$(casedir M10)
    url='https://x.example/v1;touch$IFS./PWNED;'
    run M10 "$d" why "$(trust_failure "$url")"
    # The suggested command as printed (text output, wrapped lines joined), pasted into sh -c
    # in an empty directory with `atscheck` a shell function that does nothing.
    command=$(python3 - "$OUT/raw/M10.out" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
for i, line in enumerate(lines):
    if "next: atscheck" in line:
        indent = len(line) - len(line.lstrip())
        words = [line.split("next: ", 1)[1]]
        for more in lines[i + 1:]:      # wrapped continuation lines are indented deeper
            if more.strip() and len(more) - len(more.lstrip()) > indent:
                words.append(more.strip())
            else:
                break
        print(" ".join(words))
        break
PY
)
    mkdir -p "$d/sh"
    (cd "$d/sh" && sh -c "atscheck() { :; }; $command" >/dev/null 2>&1)
    pwned=no; [ -e "$d/sh/PWNED" ] && pwned=yes
    emit M10 "why next: command for a URL with ;touch\$IFS./PWNED;, pasted into sh -c" \
        "next: ${command:0:120} | PWNED created: $pwned"
fi

if wanted M11a || wanted M11b || wanted M11c; then
    d=$(casedir M11)
    : > "$d/empty.jsonl"
    printf 'hello\nthis is not json\n{"url": 1}\n' > "$d/garbage.jsonl"
    (cd "$d" && env ATSCHECK_CT_LOG_LIST_URL=off XDG_CACHE_HOME="$W/cache-M11" timeout 60 "$BIN" scan http://a.example.net/1 http://b.example.org/2 --format jsonl > "$d/good.jsonl" 2>/dev/null)
    grep '^{"summary"' "$d/good.jsonl" > "$d/summary-only.jsonl"
    for pair in "M11a empty" "M11b garbage" "M11c summary-only"; do
        set -- $pair
        wanted "$1" || continue
        run "$1" "$d" report "$2.jsonl"
        emit "$1" "report over a $2 shard" "$(why "$1" 'empty:|not a scan output|does not match|nothing was judged' 'URLs on')"
    done
fi

if wanted M12a || wanted M12b; then
    d=$(casedir M12)
    python3 "$GEN" utf16 "$d"
    if wanted M12a; then
        run M12a "$d" scan --input bom.txt --format jsonl
        emit M12a "scan --input of a UTF-16LE URL list with BOM (2 http URLs)" "$(why M12a 'NUL|skipped|no URL') | records: $(grep -c '"url"' "$OUT/raw/M12a.out")"
    fi
    if wanted M12b; then
        run M12b "$d" scan --input nobom.txt --format jsonl
        emit M12b "scan --input of a UTF-16LE URL list without BOM" "$(why M12b 'NUL|skipped|no URL') | records: $(grep -c '"url"' "$OUT/raw/M12b.out")"
    fi
fi

if wanted M13; then
    d=$(casedir M13)
    python3 "$GEN" har-malformed "$d"
    run M13 "$d" scan --har capture.har --format jsonl
    emit M13 "scan --har with every entry malformed" "$(why M13 'no URL|skipped|entries')"
fi

case_project M14 "1,000 targets sharing an xcconfig of 40,000 settings, app DIR" many-targets

# ---------------------------------------------------------------------------------------------
# Low: acceptances, YAML, GitHub notices, why --probe
# ---------------------------------------------------------------------------------------------

if wanted L1; then
    d=$(casedir L1)
    printf 'accepted:\n  - url: http://api.example.com\n    reason: the API speaks HTTP until release 5\n' > "$d/.atscheck.yml"
    printf 'http://api.example.com.attacker.net/\n' > "$d/urls.txt"
    run L1 "$d" scan --input urls.txt --format jsonl
    emit L1 "accepted url http://api.example.com vs http://api.example.com.attacker.net/" "accepted: $(accepted_urls "$OUT/raw/L1.out") | $(grep -m1 -v '^atscheck: configuration' "$OUT/raw/L1.err" | head -c 200)"
fi

if wanted L2; then
    d=$(casedir L2)
    printf 'accepted:\n  - host: a.example.com\n    reason: ok\n    host: b.example.com\n' > "$d/.atscheck.yml"
    run L2 "$d" scan http://a.example.com/ http://b.example.com/ --format jsonl
    emit L2 "YAML duplicate key (host: a then host: b in one acceptance), scan a and b" \
        "accepted: $(accepted_urls "$OUT/raw/L2.out") | $(grep -m1 -v '^atscheck: configuration' "$OUT/raw/L2.err" | head -c 200)"
fi

if wanted L3; then
    d=$(casedir L3)
    printf 'accepted:\n  - url: http://api.example.com\n    reason: the API speaks HTTP until release 5\n' > "$d/.atscheck.yml"
    printf 'http://api.example.com/\n' > "$d/urls.txt"
    run L3 "$d" scan --input urls.txt --format github
    emit L3 "scan --format github with an accepted blocked load" \
        "::notice lines: $(grep -c '^::notice' "$OUT/raw/L3.out"); ::error lines: $(grep -c '^::error' "$OUT/raw/L3.out") | $(why L3 '^::notice')"
fi

if wanted L4; then
    d=$(casedir L4)
    start_listener
    paste=$(for i in $(seq 40); do trust_failure "https://127.0.0.1:$PORT/item/$i"; echo; done)
    run L4 "$d" why --probe --timeout 2 "$paste"
    sleep 0.3
    emit L4 "why --probe on 40 distinct failing URLs (loopback listener)" \
        "$(why L4 'note: --probe|more were not') | probes printed: $(grep -c '^ *probe https://127.0.0.1' "$OUT/raw/L4.out"); loopback connections: $(cat "$W/conns")"
    stop_listener
fi

# ---------------------------------------------------------------------------------------------
# Earlier rounds, re-checked (shapes from docs/robustness.md)
# ---------------------------------------------------------------------------------------------

if wanted R1; then
    d=$(casedir R1)
    mkfifo "$d/Info.plist"
    run R1 "$d" lint Info.plist
    emit R1 "lint of a FIFO named Info.plist" "$(why R1 'FIFO|regular|cannot')"
fi

if wanted R2; then
    d=$(casedir R2)
    truncate -s 1G "$d/huge.pem"
    run R2 "$d" cert huge.pem
    emit R2 "cert of a 1 GiB sparse file" "$(why R2 'larger|size|cannot|refus')"
fi

if wanted R3; then
    d=$(casedir R3)
    run R3 "$d" scan http://a.example.net/1 --output /dev/full
    emit R3 "scan --output /dev/full" "$(why R3 'cannot write|space|error')"
fi

if wanted R4; then
    d=$(casedir R4)
    python3 - "$d/Info.plist" <<'PY'
import sys
key = "evil.example.com\n::add-mask::hunter2\n::warning file=x::forged"
open(sys.argv[1], "w").write('<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict>'
    '<key>NSExceptionDomains</key><dict><key>' + key + '</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>'
    '</dict></dict></plist>\n')
PY
    run R4 "$d" lint Info.plist
    emit R4 "lint of a plist whose exception-domain key holds newlines and ::add-mask::" \
        "lines starting '::': $(grep -c '^::' "$OUT/raw/R4.out") | $(why R4 'evil')"
fi

if wanted R5; then
    d=$(casedir R5)
    printf '<?xml version="1.0" encoding="UTF-7"?\xff%4100s' ' ' > "$d/Info.plist"
    run R5 "$d" lint Info.plist
    emit R5 "plist whose XML declaration never ends (UTF-7)" "$(why R5 'declaration|encoding|refus')"
fi
