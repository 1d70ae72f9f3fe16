import ATSPolicy
import ATSPolicySources
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension CordovaConfig {
    /// The policy source a project's `config.xml` is, and its origins as URLs with their lines
    /// (an origin with no scheme or a wildcard host is not a URL a load goes to and is left
    /// out); nil when the file is not a Cordova `<widget>` configuration. A config.xml that
    /// cannot be read is a source with its error (reported by lint as invalid).
    static func bundle(path: String, bytes: Data) -> (AppBundle, [(String, Int)])? {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        let config: CordovaConfig
        do throws(PlistReadError) {
            config = try read(bytes)
        } catch {
            return (AppBundle(path: directory, kind: .cordova, identifier: nil, policyFile: path, document: .failure(error)), [])
        }
        guard config.isWidget else { return nil }
        let origins = zip(config.origins, config.originLines).compactMap { origin, line -> (String, Int)? in
            guard let url = URL(string: origin), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  let host = url.host, !host.contains("*") else { return nil }
            return (origin, line)
        }
        return (AppBundle(path: directory, kind: .cordova, identifier: config.identifier, policyFile: path, document: .success(config.document)), origins)
    }
}
