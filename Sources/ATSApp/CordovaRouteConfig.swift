import ATSPolicy
import ATSPolicySources
import ATSXML
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a Cordova `config.xml` says about how the web code's requests travel: its `<plugin>`
/// names and `<preference>` values (names lowercased, as cordova-ios's settings are keyed).
struct CordovaRouteConfig {
    private(set) var isWidget = false
    private(set) var plugins: Set<String> = []
    private(set) var preferences: [String: String] = [:]

    /// Nil when the bytes are not XML that `SafeXML` lets through.
    init?(_ bytes: [UInt8]) {
        guard bytes.count <= CordovaConfig.maximumBytes, let prepared = try? SafeXML.prepare(Data(bytes)) else { return nil }
        let parser = XMLSAXParser([UInt8](prepared))
        var depth = 0
        var widget = false
        var plugins: Set<String> = []
        var preferences: [String: String] = [:]
        _ = parser.parse { event in
            switch event {
            case .startElement(let name, let attributes):
                if depth == 0 { widget = name == "widget" }
                depth += 1
                if name == "plugin", let plugin = attributes["name"] { plugins.insert(plugin) }
                if name == "preference", let key = attributes["name"], let value = attributes["value"] {
                    preferences[key.lowercased()] = value
                }
            case .endElement:
                depth -= 1
            default:
                break
            }
        }
        (isWidget, self.plugins, self.preferences) = (widget, plugins, preferences)
    }
}
