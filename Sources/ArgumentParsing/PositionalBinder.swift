/// Binds the non-option arguments of a command line to its declared positionals.
enum PositionalBinder {
    /// Assigns `arguments` to `spec.positionals` in order: one argument each,
    /// except a variadic positional, which takes all that remain.
    ///
    /// - Throws: `UsageError` naming the first missing required positional, the
    ///   first argument left over when every positional is bound, or a value
    ///   outside a positional's allowed ones.
    static func bind(_ arguments: [String], to spec: CommandSpec) throws(UsageError) -> [String: [String]] {
        var remaining = arguments[...]
        var bound: [String: [String]] = [:]
        for positional in spec.positionals {
            if positional.variadic {
                if remaining.isEmpty && !positional.optional {
                    throw UsageError(command: spec.name, message: UsageMessage.missingPositional(positional))
                }
                bound[positional.name] = Array(remaining)
                remaining = []
            } else if let first = remaining.first {
                bound[positional.name] = [first]
                remaining = remaining.dropFirst()
            } else if !positional.optional {
                throw UsageError(command: spec.name, message: UsageMessage.missingPositional(positional))
            }
        }
        if let extra = remaining.first {
            throw UsageError(command: spec.name, message: UsageMessage.unexpectedArgument(extra))
        }
        for positional in spec.positionals {
            guard let allowed = positional.allowed else { continue }
            if let wrong = bound[positional.name]?.first(where: { !allowed.contains($0) }) {
                throw UsageError(command: spec.name, message: UsageMessage.invalidValue(wrong, for: positional, allowed: allowed))
            }
        }
        return bound
    }
}
