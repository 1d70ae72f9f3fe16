#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The build configurations of one `XCConfigurationList` (a project's or a target's): for
/// each configuration name, its xcconfig's assignments followed by its own settings' as two
/// levels.
struct XcodeConfigurations {
    /// Configuration names in the list's order.
    private(set) var names: [String] = []
    /// The list's defaultConfigurationName.
    private(set) var defaultName: String?
    private var levels: [String: (xcconfig: XcodeSettingLevel, settings: XcodeSettingLevel)] = [:]

    /// An empty list (a target without one).
    init() {}

    /// Configurations given level by level (an XcodeGen spec's): `levels` holds, for each name,
    /// its xcconfig's assignments and its own settings'.
    init(names: [String], defaultName: String?, levels: [String: (xcconfig: [XcodeAssignment], settings: [XcodeAssignment])]) {
        self.names = names
        self.defaultName = defaultName
        self.levels = levels.mapValues { (XcodeSettingLevel($0.xcconfig), XcodeSettingLevel($0.settings)) }
    }

    /// Reads the list `id`; `owner` names it in problems ("target App", "the project").
    init(list id: String?, owner: String, table: PBXObjectTable, groups: XcodeGroupPaths, xcconfigs: XCConfigReader) {
        guard let id else {
            table.report("\(owner) has no build configuration list")
            return
        }
        guard let list = table.object(id, expected: ["XCConfigurationList"], for: owner) else { return }
        defaultName = list.string("defaultConfigurationName")
        for configurationID in list.strings("buildConfigurations") {
            guard table.step(), let configuration = table.object(configurationID, expected: ["XCBuildConfiguration"], for: "\(owner)'s configuration list") else { continue }
            let name = configuration.string("name") ?? configurationID
            guard levels[name] == nil else { continue }
            names.append(name)
            let xcconfig = Self.xcconfigPath(configuration, owner: "\(owner) (\(name))", table: table, groups: groups)
            levels[name] = (xcconfig.map(xcconfigs.level) ?? XcodeSettingLevel([]), XcodeSettingLevel(Self.assignments(configuration["buildSettings"]?.dictionary ?? [:])))
        }
    }

    /// The xcconfig level and the settings level of configuration `name` ([] when it has none).
    func levels(_ name: String) -> [XcodeSettingLevel] {
        guard let found = levels[name] else { return [] }
        return [found.xcconfig, found.settings]
    }

    /// The input-relative path of a configuration's xcconfig: `baseConfigurationReference`, or
    /// Xcode 16's `baseConfigurationReferenceAnchor` (a synchronized folder) with
    /// `baseConfigurationReferenceRelativePath`.
    private static func xcconfigPath(_ configuration: PBXObject, owner: String, table: PBXObjectTable, groups: XcodeGroupPaths) -> String? {
        if let reference = configuration.string("baseConfigurationReference") {
            guard table.object(reference, expected: ["PBXFileReference"], for: "\(owner)'s base configuration") != nil else { return nil }
            guard let path = groups.path(reference) else {
                table.report("\(owner)'s base configuration \(reference) is not a file of the input")
                return nil
            }
            return path
        }
        if let anchor = configuration.string("baseConfigurationReferenceAnchor") {
            let relative = configuration.string("baseConfigurationReferenceRelativePath") ?? ""
            guard table.object(anchor, for: "\(owner)'s base configuration") != nil else { return nil }
            guard let folder = groups.path(anchor), let path = XcodePath.join(folder, relative) else {
                table.report("\(owner)'s base configuration \(relative) is not a file of the input")
                return nil
            }
            return path
        }
        return nil
    }

    /// A `buildSettings` dictionary as assignments, in key order. A list value (`("-ObjC",
    /// "$(inherited)")`) becomes its elements separated by spaces, an element holding a space
    /// quoted.
    static func assignments(_ settings: [String: PBXValue]) -> [XcodeAssignment] {
        settings.keys.sorted().compactMap { written in
            let value: String
            switch settings[written] {
            case .string(let text)?: value = text
            case .array(let elements)?:
                value = elements.compactMap(\.string).map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
            default: return nil
            }
            return XcodeAssignment(written: written, value: value)
        }
    }
}
