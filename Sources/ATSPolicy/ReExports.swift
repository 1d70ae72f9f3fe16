// Subdomain matching moved down to ATSVocabulary (the pinning library needs it and imports
// nothing else); the policy API keeps naming it, so users of ATSPolicy need no second import.
@_exported import enum ATSVocabulary.DomainMatcher
@_exported import enum ATSVocabulary.SubdomainDepth
