import ATSVocabulary
import ATSJSON
import ATSPolicy

/// The `atscheck explain --format json` document (docs/json-schema.md, "atscheck explain").
public struct ExplainReport: Codable, Sendable, Equatable {
    /// Whether a cleartext load is blocked, and the error the app would see.
    public struct Verdict: Codable, Sendable, Equatable {
        /// True when ATS blocks a cleartext `http://` load of the URL.
        public var cleartextBlocked: Bool
        /// -1022 (NSURLErrorAppTransportSecurityRequiresSecureConnection) when blocked; null otherwise.
        @EncodesNil public var nsurlError: Int?
    }

    /// Encoded as `schemaVersion`: the document's schema version (``SchemaVersion/current``).
    public var schemaVersion = SchemaVersion.current
    /// The URL explained, as given.
    public var url: String
    /// The URL's host as the policy matches it.
    public var host: String
    /// The URL's scheme (`http`, `https`, …).
    public var scheme: URLScheme
    /// How the app loads the URL: `urlsession`, `webview` or `media`.
    public var context: LoadContext
    /// The OS release judged for (`iOS 26.4`).
    public var target: String
    /// The policy file's path as given; null when no policy file was read.
    @EncodesNil public var policyFile: String?
    /// What the policy file was read as: `Info.plist`, `Expo: expo.ios.infoPlist`, `Cordova:
    /// config.xml (what cordova-ios writes)`; nil without a policy file.
    @EncodesNil public var policySource: String?
    /// The policy that applies to the URL (docs/json-schema.md, "Policy").
    public var policy: ResolutionReport
    /// Whether cleartext is blocked, and the error the app would see.
    public var verdict: Verdict

    /// `resolution` of a URL under the policy read from `policyPath` (nil: no policy), which
    /// was read as `policySource`.
    public init(resolution: Resolution, policyPath: String?, policySource: String? = nil) {
        url = resolution.url
        host = resolution.host.text
        scheme = resolution.scheme
        context = resolution.context
        target = resolution.target.description
        policyFile = policyPath
        self.policySource = policyPath == nil ? nil : policySource ?? "Info.plist"
        policy = ResolutionReport(resolution: resolution)
        verdict = Verdict(cleartextBlocked: resolution.blocksCleartext, nsurlError: resolution.blocksCleartext ? -1022 : nil)
    }
}
