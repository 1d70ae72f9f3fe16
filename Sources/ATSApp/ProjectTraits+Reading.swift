import ATSJSON
import ATSJSON
import ATSYAML
import ATSPolicySources
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ProjectTraits {
    /// Files whose content declares a framework.
    static let manifestNames: Set<String> = [
        "pubspec.yaml", "package.json", "config.xml", "ionic.config.json",
        "capacitor.config.json", "capacitor.config.ts", "capacitor.config.js",
    ]

    /// Packages that change or qualify where loads go: Flutter's through URLSession, web views
    /// and AVPlayer; Cordova's and Capacitor's native HTTP.
    static let routePackageNames: Set<String> = [
        "cupertino_http", "webview_flutter", "flutter_inappwebview", "video_player",
        "cordova-plugin-advanced-http", "cordova-plugin-wkwebview-file-xhr", "@globules-io/cordova-plugin-ios-xhr",
        "cordova-plugin-ios-xhr", "@capacitor-community/http",
    ]

    /// Directories where Capacitor copies its configuration for the native projects
    /// (`npx cap sync`), relative to the project.
    static let capacitorCopies = ["ios/App/App/", "android/app/src/main/assets/"]

    /// Whether `path` is read for traits (in a project).
    static func isManifest(_ path: String) -> Bool {
        // Cordova's own config.xml, not the copies it writes under platforms/.
        if path.hasPrefix("platforms/") || path.contains("/platforms/") { return false }
        return manifestNames.contains(PathText.lastComponent(path))
    }

    /// Whether `path` is the copy of the Capacitor configuration `npx cap sync` writes into the
    /// iOS app (`ios/App/App/capacitor.config.json`), the one the app bundle holds.
    public static func isCapacitorIOSCopy(_ path: String) -> Bool {
        ("/" + path).hasSuffix("/ios/App/App/capacitor.config.json")
    }

    /// Whether `path` is the `config.xml` Capacitor's CLI writes into its iOS app: no policy
    /// (``PolicySources/isCapacitorGeneratedConfigXML(_:)`` has the sources).
    public static func isCapacitorGeneratedConfigXML(_ path: String) -> Bool {
        PolicySources.isCapacitorGeneratedConfigXML(path)
    }

    /// Learns what the manifest at `path` declares.
    mutating func record(manifest path: String, bytes: [UInt8]) {
        let name = PathText.lastComponent(path)
        var directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        let capacitorConfigXML = name == "config.xml" && Self.isCapacitorGeneratedConfigXML(path)
        if name == "capacitor.config.json" || capacitorConfigXML { directory = Self.capacitorProject(of: directory) }
        var declaration = declarations[directory] ?? Declaration()
        guard bytes.count <= Self.manifestBytes else {
            declaration.problems.append("\(path) is larger than \(Self.manifestBytes) bytes and was not read")
            declarations[directory] = declaration
            return
        }
        switch name {
        case "pubspec.yaml": Self.readPubspec(bytes, path: path, into: &declaration)
        case "package.json": Self.readPackageJSON(bytes, into: &declaration)
        case "config.xml" where capacitorConfigXML: Self.readCapacitorConfigXML(bytes, path: path, into: &declaration)
        case "config.xml": Self.readCordovaConfig(bytes, into: &declaration)
        case "ionic.config.json": declaration.frameworks.insert(.ionic)
        case "capacitor.config.json": Self.readCapacitorConfig(bytes, path: path, into: &declaration)
        default:
            declaration.frameworks.insert(.capacitor)
            declaration.capacitorCodeConfig = path
            // Read as data where it holds literals; a JSON copy (npx cap sync) still decides.
            do throws(CapacitorConfig.ReadError) {
                let config = try CapacitorConfig.read(code: bytes, path: path)
                declaration.capacitorConfigs.append(config)
                declaration.problems += config.problems.map { "\(path): \($0)" }
            } catch {
                declaration.problems.append(error.description)
            }
        }
        if !declaration.frameworks.isEmpty || !declaration.problems.isEmpty || !declaration.routePackages.isEmpty {
            declaration.sources.append(path)
            declarations[directory] = declaration
        }
    }

    /// The project a copy of its Capacitor configuration in `directory` belongs to: the
    /// directory above `ios/App/App` or `android/app/src/main/assets`, else `directory` itself.
    static func capacitorProject(of directory: String) -> String {
        let slashed = directory + "/"
        for copy in capacitorCopies where slashed.hasSuffix(copy) {
            let project = slashed.dropLast(copy.count)
            if project.isEmpty { return "" }
            if project.hasSuffix("/") { return String(project.dropLast()) }
        }
        return directory
    }

    /// `dependencies` only: `dev_dependencies` and `dependency_overrides` are not the app's.
    private static func readPubspec(_ bytes: [UInt8], path: String, into declaration: inout Declaration) {
        let root: YAMLValue?
        do throws(YAMLReadError) {
            root = try YAMLReader.read(bytes, limits: YAMLReader.Limits(maximumBytes: manifestBytes))
        } catch {
            declaration.frameworks.insert(.dart)
            declaration.problems.append("\(path) could not be read (\(error))")
            return
        }
        let dependencies = root?["dependencies"]?.keys ?? []
        declaration.frameworks.insert(dependencies.contains("flutter") ? .flutter : .dart)
        declaration.pathDependencies = dependencies.sorted().compactMap { root?["dependencies"]?[$0]?["path"]?.text }
        declaration.routePackages.formUnion(dependencies.intersection(routePackageNames))
        // An entry is a path, or (Flutter 3.22) a mapping with a `path:` and flavors.
        if case .sequence(let assets)? = root?["flutter"]?["assets"] {
            declaration.flutterAssets = assets.prefix(4096).compactMap { $0.text ?? $0["path"]?.text }
        }
    }

    private static func readPackageJSON(_ bytes: [UInt8], into declaration: inout Declaration) {
        guard case .object(let root)? = try? JSONValue.read(Data(bytes), limits: JSONValue.Limits(maximumDepth: 64, maximumValues: 100_000)) else { return }
        let dependencies = names(root["dependencies"])
        let all = dependencies.union(names(root["devDependencies"]))
        if all.contains("react-native") { declaration.frameworks.insert(.reactNative) }
        if all.contains("expo") { declaration.frameworks.insert(.expo) }
        if !all.isDisjoint(with: ["@ionic/angular", "@ionic/react", "@ionic/vue"]) { declaration.frameworks.insert(.ionic) }
        if all.contains("@capacitor/core") { declaration.frameworks.insert(.capacitor) }
        if all.contains("cordova-ios") { declaration.frameworks.insert(.cordova) }
        // Cordova records installed plugins under "cordova": {"plugins": {...}}.
        var plugins = dependencies
        if case .object(let cordova)? = root["cordova"] { plugins.formUnion(names(cordova["plugins"])) }
        declaration.routePackages.formUnion(plugins.intersection(routePackageNames))
    }

    private static func names(_ value: JSONValue?) -> Set<String> {
        guard case .object(let members)? = value else { return [] }
        return Set(members.keys)
    }

    /// The project's `capacitor.config.json` or its iOS copy, read into a ``CapacitorConfig``
    /// (Android's copy only says the project is Capacitor's).
    private static func readCapacitorConfig(_ bytes: [UInt8], path: String, into declaration: inout Declaration) {
        declaration.frameworks.insert(.capacitor)
        guard !("/" + path).hasSuffix("/android/app/src/main/assets/capacitor.config.json") else { return }
        do throws(CapacitorConfig.ReadError) {
            let config = try CapacitorConfig.read(bytes, path: path)
            declaration.capacitorConfigs.append(config)
            declaration.problems += config.problems.map { "\(path): \($0)" }
        } catch {
            declaration.problems.append(error.description)
        }
    }

    /// The `config.xml` Capacitor generates for its Cordova plugins: its preferences (an
    /// `InterceptRemoteRequests` from `cordova.preferences`) qualify the web code's route, and
    /// it is no Cordova project.
    private static func readCapacitorConfigXML(_ bytes: [UInt8], path: String, into declaration: inout Declaration) {
        declaration.frameworks.insert(.capacitor)
        declaration.capacitorGeneratedConfigXML = path
        guard let config = CordovaRouteConfig(bytes), config.isWidget else { return }
        if let value = config.preferences["interceptremoterequests"] { declaration.interceptRemoteRequests = value }
    }

    private static func readCordovaConfig(_ bytes: [UInt8], into declaration: inout Declaration) {
        guard let config = CordovaRouteConfig(bytes), config.isWidget else { return }
        declaration.frameworks.insert(.cordova)
        declaration.routePackages.formUnion(config.plugins.intersection(routePackageNames))
        if let value = config.preferences["interceptremoterequests"] { declaration.interceptRemoteRequests = value }
    }
}
