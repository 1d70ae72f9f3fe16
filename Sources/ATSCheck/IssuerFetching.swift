import ATSCertificates
import ATSFetch
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a live check completes a chain the server sent incomplete, as trustd does
/// (`SecCAIssuerCertificateSourceCopyParents`, `trust/trustd/SecCertificateSource.c`, with
/// `SecCAIssuerCopyParents` in `trust/trustd/SecCAIssuerRequest.m`): when no parent of the
/// certificate at the top of the built chain is found, fetch the caIssuers URL in its
/// authorityInformationAccess and try again.
public struct IssuerFetchOptions: Sendable {
    /// Fetch at all (`--no-fetch` turns it off).
    public var enabled: Bool
    /// Seconds for each fetch.
    public var timeout: Double
    /// Fetches per chain at most.
    public var maxFetches: Int
    /// Largest answer read, in bytes.
    public var sizeLimit: Int
    /// curl's `--connect-to` mappings ("HOST:PORT:ADDRESS:PORT") for the fetches.
    public var connectTo: [String]
    /// Fetch from loopback, link-local (cloud metadata), private and other non-public
    /// addresses too (`--allow-private-fetch`). Without it such fetches are refused unless the
    /// server checked is itself at such an address.
    public var allowPrivate: Bool

    /// trustd's shape: on, 3 fetches per chain, 64 KiB each, within 5 s each, public addresses only.
    public init(enabled: Bool = true, timeout: Double = 5, maxFetches: Int = 3, sizeLimit: Int = 64 << 10, connectTo: [String] = [],
                allowPrivate: Bool = false) {
        self.enabled = enabled
        self.timeout = timeout
        self.maxFetches = maxFetches
        self.sizeLimit = sizeLimit
        self.connectTo = connectTo
        self.allowPrivate = allowPrivate
    }

    /// These options for a chain served from `serverAddress`: a server checked at a loopback,
    /// private or link-local address (the user asked to check a private server) lets its
    /// fetches go to such addresses too.
    public func forServer(at serverAddress: String?) -> IssuerFetchOptions {
        var options = self
        if let serverAddress, IssuerFetching.nonPublicAddressKind(serverAddress) != nil { options.allowPrivate = true }
        return options
    }
}

/// One caIssuers fetch and what it gave.
public struct IssuerFetch: Sendable, Hashable, Codable {
    /// The caIssuers URL.
    public let url: String
    /// Certificates read from the answer.
    public let certificates: Int
    /// Why nothing usable came back; nil when it did.
    public let failure: String?
}

/// caIssuers answers by URL, kept for one run (a scan fetches each intermediate once).
public final class IssuerFetchCache: @unchecked Sendable {
    private let lock = Lock()
    private var answers: [String: Result<[Certificate], IssuerFetchFailure>] = [:]
    /// One lock per URL being fetched: a scan that meets the same incomplete chain on many
    /// endpoints at once fetches its intermediate once, the others wait for that answer.
    private var fetching: [String: Lock] = [:]

    /// An empty cache.
    public init() {}

    func answer(_ url: String, fetch: () -> Result<[Certificate], IssuerFetchFailure>) -> Result<[Certificate], IssuerFetchFailure> {
        let urlLock: Lock = lock.withLock {
            if let existing = fetching[url] { return existing }
            let made = Lock()
            fetching[url] = made
            return made
        }
        return urlLock.withLock {
            if let known = lock.withLock({ answers[url] }) { return known }
            let fetched = fetch()
            lock.withLock { answers[url] = fetched }
            return fetched
        }
    }
}

/// Why a caIssuers fetch brought nothing usable.
struct IssuerFetchFailure: Error {
    let description: String
}

/// The certificates fetched to complete a served chain, and every fetch tried.
public struct IssuerCompletion: Sendable {
    /// Certificates fetched (issuers of the chain's top), in fetch order.
    public let issuers: [Certificate]
    /// Every fetch tried, successful or not.
    public let fetches: [IssuerFetch]

    /// Nothing fetched, nothing tried.
    public static let none = IssuerCompletion(issuers: [], fetches: [])
}

/// Completes a chain from caIssuers URLs.
public enum IssuerFetching {
    /// When the chain `presented` builds no path to an anchor because an issuer is missing,
    /// fetches the caIssuers URL of the certificate without a parent (http:// only, redirects
    /// included, as trustd), at most `options.maxFetches` times, and returns what it fetched.
    /// Unless `options.allowPrivate`, a fetch whose address is loopback, link-local, private or
    /// otherwise not public is refused, and the refusal is the fetch's failure. Names under the
    /// special-use `.test`, `.invalid`, `.example` and `.localhost` domains are not looked up
    /// unless `options.connectTo` maps them.
    public static func complete(_ presented: [Certificate], evaluator: TrustEvaluator, host: String?, at time: Date,
                                options: IssuerFetchOptions, cache: IssuerFetchCache) -> IssuerCompletion {
        guard options.enabled, !presented.isEmpty else { return .none }
        var issuers: [Certificate] = []
        var fetches: [IssuerFetch] = []
        var tried = Set<String>()
        while fetches.count < options.maxFetches {
            let path = PathValidator.validate(presented + issuers, store: evaluator.store, at: time)
            guard path.anchorOrigin == nil, path.failures.contains(where: { $0.kind == .issuerNotFound }),
                  let top = path.chain.last, !top.isSelfSigned, top.notAfter >= time else { break }
            guard let url = top.authorityInformationAccess.caIssuers.first(where: { isFetchable($0, options: options) && !tried.contains($0) })
            else { break }
            tried.insert(url)
            // Keyed by the allowance too: an answer fetched for a private server is not reused for a public one.
            switch cache.answer((options.allowPrivate ? "private " : "") + url, fetch: { fetch(url, options: options) }) {
            case .success(let certificates):
                let parents = certificates.filter { $0.subject == top.issuer && !(presented + issuers).contains($0) }
                fetches.append(IssuerFetch(url: url, certificates: certificates.count,
                                           failure: parents.isEmpty ? "the answer holds no certificate named \(top.issuer.rfc4514)" : nil))
                if parents.isEmpty { return IssuerCompletion(issuers: issuers, fetches: fetches) }
                issuers += parents
            case .failure(let failure):
                fetches.append(IssuerFetch(url: url, certificates: 0, failure: failure.description))
                return IssuerCompletion(issuers: issuers, fetches: fetches)
            }
        }
        return IssuerCompletion(issuers: issuers, fetches: fetches)
    }

    /// The kind of non-public address `text` is ("loopback", "link-local", "private", ...),
    /// nil when it is a public address or not an IPv4 or IPv6 literal.
    public static func nonPublicAddressKind(_ text: String) -> String? {
        SocketAddress.nonPublicKind(ofLiteral: text)
    }

    /// The caIssuers URLs of `certificate` a device would fetch, for offline reports.
    public static func fetchableURLs(of certificate: Certificate) -> [String] {
        certificate.authorityInformationAccess.caIssuers.filter { $0.lowercased().hasPrefix("http://") }
    }

    private static func isFetchable(_ url: String, options: IssuerFetchOptions) -> Bool {
        guard url.lowercased().hasPrefix("http://") else { return false }
        let host = hostOf(url)
        if options.connectTo.contains(where: { $0.lowercased().hasPrefix(host + ":") }) { return true }
        let reserved = [".test", ".invalid", ".example", ".localhost"]
        return !reserved.contains { host.hasSuffix($0) || host == String($0.dropFirst()) }
    }

    /// The lower-cased host of an http:// URL.
    static func hostOf(_ url: String) -> String {
        var rest = Substring(url.dropFirst("http://".count))
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") { return String(rest[...close]).lowercased() }
        if let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        return rest.lowercased()
    }

    private static func fetch(_ url: String, options: IssuerFetchOptions) -> Result<[Certificate], IssuerFetchFailure> {
        var request = HTTPFetcher.Request(url: url, allowHTTP: true, connectTimeout: min(5, options.timeout), deadline: options.timeout,
                                          sizeLimit: options.sizeLimit, maxRedirects: 3, connectTo: options.connectTo)
        request.httpOnly = true
        request.publicAddressesOnly = !options.allowPrivate
        do {
            let body = try HTTPFetcher.get(request).body
            let certificates = CertificateLoader.parseIssuers(Data(body))
            if certificates.isEmpty { return .failure(IssuerFetchFailure(description: "the answer is not a certificate (DER, PEM or PKCS#7)")) }
            return .success(certificates)
        } catch where error.kind == .refusedAddress {
            return .failure(IssuerFetchFailure(description: error.description + " (--allow-private-fetch fetches from such addresses)"))
        } catch {
            return .failure(IssuerFetchFailure(description: error.description))
        }
    }
}
