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
        .executableTarget(name: "atscheck", dependencies: ["Certificates", "ArgumentParsing", "ATSPolicy", "ATSLint"]),
        .testTarget(name: "CertificatesTests", dependencies: ["Certificates"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(name: "ATSPolicyTests", dependencies: ["ATSPolicy"]),
        .testTarget(name: "ATSLintTests", dependencies: ["ATSLint", "ATSPolicy"]),
        .testTarget(name: "atscheckTests", dependencies: ["atscheck", "Certificates"]),
    ]
)
