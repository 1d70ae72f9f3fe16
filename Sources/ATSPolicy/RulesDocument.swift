/// Where atscheck's rules are written down: `docs/ats-rules.md` in the repository, one
/// section per rule id (the section's anchor is the id). Citations, assumptions and help
/// texts link here, never to material outside the repository.
public enum RulesDocument {
    /// The document's path relative to the repository root.
    public static let path = "docs/ats-rules.md"

    /// `docs/ats-rules.md#ANCHOR`: the repository-relative link to one section.
    public static func section(_ anchor: String) -> String { path + "#" + anchor }
}
