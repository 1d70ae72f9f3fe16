import AtscheckSystem

/// What ships in a tree whose Xcode projects (or XcodeGen specs) build its apps: the files the
/// targets build, copy or embed, and the files that reach the app by another route, which no
/// target names and which go to the primary app:
///
/// - JavaScript and TypeScript of a React Native, Expo, Cordova, Ionic or Capacitor project (the
///   bundler or the web view loads them), and Dart (Flutter compiles `lib/` into the app);
/// - the web content of a Cordova, Ionic or Capacitor project (its `www/` or `src/`);
/// - any file of such a JavaScript project outside the folders of the Xcode projects (JSON and
///   HTML the bundler takes in, native modules autolinking adds);
/// - the assets a Flutter `pubspec.yaml` lists (bundled in `App.framework/flutter_assets`);
/// - the `ios/` and `darwin/` folders of local Flutter plugins that a `pubspec.yaml` takes from
///   a `path:` (their pods are added by Flutter's Podfile script, which is not read).
///
/// Everything else no target holds is not app code (``FileOwnership/inNoTarget(_:)``).
struct ShippingScope: Sendable {
    /// Each project's path (`ios/App.xcodeproj`, `project.yml`) and folder (what its sources sit
    /// in), input-relative.
    let projects: [(path: String, folder: String)]
    /// What the walk learnt of the tree's frameworks.
    let traits: ProjectTraits
    /// Folders of the local Flutter plugins `pubspec.yaml` files take from a `path:`.
    let flutterPlugins: [String]

    /// Whether `file`, which no target holds, reaches the app by a route no target names.
    func shipsByOtherRoute(_ file: String) -> Bool {
        let ext = PathText.pathExtension(file).lowercased()
        if ext == "dart" { return true }
        if LoadRoute.scriptExtensions.contains(ext), traits.nearest(around: file, where: \.isScriptProject) != nil { return true }
        if traits.scriptRoute(forFile: file) != nil { return true }
        if !projects.contains(where: { XcodePath.isInside(file, $0.folder) }), traits.nearest(around: file, where: \.isScriptProject) != nil {
            return true
        }
        if isFlutterAsset(file) { return true }
        return flutterPlugins.contains { XcodePath.isInside(file, $0 + "/ios") || XcodePath.isInside(file, $0 + "/darwin") }
    }

    /// Whether a `pubspec.yaml` of the tree lists `file` as an asset: by name, or as a file
    /// directly in a listed folder (Flutter bundles no subfolder of one).
    func isFlutterAsset(_ file: String) -> Bool {
        traits.declarations.contains { directory, declaration in
            declaration.flutterAssets.contains { entry in
                guard let listed = XcodePath.join(directory, entry) else { return false }
                return entry.hasSuffix("/") ? ProjectPath.parent(file) == listed : file == listed
            }
        }
    }

    /// Why `file` is not app code: the project whose folder holds it (the deepest), or the
    /// only project, or all of them.
    func reason(for file: String) -> String {
        let paths = Set(projects.map(\.path)).sorted()
        if let holding = projects.filter({ XcodePath.isInside(file, $0.folder) }).max(by: { $0.folder.count < $1.folder.count }) {
            return "in no target of \(holding.path)"
        }
        if paths.count == 1 { return "in no target of \(paths[0])" }
        return "in no target of the \(paths.count) Xcode projects in the tree (\(paths.prefix(3).joined(separator: ", "))\(paths.count > 3 ? ", …" : ""))"
    }
}
