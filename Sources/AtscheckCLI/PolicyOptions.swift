import ATSVocabulary
import ArgumentParsing
import ATSPolicySources
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading `--policy` (with `--define`), `--target`, `--subdomain-depth` and `--legacy-keys`,
/// shared by the commands that resolve ATS policies.
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

    /// `--define NAME[=VALUE]`, for an Info.plist with preprocessor lines.
    static let define = Option<[PreprocessorDefinition]>(
        "define", value: "NAME[=VALUE]",
        help: "Define NAME (as 1, or as VALUE) when the --policy Info.plist has preprocessor lines (#if, #ifdef, #define), as INFOPLIST_PREPROCESSOR_DEFINITIONS does for Xcode's INFOPLIST_PREPROCESS. The plist is preprocessed even without it: a name nothing defines is 0, as clang reads it, and the branches taken are shown. #include, function-like macros or an expression atscheck cannot evaluate make the policy unknown (exit 3). See docs/app-audit.md#policy-sources.")

    /// The policy file `option` names, read with `--define`'s definitions (``loadSource(_:definitions:)``);
    /// nil without the option. `--define` without a policy file is a usage error.
    static func loadSource(_ arguments: ParsedArguments, policy option: Option<String?>) throws -> PolicySourceDocument? {
        let definitions = try arguments[define].map(\.argumentDescription)
        guard let path = try arguments[option] else {
            if !definitions.isEmpty {
                throw UsageError(command: arguments.spec.name, message: "'--define' goes with '--policy' (it defines names for a preprocessed Info.plist)")
            }
            return nil
        }
        return try loadSource(path, definitions: definitions)
    }

    /// The property-list document iOS would read from the policy file `option` names (see
    /// ``loadSource(_:policy:)``); nil without the option.
    static func loadDocument(_ arguments: ParsedArguments, policy option: Option<String?>) throws -> PlistDocument? {
        guard let source = try loadSource(arguments, policy: option) else { return nil }
        guard case .success(let document) = source.document else { preconditionFailure("loadSource throws on failure") }
        return document
    }

    /// Reads a policy file: an Info.plist or bare ATS dictionary (XML, binary or JSON), an
    /// Expo app.json or a Cordova config.xml, as `lint` and `app` read them. An Info.plist with
    /// preprocessor lines is preprocessed with `definitions`; one atscheck cannot follow throws
    /// ``PolicyUnknownError`` (exit 3), any other unreadable file ``InputError`` (exit 2).
    static func loadSource(_ path: String, definitions: [String] = []) throws -> PolicySourceDocument {
        let data = try InputFile.read(path, limit: PlistReader.Limits.default.maximumBytes)
        let source: PolicySourceDocument
        do throws(PolicySourceError) {
            source = try PolicySources.read(data, path: path, definitions: definitions)
        } catch {
            throw InputError(description: error.description)
        }
        if let failure = source.preprocessingFailure {
            let with = definitions.isEmpty ? "no --define" : "--define " + definitions.joined(separator: " ")
            throw PolicyUnknownError(description: "\(path): policy unknown: the Info.plist is preprocessed (\(with)) and atscheck cannot follow it: "
                                     + "\(failure.description); what the build ships from it cannot be told")
        }
        if case .failure(let error) = source.document {
            let what = source.kind == .infoPlist ? "not a property list" + (source.preprocessing == nil ? "" : " once preprocessed")
                : source.origin.map { "no policy from it (\($0))" } ?? "not a property list"
            throw InputError(description: "\(path):\(error.location.map { "\($0.line):\($0.column):" } ?? "") \(what): \(error.message)")
        }
        return source
    }
}

/// A policy file that was read but whose policy cannot be told (a preprocessed Info.plist
/// atscheck cannot follow): printed as one line, exit status 3 (unknown), not 2.
struct PolicyUnknownError: Error, CustomStringConvertible {
    let description: String
}
