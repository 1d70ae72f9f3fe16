import Foundation

let api = "http://kit.atscheck.test/v1"
let secure = "https://kit.atscheck.test/v2"

public final class Client {
    public func items() async throws -> Data {
        try await URLSession.shared.data(from: URL(string: api + "/items")!).0
    }

    public func account() async throws -> Data {
        try await URLSession.shared.data(from: URL(string: secure + "/account")!).0
    }
}
