// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "atscheck",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "atscheck", targets: ["atscheck"]),
        .library(name: "Certificates", targets: ["Certificates"]),
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
        .executableTarget(name: "atscheck", dependencies: ["Certificates", "ArgumentParsing"]),
        .testTarget(name: "CertificatesTests", dependencies: ["Certificates"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(name: "atscheckTests", dependencies: ["atscheck", "Certificates"]),
    ]
)
