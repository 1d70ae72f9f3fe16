import ATSVocabulary
import ATSJSON
import ATSPolicy

/// The `atscheck explain --format json` document (docs/json-schema.md, "atscheck explain").
public struct ExplainReport: Codable, Sendable, Equatable {
    /// Whether a cleartext load is blocked, and the error the app would see.
    public struct Verdict: Codable, Sendable, Equatable {
        public var cleartextBlocked: Bool
        @EncodesNil public var nsurlError: Int?
    }

    public var schemaVersion = SchemaVersion.current
    public var url: String
    public var host: String
    public var scheme: URLScheme
    public var context: LoadContext
    public var target: String
    @EncodesNil public var policyFile: String?
    /// What the policy file was read as: `Info.plist`, `Expo: expo.ios.infoPlist`, `Cordova:
    /// config.xml (what cordova-ios writes)`; nil without a policy file.
    @EncodesNil public var policySource: String?
    public var policy: ResolutionReport
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
