/// What the user says besides the paste (`why --url`, `--policy`): the failing URL when the text
/// names none, and the app's policy file, so the commands `why` prints can be run as they are.
public struct WhyContext: Sendable, Hashable {
    /// The URL the failing load went to, used for an error whose text names no URL.
    public var url: String?
    /// The path of the app's Info.plist (or app.json, config.xml).
    public var policyPath: String?
    /// The one host the whole paste names, for an error whose own lines name none (a
    /// SecTrust line names the host, the NSURLError line after it does not).
    var pasteHost: String? = nil

    /// A context; both parts optional.
    public init(url: String? = nil, policyPath: String? = nil) {
        self.url = url
        self.policyPath = policyPath
    }

    /// The `--policy` argument of the commands: the path, quoted for a POSIX shell when it
    /// needs to be, or `Info.plist` standing in.
    var policyArgument: String { policyPath.map(Self.shellQuoted) ?? "Info.plist" }

    /// `text` as one POSIX shell word: bare when it holds only characters no shell treats
    /// specially, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || "._/-+,:@%=".unicodeScalars.contains($0)
        }
        return plain ? text : "'" + text.map { $0 == "'" ? #"'\''"# : String($0) }.joined() + "'"
    }
}
