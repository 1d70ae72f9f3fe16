import ATSVocabulary

extension TargetOS {
    /// The default for `--legacy-keys`: `ignore` where Apple's code reads no legacy spelling,
    /// `alias` for older targets.
    public var defaultLegacyKeyMode: LegacyKeyMode { usesNetworkFrameworkATS ? .ignore : .alias }
}
