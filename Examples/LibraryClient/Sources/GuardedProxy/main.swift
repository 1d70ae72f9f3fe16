import ATSCertificates
import ATSProxy
import ATSTrustData
import Foundation

// An HTTP proxy that refuses what iOS would refuse: point a simulator, a WebView test run or
// `curl -x` at it, and every blocked load answers 403 with an X-ATS-Reason header.
let roots = try LazyRootSet.apple()   // Apple's preinstalled roots, decoded when a chain names one
let proxy = try ProxyServer(configuration: ProxyConfiguration(trustStore: TrustStore(lazySystem: roots)),
                            listenAddress: "127.0.0.1", port: 0)
proxy.start()
print("ATS-enforcing proxy on 127.0.0.1:\(proxy.port)")
dispatchMain()
