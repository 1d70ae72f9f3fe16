// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "atscheck",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "atscheck", targets: ["AtscheckCLI"]),
        .library(name: "Certificates", targets: ["Certificates"]),
        .library(name: "ATSPolicy", targets: ["ATSPolicy"]),
        .library(name: "ATSLint", targets: ["ATSLint"]),
        .library(name: "TLSProbe", targets: ["TLSProbe"]),
        .library(name: "TLSLab", targets: ["TLSLab"]),
        .library(name: "ATSCheck", targets: ["ATSCheck"]),
        .library(name: "Pinning", targets: ["Pinning"]),
        .library(name: "AppleTrustData", targets: ["AppleTrustData"]),
        .library(name: "ATSProxy", targets: ["ATSProxy"]),
    ],
    targets: [
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .target(name: "COpenSSLShims", dependencies: ["COpenSSL"]),
        // The system layer: bounded reads of regular files (and, in time, sockets).
        .target(name: "AtscheckSystem"),
        .target(name: "Certificates", dependencies: ["COpenSSL", "COpenSSLShims", "AtscheckSystem", "AppleTrustData"]),
        .target(name: "AppleTrustData", dependencies: ["AtscheckSystem"], exclude: ["snapshot.sh"], resources: [.copy("Snapshots")]),
        .target(name: "ArgumentParsing"),
        .target(name: "ATSPolicy", dependencies: ["AtscheckSystem"]),
        .target(name: "ATSLint", dependencies: ["ATSPolicy", "AtscheckSystem"]),
        .target(name: "TLSProbe", dependencies: ["COpenSSL", "COpenSSLShims", "Certificates"]),
        .target(name: "TLSLab", dependencies: ["COpenSSL", "COpenSSLShims", "Certificates"]),
        .target(name: "ATSCheck", dependencies: ["ATSPolicy", "TLSProbe", "Certificates", "Pinning"]),
        .target(name: "ATSProxy", dependencies: ["ATSPolicy"]),
        .target(name: "Pinning", dependencies: ["Certificates", "ATSPolicy", "COpenSSL", "COpenSSLShims"]),
        .executableTarget(name: "AtscheckCLI", dependencies: ["AtscheckSystem", "AppleTrustData", "ATSProxy", "Certificates", "ArgumentParsing", "ATSPolicy", "ATSLint", "TLSProbe", "TLSLab", "ATSCheck", "Pinning"]),
        .executableTarget(name: "PinVerifierBenchmark", dependencies: ["Pinning", "Certificates"], path: "Benchmarks/PinVerifierBenchmark"),
        // Fixture locations shared by the test targets (the repository's own corpus, TestCerts, Policies).
        .target(name: "AtscheckTestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "AtscheckSystemTests", dependencies: ["AtscheckSystem"]),
        .testTarget(name: "CertificatesTests", dependencies: ["Certificates", "AppleTrustData", "AtscheckTestSupport"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(name: "ATSPolicyTests", dependencies: ["ATSPolicy", "AtscheckTestSupport"]),
        .testTarget(name: "ATSLintTests", dependencies: ["ATSLint", "ATSPolicy", "AtscheckTestSupport"]),
        .testTarget(name: "TLSProbeTests", dependencies: ["TLSProbe", "TLSLab", "AtscheckTestSupport"]),
        .testTarget(name: "TLSLabTests", dependencies: ["TLSLab", "Certificates"]),
        .testTarget(name: "ATSCheckTests", dependencies: ["ATSCheck", "TLSProbe", "TLSLab", "ATSPolicy", "Certificates", "AtscheckTestSupport"]),
        .testTarget(name: "PinningTests", dependencies: ["Pinning", "Certificates", "ATSPolicy", "TLSLab", "AtscheckTestSupport"]),
        .testTarget(name: "ATSProxyTests", dependencies: ["ATSProxy"]),
        .testTarget(name: "CLITests", dependencies: ["AtscheckCLI", "Certificates", "AtscheckTestSupport"]),
        .testTarget(name: "RepositoryTests", dependencies: ["ATSCheck", "ATSLint", "ATSPolicy", "Certificates", "AtscheckTestSupport"]),
    ]
)
