// swift-tools-version:6.0
// libFuzzer targets over atscheck's parsers. Not part of the main package: build and run them
// with Fuzz/run.sh, which passes the sanitizer flags (a plain `swift build` here links no
// fuzzer and the targets do nothing useful).
import PackageDescription

let package = Package(
    name: "atscheck-fuzz",
    dependencies: [.package(name: "atscheck", path: "..")],
    targets: [
        .executableTarget(name: "FuzzPlist", dependencies: [
            .product(name: "ATSPolicy", package: "atscheck"), .product(name: "ATSLint", package: "atscheck"),
        ]),
        .executableTarget(name: "FuzzCertificates", dependencies: [.product(name: "ATSCertificates", package: "atscheck"),
                                                                   .product(name: "ATSTrustData", package: "atscheck")]),
        .executableTarget(name: "FuzzProxyHead", dependencies: [.product(name: "ATSProxy", package: "atscheck")]),
        .executableTarget(name: "FuzzPublicSuffix", dependencies: [.product(name: "ATSCertificates", package: "atscheck")]),
        .executableTarget(name: "FuzzTransparency", dependencies: [.product(name: "ATSCertificates", package: "atscheck")]),
        .executableTarget(name: "FuzzScanInput", dependencies: [.product(name: "ATSScan", package: "atscheck")]),
        .executableTarget(name: "FuzzAppArchive", dependencies: [.product(name: "ATSApp", package: "atscheck"),
                                                               .product(name: "ATSPolicySources", package: "atscheck")]),
        .executableTarget(name: "FuzzYAML", dependencies: [.product(name: "ATSYAML", package: "atscheck")]),
        .executableTarget(name: "FuzzCode", dependencies: [.product(name: "ATSCode", package: "atscheck"), .product(name: "ATSSinks", package: "atscheck"),
                                                         .product(name: "ATSApp", package: "atscheck")]),
        .executableTarget(name: "FuzzWhy", dependencies: [.product(name: "ATSWhy", package: "atscheck"), .product(name: "ATSVocabulary", package: "atscheck")]),
        .executableTarget(name: "FuzzPins", dependencies: [
            .product(name: "ATSPinning", package: "atscheck"), .product(name: "ATSPinningLoaders", package: "atscheck"), .product(name: "ATSPolicy", package: "atscheck"),
        ]),
    ]
)
