import ArgumentParsing
import ATSApp
import ATSLint

/// `app --fail-on LIST`: what fails the run, as a comma-separated list of at most one verdict
/// threshold (`unknown`, the default, or `blocked`; as `scan`'s ``VerdictFailThreshold``) and
/// at most one lint severity (`error`, `warning` or `notice`; none by default, so a policy's
/// findings alone never failed an `app` run and still do not): `blocked,warning` fails on a
/// blocked URL or a lint warning or error (exit 1). `never` alone fails on nothing.
struct AppFailThreshold: Sendable, ExpressibleByArgument, Equatable {
    /// The verdicts that fail the run.
    var verdicts: VerdictFailThreshold = .unknown
    /// The least severe lint finding that fails the run; nil for none.
    var lint: LintFailThreshold? = nil
    /// `not-seen`: URLs whose use atscheck did not see count as loads (their would-be verdicts).
    var notSeen = false

    init(verdicts: VerdictFailThreshold = .unknown, lint: LintFailThreshold? = nil, notSeen: Bool = false) {
        self.verdicts = verdicts
        self.lint = lint
        self.notSeen = notSeen
    }

    init?(argument: String) {
        if argument == "never" { self.init(verdicts: .never, lint: nil); return }
        var verdicts: VerdictFailThreshold? = nil, lint: LintFailThreshold? = nil, notSeen = false
        for part in argument.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if part == "not-seen", !notSeen {
                notSeen = true
            } else if let verdict = VerdictFailThreshold(rawValue: part), verdict != .never, verdicts == nil {
                verdicts = verdict
            } else if let level = LintFailThreshold(rawValue: part), level != .never, lint == nil {
                lint = level
            } else {
                return nil
            }
        }
        self.init(verdicts: verdicts ?? .unknown, lint: lint, notSeen: notSeen)
    }

    static let argumentExpectation = "unknown or blocked, and/or error, warning or notice, and/or not-seen, comma-separated (blocked,warning); or never"
    static let allValueStrings: [String]? = nil

    var argumentDescription: String {
        if verdicts == .never, lint == nil { return "never" }
        return ([verdicts.rawValue] + (lint.map { [$0.rawValue] } ?? []) + (notSeen ? ["not-seen"] : [])).joined(separator: ",")
    }

    /// The option.
    static let option = Option<AppFailThreshold>("fail-on", value: "LIST",
                                                 help: "What fails the run: unknown (default: 1 blocked, 3 unknown) or blocked for loads, and/or error, warning or notice for the policies' lint findings (exit 1), and/or not-seen to count URLs whose use was not seen as loads, comma-separated (blocked,warning); or never.",
                                                 default: AppFailThreshold())

    /// The exit status of `report` at this threshold: the URLs' status as `--fail-on` for
    /// verdicts makes it, then 1 when a lint finding (after acceptances and the baseline) is at
    /// or above the lint severity.
    func exitCode(_ report: AppReport) -> ExitCode {
        let natural = verdicts.exitCode(ExitCode(rawValue: report.exitStatus(countingNotSeen: notSeen)) ?? .unknown)
        guard let lint, natural != .failure else { return natural }
        return lint.fails(LintSummary(report.lintReports)) ? .failure : natural
    }
}
