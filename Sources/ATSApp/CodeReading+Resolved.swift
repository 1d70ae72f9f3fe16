import ATSSinks

extension CodeReading {
    /// What the reads of names found in other files amount to, by the file each use is in: a
    /// target that does not build that file does not make that use.
    struct Resolved {
        /// Each name's reads in other files: the file read, and what the read does.
        var reads: [Scope: [String: [(file: String, use: FoundUse)]]] = [:]
        /// Names whose reads were not searched because the search's budget ran out.
        var unsearched: [Scope: Set<String>] = [:]

        /// Answers already worked out, by scope and name.
        let cache = Cache()

        /// The strongest use in each file (``URLUse/strongest(_:)``); the key `""` for an answer
        /// that holds in every file (no code reads the name, or its reads were not searched).
        /// Read in key order wherever uses of equal strength meet: the first one kept must not
        /// depend on the process's hash seed.
        typealias Answer = [String: URLUse]

        /// A box for ``cache``: many places ask about the same names.
        final class Cache {
            var memo: [Scope: [String: Answer]] = [:]
        }

        /// The uses of the value assigned to `name`, by the file each happens in: its reads,
        /// followed, each name once (names that lead to each other are a graph, not a tree:
        /// without remembering, a chain of them is walked exponentially often). A name no code of
        /// the input reads is never loaded; one no code of its package reads, or that was not
        /// searched, is a use atscheck did not see.
        func uses(of name: String, scope: Scope) -> Answer {
            var memo = cache.memo[scope] ?? [:]
            let answer = uses(name, scope: scope, memo: &memo, visiting: [])
            cache.memo[scope] = memo
            return answer
        }

        private func uses(_ name: String, scope: Scope, memo: inout [String: Answer], visiting: Set<String>) -> Answer {
            if let known = memo[name] { return known }
            guard !visiting.contains(name), visiting.count < 64 else { return [:] }
            if unsearched[scope]?.contains(name) == true {
                return ["": .notSeen(hint: "assigned to \(name); its reads in other files were not searched (the search's budget of \(CodeReading.resolveBytes >> 20) MiB was spent)")]
            }
            var answer: Answer = [:]
            func add(_ use: URLUse, at file: String) {
                answer[file] = URLUse.strongest([answer[file], use].compactMap { $0 })
            }
            let found = reads[scope]?[name] ?? []
            for (file, item) in found {
                switch item {
                case .use(let use):
                    add(use, at: file)
                case .pending(let next):
                    // What holds everywhere for the next name holds where this read passed the value on.
                    for (site, use) in uses(next, scope: scope, memo: &memo, visiting: visiting.union([name])).sorted(by: { $0.key < $1.key }) { add(use, at: site.isEmpty ? file : site) }
                }
            }
            // Every level, not only the literal's own name: a read that passes the value to a
            // function whose code was not found is a use not seen, however deep.
            if answer.isEmpty {
                if let function = CodeUses.functionArgument(name) {
                    answer[""] = .notSeen(hint: "passed to \(function.name)(\(function.label.map { "\($0):" } ?? "…")), whose code was not found")
                } else if !found.isEmpty {
                    answer[""] = .notSeen(hint: "assigned to \(name), whose reads lead back to names already being followed")
                } else if !scope.root.isEmpty {
                    answer[""] = .notSeen(hint: "assigned to \(name), which no code of \(scope.root)/ reads (other packages were not searched)")
                } else {
                    answer[""] = .neverLoaded(why: "assigned to \(name), which no code atscheck read uses")
                }
            }
            memo[name] = answer
            return answer
        }
    }
}
