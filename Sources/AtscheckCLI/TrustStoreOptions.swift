import ArgumentParsing
import Certificates
import Foundation

/// The trust-store options shared by commands that validate chains:
/// `--ca-file` (user-installed), `--app-anchor` (app-supplied), `--system-roots` and `--no-system-roots`.
struct TrustStoreOptions {
    let caFiles: [String]
    var appAnchorFiles: [String] = []
    let systemRootsFile: String?
    let useSystemRoots: Bool
    let command: String
}

extension TrustStoreOptions {
    /// The options, declared once for every command that validates chains.
    static let optionSpecs = [
        OptionSpec("ca-file", value: "PEM", help: "Trust these roots as user-installed roots.", repeatable: true),
        OptionSpec("app-anchor", value: "PEM",
                   help: "Trust these certificates as anchors the app sets itself (SecTrustSetAnchorCertificates): trustd's rules for other anchors apply.",
                   repeatable: true),
        OptionSpec("system-roots", value: "PEM",
                   help: "Use this bundle as the preinstalled (public) roots instead of the system bundle, e.g. a snapshot of Apple's roots."),
        OptionSpec("no-system-roots", help: "Do not trust the system bundle."),
    ]

    /// `--ca-file`, `--system-roots`, `--no-system-roots` from the command line.
    init(_ arguments: ParsedArguments, command: String) throws {
        let systemRootsFile = arguments.value("system-roots")
        let useSystemRoots = !arguments.flag("no-system-roots")
        if systemRootsFile != nil && !useSystemRoots {
            throw UsageError(command: command, message: "'--system-roots' and '--no-system-roots' contradict each other")
        }
        self.init(caFiles: arguments.values("ca-file"), systemRootsFile: systemRootsFile, useSystemRoots: useSystemRoots, command: command)
        appAnchorFiles = arguments.values("app-anchor")
    }

    func makeStore() throws -> TrustStore {
        let user = try caFiles.flatMap(CertCommand.load)
        var system: [Certificate] = []
        if let systemRootsFile {
            system = try CertCommand.load(systemRootsFile)
        } else if useSystemRoots {
            guard let path = TrustStore.defaultSystemBundlePath() else {
                throw InputError(description: "\(command): no system CA bundle found (looked in \(TrustStore.systemBundleCandidates.joined(separator: ", "))); use --system-roots FILE or --ca-file with --no-system-roots")
            }
            system = try CertCommand.load(path)
        }
        let app = try appAnchorFiles.flatMap(CertCommand.load)
        return TrustStore(system: system, user: user, app: app)
    }
}
