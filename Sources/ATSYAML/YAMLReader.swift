import CYAML

/// Reads YAML (pubspec.yaml and the like) through libyaml's event parser into a bounded
/// `YAMLValue` tree. libyaml's pointers never leave this file.
public enum YAMLReader {
    /// Bounds on what one read accepts; each one broken is a `YAMLReadError`.
    public struct Limits: Sendable {
        /// Most bytes of input.
        public var maximumBytes: Int
        /// Deepest nesting of sequences and mappings, aliases included.
        public var maximumDepth: Int
        /// Most nodes, each alias counted as the nodes it copies (billion laughs).
        public var maximumNodes: Int
        /// Most aliases.
        public var maximumAliases: Int
        /// Whether a key repeated in one mapping is an error (``YAMLReadError/duplicateKey(_:firstLine:line:)``)
        /// rather than the first value kept: for files whose every key is a setting, where a
        /// repeated one would silently lose what its second value says.
        public var refusesDuplicateKeys = false

        /// Limits of these values; the defaults are 1 MiB of input, 64 levels, 100,000 nodes and 1,000 aliases.
        public init(maximumBytes: Int = 1 << 20, maximumDepth: Int = 64, maximumNodes: Int = 100_000, maximumAliases: Int = 1_000) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
            self.maximumNodes = maximumNodes
            self.maximumAliases = maximumAliases
        }
    }

    /// The first document of `bytes` (UTF-8, or UTF-16 with a byte-order mark, as libyaml
    /// detects), or nil when the stream holds no document. Later documents are not read.
    public static func read(_ bytes: [UInt8], limits: Limits = Limits()) throws(YAMLReadError) -> YAMLValue? {
        guard bytes.count <= limits.maximumBytes else { throw .tooLarge(bytes: bytes.count, limit: limits.maximumBytes) }
        var builder = YAMLTreeBuilder(limits: limits)
        let failure: YAMLReadError? = bytes.withUnsafeBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) != 0 else { return .malformed("libyaml could not start a parser", line: 0, column: 0) }
            defer { yaml_parser_delete(&parser) }
            // libyaml reads an empty buffer through a null pointer as an empty stream.
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            do throws(YAMLReadError) {
                while try step(&parser, into: &builder) {}
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
        return builder.root
    }

    /// Parses one event into `builder`; false once the first document or the stream ends.
    private static func step(_ parser: inout yaml_parser_t, into builder: inout YAMLTreeBuilder) throws(YAMLReadError) -> Bool {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) != 0 else {
            let message = parser.problem.map { String(cString: $0) } ?? "unknown error"
            throw .malformed(message, line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
        }
        defer { yaml_event_delete(&event) }
        let line = Int(event.start_mark.line) + 1
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(scalar.length)), as: UTF8.self) } ?? ""
            try builder.take(.scalar(text, anchor: name(scalar.anchor)), line: line)
        case YAML_SEQUENCE_START_EVENT:
            try builder.take(.sequenceStart(anchor: name(event.data.sequence_start.anchor)), line: line)
        case YAML_MAPPING_START_EVENT:
            try builder.take(.mappingStart(anchor: name(event.data.mapping_start.anchor)), line: line)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            try builder.take(.collectionEnd, line: line)
        case YAML_ALIAS_EVENT:
            try builder.take(.alias(name(event.data.alias.anchor) ?? ""), line: line)
        case YAML_DOCUMENT_END_EVENT, YAML_STREAM_END_EVENT:
            return false
        default:
            break
        }
        return true
    }

    /// An anchor's name (a NUL-terminated UTF-8 string libyaml owns).
    private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
