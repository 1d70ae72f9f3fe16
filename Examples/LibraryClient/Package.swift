// swift-tools-version:6.0
// A client of atscheck's libraries, built by .ci/run: the README's "Using the libraries from
// another package" section is these files (Tests/RepositoryTests checks that they agree).
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
    ]
)
