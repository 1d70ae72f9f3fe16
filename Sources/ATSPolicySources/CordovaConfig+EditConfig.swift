import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension CordovaConfig {
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
