import AtscheckTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

// `atscheck pins`, end to end through the built binary: pins against the openssl CLI recipe,
// roles, the anchor the validator chose, the plist/TrustKit snippets, a live lab server and
// the exit statuses.

@Suite("atscheck pins", .timeLimit(.minutes(TestTiming.minutes(3))))
struct PinsCommandTests {
    static let trust = ["--ca-file", LabServe.rootCA, "--no-system-roots", "--at", Fixtures.evaluationTime]

    /// TestCerts files that hold no readable certificate (pins must exit 2 for them).
    static let unreadable = ["empty.pem", "garbage.der", "not-a-certificate.pem", "private-key-only.pem", "truncated.pem",
                             "ocsp-good.der", "ocsp-revoked.der"]

    /// Every TestCerts file holding certificates.
    static let chainFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.testCertsDirectory.path)) ?? []
        return names.filter { ($0.hasSuffix(".pem") || $0.hasSuffix(".der")) && !unreadable.contains($0) }.sorted()
    }()

    /// The openssl CLI recipe, one pin per certificate of the file, in file order.
    static func opensslPins(_ name: String) throws -> [String] {
        let url = Fixtures.testCertsDirectory.appendingPathComponent(name)
        let data = try Data(contentsOf: url)
        var blocks: [(Data, String)] = []
        if name.hasSuffix(".der") {
            blocks = [(data, "der")]
        } else {
            let text = String(decoding: data, as: UTF8.self)
            var rest = Substring(text)
            while let begin = rest.range(of: "-----BEGIN CERTIFICATE-----"),
                  let end = rest.range(of: "-----END CERTIFICATE-----", range: begin.upperBound..<rest.endIndex) {
                blocks.append((Data((String(rest[begin.lowerBound..<end.upperBound]) + "\n").utf8), "pem"))
                rest = rest[end.upperBound...]
            }
        }
        return try blocks.map { block, form in
            let recipe = "openssl x509 -inform \(form) -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"
            let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), ["-c", "set -o pipefail; " + recipe],
                                               stdin: block, displayName: "bash")
            try #require(result.status == 0, "\(recipe) failed for \(name): \(result.stderr)")
            return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    static func entries(_ document: [String: Any]) throws -> [[String: Any]] {
        try #require(document["certificates"] as? [[String: Any]])
    }

    /// A snippet (a key and its dict) wrapped into a whole plist and parsed.
    static func parseSnippet(_ text: String) throws -> [String: Any] {
        let wrapped = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(text)
        </dict>
        </plist>
        """
        let object = try PropertyListSerialization.propertyList(from: Data(wrapped.utf8), options: [], format: nil)
        return try #require(object as? [String: Any], "snippet is not a dictionary: \(text)")
    }

    @Test("every TestCerts chain file: the pins equal the openssl CLI recipe's, in order", arguments: chainFiles)
    func pinsMatchOpenSSL(_ name: String) async throws {
        let expected = try await offPool { try Self.opensslPins(name) }
        #expect(!expected.isEmpty)
        let result = try await AsyncRun.atscheck(["pins", Fixtures.cert(name)] + Self.trust + ["--format", "json"])
        #expect(result.status == 0, "\(result.command): \(result.stderr)")
        let document = try result.json()
        #expect(document["schemaVersion"] as? Int == 1)
        let certificates = try Self.entries(document)
        #expect(certificates.compactMap { $0["spkiSHA256"] as? String } == expected)
        #expect(certificates.compactMap { $0["okHttp"] as? String } == expected.map { "sha256/" + $0 })
        #expect(certificates.compactMap { $0["hpkp"] as? String } == expected.map { "pin-sha256=\"\($0)\"" })
        #expect(certificates.compactMap { $0["index"] as? Int } == Array(0..<expected.count))
        #expect(certificates.first?["role"] as? String == "leaf")
        for entry in certificates {
            #expect(entry["subject"] is String)
            #expect((entry["notAfter"] as? String)?.hasSuffix("Z") == true)
        }
    }

    @Test("chain-full.pem: leaf / intermediate / root, the root is the user-installed anchor")
    func rolesChainFull() async throws {
        let result = try await AsyncRun.atscheck(["pins", Fixtures.cert("chain-full.pem")] + Self.trust + ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try result.json()
        let certificates = try Self.entries(document)
        #expect(certificates.compactMap { $0["role"] as? String } == ["leaf", "intermediate", "root"])
        #expect(certificates.last?["origin"] as? String == "user")
        #expect(certificates.first?["origin"] is NSNull)
        let anchor = try #require(document["anchor"] as? [String: Any])
        #expect(anchor["index"] as? Int == 2)
        #expect(anchor["origin"] as? String == "user")
        #expect(anchor["spkiSHA256"] as? String == certificates.last?["spkiSHA256"] as? String)
        #expect(document["host"] as? String == "good.atscheck.test")
        #expect(document["trusted"] as? Bool == true)
    }

    @Test("leaf-good-rsa.pem with --ca-file: the anchor, not in the file, is appended with its pin")
    func anchorAppended() async throws {
        let root = try await offPool { try Self.opensslPins("root.pem") }
        let result = try await AsyncRun.atscheck(["pins", Fixtures.cert("leaf-good-rsa.pem")] + Self.trust + ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try result.json()
        #expect(try Self.entries(document).compactMap { $0["role"] as? String } == ["leaf", "intermediate"])
        let anchor = try #require(document["anchor"] as? [String: Any])
        #expect(anchor["index"] is NSNull)
        #expect(anchor["role"] as? String == "root")
        #expect(anchor["origin"] as? String == "user")
        #expect(anchor["spkiSHA256"] as? String == root.first)
        #expect(anchor["subject"] as? String == "CN=atscheck Test Root CA,O=atscheck tests")

        // Without any trust store there is no anchor.
        let bare = try await AsyncRun.atscheck(["pins", Fixtures.cert("leaf-good-rsa.pem"), "--no-system-roots", "--format", "json"])
        #expect(bare.status == 0)
        #expect(try bare.json()["anchor"] is NSNull)

        // Text: the anchor is listed as not sent; 80 columns except the long pin lines.
        let text = try await AsyncRun.atscheck(["pins", Fixtures.cert("leaf-good-rsa.pem")] + Self.trust)
        #expect(text.status == 0)
        #expect(text.stdout.contains("#0 leaf"))
        #expect(text.stdout.contains("#1 intermediate"))
        #expect(text.stdout.contains("-- root (anchor, user, not sent)"))
        #expect(text.stdout.contains(try #require(root.first)))
        for line in text.stdoutLines where !line.contains("sha256") {
            #expect(line.count <= 80, "too wide: \(line)")
        }
    }

    @Test("--format plist: an NSPinnedDomains snippet pinning intermediate + anchor, with a backup reminder")
    func plistSnippet() async throws {
        let expected = try await offPool { try Self.opensslPins("intermediate.pem") + Self.opensslPins("root.pem") }
        let result = try await AsyncRun.atscheck(["pins", Fixtures.cert("leaf-good-rsa.pem")] + Self.trust + ["--format", "plist"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.lowercased().contains("backup pin"))
        let plist = try Self.parseSnippet(result.stdout)
        let ats = try #require(plist["NSAppTransportSecurity"] as? [String: Any])
        let domains = try #require(ats["NSPinnedDomains"] as? [String: Any])
        #expect(Array(domains.keys) == ["good.atscheck.test"])
        let domain = try #require(domains["good.atscheck.test"] as? [String: Any])
        #expect(domain["NSIncludesSubdomains"] as? Bool == false)
        let identities = try #require(domain["NSPinnedCAIdentities"] as? [[String: Any]])
        #expect(identities.compactMap { $0["SPKI-SHA256-BASE64"] as? String } == expected)
    }

    @Test("--format trustkit: a TSKConfiguration snippet with ≥ 2 hashes, enforcing, no subdomains")
    func trustKitSnippet() async throws {
        let expected = try await offPool { try Self.opensslPins("intermediate.pem") + Self.opensslPins("root.pem") }
        for file in ["leaf-good-rsa.pem", "chain-full.pem"] {
            let result = try await AsyncRun.atscheck(["pins", Fixtures.cert(file)] + Self.trust + ["--format", "trustkit"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.lowercased().contains("backup pin"))
            let plist = try Self.parseSnippet(result.stdout)
            let configuration = try #require(plist["TSKConfiguration"] as? [String: Any])
            let domains = try #require(configuration["TSKPinnedDomains"] as? [String: Any])
            let domain = try #require(domains["good.atscheck.test"] as? [String: Any])
            let hashes = try #require(domain["TSKPublicKeyHashes"] as? [String])
            #expect(hashes == expected)
            #expect(hashes.count >= 2)
            #expect(domain["TSKIncludeSubdomains"] as? Bool == false)
            #expect(domain["TSKEnforcePinning"] as? Bool == true)
        }
    }

    @Test("live: the lab's good-rsa chain, fetched with --address 127.0.0.1 --port, and its snippets")
    func liveLab() async throws {
        let served = try await offPool { try Self.opensslPins("leaf-good-rsa.pem") }
        let root = try await offPool { try Self.opensslPins("root.pem") }
        try await LabServe.with(["good-rsa"]) { lab in
            let port = try lab.port("good-rsa")
            let target = ["pins", "good.atscheck.test", "--address", "127.0.0.1", "--port", "\(port)"] + Self.trust
            let result = try await AsyncRun.atscheck(target + ["--format", "json"])
            #expect(result.status == 0, "\(result.command): \(result.stderr)")
            let document = try result.json()
            #expect(document["host"] as? String == "good.atscheck.test")
            let certificates = try Self.entries(document)
            #expect(certificates.compactMap { $0["spkiSHA256"] as? String } == served)
            #expect(certificates.compactMap { $0["role"] as? String } == ["leaf", "intermediate"])
            let anchor = try #require(document["anchor"] as? [String: Any])
            #expect(anchor["spkiSHA256"] as? String == root.first)
            #expect(anchor["origin"] as? String == "user")

            let plist = try await AsyncRun.atscheck(target + ["--format", "plist"])
            #expect(plist.status == 0)
            let ats = try #require(try Self.parseSnippet(plist.stdout)["NSAppTransportSecurity"] as? [String: Any])
            let domain = try #require((ats["NSPinnedDomains"] as? [String: Any])?["good.atscheck.test"] as? [String: Any])
            let identities = try #require(domain["NSPinnedCAIdentities"] as? [[String: Any]])
            #expect(identities.compactMap { $0["SPKI-SHA256-BASE64"] as? String } == [served[1]] + root)

            let text = try await AsyncRun.atscheck(target)
            #expect(text.status == 0)
            #expect(text.stdoutLines.first == "Pins for good.atscheck.test:\(port) (served chain: 2 certificates)")
        }
    }

    @Test("bad usage or unreadable input: exit 2", arguments: [
        ["pins", "TestCerts/truncated.pem", "--no-system-roots"],
        ["pins", "TestCerts/empty.pem", "--no-system-roots"],
        ["pins", "TestCerts/not-a-certificate.pem", "--no-system-roots"],
        ["pins", "TestCerts/missing.pem", "--no-system-roots"],
        ["pins", "missing-chain.pem", "--no-system-roots"],
        ["pins", "TestCerts/chain-full.pem", "--no-system-roots", "--format", "yaml"],
        ["pins", "TestCerts/chain-full.pem", "--no-system-roots", "--port", "8443"],
        ["pins", "TestCerts/chain-full.pem", "--no-system-roots", "--at", "yesterday"],
        ["pins", "http://good.atscheck.test/", "--no-system-roots"],
        ["pins", "good.atscheck.test", "--port", "0", "--no-system-roots"],
        ["pins", "good.atscheck.test", "--address", "not-an-ip", "--no-system-roots"],
        ["pins", "good.atscheck.test", "--timeout", "-1", "--no-system-roots"],
        ["pins"],
    ])
    func badInput(_ arguments: [String]) async throws {
        let result = try await AsyncRun.atscheck(arguments)
        #expect(result.status == 2, "\(result.command): \(result.stdout) \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.isEmpty)
    }

    @Test("a closed port: exit 3, within --timeout plus a margin")
    func unreachable() async throws {
        // Bound and never listening, held for the test (a released port could be retaken).
        let (fd, port) = try LoopbackPort.refusing()
        defer { close(fd) }
        let (result, seconds) = try await AsyncRun.timed(
            ["pins", "good.atscheck.test", "--address", "127.0.0.1", "--port", "\(port)", "--timeout", TestTiming.argument(2)] + Self.trust)
        #expect(result.status == 3, "\(result.command): \(result.stdout) \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("cannot get the chain"))
        // A hang guard, not a speed measure: the deadline plus a wide margin, both scaled like
        // every other deadline the tests give. A refused connection needs no deadline at all,
        // yet under AddressSanitizer, with the whole suite running on two cores, the process
        // took 17.7 s from spawn to exit; a margin of 4 scaled seconds failed there.
        #expect(seconds < TestTiming.seconds(2) + TestTiming.seconds(15), "took \(seconds) s")
    }
}
