/// The `schemaVersion` every document carries (docs/json-schema.md): within a version keys are
/// only ever added.
public enum SchemaVersion {
    /// The schema version this build writes.
    public static let current = 1
}
