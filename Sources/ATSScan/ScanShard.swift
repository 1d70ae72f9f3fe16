/// One of N disjoint parts of a scan (`--shard K/N`): the endpoints whose stable hash of
/// `host:port` falls in part K. Shards 1…N of the same input are disjoint and together complete.
public struct ScanShard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based index.
    public let index: Int
    /// How many shards there are.
    public let count: Int

    /// Shard `index` of `count`; nil unless 1 ≤ index ≤ count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// True when this shard judges `endpoint`.
    public func contains(_ endpoint: ScanEndpoint) -> Bool {
        Int(endpoint.stableHash % UInt64(count)) == index - 1
    }

    /// `K/N`, as `--shard` takes it and the summary's `shard` records it.
    public var description: String { "\(index)/\(count)" }
}
