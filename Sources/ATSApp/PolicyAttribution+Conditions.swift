import ATSCode

extension PolicyAttribution {
    /// What decides the `#if`s of `file` in the build that ships it: a Release build for a
    /// device (`DEBUG` unset, simulator macros 0) with the active compilation conditions
    /// (Swift) and preprocessor definitions (C, Objective-C) of the Xcode targets that build
    /// it. A name two such targets disagree on is unknown (both branches read); a file no target
    /// builds gets the defaults alone.
    public func compilationConditions(forFile file: String) -> CompilationConditions {
        let owners = targetsHolding(file).map { targets[$0].target }
        guard let first = owners.first else { return CompilationConditions() }
        let swift = file.hasSuffix(".swift")
        func settings(_ target: XcodeTarget) -> [String] {
            swift ? target.swiftActiveCompilationConditions : target.gccPreprocessorDefinitions
        }
        var agreed = CompilationConditions(settings: settings(first))
        for other in owners.dropFirst() {
            let next = CompilationConditions(settings: settings(other))
            for name in Set(agreed.defined.keys).union(next.defined.keys) where agreed.defined[name] != next.defined[name] {
                agreed.defined[name] = nil
                agreed.undefined.remove(name)
            }
        }
        return agreed
    }
}
