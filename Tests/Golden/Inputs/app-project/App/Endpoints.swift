import Foundation

// BlueWallet-style endpoints: a cleartext feed and a TLS API.
let feed = URL(string: "http://feeds.acme-shop.io/rss")!
let api = URL(string: "https://api.acme-shop.io/v1/")!
