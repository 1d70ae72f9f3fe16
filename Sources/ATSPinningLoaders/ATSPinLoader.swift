#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSPinning
import ATSVocabulary
import ATSPolicy

extension PinPolicy {
    /// Reads ATS `NSPinnedDomains`.
    ///
    /// Each entry becomes one policy with `leafPins` / `caPins` from `NSPinnedLeafIdentities` /
    /// `NSPinnedCAIdentities` (both must match when both are present); ``PinVerifier`` unites
    /// the pins of every entry that matches a host, and `NSIncludesSubdomains` reaches the
    /// immediate parent only, and only as the Boolean true. Invalid identities are
    /// left out of the sets and reported; an array whose identities are all invalid yields an
    /// empty set, which fails every connection. Entries that are not dictionaries or have
    /// neither array are reported and skipped.
    public static func fromATS(_ policy: AppTransportSecurity, subdomainDepth: SubdomainDepth = .one) -> PinLoadResult {
        var policies: [PinPolicy] = []
        var problems: [String] = []
        for entry in policy.pinnedDomains {
            let place = entry.location.map { "\(entry.keyPath) (\($0))" } ?? "\(entry.keyPath)"
            guard entry.isDictionary else {
                problems.append("\(place): pinned-domain entry is not a dictionary; ignored")
                continue
            }
            guard entry.leafIdentities != nil || entry.caIdentities != nil else {
                problems.append("\(place): neither NSPinnedLeafIdentities nor NSPinnedCAIdentities is present; ignored")
                continue
            }
            func pins(_ identities: [PinIdentity]?, _ name: String) -> Set<Pin>? {
                guard let identities else { return nil }
                var set = Set<Pin>()
                for identity in identities {
                    let where_ = identity.location.map { "\(identity.keyPath) (\($0))" } ?? "\(identity.keyPath)"
                    if let shape = identity.shapeProblem {
                        problems.append("\(where_): \(shape)")
                        continue
                    }
                    guard let text = identity.spkiSHA256Base64 else {
                        problems.append("\(where_): missing SPKI-SHA256-BASE64")
                        continue
                    }
                    do throws(PinParseError) {
                        set.insert(try Pin(base64: text))
                    } catch {
                        problems.append("\(where_): \(error)")
                    }
                }
                if set.isEmpty {
                    problems.append("\(place): \(name) has no valid pin; every connection to \(entry.key) would fail")
                }
                return set
            }
            let leaf = pins(entry.leafIdentities, "NSPinnedLeafIdentities")
            let ca = pins(entry.caIdentities, "NSPinnedCAIdentities")
            // trustd extends a pin to subdomains only for the Boolean true, not a number (parseNSPinnedDomains).
            let subdomains = entry.includesSubdomains.map { $0.value && !$0.writtenAsNumber } ?? false
            policies.append(PinPolicy(domain: entry.key, includesSubdomains: subdomains,
                                      subdomainDepth: subdomainDepth, leafPins: leaf, caPins: ca, source: .ats))
        }
        return PinLoadResult(policies: policies, problems: problems)
    }
}
