#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A data file compiled into a module by `Scripts/embed-resources.py`, instead of a SwiftPM
/// resource (whose `Bundle.module` accessor would link classic Foundation into every process and
/// tie the binary to a `*.resources` folder). Holds the literal as written; nothing is converted
/// until ``data`` is asked for.
package struct EmbeddedFile: Sendable {
    /// How ``literal`` holds the bytes.
    package enum Encoding: Sendable {
        /// The file's text, as it is (UTF-8).
        case text
        /// Base64 of the file's bytes: a file a Swift string literal cannot hold unchanged.
        case base64
    }

    package let literal: String
    package let encoding: Encoding

    /// A text file.
    package init(text: String) {
        literal = text
        encoding = .text
    }

    /// A binary file, as base64.
    package init(base64: String) {
        literal = base64
        encoding = .base64
    }

    /// The file's bytes.
    package var data: Data {
        switch encoding {
        case .text:
            return Data(literal.utf8)
        case .base64:
            // The generator wrote valid base64; RepositoryTests checks every file decodes to its source.
            guard let bytes = Data(base64Encoded: literal) else { preconditionFailure("embedded file: invalid base64") }
            return bytes
        }
    }
}
