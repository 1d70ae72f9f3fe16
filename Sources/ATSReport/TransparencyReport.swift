import ATSCertificates
import ATSJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Apple's CT verdict in JSON (`validation.certificateTransparency`, docs/json-schema.md).
public struct TransparencyReport: Codable, Sendable, Equatable {
    /// One SCT and how it was judged.
    public struct SCT: Codable, Sendable, Equatable {
        /// How the SCT was delivered: `embedded`, `tls-extension` or `ocsp-response`.
        public var source: SCTSource
        /// The log's ID, base64.
        public var logID: String
        /// The time the log says it saw the certificate.
        public var timestamp: Date
        /// The log's name; null when the log is not in the list.
        @EncodesNil public var log: String?
        /// The log's operator; null when the log is not in the list.
        @EncodesNil public var logOperator: String?
        /// The log's state in the list (`usable`, `qualified`, `readonly`, `retired`, …); null when not in it.
        @EncodesNil public var logState: CTLog.State?
        /// Since when the log has been in that state; null when the log is not in the list.
        @EncodesNil public var logStateSince: Date?
        /// The signature check: `verified`, `invalid`, `unknown-log`, `no-issuer`, `future-timestamp`, …
        public var signature: SCTCheck.Signature
        /// The SCT is accepted as evidence.
        public var accepted: Bool
        /// The SCT counts towards qualification.
        public var counted: Bool
        /// Why it was not counted; null when it was.
        @EncodesNil public var note: String?

        /// The report of one judged SCT.
        public init(_ judged: JudgedSCT) {
            let check = judged.check
            source = check.source
            logID = check.logID
            timestamp = check.timestamp
            log = check.log?.name
            logOperator = check.log?.operatorName
            logState = check.log?.state
            logStateSince = check.log?.stateSince
            signature = check.signature
            accepted = judged.accepted
            counted = judged.counted
            note = judged.note
        }
    }

    /// The log list the SCTs were judged against.
    public var logList: String
    /// Apple requires CT for this chain; when false the verdict is informative only.
    public var required: Bool
    /// trustd would mark the path CT-qualified; null when the list is older than the SCTs and
    /// cannot tell (`listOutdated`).
    @EncodesNil public var qualified: Bool?
    /// `delivered-scts` or `embedded-scts`; null when not qualified.
    @EncodesNil public var qualifiedBy: String?
    /// Which condition failed, in a sentence; null when none did.
    @EncodesNil public var failure: String?
    /// Set when the outcome is unknown because the list is older than the SCTs (`ct-log-list-outdated`).
    @EncodesNil public var listOutdated: String?
    /// Distinct currently valid logs with an accepted SCT.
    public var currentLogs: Int
    /// Distinct once- or currently-qualified logs counted from embedded SCTs.
    public var qualifiedEmbeddedLogs: Int
    /// Embedded SCTs from distinct logs the lifetime table asks for.
    public var requiredEmbeddedSCTs: Int
    /// Where Apple's policy page would answer otherwise than trustd's code, which atscheck follows.
    public var assumptions: [String]
    /// Every SCT, embedded or delivered, and how it was judged.
    public var scts: [SCT]

    /// The report of `evaluation`; `required` says whether Apple requires CT for the chain.
    public init(evaluation: CTEvaluation, required: Bool) {
        logList = evaluation.logListName
        self.required = required
        qualified = evaluation.listOutdated == nil ? evaluation.isCompliant : nil
        qualifiedBy = evaluation.qualifiedBy?.rawValue
        failure = evaluation.failure
        listOutdated = evaluation.listOutdated
        currentLogs = evaluation.currentLogs
        qualifiedEmbeddedLogs = evaluation.qualifiedEmbeddedLogs
        requiredEmbeddedSCTs = evaluation.requiredEmbedded
        assumptions = evaluation.assumptions
        scts = evaluation.scts.map(SCT.init)
    }
}
