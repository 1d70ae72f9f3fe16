import AppKit

let appcast = "http://mac.atscheck.test/appcast.xml"

func checkForUpdates() {
    URLSession.shared.dataTask(with: URL(string: appcast)!) { data, _, _ in
        _ = data
    }.resume()
}
