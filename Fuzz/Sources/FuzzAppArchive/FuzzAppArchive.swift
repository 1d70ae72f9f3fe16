import ATSApp
import ATSArchive
import ATSLint
import ATSPolicySources
import Foundation

private let linter = Linter()

/// Two app targets whose Release configurations are based on `a.xcconfig`.
private let xcconfigProject = Data((["// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 56; objects = {",
    "X1 = {isa = PBXFileReference; path = a.xcconfig; sourceTree = \"<group>\"; };",
    "G0 = {isa = PBXGroup; children = (X1, ); sourceTree = \"<group>\"; };",
    "PL = {isa = XCConfigurationList; buildConfigurations = (PR, ); };",
    "PR = {isa = XCBuildConfiguration; baseConfigurationReference = X1; buildSettings = {}; name = Release; };",
    "P0 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (T0, T1, ); };"]
    + ["T0", "T1"].flatMap { id in [
        "\(id) = {isa = PBXNativeTarget; buildConfigurationList = \(id)L; buildPhases = (); name = App\(id); productType = \"com.apple.product-type.application\"; };",
        "\(id)L = {isa = XCConfigurationList; buildConfigurations = (\(id)R, ); };",
        "\(id)R = {isa = XCBuildConfiguration; baseConfigurationReference = X1; buildSettings = {INFOPLIST_FILE = \"$(K)$(A)/Info.plist\"; GCC_PREPROCESSOR_DEFINITIONS = \"$(inherited) $(B)\";}; name = Release; };",
    ] } + ["}; rootObject = P0; }"]).joined(separator: "\n").utf8)

/// The input as an .ipa held in memory (ArchiveReader over libzip, small limits so a bomb
/// ends fast), every entry through the inventory's readers; the input as a project's files
/// (Cordova config.xml and Expo app.json through the one policy reader, an Xcode
/// project.pbxproj, a preprocessed Info.plist); then as text through the URL scanner, whose
/// every hit must be a substring of the input at its offset and is then classified.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppArchive(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let inventory = AppInventory.collect(archiveBytes: bytes, limits: ArchiveLimits(entries: 2000, entryBytes: 1 << 20, totalBytes: 4 << 20))
    _ = inventory.bundles.map(\.kind)
    // The same bytes as the project files that are not plists: Cordova's config.xml, Expo's app.json.
    _ = (try? PolicySources.read(Data(bytes), path: "config.xml"))?.lint(with: linter)
    _ = (try? PolicySources.read(Data(bytes), path: "app.json"))?.lint(with: linter)
    _ = try? XcodeProject.read(pbxproj: Data(bytes), projectPath: "App.xcodeproj", readFile: { _ in nil })
    // The same bytes as every xcconfig of a two-target project (an include of any name reads
    // them again): include fan-out, $(inherited) chains and long references.
    _ = try? XcodeProject.read(pbxproj: xcconfigProject, projectPath: "App.xcodeproj",
                               readFile: { $0.hasSuffix(".xcconfig") ? Data(bytes) : nil })
    _ = try? InfoPlistPreprocessor.preprocess(Data(bytes), definitions: ["DEBUG=1", "FLAG"])
    var scanner = URLScanner(maximumHits: 1000)
    scanner.scan(bytes[...])
    for hit in scanner.finish() {
        let found = Array(hit.url.utf8)
        guard hit.offset >= 0, hit.offset + found.count <= bytes.count, Array(bytes[hit.offset..<(hit.offset + found.count)]) == found else {
            fatalError("URLScanner hit \(hit) is not in the input at its offset")
        }
        _ = EndpointFilter.classify(hit.url)
    }
    return 0
}
