/// Input a run cannot work with: a configuration or baseline file that cannot be read, trusted
/// or written. The CLI prints ``description`` as one line and exits 2.
public struct RunInputError: Error, CustomStringConvertible, Sendable {
    /// What is wrong, starting with the file's path.
    public let description: String

    /// An error saying `description`.
    public init(description: String) {
        self.description = description
    }
}
