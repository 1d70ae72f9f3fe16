import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Ground truth, read for this file (paraphrased, no code copied):
// - apache/cordova-ios rel/8.1.0 (lib/prepare.js and its spec tests are the same at main,
//   eb65a51), lib/prepare.js: updateProject, processAccessAndAllowNavigationEntries,
//   parseAllowlistUrlForATS, writeATSEntries; updateConfigFile (the app's config.xml merged
//   into templates/cordova/defaults.xml, which has no <access>); the spec tests in
//   tests/spec/prepare.spec.js ("updateProject method", Test#012 to Test#019) and their
//   fixtures tests/spec/fixtures/test-config.xml, test-config-2.xml and prepare/*.xml.
// - apache/cordova-common rel/6.0.0 (what cordova-ios 8 depends on; src/ unchanged at main):
//   src/ConfigParser/ConfigParser.js getAccesses, getAllowNavigations, getEditConfigs, getConfigFiles; src/util/xml-helpers.js
//   mergeXml; src/ConfigChanges/ConfigChanges.js add_config_changes, _is_conflicting;
//   src/ConfigChanges/ConfigFile.js graft_child, resolveConfigFilePath; src/util/plist-helpers.js.
// - apache/cordova-lib 13.x, src/cordova/prepare/platforms.js: <edit-config> and <config-file>
//   from config.xml are applied after the platform's prepare, on every prepare.

/// What cordova-ios's prepare step makes of a config.xml: the App Transport Security dictionary
/// it writes into the app's Info.plist, the other Info.plist keys the file's `<edit-config>` and
/// `<config-file>` blocks add, and the origins the file names.
///
/// The model, from apache/cordova-ios 8.1 `lib/prepare.js` and the cordova-common 6 code it
/// calls:
///
/// - `<access origin>` and `<allow-navigation href>` that are children of the root or of a
///   root-level `<platform name="ios">` (exact duplicates merged as cordova-common's mergeXml
///   does) are read, the allow-navigations first. Each URL is parsed as Node's `new URL` does;
///   `*.` at the start of the host becomes `NSIncludesSubdomains`, an `http:` scheme
///   `NSExceptionAllowsInsecureHTTPLoads`, and only values that differ from ATS's defaults are
///   written. Entries for the same host are united, later values winning.
/// - A host of `*` (`origin="*"`, but also `https://*` or `http:*`) writes
///   `NSAllowsArbitraryLoads = true`, plus the media, web-content and local-networking keys when
///   an `<access origin="*">` asks for them.
/// - Blocks whose file is the app's Info.plist (`*-Info.plist`, `App/App-Info.plist`) are then
///   grafted at their top-level key as cordova-common does for plists, whatever their `mode`.
///
/// `document` is the result of one prepare on a fresh platform (a clean checkout's `cordova
/// build`). A later prepare can give another NSAppTransportSecurity when blocks target it
/// (cordova-ios rewrites the key each time and cordova-common then re-grafts only some blocks);
/// `problems` says so, with that other value, when it happens.
public struct CordovaConfig: Sendable {
    /// The synthesized Info.plist: a root dictionary holding NSAppTransportSecurity (when the
    /// file yields one) and whatever `<edit-config>`/`<config-file>` blocks targeting the app's
    /// Info.plist add (each child element of a block read with `PlistReader` wrapped in
    /// `<plist>`, as cordova-common wraps it; blocks that cannot be read are skipped with a
    /// problem). Keys of the template Info.plist that cordova-ios starts from are not included.
    /// Values carry no locations.
    public let document: PlistDocument
    /// Origins named by `<access origin>` and `<allow-navigation href>` that cordova-ios reads
    /// (children of the root or of `<platform name="ios">`), as written, in file order, `*`
    /// excluded. `<allow-intent>` is not among them: cordova-ios does not use it for ATS, and
    /// the URLs it allows are handed to other apps, not loaded.
    public let origins: [String]
    /// The 1-based line of each origin, parallel to `origins`: where `XMLSAXParser` reports the
    /// element's start tag, which is the line its `>` is on.
    public let originLines: [Int]
    /// Entries the reader could not use, or that cordova-ios treats in a way worth knowing,
    /// with why (one line each, most starting with `line N:`).
    public let problems: [String]
    /// Whether the root element is Cordova's `<widget>` (another `config.xml` is not Cordova's).
    public let isWidget: Bool
    /// `<widget id>`: the app's bundle identifier.
    public let identifier: String?
    /// The elements each part of `document` comes from, for findings about it.
    package let elements: [SourceElement]
    /// Where the `<widget>` start tag is.
    package let rootLocation: SourceLocation?

    /// An element of config.xml and the key path of `document` it writes.
    package struct SourceElement: Equatable {
        /// The key path it writes (`NSAppTransportSecurity.NSExceptionDomains.<host>`, or
        /// `NSAppTransportSecurity` for `origin="*"`), as components.
        package let keyPath: [String]
        /// Where its start tag is.
        package let start: SourceLocation
        /// The start tag as a person would write it: `<access origin="http://example.com">`.
        package let tag: String
        /// `access` or `allow-navigation` (an `<edit-config>`/`<config-file>` block: nil).
        package let rule: String?
        /// The URL attribute's value, for `<access>` and `<allow-navigation>`.
        package let url: String?
    }

    /// The largest config.xml accepted, in bytes (4 MiB).
    public static let maximumBytes = 4 << 20

    /// The key cordova-ios writes.
    static let atsKey = "NSAppTransportSecurity"

    /// Reads config.xml bytes; throws PlistReadError when the XML is malformed or refused
    /// (larger than `maximumBytes`, an entity declaration, an encoding other than UTF-8 or
    /// UTF-16, a processing instruction: `SafeXML`'s checks).
    public static func read(_ data: Data) throws(PlistReadError) -> CordovaConfig {
        guard data.count <= maximumBytes else {
            throw PlistReadError("config.xml is \(data.count) bytes, more than the limit of \(maximumBytes) bytes")
        }
        let prepared = try SafeXML.prepare(data)
        let xml = try CordovaConfigXML.collect(prepared)

        var origins: [String] = []
        var originLines: [Int] = []
        for rule in xml.rules {
            guard let value = rule.attributes[rule.urlAttribute], value != "*" else { continue }
            origins.append(value)
            originLines.append(rule.line)
        }

        var problems: [String] = []
        var elements: [SourceElement] = []
        let ats = transportSecurity(mergedRules(xml.rules), problems: &problems, elements: &elements)
        var root: [PlistEntry] = []
        if !ats.isEmpty { root.append(PlistEntry(key: atsKey, node: PlistNode(.dictionary(ats)))) }
        let munge = infoPlistChanges(xml.changes, problems: &problems)
        var blockElements: [SourceElement] = []
        for file in munge.files {
            for selector in file.selectors {
                for graft in selector.grafts {
                    for path in dictionaryPaths(graft.value, under: [selector.key]) {
                        blockElements.append(SourceElement(keyPath: path, start: graft.start, tag: graft.block, rule: nil, url: nil))
                    }
                    if let problem = CordovaPlistGraft.graft(&root, selector: selector.key, value: graft.value) {
                        problems.append("line \(graft.line): \(problem)")
                    }
                }
            }
        }
        let later = laterPrepareTransportSecurity(ats, munge: munge)
        let first = CordovaPlistGraft.lookup(root, atsKey)
        if later != first {
            problems.append("\(atsKey): cordova-ios rewrites it from <access>/<allow-navigation> on every prepare and cordova-common then re-grafts only the first <edit-config> block per file (config-file blocks not at all), so after a second prepare (cordova platform add runs two) it is \(CordovaPlistGraft.describe(later)), not what a first prepare writes")
        }
        let document = PlistDocument(root: PlistNode(.dictionary(root)), format: .xml)
        // Blocks first: an <access> element names its host's entry more precisely than a block
        // grafted onto the whole dictionary (cordova-common merges it, existing keys winning).
        return CordovaConfig(document: document, origins: origins, originLines: originLines, problems: inLineOrder(problems),
                             isWidget: xml.rootName == "widget", identifier: xml.rootID,
                             elements: blockElements + elements, rootLocation: xml.rootLocation)
    }

    /// Problems that start with `line N:` in line order (stable), the others after them.
    static func inLineOrder(_ problems: [String]) -> [String] {
        func line(_ problem: String) -> Int {
            guard problem.hasPrefix("line ") else { return Int.max }
            return Int(problem.dropFirst(5).prefix { $0.isNumber }) ?? Int.max
        }
        return problems.enumerated().sorted { (line($0.element), $0.offset) < (line($1.element), $1.offset) }.map(\.element)
    }
}
