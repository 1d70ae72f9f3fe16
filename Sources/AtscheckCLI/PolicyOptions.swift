import ATSVocabulary
import ArgumentParsing
import ATSPolicySources
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading `--policy`, `--target`, `--subdomain-depth` and `--legacy-keys`, shared by the
/// commands that resolve ATS policies.
enum PolicyOptions {
    /// `--target OS`, the latest iOS when absent (the help prose says so).
    static let target = Option<TargetOS>("target", value: "OS",
                                         help: "The OS the app runs on: ios17, ios16.4, macos14, tvos17, watchos10, visionos2. Default: the latest iOS (\(TargetOS.latest)); see docs/ats-rules.md#ats-target-os.",
                                         default: .latest, showsDefault: false)
    static let subdomainDepth = Option<SubdomainDepth>("subdomain-depth", value: "DEPTH",
                                                       help: "How far NSIncludesSubdomains reaches in NSExceptionDomains: any (Apple's code) or 1 (the current documentation's reading); see docs/ats-rules.md#ats-subdomains.",
                                                       default: .any)
    static let legacyKeys = Option<LegacyKeyMode?>("legacy-keys", value: "MODE",
                                                   help: "Treat NSThirdParty*/NSTemporary* keys as aliases of the documented keys, or ignore them. Default: ignore on iOS 12 / macOS 10.14 and later, whose networking stack reads none of them; alias before. See docs/ats-rules.md#ats-legacy-keys.")
    /// `--target`, `--subdomain-depth` and `--legacy-keys`, in help order.
    static let resolutionSpecs: [any OptionDeclaration] = [target, subdomainDepth, legacyKeys]

    /// All resolution options.
    static func resolutionOptions(_ arguments: ParsedArguments) throws -> ResolutionOptions {
        ResolutionOptions(target: try arguments[target], subdomainDepth: try arguments[subdomainDepth],
                          legacyKeys: try arguments[legacyKeys])
    }

    /// `--context CONTEXT` as host, explain and proxy take it, `urlsession` when absent.
    static func context(help: String) -> Option<LoadContext> {
        Option("context", value: "CONTEXT", help: help, default: .urlSession)
    }

    /// Reads a policy file: an Info.plist or bare ATS dictionary (XML, binary or JSON), an
    /// Expo app.json or a Cordova config.xml, as `lint` and `app` read them.
    static func loadSource(_ path: String) throws -> PolicySourceDocument {
        let data = try InputFile.read(path, limit: PlistReader.Limits.default.maximumBytes)
        let source: PolicySourceDocument
        do throws(PolicySourceError) {
            source = try PolicySources.read(data, path: path)
        } catch {
            throw InputError(description: error.description)
        }
        if case .failure(let error) = source.document {
            let what = source.origin.map { "no policy from it (\($0))" } ?? "not a property list"
            throw InputError(description: "\(path):\(error.location.map { "\($0.line):\($0.column):" } ?? "") \(what): \(error.message)")
        }
        return source
    }

    /// Reads a policy file as the property-list document iOS would read (see `loadSource`).
    static func loadDocument(_ path: String) throws -> PlistDocument {
        guard case .success(let document) = try loadSource(path).document else { preconditionFailure("loadSource throws on failure") }
        return document
    }
}
