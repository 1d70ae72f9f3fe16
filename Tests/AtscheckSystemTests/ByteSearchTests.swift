import AtscheckSystem
import Foundation
import Testing

@Suite("ByteSearch: substring test on UTF-8 bytes")
struct ByteSearchTests {
    @Test("agrees with Foundation's contains", arguments: [
        ("ALL:@SECLEVEL=0", "@SECLEVEL="), ("ECDHE-RSA-AES128-GCM-SHA256:AES256", "@SECLEVEL="), ("https://x/", "://"),
        ("host:443", "://"), ("", ""), ("", "a"), ("a", ""), ("abc", "abc"), ("abc", "abcd"), ("aab", "ab"), ("bücher://x", "://"),
        ("ü", "\u{00FC}"), (":/:/://", "://"), ("@SECLEVEL", "@SECLEVEL="),
    ])
    func agrees(text: String, needle: String) {
        #expect(ByteSearch.contains(text, needle) == (needle.isEmpty || text.contains(needle)))
    }
}
