import Foundation

let macOnly = "http://maconly.atscheck.test/"

func pingMacService() {
    URLSession.shared.dataTask(with: URL(string: macOnly)!).resume()
}
