import Foundation

let shared = "http://shared.atscheck.test/"

struct FeedFetcher {
    func fetch() async throws -> Data {
        let (data, _) = try await URLSession.shared.data(from: URL(string: shared)!)
        return data
    }
}
