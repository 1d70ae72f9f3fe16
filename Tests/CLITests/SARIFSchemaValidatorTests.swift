import AtscheckTestSupport
import Foundation
import Testing

/// `SARIFSchema` (Tests/TestSupport) refuses every kind of violation it checks, so the
/// conformance tests of `lint` and `app` (SARIFSchemaOutputTests) cannot pass vacuously: a
/// valid log using every property atscheck writes is accepted, and each one-place change of it
/// is refused with exactly one violation at that place, naming the schema rule it breaks.
@Suite("SARIF schema: the hand-written validator")
struct SARIFSchemaValidatorTests {
    /// A valid SARIF 2.1.0 log with every object and property atscheck writes, and a few more
    /// (originalUriBaseIds, kind, fingerprints, endLine, a suppression's location). Each string
    /// a mutation below replaces occurs once.
    static let valid = #"""
    {
      "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
      "version": "2.1.0",
      "runs": [
        {
          "tool": {
            "driver": {
              "name": "atscheck",
              "version": "0.1.0",
              "semanticVersion": "0.1.0-beta.1+build.5",
              "informationUri": "https://github.com/ORG/atscheck/blob/main/",
              "rules": [
                {
                  "id": "a-rule",
                  "name": "ARule",
                  "shortDescription": {"text": "Rule A."},
                  "fullDescription": {"text": "Rule A, in full."},
                  "help": {"text": "Help A.", "markdown": "**Help A.**"},
                  "helpUri": "https://github.com/ORG/atscheck/blob/main/docs/rules.md#a-rule",
                  "defaultConfiguration": {"level": "note"},
                  "properties": {"tags": ["security", "ats"], "citation": "docs/rules.md#a-rule"}
                },
                {
                  "id": "b-rule",
                  "shortDescription": {"text": "Rule B."},
                  "defaultConfiguration": {"level": "warning", "enabled": true, "rank": 50}
                }
              ]
            }
          },
          "originalUriBaseIds": {"%SRCROOT%": {"uri": "file:///work/project/"}},
          "results": [
            {
              "ruleId": "b-rule",
              "ruleIndex": 1,
              "kind": "fail",
              "level": "error",
              "message": {"text": "A finding."},
              "locations": [
                {
                  "physicalLocation": {
                    "artifactLocation": {"uri": "src/Info%20Copy.plist", "uriBaseId": "%SRCROOT%"},
                    "region": {"startLine": 3, "startColumn": 9, "endLine": 4}
                  }
                }
              ],
              "partialFingerprints": {"atscheckFinding/v1": "1aa7a6c489b77464:1"},
              "fingerprints": {"whole/v2": "ffee"},
              "baselineState": "unchanged",
              "suppressions": [
                {
                  "kind": "external",
                  "status": "accepted",
                  "justification": "Tor hidden services are user-chosen",
                  "location": {"physicalLocation": {"artifactLocation": {"uri": "file:///work/project/.atscheck.yml"}, "region": {"startLine": 12}}}
                }
              ],
              "properties": {"keyPath": "NSAppTransportSecurity.NSExceptionDomains.onion", "fix": "remove it"}
            },
            {
              "ruleId": "a-rule",
              "ruleIndex": 0,
              "level": "note",
              "message": {"text": "Another finding."},
              "locations": [{"physicalLocation": {"artifactLocation": {"uri": "file:///elsewhere/Info.plist"}, "region": {"startLine": 1}}}],
              "suppressions": [{"kind": "inSource", "justification": "WireGuard-tunnelled"}]
            }
          ]
        }
      ]
    }
    """#

    @Test("the valid log passes, with and without atscheck's artifact-uri convention")
    func validPasses() {
        #expect(SARIFSchema.violations(Self.valid) == [])
        #expect(SARIFSchema.violations(Self.valid, artifactSchemes: ["file"]) == [])
    }

    /// One change of the valid log: replace `find` (once in it) with `replace`; the one violation
    /// expected starts with `path` and names `rule`.
    struct Mutation: Sendable, CustomTestStringConvertible {
        let what, find, replace, path, rule: String
        init(_ what: String, _ find: String, _ replace: String, _ path: String, _ rule: String) {
            (self.what, self.find, self.replace, self.path, self.rule) = (what, find, replace, path, rule)
        }
        var testDescription: String { what }
    }

    static let mutations: [Mutation] = [
        Mutation("wrong version", #""version": "2.1.0""#, #""version": "2.0.0""#, "version:", "[sarifLog.properties.version]"),
        Mutation("version not a string", #""version": "2.1.0""#, #""version": 2.1"#, "version:", "[sarifLog.properties.version]"),
        Mutation("$schema not a URI", #""$schema": "https://json.schemastore.org/sarif-2.1.0.json""#, #""$schema": "sarif 2.1.0""#, "$schema:", "[sarifLog.properties.$schema.format]"),
        Mutation("driver without name", #""name": "atscheck","#, "", "runs[0].tool.driver:", "[toolComponent.required]"),
        Mutation("semanticVersion not semver", #""semanticVersion": "0.1.0-beta.1+build.5""#, #""semanticVersion": "0.1""#, "runs[0].tool.driver.semanticVersion:", "[§3.19.12]"),
        Mutation("relative informationUri", #""informationUri": "https://github.com/ORG/atscheck/blob/main/""#, #""informationUri": "docs/""#, "runs[0].tool.driver.informationUri:", "format]"),
        Mutation("rule without id", #""id": "a-rule","#, "", "runs[0].tool.driver.rules[0]:", "[reportingDescriptor.required]"),
        Mutation("bad default level", #""defaultConfiguration": {"level": "note"}"#, #""defaultConfiguration": {"level": "info"}"#, "runs[0].tool.driver.rules[0].defaultConfiguration.level:", "[reportingConfiguration.properties.level]"),
        Mutation("rank above 100", #""rank": 50"#, #""rank": 101"#, "runs[0].tool.driver.rules[1].defaultConfiguration.rank:", "[reportingConfiguration.properties.rank]"),
        Mutation("shortDescription without text", #""shortDescription": {"text": "Rule B."}"#, #""shortDescription": {"markdown": "Rule B."}"#, "runs[0].tool.driver.rules[1].shortDescription:", "[multiformatMessageString.required]"),
        Mutation("relative helpUri", #""helpUri": "https://github.com/ORG/atscheck/blob/main/docs/rules.md#a-rule""#, #""helpUri": "docs/rules.md#a-rule""#, "runs[0].tool.driver.rules[0].helpUri:", "format]"),
        Mutation("repeated tag", #""tags": ["security", "ats"]"#, #""tags": ["ats", "ats"]"#, "runs[0].tool.driver.rules[0].properties.tags[1]:", "[propertyBag.properties.tags.uniqueItems]"),
        Mutation("bad result level", #""level": "error","#, #""level": "fatal","#, "runs[0].results[0].level:", "[result.properties.level]"),
        Mutation("bad kind", #""kind": "fail""#, #""kind": "failure""#, "runs[0].results[0].kind:", "[result.properties.kind]"),
        Mutation("kind pass with level error", #""kind": "fail""#, #""kind": "pass""#, "runs[0].results[0].level:", "[§3.27.10]"),
        Mutation("message without text or id", #""message": {"text": "A finding."}"#, #""message": {"markdown": "A finding."}"#, "runs[0].results[0].message:", "[message.anyOf]"),
        Mutation("result without message", #""message": {"text": "Another finding."},"#, "", "runs[0].results[1]:", "[result.required]"),
        Mutation("ruleIndex pointing elsewhere", #""ruleIndex": 1"#, #""ruleIndex": 0"#, "runs[0].results[0].ruleIndex:", "[§3.27.6]"),
        Mutation("ruleIndex past the rules", #""ruleIndex": 1"#, #""ruleIndex": 2"#, "runs[0].results[0].ruleIndex:", "[§3.27.6]"),
        Mutation("ruleIndex below -1", #""ruleIndex": 1"#, #""ruleIndex": -2"#, "runs[0].results[0].ruleIndex:", "[result.properties.ruleIndex]"),
        Mutation("ruleIndex not an integer", #""ruleIndex": 1"#, #""ruleIndex": 1.5"#, "runs[0].results[0].ruleIndex:", "[result.properties.ruleIndex]"),
        Mutation("startLine 0", #""startLine": 3"#, #""startLine": 0"#, "runs[0].results[0].locations[0].physicalLocation.region.startLine:", "[region.properties.startLine]"),
        Mutation("startColumn a string", #""startColumn": 9"#, #""startColumn": "9""#, "runs[0].results[0].locations[0].physicalLocation.region.startColumn:", "[region.properties.startColumn]"),
        Mutation("endLine 0", #""endLine": 4"#, #""endLine": 0"#, "runs[0].results[0].locations[0].physicalLocation.region.endLine:", "[region.properties.endLine]"),
        Mutation("region without a start", #""region": {"startLine": 1}"#, #""region": {"startColumn": 1}"#, "runs[0].results[1].locations[0].physicalLocation.region:", "[region.anyOf]"),
        Mutation("uri with a space", #""uri": "src/Info%20Copy.plist""#, #""uri": "src/Info Copy.plist""#, "runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri:", "[artifactLocation.properties.uri.format]"),
        Mutation("uri with a bad escape", #""uri": "src/Info%20Copy.plist""#, #""uri": "src/Info%2GCopy.plist""#, "runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri:", "[artifactLocation.properties.uri.format]"),
        Mutation("a Windows path", #""uri": "src/Info%20Copy.plist""#, #""uri": "C:\\src\\Info.plist""#, "runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri:", "[artifactLocation.properties.uri.format]"),
        Mutation("a colon in a relative uri's first segment", #""uri": "src/Info%20Copy.plist""#, #""uri": "2024:report.plist""#, "runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri:", "[artifactLocation.properties.uri.format]"),
        Mutation("absolute uri with a uriBaseId", #""uri": "src/Info%20Copy.plist""#, #""uri": "file:///work/project/src/Info.plist""#, "runs[0].results[0].locations[0].physicalLocation.artifactLocation.uriBaseId:", "[§3.4.4]"),
        Mutation("artifactLocation without uri", #"{"uri": "file:///elsewhere/Info.plist"}"#, #"{"description": {"text": "somewhere"}}"#, "runs[0].results[1].locations[0].physicalLocation.artifactLocation:", "[§3.4.2]"),
        Mutation("base id without trailing slash", #""file:///work/project/""#, #""file:///work/project""#, "runs[0].originalUriBaseIds.%SRCROOT%.uri:", "[§3.14.14]"),
        Mutation("partialFingerprints value not a string", #""atscheckFinding/v1": "1aa7a6c489b77464:1""#, #""atscheckFinding/v1": 17"#, "runs[0].results[0].partialFingerprints.atscheckFinding/v1:", "[result.properties.partialFingerprints.additionalProperties]"),
        Mutation("partialFingerprints an array", #""partialFingerprints": {"atscheckFinding/v1": "1aa7a6c489b77464:1"}"#, #""partialFingerprints": ["1aa7a6c489b77464:1"]"#, "runs[0].results[0].partialFingerprints:", "[result.properties.partialFingerprints]"),
        Mutation("fingerprints value not a string", #""whole/v2": "ffee""#, #""whole/v2": null"#, "runs[0].results[0].fingerprints.whole/v2:", "[result.properties.fingerprints.additionalProperties]"),
        Mutation("bad baselineState", #""baselineState": "unchanged""#, #""baselineState": "same""#, "runs[0].results[0].baselineState:", "[result.properties.baselineState]"),
        Mutation("suppression without kind", #""kind": "external","#, "", "runs[0].results[0].suppressions[0]:", "[suppression.required]"),
        Mutation("bad suppression kind", #""kind": "inSource""#, #""kind": "comment""#, "runs[0].results[1].suppressions[0].kind:", "[suppression.properties.kind]"),
        Mutation("bad suppression status", #""status": "accepted""#, #""status": "approved""#, "runs[0].results[0].suppressions[0].status:", "[suppression.properties.status]"),
        Mutation("justification not a string", #""justification": "WireGuard-tunnelled""#, #""justification": ["WireGuard"]"#, "runs[0].results[1].suppressions[0].justification:", "[suppression.properties.justification]"),
        Mutation("suppressions not an array", #""suppressions": [{"kind": "inSource", "justification": "WireGuard-tunnelled"}]"#, #""suppressions": {"kind": "inSource"}"#, "runs[0].results[1].suppressions:", "[result.properties.suppressions]"),
        Mutation("properties not an object", #""properties": {"keyPath": "NSAppTransportSecurity.NSExceptionDomains.onion", "fix": "remove it"}"#, #""properties": ["keyPath"]"#, "runs[0].results[0].properties:", "[propertyBag.type]"),
        Mutation("unknown property on a result", #""ruleId": "b-rule","#, #""ruleId": "b-rule", "ruleID": "b-rule","#, "runs[0].results[0].ruleID:", "[result.additionalProperties]"),
        Mutation("unknown property on a region", #""startLine": 3"#, #""startLine": 3, "startline": 3"#, "runs[0].results[0].locations[0].physicalLocation.region.startline:", "[region.additionalProperties]"),
        Mutation("unknown property on a suppression", #""status": "accepted""#, #""status": "accepted", "reason": "x""#, "runs[0].results[0].suppressions[0].reason:", "[suppression.additionalProperties]"),
        Mutation("unknown property on the log", #""version": "2.1.0""#, #""version": "2.1.0", "schemaVersion": 1"#, "schemaVersion:", "[sarifLog.additionalProperties]"),
        Mutation("a defined property the validator does not check", #""baselineState": "unchanged""#, #""baselineState": "unchanged", "codeFlows": []"#, "runs[0].results[0].codeFlows:", "[result.properties.codeFlows]"),
    ]

    @Test("each kind of violation is refused once, at its place, naming the rule", arguments: mutations)
    func refused(_ mutation: Mutation) throws {
        let occurrences = Self.valid.components(separatedBy: mutation.find).count - 1
        try #require(occurrences == 1, "\(mutation.what): '\(mutation.find)' occurs \(occurrences) times in the valid log")
        let broken = Self.valid.replacingOccurrences(of: mutation.find, with: mutation.replace)
        let violations = SARIFSchema.violations(broken)
        #expect(violations.count == 1, "\(mutation.what): \(violations)")
        #expect(violations.first?.hasPrefix(mutation.path) == true && violations.first?.contains(mutation.rule) == true,
                "\(mutation.what): \(violations)")
    }

    @Test("with atscheck's convention, an absolute artifact uri other than file: is refused")
    func artifactSchemes() {
        let web = Self.valid.replacingOccurrences(of: "file:///elsewhere/Info.plist", with: "https://example.com/Info.plist")
        #expect(SARIFSchema.violations(web) == [])
        let violations = SARIFSchema.violations(web, artifactSchemes: ["file"])
        #expect(violations.count == 1 && violations.first?.hasPrefix("runs[0].results[1].locations[0].physicalLocation.artifactLocation.uri:") == true,
                "\(violations)")
    }

    @Test("text that is not JSON, or a document that is not an object, is refused")
    func notALog() {
        #expect(SARIFSchema.violations("{\"version\": ") .count == 1)
        #expect(SARIFSchema.violations("[]") == ["(document): expected an object, found an array [sarifLog.type]"])
        #expect(SARIFSchema.violations(#"{"version": "2.1.0"}"#) == ["(document): required property 'runs' is missing [sarifLog.required]"])
        #expect(SARIFSchema.violations(#"{"version": "2.1.0", "runs": null}"#) == [], "runs may be null")
    }
}
