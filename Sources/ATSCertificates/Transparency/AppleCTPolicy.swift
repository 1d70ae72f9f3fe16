import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One SCT as Apple's CT policy judged it.
public struct JudgedSCT: Sendable, Hashable, Codable {
    /// The SCT and its signature check.
    public let check: SCTCheck
    /// True when trustd accepts the SCT at all (`getSCTValidatingLog`): verified, from a log it
    /// loads, and allowed for that log's state and shard.
    public let accepted: Bool
    /// True when the SCT's log is counted toward the policy.
    public let counted: Bool
    /// Why it was refused or not counted; nil when counted.
    public let note: String?
}

/// Apple's Certificate Transparency verdict on one leaf.
public struct CTEvaluation: Sendable, Codable {
    /// The log list the SCTs were judged against.
    public let logListName: String
    /// Every SCT, in the order embedded, TLS, OCSP.
    public let scts: [JudgedSCT]
    /// Distinct currently valid (not retired) logs with an accepted SCT, from any source.
    public let currentLogs: Int
    /// Distinct once- or currently-qualified logs counted from embedded SCTs.
    public let qualifiedEmbeddedLogs: Int
    /// Embedded SCTs from distinct logs the lifetime table asks for.
    public let requiredEmbedded: Int
    /// Which condition failed, in a sentence; nil when compliant.
    public let failure: String?
    /// How the leaf qualified; nil when it did not.
    public let qualifiedBy: Qualification?
    /// True when trustd would mark the path CT-qualified (`SecCertificatePathVCSetIsCT`).
    public var isCompliant: Bool { qualifiedBy != nil }
    /// Where Apple's published policy would answer otherwise than trustd's code, which
    /// atscheck follows (the per-operator cap, the RFC 6962 log): one sentence each.
    public var assumptions: [String] = []
    /// Set when the leaf is not qualified under this list but would be if the SCTs from logs
    /// the list does not hold, dated after the list, came from logs a newer list holds: the
    /// list is older than the evidence, so the outcome is unknown (`ct-log-list-outdated`).
    /// One sentence; nil when the list's age cannot change the outcome, or under `--strict-ct`.
    public var listOutdated: String? = nil

    /// trustd's two ways to qualify (`verify_tls_ct_policy`).
    public enum Qualification: String, Sendable, Hashable, Codable {
        /// SCTs from two currently valid logs, one of them delivered over TLS or OCSP.
        case deliveredSCTs = "delivered-scts"
        /// Enough embedded SCTs from once- or currently-qualified logs for the lifetime.
        case embeddedSCTs = "embedded-scts"
    }

    /// One sentence: how it qualified, or why not.
    public var summary: String {
        switch qualifiedBy {
        case .deliveredSCTs?:
            return "SCTs from \(currentLogs) currently valid logs, with one delivered over TLS/OCSP"
        case .embeddedSCTs?:
            return "embedded SCTs from \(qualifiedEmbeddedLogs) qualified logs, \(requiredEmbedded) needed for the lifetime"
        case nil:
            return failure ?? "not CT-qualified"
        }
    }
}

/// trustd's counting (`find_validating_logs`, `verify_tls_ct_policy`,
/// `verify_embedded_sct_policy_v1`/`_v2` in `trust/trustd/CertificateTransparency.m`,
/// Security-61901.0.87.0.1), applied to SCTs whose signatures OpenSSL checked:
///
/// - An SCT counts only when it verifies, its timestamp is not after the evaluation time, and
///   its log is in the list trustd loads (not pending or rejected). SCTs delivered over TLS or
///   OCSP never count from a retired log; no SCT counts from a read-only log if it is dated
///   after the log froze; a sharded log counts only for certificates expiring in its shard.
/// - Compliant when SCTs from two currently valid logs include one delivered over TLS or OCSP;
///   or, with at least one embedded SCT from a currently valid log, when enough distinct logs
///   were qualified for the embedded SCTs (a retired log counts when both its SCT and the
///   issuance time, the earliest current SCT, precede its retirement) — the number by lifetime.
///
/// trustd has no per-operator cap and no RFC 6962 requirement in this code, though Apple's
/// policy page lists both; atscheck follows the code (docs/ats-rules.md#apple-certificate-transparency).
public enum AppleCTPolicy {
    /// Judges `checks` for `leaf` at `time`.
    public static func evaluate(_ checks: [SCTCheck], leaf: Certificate, at time: Date, logList: CTLogList) -> CTEvaluation {
        evaluate(checks, leaf: leaf, at: time, logListName: logList.name, published: logList.published)
    }

    /// Judges `checks` against a list known by name and publication date.
    public static func evaluate(_ checks: [SCTCheck], leaf: Certificate, at time: Date, logListName: String, published: Date?) -> CTEvaluation {
        var judged: [JudgedSCT] = []
        var currentLogs: [Data: Date] = [:]       // log → earliest accepted SCT
        var embeddedLogs: [Data: (log: CTLog, at: Date)] = [:]
        var currentEmbedded = false, currentExternal = false
        for check in checks {
            let refusal = refusal(check, leaf: leaf, time: time)
            guard refusal.isEmpty, let log = check.log else {
                judged.append(JudgedSCT(check: check, accepted: false, counted: false, note: refusal))
                continue
            }
            let earliest = { (old: Date?) in min(old ?? check.timestamp, check.timestamp) }
            if check.source == .embedded {
                embeddedLogs[log.id] = (log, earliest(embeddedLogs[log.id]?.at))
                if log.retiredAt == nil {
                    currentLogs[log.id] = earliest(currentLogs[log.id])
                    currentEmbedded = true
                }
            } else {
                currentLogs[log.id] = earliest(currentLogs[log.id])
                currentExternal = true
            }
            judged.append(JudgedSCT(check: check, accepted: true, counted: true, note: nil))
        }

        let required = requiredEmbeddedSCTs(for: leaf)
        let externalPath = currentExternal && currentLogs.count >= 2
        // The issuance time: the earliest SCT from a current log, when an embedded one is current.
        var issuance = time
        if currentEmbedded, let earliest = currentLogs.values.min(), earliest < issuance { issuance = earliest }
        var qualified = 0
        var uncounted: [Data: String] = [:]
        for (id, entry) in embeddedLogs {
            guard let retired = entry.log.retiredAt else { qualified += 1; continue }
            if entry.at < retired && issuance < retired {
                qualified += 1
            } else {
                uncounted[id] = "log retired \(day(retired)), before the " + (entry.at < retired ? "issuance time \(day(issuance))" : "SCT")
            }
        }
        if !externalPath {
            judged = judged.map { sct in
                guard sct.counted, let log = sct.check.log, let note = uncounted[log.id] else { return sct }
                return JudgedSCT(check: sct.check, accepted: true, counted: false, note: note)
            }
        }
        let qualifiedBy: CTEvaluation.Qualification? = externalPath ? .deliveredSCTs
            : currentEmbedded && qualified >= required ? .embeddedSCTs : nil
        var evaluation = CTEvaluation(logListName: logListName, scts: judged,
                            currentLogs: currentLogs.count, qualifiedEmbeddedLogs: qualified, requiredEmbedded: required,
                            failure: qualifiedBy != nil ? nil : failure(checks: checks, currentLogs: currentLogs.count,
                                                                        currentEmbedded: currentEmbedded, currentExternal: currentExternal,
                                                                        qualified: qualified, required: required, leaf: leaf)
                                + staleness(checks, published: published),
                            qualifiedBy: qualifiedBy)
        if qualifiedBy == .embeddedSCTs {
            let counted = embeddedLogs.filter { uncounted[$0.key] == nil }.map(\.value.log)
            evaluation.assumptions = proseDifferences(counted, required: required, leaf: leaf)
        }
        if qualifiedBy == nil, let published {
            evaluation.listOutdated = outdated(checks, leaf: leaf, at: time, published: published, listName: logListName)
        }
        return evaluation
    }

    /// Counts the SCTs from unlisted logs dated after the list as if a newer list held their
    /// logs (usable, unsharded, signatures good: what atscheck cannot check without the keys);
    /// when that qualifies the leaf, says so.
    private static func outdated(_ checks: [SCTCheck], leaf: Certificate, at time: Date, published: Date, listName: String) -> String? {
        var newer = 0
        let assumed = checks.map { check -> SCTCheck in
            guard check.signature == .unknownLog, check.timestamp > published,
                  let id = Data(base64Encoded: check.logID), id.count == 32 else { return check }
            newer += 1
            let log = CTLog(id: id, key: Data(), name: "log \(check.logID)", operatorName: "unknown operator", state: .usable,
                            stateSince: nil, isTiled: false, shardStart: nil, shardEnd: nil)
            return SCTCheck(source: check.source, logID: check.logID, timestamp: check.timestamp, log: log, signature: .verified)
        }
        guard newer > 0, evaluate(assumed, leaf: leaf, at: time, logListName: listName, published: nil).isCompliant else { return nil }
        let dated = listName.contains(day(published)) ? "" : " (of \(day(published)))"
        return "\(newer) SCT(s) come from logs that \(listName)\(dated) does not hold and are dated after it; "
            + "counted as a newer list would count them, the leaf qualifies, so with this list the outcome is unknown: "
            + "run `atscheck update` for Apple's current list (or --ct-log-list FILE), or --strict-ct to judge by this list alone"
    }

    /// Apple's policy page (support.apple.com/103214) caps the embedded SCTs counted per log
    /// operator for leaves issued from 2021-04-21 (1 up to 180 days, 2 beyond) and asks for one
    /// SCT from an RFC 6962 log; `verify_tls_ct_policy` does neither. Say so when it matters.
    private static func proseDifferences(_ logs: [CTLog], required: Int, leaf: Certificate) -> [String] {
        var notes: [String] = []
        if leaf.notBefore >= PolicyDates.ctLifetimeTable {
            let cap = leaf.notAfter.timeIntervalSince(leaf.notBefore) <= 180 * 86_400 ? 1 : 2
            let capped = Dictionary(grouping: logs, by: \.operatorName).values.reduce(0) { $0 + min(cap, $1.count) }
            if capped < required {
                notes.append("Apple's policy page counts at most \(cap) SCT(s) per log operator, which leaves \(capped) of the \(required) needed; trustd's code (verify_tls_ct_policy, \(AppleSecurityRelease.latest.train)) has no such cap, and atscheck follows the code")
            }
        }
        if !logs.isEmpty && logs.allSatisfy(\.isTiled) {
            notes.append("every counted SCT is from a static-ct-api log; Apple's policy page asks for one from an RFC 6962 log, trustd's code does not, and atscheck follows the code")
        }
        return notes
    }

    /// Embedded SCTs needed for the leaf's lifetime: whole UTC months before 2021-04-21
    /// (`verify_embedded_sct_policy_v1`), seconds from then on (`_v2`).
    public static func requiredEmbeddedSCTs(for certificate: Certificate) -> Int {
        if certificate.notBefore >= PolicyDates.ctLifetimeTable {
            let seconds = certificate.notAfter.timeIntervalSince(certificate.notBefore)
            if seconds <= 180 * 86_400 { return 2 }
            return seconds <= 825 * 86_400 ? 3 : 4
        }
        let months = PolicyDates.utcCalendar.dateComponents([.month], from: certificate.notBefore, to: certificate.notAfter).month ?? 60
        if months < 15 { return 2 }
        if months <= 27 { return 3 }
        if months <= 39 { return 4 }
        return 5
    }

    /// "" when trustd accepts the SCT (`getSCTValidatingLog`, `isSCTValidForLogData`), else why not.
    private static func refusal(_ check: SCTCheck, leaf: Certificate, time: Date) -> String {
        switch check.signature {
        case .malformed: return "not a well-formed SCT"
        case .unsupportedVersion: return "SCT version is not v1"
        case .futureTimestamp: return "timestamp \(day(check.timestamp)) is after the evaluation time"
        case .noIssuer: return "the issuer is missing, so the precertificate signature cannot be checked"
        case .unknownLog: return "log is not in \(Self.listPhrase)"
        case .invalid: return "the signature does not verify with the log's key"
        case .verified: break
        }
        guard let log = check.log else { return "log is not in \(Self.listPhrase)" }
        if !log.isTrustedByApple { return "log is \(log.state.rawValue)\(since(log)); trustd does not load it" + later(log, time) }
        if check.source != .embedded, let retired = log.retiredAt {
            return "log retired \(day(retired)); only embedded SCTs count from a retired log" + later(log, time)
        }
        if let frozen = log.readOnlyAt, check.timestamp > frozen {
            return "SCT dated after the log became read-only (\(day(frozen)))"
        }
        if let start = log.shardStart, leaf.notAfter < start { return "certificate expires before the log's shard (\(day(start)))" }
        if let end = log.shardEnd, leaf.notAfter >= end { return "certificate expires after the log's shard (\(day(end)))" }
        return ""
    }

    private static let listPhrase = "Apple's log list"

    private static func failure(checks: [SCTCheck], currentLogs: Int, currentEmbedded: Bool, currentExternal: Bool,
                                qualified: Int, required: Int, leaf: Certificate) -> String {
        if checks.isEmpty { return "no SCTs: none embedded in the leaf and none delivered over TLS or OCSP" }
        if currentLogs == 0 { return "no SCT is accepted from a log Apple currently trusts" }
        if currentExternal && !currentEmbedded {
            return "SCTs delivered over TLS/OCSP need SCTs from two currently valid logs; \(currentLogs) found"
        }
        var text = "\(qualified) qualified log(s) for the embedded SCTs, but Apple requires \(required) for a certificate valid for \(leaf.validityText)"
        if currentExternal { text += " (and SCTs from two currently valid logs with one over TLS/OCSP: only \(currentLogs))" }
        return text
    }

    /// When SCTs come from logs the list does not hold and are newer than the list, say so:
    /// iOS updates its list over the air, so a device may know logs a snapshot does not.
    private static func staleness(_ checks: [SCTCheck], published: Date?) -> String {
        guard let published else { return "" }
        let newer = checks.filter { $0.signature == .unknownLog && $0.timestamp > published }.count
        guard newer > 0 else { return "" }
        return "; \(newer) SCT(s) come from logs this list (of \(day(published))) does not hold, dated after it: "
            + "a device with a newer list (iOS updates it over the air) may count them"
    }

    /// trustd reads only a log's current state, whatever the verify date; when that state
    /// began after the evaluation time, say that a device of the day saw it otherwise.
    private static func later(_ log: CTLog, _ time: Date) -> String {
        guard let since = log.stateSince, since > time else { return "" }
        return " (after the evaluation time: trustd judges by the list's current state; a device then, with the list of the day, had the log in an earlier state)"
    }

    private static func since(_ log: CTLog) -> String { log.stateSince.map { " since \(day($0))" } ?? "" }

    /// The UTC day, e.g. 2025-06-01.
    static func day(_ date: Date) -> String { String(iso8601(date).prefix(10)) }
}
