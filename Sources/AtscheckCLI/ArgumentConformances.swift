import ATSVocabulary
import ArgumentParsing
import ATSLab
import ATSPolicy
import ATSScan

// How the library's values are spelt on the command line. The conformances live here, at the
// CLI edge: the libraries know nothing of argument parsing.

extension TargetOS: ExpressibleByArgument {
    /// `ios17`, `ios16.4`, `macos14`, ...
    package init?(argument: String) {
        self.init(parsing: argument)
    }

    /// The spellings shown after "expected" in an error.
    package static var argumentExpectation: String { "e.g. ios17, ios16.4, macos14, tvos17, watchos10, visionos2" }

    /// For shell completion: each platform's releases where atscheck's rules or trust data change
    /// (iOS 10 rules, the Network framework's ATS from iOS 12, NSPinnedDomains in 14, iOS 17
    /// rules, the 18 and 26 trust snapshots, NIAP keys in 26.4), as each platform numbers them.
    package static var completionValueStrings: [String]? {
        ["ios9", "ios10", "ios12", "ios14", "ios17", "ios18", "ios26", "ios26.4",
         "macos10.11", "macos10.12", "macos10.14", "macos11", "macos14", "macos15", "macos26",
         "tvos17", "tvos18", "tvos26", "watchos10", "watchos11", "watchos26", "visionos1", "visionos2", "visionos26"]
    }

    /// The target as `description` writes it (`iOS 17`).
    package var argumentDescription: String { description }
}

extension LoadContext: ExpressibleByArgument {}
extension SubdomainDepth: ExpressibleByArgument {}
extension LegacyKeyMode: ExpressibleByArgument {}
extension LabProfile: ExpressibleByArgument {}

extension ScanShard: ExpressibleByArgument {
    /// `K/N`.
    package init?(argument: String) {
        self.init(argument)
    }

    /// The form shown after "expected" in an error.
    package static var argumentExpectation: String { "K/N with 1 ≤ K ≤ N" }

    /// The shard as `K/N`.
    package var argumentDescription: String { description }
}

/// An IP address as given to `--address`: kept as typed, checked to be an IPv4 or IPv6 literal.
struct IPAddressArgument: ExpressibleByArgument {
    /// The address as typed.
    let text: String

    init?(argument: String) {
        guard IPAddress(argument, allowingZone: false) != nil else { return nil }
        text = argument
    }

    static let argumentExpectation = "an IPv4 or IPv6 address"

    var argumentDescription: String { text }
}
