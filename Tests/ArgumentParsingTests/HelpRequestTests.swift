import Testing
@testable import ArgumentParsing

@Suite("Help requests")
struct HelpRequestTests {
    @Test("--help and -h anywhere before '--' yield the command's help",
          arguments: [["--help"], ["-h"], ["x.pem", "--help"], ["--strict", "-h", "x.pem"], ["-vh"]])
    func helpAnywhere(_ arguments: [String]) {
        #expect(helpText(arguments) == ArgumentParser.help(for: Fixtures.cert))
    }

    @Test("Help wins over mistakes elsewhere on the line",
          arguments: [["--hots", "--help"], ["--format", "yaml", "-h"], ["--host", "x", "--help"], ["-h", "--strict=1"]])
    func helpWinsOverErrors(_ arguments: [String]) {
        #expect(helpText(arguments) != nil)
    }

    @Test("--help and -h are never swallowed as an option's value", arguments: ["--help", "-h"])
    func helpIsNotAValue(_ help: String) {
        #expect(helpText(["--host", help, "x.pem"]) != nil)
        #expect(helpText(["x.pem", "-H", help]) != nil)
    }

    @Test("Help does not need the required positionals")
    func helpWithoutPositionals() {
        #expect(helpText(["-h"], as: Fixtures.copy) == ArgumentParser.help(for: Fixtures.copy))
    }

    @Test("After '--', --help is an ordinary positional")
    func helpAfterDoubleDash() {
        #expect(parsed(["--", "--help", "-h"])?.positional("FILE") == ["--help", "-h"])
    }

    @Test("--help takes no value")
    func helpWithValue() {
        #expect(usageError(["--help=yes"])?.message == "option '--help' does not take a value")
        #expect(usageError(["-h=yes"])?.message == "option '-h' does not take a value")
    }
}
