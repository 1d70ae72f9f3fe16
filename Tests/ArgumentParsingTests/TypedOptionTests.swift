import Testing
@testable import ArgumentParsing

/// A closed set of values, spelt as its raw values.
private enum Shade: String, CaseIterable, ExpressibleByArgument {
    case red, green, blue
}

/// An open set of values with its own wording for errors: `W×H`.
private struct Size: ExpressibleByArgument, Equatable {
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else { return nil }
        self.init(width: width, height: height)
    }

    static let argumentExpectation = "WxH, e.g. 80x24"

    var argumentDescription: String { "\(width)x\(height)" }
}

/// A command declared with typed options, as the atscheck commands declare theirs.
private enum Paint {
    static let jobs = Option<Int>("jobs", value: "N", help: "Workers.", default: 4, in: 1...16)
    static let shade = Option<Shade>("shade", value: "SHADE", help: "Colour.", allowed: [.red, .green], default: .red)
    static let size = Option<Size?>("size", short: "s", value: "WxH", help: "Canvas size.")
    static let layers = Option<[Shade]>("layer", value: "SHADE", help: "Layers, bottom first.")
    static let port = Option<UInt16?>("port", value: "N", help: "Port.", in: 1...65535)
    static let canvas = Option<Size>("canvas", value: "WxH", help: "Canvas (the default is said in prose).",
                                     default: Size(width: 80, height: 24), showsDefault: false)
    static let dryRun = Flag("dry-run", short: "n", help: "Plan only.")
    static let files = PositionalSpec("FILE", help: "Pictures.", variadic: true, optional: true)

    static let spec = CommandSpec(name: "tool paint", abstract: "Paint.",
                                  options: [jobs, shade, size, layers, port, canvas, dryRun], positionals: [files])

    /// The arguments, or the usage error's one-line description.
    static func parse(_ arguments: [String]) -> Result<ParsedArguments, UsageError> {
        do throws(UsageError) {
            guard case .arguments(let parsed) = try ArgumentParser.parse(arguments, as: spec) else {
                Issue.record("unexpected help")
                return .failure(UsageError(command: "", message: "help"))
            }
            return .success(parsed)
        } catch {
            return .failure(error)
        }
    }

    /// The error thrown while reading `option` from `arguments`, if any.
    static func readError<Value>(_ arguments: [String], _ option: Option<Value>) -> String? {
        guard case .success(let parsed) = parse(arguments) else { return nil }
        do throws(UsageError) {
            _ = try parsed[option]
            return nil
        } catch {
            return error.description
        }
    }
}

@Suite("Typed options")
struct TypedOptionTests {
    @Test("Absent options read as their declared defaults, nil, [] or false")
    func defaults() throws {
        let arguments = try Paint.parse([]).get()
        #expect(try arguments[Paint.jobs] == 4)
        #expect(try arguments[Paint.shade] == .red)
        #expect(try arguments[Paint.size] == nil)
        #expect(try arguments[Paint.layers] == [])
        #expect(try arguments[Paint.port] == nil)
        #expect(try arguments[Paint.canvas] == Size(width: 80, height: 24))
        #expect(arguments[Paint.dryRun] == false)
        #expect(arguments[Paint.files] == [])
        #expect(!arguments.isGiven(Paint.jobs))
    }

    @Test("Given values are read as their types")
    func typedValues() throws {
        let arguments = try Paint.parse(["--jobs", "16", "--shade=green", "-s", "10x20", "--port", "8443", "-n",
                                         "--canvas", "1x1", "a.png", "b.png"]).get()
        #expect(try arguments[Paint.jobs] == 16)
        #expect(try arguments[Paint.shade] == .green)
        #expect(try arguments[Paint.size] == Size(width: 10, height: 20))
        #expect(try arguments[Paint.port] == 8443)
        #expect(try arguments[Paint.canvas] == Size(width: 1, height: 1))
        #expect(arguments[Paint.dryRun])
        #expect(arguments[Paint.files] == ["a.png", "b.png"])
        #expect(arguments.isGiven(Paint.jobs) && arguments.isGiven(Paint.dryRun))
    }

    @Test("Help and the string view come from the same declaration: default, allowed values, repeatable")
    func helpFromDeclaration() throws {
        let help = ArgumentParser.help(for: Paint.spec)
        #expect(help.contains("Workers. (default: 4)"))
        #expect(help.contains("Colour. (values: red, green; default: red)"))
        #expect(help.contains("Layers, bottom first. (values: red, green, blue; may be\n                       repeated)"))
        #expect(help.contains("-s, --size <WxH>"))
        #expect(help.contains("Canvas (the default is said in prose).\n"))
        let arguments = try Paint.parse([]).get()
        #expect(arguments.value("jobs") == "4")
        #expect(arguments.value("canvas") == nil)
    }

    @Test("A value that does not parse names the option and what it expects",
          arguments: [
              (["--jobs", "many"], "tool paint: invalid value 'many' for '--jobs' (expected 1-16)"),
              (["--jobs", "17"], "tool paint: invalid value '17' for '--jobs' (expected 1-16)"),
              (["--jobs", "0"], "tool paint: invalid value '0' for '--jobs' (expected 1-16)"),
              (["--size", "10"], "tool paint: invalid value '10' for '--size' (expected WxH, e.g. 80x24)"),
              (["--port", "0"], "tool paint: invalid value '0' for '--port' (expected 1-65535)"),
              (["--port", "65536"], "tool paint: invalid value '65536' for '--port' (expected 1-65535)"),
          ])
    func badValues(_ arguments: [String], _ message: String) {
        let option = arguments[0]
        let error: String? = switch option {
        case "--jobs": Paint.readError(arguments, Paint.jobs)
        case "--size": Paint.readError(arguments, Paint.size)
        default: Paint.readError(arguments, Paint.port)
        }
        #expect(error == message)
    }

    @Test("A value outside a declared subset is refused while scanning, listing that subset")
    func allowedSubset() {
        guard case .failure(let error) = Paint.parse(["--shade", "blue"]) else {
            Issue.record("blue is not among the allowed shades")
            return
        }
        #expect(error.description == "tool paint: invalid value 'blue' for '--shade' (expected red, green)")
        guard case .failure(let layer) = Paint.parse(["--layer", "red", "--layer", "mauve"]) else {
            Issue.record("mauve is not a shade")
            return
        }
        #expect(layer.description == "tool paint: invalid value 'mauve' for '--layer' (expected red, green, blue)")
        #expect(throws: Never.self) { try ArgumentParser.parse(["--shade", "blue", "--help"], as: Paint.spec) }
    }

    @Test("A repeatable option reads every value in order; a single-valued one given twice is an error")
    func repetition() throws {
        let arguments = try Paint.parse(["--layer", "blue", "--layer=red", "--layer", "blue"]).get()
        #expect(try arguments[Paint.layers] == [.blue, .red, .blue])
        guard case .failure(let error) = Paint.parse(["--jobs", "2", "--jobs", "3"]) else {
            Issue.record("--jobs is not repeatable")
            return
        }
        #expect(error.description == "tool paint: option '--jobs' may only be given once")
    }

    @Test("Unknown and misspelt options and flags are suggested from the typed declarations",
          arguments: [
              (["--dryrun"], "tool paint: unknown option '--dryrun' (did you mean '--dry-run'?)"),
              (["--job", "2"], "tool paint: unknown option '--job' (did you mean '--jobs'?)"),
              (["--colour", "red"], "tool paint: unknown option '--colour'"),
              (["--dry-run=yes"], "tool paint: option '--dry-run' does not take a value"),
          ])
    func unknownOptions(_ arguments: [String], _ message: String) {
        guard case .failure(let error) = Paint.parse(arguments) else {
            Issue.record("\(arguments) should not parse")
            return
        }
        #expect(error.description == message)
    }

    @Test("A typed declaration renders the same help as the bare specification it replaces")
    func sameHelpAsBareSpecs() {
        let bare = CommandSpec(name: "tool paint", abstract: "Paint.", options: [
            OptionSpec("jobs", value: "N", help: "Workers.", defaultValue: "4"),
            OptionSpec("shade", value: "SHADE", help: "Colour.", allowed: ["red", "green"], defaultValue: "red"),
            OptionSpec("size", short: "s", value: "WxH", help: "Canvas size."),
            OptionSpec("layer", value: "SHADE", help: "Layers, bottom first.", allowed: ["red", "green", "blue"], repeatable: true),
            OptionSpec("port", value: "N", help: "Port."),
            OptionSpec("canvas", value: "WxH", help: "Canvas (the default is said in prose)."),
            OptionSpec("dry-run", short: "n", help: "Plan only."),
        ], positionals: [Paint.files])
        #expect(ArgumentParser.help(for: bare) == ArgumentParser.help(for: Paint.spec))
    }
}
