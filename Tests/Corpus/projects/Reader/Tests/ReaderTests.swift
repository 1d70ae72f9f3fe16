import XCTest

let stub = "http://stub.atscheck.test/"

final class ReaderTests: XCTestCase {
    func testStubServer() throws {
        let data = try Data(contentsOf: URL(string: stub)!)
        XCTAssertFalse(data.isEmpty)
    }
}
