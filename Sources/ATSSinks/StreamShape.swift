import ATSCode

/// The bracket structure of one token stream: which bracket closes which, and which bracket
/// encloses each token. Built once per stream, in one pass with a stack.
struct StreamShape {
    /// For a bracket token, the index of its partner (-1 when unbalanced); -1 for other tokens.
    let partner: [Int]
    /// For each token, the index of the innermost open bracket around it (-1 at the top).
    let enclosing: [Int]

    init(_ tokens: [SourceToken], bytes: [UInt8]) {
        var partner = Array(repeating: -1, count: tokens.count)
        var enclosing = Array(repeating: -1, count: tokens.count)
        var stack: [Int] = []
        for (index, token) in tokens.enumerated() {
            enclosing[index] = stack.last ?? -1
            guard token.kind == .punctuation, token.end - token.start == 1 else { continue }
            let byte = bytes[token.start]
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                stack.append(index)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                let opener: UInt8 = byte == UInt8(ascii: ")") ? UInt8(ascii: "(") : byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                // Pop to the matching opener within the innermost 64 (a stray closer in broken
                // code pops nothing, and costs at most 64 comparisons).
                if let match = stack.indices.reversed().prefix(64).first(where: { bytes[tokens[stack[$0]].start] == opener }) {
                    let open = stack[match]
                    stack.removeSubrange(match...)
                    partner[open] = index
                    partner[index] = open
                    enclosing[index] = stack.last ?? -1
                }
            default:
                break
            }
        }
        self.partner = partner
        self.enclosing = enclosing
    }
}
