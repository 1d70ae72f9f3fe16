// Small fixture documents kept inline (files under the test target would need a Package.swift
// resources/exclude entry). Their pins are synthetic: 32 bytes of 0xAB, 0xCD, 0x01; one 20-byte value.
enum FixtureDocuments {
    /// A TrustKit configuration inside an Info.plist (TSKConfiguration).
    static let trustKitPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>CFBundleIdentifier</key><string>test.atscheck</string>
        <key>TSKConfiguration</key>
        <dict>
            <key>TSKSwizzleNetworkDelegates</key><false/>
            <key>TSKPinnedDomains</key>
            <dict>
                <key>example.com</key>
                <dict>
                    <key>TSKIncludeSubdomains</key><true/>
                    <key>TSKExpirationDate</key><string>2025-12-31</string>
                    <key>TSKPublicKeyHashes</key>
                    <array>
                        <string>q6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6s=</string>
                        <string>zc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc0=</string>
                    </array>
                    <key>TSKReportUris</key><array><string>https://report.example.com/log</string></array>
                </dict>
                <key>public.example.com</key>
                <dict>
                    <key>kSKExcludeSubdomainFromParentPolicy</key><true/>
                </dict>
                <key>reportonly.example.org</key>
                <dict>
                    <key>TSKEnforcePinning</key><false/>
                    <key>TSKPublicKeyHashes</key>
                    <array><string>q6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6s=</string></array>
                </dict>
            </dict>
        </dict>
    </dict>
    </plist>
    """

    /// An Android network_security_config.xml with nested domain-configs.
    static let androidNSC = """
    <?xml version="1.0" encoding="utf-8"?>
    <network-security-config>
        <base-config cleartextTrafficPermitted="false"/>
        <domain-config>
            <domain includeSubdomains="true">example.com</domain>
            <domain>api.example.org</domain>
            <pin-set expiration="2025-12-31">
                <pin digest="SHA-256">q6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6s=</pin>
                <pin digest="SHA-256">zc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc0=</pin>
                <pin digest="SHA-1">AQEBAQEBAQEBAQEBAQEBAQEBAQE=</pin>
                <pin digest="SHA-256">AQEBAQEBAQEBAQEBAQEBAQEBAQE=</pin>
            </pin-set>
            <domain-config>
                <domain>inherits.example.com</domain>
            </domain-config>
            <domain-config>
                <domain>own.example.com</domain>
                <pin-set>
                    <pin digest="SHA-256">AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=</pin>
                </pin-set>
            </domain-config>
        </domain-config>
        <domain-config cleartextTrafficPermitted="true">
            <domain>nopins.example.net</domain>
        </domain-config>
    </network-security-config>
    """
}
