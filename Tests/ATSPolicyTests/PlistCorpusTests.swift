import AtscheckTestSupport
import Foundation
import Testing
@testable import ATSPolicy

/// Every real-world Info.plist in Tests/Corpus/plists, checked against Python's plistlib
/// (expat underneath: an independent XML parser and plist reader) run as a subprocess.
@Suite struct PlistCorpusTests {
    /// A value as both sides can express it: dictionaries as ordered pairs with duplicate keys
    /// folded the way Python's dict folds them (first position, last value), dates as seconds
    /// since 1970, data as base64.
    indirect enum Canon: Equatable, Sendable {
        case dict([Pair]), array([Canon]), string(String), bool(Bool), integer(String), real(Double), date(Double), data(String)

        struct Pair: Equatable, Sendable {
            let key: String
            let value: Canon
        }

        init(_ value: PlistValue) {
            switch value {
            case .dictionary(let entries):
                var pairs: [Pair] = []
                var positions: [String: Int] = [:]
                for entry in entries {
                    let pair = Pair(key: entry.key, value: Canon(entry.node.value))
                    if let position = positions[entry.key] {
                        pairs[position] = pair
                    } else {
                        positions[entry.key] = pairs.count
                        pairs.append(pair)
                    }
                }
                self = .dict(pairs)
            case .array(let nodes): self = .array(nodes.map { Canon($0.value) })
            case .string(let string): self = .string(string)
            case .bool(let flag): self = .bool(flag)
            case .integer(let text): self = .integer(text)
            case .real(let number): self = .real(number)
            case .date(let date): self = .date(date.timeIntervalSince1970)
            case .data(let data): self = .data(data.base64EncodedString())
            }
        }

        /// From plistlib's dump: `{"t": type, "v": value}`.
        init?(python object: Any) {
            guard let node = object as? [String: Any], let type = node["t"] as? String, let value = node["v"] else { return nil }
            switch type {
            case "dict":
                guard let pairs = value as? [[Any]] else { return nil }
                var result: [Pair] = []
                for pair in pairs {
                    guard pair.count == 2, let key = pair[0] as? String, let inner = Canon(python: pair[1]) else { return nil }
                    result.append(Pair(key: key, value: inner))
                }
                self = .dict(result)
            case "array":
                guard let items = value as? [Any] else { return nil }
                var result: [Canon] = []
                for item in items {
                    guard let inner = Canon(python: item) else { return nil }
                    result.append(inner)
                }
                self = .array(result)
            case "string": guard let s = value as? String else { return nil }; self = .string(s)
            case "bool": guard let b = value as? Bool else { return nil }; self = .bool(b)
            case "integer": guard let s = value as? String else { return nil }; self = .integer(s)
            case "real": guard let s = value as? String, let d = Double(s) else { return nil }; self = .real(d)
            case "date": guard let n = value as? NSNumber else { return nil }; self = .date(n.doubleValue)
            case "data": guard let s = value as? String else { return nil }; self = .data(s)
            default: return nil
            }
        }

        /// The path to the first difference, or nil when equal.
        func firstDifference(from other: Canon, path: String = "") -> String? {
            switch (self, other) {
            case (.dict(let a), .dict(let b)):
                for (x, y) in zip(a, b) {
                    if x.key != y.key { return "\(path): key '\(x.key)' vs '\(y.key)'" }
                    if let difference = x.value.firstDifference(from: y.value, path: path + "." + x.key) { return difference }
                }
                return a.count == b.count ? nil : "\(path): \(a.count) vs \(b.count) entries"
            case (.array(let a), .array(let b)):
                for (index, (x, y)) in zip(a, b).enumerated() {
                    if let difference = x.firstDifference(from: y, path: path + "[\(index)]") { return difference }
                }
                return a.count == b.count ? nil : "\(path): \(a.count) vs \(b.count) items"
            default:
                return self == other ? nil : "\(path): \(self) vs \(other)"
            }
        }
    }

    static let pythonScript = #"""
    import base64, datetime, json, os, plistlib, sys

    def conv(v):
        if isinstance(v, bool): return {"t": "bool", "v": v}
        if isinstance(v, int): return {"t": "integer", "v": str(v)}
        if isinstance(v, float): return {"t": "real", "v": repr(v)}
        if isinstance(v, str): return {"t": "string", "v": v}
        if isinstance(v, bytes): return {"t": "data", "v": base64.b64encode(v).decode()}
        if isinstance(v, datetime.datetime):
            return {"t": "date", "v": v.replace(tzinfo=datetime.timezone.utc).timestamp()}
        if isinstance(v, dict): return {"t": "dict", "v": [[k, conv(x)] for k, x in v.items()]}
        if isinstance(v, list): return {"t": "array", "v": [conv(x) for x in v]}
        raise TypeError(type(v).__name__)

    out = {}
    directory = sys.argv[1]
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".plist"):
            continue
        try:
            with open(os.path.join(directory, name), "rb") as f:
                out[name] = {"ok": conv(plistlib.load(f))}
        except Exception as e:
            out[name] = {"error": type(e).__name__ + ": " + str(e)}
    json.dump(out, sys.stdout)
    """#

    /// plistlib's reading of every corpus file: the value, or the error text.
    static func pythonReadings() throws -> [String: Result<Canon, PythonError>] {
        let result = try ChildProcess.run(ChildProcess.env, ["python3", "-c", pythonScript, RepositoryLayout.corpusPlists.path],
                                          timeout: 300)
        let data = result.stdout
        try #require(result.status == 0 && !result.timedOut,
                     "python3 with plistlib is needed for the corpus comparison: \(result.stderrText)")
        let object = try JSONSerialization.jsonObject(with: data)
        let files = try #require(object as? [String: [String: Any]])
        var readings: [String: Result<Canon, PythonError>] = [:]
        for (name, reading) in files {
            if let message = reading["error"] as? String {
                readings[name] = .failure(PythonError(message: message))
            } else {
                readings[name] = .success(try #require(Canon(python: reading["ok"] as Any), "cannot decode plistlib's dump of \(name)"))
            }
        }
        return readings
    }

    struct PythonError: Error, Equatable {
        let message: String
    }

    static func corpusFiles() throws -> [URL] {
        let directory = RepositoryLayout.corpusPlists
        var isDirectory: ObjCBool = false
        try #require(FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) && isDirectory.boolValue,
                     "the plist corpus is missing: expected it at \(directory.path)")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "plist" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        try #require(files.count >= 70, "expected the 73 corpus plists, found \(files.count)")
        return files
    }

    @Test func everyCorpusFileReadsLikePlistlib() throws {
        let files = try Self.corpusFiles()
        let python = try Self.pythonReadings()
        #expect(Set(python.keys) == Set(files.map(\.lastPathComponent)))
        var ourInvalid: Set<String> = []
        for file in files {
            let name = file.lastPathComponent
            let data = try Data(contentsOf: file)
            let ours: Result<PlistDocument, PlistReadError> = Result { () throws(PlistReadError) in try PlistReader.read(data) }
            switch (ours, python[name]) {
            case (.success(let document), .success(let expected)?):
                #expect(document.format == .xml, "\(name)")
                let difference = Canon(document.root.value).firstDifference(from: expected)
                #expect(difference == nil, "\(name) differs from plistlib at \(difference ?? "")")
            case (.failure(let error), .failure?):
                ourInvalid.insert(name)
                #expect(error.location != nil, "\(name): \(error) has no location")
            case (.success, .failure(let error)?):
                Issue.record("\(name): read, but plistlib says \(error.message)")
            case (.failure(let error), .success?):
                Issue.record("\(name): plistlib reads it, but we say \(error)")
            case (_, nil):
                Issue.record("\(name): no plistlib result")
            }
        }
        // The four files SOURCES.tsv marks as malformed (checked by hand: a stray <dict> without
        // a key, broken nesting, git conflict markers, a second value pasted after the root).
        #expect(ourInvalid == [
            "005-facebook-react-native-Info.plist", "053-macvim-dev-macvim-Info.plist",
            "063-kiwix-kiwix-apple-Info.plist", "073-Pascal-Bliem-doggo-snap-Info.plist",
        ])
    }

    @Test func invalidityAgreesWithSourcesTSV() throws {
        let table = try String(contentsOf: RepositoryLayout.corpusPlists.appendingPathComponent("SOURCES.tsv"), encoding: .utf8)
        var rows = table.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let header = rows.removeFirst()
        let fileColumn = try #require(header.firstIndex(of: "file"))
        let parseColumn = try #require(header.firstIndex(of: "parse"))
        for row in rows where row.count > parseColumn {
            let data = try Data(contentsOf: RepositoryLayout.corpusPlists.appendingPathComponent(row[fileColumn]))
            let readsHere = plistError(data) == nil
            #expect(readsHere == (row[parseColumn] == "ok"), "\(row[fileColumn]): SOURCES.tsv says \(row[parseColumn])")
        }
    }

    @Test func malformedCorpusFilesAreReportedWhereTheyBreak() throws {
        func error(_ name: String) throws -> PlistReadError {
            let data = try Data(contentsOf: RepositoryLayout.corpusPlists.appendingPathComponent(name))
            return try #require(plistError(data), "\(name) read without error")
        }
        // A <dict> where a <key> belongs (plistlib: "unexpected element at line 55").
        #expect(try error("005-facebook-react-native-Info.plist")
            == PlistReadError("expected <key> in <dict>, found <dict> (keys and values must alternate)", at: at(55, 2)))
        // plistlib: "unexpected key at line 1336".
        #expect(try error("053-macvim-dev-macvim-Info.plist").location?.line == 1336)
        // Conflict markers: expat says "not well-formed (invalid token): line 52, column 1".
        #expect(try error("063-kiwix-kiwix-apple-Info.plist").location?.line == 52)
        #expect(try error("073-Pascal-Bliem-doggo-snap-Info.plist").message.contains("unexpected <key> inside <plist>"))
    }

    /// Every location in the corpus points at the `<` of the element it belongs to.
    @Test func everyLocationPointsAtItsTag() throws {
        for file in try Self.corpusFiles() {
            let data = try Data(contentsOf: file)
            guard let document = try? PlistReader.read(data) else { continue }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .map { Array($0.unicodeScalars) }
            func text(at location: ATSPolicy.SourceLocation?) -> String {
                guard let location, location.line <= lines.count else { return "<no location>" }
                let line = lines[location.line - 1]
                guard location.column <= line.count else { return "<past end of line>" }
                return String(String.UnicodeScalarView(line[(location.column - 1)...].prefix(12)))
            }
            func tag(_ value: PlistValue) -> String {
                switch value {
                case .dictionary: return "<dict"
                case .array: return "<array"
                case .string: return "<string"
                case .bool(let flag): return flag ? "<true" : "<false"
                case .integer: return "<integer"
                case .real: return "<real"
                case .date: return "<date"
                case .data: return "<data"
                }
            }
            var checked = 0
            #expect(text(at: document.root.location).hasPrefix(tag(document.root.value)), "\(file.lastPathComponent) root")
            document.root.value.walk { node, entry in
                if let entry {
                    #expect(text(at: entry.keyLocation).hasPrefix("<key>"), "\(file.lastPathComponent) key \(entry.key) at \(entry.keyLocation.map(\.description) ?? "-")")
                    #expect(text(at: entry.node.location).hasPrefix(tag(entry.node.value)), "\(file.lastPathComponent) value of \(entry.key)")
                    checked += 2
                } else if let node {
                    #expect(text(at: node.location).hasPrefix(tag(node.value)), "\(file.lastPathComponent) array item")
                    checked += 1
                }
            }
            #expect(checked > 0, "\(file.lastPathComponent)")
        }
    }
}
