// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "atscheck",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "atscheck", targets: ["AtscheckCLI"]),
        .library(name: "ATSVocabulary", targets: ["ATSVocabulary"]),
        .library(name: "ATSCertificates", targets: ["ATSCertificates"]),
        .library(name: "ATSPolicy", targets: ["ATSPolicy"]),
        .library(name: "ATSPolicySources", targets: ["ATSPolicySources"]),
        .library(name: "ATSLint", targets: ["ATSLint"]),
        .library(name: "ATSProbe", targets: ["ATSProbe"]),
        .library(name: "ATSLab", targets: ["ATSLab"]),
        .library(name: "ATSCheck", targets: ["ATSCheck"]),
        .library(name: "ATSPinning", targets: ["ATSPinning"]),
        .library(name: "ATSPinningOpenSSL", targets: ["ATSPinningOpenSSL"]),
        .library(name: "ATSPinningLoaders", targets: ["ATSPinningLoaders"]),
        .library(name: "ATSFoundationObjects", targets: ["ATSFoundationObjects"]),
        .library(name: "ATSTrustData", targets: ["ATSTrustData"]),
        .library(name: "ATSProxy", targets: ["ATSProxy"]),
        .library(name: "ATSReport", targets: ["ATSReport"]),
        .library(name: "ATSScan", targets: ["ATSScan"]),
        .library(name: "ATSApp", targets: ["ATSApp"]),
        .library(name: "ATSYAML", targets: ["ATSYAML"]),
        .library(name: "ATSWhy", targets: ["ATSWhy"]),
        .library(name: "ATSCode", targets: ["ATSCode"]),
        .library(name: "ATSSinks", targets: ["ATSSinks"]),
        .library(name: "ATSRender", targets: ["ATSRender"]),
        .library(name: "ATSRunPolicy", targets: ["ATSRunPolicy"]),
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
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        // UTS #46 domain to ASCII over ICU (Cordova URL hosts), for Swift callers.
        .target(name: "CICUShims", dependencies: ["CICU"]),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // Event-driven XML parsing over libxml2's SAX interface, as Foundation's XMLParser drove it.
        .target(name: "ATSXML", dependencies: ["CLibXML2"]),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Bounded YAML value trees over libyaml's event parser (pubspec.yaml): size, depth, node and alias caps.
        .target(name: "ATSYAML", dependencies: ["CYAML"]),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // The one libcurl transfer atscheck makes (curl_easy_setopt is variadic; Swift cannot call it).
        .target(name: "CATSCurlShims", dependencies: ["CCurl", "CATSSystemShims"]),
        .systemLibrary(
            name: "CPSL",
            pkgConfig: "libpsl",
            providers: [.apt(["libpsl-dev"]), .brew(["libpsl"])]
        ),
        // The Public Suffix List snapshot compiled in, and libpsl loading lists held in memory.
        .target(name: "CATSPSLShims", dependencies: ["CPSL"], exclude: ["snapshot.sh"]),
        // Bounded HTTP(S) GETs over libcurl: Apple's CT log list (atscheck update), AIA intermediates.
        .target(name: "ATSFetch", dependencies: ["CATSCurlShims"]),
        // Streaming, bounded reads of zip archives (.ipa) over libzip; nothing is extracted.
        .target(name: "ATSArchive", dependencies: ["CZip", "AtscheckSystem"]),
        // atscheck app: the bundles of an .ipa, .app or .xcarchive, their policies, the URLs found in them, judged.
        .target(name: "ATSApp", dependencies: ["ATSVocabulary", "ATSCode", "ATSSinks", "ATSPolicySources", "ATSArchive", "ATSXML", "ATSScan", "ATSCheck", "ATSLint", "ATSPolicy", "ATSReport", "ATSCertificates", "AtscheckSystem", "ATSJSON", "ATSYAML"]),
        // Source files read as code: a lexer per language (Swift, the C family, JavaScript/TypeScript with JSX, Dart)
        // with string literals decoded, interpolations, comments and conditional compilation; HTML as elements.
        .target(name: "ATSCode", dependencies: ["ATSJSON"]),
        // Where each URL goes: the sinks of Swift, Objective-C, JavaScript and Dart, followed from a literal through
        // wrappers, concatenation, constants and properties to a load, opening outside the app, or no load.
        .target(name: "ATSSinks", dependencies: ["ATSCode"]),
        // The floor's vocabulary, imported by every layer and importing nothing: TLS versions, cipher suites and Apple's
        // suite groups, target OSes and Security releases, IP addresses and host names, pins, reason codes and the errors
        // an app logs for them, Apple's error codes and citations, host:port text.
        .target(name: "ATSVocabulary"),
        // accept4 and pipe2, which Glibc declares out of Swift's reach, and the one classifier of non-public addresses.
        .target(name: "CATSSystemShims"),
        // The system layer: every syscall (EINTR-safe), owning sockets and the acceptor, bounded reads of
        // regular files, standard streams, locks and threads, and the few text helpers that stand in for classic Foundation.
        .target(name: "AtscheckSystem", dependencies: ["CATSPSLShims", "CATSSystemShims"]),
        .target(name: "ATSCertificates", dependencies: ["ATSVocabulary", "CATSOpenSSL", "CATSOpenSSLShims", "AtscheckSystem", "ATSTrustData"]),
        // Apple's trust snapshots. Its Snapshots/ and ATSLab's Certificates/ are compiled in (Scripts/embed-resources.py),
        // not declared as resources: SwiftPM's resource accessor (Bundle.module) links classic Foundation into every process.
        .target(name: "ATSTrustData", dependencies: ["AtscheckSystem"], exclude: ["snapshot.sh", "Snapshots"]),
        .target(name: "ArgumentParsing"),
        // JSON documents through JSONDecoder: the value tree, kinds for messages, what a refusal can tell.
        .target(name: "ATSJSON"),
        .target(name: "ATSPolicy", dependencies: ["ATSVocabulary", "AtscheckSystem", "ATSXML", "ATSJSON"]),
        // The policy files other than an Info.plist: Expo app.json and Cordova config.xml (with the
        // WHATWG host parsing cordova-ios runs, over ICU), read as the Info.plist iOS would read.
        .target(name: "ATSPolicySources", dependencies: ["ATSPolicy", "ATSXML", "ATSJSON", "CICUShims", "AtscheckSystem"]),
        .target(name: "ATSLint", dependencies: ["ATSVocabulary", "ATSPolicy", "ATSPolicySources", "AtscheckSystem", "ATSJSON"]),
        .target(name: "ATSProbe", dependencies: ["ATSVocabulary", "CATSOpenSSL", "CATSOpenSSLShims", "ATSCertificates", "AtscheckSystem"]),
        .target(name: "ATSLab", dependencies: ["ATSVocabulary", "CATSOpenSSL", "CATSOpenSSLShims", "ATSCertificates", "AtscheckSystem"],
                exclude: ["Certificates"]),
        .target(name: "ATSCheck", dependencies: ["ATSVocabulary", "ATSPolicy", "ATSProbe", "ATSCertificates", "ATSPinning", "ATSPinningOpenSSL", "ATSPinningLoaders", "AtscheckSystem", "ATSFetch", "ATSTrustData", "ATSJSON"]),
        .target(name: "ATSProxy", dependencies: ["ATSVocabulary", "ATSPolicy", "ATSCheck", "ATSCertificates", "AtscheckSystem"]),
        // The JSON documents of every command (docs/json-schema.md), importable by clients.
        .target(name: "ATSReport", dependencies: ["ATSVocabulary", "ATSCheck", "ATSPolicy", "ATSProbe", "ATSCertificates", "ATSPinning", "ATSPinningOpenSSL", "ATSTrustData", "AtscheckSystem", "ATSJSON"]),
        // atscheck scan: URL lists and HAR captures, the engine (one probe per endpoint), shards and records.
        .target(name: "ATSScan", dependencies: ["ATSVocabulary", "ATSCheck", "ATSProbe", "ATSReport", "AtscheckSystem", "ATSJSON", "ATSPolicy"]),
        // atscheck why: the errors in a pasted Xcode console (NSError descriptions, stream codes, BoringSSL lines),
        // named in their era and mapped to ranked reasons and the command that confirms them. Pure Swift.
        .target(name: "ATSWhy", dependencies: ["ATSVocabulary", "ATSPolicy", "ATSLint", "ATSCheck"]),
        // Pins, pin policies and PinVerifier over SPKI digests: pure Swift, importing the vocabulary only.
        .target(name: "ATSPinning", dependencies: ["ATSVocabulary"]),
        // The OpenSSL side of pinning: the pin of a certificate, chains and DER evaluated, the SSL verify adapter.
        .target(name: "ATSPinningOpenSSL", dependencies: ["ATSVocabulary", "ATSPinning", "ATSCertificates", "CATSOpenSSL", "CATSOpenSSLShims", "AtscheckSystem"]),
        // Pin policies from ATS NSPinnedDomains, TrustKit and Android network_security_config.
        .target(name: "ATSPinningLoaders", dependencies: ["ATSVocabulary", "ATSPinning", "ATSPolicy", "ATSXML", "AtscheckSystem"]),
        // Foundation object graphs (Bundle.main.infoDictionary, JSONSerialization's result): PlistValue(foundationObject:)
        // and PinPolicy.fromTrustKit for [String: Any]. Telling NSNumber Booleans apart needs classic Foundation, which
        // no other library links.
        .target(name: "ATSFoundationObjects", dependencies: ["ATSPolicy", "ATSPinning", "ATSPinningLoaders"]),
        // The run policy of lint, app, scan and report as a library: .atscheck.yml's rules and accepted loads,
        // baselines, --fail-on and exit status, the configuration note; the CLI parses, calls it and renders.
        .target(name: "ATSRunPolicy", dependencies: ["ArgumentParsing", "ATSVocabulary", "AtscheckSystem", "ATSJSON", "ATSYAML", "ATSPolicy", "ATSPolicySources", "ATSLint", "ATSArchive", "ATSCheck", "ATSScan", "ATSApp"]),
        // Every command's output in every format (text, Markdown, HTML, GitHub annotations), over the documents and
        // verdicts of the libraries below; one terminal escape and wrapper (TerminalText), one markup escaper (MarkupText).
        .target(name: "ATSRender", dependencies: ["ATSVocabulary", "AtscheckSystem", "ATSCertificates", "ATSPolicy", "ATSPolicySources", "ATSLint", "ATSProbe", "ATSLab", "ATSCheck", "ATSReport", "ATSScan", "ATSApp", "ATSWhy"]),
        .executableTarget(name: "AtscheckCLI", dependencies: ["ATSVocabulary", "AtscheckSystem", "ATSTrustData", "ATSProxy", "ATSCertificates", "ArgumentParsing", "ATSPolicy", "ATSPolicySources", "ATSLint", "ATSProbe", "ATSLab", "ATSCheck", "ATSPinning", "ATSPinningOpenSSL", "ATSPinningLoaders", "ATSReport", "ATSScan", "ATSApp", "ATSFetch", "ATSWhy", "ATSJSON", "ATSYAML", "ATSRender", "ATSRunPolicy"]),
        .executableTarget(name: "PinVerifierBenchmark", dependencies: ["ATSPinning", "ATSPinningOpenSSL", "ATSCertificates", "ATSVocabulary"], path: "Benchmarks/PinVerifierBenchmark"),
        // Fixture locations shared by the test targets (the repository's own corpus, TestCerts, Policies), and the
        // hand-written SARIF 2.1.0 schema checks (SARIFSchema) over ATSJSON's value tree.
        .target(name: "AtscheckTestSupport", dependencies: ["ATSJSON"], path: "Tests/TestSupport"),
        .testTarget(name: "AtscheckSystemTests", dependencies: ["AtscheckSystem", "AtscheckTestSupport"]),
        .testTarget(name: "ATSVocabularyTests", dependencies: ["ATSVocabulary"]),
        .testTarget(name: "ATSCertificatesTests", dependencies: ["ATSVocabulary", "ATSCertificates", "ATSTrustData", "AtscheckTestSupport", "CATSOpenSSL", "AtscheckSystem"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(name: "ATSXMLTests", dependencies: ["ATSXML"]),
        .testTarget(name: "ATSJSONTests", dependencies: ["ATSJSON"]),
        .testTarget(name: "ATSYAMLTests", dependencies: ["ATSYAML"]),
        .testTarget(name: "ATSCodeTests", dependencies: ["ATSCode"]),
        .testTarget(name: "ATSSinksTests", dependencies: ["ATSSinks", "ATSCode", "ATSApp"]),
        .testTarget(name: "ATSPolicyTests", dependencies: ["ATSVocabulary", "ATSPolicy", "ATSFoundationObjects", "ATSJSON", "AtscheckTestSupport"]),
        .testTarget(name: "ATSLintTests", dependencies: ["ATSVocabulary", "ATSLint", "ATSPolicy", "ATSPolicySources", "AtscheckTestSupport"]),
        .testTarget(name: "ATSProbeTests", dependencies: ["ATSVocabulary", "ATSProbe", "ATSLab", "ATSCertificates", "AtscheckTestSupport", "AtscheckSystem"]),
        .testTarget(name: "ATSLabTests", dependencies: ["ATSVocabulary", "ATSLab", "ATSCertificates", "AtscheckTestSupport"]),
        .testTarget(name: "ATSCheckTests", dependencies: ["ATSVocabulary", "ATSCheck", "ATSProbe", "ATSLab", "ATSPolicy", "ATSCertificates", "AtscheckTestSupport", "ATSPinning"]),
        .testTarget(name: "ATSWhyTests", dependencies: ["ATSVocabulary", "ATSWhy", "ATSPolicy", "ATSLint", "ATSCheck", "AtscheckTestSupport"]),
        .testTarget(name: "ATSPinningTests", dependencies: ["ATSVocabulary", "ATSPinning", "ATSPinningOpenSSL", "ATSPinningLoaders", "ATSFoundationObjects", "ATSCertificates", "ATSPolicy", "ATSLab", "AtscheckTestSupport", "CATSOpenSSL", "CATSOpenSSLShims"]),
        .testTarget(name: "ATSProxyTests", dependencies: ["ATSVocabulary", "ATSProxy", "ATSCheck", "ATSLab", "ATSCertificates", "AtscheckTestSupport", "AtscheckSystem", "ATSPolicy"]),
        .testTarget(name: "ATSReportTests", dependencies: ["ATSVocabulary", "ATSReport", "ATSCheck", "AtscheckTestSupport"]),
        .testTarget(name: "ATSAppTests", dependencies: ["ATSVocabulary", "ATSApp", "ATSPolicySources", "ATSArchive", "ATSCheck", "ATSLab", "ATSCertificates", "ATSPolicy", "AtscheckSystem", "AtscheckTestSupport", "ATSLint", "ATSSinks"], exclude: ["Fixtures"]),
        .testTarget(name: "ATSScanTests", dependencies: ["ATSVocabulary", "ATSScan", "ATSCheck", "ATSLab", "ATSCertificates", "ATSPolicy", "ATSProbe", "AtscheckTestSupport", "AtscheckSystem"], exclude: ["Fixtures"]),
        .testTarget(name: "ATSRenderTests", dependencies: ["ATSVocabulary", "ATSRender", "ATSLint", "ATSPolicy", "ATSCertificates", "ATSReport", "ATSScan", "ATSWhy", "ATSJSON", "AtscheckTestSupport"]),
        .testTarget(name: "ATSRunPolicyTests", dependencies: ["ATSRunPolicy", "ATSLint", "ATSScan", "ATSApp", "ATSCheck", "ATSCertificates", "AtscheckTestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["ATSVocabulary", "AtscheckCLI", "ATSCertificates", "AtscheckTestSupport", "ATSCheck", "ATSPolicy", "ATSYAML", "ATSLint"]),
        .testTarget(name: "RepositoryTests", dependencies: ["ATSVocabulary", "ATSCheck", "ATSLint", "ATSPolicy", "ATSCertificates", "AtscheckTestSupport", "ATSLab", "ATSTrustData", "AtscheckSystem"]),
    ]
)

// A file sees only the extension members of the modules it imports itself (SE-0444), so a
// file that imports FoundationEssentials cannot use classic Foundation's API through another
// file's import: the product links Foundation only where a file asks for it.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
