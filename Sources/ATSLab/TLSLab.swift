#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A set of in-process TLS (and deliberately non-TLS) servers on loopback, one per
/// ``LabProfile``, each with a known flaw: a local "badssl" for tests and `atscheck lab`.
///
/// ```swift
/// let lab = try TLSLab(profiles: [.goodRSA, .tls10Only])
/// defer { lab.stop() }
/// let endpoint = lab.endpoint(.tls10Only)!   // 127.0.0.1:<ephemeral port>
/// // connect to endpoint.address:endpoint.port with SNI endpoint.serverName,
/// // trusting lab.rootCAFile
/// ```
///
/// Every TLS server completes the handshake, reads one HTTP request head and answers
/// `HTTP/1.1 200 OK` with the body `atscheck lab: <profile>\n`, then closes. Each connection is
/// served on its own thread with 5-second socket timeouts; at most 64 connections are open
/// at once across the lab (more are closed on accept). Client misbehaviour never crashes
/// the process: lab threads block SIGPIPE for themselves only.
public final class TLSLab: Sendable {
    /// One endpoint per served profile, in the order the profiles were given (duplicates
    /// dropped).
    public let endpoints: [LabEndpoint]
    /// The directory the certificates and keys were loaded from, or nil for the copy compiled
    /// into ATSLab (``certificateFiles``, byte-identical to their `TestCerts` originals), which
    /// lets an installed `atscheck lab` run with no file beside the binary.
    public let certificateDirectory: URL?
    /// The root CA every chaining lab certificate leads to; give it to clients as their trusted
    /// root. `root.pem` in ``certificateDirectory``; for the compiled-in copy, a file the lab
    /// writes: `$TMPDIR/atscheck-lab-<uid>/root.pem` (`/tmp` without `TMPDIR`), the same on every run.
    public let rootCAFile: URL

    private let server: LabServer

    /// Builds every profile's TLS context, binds one listening socket per profile and starts serving.
    ///
    /// - Parameters:
    ///   - profiles: the servers to run; repeated profiles are served once.
    ///   - certificateDirectory: a directory holding ``certificateFiles`` (leaf-*.pem chains,
    ///     keys/*.key), such as `TestCerts`; nil (the default) serves the copy compiled into ATSLab.
    ///   - host: the IPv4 or IPv6 literal to bind, loopback by default.
    ///   - basePort: nil binds ephemeral ports; otherwise profile *i* listens on `basePort + i`.
    /// - Throws: ``LabError`` naming the certificate, key or address that failed.
    public init(profiles: [LabProfile] = LabProfile.allCases,
                certificateDirectory: URL? = nil,
                host: String = "127.0.0.1",
                basePort: UInt16? = nil) throws(LabError) {
        var seen = Set<LabProfile>()
        let profiles = profiles.filter { seen.insert($0).inserted }
        if let basePort, Int(basePort) + profiles.count - 1 > Int(UInt16.max) {
            throw LabError("base port \(basePort) leaves no room for \(profiles.count) servers")
        }
        let certificates: LabCertificateSource = certificateDirectory.map { .directory($0) } ?? .embedded
        if profiles.contains(where: \.speaksTLS) { try certificates.checkExists() }

        let rootCAFile = try certificates.rootCAFile()
        let handlers = try Self.handlers(for: profiles, certificates: certificates)
        // A failure part way closes the sockets already bound (each closes with its last reference).
        var listeners: [LabServer.Listener] = []
        for index in profiles.indices {
            let port = basePort.map { $0 + UInt16(index) } ?? 0
            listeners.append(try LabServer.Listener(host: host, port: port, handler: handlers[index]))
        }
        self.server = try LabServer(listeners: listeners)
        self.certificateDirectory = certificateDirectory
        self.rootCAFile = rootCAFile
        self.endpoints = zip(profiles, listeners).map { profile, listener in
            LabEndpoint(profile: profile, serverName: profile.serverName, address: host, port: listener.port)
        }
    }

    deinit { server.stop() }

    /// The endpoint serving `profile`, or nil when this lab does not run it.
    public func endpoint(_ profile: LabProfile) -> LabEndpoint? {
        endpoints.first { $0.profile == profile }
    }

    /// Closes every listening socket (its port is free when this returns), ends open
    /// connections and joins the lab's threads. Idempotent; also called on `deinit`.
    public func stop() { server.stop() }

    private static func handlers(for profiles: [LabProfile], certificates: LabCertificateSource) throws(LabError) -> [LabConnectionHandler] {
        var handlers: [LabConnectionHandler] = []
        for profile in profiles {
            switch profile {
            case .plainHTTP: handlers.append(.plainHTTP(profile))
            case .silent: handlers.append(.silent)
            case .notTLS: handlers.append(.notTLS)
            case .resetAfterHello: handlers.append(.afterClientHello(.reset))
            case .closeAfterHello: handlers.append(.afterClientHello(.close))
            case .resetMidHandshake: handlers.append(.afterClientHello(.partialServerHelloThenReset))
            case .helloThenSilence:
                // A real OpenSSL server (good-rsa's), whose answer stops after its first record.
                guard let settings = LabTLSSettings.forProfile(.goodRSA) else { throw LabError("\(profile.rawValue): no TLS settings") }
                handlers.append(.serverHelloThenSilence(try LabTLSContext(settings: settings, profile: profile, certificates: certificates)))
            case .tlsGarbage: handlers.append(.afterClientHello(.garbageRecords))
            default:
                guard let settings = LabTLSSettings.forProfile(profile) else {
                    throw LabError("\(profile.rawValue): no TLS settings")
                }
                handlers.append(.tls(try LabTLSContext(settings: settings, profile: profile, certificates: certificates), profile))
            }
        }
        return handlers
    }
}
