import ATSScan

/// A URL given on the command line to a command that echoes it (explain, host, pins).
enum URLArgument {
    /// `text` with its user part (a password, a token) masked as ``URLCredentials/masked(_:)``
    /// masks it, saying so once on stderr when it had one. The masked URL is the one judged:
    /// no ATS verdict depends on the user part, and the probe dials the host and port only, so
    /// the credentials never reach the output, an error message or the JSON.
    static func withoutCredentials(_ text: String, command: String) -> String {
        guard URLCredentials.present(in: text) else { return text }
        CommandRunner.printError("\(command): the URL's user part (credentials) is not shown; ATS does not depend on it")
        return URLCredentials.masked(text)
    }
}
