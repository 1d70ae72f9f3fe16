import ATSCheck
import ATSVocabulary

// The text of the proxy's own answers: the refusal body with every reason and what the app
// would log for it, and the response head with the X-ATS headers.
extension ProxyServer {
    /// The body of a refusal (`blocked`) or of a load that could not be judged: each reason
    /// with its message and its `app sees:` line.
    static func explanation(_ verdict: Verdict, blocked: Bool) -> String {
        let lines = verdict.reasons.map { "  \($0.code): \($0.message)" + appSees($0.likelyErrors) }
        return (blocked ? "atscheck proxy: App Transport Security would block this load\n"
                        : "atscheck proxy: could not judge this load (the server could not be checked)\n")
            + lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    /// The errors the app would log for a reason, most likely first, as `host` prints them
    /// (the same table, ``LikelyAppErrors``), so a user can grep the app's console for them.
    static func appSees(_ errors: [LikelyAppError]) -> String {
        guard let first = errors.first else { return "" }
        return "\n    app sees: NSURLErrorDomain \(first)" + (errors.count > 1 ? " (most likely); also "
            + errors.dropFirst().map(\.description).joined(separator: ", ") : "")
    }

    /// A complete response, framed by its `Content-Length`; `X-ATS-Reason` names the first
    /// reason and `X-ATS-App-Error` the error the app would most likely log for it
    /// (`-1200 [3:-9802]`); `Connection: keep-alive` when the client connection stays open.
    static func response(status: String, reason: String?, body: String, appError: LikelyAppError? = nil, keepAlive: Bool = false) -> String {
        var head = "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
        if let reason { head += "X-ATS-Reason: \(reason)\r\n" }
        if let appError { head += "X-ATS-App-Error: \(appError)\r\n" }
        head += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        return head + body
    }
}
