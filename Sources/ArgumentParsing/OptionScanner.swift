/// Walks a command line once, sorting it into option values, flags and
/// positional arguments according to a `CommandSpec`.
///
/// The scanner does not stop at the first mistake: it records the first error
/// and keeps going, so that `--help` anywhere before `--` still wins over an
/// earlier typo.
struct OptionScanner {
    /// The command being parsed.
    let spec: CommandSpec
    /// Values given for each value-taking option, in order.
    private(set) var givenValues: [String: [String]] = [:]
    /// How many times each declared option was given.
    private(set) var counts: [String: Int] = [:]
    /// Arguments that are not options, in order, to be bound to positionals.
    private(set) var positionals: [String] = []
    /// Whether `--help` or `-h` was seen before `--`.
    private(set) var helpRequested = false
    /// The first mistake found, if any.
    private(set) var firstError: UsageError?

    /// The remaining input and the read position.
    private var arguments: [String] = []
    private var index = 0

    /// Creates a scanner for the given command.
    init(spec: CommandSpec) {
        self.spec = spec
    }

    /// Scans the whole command line.
    mutating func scan(_ arguments: [String]) {
        self.arguments = arguments
        index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded {
                positionals.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument.hasPrefix("--") {
                scanLong(argument)
            } else if argument.hasPrefix("-") && argument != "-" && !looksLikeNegativeNumber(argument) {
                scanShort(argument)
            } else {
                positionals.append(argument)
            }
        }
    }

    // MARK: - Long options

    /// Handles `--name`, `--name value` and `--name=value`.
    private mutating func scanLong(_ argument: String) {
        let body = argument.dropFirst(2)
        let name: String
        let inlineValue: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inlineValue = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
            inlineValue = nil
        }

        if name == BuiltIn.helpName {
            if inlineValue != nil {
                fail(UsageMessage.unexpectedValue("--" + name))
            } else {
                helpRequested = true
            }
            return
        }
        guard let option = spec.option(named: name) else {
            failUnknown(spelling: "--" + name, typed: name)
            return
        }
        apply(option, spelling: option.longSpelling, inlineValue: inlineValue)
    }

    // MARK: - Short options

    /// Handles `-x`, `-x value`, `-x=value`, `-xvalue` and bundles of flags like `-vq`.
    private mutating func scanShort(_ argument: String) {
        let body = Array(argument.dropFirst())

        if let equals = body.firstIndex(of: "=") {
            guard equals == 1 else {
                failUnknown(spelling: String(argument.split(separator: "=", maxSplits: 1)[0]),
                            typed: String(body[..<equals]))
                return
            }
            let value = String(body[(equals + 1)...])
            applyShort(body[0], argument: argument, inlineValue: value)
            return
        }

        // A bundle is only valid if every letter up to the first value-taking
        // option is declared; otherwise the whole token is one unknown option.
        guard isValidBundle(body) else {
            failUnknown(spelling: argument, typed: String(body))
            return
        }
        for (offset, letter) in body.enumerated() {
            if letter == BuiltIn.helpShort {
                helpRequested = true
                continue
            }
            guard let option = spec.option(short: letter) else { continue }
            if option.isFlag {
                record(option, value: nil)
            } else {
                let rest = String(body[(offset + 1)...])
                apply(option, spelling: "-" + String(letter), inlineValue: rest.isEmpty ? nil : rest)
                return
            }
        }
    }

    /// Handles `-x=value`.
    private mutating func applyShort(_ letter: Character, argument: String, inlineValue: String) {
        if letter == BuiltIn.helpShort {
            fail(UsageMessage.unexpectedValue("-" + String(letter)))
        } else if let option = spec.option(short: letter) {
            apply(option, spelling: "-" + String(letter), inlineValue: inlineValue)
        } else {
            failUnknown(spelling: "-" + String(letter), typed: String(letter))
        }
    }

    /// Whether every letter of a bundle, up to the first option that takes a value, is declared.
    private func isValidBundle(_ letters: [Character]) -> Bool {
        for letter in letters {
            if letter == BuiltIn.helpShort { continue }
            guard let option = spec.option(short: letter) else { return false }
            if !option.isFlag { return true }
        }
        return true
    }

    /// Whether the argument is a negative number such as `-5` or `-0.5` and no
    /// declared short option is a digit, so it should be read as a positional.
    private func looksLikeNegativeNumber(_ argument: String) -> Bool {
        let body = argument.dropFirst()
        guard let first = body.first, first.isNumber || first == "." else { return false }
        guard Double(argument) != nil else { return false }
        return !spec.options.contains { $0.short?.isNumber == true }
    }

    // MARK: - Recording

    /// Applies one occurrence of a declared option, reading its value if it needs one.
    private mutating func apply(_ option: OptionSpec, spelling: String, inlineValue: String?) {
        if option.isFlag {
            if inlineValue != nil {
                fail(UsageMessage.unexpectedValue(spelling))
            } else {
                record(option, value: nil)
            }
            return
        }
        guard let value = inlineValue ?? takeNextValue() else {
            fail(UsageMessage.missingValue(option))
            return
        }
        record(option, value: value)
    }

    /// Consumes the next argument as a value. Arguments that start with `-` are
    /// accepted (so `--at -5` works), except `--`, which ends options, and
    /// `--help`/`-h`, which must keep their meaning anywhere before `--`.
    private mutating func takeNextValue() -> String? {
        guard index < arguments.count else { return nil }
        let next = arguments[index]
        guard next != "--", next != "--" + BuiltIn.helpName, next != "-" + String(BuiltIn.helpShort) else {
            return nil
        }
        defer { index += 1 }
        return arguments[index]
    }

    /// Counts one occurrence of the option, checking repetition and allowed values.
    private mutating func record(_ option: OptionSpec, value: String?) {
        counts[option.name, default: 0] += 1
        if counts[option.name, default: 0] > 1 && !option.repeatable {
            fail(UsageMessage.repeated(option))
        }
        guard let value else { return }
        if let allowed = option.allowed, !allowed.contains(value) {
            fail(UsageMessage.invalidValue(value, for: option, allowed: allowed))
        }
        givenValues[option.name, default: []].append(value)
    }

    // MARK: - Errors

    /// Records an unknown option, suggesting the closest declared long name.
    private mutating func failUnknown(spelling: String, typed: String) {
        let candidates = spec.options.map(\.name) + [BuiltIn.helpName]
        let suggestion = EditDistance.suggestion(for: typed, among: candidates).map { "--" + $0 }
        fail(UsageMessage.unknownOption(spelling, suggestion: suggestion))
    }

    /// Records the error unless an earlier one was already found.
    private mutating func fail(_ message: String) {
        if firstError == nil {
            firstError = UsageError(command: spec.name, message: message)
        }
    }
}
