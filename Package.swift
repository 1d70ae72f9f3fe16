// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "atscheck",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "atscheck", targets: ["atscheck"]),
        .library(name: "Certificates", targets: ["Certificates"]),
        .library(name: "ATSPolicy", targets: ["ATSPolicy"]),
        .library(name: "ATSLint", targets: ["ATSLint"]),
        .library(name: "TLSProbe", targets: ["TLSProbe"]),
        .library(name: "TLSLab", targets: ["TLSLab"]),
        .library(name: "ATSCheck", targets: ["ATSCheck"]),
        .library(name: "Pinning", targets: ["Pinning"]),
    ],
    targets: [
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .target(name: "COpenSSLShims", dependencies: ["COpenSSL"]),
        .target(name: "Certificates", dependencies: ["COpenSSL", "COpenSSLShims"]),
        .target(name: "ArgumentParsing"),
        .target(name: "ATSPolicy"),
        .target(name: "ATSLint", dependencies: ["ATSPolicy"]),
        .target(name: "TLSProbe", dependencies: ["COpenSSL", "COpenSSLShims", "Certificates"]),
        .target(name: "TLSLab", dependencies: ["COpenSSL", "COpenSSLShims", "Certificates"]),
        .target(name: "ATSCheck", dependencies: ["ATSPolicy", "TLSProbe", "Certificates", "Pinning"]),
        .target(name: "Pinning", dependencies: ["Certificates", "ATSPolicy", "COpenSSL", "COpenSSLShims"]),
        .executableTarget(name: "atscheck", dependencies: ["Certificates", "ArgumentParsing", "ATSPolicy", "ATSLint", "TLSProbe", "TLSLab", "ATSCheck", "Pinning"]),
        .executableTarget(name: "PinVerifierBenchmark", dependencies: ["Pinning", "Certificates"], path: "Benchmarks/PinVerifierBenchmark"),
        .testTarget(name: "CertificatesTests", dependencies: ["Certificates"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(name: "ATSPolicyTests", dependencies: ["ATSPolicy"]),
        .testTarget(name: "ATSLintTests", dependencies: ["ATSLint", "ATSPolicy"]),
        .testTarget(name: "TLSProbeTests", dependencies: ["TLSProbe", "TLSLab"]),
        .testTarget(name: "TLSLabTests", dependencies: ["TLSLab", "Certificates"]),
        .testTarget(name: "ATSCheckTests", dependencies: ["ATSCheck", "TLSProbe", "TLSLab", "ATSPolicy", "Certificates"]),
        .testTarget(name: "PinningTests", dependencies: ["Pinning", "Certificates", "ATSPolicy", "TLSLab"]),
        .testTarget(name: "atscheckTests", dependencies: ["atscheck", "Certificates"]),
    ]
)
