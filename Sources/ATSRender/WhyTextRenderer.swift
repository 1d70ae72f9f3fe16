import ATSWhy
import ATSVocabulary

/// `atscheck why` for people: per error, what failed, whether ATS enforced the host, the causes
/// ranked and the one command to run next (text for a terminal, Markdown for an issue or PR).
/// Every text taken from the input is escaped before it is printed.
public enum WhyTextRenderer {
    static let nothingFound = """
    atscheck why: no error recognised in the text.
    Paste the whole console output around the failure (the NSError description, the \
    "Task <…> finished with error" line, or the "Connection N:" and boringssl lines), for \
    example: pbpaste | atscheck why

    """

    /// The errors for a terminal: `truncatedAtBytes` when the input was cut, `notDecoded` errors
    /// past the scanner's cap, `notProbed` URLs past the `--probe` cap of `probeLimit`.
    public static func text(_ errors: [DecodedError], truncatedAtBytes: Int?, notDecoded: Int = 0, notProbed: Int = 0, probeLimit: Int = 0) -> String {
        var out = truncationNote(truncatedAtBytes) + capNote(notDecoded) + probeNote(notProbed, limit: probeLimit)
        guard !errors.isEmpty else { return out + nothingFound }
        for (number, error) in errors.enumerated() {
            if number > 0 { out += "\n" }
            out += wrap("error \(number + 1) (\(span(error))): \(safe(error.summary))", "", "  ")
            for code in error.codes.dropFirst() where !error.summary.contains("(\(code.code))") {
                out += wrap("\(safe(code.domain)) \(code.code) \(code.symbol ?? "unknown"): \(safe(code.meaning))", "  ", "    ")
            }
            if !error.trustChecks.isEmpty { out += wrap("failed trust checks: " + safe(error.trustChecks.joined(separator: ", ")), "  ", "    ") }
            out += wrap("ATS enforced the host: \(error.atsEnforced.rawValue)\(enforcementNote(error))"
                        + (error.era == .unknown ? "" : "; log era \(error.era.rawValue)"), "  ", "    ")
            if let url = error.url { out += wrap("URL: \(safe(url))", "  ", "    ") }
            if let notATS = error.notATS { out += wrap(safe(notATS), "  ", "    ") }
            if !error.causes.isEmpty { out += "  likely causes:\n" }
            for (rank, cause) in error.causes.prefix(shownCauses).enumerated() {
                let evidence = rank == 0 || cause.evidence != error.causes[0].evidence ? "; " + safe(cause.evidence) : ""
                out += wrap("\(rank + 1). \(cause.reason) (\(WhyChecksText.mark(cause, in: error))\(cause.confidence.rawValue)\(evidence))", "    ", "       ")
            }
            if error.causes.count > shownCauses {
                let rest = error.causes.dropFirst(shownCauses).map(\.reason).joined(separator: ", ")
                out += wrap("less likely: \(rest)", "    ", "      ")
            }
            out += WhyChecksText.text(error)
            out += wrap("next: " + (error.command.map(safe) ?? "no atscheck command can confirm this"), "  ", "    ")
        }
        return out
    }

    /// The errors as Markdown for an issue or a pull request; the notes as ``text(_:truncatedAtBytes:notDecoded:notProbed:probeLimit:)``.
    public static func markdown(_ errors: [DecodedError], truncatedAtBytes: Int?, notDecoded: Int = 0, notProbed: Int = 0, probeLimit: Int = 0) -> String {
        var out = "## atscheck why\n\n" + truncationNote(truncatedAtBytes) + capNote(notDecoded) + probeNote(notProbed, limit: probeLimit)
        guard !errors.isEmpty else { return out + nothingFound }
        for (number, error) in errors.enumerated() {
            out += "### Error \(number + 1) (\(span(error)))\n\n\(markdownSafe(error.summary))\n\n"
            out += "| domain | code | name | meaning |\n|---|---|---|---|\n"
            for code in error.codes {
                out += "| \(markdownSafe(code.domain)) | \(code.code) | \(code.symbol.map { "`\($0)`" } ?? "unknown") | \(markdownSafe(code.meaning)) |\n"
            }
            out += "\n- ATS enforced the host: **\(error.atsEnforced.rawValue)**\n"
            if let url = error.url { out += "- URL: `\(codeSafe(url))`\n" }
            if let notATS = error.notATS { out += "- \(markdownSafe(notATS))\n" }
            for (rank, cause) in error.causes.enumerated() {
                out += "\(rank == 0 ? "\n" : "")\(rank + 1). [`\(cause.reason)`](docs/ats-rules.md#\(CheckReasonCode(rawValue: cause.reason) == nil ? "error-codes" : cause.reason)) (\(WhyChecksText.mark(cause, in: error))\(cause.confidence.rawValue)): \(markdownSafe(cause.evidence))\n"
            }
            let checks = WhyChecksText.markdown(error)
            if !checks.isEmpty { out += "\n" + checks }
            out += "\nNext: " + (error.command.map { codeSpan(safe($0)) } ?? "no atscheck command can confirm this") + "\n\n"
        }
        return out
    }

    /// Causes listed one per line; the rest share one line, so an error keeps to a screen.
    static let shownCauses = 4

    private static func span(_ error: DecodedError) -> String {
        error.firstLine == error.lastLine ? "line \(error.firstLine)" : "lines \(error.firstLine)-\(error.lastLine)"
    }

    private static func enforcementNote(_ error: DecodedError) -> String {
        // A cleartext refusal (-1022) happens before any connection: no trust was evaluated.
        let cleartext = error.codes.contains { $0.domain == "NSURLErrorDomain" && $0.code == -1022 }
        return switch error.atsEnforced {
        case .yes where cleartext: " (ATS refused the cleartext load before connecting)"
        case .yes: " (ATS's trust rules applied; the app's own trust delegate was not consulted)"
        case .no: " (arbitrary loads, an exception or a local name left trust to the app)"
        case .notApplicable: " (not an ATS path)"
        case .unknown: ""
        }
    }

    private static func capNote(_ notDecoded: Int) -> String {
        notDecoded == 0 ? "" : "note: the first \(WhyScanner.maximumErrors) errors are decoded; \(notDecoded) more were found and not decoded.\n"
    }

    private static func probeNote(_ notProbed: Int, limit: Int) -> String {
        notProbed == 0 ? "" : "note: --probe checks the first \(limit) distinct URLs; \(notProbed) more were not probed.\n"
    }

    private static func truncationNote(_ bytes: Int?) -> String {
        bytes.map { "note: standard input was cut at \($0) bytes; what followed was not read.\n" } ?? ""
    }

    private static func safe(_ text: String) -> String { TerminalText.safe(text) }

    private static func markdownSafe(_ text: String) -> String { MarkdownText.safe(text) }

    private static func codeSafe(_ text: String) -> String {
        String(safe(text).map { $0 == "`" ? "'" : $0 })
    }

    /// `text` as a Markdown code span, unchanged: a command's backticks (inside its single
    /// quotes) must not become quotes, which could end a quoted word early when pasted back.
    static func codeSpan(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        if longest == 0 { return "`\(text)`" }
        let fence = String(repeating: "`", count: longest + 1)
        return "\(fence) \(text) \(fence)"
    }

    private static func wrap(_ text: String, _ first: String, _ rest: String) -> String {
        TerminalText.wrap(text, firstPrefix: first, restPrefix: rest)
    }
}
