import ATSCheck
import ATSProxy
import Foundation

// An HTTP proxy that refuses what iOS would refuse: point a simulator, a WebView test run or
// `curl -x` at it, and every blocked load answers 403 with an X-ATS-Reason header.
// The environment is one release's trust data: Apple's roots for it, the newest CT log list.
let environment = try TrustEnvironment(target: .latest)
let proxy = try ProxyServer(configuration: ProxyConfiguration(environment: environment),
                            listenAddress: "127.0.0.1", port: 0)
proxy.start()
print("ATS-enforcing proxy on 127.0.0.1:\(proxy.port)")
dispatchMain()
