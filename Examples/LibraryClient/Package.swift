// swift-tools-version:6.0
// A client of atscheck's libraries, built and run by .ci/run: the README's "Using the libraries
// from another package" section and the DocC articles (Sources/ATSCheck/ATSCheck.docc) show
// these files (Tests/RepositoryTests checks that they agree).
import PackageDescription

let package = Package(
    name: "LibraryClient",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "atscheck", path: "../..")],
    targets: [
        .executableTarget(name: "CheckOne", dependencies: [
            .product(name: "ATSCheck", package: "atscheck"),
            .product(name: "ATSTrustData", package: "atscheck"),
            .product(name: "ATSVocabulary", package: "atscheck"),
        ]),
        .executableTarget(name: "GuardedProxy", dependencies: [
            .product(name: "ATSProxy", package: "atscheck"),
            .product(name: "ATSCheck", package: "atscheck"),
        ]),
        // The DocC articles' programs (Sources/ATSCheck/ATSCheck.docc).
        .executableTarget(name: "AwaitVerdict", dependencies: [
            .product(name: "ATSCheck", package: "atscheck"),
            .product(name: "ATSVocabulary", package: "atscheck"),
        ]),
        .executableTarget(name: "VerifyPins", dependencies: [
            .product(name: "ATSPinning", package: "atscheck"),
            .product(name: "ATSPinningLoaders", package: "atscheck"),
            .product(name: "ATSPinningOpenSSL", package: "atscheck"),
            .product(name: "ATSCertificates", package: "atscheck"),
            .product(name: "ATSPolicy", package: "atscheck"),
        ]),
        .executableTarget(name: "LintOne", dependencies: [
            .product(name: "ATSLint", package: "atscheck"),
        ]),
    ]
)
