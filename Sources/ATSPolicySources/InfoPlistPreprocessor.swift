import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Xcode's Info.plist preprocessing (`INFOPLIST_PREPROCESS = YES`): the C preprocessor runs over
/// the file with `INFOPLIST_PREPROCESSOR_DEFINITIONS` as `-D` flags and the prefix header's
/// `#define`s (Apple's TN2175, "Preprocessing Info.plist files in Xcode Using the C
/// Preprocessor"). This evaluates the part of the preprocessor such files use: conditionals
/// (`#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`, `#endif`), object-like `#define` and `#undef`,
/// and replacement of defined names in the text. Anything else it cannot follow (`#include`,
/// function-like macros, `#error`, an expression it does not understand) is an error, so the
/// caller reports the policy as unknown instead of guessing. A name an `#if` uses that nothing
/// defines is 0, as C says and clang (the preprocessor Xcode runs over the file) does without a
/// diagnostic: the branch's note names it (`(DEBUG is not defined: 0)`).
///
/// Directive lines become empty lines, so line numbers still point into the source file.
/// Not modelled: `//` starting a comment (it matters only for URLs in string values, which no
/// ATS key holds; `-traditional` in INFOPLIST_OTHER_PREPROCESSOR_FLAGS turns it off anyway) and
/// whitespace compression.
public enum InfoPlistPreprocessor {
    /// The preprocessed file and which way each conditional went.
    public struct Output: Sendable {
        /// The text iOS's build would copy into the bundle (directive lines left empty).
        public let bytes: Data
        /// One line per conditional: `line 78: #ifndef DISABLE_PLAIN_HTTP: kept (DISABLE_PLAIN_HTTP is not defined)`.
        public let branches: [String]
    }

    /// Why a file could not be preprocessed.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// One line: `line N:` and what is wrong (`#else without #if`, ...).
        public let description: String
    }

    /// Directives this evaluator follows.
    static let conditionals: Set<String> = ["if", "ifdef", "ifndef", "elif", "else", "endif"]

    /// Whether `bytes` holds a preprocessor directive this file format would not otherwise have:
    /// a line whose first non-blank character is `#` followed by a directive name.
    public static func hasDirectives(_ bytes: Data) -> Bool {
        guard bytes.contains(UInt8(ascii: "#")) else { return false }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .contains { directive(in: Substring($0)) != nil }
    }

    /// Preprocesses `bytes` with `definitions` (`NAME` or `NAME=VALUE`, as Xcode passes them;
    /// a bare `NAME` is defined as `1`).
    public static func preprocess(_ bytes: Data, definitions: [String], prefixHeader: Data? = nil) throws(Failure) -> Output {
        var state = State(macros: Dictionary(definitions.map(definition), uniquingKeysWith: { _, last in last }))
        if let prefixHeader {
            // Only its #defines matter: it is included before the file, and its text is not output.
            _ = try state.run(String(decoding: prefixHeader, as: UTF8.self), recordBranches: false)
        }
        let text = try state.run(String(decoding: bytes, as: UTF8.self), recordBranches: true)
        return Output(bytes: Data(text.utf8), branches: state.branches)
    }

    /// `NAME=VALUE` or `NAME` (value `1`).
    static func definition(_ text: String) -> (String, String) {
        guard let equals = text.firstIndex(of: "=") else { return (text, "1") }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }

    /// The directive name and its argument text when `line` is a directive.
    static func directive(in line: Substring) -> (name: String, argument: Substring)? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.first == "#" else { return nil }
        let rest = trimmed.dropFirst().drop { $0 == " " || $0 == "\t" }
        let name = rest.prefix { $0.isLetter }
        guard !name.isEmpty, ["if", "ifdef", "ifndef", "elif", "else", "endif", "define", "undef", "include", "import",
                              "error", "warning", "pragma", "line", "include_next"].contains(String(name)) else { return nil }
        let argument = rest.dropFirst(name.count)
        // `#iffy` is not `#if`.
        if let next = argument.first, next.isLetter || next.isNumber || next == "_" { return nil }
        return (String(name), argument.drop { $0 == " " || $0 == "\t" })
    }

    /// The preprocessor's state across the prefix header and the file.
    struct State {
        var macros: [String: String]
        var branches: [String] = []

        /// One open conditional: whether its current group is kept, whether any group was, and
        /// whether the whole conditional sits inside a dropped group.
        struct Frame {
            var keeping: Bool
            var anyTaken: Bool
            let outerDropped: Bool
            var sawElse = false
        }

        mutating func run(_ text: String, recordBranches: Bool) throws(Failure) -> String {
            var stack: [Frame] = []
            var output: [Substring] = []
            var number = 0
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                number += 1
                let dropped = stack.last.map { !$0.keeping || $0.outerDropped } ?? false
                guard let (name, argument) = InfoPlistPreprocessor.directive(in: line) else {
                    output.append(dropped ? "" : Substring(try expand(String(line), line: number)))
                    continue
                }
                output.append("")
                func note(_ text: String) { if recordBranches, !dropped || name == "endif" { branches.append("line \(number): \(text)") } }
                let shown = "#\(name) \(String(argument).trimmingWhitespace())"
                switch name {
                case "ifdef", "ifndef":
                    let macro = try identifier(argument, line: number)
                    let defined = macros[macro] != nil
                    let keep = (name == "ifdef") == defined
                    stack.append(Frame(keeping: keep, anyTaken: keep, outerDropped: dropped))
                    if !dropped { note("\(shown): \(keep ? "kept" : "dropped") (\(macro) is \(defined ? "defined" : "not defined"))") }
                case "if":
                    let (keep, undefined) = dropped ? (false, []) : try condition(argument, line: number)
                    stack.append(Frame(keeping: keep, anyTaken: keep, outerDropped: dropped))
                    if !dropped { note("\(shown): \(keep ? "kept" : "dropped")" + Self.undefinedNote(undefined)) }
                case "elif":
                    guard var frame = stack.popLast(), !frame.sawElse else { throw Failure(description: "line \(number): #elif without #if") }
                    let (keep, undefined) = !frame.anyTaken && !frame.outerDropped ? try condition(argument, line: number) : (false, [])
                    frame.keeping = keep
                    frame.anyTaken = frame.anyTaken || keep
                    stack.append(frame)
                    if !frame.outerDropped, recordBranches {
                        branches.append("line \(number): \(shown): \(keep ? "kept" : "dropped")" + Self.undefinedNote(undefined))
                    }
                case "else":
                    guard var frame = stack.popLast(), !frame.sawElse else { throw Failure(description: "line \(number): #else without #if") }
                    frame.keeping = !frame.anyTaken
                    frame.anyTaken = true
                    frame.sawElse = true
                    stack.append(frame)
                    if !frame.outerDropped, recordBranches { branches.append("line \(number): #else: \(frame.keeping ? "kept" : "dropped")") }
                case "endif":
                    guard stack.popLast() != nil else { throw Failure(description: "line \(number): #endif without #if") }
                case "define":
                    guard !dropped else { continue }
                    let macro = argument.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    guard !macro.isEmpty else { throw Failure(description: "line \(number): #define without a name") }
                    let body = argument.dropFirst(macro.count)
                    if body.first == "(" {
                        throw Failure(description: "line \(number): function-like macro \(macro) is not evaluated")
                    }
                    macros[String(macro)] = String(body).trimmingWhitespace()
                case "undef":
                    if !dropped { macros[try identifier(argument, line: number)] = nil }
                default:
                    guard !dropped else { continue }
                    throw Failure(description: "line \(number): #\(name) is not evaluated by atscheck")
                }
            }
            if !stack.isEmpty { throw Failure(description: "an #if is not closed by #endif") }
            return output.joined(separator: "\n")
        }

        /// The single identifier of `#ifdef NAME`.
        func identifier(_ argument: Substring, line: Int) throws(Failure) -> String {
            let name = argument.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard !name.isEmpty, name.first?.isNumber == false else {
                throw Failure(description: "line \(line): expected a macro name, found '\(argument)'")
            }
            return String(name)
        }

        /// ` (NAME is not defined: 0)` for the names an `#if` read as 0, empty for none.
        static func undefinedNote(_ names: [String]) -> String {
            guard !names.isEmpty else { return "" }
            return " (\(names.joined(separator: ", ")) \(names.count == 1 ? "is" : "are") not defined: 0)"
        }

        /// Whether the `#if` expression is true, and the names it read as 0 because nothing
        /// defines them.
        func condition(_ argument: Substring, line: Int) throws(Failure) -> (Bool, [String]) {
            do throws(PreprocessorCondition.Failure) {
                var expression = try PreprocessorCondition(text: String(argument), macros: macros)
                let value = try expression.evaluate()
                return (value != 0, expression.undefinedNames)
            } catch {
                throw Failure(description: "line \(line): \(error.description)")
            }
        }

        /// Most names one text line may have replaced, nested replacements included (a chain of
        /// macros each naming the one below twice doubles at every step).
        static let maximumReplacementsPerLine = 100_000
        /// Longest line a macro expansion may produce.
        static let maximumExpandedLineBytes = 1 << 20

        /// What the expansion of one text line has spent.
        final class LineBudget {
            var replacements = 0
        }

        /// Replaces defined names in a text line, each expansion rescanned except for the names
        /// being expanded (as the C preprocessor does).
        func expand(_ line: String, line number: Int, active: Set<String> = [], depth: Int = 0,
                    budget: LineBudget = LineBudget()) throws(Failure) -> String {
            guard !macros.isEmpty, depth < 64 else {
                if depth >= 64 { throw Failure(description: "line \(number): macro expansion nested too deeply") }
                return line
            }
            var out = ""
            var word = ""
            // A preprocessing number (`2x`, `0x1F`) is one token: no name inside it is replaced.
            var inNumber = false
            func flush() throws(Failure) {
                if let value = macros[word], !active.contains(word) {
                    budget.replacements += 1
                    guard budget.replacements <= Self.maximumReplacementsPerLine else {
                        throw Failure(description: "line \(number): more than \(Self.maximumReplacementsPerLine) macro replacements")
                    }
                    out += try expand(value, line: number, active: active.union([word]), depth: depth + 1, budget: budget)
                    guard out.utf8.count <= Self.maximumExpandedLineBytes else {
                        throw Failure(description: "line \(number): macro expansion produces more than \(Self.maximumExpandedLineBytes) bytes")
                    }
                } else {
                    out += word
                }
                word = ""
            }
            for character in line {
                let namePart = character.isLetter || character == "_" || character.isNumber
                if inNumber, namePart {
                    out.append(character)
                } else if character.isLetter || character == "_" || (!word.isEmpty && character.isNumber) {
                    word.append(character)
                } else {
                    inNumber = character.isNumber
                    try flush()
                    out.append(character)
                }
            }
            try flush()
            return out
        }
    }
}
