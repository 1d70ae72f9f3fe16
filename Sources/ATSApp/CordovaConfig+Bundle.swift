import ATSPolicy
import Foundation

extension CordovaConfig {
    /// The policy source a project's `config.xml` is, and its origins as URLs with their lines
    /// (an origin with no scheme or a wildcard host is not a URL a load goes to and is left
    /// out); nil when the file is not a Cordova `<widget>` configuration.
    static func bundle(path: String, bytes: Data) -> (AppBundle, [(String, Int)])? {
        guard let text = String(data: bytes.prefix(4096), encoding: .utf8), text.contains("<widget") else { return nil }
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        let identifier = Self.widgetIdentifier(text)
        do throws(PlistReadError) {
            let config = try read(bytes)
            let origins = zip(config.origins, config.originLines).compactMap { origin, line -> (String, Int)? in
                guard let url = URL(string: origin), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                      let host = url.host, !host.contains("*") else { return nil }
                return (origin, line)
            }
            return (AppBundle(path: directory, kind: .cordova, identifier: identifier, policyFile: path, document: .success(config.document)), origins)
        } catch {
            return (AppBundle(path: directory, kind: .cordova, identifier: identifier, policyFile: path, document: .failure(error)), [])
        }
    }

    /// `<widget id="com.example.app">`, read from the start of the file for the report only.
    private static func widgetIdentifier(_ text: String) -> String? {
        guard let widget = text.range(of: "<widget"), let id = text.range(of: " id=\"", range: widget.upperBound..<text.endIndex) else { return nil }
        guard let end = text[id.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(text[id.upperBound..<end])
    }
}
