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
        public var source: SCTSource
        public var logID: String
        public var timestamp: Date
        @EncodesNil public var log: String?
        @EncodesNil public var logOperator: String?
        @EncodesNil public var logState: CTLog.State?
        @EncodesNil public var logStateSince: Date?
        public var signature: SCTCheck.Signature
        public var accepted: Bool
        public var counted: Bool
        @EncodesNil public var note: String?

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

    public var logList: String
    public var required: Bool
    public var qualified: Bool
    @EncodesNil public var qualifiedBy: String?
    @EncodesNil public var failure: String?
    /// Set when the outcome is unknown because the list is older than the SCTs (`ct-log-list-outdated`).
    @EncodesNil public var listOutdated: String?
    public var currentLogs: Int
    public var qualifiedEmbeddedLogs: Int
    public var requiredEmbeddedSCTs: Int
    public var assumptions: [String]
    public var scts: [SCT]

    public init(evaluation: CTEvaluation, required: Bool) {
        logList = evaluation.logListName
        self.required = required
        qualified = evaluation.isCompliant
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
