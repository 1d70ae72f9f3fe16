import ATSWhy
import Testing

/// Commands printed with text from the paste: every piece is one shell word (issue 43).
@Suite("atscheck why: suggested commands are shell-safe")
struct ShellSafeCommandTests {
    static let hostile = [
        "https://x.example/v1;touch$IFS./PWNED;",
        "https://x.example/$(touch%20PWNED)",
        "https://x.example/`touch$IFS./PWNED`",
        "https://x.example/it's;id",
        "https://x.example/a&b|c>d<e",
        "http://x.example/v1;touch$IFS./PWNED;",
    ]

    /// What a POSIX shell makes of `word` when it is a single-quoted word (or needs no quotes).
    static func unquoted(_ word: Substring) -> String? {
        guard word.hasPrefix("'") else { return word.allSatisfy { $0.isLetter || $0.isNumber || "._/-+,:@%=".contains($0) } ? String(word) : nil }
        guard word.hasSuffix("'"), word.count >= 2 else { return nil }
        return String(word.dropFirst().dropLast()).replacing(#"'\''"#, with: "'")
    }

    /// The command split at the spaces outside single quotes (a `\'` outside them is a quote).
    static func words(_ command: String) -> [Substring] {
        var words: [Substring] = []
        var start = command.startIndex, quoted = false, index = command.startIndex
        while index < command.endIndex {
            switch command[index] {
            case "'": quoted.toggle()
            case "\\" where !quoted: index = command.index(after: index)
            case " " where !quoted:
                words.append(command[start..<index])
                start = command.index(after: index)
            default: break
            }
            index = command.index(after: index)
        }
        return words + [command[start...]]
    }

    @Test("a hostile failing URL is one single-quoted word in the command, for NSErrorFailingURLKey and NSErrorFailingURLStringKey", arguments: hostile)
    func failingURL(url: String) throws {
        for key in ["NSErrorFailingURLKey", "NSErrorFailingURLStringKey"] {
            let code = url.hasPrefix("http:") ? -1022 : -1200
            let stream = code == -1022 ? "" : "_kCFStreamErrorCodeKey=-9802, "
            let line = #"Task <A>.<1> finished with error [\#(code)] Error Domain=NSURLErrorDomain Code=\#(code) "x" UserInfo={\#(stream)\#(key)=\#(url), _kCFStreamErrorDomainKey=3}"#
            let error = try #require(WhyScanner.decode(line).first)
            let command = try #require(error.command)
            let words = Self.words(command)
            #expect(words.contains { Self.unquoted($0) == url }, "\(command)")
            #expect(words.allSatisfy { Self.unquoted($0) != nil }, "\(command)")
        }
    }

    @Test("a host from Apple's message with spaces, quotes or newlines, and a --url with them, stay one word")
    func messageHostAndContextURL() throws {
        let server = #"Error Domain=NSURLErrorDomain Code=-1202 "The certificate for this server is invalid. You might be connecting to a server that is pretending to be x." UserInfo={NSLocalizedRecoverySuggestion=The server “a.example $(id) 'b'” is not trusted}"#
        let error = try #require(WhyScanner.decode(server).first)
        let command = try #require(error.command)
        #expect(Self.words(command).allSatisfy { Self.unquoted($0) != nil }, "\(command)")
        #expect(command.contains("'https://a.example $(id) '\\''b'\\''/'"), "\(command)")
        var scanner = WhyScanner()
        scanner.feed(text: "Task <4F>.<54> HTTP load failed, 0/0 bytes (error code: -1200 [3:-9836])")
        let context = WhyContext(url: "https://x.example/a\nb;id", policyPath: "My Info.plist")
        let withURL = try #require(scanner.errors(context).first?.command)
        #expect(withURL.contains("'https://x.example/a\nb;id'") && withURL.contains("--policy 'My Info.plist'"), "\(withURL)")
    }

    @Test("an ordinary URL or host stays bare")
    func ordinary() throws {
        let line = #"Task <A>.<1> finished with error [-1022] Error Domain=NSURLErrorDomain Code=-1022 "x" UserInfo={NSErrorFailingURLStringKey=http://api.example.com/v1/items}"#
        #expect(WhyScanner.decode(line).first?.command == "atscheck explain http://api.example.com/v1/items --policy Info.plist")
    }
}
