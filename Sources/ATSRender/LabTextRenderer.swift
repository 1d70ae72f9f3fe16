import ATSCheck
import ATSLab
import ATSVocabulary
import AtscheckSystem
import FoundationEssentials

/// Text output of `atscheck lab`.
public enum LabTextRenderer {
    /// The profile-name column: the longest name plus one space.
    static let nameWidth = (LabProfile.allCases.map(\.rawValue.count).max() ?? 0) + 1

    /// The lab's servers, one line per endpoint: profile, port, what the profile breaks.
    public static func endpoints(_ lab: TLSLab) -> String {
        var out = "atscheck lab: \(lab.endpoints.count) servers on \(lab.endpoints.first?.address ?? "127.0.0.1")\n"
        out += "  lab CA (trust it as a user-installed root): \(lab.rootCAFile.path)\n"
        out += "  host name for every endpoint: \(lab.endpoints.first?.serverName ?? "good.atscheck.test")\n\n"
        for endpoint in lab.endpoints {
            let columns = "  " + endpoint.profile.rawValue.padded(toLength: nameWidth)
                + "\(endpoint.port)".padded(toLength: 7)
            out += TerminalText.wrap(endpoint.profile.summary, firstPrefix: columns,
                                         restPrefix: String(repeating: " ", count: columns.count))
        }
        return out
    }

    /// One line per endpoint: its profile, verdict and reason codes, judged at `time`.
    public static func verdicts(_ results: [(endpoint: LabEndpoint, outcome: CheckResult)], at time: String) -> String {
        var out = "verdicts (full ATS, lab CA as a user root, at \(time)):\n"
        for result in results {
            let verdict = result.outcome.verdict
            let reasons = verdict.reasons.map(\.code.rawValue)
            var unique: [String] = []
            for code in reasons where !unique.contains(code) { unique.append(code) }
            let line = "  " + result.endpoint.profile.rawValue.padded(toLength: nameWidth)
                + verdict.status.rawValue.uppercased().padded(toLength: 9)
                + unique.joined(separator: ", ")
            out += line.trimmingWhitespace() == line ? line + "\n" : String(line.reversed().drop { $0 == " " }.reversed()) + "\n"
        }
        return out
    }
}
