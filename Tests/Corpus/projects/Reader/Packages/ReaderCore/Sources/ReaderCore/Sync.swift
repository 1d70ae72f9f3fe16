import Foundation

let sync = URL(string: "http://core.atscheck.test/sync")!

public func syncNow() {
    URLSession.shared.dataTask(with: sync).resume()
}
