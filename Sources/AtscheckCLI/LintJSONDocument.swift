import ATSLint
import ATSRunPolicy

/// `lint --format json`: the reporter's document and, with `--baseline`, what it held back
/// (`baseline`, null without one).
struct LintJSONDocument: Encodable {
    let document: JSONReporter.Document
    let baseline: LintBaselineOutcome?

    private enum CodingKeys: String, CodingKey { case baseline }

    func encode(to encoder: any Encoder) throws {
        try document.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(baseline, forKey: .baseline)
    }
}
