import ATSPolicy

// Shared plumbing for the rules in this folder (nothing here emits findings): the domain
// entries of NSExceptionDomains and NSPinnedDomains together.

/// An `NSExceptionDomains` or `NSPinnedDomains` entry, for rules about domain keys.
struct DomainEntry {
    /// `NSExceptionDomains` or `NSPinnedDomains`.
    let dictionary: String
    let key: String
    let keyPath: PlistKeyPath
    let location: SourceLocation?
    let isDictionary: Bool
    let includesSubdomains: Located<Bool>?
    /// Position in its dictionary (file order, duplicates kept).
    let index: Int
}

extension LintContext {
    /// Every domain entry of `NSExceptionDomains`, then of `NSPinnedDomains`.
    var domainEntries: [DomainEntry] {
        exceptionEntries.enumerated().map {
            DomainEntry(dictionary: ATSKeys.exceptionDomains, key: $1.key, keyPath: $1.keyPath, location: $1.location,
                        isDictionary: $1.isDictionary, includesSubdomains: $1.includesSubdomains, index: $0)
        } + pinnedEntries.enumerated().map {
            DomainEntry(dictionary: ATSKeys.pinnedDomains, key: $1.key, keyPath: $1.keyPath, location: $1.location,
                        isDictionary: $1.isDictionary, includesSubdomains: $1.includesSubdomains, index: $0)
        }
    }
}
