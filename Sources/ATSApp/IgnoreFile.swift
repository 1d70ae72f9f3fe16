import ATSArchive
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A project's `.atscheckignore`: one ``PathGlob`` a line, as `.gitignore` writes them; blank
/// lines and lines starting with `#` are comments, a line starting with `!` reads again what an
/// earlier line or a default skip leaves out, and the last matching line decides. Trailing
/// blanks are dropped. Read only as a regular file, at most ``maximumBytes`` and
/// ``maximumRules`` rules; every cap hit and read failure is a problem of the walk.
struct IgnoreFile: Sendable {
    /// One line of the file.
    struct Rule: Sendable {
        let glob: PathGlob
        /// A `!` line: read what it matches.
        let reinclude: Bool
        /// 1-based.
        let line: Int
    }

    /// Rules in file order.
    let rules: [Rule]

    static let maximumBytes = 64 * 1024
    static let maximumRules = 256

    /// No rules.
    init() { rules = [] }

    /// Rules from the text of an ignore file; past ``maximumRules`` the rest are dropped and
    /// `capped` is set.
    init(text: String, capped: inout Bool) {
        var rules: [Rule] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(raw)
            while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let reinclude = line.hasPrefix("!")
            guard let glob = PathGlob(String(reinclude ? line.dropFirst() : line)) else { continue }
            guard rules.count < Self.maximumRules else {
                capped = true
                break
            }
            rules.append(Rule(glob: glob, reinclude: reinclude, line: index + 1))
        }
        self.rules = rules
    }

    /// The ignore file at `root`, or no rules when there is none; what went wrong reading it
    /// goes to `problems`.
    static func read(root: String, problems: inout [ArchiveProblem]) -> IgnoreFile {
        let name = ScanScope.ignoreFileName
        let path = root.hasSuffix("/") ? root + name : root + "/" + name
        switch FileKind.of(path, followingLinks: false) {
        case nil:
            return IgnoreFile()
        case .symbolicLink?:
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? ""
            problems.append(ArchiveProblem(path: name, problem: .symbolicLink(target: target)))
            return IgnoreFile()
        case .directory?, .other?:
            problems.append(ArchiveProblem(path: name, problem: .unsupportedKind))
            return IgnoreFile()
        case .regular?:
            break
        }
        do throws(FileReadError) {
            let bytes = try RegularFile.read(atPath: path, limit: maximumBytes)
            var capped = false
            let file = IgnoreFile(text: String(decoding: bytes, as: UTF8.self), capped: &capped)
            if capped {
                problems.append(ArchiveProblem(path: name, problem: .unreadable("more than \(maximumRules) rules: the rest are not applied")))
            }
            return file
        } catch .tooLarge {
            problems.append(ArchiveProblem(path: name, problem: .unreadable("larger than \(maximumBytes) bytes: not applied")))
            return IgnoreFile()
        } catch {
            problems.append(ArchiveProblem(path: name, problem: .unreadable(error.description)))
            return IgnoreFile()
        }
    }

    /// The last rule matching `path`, if any.
    func lastMatch(_ path: String, isDirectory: Bool) -> Rule? {
        rules.last { $0.glob.matches(path, isDirectory: isDirectory) }
    }
}
