import ATSWhy
import Testing

/// Every decoder case of the reference, decoded from its input as written.
@Suite("atscheck why: the reference's decoder cases")
struct DecoderCaseTests {
    @Test("each case decodes to one error with its codes, ATS reading, ranked reasons and command", arguments: DecoderCase.all)
    func decodes(_ example: DecoderCase) throws {
        let errors = WhyScanner.decode(example.input)
        #expect(errors.count == 1, "\(example.id): \(errors.count) errors")
        let error = try #require(errors.first)
        for expected in example.codes {
            let found = error.codes.first { $0.domain == expected.domain && $0.code == expected.code }
            #expect(found?.symbol == expected.symbol, "\(example.id): \(expected.domain) \(expected.code) in \(error.codes)")
        }
        #expect(error.atsEnforced.rawValue == example.atsEnforced, "\(example.id)")
        let reasons = error.causes.map(\.reason)
        #expect(Array(reasons.prefix(example.reasons.count)) == example.reasons, "\(example.id): \(reasons)")
        if example.reasons.isEmpty { #expect(reasons.isEmpty, "\(example.id): \(reasons)") }
        switch example.command {
        case let .exactly(command): #expect(error.command == command, "\(example.id)")
        case let .startingWith(prefix): #expect(error.command?.hasPrefix(prefix) == true, "\(example.id): \(error.command ?? "nil")")
        case nil: #expect(error.command == nil, "\(example.id): \(error.command ?? "nil")")
        }
        #expect((error.notATS != nil) == example.notATS, "\(example.id): \(error.notATS ?? "nil")")
        #expect(error.firstLine >= 1 && error.lastLine >= error.firstLine)
    }

    @Test("the reference's 24 cases are all here")
    func allCases() {
        #expect(DecoderCase.all.count == 24)
        #expect(Set(DecoderCase.all.map(\.id)).count == 24)
    }
}
