import ATSVocabulary
import ATSApp
import ATSScan
import ATSCheck
import ATSLint

/// `atscheck app --format text`: per bundle, where its policy comes from and why, lint findings,
/// then blocked URLs grouped by host (one fix per host, every place), unknown and allowed ones,
/// and what was set aside or not judged. Wrapped to `width` columns; every text that comes from
/// the input is escaped.
struct AppTextRenderer {
    /// Verdicts shown (`--only`); all when empty.
    var only: Set<String> = []
    /// `--all`: list unknown URLs that were not probed, one by one, instead of counting them.
    var listAll = false
    /// Columns to wrap to.
    var width = CertTextRenderer.lineWidth

    func render(_ report: AppReport) -> String {
        TerminalText.neutralisingWorkflowCommands(body(report))
    }

    private func body(_ report: AppReport) -> String {
        var out = line(header(report), "", "  ")
        if report.bundles.isEmpty { out += "\n" + line("no app, app extension, Xcode app target, Expo app.json or Cordova config.xml found", "", "  ") }
        for bundle in report.bundles { out += "\n" + section(bundle, offline: report.offline) }
        out += attribution(report)
        if !report.problems.isEmpty {
            out += "\nnot read:\n"
            for problem in report.problems { out += line(problem, "  ", "    ") }
        }
        if let failure = report.failure { out += "\n" + line("the input could not be read to the end: \(failure)", "", "  ") }
        let summary = report.summary
        out += "\n" + line("\(summary.endpoints) URLs in \(summary.bundles) bundles: \(summary.blocked) blocked, \(summary.unknown) unknown, "
            + "\(summary.allowed) allowed" + (summary.errors > 0 ? ", \(summary.errors) not judged" : "")
            + (summary.filtered > 0 ? ", \(summary.filtered) set aside" : "")
            + (summary.accepted.map { "; accepted in .atscheck.yml: \($0.blocked) blocked, \($0.unknown) unknown" } ?? "")
            + (summary.baseline.map { "; in the baseline: \($0.blocked) blocked, \($0.unknown) unknown, \($0.findings) lint findings" } ?? "")
            + (summary.notJudged > 0 ? "; \(summary.notJudged) places not judged" : "")
            + (summary.limitsReached > 0 ? "; \(summary.limitsReached) files read in part (limits: see not read)" : "")
            + "; lint: \(summary.lintErrors) errors, \(summary.lintWarnings) warnings"
            + (summary.lintAccepted > 0 ? ", \(summary.lintAccepted) accepted" : ""), "", "  ")
        if let baseline = summary.baseline {
            for entry in baseline.fixedFindings.prefix(ScanTextRenderer.fixedListed) {
                out += line("fixed since the baseline: \(entry.rule)" + (entry.keyPath.map { " at \($0)" } ?? "") + " in \(entry.path)", "", "  ")
            }
            for entry in baseline.fixedLoads.prefix(ScanTextRenderer.fixedListed) {
                out += line("not met since the baseline: " + ScanTextRenderer.baselineLine(entry), "", "  ")
            }
            let more = max(0, baseline.fixedFindings.count - ScanTextRenderer.fixedListed) + max(0, baseline.fixedLoads.count - ScanTextRenderer.fixedListed)
            if more > 0 { out += line("… and \(more) more of the baseline not met (--format json lists them all)", "", "  ") }
        }
        return out
    }

    private func header(_ report: AppReport) -> String {
        let mode = report.offline ? ", offline: judged by the policies alone, https:// URLs not probed" : ""
        return "\(printable(report.input)) (\(report.kind.rawValue)\(mode))"
    }

    private func section(_ bundle: AppReport.BundleReport, offline: Bool) -> String {
        let name = bundle.target ?? (bundle.path.isEmpty ? "." : bundle.path)
        let identifier = bundle.identifier.flatMap { $0.contains("$(") || $0.contains("${") ? nil : " \($0)" } ?? ""
        var out = line("\(name) — \(bundle.role)" + identifier, "", "  ")
        out += line("policy: \(bundle.policy)" + (bundle.policyKnown ? (bundle.hasATSDictionary ? "" : " (no NSAppTransportSecurity: ATS defaults)") : " (cannot be read: its URLs are unknown)"), "  ", "    ")
        out += line("why: \(bundle.attribution)", "  ", "    ")
        if !bundle.judgedFor.lowercased().hasPrefix("ios") { out += line("judged for: \(bundle.judgedFor)", "  ", "    ") }
        for note in bundle.notes { out += line("note: \(note)", "  ", "    ") }
        if bundle.lint.isEmpty {
            out += "  lint: no findings\n"
        } else {
            out += "  lint:\n"
            for finding in bundle.lint {
                out += line("\(finding.severity.rawValue) \(finding.rule)" + (finding.line.map { " line \($0)" } ?? "") + ": \(finding.message)", "    ", "      ")
            }
        }
        if !bundle.lintAccepted.isEmpty {
            out += "  lint accepted (not counted):\n"
            for accepted in bundle.lintAccepted {
                let finding = accepted.finding
                out += line("\(finding.severity.rawValue) \(finding.rule)" + (finding.line.map { " line \($0)" } ?? "")
                    + ": \(accepted.justification) (\(accepted.origin))", "    ", "      ")
            }
        }
        if show("blocked") { out += blocked(bundle.endpoints.filter { $0.verdict == "blocked" }) }
        if show("unknown") { out += unknown(bundle.endpoints.filter { $0.verdict == "unknown" }, offline: offline) }
        if show("allowed") { out += listed("allowed", bundle.endpoints.filter { $0.verdict == "allowed" }) }
        if only.isEmpty { out += listed("not judged", bundle.endpoints.filter { $0.verdict == "error" }) }
        let filtered = bundle.endpoints.filter { $0.verdict == "filtered" }
        if !filtered.isEmpty, only.isEmpty {
            var rules: [String: Int] = [:]
            for endpoint in filtered { rules[endpoint.filtered ?? "", default: 0] += 1 }
            out += line("set aside (--all judges them): " + rules.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "), "  ", "    ")
        }
        for framework in bundle.frameworks {
            out += line("framework \(framework.path)" + (framework.identifier.map { " \($0)" } ?? "")
                + (framework.ignoredATSDictionary ? ": its NSAppTransportSecurity is ignored (frameworks set no policy)" : ""), "  ", "    ")
        }
        return out
    }

    private func show(_ verdict: String) -> Bool { only.isEmpty || only.contains(verdict) }

    /// Blocked URLs by host: the reasons and one fix for the host, then each URL and every place.
    private func blocked(_ endpoints: [AppReport.EndpointReport]) -> String {
        guard !endpoints.isEmpty else { return "" }
        var hosts: [String: [AppReport.EndpointReport]] = [:]
        for endpoint in endpoints { hosts[Self.host(of: endpoint.url), default: []].append(endpoint) }
        var out = "  blocked: \(endpoints.count) URL\(endpoints.count == 1 ? "" : "s") on \(hosts.count) host\(hosts.count == 1 ? "" : "s")\n"
        for (host, group) in hosts.sorted(by: { $0.key < $1.key }) {
            var codes: [String] = []
            for reason in group.flatMap(\.reasons) where !codes.contains(reason.code.rawValue) { codes.append(reason.code.rawValue) }
            let contexts = Set(group.map(\.context)).subtracting(["urlsession"]).sorted()
            out += line("\(host): " + codes.joined(separator: ", ") + (contexts.isEmpty ? "" : " [\(contexts.joined(separator: ", "))]"), "    ", "      ")
            if let fix = group.lazy.flatMap(\.reasons).compactMap(\.fix).first {
                out += line("fix: " + (fix.exceptionDomain.map { domain in
                    "NSExceptionDomains \(domain): " + (fix.exceptionKeys ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
                } ?? fix.serverChange), "      ", "        ")
            }
            for endpoint in group {
                out += line("\(endpoint.url)  found: " + endpoint.foundAt.joined(separator: ", "), "      ", "        ")
                if let accepted = endpoint.accepted { out += line("accepted: \(accepted.reason) (\(accepted.origin))", "        ", "          ") }
                if endpoint.baselineState == .unchanged { out += line("in the baseline: does not fail the run", "        ", "          ") }
                for note in endpoint.notes where note.hasSuffix("the acceptance has expired") { out += line(note, "        ", "          ") }
            }
        }
        return out
    }

    /// Unknown URLs: those under an unreadable policy with the reason once, those not probed
    /// counted (listed with --all), the rest listed.
    private func unknown(_ endpoints: [AppReport.EndpointReport], offline: Bool) -> String {
        guard !endpoints.isEmpty else { return "" }
        var out = ""
        let policy = endpoints.filter(\.policyUnknown)
        if !policy.isEmpty {
            out += line("unknown: \(policy.count) URL\(policy.count == 1 ? "" : "s") under a policy that cannot be read — \(policy[0].notes.first ?? "")", "  ", "    ")
            if listAll { for endpoint in policy { out += entry(endpoint) } }
        }
        let rest = endpoints.filter { !$0.policyUnknown }
        if offline, !listAll, !rest.isEmpty {
            let hosts = Set(rest.map { Self.host(of: $0.url) }).count
            out += line("unknown: \(rest.count) https:// URL\(rest.count == 1 ? "" : "s") on \(hosts) host\(hosts == 1 ? "" : "s") not probed (--probe judges them, --all lists them)", "  ", "    ")
        } else {
            out += listed("unknown", rest)
        }
        return out
    }

    private func listed(_ title: String, _ endpoints: [AppReport.EndpointReport]) -> String {
        guard !endpoints.isEmpty else { return "" }
        return "  \(title) (\(endpoints.count)):\n" + endpoints.map(entry).joined()
    }

    private func entry(_ endpoint: AppReport.EndpointReport) -> String {
        var codes: [String] = []
        for reason in endpoint.reasons where !codes.contains(reason.code.rawValue) { codes.append(reason.code.rawValue) }
        var out = line(endpoint.url + (endpoint.context == "urlsession" ? "" : " [\(endpoint.context)]")
            + (codes.isEmpty ? "" : "  " + codes.joined(separator: ", ")) + (endpoint.error.map { "  \($0)" } ?? ""), "    ", "      ")
        out += line("found: " + endpoint.foundAt.prefix(3).joined(separator: ", ") + (endpoint.foundAt.count > 3 ? " (+\(endpoint.foundAt.count - 3) more)" : ""), "      ", "        ")
        if let accepted = endpoint.accepted { out += line("accepted: \(accepted.reason) (\(accepted.origin))", "      ", "        ") }
        if endpoint.baselineState == .unchanged { out += line("in the baseline: does not fail the run", "      ", "        ") }
        for note in endpoint.notes where note.hasSuffix("the acceptance has expired") { out += line(note, "      ", "        ") }
        return out
    }

    /// Which unit loose files fell to, plists that are no policy, places not judged.
    private func attribution(_ report: AppReport) -> String {
        var out = ""
        let attribution = report.attribution
        if report.bundles.count > 1, let primary = attribution.primary, let why = attribution.primaryReason {
            out += line("files in no target or bundle: judged under \(primary) (\(why))", "", "  ")
        }
        if !attribution.setAside.isEmpty {
            out += "not policy sources:\n"
            for item in attribution.setAside { out += line("\(item.path): \(item.reason)", "  ", "    ") }
        }
        if !report.notJudged.isEmpty {
            out += "not judged:\n"
            for item in report.notJudged { out += line("\(item.places) place\(item.places == 1 ? "" : "s"): \(item.reason)", "  ", "    ") }
        }
        if !report.inNoTarget.isEmpty {
            out += "not app code (no target builds, copies or embeds it):\n"
            for item in report.inNoTarget { out += line("\(item.places) place\(item.places == 1 ? "" : "s"): \(item.reason)", "  ", "    ") }
        }
        if !report.skipped.isEmpty {
            let shown = report.skipped.prefix(8).map(\.description).joined(separator: "; ")
            out += line("not read (\(report.skipped.count) place\(report.skipped.count == 1 ? "" : "s"); --include GLOB reads one): \(shown)"
                + (report.skipped.count > 8 ? "; …" : ""), "", "  ")
        }
        for note in attribution.notes { out += line("note: \(note)", "", "  ") }
        for problem in attribution.problems { out += line("attribution: \(problem)", "", "  ") }
        return out.isEmpty ? "" : "\n" + out
    }

    /// The host of a URL as the report shows it.
    static func host(of url: String) -> String {
        CheckTarget.parse(url)?.host.lowercased() ?? url
    }

    private func line(_ text: String, _ first: String, _ rest: String) -> String {
        CertTextRenderer.wrap(printable(text), firstPrefix: first, restPrefix: rest, width: width)
    }

    private func printable(_ text: String) -> String { CertTextRenderer.printable(text) }
}
