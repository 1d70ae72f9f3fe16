#!/usr/bin/env python3
"""Split `perf script` samples of `atscheck host` into phases (used by host-vs-peers.sh PROFILE=1).

    perf-phases.py PERF_SCRIPT_OUTPUT RUNS [CPU_MS_PER_RUN]

Each sample goes to the phase of its innermost frame that matches a phase pattern (so a
date parse inside option parsing counts as the date parse). With CPU_MS_PER_RUN (perf stat's
task-clock, measured without the profiler's overhead) the shares are shown in ms per run.
A second list counts, for a few costly callees, every sample with them anywhere on the stack.
"""
import collections
import re
import sys

PHASES = [
    # ld.so's symbol binding first: lazy PLT binding happens inside every phase, and its
    # stacks often do not unwind past _dl_runtime_resolve.
    ("dynamic loading (ld.so: map, relocate, bind symbols)",
     r"^(_dl_start|_dl_sysdep_start|dl_main|_dl_map_object.*|_dl_relocate_object|do_lookup_x|_dl_lookup_symbol_x"
     r"|check_match|_dl_new_hash|_dl_fixup|_dl_runtime_resolve.*|_dl_name_match_p)$"),
    ("options: --at (ISO8601DateFormatter, CF + ICU)", r"TimeArgument"),
    ("probing: SSL_CTX per probe (makeContext)", r"OpenSSLClientO11makeContext"),
    ("probing: sockets, handshakes, event loop", r"(TLSProberV11runBlocking|ProbeEngine|HostSession)"),
    ("trust store (--ca-file)", r"TrustStoreOptionsV04make"),
    ("verdict (chain validation, rules, fixes)", r"VerdictEvaluator"),
    ("JSON report", r"(JSONOutputO6encode|HostReport)"),
    ("options: other (target, policy, ...)", r"11HostOptionsV"),
    ("command spec, argument parsing", r"(HostCommandO4spec|ArgumentParser|PolicyOptions|CommandRunner)"),
    ("static initialisers (_dl_init)", r"^(_dl_init|call_init)$"),
    ("exit, teardown", r"^(exit|__run_exit_handlers|_dl_fini)$"),
]
CALLEES = [
    ("ICU / CFDateFormatter (date formatting and parsing)", r"FoundationICU|CFDateFormatter|ISO8601DateFormatter"),
    ("SSL_CTX_new", r"\bSSL_CTX_new"),
    ("OpenSSL certificate decoding (d2i_*, ASN1_item_d2i)", r"\bd2i_|ASN1_item_d2i"),
    ("  of which OSSL_DECODER (public-key decoders)", r"OSSL_DECODER"),
    ("Swift runtime type lookups (metadata, conformances)", r"swift_getTypeByMangledName|swift_conformsToProtocol"),
    ("kernel: TCP connect/send/recv on loopback", r"\[k\](tcp_|__tcp_|inet_stream_connect)"),
]


def samples(path):
    frames = []
    for line in open(path, errors="replace"):
        if not line.strip():
            if frames:
                yield frames
            frames = []
            continue
        if not line.startswith(("\t", " ")):
            continue
        m = re.match(r"\s*[0-9a-f]+\s+(.*?)\s+\((.*)\)\s*$", line)
        if not m:
            continue
        sym = re.sub(r"\+0x[0-9a-f]+$", "", m.group(1)).replace(" (inlined)", "")
        frames.append(("[k]" if "kernel" in m.group(2) else "") + sym)
    if frames:
        yield frames


def phase(frames):
    for sym in frames:  # innermost first
        for name, rx in PHASES:
            if re.search(rx, sym):
                return name
    if all(s.startswith("[k]") for s in frames):
        if any("execve" in s or "load_elf_binary" in s for s in frames):
            return "kernel: execve"
        if any("exit" in s for s in frames):
            return "kernel: exit"
        return "kernel: other"
    if any(s in ("atscheck_main", "main") for s in frames):
        return "main: other"
    return "unattributed (stack not unwound)"


def main():
    path, runs = sys.argv[1], int(sys.argv[2])
    cpu_ms = float(sys.argv[3]) if len(sys.argv) > 3 and float(sys.argv[3]) > 0 else None
    phases, callees, total = collections.Counter(), collections.Counter(), 0
    for frames in samples(path):
        total += 1
        phases[phase(frames)] += 1
        joined = "\n".join(frames)
        for name, rx in CALLEES:
            if re.search(rx, joined):
                callees[name] += 1
    if not total:
        print("  no samples (perf record failed?)")
        return

    def line(name, count):
        share = count / total
        ms = f"{share * cpu_ms:6.2f} ms" if cpu_ms else ""
        print(f"  {name:54s} {100 * share:5.1f} %  {ms}")

    print(f"  {total} samples over {runs} runs")
    for name, count in phases.most_common():
        line(name, count)
    print("  anywhere on the stack:")
    for name, _ in CALLEES:
        line(name, callees[name])


if __name__ == "__main__":
    main()
