import ATSJSON

// `SARIFSchema`'s checks of `run.results[]`: the `result` definition and the definitions it
// reaches that atscheck writes (message, location, physicalLocation, artifactLocation, region,
// suppression).
extension SARIFSchemaWalk {
    static let resultDefinition = Definition(
        name: "result", required: ["message"],
        defined: ["ruleId", "ruleIndex", "rule", "kind", "level", "message", "analysisTarget", "locations", "guid", "correlationGuid",
                  "occurrenceCount", "partialFingerprints", "fingerprints", "stacks", "codeFlows", "graphs", "graphTraversals",
                  "relatedLocations", "suppressions", "baselineState", "rank", "attachments", "hostedViewerUri", "workItemUris",
                  "provenance", "fixes", "taxa", "webRequest", "webResponse", "properties"],
        checked: ["ruleId", "ruleIndex", "kind", "level", "message", "analysisTarget", "locations", "guid", "correlationGuid",
                  "occurrenceCount", "partialFingerprints", "fingerprints", "relatedLocations", "suppressions", "baselineState", "rank",
                  "hostedViewerUri", "workItemUris", "properties"])

    /// `result.kind`.
    static let kinds = ["notApplicable", "pass", "fail", "review", "open", "informational"]

    mutating func result(_ value: JSONValue, _ path: String) {
        guard let result = checker.object(value, path, Self.resultDefinition) else { return }
        let ruleId = result["ruleId"].flatMap { checker.string($0, path + ".ruleId", "result.properties.ruleId") }
        if let index = result["ruleIndex"],
           let number = checker.integer(index, path + ".ruleIndex", minimum: -1, "result.properties.ruleIndex"), number >= 0 {
            // §3.27.6: the index of the rule's reportingDescriptor in tool.driver.rules; §3.27.5: ruleId's
            // leading hierarchical components are that rule's id.
            if let ids = ruleIDs, number < ids.count {
                if let ruleId, let id = ids[number], ruleId != id && !ruleId.hasPrefix(id + "/") {
                    checker.fail(path + ".ruleIndex", "\(number) points at rule '\(id)', not at ruleId '\(ruleId)'", "§3.27.6")
                }
            } else {
                checker.fail(path + ".ruleIndex", "\(number) is not an index of tool.driver.rules (\(ruleIDs?.count ?? 0) rules)", "§3.27.6")
            }
        }
        if let kind = result["kind"] {
            checker.oneOf(kind, Self.kinds, path + ".kind", "result.properties.kind")
        }
        if let level = result["level"] {
            checker.oneOf(level, Self.levels, path + ".level", "result.properties.level")
            // §3.27.10: a kind other than "fail" has the level "none".
            if case .string(let kind) = result["kind"], Self.kinds.contains(kind), kind != "fail", level != .string("none") {
                checker.fail(path + ".level", "must be \"none\" when kind is \"\(kind)\"", "§3.27.10")
            }
        }
        if let message = result["message"] { self.message(message, path + ".message") }
        if let target = result["analysisTarget"] { _ = artifactLocation(target, path + ".analysisTarget", uriRequired: true) }
        for (name, unique) in [("locations", false), ("relatedLocations", true)] {
            guard let list = result[name] else { continue }
            for (location, path) in checker.elements(list, path + "." + name, unique: unique, "result.properties." + name) {
                self.location(location, path)
            }
        }
        for name in ["guid", "correlationGuid"] {
            if let guid = result[name] { checker.guid(guid, path + "." + name, "result.properties." + name) }
        }
        if let count = result["occurrenceCount"] { checker.integer(count, path + ".occurrenceCount", minimum: 1, "result.properties.occurrenceCount") }
        for name in ["partialFingerprints", "fingerprints"] {
            guard let prints = result[name], let map = checker.stringMap(prints, path + "." + name, "result.properties." + name) else { continue }
            // §3.5.4: the names are hierarchical strings: '/'-separated, no component empty.
            for key in map.keys.sorted() where key.split(separator: "/", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
                checker.fail(path + "." + name + "." + key, "'\(key)' is not a hierarchical string (an empty component)", "§3.5.4")
            }
        }
        if let suppressions = result["suppressions"] {
            for (suppression, path) in checker.elements(suppressions, path + ".suppressions", unique: true, "result.properties.suppressions") {
                self.suppression(suppression, path)
            }
        }
        if let state = result["baselineState"] {
            checker.oneOf(state, ["new", "unchanged", "updated", "absent"], path + ".baselineState", "result.properties.baselineState")
        }
        if let rank = result["rank"] { checker.number(rank, path + ".rank", minimum: -1, maximum: 100, "result.properties.rank") }
        if let uri = result["hostedViewerUri"] { _ = checker.uri(uri, path + ".hostedViewerUri", absolute: true, "result.properties.hostedViewerUri") }
        if let uris = result["workItemUris"] {
            for (uri, path) in checker.elements(uris, path + ".workItemUris", unique: true, "result.properties.workItemUris") {
                _ = checker.uri(uri, path, absolute: true, "result.properties.workItemUris.items")
            }
        }
        if let properties = result["properties"] { propertyBag(properties, path + ".properties") }
    }

    static let messageDefinition = Definition(
        name: "message", anyOf: ["text", "id"], defined: ["text", "markdown", "id", "arguments", "properties"],
        checked: ["text", "markdown", "id", "arguments", "properties"])

    mutating func message(_ value: JSONValue, _ path: String) {
        guard let message = checker.object(value, path, Self.messageDefinition) else { return }
        for name in ["text", "markdown", "id"] {
            if let text = message[name] { _ = checker.string(text, path + "." + name, "message.properties." + name) }
        }
        if let arguments = message["arguments"] { strings(arguments, path + ".arguments", unique: false, "message.properties.arguments") }
        if let properties = message["properties"] { propertyBag(properties, path + ".properties") }
    }

    static let locationDefinition = Definition(
        name: "location", defined: ["id", "physicalLocation", "logicalLocations", "message", "annotations", "relationships", "properties"],
        checked: ["id", "physicalLocation", "message", "annotations", "properties"])

    mutating func location(_ value: JSONValue, _ path: String) {
        guard let location = checker.object(value, path, Self.locationDefinition) else { return }
        if let id = location["id"] { checker.integer(id, path + ".id", minimum: -1, "location.properties.id") }
        if let physical = location["physicalLocation"] { physicalLocation(physical, path + ".physicalLocation") }
        if let message = location["message"] { self.message(message, path + ".message") }
        if let annotations = location["annotations"] {
            for (region, path) in checker.elements(annotations, path + ".annotations", unique: true, "location.properties.annotations") {
                self.region(region, path)
            }
        }
        if let properties = location["properties"] { propertyBag(properties, path + ".properties") }
    }

    static let physicalLocationDefinition = Definition(
        name: "physicalLocation", anyOf: ["address", "artifactLocation"],
        defined: ["address", "artifactLocation", "region", "contextRegion", "properties"],
        checked: ["artifactLocation", "region", "contextRegion", "properties"])

    mutating func physicalLocation(_ value: JSONValue, _ path: String) {
        guard let physical = checker.object(value, path, Self.physicalLocationDefinition) else { return }
        if let artifact = physical["artifactLocation"] { _ = artifactLocation(artifact, path + ".artifactLocation", uriRequired: true) }
        for name in ["region", "contextRegion"] {
            if let region = physical[name] { self.region(region, path + "." + name) }
        }
        if let properties = physical["properties"] { propertyBag(properties, path + ".properties") }
    }

    static let artifactLocationDefinition = Definition(
        name: "artifactLocation", defined: ["uri", "uriBaseId", "index", "description", "properties"],
        checked: ["uri", "uriBaseId", "index", "description", "properties"])

    /// Checks an `artifactLocation` and returns its `uri`. `uriRequired`: §3.4.2 wants `uri` or
    /// `index`, except in `run.originalUriBaseIds` (§3.4.3).
    @discardableResult
    mutating func artifactLocation(_ value: JSONValue, _ path: String, uriRequired: Bool) -> String? {
        guard let artifact = checker.object(value, path, Self.artifactLocationDefinition) else { return nil }
        let uri = artifact["uri"].flatMap { checker.uri($0, path + ".uri", absolute: false, "artifactLocation.properties.uri") }
        let base = artifact["uriBaseId"].flatMap { checker.string($0, path + ".uriBaseId", "artifactLocation.properties.uriBaseId") }
        if let index = artifact["index"] { checker.integer(index, path + ".index", minimum: -1, "artifactLocation.properties.index") }
        if let description = artifact["description"] { message(description, path + ".description") }
        if let properties = artifact["properties"] { propertyBag(properties, path + ".properties") }
        if uriRequired && artifact["uri"] == nil && artifact["index"] == nil {
            checker.fail(path, "needs 'uri' or 'index'", "§3.4.2")
        }
        if let uri, let scheme = URIReference.scheme(uri) {
            // §3.4.4: an absolute uri has no uriBaseId.
            if base != nil { checker.fail(path + ".uriBaseId", "must be absent: uri \"\(uri)\" is absolute", "§3.4.4") }
            if let allowed = artifactSchemes, !allowed.contains(scheme.lowercased()) {
                checker.fail(path + ".uri", "\"\(uri)\" is neither relative nor a " + allowed.sorted().joined(separator: "/") + " URI",
                             "atscheck: artifact uris")
            }
        }
        return uri
    }

    static let regionDefinition = Definition(
        name: "region", anyOf: ["startLine", "charOffset", "byteOffset"],
        defined: ["startLine", "startColumn", "endLine", "endColumn", "charOffset", "charLength", "byteOffset", "byteLength", "snippet",
                  "message", "sourceLanguage", "properties"],
        checked: ["startLine", "startColumn", "endLine", "endColumn", "charOffset", "charLength", "byteOffset", "byteLength", "message",
                  "sourceLanguage", "properties"])

    mutating func region(_ value: JSONValue, _ path: String) {
        guard let region = checker.object(value, path, Self.regionDefinition) else { return }
        let minimums = [("startLine", 1), ("startColumn", 1), ("endLine", 1), ("endColumn", 1), ("charOffset", -1), ("charLength", 0),
                        ("byteOffset", -1), ("byteLength", 0)]
        for (name, minimum) in minimums {
            if let number = region[name] { checker.integer(number, path + "." + name, minimum: minimum, "region.properties." + name) }
        }
        if let message = region["message"] { self.message(message, path + ".message") }
        if let language = region["sourceLanguage"] { _ = checker.string(language, path + ".sourceLanguage", "region.properties.sourceLanguage") }
        if let properties = region["properties"] { propertyBag(properties, path + ".properties") }
    }

    static let suppressionDefinition = Definition(
        name: "suppression", required: ["kind"], defined: ["guid", "kind", "status", "justification", "location", "properties"],
        checked: ["guid", "kind", "status", "justification", "location", "properties"])

    mutating func suppression(_ value: JSONValue, _ path: String) {
        guard let suppression = checker.object(value, path, Self.suppressionDefinition) else { return }
        if let guid = suppression["guid"] { checker.guid(guid, path + ".guid", "suppression.properties.guid") }
        if let kind = suppression["kind"] { checker.oneOf(kind, ["inSource", "external"], path + ".kind", "suppression.properties.kind") }
        if let status = suppression["status"] {
            checker.oneOf(status, ["accepted", "underReview", "rejected"], path + ".status", "suppression.properties.status")
        }
        if let text = suppression["justification"] { _ = checker.string(text, path + ".justification", "suppression.properties.justification") }
        if let location = suppression["location"] { self.location(location, path + ".location") }
        if let properties = suppression["properties"] { propertyBag(properties, path + ".properties") }
    }
}
