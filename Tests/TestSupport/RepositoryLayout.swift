import Foundation

/// Where the repository's fixtures are, found from this file's path, so every test target and
/// every working directory sees the same folders and nothing outside the repository is used.
public enum RepositoryLayout {
    /// The package root (`Tests/TestSupport/RepositoryLayout.swift` → three levels up).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `TestCerts/`: the generated PKI (documented in `TestCerts/README.md`).
    public static let testCerts = packageRoot.appendingPathComponent("TestCerts", isDirectory: true)
    /// `Policies/`: example policies and lint fixtures.
    public static let policies = packageRoot.appendingPathComponent("Policies", isDirectory: true)
    /// `Tests/Corpus/certs/`: real-world and hostile certificate files, provenance in `SOURCES.tsv`.
    public static let corpusCerts = packageRoot.appendingPathComponent("Tests/Corpus/certs", isDirectory: true)
    /// `Tests/Corpus/plists/`: real-world Info.plist files, provenance in `SOURCES.tsv`.
    public static let corpusPlists = packageRoot.appendingPathComponent("Tests/Corpus/plists", isDirectory: true)
    /// `Tests/Hostile/`: inputs that once broke atscheck or are built to (see its README).
    public static let hostile = packageRoot.appendingPathComponent("Tests/Hostile", isDirectory: true)
    /// `docs/`: the project's own documentation.
    public static let docs = packageRoot.appendingPathComponent("docs", isDirectory: true)
}
