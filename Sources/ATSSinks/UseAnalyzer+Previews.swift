import ATSCode

extension UseAnalyzer {
    /// Whether the token is SwiftUI preview code: inside `#Preview { … }` or a type that
    /// conforms to `PreviewProvider`. Xcode runs previews in its canvas; the shipping app never
    /// does, whatever they load.
    mutating func isPreviewCode(stream: Int, token: Int) -> Bool {
        guard source.language == .swift else { return false }
        var stream = stream
        var token = token
        while stream != 0, let parent = source.streams[stream].parent {
            stream = parent.stream
            token = parent.token
        }
        let shape = shape(stream)
        var block = shape.enclosing[token]
        var levels = 0
        while block >= 0, levels < 64 {
            levels += 1
            if isPunctuation(stream, block, "{") {
                var before = block - 1
                if isPunctuation(stream, before, ")"), shape.partner[before] >= 0 { before = shape.partner[before] - 1 }
                if isIdentifier(stream, before), text(stream, before) == "Preview", isPunctuation(stream, before - 1, "#") { return true }
                if isTypeBody(stream: stream, open: block), declares(stream: stream, open: block, conformance: "PreviewProvider") { return true }
            }
            block = shape.enclosing[block]
        }
        return false
    }

    /// Whether the declaration before the block at `open` names `conformance`.
    private func declares(stream: Int, open: Int, conformance: String) -> Bool {
        var index = open - 1
        var scanned = 0
        while index >= 0, scanned < 32, !isPunctuation(stream, index, "}"), !isPunctuation(stream, index, ";") {
            if isIdentifier(stream, index), text(stream, index) == conformance { return true }
            index -= 1
            scanned += 1
        }
        return false
    }
}
