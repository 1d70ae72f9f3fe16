import Foundation

// BlueWallet-style endpoints: a cleartext feed and a TLS API.
let feed = URL(string: "http://feeds.acme-shop.io/rss")!
let api = URL(string: "https://api.acme-shop.io/v1/")!
let help = URL(string: "http://help.acme-shop.io/faq")!

final class ShopClient {
    func refreshFeed() {
        URLSession.shared.dataTask(with: feed) { data, _, _ in
            _ = data
        }.resume()
    }

    func showHelp() {
        UIApplication.shared.open(help)
    }

    func products() async throws -> Data {
        let (data, _) = try await URLSession.shared.data(from: api.appendingPathComponent("products"))
        return data
    }
}
