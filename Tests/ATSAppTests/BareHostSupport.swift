import AtscheckSystem

enum BareHostSupport {
    /// Bare host names are taken only with an installed Public Suffix List (CI installs Debian's).
    static let pslInstalled = PublicSuffixList.loadInstalled() != nil
}
