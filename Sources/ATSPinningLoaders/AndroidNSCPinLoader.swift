import ATSPinning
import ATSVocabulary
import ATSPolicy
import ATSXML
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PinPolicy {
    /// Reads pins from an Android `network_security_config.xml`.
    ///
    /// Each `<domain>` of a `<domain-config>` with a `<pin-set>` (its own or inherited from an
    /// enclosing `<domain-config>`) becomes one policy: any certificate in the chain may match,
    /// subdomains at any depth when `includeSubdomains="true"`, and the set stops applying after
    /// its `expiration` day (UTC). Pins with a digest other than `SHA-256` or a bad length are
    /// reported and left out. Documents declaring entities (`<!ENTITY`) are refused; external
    /// entities are never resolved.
    public static func fromAndroidNSC(xml: Data) -> PinLoadResult {
        if containsEntityDeclaration(xml) {
            return PinLoadResult(policies: [], problems: ["XML declares entities (<!ENTITY); refused"])
        }
        // The XML declaration and encoding checks the plist reader applies (UTF-7 or an
        // unterminated declaration would otherwise reach libxml2's encoding switch).
        let prepared: Data
        do {
            prepared = try SafeXML.prepare(xml)
        } catch {
            return PinLoadResult(policies: [], problems: ["XML refused: \(error.message)"])
        }
        let parser = XMLSAXParser([UInt8](prepared))
        let collector = NSCCollector(parser: parser)
        if !parser.parse(collector.handle) {
            let reason = parser.errorCode.map(xmlErrorDescription) ?? "unknown error"
            return PinLoadResult(policies: [], problems: collector.problems
                                 + ["XML error at line \(parser.line): \(reason)"])
        }
        if let open = collector.openElement {
            return PinLoadResult(policies: [], problems: collector.problems
                                 + ["XML error: document ends inside <\(open)>"])
        }
        return PinLoadResult(policies: collector.policies, problems: collector.problems)
    }

    /// A libxml2 error code worded as Foundation's `XMLParser` error described itself, which
    /// is what this problem has always said.
    private static func xmlErrorDescription(_ code: Int) -> String {
        "The operation could not be completed. (NSXMLParserErrorDomain error \(code).)"
    }

    /// Case-insensitive search for `<!ENTITY`.
    private static func containsEntityDeclaration(_ data: Data) -> Bool {
        let needle = Array("<!ENTITY".utf8)
        let bytes = [UInt8](data)
        guard bytes.count >= needle.count else { return false }
        outer: for start in 0...(bytes.count - needle.count) {
            for (offset, expected) in needle.enumerated() {
                var byte = bytes[start + offset]
                if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
                if byte != expected { continue outer }
            }
            return true
        }
        return false
    }
}

/// Collects `<domain-config>` / `<pin-set>` elements from the events of one parse. Errors are
/// not acted on (libxml2 recovers; a parse that still fails is reported at its end), CDATA
/// sections are not text here, and undefined entities are left to libxml2.
private final class NSCCollector {
    struct PinSet { var pins: Set<Pin>; var expiration: Date? }
    final class Frame {
        var domains: [(name: String, includeSubdomains: Bool)] = []
        var pinSet: PinSet?
        let parent: Frame?
        init(parent: Frame?) { self.parent = parent }
        var effectivePinSet: PinSet? { pinSet ?? parent?.effectivePinSet }
    }

    var policies: [PinPolicy] = []
    var problems: [String] = []
    private var frames: [Frame] = []
    private var path: [String] = []
    /// The innermost element still open when parsing stopped (a truncated document).
    var openElement: String? { path.last }
    private var text = ""
    private var domainIncludeSubdomains = false
    private var pinDigest: String?
    private var currentPinSet: PinSet?
    private var finished: [Frame] = []
    private let parser: XMLSAXParser

    init(parser: XMLSAXParser) {
        self.parser = parser
    }

    func handle(_ event: XMLEvent) {
        switch event {
        case .startElement(let name, let attributes): startElement(name, attributes: attributes)
        case .endElement(let name): endElement(name)
        case .characters(let string): text += string
        case .cdata, .comment, .error, .undefinedEntity, .entityDeclaration: break
        }
    }

    private func startElement(_ name: String, attributes: [String: String]) {
        let parent = path.last
        path.append(name)
        text = ""
        switch name {
        case "domain-config":
            frames.append(Frame(parent: frames.last))
        case "domain" where parent == "domain-config":
            domainIncludeSubdomains = boolean(attributes["includeSubdomains"], line: parser.line)
        case "pin-set":
            guard parent == "domain-config" else {
                problems.append("line \(parser.line): <pin-set> outside <domain-config> is ignored")
                return
            }
            var expiration: Date?
            if let value = attributes["expiration"] {
                expiration = UTCTimestamp.parseDay(value)
                if expiration == nil {
                    problems.append("line \(parser.line): pin-set expiration '\(value)' is not yyyy-MM-dd; treated as never expiring")
                }
            }
            currentPinSet = PinSet(pins: [], expiration: expiration)
        case "pin":
            pinDigest = attributes["digest"]
        default:
            break
        }
    }

    private func endElement(_ name: String) {
        path.removeLast()
        let content = SafeXML.trimmed(text)
        text = ""
        switch name {
        case "domain" where path.last == "domain-config":
            if content.isEmpty {
                problems.append("line \(parser.line): empty <domain>")
            } else {
                frames.last?.domains.append((content, domainIncludeSubdomains))
            }
        case "pin" where path.last == "pin-set" && currentPinSet != nil:
            guard pinDigest == "SHA-256" else {
                problems.append("line \(parser.line): unsupported pin digest '\(pinDigest ?? "")' (only SHA-256)")
                return
            }
            do throws(PinParseError) {
                currentPinSet?.pins.insert(try Pin(base64: content))
            } catch {
                problems.append("line \(parser.line): \(error)")
            }
        case "pin-set" where path.last == "domain-config" && currentPinSet != nil:
            if currentPinSet!.pins.isEmpty {
                problems.append("line \(parser.line): pin-set has no valid pin; every connection would fail")
            }
            frames.last?.pinSet = currentPinSet
            currentPinSet = nil
        case "domain-config":
            let frame = frames.removeLast()
            if let pinSet = frame.effectivePinSet {
                for domain in frame.domains {
                    policies.append(PinPolicy(domain: domain.name, includesSubdomains: domain.includeSubdomains,
                                              anyPins: pinSet.pins, expiration: pinSet.expiration, source: .android))
                }
            }
        default:
            break
        }
    }

    private func boolean(_ value: String?, line: Int) -> Bool {
        switch value {
        case nil, "false": return false
        case "true": return true
        case let other?:
            problems.append("line \(line): includeSubdomains '\(other)' is not true/false; using false")
            return false
        }
    }
}
