/// The `schemaVersion` every document carries (docs/json-schema.md): within a version keys are
/// only ever added.
public enum SchemaVersion {
    public static let current = 1
}
