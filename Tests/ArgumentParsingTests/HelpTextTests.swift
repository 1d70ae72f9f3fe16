import Testing
@testable import ArgumentParsing

@Suite("Help text")
struct HelpTextTests {
    let help = ArgumentParser.help(for: Fixtures.cert)

    @Test("Usage line, abstract and discussion")
    func header() {
        #expect(help.contains("USAGE: atscheck cert [options] FILE...\n"))
        #expect(ArgumentParser.usage(for: Fixtures.cert) == "USAGE: atscheck cert [options] FILE...")
        #expect(ArgumentParser.usage(for: Fixtures.copy) == "USAGE: tool copy [options] SOURCE DEST [NOTE]")
        #expect(ArgumentParser.usage(for: Fixtures.list) == "USAGE: tool list [options] [PATTERN...]")
        #expect(help.hasPrefix("OVERVIEW: Check certificate files against App Transport Security rules.\n"))
        #expect(help.contains("Each FILE may hold one certificate or a whole chain, in PEM or DER form."))
        #expect(help.contains("Exit status is 0 when every check passes"))
    }

    @Test("Sections appear in order")
    func sections() throws {
        let order = ["OVERVIEW:", "Each FILE", "USAGE:", "ARGUMENTS:", "OPTIONS:", "EXAMPLES:"]
        let positions = try order.map { try #require(help.firstRange(of: $0)).lowerBound }
        #expect(positions == positions.sorted())
    }

    @Test("Every option is listed with its label and help", arguments: Fixtures.cert.options)
    func optionListed(_ option: OptionSpec) {
        let line = help.split(separator: "\n").first { $0.contains(option.longSpelling + " ") || $0.hasSuffix(option.longSpelling) }
        #expect(line?.contains(HelpFormatter.label(for: option)) == true)
        let flattened = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flattened.contains(HelpFormatter.text(for: option)))
        #expect(flattened.contains(option.help))
    }

    @Test("Defaults, allowed values and repeatability are shown")
    func annotations() {
        let flattened = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flattened.contains("-H, --host <NAME> Host name the leaf certificate must match. (default: localhost)"))
        #expect(flattened.contains("-f, --format <FORMAT> Output format. (values: text, json; default: text)"))
        #expect(flattened.contains("--ca-file <PEM> Extra trusted root certificates. (may be repeated)"))
        #expect(flattened.contains("-h, --help Show help information."))
        #expect(help.contains("  FILE...  "))
        #expect(help.contains("Certificate files to check."))
    }

    @Test("Examples are listed, indented")
    func examples() {
        #expect(help.contains("EXAMPLES:\n  atscheck cert leaf.pem\n  atscheck cert --host example.com --format json chain.pem"))
    }

    @Test("Descriptions start in one aligned column")
    func alignment() {
        let lines = help.split(separator: "\n")
        let columns = ["Host name the leaf", "Output format.", "Extra trusted", "Show help information.",
                       "Certificate files to check."].compactMap { text in
            lines.first { $0.contains(text) }.flatMap { line in line.firstRange(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) } }
        }
        #expect(columns.count == 5)
        #expect(Set(columns).count == 1)
    }

    @Test("The full help of a small command")
    func snapshot() {
        let spec = CommandSpec(
            name: "tool copy",
            abstract: "Copy a thing.",
            options: [
                OptionSpec("force", help: "Overwrite."),
                OptionSpec("mode", short: "m", value: "MODE", help: "How.", allowed: ["a", "b"], defaultValue: "a"),
            ],
            positionals: [PositionalSpec("SOURCE", help: "What."), PositionalSpec("NOTE", help: "A note.", optional: true)],
            examples: ["tool copy x"]
        )
        #expect(ArgumentParser.help(for: spec) == """
            OVERVIEW: Copy a thing.

            USAGE: tool copy [options] SOURCE [NOTE]

            ARGUMENTS:
              SOURCE             What.
              NOTE               A note. (optional)

            OPTIONS:
                  --force        Overwrite.
              -m, --mode <MODE>  How. (values: a, b; default: a)
              -h, --help         Show help information.

            EXAMPLES:
              tool copy x
            """)
    }

    /// A command whose every text is long enough to need wrapping.
    static let wordy = CommandSpec(
        name: "atscheck server-with-a-long-name",
        abstract: "Connect to a server, complete a TLS handshake, and check every certificate, protocol version and cipher suite it presents against the App Transport Security rules.",
        discussion: """
            This discussion has a single very long line that must be wrapped because it goes on and on well past the eightieth column of any reasonable terminal.
              An indented line that is also long enough that it must be wrapped, keeping its two-space indentation on each continuation.
            https://developer.apple.com/documentation/bundleresources/information_property_list/nsapptransportsecurity/nsexceptiondomains
            """,
        options: [
            OptionSpec("minimum-tls-version-to-accept-from-the-server", value: "VERSION",
                       help: "The lowest TLS protocol version that will be accepted before the check is reported as a failure.",
                       allowed: ["1.0", "1.1", "1.2", "1.3"], defaultValue: "1.2"),
            OptionSpec("host", short: "H", value: "NAME",
                       help: "The host name to connect to and to match against the subject alternative names of the leaf certificate that the server presents.",
                       defaultValue: "localhost.localdomain.example.invalid"),
            OptionSpec("x", help: ""),
        ],
        positionals: [PositionalSpec("PORT", help: "TCP port numbers to connect to, one handshake per port, in the order given on the command line.", variadic: true, optional: true)],
        examples: ["atscheck server-with-a-long-name --host www.example.com --minimum-tls-version-to-accept-from-the-server 1.3 443 8443"]
    )

    @Test("No line is longer than 80 columns", arguments: [Fixtures.cert, Fixtures.copy, Fixtures.list, wordy])
    func wrapsAt80(_ spec: CommandSpec) {
        for line in ArgumentParser.help(for: spec).split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "too long: \(line)")
            #expect(line.last?.isWhitespace != true, "trailing whitespace: '\(line)'")
        }
    }

    @Test("Wrapping keeps every word and continues under the description column")
    func wrappingKeepsContent() {
        let text = ArgumentParser.help(for: Self.wordy)
        let flattened = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flattened.contains("The host name to connect to and to match against the subject alternative names of the leaf certificate that the server presents. (default: localhost.localdomain.example.invalid)"))
        #expect(flattened.contains("goes on and on well past the eightieth column of any reasonable terminal."))
        #expect(text.contains("\n  An indented line"))
        #expect(text.contains("\n  two-space indentation on each continuation.\n"))
        #expect(text.contains("--minimum-tls-version-to-accept-from-the-server <VERSION>\n"))
        let lines = text.split(separator: "\n")
        let hostLine = lines.firstIndex { $0.hasPrefix("  -H, --host <NAME>") }
        #expect(hostLine != nil)
        if let hostLine {
            let column = lines[hostLine].firstRange(of: "The host")
                .map { lines[hostLine].distance(from: lines[hostLine].startIndex, to: $0.lowerBound) }
            let next = lines[hostLine + 1]
            #expect(column != nil)
            #expect(next.prefix { $0 == " " }.count == column)
        }
    }

    @Test("Help of a command with no positionals has no ARGUMENTS section")
    func noArguments() {
        let text = ArgumentParser.help(for: CommandSpec(name: "t", abstract: "A.", options: []))
        #expect(!text.contains("ARGUMENTS:"))
        #expect(text.contains("USAGE: t [options]"))
        #expect(text.contains("-h, --help"))
    }
}
