import Testing
@testable import ArgumentParsing

@Suite("Error messages")
struct ErrorMessageTests {
    @Test("Unknown option suggests a close long name")
    func unknownWithSuggestion() {
        let error = usageError(["--hots", "x.pem"])
        #expect(error?.message == "unknown option '--hots' (did you mean '--host'?)")
        #expect(error?.description == "atscheck cert: unknown option '--hots' (did you mean '--host'?)")
        #expect(error?.command == "atscheck cert")
    }

    @Test("Did-you-mean cases", arguments: [
        ("--fromat", "unknown option '--fromat' (did you mean '--format'?)"),   // distance 2
        ("--form", "unknown option '--form' (did you mean '--format'?)"),       // prefix
        ("--verbosely", "unknown option '--verbosely' (did you mean '--verbose'?)"), // declared name is a prefix
        ("--cafile", "unknown option '--cafile' (did you mean '--ca-file'?)"),
        ("--hlep", "unknown option '--hlep' (did you mean '--help'?)"),
        ("--hots=a", "unknown option '--hots' (did you mean '--host'?)"),
        ("-host", "unknown option '-host' (did you mean '--host'?)"),
        ("--colour", "unknown option '--colour'"),
        ("--xyz", "unknown option '--xyz'"),
        ("-x", "unknown option '-x'"),
        ("-vx", "unknown option '-vx'"),
        ("-x=1", "unknown option '-x'"),
    ])
    func unknownOptions(_ argument: String, _ message: String) {
        #expect(usageError([argument, "x.pem"])?.message == message)
    }

    @Test("Missing value names the option and its placeholder", arguments: [
        ["x.pem", "--host"], ["x.pem", "-H"], ["--host", "--", "x.pem"], ["x.pem", "-qH"],
    ])
    func missingValue(_ arguments: [String]) {
        let error = usageError(arguments)
        #expect(error?.message == "option '--host' needs a value (NAME)")
        #expect(error?.description == "atscheck cert: option '--host' needs a value (NAME)")
    }

    @Test("A flag given a value is an error")
    func flagWithValue() {
        #expect(usageError(["--strict=yes", "x.pem"])?.message == "option '--strict' does not take a value")
        #expect(usageError(["-q=1", "x.pem"])?.message == "option '-q' does not take a value")
    }

    @Test("A non-repeatable option given twice is an error", arguments: [
        (["--host", "a", "--host", "b", "x.pem"], "option '--host' may only be given once"),
        (["-H", "a", "--host=b", "x.pem"], "option '--host' may only be given once"),
        (["--strict", "--strict", "x.pem"], "option '--strict' may only be given once"),
        (["-qq", "x.pem"], "option '--quiet' may only be given once"),
    ])
    func repeated(_ arguments: [String], _ message: String) {
        #expect(usageError(arguments)?.message == message)
    }

    @Test("A value outside the allowed set lists the allowed values")
    func notAllowed() {
        let error = usageError(["--format", "yaml", "x.pem"])
        #expect(error?.message == "invalid value 'yaml' for '--format' (expected text, json)")
        #expect(error?.description == "atscheck cert: invalid value 'yaml' for '--format' (expected text, json)")
        #expect(usageError(["-f=JSON", "x.pem"])?.message == "invalid value 'JSON' for '--format' (expected text, json)")
    }

    @Test("The first mistake on the line is reported")
    func firstErrorWins() {
        #expect(usageError(["--format", "yaml", "--hots", "x.pem"])?.message
                == "invalid value 'yaml' for '--format' (expected text, json)")
        #expect(usageError(["--nope"])?.message == "unknown option '--nope'")
    }

    @Test("Errors are single lines and carry a hint")
    func singleLine() {
        let error = usageError(["--hots"])
        #expect(error?.description.contains("\n") == false)
        #expect(error?.hint == "See 'atscheck cert --help'.")
        #expect(UsageError(command: "", message: "bad").description == "bad")
    }
}
