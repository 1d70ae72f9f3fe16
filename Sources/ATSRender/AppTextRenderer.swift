import ATSPolicy
import ATSVocabulary
import ATSApp
import ATSScan
import ATSCheck
import ATSLint

/// `atscheck app --format text`: per bundle, where its policy comes from and why, lint findings,
/// then blocked URLs grouped by host (one fix per host, every place), unknown and allowed ones,
/// and what was set aside or not judged. Wrapped to `width` columns; every text that comes from
/// the input is escaped.
public struct AppTextRenderer {
    /// Verdicts shown (`--only`); all when empty.
    public var only: Set<String> = []
    /// `--all`: list unknown URLs that were not probed, one by one, instead of counting them.
    public var listAll = false
    /// Columns to wrap to.
    public var width = TerminalText.lineWidth

    /// A renderer showing the verdicts in `only` (all when empty), listing unknown URLs one by
    /// one with `listAll`, wrapped to `width` columns.
    public init(only: Set<String> = [], listAll: Bool = false, width: Int = TerminalText.lineWidth) {
        self.only = only
        self.listAll = listAll
        self.width = width
    }

    /// The report as text, with no line a CI runner would read as a workflow command.
    public func render(_ report: AppReport) -> String {
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
        out += "\n" + line(Self.countLine(summary)
            + (summary.accepted.map { "; accepted in .atscheck.yml: \($0.blocked) blocked, \($0.unknown) unknown" } ?? "")
            + (summary.baseline.map { "; in the baseline: \($0.blocked) blocked, \($0.unknown) unknown, \($0.findings) lint findings" } ?? "")
            + (summary.notJudged > 0 ? "; \(summary.notJudged) places not judged" : "")
            + (summary.limitsReached > 0 ? "; \(summary.limitsReached) files read in part (limits: see not read)" : "")
            + "; lint: \(summary.lintErrors) errors, \(summary.lintWarnings) warnings"
            + (summary.lintAccepted > 0 ? ", \(summary.lintAccepted) accepted" : ""), "", "  ")
        for bundle in report.bundles where !bundle.policyKnown && bundle.judgesFiles {
            out += line(Self.unknownPolicyLine(bundle), "", "  ")
        }
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

    /// One line naming a policy that cannot be read and why: the run's status is then 3
    /// (unknown) unless a URL is blocked.
    static func unknownPolicyLine(_ bundle: AppReport.BundleReport) -> String {
        let who = bundle.target.map { "the \(bundle.role) target \($0)'s \(bundle.policy)" } ?? "\(bundle.role) \(bundle.policy)"
        return "policy unknown: \(who) cannot be read: \(bundle.policyProblem ?? "not a property list"); what ATS does for this \(bundle.role) cannot be told"
    }

    private func header(_ report: AppReport) -> String {
        let mode = report.offline ? ", offline: judged by the policies alone, https:// URLs not probed" : ""
        return "\(TerminalText.safe(report.input)) (\(report.kind.rawValue)\(mode))"
    }

    private func section(_ bundle: AppReport.BundleReport, offline: Bool) -> String {
        let path = bundle.path.isEmpty ? "." : bundle.path
        let name: String
        switch (bundle.name, bundle.target) {
        case (let product?, let target?): name = product == target ? product : "\(product) (target \(target))"
        case (nil, let target?): name = target
        case (let product?, nil): name = product == path ? path : "\(product) (\(path))"
        case (nil, nil): name = path
        }
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
        let loads = bundle.endpoints.filter(\.isLoad)
        if show("blocked") { out += blocked(loads.filter { $0.verdict == .blocked }) }
        if show("unknown") { out += unknown(loads.filter { $0.verdict == .unknown }, offline: offline) }
        if show("allowed") { out += listed("allowed", loads.filter { $0.verdict == .allowed }) }
        if only.isEmpty { out += listed("not judged", loads.filter { $0.verdict == .error }) }
        if show("not-seen") { out += notSeen(bundle.endpoints.filter { $0.use == .notSeen }, offline: offline) }
        if show("opened-outside") { out += notLoaded("opened outside the app (ATS does not apply)", bundle.endpoints.filter { $0.use == .openedOutside }) }
        if show("never-loaded") { out += notLoaded("never loaded", bundle.endpoints.filter { $0.use == .neverLoaded }) }
        let filtered = bundle.endpoints.filter { $0.verdict == .filtered }
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

    /// The summary's counts, adding up to the total.
    static func countLine(_ summary: AppReport.Summary) -> String {
        var parts = ["\(summary.blocked) blocked", "\(summary.unknown) unknown", "\(summary.allowed) allowed"]
        if summary.errors > 0 { parts.append("\(summary.errors) not judged") }
        var groups: [String] = []
        if summary.notSeen.urls > 0 {
            groups.append("\(summary.notSeen.urls) use not seen (\(summary.notSeen.blocked) would be blocked, not counted)")
        }
        if summary.openedOutside > 0 { groups.append("\(summary.openedOutside) opened outside the app") }
        if summary.neverLoaded > 0 { groups.append("\(summary.neverLoaded) never loaded") }
        if summary.filtered > 0 { groups.append("\(summary.filtered) set aside") }
        if summary.outsideATS > 0 { groups.append("\(summary.outsideATS) not governed by ATS") }
        if summary.inNoTarget > 0 { groups.append("\(summary.inNoTarget) in no target") }
        return "\(summary.total) URLs in \(summary.bundles) bundles: loads \(parts.joined(separator: ", "))"
            + (groups.isEmpty ? "" : "; " + groups.joined(separator: ", "))
    }

    /// URLs whose use atscheck did not see: counted, the would-be blocked ones listed (all with --all).
    private func notSeen(_ endpoints: [AppReport.EndpointReport], offline: Bool) -> String {
        guard !endpoints.isEmpty else { return "" }
        let blocked = endpoints.filter { $0.verdict == .blocked }
        var out = line("use not seen (not counted; --fail-on not-seen counts them): \(endpoints.count) URL\(endpoints.count == 1 ? "" : "s")"
            + (blocked.isEmpty ? "" : ", \(blocked.count) would be blocked"), "  ", "    ")
        let shown = listAll ? endpoints : blocked
        for endpoint in shown.prefix(listAll ? shown.count : Self.listedPerGroup) {
            var codes: [String] = []
            for reason in endpoint.reasons where !codes.contains(reason.code.rawValue) { codes.append(reason.code.rawValue) }
            out += line(endpoint.url + "  would be \(endpoint.verdict.rawValue)" + (codes.isEmpty ? "" : " (\(codes.joined(separator: ", ")))"), "    ", "      ")
            out += line("found: " + endpoint.foundAt.prefix(3).map(\.description).joined(separator: ", ") + (endpoint.foundAt.count > 3 ? " (+\(endpoint.foundAt.count - 3) more)" : ""), "      ", "        ")
            if let detail = endpoint.useDetail { out += line(detail, "      ", "        ") }
        }
        if !listAll, shown.count > Self.listedPerGroup { out += line("… \(shown.count - Self.listedPerGroup) more (--all lists them)", "    ", "      ") }
        return out
    }

    /// URLs the app does not load: counted by why, a few listed (all with --all).
    private func notLoaded(_ title: String, _ endpoints: [AppReport.EndpointReport]) -> String {
        guard !endpoints.isEmpty else { return "" }
        var out = line("\(title): \(endpoints.count) URL\(endpoints.count == 1 ? "" : "s")", "  ", "    ")
        for endpoint in endpoints.prefix(listAll ? endpoints.count : Self.listedPerGroup) {
            out += line(endpoint.url, "    ", "      ")
            out += line("found: " + endpoint.foundAt.prefix(2).map(\.description).joined(separator: ", ")
                + (endpoint.foundAt.count > 2 ? " (+\(endpoint.foundAt.count - 2) more)" : "") + (endpoint.useDetail.map { "; \($0)" } ?? ""), "      ", "        ")
        }
        if !listAll, endpoints.count > Self.listedPerGroup { out += line("… \(endpoints.count - Self.listedPerGroup) more (--all lists them)", "    ", "      ") }
        return out
    }

    /// URLs listed per group that is not loads before the rest is counted.
    static let listedPerGroup = 5

    /// Blocked URLs by host: the reasons and one fix for the host, then each URL and every place.
    private func blocked(_ endpoints: [AppReport.EndpointReport]) -> String {
        guard !endpoints.isEmpty else { return "" }
        var hosts: [String: [AppReport.EndpointReport]] = [:]
        for endpoint in endpoints { hosts[Self.host(of: endpoint.url), default: []].append(endpoint) }
        var out = "  blocked: \(endpoints.count) URL\(endpoints.count == 1 ? "" : "s") on \(hosts.count) host\(hosts.count == 1 ? "" : "s")\n"
        for (host, group) in hosts.sorted(by: { $0.key < $1.key }) {
            var codes: [String] = []
            for reason in group.flatMap(\.reasons) where !codes.contains(reason.code.rawValue) { codes.append(reason.code.rawValue) }
            let contexts = Set(group.map(\.context)).subtracting([.urlSession]).map(\.rawValue).sorted()
            out += line("\(host): " + codes.joined(separator: ", ") + (contexts.isEmpty ? "" : " [\(contexts.joined(separator: ", "))]"), "    ", "      ")
            if let fix = group.lazy.flatMap(\.reasons).compactMap(\.fix).first {
                out += line("fix: " + (fix.exceptionDomain.map { domain in
                    "NSExceptionDomains \(domain): " + (fix.exceptionKeys ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
                } ?? fix.serverChange), "      ", "        ")
            }
            for endpoint in group {
                out += line("\(endpoint.url)  found: " + endpoint.foundAt.map(\.description).joined(separator: ", ")
                    + (endpoint.useDetail.map { " (\($0))" } ?? ""), "      ", "        ")
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
        var out = line(endpoint.url + (endpoint.context == .urlSession ? "" : " [\(endpoint.context.rawValue)]")
            + (codes.isEmpty ? "" : "  " + codes.joined(separator: ", ")) + (endpoint.error.map { "  \($0)" } ?? ""), "    ", "      ")
        out += line("found: " + endpoint.foundAt.prefix(3).map(\.description).joined(separator: ", ") + (endpoint.foundAt.count > 3 ? " (+\(endpoint.foundAt.count - 3) more)" : ""), "      ", "        ")
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
            out += line("JavaScript, Dart and web content outside the Xcode targets: judged under \(primary) (\(why))", "", "  ")
        }
        if !attribution.setAside.isEmpty {
            out += "not policy sources:\n"
            for item in attribution.setAside { out += line("\(item.path): \(item.reason)", "  ", "    ") }
        }
        if !report.inNoTarget.isEmpty {
            var reasons: [String: Int] = [:]
            for url in report.inNoTarget { reasons[url.reason, default: 0] += 1 }
            out += "in no target (not the app's code; not judged): \(report.inNoTarget.count) URL\(report.inNoTarget.count == 1 ? "" : "s")\n"
            for (reason, count) in reasons.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }).prefix(8) {
                out += line("\(count) URL\(count == 1 ? "" : "s"): \(reason)", "  ", "    ")
            }
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
        TerminalText.wrap(TerminalText.safe(text), firstPrefix: first, restPrefix: rest, width: width)
    }

}
