// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "atscheck",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "atscheck", targets: ["AtscheckCLI"]),
        .library(name: "ATSCertificates", targets: ["ATSCertificates"]),
        .library(name: "ATSPolicy", targets: ["ATSPolicy"]),
        .library(name: "ATSPolicyFoundation", targets: ["ATSPolicyFoundation"]),
        .library(name: "ATSLint", targets: ["ATSLint"]),
        .library(name: "ATSProbe", targets: ["ATSProbe"]),
        .library(name: "ATSLab", targets: ["ATSLab"]),
        .library(name: "ATSCheck", targets: ["ATSCheck"]),
        .library(name: "ATSPinning", targets: ["ATSPinning"]),
        .library(name: "ATSPinningFoundation", targets: ["ATSPinningFoundation"]),
        .library(name: "ATSTrustData", targets: ["ATSTrustData"]),
        .library(name: "ATSProxy", targets: ["ATSProxy"]),
        .library(name: "ATSReport", targets: ["ATSReport"]),
        .library(name: "ATSScan", targets: ["ATSScan"]),
        .library(name: "ATSApp", targets: ["ATSApp"]),
    ],
    targets: [
        .systemLibrary(
            name: "CATSOpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .target(name: "CATSOpenSSLShims", dependencies: ["CATSOpenSSL"]),
        .systemLibrary(
            name: "CZip",
            pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"]), .brew(["libzip"])]
        ),
        // Streaming, bounded reads of zip archives (.ipa) over libzip; nothing is extracted.
        .target(name: "ATSArchive", dependencies: ["CZip", "AtscheckSystem"]),
        // atscheck app: the bundles of an .ipa, .app or .xcarchive, their policies, the URLs found in them, judged.
        .target(name: "ATSApp", dependencies: ["ATSArchive", "ATSScan", "ATSCheck", "ATSLint", "ATSPolicy", "ATSReport", "ATSCertificates", "AtscheckSystem", "ATSJSON"]),
        // The file layer: bounded reads of regular files.
        .target(name: "AtscheckSystem"),
        // Sockets: EINTR-safe calls, deadlines, addresses and host:port text, for the probe, the lab and the proxy.
        .target(name: "ATSSocket"),
        .target(name: "ATSCertificates", dependencies: ["CATSOpenSSL", "CATSOpenSSLShims", "AtscheckSystem", "ATSTrustData", "ATSSocket"]),
        .target(name: "ATSTrustData", dependencies: ["AtscheckSystem"], exclude: ["snapshot.sh"], resources: [.copy("Snapshots")]),
        .target(name: "ArgumentParsing"),
        // JSON documents through JSONDecoder: the value tree, kinds for messages, what a refusal can tell.
        .target(name: "ATSJSON"),
        .target(name: "ATSPolicy", dependencies: ["AtscheckSystem", "ATSJSON"]),
        // PlistValue(foundationObject:) for Foundation object graphs; needs Foundation's NSNumber, so not in ATSPolicy.
        .target(name: "ATSPolicyFoundation", dependencies: ["ATSPolicy"]),
        .target(name: "ATSLint", dependencies: ["ATSPolicy", "AtscheckSystem"]),
        .target(name: "ATSProbe", dependencies: ["CATSOpenSSL", "CATSOpenSSLShims", "ATSCertificates", "ATSPolicy", "ATSSocket"]),
        .target(name: "ATSLab", dependencies: ["CATSOpenSSL", "CATSOpenSSLShims", "ATSCertificates", "ATSPolicy", "ATSSocket"], resources: [.copy("Certificates")]),
        .target(name: "ATSCheck", dependencies: ["ATSPolicy", "ATSProbe", "ATSCertificates", "ATSPinning", "ATSSocket"]),
        .target(name: "ATSProxy", dependencies: ["ATSPolicy", "ATSCheck", "ATSCertificates", "ATSSocket", "AtscheckSystem"]),
        // The JSON documents of every command (docs/json-schema.md), importable by clients.
        .target(name: "ATSReport", dependencies: ["ATSCheck", "ATSPolicy", "ATSProbe", "ATSCertificates", "ATSPinning", "ATSTrustData", "AtscheckSystem", "ATSJSON"]),
        // atscheck scan: URL lists and HAR captures, the engine (one probe per endpoint), shards and records.
        .target(name: "ATSScan", dependencies: ["ATSCheck", "ATSProbe", "ATSReport", "AtscheckSystem", "ATSSocket", "ATSJSON"]),
        .target(name: "ATSPinning", dependencies: ["ATSCertificates", "ATSPolicy", "CATSOpenSSL", "CATSOpenSSLShims"]),
        // PinPolicy.fromTrustKit for a TrustKit configuration held as Foundation objects.
        .target(name: "ATSPinningFoundation", dependencies: ["ATSPinning", "ATSPolicy", "ATSPolicyFoundation"]),
        .executableTarget(name: "AtscheckCLI", dependencies: ["AtscheckSystem", "ATSSocket", "ATSTrustData", "ATSProxy", "ATSCertificates", "ArgumentParsing", "ATSPolicy", "ATSLint", "ATSProbe", "ATSLab", "ATSCheck", "ATSPinning", "ATSReport", "ATSScan", "ATSApp"]),
        .executableTarget(name: "PinVerifierBenchmark", dependencies: ["ATSPinning", "ATSCertificates"], path: "Benchmarks/PinVerifierBenchmark"),
        // Fixture locations shared by the test targets (the repository's own corpus, TestCerts, Policies).
        .target(name: "AtscheckTestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "AtscheckSystemTests", dependencies: ["AtscheckSystem"]),
        .testTarget(name: "ATSSocketTests", dependencies: ["ATSSocket", "AtscheckTestSupport"]),
        .testTarget(name: "ATSCertificatesTests", dependencies: ["ATSCertificates", "ATSTrustData", "AtscheckTestSupport", "CATSOpenSSL"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(name: "ATSJSONTests", dependencies: ["ATSJSON"]),
        .testTarget(name: "ATSPolicyTests", dependencies: ["ATSPolicy", "ATSPolicyFoundation", "ATSJSON", "AtscheckTestSupport"]),
        .testTarget(name: "ATSLintTests", dependencies: ["ATSLint", "ATSPolicy", "AtscheckTestSupport"]),
        .testTarget(name: "ATSProbeTests", dependencies: ["ATSProbe", "ATSLab", "ATSSocket", "ATSCertificates", "AtscheckTestSupport"]),
        .testTarget(name: "ATSLabTests", dependencies: ["ATSLab", "ATSCertificates", "AtscheckTestSupport"]),
        .testTarget(name: "ATSCheckTests", dependencies: ["ATSCheck", "ATSProbe", "ATSLab", "ATSPolicy", "ATSCertificates", "AtscheckTestSupport"]),
        .testTarget(name: "ATSPinningTests", dependencies: ["ATSPinning", "ATSPinningFoundation", "ATSCertificates", "ATSPolicy", "ATSLab", "AtscheckTestSupport"]),
        .testTarget(name: "ATSProxyTests", dependencies: ["ATSProxy", "ATSSocket", "ATSLab", "ATSCertificates", "AtscheckTestSupport"]),
        .testTarget(name: "ATSReportTests", dependencies: ["ATSReport", "ATSCheck", "AtscheckTestSupport"]),
        .testTarget(name: "ATSAppTests", dependencies: ["ATSApp", "ATSArchive", "ATSCheck", "ATSLab", "ATSCertificates", "ATSPolicy", "AtscheckSystem", "AtscheckTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ATSScanTests", dependencies: ["ATSScan", "ATSCheck", "ATSLab", "ATSCertificates", "ATSPolicy", "ATSProbe", "ATSSocket", "AtscheckTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "CLITests", dependencies: ["AtscheckCLI", "ATSCertificates", "ATSSocket", "AtscheckTestSupport"]),
        .testTarget(name: "RepositoryTests", dependencies: ["ATSCheck", "ATSLint", "ATSPolicy", "ATSCertificates", "AtscheckTestSupport", "ATSLab"]),
    ]
)
