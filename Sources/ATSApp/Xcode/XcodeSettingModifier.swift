/// The `$(NAME:modifier)` operators of Xcode's build settings that atscheck applies.
enum XcodeSettingModifier {
    /// `value` through `modifier`; nil for a modifier not known here (the caller reports the
    /// setting as unresolved rather than guessing).
    static func apply(_ modifier: String, to value: String) -> String? {
        if modifier.hasPrefix("default=") {
            return value.isEmpty ? String(modifier.dropFirst("default=".count)) : value
        }
        switch modifier {
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        case "rfc1034identifier": return replacing(value, keeping: { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }, with: "-")
        case "c99extidentifier", "identifier":
            let identifier = replacing(value, keeping: { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }, with: "_")
            return identifier.first?.isNumber == true ? "_" + identifier : identifier
        case "file": return lastComponent(value)
        case "dir":
            let parent = XcodePath.parent(value)
            return parent.isEmpty ? "." : parent
        case "base":
            let name = lastComponent(value)
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
            return String(name[..<dot])
        case "suffix":
            let name = lastComponent(value)
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
            return String(name[dot...])
        case "standardizepath": return XcodePath.normalize(value).map { value.hasPrefix("/") ? "/" + $0 : $0 } ?? value
        default: return nil
        }
    }

    private static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    private static func replacing(_ value: String, keeping kept: (Character) -> Bool, with replacement: Character) -> String {
        String(value.map { kept($0) ? $0 : replacement })
    }
}
