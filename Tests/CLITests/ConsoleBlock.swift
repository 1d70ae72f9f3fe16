import Foundation
import Testing

/// A `console` block of README.md or docs/tour.md marked `<!-- atscheck: checked[, OPTION]… -->`,
/// read into steps that `DocsConsoleTests` runs again.
///
/// Options after `checked`, separated by commas:
/// - `unordered`: compare the lines as a sorted list (scan writes each URL as soon as it is judged);
/// - `stderr`: the block shows standard error first, then standard output (as a terminal shows
///   an error or a skipped input line before the results);
/// - `lab ARGS`: `atscheck lab --serve ARGS` runs while the block's commands run (fixed ports
///   below the ephemeral range, as the prose around the block says).
///
/// Steps: `$ atscheck ARGS` (a line ending in ` \` goes on on the next; a final `< FILE` feeds
/// FILE on standard input), `$ cat FILE` (the file's lines), `$ echo $?` (the previous command's
/// exit status on the next line). In the expected lines a line holding only `…` (or `...`)
/// stands for any number of lines, and durations (`12 ms`) and the lab's per-user directory
/// are compared without their varying part.
struct ConsoleBlock: Sendable {
    /// One command of the block and what follows it.
    struct Step: Sendable {
        enum Kind: Equatable, Sendable {
            case atscheck(arguments: [String], stdinFile: String?)
            case cat(String)
        }
        /// The command as written (several lines when continued with ` \`).
        var commandLines: [String]
        var kind: Kind
        var output: [String]
        var status: Int32?
    }

    var unordered = false
    var showsStderr = false
    /// `lab --serve` arguments after `--serve`, when the block needs the lab.
    var lab: [String]?
    var steps: [Step] = []

    static let marker = "<!-- atscheck: checked"
    /// What a block that is not run says before it, with its reason.
    static let uncheckedMarker = "<!-- atscheck: unchecked:"

    /// The options of a marker line.
    init(marker line: String, at place: String) throws {
        let inner = line.dropFirst(Self.marker.count).replacingOccurrences(of: "-->", with: "")
        for option in inner.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !option.isEmpty {
            if option == "unordered" { unordered = true }
            else if option == "stderr" { showsStderr = true }
            else if option.hasPrefix("lab ") { lab = try Self.words(String(option.dropFirst(4)), at: place) }
            else { Issue.record("\(place): unknown option `\(option)` in a checked marker") }
        }
    }

    /// Reads the block's body into steps.
    mutating func read(_ body: [String], at place: String) throws {
        var index = 0
        while index < body.count {
            let line = body[index]
            index += 1
            if line == "$ echo $?" {
                try #require(!steps.isEmpty && index < body.count, "\(place): `$ echo $?` with no command or status")
                steps[steps.count - 1].status = Int32(body[index])
                index += 1
            } else if line.hasPrefix("$ cat ") {
                steps.append(Step(commandLines: [line], kind: .cat(String(line.dropFirst("$ cat ".count))), output: []))
            } else if line.hasPrefix("$ atscheck ") {
                var commandLines = [line], text = String(line.dropFirst("$ atscheck ".count))
                while text.hasSuffix(" \\"), index < body.count {
                    text = String(text.dropLast(2)) + " " + body[index].drop { $0 == " " }
                    commandLines.append(body[index])
                    index += 1
                }
                var arguments = try Self.words(text, at: place), stdinFile: String?
                if arguments.count >= 2, arguments[arguments.count - 2] == "<" {
                    stdinFile = arguments.removeLast()
                    arguments.removeLast()
                }
                steps.append(Step(commandLines: commandLines, kind: .atscheck(arguments: arguments, stdinFile: stdinFile), output: []))
            } else {
                try #require(line.hasPrefix("$ ") == false, "\(place): `\(line)` is not a command the check can run")
                try #require(!steps.isEmpty, "\(place): output before any command")
                steps[steps.count - 1].output.append(line)
            }
        }
    }

    /// Shell words: blanks separate, single and double quotes group (no expansion).
    static func words(_ text: String, at place: String) throws -> [String] {
        var words: [String] = [], current = "", quote: Character? = nil, inWord = false
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current); current = ""; inWord = false }
            } else {
                current.append(character)
                inWord = true
            }
        }
        try #require(quote == nil, "\(place): an unclosed quote in `\(text)`")
        if inWord { words.append(current) }
        return words
    }
}

/// How documented output is compared with a fresh run.
enum ConsoleMatch {
    /// A line that stands for any number of lines.
    static func isElision(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed == "…" || trimmed == "..."
    }

    /// The lines without what varies from run to run: durations, the lab's per-user folder
    /// and the day `update` stored a list (the wall clock's, after "fetched" or "fetched:"; a
    /// wrapped line may split it from its "fetched", so the rules run on the joined text).
    static func normalised(_ lines: [String]) -> [String] {
        var text = lines.joined(separator: "\n")
        text = text.replacingOccurrences(of: #" *\b[0-9]+ ms\b"#, with: " N ms", options: .regularExpression)
        text = text.replacingOccurrences(of: #"[^ \n]*/atscheck-lab-[0-9]+/"#, with: "LAB/", options: .regularExpression)
        text = text.replacingOccurrences(of: #"fetched(:?\s+)[0-9]{4}-[0-9]{2}-[0-9]{2}"#, with: "fetched$1DAY", options: .regularExpression)
        return text.components(separatedBy: "\n")
    }

    /// True when `actual` is what `expected` documents: line for line after normalising, each
    /// elision line matching any run of lines (segments are found in order; the first is
    /// anchored at the start and the last at the end).
    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        let want = normalised(expected), got = normalised(actual)
        guard want.contains(where: isElision) else { return want == got }
        var segments: [[String]] = [[]]
        for line in want { if isElision(line) { segments.append([]) } else { segments[segments.count - 1].append(line) } }
        let first = segments.removeFirst(), last = segments.removeLast()
        guard got.count >= first.count + last.count, Array(got.prefix(first.count)) == first,
              Array(got.suffix(last.count)) == last else { return false }
        var position = first.count
        let end = got.count - last.count
        for segment in segments where !segment.isEmpty {
            var found = false
            while position + segment.count <= end {
                if Array(got[position..<(position + segment.count)]) == segment { found = true; position += segment.count; break }
                position += 1
            }
            if !found { return false }
        }
        return true
    }

    /// Where `actual` departs from `expected`, for a readable failure.
    static func difference(_ expected: [String], _ actual: [String]) -> String {
        let want = normalised(expected), got = normalised(actual)
        guard want.contains(where: isElision) else {
            return GoldenFile.firstDifference(want.joined(separator: "\n"), got.joined(separator: "\n"))
        }
        var position = 0
        for line in want where !isElision(line) {
            guard let found = got[position...].firstIndex(of: line) else {
                return "`\(line)` is not printed (after line \(position) of \(got.count))"
            }
            position = found + 1
        }
        return "every documented line is printed, but not where the block puts it (its start or end differs): printed `\(got.first ?? "")` … `\(got.last ?? "")`"
    }

    /// What to write back when regenerating: the fresh lines, or for an abridged block whose
    /// abridgement no longer matches, the fresh head and tail around the block's own elisions
    /// (a person then re-abridges it).
    static func rewritten(_ expected: [String], _ actual: [String]) -> [String] {
        guard expected.contains(where: isElision) else {
            // A line that differs only in what varies (a duration, the lab folder) keeps its
            // documented form, so regenerating changes only what changed.
            guard expected.count == actual.count else { return actual }
            return zip(expected, actual).map { normalised([$0]) == normalised([$1]) ? $0 : $1 }
        }
        if matches(expected, actual) { return expected }
        let head = expected.prefix { !isElision($0) }.count
        let tail = expected.reversed().prefix { !isElision($0) }.count
        guard actual.count >= head + tail else { return actual }
        return Array(actual.prefix(head)) + ["…"] + Array(actual.suffix(tail))
    }
}
