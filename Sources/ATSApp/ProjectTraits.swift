/// What the walk learnt about the project's frameworks, per directory that declares them
/// (`pubspec.yaml`, `package.json`, a Cordova `config.xml`, `ionic.config.json`, a Capacitor
/// configuration), and so how the loads written in its files reach the network (`LoadRoute`).
///
/// Gathered during the walk (files come in byte order of names: `lib/` before `pubspec.yaml`),
/// used after it.
public struct ProjectTraits: Sendable {
    /// A framework a directory declares.
    public enum Framework: String, Sendable, Codable, CaseIterable, Comparable {
        /// A Dart package (`pubspec.yaml` without `flutter` among its dependencies).
        case dart
        case flutter
        case reactNative = "react-native"
        case expo
        case cordova
        case ionic
        case capacitor

        /// Orders frameworks as the cases are declared (dart, flutter, react-native, expo, cordova, ionic, capacitor).
        public static func < (lhs: Framework, rhs: Framework) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// What one directory declares.
    public struct Declaration: Sendable {
        /// The frameworks the directory's files declare (one directory may declare several, such as ionic and capacitor).
        public internal(set) var frameworks: Set<Framework> = []
        /// The files that said so, input-relative.
        public internal(set) var sources: [String] = []
        /// Packages and plugins that change or qualify the route of loads (`cupertino_http`,
        /// `webview_flutter`, `cordova-plugin-advanced-http`...), from `pubspec.yaml`'s
        /// `dependencies`, `package.json`'s `dependencies` and `config.xml`'s `<plugin>`s.
        public internal(set) var routePackages: Set<String> = []
        /// The `capacitor.config.json` files read for the iOS app, in walk order: the project's
        /// and the copy `npx cap sync` writes to `ios/App/App/` (Android's copy is not the iOS
        /// app's and is left out).
        public internal(set) var capacitorConfigs: [CapacitorConfig] = []
        /// The Cordova `config.xml` Capacitor generates in `ios/App/App/` for Cordova plugins,
        /// when the walk met it: not a policy (``ProjectTraits/isCapacitorGeneratedConfigXML(_:)``).
        public internal(set) var capacitorGeneratedConfigXML: String?
        /// A `capacitor.config.ts` or `.js` was found (code: not evaluated).
        public internal(set) var capacitorCodeConfig: String?
        /// config.xml's `<preference name="InterceptRemoteRequests">` value.
        public internal(set) var interceptRemoteRequests: String?
        /// Why a declaring file could not be read, when one could not.
        public internal(set) var problems: [String] = []
        /// The folders of the packages `pubspec.yaml`'s `dependencies` take from a `path:`
        /// (local Flutter plugins), as written (relative to the declaring directory).
        public internal(set) var pathDependencies: [String] = []
        /// The entries of `pubspec.yaml`'s `flutter: assets:` (a file, or a folder ending in
        /// `/` whose files, not its subfolders', are bundled), as written.
        public internal(set) var flutterAssets: [String] = []

        /// The Capacitor configuration the iOS app runs with: the `ios/App/App/` copy, which is
        /// what the app bundle holds, else the project's own (which `npx cap sync` copies);
        /// nil when no JSON configuration was read.
        public var capacitor: CapacitorConfig? {
            capacitorConfigs.last { ProjectTraits.isCapacitorIOSCopy($0.path) } ?? capacitorConfigs.first
        }
        /// `plugins.CapacitorHttp.enabled` of ``capacitor``: nil when no JSON configuration was read.
        public var capacitorHTTP: Bool? { capacitor?.capacitorHTTP }

        /// Cordova, Ionic or Capacitor: an app whose code runs in a web view.
        public var isWebContentProject: Bool { !frameworks.isDisjoint(with: [.cordova, .ionic, .capacitor]) }
        /// A JavaScript framework (its scripts' route is decided by this directory).
        var isScriptProject: Bool { !frameworks.isDisjoint(with: [.reactNative, .expo, .cordova, .ionic, .capacitor]) }
        /// A Dart package or Flutter app (its Dart files' route is decided by this directory).
        var isDartPackage: Bool { !frameworks.isDisjoint(with: [.dart, .flutter]) }
    }

    /// Declarations by directory, input-relative (`""` for the input itself).
    public internal(set) var declarations: [String: Declaration] = [:]
    /// What a reader should know about routes, one sentence each, in directory order.
    public internal(set) var notes: [String] = []

    /// Most bytes of one manifest read (a bigger one is reported, not read).
    public static let manifestBytes = 1 << 20

    /// The nearest declaration around `file` (its own directory first) that `matches`.
    func nearest(around file: String, where matches: (Declaration) -> Bool) -> (directory: String, declaration: Declaration)? {
        var directory = Substring(file)
        while let slash = directory.lastIndex(of: "/") {
            directory = directory[..<slash]
            if let found = declarations[String(directory)], matches(found) { return (String(directory), found) }
        }
        if let root = declarations[""], matches(root) { return ("", root) }
        return nil
    }

    /// A folder named relative to a project (`dist`, `./www/browser/`), without `.` parts and
    /// the trailing slash; nil when it is absolute, leaves the project or is the project itself.
    static func projectFolder(_ text: String) -> String? {
        guard !text.hasPrefix("/") else { return nil }
        let parts = text.split(separator: "/").filter { $0 != "." }
        guard !parts.isEmpty, !parts.contains("..") else { return nil }
        return parts.joined(separator: "/")
    }

    /// The Capacitor configuration read from the file at `path` (input-relative), if any.
    func capacitorConfig(at path: String) -> CapacitorConfig? {
        for declaration in declarations.values {
            if let config = declaration.capacitorConfigs.first(where: { $0.path == path }) { return config }
        }
        return nil
    }

    /// A Dart file's route: through URLSession when its package depends on cupertino_http,
    /// outside ATS otherwise (dart:io).
    func dartRoute(forFile file: String) -> LoadRoute {
        guard let (_, package) = nearest(around: file, where: \.isDartPackage) else {
            return .outsideATS(reason: LoadRoute.dartOutsideATS)
        }
        if package.routePackages.contains("cupertino_http") { return .urlLoadingSystem }
        if let problem = package.problems.first {
            return .outsideATS(reason: LoadRoute.dartOutsideATS + " (\(problem): whether it depends on cupertino_http is not known)")
        }
        return .outsideATS(reason: LoadRoute.dartOutsideATS)
    }

    /// A script's route when a Cordova, Ionic or Capacitor project decides it (the file is under
    /// its `www/` or `src/`, or a Capacitor app's `webDir` or the `ios/App/App/public/` copy of
    /// it the iOS app ships); nil when the role's default stands.
    func scriptRoute(forFile file: String) -> LoadRoute? {
        guard let (directory, project) = nearest(around: file, where: \.isScriptProject), project.isWebContentProject else { return nil }
        let prefix = directory.isEmpty ? "" : directory + "/"
        var webFolders = ["www/", "src/"]
        if project.frameworks.contains(.capacitor) {
            webFolders.append("ios/App/App/public/")
            // Either file's webDir: the web build's folder is the project's, whichever copy names it.
            webFolders += project.capacitorConfigs.compactMap { $0.webDir.flatMap(Self.projectFolder) }.map { $0 + "/" }
        }
        guard webFolders.contains(where: { file.hasPrefix(prefix + $0) }) else { return nil }
        // CapacitorHttp patches fetch and XMLHttpRequest to go through native code.
        return project.capacitorHTTP == true ? .urlLoadingSystem : .webContent
    }
}
