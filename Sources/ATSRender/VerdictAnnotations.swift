import ATSApp
import ATSVocabulary
import ATSCheck
import ATSLint
import ATSReport
import ATSScan
import AtscheckSystem

/// GitHub workflow commands for judged loads (`scan` and `app --format github`): a blocked load
/// is an `error`, one that could not be judged a `warning`, on the file and line where the URL
/// was found, titled with the first reason code. Loads the configuration accepts are not
/// annotated. Values are escaped as `GitHubReporter` escapes them.
public enum VerdictAnnotations {
    /// The command for a load of `verdict` found at `place` (on its line when it has one), nil
    /// for an allowed load.
    public static func command(url: String, verdict: LoadVerdict, reasons: [CheckReason], place: Location, base: String?, morePlaces: Int = 0) -> String? {
        let level: String
        switch verdict {
        case .blocked: level = "error"
        case .unknown: level = "warning"
        default: return nil
        }
        var properties = ["file=" + GitHubReporter.escapeProperty(base.map { $0 + "/" + place.file } ?? place.file)]
        if let line = place.line { properties.append("line=\(line)") }
        let code = reasons.first?.code.rawValue ?? verdict.rawValue
        properties.append("title=" + GitHubReporter.escapeProperty("\(code): \(url)"))
        let message = "\(url) is \(verdict) under ATS" + (reasons.isEmpty ? "" : ": " + reasons.map { "\($0.code.rawValue): \($0.message)" }.joined(separator: "; "))
            + (morePlaces > 0 ? " (found in \(morePlaces) more place\(morePlaces == 1 ? "" : "s"), annotated only here: the JSON report lists them)" : "")
        return "::\(level) \(properties.joined(separator: ","))::\(GitHubReporter.escapeData(message))"
    }

    /// A `notice` for a blocked or unknown load the configuration accepts, saying why and until
    /// when (the load does not fail the job, and the run still shows it was there); nil for an
    /// allowed load.
    public static func acceptedNotice(url: String, verdict: LoadVerdict, reasons: [CheckReason], place: Location, accepted: ScanAcceptance) -> String? {
        guard verdict.isProblem else { return nil }
        var properties = ["file=" + GitHubReporter.escapeProperty(place.file)]
        if let line = place.line { properties.append("line=\(line)") }
        let code = reasons.first?.code.rawValue ?? verdict.rawValue
        properties.append("title=" + GitHubReporter.escapeProperty("accepted \(code): \(url)"))
        let message = "\(url) is \(verdict) under ATS (\(code)), accepted by \(accepted.origin): \(accepted.reason)"
            + (accepted.expires.map { " (until \($0))" } ?? "")
        return "::notice \(properties.joined(separator: ","))::\(GitHubReporter.escapeData(message))"
    }

    /// The most places one URL is annotated at (a tracker found in 200 files would bury a
    /// pull request's annotations).
    static let placesAnnotated = 5

    /// `app --format github`: each bundle's lint findings on its policy file, then every blocked
    /// or unknown URL (not accepted, not in the baseline; offline, only those under an unreadable policy count as
    /// unknown) at each place it was found. Places in an archive are annotated on the archive.
    public static func app(_ report: AppReport) -> String {
        let inDirectory = report.kind == .directory
        // Places in a directory are relative to it, or, for a bundle given directly
        // (`MyApp.app`), to its parent, as they keep the bundle's name.
        let root = AppFiles.bundleExtensions.contains(PathText.pathExtension(report.input)) ? PathText.parent(report.input) : report.input
        let base: String? = inDirectory && root != "." && !root.isEmpty ? root : nil
        var out = ""
        for bundle in report.bundles {
            let policyFile = inDirectory ? (base.map { $0 + "/" + bundle.policy } ?? bundle.policy) : report.input
            for finding in bundle.lint where finding.severity >= .warning {
                out += GitHubReporter.command(for: finding, path: policyFile) + "\n"
            }
            for endpoint in bundle.endpoints where endpoint.isLoad && endpoint.accepted == nil && endpoint.baselineState != .unchanged {
                if endpoint.verdict == .unknown, report.offline, !endpoint.policyUnknown { continue }
                // At most `placesAnnotated` annotations a URL; the last one says how many places are left.
                let places = endpoint.foundAt.prefix(placesAnnotated)
                for (index, place) in places.enumerated() {
                    let location = inDirectory ? place : Location(file: report.input)
                    let more = index == places.count - 1 ? endpoint.foundAt.count - places.count : 0
                    if let line = command(url: endpoint.url, verdict: endpoint.verdict, reasons: endpoint.reasons, place: location,
                                          base: inDirectory ? base : nil, morePlaces: more) {
                        out += line + "\n"
                    }
                }
            }
        }
        return out
    }
}
