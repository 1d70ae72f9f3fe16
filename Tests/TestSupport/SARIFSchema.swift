import ATSJSON
import Foundation

/// A SARIF 2.1.0 log checked against the SARIF 2.1.0 JSON schema, by hand (issue 29).
///
/// Every constraint here is read from OASIS's schema, `sarif-2.1/schema/sarif-schema-2.1.0.json`
/// in oasis-tcs/sarif-spec (its `id`:
/// `https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json`;
/// read at commit e0583813964e), and each check names the schema location it comes from
/// (`[result.properties.level]`, `[region.anyOf]`). The schema file itself is not copied here.
/// A few rules the schema cannot express are taken from the specification's prose (SARIF
/// v2.1.0 committee specification) and cited by section (`[§3.27.6]`).
///
/// Covered: every definition atscheck writes — `sarifLog` (the top level), `run`, `tool`,
/// `toolComponent`, `reportingDescriptor`, `multiformatMessageString`, `reportingConfiguration`,
/// `result`, `message`, `location`, `physicalLocation`, `artifactLocation`, `region`,
/// `suppression`, `propertyBag` and `run.originalUriBaseIds`. Each of these definitions (all
/// but `propertyBag`) has `"additionalProperties": false`, so a property name the schema does
/// not define there (a typo) is a violation; so is a property the schema defines but this
/// checker does not check in depth (`run.invocations`, `result.codeFlows`, …), so output that
/// grows a new kind of property fails until the checker learns it, instead of passing unchecked.
public enum SARIFSchema {
    /// The violations of `data` (empty when it conforms), one line each: the path in the
    /// document (`runs[0].results[3].level`), what is wrong, and the rule broken in brackets.
    ///
    /// - Parameter artifactSchemes: when set, an absolute `artifactLocation.uri` must use one of
    ///   these schemes (atscheck's own convention is `["file"]`: relative to `%SRCROOT%`, or a
    ///   `file:` URI for a file outside it). SARIF itself allows any scheme.
    public static func violations(_ data: Data, artifactSchemes: Set<String>? = nil) -> [String] {
        let document: JSONValue
        do {
            document = try JSONValue.read(data)
        } catch {
            return ["(document): not JSON: \(error)"]
        }
        var walk = SARIFSchemaWalk(artifactSchemes: artifactSchemes)
        walk.sarifLog(document)
        return walk.checker.violations
    }

    /// The violations of a SARIF log given as text.
    public static func violations(_ text: String, artifactSchemes: Set<String>? = nil) -> [String] {
        violations(Data(text.utf8), artifactSchemes: artifactSchemes)
    }
}

/// One pass over a document, definition by definition.
struct SARIFSchemaWalk {
    typealias Definition = SARIFSchemaChecker.Definition
    var checker = SARIFSchemaChecker()
    let artifactSchemes: Set<String>?
    /// `tool.driver.rules[].id` of the run being walked, in order (nil without `rules`).
    var ruleIDs: [String?]? = nil

    init(artifactSchemes: Set<String>?) {
        self.artifactSchemes = artifactSchemes
    }

    // MARK: sarifLog (the schema's top level)

    static let sarifLogDefinition = Definition(
        name: "sarifLog", required: ["version", "runs"],
        defined: ["$schema", "version", "runs", "inlineExternalProperties", "properties"],
        checked: ["$schema", "version", "runs", "properties"])

    mutating func sarifLog(_ value: JSONValue) {
        guard let log = checker.object(value, "(document)", Self.sarifLogDefinition) else { return }
        if let schema = log["$schema"] { _ = checker.uri(schema, "$schema", absolute: true, "sarifLog.properties.$schema") }
        if let version = log["version"] { checker.oneOf(version, ["2.1.0"], "version", "sarifLog.properties.version") }
        if let properties = log["properties"] { propertyBag(properties, "properties") }
        // "runs": {"type": ["array", "null"], "items": {"$ref": "#/definitions/run"}}
        if let runs = log["runs"], runs != .null {
            for (run, path) in checker.elements(runs, "runs", unique: false, "sarifLog.properties.runs") { self.run(run, path) }
        }
    }

    // MARK: run, tool, toolComponent

    static let runDefinition = Definition(
        name: "run", required: ["tool"],
        defined: ["tool", "invocations", "conversion", "language", "versionControlProvenance", "originalUriBaseIds", "artifacts",
                  "logicalLocations", "graphs", "results", "automationDetails", "runAggregates", "baselineGuid", "redactionTokens",
                  "defaultEncoding", "defaultSourceLanguage", "newlineSequences", "columnKind", "externalPropertyFileReferences",
                  "threadFlowLocations", "taxonomies", "addresses", "translations", "policies", "webRequests", "webResponses",
                  "specialLocations", "properties"],
        checked: ["tool", "results", "originalUriBaseIds", "language", "baselineGuid", "redactionTokens", "defaultEncoding",
                  "defaultSourceLanguage", "columnKind", "properties"])

    mutating func run(_ value: JSONValue, _ path: String) {
        guard let run = checker.object(value, path, Self.runDefinition) else { return }
        ruleIDs = nil
        if let tool = run["tool"] { self.tool(tool, path + ".tool") }
        if let language = run["language"] { self.language(language, path + ".language", "run.properties.language") }
        if let guid = run["baselineGuid"] { checker.guid(guid, path + ".baselineGuid", "run.properties.baselineGuid") }
        if let tokens = run["redactionTokens"] { strings(tokens, path + ".redactionTokens", unique: true, "run.properties.redactionTokens") }
        for name in ["defaultEncoding", "defaultSourceLanguage"] {
            if let text = run[name] { _ = checker.string(text, path + "." + name, "run.properties." + name) }
        }
        if let kind = run["columnKind"] {
            checker.oneOf(kind, ["utf16CodeUnits", "unicodeCodePoints"], path + ".columnKind", "run.properties.columnKind")
        }
        if let bases = run["originalUriBaseIds"] { originalUriBaseIds(bases, path + ".originalUriBaseIds") }
        if let properties = run["properties"] { propertyBag(properties, path + ".properties") }
        if let results = run["results"] {
            for (result, path) in checker.elements(results, path + ".results", unique: false, "run.properties.results") {
                self.result(result, path)
            }
        }
    }

    /// "originalUriBaseIds": {"type": "object", "additionalProperties": {"$ref": "#/definitions/artifactLocation"}}.
    mutating func originalUriBaseIds(_ value: JSONValue, _ path: String) {
        guard case .object(let bases) = value else {
            return checker.fail(path, "expected an object, found \(SARIFSchemaChecker.kind(value))", "run.properties.originalUriBaseIds")
        }
        for name in bases.keys.sorted() {
            let base = path + "." + name
            guard let uri = artifactLocation(bases[name]!, base, uriRequired: false) else { continue }
            // §3.14.14: these uris end with a single slash and have no query or fragment.
            if !uri.hasSuffix("/") || uri.hasSuffix("//") || uri.contains("?") || uri.contains("#") {
                checker.fail(base + ".uri", "\"\(uri)\" must end with a single '/' and have no query or fragment", "§3.14.14")
            }
        }
    }

    static let toolDefinition = Definition(name: "tool", required: ["driver"], defined: ["driver", "extensions", "properties"],
                                           checked: ["driver", "extensions", "properties"])

    mutating func tool(_ value: JSONValue, _ path: String) {
        guard let tool = checker.object(value, path, Self.toolDefinition) else { return }
        if let driver = tool["driver"] { toolComponent(driver, path + ".driver", isDriver: true) }
        if let extensions = tool["extensions"] {
            for (component, path) in checker.elements(extensions, path + ".extensions", unique: true, "tool.properties.extensions") {
                toolComponent(component, path, isDriver: false)
            }
        }
        if let properties = tool["properties"] { propertyBag(properties, path + ".properties") }
    }

    static let toolComponentDefinition = Definition(
        name: "toolComponent", required: ["name"],
        defined: ["guid", "name", "organization", "product", "productSuite", "shortDescription", "fullDescription", "fullName",
                  "version", "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc", "downloadUri", "informationUri",
                  "globalMessageStrings", "notifications", "rules", "taxa", "locations", "language", "contents", "isComprehensive",
                  "localizedDataSemanticVersion", "minimumRequiredLocalizedDataSemanticVersion", "associatedComponent",
                  "translationMetadata", "supportedTaxonomies", "properties"],
        checked: ["guid", "name", "organization", "product", "productSuite", "shortDescription", "fullDescription", "fullName",
                  "version", "semanticVersion", "releaseDateUtc", "downloadUri", "informationUri", "rules", "language",
                  "isComprehensive", "properties"])

    mutating func toolComponent(_ value: JSONValue, _ path: String, isDriver: Bool) {
        guard let component = checker.object(value, path, Self.toolComponentDefinition) else { return }
        for name in ["name", "organization", "product", "productSuite", "fullName", "version", "releaseDateUtc"] {
            if let text = component[name] { _ = checker.string(text, path + "." + name, "toolComponent.properties." + name) }
        }
        if let version = component["semanticVersion"],
           let text = checker.string(version, path + ".semanticVersion", "toolComponent.properties.semanticVersion"),
           !Self.isSemanticVersion(text) {
            checker.fail(path + ".semanticVersion", "\"\(text)\" is not a Semantic Versioning 2.0 version", "§3.19.12")
        }
        if let guid = component["guid"] { checker.guid(guid, path + ".guid", "toolComponent.properties.guid") }
        for name in ["downloadUri", "informationUri"] {
            if let uri = component[name] { _ = checker.uri(uri, path + "." + name, absolute: true, "toolComponent.properties." + name) }
        }
        for name in ["shortDescription", "fullDescription"] {
            if let text = component[name] { multiformatMessageString(text, path + "." + name) }
        }
        if let language = component["language"] { self.language(language, path + ".language", "toolComponent.properties.language") }
        if let flag = component["isComprehensive"] { checker.boolean(flag, path + ".isComprehensive", "toolComponent.properties.isComprehensive") }
        if let properties = component["properties"] { propertyBag(properties, path + ".properties") }
        if let rules = component["rules"] {
            var ids: [String?] = []
            for (rule, path) in checker.elements(rules, path + ".rules", unique: true, "toolComponent.properties.rules") {
                ids.append(reportingDescriptor(rule, path))
            }
            if isDriver { ruleIDs = ids }
        }
    }

    // MARK: reportingDescriptor, multiformatMessageString, reportingConfiguration

    static let reportingDescriptorDefinition = Definition(
        name: "reportingDescriptor", required: ["id"],
        defined: ["id", "deprecatedIds", "guid", "deprecatedGuids", "name", "deprecatedNames", "shortDescription", "fullDescription",
                  "messageStrings", "defaultConfiguration", "helpUri", "help", "relationships", "properties"],
        checked: ["id", "deprecatedIds", "guid", "name", "deprecatedNames", "shortDescription", "fullDescription", "messageStrings",
                  "defaultConfiguration", "helpUri", "help", "properties"])

    /// The rule's id, when it has one.
    mutating func reportingDescriptor(_ value: JSONValue, _ path: String) -> String? {
        guard let rule = checker.object(value, path, Self.reportingDescriptorDefinition) else { return nil }
        let id = rule["id"].flatMap { checker.string($0, path + ".id", "reportingDescriptor.properties.id") }
        if let name = rule["name"] { _ = checker.string(name, path + ".name", "reportingDescriptor.properties.name") }
        for name in ["deprecatedIds", "deprecatedNames"] {
            if let list = rule[name] { strings(list, path + "." + name, unique: true, "reportingDescriptor.properties." + name) }
        }
        if let guid = rule["guid"] { checker.guid(guid, path + ".guid", "reportingDescriptor.properties.guid") }
        for name in ["shortDescription", "fullDescription", "help"] {
            if let text = rule[name] { multiformatMessageString(text, path + "." + name) }
        }
        if let strings = rule["messageStrings"] {
            if case .object(let members) = strings {
                for key in members.keys.sorted() { multiformatMessageString(members[key]!, path + ".messageStrings." + key) }
            } else {
                checker.fail(path + ".messageStrings", "expected an object", "reportingDescriptor.properties.messageStrings")
            }
        }
        if let uri = rule["helpUri"] { _ = checker.uri(uri, path + ".helpUri", absolute: true, "reportingDescriptor.properties.helpUri") }
        if let configuration = rule["defaultConfiguration"] { reportingConfiguration(configuration, path + ".defaultConfiguration") }
        if let properties = rule["properties"] { propertyBag(properties, path + ".properties") }
        return id
    }

    static let multiformatMessageStringDefinition = Definition(
        name: "multiformatMessageString", required: ["text"], defined: ["text", "markdown", "properties"],
        checked: ["text", "markdown", "properties"])

    mutating func multiformatMessageString(_ value: JSONValue, _ path: String) {
        guard let message = checker.object(value, path, Self.multiformatMessageStringDefinition) else { return }
        for name in ["text", "markdown"] {
            if let text = message[name] { _ = checker.string(text, path + "." + name, "multiformatMessageString.properties." + name) }
        }
        if let properties = message["properties"] { propertyBag(properties, path + ".properties") }
    }

    static let reportingConfigurationDefinition = Definition(
        name: "reportingConfiguration", defined: ["enabled", "level", "rank", "parameters", "properties"],
        checked: ["enabled", "level", "rank", "parameters", "properties"])

    mutating func reportingConfiguration(_ value: JSONValue, _ path: String) {
        guard let configuration = checker.object(value, path, Self.reportingConfigurationDefinition) else { return }
        if let enabled = configuration["enabled"] { checker.boolean(enabled, path + ".enabled", "reportingConfiguration.properties.enabled") }
        if let level = configuration["level"] { checker.oneOf(level, Self.levels, path + ".level", "reportingConfiguration.properties.level") }
        if let rank = configuration["rank"] { checker.number(rank, path + ".rank", minimum: -1, maximum: 100, "reportingConfiguration.properties.rank") }
        for name in ["parameters", "properties"] {
            if let bag = configuration[name] { propertyBag(bag, path + "." + name) }
        }
    }

    // MARK: Shared

    /// `level` of `result` and `reportingConfiguration`.
    static let levels = ["none", "note", "warning", "error"]

    /// A `propertyBag`: an object of any members (`"additionalProperties": true`); `tags`, when
    /// present, an array of distinct strings.
    mutating func propertyBag(_ value: JSONValue, _ path: String) {
        guard case .object(let members) = value else {
            return checker.fail(path, "expected an object, found \(SARIFSchemaChecker.kind(value))", "propertyBag.type")
        }
        if let tags = members["tags"] { strings(tags, path + ".tags", unique: true, "propertyBag.properties.tags") }
    }

    /// An array of strings.
    mutating func strings(_ value: JSONValue, _ path: String, unique: Bool, _ rule: String) {
        for (element, path) in checker.elements(value, path, unique: unique, rule) { _ = checker.string(element, path, rule + ".items") }
    }

    /// `"pattern": "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$"`.
    mutating func language(_ value: JSONValue, _ path: String, _ rule: String) {
        guard let text = checker.string(value, path, rule) else { return }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let letters = parts.allSatisfy { $0.count == 2 && $0.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic } }
        if !(1...2).contains(parts.count) || !letters { checker.fail(path, "\"\(text)\" is not a language tag like en-US", rule + ".pattern") }
    }

    /// MAJOR.MINOR.PATCH with optional `-pre.release` and `+build` (semver.org 2.0.0, loosely).
    static func isSemanticVersion(_ text: String) -> Bool {
        let core = text.prefix { $0 != "-" && $0 != "+" }
        let numbers = core.split(separator: ".", omittingEmptySubsequences: false)
        let allowed = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-.+")
        return numbers.count == 3 && numbers.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) && ($0 == "0" || $0.first != "0") }
            && text.dropFirst(core.count).allSatisfy(allowed.contains)
    }
}
