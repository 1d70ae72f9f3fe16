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
    let elements: [SourceElement]
    /// Where the `<widget>` start tag is.
    let rootLocation: SourceLocation?

    /// An element of config.xml and the key path of `document` it writes.
    struct SourceElement: Equatable {
        /// The key path it writes (`NSAppTransportSecurity.NSExceptionDomains.<host>`, or
        /// `NSAppTransportSecurity` for `origin="*"`), as components.
        let keyPath: [String]
        /// Where its start tag is.
        let start: SourceLocation
        /// The start tag as a person would write it: `<access origin="http://example.com">`.
        let tag: String
        /// `access` or `allow-navigation` (an `<edit-config>`/`<config-file>` block: nil).
        let rule: String?
        /// The URL attribute's value, for `<access>` and `<allow-navigation>`.
        let url: String?
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

    // MARK: <access> and <allow-navigation>

    /// The rules as they are after cordova-ios merges config.xml into its platform config: the
    /// root's in order, then `<platform name="ios">`'s; an element identical (name, attributes,
    /// text) to one already there replaces it at the end.
    static func mergedRules(_ rules: [CordovaConfigXML.Rule]) -> [CordovaConfigXML.Rule] {
        var merged: [CordovaConfigXML.Rule] = []
        for rule in rules.filter({ !$0.inPlatform }) + rules.filter(\.inPlatform) {
            if let index = merged.firstIndex(where: {
                $0.name == rule.name && $0.attributes == rule.attributes && (rule.text.isEmpty || rule.text == $0.text)
            }) {
                merged.remove(at: index)
            }
            merged.append(rule)
        }
        return merged
    }

    /// The ATS keys one host has gathered, in the order they were first set.
    private struct HostKeys {
        var hostname: String
        var entries: [PlistEntry] = []
    }

    /// The key path of every dictionary in `value` (itself included), `path` first.
    static func dictionaryPaths(_ value: PlistValue, under path: [String]) -> [[String]] {
        guard let entries = value.entries else { return [path] }
        return [path] + entries.flatMap { dictionaryPaths($0.node.value, under: path + [$0.key]) }
    }

    /// processAccessAndAllowNavigationEntries and writeATSEntries; `elements` gains the
    /// element each host's entry (or, for `*`, the global keys) comes from.
    static func transportSecurity(_ rules: [CordovaConfigXML.Rule], problems: inout [String],
                                  elements: inout [SourceElement]) -> [PlistEntry] {
        var hosts: [HostKeys] = []
        let ordered = rules.filter { $0.name == "allow-navigation" } + rules.filter { $0.name == "access" }
        for rule in ordered {
            guard let found = hostEntries(rule, problems: &problems) else { continue }
            let (hostname, entries) = found
            let url = rule.attributes[rule.urlAttribute] ?? ""
            elements.append(SourceElement(keyPath: hostname == "*" ? [atsKey] : [atsKey, "NSExceptionDomains", hostname], start: rule.start,
                                          tag: "<\(rule.name) \(rule.urlAttribute)=\"\(url)\">", rule: rule.name, url: url))
            if let index = hosts.firstIndex(where: { $0.hostname == hostname }) {
                for entry in entries { CordovaPlistGraft.set(&hosts[index].entries, entry.key, entry.node.value) }
            } else {
                hosts.append(HostKeys(hostname: hostname, entries: entries))
            }
        }

        var ats: [PlistEntry] = []
        var domains: [PlistEntry] = []
        for host in hosts {
            if host.hostname == "*" {
                CordovaPlistGraft.set(&ats, "NSAllowsArbitraryLoads", .bool(true))
                for key in ["NSAllowsArbitraryLoadsInWebContent", "NSAllowsArbitraryLoadsForMedia", "NSAllowsLocalNetworking"]
                where CordovaPlistGraft.lookup(host.entries, key) == .bool(true) {
                    CordovaPlistGraft.set(&ats, key, .bool(true))
                }
                continue
            }
            if domains.isEmpty { CordovaPlistGraft.set(&ats, "NSExceptionDomains", .dictionary([])) }
            domains.append(PlistEntry(key: host.hostname, node: PlistNode(.dictionary(host.entries))))
        }
        if !domains.isEmpty { CordovaPlistGraft.set(&ats, "NSExceptionDomains", .dictionary(domains)) }
        return ats
    }

    /// The attributes that only `<access origin="*">` turns into keys.
    private static let wildcardAttributes = ["allows-arbitrary-loads-in-web-content", "allows-arbitrary-loads-in-media",
                                             "allows-arbitrary-loads-for-media", "allows-local-networking"]
    /// The attributes that only other origins turn into keys.
    private static let domainAttributes = ["minimum-tls-version", "requires-forward-secrecy", "requires-certificate-transparency"]

    /// parseAllowlistUrlForATS for one rule: the host it is filed under and the keys it sets
    /// (only values that differ from ATS's defaults), or nil when cordova-ios writes nothing.
    private static func hostEntries(_ rule: CordovaConfigXML.Rule, problems: inout [String]) -> (String, [PlistEntry])? {
        let isAccess = rule.name == "access"
        let attribute = rule.urlAttribute
        let place = "line \(rule.line): <\(rule.name)\(rule.attributes[attribute].map { " \(attribute)=\"\($0)\"" } ?? "")>"
        func value(_ name: String) -> String? {
            guard let text = rule.attributes[name], !text.isEmpty else { return nil }  // "" is falsy in JavaScript
            return text
        }
        let present = { (names: [String]) in names.filter { value($0) != nil } }

        guard let url = rule.attributes[attribute] else {
            problems.append("\(place): no \(attribute) attribute; cordova-ios's prepare would stop with a TypeError")
            return nil
        }
        if !isAccess, !present(wildcardAttributes).isEmpty {
            problems.append("\(place): \(present(wildcardAttributes).joined(separator: ", ")) ignored: cordova-common reads them on <access> only")
        }

        var entries: [PlistEntry] = []
        func add(_ key: String, _ flag: PlistValue) { entries.append(PlistEntry(key: key, node: PlistNode(flag))) }

        if url == "*" {
            if isAccess {
                // The deprecated spelling wins whenever it is given (`in || for` in JavaScript).
                let media = value("allows-arbitrary-loads-in-media") ?? value("allows-arbitrary-loads-for-media")
                if value("allows-arbitrary-loads-in-web-content") == "true" { add("NSAllowsArbitraryLoadsInWebContent", .bool(true)) }
                if media == "true" { add("NSAllowsArbitraryLoadsForMedia", .bool(true)) }
                if value("allows-local-networking") == "true" { add("NSAllowsLocalNetworking", .bool(true)) }
            }
            if !present(domainAttributes).isEmpty {
                problems.append("\(place): \(present(domainAttributes).joined(separator: ", ")) ignored: they have no effect on \(attribute)=\"*\"")
            }
            return ("*", entries)
        }
        if isAccess, !present(wildcardAttributes).isEmpty {
            problems.append("\(place): \(present(wildcardAttributes).joined(separator: ", ")) ignored: cordova-ios applies them to origin=\"*\" only")
        }

        var parsed = CordovaURLHost.parse(url)
        if parsed == nil {
            // A wildcard in the scheme makes `new URL` throw; cordova-ios retries with "http".
            let scheme = String(url.prefix { $0 != ":" })
            guard scheme.contains("*") else {
                problems.append("\(place): not a URL Node.js can parse; cordova-ios writes no ATS entry for it")
                return nil
            }
            let retry = "http" + url.dropFirst(scheme.count)
            parsed = CordovaURLHost.parse(retry)
            if parsed == nil {
                problems.append("\(place): cordova-ios retries it as \"\(retry)\", which Node.js cannot parse either, so its prepare would stop with an Invalid URL error")
                return nil
            }
        }
        guard let parsed else { return nil }
        var hostname = parsed.hostname
        if hostname.isEmpty {
            problems.append("\(place): names no host; cordova-ios writes no ATS entry for it")
            return nil
        }
        if hostname.hasPrefix("*.") {
            add("NSIncludesSubdomains", .bool(true))
            hostname = String(hostname.dropFirst(2))
        }
        if let tls = value("minimum-tls-version"), tls != "TLSv1.2" { add("NSExceptionMinimumTLSVersion", .string(tls)) }
        if let forwardSecrecy = value("requires-forward-secrecy"), forwardSecrecy != "true" {
            add("NSExceptionRequiresForwardSecrecy", .bool(false))
        }
        if value("requires-certificate-transparency") == "true" { add("NSRequiresCertificateTransparency", .bool(true)) }
        if parsed.scheme == "http" { add("NSExceptionAllowsInsecureHTTPLoads", .bool(true)) }
        if hostname == "*" {
            problems.append("\(place): its host is \"*\", which cordova-ios files with origin=\"*\": it writes NSAllowsArbitraryLoads = true and no exception domain")
        }
        return (hostname, entries)
    }

    // MARK: <edit-config> and <config-file>

    /// One child element of a block that targets the app's Info.plist, read.
    struct Graft {
        let xml: String
        let value: PlistValue
        let line: Int
        /// Where the block's start tag is, and the tag (`<edit-config file="…" target="…">`).
        var start = SourceLocation(line: 1, column: 1)
        var block = ""
    }

    /// cordova-common's munge of those blocks: by file as written, then by top-level key, each in
    /// order of first appearance; a child identical to one already filed under the same file
    /// and key is counted, not added again.
    struct Munge {
        struct Selector { var key: String; var grafts: [Graft] }
        struct File { var key: String; var selectors: [Selector] }
        var files: [File] = []
        /// The files (as written) of `<edit-config>` blocks that name each key, in block order.
        var editConfigFiles: [String: [String]] = [:]

        mutating func add(file: String, selector: String, graft: Graft) {
            if !files.contains(where: { $0.key == file }) { files.append(File(key: file, selectors: [])) }
            let fileIndex = files.firstIndex { $0.key == file }!
            if !files[fileIndex].selectors.contains(where: { $0.key == selector }) {
                files[fileIndex].selectors.append(Selector(key: selector, grafts: []))
            }
            let selectorIndex = files[fileIndex].selectors.firstIndex { $0.key == selector }!
            guard !files[fileIndex].selectors[selectorIndex].grafts.contains(where: { $0.xml == graft.xml }) else { return }
            files[fileIndex].selectors[selectorIndex].grafts.append(graft)
        }

        func grafts(file: String, selector: String) -> [Graft] {
            files.first { $0.key == file }?.selectors.first { $0.key == selector }?.grafts ?? []
        }
    }

    /// getEditConfigs("ios") then getConfigFiles("ios") (each the root's blocks, then
    /// `<platform name="ios">`'s), kept when their file resolves to the app's Info.plist.
    static func infoPlistChanges(_ changes: [CordovaConfigXML.Change], problems: inout [String]) -> Munge {
        func ordered(_ name: String) -> [CordovaConfigXML.Change] {
            let named = changes.filter { $0.name == name }
            return named.filter { !$0.inPlatform } + named.filter(\.inPlatform)
        }
        var munge = Munge()
        for change in ordered("edit-config") + ordered("config-file") {
            let isEditConfig = change.name == "edit-config"
            let mode = change.attributes["mode"].flatMap { $0.isEmpty ? nil : $0 }
            let fileAttribute = isEditConfig ? "file" : "target"
            let place = "line \(change.line): <\(change.name)\(change.attributes[fileAttribute].map { " \(fileAttribute)=\"\($0)\"" } ?? "")>"

            // Without a mode, cordova-common files an edit-config like a config-file: under its
            // target as the file and its (absent) parent as the key.
            let file = isEditConfig && mode != nil ? change.attributes["file"] : change.attributes["target"]
            let selector = isEditConfig && mode != nil ? change.attributes["target"] : change.attributes["parent"]
            if isEditConfig, mode == nil {
                if let named = change.attributes["file"], case .app = InfoPlistFile.resolve(named) {
                    problems.append("\(place): no mode attribute; cordova-common then reads the block as a <config-file> whose file is its target, so it changes nothing")
                }
                continue
            }
            guard let file else {
                if isEditConfig { problems.append("\(place): no file attribute; cordova-common would stop with a TypeError") }
                continue
            }
            switch InfoPlistFile.resolve(file) {
            case .other:
                continue
            case .unresolved(let why):
                problems.append("\(place): \(why); cordova-common warns and leaves it out")
                continue
            case .app:
                break
            }
            guard let selector, !selector.isEmpty else {
                problems.append("\(place): no \(isEditConfig ? "target" : "parent") attribute naming the Info.plist key; skipped")
                continue
            }
            if let mode, mode != "merge" {
                problems.append("\(place): mode=\"\(mode)\" is not honoured for a plist: cordova-common merges the block whatever the mode")
            }
            if isEditConfig { munge.editConfigFiles[selector, default: []].append(file) }
            for child in change.children {
                let wrapped = Data(("<plist version=\"1.0\">" + child.xml + "</plist>").utf8)
                do throws(PlistReadError) {
                    let value = CordovaPlistGraft.normalized(try PlistReader.read(wrapped).root.value)
                    munge.add(file: file, selector: selector,
                              graft: Graft(xml: child.xml, value: value, line: child.line, start: change.start,
                                           block: "<\(change.name) \(fileAttribute)=\"\(file)\" \(isEditConfig ? "target" : "parent")=\"\(selector)\">"))
                } catch {
                    problems.append("line \(child.line): <\(change.name)> for \(selector): its content is not a plist value (\(error.message)); skipped")
                }
            }
        }
        return munge
    }

    /// NSAppTransportSecurity as a second or later prepare leaves it: cordova-ios writes `ats`
    /// (or removes the key), cordova-common finds each `<edit-config>` block already applied,
    /// takes the first child filed under the key for each file as a conflict, deletes the key
    /// if that child "equals" it (nodeEqual), and grafts only those children again.
    static func laterPrepareTransportSecurity(_ ats: [PlistEntry], munge: Munge) -> PlistValue? {
        var files: [String] = []
        for file in munge.editConfigFiles[atsKey] ?? [] where !files.contains(file) {
            if !munge.grafts(file: file, selector: atsKey).isEmpty { files.append(file) }
        }
        var root: [PlistEntry] = ats.isEmpty ? [] : [PlistEntry(key: atsKey, node: PlistNode(.dictionary(ats)))]
        for file in files {
            let witness = munge.grafts(file: file, selector: atsKey)[0]
            if CordovaPlistGraft.nodeEqual(CordovaPlistGraft.lookup(root, atsKey), witness.value) {
                CordovaPlistGraft.remove(&root, atsKey)
            }
        }
        for file in munge.files.map(\.key) where files.contains(file) {
            _ = CordovaPlistGraft.graft(&root, selector: atsKey, value: munge.grafts(file: file, selector: atsKey)[0].value)
        }
        return CordovaPlistGraft.lookup(root, atsKey)
    }
}

extension CordovaConfigXML.Rule {
    /// `origin` for `<access>`, `href` for `<allow-navigation>`.
    var urlAttribute: String { name == "access" ? "origin" : "href" }
}

/// Which file of a cordova-ios 8 platform an `<edit-config file>` or `<config-file target>`
/// names (cordova-common's resolveConfigFilePath): a name with `*` is a glob under the
/// platform folder (`*-Info.plist` read as `*Info.plist`), and of several matches a name with
/// `-Info.plist` picks `App/App-Info.plist`; any other name is a path from the platform folder.
enum InfoPlistFile: Equatable {
    case app
    case other
    case unresolved(String)

    /// The app's Info.plist in a cordova-ios 8 platform (the Xcode project is always "App").
    static let appInfoPlist = "App/App-Info.plist"
    /// Files of a new cordova-ios 8.1 platform a glob aimed at the Info.plist could also match
    /// (templates/project and the CordovaLib copied into packages/).
    static let platformFiles = [
        "App/App-Info.plist", "App/Entitlements-Debug.plist", "App/Entitlements-Release.plist",
        "App/PrivacyInfo.xcprivacy", "App/config.xml",
        "App.xcodeproj/project.xcworkspace/xcshareddata/IDEWorkspaceChecks.plist",
        "App.xcworkspace/xcshareddata/IDEWorkspaceChecks.plist",
        "packages/cordova-ios/CordovaLib/Info.plist", "packages/cordova-ios/CordovaLib/PrivacyInfo.xcprivacy",
        "packages/cordova-ios/CordovaLib/CordovaLib.xcodeproj/project.xcworkspace/xcshareddata/IDEWorkspaceChecks.plist",
    ]

    static func resolve(_ file: String) -> InfoPlistFile {
        let path = normalize(file)
        guard path.contains("*") else {
            if path == appInfoPlist { return .app }
            return path.hasSuffix("Info.plist")
                ? .unresolved("\"\(file)\" is not the app's Info.plist in a cordova-ios 8 platform (\(appInfoPlist))") : .other
        }
        var pattern = path
        if let range = pattern.firstRange(of: "*-Info.plist") { pattern.replaceSubrange(range, with: "*Info.plist") }
        let matches = platformFiles.filter { glob(["**"] + pattern.split(separator: "/").map(String.init), $0.split(separator: "/").map(String.init)) }
        guard matches.contains(appInfoPlist) else {
            return matches.isEmpty && path.hasSuffix("Info.plist")
                ? .unresolved("\"\(file)\" matches no file of a cordova-ios 8 platform") : .other
        }
        if matches.count == 1 || path.contains("-Info.plist") { return .app }
        return .unresolved("\"\(file)\" matches \(matches.count) files of a cordova-ios 8 platform and cordova-common takes whichever its glob lists first")
    }

    /// Node's path.normalize for a relative POSIX path, leading slashes dropped (path.join with
    /// the platform folder makes every name relative to it).
    private static func normalize(_ file: String) -> String {
        var parts: [String] = []
        for part in file.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(String(part))
        }
        return parts.joined(separator: "/")
    }

    /// fast-glob matching: `**` is any number of folders, `*` any run of characters within one
    /// name (not a leading dot), `?` one character.
    private static func glob(_ pattern: [String], _ path: [String]) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            for skip in 0...path.count where glob(Array(pattern.dropFirst()), Array(path.dropFirst(skip))) { return true }
            return false
        }
        guard let name = path.first, segment(Array(head), Array(name)) else { return false }
        return glob(Array(pattern.dropFirst()), Array(path.dropFirst()))
    }

    private static func segment(_ pattern: [Character], _ name: [Character]) -> Bool {
        if name.first == ".", pattern.first != "." { return false }
        func match(_ p: Int, _ n: Int) -> Bool {
            if p == pattern.count { return n == name.count }
            switch pattern[p] {
            case "*": return (n...name.count).contains { match(p + 1, $0) }
            case "?": return n < name.count && match(p + 1, n + 1)
            default: return n < name.count && name[n] == pattern[p] && match(p + 1, n + 1)
            }
        }
        return match(0, 0)
    }
}
