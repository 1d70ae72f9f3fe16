import ATSLint
import ATSRunPolicy
import Foundation

/// Real inputs for the run policy's tests: Info.plist text linted by ATSLint, configuration
/// and baseline files written to a fresh directory that the test removes.
struct RunPolicyDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("h44-runpolicy-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` inside the directory (making folders) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// The configuration `text`, written as `.atscheck.yml` and loaded as `--config` would.
    func configuration(_ text: String) throws -> ConfigFile {
        try ConfigFile.load(try write(".atscheck.yml", text))
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

enum RunPolicyFixtures {
    /// An Info.plist whose `NSAppTransportSecurity` dictionary holds `ats` (raw XML).
    static func plist(_ ats: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>NSAppTransportSecurity</key>
            <dict>
        \(ats)
            </dict>
        </dict>
        </plist>
        """
    }

    /// Arbitrary loads on (an `arbitrary-loads` warning) and cleartext HTTP for two domains
    /// (an `insecure-http-exception` warning each).
    static let insecure = plist("""
            <key>NSAllowsArbitraryLoads</key><true/>
            <key>NSExceptionDomains</key>
            <dict>
                <key>legacy.example.com</key>
                <dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
                <key>feeds.example.org</key>
                <dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
            </dict>
    """)

    /// `text` linted as the file `path` (relative to the working directory the tests pass).
    static func lint(_ text: String, path: String) -> FileReport {
        Linter().lint(Data(text.utf8), path: path)
    }

    /// The rule ids of every finding, sorted.
    static func rules(_ reports: [FileReport]) -> [String] {
        reports.flatMap(\.findings).map(\.rule).sorted()
    }
}
