// The Public Suffix List lives in AtscheckSystem (the certificate checks need it too); lint's
// API keeps naming it, so users of ATSLint need no second import.
@_exported import class AtscheckSystem.PublicSuffixList
