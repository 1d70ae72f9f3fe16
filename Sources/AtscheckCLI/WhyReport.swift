import ATSWhy

/// `atscheck why --format json`: the errors found in the pasted text (docs/json-schema.md#why).
struct WhyReport: Encodable {
    /// Bumped on any incompatible change of this document.
    static let currentSchemaVersion = 1

    let schemaVersion = currentSchemaVersion
    let tool = "atscheck why"
    /// Lines read from the input.
    let linesRead: Int
    /// Set when standard input was longer than the cap: the bytes read.
    let truncatedAtBytes: Int?
    /// Errors found past the cap (``WhyScanner/maximumErrors``): counted, not decoded.
    let errorsNotDecoded: Int
    /// Set when `--probe` met its cap: the most distinct URLs probed (``WhyChecks/maximumProbes``).
    var probeLimit: Int? = nil
    /// Set when `--probe` met its cap: the distinct URLs past it, not probed.
    var urlsNotProbed: Int? = nil
    /// Every error found, in the order of the input.
    let errors: [DecodedError]

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, tool, linesRead, truncatedAtBytes, errorsNotDecoded, probeLimit, urlsNotProbed, errors
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(tool, forKey: .tool)
        try container.encode(linesRead, forKey: .linesRead)
        try container.encode(truncatedAtBytes, forKey: .truncatedAtBytes)
        try container.encode(errorsNotDecoded, forKey: .errorsNotDecoded)
        try container.encodeIfPresent(probeLimit, forKey: .probeLimit)
        try container.encodeIfPresent(urlsNotProbed, forKey: .urlsNotProbed)
        try container.encode(errors, forKey: .errors)
    }
}
