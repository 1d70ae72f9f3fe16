import ATSYAML

/// The input as YAML through libyaml into a bounded tree, twice: with the defaults and with
/// small limits, which must refuse no less than the defaults do and give the same tree when
/// they accept.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let full = try? YAMLReader.read(bytes)
    let small = YAMLReader.Limits(maximumBytes: 1 << 16, maximumDepth: 8, maximumNodes: 500, maximumAliases: 20)
    if let bounded = try? YAMLReader.read(bytes, limits: small), bounded != full {
        fatalError("the small limits accepted a tree the defaults read otherwise")
    }
    return 0
}
