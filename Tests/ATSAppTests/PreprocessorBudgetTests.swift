import ATSPolicySources
import Foundation
import Testing

// Hostile Info.plist preprocessor input (issue 43): deep nesting that used to overflow the
// stack, and macro chains that doubled at every step. Each ends in a reported failure (the
// caller makes the policy unknown), on a thread with the 512 KiB stack of a worker thread.
@Suite("Info.plist preprocessing: budgets")
struct PreprocessorBudgetTests {
    static func plist(_ directives: String) -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            \(directives)
            <key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>
            </dict></plist>
            """.utf8)
    }

    /// The preprocessor's failure on `bytes`, run on a thread with a worker thread's stack;
    /// nil when it succeeded.
    static func failure(_ bytes: Data) -> String? {
        final class Box: @unchecked Sendable { var failure: String?; let done = DispatchSemaphore(value: 0) }
        let box = Box()
        let thread = Thread {
            do throws(InfoPlistPreprocessor.Failure) {
                _ = try InfoPlistPreprocessor.preprocess(bytes, definitions: [])
            } catch {
                box.failure = error.description
            }
            box.done.signal()
        }
        thread.stackSize = 512 << 10
        thread.start()
        box.done.wait()
        return box.failure
    }

    @Test("#if with 10,000 '(' or 500,000 '!': refused past 64 levels, no stack overflow")
    func deepNesting() {
        let parentheses = Self.failure(Self.plist("#if " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000) + "\n#endif"))
        #expect(parentheses == "line 3: the #if nests parentheses, operators or macros more than 64 deep", "\(parentheses ?? "nil")")
        let negations = Self.failure(Self.plist("#if " + String(repeating: "!", count: 500_000) + "1\n#endif"))
        #expect(negations?.contains("more than 64 deep") == true, "\(negations ?? "nil")")
        // Within the limit the value is still computed: 60 parentheses, 63 negations (odd: false).
        #expect(Self.failure(Self.plist("#if " + String(repeating: "(", count: 60) + "1" + String(repeating: ")", count: 60) + "\n#endif")) == nil)
        let output = try? InfoPlistPreprocessor.preprocess(Self.plist("#if " + String(repeating: "!", count: 63) + "1\nKEPT\n#endif"), definitions: [])
        #expect(output.map { !String(decoding: $0.bytes, as: UTF8.self).contains("KEPT") } == true)
    }

    @Test("#define Ci (C(i-1)+C(i-1)) to C30 with #if C30: each value evaluated once (2^30 evaluations before), exactly 2^30")
    func doublingCondition() throws {
        let chain = "#define C0 1\n" + (1...30).map { "#define C\($0) (C\($0 - 1)+C\($0 - 1))" }.joined(separator: "\n")
        let output = try InfoPlistPreprocessor.preprocess(Self.plist(chain + "\n#if C30 == 1073741824\nKEPT\n#endif"), definitions: [])
        #expect(String(decoding: output.bytes, as: UTF8.self).contains("KEPT"))
    }

    @Test("#define Mi M(i-1) M(i-1) to M30 used in the text: refused after 100,000 replacements")
    func doublingText() {
        let chain = "#define M0 qq\n" + (1...30).map { "#define M\($0) M\($0 - 1) M\($0 - 1)" }.joined(separator: "\n")
        let failure = Self.failure(Self.plist(chain + "\n<key>K</key><string>M30</string>"))
        #expect(failure == "line 34: more than 100000 macro replacements", "\(failure ?? "nil")")
        // A long but bounded expansion is kept: M10 is 1,024 words.
        let output = try? InfoPlistPreprocessor.preprocess(Self.plist(chain + "\n<key>K</key><string>M10</string>"), definitions: [])
        #expect(output.map { String(decoding: $0.bytes, as: UTF8.self).components(separatedBy: "qq").count - 1 } == 1024)
    }
}
