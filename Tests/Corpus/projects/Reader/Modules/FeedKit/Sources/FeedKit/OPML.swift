import Foundation

let opml = URL(string: "http://feedkit.atscheck.test/opml")!

public func downloadOPML() async throws -> Data {
    let (data, _) = try await URLSession.shared.data(from: opml)
    return data
}
