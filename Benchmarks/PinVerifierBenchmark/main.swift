// PinVerifier.evaluate per call on a 3-certificate chain (issue #5).
//
//   swift run -c release PinVerifierBenchmark [path/to/chain-full.pem]
//
// Measures, with a monotonic clock (clock_gettime(CLOCK_MONOTONIC)), after a warm-up:
//   1. evaluate(host:chain:at:) on already-decoded Certificates (SPKI hashes computed at decode):
//      median ns per call over CALLS (default 1,000,000) calls in batches of 10,000 (each
//      measurement stops early after BUDGET seconds, default 15, once it has 5 batches);
//   2. evaluate(host:derChain:at:) from DER (decode + hash per call), the uncached path:
//      median ns per call over DER_CALLS (default 10,000) calls in batches, and the very first
//      such call of the process, timed alone;
// plus breakdown lines (policy lookup alone, the same with one policy, Pin(certificate:)).
// The verifier holds an ATS-style policy for good.atscheck.test (CA pin = the intermediate's
// pin) and UNRELATED (default 300) unrelated policies. The evaluation date is fixed.
import ATSVocabulary
import ATSCertificates
import Foundation
import ATSPinning
import ATSPinningOpenSSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@inline(never)
func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Keeps results alive so the optimiser cannot drop the calls.
nonisolated(unsafe) var sink = 0
@inline(never)
func consume(_ decision: PinDecision) {
    if case .matched(_, let index) = decision { sink &+= index + 1 } else { sink &+= 1000 }
}

func environment(_ name: String, _ fallback: Int) -> Int {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? fallback
}

struct Stats { let median: Double; let min: Double; let p90: Double; let calls: Int }

/// Seconds one measurement may take before it stops early (after at least 5 batches);
/// BUDGET=0 disables the cap.
let budgetNs = UInt64(environment("BUDGET", 15)) * 1_000_000_000

/// Runs `body` `batches` times, each `perBatch` calls, after `warmup` calls; ns per call.
func measure(batches: Int, perBatch: Int, warmup: Int, _ body: () -> Void) -> Stats {
    for _ in 0..<warmup { body() }
    var perCall: [Double] = []
    perCall.reserveCapacity(batches)
    let began = now()
    for done in 0..<batches {
        if budgetNs > 0, done >= 5, now() - began > budgetNs { break }
        let start = now()
        for _ in 0..<perBatch { body() }
        perCall.append(Double(now() - start) / Double(perBatch))
    }
    perCall.sort()
    return Stats(median: perCall[perCall.count / 2], min: perCall[0],
                 p90: perCall[min(perCall.count - 1, perCall.count * 9 / 10)], calls: perCall.count * perBatch)
}

func fmt(_ ns: Double) -> String {
    ns >= 10_000 ? String(format: "%10.1f µs", ns / 1000) : String(format: "%10.0f ns", ns)
}

// MARK: - set-up

let chainPath = CommandLine.arguments.dropFirst().first ?? "TestCerts/chain-full.pem"
let chain: [Certificate]
do { chain = try CertificateLoader.load(contentsOf: URL(fileURLWithPath: chainPath)) } catch {
    print("cannot load \(chainPath): \(error)"); exit(2)
}
guard chain.count == 3 else { print("expected 3 certificates in \(chainPath), got \(chain.count)"); exit(2) }
let derChain = chain.map(\.der)
let host = "good.atscheck.test"
let date = Date(timeIntervalSince1970: 1_748_736_000)  // 2025-06-01T00:00:00Z
let calls = environment("CALLS", 1_000_000)
let derCalls = environment("DER_CALLS", 10_000)
let unrelated = environment("UNRELATED", 300)

let intermediatePin = try! Pin(certificate: chain[1])
let target = PinPolicy(domain: host, includesSubdomains: true, caPins: [intermediatePin], source: .ats)

/// Deterministic unrelated pins and domains (a mix of exact and include-subdomain keys, ATS and
/// TrustKit-style, none covering good.atscheck.test).
nonisolated(unsafe) var state: UInt64 = 0x9E37_79B9_7F4A_7C15
func nextByte() -> UInt8 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return UInt8(truncatingIfNeeded: state >> 56)
}
func randomPin() -> Pin { try! Pin(digest: Data((0..<32).map { _ in nextByte() })) }
var others: [PinPolicy] = []
for index in 0..<unrelated {
    let domain = index % 3 == 0 ? "api\(index).service\(index % 17).example.com" : "host\(index).example\(index).org"
    if index % 2 == 0 {
        others.append(PinPolicy(domain: domain, includesSubdomains: index % 4 == 0,
                                leafPins: [randomPin()], caPins: [randomPin(), randomPin()], source: .ats))
    } else {
        others.append(PinPolicy(domain: domain, includesSubdomains: true, anyPins: [randomPin(), randomPin()],
                                source: .trustkit))
    }
}
// The target policy sits in the middle, as it would in a real configuration.
var all = others
all.insert(target, at: all.count / 2)
let verifier = PinVerifier(all)
let single = PinVerifier([target])

let check = verifier.evaluate(host: host, chain: chain, at: date)
guard case .matched(let pin, certificateIndex: 1) = check, pin == intermediatePin else {
    print("unexpected decision: \(check)"); exit(1)
}

// MARK: - the first, uncached call of the process (timed alone, before any warm-up)

let coldStart = now()
let coldDecision = verifier.evaluate(host: host, derChain: derChain, at: date)
let coldNs = Double(now() - coldStart)
consume(coldDecision)

// MARK: - measurements

let batch = 10_000
let decoded = measure(batches: max(1, calls / batch), perBatch: batch, warmup: 2_000) {
    consume(verifier.evaluate(host: host, chain: chain, at: date))
}
let derBatch = 100
let fromDER = measure(batches: max(1, derCalls / derBatch), perBatch: derBatch, warmup: 500) {
    consume(verifier.evaluate(host: host, derChain: derChain, at: date))
}
let breakdownCalls = max(batch, calls / 10)
let lookup = measure(batches: breakdownCalls / batch, perBatch: batch, warmup: 10_000) {
    if verifier.policy(for: host) != nil { sink &+= 1 }
}
let singleEval = measure(batches: breakdownCalls / batch, perBatch: batch, warmup: 10_000) {
    consume(single.evaluate(host: host, chain: chain, at: date))
}
let pins = measure(batches: breakdownCalls / batch, perBatch: batch, warmup: 10_000) {
    for certificate in chain { if let pin = try? Pin(certificate: certificate) { sink &+= pin.digest.count } }
}
let decodeOnly = measure(batches: max(1, derCalls / derBatch), perBatch: derBatch, warmup: 500) {
    for der in derChain { if let c = try? Certificate(derEncoded: der) { sink &+= c.version } }
}
let setContains = measure(batches: breakdownCalls / batch, perBatch: batch, warmup: 10_000) {
    if target.caPins!.contains(intermediatePin) { sink &+= 1 }
}

// MARK: - report

print("PinVerifier.evaluate, 3-certificate chain (\(chainPath)), host \(host), \(all.count) policies")
print("ns per call; median over batches (min, p90 of batch means)")
print("")
print("| measurement | calls | median | min | p90 |")
print("|---|---|---|---|---|")
func row(_ name: String, _ s: Stats) {
    print("| \(name) | \(s.calls) | \(fmt(s.median)) | \(fmt(s.min)) | \(fmt(s.p90)) |")
}
row("evaluate(host:chain:), decoded (target < 2 µs)", decoded)
row("evaluate(host:derChain:), decode + hash each call", fromDER)
print("| first call of the process, from DER (cold) | 1 | \(fmt(coldNs)) | | |")
row("breakdown: policy(for:) alone, \(all.count) policies", lookup)
row("breakdown: evaluate(host:chain:), 1 policy", singleEval)
row("breakdown: 3 × Pin(certificate:) (Base64 decode)", pins)
row("breakdown: 3 × Certificate(derEncoded:)", decodeOnly)
row("breakdown: Set<Pin>.contains", setContains)
print("")
print("target < 2 µs per decoded call: \(decoded.median < 2000 ? "MET" : "NOT MET") (median \(fmt(decoded.median).trimmingCharacters(in: .whitespaces)))")
if sink == 42 { print("") }  // keeps `sink` observable
