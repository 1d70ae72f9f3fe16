/// What a loader produced: the usable policies plus one line per problem found on the way.
public struct PinLoadResult: Sendable, Hashable {
    /// The policies, in file order.
    public let policies: [PinPolicy]
    /// Human-readable problems (invalid pins, wrong types, missing backups, …).
    public let problems: [String]

    /// Creates a result.
    public init(policies: [PinPolicy], problems: [String]) {
        self.policies = policies
        self.problems = problems
    }
}
