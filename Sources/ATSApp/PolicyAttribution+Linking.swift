import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ProjectAttributionBuilder {
    /// Who links whom, across every project of the tree: for each target, the targets that
    /// depend on it or link it directly. Edges come from a target's dependencies by name in its
    /// own project; from its links to targets of other projects (project references: resolved
    /// by object id, else name); from the products it links that a sibling project of the
    /// workspace builds (Xcode's implicit dependencies: matched by product file name); and from
    /// the Podfiles, whose development pods become targets of their own that the Podfile's
    /// targets link.
    mutating func linkTargets(_ projects: [XcodeProject]) -> [[Int]] {
        addDevelopmentPods(projects)
        var byProject: [String: [Int]] = [:]
        for (index, entry) in targets.enumerated() { byProject[entry.project.path, default: []].append(index) }
        var byProduct: [String: [Int]] = [:]
        for (index, entry) in targets.enumerated() {
            if let product = entry.target.productFile { byProduct[product, default: []].append(index) }
        }
        var dependents = Array(repeating: [Int](), count: targets.count)
        func edge(_ dependent: Int, _ dependency: Int) {
            guard dependent != dependency, !dependents[dependency].contains(dependent) else { return }
            dependents[dependency].append(dependent)
        }
        for (index, entry) in targets.enumerated() {
            let siblings = byProject[entry.project.path] ?? []
            for name in entry.target.dependencies {
                if let found = siblings.first(where: { targets[$0].target.name == name }) { edge(index, found) }
            }
            for link in entry.target.linkedTargets {
                let candidates = byProject[link.project] ?? []
                let found = candidates.first { link.targetID != nil && targets[$0].target.objectID == link.targetID }
                    ?? candidates.first { link.productID != nil && targets[$0].target.productReferenceID == link.productID }
                    ?? candidates.first { targets[$0].target.name == link.target }
                if let found { edge(index, found) }
            }
            for product in entry.target.linkedProducts {
                for found in byProduct[product] ?? [] where targets[found].project.path != entry.project.path { edge(index, found) }
            }
            for pod in podLinks[index] ?? [] { edge(index, pod) }
        }
        return dependents
    }

    /// Reads every Podfile the walk found and adds each development pod (`:path =>`) as a
    /// target of its own (a library whose folder is the pod's), linked by the targets that
    /// name it in the Podfile, nested targets inheriting as CocoaPods has them inherit.
    mutating func addDevelopmentPods(_ projects: [XcodeProject]) {
        for path in inventory.buildFiles.sorted() where PathText.lastComponent(path) == "Podfile" {
            guard let data = readFile(path) else { continue }
            guard data.count <= Podfile.maximumBytes else {
                problems.append("\(path): \(data.count) bytes, more than the limit of \(Podfile.maximumBytes); its development pods are not attributed")
                continue
            }
            let podfile = Podfile(String(decoding: data, as: UTF8.self))
            problems += podfile.problems.map { "\(path): \($0)" }
            guard podfile.podsByTarget.values.contains(where: { !$0.isEmpty }) || !podfile.rootPods.isEmpty else { continue }
            let folder = ProjectPath.parent(path)
            let named = podfile.project.flatMap { written in
                XcodePath.join(folder, written.hasSuffix(".xcodeproj") ? written : written + ".xcodeproj")
            }
            let candidates = projects.filter { project in
                project.format != .podfile && (named.map { project.path == $0 } ?? (ProjectPath.parent(project.path) == folder))
            }
            guard !candidates.isEmpty else {
                problems.append("\(path): \(named.map { "the project it names, \($0), was not read" } ?? "no Xcode project beside it was read"): its development pods are not attributed")
                continue
            }
            let pseudoProject = XcodeProject(path: path, sourceRoot: folder, targets: [], targetsWithoutProduct: [], problems: [], format: .podfile)
            var podTargets: [String: Int] = [:]
            for (targetName, pods) in podfile.podsByTarget.sorted(by: { $0.key < $1.key }) where !pods.isEmpty {
                let linking = targets.indices.filter { index in
                    candidates.contains { $0.path == targets[index].project.path } && targets[index].target.name == targetName
                }
                guard !linking.isEmpty else {
                    problems.append("\(path): target '\(targetName)' is not a target of \(candidates.map(\.path).joined(separator: ", ")): its development pods are not attributed to it")
                    continue
                }
                for pod in pods {
                    guard let podFolder = XcodePath.join(folder, pod.path) else {
                        problems.append("\(path): pod \(pod.name)'s path \(pod.path) is outside the input")
                        continue
                    }
                    let podIndex: Int
                    if let known = podTargets[podFolder] {
                        podIndex = known
                    } else {
                        podIndex = targets.count
                        targets.append((pseudoProject, Self.podTarget(pod.name, folder: podFolder), nil))
                        podTargets[podFolder] = podIndex
                    }
                    for index in linking { podLinks[index, default: []].append(podIndex) }
                }
            }
        }
    }

    /// A development pod as a static library target whose folder is the pod's.
    static func podTarget(_ name: String, folder: String) -> XcodeTarget {
        XcodeTarget(name: "\(name) (development pod)", productType: "com.apple.product-type.library.static", platforms: [], configuration: "",
                    infoPlistFile: nil, infoPlistFiles: [:], generatesInfoPlist: false, infoPlistKeys: [:], preprocessesInfoPlist: false,
                    preprocessorDefinitions: [], preprocessorPrefixHeader: nil, productName: name, bundleIdentifier: nil, files: [],
                    folders: [folder], excludedFiles: [], dependencies: [], hostTarget: nil, unresolvedSettings: [:])
    }
}
