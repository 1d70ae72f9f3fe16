/// An option taking a value, declared once with its type, help, default and allowed values,
/// and read as that type: `arguments[timeout]` is a `Seconds`, not a string.
///
/// `Option<T>` with a default reads as `T`; `Option<T?>` (no default) reads as `nil` when the
/// option is absent; `Option<[T]>` is repeatable and reads every value given, in order. A value
/// that does not parse is a `UsageError` naming the option and what it expects. Values from a
/// closed set (`allowed`, or a type's `allValueStrings`) are checked while the command line is
/// scanned, as a bare `OptionSpec`'s are.
package struct Option<Value: Sendable>: OptionDeclaration {
    /// The option's declaration, from which the help text and scanning come.
    package let spec: OptionSpec
    /// Reads the typed value from parsed arguments.
    private let read: @Sendable (ParsedArguments) throws(UsageError) -> Value

    private init(spec: OptionSpec, read: @escaping @Sendable (ParsedArguments) throws(UsageError) -> Value) {
        self.spec = spec
        self.read = read
    }

    /// The option's value in `arguments`.
    func value(in arguments: ParsedArguments) throws(UsageError) -> Value {
        try read(arguments)
    }
}

extension Option where Value: ExpressibleByArgument {
    /// Declares an option read as `Value`, which is `default` when the option is absent.
    ///
    /// - Parameters:
    ///   - name: The long name without dashes, e.g. `"format"`.
    ///   - short: An optional short name; `h` is reserved for help.
    ///   - valueName: The value placeholder in help and errors, e.g. `"FORMAT"`.
    ///   - help: The description shown in the help text.
    ///   - allowed: The accepted values in help order, when fewer than the type's; other values are usage errors.
    ///   - defaultValue: The value when the option is absent.
    ///   - showsDefault: Whether the help text appends `default: …` (false when the help prose says it).
    package init(_ name: String, short: Character? = nil, value valueName: String, help: String,
                allowed: [Value]? = nil, default defaultValue: Value, showsDefault: Bool = true) {
        let spec = OptionSpec(name, short: short, value: valueName, help: help, allowed: Self.spellings(allowed),
                              defaultValue: showsDefault ? defaultValue.argumentDescription : nil,
                              suggested: Value.completionValueStrings)
        self.init(spec: spec) { arguments throws(UsageError) in
            guard let text = arguments.given(spec).last else { return defaultValue }
            return try arguments.convert(text, for: spec, expecting: Value.argumentExpectation, Value.init(argument:))
        }
    }

    /// The spellings of `allowed`, or the type's closed set.
    static func spellings(_ allowed: [Value]?) -> [String]? {
        allowed.map { $0.map(\.argumentDescription) } ?? Value.allValueStrings
    }
}

extension Option where Value: BoundedArgument {
    /// Declares an option read as `Value` within `range`, which is `default` when the option is absent.
    ///
    /// - Parameters:
    ///   - name: The long name without dashes, e.g. `"concurrency"`.
    ///   - valueName: The value placeholder in help and errors, e.g. `"N"`.
    ///   - help: The description shown in the help text.
    ///   - defaultValue: The value when the option is absent.
    ///   - range: The accepted values; others are usage errors saying the range.
    package init(_ name: String, value valueName: String, help: String, default defaultValue: Value, in range: ClosedRange<Value>) {
        let spec = OptionSpec(name, value: valueName, help: help, defaultValue: defaultValue.argumentDescription)
        self.init(spec: spec) { arguments throws(UsageError) in
            guard let text = arguments.given(spec).last else { return defaultValue }
            return try arguments.convert(text, for: spec, expecting: Value.argumentExpectation(in: range)) {
                Value(argument: $0).flatMap { range.contains($0) ? $0 : nil }
            }
        }
    }
}

extension Option {
    /// Declares an option without a default, read as `nil` when absent.
    ///
    /// - Parameters:
    ///   - name: The long name without dashes, e.g. `"policy"`.
    ///   - short: An optional short name; `h` is reserved for help.
    ///   - valueName: The value placeholder in help and errors, e.g. `"FILE"`.
    ///   - help: The description shown in the help text.
    ///   - allowed: The accepted values in help order, when fewer than the type's.
    package init<Wrapped: ExpressibleByArgument>(_ name: String, short: Character? = nil, value valueName: String, help: String,
                                                allowed: [Wrapped]? = nil) where Value == Wrapped? {
        let spec = OptionSpec(name, short: short, value: valueName, help: help,
                              allowed: Option<Wrapped>.spellings(allowed), suggested: Wrapped.completionValueStrings)
        self.init(spec: spec) { arguments throws(UsageError) -> Wrapped? in
            guard let text = arguments.given(spec).last else { return nil }
            return try arguments.convert(text, for: spec, expecting: Wrapped.argumentExpectation, Wrapped.init(argument:))
        }
    }

    /// Declares an option without a default whose value must lie in `range`, read as `nil` when absent.
    ///
    /// - Parameters:
    ///   - name: The long name without dashes, e.g. `"port"`.
    ///   - valueName: The value placeholder in help and errors, e.g. `"N"`.
    ///   - help: The description shown in the help text.
    ///   - range: The accepted values; others are usage errors saying the range.
    package init<Wrapped: BoundedArgument>(_ name: String, value valueName: String, help: String,
                                          in range: ClosedRange<Wrapped>) where Value == Wrapped? {
        let spec = OptionSpec(name, value: valueName, help: help)
        self.init(spec: spec) { arguments throws(UsageError) -> Wrapped? in
            guard let text = arguments.given(spec).last else { return nil }
            return try arguments.convert(text, for: spec, expecting: Wrapped.argumentExpectation(in: range)) {
                Wrapped(argument: $0).flatMap { range.contains($0) ? $0 : nil }
            }
        }
    }

    /// Declares a repeatable option, read as every value given in command-line order (empty when absent).
    ///
    /// - Parameters:
    ///   - name: The long name without dashes, e.g. `"ca-file"`.
    ///   - short: An optional short name; `h` is reserved for help.
    ///   - valueName: The value placeholder in help and errors, e.g. `"PEM"`.
    ///   - help: The description shown in the help text.
    ///   - allowed: The accepted values in help order, when fewer than the type's.
    package init<Element: ExpressibleByArgument>(_ name: String, short: Character? = nil, value valueName: String, help: String,
                                                allowed: [Element]? = nil) where Value == [Element] {
        let spec = OptionSpec(name, short: short, value: valueName, help: help,
                              allowed: Option<Element>.spellings(allowed), repeatable: true,
                              suggested: Element.completionValueStrings)
        self.init(spec: spec) { arguments throws(UsageError) -> [Element] in
            var values: [Element] = []
            for text in arguments.given(spec) {
                values.append(try arguments.convert(text, for: spec, expecting: Element.argumentExpectation, Element.init(argument:)))
            }
            return values
        }
    }
}
