import ATSApp
import ATSCheck
import ATSLint

/// `atscheck app --format text`: per bundle, lint findings, then URLs by verdict with reason,
/// fix and where each was found.
enum AppTextRenderer {
    static func render(_ report: AppReport) -> String {
        var out = "\(report.input) (\(report.kind.rawValue)\(report.offline ? ", offline: https:// URLs not probed" : ""))\n"
        if report.bundles.isEmpty { out += "\nno app or app extension bundle found (no Payload/*.app/Info.plist)\n" }
        for bundle in report.bundles {
            out += "\n\(bundle.path.isEmpty ? "." : bundle.path) — \(bundle.kind)" + (bundle.identifier.map { " \($0)" } ?? "") + "\n"
            out += "  policy: \(bundle.policy)" + (bundle.hasATSDictionary ? "" : " (no NSAppTransportSecurity: ATS defaults)") + "\n"
            if bundle.lint.isEmpty {
                out += "  lint: no findings\n"
            } else {
                out += "  lint:\n"
                for finding in bundle.lint {
                    out += "    \(finding.severity.rawValue) \(finding.rule)" + (finding.line.map { " line \($0)" } ?? "") + ": \(finding.message)\n"
                }
            }
            for verdict in ["blocked", "unknown", "allowed", "error"] {
                let endpoints = bundle.endpoints.filter { $0.verdict == verdict }
                guard !endpoints.isEmpty else { continue }
                out += "  \(verdict) (\(endpoints.count)):\n"
                for endpoint in endpoints {
                    var codes: [String] = []
                    for reason in endpoint.reasons where !codes.contains(reason.code.rawValue) { codes.append(reason.code.rawValue) }
                    out += "    \(endpoint.url)" + (endpoint.context == "urlsession" ? "" : " [\(endpoint.context)]")
                        + (codes.isEmpty ? "" : "  " + codes.joined(separator: ", ")) + (endpoint.error.map { "  \($0)" } ?? "") + "\n"
                    if let fix = endpoint.reasons.lazy.compactMap(\.fix).first {
                        out += "      fix: " + (fix.exceptionDomain.map { domain in
                            "NSExceptionDomains \(domain): " + (fix.exceptionKeys ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
                        } ?? fix.serverChange) + "\n"
                    }
                    out += "      found: " + endpoint.foundAt.prefix(3).joined(separator: ", ") + (endpoint.foundAt.count > 3 ? ", …" : "") + "\n"
                }
            }
            let filtered = bundle.endpoints.filter { $0.verdict == "filtered" }
            if !filtered.isEmpty {
                var rules: [String: Int] = [:]
                for endpoint in filtered { rules[endpoint.filtered ?? "", default: 0] += 1 }
                out += "  set aside (--all judges them): " + rules.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ") + "\n"
            }
            for framework in bundle.frameworks {
                out += "  framework \(framework.path)" + (framework.identifier.map { " \($0)" } ?? "")
                    + (framework.ignoredATSDictionary ? ": its NSAppTransportSecurity is ignored (frameworks set no policy)" : "") + "\n"
            }
        }
        if !report.problems.isEmpty {
            out += "\nnot read:\n"
            for problem in report.problems { out += "  \(problem)\n" }
        }
        if let failure = report.failure { out += "\nthe input could not be read to the end: \(failure)\n" }
        let summary = report.summary
        out += "\n\(summary.endpoints) URLs in \(summary.bundles) bundles: \(summary.blocked) blocked, \(summary.unknown) unknown, "
            + "\(summary.allowed) allowed" + (summary.errors > 0 ? ", \(summary.errors) not judged" : "")
            + (summary.filtered > 0 ? ", \(summary.filtered) set aside" : "")
            + "; lint: \(summary.lintErrors) errors, \(summary.lintWarnings) warnings\n"
        return out
    }
}
