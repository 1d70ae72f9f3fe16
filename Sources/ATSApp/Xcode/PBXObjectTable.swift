/// The `objects` table of a project file, with what reading it could not make sense of.
///
/// Every lookup that a well-formed project always satisfies (a target's configuration list,
/// a build file's reference) goes through `object(_:expected:for:)`, which reports a missing
/// object or one of the wrong class instead of failing. Walks draw on one budget so that a
/// hostile file cannot make the reader visit more than `maximumSteps` objects in all.
final class PBXObjectTable {
    /// Most objects visited, across every walk of one project.
    static let maximumSteps = 1_000_000
    /// Most problems kept; the rest are counted.
    static let maximumProblems = 200

    let objects: [String: PBXObject]
    private(set) var problems: [String] = []
    private var reported: Set<String> = []
    private var unreported = 0
    private var steps = 0
    private var budgetSpent = false

    init(objects: [String: PBXObject]) {
        self.objects = objects
    }

    /// The object `id`, when it exists and its class is one of `expected` (any class when
    /// empty); otherwise nil, and a problem naming `context` (what referred to it).
    func object(_ id: String, expected: Set<String> = [], for context: String) -> PBXObject? {
        guard let object = objects[id] else {
            report("\(context) refers to object \(id), which the project does not have")
            return nil
        }
        guard expected.isEmpty || object.isa.map(expected.contains) == true else {
            report("\(context) refers to object \(id), a \(object.isa ?? "object without isa"), not a \(expected.sorted().joined(separator: " or "))")
            return nil
        }
        return object
    }

    /// The object `id` when it exists, without a problem when it does not (optional links).
    func optionalObject(_ id: String?) -> PBXObject? {
        id.flatMap { objects[$0] }
    }

    /// Spends one step of the walk budget; false (and one problem) once it is spent.
    func step() -> Bool {
        guard steps < Self.maximumSteps else {
            if !budgetSpent {
                budgetSpent = true
                report("the project names more than \(Self.maximumSteps) objects to walk; the rest were not read")
            }
            return false
        }
        steps += 1
        return true
    }

    /// Most xcconfig assignments inlined through `#include`s, across every xcconfig of one
    /// project (an include repeated at every level would otherwise copy N^3 assignments).
    static let maximumInlinedAssignments = 1_000_000
    /// Most bytes of setting names and values expanded, across one project.
    static let maximumExpandedBytes = 64 << 20

    private var inlinedAssignments = 0
    private var expandedBytes = 0
    /// Why the project's build settings cannot all be told (a budget above ran out); once set,
    /// every setting expanded afterwards is unresolved with this reason, so the policies that
    /// depend on them are unknown, never read from a truncated stack.
    private(set) var settingsIncomplete: String?

    /// Charges `count` inlined xcconfig assignments; false once the budget is spent.
    func inline(_ count: Int) -> Bool {
        spend(&inlinedAssignments, count, limit: Self.maximumInlinedAssignments,
              "the project's xcconfig files inline more than \(Self.maximumInlinedAssignments) settings through their includes")
    }

    /// Charges `count` bytes of expanded names and values; false once spent.
    func expand(_ count: Int) -> Bool {
        spend(&expandedBytes, count, limit: Self.maximumExpandedBytes,
              "the project's settings expand to more than \(Self.maximumExpandedBytes) bytes in all")
    }

    private func spend(_ counter: inout Int, _ count: Int, limit: Int, _ reason: String) -> Bool {
        guard settingsIncomplete == nil else { return false }
        counter += count
        guard counter <= limit else {
            settingsIncomplete = reason
            report(reason + "; the settings read after that are unknown")
            return false
        }
        return true
    }

    /// Records a problem once (a repeated message is kept once).
    func report(_ problem: String) {
        guard !reported.contains(problem) else { return }
        guard problems.count < Self.maximumProblems else {
            unreported += 1
            return
        }
        reported.insert(problem)
        problems.append(problem)
    }

    /// The problems, with a last line counting those left out.
    var allProblems: [String] {
        unreported == 0 ? problems : problems + ["\(unreported) more problems not listed"]
    }
}
