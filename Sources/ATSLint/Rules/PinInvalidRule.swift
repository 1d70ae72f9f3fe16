import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// `pin-invalid`: a pinned identity that cannot match anything — a digest that is not base64
/// of 32 bytes, an element of the wrong shape, or an empty identity array.
public struct PinInvalidRule: LintRule {
    /// Creates the `pin-invalid` rule, which has no settings.
    public init() {}

    /// `pin-invalid`, an error, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "pin-invalid", severity: .error,
        summary: "A pinned identity is malformed: not base64 of a 32-byte SHA-256 digest, not a dictionary, or an empty array.",
        rationale: "Each NSPinnedCAIdentities / NSPinnedLeafIdentities element must be a dictionary whose SPKI-SHA256-BASE64 is the standard base64 of the 32-byte SHA-256 of a SubjectPublicKeyInfo. A hex digest, a SHA-1 digest, an OkHttp 'sha256/' prefix or a truncated string never matches, and an empty array lists nothing to match; since pins are enforced with no override, either can make every connection to the domain fail.")

    static let recipe = "openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"

    /// One finding per empty `NSPinnedCAIdentities` / `NSPinnedLeafIdentities` array and per identity without a
    /// usable `SPKI-SHA256-BASE64` digest; the fix is the repaired digest when the intent is clear (hex, a
    /// `sha256/` prefix, URL-safe base64), else the openssl recipe that computes one.
    public func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for domain in context.pinnedEntries where domain.isDictionary {
            for (key, identities) in [(ATSKeys.pinnedCAIdentities, domain.caIdentities), (ATSKeys.pinnedLeafIdentities, domain.leafIdentities)] {
                guard let identities, let entry = domain.entries.last(where: { $0.key == key }),
                      case .array = entry.node.value else { continue }  // absent, or wrong-type's finding
                if identities.isEmpty {
                    findings.append(finding("\(key) for \(domain.key) is an empty array, so no certificate can match it.",
                                            at: domain.keyPath.appending(key), entry.keyLocation,
                                            fix: "Add <dict><key>\(ATSKeys.spkiSHA256)</key><string>…</string></dict> elements, or remove \(key)"))
                    continue
                }
                for identity in identities {
                    if let problem = check(identity, key: key, domain: domain.key) { findings.append(problem) }
                }
            }
        }
        return findings
    }

    private func check(_ identity: PinIdentity, key: String, domain: String) -> Finding? {
        guard let text = identity.spkiSHA256Base64 else {
            // Extra keys next to a valid digest are unknown-key's business; a missing or wrong-typed digest is ours.
            let problem = identity.shapeProblem ?? "element is malformed"
            return finding("\(key) element for \(domain) is unusable: \(problem).", at: identity.keyPath, identity.location,
                           fix: "<dict><key>\(ATSKeys.spkiSHA256)</key><string>…</string></dict>")
        }
        guard identity.digest == nil else { return nil }
        let (problem, repaired) = PinDigestDiagnosis.diagnose(text)
        return finding("\(ATSKeys.spkiSHA256) \"\(text)\" for \(domain) \(problem), so it can never match.",
                       at: identity.keyPath, identity.location, fix: repaired ?? Self.recipe)
    }
}

/// Why a pin string is not base64 of 32 bytes, and the repaired value when the intent is clear.
enum PinDigestDiagnosis {
    static func diagnose(_ text: String) -> (problem: String, repaired: String?) {
        func valid(_ candidate: String) -> String? {
            guard let data = Data(base64Encoded: candidate), data.count == 32 else { return nil }
            return data.base64EncodedString()
        }
        let trimmed = text.trimmingWhitespaceAndNewlines()
        for prefix in ["sha256/", "pin-sha256=", "pin-sha256:"] where trimmed.lowercased().hasPrefix(prefix) {
            let rest = String(trimmed.dropFirst(prefix.count)).trimmingScalars { $0 == "\"" || $0 == "'" }
            if let fixed = valid(rest) { return ("carries a '\(prefix)' prefix from another pinning format", fixed) }
        }
        if trimmed != text, let fixed = valid(trimmed) { return ("has surrounding whitespace", fixed) }
        let hexDigits = trimmed.replacingEvery(":", with: "")
        if hexDigits.count == 64, hexDigits.allSatisfy(\.isHexDigit) {
            var bytes = Data()
            var index = hexDigits.startIndex
            while index < hexDigits.endIndex {
                let next = hexDigits.index(index, offsetBy: 2)
                bytes.append(UInt8(hexDigits[index..<next], radix: 16)!)
                index = next
            }
            return ("is a hexadecimal digest, not base64", bytes.base64EncodedString())
        }
        let urlSafe = trimmed.replacingEvery("-", with: "+").replacingEvery("_", with: "/")
        let padded = urlSafe + String(repeating: "=", count: (4 - urlSafe.count % 4) % 4)
        if padded != trimmed, let fixed = valid(padded) { return ("uses URL-safe base64 or lacks its '=' padding", fixed) }
        guard let data = Data(base64Encoded: trimmed) else { return ("is not valid base64", nil) }
        let hint = data.count == 20 ? " (a SHA-1 digest?)" : ""
        return ("decodes to \(data.count) bytes, not the 32 bytes of a SHA-256 digest\(hint)", nil)
    }
}
