/// Which configuration format a pin policy came from; it decides the matching semantics.
public enum PinSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// ATS `NSPinnedDomains` (separate leaf and CA arrays, AND when both are present).
    case ats
    /// TrustKit `TSKPinnedDomains` (any certificate in the chain).
    case trustkit
    /// Android Network Security Config `<pin-set>` (any certificate in the trusted chain).
    case android
}
