import ATSCertificates
import ATSPolicy
import ATSProxy
import Foundation

/// A started proxy whose policy allows cleartext everywhere (`NSAllowsArbitraryLoads`), with
/// names dialled where `resolve` says and each log line kept in `lines`; `edit` adjusts the
/// configuration first. The caller stops it.
enum AllowingProxy {
    static let policy = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict></dict></plist>"#

    static func start(resolve: [String: String], timeout: Double, lines: LogLines,
                      edit: (inout ProxyConfiguration) -> Void = { _ in }) throws -> ProxyServer {
        var configuration = ProxyConfiguration(environment: .offline(), policyDocument: try PlistReader.read(Data(policy.utf8)),
                                               resolve: resolve, timeout: timeout, log: { lines.append($0) })
        edit(&configuration)
        let proxy = try ProxyServer(configuration: configuration, listenAddress: "127.0.0.1", port: 0)
        proxy.start()
        return proxy
    }
}
