extension LexedSource {
    /// A lexer that stops inside a string literal (a token budget run out) never writes the
    /// literal's token, so the interpolations it opened name a parent token that does not
    /// exist: they are emptied (and the ones inside them), so no reader walks to it.
    mutating func emptyOrphanedInterpolations() {
        for index in streams.indices.dropFirst() {
            guard let parent = streams[index].parent else { continue }
            if parent.stream >= index || parent.token >= streams[parent.stream].tokens.count { streams[index].tokens = [] }
        }
    }
}
