import CATSPSLShims

/// One libpsl context: a parsed Public Suffix List. libpsl only reads a context once it is
/// loaded, so one context may be shared by threads.
final class LibPSLContext: @unchecked Sendable {
    private let context: OpaquePointer
    /// Number of rules (libpsl counts none in a DAFSA; the snapshot says how many it was made from).
    let count: Int

    /// Which rules a query counts.
    struct Sections: OptionSet {
        let rawValue: Int32
        static let icann = Sections(rawValue: PSL_TYPE_ICANN)
        static let all = Sections(rawValue: PSL_TYPE_ANY)
        /// Without the "*" default rule (every single label is a suffix).
        static let noStarRule = Sections(rawValue: PSL_TYPE_NO_STAR_RULE)
    }

    private init(context: OpaquePointer, count: Int) {
        self.context = context
        self.count = count
    }

    deinit { psl_free(context) }

    /// A context for the list text in `bytes`; nil when libpsl refuses it or it holds no rule.
    static func load(_ bytes: [UInt8]) -> LibPSLContext? {
        bytes.withUnsafeBytes { load(UnsafeRawBufferPointer($0)) }
    }

    /// The snapshot compiled in (CATSPSLShims/psl_snapshot.c, libpsl's DAFSA form).
    static func loadSnapshot() -> LibPSLContext? {
        var length = 0
        guard let bytes = ats_psl_snapshot(&length), let context = ats_psl_load_bytes(bytes, length) else { return nil }
        return LibPSLContext(context: context, count: Int(ats_psl_snapshot_rule_count()))
    }

    /// Where the snapshot comes from: "publicsuffix/list <commit> (<date>)".
    static var snapshotSource: String { String(cString: ats_psl_snapshot_source()) }

    private static func load(_ bytes: UnsafeRawBufferPointer) -> LibPSLContext? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
              let context = ats_psl_load_bytes(base, bytes.count) else { return nil }
        let count = Int(psl_suffix_count(context))
        guard count > 0 else { psl_free(context); return nil }
        return LibPSLContext(context: context, count: count)
    }

    /// Whether `name` (lower-case, no NUL) is a public suffix under the rules of `sections`.
    func isPublicSuffix(_ name: String, _ sections: Sections) -> Bool {
        psl_is_public_suffix2(context, name, sections.rawValue) == 1
    }
}
