import ATSVocabulary
import ATSArchive
import ATSSinks
import ATSCheck
import ATSLint
import ATSPolicy
import ATSScan
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// Judges an inventory: every URL under the policy of the bundle or target it was found in
/// (``PolicyAttribution``), with the context its places imply, through the scan engine (one
/// probe per endpoint per bundle) or, offline, the policy alone.
public enum AppAuditor {
    /// The inventory's URLs and the code's, one entry per URL with the places of both.
    static func merged(_ text: [AppInventory.FoundURL], _ code: [AppInventory.FoundURL]) -> [AppInventory.FoundURL] {
        guard !code.isEmpty else { return text }
        var all = text
        var index: [String: Int] = [:]
        for (position, found) in all.enumerated() { index[found.url] = position }
        for found in code {
            if let position = index[found.url] {
                // Code's places first: what the code does with a URL must not be cut off by a
                // translation file that names it twenty times.
                all[position].places = Array((found.places + all[position].places).prefix(AppInventory.placesPerURL))
            } else {
                index[found.url] = all.count
                all.append(found)
            }
        }
        return all
    }

    /// Judges every URL of `inventory` under its unit's policy, probing endpoints with `checker` unless
    /// `options.offline`, and lints each policy; what cannot be read is recorded in the audit, nothing is thrown.
    public static func audit(_ inventory: AppInventory, files: AppFiles, checker: ATSChecker, options: AppAuditOptions) -> AppAudit {
        let attribution = PolicyAttribution.make(inventory, isProject: files.isProject, readFile: files.readProjectFile)
        var ownership: [String: FileOwnership] = [:]
        var perUnit = Array(repeating: [FoundLoad](), count: attribution.units.count)
        var routes: [String: LoadRoute] = [:]
        func route(_ file: String) -> LoadRoute {
            if let known = routes[file] { return known }
            let found = inventory.loadRoute(forFile: file, isProject: files.isProject) ?? .urlLoadingSystem
            routes[file] = found
            return found
        }
        var notJudged: [String: Int] = [:]
        var inNoTarget: [String: Int] = [:]
        var walk = inventory.walk
        let code = CodeReading.read(inventory, files: files, conditions: { attribution.compilationConditions(forFile: $0) }, analyse: { file in
            let owner = ownership[file] ?? attribution.ownership(of: file)
            ownership[file] = owner
            if case .units = owner { return true }
            return false
        })
        for problem in code.problems { walk.problems.append(ArchiveProblem(path: problem.path, problem: .partlyJudged(problem.reason))) }
        var notInApp: [NotInAppURL] = []
        for found in merged(inventory.urls, code.urls) {
            var byUnit: [Int: [FoundAt]] = [:]
            for place in found.places {
                let owner = ownership[place.file] ?? attribution.ownership(of: place.file)
                ownership[place.file] = owner
                switch owner {
                case .units(let units):
                    for unit in units where attribution.units[unit].governsFiles { byUnit[unit, default: []].append(place) }
                case .notJudged(let reason):
                    notJudged[reason, default: 0] += 1
                case .inNoTarget(let reason):
                    inNoTarget[reason, default: 0] += 1
                }
            }
            for (unit, places) in byUnit {
                // A use in a file this unit's target does not build is not this unit's.
                let seen = places.map { place in
                    place.use(building: { file in
                        let owner = ownership[file] ?? attribution.ownership(of: file)
                        ownership[file] = owner
                        if case .units(let units) = owner { return units.contains(unit) }
                        return false
                    })
                }
                perUnit[unit].append(load(found.url, seen, route: route, traits: inventory.traits))
            }
            if byUnit.isEmpty, let place = found.places.first {
                switch ownership[place.file] ?? attribution.ownership(of: place.file) {
                case .notJudged(let reason), .inNoTarget(let reason):
                    notInApp.append(NotInAppURL(url: found.url, foundAt: found.places.prefix(3).map(\.location), reason: reason))
                case .units:
                    break
                }
            }
        }
        let targets = attribution.units.map { unit -> ResolutionOptions in
            // A unit on another platform (a watchOS or macOS target) is judged at that platform's release.
            let target = unit.platform.map { TargetOS($0, TargetOS.latest.major, TargetOS.latest.minor) } ?? checker.environment.target
            return ResolutionOptions(target: target, subdomainDepth: options.subdomainDepth, legacyKeys: options.legacyKeys)
        }
        let plans = attribution.units.indices.map { index -> Plan? in
            guard case .success(let document) = attribution.units[index].bundle.document else { return nil }
            return plan(perUnit[index], document: document, resolution: targets[index], options: options)
        }
        if !options.offline { options.announce?(plans.reduce(into: Set<String>()) { $0.formUnion($1?.endpointKeys ?? []) }.count) }
        // Each framework's owner, looked up once (not once per unit: n² lookups for n bundles).
        var frameworksByUnit: [Int: [AppBundle]] = [:]
        if !files.isProject {
            for framework in inventory.bundles where !framework.kind.setsPolicy {
                if case .units(let owners) = attribution.ownership(of: framework.policyFile), owners.count == 1 {
                    frameworksByUnit[owners[0], default: []].append(framework)
                }
            }
        }
        var audited: [AuditedBundle] = []
        for (index, unit) in attribution.units.enumerated() {
            let bundle = unit.bundle
            let endpoints: [AuditedEndpoint]
            let document: PlistDocument?
            switch (bundle.document, plans[index]) {
            case (.success(let read), let plan?):
                document = read
                endpoints = run(plan, checker: checker, options: options)
            case (.failure(let error), _):
                document = nil
                endpoints = perUnit[index].map { load in
                    if load.setAsideAsComment(all: options.all) { return commentEndpoint(load) }
                    let judged = load.outsideATS == nil && load.use.map { $0.strength >= URLUse.notSeen(hint: "").strength } ?? true
                    return AuditedEndpoint(url: load.url, context: load.context ?? .urlSession, places: load.places, filtered: nil, verdict: nil, error: nil,
                                           unknown: judged ? "the policy of \(bundle.policyFile) cannot be told: \(error.message)" : nil,
                                           outsideATS: load.outsideATS, use: load.use)
                }
            case (.success(let read), nil):
                document = read
                endpoints = []
            }
            let linted = bundle.lint(with: options.linter)
            let hasATS = document?.root.value.entry("NSAppTransportSecurity") != nil
            let frameworks = frameworksByUnit[index] ?? []
            var auditedBundle = AuditedBundle(bundle: bundle, unit: unit, findings: linted.findings, hasATSDictionary: hasATS, endpoints: endpoints,
                                              frameworks: frameworks, target: targets[index].target)
            auditedBundle.commented = linted.suppressed
            audited.append(auditedBundle)
        }
        var audit = AppAudit(path: files.path, kind: files.kind, bundles: audited, walk: walk, attribution: attribution, notJudged: notJudged,
                             inNoTarget: inNoTarget, notInApp: notInApp, skipped: inventory.skipped)
        audit.routeNotes = inventory.traits.notes
        return audit
    }

    /// The URL's load from its places: the strongest use any place shows (``URLUse/strongest(_:)``),
    /// judged in the strictest context its loads take (a session before media before a web
    /// view); loads that all go around the URL Loading System (Dart's dart:io) are outside ATS.
    static func load(_ url: String, _ places: [FoundAt], route: (String) -> LoadRoute, traits: ProjectTraits) -> FoundLoad {
        let code = places.filter { !$0.isComment }
        guard !code.isEmpty else { return FoundLoad(url: url, places: places, context: .urlSession, outsideATS: nil) }
        let uses = code.map { $0.use ?? .notSeen(hint: "what reads it was not followed") }
        let strongest = URLUse.strongest(uses)!
        var best: (LoadContext, Int)?
        var outside: String?
        for (place, use) in zip(code, uses) where use.strength == strongest.strength {
            let placeRoute = route(place.file)
            if let context = context(of: use, url: url, route: placeRoute) {
                let rank = [LoadContext.urlSession: 0, .media: 1, .webView: 2][context] ?? 3
                if best.map({ rank < $0.1 }) ?? true { best = (context, rank) }
            } else if case .outsideATS(let reason) = placeRoute {
                outside = outside ?? reason
            }
        }
        guard let context = best?.0 else {
            // Opened outside or never loaded, the route its loads would take does not matter
            // (url_launcher's launchUrl from Dart hands the URL to iOS; it is no dart:io load).
            if strongest.strength < URLUse.notSeen(hint: "").strength {
                return FoundLoad(url: url, places: places, context: .urlSession, outsideATS: nil, use: strongest)
            }
            return FoundLoad(url: url, places: places, context: nil, outsideATS: outside ?? LoadRoute.dartOutsideATS, use: strongest)
        }
        return FoundLoad(url: url, places: places, context: context, outsideATS: nil, use: strongest)
    }

    /// The context ATS resolves a use in under `route`: a network load is a session's (a web
    /// view's in a page's script, unless a native plugin makes it); media is AVFoundation's (a
    /// web view's in a page); a web view load or navigation is a web view's. Nil when ATS does not
    /// govern it (dart:io). A use atscheck could not see takes the route's default.
    static func context(of use: URLUse, url: String, route: LoadRoute) -> LoadContext? {
        switch use {
        case .load(.network, let via):
            switch route {
            case .outsideATS: return nil
            case .webContent: return via.hasSuffix("(native)") ? .urlSession : .webView
            case .urlLoadingSystem: return .urlSession
            }
        case .load(.media, _):
            return route == .webContent ? .webView : .media
        case .load(.webView, _), .load(.navigation, _):
            return .webView
        case .openedOutside, .neverLoaded, .notSeen:
            return route.context(forURL: url)
        }
    }

    /// What to do with a found string under `policy`: the URL to judge, or the rule that sets it
    /// aside (`not-a-url` for one that does not parse). Loopback is set aside only when the
    /// policy exempts it: an NSExceptionDomains entry for `localhost` puts it under ATS. With
    /// `all`, the rules that name real URLs (namespaces, placeholders, Apple's DTD, loopback)
    /// set nothing aside; templates and patterns cannot be judged whatever is asked.
    static func triage(_ text: String, context: LoadContext, policy: AppTransportSecurity, resolution: ResolutionOptions,
                       all: Bool) -> (url: String, target: CheckTarget?, setAside: String?) {
        switch EndpointFilter.classify(text) {
        case .url(let url):
            return (url, CheckTarget.parse(url), nil)
        case .notURL:
            return (text, nil, "not-a-url")
        case .setAside(let rule):
            let url = EndpointFilter.literalURL(URLCleanup.clean(text))
            guard let target = CheckTarget.parse(url), rule != "template", rule != "wildcard" else { return (url, nil, rule) }
            if all { return (url, target, nil) }
            guard rule == "loopback" else { return (url, target, rule) }
            guard let resolved = try? ATSResolver.resolve(url, context: context, policy: policy, options: resolution),
                  case .localExemption = resolved.source else { return (url, target, nil) }
            return (url, target, rule)
        }
    }

    /// One unit's URLs sorted before anything is probed: those already decided (set aside, not a
    /// URL) and the entries to judge, by context.
    struct Plan {
        var endpoints: [AuditedEndpoint] = []
        var byContext: [LoadContext: [(ScanEntry, [FoundAt], URLUse?)]] = [:]
        let document: PlistDocument
        let resolution: ResolutionOptions

        /// Endpoints (scheme, host and port) the plan would contact.
        var endpointKeys: Set<String> {
            Set(byContext.values.flatMap { $0.map { "\($0.0.target.scheme)://\($0.0.target.host):\($0.0.target.port)" } })
        }
    }

    static func plan(_ loads: [FoundLoad], document: PlistDocument, resolution: ResolutionOptions,
                     options: AppAuditOptions) -> Plan {
        var plan = Plan(document: document, resolution: resolution)
        let policy = AppTransportSecurity(document: document)
        // Two found strings can clean to one URL (`…/users/${id}` and `…/users/${name}`): one
        // entry, with the places of both.
        var judged: [String: (LoadContext, Int)] = [:]
        for load in loads {
            let (url, places) = (load.url, load.places)
            if load.setAsideAsComment(all: options.all) {
                plan.endpoints.append(commentEndpoint(load))
                continue
            }
            guard let context = load.context else {
                plan.endpoints.append(AuditedEndpoint(url: url, context: .urlSession, places: places, filtered: nil, verdict: nil, error: nil,
                                                      outsideATS: load.outsideATS, use: load.use))
                continue
            }
            let triaged = triage(url, context: context, policy: policy, resolution: resolution, all: options.all)
            guard let parsed = triaged.target, triaged.setAside == nil else {
                // Set aside, or not a URL (an unparsable extraction): listed, never a verdict.
                plan.endpoints.append(AuditedEndpoint(url: triaged.url, context: context, places: places, filtered: triaged.setAside ?? "not-a-url",
                                                      verdict: nil, error: nil))
                continue
            }
            switch load.use {
            case .openedOutside?, .neverLoaded?:
                // Not loaded by the app: listed with why, never judged.
                plan.endpoints.append(AuditedEndpoint(url: triaged.url, context: context, places: places, filtered: nil, verdict: nil, error: nil,
                                                      use: load.use))
                continue
            case .load?, .notSeen?, nil:
                break
            }
            if let (known, index) = judged["\(context.rawValue) \(triaged.url)"] {
                let merged = plan.byContext[known]![index].1 + places.filter { !plan.byContext[known]![index].1.contains($0) }
                plan.byContext[known]![index].1 = Array(merged.prefix(AppInventory.placesPerURL))
                plan.byContext[known]![index].2 = URLUse.strongest([plan.byContext[known]![index].2, load.use].compactMap { $0 })
                continue
            }
            let target = options.mapTarget(parsed)
            if !options.offline, !options.allowPrivateProbe, target.address == nil, let kind = nonPublicKind(target.host) {
                plan.endpoints.append(AuditedEndpoint(url: triaged.url, context: context, places: places, filtered: nil, verdict: nil,
                                                      error: "not probed: \(target.host) is a \(kind) address (--allow-private-probe probes it)", use: load.use))
                continue
            }
            let origin = ScanOrigin(file: places[0].file, line: places[0].line)
            judged["\(context.rawValue) \(triaged.url)"] = (context, plan.byContext[context]?.count ?? 0)
            plan.byContext[context, default: []].append((ScanEntry(target: target, origin: origin), places, load.use))
        }
        return plan
    }

    // A bundle's URLs must not turn a probe into a scan of the network atscheck runs in (names: publicAddressesOnly).
    static func nonPublicKind(_ host: String) -> String? {
        let host = host.lowercased()
        return host == "localhost" || host.hasSuffix(".localhost") ? "loopback" : IssuerFetching.nonPublicAddressKind(host)
    }

    /// A URL named only in comments, set aside as `comment`.
    static func commentEndpoint(_ load: FoundLoad) -> AuditedEndpoint {
        AuditedEndpoint(url: load.url, context: load.context ?? .urlSession, places: load.places, filtered: FoundAt.comment, verdict: nil, error: nil)
    }

    static func run(_ plan: Plan, checker: ATSChecker, options: AppAuditOptions) -> [AuditedEndpoint] {
        var endpoints = plan.endpoints
        let checker = plan.resolution.target == checker.environment.target ? checker
            : ATSChecker(environment: checker.environment.retargeted(to: plan.resolution.target), issuerCache: checker.issuerCache)
        for context in [LoadContext.urlSession, .webView, .media] {
            guard let group = plan.byContext[context], !group.isEmpty else { continue }
            var checkOptions = CheckOptions(policyDocument: plan.document, context: context, subdomainDepth: plan.resolution.subdomainDepth,
                                            legacyKeys: plan.resolution.legacyKeys, time: options.time, timeout: options.timeout)
            checkOptions.issuerFetch = options.issuerFetch
            checkOptions.publicAddressesOnly = !options.allowPrivateProbe
            var results: [String: Result<Verdict, ScanEntryError>] = [:]
            if options.offline {
                for (entry, _, _) in group {
                    do {
                        results[entry.target.url] = .success(try checker.judge(entry.target, observation: nil, options: checkOptions))
                    } catch {
                        results[entry.target.url] = .failure(ScanEntryError(entry: entry, message: error.description))
                    }
                }
            } else {
                let collected = Collected()
                ScanEngine(checker: checker, options: checkOptions, concurrency: options.concurrency).run(group.map(\.0)) { collected.add($0) }
                results = collected.results
            }
            for (entry, places, use) in group {
                let url = entry.target.url
                let use = use ?? .notSeen(hint: "what reads it was not followed")
                switch results[url] {
                case .success(let verdict)?:
                    endpoints.append(AuditedEndpoint(url: url, context: context, places: places, filtered: nil, verdict: verdict, error: nil, use: use))
                case .failure(let failure)?:
                    endpoints.append(AuditedEndpoint(url: url, context: context, places: places, filtered: nil, verdict: nil, error: failure.message, use: use))
                case nil:
                    endpoints.append(AuditedEndpoint(url: url, context: context, places: places, filtered: nil, verdict: nil, error: "not judged", use: use))
                }
            }
        }
        return endpoints
    }
}

/// Results from the scan engine's delivery thread, by URL.
private final class Collected: @unchecked Sendable {
    private let lock = Lock()
    private var byURL: [String: Result<Verdict, ScanEntryError>] = [:]

    func add(_ result: Result<ScanResult, ScanEntryError>) {
        lock.lock()
        defer { lock.unlock() }
        switch result {
        case .success(let value): byURL[value.entry.target.url] = .success(value.verdict)
        case .failure(let failure): byURL[failure.entry.target.url] = .failure(failure)
        }
    }

    var results: [String: Result<Verdict, ScanEntryError>] {
        lock.lock()
        defer { lock.unlock() }
        return byURL
    }
}
