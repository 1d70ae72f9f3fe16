import ArgumentParsing
import ATSApp
import ATSLint

/// `app --fail-on LIST`: what fails the run, as a comma-separated list of at most one verdict
/// threshold (`unknown`, the default, or `blocked`; as `scan`'s ``VerdictFailThreshold``) and
/// at most one lint severity (`error`, `warning` or `notice`; none by default, so a policy's
/// findings alone never failed an `app` run and still do not): `blocked,warning` fails on a
/// blocked URL or a lint warning or error (exit 1). `never` alone fails on nothing.
public struct AppFailThreshold: Sendable, ExpressibleByArgument, Equatable {
    /// The verdicts that fail the run.
    public var verdicts: VerdictFailThreshold = .unknown
    /// The least severe lint finding that fails the run; nil for none.
    public var lint: LintFailThreshold? = nil
    /// `not-seen`: URLs whose use atscheck did not see count as loads (their would-be verdicts).
    public var notSeen = false

    /// A threshold of these parts (the defaults: `unknown`, no lint severity, not-seen not counted).
    public init(verdicts: VerdictFailThreshold = .unknown, lint: LintFailThreshold? = nil, notSeen: Bool = false) {
        self.verdicts = verdicts
        self.lint = lint
        self.notSeen = notSeen
    }

    /// Parses `--fail-on`'s list (`blocked,warning`, `never`); nil when it is not one.
    public init?(argument: String) {
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

    /// What a valid list looks like, for errors.
    public static let argumentExpectation = "unknown or blocked, and/or error, warning or notice, and/or not-seen, comma-separated (blocked,warning); or never"
    /// An open set: no closed list of spellings.
    public static let allValueStrings: [String]? = nil

    /// The list as `--fail-on` spells it.
    public var argumentDescription: String {
        if verdicts == .never, lint == nil { return "never" }
        return ([verdicts.rawValue] + (lint.map { [$0.rawValue] } ?? []) + (notSeen ? ["not-seen"] : [])).joined(separator: ",")
    }

    /// The exit status of `report` at this threshold: the URLs' status as `--fail-on` for
    /// verdicts makes it, then 1 when a lint finding (after acceptances and the baseline) is at
    /// or above the lint severity.
    public func exitStatus(_ report: AppReport) -> RunExitStatus {
        let natural = verdicts.exitStatus(RunExitStatus(natural: report.exitStatus(countingNotSeen: notSeen)))
        guard let lint, natural != .failure else { return natural }
        return lint.fails(LintSummary(report.lintReports)) ? .failure : natural
    }
}
