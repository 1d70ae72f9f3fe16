/// A negotiated cipher suite.
public struct CipherSuite: Sendable, Hashable, Codable {
    /// IANA code point (e.g. 0xC02F).
    public let id: UInt16
    /// IANA name (`TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256`).
    public let ianaName: String
    /// OpenSSL's name (`ECDHE-RSA-AES128-GCM-SHA256`).
    public let openSSLName: String

    /// Creates a suite.
    public init(id: UInt16, ianaName: String, openSSLName: String) {
        self.id = id
        self.ianaName = ianaName
        self.openSSLName = openSSLName
    }
}
