import ATSCheck
import ATSVocabulary
@testable import ATSWhy
import Testing

/// The "app sees" predictions of `host`, `scan`, `proxy` and `cert` (``LikelyAppErrors``) and the
/// decoder of `atscheck why` read one table: for every reason, era and enforcement state, each
/// error atscheck predicts, printed as that era's console prints it, decodes back to the reason.
@Suite("why: the prediction table reads back")
struct PredictionTableTests {
    /// Every reason code atscheck reports.
    static let reasons: [CheckReasonCode] = ConnectionReasonCode.allCases.map { .connection($0) } + ReasonCode.allCases.map { .certificate($0) }

    /// The console line of `error` in `era`'s shape, URL included.
    static func consoleLine(_ error: LikelyAppError, era: ErrorCodeEra) -> String {
        let url = "https://api.example.com/v1"
        let stream = error.secureTransportError
        switch era {
        case .iOS9And10:
            let keys = stream.map { "_kCFStreamErrorCodeKey=\($0), _kCFStreamErrorDomainKey=3, " } ?? ""
            return (stream.map { "NSURLSession/NSURLConnection HTTP load failed (kCFStreamErrorDomainSSL, \($0))\n" } ?? "")
                + #"Error Domain=NSURLErrorDomain Code=\#(error.nsurlError) "x" UserInfo=0x7fa1c8e0 {\#(keys)NSErrorFailingURLStringKey=\#(url)}"#
        case .iOS11And12:
            return "Task <A1B2C3D4-0000-4000-8000-000000000001>.<1> HTTP load failed (error code: \(error.nsurlError)"
                + (stream.map { " [3:\($0)]" } ?? "") + ")\n"
                + #"Task <A1B2C3D4-0000-4000-8000-000000000001>.<1> finished with error - code: \#(error.nsurlError) NSErrorFailingURLStringKey=\#(url)"#
        case .iOS13AndLater:
            let keys = stream.map { "_kCFStreamErrorCodeKey=\($0), _kCFStreamErrorDomainKey=3, " } ?? ""
            return "Task <A1B2C3D4-0000-4000-8000-000000000001>.<1> finished with error [\(error.nsurlError)] "
                + #"Error Domain=NSURLErrorDomain Code=\#(error.nsurlError) "x" UserInfo={\#(keys)NSErrorFailingURLStringKey=\#(url)}"#
        }
    }

    static func target(_ era: ErrorCodeEra) -> TargetOS {
        switch era {
        case .iOS9And10: TargetOS(parsing: "ios9")!
        case .iOS11And12: TargetOS(parsing: "ios11")!
        case .iOS13AndLater: .latest
        }
    }

    @Test("every predicted error decodes to one error naming its reason among the causes", arguments: ErrorCodeEra.allCases)
    func readsBack(_ era: ErrorCodeEra) {
        var misses: [String] = []
        for reason in Self.reasons where !PredictedCauses.unloggable.contains(reason.rawValue) {
            for enforced in [true, false] {
                for predicted in LikelyAppErrors.list(for: reason, target: Self.target(era), atsEnforcesTrust: enforced) {
                    let decoded = WhyScanner.decode(Self.consoleLine(predicted, era: era))
                    let causes = decoded.first?.causes.map(\.reason) ?? []
                    if decoded.count != 1 || !causes.contains(reason.rawValue) {
                        misses.append("\(era.rawValue) \(reason.rawValue) enforced=\(enforced) \(predicted): decoded \(decoded.count) error(s), causes \(causes)")
                    }
                }
            }
        }
        #expect(misses.isEmpty, Comment(rawValue: "\(misses.count) predictions the decoder does not read back:\n" + misses.joined(separator: "\n")))
    }
}

extension PredictionTableTests {
    @Test("the reasons left out are exactly those no device log can show, each with why")
    func unloggable() {
        #expect(PredictedCauses.unloggable == ["inconsistent-server", "ct-log-list-outdated", "cert-wrong-order"])
        for reason in PredictedCauses.unloggable {
            guard case .noLog(let why) = ReasonSignatures.signature(for: reason) else { Issue.record("\(reason) has a log signature"); continue }
            #expect(!why.isEmpty)
        }
    }
}
