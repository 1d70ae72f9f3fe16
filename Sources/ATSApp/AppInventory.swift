import ATSPolicy
import ATSArchive
import ATSSinks
import ATSPolicySources
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything `atscheck app` takes from an input in one pass: the bundles (from their
/// Info.plists), every URL found with every place it was found, and what could not be read.
public struct AppInventory: Sendable {
    /// A URL and every place it was found (whether a place is web content follows from its
    /// file: ``loadRoute(forFile:isProject:)``).
    public struct FoundURL: Sendable {
        /// The URL as found (after cleanup).
        public let url: String
        /// The places it was found, in the order the walk met them (at most `AppInventory.placesPerURL`).
        public internal(set) var places: [FoundAt]
    }

    /// A project's source files read as code after the walk, once attribution says which
    /// build settings decide their `#if`s (``CodeReading``): input-relative paths.
    public internal(set) var codeFiles: [String] = []
    /// An archive's or bundle's code (web pages, scripts, style sheets), kept to be read as code
    /// after the walk: path and bytes (at most ``codeBytes`` in all; the rest is searched as text).
    public internal(set) var codeSources: [(path: String, bytes: [UInt8])] = []
    /// Most bytes of an archive's code kept for reading as code.
    public static let codeBytes = 128 << 20

    /// Files of a project that say how it is built, by path, for ``PolicyAttribution`` to read
    /// by name (``ProjectBuildFiles/isBuildFile(_:)``): XcodeGen specs (`project.yml`), Podfiles,
    /// Tuist and Bazel manifests. At most ``ProjectBuildFiles/maximumRecorded``.
    public internal(set) var buildFiles: [String] = []
    /// Every `*.xcodeproj/project.pbxproj` of a project, as read (parsed by ``PolicyAttribution``,
    /// which can read the xcconfig files they name).
    public internal(set) var xcodeProjectFiles: [(path: String, bytes: Data)] = []
    /// The `project.pbxproj` files larger than ``projectBytes``: kept cut, and not read.
    public internal(set) var oversizedProjectFiles: Set<String> = []
    /// A project's `*.plist` paths (at most ``ProjectBuildFiles/maximumRecorded``): an INFOPLIST_FILE may have any name.
    public internal(set) var plistFiles: [String] = []
    /// What to do about ``unevaluatedConfigurations``.
    public static var codeConfigurationAdvice: String { ExpoConfig.codeConfigurationAdvice }
    /// Expo configurations that are code (`app.config.js`, `app.config.ts`): not run, so their
    /// policy is not read.
    public internal(set) var unevaluatedConfigurations: [String] = []
    /// Bundles in the order their Info.plists were read.
    public internal(set) var bundles: [AppBundle] = []
    /// URLs in first-found order, each with its places.
    public internal(set) var urls: [FoundURL] = []
    /// The walk's summary: entries, bytes, per-file problems, an archive-level failure.
    public internal(set) var walk = ArchiveReadSummary()
    /// What was learnt while walking (pubspec.yaml / package.json / config.xml / capacitor config).
    public internal(set) var traits = ProjectTraits()
    /// Places the walk did not enter or read, each with why: a project's default skips
    /// (`android/`: Android app, `Tests/`: tests, `LICENSE`: licence notice), `--exclude`
    /// globs, `.atscheckignore` lines (``ScanScope``). A directory is listed once, with a
    /// trailing `/`; past 1,000 places a last entry counts the rest.
    public internal(set) var skipped: [SkippedPlace] = []

    /// Most bytes of one text file or Info.plist kept to search (bigger ones are cut).
    public static let textBytes = 8 << 20
    /// Most bytes of one `project.pbxproj` kept (a bigger one is cut, and then fails to parse).
    public static let projectBytes = 32 << 20
    /// Most places recorded for one URL.
    public static let placesPerURL = 20

    /// Reads `files` once. With `policiesOnly` (what `lint` needs), only the policy sources
    /// are read: no executable or resource is searched for URLs.
    public static func collect(_ files: AppFiles, policiesOnly: Bool = false) throws(FileReadError) -> AppInventory {
        let collector = Collector(project: files.isProject, policiesOnly: policiesOnly)
        var skipped: [SkippedPlace] = []
        let summary = try files.walk(skipped: &skipped) { path, _ in collector.visit(path) }
        var inventory = collector.finish(summary)
        inventory.skipped = skipped
        return inventory
    }

    /// Reads an .ipa held in memory (the fuzz target's way in).
    public static func collect(archiveBytes: [UInt8], limits: ArchiveLimits = ArchiveLimits()) -> AppInventory {
        let collector = Collector(project: false, policiesOnly: false)
        let summary = ArchiveReader.read(bytes: archiveBytes, limits: limits) { entry in collector.visit(entry.path) }
        return collector.finish(summary)
    }
}

/// The walk hands over chunks, never "this file is done": the collector finishes a file when
/// the next one starts and when the walk ends.
final class Collector {
    var inventory = AppInventory()
    private let project: Bool
    private let policiesOnly: Bool
    init(project: Bool, policiesOnly: Bool) {
        self.project = project
        self.policiesOnly = policiesOnly
    }
    private var index: [String: Int] = [:]
    private var path = ""
    private var role: FileRole?
    /// The file declares frameworks (`ProjectTraits.isManifest`), whatever its role.
    private var manifest = false
    private var bytes: [UInt8] = []
    private var scanner = URLScanner()
    /// Bytes of an archive's code kept so far (``AppInventory/codeBytes``).
    private var codeBytesKept = 0

    /// The consumer for the next file, after finishing the one before.
    func visit(_ path: String) -> ArchiveEntryConsumer? {
        finishCurrent()
        if project, ExpoConfig.codeConfigurationNames.contains(PathText.lastComponent(path)) { inventory.unevaluatedConfigurations.append(path) }
        if project, ProjectBuildFiles.isBuildFile(path), inventory.buildFiles.count < ProjectBuildFiles.maximumRecorded { inventory.buildFiles.append(path) }
        if project, path.hasSuffix(".plist"), inventory.plistFiles.count < ProjectBuildFiles.maximumRecorded { inventory.plistFiles.append(path) }
        let manifest = project && !policiesOnly && ProjectTraits.isManifest(path)
        guard let role = FileRole.of(path, project: project) else { return manifest ? begin(path: path, role: nil, manifest: true) : nil }
        if policiesOnly, !role.isPolicySource { return nil }
        if project, !manifest, case .text = role, CodeKind.of(path) != nil {
            // Read as code after the walk, when attribution says which settings decide its #ifs.
            inventory.codeFiles.append(path)
            return nil
        }
        return begin(path: path, role: role, manifest: manifest)
    }

    /// The inventory, once the walk is over.
    func finish(_ summary: ArchiveReadSummary) -> AppInventory {
        finishCurrent()
        let limits = inventory.walk.problems
        inventory.walk = summary
        inventory.walk.problems += limits
        inventory.traits.settle()
        return inventory
    }

    func begin(path: String, role: FileRole?, manifest: Bool) -> ArchiveEntryConsumer {
        self.path = path
        self.role = role
        self.manifest = manifest
        bytes = []
        scanner = URLScanner()
        cut = false
        return { [unowned self] chunk in consume(chunk) }
    }

    /// True when the current file was cut at its reader's limit (``AppInventory/textBytes``).
    private var cut = false

    private func consume(_ chunk: ArraySlice<UInt8>) -> Bool {
        switch role {
        case .binary?:
            scanner.scan(chunk)
            return true
        case .xcodeProject?:
            let room = max(0, AppInventory.projectBytes - bytes.count)
            if chunk.count > room { cut = true }
            bytes.append(contentsOf: chunk.prefix(room))
            return !cut
        case .extensionless?:
            bytes.append(contentsOf: chunk.prefix(max(0, AppInventory.textBytes - bytes.count)))
            guard bytes.count >= TextSniffer.window else { return true }
            return settleExtensionless()
        case .infoPlist?, .text?, .provisioningProfile?, .expoConfig?, .cordovaConfig?:
            let room = max(0, AppInventory.textBytes - bytes.count)
            if chunk.count > room { cut = true }
            bytes.append(contentsOf: chunk.prefix(room))
            return !cut
        case nil:
            // A manifest no URL is searched in: one byte over the limit tells that it is too big.
            guard manifest else { return false }
            bytes.append(contentsOf: chunk.prefix(max(0, ProjectTraits.manifestBytes + 1 - bytes.count)))
            return bytes.count <= ProjectTraits.manifestBytes
        }
    }

    /// An extension-less file, once its first bytes are in: an executable is scanned as one;
    /// text is read as text in a bundle and not at all in a project (build tooling: Gemfile,
    /// Podfile, gradlew). Returns whether to go on reading.
    private func settleExtensionless() -> Bool {
        if TextSniffer.isBinary(bytes) {
            role = .binary
            scanner.scan(bytes)
            bytes = []
            return true
        }
        if project {
            role = nil
            bytes = []
            return false
        }
        role = .text(webContent: false)
        return bytes.count < AppInventory.textBytes
    }

    func finishCurrent() {
        if manifest {
            manifest = false
            inventory.traits.record(manifest: path, bytes: bytes)
        }
        if case .extensionless? = role { _ = settleExtensionless() }
        guard let role else {
            bytes = []
            return
        }
        self.role = nil
        let megabytes = AppInventory.textBytes >> 20
        if cut, !{ if case .infoPlist = role { true } else if case .xcodeProject = role { true } else { false } }() {
            limitReached("larger than \(megabytes) MiB: only the first \(megabytes) MiB searched for URLs and policies; the rest not judged")
        }
        switch role {
        case .infoPlist:
            if cut {
                limitReached("an Info.plist larger than \(megabytes) MiB: its policy cannot be read, so its bundle's URLs are unknown")
                bytes = []
            }
            guard let bundle = AppBundle(infoPlistPath: path, bytes: Data(bytes), project: project) else { break }
            // A second entry of the same name (an archive can hold two): the same bytes add
            // nothing; other bytes leave the device's policy unknowable, so none is used.
            if let earlier = inventory.bundles.firstIndex(where: { $0.policyFile == bundle.policyFile }) {
                if inventory.bundles[earlier].policyBytes != bundle.policyBytes {
                    limitReached("a second Info.plist for this bundle with other contents: which one the device reads cannot be told, so the bundle's policy is unknown")
                    inventory.bundles[earlier].document = .failure(PlistReadError("two different Info.plist entries for one bundle"))
                }
                break
            }
            inventory.bundles.append(bundle)
        case .xcodeProject:
            inventory.xcodeProjectFiles.append((path, Data(bytes)))
            if cut { inventory.oversizedProjectFiles.insert(path) }
        case .expoConfig:
            if let bundle = ExpoConfig.bundle(path: path, bytes: Data(bytes)) { inventory.bundles.append(bundle) }
        case .cordovaConfig:
            guard let (bundle, origins) = CordovaConfig.bundle(path: path, bytes: Data(bytes)) else { break }
            inventory.bundles.append(bundle)
            // Capacitor's generated config.xml is set aside (no policy), and its <access>
            // origins are no loads: Capacitor hands them only to Cordova plugins.
            guard !ProjectTraits.isCapacitorGeneratedConfigXML(path) else { break }
            for (origin, line) in origins {
                record(origin, FoundAt(file: path, offset: nil, line: line, detail: "origin",
                                       use: .notSeen(hint: "an origin config.xml allows: the app may load it; no load of it was seen")))
            }
        case .text where CodeKind.of(path) != nil && !cut && codeBytesKept + bytes.count <= AppInventory.codeBytes:
            codeBytesKept += bytes.count
            inventory.codeSources.append((path, Self.utf8(bytes)))
        case .text:
            var text = Self.utf8(bytes)
            var lines = URLScanner()
            lines.scan(text)
            // A binary plist has no lines worth showing: offsets only.
            let binary = bytes.starts(with: Array("bplist".utf8))
            let hits = lines.finish()
            urlsPastLimit(lines)
            let comments = hits.isEmpty ? nil : CommentRanges.syntax(forFile: path).map { CommentRanges(text, syntax: $0) }
            let use = TextPlaceUse.use(forFile: path)
            // A Capacitor configuration's server.url is the web view's start page: recorded as
            // such below, not as the plain string on its line. In a bundle the file is the one
            // Capacitor's runtime reads; in a project the walk has read it for its traits.
            var capacitor: CapacitorConfig?
            if PathText.lastComponent(path) == "capacitor.config.json" {
                capacitor = project ? inventory.traits.capacitorConfig(at: path) : try? CapacitorConfig.read(bytes, path: path)
            }
            for hit in hits {
                if let capacitor, hit.line == capacitor.serverURLLine, hit.url == capacitor.serverURL { continue }
                let comment = comments?.contains(hit.offset) == true
                record(hit.url, FoundAt(file: path, offset: binary ? hit.offset : nil, line: binary ? nil : hit.line,
                                        detail: comment ? FoundAt.comment : nil, use: comment ? nil : use))
            }
            if let capacitor, let start = capacitor.startURL {
                record(start, FoundAt(file: path, offset: nil, line: capacitor.serverURLLine, detail: FoundAt.capacitorServerURL,
                                      use: .load(.webView, via: "Capacitor server.url, the web view's start page")))
            }
            text = []
        case .extensionless:
            break
        case .binary:
            for hit in scanner.finish() { record(hit.url, FoundAt(file: path, offset: hit.offset, line: nil, use: TextPlaceUse.binary)) }
            urlsPastLimit(scanner)
            for candidate in scanner.hostCandidates where BareHost.isHost(candidate.url) {
                record("https://\(candidate.url)/", FoundAt(file: path, offset: candidate.offset, line: nil, detail: "bare host name", use: TextPlaceUse.binary))
            }
        case .provisioningProfile:
            let domains: [(entitlement: String, host: String)]
            switch ProvisioningProfile.read(Data(bytes)) {
            case .success(let read): domains = read
            case .failure(let unreadable):
                limitReached("a provisioning profile that cannot be read (\(unreadable.reason)): the associated domains it may grant are not judged")
                domains = []
            }
            for domain in domains {
                record("https://\(domain.host)/.well-known/apple-app-site-association",
                       FoundAt(file: path, offset: nil, line: nil, detail: domain.entitlement,
                               use: .load(.network, via: "the system, for the associated domain \(domain.entitlement)")))
            }
        }
        bytes = []
    }

    /// Reports a limit reached in the current file: a walk problem, so the report lists it and
    /// the audit's exit status says some places were not judged.
    private func limitReached(_ what: String) {
        inventory.walk.problems.append(ArchiveProblem(path: path, problem: .partlyJudged(what)))
    }

    private func urlsPastLimit(_ scanner: URLScanner) {
        guard scanner.urlsPastLimit > 0 else { return }
        limitReached("more than \(scanner.limit) URLs: the first \(scanner.limit) judged, at least \(scanner.urlsPastLimit) more not")
    }

    private func record(_ url: String, _ place: FoundAt) {
        if let position = index[url] {
            // The same URL twice on one line is one place.
            if inventory.urls[position].places.count < AppInventory.placesPerURL, inventory.urls[position].places.last != place {
                inventory.urls[position].places.append(place)
            }
        } else {
            index[url] = inventory.urls.count
            inventory.urls.append(AppInventory.FoundURL(url: url, places: [place]))
        }
    }

    /// Text as UTF-8 bytes: UTF-16 with a byte-order mark (how Xcode ships .strings) decoded,
    /// anything else as it is.
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var position = 2
            while position + 1 < bytes.count {
                units.append(little ? UInt16(bytes[position]) | UInt16(bytes[position + 1]) << 8
                                    : UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1]))
                position += 2
            }
            return Array(String(decoding: units, as: UTF16.self).utf8)
        }
        return bytes
    }
}
