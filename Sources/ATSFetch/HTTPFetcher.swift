import CATSCurlShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP(S) GET through libcurl, bounded in every way a hostile server could stretch it:
/// a connect deadline, a whole-transfer deadline, a body cap, the schemes allowed for the URL
/// and for every redirect, and a redirect count. Used by `atscheck update` (Apple's CT log
/// list) and by AIA fetching (an intermediate named by a leaf's caIssuers URL).
package enum HTTPFetcher {
    /// What to fetch and within which bounds.
    package struct Request: Sendable {
        /// The URL (http:// only when `allowHTTP`).
        package var url: String
        /// Accept http:// for the URL and its redirects (AIA URLs are http by design).
        package var allowHTTP: Bool
        /// Seconds to establish the connection.
        package var connectTimeout: Double
        /// Seconds for the whole transfer, redirects included.
        package var deadline: Double
        /// Largest body accepted, in bytes; a larger one is an error, never truncated data.
        package var sizeLimit: Int
        /// A PEM file of roots to trust instead of the system's (a mirror's private root).
        package var caFile: String?
        /// Redirects followed at most.
        package var maxRedirects: Int
        /// curl's `--connect-to` mappings, "HOST:PORT:ADDRESS:PORT": connect there instead
        /// (a mirror, a test server) while the URL keeps its name.
        package var connectTo: [String] = []
        /// http:// only, for the URL and every redirect (trustd's AIA fetches), even when a
        /// redirect names https://.
        package var httpOnly = false
        /// Open no connection to a loopback, link-local, private, shared, unspecified, multicast
        /// or reserved address: checked on each address actually connected, after name
        /// resolution, for redirects and `connectTo` targets too.
        package var publicAddressesOnly = false

        /// A request with atscheck's usual bounds: 5 s to connect, 20 s in all, 3 redirects.
        package init(url: String, allowHTTP: Bool = false, connectTimeout: Double = 5, deadline: Double = 20,
                    sizeLimit: Int, caFile: String? = nil, maxRedirects: Int = 3, connectTo: [String] = []) {
            self.connectTo = connectTo
            self.url = url
            self.allowHTTP = allowHTTP
            self.connectTimeout = connectTimeout
            self.deadline = deadline
            self.sizeLimit = sizeLimit
            self.caFile = caFile
            self.maxRedirects = maxRedirects
        }
    }

    /// A completed transfer with a 2xx status.
    package struct Response: Sendable {
        /// The HTTP status.
        package let status: Int
        /// The body, at most the request's `sizeLimit` bytes.
        package let body: [UInt8]
        /// The Content-Type header, when sent.
        package let contentType: String?
        /// The URL the body came from, after redirects.
        package let finalURL: String
    }

    /// Why nothing usable came back. `description` is one line.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        /// The kind of failure, for callers that branch on it.
        package enum Kind: String, Sendable {
            case timeout, tooLarge = "too-large", httpStatus = "http-status", tls, scheme, connection
            /// A connection to a non-public address refused under `publicAddressesOnly`.
            case refusedAddress = "refused-address"
        }
        /// The kind.
        package let kind: Kind
        /// One line for people.
        package let description: String
    }

    /// libcurl's version line, for `--version` style reports.
    package static var libraryVersion: String { String(cString: ats_curl_version()) }

    /// Performs `request`. Blocks the calling thread for at most about `request.deadline` seconds.
    package static func get(_ request: Request) throws(Failure) -> Response {
        let lower = request.url.lowercased()
        guard request.httpOnly ? lower.hasPrefix("http://") : lower.hasPrefix("https://") || (request.allowHTTP && lower.hasPrefix("http://")) else {
            let allowed = request.httpOnly ? "http://" : request.allowHTTP ? "http:// and https://" : "https://"
            throw Failure(kind: .scheme, description: "\(request.url): only \(allowed) URLs are fetched")
        }
        let protocols = request.httpOnly ? "http" : request.allowHTTP ? "http,https" : "https"
        var result = ats_fetch_result()
        let mappings = request.connectTo.map { strdup($0) }
        defer { mappings.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = mappings.map { $0.map { UnsafePointer($0) } }
        let code = pointers.withUnsafeBufferPointer { table in
            ats_fetch(request.url, protocols, protocols, max(0, request.maxRedirects),
                      milliseconds(request.connectTimeout), milliseconds(request.deadline), max(0, request.sizeLimit),
                      request.caFile, "atscheck", table.baseAddress, Int32(table.count), request.publicAddressesOnly ? 1 : 0, &result)
        }
        defer { ats_fetch_free(&result) }
        let error = text(of: &result.error)
        let contentType = text(of: &result.content_type)
        let finalURL = text(of: &result.final_url)
        let refused = text(of: &result.refused)
        if result.capped != 0 {
            throw Failure(kind: .tooLarge, description: "\(request.url): the response is larger than \(request.sizeLimit) bytes")
        }
        if code != 0, !refused.isEmpty {
            throw Failure(kind: .refusedAddress, description: "\(request.url): not fetched: \(refused)")
        }
        guard code == 0 else {
            throw Failure(kind: kind(ofCurlCode: code), description: "\(request.url): \(error)")
        }
        guard (200..<300).contains(result.status) else {
            throw Failure(kind: .httpStatus, description: "\(request.url): HTTP status \(result.status)")
        }
        let body = result.length == 0 ? [] : [UInt8](UnsafeBufferPointer(start: result.body, count: result.length))
        return Response(status: result.status, body: body, contentType: contentType.isEmpty ? nil : contentType,
                        finalURL: finalURL.isEmpty ? request.url : finalURL)
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        Int((max(0.001, seconds) * 1000).rounded(.up))
    }

    // libcurl's CURLcode values (curl/curl.h), grouped as callers need them.
    private static func kind(ofCurlCode code: Int32) -> Failure.Kind {
        switch code {
        case 28: return .timeout                                 // CURLE_OPERATION_TIMEDOUT
        case 63: return .tooLarge                                // CURLE_FILESIZE_EXCEEDED
        case 1: return .scheme                                   // CURLE_UNSUPPORTED_PROTOCOL
        case 35, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91: return .tls
        default: return .connection
        }
    }

    private static func text<T>(of field: inout T) -> String {
        withUnsafeBytes(of: &field) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
