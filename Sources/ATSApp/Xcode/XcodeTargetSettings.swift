/// What a target's build settings say, for the configuration reported and INFOPLIST_FILE for
/// every configuration.
struct XcodeTargetSettings {
    /// Stands for `$(SRCROOT)` / `$(PROJECT_DIR)` in expanded values, so that a path built on
    /// it can be told from one that is relative or absolute.
    static let sourceRootMarker = "\u{1}SRCROOT\u{1}"
    /// Stands for `$(BUILT_PRODUCTS_DIR)`: TEST_HOST names a product under it.
    static let builtProductsMarker = "\u{1}BUILT_PRODUCTS_DIR\u{1}"

    let configuration: String
    let platforms: Set<XcodePlatform>
    var infoPlistFile: String?
    var infoPlistFiles: [String: String] = [:]
    let generatesInfoPlist: Bool
    var infoPlistKeys: [String: String] = [:]
    let preprocessesInfoPlist: Bool
    var preprocessorDefinitions: [String] = []
    var preprocessorPrefixHeader: String?
    var productName: String
    var bundleIdentifier: String?
    /// TEST_TARGET_NAME, expanded.
    var testTargetName: String?
    /// The `X.app` TEST_HOST names, without `.app`.
    var testHostProduct: String?
    var unresolved: [String: String] = [:]
    /// Why each of `unresolved` could not be expanded.
    var unresolvedReasons: [String: String] = [:]
    /// SWIFT_ACTIVE_COMPILATION_CONDITIONS and GCC_PREPROCESSOR_DEFINITIONS as words.
    var swiftActiveCompilationConditions: [String] = []
    var gccPreprocessorDefinitions: [String] = []
    /// What OTHER_LDFLAGS links by name: `Kit.framework` for `-framework Kit`, `libKit.a` for `-lKit`.
    var linkedLibraries: [String] = []

    private let target: String
    private let sourceRoot: String
    private let table: PBXObjectTable

    /// The settings of the target `object` of a project file. `productFile` is the name of the
    /// target's product reference (`App.app`), if any.
    init(target: String, object: PBXObject, project: XcodeConfigurations, projectName: String, sourceRoot: String,
         productFile: String?, table: PBXObjectTable, groups: XcodeGroupPaths, xcconfigs: XCConfigReader) {
        let own = XcodeConfigurations(list: object.string("buildConfigurationList"), owner: "target \(target)", table: table,
                                      groups: groups, xcconfigs: xcconfigs)
        self.init(target: target, own: own, project: project, projectName: projectName, sourceRoot: sourceRoot,
                  productFile: productFile, preferred: nil, table: table)
    }

    /// The settings of a target whose configurations are `own` over the project's `project`.
    /// `preferred` is the configuration to report when there is no `Release` (XcodeGen's
    /// `options.defaultConfig`); else the lists' default, else the first.
    init(target: String, own: XcodeConfigurations, project: XcodeConfigurations, projectName: String, sourceRoot: String,
         productFile: String?, preferred: String?, table: PBXObjectTable) {
        self.target = target
        self.sourceRoot = sourceRoot
        self.table = table
        let names = own.names.isEmpty ? project.names : own.names
        let chosen = names.contains("Release") ? "Release"
            : [preferred, project.defaultName, own.defaultName].compactMap { $0 }.first(where: names.contains) ?? names.first ?? ""
        configuration = chosen

        func settings(_ name: String, sdk: String) -> XcodeBuildSettings {
            let builtins = [
                "SRCROOT": Self.sourceRootMarker, "PROJECT_DIR": Self.sourceRootMarker, "SOURCE_ROOT": Self.sourceRootMarker,
                "PROJECT_NAME": projectName, "TARGET_NAME": target, "TARGETNAME": target, "PRODUCT_NAME": target,
                "CONFIGURATION": name, "PLATFORM_NAME": sdk, "SDK_NAME": sdk, "EFFECTIVE_PLATFORM_NAME": sdk == "macosx" ? "" : "-" + sdk,
                "BUILT_PRODUCTS_DIR": Self.builtProductsMarker, "CONFIGURATION_BUILD_DIR": Self.builtProductsMarker,
                // Xcode's default when neither the project nor the target sets it.
                "SDKROOT": "macosx",
            ]
            return XcodeBuildSettings(levels: project.levels(name) + own.levels(name), builtins: builtins, sdk: sdk, configuration: name,
                                      table: table)
        }

        // The platforms decide which `[sdk=...]` conditions hold: read them as for iOS first.
        let probe = settings(chosen, sdk: "iphoneos")
        let platforms = XcodePlatform.platforms(sdkRoot: probe.value("SDKROOT")?.value, supported: probe.value("SUPPORTED_PLATFORMS")?.value,
                                                catalyst: probe.value("SUPPORTS_MACCATALYST")?.value)
        let sdk = platforms.isEmpty || platforms.contains(.iOS) ? "iphoneos"
            : [XcodePlatform.macOS, .tvOS, .watchOS, .visionOS, .macCatalyst].first(where: platforms.contains)?.sdkName ?? "iphoneos"
        let reported = sdk == "iphoneos" ? probe : settings(chosen, sdk: sdk)
        self.platforms = platforms
        if platforms.isEmpty { table.report("target \(target): neither SDKROOT nor SUPPORTED_PLATFORMS names a known platform") }

        generatesInfoPlist = reported.value("GENERATE_INFOPLIST_FILE")?.value?.uppercased() == "YES"
        preprocessesInfoPlist = reported.value("INFOPLIST_PREPROCESS")?.value?.uppercased() == "YES"
        productName = target
        if let name = resolved("PRODUCT_NAME", reported), !name.isEmpty {
            productName = name
        } else if let productFile {
            productName = productFile.split(separator: ".").first.map(String.init) ?? productFile
        }
        bundleIdentifier = resolved("PRODUCT_BUNDLE_IDENTIFIER", reported)
        for name in names {
            let configured = name == chosen ? reported : settings(name, sdk: sdk)
            // Only the reported configuration's failures are problems; the others are left out.
            let path = name == chosen ? self.path("INFOPLIST_FILE", configured) : configured.value("INFOPLIST_FILE", strict: true)?.value.flatMap(inputPath)
            if let path { infoPlistFiles[name] = path }
        }
        infoPlistFile = infoPlistFiles[chosen]
        preprocessorPrefixHeader = path("INFOPLIST_PREFIX_HEADER", reported)
        if let definitions = reported.value("INFOPLIST_PREPROCESSOR_DEFINITIONS") {
            let written = definitions.value ?? reported.raw("INFOPLIST_PREPROCESSOR_DEFINITIONS") ?? ""
            if definitions.value == nil { note("INFOPLIST_PREPROCESSOR_DEFINITIONS", definitions, reported) }
            preprocessorDefinitions = XcodeSettingWords.list(written)
        }
        swiftActiveCompilationConditions = list("SWIFT_ACTIVE_COMPILATION_CONDITIONS", reported)
        gccPreprocessorDefinitions = list("GCC_PREPROCESSOR_DEFINITIONS", reported)
        linkedLibraries = Self.linkedLibraries(list("OTHER_LDFLAGS", reported))
        let prefix = "INFOPLIST_KEY_"
        for key in reported.keys(withPrefix: prefix) {
            infoPlistKeys[String(key.dropFirst(prefix.count))] = reported.value(key)?.value ?? reported.raw(key) ?? ""
        }
        testTargetName = resolved("TEST_TARGET_NAME", reported).flatMap { $0.isEmpty ? nil : $0 }
        if let host = reported.value("TEST_HOST")?.value {
            testHostProduct = host.split(separator: "/").first(where: { $0.hasSuffix(".app") }).map { String($0.dropLast(4)) }
        }
    }

    /// The setting `key` expanded; nil when unset, or unresolved (recorded, with a problem).
    private mutating func resolved(_ key: String, _ settings: XcodeBuildSettings, strict: Bool = false) -> String? {
        guard let expansion = settings.value(key, strict: strict) else { return nil }
        guard let value = expansion.value else {
            note(key, expansion, settings)
            return nil
        }
        return value
    }

    /// The setting `key` as an input-relative path; nil when unset or not a path in the input
    /// (recorded, with a problem).
    private mutating func path(_ key: String, _ settings: XcodeBuildSettings) -> String? {
        guard let value = resolved(key, settings, strict: true), !value.isEmpty else { return nil }
        guard let path = inputPath(value) else {
            unresolved[key] = settings.raw(key) ?? value
            unresolvedReasons[key] = "not a path in the input"
            let shown = value.replacing(Self.sourceRootMarker, with: "$(SRCROOT)").replacing(Self.builtProductsMarker, with: "$(BUILT_PRODUCTS_DIR)")
            table.report("target \(target): \(key) \(shown) is not a path in the input")
            return nil
        }
        return path
    }

    private mutating func note(_ key: String, _ expansion: XcodeExpansion, _ settings: XcodeBuildSettings) {
        guard case .unresolved(let why) = expansion else { return }
        unresolved[key] = settings.raw(key) ?? ""
        unresolvedReasons[key] = why
        table.report("target \(target): \(key) is not resolved: \(why)")
    }

    /// An expanded path setting as an input path: under the source root unless it starts at
    /// `$(SRCROOT)`; nil when absolute, under the build directory, or outside the input.
    private func inputPath(_ value: String) -> String? {
        var text = value
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
        if text.hasPrefix(Self.sourceRootMarker) {
            text = String(text.dropFirst(Self.sourceRootMarker.count))
            while text.hasPrefix("/") { text.removeFirst() }
        }
        guard !text.contains("\u{1}") else { return nil }
        return XcodePath.join(sourceRoot, text)
    }

    /// A list setting's words, expanded (a reference nothing sets is empty, as in Xcode; one
    /// that cannot be expanded leaves the value as written, and is reported).
    private mutating func list(_ key: String, _ settings: XcodeBuildSettings) -> [String] {
        guard let expansion = settings.value(key) else { return [] }
        if expansion.value == nil { note(key, expansion, settings) }
        return XcodeSettingWords.list(expansion.value ?? settings.raw(key) ?? "")
    }

    /// The products `-framework NAME`, `-weak_framework NAME` and `-lNAME` link, as product
    /// file names (`NAME.framework`, `libNAME.a`).
    static func linkedLibraries(_ flags: [String]) -> [String] {
        var found: [String] = []
        var index = flags.startIndex
        while index < flags.endIndex {
            let flag = flags[index]
            if flag == "-framework" || flag == "-weak_framework", index + 1 < flags.endIndex {
                found.append(flags[index + 1] + ".framework")
                index += 2
                continue
            }
            if flag.hasPrefix("-l"), flag.count > 2 { found.append("lib" + flag.dropFirst(2) + ".a") }
            index += 1
        }
        return found
    }
}
