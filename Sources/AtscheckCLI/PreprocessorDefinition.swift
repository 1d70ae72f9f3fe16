import ArgumentParsing

/// `--define NAME[=VALUE]`: one definition for a preprocessed Info.plist, spelt as clang's `-D`
/// and Xcode's `INFOPLIST_PREPROCESSOR_DEFINITIONS` entries (`DEBUG`, `API_LEVEL=2`). A bare
/// `NAME` is defined as `1`, as `-D` does.
struct PreprocessorDefinition: ExpressibleByArgument, Equatable, Sendable {
    /// The macro name: a C identifier.
    let name: String
    /// The replacement text after `=`, nil for a bare name.
    let value: String?

    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic),
              name.unicodeScalars.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }) else {
            return nil
        }
        self.name = name
        value = parts.count > 1 ? String(parts[1]) : nil
    }

    static let argumentExpectation = "NAME or NAME=VALUE, NAME a C identifier (DEBUG, API_LEVEL=2)"

    /// `NAME` or `NAME=VALUE`, as given.
    var argumentDescription: String { value.map { "\(name)=\($0)" } ?? name }
}
