import ATSPolicy
import ATSPolicySources
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Info.plist an Xcode target ships, as its build settings make it: the file
/// `INFOPLIST_FILE` names (through the preprocessor when `INFOPLIST_PREPROCESS` is on), or the
/// one Xcode generates from `INFOPLIST_KEY_*` settings, which cannot hold
/// `NSAppTransportSecurity`. A file that is missing or cannot be preprocessed makes the policy
/// unknown, never ATS's defaults.
struct TargetPolicy {
    let bundle: AppBundle
    let reason: String
    let notes: [String]

    init(target: XcodeTarget, project: XcodeProject, inventory: AppInventory, readFile: (String) -> Data?) {
        let described = "the \(target.kind.rawValue) target \(target.name) of \(project.path)"
        var notes: [String] = []
        guard let file = target.infoPlistFile else {
            let document: Result<PlistDocument, PlistReadError>
            if target.generatesInfoPlist {
                let keys = target.infoPlistKeys.sorted { $0.key < $1.key }.map { PlistEntry(key: $0.key, node: PlistNode(.string($0.value))) }
                document = .success(PlistDocument(root: PlistNode(.dictionary(keys)), format: .xml))
                notes.append("Xcode generates its Info.plist (GENERATE_INFOPLIST_FILE) from INFOPLIST_KEY_ settings, which cannot set NSAppTransportSecurity: ATS's defaults apply")
            } else if let written = target.unresolvedSettings["INFOPLIST_FILE"] {
                // Which file ships cannot be told: unknown, with the project's reason, never "no policy".
                let why = target.unresolvedReasons["INFOPLIST_FILE"].map { ": " + $0 } ?? ""
                document = .failure(PlistReadError("INFOPLIST_FILE (\(written.prefix(200))) cannot be resolved\(why)"))
            } else {
                document = .failure(PlistReadError("the target sets neither INFOPLIST_FILE nor GENERATE_INFOPLIST_FILE"))
            }
            bundle = AppBundle(path: project.sourceRoot, kind: .projectTarget, identifier: target.bundleIdentifier,
                               policyFile: "\(project.path) (\(target.name), generated Info.plist)", policyBytes: nil, document: document)
            reason = "\(described) (generated Info.plist)"
            self.notes = notes
            return
        }
        reason = "\(described): INFOPLIST_FILE = \(file) (\(target.configuration))"
        let kept = inventory.bundles.first { $0.policyFile == file }?.policyBytes
        guard var bytes = kept ?? readFile(file) else {
            if let generated = target.generatedInfoPlist {
                bundle = AppBundle(path: ProjectPath.parent(file), kind: .projectTarget, identifier: target.bundleIdentifier, policyFile: file,
                                   policyBytes: nil, document: generated)
                notes.append("XcodeGen writes this Info.plist from \(project.path)'s info.properties when it generates the project (it is not in the tree): judged as it would be written")
                self.notes = notes
                return
            }
            bundle = AppBundle(path: ProjectPath.parent(file), kind: .projectTarget, identifier: target.bundleIdentifier, policyFile: file,
                               policyBytes: nil, document: .failure(PlistReadError("INFOPLIST_FILE names \(file), which is not in the tree (or not a regular file)")))
            self.notes = notes
            return
        }
        if target.generatedInfoPlist != nil {
            notes.append("XcodeGen rewrites this Info.plist from \(project.path)'s info.properties each time it generates the project; the file in the tree is what was judged")
        }
        if target.preprocessesInfoPlist {
            let prefix = target.preprocessorPrefixHeader.flatMap(readFile)
            if target.preprocessorPrefixHeader != nil, prefix == nil {
                notes.append("INFOPLIST_PREFIX_HEADER \(target.preprocessorPrefixHeader ?? "") is not in the tree: only INFOPLIST_PREPROCESSOR_DEFINITIONS were applied")
            }
            do throws(InfoPlistPreprocessor.Failure) {
                let output = try InfoPlistPreprocessor.preprocess(bytes, definitions: target.preprocessorDefinitions, prefixHeader: prefix)
                bytes = output.bytes
                let definitions = target.preprocessorDefinitions.isEmpty ? "no definitions" : "definitions " + target.preprocessorDefinitions.joined(separator: " ")
                notes.append("preprocessed (INFOPLIST_PREPROCESS) with \(definitions)" + (output.branches.isEmpty ? "" : ": " + output.branches.joined(separator: "; ")))
            } catch {
                bundle = AppBundle(path: ProjectPath.parent(file), kind: .projectTarget, identifier: target.bundleIdentifier, policyFile: file, policyBytes: nil,
                                   document: .failure(PlistReadError("the Info.plist is preprocessed (INFOPLIST_PREPROCESS) and atscheck cannot follow it: \(error.description)")))
                self.notes = notes
                return
            }
        }
        var read = AppBundle(infoPlistPath: file, bytes: bytes, project: true)
        if let identifier = target.bundleIdentifier, read?.identifier.map({ $0.contains("$(") || $0.contains("${") }) ?? true {
            read = read?.replacingIdentifier(identifier)
        }
        bundle = read ?? AppBundle(path: ProjectPath.parent(file), kind: .projectTarget, identifier: target.bundleIdentifier, policyFile: file,
                                   policyBytes: bytes, document: .failure(PlistReadError("not read")))
        self.notes = notes
    }
}
