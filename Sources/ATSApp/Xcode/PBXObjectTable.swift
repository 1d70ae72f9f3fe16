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
