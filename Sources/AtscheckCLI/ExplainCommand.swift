import ArgumentParsing
import ATSPolicySources
import ATSPolicy
import ATSReport
import ATSJSON
import ATSRender
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `atscheck explain`: which ATS rules apply to a URL under a policy, with no network traffic.
enum ExplainCommand: AtscheckCommand {
    static let name = "explain"

    static let abstract = "Show which ATS rules apply to a URL under an Info.plist, without connecting."
    static let spec = CommandSpec(
        name: "atscheck explain",
        abstract: abstract,
        discussion: """
        Resolves the URL against the policy the way ATS does: a matching NSExceptionDomains \
        entry replaces every global key (even when empty); otherwise local names are exempt \
        (and IP literals on iOS 10–16), and the global keys apply, with NSAllowsArbitraryLoads \
        ignored on iOS 10+ when NSAllowsArbitraryLoadsForMedia, NSAllowsArbitraryLoadsInWebContent \
        or NSAllowsLocalNetworking is present. NSPinnedDomains adds pins on top. Every modelling \
        choice that decided the answer is listed under assumptions.

        An Info.plist with preprocessor lines (#if, #ifdef, #define: Xcode's \
        INFOPLIST_PREPROCESS) is preprocessed first with the --define definitions, as Xcode \
        passes INFOPLIST_PREPROCESSOR_DEFINITIONS: a name nothing defines is 0, as clang reads \
        it, and each branch taken is shown (JSON: policySource). #include, function-like macros \
        and expressions atscheck does not evaluate make the policy unknown.

        Exit status: 0 when the policy lets the load go ahead to TLS, 1 when ATS refuses it \
        outright (cleartext http:// not allowed, -1022), 2 on bad usage or an unreadable policy, \
        3 when the policy is a preprocessed Info.plist atscheck cannot follow (the reason is \
        printed).

        The resolution rules and atscheck's choices, with their sources: docs/ats-rules.md \
        (#resolution-rules, #choices).
        """,
        options: [policy, PolicyOptions.define, context] + PolicyOptions.resolutionSpecs + [format],
        positionals: [url],
        examples: [
            "atscheck explain https://api.example.com/v1 --policy Info.plist",
            "atscheck explain http://cdn.example.com/a.mp4 --policy Info.plist --context media --target ios16",
            "atscheck explain https://10.0.0.5/ --policy Policies/local-development.plist --format json",
            "atscheck explain http://dev.example.com/ --policy App/Info.plist --define DEBUG --define API_LEVEL=2",
        ]
    )

    static let policy = Option<String?>("policy", value: "FILE", help: "Info.plist or bare NSAppTransportSecurity dictionary (XML, binary or JSON), Expo app.json (expo.ios.infoPlist) or Cordova config.xml (what cordova-ios writes), read as lint and app read them (an Info.plist with #if lines preprocessed: see --define). Without it, no ATS keys: full ATS.")
    static let context = PolicyOptions.context(help: "The API the load goes through.")
    static let format = OutputFormat.option()
    static let url = PositionalSpec("URL", help: "An http:// or https:// URL.")

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let url = URLArgument.withoutCredentials(arguments[Self.url][0], command: spec.name)
        let options = try PolicyOptions.resolutionOptions(arguments)
        let context = try arguments[Self.context]
        let policyPath = try arguments[policy]
        let source = try PolicyOptions.loadSource(arguments, policy: policy)
        let policy = AppTransportSecurity(document: (try? source?.document.get()) ?? PlistDocument(root: PlistNode(.dictionary([])), format: .xml))
        let resolution: Resolution
        do {
            resolution = try ATSResolver.resolve(url, context: context, policy: policy, options: options)
        } catch {
            throw UsageError(command: spec.name, message: error.description)
        }
        switch try arguments[format] {
        case .json: print(try JSONStyle.text(ExplainReport(resolution: resolution, policyPath: policyPath, policySource: source?.origin)))
        default: print(ExplainTextRenderer.render(resolution, policyPath: policyPath, policyOrigin: source?.origin, preprocessing: source?.preprocessing), terminator: "")
        }
        return resolution.blocksCleartext ? .failure : .success
    }
}
