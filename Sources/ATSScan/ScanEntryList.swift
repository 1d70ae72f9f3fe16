import ATSCheck

/// The URLs of a scan input, kept compact: each as the text it was written with, where it was
/// written and the index of its endpoint, about 32 bytes and the text a URL where a parsed
/// ``ScanEntry`` costs several hundred. An element is parsed again when it is read (the same
/// reading that accepted it), so a list of a million URLs on one host fits in about a tenth
/// of the memory its parsed entries took; endpoints are grouped and sharded without parsing.
public struct ScanEntryList: RandomAccessCollection, Sendable {
    /// How an entry's text was read, and is read again.
    enum Reading: UInt8, Sendable {
        /// A line of a URL list: a URL, host, host:port or [v6]:port.
        case listLine
        /// A HAR entry's `request.url`: absolute URLs only.
        case harURL
        /// A command-line argument (`CheckTarget.parse`).
        case argument
    }

    private struct Packed: Sendable {
        let text: String
        let file: UInt32
        let position: Int32
        let endpoint: Int32
        let reading: Reading
    }

    private var packed: [Packed] = []
    private var files: [String] = []
    private var fileIndices: [String: UInt32] = [:]
    /// Every endpoint an entry names, in the order first named.
    public private(set) var endpoints: [ScanEndpoint] = []
    private var endpointIndices: [ScanEndpoint: Int32] = [:]
    /// `host:port` (lowercased) or `*:port` → the address to connect to (`--resolve`).
    private var addresses: [String: String] = [:]

    /// An empty list.
    public init() {}

    /// The first position.
    public var startIndex: Int { 0 }
    /// One past the last position.
    public var endIndex: Int { packed.count }

    /// The entry at `position`, its text parsed again as it was when it was appended, with
    /// the address of ``connect(to:)`` applied.
    public subscript(position: Int) -> ScanEntry {
        let entry = packed[position]
        let file = files[Int(entry.file)]
        let origin = entry.reading == .harURL ? ScanOrigin(file: file, harEntry: Int(entry.position))
                                              : ScanOrigin(file: file, line: Int(entry.position))
        var target = Self.target(entry.text, entry.reading)
        if !addresses.isEmpty, let address = Self.address(host: target.host, port: target.port, in: addresses) {
            target.address = address
        }
        return ScanEntry(target: target, origin: origin)
    }

    /// The index in ``endpoints`` of the entry at `position`, without parsing it.
    public func endpointIndex(at position: Int) -> Int { Int(packed[position].endpoint) }

    /// Appends `text`, already read as `target` by `reading`, from `origin`.
    mutating func append(_ text: String, _ reading: Reading, target: CheckTarget, origin: ScanOrigin) {
        packed.append(Packed(text: text, file: index(ofFile: origin.file), position: Int32(clamping: origin.harEntry ?? origin.line ?? 0),
                             endpoint: index(of: ScanEndpoint(target)), reading: reading))
    }

    private mutating func index(ofFile file: String) -> UInt32 {
        if let known = fileIndices[file] { return known }
        files.append(file)
        fileIndices[file] = UInt32(files.count - 1)
        return UInt32(files.count - 1)
    }

    private mutating func index(of endpoint: ScanEndpoint) -> Int32 {
        if let known = endpointIndices[endpoint] { return known }
        endpoints.append(endpoint)
        endpointIndices[endpoint] = Int32(endpoints.count - 1)
        return Int32(endpoints.count - 1)
    }

    /// Appends a command-line argument `text`, read by `CheckTarget.parse` as `target`.
    public mutating func appendArgument(_ text: String, target: CheckTarget, origin: ScanOrigin) {
        append(text, .argument, target: target, origin: origin)
    }

    /// Appends every entry of `other`.
    public mutating func append(contentsOf other: ScanEntryList) {
        for entry in other.packed {
            packed.append(Packed(text: entry.text, file: index(ofFile: other.files[Int(entry.file)]), position: entry.position,
                                 endpoint: index(of: other.endpoints[Int(entry.endpoint)]), reading: entry.reading))
        }
    }

    /// Connects every entry through `addresses` (`host:port` lowercased, or `*:port`, to an
    /// IP address; an exact host before `*`), as `--resolve` asks.
    public mutating func connect(to addresses: [String: String]) { self.addresses = addresses }

    /// The address `addresses` gives `host:port`: its own entry (`host:port`, lowercased)
    /// first, then `*:port`.
    public static func address(host: String, port: UInt16, in addresses: [String: String]) -> String? {
        addresses["\(host.lowercased()):\(port)"] ?? addresses["*:\(port)"]
    }

    /// Keeps the entries whose endpoint `keep` accepts (`--shard`), without parsing them.
    public mutating func keepEndpoints(where keep: (ScanEndpoint) -> Bool) {
        let kept = endpoints.map(keep)
        packed.removeAll { !kept[Int($0.endpoint)] }
    }

    /// Removes the entries `remove` accepts (each parsed once to be asked).
    public mutating func removeEntries(where remove: (ScanEntry) -> Bool) {
        let removed = indices.map { remove(self[$0]) }
        var position = 0
        packed.removeAll { _ in
            defer { position += 1 }
            return removed[position]
        }
    }

    /// `text` read by `reading` again. It was read that way once when appended, and reading is
    /// a function of the text alone, so it cannot fail now.
    private static func target(_ text: String, _ reading: Reading) -> CheckTarget {
        let target: CheckTarget? = switch reading {
        case .listLine: try? ScanText.target(text, requireURL: false).get()
        case .harURL: try? ScanText.target(text, requireURL: true).get()
        case .argument: CheckTarget.parse(text)
        }
        guard let target else { preconditionFailure("'\(text)' was read as a target once and not again") }
        return target
    }
}
