import Testing
@testable import ArgumentParsing

@Suite("Options")
struct OptionParsingTests {
    @Test("--name value and --name=value")
    func longForms() {
        #expect(parsed(["--host", "a.example", "x.pem"])?.value("host") == "a.example")
        #expect(parsed(["--host=b.example", "x.pem"])?.value("host") == "b.example")
        #expect(parsed(["--host=c=d", "x.pem"])?.value("host") == "c=d")
        #expect(parsed(["--host=", "x.pem"])?.value("host") == "")
    }

    @Test("Short forms: -H value, -H=value, -Hvalue")
    func shortForms() {
        #expect(parsed(["-H", "a.example", "x.pem"])?.value("host") == "a.example")
        #expect(parsed(["-H=b.example", "x.pem"])?.value("host") == "b.example")
        #expect(parsed(["-Hc.example", "x.pem"])?.value("host") == "c.example")
    }

    @Test("Bundled short flags, optionally ending in a value option")
    func bundles() {
        let flags = parsed(["-vq", "x.pem"])
        #expect(flags?.flag("verbose") == true)
        #expect(flags?.flag("quiet") == true)
        let withValue = parsed(["-qf", "json", "x.pem"])
        #expect(withValue?.flag("quiet") == true)
        #expect(withValue?.value("format") == "json")
        #expect(parsed(["-qfjson", "x.pem"])?.value("format") == "json")
    }

    @Test("Flags are false unless given")
    func flags() {
        let args = parsed(["--strict", "x.pem"])
        #expect(args?.flag("strict") == true)
        #expect(args?.flag("quiet") == false)
        #expect(args?.value("strict") == nil)
    }

    @Test("Defaults apply when an option is absent")
    func defaults() {
        let args = parsed(["x.pem"])
        #expect(args?.value("host") == "localhost")
        #expect(args?.value("format") == "text")
        #expect(args?.values("format") == ["text"])
        #expect(args?.value("at") == nil)
        #expect(args?.values("ca-file") == [])
        #expect(args?.flag("host") == false)
    }

    @Test("A given value replaces the default and marks the option as given")
    func givenOverridesDefault() {
        let args = parsed(["--format", "json", "x.pem"])
        #expect(args?.value("format") == "json")
        #expect(args?.values("format") == ["json"])
        #expect(args?.flag("format") == true)
    }

    @Test("Repeatable options collect values in order; value() is the last")
    func repeatable() {
        let args = parsed(["--ca-file", "a.pem", "x.pem", "--ca-file=b.pem", "--ca-file", "c.pem"])
        #expect(args?.values("ca-file") == ["a.pem", "b.pem", "c.pem"])
        #expect(args?.value("ca-file") == "c.pem")
        #expect(args?.positional("FILE") == ["x.pem"])
    }

    @Test("Repeatable flags count occurrences")
    func repeatableFlag() {
        let args = parsed(["-v", "--verbose", "-vv", "x.pem"])
        #expect(args?.occurrences("verbose") == 4)
        #expect(args?.flag("verbose") == true)
        #expect(args?.occurrences("quiet") == 0)
    }

    @Test("A value starting with '-' is accepted when the option needs one",
          arguments: [["--at", "-5"], ["--at=-5"], ["--at", "-1h"]])
    func dashValues(_ prefix: [String]) {
        #expect(parsed(prefix + ["x.pem"])?.value("at")?.hasPrefix("-") == true)
    }

    @Test("Option-looking values are taken literally")
    func optionLookingValue() {
        let args = parsed(["--host", "--strict", "x.pem"])
        #expect(args?.value("host") == "--strict")
        #expect(args?.flag("strict") == false)
    }

    @Test("'-' alone and negative numbers are positionals")
    func dashPositionals() {
        #expect(parsed(["-", "-5", "-0.5"])?.positional("FILE") == ["-", "-5", "-0.5"])
    }

    @Test("Options and positionals may be interleaved")
    func interleaved() {
        let args = parsed(["a.pem", "--strict", "b.pem", "-H", "h", "c.pem"])
        #expect(args?.positional("FILE") == ["a.pem", "b.pem", "c.pem"])
        #expect(args?.flag("strict") == true)
        #expect(args?.value("host") == "h")
    }

    @Test("'--' ends options; everything after is positional")
    func doubleDash() {
        let args = parsed(["--strict", "--", "--host", "-v", "--", "--help"])
        #expect(args?.positional("FILE") == ["--host", "-v", "--", "--help"])
        #expect(args?.flag("strict") == true)
        #expect(args?.flag("verbose") == false)
        #expect(args?.value("host") == "localhost")
    }

    @Test("Parsed arguments remember their spec")
    func spec() {
        #expect(parsed(["x.pem"])?.spec.name == "atscheck cert")
    }
}
