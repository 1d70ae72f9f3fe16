import ATSVocabulary
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Shared plumbing for the rules in this folder (nothing here emits findings): what is wrong
// with a domain key as written.

/// What is wrong with an `NSExceptionDomains` / `NSPinnedDomains` key as written (docs/ats-rules.md#ats-host-normalisation).
struct DomainKeyAnalysis {
    /// Problems that stop the key from ever matching a host, as short phrases.
    let problems: [String]
    /// The key with the problems removed (and lower-cased), nil when nothing usable remains.
    let cleaned: String?
    /// True when the key was a wildcard, so the fix also needs `NSIncludesSubdomains=YES`.
    let wantsIncludesSubdomains: Bool

    var isValid: Bool { problems.isEmpty }

    init(_ key: String) {
        var problems: [String] = []
        var text = key
        var wildcard = false
        if key.isEmpty {
            self.problems = ["it is empty"]
            self.cleaned = nil
            self.wantsIncludesSubdomains = false
            return
        }
        if key.contains(where: \.isWhitespace) {
            problems.append("it contains whitespace")
            text = String(text.filter { !$0.isWhitespace })
        }
        if let scheme = text.firstRange(of: "://") {
            problems.append("it has a URL scheme ('\(text[..<scheme.lowerBound])://')")
            text = String(text[scheme.upperBound...])
        }
        if let at = text.firstIndex(of: "@"), !text[..<at].contains("/") {
            problems.append("it has user information before '@'")
            text = String(text[text.index(after: at)...])
        }
        if IPAddressRange(text) == nil, let slash = text.firstIndex(where: { "/?#".contains($0) }) {
            problems.append("it has a path, query or fragment ('\(text[slash...])')")
            text = String(text[..<slash])
        }
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            problems.append("it wraps an IPv6 address in brackets")
            let rest = text[text.index(after: close)...]
            if rest.hasPrefix(":"), rest.dropFirst().allSatisfy(\.isNumber), rest.count > 1 {
                problems.append("it has a port ('\(rest)')")
            }
            text = String(text[text.index(after: text.startIndex)..<close])
        } else if IPAddress(text, allowingZone: false) == nil, IPAddressRange(text) == nil,
                  let colon = text.lastIndex(of: ":") {
            let port = text[text.index(after: colon)...]
            problems.append(port.allSatisfy(\.isNumber) && !port.isEmpty ? "it has a port (':\(port)')" : "it contains ':'")
            text = String(text[..<colon])
        }
        if text.hasPrefix("*.") {
            problems.append("it is a wildcard (ATS keys are literal names)")
            wildcard = true
            text = String(text.dropFirst(2))
        } else if text.contains("*") {
            problems.append("it contains '*' (ATS keys are literal names)")
            text = ""
        } else if text.hasPrefix(".") {
            problems.append("it starts with a dot")
            wildcard = true
            text = String(text.drop { $0 == "." })
        }
        self.problems = problems
        let cleaned = text.lowercased()
        self.cleaned = cleaned.isEmpty ? nil : cleaned
        self.wantsIncludesSubdomains = wildcard
    }

    /// True for IP-address and CIDR keys (meaningful only from iOS 17, docs/ats-rules.md#ats-local-exemption).
    static func isIPOrCIDR(_ key: String) -> Bool {
        IPAddress(key, allowingZone: false) != nil || IPAddressRange(key) != nil
    }
}
