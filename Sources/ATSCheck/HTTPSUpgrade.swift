/// The "upgrade insecure requests" move for a blocked http:// URL: its https:// twin
/// (``CheckTarget/httpsTwin``), probed and judged under the same policy. When the twin passes,
/// loading it instead is the first fix, ahead of any Info.plist exception.
public struct HTTPSUpgrade: Sendable {
    /// The https:// URL.
    public let target: CheckTarget
    /// Its verdict.
    public let verdict: Verdict

    /// A twin and its verdict.
    public init(target: CheckTarget, verdict: Verdict) {
        self.target = target
        self.verdict = verdict
    }

    /// True when loading the https:// URL instead would be allowed.
    public var passes: Bool { verdict.status == .allowed }

    /// "load https://… instead", when the twin passes.
    public var fix: String? { passes ? "load \(target.url) instead: it passes ATS with no Info.plist exception" : nil }
}

extension ATSChecker {
    /// For a blocked http:// check, probes and judges its https:// twin; nil for https://
    /// targets, loads that are not blocked, and twins that do not resolve under the policy.
    public func upgrade(_ result: CheckResult) -> HTTPSUpgrade? {
        guard result.verdict.status == .blocked, let twin = result.target.httpsTwin,
              let checked = try? check(twin, options: result.options) else { return nil }
        return HTTPSUpgrade(target: twin, verdict: checked.verdict)
    }
}
