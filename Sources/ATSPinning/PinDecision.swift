import ATSVocabulary
/// The outcome of checking one connection's chain against the pin policies.
public enum PinDecision: Sendable, Hashable {
    /// No policy covers the host (or it expired, or the host is excluded from its parent).
    case notPinned
    /// The chain satisfies the policy; `pin` is the deciding pin and `certificateIndex` its
    /// position in the chain (0 = leaf).
    case matched(Pin, certificateIndex: Int)
    /// The chain does not satisfy an enforced policy: the connection fails.
    case mismatch(expected: [Pin], seen: [Pin])
    /// The chain does not satisfy a report-only policy: the connection proceeds, a report is sent.
    case reportOnlyMismatch(expected: [Pin], seen: [Pin])

    /// True when a connection would be refused because of pinning.
    public var blocksConnection: Bool {
        if case .mismatch = self { return true }
        return false
    }
}
