import AtscheckTestSupport
import Foundation

/// Makes a run's JSON comparable with its golden file by replacing the few values that differ
/// between two identical runs. Nothing else is touched: every key, its order, every null and
/// every other value is compared byte for byte.
enum GoldenNormaliser {
    /// Every replacement, in order:
    /// - the value of `rootCAFile` → `"<rootCAFile>"`: `lab` prints where its root CA is, a
    ///   resource of the build whose path depends on the checkout, platform and configuration;
    /// - the package root's absolute path → `<packageRoot>`: the checkout lives in a different
    ///   directory on every machine;
    /// - each loopback port the lab picked → `"<port>"` as the value of `port`, `<port>` in
    ///   `:N` of `target`, `url` and messages: the lab listens on ephemeral ports;
    /// - the value of `milliseconds` and `probeMilliseconds` → `"<milliseconds>"`: wall time
    ///   of the handshakes.
    static func normalise(_ text: String, ports: [UInt16]) -> String {
        var result = replacing(#"(?<="rootCAFile" : )"(\\.|[^"\\])*""#, in: text, with: "\"<rootCAFile>\"")
        result = result.replacingOccurrences(of: RepositoryLayout.packageRoot.standardizedFileURL.path, with: "<packageRoot>")
        let printedPorts = matches(of: #""port" : (\d+)"#, in: result).compactMap { UInt16($0) }
        for port in Set(ports + printedPorts).sorted(by: >) {
            result = replacing(#"(?<="port" : )\#(port)(?!\d)"#, in: result, with: "\"<port>\"")
            result = replacing(#"(?<=:)\#(port)(?!\d)"#, in: result, with: "<port>")
        }
        return replacing(#"(?<="(milliseconds|probeMilliseconds)" : )-?[0-9.eE+-]+"#, in: result, with: "\"<milliseconds>\"")
    }

    private static func replacing(_ pattern: String, in text: String, with template: String) -> String {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }

    /// The first capture group of every match.
    private static func matches(of pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
