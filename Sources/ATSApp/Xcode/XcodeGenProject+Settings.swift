import ATSYAML
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The build settings of an XcodeGen spec, layered as the generated project layers them.
extension XcodeGenProject {
    /// The project's configurations: XcodeGen's presets (`SDKROOT` when every target builds for
    /// one platform; the debug preset's definitions for a `debug` configuration) and the
    /// project's `settings`, over its `configFiles`.
    func projectConfigurations(sdkRoot: String?) -> XcodeConfigurations {
        var levels: [String: (xcconfig: [XcodeAssignment], settings: [XcodeAssignment])] = [:]
        for (name, type) in configurations {
            let xcconfig = configFile(spec["configFiles"]?[name]?.text)
            var values: [String: String] = [:]
            if let sdkRoot { values["SDKROOT"] = sdkRoot }
            if presets != "none" && presets != "targets" {
                values["PRODUCT_NAME"] = "$(TARGET_NAME)"
                if type == "debug" {
                    values["GCC_PREPROCESSOR_DEFINITIONS"] = "$(inherited) DEBUG=1"
                    values["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] = "DEBUG"
                }
            }
            for assignment in xcconfig { values[assignment.key] = nil }
            let written = settings(spec["settings"], configuration: name, owner: "the project")
            levels[name] = (xcconfig, Self.assignments(values.merging(written) { $1 }))
        }
        return XcodeConfigurations(names: configurations.map(\.name), defaultName: options?["defaultConfig"]?.text, levels: levels)
    }

    /// A target's configurations: the platform presets, its `settings`, the `INFOPLIST_FILE`
    /// XcodeGen sets from `info.path` or finds in its sources, and the bundle identifier
    /// `bundleIdPrefix` makes when nothing sets one; over its `configFiles`.
    func targetConfigurations(name: String, fields: YAMLValue, sources: [Source]) -> XcodeConfigurations {
        var levels: [String: (xcconfig: [XcodeAssignment], settings: [XcodeAssignment])] = [:]
        let platform = fields["platform"]?.text ?? ""
        var destinations: [String] = []
        if case .sequence(let list)? = fields["supportedDestinations"] { destinations = list.compactMap(\.text) }
        var searched: String??
        for (configuration, _) in configurations {
            let xcconfig = configFile(fields["configFiles"]?[configuration]?.text)
            var values: [String: String] = [:]
            if presets != "none" && presets != "project" {
                let sdkPlatform = platform == "auto" ? (destinations.first ?? "") : platform
                if let sdk = Self.sdkRoot(sdkPlatform) { values["SDKROOT"] = platform == "auto" ? "auto" : sdk }
                if !destinations.isEmpty {
                    values["SUPPORTED_PLATFORMS"] = destinations.compactMap(Self.supportedPlatforms).joined(separator: " ")
                    values["SUPPORTS_MACCATALYST"] = destinations.contains("macCatalyst") ? "YES" : "NO"
                }
            }
            let projectXCConfig = configFile(spec["configFiles"]?[configuration]?.text)
            for assignment in xcconfig + projectXCConfig { values[assignment.key] = nil }
            values.merge(settings(fields["settings"], configuration: configuration, owner: "target \(name)")) { $1 }
            if values["INFOPLIST_FILE"] == nil {
                if let path = fields["info"]?["path"]?.text {
                    values["INFOPLIST_FILE"] = path
                } else {
                    if searched == nil { searched = .some(firstInfoPlist(in: sources)) }
                    if let found = searched ?? nil { values["INFOPLIST_FILE"] = found }
                }
            }
            if let prefix = options?["bundleIdPrefix"]?.text, values["PRODUCT_BUNDLE_IDENTIFIER"] == nil,
               !(xcconfig + projectXCConfig).contains(where: { $0.key == "PRODUCT_BUNDLE_IDENTIFIER" }),
               settings(spec["settings"], configuration: configuration, owner: "the project")["PRODUCT_BUNDLE_IDENTIFIER"] == nil {
                let escaped = name.replacingEvery("_", with: "-").filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }
                values["PRODUCT_BUNDLE_IDENTIFIER"] = prefix + "." + escaped
            }
            levels[configuration] = (xcconfig, Self.assignments(values))
        }
        return XcodeConfigurations(names: configurations.map(\.name), defaultName: nil, levels: levels)
    }

    /// The first `Info.plist` of the sources, as XcodeGen looks for one (a source that is one, or
    /// the first found inside a source folder), relative to the spec's directory.
    func firstInfoPlist(in sources: [Source]) -> String? {
        for source in sources {
            if PathText.lastComponent(source.folder) == "Info.plist" { return source.path }
            if let found = knownPlists.filter({ PathText.lastComponent($0) == "Info.plist" && XcodePath.isInside($0, source.folder) }).sorted().first {
                return XcodeGenPaths.relative(from: sourceRoot, to: found)
            }
        }
        return nil
    }

    /// The assignments of an xcconfig named relative to the spec.
    func configFile(_ path: String?) -> [XcodeAssignment] {
        guard let path else { return [] }
        guard let file = XcodePath.join(sourceRoot, path) else {
            table.report("xcconfig \(path) is outside the input")
            return []
        }
        return xcconfigs.assignments(file)
    }

    /// The build settings `value` gives `configuration`, as XcodeGen merges them: a plain
    /// mapping; or `groups` (setting groups, in order), then `base`, then each `configs` entry
    /// whose name the configuration's contains (case-insensitively), unless that name is exactly
    /// another configuration's.
    func settings(_ value: YAMLValue?, configuration: String, owner: String, depth: Int = 0) -> [String: String] {
        guard case .mapping(let members)? = value else { return [:] }
        guard members["configs"] != nil || members["groups"] != nil || members["base"] != nil || members["presets"] != nil else {
            return Self.values(members)
        }
        var result: [String: String] = [:]
        let groups: [YAMLValue]
        if case .sequence(let list)? = members["groups"] ?? members["presets"] { groups = list } else { groups = [] }
        for group in groups.compactMap(\.text) {
            guard depth < Self.maximumNesting else {
                table.report("\(owner): setting groups nest more than \(Self.maximumNesting) deep; the deeper ones are not read")
                break
            }
            guard let found = settingGroups[group] else {
                table.report("\(owner): setting group \(group) is not in settingGroups")
                continue
            }
            result.merge(settings(found, configuration: configuration, owner: owner, depth: depth + 1)) { $1 }
        }
        if case .mapping(let base)? = members["base"] { result.merge(Self.values(base)) { $1 } }
        if case .mapping(let configs)? = members["configs"] {
            for (variant, settings) in configs.sorted(by: { $0.key < $1.key })
            where configuration.lowercased().contains(variant.lowercased()) {
                let exact = configurations.first { $0.name == variant }
                if let exact, exact.name != configuration { continue }
                result.merge(self.settings(settings, configuration: configuration, owner: owner, depth: depth + 1)) { $1 }
            }
        }
        return result
    }

    /// Build settings as XcodeGen writes them: a Boolean as YES or NO, a list as its elements
    /// (an element holding a space quoted), anything else as its text; a mapping is no setting.
    static func values(_ members: [String: YAMLValue]) -> [String: String] {
        var values: [String: String] = [:]
        for (key, value) in members {
            switch value {
            case .scalar(let text):
                values[key] = XcodeGenValues.trueWords.contains(text) ? "YES" : XcodeGenValues.falseWords.contains(text) ? "NO" : text
            case .sequence(let items):
                values[key] = items.compactMap(\.text).map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
            case .mapping:
                continue
            }
        }
        return values
    }

    static func assignments(_ values: [String: String]) -> [XcodeAssignment] {
        values.keys.sorted().compactMap { XcodeAssignment(written: $0, value: values[$0]!) }
    }

    /// The SDK of an XcodeGen platform name.
    static func sdkRoot(_ platform: String) -> String? {
        switch platform {
        case "iOS": return "iphoneos"
        case "tvOS": return "appletvos"
        case "macOS": return "macosx"
        case "watchOS": return "watchos"
        case "visionOS": return "xros"
        case "auto": return "auto"
        default: return nil
        }
    }

    /// SUPPORTED_PLATFORMS of a supported destination (Mac Catalyst adds none: it is
    /// SUPPORTS_MACCATALYST).
    static func supportedPlatforms(_ destination: String) -> String? {
        switch destination {
        case "iOS": return "iphoneos iphonesimulator"
        case "tvOS": return "appletvos appletvsimulator"
        case "macOS": return "macosx"
        case "visionOS": return "xros xrsimulator"
        case "watchOS": return "watchos watchsimulator"
        default: return nil
        }
    }
}
