import Testing
@testable import ArgumentParsing

@Suite("Positionals")
struct PositionalTests {
    @Test("Fixed positionals bind in order; an omitted optional one is empty")
    func fixed() {
        let args = parsed(["a", "b"], as: Fixtures.copy)
        #expect(args?.positional("SOURCE") == ["a"])
        #expect(args?.positional("DEST") == ["b"])
        #expect(args?.positional("NOTE") == [])
        #expect(parsed(["a", "b", "c"], as: Fixtures.copy)?.positional("NOTE") == ["c"])
    }

    @Test("A variadic positional takes all remaining arguments")
    func variadic() {
        #expect(parsed(["a.pem", "b.pem", "c.pem"])?.positional("FILE") == ["a.pem", "b.pem", "c.pem"])
    }

    @Test("An optional variadic positional may be empty")
    func optionalVariadic() {
        #expect(parsed([], as: Fixtures.list)?.positional("PATTERN") == [])
        #expect(parsed(["x", "y"], as: Fixtures.list)?.positional("PATTERN") == ["x", "y"])
    }

    @Test("A positional with allowed values refuses others and lists them in its help")
    func allowedValues() {
        let spec = CommandSpec(name: "tool completions", abstract: "", options: [],
                               positionals: [PositionalSpec("SHELL", help: "The shell.", allowed: ["bash", "zsh", "fish"])])
        #expect(parsed(["zsh"], as: spec)?.positional("SHELL") == ["zsh"])
        #expect(usageError(["tcsh"], as: spec)?.message == "invalid value 'tcsh' for 'SHELL' (expected bash, zsh, fish)")
        #expect(ArgumentParser.help(for: spec).contains("The shell. (values: bash, zsh, fish)"))
    }

    @Test("A missing required positional is named in the error")
    func missing() {
        #expect(usageError([])?.message == "missing argument 'FILE'")
        #expect(usageError(["--strict"])?.description == "atscheck cert: missing argument 'FILE'")
        #expect(usageError(["a"], as: Fixtures.copy)?.message == "missing argument 'DEST'")
        #expect(usageError([], as: Fixtures.copy)?.message == "missing argument 'SOURCE'")
    }

    @Test("Too many positionals name the first extra one")
    func tooMany() {
        #expect(usageError(["a", "b", "c", "x", "y"], as: Fixtures.copy)?.message == "unexpected argument 'x'")
        #expect(usageError(["a", "b", "c", "x"], as: Fixtures.copy)?.description
                == "tool copy: unexpected argument 'x'")
        let noPositionals = CommandSpec(name: "t", abstract: "", options: [])
        #expect(usageError(["--", "-v"], as: noPositionals)?.message == "unexpected argument '-v'")
    }
}
